"""Great Western Trail's board in a real browser (Playwright driving Debian's Chromium).

The geometry file the board draws with is checked against the game's data; then a whole
3-player game against two bots (``bot_delay_ms`` 0) is played by clicking the board, the way
a person would: a destination on the trail for each move (the single steps are planned), the
building's local actions in the decision bar, the job-market tile, the cattle card, the city,
the disc row, the foresight tile... and the figures docs/server.md reports are measured:

- the share of this seat's decisions taken on the board: by a click on it, by the steps a
  click planned, or as a publicly forced move taken by itself (the rest needed the plain
  list of actions);
- deliberate clicks per turn (every click the player made, choosers included);
- the time to render a state message (``performance.now()`` around the table page's render,
  the board, the log, the panels and the layout they force), and the message's size.

Screenshots (``$BOOMTOWN_SCREENSHOTS``, default the test's tmp folder): the start, three later
moments, a delivery, the end, and the same seat on a 390x844 phone.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from boomtown.engine import get_ruleset
from boomtown.games.great_western_trail import kansas_city as KC
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    CITIES,
    HAZARD_TYPES,
    LAST_SPACE,
    RED_CROSSES,
    SETUP,
    SPACES,
    STATIONS,
    TEEPEE_VALUES,
)
from test_server_support import ServerProcess
from test_web_support import (
    DESKTOP,
    HAVE_CHROMIUM,
    PHONE,
    chromium,
    playwright,
    screenshots,
    wait_until,
)

GEOMETRY = get_ruleset("great-western-trail").web_board.folder / "geometry.json"
#: Generous: CI runs this beside the rest of the suite on two shared cores.
DEADLINE_S = 420
#: The game's seed and the person's policy's (another: BOOMTOWN_GWT_SEED=3).
SEED = int(os.environ.get("BOOMTOWN_GWT_SEED", "11"))
#: The log line that starts one of our turns (the engine names seat 0 by its colour).
MY_TURN = "-- seat 0 (blue)'s turn"
#: How long the bots may take to answer a decision (two shared cores under CI).
SETTLE_S = 60
#: How often the final state is drawn again to time it.
REPEATS = 12
#: Our turns after which a screenshot is saved (three later moments).
MOMENTS = (6, 14, 22)


def geometry() -> dict[str, Any]:
    return json.loads(GEOMETRY.read_text())


def test_the_board_geometry_matches_the_game_data() -> None:
    geo = geometry()
    spaces = {g["key"]: g for g in geo["spaces"]}
    assert [g["key"] for g in geo["spaces"]] == [s.key for s in SPACES]
    for s in SPACES:
        g = spaces[s.key]
        assert g["kind"] == s.kind, s.key
        assert g["next"] == [SPACES[n].key for n in s.next], s.key
        assert bool(g.get("woods")) == s.woods and g.get("risk", "") == s.risk, s.key
        if s.kind == "hazard":
            assert g["hazard"] == [HAZARD_TYPES[s.row], s.slot]
        if s.kind == "teepee":
            assert g["teepee"] == s.slot
    # every space has a place of its own inside the picture
    x0, y0, width, height = geo["viewBox"]
    places = {(g["x"], g["y"]) for g in geo["spaces"]}
    assert len(places) == len(SPACES)
    assert all(x0 < g["x"] < x0 + width and y0 < g["y"] < y0 + height for g in geo["spaces"])
    on_trail = {s.slot for s in SPACES if s.kind == "teepee"}
    assert sorted(t["slot"] for t in geo["teepee_off_trail"]) == sorted(
        set(range(len(TEEPEE_VALUES))) - on_trail)
    assert geo["teepee_values"] == list(TEEPEE_VALUES)
    assert geo["red_crosses"] == list(RED_CROSSES)
    assert geo["hire_costs"] == list(SETUP["hire_costs"])
    assert geo["yellow_arrows"] == list(SETUP["yellow_arrows"])
    assert {int(k): tuple(v) for k, v in geo["fees"].items()} == R.FEES
    assert geo["last_rail"] == LAST_SPACE
    assert geo["stations"] == [{"after": s.after, "cost": s.cost, "vp": s.vp, "dark": s.dark,
                                "master": s.master} for s in STATIONS]
    assert geo["cities"] == [{"key": c.key, "name": c.name, "value": c.value, "dark": c.dark,
                              "repeat": c.repeat} for c in CITIES]
    # the board's transport rule (red crosses between the engine's nose and the city's value)
    # is the engine's, from every engine position
    for pos in range(2 * (LAST_SPACE + 1)):
        space, turnout = divmod(pos, 2)
        nose = space + turnout
        for c in CITIES:
            crosses = [x for x in geo["red_crosses"] if nose <= x < c.value]
            assert len(crosses) == KC.transport_cost(pos, c.index)


# ------------------------------------------------------------------ the browser game
#: In the page: every clickable thing of the board, tagged data-pick=N, described.
PICKS_JS = """() => {
  const out = [];
  document.querySelectorAll('[data-pick]').forEach((n) => n.removeAttribute('data-pick'));
  document.querySelectorAll('#board .clickable').forEach((n, i) => {
    n.setAttribute('data-pick', String(i));
    out.push({ i, id: n.dataset.id || '', kind: n.dataset.kind || '',
      cls: n.getAttribute('class') || '', steps: Number(n.dataset.steps || 0),
      routes: Number(n.dataset.routes || 0), then: Boolean(n.dataset.then) });
  });
  const g = document.querySelector('.gwt');
  return { picks: out, moving: Boolean(g && g.dataset.moving),
           decision: (window.boomtownRenders.at(-1) || {}).decision || null };
}"""

#: In the page: whether the board's own figures (transport costs, fees) agree with the
#: engine's described actions.
CHECK_JS = """() => {
  const view = window.boomtownView;
  const legal = window.boomtownLegal || [];
  const money = view.state.players[view.seat].money;
  const dollars = (a) => (a && a.cost ? Number(/\\$(\\d+)/.exec(a.cost)[1]) : 0);
  const bad = [];
  for (const node of document.querySelectorAll('.gwt-rail .city.deliverable')) {
    const a = legal.find((x) => x.kind === 'deliver' && x.targets[0] === node.dataset.id);
    if (!a || dollars(a) !== Number(node.dataset.transport)) {
      bad.push(`${node.dataset.id}: $${node.dataset.transport} on the board, ${a && a.cost}`);
    }
  }
  const steps = '.gwt-trail .sp.reach[data-steps="1"][data-routes="1"]';
  for (const node of document.querySelectorAll(steps)) {
    const a = legal.find((x) => x.kind === 'move' && x.targets[0] === node.dataset.id);
    const shown = Number(node.dataset.fees || 0);
    if (!a) bad.push(`${node.dataset.id}: one step on the board, not a legal step`);
    else if (dollars(a) !== shown && !(dollars(a) === money && money < shown)) {
      bad.push(`${node.dataset.id}: fee $${shown} on the board, engine ${a.cost}`);
    }
  }
  return bad;
}"""

#: A test hook: keep the latest state message's view beside the page (for CHECK_JS), and
#: the socket (to ask for a re-render at the end).
KEEP_VIEW_JS = """
  const desc = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  const keep = (data) => {
    const m = JSON.parse(data);
    if (m.type !== 'state') return;
    window.boomtownView = m.view;
    window.boomtownLegal = m.view.legal_actions || [];
  };
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    set(fn) {
      window.boomtownSocket = this;
      desc.set.call(this, (event) => { keep(event.data); fn(event); });
    },
    get() { return desc.get.call(this); },
  });
"""


def wait_settled(page: Any, before: str | None) -> None:
    """Until the decision clicked is answered (and any planned steps are taken)."""
    wait_until(page, """(before) => {
      if (document.querySelector('.turn.over')) return true;
      if (document.body.classList.contains('busy')) return false;
      const last = window.boomtownRenders.at(-1) || {};
      return last.decision !== before;
    }""", before, timeout_s=SETTLE_S)


def choose(picks: list[dict[str, Any]], moving: bool, rng: random.Random) -> dict[str, Any] | None:
    """A player's pick: far along the trail when moving, a local action at a building
    (sometimes "…then finish"), otherwise any clickable thing, finishing less often."""
    if not picks:
        return None
    reach = [p for p in picks if "reach" in p["cls"]]
    if moving and reach:
        if rng.random() < 0.7:
            far = max(p["steps"] for p in reach)
            return rng.choice([p for p in reach if p["steps"] == far])
        return rng.choice(reach)
    local = [p for p in picks if p["kind"] == "local-action"]
    then = [p for p in picks if p["then"]]
    if local:
        if then and rng.random() < 0.6:
            return rng.choice(then)
        return rng.choice(local)
    rest = [p for p in picks if not p["then"]]
    weights = [0.3 if p["kind"] in ("finish", "decline") else 1.0 for p in rest]
    return rng.choices(rest, weights)[0] if rest else None


@pytest.mark.skipif(not HAVE_CHROMIUM, reason="no Chromium installed")
def test_a_whole_game_by_clicking_the_board(tmp_path: Path) -> None:
    playwright()  # skips at once without a browser
    shots = screenshots(tmp_path)
    server = ServerProcess(tmp_path / "data")
    rng = random.Random(SEED)
    errors: list[str] = []
    mismatches: list[str] = []
    clicks = board_clicks = list_clicks = 0
    clicks_by_turn: dict[int, int] = {}
    forks = 0
    kc_steps: set[int] = set()
    delivery_shot = False
    moments = set(MOMENTS)
    try:
        made = server.post("/api/games", {
            "game": "great-western-trail", "players": 3, "bot_delay_ms": 0, "seed": SEED,
            # heuristic bots: they search no clock, so a seed repeats their game (the default
            # bot, the ladder's medium, stops on CPU time and plays differently under load)
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "bot", "bot": "heuristic"}]})
        link = made["seats"][0]["link"]
        with chromium() as browser:
            ctx = browser.new_context(viewport=DESKTOP)
            ctx.add_init_script(KEEP_VIEW_JS)
            page = ctx.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(link)
            page.wait_for_selector(".gwt .gwt-trail")
            # the whole board is there: every space, city, station and track space
            assert page.locator(".gwt-trail .sp[data-space]").count() == len(SPACES)
            assert page.locator(".gwt-rail .city").count() == len(CITIES)
            assert page.locator(".gwt-rail .station").count() == len(STATIONS)
            assert page.locator(".gwt-rail .rail-space").count() == LAST_SPACE + 1
            assert page.locator(".gwt-player").count() == 3
            started = time.monotonic()
            turns_seen = 0
            while time.monotonic() - started < DEADLINE_S:
                if page.locator(".turn.over").count():
                    break
                if not page.locator(".turn.you").count() or page.locator("body.busy").count():
                    page.wait_for_timeout(15)
                    continue
                state = page.evaluate(PICKS_JS)
                if state["decision"] is None:
                    page.wait_for_timeout(15)
                    continue
                turns = page.locator("#log li", has_text=MY_TURN).count()
                if turns_seen == 0:
                    full_shot(page, shots / "gwt-start.png")
                turns_seen = max(turns_seen, 1, turns)
                for moment in sorted(moments):
                    if turns >= moment:
                        full_shot(page, shots / f"gwt-turn-{moment}.png")
                        moments.discard(moment)
                mismatches += page.evaluate(CHECK_JS)
                # a Kansas City decision names its subphase; the others' hands stay backs
                step = int(page.evaluate("() => document.querySelector('.gwt').dataset.kcStep"))
                if step >= 0:
                    kc_steps.add(step)
                    now = page.locator(".gwt-bar .kc-steps li.now").inner_text()
                    assert now.startswith(f"{step + 1} "), now
                assert page.locator(".gwt-others [data-id$='@hand'], .gwt-others [data-id$='@draw']"
                                    ).count() == 0
                if not delivery_shot and page.locator(".gwt-rail .city.deliverable").count():
                    page.locator(".gwt-railroad").scroll_into_view_if_needed()
                    page.screenshot(path=str(shots / "gwt-delivery.png"))
                    full_shot(page, shots / "gwt-delivery-full.png")
                    delivery_shot = True
                if turns == 10 and not (shots / "gwt-phone-390x844.png").exists():
                    phone_shot(browser, link, shots / "gwt-phone-390x844.png")
                pick = choose(state["picks"], state["moving"], rng)
                before = state["decision"]
                clicks_by_turn.setdefault(turns, 0)
                if pick is None:
                    page.locator("#actions button.action").nth(
                        rng.randrange(page.locator("#actions button.action").count())).click()
                    list_clicks += 1
                    clicks += 1
                    clicks_by_turn[turns] += 1
                else:
                    page.locator(f"[data-pick='{pick['i']}']").first.click()
                    board_clicks += 1
                    clicks += 1
                    clicks_by_turn[turns] += 1
                    chooser = page.locator("#chooser:not([hidden]) button[data-action]")
                    if pick["routes"] > 1:
                        forks += 1
                        assert chooser.count() == pick["routes"]
                        assert page.locator(".gwt-trail .fork-choice").count() == pick["routes"]
                        if forks == 1:
                            page.screenshot(path=str(shots / "gwt-fork.png"))
                    if chooser.count():
                        chooser.nth(rng.randrange(chooser.count())).click()
                        clicks += 1
                        clicks_by_turn[turns] += 1
                wait_settled(page, before)
            assert page.locator(".turn.over").count(), "the game did not end in time"
            page.wait_for_selector(".gameover-card")
            page.screenshot(path=str(shots / "gwt-end.png"))
            final = page.locator(".gameover-card table.score")
            rows = final.locator("tr[data-row]").evaluate_all("rs => rs.map(r => r.dataset.row)")
            labels = final.locator("td.row-label").all_inner_texts()
            stats = page.evaluate("window.boomtownRenders")
            final_ms = rerender_times(page, REPEATS)
            log = page.locator("#log li").all_inner_texts()
            planned = int(page.evaluate("document.body.dataset.planned || '0'"))
            forced = int(page.evaluate("document.body.dataset.forcedTaken || '0'"))
    finally:
        server.stop()
    assert not errors, errors
    assert not mismatches, mismatches[:10]
    # the final screen: every category, per player, at once, in words
    for row in ("money", "buildings", "cities", "stations", "hazards", "cattle", "objectives",
                "station_masters", "workers", "total"):
        assert row in rows
    assert "Objective cards" in labels and "Station masters" in labels
    # the figures
    mine = {s["decision"] for s in stats if s["decision"]}
    decisions = len(mine)
    turns = sum(1 for line in log if MY_TURN in line)
    # which of this seat's turns went to Kansas City (five subphases and a delivery)
    kc_turns: set[int] = set()
    turn = 0
    for line in log:
        if MY_TURN in line:
            turn += 1
        elif "seat 0 (blue) reaches Kansas City" in line:
            kc_turns.add(turn)
    trail = [n for t, n in clicks_by_turn.items() if t not in kc_turns]
    at_kc = [n for t, n in clicks_by_turn.items() if t in kc_turns]
    on_board = decisions - list_clicks
    share = on_board / decisions
    own = [s for s in stats if s["decision"]]
    largest = max(stats, key=lambda s: s["bytes"])
    figures = {
        "decisions": decisions, "turns": turns, "board_clicks": board_clicks,
        "list_clicks": list_clicks, "clicks": clicks, "planned_steps": planned,
        "forced_taken": forced, "share_on_board": round(share, 3),
        "clicks_per_turn": round(clicks / max(turns, 1), 2),
        "clicks_per_turn_median": statistics.median(clicks_by_turn.values()),
        "clicks_per_trail_turn": round(statistics.mean(trail), 2) if trail else 0,
        "clicks_per_kansas_city_turn": round(statistics.mean(at_kc), 2) if at_kc else 0,
        "kansas_city_turns": len(kc_turns), "fork_choices": forks,
        "render_ms_median": round(statistics.median(s["ms"] for s in own), 1),
        "render_ms_p90": round(sorted(s["ms"] for s in own)[int(0.9 * len(own))], 1),
        "render_ms_largest_state": round(largest["ms"], 1),
        "render_ms_final_state_median": round(statistics.median(final_ms), 1),
        "render_ms_final_state_min": round(min(final_ms), 1),
        "largest_state_bytes": largest["bytes"],
        "state_bytes_median": int(statistics.median(s["bytes"] for s in stats)),
    }
    figures["seed"] = SEED
    (shots / "gwt-figures.json").write_text(json.dumps(figures, indent=1))
    print("great-western-trail board:", json.dumps(figures))
    assert decisions > 50 and turns > 10
    assert share >= 0.9, figures
    assert planned > 0 and board_clicks > 0
    assert len(kc_steps) >= 2, kc_steps  # Kansas City decisions of two subphases, at least
    assert figures["clicks_per_turn_median"] <= 3 and clicks / turns <= 5, figures  # typical: 1-3
    # generous bounds for a shared CI machine; the figures themselves are reported above
    assert figures["render_ms_median"] < 100, figures
    assert largest["bytes"] < 80_000
    for name in ("gwt-start", "gwt-turn-6", "gwt-turn-14", "gwt-turn-22", "gwt-delivery", "gwt-end",
                 "gwt-phone-390x844"):
        assert (shots / f"{name}.png").stat().st_size > 10_000, name


def rerender_times(page: Any, repeats: int) -> list[float]:
    """The final state (the fullest board) drawn again ``repeats`` times, the bots idle: a
    refused move makes the table page render its last state again."""
    times = []
    for i in range(repeats):
        n = page.evaluate("window.boomtownRenders.length")
        page.evaluate("""(i) => window.boomtownSocket.send(JSON.stringify(
          { type: 'act', action: 0, decision: 'stale', req: 100000 + i }))""", i)
        wait_until(page, "(n) => window.boomtownRenders.length > n", n)
        times.append(page.evaluate("window.boomtownRenders.at(-1).ms"))
        page.wait_for_timeout(60)
    return times


def full_shot(page: Any, path: Path) -> None:
    """The whole page, the parts out of view drawn too (the board skips drawing them)."""
    page.evaluate("""() => {
      const s = document.createElement('style');
      s.id = 'shot-style';
      s.textContent = '.gwt * { content-visibility: visible !important; }';
      document.head.append(s);
    }""")
    page.screenshot(path=str(path), full_page=True)
    page.evaluate("() => document.getElementById('shot-style').remove()")


def phone_shot(browser: Any, link: str, path: Path) -> None:
    """The same seat on a phone (confirming forced moves itself, so it never acts)."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.add_init_script("localStorage.setItem('boomtown.settings', "
                        "JSON.stringify({confirmForced: true}))")
    page = ctx.new_page()
    try:
        page.goto(link)
        page.wait_for_selector(".gwt .gwt-trail")
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(path))
    finally:
        ctx.close()
