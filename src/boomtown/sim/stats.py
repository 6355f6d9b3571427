"""What a tournament shows: win rates with confidence intervals, scores, ratings.

A seat's share of a game is ``1 / w`` when it is one of ``w`` tied winners (a seat wins
when its return is the maximum), so the shares of a game add up to 1. Win rates are
shares over games played, with a 95% Wilson score interval.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from boomtown.cli.table import format_number, render_table
from boomtown.sim.match import MatchResult

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """Games, win shares and scores of one bot, one seat, or one label."""

    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)

    def add(self, share: float, score: float) -> None:
        self.games += 1
        self.wins += share
        self.scores.append(score)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def row(self, label: str) -> list[str]:
        lo, hi = self.interval()
        return [
            label,
            str(self.games),
            format_number(round(self.wins, 2)),
            f"{100 * self.rate:.1f}%",
            f"{100 * lo:.1f}-{100 * hi:.1f}%",
        ]


def shares(result: MatchResult) -> list[float]:
    """Each seat's share of the win."""
    assert result.winners is not None
    n = len(result.seats)
    return [1 / len(result.winners) if s in result.winners else 0.0 for s in range(n)]


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


@dataclass
class TournamentSummary:
    """Tallies by bot, by seat, by bot and seat, and by each seat feature's label."""

    players: int
    lineup: list[str]
    by_bot: dict[str, Tally] = field(default_factory=dict)
    by_seat: list[Tally] = field(default_factory=list)
    by_bot_seat: dict[tuple[str, int], Tally] = field(default_factory=dict)
    by_feature: dict[str, dict[str, Tally]] = field(default_factory=dict)
    failed: list[MatchResult] = field(default_factory=list)
    games: int = 0
    #: (a, b) -> games where bots a and b both played, a scoring 1 when ahead, 1/2 when level
    head_to_head: dict[tuple[str, str], Tally] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_bot = {b: Tally() for b in dict.fromkeys(self.lineup)}
        self.by_seat = [Tally() for _ in range(self.players)]

    def add(self, result: MatchResult) -> None:
        if not result.ok:
            self.failed.append(result)
            return
        assert result.totals is not None
        self.games += 1
        for seat, (bot, share) in enumerate(zip(result.seats, shares(result), strict=True)):
            score = result.totals[seat]
            self.by_bot.setdefault(bot, Tally()).add(share, score)
            self.by_seat[seat].add(share, score)
            self.by_bot_seat.setdefault((bot, seat), Tally()).add(share, score)
            for other, rival in enumerate(result.seats):
                if rival == bot:
                    continue
                mine = (result.returns or [])[seat], score
                theirs = (result.returns or [])[other], result.totals[other]
                point = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                self.head_to_head.setdefault((bot, rival), Tally()).add(point, score)
            for name, labels in (result.features or {}).items():
                self.by_feature.setdefault(name, {}).setdefault(labels[seat], Tally()).add(
                    share, score
                )

    def lines(self, ratings: Ratings | None = None) -> list[str]:
        head = ["", "games", "wins", "win rate", "95% CI"]
        fair = 100 / self.players
        out = [f"Win rate by bot ({self.games} games; a fair share is {fair:.1f}%):"]
        out += render_table(
            ["bot", *head[1:]], [t.row(b) for b, t in self.by_bot.items()], indent="  "
        )
        if self.head_to_head:
            order = {b: i for i, b in enumerate(self.by_bot)}
            out += ["", "Head to head (ahead on return, then on total; level counts 1/2):"]
            out += render_table(
                ["bot", "against", "pairs", "ahead", "rate", "95% CI"],
                [
                    [a, *t.row(b)]
                    for (a, b), t in self.head_to_head.items()
                    if order.get(a, 0) < order.get(b, 0)
                ],
                indent="  ",
            )
        out += ["", "Win rate by seat (seat 0 plays first):"]
        out += render_table(
            ["seat", *head[1:]], [t.row(str(s)) for s, t in enumerate(self.by_seat)], indent="  "
        )
        out += ["", "Final totals by bot:"]
        out += render_table(
            ["bot", "mean", "sd", "min", "median", "max"],
            [score_row(b, t.scores) for b, t in self.by_bot.items() if t.scores],
            indent="  ",
        )
        for name, labels in sorted(self.by_feature.items()):
            out += ["", f"Win rate by {name}:"]
            out += render_table(
                [name, *head[1:]], [labels[k].row(k) for k in sorted(labels)], indent="  "
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
        elif ratings is None:
            out += ["", "(ratings need openskill: pip install openskill)"]
        if self.failed:
            out += ["", f"FAILED games: {len(self.failed)} (not counted above)"]
            for r in self.failed:
                first = (r.error or "").splitlines()[0] if r.error else ""
                out.append(f"  game {r.index} seed {r.seed} seats {','.join(r.seats)}: {first}")
        return out


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


def summarise(players: int, lineup: Sequence[str], results: Sequence[MatchResult]) -> (
    TournamentSummary
):
    summary = TournamentSummary(players, list(lineup))
    for result in sorted(results, key=lambda r: r.index):
        summary.add(result)
    return summary
