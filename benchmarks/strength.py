"""The ladder's strength runs (``make strength``): every figure of docs/bots.md, "Strength".

``python benchmarks/strength.py [GAME ...] [--ladder N] [--today N] [--hard N] [--seed S]
[--out DIR] [--resume] [--quick]``

For each game, three runs of three-player games, one process, seeds from ``--seed``:

1. **ladder**: ``easy``, ``medium`` and ``hard`` seat-rotated (``--ladder`` games: one per
   rotation of the line-up per seed), so every pair of levels meets in every game;
2. **today**: ``hard`` against today's ``ismcts:seconds=1`` (timed in CPU seconds like
   ``hard``: ``cpu=1``), the third seat ``heuristic`` (``--today`` games);
3. **hard**: three ``hard`` seats (``--hard`` games), every move timed (CPU and wall clock).

Each run writes its games to ``DIR/GAME-RUN.jsonl`` (the lines ``boomtown simulate --out``
writes; ``boomtown summarise`` reads them), and the script prints: head to head for every
pair of bots (finishing ahead on return, then on total; level counts 1/2) with 95% Wilson
intervals; mean points by scoring category for every bot; for the all-hard games the mean
per seat, the categories, and the longest move. ``--resume`` keeps the games already in the
files and plays only the missing ones. Run it under ``nice``: it takes hours.

``--quick`` is a smoke check, not a measurement: one seed block of each run and one all-hard
game (unless the counts are given), every time budget a tenth of the real one
(``hard:seconds=0.1`` ...), so it finishes in minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from boomtown.bots.base import Observation
from boomtown.bots.registry import make_bot
from boomtown.cli.scores import final_totals, winners
from boomtown.engine import CHANCE, get_ruleset
from boomtown.sim.match import MatchResult
from boomtown.sim.stats import score_categories, wilson
from boomtown.sim.tournament import run_tournament, schedule

GAMES = ("western-town", "way-out-west", "great-western-trail")
PLAYERS = 3
LADDER = ("easy", "medium", "hard")
TODAY = ("hard", "ismcts:seconds=1:cpu=1", "heuristic")
HARD = "hard"
#: The line-ups of ``--quick``: the same bots with a tenth of their time.
QUICK_LADDER = ("easy", "medium:iterations=15:seconds=0.025", "hard:seconds=0.1")
QUICK_TODAY = ("hard:seconds=0.1", "ismcts:seconds=0.1:cpu=1", "heuristic")
QUICK_HARD = "hard:seconds=0.1"
#: Games of each run with ``--quick`` (one seed block; one all-hard game).
QUICK_GAMES = {"ladder": 3, "today": 3, "hard": 1}
#: Games of each run by default.
DEFAULT_GAMES = {"ladder": 12, "today": 12, "hard": 3}


def load(path: Path) -> list[MatchResult]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(MatchResult.from_json(json.loads(line)))
    return out


def run_lineup(game: str, lineup: tuple[str, ...], games: int, seed: int, path: Path,
               resume: bool) -> list[MatchResult]:
    """Play the seat-rotated games of ``lineup`` (keeping those already in ``path``)."""
    done = {r.index: r for r in load(path) if r.ok} if resume else {}
    jobs = [j for j in schedule(list(lineup), PLAYERS, games, seed) if j.index not in done]
    mode = "a" if resume and done else "w"
    with path.open(mode, encoding="utf-8") as handle:
        def keep(result: MatchResult) -> None:
            handle.write(json.dumps(result.to_json()) + "\n")
            handle.flush()
            print(f"  {game} game {result.index} seed {result.seed}: {result.seats} -> "
                  f"{result.totals}" + (f" ERROR {result.error}" if result.error else ""),
                  flush=True)

        new = run_tournament(game, {}, jobs, workers=1, on_result=keep)
    return sorted([*done.values(), *new], key=lambda r: r.index)


def timed_game(game: str, spec: str, seed: int, index: int) -> tuple[MatchResult, list[float],
                                                                      list[float]]:
    """One game of ``spec`` in every seat: its result and every move's CPU and wall time."""
    ruleset = get_ruleset(game)
    state = ruleset.new_game(PLAYERS, seed)
    bots = [make_bot(spec, game, seed, s) for s in range(PLAYERS)]
    cpu: list[float] = []
    wall: list[float] = []
    thinking = [0.0] * PLAYERS
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
            continue
        c0, w0 = time.thread_time(), time.perf_counter()
        action = bots[player].choose(Observation(state, player))
        c1, w1 = time.thread_time(), time.perf_counter()
        cpu.append(c1 - c0)
        wall.append(w1 - w0)
        thinking[player] += w1 - w0
        state.apply(action)
    returns = [float(r) for r in state.returns()]
    score = state.score_breakdown()
    totals, _ = final_totals(score, returns, PLAYERS)
    result = MatchResult(index, seed, 0, [spec] * PLAYERS, returns=returns,
                         totals=[float(t) for t in totals], winners=winners(returns),
                         score=score, record=state.record.to_dict(),
                         actions=len(state.history), thinking=[round(t, 4) for t in thinking])
    return result, cpu, wall


def run_hard(game: str, spec: str, games: int, seed: int, path: Path, resume: bool) -> tuple[
        list[MatchResult], float, float]:
    """Games of ``spec`` in every seat; returns them with the longest move's CPU and wall
    time."""
    old = {r.index: r for r in load(path) if r.ok} if resume else {}
    times_path = path.with_suffix(".times.json")
    times: dict[str, list[float]] = {}
    if resume and times_path.exists():
        times = json.loads(times_path.read_text(encoding="utf-8"))
    results = list(old.values())
    mode = "a" if resume and old else "w"
    with path.open(mode, encoding="utf-8") as handle:
        for index in range(games):
            if index in old:
                continue
            result, cpu, wall = timed_game(game, spec, seed + index, index)
            handle.write(json.dumps(result.to_json()) + "\n")
            handle.flush()
            times[str(index)] = [max(cpu, default=0.0), max(wall, default=0.0)]
            times_path.write_text(json.dumps(times), encoding="utf-8")
            results.append(result)
            print(f"  {game} all-hard game {index} seed {seed + index}: {result.totals}; "
                  f"longest move {max(cpu):.2f} s CPU, {max(wall):.2f} s wall", flush=True)
    longest_cpu = max((t[0] for t in times.values()), default=0.0)
    longest_wall = max((t[1] for t in times.values()), default=0.0)
    return sorted(results, key=lambda r: r.index), longest_cpu, longest_wall


def head_to_head(results: list[MatchResult]) -> dict[tuple[str, str], list[float]]:
    """(a, b) -> [games a finished ahead of b (level: 1/2), games both played]."""
    out: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for r in results:
        if not r.ok or r.returns is None or r.totals is None:
            continue
        for a in range(PLAYERS):
            for b in range(PLAYERS):
                if r.seats[a] == r.seats[b]:
                    continue
                ka, kb = (r.returns[a], r.totals[a]), (r.returns[b], r.totals[b])
                tally = out[(r.seats[a], r.seats[b])]
                tally[0] += 1.0 if ka > kb else 0.5 if ka == kb else 0.0
                tally[1] += 1
    return out


def categories(results: list[MatchResult]) -> dict[str, dict[str, float]]:
    """Mean points by scoring category (and the total) for every bot."""
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    counts: dict[str, int] = defaultdict(int)
    for r in results:
        if not r.ok or r.totals is None:
            continue
        for s, parts in enumerate(score_categories(r.score, PLAYERS)):
            bot = r.seats[s]
            counts[bot] += 1
            for key, value in parts.items():
                sums[bot][key] += value
            sums[bot]["total"] += r.totals[s]
    return {bot: {k: v / counts[bot] for k, v in parts.items()} for bot, parts in sums.items()}


def report_pairs(title: str, results: list[MatchResult]) -> list[str]:
    lines = [title]
    for (a, b), (ahead, n) in sorted(head_to_head(results).items()):
        lo, hi = wilson(ahead, int(n))
        lines.append(f"  {a:<26} ahead of {b:<26} {ahead:5.1f}/{int(n):<3} "
                     f"{100 * ahead / n:5.1f}%  (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
    return lines


def report_categories(results: list[MatchResult]) -> list[str]:
    table = categories(results)
    keys = sorted({k for parts in table.values() for k in parts if k != "total"})
    lines = ["  mean points by category:"]
    for bot, parts in sorted(table.items()):
        cells = ", ".join(f"{k} {parts.get(k, 0.0):.1f}" for k in keys)
        lines.append(f"    {bot:<26} total {parts['total']:.1f}: {cells}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--ladder", type=int, help="games of the ladder run [12]")
    parser.add_argument("--today", type=int, help="games against ismcts [12]")
    parser.add_argument("--hard", type=int, help="all-hard games [3]")
    parser.add_argument("--quick", action="store_true",
                        help="smoke check: few games, a tenth of the time budgets")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--out", default="strength")
    parser.add_argument("--resume", action="store_true")
    args = parser.parse_args(argv)
    counts = QUICK_GAMES if args.quick else DEFAULT_GAMES
    for run, count in counts.items():
        if getattr(args, run) is None:
            setattr(args, run, count)
    ladder_bots = QUICK_LADDER if args.quick else LADDER
    today_bots = QUICK_TODAY if args.quick else TODAY
    hard_bot = QUICK_HARD if args.quick else HARD
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    report: list[str] = []
    for game in args.games:
        start = time.process_time()
        lines = [f"== {game} (ruleset version {get_ruleset(game).version}), seeds from "
                 f"{args.seed}"]
        if args.ladder:
            ladder = run_lineup(game, ladder_bots, args.ladder, args.seed,
                                out / f"{game}-ladder.jsonl", args.resume)
            lines += report_pairs(f" ladder, {len(ladder)} games:", ladder)
            lines += report_categories(ladder)
        if args.today:
            today = run_lineup(game, today_bots, args.today, args.seed, out / f"{game}-today.jsonl",
                               args.resume)
            lines += report_pairs(f" against today's bots, {len(today)} games:", today)
            lines += report_categories(today)
        if args.hard:
            hard, cpu, wall = run_hard(game, hard_bot, args.hard, args.seed,
                                       out / f"{game}-hard.jsonl", args.resume)
            totals = [t for r in hard if r.totals for t in r.totals]
            mean = sum(totals) / len(totals) if totals else 0.0
            lines.append(f" all {hard_bot}, {len(hard)} games: {mean:.1f} points per seat; longest "
                         f"move {cpu:.2f} s CPU ({wall:.2f} s wall)")
            lines += report_categories(hard)
        lines.append(f" ({time.process_time() - start:.0f} s CPU)")
        print("\n".join(lines), flush=True)
        report += lines
    (out / "report.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
