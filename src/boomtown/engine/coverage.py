"""Coverage of a game's kinds of decision: which action families were ever legal and ever
taken over a set of games.

A family no game takes is a corner of the rules no test reaches. :func:`measure` plays games
with several policies (uniform, rare kinds first, progress; a bot too, when the caller passes
one) and counts, per family, the decisions at which it was legal, the times it was taken and
how many of its ids were ever taken. :meth:`Coverage.missing` lists the families never taken
that the ruleset does not declare unreachable.

Some corners are all but out of reach of whole games (in Great Western Trail, a player whose
every disc has left the player board). A ruleset may name positions that reach them
(``Ruleset.coverage_starts``: real games edited as puzzles are); coverage plays on from each of
them too, and the table marks a family taken only there.

>>> cov = measure("way-out-west", players=[3], games=2, variants=False)
>>> cov.games, cov.taken["bid"] > 0
(6, True)
>>> "bid" in cov.table()
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from boomtown.engine.actions import CHANCE, ActionFamily
from boomtown.engine.errors import BadOptions
from boomtown.engine.policies import Policy, Progress, RareFirst, Uniform
from boomtown.engine.registry import get_ruleset
from boomtown.engine.ruleset import Ruleset
from boomtown.engine.state import State

#: A bound on one coverage game's length (a game that does not end is a bug, found elsewhere).
MAX_STEPS = 100_000


class Coverage:
    """Per family of one ruleset: decisions where it was legal, times taken, ids taken."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.legal: Counter[str] = Counter()
        self.taken: Counter[str] = Counter()
        self.ids_taken: set[int] = set()
        #: times taken in games played from a coverage start (also counted in ``taken``)
        self.from_starts: Counter[str] = Counter()
        self.games = 0
        self.decisions = 0

    def record(self, legal: Iterable[int], taken: int, from_start: bool = False) -> None:
        """One decision (or chance outcome): the ids legal there and the one taken."""
        family_of = self.ruleset.family_of
        for name in {family_of(aid).name for aid in legal}:
            self.legal[name] += 1
        name = family_of(taken).name
        self.taken[name] += 1
        if from_start:
            self.from_starts[name] += 1
        self.ids_taken.add(taken)
        self.decisions += 1

    def merge(self, other: Coverage) -> None:
        """Add another run's counts (of the same ruleset)."""
        self.legal.update(other.legal)
        self.taken.update(other.taken)
        self.from_starts.update(other.from_starts)
        self.ids_taken |= other.ids_taken
        self.games += other.games
        self.decisions += other.decisions

    def missing(self) -> list[ActionFamily]:
        """Families never taken that the ruleset does not declare unreachable."""
        return [
            f for f in self.ruleset.action_families if not self.taken[f.name] and not f.unreachable
        ]

    def rows(self) -> list[dict[str, Any]]:
        """One row per family: name, kind, ids, legal, taken, share of ids taken, note."""
        out = []
        for f in self.ruleset.action_families:
            ids = len(f.ids)
            hit = sum(1 for aid in f.ids if aid in self.ids_taken)
            taken = self.taken[f.name]
            note = f"unreachable: {f.unreachable}" if f.unreachable else (
                "NEVER TAKEN" if not taken else
                "only from coverage starts" if self.from_starts[f.name] == taken else "")
            out.append({
                "family": f.name, "kind": f.kind, "ids": ids, "legal": self.legal[f.name],
                "taken": taken, "ids_taken": hit, "note": note,
            })
        return out

    def table(self) -> str:
        """The rows as a plain-text table, with a summary line."""
        rows = self.rows()
        width = max(len(r["family"]) for r in rows)
        lines = [
            f"{'family':<{width}}  {'kind':<16} {'ids':>5} {'legal':>8} {'taken':>8} "
            f"{'ids taken':>10}  note"
        ]
        for r in rows:
            share = f"{r['ids_taken']}/{r['ids']}"
            lines.append(
                f"{r['family']:<{width}}  {r['kind']:<16} {r['ids']:>5} {r['legal']:>8} "
                f"{r['taken']:>8} {share:>10}  {r['note']}".rstrip()
            )
        taken = sum(1 for r in rows if r["taken"])
        lines.append(
            f"{taken} of {len(rows)} families taken, {len(self.ids_taken)} of "
            f"{self.ruleset.action_space_size} ids, over {self.games} games and "
            f"{self.decisions} decisions"
        )
        return "\n".join(lines)


def default_policies() -> list[Policy]:
    """Uniform, rare kinds first and progress: the engine's own game-agnostic policies."""
    return [Uniform(), RareFirst(), Progress()]


def play(
    ruleset: Ruleset, players: int, seed: int, policy: Policy, coverage: Coverage,
    options: Any = None,
) -> None:
    """One game: ``policy`` for every seat, chance from the game's own stream."""
    state = ruleset.new_game(players, seed, options)
    rng = random.Random(f"boomtown-coverage:{seed}:{policy.name}")
    play_from(state, policy, rng, coverage)


def play_from(
    state: State, policy: Policy, rng: random.Random, coverage: Coverage, from_start: bool = False
) -> None:
    """Play ``state`` to its end with ``policy`` (chance from the game's own stream, or from
    ``rng`` for a coverage start, so that its games differ), counting every decision."""
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        legal = state.legal_action_ids()
        if state.current_player == CHANCE:
            aid = (state.sample_chance(rng) if from_start else state.sample_chance()).id
        else:
            aid = policy.choose(state, rng)
        coverage.record(legal, aid, from_start)
        state.apply(aid)
    else:
        raise RuntimeError(f"{state.ruleset.id} did not end after {MAX_STEPS} actions")
    coverage.games += 1


def measure(
    ruleset: Ruleset | str,
    players: Sequence[int] | None = None,
    games: int = 10,
    policies: Sequence[Policy] | None = None,
    first_seed: int = 0,
    variants: bool = True,
) -> Coverage:
    """Play ``games`` games per player count, policy and option set; their coverage.

    ``players`` defaults to every count the ruleset allows, ``policies`` to
    :func:`default_policies`. The option sets are the defaults and, with ``variants``, every
    variant the ruleset declares (some decisions exist only under a house rule), each at the
    counts it allows.
    """
    rs = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    coverage = Coverage(rs)
    chosen = list(policies) if policies is not None else default_policies()
    option_sets: list[Any] = [None, *(dict(v) for v in rs.variants)] if variants else [None]
    for options in option_sets:
        for count in players or rs.player_counts:
            try:
                rs.new_game(count, first_seed, options)
            except BadOptions:
                continue  # a variant for other player counts
            for policy in chosen:
                for seed in range(first_seed, first_seed + games):
                    play(rs, count, seed, policy, coverage, options)
    starts = rs.coverage_starts() if rs.coverage_starts is not None else ()
    for name, start in starts:
        if players and start.num_players not in players:
            continue
        for policy in chosen:
            for seed in range(first_seed, first_seed + games):
                rng = random.Random(f"boomtown-coverage-start:{name}:{seed}:{policy.name}")
                play_from(start.clone(), policy, rng, coverage, from_start=True)
    return coverage
