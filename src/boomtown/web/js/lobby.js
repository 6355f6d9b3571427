// The lobby: create a game, list games, join open seats, spectate, resume my games.
import { api, el, forget, myGames, remember, toast } from "./api.js";

let rulesets = [];
let botKinds = [];
let defaultBot = "random";
const $ = (id) => document.getElementById(id);

async function init() {
  const data = await api("/api/rulesets");
  rulesets = data.games;
  botKinds = data.bots;
  defaultBot = data.default_bot || botKinds[0]?.name || "random";
  const select = $("f-game");
  for (const rs of rulesets) select.append(el("option", { value: rs.id, text: `${rs.name} (${rs.id})` }));
  select.addEventListener("change", onGame);
  $("f-players").addEventListener("change", renderSeats);
  $("f-hints").addEventListener("change", showHintBoxes);
  $("create-form").addEventListener("submit", onCreate);
  $("refresh").addEventListener("click", refresh);
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const link = $("join-link").value.trim();
    if (link) location.href = link;
  });
  onGame();
  renderMine();
  refresh();
  setInterval(refresh, 5000);
}

function current() { return rulesets.find((r) => r.id === $("f-game").value); }

function onGame() {
  const rs = current();
  if (!rs) return;
  $("f-game-desc").textContent = rs.description;
  const players = $("f-players");
  players.replaceChildren(...rs.player_counts.map((n) => el("option", { value: n, text: n })));
  const options = $("f-options");
  options.replaceChildren(el("legend", { text: "Options" }));
  for (const opt of rs.options) {
    let input;
    if (Array.isArray(opt.choices)) {
      // a fixed set of values: a select whose options carry the values as JSON
      input = el("select", { "data-opt": opt.name, "data-type": "choice" },
        ...opt.choices.map((v) => el("option", { value: JSON.stringify(v), text: String(v), selected: v === opt.default })));
    } else if (opt.type === "bool") input = el("input", { type: "checkbox", "data-opt": opt.name, "data-type": "bool", checked: opt.default });
    else input = el("input", { type: opt.type === "int" || opt.type === "float" ? "number" : "text", step: opt.type === "float" ? "any" : null, value: opt.default ?? "", "data-opt": opt.name, "data-type": opt.type });
    options.append(el("label", { class: opt.type === "bool" ? "check" : "" }, input, " ", opt.name.replaceAll("_", " ")));
  }
  renderSeats();
}

function renderSeats() {
  const n = Number($("f-players").value);
  const box = $("f-seats");
  box.replaceChildren(el("legend", { text: "Seats" }));
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "data-seat": i, class: "seat-kind" },
      el("option", { value: "me", text: "me (this browser)" }),
      el("option", { value: "human", text: "a friend (send the link)" }),
      el("option", { value: "open", text: "open seat (anyone from the lobby)" }),
      ...botOptions());
    kind.value = i === 0 ? "me" : `bot:${defaultBot}`;
    const name = el("input", { placeholder: `player ${i + 1}`, class: "seat-name", size: 14, maxlength: 40 });
    const hints = el("label", { class: "check seat-hints-label" }, el("input", { type: "checkbox", class: "seat-hints", "data-seat": i }), " hints");
    box.append(el("div", { class: "seat-row" }, el("span", { text: `Seat ${i}` }), kind, name, hints));
  }
  showHintBoxes();
}

/** The per-seat hint boxes show when hints are on for the seats ticked. */
function showHintBoxes() {
  const named = $("f-hints").value === "seats";
  for (const label of document.querySelectorAll(".seat-hints-label")) label.hidden = !named;
}

/** The hints setting as the API takes it: "off", "all" or the person seats ticked. */
function hintsSetting(seats) {
  const mode = $("f-hints").value;
  if (mode !== "seats") return mode;
  return [...document.querySelectorAll(".seat-hints")].filter((box) => box.checked)
    .map((box) => Number(box.dataset.seat)).filter((i) => seats[i].kind === "human");
}

/** The bots a seat may be: the named levels (easy, medium, hard) first, then every kind. */
function botOptions() {
  const named = botKinds.filter((b) => b.named_level);
  const others = botKinds.filter((b) => !b.named_level);
  const option = (b) => (b.levels.length
    ? b.levels.map((lv) => el("option", { value: `bot:${b.name}:${lv}`, text: `bot: ${b.name}, level ${lv}` }))
    : [el("option", { value: `bot:${b.name}`, text: named.includes(b) ? `bot: ${b.description}` : `bot: ${b.name} (${b.description})` })]);
  return [
    named.length ? el("optgroup", { label: "bots by strength" }, ...named.flatMap(option)) : null,
    others.length ? el("optgroup", { label: "bot kinds" }, ...others.flatMap(option)) : null,
  ];
}

async function onCreate(event) {
  event.preventDefault();
  const rs = current();
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    const name = row.querySelector(".seat-name").value;
    if (kind.startsWith("bot:")) {
      const [, bot, level] = kind.split(":");
      return { kind: "bot", bot, level: level ? Number(level) : null, name };
    }
    return { kind: "human", name, open: kind === "open", me: kind === "me" };
  });
  const options = {};
  for (const input of document.querySelectorAll("[data-opt]")) {
    const t = input.dataset.type;
    options[input.dataset.opt] = t === "choice" ? JSON.parse(input.value) : t === "bool" ? input.checked : t === "int" ? parseInt(input.value, 10) : t === "float" ? Number(input.value) : input.value;
  }
  const body = {
    game: rs.id, players: seats.length, options,
    seats: seats.map(({ me, ...s }) => s),
    listed: $("f-listed").checked, table_mode: $("f-table-mode").checked,
    bot_delay_ms: Number($("f-bot-delay").value || 0),
    hints: hintsSetting(seats),
  };
  if (Array.isArray(body.hints) && !body.hints.length) {
    toast("Tick the person seats that may ask for hints, or choose another hints setting.", true);
    return;
  }
  try {
    const made = await api("/api/games", { method: "POST", body });
    showCreated(made, seats);
    refresh();
  } catch (error) {
    toast(error.message, true);
  }
}

function showCreated(made, seats) {
  const box = $("created");
  box.hidden = false;
  const rows = [];
  let mine = null;
  made.seats.forEach((s, i) => {
    if (!s.link) return;
    if (seats[i].me && !mine) mine = s;
    if (seats[i].me) remember(made.game_id, s.token, `seat ${s.seat} (${s.name})`, made.game);
    rows.push(el("li", {}, `Seat ${s.seat} — ${s.name}${seats[i].me ? " (you)" : s.open ? " (open)" : ""}: `, el("code", { text: s.link })));
  });
  rows.push(el("li", {}, "Spectators: ", el("code", { text: made.spectator_link })));
  if (made.table_link) {
    rows.push(el("li", {}, "Table (enters dice and draws): ", el("code", { text: made.table_link })));
    remember(made.game_id, made.table_token, "table", made.game);
  }
  const go = mine || (made.table_link ? { link: made.table_link } : { link: made.spectator_link });
  box.replaceChildren(
    el("h3", { text: `Game ${made.game_id} created` }),
    el("p", { class: "hint", text: "These links are secret and shown only now: send each seat's link to its player." }),
    el("ul", { class: "links" }, rows),
    el("a", { href: go.link, id: "go-to-table" }, el("button", { class: "primary", type: "button", text: "Go to the table" })),
  );
  renderMine();
}

function renderMine() {
  const list = $("my-games");
  const all = Object.entries(myGames()).sort((a, b) => b[1].savedAt - a[1].savedAt);
  if (!all.length) { list.replaceChildren(el("li", { class: "hint", text: "none yet" })); return; }
  list.replaceChildren(...all.map(([key, g]) => el("li", {},
    el("a", { href: `/play/${g.gameId}#${g.token}` }, `${g.game} ${g.gameId}`), ` — ${g.label}`,
    el("button", { class: "small", onclick: () => { forget(key); renderMine(); }, text: "forget" }))));
}

async function refresh() {
  let data;
  try { data = await api("/api/games"); } catch (error) { return; }
  const finished = data.games.filter((g) => g.status === "finished");
  const playing = data.games.filter((g) => g.status !== "finished");
  fill($("games"), playing, "no games being played");
  fill($("archive"), finished, "no finished games yet");
}

function fill(list, games, empty) {
  if (!games.length) { list.replaceChildren(el("li", { class: "hint", text: empty })); return; }
  list.replaceChildren(...games.map((g) => {
    const seats = g.seats.map((s) => {
      if (s.open) return el("button", { class: "small join", onclick: () => join(g, s.seat), text: `join seat ${s.seat}` });
      return el("span", { class: "hint", text: `${s.name}${g.turn === s.seat ? " ◀" : ""}` });
    });
    return el("li", {},
      el("b", { text: `${g.game}` }), el("span", { text: g.id }),
      el("span", { class: "hint", text: g.status === "finished" ? "finished" : g.status === "faulted" ? "stopped by a rules fault" : g.table_mode ? "table mode" : "playing" }),
      g.hints && g.hints !== "off" ? el("span", { class: "hints-tag", title: "hints were on in this game", text: g.hints === "all" ? "hints: everyone" : `hints: seat${g.hints.length > 1 ? "s" : ""} ${g.hints.join(", ")}` }) : null,
      ...seats,
      el("a", { href: `/play/${g.id}#${g.spectator_token}`, class: "spectate" }, g.status === "finished" ? "see the end" : "spectate"));
  }));
}

async function join(game, seat) {
  try {
    const claim = await api(`/api/games/${game.id}/seats/${seat}/claim`, { method: "POST" });
    remember(game.id, claim.token, `seat ${seat}`, game.game);
    location.href = claim.link;
  } catch (error) {
    toast(error.message, true);
    refresh();
  }
}

init().catch((error) => toast(String(error), true));
