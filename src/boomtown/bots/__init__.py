"""Bots for every registered game: ``random``, ``heuristic`` and ``ismcts``.

A bot never sees what its seat cannot see: it is given an :class:`Observation` (the seat's
view, log and legal actions, and determinizations drawn with the bot's own generator),
never the game's state. See ``docs/bots.md``.
"""

from boomtown.bots.base import Bot, Observation, bot_rng
from boomtown.bots.evaluation import (
    Evaluation,
    evaluation_for,
    generic_evaluation,
    register_evaluation,
)
from boomtown.bots.ismcts import IsmctsBot
from boomtown.bots.registry import bot_names, make_bot, parse_spec, register_bot
from boomtown.bots.simple import HeuristicBot, RandomBot

__all__ = [
    "Bot",
    "Evaluation",
    "HeuristicBot",
    "IsmctsBot",
    "Observation",
    "RandomBot",
    "bot_names",
    "bot_rng",
    "evaluation_for",
    "generic_evaluation",
    "make_bot",
    "parse_spec",
    "register_bot",
    "register_evaluation",
]
