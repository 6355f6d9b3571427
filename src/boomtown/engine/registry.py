"""The registry of games. A new game is a folder under ``games/`` and one line here.

>>> from boomtown.engine.registry import list_rulesets
>>> "western-town" in list_rulesets()
True
"""

from __future__ import annotations

import importlib
from typing import Any

from boomtown.engine.errors import UnknownGame
from boomtown.engine.ruleset import Ruleset
from boomtown.engine.state import State

#: Built-in games: id -> "module:attribute" of their :class:`Ruleset`.
BUILTIN: dict[str, str] = {
    "western-town": "boomtown.games.western_town:RULESET",
    "way-out-west": "boomtown.games.way_out_west:RULESET",
    "great-western-trail": "boomtown.games.great_western_trail:RULESET",
}

_loaded: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a ruleset (a third-party game, or a toy in tests)."""
    _loaded[ruleset.id] = ruleset


def unregister(game_id: str) -> None:
    """Remove a ruleset added with :func:`register`."""
    _loaded.pop(game_id, None)


def list_rulesets() -> list[str]:
    """Ids of every known game."""
    return sorted(set(BUILTIN) | set(_loaded))


def get_ruleset(game_id: str) -> Ruleset:
    """The ruleset registered under ``game_id``, or :class:`UnknownGame`."""
    if game_id in _loaded:
        return _loaded[game_id]
    target = BUILTIN.get(game_id)
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r}; known: {', '.join(list_rulesets())}")
    module_name, attr = target.split(":")
    ruleset = getattr(importlib.import_module(module_name), attr)
    if not isinstance(ruleset, Ruleset):
        raise UnknownGame(f"{target} is not a Ruleset")
    _loaded[game_id] = ruleset
    return ruleset


def new_game(game_id: str, players: int, seed: int = 0, options: Any = None) -> State:
    """Start a game of ``game_id``."""
    return get_ruleset(game_id).new_game(players, seed, options)
