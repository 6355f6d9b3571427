"""Train a MaskablePPO agent on every game and evaluate it over fixed seeds.

``python scripts/train_maskable_ppo.py [--steps N] [--envs E] [--eval-games G]
[--heuristic-games H] [GAME ...]`` (needs the ``rl`` extra, which has ``sb3-contrib``).

For each game at its smallest player count, one seat (seat 0) learns against uniformly random
opponents through the batched environment (:mod:`boomtown.rl.sb3`), with the zero-sum
``"win"`` rewards (+1 a win; a loss -1 / (players - 1)). Then the trained policy (its most
likely legal action) plays seat 0 of fixed seeds against random and against the ``heuristic``
bot, and so does a uniformly random agent on the same seeds, as the baseline. It prints one
table; docs/rl.md shows its output. Torch is kept to one thread (the machine is shared).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO  # type: ignore[import-untyped]
from stable_baselines3.common.vec_env import VecMonitor  # type: ignore[import-untyped]

from boomtown.engine import get_ruleset, list_rulesets
from boomtown.rl.gymnasium import BoomtownEnv
from boomtown.rl.sb3 import vec_env
from boomtown.rl.stamp import commit_stamp

EVAL_SEED = 1_000_000  # evaluation games are never training games


def evaluate(game: str, players: int, opponents: str, games: int,
             policy: Any | None) -> float:
    """Seat 0's win share (ties count as shared wins, as the game's returns say) over
    ``games`` fixed seeds; ``policy`` None plays uniformly at random."""
    env = BoomtownEnv(game, players, seat=0, opponents=opponents, obs_format="vector")
    rng = random.Random(0)
    won = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + g)
        done = False
        info: dict[str, Any] = {}
        while not done:
            mask = env.action_masks()
            if policy is None:
                action = rng.choice(np.flatnonzero(mask).tolist())
            else:
                action, _ = policy.predict(obs, action_masks=mask, deterministic=True)
            obs, _, done, _, info = env.step(int(action))
        won += info["returns"][0] / max(1.0, sum(info["returns"]))
    return won / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: all)")
    parser.add_argument("--steps", type=int, default=60_000, help="training steps per game")
    parser.add_argument("--envs", type=int, default=8, help="games stepped together")
    parser.add_argument("--eval-games", type=int, default=100, help="games against random")
    parser.add_argument("--heuristic-games", type=int, default=20,
                        help="games against the heuristic bot")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    print(f"commit {commit_stamp()}: MaskablePPO, {args.steps:,} steps per game, "
          f"{args.envs} games stepped together", flush=True)
    rows = []
    for game in args.games or list_rulesets():
        players = get_ruleset(game).player_counts[0]
        env = VecMonitor(vec_env(game, players, num_envs=args.envs, rewards="win"))
        model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=256, n_epochs=4,
                            learning_rate=3e-4, gamma=0.999, ent_coef=0.01, seed=0,
                            device="cpu", verbose=0)
        env.seed(0)
        start = time.perf_counter()
        model.learn(total_timesteps=args.steps)
        minutes = (time.perf_counter() - start) / 60
        episodes = len(env.episode_returns) if hasattr(env, "episode_returns") else 0
        row = {"game": game, "players": players, "steps": args.steps, "minutes": minutes,
               "episodes": episodes}
        for name, games in (("random", args.eval_games), ("heuristic", args.heuristic_games)):
            row[name] = evaluate(game, players, name, games, model)
            row[f"{name}_baseline"] = evaluate(game, players, name, games, None)
        rows.append(row)
        print(f"{game}: trained {args.steps} steps in {minutes:.1f} min", flush=True)
    print()
    print(f"seat 0 win share, MaskablePPO vs a uniformly random agent on the same seats and "
          f"seeds ({args.eval_games} games against random, {args.heuristic_games} against "
          f"heuristic)")
    print(f"  {'game':<22}{'players':>8}{'steps':>9}{'minutes':>9}"
          f"{'vs random':>18}{'vs heuristic':>18}")
    for r in rows:
        print(f"  {r['game']:<22}{r['players']:>8}{r['steps']:>9,}{r['minutes']:>9.1f}"
              f"{r['random']:>10.2f} ({r['random_baseline']:.2f})"
              f"{r['heuristic']:>10.2f} ({r['heuristic_baseline']:.2f})")


if __name__ == "__main__":
    main()
