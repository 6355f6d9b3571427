"""Fit a game's value weights (the ladder's expected final score) on self-play games.

``python benchmarks/train_values.py GAME [--games N] [--seed S] [--iterations I]
[--opponent SPEC] [--rounds R] [--workers W] [--ridge X] [--keep NAME,...] [--write]``

The ladder's knowledge of a game (``boomtown.bots.knowledge.LinearKnowledge``) estimates a
seat's final score as its points now plus a weighted sum of features of its position. This
script fits those weights to what positions were really worth in games:

1. it plays ``--games`` three-player games, seeds from ``--seed``: every seat the ladder's
   ``hard`` search (its game's shape) with ``--iterations`` a decision and the round's
   weights (the first round: the knowledge's hand-made ones, whatever is shipped), except
   one seat (turning with the seed) played by ``--opponent`` when given (the bots the
   ladder is measured against, so that the positions are the ones that meet them);
2. at every change of the seat to move it records every seat's features and points now,
   and at the end the final scores: the target is the points each seat still scored;
3. it fits the weights by ridge regression on those rows, pulled toward the round's weights
   (``--ridge`` per row, on features scaled to their mean size). The features named by
   ``--keep`` keep their weights: a clock term (the time left) that a seat can move by
   delaying the game would otherwise be fitted a positive weight, and a search that
   maximises the estimate would stall to collect it.

With ``--rounds R`` it repeats that R times, each round playing with the weights of the last
(policy iteration: a round sees the positions the new weights lead to). ``--write`` stores
the result in ``src/boomtown/bots/value_weights.py`` with the command line that produced it;
from then on the ladder uses them (docs/bots.md, "Issue 17, twelfth pass").

Deterministic for the same arguments, whatever ``--workers``: the same games, rows and
weights. Needs numpy. CPU: ``--workers`` processes (default 2); run it under ``nice``.
"""

from __future__ import annotations

import argparse
import pprint
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from statistics import mean
from typing import Any

from boomtown.bots.base import Observation
from boomtown.bots.knowledge import LinearKnowledge, knowledge_for
from boomtown.bots.ladder import FITTED, level_parameters
from boomtown.bots.registry import make_bot
from boomtown.bots.search import SearchBot
from boomtown.engine import CHANCE, get_ruleset

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "src/boomtown/bots/value_weights.py"
#: Ridge strength per row (pulls each weight toward its current value).
RIDGE = 0.02
#: Players of the training games.
PLAYERS = 3

#: One game to play: (game, weights, seed, iterations, opponent spec or "").
Job = tuple[str, tuple[float, ...], int, int, str]


def knowledge_with(game: str, weights: tuple[float, ...]) -> LinearKnowledge:
    """``game``'s knowledge with ``weights``."""
    base = knowledge_for(game)
    assert isinstance(base, LinearKnowledge)  # main() checked
    return type(base)(game, weights)


def search_bot(knowledge: LinearKnowledge, iterations: int, rng: random.Random) -> SearchBot:
    """The ladder's ``hard`` search with ``knowledge``, ``iterations`` a decision."""
    params = level_parameters("hard", knowledge.game)
    params.pop("bot")
    params.pop(FITTED)  # the weights are the round's, in ``knowledge``
    params.update(iterations=iterations, seconds=None)
    return SearchBot(rng, knowledge, name="train", **params)


def play(job: Job) -> tuple[list[list[float]], list[float], int]:
    """One game: (rows of features + [target], final scores, the opponent's seat or -1)."""
    game, weights, seed, iterations, opponent = job
    state = get_ruleset(game).new_game(PLAYERS, seed)
    knowledge = knowledge_with(game, weights)
    rng = random.Random(f"train:{game}:{seed}")
    other = seed % PLAYERS if opponent else -1
    bots = [make_bot(opponent, game, seed, s) if s == other
            else search_bot(knowledge, iterations, random.Random(rng.getrandbits(64)))
            for s in range(PLAYERS)]
    samples: list[tuple[int, float, list[float]]] = []
    last = None
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
            continue
        if player != last:
            points, features = knowledge.all_features(state, player)
            samples += [(s, points[s], features[s]) for s in range(PLAYERS)]
            last = player
        state.apply(bots[player].choose(Observation(state, player)))
    finals = knowledge.final_totals(state)
    rows = [[*features, finals[s] - points] for s, points, features in samples]
    return rows, finals, other


def fit(rows: list[list[float]], prior: tuple[float, ...], ridge: float,
        keep: frozenset[int] = frozenset()) -> list[float]:
    """Ridge regression of the last column on the others, pulled toward ``prior``; the
    columns in ``keep`` keep their ``prior`` weights.

    >>> rows = [[1.0, 2.0, 3.0 + 5.0 * 2.0], [2.0, 1.0, 6.0 + 5.0], [0.0, 1.0, 5.0]]
    >>> [round(w, 2) for w in fit(rows, (0.0, 5.0), 0.0, keep=frozenset({1}))]
      fit on 3 rows: rms error 0.00 (current weights 3.87)
    [3.0, 5.0]
    """
    import numpy as np

    data = np.asarray(rows, dtype=float)
    weights = np.asarray(prior, dtype=float)
    kept = sorted(keep)
    free = [i for i in range(len(prior)) if i not in keep]
    # the kept columns' share of the target is fixed; the free ones are fitted to the rest
    x, y = data[:, free], data[:, -1] - data[:, kept] @ weights[kept]
    scale = np.maximum(np.abs(x).mean(axis=0), 1e-6)  # ridge on a common scale
    xs = x / scale
    w0 = weights[free] * scale
    lam = ridge * len(rows)
    a = xs.T @ xs + lam * np.eye(xs.shape[1])
    b = xs.T @ y + lam * w0
    ws = np.linalg.solve(a, b)
    resid = float(np.sqrt(np.mean((y - xs @ ws) ** 2)))
    base = float(np.sqrt(np.mean((y - xs @ w0) ** 2)))
    print(f"  fit on {len(rows)} rows: rms error {resid:.2f} (current weights {base:.2f})")
    weights[free] = ws / scale
    return [float(w) for w in weights]


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
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--opponent", default="", help="a bot spec for one seat a game")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=RIDGE)
    parser.add_argument("--keep", default="",
                        help="comma-separated features whose weights are not fitted")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    base = knowledge_for(args.game)
    if not isinstance(base, LinearKnowledge):
        raise SystemExit(f"{args.game} has no linear value model")
    # from the hand-made weights, whatever is shipped: the same command, the same result
    names, weights = base.feature_names, base.default_weights
    kept_names = [n.strip() for n in args.keep.split(",") if n.strip()]
    unknown = [n for n in kept_names if n not in names]
    if unknown:
        raise SystemExit(f"--keep: no feature {', '.join(map(repr, unknown))} in {args.game}; "
                         f"its features: {', '.join(names)}")
    keep = frozenset(names.index(n) for n in kept_names)
    with Pool(args.workers) as pool:
        for r in range(args.rounds):
            start = time.time()
            jobs = [(args.game, weights, args.seed + r * args.games + g, args.iterations,
                     args.opponent) for g in range(args.games)]
            rows: list[list[float]] = []
            scores: list[float] = []
            ahead = 0.0
            for more, finals, other in pool.imap(play, jobs):
                rows += more
                scores += finals
                if other >= 0:
                    mine = [f for s, f in enumerate(finals) if s != other]
                    ahead += mean(1.0 if f > finals[other] else 0.5 if f == finals[other]
                                  else 0.0 for f in mine)
            line = f"round {r + 1}: {args.games} games, mean final score {mean(scores):.1f}"
            if args.opponent:
                line += f", a search seat ahead of {args.opponent} in {ahead / args.games:.0%}"
            print(f"{line}, {time.time() - start:.0f} s")
            fitted = fit(rows, weights, args.ridge, keep)
            for name, old, new in zip(names, weights, fitted, strict=True):
                print(f"    {name:<44} {old:9.4f} -> {new:9.4f}")
            weights = tuple(fitted)
    if args.write:
        write(args.game, names, list(weights),
              "python benchmarks/train_values.py " + " ".join(sys.argv[1:] if argv is None
                                                              else argv))


if __name__ == "__main__":
    main()
