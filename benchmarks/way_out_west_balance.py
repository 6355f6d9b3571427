"""Way Out West balance study: how bots play the game under candidate reconstructed values.

One command runs the whole study with fixed seeds (about 24 CPU-minutes on one core; it runs
one process at a time)::

    nice .venv/bin/python benchmarks/way_out_west_balance.py

The study is the list :data:`RUNS`: each run is a set of overrides of reconstructed values of
the data file (``src/boomtown/games/way_out_west/data/way_out_west.toml``), game options, a
bot and a number of games. Every run states the full value of each field the study varies, so
it plays the same games whatever the file holds today. A run plays in a fresh interpreter (the
data is read once, at import) whose ``tomllib.loads`` applies the overrides before the game
reads its file; nothing is written to the data file.

The same bot plays every seat (``ismcts:iterations=100``, or ``heuristic`` for the runs that
repeat the issue's measurement); both are deterministic for a given seed, and game ``i`` of
every run uses seed ``SEED + i`` (default 1000), so runs play the same seeds. For every game
the worker records:

- the action mix: the action-phase choices by kind (buy cattle, hire, moves, each counter,
  Farmer, gunfight by target) and the passes;
- the money curve: every seat's cash after each round (after income in rounds 3, 6, 9, 12);
- where money comes from (cattle, Bank, Store, Hotel income at income rounds; StageCoach
  payments as they happen; robberies, a transfer between players) and where it goes (bids,
  cattle, cowboys, counters);
- the final score by category and the winners;
- what each seat built (counters bought, by type) and how much cattle it ended with.

The summary prints markdown tables, one set per bot (the ones in docs/way-out-west.md) and,
with ``--json``, writes the aggregates and every game's record to a file.

Usage::

    python benchmarks/way_out_west_balance.py [--only NAME[,NAME...]] [--games N]
        [--bot SPEC] [--players P] [--seed S] [--json FILE]
    python benchmarks/way_out_west_balance.py --list
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

#: The reconstructed values the study varies, at their ruleset-version-1 values (open
#: questions U1 and U3 of docs/sources/way-out-west.md). Each maps a data field (``counters[KEY]``,
#: ``towns[I]``, ``boxes[KEY]`` or a table name, then ``.field``) to its value. Published
#: prices (Jail $3, Store $5, Train $20, cattle and cowboys $1) are never varied.
V1 = {
    "counters[stagecoach].price": 5,
    "counters[hotel].price": 8,
    "counters[bank].price": 10,
    "towns[1].corrals": 5,
    "towns[2].corrals": 5,
    "towns[3].corrals": 6,
}
ISMCTS = "ismcts:iterations=100"
HEURISTIC = "heuristic"


@dataclass(frozen=True)
class Run:
    """One configuration played by one bot: data overrides (every studied field named, so a
    run never depends on the data file's current values), game options, games."""

    values: dict[str, Any]
    bot: str = ISMCTS
    games: int = 100
    options: dict[str, Any] = field(default_factory=dict)


#: The study, in the order it runs (about 24 CPU-minutes on one core: 4.8 per ISMCTS run,
#: 2.3 per heuristic run).
RUNS: dict[str, Run] = {
    # the strongest bot: version-1 values, then one candidate change each
    "v1": Run(V1),
    "bank-12": Run({**V1, "counters[bank].price": 12}),
    "hotel-6": Run({**V1, "counters[hotel].price": 6}),
    "corrals-4-6-6-7-7": Run({**V1, "towns[1].corrals": 6, "towns[2].corrals": 6,
                              "towns[3].corrals": 7}),
    # the heuristic bot, 200 games, as the issue measured it: the old chain rule for buying
    # cattle, then the rule text's (the default since ruleset version 2)
    "heuristic v1 chain": Run(V1, HEURISTIC, 200, {"cattle_spread": "chain"}),
    "heuristic v1": Run(V1, HEURISTIC, 200),
}
DEFAULT_PLAYERS = 4
DEFAULT_SEED = 1000
GAME_ID = "way-out-west"

STAGECOACH_PAID = re.compile(r"^seat (\d)'s StageCoach in .* earns \$(\d+)")
BID_PAID = re.compile(r"^seat (\d) (?:drops out|is the last bidder), pays \$(\d+)")
ROBBED = re.compile(r"^seat (\d) robs seat (\d)'s Bank .* pays \$(\d+)$")
PASSES = re.compile(r"^seat (\d) passes")


# ---------------------------------------------------------------------- worker (one config)
def _patch_data(overrides: dict[str, Any]) -> None:
    """Make the game read its data file with ``overrides`` applied (before it is imported)."""
    import tomllib

    loads = tomllib.loads

    def patched(text: str, /, **kw: Any) -> dict[str, Any]:
        raw = loads(text, **kw)
        if raw.get("meta", {}).get("game") == GAME_ID:
            for path, value in overrides.items():
                record, field = path.split(".")
                if record.startswith("counters[") or record.startswith("boxes["):
                    table, key = record[:-1].split("[")
                    target = next(r for r in raw[table] if r["key"] == key)
                elif record.startswith("towns["):
                    target = raw["towns"][int(record[6:-1])]
                else:
                    target = raw[record]
                if field not in target:
                    raise KeyError(f"no field {path} in the data file")
                target[field] = value
        return raw

    tomllib.loads = patched


def _kind(aid: int) -> str:
    """The kind of an action-phase choice, for the action mix."""
    from boomtown.games.way_out_west import actions as A

    if aid < A.HIRE:
        return "buy cattle"
    if aid < A.MOVE_COWBOYS:
        return "hire cowboys"
    if aid < A.MOVE_CATTLE:
        return "move cowboys"
    if aid < A.BUILD:
        return "move cattle"
    if aid < A.FARMER:
        return f"build {A.COUNTER_NAMES[(aid - A.BUILD) % A.C]}"
    if aid < A.ATTACK:
        return "take a Farmer"
    slot = (aid - A.ATTACK) % A.SLOTS
    if slot < A.C:
        return f"gunfight: {A.COUNTER_NAMES[slot]}"
    if slot < A.SLOT_FARMER:
        return "gunfight: cattle"
    return "gunfight: Farmer"


def play_one(spec: str, players: int, seed: int,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play one game with ``spec`` in every seat and return what the study needs of it."""
    from boomtown.bots.base import Observation
    from boomtown.bots.registry import make_bot
    from boomtown.engine import CHANCE, get_ruleset
    from boomtown.games.way_out_west import actions as A
    from boomtown.games.way_out_west import rules, scoring

    ruleset = get_ruleset(GAME_ID)
    st: Any = ruleset.new_game(players, seed, options or None)
    bots = [make_bot(spec, GAME_ID, seed, s) for s in range(players)]
    obs = [Observation(st, s) for s in range(players)]
    mix: Counter[str] = Counter()
    built = [[0] * A.C for _ in range(players)]
    taken_over = [0] * players
    spent = {"bids": 0, "cattle": 0, "cowboys": 0, "counters": 0}
    earned: dict[str, int] = defaultdict(int)
    curve: list[list[int]] = []
    seen = 0
    last_round = st.round
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            seat = st.current_player
            frame = st.stack[-1]
            action = bots[seat].choose(obs[seat])
            aid = action.id
            if type(frame) is rules.Act:
                kind = _kind(aid)
                mix[kind] += 1
                if kind == "buy cattle":
                    head = (aid - A.BUY_CATTLE) % A.CATTLE_UP_TO + 1
                    spent["cattle"] += head * rules.CATTLE_PRICE
                elif kind.startswith("build"):
                    k = (aid - A.BUILD) % A.C
                    built[seat][k] += 1
                    spent["counters"] += rules.PRICES[k]
            elif frame[0] == "spoils_counter" and aid == A.TAKE_OVER:
                taken_over[seat] += 1
            st.apply(aid)
        events = st.events
        for event in events[seen:]:
            text = event.text
            if m := STAGECOACH_PAID.match(text):
                earned["stagecoach"] += int(m[2])
            elif m := BID_PAID.match(text):
                spent["bids"] += int(m[2])
            elif m := ROBBED.match(text):
                earned["robbery"] += int(m[3])
            elif PASSES.match(text):
                mix["pass"] += 1
            elif text.startswith("seat ") and " hires a cowboy into " in text:
                spent["cowboys"] += int(text.rsplit("$", 1)[1])
        seen = len(events)
        if st.round != last_round or st.is_terminal():
            # the round just ended (with income after 3, 6, 9, 12): the board is unchanged
            if last_round in st.income_after:
                for source, paid in scoring.income_by_source(st).items():
                    earned[source] += sum(paid)
            if last_round:
                curve.append(list(st.money))
            last_round = st.round
    bd = st.score_breakdown()
    return {
        "seed": seed,
        "players": players,
        "winners": bd["winners"],
        "totals": bd["totals"],
        "seats": [
            {k: s[k] for k in ("counters", "cattle", "town_control", "most_money",
                               "most_wanted", "money", "wanted")}
            for s in bd["seats"]
        ],
        "cattle_on_board": [sum(st.cattle[s * A.T:(s + 1) * A.T]) for s in range(players)],
        "mix": dict(mix),
        "built": built,
        "taken_over": taken_over,
        "spent": spent,
        "earned": dict(earned),
        "curve": curve,
    }


def worker(name: str, players: int, seed: int, games: int | None, bot: str | None) -> None:
    """Play run ``name`` and print one JSON line per game."""
    run = RUNS[name]
    _patch_data(run.values)
    from boomtown.games.way_out_west.data import DATA

    for path, value in run.values.items():  # the overrides really are in force
        record, attr = path.split(".")
        if record.startswith("counters["):
            got = getattr(DATA.counter(record[9:-1]), attr)
        elif record.startswith("towns["):
            got = getattr(DATA.towns[int(record[6:-1])], attr)
        else:
            got = getattr(getattr(DATA, record), attr)
        assert got == value, (path, got, value)
    for i in range(games or run.games):
        print(json.dumps(play_one(bot or run.bot, players, seed + i, run.options)), flush=True)


# ---------------------------------------------------------------------- summary
COUNTER_NAMES = ("StageCoach", "Train", "Bank", "Store", "Hotel", "Jail")


def summarise(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Aggregates of one configuration's games."""
    n = len(games)
    players = games[0]["players"]
    seat_games = n * players
    mix: Counter[str] = Counter()
    for g in games:
        mix.update(g["mix"])
    chosen = sum(v for k, v in mix.items() if k != "pass")
    score = {k: sum(s[k] for g in games for s in g["seats"]) / seat_games
             for k in ("counters", "cattle", "town_control", "most_money", "most_wanted")}
    score["total"] = sum(sum(g["totals"]) for g in games) / seat_games
    win_score = sum(g["totals"][g["winners"][0]] for g in games) / n
    rounds = len(games[0]["curve"])
    curve = [sum(sum(g["curve"][r]) for g in games) / seat_games for r in range(rounds)]
    earned: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    for g in games:
        earned.update(g["earned"])
        spent.update(g["spent"])
    earned_per = {k: v / seat_games for k, v in earned.items()}
    spent_per = {k: v / seat_games for k, v in spent.items()}
    built_per_game = [sum(g["built"][s][k] for g in games for s in range(players)) / n
                      for k in range(len(COUNTER_NAMES))]
    # win rate by what a seat built: a seat counts for each type it bought at least once
    share = {}
    for k, name in enumerate(COUNTER_NAMES):
        have = [(g, s) for g in games for s in range(players) if g["built"][s][k]]
        won = sum(_win_share(g, s) for g, s in have)
        share[name] = (len(have), won / len(have) if have else None)
    nothing = [(g, s) for g in games for s in range(players) if not any(g["built"][s])]
    share["nothing"] = (len(nothing),
                        sum(_win_share(g, s) for g, s in nothing) / len(nothing) if nothing
                        else None)
    cattle_bins = {"0-2": (0, 2), "3-5": (3, 5), "6-9": (6, 99)}
    by_cattle = {}
    for label, (lo, hi) in cattle_bins.items():
        have = [(g, s) for g in games for s in range(players)
                if lo <= g["cattle_on_board"][s] <= hi]
        by_cattle[label] = (len(have), sum(_win_share(g, s) for g, s in have) / len(have)
                            if have else None)
    return {
        "games": n,
        "players": players,
        "mix": {k: v / n for k, v in sorted(mix.items(), key=lambda kv: -kv[1])},
        "mix_share": {k: v / chosen for k, v in mix.items() if k != "pass"},
        "score": score,
        "winner_score": win_score,
        "curve": curve,
        "earned": earned_per,
        "spent": spent_per,
        "built_per_game": dict(zip(COUNTER_NAMES, built_per_game, strict=True)),
        "win_by_built": share,
        "win_by_cattle": by_cattle,
        "takeovers_per_game": sum(sum(g["taken_over"]) for g in games) / n,
        "strategy_spread": _spread(share, seat_games),
    }


def _win_share(g: dict[str, Any], s: int) -> float:
    """A seat's share of the game's win (a shared win is split)."""
    return 1.0 / len(g["winners"]) if s in g["winners"] else 0.0


def _spread(share: dict[str, tuple[int, float | None]], seat_games: int) -> float:
    """The largest minus the smallest win rate among the counter types that at least a tenth
    of the seats built (a measure of how much one kind of building decides the game)."""
    rates = [rate for name, (count, rate) in share.items()
             if name != "nothing" and rate is not None and count >= seat_games / 10]
    return max(rates) - min(rates) if rates else 0.0


def markdown(results: dict[str, dict[str, Any]]) -> str:
    """The study's tables, one column per configuration."""
    names = list(results)
    out: list[str] = []

    def table(title: str, rows: list[tuple[str, list[str]]]) -> None:
        out.append(f"\n{title}\n")
        out.append("| | " + " | ".join(names) + " |")
        out.append("|---|" + "---:|" * len(names))
        for label, cells in rows:
            out.append(f"| {label} | " + " | ".join(cells) + " |")

    first = results[names[0]]
    kinds = list(first["mix"])
    for r in results.values():
        kinds += [k for k in r["mix"] if k not in kinds]
    table("Action mix (action-phase choices per game, all seats; passes included)",
          [(k, [f"{r['mix'].get(k, 0):.1f}" for r in results.values()]) for k in kinds])
    cats = ("counters", "cattle", "town_control", "most_money", "most_wanted", "total")
    table("Final score per seat, by category (VP)",
          [(c, [f"{r['score'][c]:.1f}" for r in results.values()]) for c in cats]
          + [("winner's total", [f"{r['winner_score']:.1f}" for r in results.values()])])
    rounds = len(first["curve"])
    table("Money curve: average cash per seat after each round ($; income after 3, 6, 9, 12)",
          [(str(i + 1), [f"{r['curve'][i]:.1f}" for r in results.values()])
           for i in range(rounds)])
    sources = sorted({k for r in results.values() for k in r["earned"]})
    table("Money earned per seat over the game, by source ($)",
          [(k, [f"{r['earned'].get(k, 0):.1f}" for r in results.values()]) for k in sources])
    table("Money spent per seat over the game ($)",
          [(k, [f"{r['spent'].get(k, 0):.1f}" for r in results.values()])
           for k in ("bids", "cattle", "cowboys", "counters")])
    table("Counters bought per game (all seats), and counters taken over in gunfights",
          [(k, [f"{r['built_per_game'][k]:.2f}" for r in results.values()])
           for k in COUNTER_NAMES]
          + [("taken over", [f"{r['takeovers_per_game']:.2f}" for r in results.values()])])

    def rate(cell: tuple[int, float | None]) -> str:
        count, value = cell
        return "-" if value is None else f"{value:.2f} ({count})"

    table(f"Win rate by what a seat built (seat-games in brackets; an even share is "
          f"{1 / first['players']:.2f})",
          [(f"bought a {k}" if k != "nothing" else "bought no counter",
            [rate(r["win_by_built"][k]) for r in results.values()])
           for k in (*COUNTER_NAMES, "nothing")]
          + [("spread (types built by >= 10% of seats)",
              [f"{r['strategy_spread']:.2f}" for r in results.values()])])
    table("Win rate by cattle on the board at the end",
          [(k, [rate(r["win_by_cattle"][k]) for r in results.values()])
           for k in first["win_by_cattle"]])
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------- main
def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--only", help="comma-separated run names (default: the whole study)")
    parser.add_argument("--games", type=int, help="games per run (default: each run's own)")
    parser.add_argument("--bot", help="bot spec for every run (default: each run's own)")
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--json", help="write the aggregates (and the games) to this file")
    parser.add_argument("--list", action="store_true", help="list the runs")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.list:
        for name, run in RUNS.items():
            print(name, json.dumps(asdict(run)))
        return 0
    if args.worker:
        worker(args.worker, args.players, args.seed, args.games, args.bot)
        return 0
    names = args.only.split(",") if args.only else list(RUNS)
    unknown = [x for x in names if x not in RUNS]
    if unknown:
        parser.error(f"unknown run(s): {', '.join(unknown)}")
    print(f"# Way Out West balance study: commit {_commit()}, {args.players} players, "
          f"game i of a run uses seed {args.seed} + i, the same bot in every seat")
    results: dict[str, dict[str, Any]] = {}
    raw: dict[str, list[dict[str, Any]]] = {}
    bots: dict[str, str] = {}
    for name in names:
        run = RUNS[name]
        bots[name] = args.bot or run.bot
        cmd = [sys.executable, __file__, "--worker", name, "--players", str(args.players),
               "--seed", str(args.seed)]
        if args.games:
            cmd += ["--games", str(args.games)]
        if args.bot:
            cmd += ["--bot", args.bot]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=os.environ.copy())
        if proc.returncode:
            sys.stderr.write(proc.stderr)
            return proc.returncode
        raw[name] = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
        results[name] = summarise(raw[name])
        print(f"# {name}: bot {bots[name]}, {len(raw[name])} games, options "
              f"{json.dumps(run.options)}, values {json.dumps(run.values)} (CPU so far "
              f"{os.times().children_user:.0f} s)", flush=True)
    for bot in dict.fromkeys(bots.values()):
        group = {name: results[name] for name in names if bots[name] == bot}
        print(f"\n## {bot} in every seat\n" + markdown(group))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"commit": _commit(), "players": args.players, "seed": args.seed,
                       "runs": {name: {**asdict(RUNS[name]), "bot": bots[name]}
                                for name in names},
                       "results": results, "raw": raw}, fh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
