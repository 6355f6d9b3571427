"""The registry of games. A new game is a folder under ``games/`` and one line here.

>>> from boomtown.engine.registry import list_rulesets
>>> "western-town" in list_rulesets()
True
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.errors import UnknownGame
from boomtown.engine.ruleset import Ruleset, import_target
from boomtown.engine.state import State

#: Built-in games: id -> "module:attribute" of their :class:`Ruleset`.
BUILTIN: dict[str, str] = {
    "western-town": "boomtown.games.western_town:RULESET",
    "way-out-west": "boomtown.games.way_out_west:RULESET",
    "great-western-trail": "boomtown.games.great_western_trail:RULESET",
}

#: Example games, loaded by id like the built-in ones but left out of :func:`list_rulesets`:
#: they show how a game is built on the kernel (docs/engine.md, "Add a game") and pass the
#: conformance suite, but have no board, terminal layout, bot evaluation or observation, so
#: the lobby, the command line, the simulation lab and the learning code do not offer them.
EXAMPLES: dict[str, str] = {
    "kuhn-poker": "boomtown.games.kuhn_poker:RULESET",
}

_loaded: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a ruleset (a third-party game, or a toy in tests)."""
    _loaded[ruleset.id] = ruleset


def unregister(game_id: str) -> None:
    """Remove a ruleset added with :func:`register`."""
    _loaded.pop(game_id, None)


def list_rulesets(examples: bool = False) -> list[str]:
    """Ids of every known game; with ``examples``, the example games too.

    >>> "kuhn-poker" in list_rulesets(), "kuhn-poker" in list_rulesets(examples=True)
    (False, True)
    """
    known = set(BUILTIN) | {game for game in _loaded if game not in EXAMPLES}
    return sorted(known | set(EXAMPLES) if examples else known)


def get_ruleset(game_id: str) -> Ruleset:
    """The ruleset registered under ``game_id``, or :class:`UnknownGame`."""
    if game_id in _loaded:
        return _loaded[game_id]
    target = BUILTIN.get(game_id) or EXAMPLES.get(game_id)
    if target is None:
        raise UnknownGame(f"unknown game {game_id!r}; known: {', '.join(list_rulesets())}")
    ruleset = import_target(target)
    if not isinstance(ruleset, Ruleset):
        raise UnknownGame(f"{target} is not a Ruleset")
    _loaded[game_id] = ruleset
    return ruleset


def new_game(game_id: str, players: int, seed: int = 0, options: Any = None) -> State:
    """Start a game of ``game_id``."""
    return get_ruleset(game_id).new_game(players, seed, options)
