"""The game-agnostic kernel. It knows no game; every game implements its contract."""

from boomtown.engine.actions import CHANCE, TERMINAL, Action, ActionFamily, Event
from boomtown.engine.errors import (
    BadOptions,
    BadPlayerCount,
    BadRecord,
    BoomtownError,
    IllegalAction,
    RulesFault,
    UndoNotAllowed,
    UnknownGame,
)
from boomtown.engine.record import GameRecord, replay
from boomtown.engine.registry import get_ruleset, list_rulesets, new_game, register
from boomtown.engine.ruleset import Ruleset, WebBoard
from boomtown.engine.state import State, load_snapshot

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionFamily",
    "BadOptions",
    "BadPlayerCount",
    "BadRecord",
    "BoomtownError",
    "Event",
    "GameRecord",
    "IllegalAction",
    "RulesFault",
    "Ruleset",
    "State",
    "UndoNotAllowed",
    "UnknownGame",
    "WebBoard",
    "get_ruleset",
    "list_rulesets",
    "load_snapshot",
    "new_game",
    "register",
    "replay",
]
