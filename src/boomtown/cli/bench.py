"""``boomtown bench``: how fast a game plays, per player count, on one core.

Three figures, each the median of several timed runs:

- actions/s: random play, one step after another (a decision lists ``legal_actions()``
  and applies one of them; a chance point applies ``sample_chance()``; both count).
  Starting the next game when one ends is part of the timed loop.
- games/s: complete random games, from ``new_game`` to the end.
- clones/s: ``clone()`` of states sampled evenly along one random game.

Time is the CPU time of this process (:data:`clock`), not the wall clock: on a shared
machine another job's load then barely moves the figures, and "per second" means per
second of one core.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import process_time
from typing import Any

from boomtown.cli.simulate import bot_rng, play_random_game, random_step
from boomtown.engine import Ruleset, State

ACTIONS_GOAL = 50_000
"""Random-play actions per second on one core."""

CLONES_GOAL = 100_000
"""Clones per second on one core."""

clock = process_time
"""The benchmarks' clock: CPU seconds of this process (one core's work)."""

CHECK_EVERY = 32
"""Steps between two readings of the clock (reading the CPU clock costs a system call)."""

CLONE_SAMPLES = 64
"""How many states along a game are cloned in turn."""


@dataclass(frozen=True)
class BenchRow:
    """The medians for one player count."""

    players: int
    actions_per_second: float
    games_per_second: float
    clones_per_second: float
    actions_per_game: float


def actions_per_second(
    ruleset: Ruleset, players: int, options: Any, seed: int, seconds: float
) -> float:
    """Random-play actions per second over about ``seconds``."""
    game_seed = seed
    state = ruleset.new_game(players, game_seed, options)
    rng = bot_rng(game_seed)
    count = 0
    start = now = clock()
    deadline = start + seconds
    while now < deadline:
        for _ in range(CHECK_EVERY):
            if state.is_terminal():
                game_seed += 1
                state = ruleset.new_game(players, game_seed, options)
            random_step(state, rng)
        count += CHECK_EVERY
        now = clock()
    return count / (now - start)


def games_per_second(
    ruleset: Ruleset, players: int, options: Any, seed: int, seconds: float
) -> tuple[float, float]:
    """Complete random games per second (at least one game), and actions per game."""
    games = actions = 0
    start = clock()
    while True:
        state = play_random_game(ruleset, players, seed + games, options)
        games += 1
        actions += len(state.history)
        elapsed = clock() - start
        if elapsed >= seconds:
            return games / elapsed, actions / games


def sample_states(
    ruleset: Ruleset, players: int, options: Any, seed: int, count: int = CLONE_SAMPLES
) -> list[State]:
    """Copies of ``count`` states taken evenly along one random game (start and end included)."""
    actions = play_random_game(ruleset, players, seed, options).history
    wanted = {round(i * len(actions) / max(count - 1, 1)) for i in range(count)}
    state = ruleset.new_game(players, seed, options)
    samples = [state.clone()] if 0 in wanted else []
    for step, aid in enumerate(actions, start=1):
        state.apply(aid)
        if step in wanted:
            samples.append(state.clone())
    return samples


def clones_per_second(
    ruleset: Ruleset, players: int, options: Any, seed: int, seconds: float
) -> float:
    """``clone()`` calls per second over about ``seconds``."""
    states = sample_states(ruleset, players, options, seed)
    count = 0
    start = clock()
    while True:
        for state in states:
            state.clone()
        count += len(states)
        elapsed = clock() - start
        if elapsed >= seconds:
            return count / elapsed


def bench_players(
    ruleset: Ruleset, players: int, options: Any, runs: int, seconds: float, seed: int = 0
) -> BenchRow:
    """Median figures over ``runs`` runs; run ``r`` plays from seed ``seed + 1000 * r``."""
    ruleset.check_players(players)
    actions, games, clones, lengths = [], [], [], []
    for run in range(runs):
        run_seed = seed + 1000 * run
        actions.append(actions_per_second(ruleset, players, options, run_seed, seconds))
        per_second, per_game = games_per_second(ruleset, players, options, run_seed, seconds)
        games.append(per_second)
        lengths.append(per_game)
        clones.append(clones_per_second(ruleset, players, options, run_seed, seconds))
    return BenchRow(
        players,
        statistics.median(actions),
        statistics.median(games),
        statistics.median(clones),
        statistics.median(lengths),
    )


def _mark(value: float, goal: int) -> str:
    return "pass" if value >= goal else "FAIL"


COLUMNS = ("players", "actions/s", "goal", "games/s", "clones/s", "goal", "actions/game")
WIDTHS = (7, 11, 4, 9, 11, 4, 12)


def _line(cells: Sequence[str]) -> str:
    return "  ".join(
        c.ljust(w) if i == 0 else c.rjust(w)
        for i, (c, w) in enumerate(zip(cells, WIDTHS, strict=True))
    ).rstrip()


def table_header() -> str:
    return _line(COLUMNS)


def table_row(row: BenchRow) -> str:
    return _line(
        [
            str(row.players),
            f"{row.actions_per_second:,.0f}",
            _mark(row.actions_per_second, ACTIONS_GOAL),
            f"{row.games_per_second:,.2f}",
            f"{row.clones_per_second:,.0f}",
            _mark(row.clones_per_second, CLONES_GOAL),
            f"{row.actions_per_game:,.0f}",
        ]
    )


def machine_line() -> str:
    """The interpreter (its build matters: see the README's figures) and the platform."""
    return (
        f"{platform.python_implementation()} {platform.python_version()} "
        f"({os.path.realpath(sys.executable)}) on "
        f"{platform.system()} {platform.machine()}, one process, one core"
    )


def goal_lines(rows: Sequence[BenchRow]) -> list[str]:
    """One line per goal: pass when every measured player count reaches it."""
    lines = []
    goals: tuple[tuple[str, int, Callable[[BenchRow], float]], ...] = (
        ("actions/s", ACTIONS_GOAL, lambda r: r.actions_per_second),
        ("clones/s", CLONES_GOAL, lambda r: r.clones_per_second),
    )
    for label, goal, value in goals:
        short = [r for r in rows if value(r) < goal]
        if short:
            where = ", ".join(f"{r.players} players ({value(r):,.0f})" for r in short)
            lines.append(f"  FAIL  {label} >= {goal:,}: short at {where}")
        else:
            lines.append(f"  pass  {label} >= {goal:,} for every player count")
    return lines


def runs_note(runs: int, seconds: float) -> str:
    return f"median of {runs} run{'s' if runs != 1 else ''} of about {seconds:g} s per figure"
