"""Side by side, in one run: boomtown and Catanatron (a well-known pure-Python board-game
engine) on random play and copies, plus boomtown's ISMCTS iterations per second.

``python benchmarks/ismcts_vs_catanatron.py [--seconds T] [--runs R]``

Catanatron is a benchmark-only peer (``pip install catanatron``), never a dependency of
boomtown. Figures, each the median of ``R`` runs of about ``T`` seconds on one core:

- actions/s: random four-player Catanatron games (``Game.play_tick()`` with random players)
  and random boomtown games (every allowed player count), chance steps included;
- copies/s: ``Game.copy()`` against ``State.clone()``, on states sampled along one game;
- ratios boomtown / Catanatron. Goals: actions x1.5, copies x2.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from typing import Any

from boomtown.cli.bench import actions_per_second, clock, clones_per_second
from boomtown.engine import get_ruleset, list_rulesets

ACTIONS_RATIO_GOAL = 1.5
COPIES_RATIO_GOAL = 2.0


def catanatron_game(seed: int) -> Any:
    from catanatron import Color, Game, RandomPlayer

    random.seed(seed)
    colours = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    return Game([RandomPlayer(c) for c in colours], seed=seed)


def catanatron_actions_per_second(seconds: float, seed: int) -> float:
    game = catanatron_game(seed)
    count = 0
    start = now = clock()
    while now - start < seconds:
        if game.winning_color() is not None or game.state.num_turns >= 1000:
            seed += 1
            game = catanatron_game(seed)
        game.play_tick()
        count += 1
        now = clock()
    return count / (now - start)


def catanatron_copies_per_second(seconds: float, seed: int, samples: int = 64) -> float:
    game = catanatron_game(seed)
    states = []
    ticks = 0
    while game.winning_color() is None and game.state.num_turns < 1000:
        game.play_tick()
        ticks += 1
        if ticks % 20 == 0:
            states.append(game.copy())
    step = max(1, len(states) // samples)
    states = states[::step][:samples] or [game]
    count = 0
    start = clock()
    while True:
        for state in states:
            state.copy()
        count += len(states)
        elapsed = clock() - start
        if elapsed >= seconds:
            return count / elapsed


def median(runs: int, measure: Any) -> float:
    return statistics.median(measure(1000 * r) for r in range(runs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    try:
        import catanatron  # noqa: F401
    except ImportError:
        print("Catanatron is not installed: pip install catanatron", file=sys.stderr)
        return 2
    t, runs = args.seconds, args.runs
    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.system()} {platform.machine()}, one process; median of {runs} runs of {t:g} s"
    )
    cat_actions = median(runs, lambda s: catanatron_actions_per_second(t, s))
    cat_copies = median(runs, lambda s: catanatron_copies_per_second(t, s))
    print(f"Catanatron (4 players, random): {cat_actions:,.0f} actions/s, "
          f"{cat_copies:,.0f} copies/s")
    print("")
    print(f"{'game':<22} {'players':>7} {'actions/s':>10} {'x':>6} {'clones/s':>10} {'x':>6}")
    for game in list_rulesets():
        ruleset = get_ruleset(game)
        options = ruleset.default_options()
        for players in ruleset.player_counts:
            acts = statistics.median(
                actions_per_second(ruleset, players, options, 1000 * r, t) for r in range(runs)
            )
            clones = statistics.median(
                clones_per_second(ruleset, players, options, 1000 * r, t) for r in range(runs)
            )
            ra, rc = acts / cat_actions, clones / cat_copies
            short_a = "" if ra >= ACTIONS_RATIO_GOAL else "!"
            short_c = "" if rc >= COPIES_RATIO_GOAL else "!"
            print(
                f"{game:<22} {players:>7} {acts:>10,.0f} {ra:>5.1f}{short_a}"
                f" {clones:>10,.0f} {rc:>5.1f}{short_c}"
            )
    print(f"\nGoals: actions x{ACTIONS_RATIO_GOAL:g}, clones x{COPIES_RATIO_GOAL:g} "
          "('!' marks a ratio below its goal)")
    print("ISMCTS iterations/s: python benchmarks/ismcts_bench.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
