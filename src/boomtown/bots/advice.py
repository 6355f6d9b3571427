"""Advice at the table: a **hint** for the decision at hand, a **review** after the game.

Both are the ``hard`` bot of the ladder (:mod:`boomtown.bots.ladder`: the search of
:mod:`boomtown.bots.search` guided by the game's :class:`~boomtown.bots.knowledge.Knowledge`)
run from one seat's :class:`~boomtown.bots.base.Observation`, so they know exactly what that
seat knows at that moment and nothing else: the search plays on the seat's own
determinizations, drawn with the advice's generator (never the game's).

- :func:`hint` searches the seat's current decision and returns its suggestion and the next
  best moves, each with the seat's **expected final score** after it (the knowledge's
  estimate), the search's **value** (0 to 1, how likely the seat is to finish ahead, see
  :func:`~boomtown.bots.knowledge.ahead_values`; none where the game's knowledge values a
  move by the seat's points alone), the search's visits and a short **reason**:
  the scoring category or knowledge feature whose contribution to the estimate changes most
  (the suggestion against the position before it, an alternative against the suggestion).
- :func:`review` replays a game's record and, at every decision of the reviewed seats, runs
  the same search from that seat's observation at that moment; it keeps the decisions where
  the estimate of the move taken fell furthest below the bot's preferred move, and a curve of
  every seat's estimated final score as the reviewed seat saw it (the other seats' points on
  that curve are the reviewed seat's estimates of them, from its own information; only the
  last point, the final score, is the true one, public once the game is over). A seat's
  review never shows what another seat hid, but its moves may show what the seat itself
  held (the cards it played or kept): it is that seat's to read.

How a move's estimate is measured: on ``samples`` determinizations (the same ones for every
move compared), the move is applied, the rest of the seat's turn is played along the
search's most visited line (then by the knowledge's playout policy where the tree has no
more to say), and the knowledge's estimates are averaged. The reason compares the terms of
that estimate: points scored so far by category (from the score breakdown, named as the
game's catalogue names its score rows) and each feature times its weight, features of the
same name before `` x `` counted together.

With an ``iterations`` budget (and no ``seconds``) the advice is reproducible: the same
observation, seed and settings give the same hint; the same record and settings the same
review. With a ``seconds`` budget (CPU time) it depends on the machine's speed.

>>> from boomtown import new_game, CHANCE
>>> from boomtown.bots.base import Observation
>>> state = new_game("way-out-west", players=3, seed=4)
>>> while state.current_player == CHANCE:
...     _ = state.apply(state.sample_chance())
>>> seat = state.current_player
>>> advice = hint(Observation(state, seat), iterations=40, samples=2)
>>> advice.seat == seat and advice.suggestion == advice.alternatives[0]
True
>>> advice.suggestion.action_id in state.legal_action_ids()
True
>>> Hint.from_json(advice.to_json()) == advice
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from time import thread_time
from typing import Any

from boomtown.bots.base import Observation
from boomtown.bots.knowledge import Knowledge, LinearKnowledge
from boomtown.bots.ladder import make_level
from boomtown.bots.search import PLAYOUT_LIMIT, Node, SearchBot, best_child
from boomtown.engine import (
    CHANCE,
    TERMINAL,
    BadRecord,
    BoomtownError,
    GameRecord,
    IllegalAction,
    Ruleset,
    State,
    replay,
)

#: The ladder level whose search gives the advice.
LEVEL = "hard"
#: A hint's CPU time when no budget is given (the hard level's own second a move).
DEFAULT_HINT_SECONDS = 1.0
#: A review's budget per decision when none is given: iterations, so that a review is
#: reproducible by default.
DEFAULT_REVIEW_ITERATIONS = 200
#: Determinizations each compared move is measured on (the same ones for every move).
DEFAULT_SAMPLES = 6
#: Moves a hint lists (the suggestion first).
DEFAULT_TOP = 3
#: Decisions a review keeps per seat (those whose estimate dropped most).
DEFAULT_MISTAKES = 5
#: A drop of fewer expected points than this is no mistake worth showing.
MIN_DROP = 0.25
#: A reason names a second term only when its change is at least this (points).
NOTABLE = 0.25
#: A term's change below this is no change at all (points).
NEGLIGIBLE = 0.05
#: Format tags of the JSON forms (bumped whenever a field changes meaning).
HINT_FORMAT = "boomtown-hint/1"
REVIEW_FORMAT = "boomtown-review/1"

#: What the points the score rows do not explain are called in a reason.
OTHER_POINTS = "other points"
#: The reason given in a game whose knowledge has no score estimate (the value decides).
NO_ESTIMATE = "the game gives no score estimate: the search's value decides"


class NotYourDecision(BoomtownError):
    """A hint was asked for a seat that is not to decide now (another seat, chance, or the
    game is over)."""


# ------------------------------------------------------------------ results
@dataclass(frozen=True)
class Alternative:
    """One move a hint or review considered, as the seat's advice sees it."""

    action_id: int
    #: The action's text, as the seat's legal actions give it.
    text: str
    #: The seat's expected final score after this move (the knowledge's estimate, averaged
    #: over the advice's determinizations); ``None`` for a game whose knowledge has none.
    estimate: float | None
    #: The search's mean value of the move for the seat (0 to 1: a mix of finishing ahead of
    #: each other seat and winning); ``None`` when the search did not try it, or when the
    #: game's knowledge values a move by the seat's points alone (Great Western Trail: the
    #: estimate says it all).
    win_chance: float | None
    #: How often the search tried the move.
    visits: int
    #: A short sentence: what changes most in the estimate (see the module's text).
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "action_id": self.action_id,
            "text": self.text,
            "estimate": self.estimate,
            "win_chance": self.win_chance,
            "visits": self.visits,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Alternative:
        return cls(
            action_id=int(data["action_id"]),
            text=str(data["text"]),
            estimate=_float_or_none(data.get("estimate")),
            win_chance=_float_or_none(data.get("win_chance")),
            visits=int(data["visits"]),
            reason=str(data["reason"]),
        )


@dataclass(frozen=True)
class Hint:
    """The strong bot's advice for one decision of one seat."""

    seat: int
    #: The move the bot would make (also ``alternatives[0]``).
    suggestion: Alternative
    #: The best few moves, the suggestion first, in the search's order (visits, then value).
    alternatives: tuple[Alternative, ...]
    #: CPU seconds the hint took (search and measures).
    seconds_used: float
    #: Which decision this answers, as the caller numbered it (the review and the server use
    #: the ply: how many actions the record held then); ``None`` when not given.
    decision_index: int | None = None
    #: Search iterations run.
    iterations: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": HINT_FORMAT,
            "seat": self.seat,
            "decision_index": self.decision_index,
            "suggestion": self.suggestion.to_json(),
            "alternatives": [a.to_json() for a in self.alternatives],
            "seconds_used": self.seconds_used,
            "iterations": self.iterations,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hint:
        _check_format(data, HINT_FORMAT)
        index = data.get("decision_index")
        return cls(
            seat=int(data["seat"]),
            suggestion=Alternative.from_json(data["suggestion"]),
            alternatives=tuple(Alternative.from_json(a) for a in data["alternatives"]),
            seconds_used=float(data["seconds_used"]),
            decision_index=None if index is None else int(index),
            iterations=int(data.get("iterations", 0)),
        )


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of a reviewed seat: the move taken against the bot's preferred one."""

    #: Actions in the record before this decision (replay that many to see the position).
    ply: int
    seat: int
    #: The move the seat made, measured like the preferred one (same determinizations).
    taken: Alternative
    #: The move the bot preferred; its ``reason`` says why against the move taken.
    preferred: Alternative
    #: Expected final points the move taken gave up against the preferred one (>= 0 when
    #: the bot's preferred move measured better).
    drop: float
    #: How many legal actions the seat had.
    choices: int
    #: The decision's title, as the seat's prompt gave it.
    prompt: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "seat": self.seat,
            "prompt": self.prompt,
            "taken": self.taken.to_json(),
            "preferred": self.preferred.to_json(),
            "drop": self.drop,
            "choices": self.choices,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReviewedDecision:
        return cls(
            ply=int(data["ply"]),
            seat=int(data["seat"]),
            taken=Alternative.from_json(data["taken"]),
            preferred=Alternative.from_json(data["preferred"]),
            drop=float(data["drop"]),
            choices=int(data["choices"]),
            prompt=str(data.get("prompt", "")),
        )


@dataclass(frozen=True)
class CurvePoint:
    """Every seat's estimated final score at one moment, as the reviewed seat saw it."""

    ply: int
    #: One estimate per seat (the reviewed seat's own and its estimates of the others); the
    #: final point of a finished game holds the true final scores.
    estimates: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "estimates": list(self.estimates)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CurvePoint:
        return cls(int(data["ply"]), tuple(float(e) for e in data["estimates"]))


@dataclass(frozen=True)
class SeatReview:
    """The review of one seat's decisions."""

    seat: int
    #: Decisions the seat made (forced ones, with a single legal action, included).
    decisions: int
    #: Decisions with a real choice that were searched.
    searched: int
    #: The decisions whose estimate dropped most, biggest drop first (at most ``mistakes``,
    #: each dropping at least :data:`MIN_DROP`).
    worst: tuple[ReviewedDecision, ...]
    #: Sum of the drops over every searched decision (expected points given up in all).
    total_drop: float
    #: Every seat's estimated final score at each of this seat's decisions.
    curve: tuple[CurvePoint, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "searched": self.searched,
            "worst": [d.to_json() for d in self.worst],
            "total_drop": self.total_drop,
            "curve": [p.to_json() for p in self.curve],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatReview:
        return cls(
            seat=int(data["seat"]),
            decisions=int(data["decisions"]),
            searched=int(data["searched"]),
            worst=tuple(ReviewedDecision.from_json(d) for d in data["worst"]),
            total_drop=float(data["total_drop"]),
            curve=tuple(CurvePoint.from_json(p) for p in data["curve"]),
        )


@dataclass(frozen=True)
class ReviewSettings:
    """What a review was computed with (a review is reproducible from its record and these,
    when ``seconds`` is ``None``)."""

    level: str
    iterations: int | None
    seconds: float | None
    samples: int
    mistakes: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReviewSettings:
        iterations, seconds = data.get("iterations"), data.get("seconds")
        return cls(
            level=str(data["level"]),
            iterations=None if iterations is None else int(iterations),
            seconds=None if seconds is None else float(seconds),
            samples=int(data["samples"]),
            mistakes=int(data["mistakes"]),
            seed=int(data["seed"]),
        )


@dataclass(frozen=True)
class Review:
    """A game's review: per reviewed seat its worst decisions and its curve."""

    game: str
    #: The rules version the record was played (and replayed) with.
    version: int
    players: int
    #: SHA-256 of the record's canonical JSON, and how many actions it holds.
    record_digest: str
    record_length: int
    settings: ReviewSettings
    seats: tuple[SeatReview, ...]
    #: The final scores (the score breakdown's totals, else ``returns()``), or ``None`` when
    #: the game is not over.
    final_scores: tuple[float, ...] | None
    #: The winning seats (the best ``returns()``), empty when the game is not over.
    winners: tuple[int, ...]
    #: CPU seconds the whole review took.
    seconds_used: float
    #: The server's id of the game, when it says.
    game_id: str | None = None
    format: str = field(default=REVIEW_FORMAT)

    def seat(self, seat: int) -> SeatReview:
        """The review of ``seat`` (``KeyError`` when it was not reviewed)."""
        for entry in self.seats:
            if entry.seat == seat:
                return entry
        raise KeyError(f"seat {seat} was not reviewed")

    def to_json(self) -> dict[str, Any]:
        return {
            "format": self.format,
            "game": self.game,
            "game_id": self.game_id,
            "version": self.version,
            "players": self.players,
            "record_digest": self.record_digest,
            "record_length": self.record_length,
            "settings": self.settings.to_json(),
            "final_scores": None if self.final_scores is None else list(self.final_scores),
            "winners": list(self.winners),
            "seconds_used": self.seconds_used,
            "seats": [s.to_json() for s in self.seats],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        _check_format(data, REVIEW_FORMAT)
        final = data.get("final_scores")
        game_id = data.get("game_id")
        return cls(
            game=str(data["game"]),
            version=int(data["version"]),
            players=int(data["players"]),
            record_digest=str(data["record_digest"]),
            record_length=int(data["record_length"]),
            settings=ReviewSettings.from_json(data["settings"]),
            seats=tuple(SeatReview.from_json(s) for s in data["seats"]),
            final_scores=None if final is None else tuple(float(x) for x in final),
            winners=tuple(int(s) for s in data.get("winners", ())),
            seconds_used=float(data["seconds_used"]),
            game_id=None if game_id is None else str(game_id),
            format=str(data["format"]),
        )


def _rounded(x: float | None, digits: int = 3) -> float | None:
    """Figures are kept to a few decimals (so that a JSON round trip is exact)."""
    return None if x is None else round(x, digits)


def _float_or_none(x: Any) -> float | None:
    return None if x is None else float(x)


def _check_format(data: Any, expected: str) -> None:
    if not isinstance(data, dict):
        raise ValueError(f"a {expected} must be a JSON object")
    if data.get("format") != expected:
        raise ValueError(f"expected format {expected!r}, got {data.get('format')!r}")


# ------------------------------------------------------------------- hints
def hint(
    obs: Observation,
    *,
    seconds: float | None = None,
    iterations: int | None = None,
    top: int = DEFAULT_TOP,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    decision_index: int | None = None,
) -> Hint:
    """The strong bot's advice for the decision ``obs``'s seat is to make now.

    The budget is the hard level's search with ``iterations`` and/or ``seconds`` of CPU time
    (whichever ends first); with neither, :data:`DEFAULT_HINT_SECONDS`. Use ``iterations``
    alone for a reproducible hint (same observation, seed and settings: same hint).
    ``decision_index`` is stored as given (the server passes the ply). Raises
    :class:`NotYourDecision` when the seat is not to decide now.
    """
    if top < 1:
        raise ValueError("top must be at least 1")
    start = thread_time()
    advised = _advise(obs, _budget(seconds, iterations, DEFAULT_HINT_SECONDS), top, seed,
                      samples, decision_index, taken=None)
    return Hint(
        seat=obs.seat,
        suggestion=advised.ranked[0],
        alternatives=tuple(advised.ranked),
        seconds_used=round(thread_time() - start, 4),
        decision_index=decision_index,
        iterations=advised.iterations,
    )


@dataclass
class _Advised:
    ranked: list[Alternative]
    taken: Alternative | None
    iterations: int
    #: Every seat's estimate before the decision (for the review's curve).
    before: list[float] | None
    measures: _Measures


def _budget(seconds: float | None, iterations: int | None,
            default_seconds: float | None) -> dict[str, Any]:
    if seconds is None and iterations is None:
        if default_seconds is None:
            return {"iterations": DEFAULT_REVIEW_ITERATIONS}
        return {"seconds": default_seconds}
    budget: dict[str, Any] = {}
    if seconds is not None:
        if seconds <= 0:
            raise ValueError("seconds must be positive")
        budget["seconds"] = float(seconds)
    if iterations is not None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        budget["iterations"] = int(iterations)
    return budget


def _rng(purpose: str, game: str, seed: int, index: int | None) -> random.Random:
    """The advice's own generator (a string seed: the same in every process)."""
    return random.Random(f"boomtown-advice:{purpose}:{game}:{seed}:{index}")


def _advise(
    obs: Observation, budget: dict[str, Any], top: int, seed: int, samples: int,
    index: int | None, taken: int | None,
) -> _Advised:
    """Search ``obs``'s decision and measure the ``top`` best moves (and ``taken``)."""
    if samples < 1:
        raise ValueError("samples must be at least 1")
    if not obs.is_my_turn:
        who = obs.current_player
        now = ("the game is over" if who == TERMINAL else "chance is to be drawn"
               if who == CHANCE else f"it is seat {who}'s decision")
        raise NotYourDecision(f"no hint for seat {obs.seat}: {now}")
    game = obs.ruleset.id
    legal = obs.legal_actions()
    texts = {a.id: a.text for a in legal}
    if taken is not None and taken not in texts:
        raise BadRecord(f"action {taken} is not legal for seat {obs.seat} here")
    bot = make_level(LEVEL, game, _rng("search", game, seed, index), budget, name="advice")
    if not isinstance(bot, SearchBot):
        raise TypeError(f"the {LEVEL} level of {game} is no search; advice needs one")
    if len(legal) > 1:
        root = bot.search(obs)
        iterations = bot.last_iterations
    else:
        root, iterations = Node(), 0
    chosen = ranked_moves(root, set(texts), bot.pick)[:top] or [legal[0].id]
    measured = list(chosen)
    if taken is not None and taken not in measured:
        measured.append(taken)
    knowledge = bot.knowledge
    chances = knowledge.values_are_chances
    measures = _measure(obs, root, measured, knowledge, samples,
                        _rng("measure", game, seed, index))
    best = chosen[0]

    def alternative(aid: int, reason: str) -> Alternative:
        child = root.children.get(aid)
        visits = child.visits if child is not None else 0
        return Alternative(aid, texts[aid], _rounded(measures.estimate[aid]),
                           _rounded(child.value / visits, 4)
                           if child is not None and visits and chances else None,
                           visits, reason)

    ranked = [alternative(best, _reason(measures.terms[best], measures.terms_before, None))]
    for aid in chosen[1:]:
        ranked.append(alternative(aid, _reason(measures.terms[aid], measures.terms[best],
                                               "the suggestion")))
    ranked[1:] = [_note_value(alt, ranked[0]) for alt in ranked[1:]]
    taken_alt = None
    if taken is not None:
        taken_alt = alternative(taken, _reason(measures.terms[taken], measures.terms_before,
                                               None))
    return _Advised(ranked, taken_alt, iterations, measures.before, measures)


def _note_value(alt: Alternative, suggestion: Alternative) -> Alternative:
    """An alternative that scores more but is valued less than the suggestion says so (the
    search plays to finish ahead, not for points alone)."""
    if (alt.estimate is None or suggestion.estimate is None or alt.win_chance is None
            or suggestion.win_chance is None or alt.estimate - suggestion.estimate < NOTABLE
            or alt.win_chance >= suggestion.win_chance):
        return alt
    note = (f"; more points, but the search values it less (finishing ahead): "
            f"{alt.win_chance:.2f} against {suggestion.win_chance:.2f}")
    return dataclasses.replace(alt, reason=alt.reason + note)


# ---------------------------------------------------------------- measures
@dataclass
class _Measures:
    #: The seat's mean estimate after each move.
    estimate: dict[int, float | None]
    #: The mean terms of the seat's estimate after each move, and before the decision.
    terms: dict[int, dict[str, float]]
    terms_before: dict[str, float]
    #: Every seat's mean estimate before the decision.
    before: list[float] | None


def ranked_moves(root: Node, legal: set[int], pick: float) -> list[int]:
    """The legal moves the search tried, best first: the move the bot itself plays
    (:func:`~boomtown.bots.search.best_child` with its ``pick``), then the others by visits.

    >>> root = Node()
    >>> for aid, visits, value in ((1, 10, 4.0), (2, 8, 6.0), (3, 2, 2.0)):
    ...     root.children[aid] = child = Node()
    ...     child.visits, child.value = visits, value
    >>> ranked_moves(root, {1, 2, 3}, pick=0.5)  # 2 is well tried and better on average
    [2, 1, 3]
    >>> ranked_moves(root, {1, 2, 3}, pick=1.0)  # the most tried
    [1, 2, 3]
    """
    tried = sorted((aid for aid, c in root.children.items() if c.visits > 0 and aid in legal),
                   key=lambda aid: (root.children[aid].visits, root.children[aid].value),
                   reverse=True)
    preferred = best_child(root, legal, pick)
    if preferred is not None:
        tried.remove(preferred)
        tried.insert(0, preferred)
    return tried


def _measure(obs: Observation, root: Node, moves: Sequence[int], knowledge: Knowledge,
             samples: int, rng: random.Random) -> _Measures:
    """Measure each of ``moves`` on the same ``samples`` determinizations (see the module's
    text); the rest of the seat's turn follows the tree, then the playout policy, with the
    same random stream for every move."""
    seat = obs.seat
    est_sum: dict[int, float] = dict.fromkeys(moves, 0.0)
    has_estimate = True
    terms_sum: dict[int, dict[str, float]] = {aid: {} for aid in moves}
    before_terms: dict[str, float] = {}
    before_sum: list[float] | None = None
    for _ in range(samples):
        world = obs.determinize(rng)
        stream = rng.getrandbits(64)
        estimates = knowledge.estimates(world, seat)
        if estimates is None:
            has_estimate = False
        else:
            if before_sum is None:
                before_sum = [0.0] * len(estimates)
            for s, e in enumerate(estimates):
                before_sum[s] += e
        _add(before_terms, _terms(knowledge, world, seat))
        for aid in moves:
            child = world.clone()
            child.apply(aid)
            _finish_along(child, seat, root.children.get(aid), knowledge,
                          random.Random(stream))
            after = knowledge.estimates(child, seat)
            if after is None:
                has_estimate = False
            else:
                est_sum[aid] += after[seat]
            _add(terms_sum[aid], _terms(knowledge, child, seat))
    return _Measures(
        estimate={aid: est_sum[aid] / samples if has_estimate else None for aid in moves},
        terms={aid: _scaled(t, 1.0 / samples) for aid, t in terms_sum.items()},
        terms_before=_scaled(before_terms, 1.0 / samples),
        before=None if before_sum is None or not has_estimate
        else [b / samples for b in before_sum],
    )


def _finish_along(world: State, seat: int, node: Node | None, knowledge: Knowledge,
                  rng: random.Random) -> None:
    """Play the rest of ``seat``'s turn: the tree's most visited legal move while the tree
    has one, then the knowledge's playout policy; chance drawn with ``rng``."""
    steps = 0
    while steps < PLAYOUT_LIMIT:
        player = world.current_player
        if player == CHANCE:
            world.apply(world.sample_chance(rng))
        elif player == seat:
            ids = world.legal_action_ids()
            aid = None
            if node is not None:
                legal = set(ids)
                best = None
                for a, child in node.children.items():
                    if a in legal and child.visits > 0 and (
                            best is None or (child.visits, child.value) > best):
                        aid, best = a, (child.visits, child.value)
                node = node.children[aid] if aid is not None else None
            if aid is None:
                aid = ids[0] if len(ids) == 1 else knowledge.rollout_action(world, seat, ids,
                                                                            rng)
            world.apply(aid)
        else:
            return
        steps += 1


#: How a feature that weighs a scoring category's points begins its name.
POINTS_PREFIX = "points: "


def _label(feature: str) -> str:
    """A feature's name for a reason: what it counts, before its `` x `` scaling; a feature
    that weighs a category's points (``points: CATEGORY``) joins that category's term.

    >>> _label("money x left"), _label("points: town control")
    ('money', 'town control')
    """
    return feature.split(" x ", 1)[0].strip().removeprefix(POINTS_PREFIX)


def _field_label(key: str) -> str:
    for suffix in ("_points", "_penalty"):
        key = key.removesuffix(suffix)
    return key.replace("_", " ")


#: Score fields that count points so far, by game: (breakdown field, name).
_SCORE_ROWS: dict[str, tuple[tuple[str, str], ...]] = {}


def score_rows(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """(breakdown field, name) of the per-seat score fields that add up to the points scored so
    far: the catalogue's score rows marked as points (``score:KEY`` entries whose details say
    ``points``), under the catalogue's names; a game without such rows: every field ending in
    ``_points`` or ``_penalty``, named after it (``()`` here, found per entry).

    >>> from boomtown.engine import get_ruleset
    >>> dict(score_rows(get_ruleset("western-town")))["homes_points"]
    'Homes ranking'
    """
    found = _SCORE_ROWS.get(ruleset.id)
    if found is None:
        try:
            entries = list(ruleset.catalogue().entries.values())
        except NotImplementedError:
            entries = []
        found = tuple((e.id.split(":", 1)[1], e.name) for e in entries
                      if e.kind == "score" and e.details.get("points"))
        _SCORE_ROWS[ruleset.id] = found
    return found


def _point_fields(ruleset: Ruleset, entry: dict[str, Any], left_out: Sequence[str]
                  ) -> Iterable[tuple[str, str]]:
    """(field, name) of the breakdown entry's fields that count points scored so far, but
    those in ``left_out``."""
    fields = score_rows(ruleset) or tuple(
        (k, _field_label(k)) for k in entry if k.endswith(("_points", "_penalty")))
    for key, name in fields:
        value = entry.get(key)
        if key not in left_out and isinstance(value, int | float) and not isinstance(value, bool):
            yield key, name


def _put(out: dict[str, float], names: dict[str, str], label: str, value: float) -> None:
    """Add ``value`` to the term ``label`` (terms whose names differ only in case are one,
    named as first seen)."""
    key = label.casefold()
    name = names.setdefault(key, label)
    out[name] = out.get(name, 0.0) + value


def _terms(knowledge: Knowledge, state: State, seat: int) -> dict[str, float]:
    """The terms of ``seat``'s estimate in ``state``: points so far by category, then each
    feature times its weight (by label; they add up to the estimate)."""
    out: dict[str, float] = {}
    names: dict[str, str] = {}
    if isinstance(knowledge, LinearKnowledge) and not state.is_terminal():
        base, features = knowledge.seat_features(state, seat, seat)
        for name, weight, value in zip(knowledge.feature_names, knowledge.weights, features,
                                       strict=True):
            if weight:
                _put(out, names, _label(name), weight * value)
    else:
        estimates = knowledge.estimates(state, seat)
        if estimates is None:
            return out
        base = estimates[seat]
    explained = 0.0
    breakdown = state.score_breakdown()
    entries = breakdown.get("seats") if isinstance(breakdown, dict) else None
    if isinstance(entries, list) and seat < len(entries) and isinstance(entries[seat], dict):
        entry = entries[seat]
        for key, label in _point_fields(state.ruleset, entry, knowledge.points_in_features):
            value = float(entry[key])
            _put(out, names, label, value)
            explained += value
    rest = base - explained
    if abs(rest) > 1e-9:
        # the points a feature counts, when the knowledge leaves some out (else: unexplained)
        _put(out, names, " and ".join(knowledge.points_in_features) or OTHER_POINTS, rest)
    return out


def _add(total: dict[str, float], terms: dict[str, float]) -> None:
    for k, v in terms.items():
        total[k] = total.get(k, 0.0) + v


def _scaled(terms: dict[str, float], factor: float) -> dict[str, float]:
    return {k: v * factor for k, v in terms.items()}


def _reason(after: dict[str, float], against: dict[str, float], name: str | None) -> str:
    """What changes most between two positions' estimate terms, in a short sentence.

    ``name`` is what ``against`` is (``None``: the position before the move)."""
    if not after and not against:
        return NO_ESTIMATE
    changes = sorted(
        ((after.get(k, 0.0) - against.get(k, 0.0), k) for k in set(after) | set(against)),
        key=lambda pair: (-abs(pair[0]), pair[1]),
    )
    total = sum(d for d, _ in changes)
    if not changes or abs(changes[0][0]) < NEGLIGIBLE:
        return (f"as good as {name} in the bot's estimate" if name is not None
                else "no change in the bot's estimate") + " (within a tenth of a point)"
    parts = [f"{changes[0][0]:+.1f} from {changes[0][1]}"]
    for d, label in changes[1:3]:
        if abs(d) >= NOTABLE:
            parts.append(f"{d:+.1f} from {label}")
    if name is not None:
        return f"{total:+.1f} expected points against {name}: " + ", ".join(parts)
    if len(parts) == 1 and abs(total - changes[0][0]) < NEGLIGIBLE:
        return f"{changes[0][0]:+.1f} expected points from {changes[0][1]}"
    return f"{total:+.1f} expected points: " + ", ".join(parts)


# ------------------------------------------------------------------ review
Recordish = GameRecord | dict[str, Any] | str | State


def as_record(source: Recordish) -> GameRecord:
    """A :class:`GameRecord` from what a game's record may be held as: the record itself,
    its dict (``GameRecord.to_dict()``, also wrapped as ``{"record": {...}}`` the way
    ``boomtown simulate --out`` and ``play --save`` write it), its JSON text, or a state
    (its ``record``)."""
    if isinstance(source, GameRecord):
        return source
    if isinstance(source, State):
        return source.record
    if isinstance(source, str):
        try:
            source = json.loads(source)
        except json.JSONDecodeError as exc:
            raise BadRecord(f"record is not valid JSON: {exc.msg}") from exc
    if isinstance(source, dict) and isinstance(source.get("record"), dict):
        source = source["record"]
    return GameRecord.from_dict(source)


def record_digest(record: GameRecord) -> str:
    """SHA-256 of the record's canonical JSON (keys sorted, no spaces)."""
    text = json.dumps(record.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def review(
    record: Recordish,
    *,
    seats: Iterable[int] | None = None,
    seconds: float | None = None,
    iterations: int | None = None,
    samples: int = DEFAULT_SAMPLES,
    mistakes: int = DEFAULT_MISTAKES,
    seed: int = 0,
    game_id: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review the decisions of ``seats`` (default: every seat) in a game's ``record``.

    ``record`` is a :class:`boomtown.engine.GameRecord` (``state.record``), its plain dict
    (``GameRecord.to_dict()``, as the server and ``boomtown replay`` files hold it, also
    wrapped in ``{"record": ...}``), its JSON text, or a state. The budget per decision is
    ``iterations`` and/or ``seconds`` (CPU), default :data:`DEFAULT_REVIEW_ITERATIONS`
    iterations: with iterations alone the review is reproducible. Every decision is judged
    from the deciding seat's observation at that moment only. ``progress(done, total)`` is
    called after each reviewed decision. A record that does not replay raises
    :class:`~boomtown.engine.BadRecord`.
    """
    if mistakes < 0:
        raise ValueError("mistakes must be at least 0")
    start = thread_time()
    rec = as_record(record)
    budget = _budget(seconds, iterations, None)
    state = replay(rec, 0)
    n = state.num_players
    wanted = sorted(set(range(n) if seats is None else seats))
    for s in wanted:
        if not 0 <= s < n:
            raise ValueError(f"no seat {s} in a {n}-player game")
    # who decides at each ply: replay once to count the work
    deciders = []
    probe = state.clone()
    for index, aid in enumerate(rec.actions):
        deciders.append(probe.current_player)
        try:
            probe.apply(aid)
        except IllegalAction as exc:
            raise BadRecord(f"action #{index} (id {aid}) does not replay: {exc.reason}") from exc
    total = sum(1 for p in deciders if p in wanted)
    found: dict[int, list[ReviewedDecision]] = {s: [] for s in wanted}
    curves: dict[int, list[CurvePoint]] = {s: [] for s in wanted}
    counts = dict.fromkeys(wanted, 0)
    searched = dict.fromkeys(wanted, 0)
    drops = dict.fromkeys(wanted, 0.0)
    done = 0
    for ply, aid in enumerate(rec.actions):
        seat = state.current_player
        if seat in found:
            obs = Observation(state, seat)
            choices = len(obs.legal_actions())
            advised = _advise(obs, budget, 1, seed, samples, ply, taken=aid)
            counts[seat] += 1
            if advised.before is not None:
                curves[seat].append(CurvePoint(ply, tuple(round(e, 3) for e in advised.before)))
            preferred, taken = advised.ranked[0], advised.taken
            assert taken is not None
            if choices > 1:
                searched[seat] += 1
                drop = round(_drop(preferred, taken), 3)
                drops[seat] += max(0.0, drop)
                if preferred.action_id != aid:
                    terms = advised.measures.terms
                    why = _reason(terms[preferred.action_id], terms[aid], "the move taken")
                    found[seat].append(ReviewedDecision(
                        ply, seat, taken, Alternative(
                            preferred.action_id, preferred.text, preferred.estimate,
                            preferred.win_chance, preferred.visits, why), drop, choices,
                        state.prompt(seat).title))
            done += 1
            if progress is not None:
                progress(done, total)
        state.apply(aid)
    final: tuple[float, ...] | None = None
    best: tuple[int, ...] = ()
    if state.is_terminal():
        final = _final_totals(state)
        returns = list(state.returns())
        best = tuple(s for s, r in enumerate(returns) if r == max(returns))
        for s in wanted:
            curves[s].append(CurvePoint(len(rec.actions), final))
    reviews = []
    for s in wanted:
        worst = sorted((d for d in found[s] if d.drop >= MIN_DROP),
                       key=lambda d: (-d.drop, d.ply))[:mistakes]
        reviews.append(SeatReview(s, counts[s], searched[s], tuple(worst), round(drops[s], 3),
                                  tuple(curves[s])))
    settings = ReviewSettings(LEVEL, budget.get("iterations"), budget.get("seconds"),
                              samples, mistakes, seed)
    return Review(rec.game, rec.version, rec.players, record_digest(rec), len(rec.actions),
                  settings, tuple(reviews), final, best, round(thread_time() - start, 3),
                  game_id)


def _drop(preferred: Alternative, taken: Alternative) -> float:
    if preferred.estimate is None or taken.estimate is None:
        if preferred.win_chance is None or taken.win_chance is None:
            return 0.0
        return preferred.win_chance - taken.win_chance
    return preferred.estimate - taken.estimate


def _final_totals(state: State) -> tuple[float, ...]:
    breakdown = state.score_breakdown()
    totals = breakdown.get("totals") if isinstance(breakdown, dict) else None
    if isinstance(totals, list) and len(totals) == state.num_players:
        return tuple(float(t) for t in totals)
    return tuple(float(r) for r in state.returns())


__all__ = [
    "Alternative",
    "CurvePoint",
    "Hint",
    "NotYourDecision",
    "Review",
    "ReviewSettings",
    "ReviewedDecision",
    "SeatReview",
    "as_record",
    "hint",
    "record_digest",
    "review",
]
