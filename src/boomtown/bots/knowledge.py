"""What a search bot knows of a game beyond its rules: a :class:`Knowledge` per game.

The ladder's bots (:mod:`boomtown.bots.ladder`) search the game tree like ``ismcts`` does, but
they ask the game's knowledge four things:

- :meth:`Knowledge.estimates`: every seat's **expected final score**, read from a position
  the bot may look at freely (one of its own determinizations). Not the current score: a
  herd of Texas Longhorns, an unbuilt Home or a town about to be won are worth points later;
- :meth:`Knowledge.values`: those estimates turned into one value per seat in [0, 1] (how
  likely the seat is to finish ahead of each other seat, and a little for its points);
- :meth:`Knowledge.prior`: how promising each legal action looks at first sight, to try the
  promising ones first in long action lists (move ordering, progressive widening);
- :meth:`Knowledge.rollout_action`: the move a quick playout makes when it finishes a seat's
  turn, so that a line is judged by a sensible continuation rather than a random one.

:class:`Knowledge` itself is the generic knowledge every game gets: running totals from the
score breakdown (or the game's evaluation), no prior, random playouts. A game declares its
own in its folder (``Ruleset.bot_knowledge``, ``"module:attribute"`` of a factory in the game's
``bot_knowledge.py``, imported on first use); :func:`register_knowledge` overrides it (a
third-party game, or a test).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from operator import mul
from typing import TYPE_CHECKING, Any

from boomtown.bots.evaluation import breakdown_totals, declared, evaluation_for
from boomtown.engine import CHANCE

if TYPE_CHECKING:
    from boomtown.engine import State

#: Chance points settled after a tried action before it is judged (a guard, not a rule).
SETTLE_LIMIT = 64
#: Weight of the "finishes ahead of each other seat" part of a value; the rest is the
#: soft maximum ("wins"). Head-to-head standing is what the ladder is measured by.
AHEAD_WEIGHT = 0.6
#: Weight of the seat's own estimated points, relative to ``scale`` (keeps a seat playing for
#: points when the standing is settled either way).
POINTS_WEIGHT = 0.1


def ahead_values(
    estimates: Sequence[float], doubt: float, scale: float,
    points_weight: float = POINTS_WEIGHT,
) -> list[float]:
    """Values in [0, 1] from expected final scores.

    Each seat's value mixes (a) the mean, over the other seats, of a logistic "finishes
    ahead of that seat" with spread ``doubt`` points, (b) a soft maximum over the seats with
    the same spread ("wins"), and (c) a share ``points_weight`` of its own points over
    ``scale`` (the slope that is left when the standing is settled either way).

    >>> [round(v, 2) for v in ahead_values([50, 50], 5.0, 100.0)]
    [0.5, 0.5]
    >>> a, b = ahead_values([60, 40], 5.0, 100.0)
    >>> a > 0.9 > 0.1 > b
    True
    """
    n = len(estimates)
    if n == 0:
        return []
    if n == 1:
        return [1.0]
    d = max(doubt, 1e-6)
    top = max(estimates)
    weights = [math.exp((e - top) / d) for e in estimates]
    total = sum(weights)
    out = []
    keep = 1.0 - points_weight
    for s, e in enumerate(estimates):
        ahead = 0.0
        for o, f in enumerate(estimates):
            if o != s:
                x = (e - f) / d
                ahead += 1.0 / (1.0 + math.exp(-x)) if x > -30 else 0.0
        ahead /= n - 1
        win = weights[s] / total
        points = min(1.0, max(0.0, e / scale)) if scale > 0 else 0.0
        out.append(keep * (AHEAD_WEIGHT * ahead + (1 - AHEAD_WEIGHT) * win)
                   + points_weight * points)
    return out


def settle(state: State, rng: random.Random, limit: int = SETTLE_LIMIT) -> None:
    """Resolve the chance points that follow, drawing with ``rng`` (the bot's generator)."""
    steps = 0
    while state.current_player == CHANCE and steps < limit:
        state.apply(state.sample_chance(rng))
        steps += 1


class Knowledge:
    """The generic knowledge: running totals, no prior, random playouts. Games subclass it.

    ``estimates`` returns ``None`` when a game shows no running totals; ``values`` then falls
    back on the game's registered evaluation (``boomtown.bots.evaluation``).
    """

    #: Typical final score of a seat (points; scales the points part of a value).
    scale: float = 50.0
    #: Spread of the final score around the estimate at the start and at the end (points).
    doubt_start: float = 8.0
    doubt_end: float = 1.0
    #: Score breakdown fields (``score:KEY`` rows) of points the knowledge's points now leave
    #: out because a feature counts them (Great Western Trail's money); a hint's reason
    #: names those points after the feature.
    points_in_features: tuple[str, ...] = ()
    #: Share of a value that is the seat's own points (see :func:`ahead_values`).
    points_weight: float = POINTS_WEIGHT

    @property
    def values_are_chances(self) -> bool:
        """Whether a value is mostly a chance of finishing ahead; not when it is the seat's
        own points alone (``points_weight`` 1), as Great Western Trail's are."""
        return self.points_weight < 1.0

    def __init__(self, game: str) -> None:
        self.game = game
        self.evaluation = evaluation_for(game)

    # ------------------------------------------------------------- estimates
    def estimates(self, state: State, seat: int) -> list[float] | None:
        """Every seat's expected final score, from ``seat``'s determinization ``state``."""
        return breakdown_totals(state.score_breakdown(), state.num_players)

    def progress(self, state: State) -> float:
        """Share of the game played, 0 to 1 (the generic knowledge cannot tell: 0.5)."""
        return 0.5

    def doubt(self, state: State) -> float:
        """How far the final score may still be from the estimate (points)."""
        if state.is_terminal():
            return self.doubt_end
        left = 1.0 - self.progress(state)
        return self.doubt_end + (self.doubt_start - self.doubt_end) * left

    def values(self, state: State, seat: int) -> list[float]:
        """One value per seat in [0, 1] (see :func:`ahead_values`)."""
        estimates = self.estimates(state, seat)
        if estimates is None:
            return self.evaluation(state, seat)
        return ahead_values(estimates, self.doubt(state), self.scale, self.points_weight)

    # -------------------------------------------------------------- ordering
    def prior(self, state: State, player: int, ids: list[int], seat: int,
              rng: random.Random) -> list[float] | None:
        """A first-sight score for each of ``ids`` (higher = try first), or ``None``."""
        return None

    def rollout_action(self, state: State, player: int, ids: list[int],
                       rng: random.Random) -> int:
        """The action a playout takes for ``player`` (default: uniform)."""
        return ids[rng.randrange(len(ids))]


class LinearKnowledge(Knowledge):
    """Expected final score = points now + a weighted sum of the seat's features.

    A game declares its ``features``, ``(name, hand-made weight)`` in order, from which
    ``feature_names`` and ``default_weights`` follow, and computes them for a seat with
    :meth:`seat_features` or for every seat at once with :meth:`all_features` (one of the
    two). The weights are the ``default_weights`` unless :mod:`boomtown.bots.value_weights`
    holds weights fitted on self-play games for it (``benchmarks/train_values.py`` writes that
    module).
    """

    #: The features of a seat with their hand-made weights, in order.
    features: tuple[tuple[str, float], ...] = ()
    feature_names: tuple[str, ...] = ()
    default_weights: tuple[float, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "features" in cls.__dict__:
            cls.feature_names = tuple(name for name, _ in cls.features)
            cls.default_weights = tuple(weight for _, weight in cls.features)

    def __init__(self, game: str, weights: Sequence[float] | None = None) -> None:
        super().__init__(game)
        if weights is None:
            weights = fitted_weights(game, self.feature_names) or self.default_weights
        if len(weights) != len(self.feature_names):
            raise ValueError(f"{game}: {len(weights)} weights for "
                             f"{len(self.feature_names)} features")
        self.weights = tuple(float(w) for w in weights)

    def seat_features(self, state: State, seat: int, s: int) -> tuple[float, list[float]]:
        """Seat ``s``'s points now and its features, from ``seat``'s determinization."""
        if type(self).all_features is LinearKnowledge.all_features:
            raise NotImplementedError(f"{type(self).__name__} computes no features")
        totals, features = self.all_features(state, seat)
        return totals[s], features[s]

    def all_features(self, state: State, seat: int) -> tuple[list[float], list[list[float]]]:
        """Every seat's points now and its features (by default :meth:`seat_features`, seat
        by seat)."""
        totals, features = [], []
        for s in range(state.num_players):
            points, row = self.seat_features(state, seat, s)
            totals.append(points)
            features.append(row)
        return totals, features

    def final_totals(self, state: State) -> list[float]:
        """The final scores of a finished game."""
        return [float(t) for t in state.score_breakdown()["totals"]]

    def estimates(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            return self.final_totals(state)
        totals, features = self.all_features(state, seat)
        weights = self.weights
        return [t + sum(map(mul, weights, f)) for t, f in zip(totals, features, strict=True)]


class RoundsKnowledge(LinearKnowledge):
    """The knowledge of a game played in a set number of rounds: its progress is the share of
    the rounds done (``state.round`` counts from 1 to ``state.rounds``)."""

    def progress(self, state: State) -> float:
        st: Any = state
        done, rounds = int(st.round) - 1, int(st.rounds)
        return min(1.0, max(0.0, done / max(1, rounds)))


def fitted_weights(game: str, names: Sequence[str]) -> tuple[float, ...] | None:
    """The weights fitted for ``game``, if any were fitted for exactly these features."""
    from boomtown.bots.value_weights import WEIGHTS

    entry = WEIGHTS.get(game)
    if entry is None or tuple(entry["features"]) != tuple(names):
        return None
    return tuple(float(w) for w in entry["weights"])


def lookahead_prior(
    knowledge: Knowledge, state: State, player: int, ids: list[int], seat: int,
    rng: random.Random,
) -> list[float]:
    """Each action's value for ``player`` one step ahead (chance settled with ``rng``): a
    prior any game may use. Costs one clone and one evaluation per action."""
    out = []
    for aid in ids:
        child = state.clone()
        child.apply(aid)
        settle(child, rng)
        out.append(knowledge.values(child, seat)[player])
    return out


#: Knowledge by game id, built on first use.
_KNOWLEDGE: dict[str, Knowledge] = {}
#: The same with the hand-made weights, for games whose weights were fitted.
_HAND_MADE: dict[str, Knowledge] = {}
#: Factories registered with :func:`register_knowledge` (they win over the ruleset's).
_FACTORIES: dict[str, Callable[[str], Knowledge]] = {}


def register_knowledge(game: str, factory: Callable[[str], Knowledge]) -> None:
    """Use ``factory(game)`` for ``game`` (a third-party game, or a test)."""
    _FACTORIES[game] = factory
    _KNOWLEDGE.pop(game, None)
    _HAND_MADE.pop(game, None)


def unregister_knowledge(game: str) -> None:
    _FACTORIES.pop(game, None)
    _KNOWLEDGE.pop(game, None)
    _HAND_MADE.pop(game, None)


def knowledge_for(game: str, fitted: bool = True) -> Knowledge:
    """The game's knowledge (registered, else its ruleset's ``bot_knowledge``, else the
    generic one). With ``fitted=False``, a linear value judges with its hand-made weights
    even where :mod:`boomtown.bots.value_weights` holds fitted ones.

    >>> fitted = knowledge_for("way-out-west")
    >>> hand = knowledge_for("way-out-west", fitted=False)
    >>> hand.weights == fitted.default_weights != fitted.weights
    True
    >>> knowledge_for("western-town", fitted=False) is knowledge_for("western-town")
    True
    """
    found = _KNOWLEDGE.get(game)
    if found is None:
        factory = _FACTORIES.get(game) or declared(game, "bot_knowledge")
        found = factory(game) if factory is not None else Knowledge(game)
        _KNOWLEDGE[game] = found
    if fitted or not isinstance(found, LinearKnowledge) or \
            found.weights == found.default_weights:
        return found
    hand = _HAND_MADE.get(game)
    if hand is None:
        hand = _HAND_MADE[game] = type(found)(game, found.default_weights)
    return hand
