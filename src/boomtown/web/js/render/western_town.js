// Western Town board: the common area (round, Indian camps and die, lead marshal and grand
// manitou, star buildings, Lincoln cards and multipliers) and each player's town: 15 sites,
// resources, cards.
//
// Every card, site, resource, marker and Indian is drawn with `data-id` = the id the view gives
// it (`card:saloon@hand`, `site:12@0`, ...). The table page then attaches to it the legal actions
// whose first target it is, and its catalogue entry as a tip; names come from the catalogue
// (`ctx.entryOf(id)`), the view's own names standing in until the catalogue has loaded.
import { el } from "../api.js";

const RES = { G: "Gold", W: "Wood", I: "Inhabitants", C: "Cowboys", P: "Peace pipes", L: "Lures", X: "Exported gold" };
const EFFECT = {
  gold: "+1 Gold", inhabitants: "+2 Inhabitants", wood_for_inhabitants: "2 Inh. → 1 Wood",
  die: "roll the Indian die",
};
const COLOURS = { yellow: "#e0b100", red: "#c0392b", blue: "#2c6fbb", black: "#333" };
/** More face-down backs than this are summed up as "+N". */
const MAX_BACKS = 12;

/** The name of a board id: its catalogue entry's, else its key in words. */
function nameOf(ctx, id, fallback = null) {
  const entry = ctx.entryOf(id);
  if (entry) return entry.name;
  if (fallback) return fallback;
  const key = String(id).split(":")[1] || String(id);
  return key.split("@")[0].replaceAll("_", " ");
}

function card(ctx, id, count, extra = "") {
  return el("div", { class: `card ${extra}`, "data-id": id },
    el("span", { class: "n", text: nameOf(ctx, id) }), count > 1 ? el("span", { text: `×${count}` }) : el("span", {}));
}

function cardBacks(n, label) {
  const out = [];
  for (let i = 0; i < Math.min(n, MAX_BACKS); i++) out.push(el("div", { class: "card back small", text: label }));
  if (n > MAX_BACKS) out.push(el("span", { text: `+${n - MAX_BACKS}` }));
  return out;
}

/** The ids of a {id: count} row that are there (the view lists every kind, 0 when absent). */
function present(row) { return Object.entries(row || {}).filter(([, count]) => count > 0); }

/** A labelled row of cards given as {id: count}. */
function cardRow(ctx, label, cards, options = {}) {
  const children = present(cards).map(([id, count]) => card(ctx, id, count, options.extra || ""));
  if (options.backs) children.push(...cardBacks(options.backs, options.backLabel || ""));
  if (!children.length) children.push(el("span", { class: "hint", text: "none" }));
  return el("div", { class: "cards" }, el("span", { class: "lbl", text: label }), ...children);
}

function site(ctx, s) {
  const built = s.building !== null;
  return el("div", {
    class: `site${s.zone4 ? " zone4" : ""}${built ? " built" : ""}${s.destroyed ? " destroyed" : ""}`,
    "data-site": s.site, "data-id": s.id,
  },
  el("span", { class: "idx", text: `#${s.site}` }),
  s.number ? el("span", { class: "num", text: s.number }) : null,
  built ? el("span", { class: "bname", "data-id": s.building_id, text: nameOf(ctx, s.building_id, s.building) }) : null,
  s.destroyed ? el("span", { class: "marker-destroyed", "data-id": s.marker_id, text: "✖ destroyed" }) : null,
  !built && s.effect ? el("span", { class: "eff", text: EFFECT[s.effect] || s.effect }) : null,
  !built && s.extra_home ? el("span", { class: "eff", text: "+1 Home" }) : null);
}

function resources(p) {
  return el("div", { class: "res" },
    ...Object.entries(p.resources).map(([k, v]) => {
      const cap = p.storage?.[k];
      return el("span", { title: RES[k] || k, "data-id": p.resource_ids?.[k] }, RES[k] || k,
        el("b", { text: cap !== undefined ? `${v}/${cap}` : v }));
    }),
    el("span", { title: "Homes" }, "Homes", el("b", { text: p.homes })),
    el("span", { title: "Pink homes" }, "Pink homes", el("b", { text: p.pink_homes })),
    p.lincoln_marker_id ? el("span", { "data-id": p.lincoln_marker_id }, "Lincoln", el("b", { text: p.lincoln_homes })) : null);
}

function chips(ctx, label, ids, cls = "card small") {
  return el("div", { class: "cards" }, el("span", { class: "lbl", text: label }),
    ...(ids.length ? ids.map((id) => el("span", { class: cls, "data-id": id, text: nameOf(ctx, id) }))
      : [el("span", { class: "hint", text: "none" })]));
}

function town(ctx, p, groups) {
  const mine = ctx.role === "seat" && ctx.seat === p.seat;
  const cur = ctx.view.current_player;
  const group = groups.find((g) => g.seats.includes(p.seat));
  const tags = [];
  if (group?.lead_marshal === p.seat) tags.push(el("span", { class: "marker lm", "data-id": group.lead_marshal_id, text: "lead marshal" }));
  if (group?.grand_manitou === p.seat) tags.push(el("span", { class: "marker gm", "data-id": group.grand_manitou_id, text: "grand manitou" }));
  if (p.passed) tags.push(el("span", { class: "marker lm", text: "passed" }));
  if (p.has_committed_card) tags.push(el("span", { class: "marker gm", text: "card committed" }));
  const node = el("section", {
    class: `town c-${p.colour}${mine ? " me" : ""}${cur === p.seat ? " turn-now" : ""}`, "data-seat": p.seat,
  },
  el("h3", {}, el("span", { class: "town-name", "data-id": p.id },
    el("span", { class: "swatch", style: `background:${COLOURS[p.colour] || "#999"}` }),
    `${ctx.seatName(p.seat)} — seat ${p.seat} (${p.colour})${mine ? " — you" : ""}`),
  el("span", { class: "status-tags" }, ...tags),
  cur === p.seat ? el("span", { class: "hint", text: "◀ to play" }) : null),
  resources(p),
  el("div", { class: "sites" }, ...p.sites.map((s) => site(ctx, s))));
  if (mine) {
    node.append(cardRow(ctx, `Hand (${p.hand_count}, keep ${p.hand_size_limit})`, p.hand_ids));
    if (p.committed_card_id) node.append(cardRow(ctx, "Committed (face down)", { [p.committed_card_id]: 1 }));
    node.append(cardRow(ctx, "Face up", p.table_up_ids));
    node.append(cardRow(ctx, "Face down", { ...p.table_down_ids, ...p.face_down_card_ids }, { extra: "down" }));
    if (present(p.inactive_ids).length) node.append(cardRow(ctx, "Set aside", p.inactive_ids));
  } else {
    const known = p.known_in_hand_ids || {};
    const knownCount = Object.values(known).reduce((a, b) => a + b, 0);
    node.append(cardRow(ctx, `Hand (${p.hand_count})`, known, { backs: p.hand_count - knownCount, backLabel: "" }));
    node.append(cardRow(ctx, "Face up", p.table_up_ids));
    node.append(cardRow(ctx, "Face down", p.table_down_ids, { extra: "down", backs: p.face_down_without_effect }));
  }
  const buildRow = chips(ctx, "Can build", present(p.constructible_ids).map(([id]) => id));
  if (p.homestead_tiles_id) {
    buildRow.append(el("span", { class: "card small", "data-id": p.homestead_tiles_id, text: `homestead tiles ×${p.homestead_tiles}` }));
    buildRow.querySelector(".hint")?.remove();
  }
  node.append(buildRow);
  const extras = [];
  if (p.western_town_card_id) extras.push(el("span", { class: "tag", "data-id": p.western_town_card_id, text: `Western town card: ${nameOf(ctx, p.western_town_card_id, p.western_town_card)}` }));
  if (p.homestead_card_id) extras.push(el("span", { class: "tag", "data-id": p.homestead_card_id, text: "homestead card by the board" }));
  for (const id of p.lincoln_card_ids) extras.push(el("span", { class: "lincoln-card", "data-id": id, text: nameOf(ctx, id) }));
  extras.push(el("span", { class: "hint", text: `cards played this round: ${p.cards_played}` }));
  node.append(el("div", { class: "cards extras" }, ...extras));
  return node;
}

function cubes(id, n, cls) {
  return el("span", { class: "cubes", "data-id": id },
    ...Array.from({ length: n }, () => el("span", { class: `cube ${cls}` })), el("b", { text: n }));
}

function common(ctx) {
  const st = ctx.state;
  const lincoln = st.lincoln;
  const groups = st.groups.map((g, i) => el("div", { class: "panel", "data-group": i },
    el("h3", { "data-id": g.id, text: st.groups.length > 1 ? `Table ${i + 1} (seats ${g.seats.join(", ")})` : "Indian camp" }),
    el("div", { class: "camp" },
      el("span", { class: "lbl", text: "red" }), cubes(g.camp_ids.red, g.camp.red, "red"),
      el("span", { class: "lbl", text: " orange" }), cubes(g.camp_ids.orange, g.camp.orange, "orange"),
      el("span", { class: "lbl", text: " peace pipes" }), cubes(g.camp_ids.peace_pipes, g.camp.peace_pipes, "pipe")),
    el("div", { class: "die" }, el("span", { class: "lbl", text: "Indian die:" }),
      ...st.indian_die_ids.map((id) => el("span", { class: "die-face", "data-id": id, text: nameOf(ctx, id).replace(/^Indian die: /, "") }))),
    el("p", {},
      el("span", { class: "marker lm", "data-id": g.lead_marshal_id, text: "lead marshal" }), ` ${ctx.seatName(g.lead_marshal)} (seat ${g.lead_marshal})  `,
      el("span", { class: "marker gm", "data-id": g.grand_manitou_id, text: "grand manitou" }), ` ${ctx.seatName(g.grand_manitou)} (seat ${g.grand_manitou})`),
    chips(ctx, "Star buildings in stock", g.star_stock_ids)));
  const mult = lincoln.multipliers;
  const lincolnPanel = el("div", { class: "panel", id: "lincoln" },
    el("h3", { text: "Lincoln" }),
    el("div", {}, ...lincoln.revealed_ids.map((id) => el("span", { class: `lincoln-card${id === lincoln.current_id ? " current" : ""}`, "data-id": id, text: nameOf(ctx, id).replace(/^Lincoln card /, "") })),
      lincoln.current_id && !lincoln.revealed_ids.includes(lincoln.current_id)
        ? el("span", { class: "lincoln-card current", "data-id": lincoln.current_id, text: nameOf(ctx, lincoln.current_id).replace(/^Lincoln card /, "") }) : null,
      lincoln.unseen ? el("span", { class: "hint", text: ` + ${lincoln.unseen} unseen` }) : null),
    el("p", {}, "Multipliers: ", ...Object.entries(mult).map(([k, v]) => el("span", { class: "lincoln-card", text: `${RES[k] || k} ×${v}` }))));
  const prompt = ctx.view.prompt || {};
  const round = el("div", { class: "panel" }, el("h3", { text: `Round ${st.round} of ${st.rounds}` }),
    el("p", { text: prompt.title ? `${prompt.seat >= 0 ? `${ctx.seatName(prompt.seat)}: ` : ""}${prompt.title}${prompt.progress ? ` (${prompt.progress})` : ""}` : "" }));
  return el("div", { class: "wt-common" }, round, ...groups, lincolnPanel);
}

export function render(ctx) {
  const st = ctx.state;
  const players = st.players.slice();
  if (ctx.role === "seat") players.sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  return el("div", { class: "wt" }, common(ctx), ...players.map((p) => town(ctx, p, st.groups)));
}
