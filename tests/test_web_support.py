"""Shared helpers of the web table tests (no tests here): a toy game made for the table page,
a server process that plays it, and the browser launch.

``toy-table`` is High Card (tests/toy_games.py) with what the table page shows for every game:
a catalogue with a reconstructed entry and score rows, and private table-mode draws (the deal
and the replacement draws go into a hand, so only their seat may see them).

Run as a script, this module serves the web table with ``toy-table`` registered:
``python tests/test_web_support.py --port P --data DIR``.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from boomtown.engine import CHANCE
from boomtown.engine.actions import Prompt
from boomtown.engine.catalogue import Catalogue, Entry
from boomtown.engine.registry import register
from toy_games import HighCard, make_ruleset

TOY = "toy-table"
#: The card whose catalogue entry is marked reconstructed.
RECONSTRUCTED_CARD = 7

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--autoplay-policy=no-user-gesture-required"]
HAVE_CHROMIUM = Path(CHROMIUM).exists()
#: The two windows the browser tests use: a desktop and a phone.
DESKTOP = {"width": 1400, "height": 1000}
PHONE = {"width": 390, "height": 844}

#: A page's init script that counts the decisions it sends in ``window.__acts`` (a board test
#: checks each is the one it meant).
COUNT_ACTS = """
window.__acts = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try {
    const m = JSON.parse(data);
    if (m.type === "act") window.__acts.push(m.action);
  } catch (e) {}
  return send.call(this, data);
};
"""


class TableHighCard(HighCard):
    """High Card whose deals and draws are private chance outcomes."""

    def _prompt(self, seat: int | None) -> Prompt:
        prompt = super()._prompt(seat)
        if prompt.seat == CHANCE and self.phase in ("deal", "draw"):
            return dataclasses.replace(prompt, private=True)
        return prompt


def catalogue() -> Catalogue:
    cards = [
        Entry(f"card:{v}", "card", f"card {v}", f"Worth {v} in the showdown.",
              provenance="reconstructed" if v == RECONSTRUCTED_CARD else "rulebook",
              reconstructed=v == RECONSTRUCTED_CARD)
        for v in range(1, 21)
    ]
    rows = [
        Entry("score:points", "score", "Points scored", "2 per round won, or the die's face",
              details={"points": True}),
        Entry("score:rounds_won", "score", "Rounds won", "Showdowns won (not points)",
              details={"points": False}),
    ]
    return Catalogue(TOY, cards + rows)


TOY_TABLE = dataclasses.replace(make_ruleset(TableHighCard, TOY), catalogue_factory=catalogue,
                                name="High Card (table)")


def screenshots(tmp_path: Path) -> Path:
    """Where a test saves its screenshots: ``$BOOMTOWN_SCREENSHOTS``, else its tmp folder."""
    shots = Path(os.environ.get("BOOMTOWN_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    return shots


def toy_server_command() -> list[str]:
    return [sys.executable, str(Path(__file__).resolve())]


def playwright() -> Any:
    if not HAVE_CHROMIUM:
        pytest.skip("no Chromium installed")
    return pytest.importorskip("playwright.sync_api")


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (skips without them)."""
    api = playwright()
    with api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def wait_until(page: Any, expression: str, arg: Any = None, timeout_s: float = 30) -> None:
    """Poll ``expression`` (with ``arg``) in the page until it is true (the pages'
    Content-Security-Policy forbids the eval that Playwright's wait_for_function needs)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout_s} s: {expression}")
        page.wait_for_timeout(10)


if __name__ == "__main__":
    register(TOY_TABLE)
    from boomtown.server.__main__ import main

    main()
