// Learning at the table: the hint panel (the strong bot's suggestion for this decision and the
// next best moves) and the review after the game (the decisions where your estimate dropped
// most, and a chart of every seat's estimated final score), drawn by us as HTML and SVG.
//
// Both are built from what the server sends this seat only: a hint message (docs/server.md,
// "Hints and reviews") and GET /api/games/{id}/review. table.js owns the connection and the
// board; these functions only build nodes.
import { el } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
/** The chart's size (SVG units; it scales to its box) and its margins. */
const CHART_W = 640;
const CHART_H = 260;
const MARGIN = { left: 46, right: 14, top: 12, bottom: 34 };
/** The least room between the last numbered decision and "end" on the axis (SVG units). */
const END_GAP = 28;
/** Grid lines on the score axis, about. */
const Y_TICKS = 5;

/** An estimate in words: the expected final score, and the search's value when it has one. */
export function estimateText(alt) {
  const parts = [];
  if (typeof alt.estimate === "number") parts.push(`expected final score ${alt.estimate.toFixed(1)}`);
  if (typeof alt.win_chance === "number") {
    parts.push(alt.win_chance >= 0 && alt.win_chance <= 1
      ? `chance to finish ahead ${Math.round(alt.win_chance * 100)}%`
      : `search value ${alt.win_chance.toFixed(2)}`);
  }
  return parts.join(", ") || "no estimate";
}

/** The hint panel's nodes. `shown` is {hint, selected} or null, `asking` true while the
 * server thinks, `error` a refusal's text or null. `select(id)` highlights a move on the
 * board, `play(id)` takes it, `close()` hides the panel. */
export function hintPanel({ shown, asking, error, select, play, close }) {
  const head = el("div", { class: "hint-head" }, el("strong", { text: "Hint" }),
    el("button", { class: "small close", onclick: close, "aria-label": "close the hint", text: "×" }));
  if (asking) {
    return [head, el("p", { class: "hint thinking-hint" }, el("span", { class: "spinner", "aria-hidden": "true" }),
      "The strong bot is thinking about your decision (about a second)…")];
  }
  if (error) return [head, el("p", { class: "hint-error", text: error })];
  const { hint, selected } = shown;
  const alts = hint.alternatives || [hint.suggestion];
  const row = (alt, i) => el("li", {
    class: `alt${alt.action_id === selected ? " selected" : ""}${i === 0 ? " suggested" : ""}`,
    "data-action": alt.action_id,
  },
  el("button", { class: "alt-text", onclick: () => select(alt.action_id), title: "show it on the board" },
    i === 0 ? el("span", { class: "tag", text: "suggested" }) : null, alt.text),
  el("div", { class: "alt-estimate hint", text: estimateText(alt) }),
  el("div", { class: "alt-reason", text: alt.reason }),
  el("button", { class: "small play", "data-play": alt.action_id, onclick: () => play(alt.action_id), text: "play this" }));
  return [head,
    el("p", { class: "hint", text: "From what your seat knows only. Click a move to see it on the board." }),
    el("ol", { class: "alts" }, alts.map(row))];
}

/** The review card: summary, chart, the decisions where the estimate dropped most. `data` is
 * the server's answer ({seat, hints, review}); `seatName(s)`, `seatColour(s)`. */
export function reviewCard(data, { seatName, seatColour, close }) {
  const review = data.review;
  const worst = review.worst || [];
  const summary = `${review.decisions} decisions, ${review.searched} with a real choice; `
    + `about ${Number(review.total_drop).toFixed(1)} expected points given up against the bot's choices in all.`;
  const budget = review.settings?.iterations ? `${review.settings.iterations} search iterations`
    : review.settings?.seconds ? `${review.settings.seconds} s` : "its budget";
  return el("div", { class: "gameover-card review-card", id: "review-card" },
    el("h2", { text: `Your review, ${seatName(data.seat)}` }),
    el("p", { class: "hint", text: `The ${review.settings?.level || "strong"} bot looked at each of your decisions from what you knew then (${budget} per decision).${data.hints && data.hints !== "off" ? " Hints were on in this game." : ""}` }),
    el("p", { class: "review-summary", text: summary }),
    el("h3", { text: "Estimated final score over the game" }),
    reviewChart(review, data.seat, { seatName, seatColour }),
    el("h3", { text: worst.length ? "Where your estimate dropped most" : "No costly decision" }),
    worst.length
      ? el("ol", { class: "mistakes" }, worst.map((d) => el("li", { class: "mistake", "data-turn": d.turn },
        el("div", { class: "mistake-head" }, el("b", { text: `Decision ${d.turn}` }), d.title ? ` — ${d.title}` : "",
          el("span", { class: "drop", text: `−${Number(d.drop).toFixed(2)} points` })),
        el("div", {}, el("span", { class: "lbl", text: "you:" }), d.taken.text, el("span", { class: "hint", text: ` (${estimateText(d.taken)})` })),
        el("div", {}, el("span", { class: "lbl", text: "preferred:" }), el("b", { text: d.preferred.text }), el("span", { class: "hint", text: ` (${estimateText(d.preferred)})` })),
        el("div", { class: "why" }, el("span", { class: "lbl", text: "why:" }), d.preferred.reason))))
      : el("p", { class: "hint", text: "No decision lost a noticeable share of your expected score against the bot's choice." }),
    el("p", {}, el("button", { class: "primary", id: "review-close", onclick: close, text: "Close the review" })));
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Round numbers for an axis from lo to hi, about `count` of them. */
function ticks(lo, hi, count) {
  const span = hi - lo || 1;
  const raw = span / count;
  const step = [1, 2, 2.5, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

/** The chart: one line per seat of its estimated final score at each of your decisions (your
 * estimates of the others, from your information), the end point the true final scores, your
 * costliest decisions marked on your line. */
export function reviewChart(review, mine, { seatName, seatColour }) {
  const curve = review.curve || [];
  const players = review.players || (curve[0]?.estimates.length ?? 0);
  const last = Math.max(1, ...curve.map((p) => p.turn));
  const xOf = (p) => (p.final ? last + 1 : p.turn);
  const values = curve.flatMap((p) => p.estimates).filter((v) => Number.isFinite(v));
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
  const pad = (hi - lo) * 0.06;
  lo -= pad; hi += pad;
  const w = CHART_W - MARGIN.left - MARGIN.right;
  const h = CHART_H - MARGIN.top - MARGIN.bottom;
  const x = (t) => MARGIN.left + (w * t) / (last + 1);
  const y = (v) => MARGIN.top + h - (h * (v - lo)) / (hi - lo);
  const root = svg("svg", { viewBox: `0 0 ${CHART_W} ${CHART_H}`, class: "review-chart", role: "img",
    "aria-label": "each seat's estimated final score at each of your decisions" });
  for (const v of ticks(lo, hi, Y_TICKS)) {
    root.append(svg("line", { x1: MARGIN.left, x2: CHART_W - MARGIN.right, y1: y(v), y2: y(v), class: "grid" }));
    const label = svg("text", { x: MARGIN.left - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" });
    label.textContent = String(v);
    root.append(label);
  }
  for (const t of ticks(0, last, Math.min(8, last))) {
    if (t < 1 || !Number.isInteger(t) || x(last + 1) - x(t) < END_GAP) continue;  // "end" has the room
    const label = svg("text", { x: x(t), y: CHART_H - MARGIN.bottom + 16, "text-anchor": "middle", class: "tick" });
    label.textContent = String(t);
    root.append(label);
  }
  const endLabel = svg("text", { x: x(last + 1), y: CHART_H - MARGIN.bottom + 16, "text-anchor": "middle", class: "tick" });
  endLabel.textContent = "end";
  root.append(endLabel);
  const axis = svg("text", { x: MARGIN.left + w / 2, y: CHART_H - 4, "text-anchor": "middle", class: "axis" });
  axis.textContent = "your decisions";
  root.append(axis, svg("line", { x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: MARGIN.top + h, class: "axis-line" }),
    svg("line", { x1: MARGIN.left, x2: CHART_W - MARGIN.right, y1: MARGIN.top + h, y2: MARGIN.top + h, class: "axis-line" }));
  const order = [...Array(players).keys()].sort((a, b) => (a === mine) - (b === mine));  // yours on top
  for (const s of order) {
    const points = curve.filter((p) => Number.isFinite(p.estimates[s])).map((p) => `${x(xOf(p)).toFixed(1)},${y(p.estimates[s]).toFixed(1)}`);
    if (!points.length) continue;
    const line = svg("polyline", { points: points.join(" "), fill: "none", stroke: seatColour(s),
      "stroke-width": s === mine ? 3 : 1.6, "stroke-dasharray": s === mine ? null : "5 3", class: "seat-line", "data-seat": s });
    const title = svg("title");
    title.textContent = `${seatName(s)}${s === mine ? " (you)" : " (as you estimated)"}`;
    line.append(title);
    root.append(line);
  }
  const final = curve.find((p) => p.final);
  if (final) {
    for (const s of order) {
      root.append(svg("circle", { cx: x(last + 1), cy: y(final.estimates[s]), r: 4, fill: seatColour(s), class: "final-dot" }));
    }
  }
  for (const d of review.worst || []) {
    // on your line, or on the axis where the curve has no estimate of that moment
    const at = curve.find((p) => !p.final && p.turn === d.turn && Number.isFinite(p.estimates[mine]));
    const dot = svg("circle", { cx: x(d.turn), cy: at ? y(at.estimates[mine]) : MARGIN.top + h, r: 5, class: "mistake-dot", "data-turn": d.turn });
    const title = svg("title");
    title.textContent = `decision ${d.turn}: −${Number(d.drop).toFixed(2)} (preferred: ${d.preferred.text})`;
    dot.append(title);
    root.append(dot);
  }
  const legend = el("div", { class: "chart-legend" }, [...Array(players).keys()].map((s) => el("span", { class: "legend-item" },
    el("span", { class: "swatch", style: `background:${seatColour(s)}` }), s === mine ? el("b", { text: `${seatName(s)} (you)` }) : seatName(s))),
  el("span", { class: "legend-item" }, el("span", { class: "swatch mistake-swatch" }), "your costliest decisions"));
  return el("figure", { class: "chart" }, root, legend,
    el("figcaption", { class: "hint", text: "Dashed: your estimate of the others' final scores, from what you knew. At the end: the true final scores." }));
}
