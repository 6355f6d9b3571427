"""Fit a game's value model (the ladder's expected final score) on self-play games.

``python benchmarks/train_values.py GAME [--games N] [--seed S] [--iterations I]
[--noise X] [--rounds R] [--write]``

The ladder's knowledge of a game (``boomtown.bots.knowledge.LinearKnowledge``) estimates a
seat's final score as its points now plus a weighted sum of features of its position. This
script plays ``--games`` three-player games (four for Western Town's double duel is not
used) between search bots (``search`` with ``--iterations`` per decision, one turn deep),
each seat's weights the current ones times a random factor ``exp(N(0, noise))`` per weight
(so that the games show positions of many strategies), records every seat's features at
the start of each turn, and fits the weights by ridge regression of the points each seat
still scored (final score minus points then), pulled toward the current weights. With
``--rounds R`` it repeats that R times, each round playing with the weights of the last.
``--write`` stores the result in ``src/boomtown/bots/value_weights.py`` (the weights the
ladder uses), with the command line that produced it.

Deterministic: the same arguments give the same games and weights. Needs numpy (the ``rl``
extra). CPU: one process; run it under ``nice``.
"""

from __future__ import annotations

import argparse
import math
import pprint
import random
import sys
import time
from pathlib import Path
from typing import Any

from boomtown.bots.base import Observation
from boomtown.bots.knowledge import LinearKnowledge, knowledge_for
from boomtown.bots.search import SearchBot
from boomtown.engine import CHANCE, get_ruleset

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "src/boomtown/bots/value_weights.py"
#: Ridge strength per sample (pulls each weight toward its current value).
RIDGE = 0.02
#: Players of the training games.
PLAYERS = 3


def perturbed(knowledge: LinearKnowledge, noise: float, rng: random.Random) -> LinearKnowledge:
    """A copy of ``knowledge`` whose weights are each scaled by ``exp(N(0, noise))``."""
    weights = [w * math.exp(rng.gauss(0.0, noise)) for w in knowledge.weights]
    return type(knowledge)(knowledge.game, weights)


def play(game: str, knowledge: LinearKnowledge, seed: int, iterations: int,
         noise: float) -> tuple[list[list[float]], list[float]]:
    """One self-play game: (rows of features + [target], final scores)."""
    ruleset = get_ruleset(game)
    state = ruleset.new_game(PLAYERS, seed)
    rng = random.Random(f"train:{game}:{seed}")
    bots = [
        SearchBot(random.Random(rng.getrandbits(64)), perturbed(knowledge, noise, rng),
                  iterations=iterations, seconds=None, plies=0, name="train")
        for _ in range(PLAYERS)
    ]
    samples: list[tuple[int, float, list[float]]] = []
    last = None
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
            continue
        if player != last:  # a turn starts: every seat's features
            for s in range(PLAYERS):
                points, features = knowledge.seat_features(state, s, s)
                samples.append((s, points, features))
            last = player
        state.apply(bots[player].choose(Observation(state, player)))
    finals = knowledge.final_totals(state)
    rows = [[*features, finals[s] - points] for s, points, features in samples]
    return rows, finals


def fit(rows: list[list[float]], prior: tuple[float, ...]) -> list[float]:
    """Ridge regression of the last column on the others, pulled toward ``prior``."""
    import numpy as np

    data = np.asarray(rows, dtype=float)
    x, y = data[:, :-1], data[:, -1]
    scale = np.maximum(np.abs(x).mean(axis=0), 1e-6)  # ridge on a common scale
    xs = x / scale
    w0 = np.asarray(prior) * scale
    lam = RIDGE * len(rows)
    a = xs.T @ xs + lam * np.eye(xs.shape[1])
    b = xs.T @ y + lam * w0
    ws = np.linalg.solve(a, b)
    pred = xs @ ws
    resid = float(np.sqrt(np.mean((y - pred) ** 2)))
    base = float(np.sqrt(np.mean((y - xs @ w0) ** 2)))
    print(f"  fit on {len(rows)} samples: rms error {resid:.2f} (current weights {base:.2f})")
    return [float(w) for w in ws / scale]


def write(game: str, names: tuple[str, ...], weights: list[float], command: str) -> None:
    from boomtown.bots.value_weights import WEIGHTS

    table: dict[str, Any] = dict(WEIGHTS)
    table[game] = {
        "command": command,
        "features": list(names),
        "weights": [round(w, 5) for w in weights],
    }
    text = WEIGHTS_FILE.read_text(encoding="utf-8")
    head = text[: text.index("WEIGHTS: dict")]
    body = pprint.pformat(table, width=92, sort_dicts=True)
    indented = "\n".join(f"    {line}" for line in body.splitlines())
    WEIGHTS_FILE.write_text(f"{head}WEIGHTS: dict[str, dict[str, Any]] = (\n{indented}\n)\n",
                            encoding="utf-8")
    print(f"wrote {WEIGHTS_FILE}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--noise", type=float, default=0.4)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    base = knowledge_for(args.game)
    if not isinstance(base, LinearKnowledge):
        raise SystemExit(f"{args.game} has no linear value model")
    knowledge: LinearKnowledge = base
    for r in range(args.rounds):
        start = time.process_time()
        rows: list[list[float]] = []
        scores: list[float] = []
        for g in range(args.games):
            seed = args.seed + r * args.games + g
            more, finals = play(args.game, knowledge, seed, args.iterations, args.noise)
            rows += more
            scores += finals
        mean = sum(scores) / len(scores)
        print(f"round {r + 1}: {args.games} games, mean final score {mean:.1f}, "
              f"{time.process_time() - start:.0f} s CPU")
        weights = fit(rows, knowledge.weights)
        for name, old, new in zip(knowledge.feature_names, knowledge.weights, weights,
                                  strict=True):
            print(f"    {name:<36} {old:9.4f} -> {new:9.4f}")
        knowledge = type(knowledge)(args.game, weights)
    if args.write:
        write(args.game, knowledge.feature_names, list(knowledge.weights),
              "python benchmarks/train_values.py " + " ".join(sys.argv[1:] if argv is None
                                                              else argv))


if __name__ == "__main__":
    main()
