"""End to end in a real browser: Playwright drives Debian's Chromium (headless) through the
lobby and a whole game of Western Town against a bot, by clicking, then saves a screenshot.

Needs ``apt-get install -y chromium`` and the ``playwright`` Python package (never
``playwright install``: the browser is Debian's). Skipped when either is missing.
Screenshots go to ``$BOOMTOWN_SCREENSHOTS`` (default: the test's tmp folder).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from test_server_support import ServerProcess
from test_web_support import DESKTOP, HAVE_CHROMIUM, chromium, playwright, screenshots

# Generous: CI runs this beside the rest of the suite on two shared cores. The loops stop as soon
# as their work is done, so a quiet machine never waits this long.
DEADLINE_S = 300

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="no Chromium installed")


def test_lobby_to_final_score_by_clicking(tmp_path: Path) -> None:
    playwright()  # skips at once without a browser or Playwright
    shots = screenshots(tmp_path)
    server = ServerProcess(tmp_path / "data")
    errors: list[str] = []
    try:
        with chromium() as browser:
            page = browser.new_page(viewport=DESKTOP)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(server.base + "/")
            page.wait_for_selector("#f-game option[value='western-town']", state="attached")
            page.select_option("#f-game", "western-town")
            page.select_option("#f-players", "2")
            page.fill(".seat-row:nth-of-type(1) .seat-name", "Ann")
            page.fill("#f-bot-delay", "0")
            page.check("#f-options input[data-opt='short_game']")
            page.click("#create-button")
            page.wait_for_selector("#go-to-table")
            page.screenshot(path=str(shots / "lobby.png"), full_page=True)
            page.click("#go-to-table")
            page.wait_for_selector(".wt-town.me")
            clicks = board_clicks = 0
            reloaded = False
            deadline = time.monotonic() + DEADLINE_S
            while time.monotonic() < deadline:
                if page.locator(".turn.over").count():
                    break
                if clicks == 8 and not reloaded:  # reconnecting resumes the game
                    page.reload()
                    page.wait_for_selector(".wt-town.me")
                    reloaded = True
                if page.locator("body.busy").count() or not page.locator(".turn.you").count():
                    page.wait_for_timeout(30)
                    continue
                board = page.locator(".board .clickable")
                buttons = page.locator("#actions button.action")
                # every other click on the board, or there when it holds the only choices
                if board.count() and (clicks % 2 == 0 or not buttons.count()):
                    board.first.click()
                    board_clicks += 1
                    chooser = page.locator("#chooser:not([hidden]) button[data-action]")
                    if chooser.count():
                        chooser.first.click()
                elif buttons.count():
                    buttons.first.click()
                else:  # the page is between two states: look again
                    page.wait_for_timeout(30)
                    continue
                clicks += 1
                page.wait_for_timeout(20)
            assert page.locator(".turn.over").count(), "the game did not end in time"
            assert " wins " in page.locator("#turn").inner_text() or " win " in page.locator(
                "#turn").inner_text()
            score = page.locator("#score table.score")
            assert score.count() and "total" in score.inner_text()
            assert page.locator(".wt-town").count() == 2
            assert page.locator(".wt-site").count() == 30
            assert page.locator("#log li").count() > 20
            page.screenshot(path=str(shots / "table-final.png"), full_page=True)
    finally:
        server.stop()
    assert not errors, errors
    assert clicks > 10 and board_clicks > 0
    assert (shots / "table-final.png").stat().st_size > 10_000


def test_table_mode_people_enter_the_chance_outcomes(tmp_path: Path) -> None:
    """At a real table the table link enters the draws and die rolls; bots play the seats."""
    playwright()  # skips at once without a browser or Playwright
    shots = screenshots(tmp_path)
    server = ServerProcess(tmp_path / "data")
    try:
        made = server.post("/api/games", {
            "game": "western-town", "players": 2, "table_mode": True, "bot_delay_ms": 0,
            "seats": [{"kind": "bot"}, {"kind": "bot"}], "options": {"short_game": True}})
        with chromium() as browser:
            page = browser.new_page(viewport=DESKTOP)
            page.goto(made["table_link"])
            page.wait_for_selector("#whoami:has-text('table link')")
            # Twelve entries, or every entry of a short game: the bots' choices decide how
            # many draws a game needs (as few as nine in a 2-player short game).
            entered = 0
            deadline = time.monotonic() + DEADLINE_S
            while time.monotonic() < deadline and entered < 12:
                if page.locator(".turn.over").count():
                    break
                button = page.locator("#actions button.action")
                if page.locator(".turn.you").count() and button.count():
                    if entered == 3:
                        page.screenshot(path=str(shots / "table-mode.png"), full_page=True)
                    button.last.click()
                    entered += 1
                page.wait_for_timeout(20)
            over = page.locator(".turn.over").count() > 0
            # the bots played between the entries; a seat's page never gets the outcomes
            assert page.locator("#log li").count() > 12
            seat_view = server.get(f"/api/games/{made['game_id']}/state",
                                   made["spectator_token"])
            assert seat_view["chance"] is None and seat_view["view"]["state"]["round"] >= 1
    finally:
        server.stop()
    assert entered == 12 or (over and entered >= 4)
