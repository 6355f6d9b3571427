"""One seat against the rest: does a change to a game's knowledge weights play better?

``python benchmarks/knowledge_duel.py GAME --set "FEATURE=WEIGHT" [--set ...] [--bot SPEC]
[--games N] [--seed S] [--players P] [--out FILE.jsonl]``

Every seat plays the same bot (``--bot``, default ``hard:iterations=200``: a fixed budget,
so a game repeats); one seat, the *challenger*, judges with the knowledge's weights changed
by ``--set``, the others with the weights that bot plays with. Each seed is played once
with the challenger in every seat. The script prints, per game and at the end, the
challenger's points less the mean of the other seats', with its standard error (the
project's cluster-robust one, a seed's games being one cluster). ``--out`` keeps each game
with its record (Great Western Trail's ``benchmarks/gwt_visits.py --records`` reads them).

Why not only the mean of self-play games: a change that makes every seat play a longer game
can raise every seat's score in self-play without making any seat stronger against the
others (docs/bots.md, "Issue 17, nineteenth pass"). A change should win here too before it
ships. A game's gap spreads by 15 to 20 points: thirty games or more see a change of 7.

Example (a minute or two a game on one core)::

    nice -n 5 .venv/bin/python benchmarks/knowledge_duel.py great-western-trail \\
        --set "neutral buildings ahead=0.9" --set "own buildings ahead=1.1" --games 8
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from boomtown.bots.base import Observation
from boomtown.bots.knowledge import LinearKnowledge
from boomtown.bots.registry import make_bot
from boomtown.engine import CHANCE, State, get_ruleset
from boomtown.sim.match import bot_seed
from boomtown.sim.stats import Sample

DEFAULT_BOT = "hard:iterations=200"
DESCRIPTION = "One seat against the rest: does a change to a game's knowledge weights play better?"


def changed_weights(base: object, settings: list[str]) -> LinearKnowledge:
    """A copy of the knowledge ``base`` with the ``FEATURE=WEIGHT`` settings applied."""
    if not isinstance(base, LinearKnowledge):
        raise SystemExit("the bot judges with no knowledge that has feature weights to change")
    weights = list(base.weights)
    for setting in settings:
        name, sep, value = setting.rpartition("=")
        if not sep or name.strip() not in base.feature_names:
            raise SystemExit(f"--set {setting!r}: expected FEATURE=WEIGHT with FEATURE one of: "
                             + ", ".join(base.feature_names))
        try:
            weights[base.feature_names.index(name.strip())] = float(value)
        except ValueError:
            raise SystemExit(f"--set {setting!r}: {value!r} is not a number") from None
    return type(base)(base.game, weights)


def duel(game: str, spec: str, challenger: LinearKnowledge, seed: int,
         players: int, seat: int) -> State:
    """One game: every seat ``spec``, seat ``seat`` judging with ``challenger``; the game at
    its end."""
    ruleset = get_ruleset(game)
    state = ruleset.new_game(players, seed, None)
    bots = [make_bot(spec, game, bot_seed(seed, seat), s) for s in range(players)]
    bots[seat].knowledge = challenger  # type: ignore[attr-defined]
    observations = [Observation(state, s) for s in range(players)]
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(bots[player].choose(observations[player]))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=DESCRIPTION)
    parser.add_argument("game")
    parser.add_argument("--set", action="append", default=[], metavar="FEATURE=WEIGHT",
                        help="a weight of the challenger's knowledge (repeatable)")
    parser.add_argument("--bot", default=DEFAULT_BOT, help=f"every seat's bot [{DEFAULT_BOT}]")
    parser.add_argument("--games", type=int, default=4, help="seeds; each is played once "
                        "with the challenger in every seat [4]")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--out", help="write one JSON line per game: the totals and the record")
    args = parser.parse_args(argv)
    if not args.set:
        parser.error("give at least one --set FEATURE=WEIGHT")
    bot = make_bot(args.bot, args.game, 0, 0)  # its weights: fitted or hand-made, as it plays
    challenger = changed_weights(getattr(bot, "knowledge", None), args.set)
    gaps = Sample()  # a seed's games are one cluster: the same deal in every seat
    for seed in range(args.seed, args.seed + args.games):
        for seat in range(args.players):
            finished = duel(args.game, args.bot, challenger, seed, args.players, seat)
            totals = [float(t) for t in finished.score_breakdown()["totals"]]
            others = [t for s, t in enumerate(totals) if s != seat]
            gap = totals[seat] - statistics.fmean(others)
            gaps.add(gap, cluster=seed)
            print(f"seed {seed} challenger in seat {seat}: {totals} -> {gap:+.1f}", flush=True)
            if args.out:
                with open(args.out, "a") as out:
                    out.write(json.dumps({"game": args.game, "seed": seed, "seat": seat,
                                          "bot": args.bot, "set": args.set,
                                          "totals": totals,
                                          "record": finished.record.to_dict()}) + "\n")
    print(f"{gaps.n} games, {args.bot}, challenger {'; '.join(args.set)}: "
          f"{gaps.mean:+.2f} ± {gaps.se():.2f} points against the other seats' mean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
