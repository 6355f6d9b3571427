"""Policies that play a game for the conformance suite and coverage: they reach further than
uniform random play.

A policy picks a seat's action: ``policy.choose(state, rng) -> action id``, drawing its random
numbers from ``rng`` only. It may read the whole state (these are test drivers, not bots; a
bot sees only its seat's observation). The three built in here know no game: they read the
ruleset's action families.

- :class:`Uniform`: every legal action equally likely.
- :class:`RareFirst`: first a family, the less often one has been taken the likelier (over
  every game the policy has played so far), then an action of it, again the rarer the
  likelier: drives play into the rare corners of the action space.
- :class:`Progress`: passive kinds of decision (pass, decline, stop, finish, skip) are ten
  times less likely than the others, so a game moves on instead of idling.

>>> import random
>>> from boomtown import new_game, CHANCE
>>> state = new_game("way-out-west", players=3, seed=2)
>>> policy, rng = RareFirst(), random.Random(0)
>>> while not state.is_terminal():
...     if state.current_player == CHANCE:
...         _ = state.apply(state.sample_chance(rng))
...     else:
...         _ = state.apply(policy.choose(state, rng))
>>> policy.taken["bid"] > 0
True
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol, runtime_checkable

from boomtown.engine.state import State

#: Kinds of decision that let a game idle: :class:`Progress` makes them rare.
PASSIVE_KINDS = frozenset({"pass", "decline", "stop", "finish", "skip"})
#: How much less likely :class:`Progress` makes a passive action than an active one.
PASSIVE_WEIGHT = 0.1


@runtime_checkable
class Policy(Protocol):
    """Chooses a legal action id for the seat to decide (never at a chance point)."""

    name: str

    def choose(self, state: State, rng: random.Random) -> int: ...


class Uniform:
    """Every legal action equally likely."""

    name = "uniform"

    def choose(self, state: State, rng: random.Random) -> int:
        return rng.choice(state.legal_action_ids())


class RareFirst:
    """A family with weight ``1 / (1 + times taken)**2``, then one of its legal ids with
    weight ``1 / (1 + times taken)``.

    ``taken`` counts the families (``ids_taken`` the ids) taken by this policy object over all
    its games, so one object used for many games keeps steering toward what it has not done
    yet: a rare building, a far city.
    """

    name = "rare-first"

    def __init__(self) -> None:
        self.taken: Counter[str] = Counter()
        self.ids_taken: Counter[int] = Counter()

    def choose(self, state: State, rng: random.Random) -> int:
        by_family: dict[str, list[int]] = {}
        family_of = state.ruleset.family_of
        for aid in state.legal_action_ids():
            by_family.setdefault(family_of(aid).name, []).append(aid)
        names = list(by_family)
        weights = [1.0 / (1 + self.taken[name]) ** 2 for name in names]
        name = rng.choices(names, weights)[0]
        ids = by_family[name]
        aid = rng.choices(ids, [1.0 / (1 + self.ids_taken[a]) for a in ids])[0]
        self.taken[name] += 1
        self.ids_taken[aid] += 1
        return aid


class Progress:
    """Passive kinds of decision are :data:`PASSIVE_WEIGHT` times as likely as the others."""

    name = "progress"

    def choose(self, state: State, rng: random.Random) -> int:
        legal = state.legal_action_ids()
        family_of = state.ruleset.family_of
        weights = [
            PASSIVE_WEIGHT if family_of(aid).kind in PASSIVE_KINDS else 1.0 for aid in legal
        ]
        return rng.choices(legal, weights)[0]


#: The built-in policies by name.
BUILTIN: dict[str, type[Uniform] | type[RareFirst] | type[Progress]] = {
    "uniform": Uniform,
    "rare-first": RareFirst,
    "progress": Progress,
}
