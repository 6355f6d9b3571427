"""ISMCTS iterations per second, per game and player count, on one core.

``python benchmarks/ismcts_bench.py [GAME ...] [--iterations N] [--positions P] [--depth D]``

For each player count the search runs ``N`` iterations from each of ``P`` positions taken
evenly along a seeded random game (decisions with a single legal action are skipped); the
figure is total iterations over total time. Goal: 1,000 iterations/s on one core.
"""

from __future__ import annotations

import argparse
import inspect
import platform
import random

from boomtown.bots import IsmctsBot, Observation, evaluation_for
from boomtown.cli.bench import clock
from boomtown.engine import CHANCE, State, get_ruleset, list_rulesets

GOAL = 1_000
DEFAULT_DEPTH: int = inspect.signature(IsmctsBot).parameters["depth"].default


def positions(game: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` decision points with a choice, evenly spaced along one random game."""
    ruleset = get_ruleset(game)
    state = ruleset.new_game(players, seed)
    rng = random.Random(seed)
    found: list[State] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        state.apply(rng.choice(legal))
    step = max(1, len(found) // count)
    return found[::step][:count]


def iterations_per_second(
    game: str, players: int, iterations: int, count: int, depth: int, seed: int = 0
) -> float:
    total = 0
    elapsed = 0.0
    for k, state in enumerate(positions(game, players, count, seed)):
        seat = state.current_player
        bot = IsmctsBot(random.Random(k), evaluation_for(game), iterations=iterations, depth=depth)
        start = clock()
        bot.search(Observation(state, seat))
        elapsed += clock() - start
        total += bot.last_iterations
    return total / elapsed if elapsed else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games [default: every registered game]")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    args = parser.parse_args(argv)
    games = args.games or list_rulesets()
    print(
        f"ISMCTS: {args.iterations} iterations from {args.positions} positions per player "
        f"count, rollout depth {args.depth}; {platform.python_implementation()} "
        f"{platform.python_version()} on {platform.machine()}, one process"
    )
    print(f"{'game':<22} {'players':>7} {'iterations/s':>13}  goal {GOAL:,}")
    for game in games:
        for players in get_ruleset(game).player_counts:
            rate = iterations_per_second(game, players, args.iterations, args.positions, args.depth)
            mark = "pass" if rate >= GOAL else "FAIL"
            print(f"{game:<22} {players:>7} {rate:>13,.0f}  {mark}")


if __name__ == "__main__":
    main()
