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


if __name__ == "__main__":
    register(TOY_TABLE)
    from boomtown.server.__main__ import main

    main()
