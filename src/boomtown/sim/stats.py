"""What a tournament shows: win rates and means with confidence intervals, ratings, and the
answers a designer asks for (turn order, starting asymmetries, score categories, game
length, ties, A/B comparisons).

A seat's share of a game is ``1 / w`` when it is one of ``w`` tied winners (a seat wins
when its return is the maximum), so the shares of a game add up to 1. Win rates are shares
over games played, with a 95% Wilson score interval; means have a normal 95% interval.

Games of one seed block share their deal and dice, so they are not independent. Every
interval accounts for it: its variance is estimated from the spread between seed blocks (a
cluster-robust estimate) whenever there are at least two blocks, and an interval is never
narrower than the one independent games would give. A Wilson interval uses the effective
number of games (the games divided by the design effect).
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boomtown.cli.table import format_number, render_table
from boomtown.sim.match import MatchResult

Z95 = 1.959963984540054
#: One-sided z of 80% power: the sample sizes below see a true difference of the given size
#: with 80% probability at the 95% level.
Z_POWER80 = 0.8416212335729143
#: The win-rate difference (as a fraction) the summaries size their studies for by default.
DEFAULT_DETECT = 0.05
#: Fewest seed blocks from which the spread between blocks is estimated.
MIN_CLUSTERS = 2
#: Fewest seeds both arms of a comparison played for its difference to get an interval (with
#: fewer, the spread of the differences is too rough a guess: the interval is left unknown).
MIN_PAIRS = 10
#: Entries of a seat's score breakdown that are not score categories.
NOT_CATEGORIES = frozenset({"seat", "group", "total", "totals", "winners", "returns"})
TOTAL = "total"


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` and ``n`` may be fractional:
    shared wins, an effective number of games).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class Sample:
    """Values, each from a game of some seed block (its cluster)."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self._clusters: dict[Hashable, list[float]] = {}  # cluster -> [count, sum]

    def add(self, value: float, cluster: Hashable | None = None) -> None:
        self.values.append(float(value))
        key = cluster if cluster is not None else ("game", len(self.values))
        entry = self._clusters.setdefault(key, [0.0, 0.0])
        entry[0] += 1
        entry[1] += value

    @property
    def n(self) -> int:
        return len(self.values)

    @property
    def clusters(self) -> int:
        return len(self._clusters)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.values) if self.values else 0.0

    @property
    def total(self) -> float:
        return math.fsum(self.values)

    def sd(self) -> float:
        return statistics.stdev(self.values) if self.n > 1 else 0.0

    def _cluster_variance(self) -> float | None:
        """The cluster-robust variance of the mean (``None`` with fewer than 2 clusters)."""
        m = len(self._clusters)
        if m < MIN_CLUSTERS:
            return None
        mean, n = self.mean, self.n
        spread = math.fsum((s - mean * c) ** 2 for c, s in self._clusters.values())
        return m / (m - 1) * spread / (n * n)

    def se(self) -> float:
        """The standard error of the mean, never below the independent games' one."""
        if self.n < 2:
            return math.inf
        iid = self.sd() / math.sqrt(self.n)
        clustered = self._cluster_variance()
        return iid if clustered is None else max(iid, math.sqrt(clustered))

    def interval(self) -> tuple[float, float]:
        half = Z95 * self.se()
        return self.mean - half, self.mean + half

    def effective_n(self) -> float:
        """For a proportion: the games, divided by the design effect of the seed blocks."""
        p, n = self.mean, self.n
        clustered = self._cluster_variance()
        if clustered is None or clustered <= 0 or not 0 < p < 1:
            return float(n)
        return min(float(n), p * (1 - p) / clustered)

    def rate_interval(self) -> tuple[float, float]:
        n_eff = self.effective_n()
        return wilson(self.mean * n_eff, n_eff)

    def cluster_means(self) -> dict[Hashable, float]:
        return {k: s / c for k, (c, s) in self._clusters.items()}

    def per_cluster(self) -> float:
        return self.n / len(self._clusters) if self._clusters else 0.0


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def pct_range(lo: float, hi: float) -> str:
    return f"{100 * lo:.1f}-{100 * hi:.1f}%"


def num(x: float) -> str:
    return f"{x:.2f}" if math.isfinite(x) else "-"


def num_range(lo: float, hi: float) -> str:
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return "-"
    return f"{lo:.2f}..{hi:.2f}"


def points(x: float) -> str:
    """A difference of proportions in percentage points."""
    return f"{100 * x:+.1f}"


@dataclass
class Tally:
    """Games, win shares and final totals of one bot, one turn position, or one label."""

    share: Sample = field(default_factory=Sample)
    score: Sample = field(default_factory=Sample)

    def add(self, share: float, score: float, cluster: Hashable | None = None) -> None:
        self.share.add(share, cluster)
        self.score.add(score, cluster)

    @property
    def games(self) -> int:
        return self.share.n

    @property
    def wins(self) -> float:
        return self.share.total

    @property
    def scores(self) -> list[float]:
        return self.score.values

    @property
    def rate(self) -> float:
        return self.share.mean

    def interval(self) -> tuple[float, float]:
        return self.share.rate_interval()

    def row(self, label: str) -> list[str]:
        return [label, str(self.games), format_number(round(self.wins, 2)), pct(self.rate),
                pct_range(*self.interval())]

    def row_with_score(self, label: str) -> list[str]:
        return [*self.row(label), num(self.score.mean), num_range(*self.score.interval())]


RATE_HEAD = ["games", "wins", "win rate", "95% CI"]
SCORE_HEAD = ["mean total", "95% CI"]


def shares(result: MatchResult) -> list[float]:
    """Each seat's share of the win."""
    assert result.winners is not None
    n = len(result.seats)
    return [1 / len(result.winners) if s in result.winners else 0.0 for s in range(n)]


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def score_categories(score: Mapping[str, Any] | None, players: int) -> list[dict[str, float]]:
    """Each seat's score by category, from the game's breakdown: the numbers of its
    ``seats`` entries (one dict per seat), else its per-seat lists of numbers.

    >>> score_categories({"seats": [{"seat": 0, "homes": 3, "total": 9}, {"seat": 1,
    ...     "homes": 1, "total": 4}]}, 2)
    [{'homes': 3.0}, {'homes': 1.0}]
    >>> score_categories({"gold": [2, 5], "totals": [7, 9]}, 2)
    [{'gold': 2.0}, {'gold': 5.0}]
    """
    out: list[dict[str, float]] = [{} for _ in range(players)]
    if not isinstance(score, Mapping):
        return out
    seats = score.get("seats")
    if isinstance(seats, list) and len(seats) == players and all(
        isinstance(e, Mapping) for e in seats
    ):
        for s, entry in enumerate(seats):
            out[s] = {str(k): float(v) for k, v in entry.items()
                      if k not in NOT_CATEGORIES and _is_number(v)}
        return out
    for key, value in score.items():
        if key in NOT_CATEGORIES or not isinstance(value, list) or len(value) != players:
            continue
        if all(_is_number(v) for v in value):
            for s in range(players):
                out[s][str(key)] = float(value[s])
    return out


@dataclass
class Ratings:
    """OpenSkill (Plackett-Luce) ratings of the bots, updated game by game in index order."""

    mu: dict[str, float]
    sigma: dict[str, float]
    skipped: int

    def ordinal(self, bot: str) -> float:
        return self.mu[bot] - 3 * self.sigma[bot]


def rate(results: Sequence[MatchResult]) -> Ratings | None:
    """Ratings from the finished games (``None`` without openskill installed).

    Seats are ranked by return, then by final total. A game with the same bot at two
    seats cannot be rated as a match between players and is skipped (counted).
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    model = PlackettLuce()
    ratings = {}
    skipped = 0
    for result in sorted(results, key=lambda r: r.index):
        if not result.ok:
            continue
        if len(set(result.seats)) != len(result.seats):
            skipped += 1
            continue
        assert result.returns is not None and result.totals is not None
        teams = []
        for bot in result.seats:
            if bot not in ratings:
                ratings[bot] = model.rating(name=bot)
            teams.append([ratings[bot]])
        keys = sorted({(r, t) for r, t in zip(result.returns, result.totals, strict=True)})
        ranks = [
            float(len(keys) - keys.index((r, t)))
            for r, t in zip(result.returns, result.totals, strict=True)
        ]
        updated = model.rate(teams, ranks=ranks)
        for bot, team in zip(result.seats, updated, strict=True):
            ratings[bot] = team[0]
    return Ratings(
        {b: r.mu for b, r in ratings.items()}, {b: r.sigma for b, r in ratings.items()}, skipped
    )


def games_to_detect(cluster_sd: float, per_cluster: float, delta: float) -> int | None:
    """Games (in seed blocks of ``per_cluster``) for a mean whose block means spread by
    ``cluster_sd`` to show a difference of ``delta`` (95% two-sided, 80% power)."""
    if delta <= 0 or not math.isfinite(cluster_sd) or cluster_sd <= 0:
        return None
    blocks = math.ceil(((Z95 + Z_POWER80) * cluster_sd / delta) ** 2)
    return max(1, math.ceil(blocks * per_cluster))


def _cluster_sd(sample: Sample) -> float:
    means = list(sample.cluster_means().values())
    return statistics.stdev(means) if len(means) > 1 else math.nan


@dataclass
class NumericFeature:
    """A numeric feature of a seat: over all seats, the winners' and the others'."""

    every: Sample = field(default_factory=Sample)
    winners: Sample = field(default_factory=Sample)
    others: Sample = field(default_factory=Sample)


@dataclass
class TournamentSummary:
    """Everything one cell of a study shows (one player count, one arm)."""

    players: int
    lineup: list[str]
    rotations: int = 0
    by_bot: dict[str, Tally] = field(default_factory=dict)
    #: Win shares and totals by turn position (0 plays first).
    by_position: list[Tally] = field(default_factory=list)
    #: Asymmetry name -> label -> tally (Western Town's card, Great Western Trail's money...).
    by_setup: dict[str, dict[str, Tally]] = field(default_factory=dict)
    #: Score category -> over every seat, and by turn position.
    categories: dict[str, Sample] = field(default_factory=dict)
    categories_by_position: dict[str, list[Sample]] = field(default_factory=dict)
    features: dict[str, NumericFeature] = field(default_factory=dict)
    feature_labels: dict[str, dict[str, Tally]] = field(default_factory=dict)
    totals: Sample = field(default_factory=Sample)
    actions: Sample = field(default_factory=Sample)
    decisions: Sample = field(default_factory=Sample)
    ties: Sample = field(default_factory=Sample)
    failed: list[MatchResult] = field(default_factory=list)
    games: int = 0
    #: seed -> finished games of its block
    blocks: dict[int, int] = field(default_factory=dict)
    #: (a, b) -> games where bots a and b both played, a scoring 1 when ahead, 1/2 when level
    head_to_head: dict[tuple[str, str], Tally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_bot = {b: Tally() for b in dict.fromkeys(self.lineup)}
        self.by_position = [Tally() for _ in range(self.players)]
        self.rotations = self.rotations or len(self.lineup) or 1

    @property
    def fair(self) -> float:
        return 1 / self.players

    def add(self, result: MatchResult) -> None:
        if not result.ok:
            self.failed.append(result)
            return
        assert result.totals is not None and result.returns is not None
        block = result.seed
        self.games += 1
        self.blocks[block] = self.blocks.get(block, 0) + 1
        positions = result.positions()
        categories = score_categories(result.score, self.players)
        setup = result.setup or []
        won = shares(result)
        self.ties.add(1.0 if len(result.winners or []) > 1 else 0.0, block)
        self.actions.add(result.actions, block)
        if result.decisions is not None:
            self.decisions.add(result.decisions, block)
        for seat, (bot, share) in enumerate(zip(result.seats, won, strict=True)):
            score = result.totals[seat]
            position = positions[seat]
            self.totals.add(score, block)
            self.by_bot.setdefault(bot, Tally()).add(share, score, block)
            self.by_position[position].add(share, score, block)
            for name, label in (setup[seat] if seat < len(setup) else {}).items():
                if name == "turn_position":
                    continue
                self.by_setup.setdefault(name, {}).setdefault(str(label), Tally()).add(
                    share, score, block)
            for name, value in categories[seat].items():
                self.categories.setdefault(name, Sample()).add(value, block)
                by_pos = self.categories_by_position.setdefault(
                    name, [Sample() for _ in range(self.players)])
                by_pos[position].add(value, block)
            for name, value in ((result.features or [{}] * self.players)[seat]).items():
                if _is_number(value):
                    feature = self.features.setdefault(name, NumericFeature())
                    feature.every.add(value, block)
                    (feature.winners if share > 0 else feature.others).add(value, block)
                else:
                    self.feature_labels.setdefault(name, {}).setdefault(
                        str(value), Tally()).add(share, score, block)
            for other, rival in enumerate(result.seats):
                if rival == bot:
                    continue
                mine = result.returns[seat], score
                theirs = result.returns[other], result.totals[other]
                point = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                self.head_to_head.setdefault((bot, rival), Tally()).add(point, score, block)

    # ------------------------------------------------------------ answers
    def first_player(self) -> tuple[float, tuple[float, float]]:
        """The first player's win rate minus the fair share, with its interval."""
        first = self.by_position[0]
        lo, hi = first.interval()
        return first.rate - self.fair, (lo - self.fair, hi - self.fair)

    def games_for_first_player(self, delta: float) -> int | None:
        """Games needed to tell a first-player advantage of ``delta`` from none."""
        share = self.by_position[0].share
        return games_to_detect(_cluster_sd(share), share.per_cluster(), delta)

    def unbalanced_blocks(self) -> list[int]:
        """Seeds whose block lacks a rotation (a failed game, or the run's cut last block)."""
        counts = dict(self.blocks)
        for result in self.failed:
            counts.setdefault(result.seed, 0)
        return sorted(seed for seed, n in counts.items() if n < self.rotations)

    def lines(self, ratings: Ratings | None = None, detect: float = DEFAULT_DETECT) -> list[str]:
        if not self.games:
            return ["No finished games.", *self.failure_lines()]
        fair = 100 * self.fair
        out: list[str] = []
        if len(self.by_bot) > 1:
            out += [f"Win rate by bot ({self.games} games; a fair share is {fair:.1f}%):"]
            out += render_table(["bot", *RATE_HEAD, *SCORE_HEAD],
                                [t.row_with_score(b) for b, t in self.by_bot.items()],
                                indent="  ")
            out.append("")
        if self.head_to_head:
            order = {b: i for i, b in enumerate(self.by_bot)}
            out += ["Head to head (ahead on return, then on total; level counts 1/2):"]
            out += render_table(
                ["bot", "against", "pairs", "ahead", "rate", "95% CI"],
                [
                    [a, *t.row(b)]
                    for (a, b), t in self.head_to_head.items()
                    if order.get(a, 0) < order.get(b, 0)
                ],
                indent="  ",
            )
            out.append("")
        out += [f"Win rate and final total by turn position ({self.games} games; position 0 "
                f"plays first; a fair share is {fair:.1f}%):"]
        out += render_table(
            ["position", *RATE_HEAD, *SCORE_HEAD],
            [t.row_with_score(str(p)) for p, t in enumerate(self.by_position) if t.games],
            indent="  ",
        )
        adv, (lo, hi) = self.first_player()
        needed = self.games_for_first_player(detect)
        line = (f"  first-player advantage: {points(adv)} points over a fair share "
                f"(95% CI {points(lo)} to {points(hi)})")
        if needed:
            line += f"; about {needed} games would see {100 * detect:.0f} points"
        out.append(line)
        for name, labels in sorted(self.by_setup.items()):
            out += ["", f"Win rate and final total by {name} (from the set-up):"]
            out += render_table([name, *RATE_HEAD, *SCORE_HEAD],
                                [labels[k].row_with_score(k) for k in sorted(labels)],
                                indent="  ")
        if self.categories:
            present = [p for p, t in enumerate(self.by_position) if t.games]
            out += ["", "Score by category (mean per seat, 95% CI; then by turn position):"]
            out += render_table(
                ["category", "mean", "95% CI", *(f"pos {p}" for p in present)],
                [
                    [name, num(sample.mean), num_range(*sample.interval()),
                     *(num(self.categories_by_position[name][p].mean) for p in present)]
                    for name, sample in self.categories.items()
                ],
                indent="  ",
            )
        out += ["", "Game length and ties:"]
        rows = [length_row("actions per game (chance included)", self.actions)]
        if self.decisions.n:
            rows.append(length_row("decisions per game", self.decisions))
        out += render_table(["", "mean", "95% CI", "min", "median", "max"], rows, indent="  ")
        tie_lo, tie_hi = self.ties.rate_interval()
        out.append(f"  games with tied winners: {format_number(self.ties.total)} of "
                   f"{self.ties.n}, {pct(self.ties.mean)} (95% CI {pct_range(tie_lo, tie_hi)})")
        if self.features:
            out += ["", "Features at the end (mean per seat, 95% CI; winners' and others'):"]
            out += render_table(
                ["feature", "mean", "95% CI", "winners", "others"],
                [
                    [name, num(f.every.mean), num_range(*f.every.interval()),
                     num(f.winners.mean) if f.winners.n else "-",
                     num(f.others.mean) if f.others.n else "-"]
                    for name, f in self.features.items()
                ],
                indent="  ",
            )
        for name, labels in sorted(self.feature_labels.items()):
            out += ["", f"Win rate by {name} (at the end):"]
            out += render_table([name, *RATE_HEAD], [labels[k].row(k) for k in sorted(labels)],
                                indent="  ")
        if any(t.scores for t in self.by_bot.values()):
            out += ["", "Final totals by bot:"]
            out += render_table(
                ["bot", "mean", "sd", "min", "median", "max"],
                [score_row(b, t.scores) for b, t in self.by_bot.items() if t.scores],
                indent="  ",
            )
        if ratings is not None and ratings.mu:
            out += ["", "OpenSkill ratings (Plackett-Luce; ordinal = mu - 3 sigma):"]
            ranked = sorted(ratings.mu, key=ratings.ordinal, reverse=True)
            out += render_table(
                ["bot", "mu", "sigma", "ordinal"],
                [
                    [b, f"{ratings.mu[b]:.2f}", f"{ratings.sigma[b]:.2f}",
                     f"{ratings.ordinal(b):.2f}"]
                    for b in ranked
                ],
                indent="  ",
            )
            if ratings.skipped:
                out.append(f"  ({ratings.skipped} games with a bot at two seats not rated)")
        elif ratings is None and len(self.by_bot) > 1:
            out += ["", "(ratings need openskill: pip install openskill)"]
        unbalanced = self.unbalanced_blocks()
        if unbalanced and self.rotations > 1:
            shown = ", ".join(str(s) for s in unbalanced[:10])
            more = f" and {len(unbalanced) - 10} more" if len(unbalanced) > 10 else ""
            out += ["", f"NOT BALANCED: {len(unbalanced)} seed block(s) lack a rotation "
                        f"(seeds {shown}{more}): the bots did not sit in every seat equally "
                        "often there, so the by-bot figures lean on those seats."]
        return out + self.failure_lines()

    def failure_lines(self) -> list[str]:
        if not self.failed:
            return []
        out = ["", f"FAILED games: {len(self.failed)} (not counted above)"]
        for r in self.failed:
            first = (r.error or "").splitlines()[0] if r.error else ""
            out.append(f"  game {r.index} seed {r.seed} seats {','.join(r.seats)}: {first}")
        return out


def length_row(label: str, sample: Sample) -> list[str]:
    values = sample.values
    return [label, num(sample.mean), num_range(*sample.interval()), format_number(min(values)),
            format_number(statistics.median(values)), format_number(max(values))]


def score_row(label: str, scores: Sequence[float]) -> list[str]:
    sd = statistics.stdev(scores) if len(scores) > 1 else 0.0
    return [
        label,
        f"{statistics.fmean(scores):.2f}",
        f"{sd:.2f}",
        format_number(min(scores)),
        format_number(statistics.median(scores)),
        format_number(max(scores)),
    ]


def summarise(
    players: int, lineup: Sequence[str], results: Iterable[MatchResult], rotations: int = 0
) -> TournamentSummary:
    summary = TournamentSummary(players, list(lineup), rotations)
    for result in sorted(results, key=lambda r: r.index):
        summary.add(result)
    return summary


# ------------------------------------------------------------------- A/B comparisons
@dataclass
class Difference:
    """Arm B minus arm A for one measure, paired by seed block."""

    measure: str
    a: float
    b: float
    diff: float
    low: float
    high: float
    #: The blocks in both arms the difference is estimated from.
    pairs: int
    #: The smallest true difference these games see (95% two-sided, 80% power).
    detectable: float
    #: Games per arm to see a difference of the study's ``detect`` (rates only).
    needed: int | None
    is_rate: bool


def paired_difference(
    measure: str, a: Sample, b: Sample, is_rate: bool, detect: float
) -> Difference | None:
    """The difference of two arms' means over the seed blocks both played (the same seeds,
    so their deals pair up), with the interval of the mean of the blocks' differences."""
    ma, mb = a.cluster_means(), b.cluster_means()
    common = [k for k in ma if k in mb]
    if not common:
        return None
    diffs = [mb[k] - ma[k] for k in common]
    m = len(diffs)
    diff = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if m >= MIN_PAIRS else math.nan
    se = sd / math.sqrt(m) if m >= MIN_PAIRS else math.inf
    low, high = diff - Z95 * se, diff + Z95 * se
    if is_rate:  # a difference of two proportions lies in [-1, 1]
        low, high = max(-1.0, low), min(1.0, high)
    needed = games_to_detect(sd, a.per_cluster(), detect) if is_rate else None
    return Difference(measure, a.mean, b.mean, diff, low, high, m, (Z95 + Z_POWER80) * se,
                      needed, is_rate)


def compare(a: TournamentSummary, b: TournamentSummary, detect: float = DEFAULT_DETECT) -> (
    list[Difference]
):
    """Arm B against arm A: win rate by turn position and by bot, tie rate, final total,
    game length, every score category and every numeric end feature."""
    measures: list[tuple[str, Sample, Sample, bool]] = []
    for p, (ta, tb) in enumerate(zip(a.by_position, b.by_position, strict=True)):
        if ta.games and tb.games:
            measures.append((f"win rate, turn position {p}", ta.share, tb.share, True))
    if len(a.by_bot) > 1:
        for bot, ta in a.by_bot.items():
            if bot in b.by_bot:
                measures.append((f"win rate, {bot}", ta.share, b.by_bot[bot].share, True))
    measures.append(("tie rate", a.ties, b.ties, True))
    measures.append(("final total (per seat)", a.totals, b.totals, False))
    measures.append(("actions per game", a.actions, b.actions, False))
    if a.decisions.n and b.decisions.n:
        measures.append(("decisions per game", a.decisions, b.decisions, False))
    for name, sample in a.categories.items():
        if name in b.categories:
            measures.append((f"score: {name}", sample, b.categories[name], False))
    for name, feature in a.features.items():
        if name in b.features:
            measures.append((f"feature: {name}", feature.every, b.features[name].every, False))
    out = []
    for measure, sa, sb, is_rate in measures:
        d = paired_difference(measure, sa, sb, is_rate, detect)
        if d is not None:
            out.append(d)
    return out


def difference_rows(diffs: Sequence[Difference]) -> list[list[str]]:
    rows = []
    for d in diffs:
        known = math.isfinite(d.detectable)
        if d.is_rate:
            rows.append([d.measure, pct(d.a), pct(d.b), points(d.diff),
                         f"{points(d.low)} to {points(d.high)}" if known else "-",
                         f"{100 * d.detectable:.1f}" if known else "-",
                         str(d.needed) if d.needed else "-"])
        else:
            rows.append([d.measure, num(d.a), num(d.b), f"{d.diff:+.2f}",
                         f"{d.low:+.2f} to {d.high:+.2f}" if known else "-",
                         f"{d.detectable:.2f}" if known else "-", "-"])
    return rows


# ------------------------------------------------------------------------ studies
def options_text(options: Mapping[str, Any] | None) -> str:
    if not options:
        return "default options"
    return ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items())


@dataclass
class Cell:
    """One player count and one arm of a study, with its summary."""

    players: int
    arm: str | None
    options: dict[str, Any] | None
    summary: TournamentSummary
    ratings: Ratings | None
    results: list[MatchResult]

    @property
    def title(self) -> str:
        text = f"{self.players} players"
        if self.arm is not None:
            text += f", arm {self.arm} ({options_text(self.options)})"
        elif self.options:
            text += f" ({options_text(self.options)})"
        return text


def _cell_key(result: MatchResult) -> tuple[int, str | None, str]:
    options = json.dumps(result.options or {}, sort_keys=True)
    return result.players, result.arm, options if result.arm is None else ""


def lineup_of(results: Sequence[MatchResult]) -> list[str]:
    """The line-up as scheduled: rotation 0's seats first, then any other bot seen."""
    first = [r.seats for r in results if r.rotation == 0][:1] or [results[0].seats]
    bots = dict.fromkeys(first[0])
    for result in results:
        bots.update(dict.fromkeys(result.seats))
    return list(bots)


@dataclass
class Study:
    """A run's cells (player counts by arms) and the answers across them."""

    cells: list[Cell]
    detect: float = DEFAULT_DETECT

    def comparisons(self) -> list[tuple[Cell, Cell, list[Difference]]]:
        """For each player count with arms A and B: B against A."""
        out = []
        by_players: dict[int, dict[str | None, Cell]] = {}
        for cell in self.cells:
            by_players.setdefault(cell.players, {})[cell.arm] = cell
        for players in sorted(by_players):
            arms = by_players[players]
            if "A" in arms and "B" in arms:
                a, b = arms["A"], arms["B"]
                out.append((a, b, compare(a.summary, b.summary, self.detect)))
        return out

    def first_player_rows(self) -> list[list[str]]:
        rows = []
        for cell in self.cells:
            s = cell.summary
            if not s.games:
                continue
            first = s.by_position[0]
            last = [t for t in s.by_position if t.games][-1]
            adv, (lo, hi) = s.first_player()
            rows.append([cell.title, str(s.games), pct(s.fair), pct(first.rate),
                         pct_range(*first.interval()), points(adv),
                         f"{points(lo)} to {points(hi)}", pct(last.rate)])
        return rows

    def lines(self) -> list[str]:
        out: list[str] = []
        for cell in self.cells:
            if len(self.cells) > 1:
                out += [f"== {cell.title}: {cell.summary.games} games ==", ""]
            out += cell.summary.lines(cell.ratings, self.detect)
            out.append("")
        if len(self.cells) > 1:
            out += ["== First-player advantage (win rate of turn position 0 minus a fair "
                    "share, in points) =="]
            out += render_table(
                ["cell", "games", "fair", "first", "95% CI", "advantage", "95% CI", "last"],
                self.first_player_rows(), indent="  ")
            out.append("")
        for a, b, diffs in self.comparisons():
            out += [f"== A/B at {a.players} players: B ({options_text(b.options)}) minus A "
                    f"({options_text(a.options)}), paired by seed ==",
                    f"  {a.summary.games} and {b.summary.games} games; 'detectable' is the "
                    "smallest true difference these games see (95% CI, 80% power); 'games "
                    f"needed' is per arm, to see {100 * self.detect:.0f} points; an "
                    f"interval needs {MIN_PAIRS} seeds or more"]
            out += render_table(
                ["measure", "A", "B", "B - A", "95% CI", "detectable", "games needed"],
                difference_rows(diffs), indent="  ")
            out.append("")
        while out and not out[-1]:
            out.pop()
        return out

    @property
    def failed(self) -> list[MatchResult]:
        return [r for cell in self.cells for r in cell.summary.failed]


def build_study(
    results: Sequence[MatchResult], lineup: Sequence[str] | None = None,
    detect: float = DEFAULT_DETECT,
) -> Study:
    """Group results into cells (player count, arm) in the order they were scheduled."""
    groups: dict[tuple[int, str | None, str], list[MatchResult]] = {}
    for result in sorted(results, key=lambda r: r.index):
        groups.setdefault(_cell_key(result), []).append(result)
    cells = []
    for (players, arm, _), members in groups.items():
        bots = list(lineup) if lineup is not None else lineup_of(members)
        rotations = max(r.rotation for r in members) + 1
        summary = summarise(players, bots, members, rotations)
        ok = [r for r in members if r.ok]
        options = next((r.options for r in members if r.options is not None), None)
        rated = rate(ok) if len(set(bots)) > 1 else None
        cells.append(Cell(players, arm, options, summary, rated, members))
    cells.sort(key=lambda c: (c.players, c.arm or ""))
    return Study(cells, detect)
