"""boomtown: an engine and play platform for western-themed board games.

>>> import boomtown
>>> game = boomtown.new_game("western-town", players=3, seed=7)
>>> game.num_players
3
"""

from boomtown.engine import (
    CHANCE,
    TERMINAL,
    Action,
    GameRecord,
    IllegalAction,
    RulesFault,
    State,
    get_ruleset,
    list_rulesets,
    new_game,
    replay,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "GameRecord",
    "IllegalAction",
    "RulesFault",
    "State",
    "get_ruleset",
    "list_rulesets",
    "new_game",
    "replay",
]
