"""Every registered game at every player count, as pytest parameters (no tests here)."""

from __future__ import annotations

import pytest

from boomtown.engine import get_ruleset, list_rulesets

#: ``(game, players)`` for every registered game and every player count it allows.
EVERY_GAME_AND_COUNT = [
    pytest.param(game, players, id=f"{game}-{players}p")
    for game in list_rulesets()
    for players in get_ruleset(game).player_counts
]
