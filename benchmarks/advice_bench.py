"""How long advice takes on this machine: a hint at its default budget, a whole-game review.

For each game, one game is played by the ladder's ``easy`` bots (a plausible game: neither
random nor slow to make). Then:

- **hint**: :func:`boomtown.bots.advice.hint` with its defaults (the hard search, one second
  of CPU time, three moves measured on six determinizations) at ``--hints`` decisions with a
  real choice, taken evenly along the game; the median and the largest CPU and wall time, and
  the search's iterations;
- **review**: :func:`boomtown.bots.advice.review` of every seat of the whole game with its
  defaults (200 iterations a decision, six determinizations a move); its CPU and wall time,
  the decisions reviewed and the time per decision.

Time is CPU time of this process (``time.process_time``, what a loaded machine does not
stretch) and wall time. Run it niced on a shared machine::

    nice -n 10 .venv/bin/python benchmarks/advice_bench.py            # all three games
    nice -n 10 .venv/bin/python benchmarks/advice_bench.py -g way-out-west --hints 3

It prints a Markdown table (docs/advice.md quotes it) stamped with the commit measured.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from boomtown import CHANCE, State, new_game  # noqa: E402
from boomtown.bots.advice import hint, review  # noqa: E402
from boomtown.bots.base import Observation  # noqa: E402
from boomtown.bots.ladder import make_level  # noqa: E402
from boomtown.cli.bench import machine_line  # noqa: E402
from boomtown.engine import replay  # noqa: E402

#: The games measured and their player counts.
GAMES = (("western-town", 3), ("way-out-west", 3), ("great-western-trail", 3))
#: Hints measured per game, by default.
HINTS = 5
#: The level whose bots play the measured game.
PLAYERS_LEVEL = "easy"


@dataclass
class Figures:
    game: str
    players: int
    plies: int
    hint_cpu_median: float
    hint_cpu_max: float
    hint_wall_median: float
    hint_iterations_median: float
    review_cpu: float
    review_wall: float
    review_decisions: int

    @property
    def per_decision_ms(self) -> float:
        return 1000 * self.review_cpu / max(1, self.review_decisions)


def play(game: str, players: int, seed: int) -> State:
    """A game of the ladder's easy bots (chance by the game's own stream)."""
    state = new_game(game, players, seed=seed)
    bots = [make_level(PLAYERS_LEVEL, game, random.Random(f"bench:{seed}:{s}"), {},
                       PLAYERS_LEVEL) for s in range(players)]
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(bots[seat].choose(Observation(state, seat)))
    return state


def choice_plies(state: State, count: int) -> list[int]:
    """``count`` plies, evenly along the game, where a seat had more than one choice."""
    probe = replay(state.record, 0)
    plies = []
    for ply, aid in enumerate(state.history):
        if probe.current_player >= 0 and len(probe.legal_action_ids()) > 1:
            plies.append(ply)
        probe.apply(aid)
    if len(plies) <= count:
        return plies
    step = len(plies) / count
    return [plies[int(i * step)] for i in range(count)]


def measure(game: str, players: int, seed: int, hints: int) -> Figures:
    state = play(game, players, seed)
    record = state.record
    cpu, wall, iterations = [], [], []
    for ply in choice_plies(state, hints):
        position = replay(record, ply)
        obs = Observation(position, position.current_player)
        c0, w0 = time.process_time(), time.perf_counter()
        advice = hint(obs, decision_index=ply)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        iterations.append(advice.iterations)
    c0, w0 = time.process_time(), time.perf_counter()
    result = review(record)
    review_cpu, review_wall = time.process_time() - c0, time.perf_counter() - w0
    return Figures(
        game, players, len(record.actions),
        statistics.median(cpu), max(cpu), statistics.median(wall),
        statistics.median(iterations), review_cpu, review_wall,
        sum(s.decisions for s in result.seats),
    )


def commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--",
                                "src/boomtown/bots"], capture_output=True, text=True)
        return out.stdout.strip() + (" (bots/ with uncommitted changes)"
                                     if dirty.stdout.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def table(rows: list[Figures]) -> list[str]:
    lines = [
        "| game | players | plies | hint CPU s (median / max) | hint wall s | hint iterations "
        "| review CPU s | review wall s | decisions | ms a decision |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.game} | {r.players} | {r.plies} | {r.hint_cpu_median:.2f} / "
            f"{r.hint_cpu_max:.2f} | {r.hint_wall_median:.2f} | {r.hint_iterations_median:.0f} "
            f"| {r.review_cpu:.1f} | {r.review_wall:.1f} | {r.review_decisions} "
            f"| {r.per_decision_ms:.0f} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-g", "--game", action="append", help="A game to measure (repeatable).")
    parser.add_argument("--hints", type=int, default=HINTS, help="Hints measured per game.")
    parser.add_argument("-s", "--seed", type=int, default=1, help="Seed of the measured games.")
    parser.add_argument("--json", help="Also write the figures here.")
    args = parser.parse_args(argv)
    games = [(g, n) for g, n in GAMES if args.game is None or g in args.game]
    print(f"advice benchmark at commit {commit()}; {machine_line()}")
    rows = []
    for game, players in games:
        row = measure(game, players, args.seed, args.hints)
        rows.append(row)
        print(f"  {game}: done", file=sys.stderr)
    for line in table(rows):
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in rows], indent=1) + "\n",
                                   encoding="utf-8")


if __name__ == "__main__":
    main()
