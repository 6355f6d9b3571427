"""Great Western Trail: what a bot brings to Kansas City, visit by visit.

``python benchmarks/gwt_visits.py [--bot SPEC] [--games N] [--seed S] [--players P]``

Plays ``--games`` games with ``SPEC`` in every seat (default ``hard:iterations=150``, a fixed
budget, so a run repeats exactly) and prints, for every Kansas City visit (first, second,
...), the mean breeding value of the hand the cattleman arrives with, the certificates, and
the cities delivered to, then the mean points by scoring category and the cattle of
value 3 to 5 each seat bought. It is the diagnosis behind docs/bots.md's "Great Western Trail:
why the points stay low": strong players arrive with four breeds and deliver far; a bot that
arrives with duplicates of the starting breeds delivers near and loses points to cities.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from statistics import mean
from typing import Any

from boomtown.bots.base import Observation
from boomtown.bots.registry import make_bot
from boomtown.engine import CHANCE, get_ruleset
from boomtown.games.great_western_trail.data import CATTLE, CITIES, KC_SPACE
from boomtown.games.great_western_trail.kansas_city import breeding_value
from boomtown.games.great_western_trail.scoring import deck

GAME = "great-western-trail"
#: A bought card: breeding value 3 or more (the starting deck's breeds are worth 1 and 2).
BOUGHT_VALUE = 3


def play(spec: str, players: int,
         seed: int) -> tuple[list[dict[str, int]], dict[str, Any], list[int]]:
    """One game: every visit (seat, its number, breeding value, certificates, city), the
    score breakdown and each seat's bought cattle."""
    state = get_ruleset(GAME).new_game(players, seed)
    bots = [make_bot(spec, GAME, seed, s) for s in range(players)]
    visits: list[dict[str, int]] = []
    count = [0] * players
    arrived: dict[int, dict[str, int]] = {}
    where = list(state.cattleman)
    discs = [list(d) for d in state.city_discs]
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(bots[player].choose(Observation(state, player)))
        for s in range(players):
            if state.cattleman[s] != where[s]:
                where[s] = state.cattleman[s]
                if where[s] == KC_SPACE:
                    count[s] += 1
                    arrived[s] = {"seat": s, "visit": count[s],
                                  "value": breeding_value(list(state.hand[s])),
                                  "certificates": state.cert[s] + state.cert_perm[s]}
            if list(state.city_discs[s]) != discs[s] and s in arrived:
                city = next(c for c in range(len(CITIES))
                            if state.city_discs[s][c] != discs[s][c])
                visits.append({**arrived.pop(s), "city": city})
            discs[s] = list(state.city_discs[s])
    bought = [sum(n for k, n in enumerate(deck(state, s)[:len(CATTLE)])
                  if CATTLE[k].value >= BOUGHT_VALUE) for s in range(players)]
    return visits, state.score_breakdown(), bought


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard:iterations=150")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args(argv)
    by_visit: dict[int, list[dict[str, int]]] = defaultdict(list)
    cities: Counter[str] = Counter()
    parts: dict[str, list[float]] = defaultdict(list)
    bought: list[int] = []
    for g in range(args.games):
        visits, score, cattle = play(args.bot, args.players, args.seed + g)
        for v in visits:
            by_visit[v["visit"]].append(v)
            cities[CITIES[v["city"]].name] += 1
        for seat in score["seats"]:
            for key, value in seat.items():
                if key not in ("seat", "money_left") and isinstance(value, int | float):
                    parts[key].append(float(value))
        bought += cattle
    print(f"{args.bot}, {args.games} games of {args.players} players, seeds from {args.seed}")
    print("visit  seats  breeding value  certificates  mean city value")
    for n in sorted(by_visit):
        rows = by_visit[n]
        print(f"{n:5}  {len(rows):5}  {mean(r['value'] for r in rows):14.1f}  "
              f"{mean(r['certificates'] for r in rows):12.1f}  "
              f"{mean(CITIES[r['city']].value for r in rows):15.1f}")
    print("deliveries:", ", ".join(f"{name} {n}" for name, n in cities.most_common()))
    print("mean points per seat:", ", ".join(f"{k} {mean(v):.1f}" for k, v in parts.items()))
    print(f"cattle of value {BOUGHT_VALUE}-5 in the deck at the end: {mean(bought):.1f} a seat")
    return 0


if __name__ == "__main__":
    sys.exit(main())
