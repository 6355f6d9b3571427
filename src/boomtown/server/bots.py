"""Server-side bots: a small interface and a registry of kinds.

A bot is given a private copy of the game (it must only use what its seat may know: the
seat's view, or ``state.determinize(seat, rng)`` for search) and returns a legal action id.
Bots draw hidden information and break ties with their own ``rng``, never the game's.

Adding a kind is one line in :data:`BOT_KINDS`, for instance, once ``boomtown.bots``
exists::

    "heuristic": BotKind("heuristic", "rules of thumb", lambda level: Heuristic(level)),

Kinds marked ``process=True`` (search bots that burn CPU) run in a process pool so they
never hold the server's interpreter; the others run in a thread pool.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from boomtown.engine import State


class Bot(Protocol):
    """What the server asks of a bot."""

    def choose(self, state: State, seat: int, rng: random.Random) -> int:
        """A legal action id for ``seat``, which is to decide in ``state`` (a private copy)."""
        ...


class RandomBot:
    """Uniformly random among the legal actions."""

    def choose(self, state: State, seat: int, rng: random.Random) -> int:
        return rng.choice(state.legal_action_ids())


@dataclass(frozen=True)
class BotKind:
    name: str
    description: str
    make: Callable[[int | None], Bot]
    process: bool = False
    levels: tuple[int, ...] = ()


def _random(level: int | None) -> Bot:
    return RandomBot()


class LibraryBot:
    """A bot of :mod:`boomtown.bots` (built from a spec such as ``"ismcts:iterations=200"``),
    given the seat's :class:`~boomtown.bots.Observation` and a seed of its own."""

    def __init__(self, spec: str) -> None:
        self.spec = spec

    def choose(self, state: State, seat: int, rng: random.Random) -> int:
        from boomtown.bots import Observation, make_bot

        bot = make_bot(self.spec, state.ruleset.id, rng.randrange(2**62), seat)
        return int(bot.choose(Observation(state, seat)).id)


#: ISMCTS strength levels: iterations per decision.
ISMCTS_LEVELS = {1: 50, 2: 200, 3: 800}


def _library(spec: str) -> Callable[[int | None], Bot]:
    """A kind's factory for one fixed spec of the bots library."""
    return lambda level: LibraryBot(spec)


def _heuristic(level: int | None) -> Bot:
    return LibraryBot("heuristic")


def _ismcts(level: int | None) -> Bot:
    return LibraryBot(f"ismcts:iterations={ISMCTS_LEVELS[level or 2]}")


#: Bot kinds a seat may be given, by name.
BOT_KINDS: dict[str, BotKind] = {
    "random": BotKind("random", "uniformly random legal actions", _random),
}

#: The named strengths a person picks in the lobby, weakest first: name -> (the bots
#: library's spec, what the lobby says). The one place that maps a level to bot settings:
#: each is the bots library's ladder level of that name (boomtown.bots.ladder, docs/bots.md).
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("easy", "looks one turn ahead, picks among the best few moves"),
    "medium": ("medium", "a short tree search with the game's knowledge"),
    "hard": ("hard", "tree search with the game's knowledge, one second a move"),
}
#: Library specs that burn CPU for a while: run in the process pool.
_SEARCH_SPECS = ("ismcts", "medium", "hard", "search")

#: The bot a seat gets when none is named (the heuristic, once the library is installed).
DEFAULT_BOT = "random"

try:  # the bots library (random, heuristic, ismcts), where installed
    import boomtown.bots  # noqa: F401

    for _name, (_spec, _text) in LEVELS.items():
        BOT_KINDS[_name] = BotKind(
            _name, f"{_name}: {_text}", _library(_spec),
            process=_spec.split(":")[0] in _SEARCH_SPECS,
        )
    BOT_KINDS["heuristic"] = BotKind("heuristic", "rules of thumb with a short lookahead",
                                     _heuristic)
    BOT_KINDS["ismcts"] = BotKind("ismcts", "information-set Monte Carlo tree search; "
                                  "level 1-3 = 50/200/800 iterations", _ismcts, process=True,
                                  levels=tuple(ISMCTS_LEVELS))
    DEFAULT_BOT = "medium"
except ImportError:  # pragma: no cover - the server then offers the random bot only
    pass


def bot_kind(name: str) -> BotKind:
    kind = BOT_KINDS.get(name)
    if kind is None:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(sorted(BOT_KINDS))}")
    return kind


def choose(kind_name: str, level: int | None, state: State, seat: int, seed: int) -> int:
    """Run one decision of a bot (in a worker thread or process)."""
    bot = bot_kind(kind_name).make(level)
    aid = bot.choose(state, seat, random.Random(seed))
    return int(aid)
