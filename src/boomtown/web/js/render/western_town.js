// Western Town board: the common area (round, Indian camps, lead marshal and grand manitou,
// Lincoln cards and multipliers) and each player's town: 15 sites, resources, cards.
import { el } from "../api.js";

const RES = { G: "Gold", W: "Wood", I: "Inhabitants", C: "Cowboys", P: "Peace pipes", L: "Lures", X: "Exported gold" };
const EFFECT = {
  gold: "+1 Gold", inhabitants: "+2 Inhabitants", wood_for_inhabitants: "2 Inh. → 1 Wood",
  die: "roll the Indian die",
};
const COLOURS = { yellow: "#e0b100", red: "#c0392b", blue: "#2c6fbb", black: "#333" };

function escapeRe(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

/** Legal actions naming the card `name` (not the site/space picks, which belong to sites). */
function cardActions(ctx, name, verbs = null) {
  const re = new RegExp(`(^|[^\\w])${escapeRe(name)}($|[^\\w(])`, "i");
  return ctx.match((text) => re.test(text) && !/\b(site|space) \d+/.test(text) && (!verbs || verbs.test(text)));
}

function card(name, count, extra = "") {
  return el("div", { class: `card ${extra}`, "data-card": name },
    el("span", { class: "n", text: name }), count > 1 ? el("span", { text: `×${count}` }) : el("span", {}));
}

function cardBacks(n, label) {
  const out = [];
  for (let i = 0; i < Math.min(n, 12); i++) out.push(el("div", { class: "card back small", text: label }));
  if (n > 12) out.push(el("span", { text: `+${n - 12}` }));
  return out;
}

function cardRow(ctx, label, cards, options = {}) {
  const entries = Object.entries(cards || {});
  const children = [];
  for (const [name, count] of entries) {
    const node = card(name, count, options.extra || "");
    if (options.clickable) ctx.clickable(node, cardActions(ctx, name, options.verbs));
    children.push(node);
  }
  if (options.backs) children.push(...cardBacks(options.backs, options.backLabel || ""));
  if (!children.length) children.push(el("span", { class: "hint", text: "none" }));
  return el("div", { class: "cards" }, el("span", { class: "lbl", text: label }), ...children);
}

function site(ctx, s, mine) {
  const built = s.building !== null;
  const node = el("div", {
    class: `site${s.zone4 ? " zone4" : ""}${built ? " built" : ""}${s.destroyed ? " destroyed" : ""}`,
    "data-site": s.site,
    title: `site ${s.site}${s.number ? ` (a ${s.number})` : ""}${s.effect ? `: ${EFFECT[s.effect] || s.effect}` : ""}${s.extra_home ? ": +1 Home" : ""}`,
  },
  el("span", { class: "idx", text: `#${s.site}` }),
  s.number ? el("span", { class: "num", text: s.number }) : null,
  built ? el("span", { class: "bname", text: s.building }) : null,
  !built && s.effect ? el("span", { class: "eff", text: EFFECT[s.effect] || s.effect }) : null,
  !built && s.extra_home ? el("span", { class: "eff", text: "+1 Home" }) : null);
  if (mine) {
    const re = new RegExp(`\\b(site|space) ${s.site}\\b`);
    ctx.clickable(node, ctx.match(re));
  }
  return node;
}

function resources(p) {
  return el("div", { class: "res" },
    ...Object.entries(p.resources).map(([k, v]) => {
      const cap = p.storage?.[k];
      return el("span", { title: RES[k] || k }, RES[k] || k, el("b", { text: cap !== undefined ? `${v}/${cap}` : v }));
    }),
    el("span", { title: "Homes" }, "Homes", el("b", { text: p.homes })),
    el("span", { title: "Pink homes" }, "Pink homes", el("b", { text: p.pink_homes })));
}

function town(ctx, p, groups) {
  const mine = ctx.role === "seat" && ctx.seat === p.seat;
  const cur = ctx.view.current_player;
  const group = groups.find((g) => g.seats.includes(p.seat));
  const tags = [];
  if (group?.lead_marshal === p.seat) tags.push(el("span", { class: "marker lm", text: "lead marshal" }));
  if (group?.grand_manitou === p.seat) tags.push(el("span", { class: "marker gm", text: "grand manitou" }));
  if (p.passed) tags.push(el("span", { class: "marker lm", text: "passed" }));
  if (p.has_committed_card) tags.push(el("span", { class: "marker gm", text: "card committed" }));
  const node = el("section", {
    class: `town c-${p.colour}${mine ? " me" : ""}${cur === p.seat ? " turn-now" : ""}`, "data-seat": p.seat,
  },
  el("h3", {}, el("span", { class: "swatch", style: `background:${COLOURS[p.colour] || "#999"}` }),
    `${ctx.seatName(p.seat)} — seat ${p.seat} (${p.colour})${mine ? " — you" : ""}`,
    el("span", { class: "status-tags" }, ...tags),
    cur === p.seat ? el("span", { class: "hint", text: "◀ to play" }) : null),
  resources(p),
  el("div", { class: "sites" }, ...p.sites.map((s) => site(ctx, s, mine))));
  if (mine) {
    node.append(cardRow(ctx, `Hand (${p.hand_count}, keep ${p.hand_size_limit})`, p.hand, { clickable: true }));
    if (p.committed_card) node.append(cardRow(ctx, "Committed (face down)", { [p.committed_card]: 1 }));
    node.append(cardRow(ctx, "Face up", p.table_up, { clickable: true, verbs: /replay|exploit/i }));
    node.append(cardRow(ctx, "Face down", { ...p.table_down, ...p.face_down_cards }, { extra: "down" }));
    if (Object.keys(p.inactive || {}).length) node.append(cardRow(ctx, "Set aside", p.inactive));
  } else {
    const known = p.known_in_hand && Object.keys(p.known_in_hand).length ? p.known_in_hand : {};
    const knownCount = Object.values(known).reduce((a, b) => a + b, 0);
    node.append(cardRow(ctx, `Hand (${p.hand_count})`, known, { backs: p.hand_count - knownCount, backLabel: "" }));
    node.append(cardRow(ctx, "Face up", p.table_up, { clickable: true, verbs: /exploit/i }));
    node.append(cardRow(ctx, "Face down", p.table_down, { extra: "down", backs: p.face_down_without_effect }));
  }
  const constructible = el("div", { class: "cards" }, el("span", { class: "lbl", text: "Can build" }),
    ...p.constructible.map((name) => {
      const chip = el("span", { class: "card small", text: name });
      if (mine) ctx.clickable(chip, cardActions(ctx, name, /build/i));
      return chip;
    }));
  node.append(constructible);
  const extras = [];
  if (p.western_town_card) extras.push(`Western Town card: ${p.western_town_card}`);
  if (p.lincoln_cards.length) extras.push(`Lincoln cards won: ${p.lincoln_cards.join(", ")}`);
  extras.push(`cards played this round: ${p.cards_played}`, `homestead tiles: ${p.homestead_tiles}`);
  node.append(el("p", { class: "hint", text: extras.join(" · ") }));
  return node;
}

function common(ctx) {
  const st = ctx.state;
  const lincoln = st.lincoln;
  const groups = st.groups.map((g, i) => el("div", { class: "panel", "data-group": i },
    el("h3", { text: st.groups.length > 1 ? `Table ${i + 1} (seats ${g.seats.join(", ")})` : "Indian camp" }),
    el("div", { class: "camp" },
      el("span", { class: "lbl", text: "red" }), ...Array.from({ length: g.camp.red }, () => el("span", { class: "cube red" })), el("b", { text: g.camp.red }),
      el("span", { class: "lbl", text: " orange" }), ...Array.from({ length: g.camp.orange }, () => el("span", { class: "cube orange" })), el("b", { text: g.camp.orange }),
      el("span", { class: "lbl", text: " peace pipes" }), ...Array.from({ length: g.camp.peace_pipes }, () => el("span", { class: "cube pipe" })), el("b", { text: g.camp.peace_pipes })),
    el("p", {},
      el("span", { class: "marker lm", text: "lead marshal" }), ` ${ctx.seatName(g.lead_marshal)} (seat ${g.lead_marshal})  `,
      el("span", { class: "marker gm", text: "grand manitou" }), ` ${ctx.seatName(g.grand_manitou)} (seat ${g.grand_manitou})`),
    el("p", { class: "hint", text: `star buildings in stock: ${g.star_stock.join(", ") || "none"}` })));
  const mult = lincoln.multipliers;
  const lincolnPanel = el("div", { class: "panel", id: "lincoln" },
    el("h3", { text: "Lincoln" }),
    el("div", {}, ...lincoln.revealed.map((k) => el("span", { class: `lincoln-card${k === lincoln.current ? " current" : ""}`, text: k })),
      lincoln.unseen ? el("span", { class: "hint", text: ` + ${lincoln.unseen} unseen` }) : null),
    el("p", {}, "Multipliers: ", ...Object.entries(mult).map(([k, v]) => el("span", { class: "lincoln-card", text: `${RES[k] || k} ×${v}` }))));
  const round = el("div", { class: "panel" }, el("h3", { text: `Round ${st.round} of ${st.rounds}` }),
    el("p", { text: st.decision?.prompt ? (st.decision.seat >= 0 ? `${ctx.seatName(st.decision.seat)}: ${st.decision.prompt}` : st.decision.prompt) : "" }));
  return el("div", { class: "wt-common" }, round, ...groups, lincolnPanel);
}

export function render(ctx) {
  const st = ctx.state;
  const players = st.players.slice();
  if (ctx.role === "seat") players.sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  return el("div", { class: "wt" }, common(ctx), ...players.map((p) => town(ctx, p, st.groups)));
}
