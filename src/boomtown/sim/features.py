"""What the lab reads of each seat through the game's own hooks (no game is imported here).

- ``Ruleset.seat_setup(state)``: each seat's ``turn_position`` (0 plays first) and its other
  starting asymmetries (a starting card, seat money), read once the set-up's chance is done:
  at the game's first decision. A game without the hook plays in seat order.
- ``Ruleset.seat_features(state)``: what each seat did, read from the finished game.

Both give one dict per seat. Values that are numbers are averaged in reports; any other
value is a label, and reports tally win rates per label.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boomtown.engine import CHANCE, Ruleset, State

TURN_POSITION = "turn_position"

SeatFacts = list[dict[str, Any]]


def default_setup(players: int) -> SeatFacts:
    """Seat order is turn order, with no other asymmetry."""
    return [{TURN_POSITION: s} for s in range(players)]


def _checked(what: str, facts: Any, players: int) -> SeatFacts:
    if not isinstance(facts, Sequence) or len(facts) != players:
        raise ValueError(f"{what} must give one dict per seat ({players}), got {facts!r}")
    out = []
    for seat, entry in enumerate(facts):
        if not isinstance(entry, Mapping):
            raise ValueError(f"{what}: seat {seat}'s entry is not a dict: {entry!r}")
        out.append({str(k): v for k, v in entry.items()})
    return out


def seat_setup(ruleset: Ruleset, state: State) -> SeatFacts:
    """Each seat's starting facts, with ``turn_position`` always present and valid."""
    players = state.num_players
    if ruleset.seat_setup is None:
        return default_setup(players)
    facts = _checked(f"{ruleset.id} seat_setup", ruleset.seat_setup(state), players)
    positions = [entry.get(TURN_POSITION) for entry in facts]
    if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players
               for p in positions):
        raise ValueError(f"{ruleset.id} seat_setup: turn positions must be 0..{players - 1}, "
                         f"got {positions}")
    return facts


def seat_features(ruleset: Ruleset, state: State) -> SeatFacts | None:
    """A finished game's per-seat features (``None`` when the game declares none)."""
    if ruleset.seat_features is None:
        return None
    return _checked(f"{ruleset.id} seat_features", ruleset.seat_features(state),
                    state.num_players)


def setup_point(state: State) -> bool:
    """Whether the set-up's chance is done: the first time a seat is to decide (or the end)."""
    return state.current_player != CHANCE


def setup_from_record(record: Mapping[str, Any]) -> SeatFacts:
    """Replay a saved game to its first decision and read its set-up (for result lines saved
    before the lab recorded it). A record of another version of the rules raises."""
    from boomtown.engine import BadRecord, GameRecord, get_ruleset

    rec = GameRecord.from_dict(dict(record))
    ruleset = get_ruleset(rec.game)
    if rec.version != ruleset.version:
        raise BadRecord(f"record is for {rec.game} version {rec.version}, "
                        f"this is version {ruleset.version}")
    state = ruleset.new_game(rec.players, rec.seed, rec.options)
    for aid in rec.actions:
        if setup_point(state):
            break
        state.apply(aid)
    return seat_setup(ruleset, state)


def legacy_features(data: Any, players: int) -> SeatFacts | None:
    """Features as older lines stored them, ``{name: [one label per seat]}``, per seat."""
    if data is None:
        return None
    if isinstance(data, Mapping):
        return [{name: values[s] for name, values in data.items()} for s in range(players)]
    return _checked("features", data, players)
