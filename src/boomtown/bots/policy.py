"""A bot as a policy of the conformance suite and coverage (:mod:`boomtown.engine.policies`):
goal-directed play that reaches the late game, deciding from the seat's observation only.

>>> import random
>>> from boomtown import new_game, CHANCE
>>> state = new_game("way-out-west", players=3, seed=1)
>>> while state.current_player == CHANCE:
...     _ = state.apply(state.sample_chance())
>>> policy = BotPolicy("heuristic:samples=1")
>>> policy.choose(state, random.Random(0)) in state.legal_action_ids()
True
"""

from __future__ import annotations

import random

from boomtown.bots.base import Observation
from boomtown.bots.registry import check_spec, make_bot
from boomtown.engine import State


class BotPolicy:
    """The bot ``spec`` for whichever seat is to decide, seeded from the policy's ``rng``."""

    def __init__(self, spec: str) -> None:
        self.name = check_spec(spec)

    def choose(self, state: State, rng: random.Random) -> int:
        seat = state.current_player
        bot = make_bot(self.name, state.ruleset.id, rng.getrandbits(62), seat)
        return bot.choose(Observation(state, seat)).id
