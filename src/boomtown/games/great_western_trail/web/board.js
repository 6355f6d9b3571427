// Great Western Trail board, drawn by boomtown in SVG and HTML (no publisher artwork): the
// trail as its route graph, Kansas City (foresight, job market, supply stacks, cattle market,
// objective display), the railroad with its stations and cities, and every player's board.
//
// Every thing is tagged with the id the view uses (docs/great-western-trail.md, "Ids and
// prompts"), so the table page (table.js) gives it its catalogue tip, its last-move outline
// and the legal actions whose first target it is. This module adds what ids alone cannot:
//   - movement by destination: every location the cattleman can reach this move is
//     highlighted with its fees; a click plans the engine's single steps (ctx.plan), and a
//     destination reached by several routes offers the routes, their first steps marked;
//   - the decision bar: the subphase named (Kansas City's five, with the current one), and the
//     actions that have no thing to click (finish, decline, certificates, draw), and the local
//     actions of the building the cattleman stands on, each one click ("…then finish" plans
//     the finish after it);
//   - delivery: each city with its transport cost from your engine and whether you may go.
// Board geometry (where each space sits, the trail's links, red crosses, stations, hire
// costs) is in geometry.json beside this file, checked against the game's data by
// tests/test_web_board_great_western_trail.py.
import { el } from "/static/js/api.js";
import GEO from "./geometry.json" with { type: "json" };

const NS = "http://www.w3.org/2000/svg";
const SPACE = new Map(GEO.spaces.map((s) => [s.key, s]));
const KC = "KC";
const WORKERS = ["cowboy", "craftsman", "engineer"];
const WORKER_LABEL = { cowboy: "Cowboy", craftsman: "Craftsman", engineer: "Engineer" };
const WORKER_PLURAL = { cowboy: "Cowboys", craftsman: "Craftsmen", engineer: "Engineers" };
const WORKER_COLOUR = { cowboy: "#b8732c", craftsman: "#3b6fb0", engineer: "#4d4d4d" };
const HAZARD_COLOUR = { flood: "#4f8fc6", drought: "#d2a03c", rockfall: "#8b8178" };
const TEEPEE_COLOUR = { teepee_green: "#3f8f3a", teepee_blue: "#2f62b4" };
const BREED_COLOUR = {
  jersey: "#e8c887", dutch_belt: "#3b3b3b", black_angus: "#1d1d1d", guernsey: "#c9823e",
  holstein: "#f2f2f2", brown_swiss: "#7d5330", ayrshire: "#a8432f", west_highland: "#d38b3d",
  texas_longhorn: "#9c4a1e",
};
/** The five subphases of a Kansas City visit (rule text), in order. */
const KC_STEPS = ["foresight 1", "foresight 2", "foresight 3", "income", "delivery"];
const JM_COLS = 4;
const WORKERS_MAX = 6;
/** Kinds of actions with no board thing to click: they go in the decision bar. */
const BAR_KINDS = new Set(["finish", "decline", "certificates", "draw"]);
const TRACK_X0 = 22;
const TRACK_DX = 23.4;
const TRACK_Y = 128;

// ------------------------------------------------------------------ small helpers
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "class") node.setAttribute("class", v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const tip = (text) => svg("title", { text });
const keyOf = (id) => (typeof id === "string" ? id.split(":")[1]?.split("@")[0] ?? "" : "");
const placeOf = (id) => (typeof id === "string" && id.includes("@") ? id.split("@")[1] : "");
const words = (key) => key.replaceAll("_", " ").replaceAll("-", " ");
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const money = (n) => (n < 0 ? `-$${-n}` : `$${n}`);

function nameOf(ctx, id, fallback = null) {
  const entry = ctx.entryOf(id);
  return entry ? entry.name : fallback ?? words(keyOf(id));
}

function details(ctx, id) { return ctx.entryOf(id)?.details || {}; }

/** A tile key's parts: worker, teepee, or hazard (type, hand, vp). */
function tileInfo(key) {
  if (WORKERS.includes(key)) return { worker: key };
  if (key.startsWith("teepee_")) return { teepee: key, colour: key.slice(7) };
  const [type, hand, vp] = key.split("_");
  return { hazard: type, hand, vp: Number(vp) };
}

// ------------------------------------------------------------------ the position, derived
function derive(ctx) {
  const st = ctx.state;
  const b = st.board;
  const keys = st.spaces;
  const building = new Map();  // space key -> building id (neutral or private)
  b.neutral_spaces.forEach((sp, i) => { if (b.neutral_building_ids[i]) building.set(keys[sp], b.neutral_building_ids[i]); });
  b.private_spaces.forEach((sp, i) => { if (b.private_building_ids[i]) building.set(keys[sp], b.private_building_ids[i]); });
  const tile = new Map();  // hazard or teepee space key -> tile id
  for (const g of GEO.spaces) {
    if (g.hazard) { const t = b.hazard_ids[g.hazard[0]]?.[g.hazard[1]]; if (t) tile.set(g.key, t); }
    if (g.teepee !== undefined) { const t = b.teepee_ids[g.teepee]; if (t) tile.set(g.key, t); }
  }
  const cattlemen = new Map();
  st.players.forEach((p, s) => {
    if (!p.cattleman_at) return;
    const k = keyOf(p.cattleman_at);
    if (!cattlemen.has(k)) cattlemen.set(k, []);
    cattlemen.get(k).push(s);
  });
  const me = ctx.role === "seat" && ctx.seat !== null && ctx.seat !== undefined ? ctx.seat : null;
  const m = { st, b, me, building, tile, cattlemen, players: ctx.view.players, legal: ctx.legal || [] };
  m.isLocation = (k) => {
    const g = SPACE.get(k);
    if (!g) return false;
    if (g.kind === "neutral" || g.kind === "kc") return true;
    if (g.kind === "private") return building.has(k);
    if (g.kind === "hazard" || g.kind === "teepee") return tile.has(k);
    return false;
  };
  m.byTarget = new Map();  // first target -> legal actions
  for (const a of m.legal) {
    const t = a.targets?.[0];
    if (!t) continue;
    if (!m.byTarget.has(t)) m.byTarget.set(t, []);
    m.byTarget.get(t).push(a);
  }
  m.kcStep = kcStep(ctx, st);
  m.move = moveOptions(ctx, m);
  return m;
}

/** The Kansas City subphase being decided (0-4), or -1. */
function kcStep(ctx, st) {
  const prompt = ctx.view.prompt || {};
  if (st.phase === "kc") {
    const found = /step (\d+) of 5/.exec(prompt.progress || "");
    return found ? Number(found[1]) - 1 : 0;
  }
  if (st.phase === "disc" && (prompt.subjects || []).some((id) => id.startsWith("city:"))) return 4;
  return -1;
}

// ------------------------------------------------------------------ movement
/** The nearest locations after space `k` (empty spaces are passed over, as the rules do). */
function nextLocations(m, k) {
  const out = [];
  const todo = [...(SPACE.get(k)?.next || [])];
  const seen = new Set();
  while (todo.length) {
    const x = todo.pop();
    if (seen.has(x)) continue;
    seen.add(x);
    if (m.isLocation(x)) { if (!out.includes(x)) out.push(x); } else todo.push(...(SPACE.get(x)?.next || []));
  }
  return out;
}

/** The fee seat `s` pays on arriving at location `k` ({amount, to}), from its hands. */
function feeAt(ctx, m, s, k) {
  const [green, black] = GEO.fees[String(m.players)] || [0, 0];
  const rate = (hand) => (hand === "green" ? green : black);
  const t = m.tile.get(k);
  if (t) {
    const info = tileInfo(keyOf(t));
    if (info.teepee) return { amount: rate(info.colour === "green" ? "green" : "black"), to: -1 };
    return { amount: rate(info.hand), to: -1 };
  }
  const bid = m.building.get(k);
  const owner = bid && placeOf(bid) !== "" ? Number(placeOf(bid)) : -1;
  if (owner < 0 || owner === s) return { amount: 0, to: -1 };
  const hands = details(ctx, bid).hands;
  if (!hands) return { amount: 0, to: owner, unknown: true };
  return { amount: sum(hands.map(rate)), to: owner };
}

/** This seat's movement now: every reachable location with its routes and fees. */
function moveOptions(ctx, m) {
  const moves = m.legal.filter((a) => a.kind === "move");
  if (!moves.length || m.me === null) return null;
  const p = m.st.players[m.me];
  if (!p.cattleman_at) return null;  // the first placement: the neutral buildings, plain clicks
  let left = p.step_limit;
  if (m.st.phase === "move") {
    const found = /step (\d+) of up to (\d+)/.exec(ctx.view.prompt?.progress || "");
    left = found ? Number(found[2]) - Number(found[1]) + 1 : 1;
  }
  const first = new Map(moves.map((a) => [a.targets[0], a]));
  // an objective card's move pays no fees: its first steps say so (no cost where a fee is due)
  const here = keyOf(p.cattleman_at);
  const free = moves.some((a) => !a.cost && feeAt(ctx, m, m.me, keyOf(a.targets[0])).amount > 0);
  const routes = new Map();
  const walk = (at, path, fee, paid) => {
    if (path.length >= left) return;
    for (const nxt of nextLocations(m, at)) {
      if (!path.length && !first.has(`space:${nxt}`)) continue;
      if (path.length && nxt === KC && !first.has("space:KC") && free) continue;
      const f = free ? { amount: 0, to: -1 } : feeAt(ctx, m, m.me, nxt);
      const route = { path: [...path, nxt], fee: fee + f.amount, paid: { ...paid } };
      if (f.amount) route.paid[f.to] = (route.paid[f.to] || 0) + f.amount;
      if (!routes.has(nxt)) routes.set(nxt, []);
      routes.get(nxt).push(route);
      if (nxt !== KC) walk(nxt, route.path, route.fee, route.paid);
    }
  };
  walk(here, [], 0, {});
  for (const [k, list] of routes) routes.set(k, list.filter((r) => !list.some((q) => q !== r && dominates(q, r))));
  return { routes, left, here, stop: m.legal.find((a) => a.kind === "stop"), free };
}

/** Route q is never worse than r: no more steps, nobody paid more, and it differs. Passing a
 * location gives nothing but its fee, so r is then not worth a question. */
function dominates(q, r) {
  if (q.path.length > r.path.length) return false;
  const payees = new Set([...Object.keys(q.paid), ...Object.keys(r.paid)]);
  for (const p of payees) if ((q.paid[p] || 0) > (r.paid[p] || 0)) return false;
  return q.path.length < r.path.length || q.fee < r.fee || q.path.join() < r.path.join();
}

/** The planned steps of a route: one move per location, then "stop" if steps are left. */
function routePlan(move, route) {
  const steps = route.path.map((k) => ({ match: (a) => a.kind === "move" && a.targets[0] === `space:${k}` }));
  const last = route.path[route.path.length - 1];
  if (route.path.length < move.left && last !== KC) steps.push({ match: (a) => a.kind === "stop" });
  return steps;
}

function routeText(route) {
  const stops = route.path.join(" → ");
  return `${stops}${route.fee ? ` — $${route.fee} in fees` : " — no fees"}`;
}

// ------------------------------------------------------------------ the trail
function spaceShape(g) {
  switch (g.kind) {
    case "start": return svg("rect", { class: "shape", x: -26, y: -16, width: 52, height: 32, rx: 8 });
    case "kc": return svg("circle", { class: "shape", r: 30 });
    case "neutral": return svg("rect", { class: "shape", x: -22, y: -22, width: 44, height: 44, rx: 7 });
    case "private": return svg("rect", { class: "shape", x: -19, y: -19, width: 38, height: 38, rx: 10 });
    case "hazard": return svg("rect", { class: "shape", x: -18, y: -18, width: 36, height: 36, rx: 4 });
    default: return svg("circle", { class: "shape", r: 18 });
  }
}

function handDots(hands, y) {
  return hands.map((h, i) => svg("circle", { class: `hand hand-${h}`, cx: (i - (hands.length - 1) / 2) * 9, cy: y, r: 3.6 }));
}

function buildingNode(ctx, id) {
  const owner = placeOf(id);
  const key = keyOf(id);
  if (owner === "") {  // neutral
    return svg("g", { class: "bld neutral", "data-id": id },
      svg("rect", { class: "shape", x: -17, y: -17, width: 34, height: 34, rx: 5 }),
      svg("text", { class: "bld-letter", y: 8, text: key }));
  }
  const hands = details(ctx, id).hands || [];
  return svg("g", { class: "bld private", "data-id": id, style: `--owner:${ctx.seatColour(Number(owner))}` },
    svg("rect", { class: "shape", x: -16, y: -16, width: 32, height: 32, rx: 8 }),
    svg("text", { class: "bld-num", y: 4, text: key }),
    ...handDots(hands, 11));
}

function tileNode(ctx, id, size = 15) {
  const info = tileInfo(keyOf(id));
  if (info.teepee) {
    return svg("g", { class: `tile teepee ${info.teepee}`, "data-id": id },
      svg("path", { class: "shape", d: `M0 ${-size} L${size * 0.9} ${size * 0.8} L${-size * 0.9} ${size * 0.8} Z`, fill: TEEPEE_COLOUR[info.teepee] }),
      svg("path", { class: "poles", d: `M-3 ${-size - 4} L3 ${-size + 6} M3 ${-size - 4} L-3 ${-size + 6}` }));
  }
  if (info.hazard) {
    return svg("g", { class: `tile hazard ${info.hazard}`, "data-id": id },
      svg("rect", { class: "shape", x: -size, y: -size, width: 2 * size, height: 2 * size, rx: 4, fill: HAZARD_COLOUR[info.hazard] }),
      svg("text", { class: "vp", y: 3, text: `${info.vp}` }),
      svg("circle", { class: `hand hand-${info.hand}`, cy: size - 5, r: 3.6 }));
  }
  return svg("g", { class: `tile worker ${info.worker}`, "data-id": id },
    svg("rect", { class: "shape", x: -size, y: -size, width: 2 * size, height: 2 * size, rx: size, fill: WORKER_COLOUR[info.worker] }),
    svg("text", { class: "wk", y: 4, text: info.worker[0].toUpperCase() + (info.worker === "craftsman" ? "r" : "") }));
}

function pawn(ctx, s, i) {
  const x = 14 + i * 11;
  return svg("g", { class: "pawn", transform: `translate(${x},-18)` },
    tip(`${ctx.seatName(s)}'s cattleman`),
    svg("path", { d: "M-7 10 L-4 -1 A5 5 0 1 1 4 -1 L7 10 Z", fill: ctx.seatColour(s) }));
}

/** What never changes on the trail (roads, labels, the spaces' shapes and names), drawn once
 * and cloned for every state: cloning is several times faster than drawing anew. */
let trailTemplate = null;

function trailSkeleton() {
  if (trailTemplate) return trailTemplate;
  const [x0, y0, w, h] = GEO.viewBox;
  const root = svg("svg", { class: "gwt-trail", viewBox: `${x0} ${y0} ${w} ${h}`, role: "img", "aria-label": "the trail" });
  const edges = svg("g", { class: "edges" });
  for (const g of GEO.spaces) {
    for (const n of g.next) {
      const to = SPACE.get(n);
      edges.append(svg("line", { x1: g.x, y1: g.y, x2: to.x, y2: to.y }));
    }
  }
  root.append(edges);
  for (const label of GEO.labels) root.append(svg("text", { class: "area-label", x: label.x, y: label.y, text: label.text }));
  for (const g of GEO.spaces) {
    const cls = ["sp", `kind-${g.kind}`, g.woods ? "woods" : "", g.risk ? "risk" : ""];
    const node = svg("g", { class: cls.filter(Boolean).join(" "), "data-id": `space:${g.key}`, "data-space": g.key, transform: `translate(${g.x},${g.y})` });
    node.append(spaceShape(g));
    if (g.woods) node.append(svg("path", { class: "tree", d: "M-17 -9 l4 -9 l4 9 Z" }));
    if (g.risk) node.append(svg("path", { class: "risk-mark", d: "M12 -19 l7 12 h-14 Z" }));
    if (g.kind === "start") node.append(svg("text", { class: "sp-title", y: 4, text: "Start" }));
    if (g.kind === "kc") node.append(svg("text", { class: "sp-title", y: -2, text: "Kansas" }), svg("text", { class: "sp-title", y: 10, text: "City" }));
    if (g.kind === "teepee") node.append(svg("text", { class: "value", y: 32, text: money(GEO.teepee_values[g.teepee]) }));
    if (g.kind !== "start" && g.kind !== "kc") node.append(svg("text", { class: "sp-key", y: g.kind === "teepee" ? 42 : 31, text: g.key }));
    root.append(node);
  }
  for (const slot of GEO.teepee_off_trail) {
    root.append(svg("g", { class: "sp kind-teepee off-trail", "data-slot": slot.slot, transform: `translate(${slot.x},${slot.y})` },
      svg("circle", { class: "shape", r: 17 }),
      svg("text", { class: "value", y: 31, text: money(GEO.teepee_values[slot.slot]) })));
  }
  trailTemplate = root;
  return root;
}

function trailSvg(ctx, m) {
  const root = trailSkeleton().cloneNode(true);
  const move = m.move;
  const forks = svg("g", { class: "fork-marks" });
  for (const node of root.querySelectorAll("g.sp[data-space]")) {
    const g = SPACE.get(node.dataset.space);
    node.classList.add(m.isLocation(g.key) ? "loc" : "empty");
    const bid = m.building.get(g.key);
    if (bid) node.append(buildingNode(ctx, bid));
    const tid = m.tile.get(g.key);
    if (tid) node.append(tileNode(ctx, tid));
    const here = m.cattlemen.get(g.key) || [];
    here.forEach((s, i) => node.append(pawn(ctx, s, i)));
    if (move) wireMove(ctx, m, move, node, g, forks);
  }
  for (const node of root.querySelectorAll("g.off-trail")) {
    const tid = m.b.teepee_ids[Number(node.dataset.slot)];
    if (tid) node.append(tileNode(ctx, tid));
  }
  root.append(forks);
  return root;
}

/** Reachable locations take a planned move; the cattleman's own space may stop there. */
function wireMove(ctx, m, move, node, g, forks) {
  if (g.key === move.here && move.stop) {
    node.classList.add("here");
    ctx.clickable(node, [move.stop]);
    return;
  }
  const routes = move.routes.get(g.key);
  if (!routes) return;
  const fees = [...new Set(routes.map((r) => r.fee))].sort((a, b) => a - b);
  node.classList.add("reach");
  const label = fees.some((f) => f > 0) ? fees.map((f) => `$${f}`).join("/") : "";
  const steps = Math.min(...routes.map((r) => r.path.length));
  node.setAttribute("data-steps", steps);
  node.setAttribute("data-fees", fees.join(","));
  node.setAttribute("data-routes", routes.length);
  node.append(svg("g", { class: "reach-badge", transform: "translate(0,-30)" },
    svg("rect", { x: label ? -19 : -9, y: -8, width: label ? 38 : 18, height: 15, rx: 7 }),
    svg("text", { y: 3, text: label ? `${steps}· ${label}` : `${steps}` })));
  const candidates = routes.map((route, i) => ({
    id: `route:${g.key}:${i}`, text: routes.length > 1 ? `route ${i + 1} to ${g.key}: via ${route.path.slice(0, -1).join(", ") || "the direct way"}` : `move to ${g.key}`,
    cost: route.fee ? `$${route.fee} in fees` : "", plan: routePlan(move, route), kind: "move", targets: [`space:${g.key}`],
  }));
  if (routes.length > 1) {
    node.classList.add("fork-dest");
    // the first steps where the routes part are marked while the choice is open
    node.addEventListener("click", () => markFork(forks, routes), true);
  }
  ctx.clickable(node, candidates);
}

function markFork(layer, routes) {
  layer.replaceChildren();
  routes.forEach((route, i) => {
    const other = routes.filter((r) => r !== route);
    const at = route.path.find((k, j) => other.every((r) => r.path[j] !== k));
    const g = SPACE.get(at || route.path[0]);
    layer.append(svg("g", { class: "fork-choice", transform: `translate(${g.x},${g.y})` },
      svg("circle", { r: 27 }), svg("text", { y: -42, text: `route ${i + 1}` })));
  });
  const clear = () => { layer.replaceChildren(); document.removeEventListener("click", clear); };
  setTimeout(() => document.addEventListener("click", clear), 0);
}

// ------------------------------------------------------------------ the decision bar
function phaseName(ctx, m) {
  const prompt = ctx.view.prompt || {};
  if (ctx.view.terminal) return "The game is over";
  const title = prompt.title || "";
  const progress = prompt.progress ? ` · ${prompt.progress}` : "";
  const phase = m.st.phase;
  let stage = "";
  if (phase === "phase_a" || (phase === "move" && !title.startsWith("Objective"))) stage = "Phase A — move";
  else if (phase === "phase_b" || phase === "borrow" || phase === "adjacent") stage = "Phase B — actions";
  else if (m.kcStep >= 0) stage = "Phase B — Kansas City";
  return { stage, text: title + progress };
}

function kcTracker(m) {
  return el("ol", { class: "kc-steps", "aria-label": "Kansas City subphases" },
    KC_STEPS.map((name, i) => el("li", { class: i === m.kcStep ? "now" : i < m.kcStep ? "done" : "", text: `${i + 1} ${name}` })));
}

function actionButton(ctx, a, label = null, extra = "") {
  const button = el("button", { class: `bar-action ${extra}`, type: "button", "data-kind": a.kind, "data-action": a.id },
    label ?? a.text, a.cost && !(label ?? a.text).includes(a.cost) ? el("span", { class: "cost", text: ` ${a.cost}` }) : null);
  ctx.clickable(button, [a]);
  return button;
}

function bar(ctx, m) {
  const name = phaseName(ctx, m);
  const node = el("div", { class: "gwt-bar", id: "gwt-bar" });
  if (typeof name === "string") { node.append(el("strong", { text: name })); return node; }
  node.append(el("div", { class: "bar-title" },
    name.stage ? el("span", { class: "stage", text: name.stage }) : null,
    el("span", { class: "what", text: name.text })));
  if (m.kcStep >= 0) node.append(kcTracker(m));
  const buttons = [];
  const phase = m.st.phase;
  const locals = m.legal.filter((a) => a.kind === "local-action");
  const finish = m.legal.find((a) => a.kind === "finish" && phase === "phase_b");
  // "…then finish": the local action, then (once its own choices are made) the finish, at
  // this same location (a cattleman moved by the action starts a new phase B there)
  const at = (ctx.view.prompt?.subjects || []).join();
  const finishHere = (x, view) => x.kind === "finish" && view.state.phase === "phase_b" && (view.prompt?.subjects || []).join() === at;
  for (const a of locals) {
    buttons.push(actionButton(ctx, a, null, "local"));
    buttons.push(planButton(ctx, "…then finish", "take this local action, then end your turn", [a.id, { match: finishHere, wait: true }], a));
  }
  if (phase === "phase_b" || phase === "aux_choice") {
    for (const a of m.legal.filter((x) => x.kind === "auxiliary-action")) buttons.push(actionButton(ctx, a, a.text.replace("auxiliary action: ", "aux: "), "aux"));
  }
  if (m.move?.stop) buttons.push(actionButton(ctx, m.move.stop, "stop here"));
  for (const a of m.legal.filter((x) => BAR_KINDS.has(x.kind) || (x.kind === "accept" && !x.targets?.length))) {
    if (a === finish) buttons.push(actionButton(ctx, a, "finish (end your turn)", "finish"));
    else buttons.push(actionButton(ctx, a));
  }
  if (buttons.length) node.append(el("div", { class: "bar-actions" }, ...buttons));
  else if (ctx.msg.chance) node.append(el("span", { class: "hint", text: "Enter the outcome in the list of choices." }));
  else if (m.legal.length) node.append(el("span", { class: "hint", text: "Click a highlighted thing on the board." }));
  return node;
}

function planButton(ctx, label, title, steps, a) {
  const button = el("button", { class: "bar-action then", type: "button", title, "data-kind": "plan", "data-then": a.id }, label);
  ctx.clickable(button, [{ id: `plan:${a.id}`, text: `${a.text}, then finish`, cost: a.cost, kind: "plan", targets: [], plan: steps }]);
  return button;
}

// ------------------------------------------------------------------ Kansas City
function tileChip(ctx, id, extra = "") {
  const info = tileInfo(keyOf(id));
  const label = info.worker ? WORKER_LABEL[info.worker] : info.teepee ? `${info.colour} teepee` : `${info.hazard} ${info.vp}`;
  const colour = info.worker ? WORKER_COLOUR[info.worker] : info.teepee ? TEEPEE_COLOUR[info.teepee] : HAZARD_COLOUR[info.hazard];
  return el("span", { class: `tile-chip ${extra}`, "data-id": id, style: `--tile:${colour}` },
    el("span", { class: "t", text: label }),
    info.hand ? el("span", { class: `hand-dot hand-${info.hand}`, title: `${info.hand} hand` }) : null);
}

function foresight(ctx, m) {
  const cols = m.b.foresight_ids.map((col, c) => el("div", { class: `fs-col${m.kcStep === c ? " now" : ""}` },
    el("div", { class: "lbl", text: `column ${c + 1}` }),
    ...col.map((id, r) => (id ? tileChip(ctx, id) : el("span", { class: "tile-chip empty", "data-slot": `${c + 1}.${r + 1}`, text: "—" })))));
  return el("section", { class: "kc-box foresight" }, el("h4", { text: "Foresight" }), el("div", { class: "fs-cols" }, ...cols),
    el("div", { class: "stacks" }, el("span", { class: "lbl", text: "supply stacks" }),
      ...m.b.supply_stacks.map((n, i) => el("span", { class: "stack", title: `supply stack ${i + 1}: ${n} tiles`, text: `${i + 1}: ${n}` }))));
}

function jobMarket(ctx, m) {
  const n = m.players;
  const token = m.b.job_market_token_row;
  const rows = [];
  const total = m.b.job_market_tile_ids.length / JM_COLS;
  for (let r = 0; r < total; r++) {
    const cells = [];
    for (let c = 0; c < JM_COLS; c++) {
      const id = m.b.job_market_tile_ids[r * JM_COLS + c];
      if (c < JM_COLS - n) cells.push(el("td", { class: "blocked", title: `not used with ${n} players` }));
      else cells.push(el("td", {}, id ? tileChip(ctx, id, "small") : el("span", { class: "free", "data-id": m.b.job_market_ids[r * JM_COLS + c] })));
    }
    const yellow = GEO.yellow_arrows.includes(r + 1);
    rows.push(el("tr", { class: `${r === token ? "token-row" : ""}${r < token ? " past" : ""}${yellow ? " yellow" : ""}`, "data-row": r + 1 },
      el("th", { title: `row ${r + 1}: hiring costs $${GEO.hire_costs[r]}` }, r === token ? el("span", { class: "token", title: "the job market token" }) : null, `$${GEO.hire_costs[r]}`),
      ...cells,
      el("td", { class: "arrow", title: yellow ? "yellow arrow: leaving this row refills the cattle market" : r === total - 1 ? "red arrow: leaving the last row ends the game" : "" },
        yellow ? "↓ refill" : r === total - 1 ? "↓ end" : "")));
  }
  const holder = ctx.view.state.job_market_token_holder;
  return el("section", { class: "kc-box job-market" },
    el("h4", { text: "Job market" }),
    el("table", { class: "jm" }, el("tbody", {}, ...rows)),
    token >= total ? el("p", { class: "hint", text: `The token left the last row${holder >= 0 ? `: ${ctx.seatName(holder)} took it` : ""}; the game ends.` }) : null);
}

function cattleCard(ctx, id, count = 1, extra = "") {
  const entry = ctx.entryOf(id);
  const d = entry?.details || {};
  const isObjective = id.startsWith("objective:");
  if (isObjective) return objectiveCard(ctx, id, count, extra);
  const breed = d.breed || keyOf(id).replace(/_\d$/, "");
  return el("div", { class: `gwt-card cattle ${extra}`, "data-id": id, style: `--breed:${BREED_COLOUR[breed] || "#999"}` },
    el("span", { class: "band" }),
    el("span", { class: "name" }, entry ? entry.name.replace(/ \(\d VP\)/, "") : words(keyOf(id)),
      count > 1 ? el("span", { class: "count", text: ` ×${count}` }) : null),
    el("span", { class: "stats" },
      el("span", { class: "bv", title: "breeding value", text: d.value ?? "?" }),
      el("span", { class: "vp", title: "victory points", text: `${d.vp ?? "?"} VP` })));
}

function objectiveCard(ctx, id, count = 1, extra = "") {
  const entry = ctx.entryOf(id);
  const d = entry?.details || {};
  const tasks = (d.tasks || []).map((t) => TASK_SHORT[t] || t).join(" ");
  return el("div", { class: `gwt-card objective ${extra}`, "data-id": id },
    el("span", { class: "name" }, `objective ${keyOf(id)}`, count > 1 ? el("span", { class: "count", text: ` ×${count}` }) : null),
    el("span", { class: "tasks", text: tasks }),
    el("span", { class: "vp", text: entry?.points || "" }));
}

const TASK_SHORT = { bld: "bldg", st: "stn", tg: "▲g", tb: "▲b", hz: "hz", v3: "3", v4: "4", v5: "5", sf: "SF" };

function cattleMarket(ctx, m) {
  const groups = new Map();
  for (const [id, n] of Object.entries(m.b.cattle_market_ids)) {
    if (!n) continue;
    const value = details(ctx, id).value ?? "?";
    if (!groups.has(value)) groups.set(value, []);
    groups.get(value).push(cattleCard(ctx, id, n, "small"));
  }
  const cols = [...groups].sort((a, b) => a[0] - b[0]).map(([value, cards]) => el("div", { class: "breed-group" },
    el("div", { class: "lbl", text: `breeding value ${value}` }), el("div", { class: "cards" }, ...cards)));
  return el("section", { class: "kc-box cattle-market" },
    el("h4", { text: "Cattle market" }),
    el("div", { class: "market-groups" }, ...(cols.length ? cols : [el("span", { class: "hint", text: "empty" })])),
    el("div", { class: "deck-line" }, el("span", { class: "deck", "data-id": m.b.cattle_deck_id, text: `cattle deck: ${m.b.cattle_deck}` })));
}

function objectiveDisplay(ctx, m) {
  return el("section", { class: "kc-box objectives" },
    el("h4", { text: "Objective cards" }),
    el("div", { class: "cards" }, ...m.b.objective_display_ids.map((id) => objectiveCard(ctx, id))),
    el("div", { class: "deck-line" }, el("span", { class: "deck", "data-id": m.b.objective_deck_id, text: `deck: ${m.b.objective_deck}` })));
}

function kansasCity(ctx, m) {
  return el("div", { class: "gwt-kc" }, callout(ctx, m, "kc"),
    foresight(ctx, m), objectiveDisplay(ctx, m), jobMarket(ctx, m), cattleMarket(ctx, m));
}

// ------------------------------------------------------------------ the railroad
const railX = (n) => TRACK_X0 + n * TRACK_DX;

function enginePos(id) {
  if (!id) return null;
  if (id.startsWith("rail:")) return { rail: Number(keyOf(id)) };
  const k = Number(keyOf(id)) - 1;
  const station = GEO.stations[k];
  return { station: k, rail: station.after, nose: station.after + (station.after < GEO.last_rail ? 1 : 0) };
}

/** $1 per red cross between the engine's nose and the city's crest (its value). */
function transportCost(engineId, value) {
  const pos = enginePos(engineId);
  if (!pos) return 0;
  const nose = pos.nose ?? pos.rail;
  return GEO.red_crosses.filter((x) => nose <= x && x < value).length;
}

function stationXY(k) {
  const after = GEO.stations[k].after;
  return after < GEO.last_rail ? [railX(after) + 12, TRACK_Y + 44] : [railX(after), TRACK_Y + 44];
}

function loco(ctx, s, dx = 0) {
  return svg("g", { class: "engine", transform: `translate(${dx},0)` }, tip(`${ctx.seatName(s)}'s engine`),
    svg("path", { d: "M-9 6 L-9 -4 L-3 -4 L-3 -10 L3 -10 L3 -4 L9 -1 L9 6 Z", fill: ctx.seatColour(s) }),
    svg("circle", { cx: -5, cy: 7, r: 2.6, class: "wheel" }), svg("circle", { cx: 5, cy: 7, r: 2.6, class: "wheel" }));
}

/** The railroad's fixed parts (cities, crests, red crosses, track, turnouts, stations), drawn
 * once and cloned for every state. */
let railTemplate = null;

function railSkeleton() {
  if (railTemplate) return railTemplate;
  const root = svg("svg", { class: "gwt-rail", viewBox: "0 0 960 262", role: "img", "aria-label": "the railroad" });
  GEO.cities.forEach((c, i) => {
    root.append(svg("g", { class: `city${c.dark ? " dark" : ""}`, "data-id": `city:${c.key}`, transform: `translate(${8 + i * 95},6)` },
      svg("rect", { class: "shape", width: 88, height: 70, rx: 6 }),
      svg("path", { class: "corner", d: "M0 10 L0 6 A6 6 0 0 1 6 0 L10 0 Z" }),
      svg("path", { class: "corner", d: "M78 0 L82 0 A6 6 0 0 1 88 6 L88 10 Z" }),
      svg("text", { class: "city-name", x: 44, y: 15, text: shortCity(c.name) }),
      svg("text", { class: "city-value", x: 44, y: 30, text: c.value ? `value ${c.value}` : "any value" })));
  });
  for (const c of GEO.cities) {  // each city's crest on the track, where its value sits
    if (!c.value) continue;
    root.append(svg("g", { class: "crest", transform: `translate(${railX(c.value)},${TRACK_Y - 30})` },
      svg("path", { d: "M-6 -6 H6 V2 L0 7 L-6 2 Z" }), svg("text", { y: 1.5, text: c.value })));
  }
  for (const x of GEO.red_crosses) root.append(svg("text", { class: "red-cross", x: railX(x), y: TRACK_Y - 13, text: "✚" }));
  root.append(svg("line", { class: "rails", x1: railX(0), y1: TRACK_Y, x2: railX(GEO.last_rail), y2: TRACK_Y }));
  for (let n = 0; n <= GEO.last_rail; n++) {
    root.append(svg("g", { class: "rail-space", "data-id": `rail:${n}`, transform: `translate(${railX(n)},${TRACK_Y})` },
      svg("rect", { class: "shape", x: -10, y: -10, width: 20, height: 20, rx: 3 }),
      n % 5 === 0 ? svg("text", { class: "rail-n", y: 22, text: n }) : null));
  }
  GEO.stations.forEach((station, k) => {
    const [x, y] = stationXY(k);
    root.append(svg("line", { class: "turnout", x1: railX(station.after), y1: TRACK_Y, x2: x, y2: y }));
    root.append(svg("g", { class: `station${station.dark ? " dark" : ""}`, "data-id": `station:${k + 1}`, transform: `translate(${x},${y})` },
      svg("circle", { class: "shape", r: 15 }),
      svg("text", { class: "st-cost", y: -2, text: `$${station.cost}` }),
      svg("text", { class: "st-vp", y: 9, text: `${station.vp} VP` })));
  });
  railTemplate = root;
  return root;
}

function railroad(ctx, m) {
  const root = railSkeleton().cloneNode(true);
  const nodes = new Map([...root.querySelectorAll("[data-id]")].map((n) => [n.dataset.id, n]));
  const delivering = m.legal.some((a) => a.kind === "deliver");
  const myEngine = m.me !== null ? m.st.players[m.me].engine_at : null;
  const value = /Delivery value (\d+)/.exec(ctx.view.prompt?.hint || "");
  const deliveryValue = value ? Number(value[1]) : null;
  for (const c of GEO.cities) {
    const id = `city:${c.key}`;
    const node = nodes.get(id);
    let dx = 6;
    m.st.players.forEach((p, s) => {  // every player's discs
      const n = p.city_disc_ids[id] || 0;
      if (!n) return;
      node.append(svg("g", { transform: `translate(${dx + 6},56)` }, tip(`${ctx.seatName(s)}: ${n} disc${n > 1 ? "s" : ""}`),
        svg("circle", { r: 6.5, fill: ctx.seatColour(s), class: "disc" }),
        n > 1 ? svg("text", { class: "disc-n", y: 3, text: n }) : null));
      dx += 16;
    });
    if (!delivering) continue;
    const action = (m.byTarget.get(id) || []).find((a) => a.kind === "deliver");
    const computed = transportCost(myEngine, c.value);
    node.classList.add(action ? "deliverable" : "closed");
    node.setAttribute("data-transport", computed);
    node.append(svg("g", { class: "delivery-badge", transform: "translate(44,44)" },
      svg("rect", { x: -40, y: -8, width: 80, height: 15, rx: 7 }),
      svg("text", { y: 3, text: action ? (action.cost || "no transport") : closedReason(m, c, id, deliveryValue, computed) })));
  }
  // engines on the track or on a station's turnout, discs on the stations, station masters
  m.st.players.forEach((p, s) => {
    const pos = enginePos(p.engine_at);
    if (!pos) return;
    const node = nodes.get(pos.station !== undefined ? `station:${pos.station + 1}` : `rail:${pos.rail}`);
    const count = node.querySelectorAll(".engine").length;
    const shift = pos.station !== undefined ? "translate(0,26)" : "";
    node.append(svg("g", { transform: shift }, loco(ctx, s, (count - 1) * 8)));
  });
  const masters = GEO.stations.filter((st) => st.master);
  GEO.stations.forEach((station, k) => {
    const node = nodes.get(`station:${k + 1}`);
    let dx = -14;
    m.st.players.forEach((p, s) => {
      if (!p.station_discs[k]) return;
      node.append(svg("circle", { class: "disc", cx: dx + 4, cy: -19, r: 5, fill: ctx.seatColour(s) }, tip(`${ctx.seatName(s)}'s disc`)));
      dx += 10;
    });
    const slot = masters.indexOf(station);
    if (slot < 0) return;
    const [x, y] = stationXY(k);
    const master = m.b.station_master_ids[slot];
    const g = svg("g", { class: `master${master ? "" : " gone"}`, transform: `translate(${x},${y + 48})` },
      svg("rect", { class: "shape", x: -30, y: -12, width: 60, height: 30, rx: 4 }));
    if (master) {
      g.setAttribute("data-id", master);
      const d = details(ctx, master);
      g.append(svg("text", { class: "m-now", y: 0, text: MASTER_NOW[d.immediate] ?? "master" }),
        svg("text", { class: "m-end", y: 12, text: MASTER_END[d.scoring] ?? "" }));
    } else {
      g.append(svg("text", { class: "m-now", y: 6, text: "taken" }));
    }
    root.append(g);
  });
  return root;
}

const MASTER_NOW = { money2: "+$2", hazard_or_teepee: "hazard/teepee", none: "+1 cert" };
const MASTER_END = { workers: "1 VP/worker", objectives: "3 VP/2 obj.", hazards: "3 VP/2 haz.", teepee_pairs: "3 VP/teepee pr", certificates: "3 VP/2 cert." };

function shortCity(name) {
  return name.length <= 14 ? name : name.replace(/(\S{3})\S+$/, "$1.");
}

function closedReason(m, c, id, deliveryValue, cost) {
  const p = m.st.players[m.me];
  if (!c.repeat && p.city_disc_ids[id]) return "your disc is there";
  if (deliveryValue !== null && c.value > deliveryValue) return `needs ${c.value}`;
  if (cost > p.money) return `$${cost}: too dear`;
  return c.dark ? "no disc" : "no white disc";
}

// ------------------------------------------------------------------ player boards
function certTrack(p) {
  const marks = [0, 1, 2, 3, 4, 6].map((v) => el("span", {
    class: `cert${v === p.certificates ? " now" : ""}${v > p.certificate_limit ? " locked" : ""}`,
    title: v > p.certificate_limit ? "beyond your limit" : "", text: v,
  }));
  return el("span", { class: "certs", title: "temporary certificates (limit by your discs), and permanent ones" },
    el("span", { class: "lbl", text: "certificates" }), ...marks,
    p.permanent_certificates ? el("span", { class: "perm", text: `+${p.permanent_certificates} permanent` }) : null);
}

function discRows(ctx, m, p, s) {
  const rows = p.disc_space_ids.map((id, i) => {
    const entry = ctx.entryOf(id);
    const d = entry?.details || {};
    const max = d.discs ?? Math.max(p.disc_spaces[i], 1);
    const left = p.disc_spaces[i];
    const key = keyOf(id);
    const discs = [];
    for (let j = 0; j < max; j++) discs.push(el("span", { class: `disc-slot${j < left ? " full" : ""}`, style: j < left ? `background:${ctx.seatColour(s)}` : "" }));
    let state = left === 0 ? "unlocked" : "";
    if (key.startsWith("aux_")) {
      const single = max === 1 || left < max;
      state = left === 0 ? "single + double" : single ? "single" : "locked";
    }
    const row = el("div", { class: `disc-row${d.dark ? " dark" : ""}${left === 0 ? " cleared" : ""}`, "data-id": id },
      el("span", { class: "row-name", text: entry ? entry.name : words(key) }),
      el("span", { class: "discs" }, ...discs),
      el("span", { class: "row-state", text: state }));
    for (const a of (m.byTarget.get(id) || []).filter((x) => x.kind === "auxiliary-action")) {
      const b = el("button", { class: "aux-btn", type: "button", "data-action": a.id }, a.text.replace("auxiliary action: ", ""), a.cost ? ` (${a.cost})` : "");
      ctx.clickable(b, [a]);
      row.append(b);
    }
    return row;
  });
  return el("div", { class: "disc-rows" },
    el("div", { class: "lbl", text: "disc spaces (clearing one unlocks it; a thick ring: dark corners, dark cities and stations only)" }), ...rows);
}

function workers(ctx, p, s) {
  return el("div", { class: "workers" }, ...WORKERS.map((w, i) => {
    const n = p.workers[w];
    const slots = [];
    for (let j = 0; j < WORKERS_MAX; j++) slots.push(el("span", { class: `w-slot${j < n ? " full" : ""}`, style: j < n ? `background:${WORKER_COLOUR[w]}` : "" }));
    const appointed = p.station_master_workers[w];
    return el("div", { class: "worker-row", "data-id": p.worker_ids[i] },
      el("span", { class: "w-name", text: WORKER_PLURAL[w] }), el("b", { text: n }), el("span", { class: "w-slots" }, ...slots),
      appointed ? el("span", { class: "hint", text: ` +${appointed} as station master` }) : null);
  }));
}

function supply(ctx, p) {
  const left = p.building_ids.filter(Boolean);
  return el("div", { class: "supply" }, el("span", { class: "lbl", text: `buildings left (${left.length})` }),
    ...left.map((id) => el("span", { class: "bld-chip", "data-id": id, style: `--owner:${ctx.seatColour(Number(placeOf(id)))}`, text: keyOf(id).replace("building:", "") })));
}

function owned(ctx, p) {
  const items = [];
  for (const [id, n] of Object.entries(p.tile_ids)) if (n) items.push(el("span", { class: "owned-item" }, tileChip(ctx, id, "small"), n > 1 ? `×${n}` : ""));
  p.station_master_ids.forEach((id, i) => { if (p.station_masters[i]) items.push(el("span", { class: "master-chip", "data-id": id, text: nameOf(ctx, id, "station master").replace("Station master: ", "") })); });
  return el("div", { class: "owned" }, el("span", { class: "lbl", text: "teepees, hazards, station masters" }),
    ...(items.length ? items : [el("span", { class: "hint", text: "none yet" })]));
}

function objectivesPlayed(ctx, p) {
  const cards = Object.entries(p.objective_ids).filter(([, n]) => n).map(([id, n]) => objectiveCard(ctx, id, n, "small"));
  return el("div", { class: "obj-area" }, el("span", { class: "lbl", text: "objective cards" }),
    ...(cards.length ? cards : [el("span", { class: "hint", text: "none" })]));
}

function handCards(ctx, ids) {
  const cards = [];
  for (const [id, n] of Object.entries(ids)) for (let i = 0; i < n; i++) cards.push(cattleCard(ctx, id));
  return cards;
}

function piles(p, mine) {
  const discard = sum(Object.values(p.discard_pile));
  const content = (cards) => Object.entries(cards || {}).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(", ");
  return el("div", { class: "piles" },
    el("span", { class: "pile", title: mine ? `your draw pile: ${content(p.draw_pile_cards)}` : "draw pile", text: `deck ${p.draw_pile}` }),
    el("span", { class: "pile", title: `discard pile: ${content(p.discard_pile) || "empty"}`, text: `discard ${discard}` }));
}

function playerBoard(ctx, m, p, s) {
  const mine = m.me === s;
  const turn = ctx.view.state.turn === s && !ctx.view.terminal;
  const header = el("header", {},
    el("span", { class: "swatch", style: `background:${ctx.seatColour(s)}` }),
    el("b", { class: "pname", text: ctx.seatName(s) }), mine ? el("span", { class: "you", text: "you" }) : null,
    turn ? el("span", { class: "turn-tag", text: "on turn" }) : null,
    el("span", { class: "money", title: "money", text: `$${p.money}` }),
    certTrack(p),
    el("span", { class: "limit", title: "step limit", text: `steps ${p.step_limit}` }),
    el("span", { class: "limit", title: "hand size and limit", text: `hand ${p.hand_size}/${p.hand_limit}` }));
  let hand;
  if (mine && p.hand_ids) {
    hand = el("div", { class: "hand mine" }, el("span", { class: "lbl", text: "your hand" }), ...handCards(ctx, p.hand_ids), piles(p, true));
  } else {
    const known = handCards(ctx, p.known_in_hand_ids);
    const backs = [];
    for (let i = known.length; i < p.hand_size; i++) backs.push(el("div", { class: "gwt-card back", title: "a card in hand" }));
    hand = el("div", { class: "hand" }, el("span", { class: "lbl", text: `hand ${p.hand_size}` }), ...known, ...backs,
      p.hidden_objectives_in_hand ? el("span", { class: "hint", text: `${p.hidden_objectives_in_hand} face-down objective` }) : null, piles(p, false));
  }
  return el("section", { class: `gwt-player${mine ? " me" : ""}${turn ? " on-turn" : ""}`, "data-id": p.id, "data-seat": s, style: `--seat:${ctx.seatColour(s)}` },
    mine ? callout(ctx, m, "me") : null,
    header,
    el("div", { class: "pb-body" },
      el("div", { class: "pb-col" }, discRows(ctx, m, p, s)),
      el("div", { class: "pb-col" }, workers(ctx, p, s), supply(ctx, p), owned(ctx, p), objectivesPlayed(ctx, p))),
    hand);
}

// ------------------------------------------------------------------ the whole board
/** Which part of the board a board id belongs to (the decision's callout goes there). */
function regionOf(id, me) {
  const [kind] = id.split(":");
  const place = placeOf(id);
  if (kind === "rail" || kind === "station" || kind === "city" || kind === "station-master") return "rail";
  if (kind === "disc-row" || kind === "worker" || place === "hand" || place === String(me)) return "me";
  if (kind === "space" || (kind === "building" && place === "") || place.startsWith("hazard") || place.startsWith("teepee")) return "trail";
  if (kind === "deck" || place === "market" || place === "display" || place.startsWith("foresight") || place.startsWith("job-market")) return "kc";
  return "";
}

/** The decision named again beside the things it is about, when they are not on the trail
 * (the decision bar above the trail may be out of view there). */
function callout(ctx, m, region) {
  const regions = new Set(m.legal.filter((a) => a.targets?.length)
    .map((a) => (a.kind === "local-action" ? "trail" : regionOf(a.targets[0], m.me))));
  if (!regions.has(region) || regions.has("trail")) return null;
  const prompt = ctx.view.prompt || {};
  const extra = m.legal.filter((a) => !a.targets?.length && a.kind !== "plan");
  return el("div", { class: "callout", "data-region": region },
    el("strong", { text: prompt.title || "" }), prompt.progress ? el("span", { class: "hint", text: ` · ${prompt.progress}` }) : null,
    m.kcStep >= 0 && region !== "me" ? kcTracker(m) : null,
    ...extra.map((a) => actionButton(ctx, a)));
}

let revealed = null;  // the decision whose choices were last brought into view

/** A new decision whose choices are all out of view: scroll the first one into view. */
function reveal(root) {
  const choices = [...root.querySelectorAll(".clickable")].filter((n) => !n.closest(".gwt-bar"));
  if (!choices.length || !root.isConnected) return;
  const inView = (n) => {
    const r = n.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth && r.width > 0;
  };
  if (!choices.some(inView)) choices[0].scrollIntoView({ block: "center", behavior: "smooth" });
}

export function render(ctx) {
  const m = derive(ctx);
  const players = ctx.state.players.map((p, s) => [p, s]);
  if (m.me !== null) players.sort((a, b) => (a[1] === m.me ? -1 : b[1] === m.me ? 1 : a[1] - b[1]));
  const [mine, ...others] = m.me !== null ? players : [null, ...players];
  const root = el("div", { class: "gwt", "data-phase": m.st.phase, "data-kc-step": m.kcStep, "data-moving": m.move ? "1" : "" },
    bar(ctx, m),
    el("div", { class: "gwt-map" }, trailSvg(ctx, m)),
    mine ? playerBoard(ctx, m, mine[0], mine[1]) : null,
    kansasCity(ctx, m),
    el("div", { class: "gwt-railroad" }, callout(ctx, m, "rail"), railroad(ctx, m)),
    el("div", { class: "gwt-others" }, ...others.map(([p, s]) => playerBoard(ctx, m, p, s))));
  if (ctx.msg.decision && ctx.msg.decision !== revealed) {
    revealed = ctx.msg.decision;
    requestAnimationFrame(() => reveal(root));
  }
  return root;
}
