"""Hints and the review in a real browser (Playwright driving Debian's Chromium, headless):
hints turned on in the lobby for one seat, asked for at the table, shown with their
alternatives and highlighted on the board, a suggestion played from the panel; a spectator
gets no hint and no Hint button; after the short game, the review with its chart.

The server plays ``toy-table`` (tests/test_web_support.py) with small, fixed search budgets
(``BOOMTOWN_HINT_ITERATIONS``, ``BOOMTOWN_REVIEW_ITERATIONS``). Screenshots go to
``$BOOMTOWN_SCREENSHOTS`` (default: the test's tmp folder): ``hint-panel.png``,
``hint-phone.png``, ``review.png`` (the toy game), ``hint-western-town.png``,
``review-western-town.png``.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_server_support import ServerProcess
from test_web_support import (
    DESKTOP,
    HAVE_CHROMIUM,
    PHONE,
    TOY,
    chromium,
    screenshots,
    toy_server_command,
)

pytestmark = pytest.mark.skipif(not HAVE_CHROMIUM, reason="no Chromium installed")

#: Generous: CI runs this beside the rest of the suite on two shared cores.
DEADLINE_S = 120
#: A window tall enough for the whole review card in one screenshot.
REVIEW_SHOT_HEIGHT = 1900
#: The table page's settings for a page that watches while the API plays.
CONFIRM = {"confirmForced": True}
#: Small search budgets: the test is about the table, not the advice.
BUDGETS = {"BOOMTOWN_HINT_ITERATIONS": "24", "BOOMTOWN_REVIEW_ITERATIONS": "12"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with pytest.MonkeyPatch.context() as env:
        for name, value in BUDGETS.items():
            env.setenv(name, value)
        proc = ServerProcess(tmp_path_factory.mktemp("hints") / "data",
                             command=toy_server_command())
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def frames_of(page: Any) -> list[dict[str, Any]]:
    """Every websocket message the page receives from now on, parsed."""
    got: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return got


def my_turn(page: Any) -> bool:
    return bool(page.locator(".turn.you").count()) and not page.locator("body.busy").count()


def test_hints_at_the_table_and_the_review_after(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    shots = screenshots(tmp_path)
    ctx = browser.new_context(viewport=DESKTOP)
    spy_ctx = browser.new_context(viewport=DESKTOP)
    errors: list[str] = []
    try:
        # the lobby: hints on for seat 0 only, the person; seat 1 a bot
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.base + "/")
        page.wait_for_selector(f"#f-game option[value='{TOY}']", state="attached")
        page.select_option("#f-game", TOY)
        page.select_option("#f-players", "2")
        page.select_option(".seat-row:nth-of-type(2) .seat-kind", "bot:random")
        page.fill("#f-options input[data-opt='rounds']", "1")
        page.fill("#f-bot-delay", "0")
        assert not page.locator(".seat-hints-label").first.is_visible()
        page.select_option("#f-hints", "seats")
        page.check(".seat-row:nth-of-type(1) .seat-hints")
        page.click("#create-button")
        page.wait_for_selector("#go-to-table")
        game_id = re.search(r"Game (\S+) created", page.inner_text("#created h3"))
        assert game_id is not None
        gid = game_id.group(1)
        assert server.get(f"/api/games/{gid}")["hints"] == [0]
        page.click("#refresh")
        page.wait_for_selector(f"#games li:has-text('{gid}') .hints-tag")
        spectate = page.locator(f"#games li:has-text('{gid}') a.spectate").get_attribute("href")
        # a spectator watches: no Hint button, and no hint ever reaches it
        spy = spy_ctx.new_page()
        spy.on("pageerror", lambda exc: errors.append(str(exc)))
        spy_frames = frames_of(spy)
        spy.goto(server.base + spectate)
        spy.wait_for_selector("#seats li")
        mine = frames_of(page)
        page.click("#go-to-table")
        page.wait_for_selector(".turn.you", timeout=60_000)
        assert "Hints are on for" in page.inner_text("#hints-setting")
        assert page.locator("#seats li[data-seat='0'] .hints-tag").count() == 1
        assert page.locator("#seats li[data-seat='1'] .hints-tag").count() == 0
        # the Hint button asks; the panel shows the suggestion and the next moves
        page.wait_for_selector("#hint-button:not([hidden])")
        page.click("#hint-button")
        page.wait_for_selector("#hint-box .alts li.alt", timeout=60_000)
        alts = page.locator("#hint-box .alts li.alt")
        assert 1 <= alts.count() <= 3
        suggested = alts.first
        assert "suggested" in suggested.get_attribute("class")
        assert suggested.locator(".alt-reason").inner_text().strip()
        action_id = suggested.get_attribute("data-action")
        listed = page.locator(f"#actions button.action[data-action='{action_id}']")
        assert listed.count() == 1 and "hinted" in listed.get_attribute("class")
        hint_text = suggested.locator(".alt-text").inner_text().replace("suggested", "").strip()
        assert hint_text in listed.inner_text()
        answers = [m for m in mine if m["type"] == "hint"]
        assert len(answers) == 1 and "decision_index" not in answers[0]["hint"]
        asked = next(m for m in mine if m["type"] == "state"
                     and m["decision"] == answers[0]["decision"])
        wanted = next(a for a in asked["view"]["legal_actions"] if a["id"] == int(action_id))
        hinted = page.locator("#board .hinted")  # the move's targets, on the board
        assert hinted.count() == len(wanted["targets"])
        page.screenshot(path=str(shots / "hint-panel.png"), full_page=True)
        # on a phone the panel floats at the top, within the screen, above the decision sheet
        page.set_viewport_size(PHONE)
        box = page.locator("#hint-box").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["y"] + box["height"] <= page.locator("#decide").bounding_box()["y"] + 1
        page.screenshot(path=str(shots / "hint-phone.png"))
        page.set_viewport_size(DESKTOP)
        if alts.count() > 1:  # another move, picked in the panel, is shown instead
            alts.nth(1).locator(".alt-text").click()
            second = alts.nth(1).get_attribute("data-action")
            assert "selected" in page.locator("#hint-box .alts li.alt").nth(1).get_attribute(
                "class")
            assert "hinted" in page.locator(
                f"#actions button.action[data-action='{second}']").get_attribute("class")
            page.locator("#hint-box .alts li.alt").first.locator(".alt-text").click()
        # playing the suggestion from the panel takes it; the panel goes with the decision
        page.locator("#hint-box .alts li.alt").first.locator("button.play").click()
        page.wait_for_function("!document.getElementById('hint-box') || "
                               "document.getElementById('hint-box').hidden")
        assert not spy.locator("#hint-button").is_visible()
        # the rest of the short game, by the last action each time (ends an exchange)
        deadline = time.monotonic() + DEADLINE_S
        while not page.locator(".turn.over").count():
            assert time.monotonic() < deadline, "the game did not end"
            if my_turn(page):
                page.locator("#actions button.action").last.click()
            page.wait_for_timeout(100)
        # the review: the chart of both seats and the costliest decisions
        page.wait_for_selector("#review-button")
        page.click("#review-button")
        page.wait_for_selector("#review-card", timeout=DEADLINE_S * 1000)
        card = page.locator("#review-card")
        assert card.locator("svg.review-chart polyline.seat-line").count() == 2
        assert card.locator("svg.review-chart polyline.seat-line[data-seat='0']").get_attribute(
            "stroke-width") == "3"
        assert "decisions" in card.locator(".review-summary").inner_text()
        assert "Hints were on" in card.inner_text()
        for mistake in card.locator(".mistake").all():
            assert mistake.locator(".why").inner_text().strip()
        page.screenshot(path=str(shots / "review.png"), full_page=True)
        assert card.locator(".mistake").count() == card.locator(
            "svg.review-chart .mistake-dot").count()
        page.click("#review-close")
        assert not page.locator("#review").is_visible()
        # with the game-over screen closed, the decision panel opens the review again
        page.click("#gameover button.primary")
        page.click("#review-again")
        page.wait_for_selector("#review-card")
        page.click("#review-close")
        # nothing of the hint reached the spectator, and it may not read the review
        assert spy_frames and not [f for f in spy_frames if f["type"] == "hint"]
        assert hint_text not in json.dumps([f for f in spy_frames if f["type"] != "state"])
        assert server.get(f"/api/games/{gid}/review",
                          token=spectate.split("#")[1])["code"] == "forbidden"
        assert not errors, errors
    finally:
        ctx.close()
        spy_ctx.close()


def test_a_western_town_hint_on_the_board_and_its_review(
    server: ServerProcess, browser: Any, tmp_path: Path
) -> None:
    """A real game: the hint's move highlighted on Western Town's board; the game played on
    (by the API, at random), then the review with a curve per seat and costly decisions."""
    shots = screenshots(tmp_path)
    made = server.post("/api/games", {
        "game": "western-town", "players": 2, "bot_delay_ms": 0, "seed": 5, "hints": "all",
        "options": {"short_game": True},
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]})
    assert made["hints"] == "all", made
    gid, token = made["game_id"], made["seats"][0]["token"]
    ctx = browser.new_context(viewport=DESKTOP)
    # the API plays the game: the page takes no forced move by itself beside it
    ctx.add_init_script(
        f"localStorage.setItem('boomtown.settings', {json.dumps(json.dumps(CONFIRM))})")
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(made["seats"][0]["link"])
        page.wait_for_selector(".wt-town.me", timeout=60_000)
        page.wait_for_selector(".turn.you", timeout=60_000)
        page.keyboard.press("h")  # the key asks too
        page.wait_for_selector("#hint-box .alts li.alt", timeout=60_000)
        estimate = page.locator("#hint-box .alts li.alt .alt-estimate").first.inner_text()
        assert "expected final score" in estimate
        action_id = int(page.locator("#hint-box .alts li.alt").first.get_attribute("data-action"))
        msg = server.get(f"/api/games/{gid}/state", token=token)
        wanted = next(a for a in msg["view"]["legal_actions"] if a["id"] == action_id)
        if wanted["targets"]:
            page.wait_for_selector("#board .hinted")
        page.screenshot(path=str(shots / "hint-western-town.png"), full_page=True)
        rng = random.Random(4)
        deadline = time.monotonic() + DEADLINE_S
        while not (msg := server.get(f"/api/games/{gid}/state", token=token))["view"]["terminal"]:
            assert time.monotonic() < deadline, "the game did not end"
            if not msg["decision"]:
                time.sleep(0.05)
                continue
            action = rng.choice(msg["view"]["legal_actions"])["id"]
            server.post(f"/api/games/{gid}/actions", {"action": action,
                                                      "decision": msg["decision"]}, token)
        page.wait_for_selector("#review-button", timeout=60_000)
        page.click("#review-button")
        page.wait_for_selector("#review-card", timeout=DEADLINE_S * 1000)
        card = page.locator("#review-card")
        lines = card.locator("svg.review-chart polyline.seat-line")
        assert lines.count() == 2
        points = lines.first.get_attribute("points").split()
        assert len(points) > 10  # a point per decision of Ann's, and the end
        assert card.locator(".mistake").count() >= 1
        assert card.locator(".mistake .drop").first.inner_text().startswith("\u2212")
        page.set_viewport_size({"width": DESKTOP["width"], "height": REVIEW_SHOT_HEIGHT})
        page.screenshot(path=str(shots / "review-western-town.png"))
        assert not errors, errors
    finally:
        ctx.close()
