// The table page: one websocket, the seat's view rendered as a board, actions by clicking.
//
// Clicks map to actions through the actions' targets, never their texts: a board renderer
// tags each thing it draws with its id (`data-id="card:saloon@hand"`, the ids the view uses),
// and a click on a thing offers the legal actions whose first target it is. Every thing with
// a catalogued id explains itself on hover (its catalogue entry).
import { api, el, remember, toast } from "./api.js";
import { renderGeneric } from "./render/generic.js";

/** Board renderers by ruleset id: a module under render/ exporting `render(ctx)`, and its
 * stylesheet under /static/css/ (loaded with it). Other games get the readable JSON tree. */
export const BOARDS = {
  "western-town": { module: "./render/western_town.js", css: "/static/css/western_town.css" },
};
let board = null;          // {game, render} once the game's board module has loaded
let boardLoading = null;

async function loadBoard(game) {
  if (boardLoading === game) return;
  boardLoading = game;
  const spec = BOARDS[game];
  if (!spec) { board = { game, render: renderGeneric }; return; }
  document.head.append(el("link", { rel: "stylesheet", href: spec.css }));
  try {
    const module = await import(spec.module);
    board = { game, render: module.render };
  } catch (error) {
    console.error(error);
    board = { game, render: renderGeneric };
  }
  if (last) render();
}

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").pop());
const token = decodeURIComponent(location.hash.slice(1));
let socket = null;
let last = null;          // the last state message
let log = [];             // the log as this seat reads it
let backoff = 500;
let reqCounter = 0;
let pending = null;       // req id of the decision in flight
let opened = false;
let catalogue = null;     // id -> entry of the game's catalogue (fetched once)
let catalogueGame = null;

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws`);
  setConn("connecting…", "");
  socket.onopen = () => {
    socket.send(JSON.stringify({ type: "hello", token }));
    backoff = 500;
    log = [];
  };
  socket.onmessage = (event) => onMessage(JSON.parse(event.data));
  socket.onclose = (event) => {
    setConn("disconnected — reconnecting", "down");
    pending = null;
    if (event.code === 4401 || event.code === 4404) { setConn("refused", "down"); return; }
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
    log = msg.log_start === 0 ? msg.log.slice() : log.slice(0, msg.log_start).concat(msg.log);
    last = msg;
    render();
  } else if (msg.type === "ack") {
    if (msg.req === pending) pending = null;
  } else if (msg.type === "error") {
    if (msg.req !== undefined && msg.req === pending) pending = null;
    const text = msg.code === "moved_on" ? "The game moved on: that decision was already taken." : msg.message;
    toast(text, true);
    if (msg.code === "unauthorized" || msg.code === "not_found") setConn("refused: " + msg.message, "down");
    if (last) render();
  }
}

export function act(actionId) {
  if (!last || !last.decision || pending !== null) return;
  pending = ++reqCounter;
  hideChooser();
  socket.send(JSON.stringify({ type: "act", action: actionId, decision: last.decision, req: pending }));
  document.body.classList.add("busy");
}

function undo() {
  if (!last) return;
  pending = ++reqCounter;
  socket.send(JSON.stringify({ type: "undo", decision: last.decision, req: pending }));
}

function seatName(i) {
  const s = last?.seats?.[i];
  return s ? `${s.name}` : `seat ${i}`;
}

function legal() {
  if (!last || !last.decision) return [];
  if (last.role === "table") return (last.chance || []).map((c) => ({ id: c.id, text: c.text, targets: [] }));
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

/** One line a person reads on hover or tap: name, effect, cost, points, provenance. */
export function describeEntry(entry) {
  const parts = [`${entry.name}: ${entry.text}`];
  if (entry.cost) parts.push(`cost: ${entry.cost}`);
  if (entry.requirements) parts.push(`needs: ${entry.requirements}`);
  if (entry.points) parts.push(`points: ${entry.points}`);
  if (entry.reconstructed) parts.push("(reconstructed: our own reading, not the publisher's)");
  return parts.join("\n");
}

async function loadCatalogue(game) {
  if (catalogueGame === game) return;
  catalogueGame = game;
  try {
    const data = await api(`/api/rulesets/${encodeURIComponent(game)}/catalogue`);
    catalogue = new Map(data.entries.map((e) => [e.id, e]));
    if (last) render();
  } catch (error) {
    catalogue = new Map();  // a game without a catalogue: no tooltips, play goes on
  }
}

/** Tag every board thing with its catalogue text and the actions it is the target of. */
function wireBoard(board) {
  for (const node of board.querySelectorAll("[data-id]")) {
    const id = node.dataset.id;
    const entry = entryOf(id);
    if (entry) {
      node.classList.add("catalogued");
      if (entry.reconstructed) node.classList.add("reconstructed");
      node.dataset.tip = describeEntry(entry);
    }
    if (!node.classList.contains("clickable")) clickable(node, targeting(id));
    if (!node.title && node.dataset.tip) node.title = node.dataset.tip;
  }
}

/** Mark `node` clickable when some legal actions belong to it; a click takes the only one
 * or offers the few in a small menu. */
function clickable(node, candidates) {
  if (!candidates.length) return node;
  node.classList.add("clickable");
  const tip = node.dataset.tip ? `${node.dataset.tip}\n\n` : "";
  node.title = tip + candidates.map((a) => a.text + (a.cost ? ` (${a.cost})` : "")).join("\n");
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    if (candidates.length === 1) act(candidates[0].id);
    else showChooser(candidates, event);
  });
  return node;
}

function showChooser(candidates, event) {
  const box = $("chooser");
  box.replaceChildren(...candidates.map((a) => el("button", { onclick: () => act(a.id), "data-action": a.id, text: a.text })),
    el("button", { onclick: hideChooser, text: "cancel" }));
  box.hidden = false;
  const x = Math.min(event.clientX, window.innerWidth - 370);
  const y = Math.min(event.clientY, window.innerHeight - box.offsetHeight - 10);
  box.style.left = `${Math.max(4, x)}px`;
  box.style.top = `${Math.max(4, y)}px`;
}

function hideChooser() { $("chooser").hidden = true; }
document.addEventListener("click", (event) => { if (!$("chooser").contains(event.target)) hideChooser(); });

function render() {
  document.body.classList.remove("busy");
  const msg = last;
  const view = msg.view;
  const you = msg.role === "seat" ? `you are seat ${msg.seat} (${seatName(msg.seat)})` : msg.role === "table" ? "table link: enter dice and draws" : "spectating";
  $("title").textContent = `${view.game} · ${gameId}`;
  $("whoami").textContent = you;
  document.title = `boomtown — ${view.game}${msg.decision ? " — your turn" : ""}`;
  // whose turn
  const turn = $("turn");
  const cur = view.current_player;
  if (view.terminal) {
    turn.textContent = "Game over — " + winnersText(view);
    turn.className = "turn over";
  } else if (msg.decision) {
    turn.textContent = msg.role === "table" ? "Enter the chance outcome rolled or drawn at the table" : "Your turn";
    turn.className = "turn you";
  } else if (cur === -1) {
    turn.textContent = msg.table_mode ? "Waiting for the table to enter a chance outcome" : "Chance…";
    turn.className = "turn";
  } else {
    turn.textContent = `Waiting for ${seatName(cur)} (seat ${cur})`;
    turn.className = "turn";
  }
  if (msg.error) turn.textContent += ` — ${msg.error}`;
  // board
  const actions = legal();
  loadCatalogue(view.game);
  loadBoard(view.game);
  const ctx = {
    msg, view, state: view.state, seat: msg.seat, role: msg.role, legal: actions,
    seatName, clickable, act, targeting, entryOf,
    // TEMPORARY, for the Western Town board until it maps clicks by targets (issue 12):
    match: (test) => actions.filter((a) => (typeof test === "function" ? test(a.text) : test.test(a.text))),
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
  wireBoard(boardNode);
  // decision panel: the prompt, then a plain list of every legal action
  const prompt = view.prompt || {};
  const title = prompt.title || "";
  const progress = prompt.progress ? ` (${prompt.progress})` : "";
  const who = prompt.seat >= 0 ? seatName(prompt.seat) : prompt.for_seat !== null && prompt.for_seat !== undefined ? `for ${seatName(prompt.for_seat)}` : "";
  $("prompt").replaceChildren(
    el("strong", { text: view.terminal ? "The game is over." : msg.decision ? title + progress : `${who}${who ? ": " : ""}${title}${progress}` }),
    prompt.hint && !view.terminal ? el("span", { class: "hint", text: ` ${prompt.hint}` }) : null);
  $("actions").replaceChildren(...actions.map((a) => el("li", {}, el("button", { class: "action", "data-action": a.id, "data-kind": a.kind || "", onclick: () => act(a.id), text: a.text + (a.cost ? ` (${a.cost})` : "") }))));
  $("undo").hidden = !msg.can_undo;
  // seats
  $("seats").replaceChildren(...msg.seats.map((s) => el("li", { class: s.online ? "online" : "offline" },
    `${s.seat}: ${s.name}`, s.kind === "bot" ? ` (bot: ${s.bot})` : s.open ? " (open)" : "", cur === s.seat ? " ◀ to play" : "")));
  // score
  $("score").replaceChildren(scoreTable(view));
  // log
  const logNode = $("log");
  logNode.replaceChildren(...log.map((line) => el("li", { text: line })));
  logNode.parentElement.scrollTop = logNode.parentElement.scrollHeight;
}

function winnersText(view) {
  const score = view.score || {};
  const winners = score.winners || [];
  const names = winners.map((w) => `${seatName(w)} (seat ${w})`);
  return names.length ? `winner: ${names.join(", ")}` : "finished";
}

function scoreTable(view) {
  const score = view.terminal ? view.score : view.state?.score;
  if (!score || !Array.isArray(score.seats)) {
    return el("pre", { class: "tree", text: JSON.stringify(view.terminal ? { returns: view.returns, score: view.score } : score ?? "", null, 1) });
  }
  const rows = score.seats;
  const keys = Object.keys(rows[0] || {}).filter((k) => !["seat", "group", "buildings"].includes(k) && typeof rows[0][k] === "number" && k !== "total");
  const winners = new Set(score.winners || []);
  const table = el("table", { class: "score" },
    el("tr", {}, el("th", { text: view.terminal ? "final" : "so far" }), ...rows.map((r) => el("th", { class: winners.has(r.seat) && view.terminal ? "winner" : "", text: seatName(r.seat) }))),
    ...keys.map((k) => el("tr", {}, el("td", { text: k.replaceAll("_", " ") }), ...rows.map((r) => el("td", { text: r[k] })))),
    el("tr", { class: "total" }, el("td", { text: "total" }), ...rows.map((r) => el("td", { text: r.total }))));
  return table;
}

$("undo").addEventListener("click", undo);
if (!token) {
  setConn("no token in the link", "down");
  toast("This link has no token: open a seat or spectator link", true);
} else {
  connect();
}
