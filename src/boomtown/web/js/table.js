// The table page: one websocket, the seat's view rendered as a board, actions by clicking.
//
// Clicks map to actions through the actions' targets, never their texts: a board renderer
// tags each thing it draws with its id (`data-id="card:saloon@hand"`, the ids the view uses),
// and a click on a thing offers the legal actions whose first target it is. Every thing with
// a catalogued id explains itself on hover and on tap (its catalogue entry); reconstructed
// entries are marked.
//
// A board module (render/GAME.js) exports `render(ctx)` returning a DOM node. `ctx` holds:
//   msg          the state message (see docs/server.md); view = msg.view, state = view.state
//   seat, role   this client's seat (or null) and role ("seat", "spectator", "table")
//   legal        the legal actions this client may take now ([{id, text, kind, targets, cost}])
//   seatName(s)  a seat's name;  seatColour(s): its colour (CSS colour string)
//   clickable(node, actions)  make node take those actions on click (a menu when several)
//   act(id)      take an action;  targeting(id): legal actions whose first target is id
//   entryOf(id)  the catalogue entry of a board id (its "@place" dropped), or null
//   lastMoves    [{seat, text: [lines], targets: [ids]}], each seat's last move this client
//                knows of, the most recent first (the table page highlights the targets'
//                [data-id] nodes itself, with class "last-move" and --move-colour)
//   subjects     the prompt's subjects (ids the current decision is about; highlighted too)
//   log          [{text, seat}]: the log as this client reads it (seat: whose step wrote the
//                line, -1 chance, null set-up), for boards that show a story (a fight's volleys)
//   plan(steps)  take several decisions with one click: the first step now, each next one when
//                this client's next decision arrives and the step is legal there (see "plans");
//                a candidate given to clickable() with a `plan` takes its plan instead of its id
//
// A game's board is declared by its ruleset (`Ruleset.web_board`; `/api/rulesets` gives each
// game's `board`): an ES module in the game's folder exporting `render(ctx)`, its stylesheet
// (loaded with it), optionally the game's own seat colours (`colours`, by seat) and `narrow`.
// A game without one gets the readable JSON tree.
//
// Narrowing, for boards whose actions name several things (the board's `narrow: true`):
// instead of the first-target rule, a click on a board thing keeps the legal actions that
// have its id among their targets. One left: it is taken. Several: each keeps its first
// target not picked yet as "what comes next"; a next target they all share is picked by
// itself; the possible next targets are highlighted on the board (class `narrow-next`, the
// picked ones `narrow-picked`, the board `narrowing`) and offered by name in a small
// chooser, which also lists the actions the board can no longer tell apart (the amounts). A
// click on a highlighted thing narrows on (one on another target of the remaining actions
// too), on any other board thing starts over from it; Esc, a click elsewhere or cancel stop.
// So Way Out West's "move cowboys" is four clicks: the box, the town to leave, the town to go
// to, then how many. On touch a single remaining action is confirmed in the chooser (a tap
// explains before it acts). A board's own buttons (`button`, `input`) are left alone.
//
// Hints and the review (js/learn.js): with hints on for this seat, the Hint button (key h)
// asks the server for the strong bot's suggestion for the current decision; the answer
// (for this client alone) shows the suggestion and the next best moves, and the move chosen
// in the panel is highlighted on the board (class `hinted` on its targets' [data-id] nodes
// and its button in the list). A hint answers the decision it was asked for and goes away
// when the decision changes. After the game, "Review my game" opens the review.
import { api, el, remember, toast } from "./api.js";
import { hintPanel, reviewCard } from "./learn.js";
import { renderGeneric } from "./render/generic.js";

/** The narrowing chooser names the next things as buttons when there are at most this many,
 * and lists at most this many actions before a "more" button. */
const NARROW_NAMES = 8;
const NARROW_LIST = 12;
/** More legal actions than this, and the plain list is grouped by kind under headings. */
export const GROUP_OVER = 12;
/** A last move that wrote more lines than this is shortened (the log has them all). */
const LAST_MOVE_LINES = 3;
/** How long a typed digit waits for a second one (when a two-digit number is possible). */
const DIGIT_WAIT_MS = 700;
/** The `req` of a hint message starts so (its answer and refusals are told apart by it). */
const HINT_REQ = "hint-";
/** How often the review is asked for again while the server computes it. */
const REVIEW_POLL_MS = 1500;
/** Seat colours, by seat index (a board may use its game's own colours instead). */
export const SEAT_COLOURS = ["#c0392b", "#2c6fbb", "#2f7d32", "#8e44ad", "#d68910", "#16a085", "#6d4c41", "#c2185b"];
const SETTINGS_KEY = "boomtown.settings";
/** Per-person settings, kept in this browser. */
const DEFAULT_SETTINGS = { confirmForced: false, sound: false, notify: false };

// {game, render, colours, narrow} once the board its ruleset declares has loaded (the generic
// tree, no colours of its own and no narrowing, when it declares none or fails to load)
let board = null;
let boardLoading = null;

async function loadBoard(game) {
  if (boardLoading === game) return;
  boardLoading = game;
  let spec = null;
  try {
    const data = await api("/api/rulesets");
    spec = (data.games || []).find((g) => g.id === game)?.board || null;
  } catch (error) {
    console.error(error);  // no board then: the tree
  }
  const generic = { game, render: renderGeneric, colours: [], narrow: false };
  if (!spec) {
    board = generic;
    if (last) render();
    return;
  }
  // the board is first drawn once its stylesheet is there (unstyled, it could widen the page)
  const link = el("link", { rel: "stylesheet", href: spec.css });
  const styled = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.append(link);
  try {
    const module = await import(spec.module);
    await styled;
    board = { game, render: module.render, colours: spec.colours || [], narrow: Boolean(spec.narrow) };
  } catch (error) {
    console.error(error);
    board = generic;
  }
  if (last) render();
}

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = decodeURIComponent(location.hash.slice(1));
let socket = null;
let last = null;          // the last state message
let log = [];             // the log as this seat reads it
let logActors = [];       // who took the step that wrote each line (seat, -1 chance, null)
let logShown = { count: -1, filter: null, names: "" };  // what the log list shows
let backoff = 500;
let reqCounter = 0;
let pending = null;       // {req, action, decision} of the decision in flight
let queued = null;        // {action, decision}: a click made while disconnected
let opened = false;
let fatal = false;        // the link does not open a game: stop reconnecting
let catalogue = null;     // id -> entry of the game's catalogue (fetched once)
let catalogueGame = null;
let autoTaken = null;     // decision nonce of the forced move taken by itself
let wasMyTurn = false;
let logFilter = "all";
let lastPointer = "mouse"; // the pointer type of the latest press: "touch" taps explain first
let numbered = [];        // the actions as numbered in the list (keyboard picks)
let digits = "";
let digitTimer = null;
let settings = loadSettings();
let lastBytes = 0;        // the size of the latest message (render statistics)
let hintAsk = null;       // {req, decision}: the hint asked for, its answer awaited
let hintShown = null;     // {decision, hint, selected}: the hint shown, the move picked in it
let hintError = null;     // {decision, text}: why the latest hint was refused
let hintClosed = null;    // the decision whose hint panel was closed
let reviewOpen = false;   // the review overlay is open (its polling stops when closed)
/** Each render of a state message: {ms (with the layout it causes), bytes, game, decision}
 * (the newest last; read by tests). */
const renderStats = [];
window.boomtownRenders = renderStats;
export let beeps = 0;     // how many "your turn" beeps were played (for tests)

function loadSettings() {
  try { return { ...DEFAULT_SETTINGS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") }; } catch { return { ...DEFAULT_SETTINGS }; }
}
function saveSettings() { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); }

// ------------------------------------------------------------------ connection
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws`);
  setConn("connecting…", "");
  socket.onopen = () => {
    socket.send(JSON.stringify({ type: "hello", token }));
    backoff = 500;
    log = [];
    logActors = [];
  };
  socket.onmessage = (event) => { lastBytes = event.data.length; onMessage(JSON.parse(event.data)); };
  socket.onclose = (event) => {
    if (pending) {
      if (pending.action !== null) queued = queued || { action: pending.action, decision: pending.decision, view: pending.view, sent: true };
      pending = null;
    }
    document.body.classList.remove("busy");
    if (fatal) return;
    if (event.code === 4401 || event.code === 4404) {
      badLink(event.code === 4404 ? "not_found" : "unauthorized", event.reason);
      return;
    }
    setConn("disconnected — reconnecting", "down");
    showQueued();
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  };
}

function setConn(text, cls) { const c = $("conn"); c.textContent = text; c.className = `conn ${cls}`; }

function onMessage(msg) {
  if (msg.type === "state") {
    setConn("live", "ok");
    if (!opened) {
      opened = true;
      const label = msg.role === "seat" ? `seat ${msg.seat}` : msg.role;
      remember(gameId, token, label, msg.view.game);
    }
    if (msg.log_start < logShown.count) logShown.count = -1;  // earlier lines changed: redraw
    if (msg.log_start === 0) {
      log = msg.log.slice();
      logActors = (msg.log_actors || []).slice();
    } else {
      log = log.slice(0, msg.log_start).concat(msg.log);
      logActors = logActors.slice(0, msg.log_start).concat(msg.log_actors || []);
    }
    last = msg;
    render();
    sendQueued();
  } else if (msg.type === "ack") {
    if (pending && msg.req === pending.req) pending = null;
  } else if (msg.type === "hint") {
    if (hintAsk && msg.req === hintAsk.req) hintAsk = null;
    if (last && msg.decision === last.decision) {
      hintShown = { decision: msg.decision, hint: msg.hint, selected: msg.hint.suggestion.action_id };
      hintClosed = null;
    }
    if (last) renderHint();
  } else if (msg.type === "error" && typeof msg.req === "string" && msg.req.startsWith(HINT_REQ)) {
    // a hint refused: shown in its panel if it is still the one awaited, else dropped
    // (a hint asked for a decision since taken; nothing else to stop or say)
    if (hintAsk && msg.req === hintAsk.req) {
      hintError = { decision: hintAsk.decision, text: msg.message };
      hintAsk = null;
      if (last) renderHint();
    }
  } else if (msg.type === "error") {
    stopPlan();
    if (pending && msg.req !== undefined && msg.req === pending.req) pending = null;
    if (!opened && (msg.code === "unauthorized" || msg.code === "not_found")) {
      badLink(msg.code, msg.message);
      return;
    }
    const text = msg.code === "moved_on" ? "The game moved on: that decision was already taken." : msg.message;
    toast(text, true);
    if (last) render();
  }
}

/** A link that opens no game: say what happened, link back to the lobby, stop trying. */
function badLink(code, detail) {
  fatal = true;
  const title = !token ? "This link has no secret token"
    : code === "not_found" ? "There is no such game here" : "This link's token does not open this game";
  const why = !token
    ? "A table link ends with #TOKEN, the seat's secret. Open the link exactly as it was sent to you, or pick a game from the lobby."
    : code === "not_found"
      ? `No game "${gameId}" is stored on this server. The link may be mistyped or cut short, or the game was removed.`
      : `The game "${gameId}" exists, but the token in this link is not one of its seat, spectator or table tokens. The link may be mistyped, cut short or from another game.`;
  document.title = "boomtown — link not valid";
  setConn("no game", "down");
  const page = el("section", { class: "panel bad-link", id: "bad-link" },
    el("h2", { text: title }),
    el("p", { text: why }),
    detail ? el("p", { class: "hint", text: `The server said: ${detail}` }) : null,
    el("p", {}, el("a", { href: "/", class: "button primary", id: "back-to-lobby", text: "Back to the lobby" })));
  for (const id of ["turn", "last", "main"]) { const node = $(id); if (node) node.hidden = true; }
  $("fatal").replaceChildren(page);
  $("fatal").hidden = false;
}

function send(data) { socket.send(JSON.stringify(data)); }

export function act(actionId) {
  if (!last || !last.decision) return;
  hideChooser();
  hideTip();
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    queued = { action: actionId, decision: last.decision, view: JSON.stringify(last.view) };
    showQueued();
    toast("Not connected: your move is queued and goes out when the connection is back.", true);
    return;
  }
  if (pending !== null) { toast("Still sending your previous move…"); return; }
  pending = { req: ++reqCounter, action: actionId, decision: last.decision, view: JSON.stringify(last.view) };
  send({ type: "act", action: actionId, decision: last.decision, req: pending.req });
  document.body.classList.add("busy");
}

/** After a reconnection: send the queued click if the game is still where it was: the same
 * decision, or (a restarted server gives decisions new nonces) this client still to decide in
 * exactly the view it clicked in, which only its own move could have changed. */
function sendQueued() {
  if (!queued || !last) return;
  const q = queued;
  queued = null;
  if (last.decision && (last.decision === q.decision || JSON.stringify(last.view) === q.view)) {
    toast("Back online: your queued move was sent.");
    pending = { req: ++reqCounter, action: q.action, decision: last.decision, view: q.view };
    send({ type: "act", action: q.action, decision: last.decision, req: pending.req });
    document.body.classList.add("busy");
  } else if (q.sent) {
    toast("Reconnected: the game moved on, so your last move went through (see the log) or was overtaken.");
  } else {
    toast("The game moved on while you were offline: your queued move was not sent.", true);
  }
  showQueued();
}

function showQueued() {
  const node = $("queued");
  node.hidden = !queued;
  if (queued) node.textContent = "Offline: your move is queued and will be sent when the connection is back.";
}

function undo() {
  if (!last || !last.can_undo) return;
  stopPlan();
  if (!socket || socket.readyState !== WebSocket.OPEN) { toast("Not connected: undo not sent.", true); return; }
  pending = { req: ++reqCounter, action: null, decision: last.decision };
  send({ type: "undo", decision: last.decision, req: pending.req });
}

// ------------------------------------------------------------------ plans
// A board may plan several decisions with one click (Great Western Trail's cattleman moves one
// location per decision): `plan(steps)` takes the first step at once and each next one as soon
// as this client's next decision arrives, if it is legal there. A step is an action id or
// `{match(action, view) -> bool, wait}`. A step that matches no legal action ends the plan,
// unless it waits: then the person decides meanwhile and the plan goes on where it matches.
// A state in which this client has nothing to decide, an undo or a refused move ends it too.
let planned = [];         // the steps still to take
let planAt = null;        // the decision nonce the plan last acted on
let plannedTaken = 0;     // steps taken by plans after their first (for tests: body[data-planned])

function planAction(step, actions) {
  if (step !== null && typeof step === "object") return actions.find((a) => step.match(a, last.view)) || null;
  return actions.find((a) => a.id === step) || null;
}

function plan(steps) {
  if (pending !== null) { toast("Still sending your previous move…"); return; }
  planned = steps.slice();
  planAt = null;
  if (!advancePlan(true)) { stopPlan(); toast("That move cannot start here.", true); }
}

function stopPlan() { planned = []; planAt = null; }

/** Take the plan's next step if it is this client's decision; true when a step went out now
 * or is still in flight (so a forced move is not taken beside it). */
function advancePlan(first = false) {
  if (!planned.length || !last) return false;
  if (pending !== null || (planAt !== null && last.decision === planAt)) return true;
  if (!last.decision) { stopPlan(); return false; }
  const action = planAction(planned[0], legal());
  if (!action) {
    if (!planned[0]?.wait) { stopPlan(); if (!first) toast("Plan stopped: its next step is not possible here."); }
    return false;
  }
  planned.shift();
  planAt = last.decision;
  if (!first) document.body.dataset.planned = String(++plannedTaken);
  act(action.id);
  return true;
}

/** A clicked candidate: its plan, or its action. */
function take(a) { if (a.plan) plan(a.plan); else act(a.id); }

// ------------------------------------------------------------------ seats, catalogue
function seatName(i) {
  const s = last?.seats?.[i];
  return s ? `${s.name}` : `seat ${i}`;
}

export function seatColour(i) {
  const own = board && board.game === last?.view?.game ? board.colours : [];
  const colours = own.length ? own : SEAT_COLOURS;  // a game's own seat colours
  return colours[((i % colours.length) + colours.length) % colours.length];
}

function legal() {
  if (!last || !last.decision) return [];
  if (last.chance) return last.chance.map((c) => ({ id: c.id, text: c.text, kind: "", targets: [], cost: "" }));
  return last.view.legal_actions || [];
}

/** The legal actions whose main (first) target is the board thing `id`. */
function targeting(id) {
  return legal().filter((a) => a.targets && a.targets[0] === id);
}

/** The catalogue entry of a board id (its place after "@" dropped), if any. */
export function entryOf(id) {
  if (!catalogue || typeof id !== "string") return null;
  return catalogue.get(id.split("@")[0]) || null;
}

/** One text a person reads on hover or tap: name, effect, cost, points, provenance. */
export function describeEntry(entry) {
  const parts = [`${entry.name}: ${entry.text}`];
  if (entry.cost) parts.push(`cost: ${entry.cost}`);
  if (entry.requirements) parts.push(`needs: ${entry.requirements}`);
  if (entry.points) parts.push(`points: ${entry.points}`);
  if (entry.reconstructed) parts.push("(reconstructed: our own reading, not the publisher's)");
  return parts.join("\n");
}

/** The entry as a small block: name, text, facts, and a "reconstructed" mark. */
function entryBlock(entry) {
  return el("div", { class: "entry" },
    el("strong", { text: entry.name }),
    entry.reconstructed ? el("span", { class: "recon-badge", text: "reconstructed" }) : null,
    el("div", { text: entry.text }),
    entry.cost ? el("div", { class: "hint", text: `cost: ${entry.cost}` }) : null,
    entry.requirements ? el("div", { class: "hint", text: `needs: ${entry.requirements}` }) : null,
    entry.points ? el("div", { class: "hint", text: `points: ${entry.points}` }) : null,
    entry.reconstructed ? el("div", { class: "hint", text: "Reconstructed: our own reading, not the publisher's." }) : null);
}

/** A label for a board id: its catalogue name, else the id's key in words. */
function thingName(id) {
  const entry = entryOf(id);
  if (entry) return entry.name;
  if (typeof id !== "string") return String(id);
  const [kind, rest = ""] = id.split(":");
  const [key, place] = rest.split("@");
  if (kind === "seat" && /^\d+$/.test(key)) return seatName(Number(key));
  return `${kind} ${key.replaceAll("-", " ").replaceAll("_", " ")}${place ? ` (${place})` : ""}`;
}

async function loadCatalogue(game) {
  if (catalogueGame === game) return;
  catalogueGame = game;
  try {
    const data = await api(`/api/rulesets/${encodeURIComponent(game)}/catalogue`);
    catalogue = new Map(data.entries.map((e) => [e.id, e]));
    if (last) render();
  } catch (error) {
    catalogue = new Map();  // a game without a catalogue: no tips, play goes on
  }
}

// ------------------------------------------------------------------ board wiring
/** Tag every board thing with its catalogue entry, its actions, and the last moves. */
function wireBoard(boardNode, lastMoves, subjects) {
  const marks = new Map();  // id -> seat whose last move targeted it (the newest wins)
  for (const move of [...lastMoves].reverse()) for (const id of move.targets) marks.set(id, move.seat);
  const narrowing = narrowMode();
  const touched = new Set(narrowing ? legal().flatMap((a) => a.targets || []) : []);
  for (const node of boardNode.querySelectorAll("[data-id]")) {
    const id = node.dataset.id;
    const entry = entryOf(id);
    if (entry) {
      node.classList.add("catalogued");
      if (entry.reconstructed) node.classList.add("reconstructed");
      node.dataset.tip = describeEntry(entry);
      node.addEventListener("mouseenter", () => { if (lastPointer !== "touch") showTip(node, entry); });
      node.addEventListener("mouseleave", () => { if (lastPointer !== "touch") hideTip(); });
    }
    if (marks.has(id)) {
      const seat = marks.get(id);
      node.classList.add("last-move");
      node.dataset.lastSeat = seat;
      node.style.setProperty("--move-colour", seatColour(seat));
    }
    if (subjects.includes(id)) node.classList.add("subject");
    if (narrowing) {  // one delegated listener on the board takes the clicks (onBoardClick)
      if (touched.has(id)) node.classList.add("clickable");
      continue;
    }
    if (!node.classList.contains("clickable")) clickable(node, targeting(id));
    if (entry && !node.classList.contains("clickable")) {
      node.addEventListener("click", (event) => {
        if (lastPointer !== "touch") return;
        event.stopPropagation();
        showTip(node, entry, true);
      });
    }
  }
}

/** Mark `node` clickable when some legal actions belong to it. A mouse click takes the only
 * one or offers the few in a small menu; a tap always opens the menu, with the thing's
 * catalogue entry above its choices, so a tap explains before it acts. */
function clickable(node, candidates) {
  if (!candidates.length) return node;
  node.classList.add("clickable");
  node.title = candidates.map((a) => a.text + (a.cost ? ` (${a.cost})` : "")).join("\n");
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    hideTip();
    const entry = entryOf(node.dataset.id);
    if (candidates.length === 1 && lastPointer !== "touch") take(candidates[0]);
    else showChooser(candidates, event, entry);
  });
  return node;
}

function showChooser(candidates, event, entry = null) {
  const box = $("chooser");
  box.replaceChildren(
    ...(entry ? [entryBlock(entry)] : []),
    ...candidates.map((a) => el("button", { onclick: () => take(a), "data-action": a.id, text: a.text + (a.cost ? ` (${a.cost})` : "") })),
    el("button", { class: "cancel", onclick: hideChooser, text: "cancel" }));
  box.hidden = false;
  place(box, event.clientX, event.clientY);
}

function place(box, x, y) {
  const width = Math.min(360, window.innerWidth - 8);
  box.style.maxWidth = `${width}px`;
  const left = Math.min(x, window.innerWidth - box.offsetWidth - 4);
  const top = y + box.offsetHeight + 12 > window.innerHeight ? y - box.offsetHeight - 8 : y + 12;
  box.style.left = `${Math.max(4, left)}px`;
  box.style.top = `${Math.max(4, top)}px`;
}

function hideChooser() {
  $("chooser").hidden = true;
  if (narrow) { narrow = null; markNarrow(); }
}

// ------------------------------------------------------------------ narrowing
let narrow = null;  // {key, picked: [ids], actions, entry}: a choice being narrowed by clicks

function narrowMode() { return Boolean(board && board.narrow && last && last.view.game === board.game); }
function hasTarget(a, id) { return Array.isArray(a.targets) && a.targets.includes(id); }
/** What comes next in action `a`: its first target not picked yet (null: nothing left). */
function nextTarget(a, picked) { return (a.targets || []).find((t) => !picked.includes(t)) ?? null; }
function legalKey() { return `${last?.decision}|${legal().map((a) => a.id).join(",")}`; }

/** The actions a click on `id` keeps: from scratch, those with `id` among their targets;
 * while narrowing, those of the remaining ones whose next target it is (else any remaining
 * one that names it). */
function narrowed(id) {
  if (!narrow) return legal().filter((a) => hasTarget(a, id));
  if (narrow.picked.includes(id)) return [];
  const next = narrow.actions.filter((a) => nextTarget(a, narrow.picked) === id);
  return next.length ? next : narrow.actions.filter((a) => hasTarget(a, id));
}

function onBoardClick(event) {
  if (!narrowMode()) return;
  if (event.target.closest("button, input, select, textarea, a, label, summary")) return;
  const boardNode = $("board");
  const chain = [];
  for (let node = event.target.closest("[data-id]"); node && boardNode.contains(node); node = node.parentElement?.closest("[data-id]")) chain.push(node);
  const touch = lastPointer === "touch";
  if (last?.decision) {
    // narrowing on wins over starting again, an outer thing over an inner one that starts again
    for (const node of narrow ? chain : []) {
      const keep = narrowed(node.dataset.id);
      if (keep.length) { event.stopPropagation(); narrowPick(node.dataset.id, keep, false, event, touch); return; }
    }
    if (narrow && chain.some((node) => narrow.picked.includes(node.dataset.id))) { event.stopPropagation(); hideChooser(); return; }
    for (const node of chain) {
      const keep = legal().filter((a) => hasTarget(a, node.dataset.id));
      if (keep.length) { event.stopPropagation(); narrowPick(node.dataset.id, keep, true, event, touch); return; }
    }
  }
  if (narrow) hideChooser();
  const explained = chain.find((node) => entryOf(node.dataset.id));
  if (touch && explained) { event.stopPropagation(); hideChooser(); showTip(explained, entryOf(explained.dataset.id), true); }
}

function narrowPick(id, keep, fresh, event, touch) {
  hideTip();
  const picked = fresh || !narrow ? [id] : [...narrow.picked, id];
  narrow = { key: legalKey(), picked, actions: keep, entry: entryOf(id) };
  for (;;) {
    if (narrow.actions.length === 1 && !touch) { const only = narrow.actions[0]; act(only.id); return; }
    const nexts = new Set(narrow.actions.map((a) => nextTarget(a, narrow.picked)));
    if (narrow.actions.length > 1 && nexts.size === 1 && !nexts.has(null)) { narrow.picked.push([...nexts][0]); continue; }
    break;
  }
  markNarrow();
  showNarrowChooser(event, touch);
}

/** Mark the picked and the possible next things on the board. */
function markNarrow() {
  const boardNode = $("board");
  const nexts = new Set(narrow ? narrow.actions.map((a) => nextTarget(a, narrow.picked)).filter((t) => t !== null) : []);
  const picked = new Set(narrow ? narrow.picked : []);
  boardNode.classList.toggle("narrowing", Boolean(narrow));
  for (const node of boardNode.querySelectorAll("[data-id]")) {
    node.classList.toggle("narrow-next", nexts.has(node.dataset.id));
    node.classList.toggle("narrow-picked", picked.has(node.dataset.id));
  }
}

function showNarrowChooser(event, touch) {
  const box = $("chooser");
  const nexts = [...new Set(narrow.actions.map((a) => nextTarget(a, narrow.picked)).filter((t) => t !== null))];
  const complete = narrow.actions.filter((a) => nextTarget(a, narrow.picked) === null);
  const actionButton = (a) => el("button", { onclick: () => act(a.id), "data-action": a.id, text: a.text + (a.cost ? ` (${a.cost})` : "") });
  const listed = complete.slice(0, NARROW_LIST);
  const more = complete.length - listed.length;
  box.replaceChildren(...[
    ...(touch && narrow.entry ? [entryBlock(narrow.entry)] : []),
    el("div", { class: "narrow-path", text: narrow.picked.map(narrowLabel).join(" › ") }),
    nexts.length ? el("div", { class: "hint", text: `next: click ${nexts.length === 1 ? "the highlighted thing" : `one of the ${nexts.length} highlighted things`}` }) : null,
    nexts.length && nexts.length <= NARROW_NAMES ? el("div", { class: "narrow-names" }, ...nexts.map((id) => el("button", {
      class: "small", "data-next": id, text: narrowLabel(id),
      onclick: (e) => { e.stopPropagation(); const keep = narrowed(id); if (keep.length) narrowPick(id, keep, false, e, false); },
    }))) : null,
    ...listed.map(actionButton),
    more > 0 ? el("button", { class: "small", text: `${more} more…`, onclick: (e) => { e.stopPropagation(); e.currentTarget.replaceWith(...complete.slice(NARROW_LIST).map(actionButton)); } }) : null,
    el("button", { class: "cancel", onclick: hideChooser, text: "cancel (Esc)" }),
  ].filter(Boolean));
  box.hidden = false;
  placeAside(box, event.clientX, event.clientY, nexts);
}

/** A thing's name in the chooser: the board's own label for it (its `aria-label`: "Ann's
 * cowboys: 2" tells two players' cowboys apart), else its catalogue name. */
function narrowLabel(id) {
  const node = [...$("board").querySelectorAll("[data-id][aria-label]")].find((n) => n.dataset.id === id);
  return node ? node.getAttribute("aria-label") : thingName(id);
}

/** Put the chooser near the click, where it covers none of the highlighted next things. */
function placeAside(box, x, y, nexts) {
  place(box, x, y);
  const boxes = [...$("board").querySelectorAll(".narrow-next")].map((n) => n.getBoundingClientRect());
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  const spots = [[box.offsetLeft, box.offsetTop], [x + 16, y - h - 16], [x - w - 16, y + 16], [x - w - 16, y - h - 16],
    [window.innerWidth - w - 8, 8], [8, window.innerHeight - h - 8], [window.innerWidth - w - 8, window.innerHeight - h - 8], [8, 8]];
  const clear = ([l, t]) => l >= 0 && t >= 0 && l + w <= window.innerWidth && t + h <= window.innerHeight
    && !boxes.some((r) => l < r.right && l + w > r.left && t < r.bottom && t + h > r.top);
  const spot = nexts.length ? spots.find(clear) : null;
  if (spot) { box.style.left = `${spot[0]}px`; box.style.top = `${spot[1]}px`; }
}

function showTip(node, entry, pinned = false) {
  const tip = $("tip");
  tip.replaceChildren(entryBlock(entry));
  tip.hidden = false;
  tip.classList.toggle("pinned", pinned);
  const r = node.getBoundingClientRect();
  place(tip, r.left, r.bottom - 6);
}

function hideTip() { $("tip").hidden = true; }

document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType || "mouse"; }, true);
document.addEventListener("click", (event) => {
  if (!$("chooser").contains(event.target)) hideChooser();
  if (!$("tip").contains(event.target)) hideTip();
});

// ------------------------------------------------------------------ render
function render() {
  const started = performance.now();
  document.body.classList.remove("busy");
  if (!$("tip").classList.contains("pinned")) hideTip();  // its node is about to be redrawn
  const msg = last;
  const view = msg.view;
  const you = msg.role === "seat" ? `you are ${seatName(msg.seat)} (seat ${msg.seat})` : msg.role === "table" ? "table link: enter dice and draws" : "spectating";
  $("title").textContent = `${view.game} · ${gameId}`;
  $("whoami").replaceChildren(...(msg.role === "seat" ? [el("span", { class: "swatch", style: `background:${seatColour(msg.seat)}` })] : []), you);
  document.title = `boomtown — ${view.game}${msg.decision ? " — your turn" : ""}`;
  const cur = view.current_player;
  const actions = legal();
  renderTurn(msg, view, cur);
  loadCatalogue(view.game);
  loadBoard(view.game);
  const lastMoves = msg.last_moves || [];
  const prompt = view.prompt || {};
  const subjects = prompt.subjects || [];
  const ctx = {
    msg, view, state: view.state, seat: msg.seat, role: msg.role, legal: actions,
    seatName, seatColour, clickable, act, targeting, entryOf, lastMoves, subjects,
    log: log.map((text, i) => ({ text, seat: logActors[i] ?? null })),
    plan,
  };
  const boardNode = $("board");
  const renderer = board && board.game === view.game ? board.render : null;
  if (renderer === null) {
    boardNode.replaceChildren(el("p", { class: "hint", text: "loading the board…" }));
  } else {
    try {
      boardNode.replaceChildren(renderer(ctx));
    } catch (error) {
      console.error(error);
      boardNode.replaceChildren(el("p", { class: "hint", text: `board: ${error}` }), renderGeneric(ctx));
    }
  }
  wireBoard(boardNode, lastMoves, subjects);
  if (narrow && narrow.key !== legalKey()) hideChooser();
  markNarrow();
  renderLastMove(lastMoves);
  renderPrompt(msg, view, prompt, actions);
  renderActions(actions);
  renderHint();
  $("undo").hidden = !msg.can_undo;
  renderSeats(msg, cur, lastMoves);
  $("score").replaceChildren(scoreTable(view));
  renderGameOver(view);
  renderLog();
  yourTurn(Boolean(msg.decision));
  if (!advancePlan()) takeForcedMove(msg, actions);
  void document.body.offsetHeight;  // the layout the frame needs anyway, so the time includes it
  renderStats.push({ ms: performance.now() - started, bytes: lastBytes, game: view.game, decision: msg.decision || null });
  if (renderStats.length > 5000) renderStats.shift();
}

function isBot(seat) { return last?.seats?.[seat]?.kind === "bot"; }

function renderTurn(msg, view, cur) {
  const turn = $("turn");
  let text;
  let cls = "turn";
  if (view.terminal) {
    text = "Game over — " + winnersText(view);
    cls = "turn over";
  } else if (msg.decision) {
    text = msg.chance ? (msg.role === "table" ? "Enter the chance outcome rolled or drawn at the table" : "Enter your own draw: only you see it")
      : "Your turn";
    cls = "turn you";
  } else if (cur === -1) {
    const forSeat = view.prompt?.for_seat;
    if (msg.table_mode && msg.chance_by !== null && msg.chance_by !== undefined) {
      text = `${seatName(msg.chance_by)} is drawing on their own screen (a private draw)`;
    } else {
      text = msg.table_mode ? "Waiting for the table to enter a chance outcome" : "Chance…";
      if (forSeat !== null && forSeat !== undefined) text += ` for ${seatName(forSeat)}`;
    }
  } else if (isBot(cur)) {
    text = `${seatName(cur)} (bot) is thinking…`;
    cls = "turn thinking";
  } else {
    text = `Waiting for ${seatName(cur)} (seat ${cur})`;
  }
  if (msg.error) text += ` — ${msg.error}`;
  turn.className = cls;
  turn.replaceChildren(...(cls === "turn thinking" ? [el("span", { class: "spinner", "aria-hidden": "true" })] : []), text);
  turn.dataset.thinking = cls === "turn thinking" ? String(cur) : "";
}

/** "What just happened": the newest move this client knows of, in its actor's colour. */
function renderLastMove(lastMoves) {
  const node = $("last");
  const newest = lastMoves[0];
  if (!newest) { node.hidden = true; return; }
  node.hidden = false;
  node.replaceChildren(el("span", { class: "lbl", text: "Just now:" }),
    el("b", { class: "who", style: `color:${seatColour(newest.seat)}`, text: seatName(newest.seat) }),
    " ", moveText(newest));
}

function moveText(move) {
  const lines = move.text.slice(0, LAST_MOVE_LINES).join("; ");
  return move.text.length > LAST_MOVE_LINES ? `${lines}; …` : lines;
}

function renderPrompt(msg, view, prompt, actions) {
  const title = prompt.title || "";
  const progress = prompt.progress ? ` (${prompt.progress})` : "";
  const parts = [];
  if (view.terminal) {
    parts.push(el("strong", { text: "The game is over." }));
    if (msg.role === "seat") parts.push(" ", el("button", { class: "small", id: "review-again", onclick: openReview, text: "Review my game" }));
  } else {
    let who = "";
    if (prompt.seat >= 0) who = msg.decision && msg.seat === prompt.seat ? "You" : seatName(prompt.seat);
    parts.push(who ? el("span", { class: "who", style: prompt.seat >= 0 ? `color:${seatColour(prompt.seat)}` : "", text: `${who}: ` }) : null);
    parts.push(el("strong", { text: title + progress }));
    const forSeat = prompt.for_seat;
    if (forSeat !== null && forSeat !== undefined && forSeat >= 0) {
      parts.push(el("span", { class: "for", text: ` — for ${forSeat === msg.seat ? "you" : seatName(forSeat)}${prompt.private ? " (private)" : ""}` }));
    }
    if (prompt.hint) parts.push(el("span", { class: "hint", text: prompt.hint }));
    const subjects = prompt.subjects || [];
    if (subjects.length) {
      parts.push(el("span", { class: "subjects" }, el("span", { class: "lbl", text: "about:" }),
        ...subjects.map((id) => {
          const entry = entryOf(id);
          const chip = el("span", { class: `chip${entry?.reconstructed ? " reconstructed" : ""}`, "data-subject": id, text: thingName(id) });
          if (entry) {
            chip.addEventListener("mouseenter", () => showTip(chip, entry));
            chip.addEventListener("mouseleave", () => { if (!$("tip").classList.contains("pinned")) hideTip(); });
            chip.addEventListener("click", (event) => { event.stopPropagation(); showTip(chip, entry, true); });
          }
          return chip;
        })));
    }
    if (msg.decision && actions.length === 1 && !(msg.auto && !settings.confirmForced)) {
      parts.push(el("span", { class: "hint forced", text: "Your only choice: confirm it (key 1)." }));
    }
  }
  $("prompt").replaceChildren(...parts.filter(Boolean));
}

/** The plain list: every legal action, numbered for the keyboard, grouped by kind when long. */
function renderActions(actions) {
  const list = $("actions");
  numbered = [];
  const button = (a) => {
    numbered.push(a);
    const n = numbered.length;
    return el("li", {}, el("button", { class: "action", "data-action": a.id, "data-kind": a.kind || "", "data-n": n, onclick: () => act(a.id) },
      el("kbd", { text: String(n) }), " ", a.text + (a.cost ? ` (${a.cost})` : "")));
  };
  const groups = new Map();
  for (const a of actions) {
    const kind = a.kind || "other";
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(a);
  }
  if (actions.length <= GROUP_OVER || groups.size === 1) {
    list.replaceChildren(el("ul", { class: "action-group" }, actions.map(button)));
    return;
  }
  list.replaceChildren(...[...groups].map(([kind, items]) => el("section", { class: "kind-group", "data-kind": kind },
    el("h3", { class: "kind", text: `${kind.replaceAll("-", " ").replaceAll("_", " ")} (${items.length})` }),
    el("ul", { class: "action-group" }, items.map(button)))));
}

// ------------------------------------------------------------------ hints
/** Whether this client's seat may ask for hints in this game (the game's public setting). */
function hintsForMe() {
  const setting = last?.hints;
  if (!last || last.role !== "seat" || !setting || setting === "off") return false;
  if (setting === "all") return last.seats?.[last.seat]?.kind === "human";
  return Array.isArray(setting) && setting.includes(last.seat);
}

function canAskHint() { return hintsForMe() && Boolean(last.decision) && !last.chance && !last.view.terminal; }

function askHint() {
  if (!last || !canAskHint()) return;
  if (hintAsk?.decision === last.decision) return;
  if (hintShown?.decision === last.decision) { hintClosed = null; renderHint(); return; }
  if (!socket || socket.readyState !== WebSocket.OPEN) { toast("Not connected: no hint now.", true); return; }
  hintAsk = { req: `${HINT_REQ}${++reqCounter}`, decision: last.decision };
  hintError = null;
  hintClosed = null;
  send({ type: "hint", decision: last.decision, req: hintAsk.req });
  renderHint();
}

/** The Hint button and the hint panel, for the current decision only. */
function renderHint() {
  const button = $("hint-button");
  const box = $("hint-box");
  const decision = last?.decision || null;
  if (hintShown && hintShown.decision !== decision) hintShown = null;
  if (hintError && hintError.decision !== decision) hintError = null;
  if (hintAsk && hintAsk.decision !== decision) hintAsk = null;  // its answer would be stale
  const asking = Boolean(hintAsk);
  button.hidden = !canAskHint();
  button.disabled = asking;
  button.replaceChildren(asking ? "Thinking…" : "Hint", " ", el("kbd", { text: "h" }));
  const open = (asking || hintShown || hintError) && hintClosed !== decision;
  box.hidden = !open;
  if (open) {
    box.replaceChildren(...hintPanel({
      shown: hintShown, asking, error: hintError?.text || null,
      select: (id) => { if (hintShown) { hintShown.selected = id; renderHint(); } },
      play: (id) => act(id),
      close: () => { hintClosed = decision; renderHint(); },
    }));
  }
  markHinted(open && hintShown ? hintShown.selected : null);
}

/** Highlight the move picked in the hint panel: its targets on the board, its button. */
function markHinted(actionId) {
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
  if (actionId === null || actionId === undefined) return;
  const action = legal().find((a) => a.id === actionId);
  const targets = new Set(action?.targets || []);
  for (const node of $("board").querySelectorAll("[data-id]")) if (targets.has(node.dataset.id)) node.classList.add("hinted");
  for (const node of $("actions").querySelectorAll(`button[data-action="${actionId}"]`)) node.classList.add("hinted");
}

// ------------------------------------------------------------------ review
async function openReview() {
  if (!last || last.role !== "seat") return;
  const box = $("review");
  reviewOpen = true;
  box.hidden = false;
  const close = () => { reviewOpen = false; box.hidden = true; };
  const waiting = (text) => box.replaceChildren(el("div", { class: "gameover-card review-card" },
    el("h2", { text: "Your review" }), el("p", { class: "hint review-wait" }, el("span", { class: "spinner", "aria-hidden": "true" }), text),
    el("p", {}, el("button", { onclick: close, text: "close" }))));
  waiting("Asking for your review…");
  while (reviewOpen) {
    let data;
    try {
      data = await api(`/api/games/${encodeURIComponent(gameId)}/review?seat=${last.seat}`, { token });
    } catch (error) {
      box.replaceChildren(el("div", { class: "gameover-card review-card" }, el("h2", { text: "No review" }),
        el("p", { class: "hint-error", text: error.message }), el("p", {}, el("button", { onclick: close, text: "close" }))));
      return;
    }
    if (!reviewOpen) return;
    if (data.status === "done") {
      box.replaceChildren(reviewCard(data, { seatName, seatColour, close }));
      return;
    }
    waiting("The strong bot is going through your decisions: the review is being computed…");
    await new Promise((resolve) => setTimeout(resolve, REVIEW_POLL_MS));
  }
}

function hintsWords(setting) {
  if (!setting || setting === "off") return "Hints are off in this game.";
  if (setting === "all") return "Hints are on for everyone.";
  return `Hints are on for ${setting.map((s) => seatName(s)).join(", ")}.`;
}

function renderSeats(msg, cur, lastMoves) {
  $("hints-setting").textContent = hintsWords(msg.hints);
  const hinted = new Set(msg.hints === "all" ? msg.seats.filter((s) => s.kind === "human").map((s) => s.seat) : Array.isArray(msg.hints) ? msg.hints : []);
  const moveOf = new Map(lastMoves.map((m) => [m.seat, m]));
  $("seats").replaceChildren(...msg.seats.map((s) => el("li", { class: s.online ? "online" : "offline", "data-seat": s.seat },
    el("span", { class: "swatch", style: `background:${seatColour(s.seat)}` }),
    el("b", { class: "seat-name", text: s.name }), ` (seat ${s.seat})`,
    s.kind === "bot" ? ` bot: ${s.bot}` : s.open ? " (open)" : "",
    hinted.has(s.seat) ? el("span", { class: "hints-tag", title: "may ask for hints", text: "hints" }) : null,
    cur === s.seat ? (s.kind === "bot" && !msg.view.terminal ? el("span", { class: "thinking-tag" }, el("span", { class: "spinner" }), " thinking") : " ◀ to play") : "",
    moveOf.has(s.seat) ? el("div", { class: "seat-last hint", text: `last: ${moveText(moveOf.get(s.seat))}` }) : null)));
}

function renderLog() {
  const select = $("log-filter");
  const options = [["all", "everyone"], ...last.seats.map((s) => [String(s.seat), s.name])];
  if (select.options.length !== options.length) {
    select.replaceChildren(...options.map(([v, t]) => el("option", { value: v, text: t })));
    select.value = logFilter;
  }
  const logNode = $("log");
  // only the new lines are drawn, unless the filter, a name or earlier lines changed
  const names = last.seats.map((s) => s.name).join("\n");
  const redraw = logShown.count < 0 || logShown.filter !== logFilter || logShown.names !== names || logShown.count > log.length;
  const from = redraw ? 0 : logShown.count;
  const items = [];
  for (let i = from; i < log.length; i++) {
    const line = log[i];
    const who = logActors[i];
    if (logFilter !== "all" && String(who) !== logFilter) continue;
    const seat = typeof who === "number" && who >= 0 ? who : null;
    items.push(el("li", { "data-seat": seat === null ? (who === -1 ? "chance" : "") : seat, style: seat === null ? "" : `border-left-color:${seatColour(seat)}` },
      seat !== null ? el("b", { class: "who", style: `color:${seatColour(seat)}`, text: seatName(seat) }) : who === -1 ? el("span", { class: "who chance", text: "chance" }) : null,
      " ", line));
  }
  if (redraw) logNode.replaceChildren(...items);
  else logNode.append(...items);
  logShown = { count: log.length, filter: logFilter, names };
  if (redraw || items.length) logNode.parentElement.scrollTop = logNode.parentElement.scrollHeight;
}

function winnersText(view) {
  const score = view.score || {};
  const winners = winnerSeats(view);
  const totals = seatTotals(view);
  if (!winners.length) return score.final === false ? "stopped" : "finished";
  const names = winners.map((w) => seatName(w)).join(" and ");
  const points = totals && totals[winners[0]] !== undefined ? ` with ${totals[winners[0]]} points` : "";
  return `${names} ${winners.length > 1 ? "win" : "wins"}${points}`;
}

function winnerSeats(view) {
  const score = view.score || {};
  if (Array.isArray(score.winners)) return score.winners;
  const returns = view.returns || [];
  if (!returns.length) return [];
  const best = Math.max(...returns);
  return returns.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
}

/** The score rows of a breakdown: [{key, values per seat}], whatever its shape: a list of
 * per-seat objects (`seats: [{seat, total, ...}]`) or per-row lists (`{points: [3, 1]}`). */
function scoreRows(score, players) {
  if (!score) return null;
  if (Array.isArray(score.seats)) {
    const rows = score.seats;
    const keys = [];
    for (const r of rows) for (const [k, v] of Object.entries(r)) {
      if (!["seat", "group"].includes(k) && typeof v === "number" && !keys.includes(k)) keys.push(k);
    }
    return keys.map((k) => ({ key: k, values: rows.map((r) => r[k]) }));
  }
  const out = [];
  for (const [k, v] of Object.entries(score)) {
    if (Array.isArray(v) && v.length === players && v.every((x) => typeof x === "number")) out.push({ key: k, values: v });
  }
  return out.length ? out : null;
}

function seatTotals(view) {
  const rows = scoreRows(view.score, view.players) || [];
  const total = rows.find((r) => r.key === "total") || rows.find((r) => r.key === "points");
  if (total) return total.values;
  return view.returns || null;
}

function scoreLabel(key) {
  const entry = entryOf(`score:${key}`);
  return entry ? entry.name : key.replaceAll("_", " ");
}

function scoreTable(view, final = false) {
  const score = view.terminal ? view.score : view.state?.score;
  const rows = scoreRows(score, view.players);
  if (!rows && !view.terminal && (score === undefined || score === null)) {
    return el("p", { class: "hint", text: "no score yet" });
  }
  if (!rows) {
    return el("pre", { class: "tree", text: JSON.stringify(view.terminal ? { returns: view.returns, score: view.score } : score ?? "", null, 1) });
  }
  const winners = new Set(view.terminal ? winnerSeats(view) : []);
  const seatsOrder = Array.isArray(score.seats) ? score.seats.map((r) => r.seat) : [...Array(view.players).keys()];
  const totalRow = rows.find((r) => r.key === "total");
  const body = rows.filter((r) => r !== totalRow);
  // catalogue order first (score:KEY entries), then the breakdown's own
  if (catalogue) {
    const order = [...catalogue.keys()].filter((k) => k.startsWith("score:")).map((k) => k.slice(6));
    body.sort((a, b) => rank(order, a.key) - rank(order, b.key));
  }
  const row = (r, cls = "") => {
    const entry = entryOf(`score:${r.key}`);
    const notPoints = r.key !== "total" && entry && entry.details && entry.details.points === false;
    return el("tr", { class: `${cls}${notPoints ? " not-points" : ""}`, "data-row": r.key },
      el("td", { class: "row-label", title: entry ? entry.text : "", text: r.key === "total" ? "total" : scoreLabel(r.key) }),
      ...r.values.map((v, i) => el("td", { class: winners.has(seatsOrder[i]) ? "winner" : "", text: v })));
  };
  return el("table", { class: `score${final ? " final" : ""}` },
    el("tr", {}, el("th", { text: view.terminal ? "final" : "so far" }),
      ...seatsOrder.map((s) => el("th", { class: winners.has(s) ? "winner" : "", style: `color:${seatColour(s)}`, text: seatName(s) }))),
    ...body.map((r) => row(r)),
    totalRow ? row(totalRow, "total") : null);
}

function rank(order, key) { const i = order.indexOf(key); return i < 0 ? order.length : i; }

/** The game-over screen: the winner with points and the whole breakdown, in one screenful.
 * Drawn again only when what it shows changes: after the end, people joining and leaving
 * still send state messages, and redrawing would swap the buttons under a finger. */
function renderGameOver(view) {
  const box = $("gameover");
  if (!view.terminal) { box.hidden = true; delete box.dataset.drawn; return; }
  if (box.dataset.closed === "1") return;
  box.hidden = false;
  const drawn = JSON.stringify([view.score, view.returns, last?.role, (last?.seats || []).map((s) => s?.name)]);
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  box.replaceChildren(el("div", { class: "gameover-card" },
    el("h2", { id: "winner", text: winnersText(view) }),
    scoreTable(view, true),
    el("p", {}, el("button", { class: "primary", onclick: () => { box.dataset.closed = "1"; box.hidden = true; }, text: "Show the board" }),
      " ", last?.role === "seat" ? el("button", { id: "review-button", onclick: openReview, text: "Review my game" }) : null,
      " ", el("a", { href: "/", text: "back to the lobby" }))));
}

// ------------------------------------------------------------------ forced moves, your turn
function takeForcedMove(msg, actions) {
  if (!msg.decision || !msg.auto || settings.confirmForced || actions.length !== 1) return;
  if (autoTaken === msg.decision) return;
  autoTaken = msg.decision;
  document.body.dataset.forcedTaken = String(Number(document.body.dataset.forcedTaken || 0) + 1);
  toast(`Forced move taken for you: ${actions[0].text}`);
  act(actions[0].id);
}

function yourTurn(mine) {
  const started = mine && !wasMyTurn;
  wasMyTurn = mine;
  if (!started || (last.auto && !settings.confirmForced)) return;
  if (settings.sound) beep();
  if (settings.notify && "Notification" in window && Notification.permission === "granted" && document.hidden) {
    try { new Notification("boomtown: your turn", { body: `${last.view.game} · ${last.view.prompt?.title || ""}`, tag: `boomtown-${gameId}` }); } catch (error) { console.warn(error); }
  }
}

let audio = null;
function beep() {
  beeps += 1;
  document.body.dataset.beeps = String(beeps);
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.18);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.2);
  } catch (error) { console.warn("no audio", error); }
}

function renderSettings() {
  const box = $("settings");
  const check = (key, text) => el("label", { class: "check" },
    el("input", { type: "checkbox", "data-setting": key, checked: settings[key], onchange: (event) => onSetting(key, event.target.checked) }), " ", text);
  box.replaceChildren(
    check("confirmForced", "confirm forced moves for me"),
    check("sound", "beep on my turn"),
    check("notify", "notify me on my turn (when this tab is hidden)"));
}

async function onSetting(key, value) {
  settings[key] = value;
  if (key === "notify" && value && "Notification" in window && Notification.permission === "default") {
    try { await Notification.requestPermission(); } catch (error) { console.warn(error); }
  }
  if (key === "sound" && value) beep();  // a first beep unlocks audio (a user gesture) and shows what it sounds like
  saveSettings();
  if (last) render();
}

// ------------------------------------------------------------------ keyboard
/** Number keys pick actions (1-9; 0 = 10; two digits typed quickly for 11 and on), `u` undoes. */
function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  if (event.key === "Escape") { hideChooser(); hideTip(); digits = ""; return; }
  if (event.key === "u" || event.key === "U") { undo(); return; }
  if (event.key === "h" || event.key === "H") { askHint(); return; }
  if (event.key === "Enter" && digits) { pickTyped(); return; }
  if (!/^[0-9]$/.test(event.key)) return;
  const chooser = $("chooser");
  if (!chooser.hidden) {  // the open menu takes the digit
    const buttons = [...chooser.querySelectorAll("button[data-action], button[data-next]")];
    const n = event.key === "0" ? 10 : Number(event.key);
    if (buttons[n - 1]) buttons[n - 1].click();
    return;
  }
  if (!numbered.length) return;
  if (!digits && event.key === "0") { digits = "10"; pickTyped(); return; }
  digits += event.key;
  clearTimeout(digitTimer);
  if (Number(digits) * 10 > numbered.length) pickTyped();
  else digitTimer = setTimeout(pickTyped, DIGIT_WAIT_MS);
  event.preventDefault();
}

function pickTyped() {
  clearTimeout(digitTimer);
  const n = Number(digits);
  digits = "";
  const action = numbered[n - 1];
  if (action) act(action.id);
  else if (n) toast(`There is no action ${n}.`, true);
}

// ------------------------------------------------------------------ start
$("undo").addEventListener("click", undo);
$("hint-button").addEventListener("click", askHint);
$("board").addEventListener("click", onBoardClick);
$("log-filter").addEventListener("change", (event) => { logFilter = event.target.value; if (last) renderLog(); });
document.addEventListener("keydown", onKey);
renderSettings();
if (!token) {
  badLink("unauthorized", "");
} else {
  connect();
}
