// Western Town board, drawn by us (HTML, CSS and small SVG pictures; no publisher artwork),
// from the seat's own view only:
// - the round and its five phases, the decision asked now, and a button for each choice that
//   names no board thing (pass, skip, stop);
// - phase 2 as it happens: the lead marshal alone, each neighbouring pair choosing in secret
//   ("chosen, hidden until both have chosen"), the reveal, the last player alone;
// - each table's Indian camp (its red and orange Indians towards the raid, the Peace pipes),
//   the die's latest rolls, face up, and the raid as it happens: the town attacked and why,
//   each colour's target, the defence offered and its cost, what was destroyed or lost;
// - Lincoln: the card, each town's points for it, a tie and who got the Home;
// - every town: its 15 sites (numbers, laying effects, the building tiles, destroyed
//   markers), resources, Homes (pink, black, bonus), the hand-size rule's value, and its
//   cards as cards (name, colour, played and exploit effects, income, building);
// - a double duel as two tables side by side, each with its camp, marshal and manitou.
//
// Every thing carries the id the view gives it (`data-id`: `card:saloon@hand`, `site:12@0`,
// `seat:1`, ...): the table page attaches the legal actions whose first target it is and its
// catalogue entry (tips). Card faces read the catalogue's texts (`ctx.entryOf(id)`); the story
// of a raid, the die and phase 2 come from the view (`groups[g].raid`, `.die`, `.phase2`).
import { el } from "/static/js/api.js";

const NS = "http://www.w3.org/2000/svg";
const RES = { G: "Gold", W: "Wood", I: "Inhabitants", C: "Cowboys", P: "Peace pipes", L: "Lure", X: "Exported Gold" };
const RES_SHORT = { G: "Gold", W: "Wood", I: "Inhab.", C: "Cowboys", P: "Pipes", L: "Lure", X: "Export" };
const WISH = { I: "Inhabitants (per 4)", L: "Lure", G: "exported Gold" };
const PHASES = ["Lincoln & hand", "cards, pairs in secret", "third card & exploits", "income", "Lincoln's visit"];
const SEAT_COLOURS = { yellow: "#e0b100", red: "#c0392b", blue: "#2c6fbb", black: "#333" };
const INHABITANTS = 15;  // the action space's "site" of the Inhabitants (A.INHABITANTS_TARGET)
/** More card backs than this are summed up as "+N". */
const MAX_BACKS = 10;

// ------------------------------------------------------------------ pictures
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) if (child) node.append(child);
  return node;
}

const ICONS = {
  G: () => [svg("circle", { cx: 12, cy: 12, r: 8.5, fill: "#e8b923", stroke: "#8a6a00", "stroke-width": 1.5 }),
    svg("path", { d: "M9 12h6M12 9v6", stroke: "#8a6a00", "stroke-width": 1.6 })],
  W: () => [svg("rect", { x: 3, y: 8, width: 18, height: 8, rx: 4, fill: "#9c6b3b", stroke: "#5b3a1a", "stroke-width": 1.4 }),
    svg("circle", { cx: 17, cy: 12, r: 2.4, fill: "#d9b382", stroke: "#5b3a1a" })],
  I: () => [svg("circle", { cx: 12, cy: 7.5, r: 3.6, fill: "#6d8fb3", stroke: "#2c4a6b", "stroke-width": 1.2 }),
    svg("path", { d: "M5 21c0-5 3-8 7-8s7 3 7 8z", fill: "#6d8fb3", stroke: "#2c4a6b", "stroke-width": 1.2 })],
  C: () => [svg("path", { d: "M8 5.5c1.6-1.3 6.4-1.3 8 0l1 5.5H7z", fill: "#7b4a24" }),
    svg("path", { d: "M2.5 11.3c3.2 1.5 15.8 1.5 19 0-.5 1.8-3.2 3.2-9.5 3.2S3 13.1 2.5 11.3z", fill: "#7b4a24" })],
  P: () => [svg("path", { d: "M3 9.5h11v3H3z", fill: "#b07a4a", stroke: "#5b3a1a" }),
    svg("path", { d: "M14 8h6v7a3 3 0 0 1-6 0z", fill: "#b07a4a", stroke: "#5b3a1a" }),
    svg("path", { d: "M6 9.5v-3M9 9.5v-4", stroke: "#c0392b", "stroke-width": 1.4 })],
  L: () => [svg("path", { d: "M12 3l2.6 5.6 6 .6-4.5 4 1.3 6L12 16.3 6.6 19.2l1.3-6-4.5-4 6-.6z", fill: "#8e44ad", stroke: "#4a1f5c", "stroke-width": 1 })],
  X: () => [svg("path", { d: "M3 14h18l-3 6H6z", fill: "#5b7c99", stroke: "#2c3e50" }),
    svg("circle", { cx: 12, cy: 9, r: 4.5, fill: "#e8b923", stroke: "#8a6a00", "stroke-width": 1.2 })],
  home: () => [svg("path", { d: "M3 11L12 3l9 8v10H3z", fill: "var(--pic, #333)", stroke: "rgba(0,0,0,.5)" })],
};

function icon(name, size = 16, colour = "") {
  const node = svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: `wt-icon i-${name}`, "aria-hidden": "true" }, ...ICONS[name]());
  if (colour) node.style.setProperty("--pic", colour);
  return node;
}

/** A face of the Indian die: red, orange, half red and half orange, or orange with "again". */
function dieFace(key, size = 30) {
  const red = "#c62828";
  const orange = "#ef6c00";
  const parts = [svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: "#fffaf0", stroke: "#3b2a17", "stroke-width": 1.4 })];
  if (key === "red") parts.push(svg("rect", { x: 5, y: 5, width: 14, height: 14, rx: 2, fill: red }));
  else if (key === "orange") parts.push(svg("rect", { x: 5, y: 5, width: 14, height: 14, rx: 2, fill: orange }));
  else if (key === "red-orange") {
    parts.push(svg("path", { d: "M5 5h14L5 19z", fill: red }), svg("path", { d: "M19 5v14H5z", fill: orange }));
  } else if (key === "orange-again") {
    parts.push(svg("rect", { x: 5, y: 5, width: 14, height: 14, rx: 2, fill: orange }),
      svg("path", { d: "M8.5 12a3.5 3.5 0 1 0 1.2-2.6", fill: "none", stroke: "#fff", "stroke-width": 1.8 }),
      svg("path", { d: "M8 7.2v3h3", fill: "none", stroke: "#fff", "stroke-width": 1.8 }));
  }
  return svg("svg", { viewBox: "0 0 24 24", width: size, height: size, class: "wt-die", "aria-hidden": "true" }, ...parts);
}

// ------------------------------------------------------------------ names and texts
function keyOf(id) { return String(id).split(":")[1]?.split("@")[0] || String(id); }

/** The name of a board id: its catalogue entry's, else its key in words. */
function nameOf(ctx, id, fallback = null) {
  const entry = ctx.entryOf(id);
  if (entry) return entry.name;
  if (fallback) return fallback;
  return keyOf(id).replaceAll("_", " ").replaceAll("-", " ");
}

/** The game's own texts name seats "seat 1 (red)": use the players' names. */
function named(ctx, text) {
  return String(text || "").replace(/\bseat (\d+)(?: \((?:yellow|red|blue|black)\))?/g, (_, d) => ctx.seatName(Number(d)));
}

function cap(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

/** A catalogued card's text in parts: played, exploited, income, building (the catalogue
 * writes one sentence for each: "Played: ...", "Exploited: ...", "Face up in phase 4 it earns
 * ...", "Its building ..."). */
function cardParts(entry) {
  const out = { played: "", exploited: "", income: "", building: "", laid: "", constant: "" };
  if (!entry) return out;
  for (const sentence of entry.text.split(/(?<=\.) (?=[A-Z(])/)) {
    const s = sentence.replace(/\.$/, "");
    if (s.startsWith("Played: ")) out.played = s.slice(8);
    else if (s.startsWith("Exploited: ")) out.exploited = s.slice(11);
    else if (s === "It has no exploit effect") out.exploited = "";
    else if (s.startsWith("Face up in phase 4 it earns ")) out.income = s.slice(28);
    else if (/^It(s building| has no building)/.test(s)) out.building = s;
  }
  const laid = out.building.match(/when the tile is laid, ([^;]+)/);
  if (laid) out.laid = laid[1];
  const constant = out.building.match(/while it stands undestroyed, ([^;]+)/);
  if (constant) out.constant = constant[1];
  return out;
}

/** Shorter words for the small card faces (the tip has the whole text). */
function short(text) {
  return String(text || "")
    .replace(/exported Gold/g, "export")
    .replace(/Inhabitants?/g, "Inh.")
    .replace(/Peace pipes?/g, "pipe")
    .replace(/ \(paying its (own )?cost( too)?\)/g, "")
    .replace(/the played effect of /g, "")
    .replace(/another of your face-up /g, "another face-up ");
}

function colourOf(ctx, id) { return ctx.entryOf(id)?.details?.colour || "plain"; }

/** What building a card has, in a few words: printed, none, or its tile's cost and needs. */
function buildingLine(entry) {
  if (!entry) return "";
  const d = entry.details || {};
  if (d.building === "none") return "no building: always playable";
  const tile = [];
  if (entry.cost) tile.push(`⌂ ${entry.cost}`);
  if (d.min_homes) tile.push(`${d.min_homes} Homes`);
  if (entry.points && entry.points !== "no points") tile.push(entry.points.replace(/ points?/, " pt").replace(/ \(.*\)$/, ""));
  if (d.building === "printed") return tile.length ? `printed; 2nd copy ${tile.join(" · ")}` : "printed on the town board";
  return tile.join(" · ");
}

// ------------------------------------------------------------------ cards
/** A card face: name on a band of its colour, played, exploit, income, building. */
function cardFace(ctx, id, count = 1, extra = "") {
  const entry = ctx.entryOf(id);
  const parts = cardParts(entry);
  const node = el("div", { class: `wt-card c-${colourOf(ctx, id)} ${extra}`, "data-id": id, "aria-label": nameOf(ctx, id) },
    el("div", { class: "band" }, el("span", { class: "n", text: nameOf(ctx, id) }), count > 1 ? el("b", { class: "count", text: `×${count}` }) : null),
    el("div", { class: "row play", title: "played" }, el("span", { class: "sym", text: "▶" }), short(parts.played) || "no effect"),
    el("div", { class: "row exploit", title: "exploited" }, el("span", { class: "sym", text: "⇄" }), short(parts.exploited) || "no exploit effect"),
    parts.income ? el("div", { class: "row income", title: "phase 4 income" }, el("span", { class: "sym", text: "④" }), short(parts.income)) : null,
    parts.constant ? el("div", { class: "row constant", title: "while the building stands" }, el("span", { class: "sym", text: "♦" }), short(parts.constant)) : null,
    parts.laid ? el("div", { class: "row laid", title: "when its tile is laid" }, el("span", { class: "sym", text: "⌂" }), short(parts.laid)) : null,
    el("div", { class: "foot", text: buildingLine(entry) }));
  return node;
}

/** A card lying face down: its back, and its name where the viewer knows it. */
function cardBack(ctx, id, count = 1, label = "") {
  return el("div", { class: "wt-card back", "data-id": id || null, "aria-label": id ? nameOf(ctx, id) : "a card face down" },
    el("span", { class: "n", text: id ? nameOf(ctx, id) : label }), count > 1 ? el("b", { class: "count", text: `×${count}` }) : null);
}

function backs(n, label = "") {
  const out = [];
  for (let i = 0; i < Math.min(n, MAX_BACKS); i++) out.push(el("div", { class: "wt-card back anon", text: label }));
  if (n > MAX_BACKS) out.push(el("span", { class: "hint", text: `+${n - MAX_BACKS}` }));
  return out;
}

/** A small card: its name on its colour (seen in a hand, set aside, in a story line). */
function cardChip(ctx, id, count = 1, extra = "") {
  return el("span", { class: `wt-chip c-${colourOf(ctx, id)} ${extra}`, "data-id": id, "aria-label": nameOf(ctx, id) },
    nameOf(ctx, id), count > 1 ? ` ×${count}` : "");
}

/** A building tile: the side a town builds (cost, Homes it needs and gives, points, what
 * laying it does). */
function buildingTile(ctx, id, label = null) {
  const entry = ctx.entryOf(id);
  const d = entry?.details || {};
  const parts = cardParts(entry);
  const homes = [];
  for (let i = 0; i < (d.homes_pink || 0); i++) homes.push(icon("home", 12, "#d46a9f"));
  for (let i = 0; i < (d.homes_black || 0); i++) homes.push(icon("home", 12, "#333"));
  return el("div", { class: `wt-tile c-${colourOf(ctx, id)}`, "data-id": id, "aria-label": label || nameOf(ctx, id) },
    el("div", { class: "band" }, el("span", { class: "n", text: label || nameOf(ctx, id) }), el("span", { class: "homes" }, ...homes)),
    el("div", { class: "facts" },
      el("span", { text: entry?.cost ? `cost ${entry.cost}` : "" }),
      d.min_homes ? el("span", { text: `needs ${d.min_homes} Homes` }) : null,
      entry?.points ? el("span", { class: "pts", text: entry.points.replace(/ \(.*\)$/, "") }) : null),
    parts.laid ? el("div", { class: "laid", text: `laid: ${short(parts.laid)}` }) : null);
}

/** A labelled row of things. */
function row(label, children, cls = "") {
  const items = children.filter(Boolean);
  return el("div", { class: `wt-row ${cls}` }, el("span", { class: "lbl", text: label }),
    ...(items.length ? items : [el("span", { class: "hint", text: "none" })]));
}

/** The ids of a {id: count} row that are there (the view lists every kind, 0 when absent). */
function present(cards) { return Object.entries(cards || {}).filter(([, n]) => n > 0); }

// ------------------------------------------------------------------ a town
function siteNode(ctx, p, s, handRule) {
  const built = s.building_id !== null;
  const entry = ctx.entryOf(s.id);
  const laying = entry ? (entry.text.match(/Laying a tile here(?:,)? ([^.]+)/)?.[1] || "") : "";
  const printed = s.number === null;
  const node = el("div", {
    class: `wt-site${s.zone4 ? " zone4" : ""}${built ? " built" : ""}${s.destroyed ? " destroyed" : ""}${printed ? " printed" : ""}${handRule ? " hand-rule" : ""}`,
    "data-id": s.id, "data-site": s.site, "aria-label": `${ctx.seatName(p.seat)}'s ${printed ? "site" : "space"} ${s.site}`,
  },
  el("span", { class: "idx", text: `${s.site}` }),
  printed ? null : el("span", { class: "num", title: "hand size while this is the lowest empty space", text: s.number }),
  s.zone4 ? el("span", { class: "z4", title: "zone 4: one Cowboy repels 2 Indians", text: "Z4" }) : null);
  if (built) {
    const b = ctx.entryOf(s.building_id);
    node.append(el("div", { class: `bt c-${colourOf(ctx, s.building_id)}`, "data-id": s.building_id, "aria-label": nameOf(ctx, s.building_id, s.building) },
      el("span", { class: "n", text: nameOf(ctx, s.building_id, s.building) }),
      b?.points && !printed ? el("span", { class: "pts", text: b.points.replace(/ \(.*\)$/, "").replace(" points", " pt").replace(" point", " pt") }) : null));
  } else {
    if (laying) node.append(el("span", { class: "eff", text: short(laying.replace(/^gives /, "+").replace(/^you may trade /, "trade ")) }));
    if (s.extra_home) node.append(el("span", { class: "eff", text: "+1 Home" }));
  }
  if (s.destroyed) node.append(el("span", { class: "marker-destroyed", "data-id": s.marker_id, "aria-label": "destroyed marker", text: "✖ destroyed" }));
  return node;
}

function resources(ctx, p) {
  return el("div", { class: "wt-res" },
    ...Object.entries(p.resources).map(([k, v]) => {
      const cap = p.storage?.[k];
      return el("span", { class: `res r-${k}`, "data-id": p.resource_ids?.[k], title: RES[k] || k, "aria-label": `${ctx.seatName(p.seat)}'s ${RES[k] || k}: ${v}` },
        icon(k, 16), el("span", { class: "rl", text: RES_SHORT[k] || k }), el("b", { text: cap !== undefined ? `${v}/${cap}` : v }));
    }));
}

function homesBox(p) {
  const pink = p.pink_homes;
  const black = p.black_homes ?? Math.max(0, p.homes - pink);
  const bonus = p.bonus_homes ?? 0;
  return el("span", { class: "wt-homes", title: "Homes: the buildings' Home icons (pink and black) and bonus Homes (Lincoln's visits, the +1-Home space)" },
    icon("home", 16, "#6d4c2f"), el("b", { text: p.homes }), " Homes: ",
    el("span", { class: "pink", text: `${pink} pink` }), ", ", el("span", { class: "black", text: `${black} black` }),
    bonus ? `, ${bonus} bonus` : "",
    p.homes_at_final_scoring !== p.homes ? el("span", { class: "hint", text: ` (${p.homes_at_final_scoring} at the end: destroyed markers)` }) : null);
}

function town(ctx, p, group) {
  const st = ctx.state;
  const mine = ctx.role === "seat" && ctx.seat === p.seat;
  const cur = ctx.view.current_player;
  const tags = [];
  if (group?.lead_marshal === p.seat) tags.push(el("span", { class: "marker lm", "data-id": group.lead_marshal_id, text: "★ lead marshal" }));
  if (group?.grand_manitou === p.seat) tags.push(el("span", { class: "marker gm", "data-id": group.grand_manitou_id, text: "⚑ grand manitou" }));
  if (p.passed) tags.push(el("span", { class: "tag", text: "passed" }));
  if (p.has_committed_card) tags.push(el("span", { class: "tag secret", text: "card chosen in secret" }));
  const firstEmpty = p.sites.filter((s) => s.number !== null && s.building_id === null).map((s) => s.number);
  const lowest = firstEmpty.length ? Math.min(...firstEmpty) : null;
  const ruleSite = lowest === null ? null : p.sites.find((s) => s.number === lowest && s.building_id === null);
  const node = el("section", { class: `wt-town c-${p.colour}${mine ? " me" : ""}${cur === p.seat ? " turn-now" : ""}`, "data-seat": p.seat, style: `--seat:${SEAT_COLOURS[p.colour] || "#999"}` },
    el("header", {},
      el("span", { class: "town-name", "data-id": p.id, "aria-label": `${ctx.seatName(p.seat)}'s town` },
        el("span", { class: "swatch" }), `${ctx.seatName(p.seat)}'s town`),
      el("span", { class: "hint", text: `${p.colour}${mine ? " · you" : ""}` }),
      ...tags,
      cur === p.seat ? el("span", { class: "to-play", text: "◀ to decide" }) : null),
    el("div", { class: "wt-stats" }, resources(ctx, p), homesBox(p),
      el("span", { class: "wt-handsize", title: "phase 1: the hand keeps as many cards as the number of the lowest empty space (6 when every space is built)" },
        "hand size ", el("b", { text: p.hand_size_limit }),
        ruleSite ? el("span", { class: "hint", text: ` (lowest empty space: ${ruleSite.site})` }) : el("span", { class: "hint", text: " (every space built)" }))),
    el("div", { class: "wt-sites" }, ...p.sites.map((s) => siteNode(ctx, p, s, s === ruleSite))));
  const cards = el("div", { class: "wt-cards" });
  if (mine) {
    cards.append(row(`Hand (${p.hand_count}, keeps ${p.hand_size_limit})`, present(p.hand_ids).map(([id, n]) => cardFace(ctx, id, n)), "hand"));
    if (p.committed_card_id) cards.append(row("Chosen in secret (face down)", [cardFace(ctx, p.committed_card_id, 1, "secret")]));
  } else {
    const known = present(p.known_in_hand_ids);
    const knownCount = known.reduce((a, [, n]) => a + n, 0);
    cards.append(row(`Hand (${p.hand_count})`, [...known.map(([id, n]) => cardChip(ctx, id, n, "known")), ...backs(p.hand_count - knownCount)], "hand"));
  }
  cards.append(row("Face up", present(p.table_up_ids).map(([id, n]) => cardFace(ctx, id, n)), "up"));
  const down = [...present(p.table_down_ids).map(([id, n]) => cardBack(ctx, id, n))];
  if (mine) down.push(...present(p.face_down_card_ids).map(([id, n]) => cardBack(ctx, id, n)));
  else down.push(...backs(p.face_down_without_effect, "no effect"));
  if (down.length) cards.append(row("Face down", down, "down"));
  if (mine && present(p.inactive_ids).length) cards.append(row("Set aside", present(p.inactive_ids).map(([id, n]) => cardChip(ctx, id, n))));
  node.append(cards);
  // this seat's own buildings as tiles (cost, Homes, points, what laying them does); another
  // town's as chips (its tip tells the rest)
  const tile = mine ? (id, label) => buildingTile(ctx, id, label)
    : (id, label) => el("span", { class: `wt-chip c-${colourOf(ctx, id)}`, "data-id": id, "aria-label": label || nameOf(ctx, id) },
      label || nameOf(ctx, id), ctx.entryOf(id)?.cost ? el("span", { class: "chip-cost", text: ` ${ctx.entryOf(id).cost}` }) : null);
  const build = present(p.constructible_ids).map(([id]) => tile(id));
  if (p.homestead_tiles_id) build.push(tile(p.homestead_tiles_id, `homestead tiles ×${p.homestead_tiles}`));
  node.append(row("Can build", build, "build"));
  const extras = [];
  if (p.western_town_card_id) extras.push(startCard(ctx, p.western_town_card_id));
  if (p.homestead_card_id) extras.push(el("span", { class: "wt-chip c-brown plain-case", "data-id": p.homestead_card_id, text: "homestead card by the board" }));
  for (const id of p.lincoln_card_ids) extras.push(el("span", { class: "lincoln-card small", "data-id": id, text: `Lincoln ${keyOf(id)}` }));
  if (p.lincoln_marker_id) extras.push(el("span", { class: "tag", "data-id": p.lincoln_marker_id, text: `Lincoln Homes ${p.lincoln_homes}` }));
  extras.push(el("span", { class: "hint", text: `${p.cards_played} card${p.cards_played === 1 ? "" : "s"} played this round` }));
  node.append(el("div", { class: "wt-row extras" }, ...extras));
  if (st.score?.seats?.[p.seat]) node.dataset.total = st.score.seats[p.seat].total;
  return node;
}

/** The western town card: its name, starting resources and start building. */
function startCard(ctx, id) {
  const entry = ctx.entryOf(id);
  const res = entry?.details?.resources || {};
  const building = entry?.details?.building;
  return el("span", { class: "wt-start", "data-id": id, "aria-label": nameOf(ctx, id) },
    el("b", { text: nameOf(ctx, id) }), " ",
    ...Object.entries(res).map(([k, n]) => el("span", { class: "amt" }, `${n}`, icon(k, 13))),
    building ? ` + ${nameOf(ctx, building)}` : "");
}

// ------------------------------------------------------------------ the common area
function seatChip(ctx, s, id = null) {
  const p = ctx.state.players[s];
  return el("span", { class: "wt-seat", "data-id": id, style: `--seat:${SEAT_COLOURS[p?.colour] || "#999"}`, "aria-label": `${ctx.seatName(s)}'s town` },
    el("span", { class: "dot" }), ctx.seatName(s));
}

function namesList(ctx, seats) {
  const names = seats.map((s) => ctx.seatName(s));
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The round, the phases, the decision asked now and buttons for the choices without a
 * board thing. */
function roundBar(ctx) {
  const st = ctx.state;
  const view = ctx.view;
  const number = st.phase?.number || 0;
  const prompt = view.prompt || {};
  const track = el("ol", { class: "wt-phases" }, ...PHASES.map((name, i) => el("li", {
    class: i + 1 === number ? "now" : i + 1 < number ? "done" : "", "data-phase": i + 1,
  }, el("b", { text: i + 1 }), ` ${name}`)));
  const duel = st.groups.length > 1;
  const who = prompt.seat >= 0 ? (ctx.msg.decision && ctx.seat === prompt.seat ? "You" : ctx.seatName(prompt.seat)) : "";
  const title = view.terminal ? "The game is over" : `${who ? `${who}: ` : ""}${named(ctx, prompt.title)}${prompt.progress ? ` (${prompt.progress})` : ""}`;
  const plain = ctx.legal.filter((a) => !a.targets || !a.targets.length);
  return el("section", { class: "wt-bar panel" },
    el("div", { class: "wt-round" },
      el("b", { text: st.round ? `Round ${st.round} of ${st.rounds}` : "Set-up" }),
      number && duel ? el("span", { class: "hint", text: ` · table ${st.phase.group + 1}` }) : null,
      track),
    el("div", { class: "wt-now" }, el("span", { class: "what", text: title }),
      prompt.hint ? el("span", { class: "hint", text: ` — ${named(ctx, prompt.hint)}` }) : null),
    plain.length ? el("div", { class: "wt-buttons" }, ...plain.map((a) => el("button", {
      class: "primary", "data-action": a.id, onclick: () => ctx.act(a.id), text: cap(a.text) + (a.cost ? ` (${a.cost})` : ""),
    }))) : null);
}

function campPanel(ctx, g, index) {
  const st = ctx.state;
  const duel = st.groups.length > 1;
  const redAt = ctx.entryOf("indian:red")?.details?.raid_at || 3;
  const orangeAt = ctx.entryOf("indian:orange")?.details?.raid_at || 2;
  const track = (colour, n, at, id) => el("span", { class: `wt-track ${colour}`, "data-id": id, "aria-label": `${n} ${colour} Indians in the camp` },
    ...Array.from({ length: at }, (_, i) => el("span", { class: `slot${i < n ? " full" : ""}${i === at - 1 ? " raid" : ""}` })),
    el("span", { class: "lbl", text: `${n} ${colour} (raid at ${at})` }));
  const die = g.die || { seat: -1, rolls: [] };
  const prompt = ctx.view.prompt || {};
  const rolling = prompt.seat === -1 && prompt.title === "Roll the Indian die" && st.groups[index] && st.groups[index].seats.includes(prompt.for_seat);
  const dieRow = el("div", { class: "wt-dierow" }, el("span", { class: "lbl", text: "Indian die" }),
    ...(die.rolls.length ? die.rolls.map((id) => el("span", { class: "wt-roll", "data-id": id, "aria-label": nameOf(ctx, id) }, dieFace(keyOf(id)), el("span", { text: nameOf(ctx, id).replace(/^Indian die: /, "") })))
      : [el("span", { class: "hint", text: "not rolled this round" })]),
    die.seat >= 0 ? el("span", { class: "hint", text: `rolled for ${ctx.seatName(die.seat)}` }) : null,
    rolling ? el("span", { class: "wt-rolling", text: `rolling for ${ctx.seatName(prompt.for_seat)}…` }) : null);
  return el("section", { class: "panel wt-camp", "data-group": index },
    el("h3", { "data-id": g.id }, duel ? `Table ${index + 1}: Indian camp` : "Indian camp"),
    el("div", { class: "wt-tracks" },
      track("red", g.camp.red, redAt, g.camp_ids.red), track("orange", g.camp.orange, orangeAt, g.camp_ids.orange),
      el("span", { class: "wt-pipes", "data-id": g.camp_ids.peace_pipes, "aria-label": "the camp's Peace pipes" }, icon("P", 16), el("b", { text: g.camp.peace_pipes }), " pipes in the camp")),
    dieRow,
    el("div", { class: "wt-roles" },
      el("span", { class: "marker lm", "data-id": g.lead_marshal_id, text: "★ lead marshal" }), " ", seatChip(ctx, g.lead_marshal), " ",
      el("span", { class: "marker gm", "data-id": g.grand_manitou_id, text: "⚑ grand manitou" }), " ", seatChip(ctx, g.grand_manitou)),
    g.star_stock_ids.length ? row("Star buildings in stock", g.star_stock_ids.map((id) => cardChip(ctx, id)), "stock") : null);
}

const OUTCOME = { defended: "defended ✔", destroyed: "destroyed ✖", lost: "lost" };

function raidPanel(ctx, g, index) {
  const raid = g.raid;
  if (!raid || !raid.number) return null;
  const st = ctx.state;
  const gm = g.grand_manitou;
  const prompt = ctx.view.prompt || {};
  const why = raid.cause === "red"
    ? `${raid.red} red Indians: a red raid attacks the town with the fewest Peace pipes`
    : `${raid.orange} orange Indians: an orange raid attacks the town of ${ctx.seatName(raid.roller)}, who added the Indian`;
  const lines = [el("p", { class: "why" }, el("span", { class: `cause ${raid.cause}`, text: `${raid.cause} raid` }), ` ${why}.`)];
  if (raid.tied.length) {
    lines.push(el("p", { class: "tie" }, `${namesList(ctx, raid.tied)} tie for the fewest Peace pipes: the grand manitou, ${ctx.seatName(gm)}, chooses the town. `,
      ...raid.tied.map((s) => seatChip(ctx, s, `seat:${s}`))));
  }
  if (raid.town >= 0) {
    lines.push(el("p", { class: "target-town" }, "The Indians attack ", seatChip(ctx, raid.town, raid.town_id), "'s town",
      raid.cowboys_given ? ` (its blacksmith gives ${raid.cowboys_given} Cowboys)` : "", "."));
  }
  const list = el("ol", { class: "attacks" });
  const players = st.players;
  for (const a of raid.attacks) {
    a.target_id = a.target === INHABITANTS ? `resource:I@${raid.town}` : `site:${a.target}@${raid.town}`;
    const site = a.target === INHABITANTS ? null : players[raid.town].sites[a.target];
    const what = a.target === INHABITANTS ? "the Inhabitants" : `the ${nameOf(ctx, site.building_id, site.building || `site ${a.target}`)} (site ${a.target})`;
    const deciding = !a.outcome && raid.active;
    const outcome = a.outcome === "lost" ? `lost ${a.lost.I} Inhabitants and ${a.lost.L} Lure` : OUTCOME[a.outcome] || (deciding ? `${ctx.role === "seat" && ctx.seat === raid.town ? "you decide" : `${ctx.seatName(raid.town)} decides`}…` : "");
    const defence = ctx.legal.filter((x) => x.kind === "defend" || (x.kind === "pass" && x.targets?.[0] === a.target_id));
    list.append(el("li", { class: `attack ${a.colour}${a.outcome ? ` ${a.outcome}` : ""}` },
      el("span", { class: `wt-track ${a.colour}` }, ...Array.from({ length: a.indians }, () => el("span", { class: "slot full" }))),
      ` ${a.indians} ${a.colour} → `, el("span", { class: "what", "data-id": a.target_id, "aria-label": what, text: what }),
      el("span", { class: "cost", text: ` · defence: ${a.cost} Cowboy${a.cost === 1 ? "" : "s"}${a.zone4 ? " (zone 4: 1 per 2 Indians)" : ""}` }),
      outcome ? el("span", { class: `outcome ${a.outcome || "pending"}`, text: outcome }) : null,
      deciding && defence.length ? el("span", { class: "wt-buttons" }, ...defence.map((x) => el("button", {
        class: x.kind === "defend" ? "primary" : "", "data-action": x.id, onclick: () => ctx.act(x.id),
        text: x.kind === "defend" ? `Defend with ${x.cost}` : `Do not defend (${a.target === INHABITANTS ? "lose Inhabitants and Lure" : "it is destroyed"})`,
      }))) : null));
  }
  const waiting = ["red", "orange"].filter((c) => raid[c] > 0 && !raid.attacks.some((a) => a.colour === c));
  if (raid.active && prompt.kind === "raid" && raid.town >= 0 && waiting.length) {
    const who = ctx.role === "seat" && ctx.seat === gm ? "You, the grand manitou, choose" : `The grand manitou, ${ctx.seatName(gm)}, chooses`;
    list.append(el("li", { class: "choosing", text: `${who} the target of the ${waiting.join(" or the ")} Indians: a building or the Inhabitants.` }));
  }
  if (raid.attacks.length || list.childNodes.length) lines.push(list);
  if (!raid.active) {
    lines.push(el("p", { class: "over", text: raid.pipe_to >= 0 ? `The raid is over; ${ctx.seatName(raid.pipe_to)} receives a Peace pipe from the camp.` : "The raid is over." }));
  }
  return el("section", { class: `panel wt-raid${raid.active ? " live" : " over"}`, "data-group": index },
    el("h3", {}, raid.active ? "Raid!" : "The last raid", el("span", { class: "hint", text: ` ${raid.number === 1 ? "first" : `#${raid.number}`} this round` })),
    ...lines);
}

function phase2Panel(ctx, g, index) {
  const p2 = g.phase2;
  const st = ctx.state;
  if (!p2 || !st.round) return null;
  const number = st.phase?.number || 0;
  if (number > 2 || ctx.view.terminal) return null;
  const prompt = ctx.view.prompt || {};
  const steps = p2.steps.map((step, i) => {
    // the step not yet told is being played only while one of its seats chooses its card
    // (meanwhile the cards revealed before it may still be resolving their effects)
    const playing = prompt.kind === "play" && step.seats.includes(prompt.seat);
    const status = i < p2.step ? "done" : i === p2.step && playing ? "now" : "next";
    const seats = step.seats.map((s, j) => {
      const card = step.cards[j];
      let what;
      if (card) what = cardChip(ctx, card, 1, "revealed");
      else if (card === "") what = el("span", { class: "hint", text: "a card face down without effect" });
      else if (step.secret && step.chosen[j]) {
        const own = ctx.role === "seat" && ctx.seat === s && st.players[s].committed_card_id;
        what = own ? el("span", { class: "secret" }, "you chose ", cardChip(ctx, own, 1), " (face down)")
          : el("span", { class: "secret", text: "chosen, hidden until both have chosen" });
      } else if (status === "now") what = el("span", { class: "hint", text: step.secret ? "choosing…" : "playing…" });
      else what = el("span", { class: "hint", text: status === "next" ? (i === p2.step ? "next" : "to come") : "" });
      return el("div", { class: "who" }, seatChip(ctx, s), " ", what);
    });
    const revealed = step.secret && step.cards.every((c) => c !== null);
    const just = revealed && i === p2.step - 1 && number === 2;  // turned over a moment ago
    return el("li", { class: `step ${status}${step.secret ? " pair" : " solo"}${revealed ? " revealed" : ""}${just ? " just" : ""}`, "data-step": i },
      el("span", { class: "lbl", text: step.secret ? (revealed ? (just ? "pair, just revealed" : "pair, revealed") : "pair, in secret") : i === 0 ? "lead marshal alone" : "last alone" }),
      ...seats);
  });
  return el("section", { class: "panel wt-phase2", "data-group": index },
    el("h3", { text: `${st.groups.length > 1 ? `Table ${index + 1}, ` : ""}phase 2: two cards each` }),
    el("ol", { class: "steps" }, ...steps),
    st.groups.length > 1 && index > 0 ? null : el("p", { class: "hint", text: "A pair chooses its cards in secret; both are turned over together, and their effects resolve in turn order." }));
}

function lincolnPanel(ctx) {
  const st = ctx.state;
  const lincoln = st.lincoln;
  const current = lincoln.current_id;
  const entry = current ? ctx.entryOf(current) : null;
  const wishes = entry?.details?.wishes || [];
  const cardNode = current ? el("div", { class: "lincoln-card big current", "data-id": current, "aria-label": nameOf(ctx, current) },
    el("b", { text: keyOf(current) }),
    el("span", { class: "wishes" }, ...(wishes.length ? wishes.map((w) => el("span", { class: "wish", title: WISH[w] }, icon(w === "G" ? "X" : w, 18))) : [el("span", { text: "no visit" })])))
    : el("div", { class: "lincoln-card big back", text: "not revealed yet" });
  const parts = [el("div", { class: "wt-lincoln-top" }, cardNode,
    el("div", { class: "expect" },
      el("div", { class: "hint", text: wishes.length ? `Lincoln expects ${wishes.map((w) => WISH[w]).join(", ")}: each town's points now` : "" }),
      wishes.length ? el("div", { class: "points" }, ...st.groups.map((g) => el("div", { class: "group-points" },
        ...g.seats.map((s) => {
          const best = Math.max(...g.seats.map((t) => lincoln.points[t]));
          return el("span", { class: `pt${lincoln.points[s] === best && best > 0 ? " best" : ""}`, "data-seat": s }, seatChip(ctx, s), el("b", { text: lincoln.points[s] }));
        })))) : null))];
  for (const [i, g] of st.groups.entries()) {
    const table = st.groups.length > 1 ? `Table ${i + 1}: ` : "";
    if (g.lincoln_tie.length) {
      parts.push(el("p", { class: "tie" }, `${table}${namesList(ctx, g.lincoln_tie)} tie: the lead marshal, ${ctx.seatName(g.lead_marshal)}, chooses whom Lincoln visits. `,
        ...g.lincoln_tie.map((s) => seatChip(ctx, s, `seat:${s}`))));
    }
    const visit = g.lincoln_visit;
    if (visit && visit.seat >= 0) {
      parts.push(el("div", { class: `visit${visit.round === st.round || visit.round === st.round - 1 ? " recent" : ""}`, "data-round": visit.round },
        el("span", { class: "lbl", text: `${table}round ${visit.round}'s visit` }),
        el("span", { class: "lincoln-card", "data-id": visit.card_id, text: keyOf(visit.card_id) }),
        ...g.seats.map((s, j) => el("span", { class: `pt${s === visit.seat ? " best" : ""}` }, seatChip(ctx, s), el("b", { text: visit.points[j] }))),
        el("span", { class: "got" }, "→ ", el("b", { text: ctx.seatName(visit.seat) }), " gets a Home",
          visit.points.filter((v) => v === Math.max(...visit.points)).length > 1 ? " (a tie: the lead marshal chose)" : "")));
    }
  }
  const mult = lincoln.multipliers;
  parts.push(el("div", { class: "wt-row" }, el("span", { class: "lbl", text: "Revealed" }),
    ...lincoln.revealed_ids.map((id) => el("span", { class: `lincoln-card${id === current ? " current" : ""}`, "data-id": id, text: keyOf(id) })),
    lincoln.unseen ? el("span", { class: "hint", text: `+ ${lincoln.unseen} unseen` }) : null));
  parts.push(el("div", { class: "wt-row mult" }, el("span", { class: "lbl", text: "At the end, points per" }),
    ...Object.entries(mult).map(([k, v]) => el("span", { class: "mult-item", title: `at the end: ${v} point(s) per ${WISH[k]}` }, icon(k === "G" ? "X" : k, 14), ` ${WISH[k]} ×${v}`))));
  return el("section", { class: "panel wt-lincoln" }, el("h3", { text: "Lincoln" }), ...parts);
}

function groupColumn(ctx, g, index, players) {
  const duel = ctx.state.groups.length > 1;
  const mine = ctx.role === "seat" && g.seats.includes(ctx.seat);
  return el("div", { class: `wt-group${mine ? " mine" : ""}`, "data-group": index },
    duel ? el("h2", { class: "wt-duel-title" }, `Table ${index + 1}: `, ...g.seats.flatMap((s, i) => [i ? " vs " : "", seatChip(ctx, s)])) : null,
    el("div", { class: "wt-panels" }, phase2Panel(ctx, g, index), campPanel(ctx, g, index), raidPanel(ctx, g, index)),
    ...players.filter((p) => g.seats.includes(p.seat)).map((p) => town(ctx, p, g)));
}

export function render(ctx) {
  const st = ctx.state;
  const players = st.players.slice();
  if (ctx.role === "seat") players.sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  const groups = st.groups.map((g, i) => ({ g, i }));
  if (ctx.role === "seat") groups.sort((a, b) => (a.g.seats.includes(ctx.seat) ? -1 : b.g.seats.includes(ctx.seat) ? 1 : a.i - b.i));
  const duel = st.groups.length > 1;
  return el("div", { class: `wt${duel ? " duel" : ""}` },
    el("div", { class: "wt-top" }, roundBar(ctx), lincolnPanel(ctx)),
    el("div", { class: "wt-groups" }, ...groups.map(({ g, i }) => groupColumn(ctx, g, i, players))));
}
