"""Who plays the seats a single-agent environment does not control.

An opponent is any of:

* ``None`` or ``"random"``: uniform random over the legal actions (built in);
* a callable ``policy(legal_action_ids, rng) -> action id``; ``rng`` is a ``random.Random``
  owned by that seat for the episode. A callable that also takes an ``observation`` keyword
  (``policy(legal, rng, observation=obs)``) receives the seat's own observation, the dict an
  agent in that seat would get (``observation``, ``action_mask``): a trained copy of the
  agent can play the other seats (:func:`model_policy` wraps a model with ``predict``);
* a bot object with ``choose(observation) -> action`` (the :mod:`boomtown.bots` protocol: it
  receives a ``boomtown.bots.Observation`` of its own seat, never the game's state). It is
  reseeded at every reset from the game seed and its seat, so that an episode is reproducible
  from its seed: by its ``seed(n)`` method if it has one, else its ``rng`` attribute (a
  ``random.Random``, as every ``boomtown.bots`` bot has) is replaced;
* any other string: a :mod:`boomtown.bots` spec such as ``"heuristic"`` or
  ``"ismcts:iterations=50"``, built afresh for every episode with the bot's own generator.

>>> import random
>>> policy = make_policy(None)
>>> policy.act(None, 0, [4, 9, 13], random.Random(1)) in (4, 9, 13)
True
"""

from __future__ import annotations

import importlib
import inspect
import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from boomtown.engine import State

PolicyFn = Callable[..., int]
#: Builds the observation dict of a seat (only called for opponents that want it).
Observe = Callable[[int], dict[str, Any]]


def uniform_random(legal: Sequence[int], rng: random.Random) -> int:
    """The built-in opponent: a uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def wants_observation(fn: Callable[..., Any]) -> bool:
    """Whether a policy callable takes the ``observation`` keyword."""
    try:
        parameters = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return "observation" in parameters or any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())


def model_policy(model: Any, deterministic: bool = True) -> PolicyFn:
    """An opponent from a model with ``predict(observation, action_masks=..., deterministic=...)``
    (sb3-contrib's ``MaskablePPO`` convention), given the vector observation and the mask."""

    def policy(legal: Sequence[int], rng: random.Random, observation: dict[str, Any]) -> int:
        mask = np.asarray(observation["action_mask"], dtype=bool)
        action, _ = model.predict(observation["observation"], action_masks=mask,
                                  deterministic=deterministic)
        return int(action)

    return policy


class SeatPolicy:
    """An opponent for one seat, whatever form it was given in."""

    def __init__(self, kind: str, target: Any) -> None:
        self.kind = kind  # "function", "bot" or "spec"
        self.target = target
        self._bot: Any = None
        self.observes = kind == "function" and wants_observation(target)

    def start(self, game: str, seed: int, seat: int) -> None:
        """Called at every reset: a bot spec gets a fresh bot for this game, a bot object is
        reseeded."""
        if self.kind == "spec":
            bots = importlib.import_module("boomtown.bots")
            self._bot = bots.make_bot(self.target, game, seed, seat)
        elif self.kind == "bot":
            reseed(self.target, seed, seat)

    def act(self, state: State | None, seat: int, legal: Sequence[int],
            rng: random.Random, observe: Observe | None = None) -> int:
        if self.kind == "function":
            if self.observes:
                if observe is None:
                    raise ValueError("this opponent wants an observation: pass observe")
                return int(self.target(legal, rng, observation=observe(seat)))
            return int(self.target(legal, rng))
        if state is None:
            raise ValueError("a bot opponent needs the game state to build its observation")
        bot = self.target if self.kind == "bot" else self._bot
        if bot is None:
            raise RuntimeError("the bot was not started: call start() at reset")
        observation = importlib.import_module("boomtown.bots").Observation(state, seat)
        return int(bot.choose(observation))


_unseeded: set[type] = set()


def reseed(bot: Any, seed: int, seat: int) -> None:
    """Reseed a bot object for game ``seed`` at ``seat`` (see the module docstring)."""
    derived = random.Random(f"boomtown-rl-opponent-bot:{seed}:{seat}")
    method = getattr(bot, "seed", None)
    if callable(method):
        method(derived.randrange(2**63))
    elif isinstance(getattr(bot, "rng", None), random.Random):
        bot.rng = derived
    elif type(bot) not in _unseeded:
        _unseeded.add(type(bot))
        warnings.warn(
            f"{type(bot).__name__} has neither seed(n) nor an rng attribute: its episodes "
            "are not reproducible from the reset seed", stacklevel=3)


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
