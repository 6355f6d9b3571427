"""Way Out West's board in a real browser (Playwright driving Debian's Chromium, headless): a
whole 4-player game against three bots, played by clicking the board the way a person does.

The person's choices come from a seeded policy that reads the seat's own state message (the
legal actions with their targets); each choice is then made on the board: an action box on
the chart, then its town or towns on the map (the table page's narrowing highlights what can
come next), then the amount in the small chooser; bids and drop-outs on the bidding panel;
fire, retreat, the sheriff and the spoils on the gunfight panel. Only when the board offers no
way to a choice does the test use the plain list of legal actions, and it counts those. It
measures the share of decisions taken on the board (goal: at least 90%) and the clicks per
decision, checks what the board shows against the view, and saves screenshots at the start,
during an auction, during a gunfight, at an income round, at the end and once at 390x844.

Figures: docs/server.md ("Way Out West board"). Screenshots go to ``$BOOMTOWN_SCREENSHOTS``
(default: the test's tmp folder). ``BOOMTOWN_WOW_SEED`` picks another game and policy.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from boomtown.engine import get_ruleset
from test_server_support import ServerProcess
from test_web_support import (
    COUNT_ACTS,
    DESKTOP,
    HAVE_CHROMIUM,
    PHONE,
    chromium,
    playwright,
    screenshots,
    wait_until,
)

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="no Chromium installed")

GAME = "way-out-west"
#: Generous: CI runs this beside the rest of the suite on two shared cores.
DEADLINE_S = 300
SEED = int(os.environ.get("BOOMTOWN_WOW_SEED", "11"))
TOWNS = ["San Antonia", "Kansas City", "Abilene", "Dodge City", "Deadwood"]
FIGHT_KINDS = {"sheriff", "gunfight", "retreat", "casualty", "spoils"}
#: The share of decisions the board must take (the issue's goal).
GOAL = 0.9

class Policy:
    """A person's choices, seeded: every kind of action now and then, gunfights often, bids
    that stay within the purse."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        legal = view["legal_actions"]
        kind = view["prompt"]["kind"]
        st = view["state"]
        rng = self.rng
        if kind == "bid":
            me = st["players"][seat]
            bids = [a for a in legal if a["kind"] == "bid"]
            drop = next(a for a in legal if a["kind"] == "pass")
            if bids and me["money"] > st["high_bid"] + 4 and rng.random() < 0.45:
                return bids[min(len(bids) - 1, rng.choice([0, 0, 1, 2, 4]))]
            return drop
        if kind == "action":
            kinds = sorted({a["kind"] for a in legal})
            if "gunfight" in kinds and rng.random() < 0.3:
                pick = "gunfight"
            else:
                pick = rng.choice(kinds)
            return rng.choice([a for a in legal if a["kind"] == pick])
        if kind == "gunfight":
            fire = [a for a in legal if a["text"] == "fire"]
            return fire[0] if fire and rng.random() < 0.8 else rng.choice(legal)
        return rng.choice(legal)


class Table:
    """One seat's page: reads the seat's state, makes a choice by clicking, counts."""

    def __init__(self, page: Any, server: ServerProcess, game_id: str, token: str,
                 seat: int, shots: Path, saved: dict[str, str]) -> None:
        self.page, self.server, self.game_id, self.token, self.seat = (
            page, server, game_id, token, seat)
        self.shots, self.saved = shots, saved
        entries = server.get(f"/api/rulesets/{GAME}/catalogue")["entries"]
        #: the spaces of each box of the action chart with 4 players
        self.boxes = {e["id"]: e["details"]["boxes"] for e in entries if e["kind"] == "box"}
        self.decisions = self.on_board = self.board_clicks = 0
        self.by_kind: dict[str, list[int]] = {}
        self.fallbacks: list[str] = []

    def state(self) -> dict[str, Any]:
        return self.server.get(f"/api/games/{self.game_id}/state", self.token)

    def acts(self) -> int:
        return int(self.page.evaluate("window.__acts.length"))

    def click(self, selector: str, **kwargs: Any) -> None:
        self.page.locator(selector).first.click(**kwargs)
        self.board_clicks += 1

    def click_id(self, thing: str) -> None:
        """Click the board thing `thing` (a town by its header, where no inner thing is)."""
        selector = f'#board [data-id="{thing}"]'
        if thing.startswith("town:"):
            self.click(f"{selector} > header", position={"x": 6, "y": 6})
        else:
            self.click(selector)

    def narrowed_next(self) -> list[str]:
        return list(self.page.eval_on_selector_all(
            "#board .narrow-next", "ns => ns.map(n => n.dataset.id)"))

    def take(self, action: dict[str, Any], view: dict[str, Any]) -> None:
        """Make `action` on the board if it can be made there, else from the plain list."""
        before = self.acts()
        clicks = self.board_clicks
        kind = view["prompt"]["kind"]
        done = self._on_board(action, kind, before)
        if not done:
            self.page.keyboard.press("Escape")
            self.fallbacks.append(f"{kind}: {action['text']}")
            self.page.locator(f'#actions button[data-action="{action["id"]}"]').click()
        wait_until(self.page, f"window.__acts.length > {before}")
        sent = self.page.evaluate("window.__acts[window.__acts.length - 1]")
        assert sent == action["id"], (sent, action)
        self.decisions += 1
        self.on_board += done
        self.by_kind.setdefault(kind, []).append(self.board_clicks - clicks if done else 0)

    def _on_board(self, action: dict[str, Any], kind: str, before: int) -> bool:
        page = self.page
        if kind == "bid":
            if action["kind"] == "pass":
                self.click("#wow-bid button.drop")
                return True
            amount = int(action["cost"].lstrip("$"))
            raise_button = page.locator(f'#wow-bid button[data-bid="{amount}"]')
            if raise_button.count():
                self.click(f'#wow-bid button[data-bid="{amount}"]')
            else:
                page.fill("#wow-bid-amount", str(amount))
                self.board_clicks += 1
                self.click("#wow-bid button.bid-typed")
            return True
        for panel in ("#wow-fight", "#wow-other"):  # a panel's own buttons
            button = f'{panel} button[data-action="{action["id"]}"]'
            if page.locator(button).count():
                self.click(button)
                return True
        targets = action["targets"]
        if not targets:
            return False
        start = next((t for t in targets if t.startswith("box:")), targets[0])
        if not page.locator(f'#board [data-id="{start}"]').count():
            return False
        self.click_id(start)
        for _ in range(len(targets) + 2):
            if self.acts() > before:
                return True
            choice = f'#chooser:not([hidden]) button[data-action="{action["id"]}"]'
            if page.locator(choice).count():
                self.click(choice)
                return True
            nexts = self.narrowed_next()
            if "narrowing" not in self.saved and action["kind"] == "move" and len(nexts) > 1:
                shoot(page, self.shots, self.saved, "narrowing")  # the towns that can come next
            step = next((t for t in targets if t in nexts), None)
            if step is None:
                return False
            self.click_id(step)
        return self.acts() > before

    def check_board(self, view: dict[str, Any]) -> None:
        """What the board shows is what the view says: towns in order, cowboys, cattle and
        counters by owner, money, the chart's free boxes."""
        page = self.page
        st = view["state"]
        names = page.eval_on_selector_all(".wow-town .name", "ns => ns.map(n => n.textContent)")
        assert names == TOWNS
        shown = page.evaluate("""() => [...document.querySelectorAll('.wow-town')].map(t => {
            const all = (sel) => [...t.querySelectorAll(sel)];
            return {
              cowboys: all('.posse').map(p => [p.dataset.id, +p.querySelector('b').textContent]),
              cattle: all('.herd').map(h => [h.dataset.id, h.querySelectorAll('.full').length]),
              counters: all('.counter[data-id]').map(c => [c.dataset.id, Number(c.dataset.owner)]),
              corrals: all('.corral').length, slots: all('.counter').length,
              farmer: all('.farmer').length, sheriff: all('.sheriff').length };
            })""")
        for town, drawn in zip(st["towns"], shown, strict=True):
            assert drawn["cowboys"] == [[town["cowboy_ids"][s], n]
                                        for s, n in enumerate(town["cowboys"]) if n]
            assert drawn["cattle"] == [[town["cattle_ids"][s], n]
                                       for s, n in enumerate(town["cattle"]) if n]
            assert sorted(drawn["counters"]) == sorted(
                [town["counter_ids"][name], owner] for name, owner in town["counters"].items())
            assert drawn["corrals"] == town["corrals"]
            assert drawn["slots"] == town["building_spaces"]
            assert drawn["farmer"] == town["farmer"]
            assert drawn["sheriff"] == ("Jail" in town["counters"])
        cash = page.eval_on_selector_all(".wow-player", """ns => ns.map(n =>
            [Number(n.dataset.seat), n.querySelector('.cash').textContent])""")
        assert sorted(cash) == [[p["seat"], f"${p['money']}"] for p in st["players"]]
        left = dict(page.eval_on_selector_all(
            ".wow-chart .box", "ns => ns.map(n => [n.dataset.id, Number(n.dataset.left)])"))
        assert left == {st["box_ids"][k]: n for k, n in st["boxes_left"].items()}
        # each box draws its spaces (the catalogue's count for 4 players), the taken ones
        # filled: none before round 1, else as many as the view says are used
        spaces = page.eval_on_selector_all(".wow-chart .box", """ns => ns.map(n =>
            [n.dataset.id, n.querySelectorAll('.space').length,
             n.querySelectorAll('.space.taken').length])""")
        for box, drawn, taken in spaces:
            assert drawn == self.boxes[box], box
            assert taken == (drawn - left[box] if st["round"] else 0), box


def wait_for_turn(page: Any, table: Table, deadline: float,
                  previous: str | None) -> dict[str, Any] | None:
    """The seat's state once it is to decide a decision other than `previous` (its nonce)
    and the page shows it; None when the game is over."""
    while time.monotonic() < deadline:
        if page.locator(".turn.over").count():
            return None
        if page.locator(".turn.you").count() and not page.locator("body.busy").count():
            state = table.state()
            view = state["view"]
            if (state.get("decision") and not view.get("terminal") and view["legal_actions"]
                    and state["decision"] != previous):
                return state
        page.wait_for_timeout(15)
    raise AssertionError("the game did not reach the next decision in time")


def test_a_whole_game_by_clicking_the_board(tmp_path: Path) -> None:
    playwright()  # skips at once without a browser
    shots = screenshots(tmp_path)
    server = ServerProcess(tmp_path / "data")
    errors: list[str] = []
    saved: dict[str, str] = {}
    policy = Policy(SEED)
    started = time.monotonic()
    try:
        made = server.post("/api/games", {
            "game": GAME, "players": 4, "bot_delay_ms": 0, "seed": SEED,
            "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "easy"}] * 3})
        assert "game_id" in made, made
        seat = made["seats"][0]
        link = seat["link"] if seat["link"].startswith("http") else server.base + seat["link"]
        with chromium() as browser:
            context = browser.new_context(viewport=DESKTOP)
            context.add_init_script(COUNT_ACTS)
            # every decision by hand, forced ones too, so each is counted
            context.add_init_script("localStorage.setItem('boomtown.settings', "
                                    f"{json.dumps(json.dumps({'confirmForced': True}))})")
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(link)
            page.wait_for_selector(".wow-town")
            table = Table(page, server, made["game_id"], seat["token"], 0, shots, saved)
            deadline = time.monotonic() + DEADLINE_S
            seen = {"bids": False, "fight": False, "income": False, "story": False,
                    "volleys shot": False}
            previous = None
            while True:
                state = wait_for_turn(page, table, deadline, previous)
                if state is None:
                    break
                view = state["view"]
                st = view["state"]
                kind = view["prompt"]["kind"]
                if table.decisions % 12 == 0:
                    table.check_board(view)
                if "start" not in saved:
                    shoot(page, shots, saved, "start")
                if kind == "bid" and st["high_bid"] and "auction" not in saved:
                    assert page.locator(".wow-track .bidder").count() >= 2
                    assert page.locator(".wow-bid .high").inner_text() == f"${st['high_bid']}"
                    seen["bids"] = True
                    shoot(page, shots, saved, "auction")
                if st["gunfight"] and kind in FIGHT_KINDS:
                    fight = page.locator("#wow-fight.live")
                    assert fight.count() == 1
                    assert fight.locator(".side").count() == 2
                    assert fight.locator(".fight-decide button[data-action]").count() == len(
                        view["legal_actions"])
                    seen["fight"] = True
                    volleys = bool(page.locator("#wow-fight .volley").count())
                    if "gunfight" not in saved or (volleys and not seen["volleys shot"]):
                        seen["volleys shot"] = volleys  # the first one with dice, if any
                        shoot(page, shots, saved, "gunfight")
                if page.locator("#wow-fight .volley").count():
                    seen["story"] = True
                if page.locator(".income-line").count():
                    seen["income"] = True
                    if "income" not in saved:
                        shoot(page, shots, saved, "income")
                if "phone" not in saved and kind == "action" and st["round"] >= 2:
                    phone(browser, link, shots, saved, errors, view)
                previous = state["decision"]
                action = policy.choose(view, 0)
                table.take(action, view)
                # the next render (or the game's end) before the next look
                wait_until(page, "!document.body.classList.contains('busy')")
            page.wait_for_selector("#gameover:not([hidden]) #winner")
            assert " win" in page.locator("#winner").inner_text()
            final = server.get(f"/api/games/{made['game_id']}/state", seat["token"])
            assert final["view"]["terminal"]
            shoot(page, shots, saved, "end")
            page.click("#gameover button.primary")
            table.check_board(final["view"])
            shoot(page, shots, saved, "end-board")
    finally:
        server.stop()
    elapsed = time.monotonic() - started
    share = table.on_board / table.decisions
    clicks = table.board_clicks / max(1, table.on_board)
    per_kind = {k: (len(v), round(sum(v) / max(1, len([c for c in v if c])), 2))
                for k, v in sorted(table.by_kind.items())}
    report = {"seed": SEED, "decisions": table.decisions, "on_board": table.on_board,
              "share": round(share, 3), "clicks_per_board_decision": round(clicks, 2),
              "by_kind": per_kind, "fallbacks": table.fallbacks, "seconds": round(elapsed, 1),
              "screenshots": saved}
    (shots / "way-out-west-board.json").write_text(json.dumps(report, indent=1))
    print(json.dumps(report, indent=1))
    assert not errors, errors
    assert table.decisions >= 40  # a whole game: set-up, 12 auctions, 24 actions and more
    assert share >= GOAL, report
    assert clicks <= 4, report
    assert seen["bids"] and seen["income"], seen
    assert seen["fight"] or seen["story"], seen
    for name in ("start", "auction", "income", "end", "phone"):
        assert (shots / f"wow-{name}.png").stat().st_size > 10_000, name


def shoot(page: Any, shots: Path, saved: dict[str, str], name: str) -> None:
    page.mouse.move(2, 2)  # no hover tip over the board
    path = shots / f"wow-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    saved[name] = str(path)


def phone(browser: Any, link: str, shots: Path, saved: dict[str, str], errors: list[str],
          view: dict[str, Any]) -> None:
    """The same seat on a phone: the board within the width, the decision sheet reachable."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(link)
    page.wait_for_selector(".wow-town")
    page.wait_for_selector(".turn.you")
    width = page.evaluate("document.querySelector('.wow').scrollWidth")
    assert width <= PHONE["width"], width
    assert page.locator("#decide").is_visible()
    path = shots / "wow-phone.png"
    page.screenshot(path=str(path))
    saved["phone"] = str(path)
    # a tap on the action box with the most choices starts narrowing and explains the box
    boxes = [t for a in view["legal_actions"] for t in a["targets"] if t.startswith("box:")]
    box = page.locator(f'.wow-chart .box[data-id="{max(set(boxes), key=boxes.count)}"]')
    name = box.locator(".bname").inner_text()
    box.tap()
    chooser = page.locator("#chooser:not([hidden])")
    chooser.wait_for()
    assert name.casefold() in chooser.locator(".entry").inner_text().casefold()
    assert name.casefold() in chooser.locator(".narrow-path").inner_text().casefold()
    assert page.locator("#board .narrow-next").count() > 0
    path = shots / "wow-phone-narrowing.png"
    page.screenshot(path=str(path))
    saved["phone-narrowing"] = str(path)
    page.keyboard.press("Escape")
    assert not page.locator("#chooser:not([hidden])").count()
    assert not page.locator("#board .narrow-next").count()
    context.close()


# ---------------------------------------------------------------- the fight panel, step by step
WEB = Path(__file__).resolve().parents[1] / "src" / "boomtown" / "web"
BOARD = get_ruleset(GAME).web_board.folder
#: A page that draws one view with the board module and records the actions clicked.
HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/games/way-out-west/board.css">
</head><body class="table">
<main class="table-main"><section id="board" class="board"></section></main>
<script type="module">
import { render } from "/static/games/way-out-west/board.js";
const COLOURS = ["#c0392b", "#2c6fbb", "#2f7d32", "#8e44ad"];
window.acted = [];
window.draw = (msg, entries) => {
  const catalogue = new Map(entries.map((e) => [e.id, e]));
  const view = msg.view;
  const ctx = {
    msg, view, state: view.state, seat: msg.seat, role: "seat", legal: view.legal_actions || [],
    seatName: (s) => `seat ${s}`, seatColour: (s) => COLOURS[s], act: (id) => window.acted.push(id),
    entryOf: (id) => catalogue.get(id.split("@")[0]) || null, lastMoves: [],
    subjects: view.prompt.subjects,
    log: msg.log.map((text, i) => ({ text, seat: msg.log_actors[i] })),
    clickable: (node) => node, targeting: () => [],
  };
  document.getElementById("board").replaceChildren(render(ctx));
};
window.ready = true;
</script></body></html>"""


def serve_static(route: Any) -> None:
    """The harness page, the table's files and the board's (as the server serves them)."""
    path = route.request.url.split("://", 1)[1].split("/", 1)[1]
    if not path:
        route.fulfill(body=HARNESS, content_type="text/html")
        return
    board = f"static/games/{GAME}/"
    folder = BOARD if path.startswith(board) else WEB
    file = folder / path.removeprefix(board).removeprefix("static/")
    kind = "text/css" if file.suffix == ".css" else "text/javascript"
    route.fulfill(body=file.read_text(), content_type=kind)


def test_the_fight_panel_shows_sides_volleys_the_sheriff_and_the_robbery(tmp_path: Path) -> None:
    """A Bank robbery in Kansas City with the Jail owner's sheriff, drawn at each step from
    the engine's own views: the sheriff asked on the panel, the sides with their fighters,
    who fires first, each volley's dice and hits, the robbery's 3d6 and what was paid."""
    from boomtown.engine import CHANCE
    from boomtown.games.way_out_west import RULESET
    from boomtown.games.way_out_west import actions as A
    from wow_scenario import KANSAS_CITY, act, build, empty_board, put, start

    playwright()  # skips at once without a browser
    shots = screenshots(tmp_path)
    entries = RULESET.catalogue().to_dict()["entries"]
    st = start(4)
    empty_board(st)
    build(st, 1, KANSAS_CITY, "bank")
    build(st, 2, KANSAS_CITY, "jail")
    put(st, 0, KANSAS_CITY, cowboys=2)
    put(st, 1, KANSAS_CITY, cowboys=1)
    st.money[1] = 15
    act(st, 0)
    st.apply("gunfight to rob the Bank in Kansas City")

    def message(seat: int) -> dict[str, Any]:
        view = st.view(seat)
        deciding = st.current_player == seat
        return {"view": view, "seat": seat, "game_id": "fight", "chance": None,
                "decision": "d" if deciding else None, "log": st.log_for(seat),
                "log_actors": st.log_actors(seat)}

    with chromium() as browser:
        page = browser.new_page(viewport=DESKTOP)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route("http://wow.test/**", serve_static)
        page.goto("http://wow.test/")
        wait_until(page, "window.ready === true")

        def draw(seat: int) -> Any:
            page.evaluate("([m, e]) => window.draw(m, e)", [message(seat), entries])
            return page.locator("#wow-fight")

        # the Jail owner (seat 2) is asked about the sheriff on the fight panel
        assert st.current_player == 2
        panel = draw(2)
        assert "live" in (panel.get_attribute("class") or "")
        buttons = panel.locator(".fight-decide button[data-action]")
        assert buttons.all_inner_texts() == ["add the sheriff to the defender",
                                             "keep the sheriff out of the gunfight"]
        buttons.first.click()
        chosen = page.evaluate("window.acted[0]")
        assert chosen == A.SHERIFF_DEF
        st.apply(chosen)
        # 2 cowboys against a cowboy, the sheriff and the Bank's own defender: the attacker
        # (fewer) fires first; seat 0 is asked to fire or retreat
        assert st.current_player == 0
        panel = draw(0)
        attacker = panel.locator('.side[data-side="attacker"]')
        defender = panel.locator('.side[data-side="defender"]')
        assert "first" in (attacker.get_attribute("class") or "")
        assert attacker.locator(".fighter").count() == 2
        assert defender.locator(".fighter").count() == 3
        assert "built-in defender" in defender.inner_text()
        assert defender.locator('.fighter[title="the sheriff"]').count() == 1
        assert panel.locator(".fight-decide button").all_inner_texts() == ["fire", "retreat"]
        shoot(page, shots, {}, "fight-sheriff")
        st.apply("fire")
        st.apply(A.HITS + 2)       # the cowboy and the sheriff fall
        assert st.current_player == CHANCE
        st.apply(A.HITS + 0)       # the Bank's defender misses
        panel = draw(0)
        volleys = panel.locator(".volley")
        assert volleys.count() == 2
        assert volleys.nth(0).locator(".die").count() == 2
        assert volleys.nth(0).locator(".die.hit").count() == 2
        assert volleys.nth(1).locator(".die").count() == 1
        assert volleys.nth(1).locator(".die.hit").count() == 0
        # the Bank's defender alone is now the smaller side: it fires first
        defender = panel.locator('.side[data-side="defender"]')
        assert "first" in (defender.get_attribute("class") or "")
        assert defender.locator(".fighter").count() == 1
        st.apply(A.HITS + 0)
        st.apply("fire")
        st.apply(A.HITS + 1)       # it falls: the robbery
        assert st.current_player == CHANCE and type(st.stack[-1]).__name__ == "Robbery"
        st.apply("the robbery dice total 11")
        assert st.view(None)["state"]["gunfight"] is None
        panel = draw(3)            # a bystander sees how it went
        assert "over" in (panel.get_attribute("class") or "")
        assert panel.locator(".volley").count() == 4
        robbery = panel.locator(".robbery")
        assert robbery.get_attribute("data-roll") == "11"
        assert "pays $11" in robbery.inner_text()
        assert panel.locator(".story li.outcome").count() >= 1
        page.mouse.move(0, 0)
        page.screenshot(path=str(shots / "wow-fight-robbery.png"), full_page=True)
    assert not errors, errors
