// Fallback board for any game: the view as a readable, foldable JSON tree.
import { el } from "../api.js";

function node(key, value, depth) {
  const label = key === null ? "" : el("span", { class: "k", text: `${key}: ` });
  if (value === null || typeof value !== "object") {
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
