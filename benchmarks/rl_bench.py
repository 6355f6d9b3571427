"""Decisions per second through each RL interface, against the raw engine.

``python benchmarks/rl_bench.py [GAME] [-p PLAYERS] [--seconds S]`` (default: every registered
game at its smallest player count, 3 seconds per line). Every line plays seeded games with
uniformly random legal decisions and counts the decisions made by seats (chance outcomes are
resolved too, but not counted), so the lines compare like with like:

* ``engine``: ``state.apply`` on ids from ``legal_action_ids()``, chance by ``sample_chance()``;
* ``engine + view + encoding``: the same, plus ``view(seat)`` and its fixed-length encoding at
  every decision (what every interface below pays for an observation);
* ``pettingzoo``: ``last()`` (observation with the encoding, mask and JSON view) and ``step``;
* ``pettingzoo, no JSON view``: the same with ``structured_view=False``;
* ``gymnasium``: ``step`` for seat 0, the other seats played by the built-in random opponent
  inside the environment (their decisions count too);
* ``openspiel``: ``legal_actions``/``apply_action`` on the OpenSpiel state, no observation;
* ``openspiel + observation tensor``: the same plus ``observation_tensor(player)``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import numpy as np

from boomtown.engine import CHANCE, get_ruleset, list_rulesets
from boomtown.rl.encoding import encoder_for
from boomtown.rl.gymnasium import BoomtownEnv
from boomtown.rl.openspiel import load_game
from boomtown.rl.pettingzoo import env as aec_env

#: One benchmark: (game, players, deadline) -> decisions made before the deadline.
Runner = Callable[[str, int, float], int]


def engine_run(with_observation: bool) -> Runner:
    def run(game: str, players: int, deadline: float) -> int:
        ruleset = get_ruleset(game)
        layout = encoder_for(game, players) if with_observation else None
        decisions, seed = 0, 0
        while time.perf_counter() < deadline:
            state = ruleset.new_game(players, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                seat = state.current_player
                if seat == CHANCE:
                    state.apply(state.sample_chance())
                    continue
                if layout is not None:
                    layout.encode(state.view(seat))
                legal = state.legal_action_ids()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
            seed += 1
        return decisions

    return run


def pettingzoo_run(structured_view: bool) -> Runner:
    def run(game: str, players: int, deadline: float) -> int:
        e = aec_env(game, players, structured_view=structured_view)
        decisions, seed = 0, 0
        rng = random.Random(0)
        while time.perf_counter() < deadline:
            e.reset(seed=seed)
            for _ in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.randrange(len(legal))]))
                decisions += 1
            seed += 1
        return decisions

    return run


def gymnasium_run(game: str, players: int, deadline: float) -> int:
    opponent_moves = [0]

    def counted_random(legal: Sequence[int], rng: random.Random) -> int:
        opponent_moves[0] += 1  # the built-in uniform random opponent, counted
        return legal[rng.randrange(len(legal))]

    e = BoomtownEnv(game, players, seat=0, opponents=counted_random)
    rng = random.Random(0)
    steps, seed = 0, 0
    while time.perf_counter() < deadline:
        obs, _ = e.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, _ = e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        seed += 1
    return steps + opponent_moves[0]


def openspiel_run(with_tensor: bool) -> Runner:
    def run(game: str, players: int, deadline: float) -> int:
        spiel_game = load_game(game, players)
        rng = random.Random(0)
        decisions = 0
        while time.perf_counter() < deadline:
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    ids, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(ids, weights=probs)[0])
                    continue
                if with_tensor:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return run


BENCHMARKS: list[tuple[str, Runner]] = [
    ("engine", engine_run(False)),
    ("engine + view + encoding", engine_run(True)),
    ("pettingzoo", pettingzoo_run(True)),
    ("pettingzoo, no JSON view", pettingzoo_run(False)),
    ("gymnasium", gymnasium_run),
    ("openspiel", openspiel_run(False)),
    ("openspiel + observation tensor", openspiel_run(True)),
]


def bench(game: str, players: int, seconds: float) -> list[tuple[str, float]]:
    """(name, decisions per second) for every interface. Set-up (layout discovery, OpenSpiel
    registration) happens before the clock starts."""
    encoder_for(game, players)
    load_game(game, players)
    results = []
    for name, runner in BENCHMARKS:
        start = time.perf_counter()
        decisions = runner(game, players, start + seconds)
        results.append((name, decisions / (time.perf_counter() - start)))
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", help="a registered game (default: all)")
    parser.add_argument("-p", "--players", type=int, help="player count (default: smallest)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per line")
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else list_rulesets():
        players = args.players or get_ruleset(game).player_counts[0]
        results = bench(game, players, args.seconds)
        base = results[0][1]
        print(f"{game}, {players} players ({args.seconds:g} s per line)")
        print(f"  {'interface':<32}{'decisions/s':>12}{'vs engine':>11}")
        for name, rate in results:
            print(f"  {name:<32}{rate:>12,.0f}{rate / base:>10.2f}x")


if __name__ == "__main__":
    main()
