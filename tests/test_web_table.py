"""The table page in a real browser (Playwright driving Debian's Chromium, headless): keyboard
and board play, catalogue tips on hover and tap, last moves and the coloured, filtered log,
forced moves, the bot-thinking indicator and the turn beep, the game-over screen, bad links,
phones at 390x844, table mode's private draws, a click made while disconnected, the lobby.

Most tests play ``toy-table`` (tests/test_web_support.py), a small game with every part of
the presentation contract, on one server for the module. Screenshots go to
``$BOOMTOWN_SCREENSHOTS`` (default: the test's tmp folder).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boomtown.engine import CHANCE
from test_server_support import ServerProcess, free_port
from test_web_support import (
    DESKTOP,
    HAVE_CHROMIUM,
    PHONE,
    RECONSTRUCTED_CARD,
    TOY,
    TOY_TABLE,
    chromium,
    screenshots,
    toy_server_command,
)

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="no Chromium installed")

#: Generous: CI runs this beside the rest of the suite on two shared cores.
DEADLINE_S = 120
LONG_NAME = "Annabel Longname-Westwood"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("table") / "data", command=toy_server_command())
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def seed_dealing(card: int, seat: int = 0) -> int:
    """A seed whose deal gives ``seat`` the card ``card`` (the server deals by the seed)."""
    for seed in range(500):
        state = TOY_TABLE.new_game(2, seed, {"rounds": 3})
        while state.current_player == CHANCE:
            state.apply(state.sample_chance())
        if card - 1 in state.hands[seat]:
            return seed
    raise AssertionError(f"no seed deals card {card}")


def new_game(server: ServerProcess, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": TOY, "players": len(seats), "seats": seats, "bot_delay_ms": 0,
            "options": {"rounds": 3}, **extra}
    made = server.post("/api/games", body)
    assert "game_id" in made, made
    return made


#: A page whose tab is hidden and whose notifications are granted and recorded (headless
#: Chromium shows none), to see that "your turn" notifies.
NOTIFICATIONS = """
Object.defineProperty(document, "hidden", { get: () => true });
window.shownNotifications = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.shownNotifications.push(title); }
};
"""


def open_page(browser: Any, link: str, settings: dict[str, Any] | None = None,
              init_script: str | None = None, **context: Any) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(**{"viewport": DESKTOP, **context})
    if init_script is not None:
        ctx.add_init_script(init_script)
    if settings is not None:
        ctx.add_init_script(
            f"localStorage.setItem('boomtown.settings', {json.dumps(json.dumps(settings))})")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(link)
    return ctx, page, errors


def my_turn(page: Any) -> bool:
    return bool(page.locator(".turn.you").count()) and not page.locator("body.busy").count()


def test_a_game_by_keys_and_clicks_with_last_moves_log_and_final_screen(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    shots = screenshots(tmp_path)
    made = new_game(server, [{"kind": "human", "name": LONG_NAME}, {"kind": "human", "name": "Bo"}],
                    seed=seed_dealing(RECONSTRUCTED_CARD))
    ctx0, ann, errors0 = open_page(browser, made["seats"][0]["link"])
    ctx1, bo, errors1 = open_page(browser, made["seats"][1]["link"],
                                  {"confirmForced": True, "sound": True})
    try:
        ann.wait_for_selector(".turn.you")
        bo.wait_for_selector("#turn:has-text('Waiting for')")
        # the list is numbered for the keyboard; the hand's cards explain themselves on hover
        assert ann.locator("#actions button.action kbd").first.inner_text() == "1"
        recon = ann.locator(f"#board [data-id='card:{RECONSTRUCTED_CARD}@hand']")
        assert "reconstructed" in recon.get_attribute("class")
        recon.hover()
        tip = ann.locator("#tip")
        tip.wait_for(state="visible")
        assert f"Worth {RECONSTRUCTED_CARD} in the showdown" in tip.inner_text()
        assert tip.locator(".recon-badge").count() == 1
        ann.mouse.move(5, 5)
        # key 1 selects the first card: a private move, marked on Ann's board only
        first = ann.locator("#actions button.action").first
        target_text = first.inner_text()
        ann.keyboard.press("1")
        ann.wait_for_selector("#board .last-move")
        marked = ann.locator("#board .last-move").first
        assert marked.get_attribute("data-last-seat") == "0"
        assert "selects" in ann.locator("#last").inner_text()
        assert ann.locator("#log li[data-seat='0'] .who").last.inner_text() == LONG_NAME
        assert not bo.locator("#last").is_visible() or LONG_NAME not in bo.locator(
            "#last").inner_text()
        # u takes it back
        ann.wait_for_selector("#undo:not([hidden])")
        ann.keyboard.press("u")
        ann.wait_for_function("!document.querySelector('#board .last-move')")
        assert target_text.split(" ", 1)[1] in ann.locator("#actions").inner_text()
        # then play to the end: keys, board clicks and the list in turn
        presses = board_clicks = 0
        saw_forced_hint = False
        deadline = time.monotonic() + DEADLINE_S
        while time.monotonic() < deadline:
            if ann.locator("#gameover:not([hidden])").count() and bo.locator(
                    "#gameover:not([hidden])").count():
                break
            acted = False
            for page in (ann, bo):
                if not my_turn(page):
                    continue
                if page is bo and bo.locator(".hint.forced").count():
                    saw_forced_hint = True
                end = page.locator("#actions button.action:has-text('end turn')")
                if end.count() and presses % 3 != 1:
                    end.click()
                elif page.locator("#board .clickable").count() and presses % 2 == 0:
                    page.locator("#board .clickable").first.click()
                    chooser = page.locator("#chooser:not([hidden]) button[data-action]")
                    if chooser.count():
                        chooser.first.click()
                    board_clicks += 1
                else:
                    page.keyboard.press("1")
                presses += 1
                acted = True
                page.wait_for_timeout(30)
            if not acted:
                ann.wait_for_timeout(30)
        assert ann.locator("#gameover:not([hidden])").count(), "the game did not end in time"
        # the forced last commitment: taken by itself for Ann, confirmed by Bo (his setting)
        assert int(ann.evaluate("document.body.dataset.forcedTaken || 0")) >= 1
        assert int(bo.evaluate("document.body.dataset.forcedTaken || 0")) == 0
        assert saw_forced_hint and board_clicks > 0
        assert int(bo.evaluate("document.body.dataset.beeps || 0")) >= 1
        # the final screen: winner with points, every row labelled, all in one screenful
        winner = ann.locator("#winner").inner_text()
        assert (" wins with " in winner or " win" in winner) and "points" in winner
        card = ann.locator(".gameover-card")
        box = card.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"]
        labels = card.locator("td.row-label").all_inner_texts()
        assert labels == ["Points scored", "Rounds won"]  # the catalogue's score:KEY names
        assert card.locator("tr.not-points[data-row='rounds_won']").count() == 1
        ann.screenshot(path=str(shots / "toy-final.png"))
        # the log names and colours its players and filters to one seat
        bo.locator(".gameover-card button.primary").click()
        bo.select_option("#log-filter", "0")
        seats = bo.locator("#log li").evaluate_all("items => items.map(li => li.dataset.seat)")
        assert seats and set(seats) == {"0"}
        assert bo.locator("#log li .who").first.evaluate("n => getComputedStyle(n).color") == (
            "rgb(192, 57, 43)")
        bo.select_option("#log-filter", "all")
        assert bo.locator("#log li[data-seat='chance']").count() > 0
        bo.screenshot(path=str(shots / "toy-log.png"), full_page=True)
        # Bo leaving after the end sends Ann a state message; her final card is not redrawn
        ann.evaluate("document.querySelector('.gameover-card').dataset.kept = '1'")
        renders = ann.evaluate("window.boomtownRenders.length")
        ctx1.close()
        ann.wait_for_function(f"window.boomtownRenders.length > {renders}")
        assert ann.evaluate("document.querySelector('.gameover-card').dataset.kept") == "1"
    finally:
        ctx0.close()
        ctx1.close()
    assert not errors0 and not errors1, errors0 + errors1


def test_phone_layout_and_taps_explain_before_they_act(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    shots = screenshots(tmp_path)
    made = new_game(server, [{"kind": "human", "name": LONG_NAME},
                             {"kind": "human", "name": "Bartholomew Q. Cassidy"}],
                    seed=seed_dealing(RECONSTRUCTED_CARD))
    ctx, page, errors = open_page(browser, made["seats"][0]["link"], viewport=PHONE,
                                  is_mobile=True, has_touch=True, device_scale_factor=1)
    try:
        page.wait_for_selector(".turn.you")
        # a tap on a clickable card shows its entry above its choices, and does not act yet
        card = page.locator(f"#board [data-id='card:{RECONSTRUCTED_CARD}@hand']")
        card.scroll_into_view_if_needed()
        card.tap()
        chooser = page.locator("#chooser")
        chooser.wait_for(state="visible")
        assert f"Worth {RECONSTRUCTED_CARD}" in chooser.inner_text()
        assert chooser.locator(".recon-badge").count() == 1
        assert chooser.locator(f"button:has-text('select {RECONSTRUCTED_CARD}')").count() == 1
        page.screenshot(path=str(shots / "phone-chooser.png"))
        chooser.locator(f"button:has-text('select {RECONSTRUCTED_CARD}')").tap()
        page.wait_for_selector(f"#board .last-move[data-id='card:{RECONSTRUCTED_CARD}@hand']")
        # the decision panel is a sheet at the bottom, reachable wherever the page is scrolled
        for scroll in (0, 10_000):
            page.evaluate(f"window.scrollTo(0, {scroll})")
            box = page.locator("#decide").bounding_box()
            assert box and box["y"] > PHONE["height"] * 0.4
            assert box["y"] + box["height"] <= PHONE["height"] + 1
        page.locator("#actions button.action:has-text('end turn')").tap()
        page.wait_for_selector("#turn:has-text('Waiting for')")
        # no sideways scrolling, names whole
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for name in page.locator(".seat-name").all():
            rect = name.bounding_box()
            assert rect and rect["x"] >= 0 and rect["x"] + rect["width"] <= PHONE["width"]
        assert LONG_NAME in page.locator("#whoami").inner_text()
        # a tap on a catalogued thing that takes no action shows its entry in a popover
        other = page.locator("#board [data-id^='card:'][data-id$='@hand']").first
        other.scroll_into_view_if_needed()
        other.tap()
        tip = page.locator("#tip")
        tip.wait_for(state="visible")
        assert "in the showdown" in tip.inner_text()
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / "phone-390x844.png"))
        # a finished four-player Great Western Trail (13 score rows): the whole final screen
        # fits the phone
        done = server.post("/api/games", {
            "game": "great-western-trail", "players": 4, "bot_delay_ms": 0,
            "seats": [{"kind": "bot", "bot": "random", "name": LONG_NAME}]
            + [{"kind": "bot", "bot": "random"}] * 3})
        deadline = time.monotonic() + DEADLINE_S
        while server.get(f"/api/games/{done['game_id']}")["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        page.goto(done["spectator_link"])
        card = page.locator(".gameover-card")
        card.wait_for(state="visible")
        # measured in the page: the screen is drawn again by each state message, and a
        # locator's box is None while its element is being replaced
        box = page.evaluate("(() => { const r = document.querySelector('.gameover-card')"
                            ".getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width,"
                            " height: r.height}; })()")
        assert box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
        assert page.evaluate("window.innerWidth") == PHONE["width"]  # nothing widens the page
        page.screenshot(path=str(shots / "phone-game-over.png"))
    finally:
        ctx.close()
    assert not errors, errors


def test_bad_links_get_a_page_that_says_what_happened(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    shots = screenshots(tmp_path)
    made = new_game(server, [{"kind": "human"}, {"kind": "human"}])
    cases = [
        (f"{server.base}/play/nosuchgame#sometoken", "There is no such game here"),
        (f"{server.base}/play/{made['game_id']}#tampered{made['spectator_token'][8:]}",
         "token does not open this game"),
        (f"{server.base}/play/{made['game_id']}", "no secret token"),
    ]
    ctx = browser.new_context(viewport=DESKTOP)
    try:
        for i, (link, headline) in enumerate(cases):
            page = ctx.new_page()
            page.goto(link)
            page.wait_for_selector("#bad-link")
            assert headline in page.locator("#bad-link h2").inner_text()
            assert page.locator("#back-to-lobby").get_attribute("href") == "/"
            assert not page.locator("#main").is_visible()
            if i == 0:
                page.screenshot(path=str(shots / "bad-link.png"))
            page.locator("#back-to-lobby").click()
            page.wait_for_selector("#create-form")
            page.close()
    finally:
        ctx.close()


def test_table_mode_private_draws_are_entered_on_the_seats_own_screen(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    shots = screenshots(tmp_path)
    made = new_game(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
                    table_mode=True)
    ctx_t, table, errors_t = open_page(browser, made["table_link"])
    ctx_a, ann, errors_a = open_page(browser, made["seats"][0]["link"])
    try:
        table.wait_for_selector("#turn:has-text('Ann is drawing on their own screen')")
        assert table.locator("#actions button.action").count() == 0
        ann.wait_for_selector(".turn.you:has-text('Enter your own draw')")
        assert "for you (private)" in ann.locator("#prompt").inner_text()
        assert ann.locator("#actions button.action").count() == 20  # the whole deck
        table.screenshot(path=str(shots / "table-mode-private-draw-table.png"))
        ann.screenshot(path=str(shots / "table-mode-private-draw-seat.png"))
        ann.keyboard.press("1")  # two digits typed quickly: action 12
        ann.keyboard.press("2")
        ann.wait_for_selector("#board [data-id='card:12@hand']")
        # the next card goes to the bot: the table enters it
        table.wait_for_selector(".turn.you")
        assert "for Ann" not in table.locator("#prompt").inner_text()
        table.locator("#actions button.action").first.click()
        ann.wait_for_selector(".turn.you:has-text('Enter your own draw')")
        tenth = ann.locator("#actions button.action[data-n='10']").inner_text().split()[-1]
        ann.keyboard.press("0")  # 0 is action 10
        ann.wait_for_selector(f"#board [data-id='card:{tenth}@hand']")
        assert table.locator("#board [data-id$='@hand']").count() == 0  # the table sees none
    finally:
        ctx_t.close()
        ctx_a.close()
    assert not errors_t and not errors_a, errors_t + errors_a


def test_bot_thinking_and_the_turn_beep(server: ServerProcess, browser: Any,
                                        tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    made = new_game(server, [{"kind": "human", "name": "Ann"},
                             {"kind": "bot", "bot": "random", "name": "Robo"}],
                    bot_delay_ms=500, options={"rounds": 1})
    ctx, page, errors = open_page(browser, made["seats"][0]["link"], {"sound": True,
                                                                     "notify": True},
                                  init_script=NOTIFICATIONS)
    try:
        page.wait_for_selector(".turn.you")
        beeps = int(page.evaluate("document.body.dataset.beeps || 0"))
        shown = page.evaluate("window.shownNotifications.length")
        page.locator("#actions button.action:has-text('end turn')").click()
        page.wait_for_selector(".turn.thinking:has-text('Robo (bot) is thinking')")
        assert page.locator(".turn.thinking .spinner").count() == 1
        assert page.locator("#seats .thinking-tag").count() == 1
        page.screenshot(path=str(shots / "bot-thinking.png"))
        page.wait_for_selector(".turn.you", timeout=30_000)
        page.wait_for_function(f"Number(document.body.dataset.beeps || 0) > {beeps}")
        page.wait_for_function(f"window.shownNotifications.length > {shown}")
        assert page.evaluate("window.shownNotifications.at(-1)").startswith("boomtown: your turn")
    finally:
        ctx.close()
    assert not errors, errors


def test_a_click_while_disconnected_is_queued_then_sent(browser: Any, tmp_path: Path) -> None:
    port = free_port()
    data = tmp_path / "data"
    proc = ServerProcess(data, port=port, command=toy_server_command())
    ctx = None
    try:
        made = new_game(proc, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
        ctx, page, errors = open_page(browser, made["seats"][0]["link"])
        page.wait_for_selector(".turn.you")
        proc.kill9()
        page.wait_for_selector("#conn:has-text('disconnected')")
        chosen = page.locator("#actions button.action").first.inner_text().split(" ", 1)[1]
        page.locator("#actions button.action").first.click()
        page.wait_for_selector("#queued:not([hidden])")
        assert "queued" in page.locator("#queued").inner_text()
        proc = ServerProcess(data, port=port, command=toy_server_command())
        # the restarted server gives the decision a new nonce; the view is the same, so the
        # queued click goes out
        page.wait_for_selector("#queued", state="hidden", timeout=30_000)
        page.wait_for_selector(f"#log li:has-text('{chosen.replace('select', 'selects')}')")
        assert not errors, errors
    finally:
        if ctx is not None:
            ctx.close()
        proc.stop()


def test_lobby_pause_choices_levels_and_archive(server: ServerProcess, browser: Any,
                                                tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    done = new_game(server, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
                    options={"rounds": 1})
    deadline = time.monotonic() + DEADLINE_S
    while server.get(f"/api/games/{done['game_id']}")["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    ctx = browser.new_context(viewport=DESKTOP)
    try:
        page = ctx.new_page()
        page.goto(server.base + "/")
        page.wait_for_selector(f"#archive li:has-text('{done['game_id']}')")
        assert page.locator(f"#games li:has-text('{done['game_id']}')").count() == 0
        page.select_option("#f-game", "great-western-trail")
        choice = page.locator("#f-options select[data-opt]")
        assert choice.count() >= 1
        assert choice.first.locator("option").count() >= 2
        assert page.locator(".seat-row:nth-of-type(2) .seat-kind").input_value() == "bot:medium"
        levels = page.locator(".seat-row:nth-of-type(2) .seat-kind optgroup[label='bots by "
                              "strength'] option").evaluate_all("os => os.map(o => o.value)")
        assert levels == ["bot:easy", "bot:medium", "bot:hard"]
        page.fill("#f-bot-delay", "55")
        assert page.evaluate("document.getElementById('create-form').checkValidity()")
        page.click("#create-button")
        page.wait_for_selector("#go-to-table")
        page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    finally:
        ctx.close()


@pytest.mark.parametrize(("game", "players"), [("western-town", 2), ("great-western-trail", 2),
                                               ("way-out-west", 3)])
def test_every_game_opens_explains_and_plays(server: ServerProcess, browser: Any, game: str,
                                             players: int) -> None:
    """Each real game: its board (or the generic tree), catalogue tips where it has a
    catalogue, the plain list grouped by kind when long, a few moves without a page error."""
    made = server.post("/api/games", {
        "game": game, "players": players, "bot_delay_ms": 0, "options": {},
        "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot"}] * (players - 1)})
    catalogued = "entries" in server.get(f"/api/rulesets/{game}/catalogue")
    ctx, page, errors = open_page(browser, made["seats"][0]["link"])
    grouped = taken = 0
    try:
        for _ in range(10):
            page.wait_for_selector(".turn.you", timeout=60_000)
            page.wait_for_function("!document.body.classList.contains('busy')")
            buttons = page.locator("#actions button.action")
            kinds = set(buttons.evaluate_all("bs => bs.map(b => b.dataset.kind)"))
            if buttons.count() > 12 and len(kinds) > 1:
                assert page.locator("#actions .kind-group h3.kind").count() == len(kinds)
                grouped += 1
            if catalogued:  # the catalogue arrives after the first render: wait for its tips
                page.wait_for_selector("#board .catalogued", state="attached", timeout=10_000)
            assert not page.locator("#board > p.hint:has-text('board:')").count()
            buttons.first.click()
            taken += 1
            page.wait_for_timeout(50)
        assert page.locator("#log li .who").count() > 0
    finally:
        ctx.close()
    assert not errors, errors
    assert taken == 10
    if game == "way-out-west":
        assert grouped > 0  # its action-box choice offers up to 54 actions
