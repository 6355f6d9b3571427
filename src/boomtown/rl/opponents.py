"""Who plays the seats a single-agent environment does not control.

An opponent is any of:

* ``None`` or ``"random"``: uniform random over the legal actions (built in);
* a callable ``policy(legal_action_ids, rng) -> action id``; ``rng`` is a ``random.Random``
  owned by that seat for the episode;
* a bot object with ``choose(observation) -> action`` (the :mod:`boomtown.bots` protocol: it
  receives a ``boomtown.bots.Observation`` of its own seat, never the game's state);
* any other string: a :mod:`boomtown.bots` spec such as ``"heuristic"`` or
  ``"ismcts:iterations=50"``, built afresh for every episode with the bot's own generator.

>>> import random
>>> policy = make_policy(None)
>>> policy.act(None, 0, [4, 9, 13], random.Random(1)) in (4, 9, 13)
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from boomtown.engine import State

PolicyFn = Callable[[Sequence[int], random.Random], int]


def uniform_random(legal: Sequence[int], rng: random.Random) -> int:
    """The built-in opponent: a uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


class SeatPolicy:
    """An opponent for one seat, whatever form it was given in."""

    def __init__(self, kind: str, target: Any) -> None:
        self.kind = kind  # "function", "bot" or "spec"
        self.target = target
        self._bot: Any = None

    def start(self, game: str, seed: int, seat: int) -> None:
        """Called at every reset: a bot spec gets a fresh bot for this game."""
        if self.kind == "spec":
            bots = importlib.import_module("boomtown.bots")
            self._bot = bots.make_bot(self.target, game, seed, seat)

    def act(self, state: State | None, seat: int, legal: Sequence[int],
            rng: random.Random) -> int:
        if self.kind == "function":
            return int(self.target(legal, rng))
        if state is None:
            raise ValueError("a bot opponent needs the game state to build its observation")
        bot = self.target if self.kind == "bot" else self._bot
        if bot is None:
            raise RuntimeError("the bot was not started: call start() at reset")
        observation = importlib.import_module("boomtown.bots").Observation(state, seat)
        return int(bot.choose(observation))


def make_policy(opponent: Any) -> SeatPolicy:
    """A :class:`SeatPolicy` from any accepted form (see the module docstring)."""
    if opponent is None or opponent == "random":
        return SeatPolicy("function", uniform_random)
    if isinstance(opponent, SeatPolicy):
        return opponent
    if isinstance(opponent, str):
        return SeatPolicy("spec", opponent)
    if callable(getattr(opponent, "choose", None)):
        return SeatPolicy("bot", opponent)
    if callable(opponent):
        return SeatPolicy("function", opponent)
    raise TypeError(
        "an opponent is None, 'random', a bot spec, a bot with choose(observation) "
        f"or a callable (legal_action_ids, rng) -> id; got {opponent!r}"
    )


def seat_policies(opponents: Any, players: int, seat: int) -> dict[int, SeatPolicy]:
    """One policy per seat other than ``seat``.

    ``opponents`` is one opponent for every other seat, a sequence with one entry per other
    seat (in seat order), or a dict from seat to opponent (missing seats play randomly).
    """
    others = [s for s in range(players) if s != seat]
    if isinstance(opponents, dict):
        unknown = sorted(set(opponents) - set(others))
        if unknown:
            raise ValueError(f"no other seat {unknown} in a {players}-player game (seat {seat})")
        return {s: make_policy(opponents.get(s)) for s in others}
    if isinstance(opponents, list | tuple):
        if len(opponents) != len(others):
            raise ValueError(f"{len(others)} opponents needed, got {len(opponents)}")
        return {s: make_policy(o) for s, o in zip(others, opponents, strict=True)}
    return {s: make_policy(opponents) for s in others}
