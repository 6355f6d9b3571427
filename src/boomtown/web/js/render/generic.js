// Fallback board for any game: the view as a readable, foldable JSON tree. Board ids in it
// (`card:saloon@hand`) are tagged, so they explain themselves and take their actions' clicks.
import { el } from "../api.js";

const ID = /^[a-z][a-z0-9-]*:[A-Za-z0-9_.+-]+(@[A-Za-z0-9_.+-]+)?$/;

function node(key, value, depth) {
  const label = key === null ? "" : ID.test(String(key))
    ? el("span", { class: "k", "data-id": key, text: `${key}: ` })
    : el("span", { class: "k", text: `${key}: ` });
  if (value === null || typeof value !== "object") {
    if (typeof value === "string" && ID.test(value)) {
      return el("div", {}, label, el("span", { class: "s ref", "data-id": value, text: value }));
    }
    const cls = typeof value === "string" ? "s" : "n";
    return el("div", {}, label, el("span", { class: cls, text: JSON.stringify(value) }));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const summary = Array.isArray(value) ? `[${value.length}]` : `{${entries.length}}`;
  const details = el("details", { open: depth < 2 }, el("summary", {}, label, summary));
  for (const [k, v] of entries) details.append(node(k, v, depth + 1));
  return details;
}

export function renderGeneric(ctx) {
  return el("div", { class: "panel tree" }, el("h3", { text: "View" }), node(null, ctx.view.state, 0));
}
