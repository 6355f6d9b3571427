"""What a bot is given: its seat's :class:`Observation`, never the game's state.

A bot decides from an :class:`Observation`: a read-only handle on one seat's share of
the game. It exposes the seat's view and log, the legal actions when the seat is to
decide, and :meth:`Observation.determinize`, which hands back a full game consistent
with everything the seat has seen, its hidden parts drawn with the *bot's* generator.
Search runs on those determinized copies, so whatever a bot computes depends only on
what its seat may know (and on the bot's own random numbers).

>>> import random
>>> from boomtown import new_game, CHANCE
>>> state = new_game("western-town", players=2, seed=5)
>>> while state.current_player == CHANCE:
...     _ = state.apply(state.sample_chance())
>>> obs = Observation(state, state.current_player)
>>> obs.seat == state.current_player and obs.is_my_turn
True
>>> [a.id for a in obs.legal_actions()] == state.legal_action_ids()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from boomtown.engine import Action, Ruleset, State


class Observation:
    """One seat's information about a game; the only thing a bot receives.

    Holding the state privately is unavoidable in Python; the contract is that bots use
    only the methods below, each of which answers from the seat's information alone.
    """

    __slots__ = ("__state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        if not 0 <= seat < state.num_players:
            raise ValueError(f"no seat {seat} in a {state.num_players}-player game")
        self.__state = state
        self.seat = seat

    @property
    def ruleset(self) -> Ruleset:
        return self.__state.ruleset

    @property
    def num_players(self) -> int:
        return self.__state.num_players

    @property
    def current_player(self) -> int:
        """Who is to decide (public): a seat, ``CHANCE`` or ``TERMINAL``."""
        return self.__state.current_player

    @property
    def is_my_turn(self) -> bool:
        return self.__state.current_player == self.seat

    def view(self) -> dict[str, Any]:
        """The seat's JSON view (``state.view(seat)``)."""
        return self.__state.view(self.seat)

    def log(self) -> list[str]:
        """The log as the seat reads it."""
        return self.__state.log_for(self.seat)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions; empty when another seat or chance is to decide."""
        if not self.is_my_turn:
            return []
        return self.__state.legal_actions()

    def can_undo(self) -> bool:
        return self.__state.can_undo(self.seat)

    def determinize(self, rng: random.Random) -> State:
        """A full game consistent with all the seat has seen; hidden parts drawn by ``rng``.

        The result is the caller's own copy: search may apply anything to it.
        """
        return self.__state.determinize(self.seat, rng)


@runtime_checkable
class Bot(Protocol):
    """A player program. ``choose`` is called only when ``obs.is_my_turn``."""

    #: The spec it was built from, e.g. ``"ismcts:iterations=200"``.
    name: str

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``."""
        ...


def bot_rng(seed: int, seat: int, name: str) -> random.Random:
    """The generator of the bot ``name`` at ``seat`` in game ``seed`` (never the game's own).

    >>> bot_rng(1, 0, "random").random() == bot_rng(1, 0, "random").random()
    True
    >>> bot_rng(1, 0, "random").random() == bot_rng(1, 1, "random").random()
    False
    """
    return random.Random(f"boomtown-bot:{name}:{seed}:{seat}")


def sampled_scores(obs: Observation, rng: random.Random, samples: int,
                   judge: Callable[[State, random.Random], float]) -> list[tuple[Action, float]]:
    """Each legal action of ``obs`` with its mean judgement over ``samples`` of the seat's
    determinizations: ``judge(child, stream)`` scores the world after the action, with a
    generator that is the same for every action of one sample (common random numbers, so
    the actions are compared on the same luck).

    >>> from boomtown import new_game
    >>> state = new_game("western-town", 2, seed=1)
    >>> while state.current_player < 0:
    ...     _ = state.apply(state.sample_chance())
    >>> obs = Observation(state, state.current_player)
    >>> scored = sampled_scores(obs, random.Random(0), 2, lambda child, r: 1.0)
    >>> len(scored) == len(obs.legal_actions()), {v for _, v in scored}
    (True, {1.0})
    """
    legal = obs.legal_actions()
    totals = [0.0] * len(legal)
    for _ in range(samples):
        world = obs.determinize(rng)
        stream = rng.getrandbits(64)
        for i, action in enumerate(legal):
            child = world.clone()
            child.apply(action.id)
            totals[i] += judge(child, random.Random(stream))
    return [(a, t / samples) for a, t in zip(legal, totals, strict=True)]
