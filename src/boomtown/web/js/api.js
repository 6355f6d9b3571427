// Small helpers shared by the lobby and the table page.

export async function api(path, options = {}) {
  const init = { method: options.method || "GET", headers: { Accept: "application/json" } };
  if (options.body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  if (options.token) init.headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message || `${response.status} ${response.statusText}`);
    error.code = data.code;
    throw error;
  }
  return data;
}

const KEY = "boomtown.games";

/** The games this browser holds a link for: {gameId: {token, label, game, savedAt}}. */
export function myGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function remember(gameId, token, label, game) {
  const all = myGames();
  all[`${gameId}:${token.slice(0, 6)}`] = { gameId, token, label, game, savedAt: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function forget(key) {
  const all = myGames();
  delete all[key];
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let toastTimer = null;
export function toast(text, isError = false) {
  const node = document.getElementById("toast");
  if (!node) return;
  node.textContent = text;
  node.className = isError ? "toast error" : "toast";
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, isError ? 5000 : 2500);
}
