"""Great Western Trail: what a bot brings to Kansas City, visit by visit, and how it spends
its turns.

``python benchmarks/gwt_visits.py [--bot SPEC] [--games N] [--seed S] [--players P]``
``python benchmarks/gwt_visits.py --records FILE.jsonl [--records FILE.jsonl ...]``

Plays ``--games`` games with ``SPEC`` in every seat (default ``hard:iterations=150``, a fixed
budget, so a run repeats exactly), or reads the games of ``boomtown simulate --out`` files
(which can play them on several cores) or ``benchmarks/knowledge_duel.py --out`` files,
and prints:

- for every Kansas City visit (first, second, ...) the mean breeding value of the hand the
  cattleman arrives with, the certificates, the cities delivered to and how many of those
  deliveries went to Kansas City itself (-6 points each);
- how a seat spends its turns: how many there are, and how many are *idle*, a turn with
  neither a visit nor any action of a building or a risk space, nor an objective card
  played (only moves and auxiliary actions), with the money the seat held then;
- the discs a seat cleared from its player board, by row, and the temporary certificates
  used at a delivery;
- the mean points by scoring category and the cattle of value 3 to 5 each seat bought.

It is the diagnosis behind docs/bots.md's "Great Western Trail: why the points stay low":
strong players arrive with four breeds and deliver far; a bot that arrives with duplicates
of the starting breeds delivers near and loses points to cities.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from statistics import mean
from typing import Any

from boomtown.engine import CHANCE, get_ruleset
from boomtown.engine.errors import BadRecord, BoomtownError
from boomtown.engine.record import GameRecord
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import CATTLE, CITIES, DISC_ROWS, KC_SPACE, SETUP
from boomtown.games.great_western_trail.kansas_city import breeding_value
from boomtown.games.great_western_trail.scoring import deck
from boomtown.sim.match import play_bots

GAME = "great-western-trail"
#: A bought card: breeding value 3 or more (the starting deck's breeds are worth 1 and 2).
BOUGHT_VALUE = 3
#: The city index of Kansas City (a delivery there costs 6 points at the end).
KANSAS_CITY = next(c.index for c in CITIES if c.key == "kansas_city")
#: Money from which an idle turn is counted as "with money" (enough for most actions).
RICH = 10
#: Temporary certificates by the marker's place on the certificate track.
CERT_TRACK: tuple[int, ...] = tuple(SETUP["cert_track"])
#: What a turn was: a Kansas City visit, a turn with an action, or an idle one.
TURN_KINDS = ("visit", "action", "idle")
#: Decisions that make a turn an action turn: a building's or risk space's action, an
#: objective card played. Moves, auxiliary actions and the choices that follow them do not.
ACTION_IDS = (range(A.LOCAL, A.AUX), range(A.ADJ, A.DRAWN), range(A.PLAY_OBJ, A.TAKE_OBJ))


def _is_action(aid: int) -> bool:
    return any(aid in ids for ids in ACTION_IDS)


@dataclass
class Visit:
    """One Kansas City visit: who, which of its visits, the hand and the delivery."""

    seat: int
    number: int
    value: int  # breeding value of the hand on arrival
    certificates: int  # temporary and permanent certificates held on arrival
    city: int = -1


@dataclass
class TurnUse:
    """One turn of a seat: the money it started with and what it was (``TURN_KINDS``)."""

    seat: int
    money: int
    kind: str = "idle"


@dataclass
class GameReport:
    """What :func:`read_game` finds in one game."""

    visits: list[Visit] = field(default_factory=list)
    turns: list[TurnUse] = field(default_factory=list)
    discs: Counter[str] = field(default_factory=Counter)  # rows cleared, all seats
    certificates_used: list[int] = field(default_factory=list)
    score: dict[str, Any] = field(default_factory=dict)
    bought: list[int] = field(default_factory=list)
    players: int = 0


def play(spec: str, players: int, seed: int) -> GameRecord:
    """One game with ``spec`` in every seat (the lab's bots of game ``seed``); its record."""
    return play_bots(get_ruleset(GAME), [spec] * players, seed).state.record


def read_game(record: GameRecord) -> GameReport:
    """Replay ``record`` and note every visit, every seat's turn and the discs cleared."""
    if record.game != GAME:
        raise SystemExit(f"a record of {record.game}, not of {GAME}")
    state = get_ruleset(GAME).new_game(record.players, record.seed, record.options)
    report = GameReport(players=record.players)
    arrived: dict[int, Visit] = {}
    count = [0] * record.players
    turn_at = -1  # the state's turn counter when the current turn began
    turn: TurnUse | None = None
    for aid in record.actions:
        player = state.current_player
        if player != CHANCE:
            if state.turns != turn_at:
                turn_at = state.turns
                turn = TurnUse(state.turn_seat, state.money[state.turn_seat])
                report.turns.append(turn)
            if A.DISC <= aid < A.UNSTATION:
                report.discs[DISC_ROWS[aid - A.DISC].key] += 1
            elif A.CERTS <= aid < A.FORESIGHT:
                report.certificates_used.append(aid - A.CERTS)
            if turn is not None and player == turn.seat and turn.kind == "idle" \
                    and _is_action(aid):
                turn.kind = "action"
            if A.CITY <= aid < A.CITY + len(CITIES) and player in arrived:
                visit = arrived.pop(player)
                visit.city = aid - A.CITY
                report.visits.append(visit)
        where = state.cattleman[player] if player != CHANCE else None
        try:
            state.apply(aid)
        except BoomtownError as exc:
            raise SystemExit(f"the game of seed {record.seed} does not replay: {exc}") from None
        if player == CHANCE:
            continue
        if where != KC_SPACE and state.cattleman[player] == KC_SPACE:
            count[player] += 1
            arrived[player] = Visit(player, count[player], breeding_value(state.hand[player]),
                                    CERT_TRACK[state.cert[player]] + state.cert_perm[player])
            if turn is not None:
                turn.kind = "visit"
    report.score = state.score_breakdown()
    report.bought = [sum(n for k, n in enumerate(deck(state, s)[:len(CATTLE)])
                         if CATTLE[k].value >= BOUGHT_VALUE) for s in range(record.players)]
    return report


def read_records(paths: list[str]) -> list[GameRecord]:
    """The game records of ``boomtown simulate --out`` or ``knowledge_duel.py --out`` files
    (one JSON object a line, its record under ``"record"``)."""
    records = []
    for path in paths:
        try:
            with open(path) as lines:
                text = list(enumerate(lines, 1))
        except OSError as exc:
            raise SystemExit(f"cannot read {path}: {exc.strerror}") from None
        for number, line in text:
            if not line.strip():
                continue
            try:
                records.append(GameRecord.from_dict(json.loads(line)["record"]))
            except (ValueError, KeyError, TypeError, BadRecord) as exc:
                raise SystemExit(f"{path}:{number}: not a line with a game record: {exc}") \
                    from None
    return records


def summary(reports: list[GameReport]) -> list[str]:
    """The printed lines for the games of ``reports``."""
    by_visit: dict[int, list[Visit]] = defaultdict(list)
    cities: Counter[str] = Counter()
    parts: dict[str, list[float]] = defaultdict(list)
    discs: Counter[str] = Counter()
    bought: list[int] = []
    turns: list[TurnUse] = []
    used: list[int] = []
    seats = sum(r.players for r in reports)
    for report in reports:
        for v in report.visits:
            by_visit[v.number].append(v)
            cities[CITIES[v.city].name] += 1
        for seat in report.score["seats"]:
            for key, value in seat.items():
                if key not in ("seat", "money_left") and isinstance(value, int | float):
                    parts[key].append(float(value))
        discs += report.discs
        bought += report.bought
        turns += report.turns
        used += report.certificates_used
    lines = ["visit  seats  breeding value  certificates  mean city value  to Kansas City"]
    for n in sorted(by_visit):
        rows = by_visit[n]
        lines.append(f"{n:5}  {len(rows):5}  {mean(r.value for r in rows):14.1f}  "
                     f"{mean(r.certificates for r in rows):12.1f}  "
                     f"{mean(CITIES[r.city].value for r in rows):15.1f}  "
                     f"{sum(r.city == KANSAS_CITY for r in rows):14}")
    lines.append("deliveries: " + ", ".join(f"{name} {n}" for name, n in cities.most_common()))
    idle = [t for t in turns if t.kind == "idle"]
    rich = sum(t.money >= RICH for t in idle)
    lines.append(f"turns a seat: {len(turns) / seats:.1f}, idle {len(idle) / seats:.1f} "
                 f"({len(idle) / max(1, len(turns)):.0%}: no action of a building or risk "
                 f"space, no visit), idle with ${RICH} or more {rich / seats:.1f}")
    lines.append("discs cleared a seat: " + ", ".join(
        f"{row.key} {discs[row.key] / seats:.2f}" for row in DISC_ROWS))
    if used:
        lines.append(f"temporary certificates used at a delivery: {mean(used):.2f} "
                     f"({len(used)} deliveries with a choice)")
    lines.append("mean points per seat: " + ", ".join(f"{k} {mean(v):.1f}"
                                                     for k, v in parts.items()))
    lines.append(f"cattle of value {BOUGHT_VALUE}-5 in the deck at the end: {mean(bought):.1f} "
                 "a seat")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard:iterations=150")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--records", action="append", default=[], metavar="FILE.jsonl",
                        help="read the games of `boomtown simulate --out` (or of "
                        "`knowledge_duel.py --out`) instead of playing")
    args = parser.parse_args(argv)
    if args.records:
        records = read_records(args.records)
        print(f"{len(records)} games from {', '.join(args.records)}")
    else:
        records = [play(args.bot, args.players, args.seed + g) for g in range(args.games)]
        print(f"{args.bot}, {args.games} games of {args.players} players, seeds from "
              f"{args.seed}")
    if not records:
        raise SystemExit("no games to read")
    for line in summary([read_game(r) for r in records]):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
