// Way Out West board: the round and the turn-order track (with the auction's bids), the
// gunfight as it happens, the five towns along the trail, the action chart and each player's
// panel. Drawn by us (HTML, CSS and small SVG pictures); every thing carries its view id
// (`data-id`), so the table page explains it (catalogue) and narrows clicks to actions
// (BOARDS entry `narrow: true`: the box, then the town or towns, then the amount).
//
// What the view does not say and the board works out (see docs/server.md):
// - who took each box of the action chart this round: from the seats' last moves seen by this
//   page (a page opened mid-round knows only each seat's latest move; the rest show as taken);
// - where the players who dropped out of the bidding went: from their last moves (a drop-out's
//   target is its turn-order space);
// - each volley's hits and the robbery's dice: from the log lines of the fight.
import { el } from "/static/js/api.js";

const NS = "http://www.w3.org/2000/svg";
const COUNTERS = ["StageCoach", "Train", "Bank", "Store", "Hotel", "Jail"];
const ORDINALS = ["1st", "2nd", "3rd", "4th", "5th"];
const FIGHT_KINDS = new Set(["sheriff", "gunfight", "retreat", "casualty", "spoils"]);
const SCORE_ROWS = ["counters", "cattle", "town_control", "most_money", "most_wanted"];
/** A finished gunfight stays on the board until this many log lines came after it. */
const RECENT_LINES = 6;
const SHORT = { counters: "counters", cattle: "cattle", town_control: "control", most_money: "money", most_wanted: "Wanted" };

// ------------------------------------------------------------------ pictures
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) if (child) node.append(child);
  return node;
}

const P = (d, extra = {}) => svg("path", { d, ...extra });
const PICTURES = {
  cowboy: () => [
    P("M8 4.6c1.6-1.3 6.4-1.3 8 0l1 5.4H7z"),
    P("M2.5 10.3c3.2 1.5 15.8 1.5 19 0-.5 1.8-3.2 3-9.5 3s-9-1.2-9.5-3z"),
    P("M8.2 14.4h7.6l2.6 7.6H5.6z")],
  cattle: () => [
    P("M7 7.5h10c1.1 0 2 .9 2 2v4.5c0 3.4-3 6.5-7 6.5s-7-3.1-7-6.5V9.5c0-1.1.9-2 2-2z"),
    P("M7.2 8.4C4 8.6 2 6.6 1.8 3.2 3.6 5.2 5.4 5.8 8.2 6.2z"),
    P("M16.8 8.4c3.2.2 5.2-1.8 5.4-5.2-1.8 2-3.6 2.6-6.4 3z"),
    svg("circle", { cx: 9.6, cy: 16.4, r: 1, class: "dark" }), svg("circle", { cx: 14.4, cy: 16.4, r: 1, class: "dark" })],
  farmer: () => [
    svg("rect", { x: 11.2, y: 9.5, width: 1.6, height: 13, rx: .6 }),
    P("M6.6 2h1.7v5.2c0 .9.9 1.5 2.9 1.7V2h1.6v6.9c2-.2 2.9-.8 2.9-1.7V2h1.7v5.4c0 2-2.2 3.4-5.4 3.4S6.6 9.4 6.6 7.4z")],
  sheriff: () => [P("M12 1.5l2.7 4.6h5.4l-2.7 4.7 2.7 4.7h-5.4L12 20.2l-2.7-4.7H3.9l2.7-4.7-2.7-4.7h5.4z"),
    svg("circle", { cx: 12, cy: 10.8, r: 2.3, class: "dark" })],
  wanted: () => [svg("rect", { x: 4, y: 2.5, width: 16, height: 19, rx: 1.5 }),
    P("M6.5 6l1.6 6 1.6-4.4L11.3 12l1.6-6", { class: "dark-line" }), svg("rect", { x: 7, y: 14.5, width: 10, height: 4, rx: .8, class: "dark" })],
  defender: () => [P("M12 2l8 3v6c0 5.3-3.4 9.4-8 11-4.6-1.6-8-5.7-8-11V5z")],
  stagecoach: () => [P("M3.5 5.5h12l3.2 4v6H3.5z"), svg("rect", { x: 5.5, y: 7.3, width: 4, height: 3, class: "dark" }),
    svg("circle", { cx: 7, cy: 17.8, r: 2.6 }), svg("circle", { cx: 15.8, cy: 17.8, r: 2.6 })],
  train: () => [P("M2.5 8.5h9.5v7.5H2.5z"), P("M12 4.5h7v11.5h-7z"), P("M4.2 3.2h3v5.3h-3z"),
    svg("circle", { cx: 6, cy: 18.6, r: 2.3 }), svg("circle", { cx: 15.5, cy: 18.6, r: 2.3 }), svg("rect", { x: 13.6, y: 6.3, width: 3.8, height: 3, class: "dark" })],
  bank: () => [P("M2 9L12 3l10 6z"), svg("rect", { x: 4, y: 10.5, width: 2.4, height: 7.5 }), svg("rect", { x: 8.6, y: 10.5, width: 2.4, height: 7.5 }),
    svg("rect", { x: 13, y: 10.5, width: 2.4, height: 7.5 }), svg("rect", { x: 17.6, y: 10.5, width: 2.4, height: 7.5 }), svg("rect", { x: 2.5, y: 19, width: 19, height: 2.4 })],
  store: () => [P("M2.5 4h19l-1.3 5.5H3.8z"), svg("rect", { x: 4, y: 10.5, width: 16, height: 10.5 }), svg("rect", { x: 10, y: 14, width: 4, height: 7, class: "dark" }),
    P("M7.2 4l-.6 5.5M12 4v5.5M16.8 4l.6 5.5", { class: "dark-line" })],
  hotel: () => [svg("rect", { x: 5, y: 2.5, width: 14, height: 19 }),
    ...[6.3, 11.3].flatMap((y) => [7.3, 13.2].map((x) => svg("rect", { x, y, width: 3.5, height: 3, class: "dark" }))), svg("rect", { x: 10, y: 16.5, width: 4, height: 5, class: "dark" })],
  jail: () => [svg("rect", { x: 3, y: 3, width: 18, height: 18, rx: 1.5 }),
    P("M7.5 4v16M12 4v16M16.5 4v16M3.8 12h16.4", { class: "dark-line" })],
};

/** A small picture (`name`), coloured by `colour` (CSS), with a title for screen readers. */
function picture(name, colour, size = 20, label = "") {
  const node = svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: `pic pic-${name}`, "aria-hidden": label ? "false" : "true", role: "img" },
    label ? svg("title", {}, document.createTextNode(label)) : null, ...PICTURES[name]());
  if (colour) node.style.setProperty("--pic", colour);
  return node;
}

// ------------------------------------------------------------------ small helpers
function keyOf(id) { return id.split(":")[1].split("@")[0]; }
function named(ctx, text) { return text.replace(/\bseat (\d+)/g, (_, d) => ctx.seatName(Number(d))); }
function entryName(ctx, id, fallback) { return ctx.entryOf(id)?.name || fallback; }
function seatChip(ctx, s, extra = "") {
  return el("span", { class: `seat-chip${extra ? ` ${extra}` : ""}`, style: `--seat:${ctx.seatColour(s)}` },
    el("span", { class: "dot" }), ctx.seatName(s));
}
function money(n) { return `$${n}`; }
function isMe(ctx, s) { return ctx.role === "seat" && ctx.seat === s; }
function myDecision(ctx) { return Boolean(ctx.msg.decision) && !ctx.msg.chance; }
function boxName(key) {
  if (key.startsWith("build_")) { const k = key.slice(6); return `Buy a ${COUNTERS.find((c) => c.toLowerCase() === k) || k}`; }
  return { cattle: "Buy cattle", hire: "Hire cowboys", move_cowboys: "Move cowboys", move_cattle: "Move cattle", farmer: "Take a Farmer", gunfight: "Gunfight" }[key] || key;
}
function bidAmount(action) { const m = /^\$(\d+)$/.exec(action.cost || ""); return m ? Number(m[1]) : null; }

// ------------------------------------------------------------------ what the view leaves out
/** Per game: the takers of each box this round, worked out from the last moves seen. */
const memory = new Map();

function boxTakers(ctx, totals) {
  const st = ctx.state;
  const game = ctx.msg.game_id;
  let mem = memory.get(game);
  const fresh = !mem;
  if (!mem) { mem = { round: st.round, takers: {}, seen: new Map() }; memory.set(game, mem); }
  if (mem.round !== st.round) { mem.round = st.round; mem.takers = {}; }
  for (const move of [...ctx.lastMoves].reverse()) {  // oldest first
    const key = JSON.stringify([move.text, move.targets]);
    if (mem.seen.get(move.seat) === key) continue;
    mem.seen.set(move.seat, key);
    const box = (move.targets || []).find((t) => t.startsWith("box:"));
    if (box) (mem.takers[box] ||= []).push(move.seat);
  }
  const out = {};
  for (const [key, id] of Object.entries(st.box_ids)) {
    const used = st.round ? Math.max(0, (totals[key] ?? 0) - st.boxes_left[key]) : 0;
    let list = mem.takers[id] || [];
    if (list.length > used) list = fresh ? list.slice(list.length - used) : list.slice(0, used);
    while (list.length < used) list = [null, ...list];
    mem.takers[id] = list;
    out[key] = list;
  }
  return out;
}

/** The new turn order being formed in the auction: space index -> seat who dropped into it. */
function droppedTo(ctx) {
  const spaces = new Map();
  for (const p of ctx.state.players) {
    if (p.bidding) continue;
    const move = ctx.lastMoves.find((m) => m.seat === p.seat);
    const turn = move && (move.targets || []).find((t) => t.startsWith("turn:"));
    if (turn && move.targets.length === 1) spaces.set(Number(turn.slice(5)) - 1, p.seat);
  }
  return spaces;
}

function auctionOn(st) { return st.players.some((p) => p.bidding); }

/** The lines of the latest gunfight (from its start to its Wanted counter), with where it
 * starts, or null. `open`: the fight is still going on. */
function fightStory(ctx) {
  const lines = ctx.log;
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (/ starts a gunfight over /.test(lines[i].text)) { start = i; break; }
    if (/^Round \d+$/.test(lines[i].text)) break;
  }
  if (start < 0) return null;
  let end = lines.length;
  if (!ctx.state.gunfight) {
    for (let i = start + 1; i < lines.length; i++) {
      if (/Wanted counter|nobody wins the gunfight/.test(lines[i].text)) { end = i + 1; break; }
    }
  }
  return { lines: lines.slice(start, end), start, recent: lines.length - end <= RECENT_LINES };
}

// ------------------------------------------------------------------ the round and the track
function roundPanel(ctx) {
  const st = ctx.state;
  const prompt = ctx.view.prompt || {};
  const next = st.income_after.find((r) => r >= st.round);
  const phase = ctx.view.terminal ? "the game is over"
    : prompt.kind === "place" ? "set-up: placing cowboys"
      : st.gunfight ? "a gunfight"
        : auctionOn(st) || prompt.kind === "bid" ? "bidding for turn order"
          : `actions${prompt.kind === "action" && prompt.progress ? ` (${prompt.progress.split(",")[0]})` : ""}`;
  const income = lastIncome(ctx);
  return el("div", { class: "wow-round" },
    st.round ? el("div", { class: "round-no" }, el("span", { class: "lbl", text: "Round" }), el("b", { text: `${st.round}` }), el("span", { class: "of", text: `of ${st.rounds}` }))
      : el("div", { class: "round-no" }, el("span", { class: "lbl", text: "before" }), el("b", { text: "1" }), el("span", { class: "of", text: "set-up" })),
    el("div", { class: "round-info" },
      el("div", { class: "phase", text: phase }),
      el("div", { class: "hint", text: next === undefined ? "no income round left" : next === st.round ? `income after this round (${st.income_after.join(", ")})` : `next income after round ${next} (${st.income_after.join(", ")})` }),
      income ? el("div", { class: "income-line", "data-income": income.round }, el("b", { text: `Income after round ${income.round}: ` }),
        ...income.parts.map(([s, amount]) => el("span", { class: "income-part" }, seatChip(ctx, s), ` ${money(amount)}`))) : null));
}

/** The last income paid, when it was paid just before this round (or at the end). */
function lastIncome(ctx) {
  const st = ctx.state;
  for (let i = ctx.log.length - 1; i >= 0; i--) {
    const m = /^Income after round (\d+): (.*)$/.exec(ctx.log[i].text);
    if (!m) continue;
    const round = Number(m[1]);
    if (round !== st.round - 1 && !(ctx.view.terminal && round === st.round)) return null;
    const parts = [...m[2].matchAll(/seat (\d+) \$(\d+)/g)].map((x) => [Number(x[1]), Number(x[2])]);
    return { round, parts };
  }
  return null;
}

function trackPanel(ctx) {
  const st = ctx.state;
  const n = st.players.length;
  const auction = auctionOn(st);
  const dropped = auction ? droppedTo(ctx) : new Map();
  const leader = st.high_bid ? st.players.find((p) => p.bid === st.high_bid && p.bidding) : null;
  const spaces = [];
  for (let i = 0; i < n; i++) {
    const s = auction ? dropped.get(i) : st.turn_order[i];
    spaces.push(el("div", { class: `space${auction && s === undefined ? " open" : ""}`, "data-id": st.turn_order_ids[i] },
      el("span", { class: "ord", text: ORDINALS[i] }),
      s === undefined ? el("span", { class: "free", text: i === 0 ? "last bidder" : "free" }) : token(ctx, s),
      auction && s !== undefined ? el("span", { class: "paid", text: `paid ${money(dropped.has(i) ? droppedPaid(ctx, s) : 0)}` }) : null));
  }
  const children = [el("h3", { text: auction ? "Turn order: the bidding" : "Turn order" }), el("div", { class: "track" }, ...spaces)];
  if (auction) {
    const bidders = st.turn_order.map((s) => st.players[s]).filter((p) => p.bidding);
    children.push(el("div", { class: "bidders" },
      el("span", { class: "lbl", text: "still bidding:" }),
      ...bidders.map((p) => el("div", { class: `bidder${leader && leader.seat === p.seat ? " high" : ""}${ctx.view.current_player === p.seat ? " to-bid" : ""}`, "data-seat": p.seat },
        token(ctx, p.seat), el("span", { class: "bid", text: p.bid ? money(p.bid) : "no bid" }),
        leader && leader.seat === p.seat ? el("span", { class: "tag", text: "high" }) : null))),
      el("div", { class: "high-bid" }, el("span", { class: "lbl", text: "high bid" }),
        el("b", { text: st.high_bid ? money(st.high_bid) : "none yet" }), leader ? el("span", {}, " by ", seatChip(ctx, leader.seat)) : null));
  }
  return el("div", { class: "wow-track" }, ...children);
}

function droppedPaid(ctx, s) { return ctx.state.players[s].bid; }

function token(ctx, s) {
  return el("span", { class: `token${isMe(ctx, s) ? " me" : ""}`, style: `--seat:${ctx.seatColour(s)}`, "data-id": ctx.state.players[s].id, title: ctx.seatName(s) },
    picture("cowboy", ctx.seatColour(s), 18), el("span", { class: "nm", text: ctx.seatName(s) }));
}

// ------------------------------------------------------------------ bidding
function bidPanel(ctx) {
  if (!myDecision(ctx) || ctx.view.prompt?.kind !== "bid") return null;
  const st = ctx.state;
  const me = st.players[ctx.seat];
  const drop = ctx.legal.find((a) => a.kind === "pass");
  const bids = ctx.legal.map((a) => [bidAmount(a), a]).filter(([x]) => x !== null).sort((a, b) => a[0] - b[0]);
  const byAmount = new Map(bids);
  const min = bids.length ? bids[0][0] : null;
  const max = bids.length ? bids[bids.length - 1][0] : null;
  const raises = [];
  for (const step of [1, 2, 5, 10]) {
    const amount = (st.high_bid || 0) + step;
    if (byAmount.has(amount)) raises.push(el("button", { class: "raise", "data-action": byAmount.get(amount).id, "data-bid": amount, onclick: () => ctx.act(byAmount.get(amount).id) }, `+${step}`, el("small", { text: ` → ${money(amount)}` })));
  }
  const input = min === null ? null : el("input", { type: "number", id: "wow-bid-amount", min, max, value: min, step: 1, "aria-label": "your bid in dollars" });
  const bidTyped = () => {
    const amount = Number(input.value);
    const action = byAmount.get(amount);
    if (action) ctx.act(action.id);
    else input.setCustomValidity(`a bid from ${money(min)} to ${money(max)}`), input.reportValidity();
  };
  if (input) input.addEventListener("keydown", (event) => { if (event.key === "Enter") bidTyped(); });
  const leader = st.high_bid ? st.players.find((p) => p.bid === st.high_bid && p.bidding) : null;
  return el("div", { class: "wow-bid", id: "wow-bid" },
    el("h3", { text: "Your bid" }),
    el("div", { class: "bid-facts" },
      el("span", {}, el("span", { class: "lbl", text: "high bid" }), el("b", { class: "high", text: st.high_bid ? money(st.high_bid) : "none" }), leader ? el("span", {}, " by ", seatChip(ctx, leader.seat)) : null),
      el("span", {}, el("span", { class: "lbl", text: "your bid" }), el("b", { text: me.bid ? money(me.bid) : "none" })),
      el("span", {}, el("span", { class: "lbl", text: "your money" }), el("b", { text: money(me.money) }))),
    bids.length ? el("div", { class: "bid-row" }, el("span", { class: "lbl", text: "raise by" }), ...raises,
      el("span", { class: "typed" }, input, el("button", { class: "bid-typed", onclick: bidTyped, text: "bid" }))) : el("p", { class: "hint", text: "You cannot raise: you have no more money than the high bid." }),
    drop ? el("div", { class: "bid-row" }, el("button", { class: "drop", "data-action": drop.id, onclick: () => ctx.act(drop.id) },
      "Drop out", el("small", { text: ` — ${drop.cost ? `pay ${drop.cost}` : "pay nothing"}, take the ${ORDINALS[Number(drop.targets[0].slice(5)) - 1]} space` }))) : null);
}

// ------------------------------------------------------------------ the gunfight
function fightPanel(ctx) {
  const st = ctx.state;
  const f = st.gunfight;
  const story = fightStory(ctx);
  const prompt = ctx.view.prompt || {};
  const deciding = myDecision(ctx) && FIGHT_KINDS.has(prompt.kind);
  if (!f && !deciding && !(story && story.recent)) return null;
  const target = (prompt.subjects || []).find((id) => !id.startsWith("town:") && !id.startsWith("token:sheriff") && !id.startsWith("token:wanted"));
  const lines = story ? story.lines : [];
  const head = f ? named(ctx, `Gunfight over ${f.target}`) : named(ctx, lines[0]?.text.replace(/^(.*) starts a gunfight over /, "Gunfight over ") || "Gunfight");
  const node = el("section", { class: `wow-fight${f ? " live" : " over"}`, id: "wow-fight", "data-result": f ? f.result : "over" },
    el("h3", {}, picture("sheriff", "#d4a017", 20), ` ${head}`, f ? el("span", { class: "town-tag", "data-id": f.town_id, text: entryName(ctx, f.town_id, f.town_id) }) : el("span", { class: "tag", text: "over" })));
  if (f) node.append(sides(ctx, f, target));
  node.append(volleys(ctx, lines));
  if (deciding) {
    node.append(el("div", { class: "fight-decide" },
      el("div", { class: "q", text: prompt.title || "" }),
      el("div", { class: "buttons" }, ...ctx.legal.map((a) => el("button", {
        class: `fight-act${a.text === "fire" ? " primary" : ""}`, "data-action": a.id, onclick: () => ctx.act(a.id),
        text: a.kind === "move" ? `ride to ${entryName(ctx, a.targets[0], a.targets[0])}` : a.text + (a.cost ? ` (${a.cost})` : ""),
      }))),
      prompt.kind === "retreat" ? el("div", { class: "hint", text: "or click a town on the map" }) : null));
  }
  return node;
}

function defenderLabel(target) {
  if (!target) return "defender";
  if (target.startsWith("counter:bank") || target.startsWith("counter:train")) return "built-in defender";
  if (target.startsWith("token:farmer")) return "the Farmer";
  return "default defender";
}

function sides(ctx, f, target) {
  const a = f.attacker_cowboys + (f.attacker_sheriff ? 1 : 0);
  const d = f.defender_cowboys + (f.defender_sheriff ? 1 : 0) + f.defender_other;
  const first = a === d ? "both sides fire together" : a < d ? "the attacker fires first (fewer fighters)" : "the defender fires first (fewer fighters)";
  const side = (label, seat, cowboys, sheriff, other, count, firesFirst) => el("div", { class: `side${firesFirst ? " first" : ""}`, "data-side": label },
    el("div", { class: "who" }, el("span", { class: "lbl", text: label }), seat !== null && seat >= 0 ? seatChip(ctx, seat) : el("b", { text: "the Farmer" }),
      el("span", { class: "count", text: `${count} fighter${count === 1 ? "" : "s"}` })),
    el("div", { class: "fighters" },
      ...Array.from({ length: cowboys }, () => el("span", { class: "fighter", title: "cowboy" }, picture("cowboy", seat >= 0 ? ctx.seatColour(seat) : "#999", 26))),
      sheriff ? el("span", { class: "fighter", title: "the sheriff", "data-id": ctx.state.towns[Number(f.town_id.slice(5)) - 1].sheriff_id }, picture("sheriff", "#d4a017", 26)) : null,
      ...Array.from({ length: other }, () => el("span", { class: "fighter", title: defenderLabel(target) },
        picture(target && target.startsWith("token:farmer") ? "farmer" : "defender", "#7d6b52", 26), el("small", { text: defenderLabel(target) }))),
      count === 0 ? el("span", { class: "hint", text: "nobody left" }) : null));
  return el("div", { class: "sides" },
    side("attacker", f.attacker, f.attacker_cowboys, f.attacker_sheriff, 0, a, a < d),
    el("div", { class: "vs" }, el("b", { text: "vs" }), el("small", { text: f.result === "ongoing" ? first : f.result })),
    side("defender", f.defender ?? -1, f.defender_cowboys, f.defender_sheriff, f.defender_other, d, d < a));
}

/** The fight's story: volleys drawn as dice (a hit is a 5 or 6; the engine rolls the number of
 * hits, so the dice show hit or miss, not faces), the robbery's 3d6, the other lines as told. */
function volleys(ctx, lines) {
  const items = lines.slice(1).map((line) => {
    const v = /^the (attacker|defender) fires (\d+) shots?: (\d+) hits?/.exec(line.text);
    if (v) {
      const [, who, shots, hits] = v;
      return el("li", { class: `volley ${who}`, "data-shots": shots, "data-hits": hits },
        el("span", { class: "lbl", text: `${who} fires` }),
        el("span", { class: "dice" }, ...Array.from({ length: Number(shots) }, (_, i) => die(i < Number(hits)))),
        el("b", { text: `${hits} hit${hits === "1" ? "" : "s"}` }));
    }
    const r = /robs .* the dice show (\d+), .* pays \$(\d+)/.exec(line.text);
    if (r) {
      return el("li", { class: "robbery", "data-roll": r[1] }, el("span", { class: "lbl", text: "robbery, 3d6" }),
        el("span", { class: "dice" }, die(null, r[1])), el("span", { text: named(ctx, line.text.replace(/^.*: /, "")) }));
    }
    return el("li", { class: /wins|defends|holds out|nobody wins/.test(line.text) ? "outcome" : "", text: named(ctx, line.text) });
  });
  return el("ol", { class: "story" }, ...items);
}

function die(hit, face = "") {
  const cls = hit === null ? "total" : hit ? "hit" : "miss";
  return el("span", { class: `die ${cls}`, title: hit === null ? `the three dice show ${face}` : hit ? "a hit (5 or 6)" : "a miss (1 to 4)" },
    svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22 },
      svg("rect", { x: 1.5, y: 1.5, width: 21, height: 21, rx: 4 }),
      hit === null ? svg("text", { x: 12, y: 16.5, "text-anchor": "middle" }, document.createTextNode(face))
        : hit ? svg("circle", { cx: 12, cy: 12, r: 4.2 }) : P("M8 12h8", { class: "dark-line" })));
}

/** My decision's choices that name nothing on the board and no panel offers ("hire no
 * second cowboy"), as buttons, so the board takes every decision. */
function otherChoices(ctx) {
  const kind = ctx.view.prompt?.kind;
  if (!myDecision(ctx) || kind === "bid" || FIGHT_KINDS.has(kind)) return null;
  const loose = ctx.legal.filter((a) => !a.targets || !a.targets.length);
  if (!loose.length) return null;
  return el("div", { class: "wow-other", id: "wow-other" },
    el("span", { class: "q", text: ctx.view.prompt?.title || "" }),
    el("span", { class: "lbl", text: "click a town on the map, or" }),
    ...loose.map((a) => el("button", { "data-action": a.id, onclick: () => ctx.act(a.id), text: a.text })));
}

// ------------------------------------------------------------------ the towns
function townNode(ctx, town, controllers) {
  const n = ctx.state.players.length;
  const standing = COUNTERS.filter((c) => town.counters[c] !== undefined);
  const slots = [];
  for (const c of standing) {
    const owner = town.counters[c];
    const id = town.counter_ids[c];
    const tile = el("span", { class: "counter", "data-id": id, "data-owner": owner, style: `--seat:${ctx.seatColour(owner)}`, "aria-label": `${ctx.seatName(owner)}'s ${c}` },
      picture(keyOf(id), null, 20), el("small", { text: c === "StageCoach" ? "Coach" : c }));
    slots.push(c === "Jail" ? el("span", { class: "jail-pair" }, tile, el("span", { class: "sheriff", "data-id": town.sheriff_id, title: "sheriff" }, picture("sheriff", "#d4a017", 18))) : tile);
  }
  for (let i = standing.length; i < town.building_spaces; i++) slots.push(el("span", { class: "counter empty", title: "a free building space" }));
  const corrals = [];
  for (let s = 0; s < n; s++) {
    if (!town.cattle[s]) continue;
    corrals.push(el("span", { class: "herd", "data-id": town.cattle_ids[s], "data-seat": s, style: `--seat:${ctx.seatColour(s)}`, "aria-label": `${ctx.seatName(s)}'s cattle: ${town.cattle[s]}` },
      ...Array.from({ length: town.cattle[s] }, () => el("span", { class: "corral full" }, picture("cattle", ctx.seatColour(s), 17)))));
  }
  const held = town.cattle.reduce((x, y) => x + y, 0);
  for (let i = held; i < town.corrals; i++) corrals.push(el("span", { class: "corral" }));
  const cowboys = [];
  for (let s = 0; s < n; s++) {
    if (!town.cowboys[s]) continue;
    cowboys.push(el("span", { class: `posse${isMe(ctx, s) ? " me" : ""}`, "data-id": town.cowboy_ids[s], "data-seat": s, style: `--seat:${ctx.seatColour(s)}`, "aria-label": `${ctx.seatName(s)}'s cowboys: ${town.cowboys[s]}` },
      picture("cowboy", ctx.seatColour(s), 20), el("b", { text: town.cowboys[s] })));
  }
  const control = controllers && controllers.length
    ? el("span", { class: "control" }, el("span", { class: "lbl", text: "controlled by" }), ...controllers.map((s) => seatChip(ctx, s)))
    : el("span", { class: "control none", text: "nobody controls it" });
  const number = town.town + 1;
  return el("section", { class: `wow-town${ctx.state.gunfight?.town_id === town.id ? " fighting" : ""}`, "data-id": town.id, "data-town": number },
    el("header", {}, el("span", { class: "no", text: number }), el("span", { class: "name", text: town.name }),
      el("span", { class: "size", title: "the town's size: the counters in it (what each counter and control score here)" }, "size ", el("b", { text: town.size }))),
    control,
    el("div", { class: "row counters-row" }, ...slots),
    el("div", { class: "row corrals-row", title: `${town.corrals} corrals` }, ...corrals),
    el("div", { class: "row cowboys-row" }, ...(cowboys.length ? cowboys : [el("span", { class: "hint", text: "no cowboys" })]),
      town.farmer ? el("span", { class: "farmer", "data-id": town.farmer_id, title: "Farmer" }, picture("farmer", "#6b8e23", 20)) : null),
    el("div", { class: "rates hint", text: `cattle: $${town.cattle_income} a head, ${town.cattle_vp} VP` }));
}

function mapPanel(ctx) {
  const control = ctx.state.score?.town_control || {};
  return el("div", { class: "wow-map" }, ...ctx.state.towns.map((town) => townNode(ctx, town, control[town.name])));
}

// ------------------------------------------------------------------ the action chart
function chartPanel(ctx) {
  const st = ctx.state;
  const n = st.players.length;
  const totals = {};
  for (const [key, id] of Object.entries(st.box_ids)) {
    const details = ctx.entryOf(id)?.details;
    totals[key] = details ? (n === 3 ? details.boxes_3p : details.boxes) : Math.max(st.boxes_left[key], 1);
  }
  const takers = boxTakers(ctx, totals);
  const boxes = Object.entries(st.box_ids).map(([key, id]) => {
    const entry = ctx.entryOf(id);
    // before round 1 the view has no boxes open yet: the chart shows them as they will start
    const left = st.round ? st.boxes_left[key] : totals[key];
    const spaces = [];
    for (let i = 0; i < totals[key]; i++) {
      const s = takers[key][i];
      spaces.push(i < takers[key].length
        ? el("span", { class: "space taken", style: s === null ? "" : `--seat:${ctx.seatColour(s)}`, title: s === null ? "taken" : `taken by ${ctx.seatName(s)}` })
        : el("span", { class: "space", title: "free" }));
    }
    const counter = key.startsWith("build_") ? key.slice(6) : null;
    return el("div", { class: `box${left ? "" : " full"}${counter ? " build" : ""}`, "data-id": id, "data-left": st.boxes_left[key] },
      el("div", { class: "bname" }, counter ? picture(counter, "var(--ink)", 16) : null, entry?.name || boxName(key)),
      el("div", { class: "price", text: entry?.cost || "free" }),
      el("div", { class: "spaces" }, ...spaces));
  });
  return el("div", { class: "wow-chart" }, el("h3", { text: "Action chart" }), el("div", { class: "boxes" }, ...boxes));
}

// ------------------------------------------------------------------ players
function playerPanel(ctx, p) {
  const st = ctx.state;
  const s = p.seat;
  const score = (st.score?.seats || []).find((r) => r.seat === s) || {};
  const auction = auctionOn(st);
  const counters = COUNTERS.map((c) => el("span", { class: `left${p.counters_in_supply[c] ? "" : " none"}`, "data-id": p.counter_supply_ids[c], title: `${c}: ${p.counters_in_supply[c]} left${p.counters_out_of_play[c] ? `, ${p.counters_out_of_play[c]} out of play` : ""}` },
    picture(c.toLowerCase(), ctx.seatColour(s), 16), el("b", { text: p.counters_in_supply[c] }),
    p.counters_out_of_play[c] ? el("small", { class: "out", "data-id": p.counter_out_ids[c], text: `−${p.counters_out_of_play[c]}` }) : null));
  const points = SCORE_ROWS.map((row) => el("span", { class: "pts", title: ctx.entryOf(`score:${row}`)?.text || row, "data-row": row },
    el("small", { text: SHORT[row] }), el("b", { text: score[row] ?? 0 })));
  return el("section", { class: `wow-player${isMe(ctx, s) ? " me" : ""}${ctx.view.current_player === s ? " to-play" : ""}`, "data-id": p.id, "data-seat": s, style: `--seat:${ctx.seatColour(s)}` },
    el("header", {}, el("span", { class: "dot" }), el("b", { class: "pname", text: ctx.seatName(s) }),
      isMe(ctx, s) ? el("span", { class: "tag", text: "you" }) : null,
      el("span", { class: "ord", text: ORDINALS[p.turn_order_space - 1] || "" }),
      ctx.view.current_player === s && !ctx.view.terminal ? el("span", { class: "tag now", text: "to play" }) : null),
    el("div", { class: "facts" },
      el("span", { class: "cash", title: "money" }, el("b", { text: money(p.money) })),
      auction ? el("span", { class: "bid", text: p.bidding ? (p.bid ? `bids ${money(p.bid)}` : "bidding") : "dropped out" }) : null,
      el("span", { class: "sup", "data-id": p.cowboy_supply_id, title: "cowboys in supply" }, picture("cowboy", ctx.seatColour(s), 18), el("b", { text: p.cowboys_in_supply })),
      el("span", { class: "sup", "data-id": p.cattle_supply_id, title: "cattle in supply" }, picture("cattle", ctx.seatColour(s), 18), el("b", { text: p.cattle_in_supply })),
      el("span", { class: "sup wanted", "data-id": p.wanted_id, title: "Wanted counters" }, picture("wanted", "#e9d8a6", 18), el("b", { text: p.wanted }))),
    el("div", { class: "counters-left" }, ...counters),
    el("div", { class: "points" }, ...points, el("span", { class: "pts total" }, el("small", { text: "total" }), el("b", { text: score.total ?? 0 }))));
}

function supplyLine(ctx) {
  const st = ctx.state;
  return el("div", { class: "wow-supply hint" },
    el("span", { class: "sup", "data-id": st.farmer_supply_id }, picture("farmer", "#6b8e23", 16), ` Farmers in supply: ${st.farmers_in_supply}`),
    st.farmers_out_of_play ? el("span", { class: "sup", "data-id": st.farmer_out_id, text: ` · out of play: ${st.farmers_out_of_play}` }) : null,
    el("span", { class: "sup", "data-id": st.wanted_supply_id }, picture("wanted", "#e9d8a6", 16), ` Wanted counters left: ${st.wanted_in_supply}`));
}

// ------------------------------------------------------------------ the board
export function render(ctx) {
  const st = ctx.state;
  const players = st.players.slice();
  if (ctx.role === "seat") players.sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  return el("div", { class: "wow" },
    el("div", { class: "wow-top" }, roundPanel(ctx), trackPanel(ctx)),
    bidPanel(ctx),
    fightPanel(ctx),
    otherChoices(ctx),
    mapPanel(ctx),
    chartPanel(ctx),
    el("div", { class: "wow-players" }, ...players.map((p) => playerPanel(ctx, p))),
    supplyLine(ctx),
    el("p", { class: "wow-legend hint", text: "Hover or tap anything to see what it does; a dashed underline marks a name whose numbers are reconstructed (ours, not the publisher's). To act, click an action box, then its town(s) on the map, then the amount." }));
}
