"""Way Out West's compact terminal layout (``boomtown play``): plain data from a seat's view.

Nothing in Way Out West is hidden but the dice to come, so every seat's line is complete:
the seat's own money, bid, supply and Wanted counters; a line per other seat; the board: a
row per town (size, counters and their owners, cowboys and cattle by seat, the farmer, what
cattle earn), then the action boxes left, the supplies and a gunfight under way.

>>> from boomtown.games.way_out_west import RULESET
>>> state = RULESET.new_game(players=3, seed=1)
>>> layout(state.view(0), 0)["board"][1][0]
'San Antonia'
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

#: A note under the board is wrapped at this many columns (the terminal draws 100).
NOTE_WIDTH = 96


def _score(state: Mapping[str, Any], seat: int) -> Any:
    totals = (state.get("score") or {}).get("totals") or []
    return totals[seat] if 0 <= seat < len(totals) else None


def _counters(counts: Mapping[str, int] | None) -> str:
    return ", ".join(f"{name} {n}" for name, n in (counts or {}).items() if n) or "none"


def _in_towns(towns: Sequence[Mapping[str, Any]], key: str, seat: int) -> str:
    parts = []
    for town in towns:
        values = town.get(key) or []
        if seat < len(values) and values[seat]:
            parts.append(f"{town.get('name', '?')} {values[seat]}")
    return ", ".join(parts) or "none"


def _bid(player: Mapping[str, Any]) -> list[str]:
    if not player.get("bid") and not player.get("bidding"):
        return []
    return [f"bid ${player.get('bid', 0)}" + (" (bidding)" if player.get("bidding") else "")]


def _you(state: Mapping[str, Any], me: Mapping[str, Any]) -> list[str]:
    seat = int(me.get("seat", 0))
    towns = state.get("towns") or []
    facts = [f"${me.get('money', 0)}", f"turn-order space {me.get('turn_order_space', '?')}",
             *_bid(me), f"wanted {me.get('wanted', 0)}",
             f"farmers taken {me.get('farmers_taken', 0)}"]
    score = _score(state, seat)
    if score is not None:
        facts.append(f"{score} pts")
    out = _counters(me.get("counters_out_of_play"))
    lines = [
        " · ".join(facts),
        f"supply: {me.get('cowboys_in_supply', 0)} cowboys, {me.get('cattle_in_supply', 0)} "
        f"cattle · counters: {_counters(me.get('counters_in_supply'))}"
        + (f" · out of play: {out}" if out != "none" else ""),
        f"cowboys in {_in_towns(towns, 'cowboys', seat)} · cattle in "
        f"{_in_towns(towns, 'cattle', seat)}",
    ]
    owned = [
        f"{name} in {town.get('name', '?')}"
        for town in towns
        for name, owner in (town.get("counters") or {}).items()
        if owner == seat
    ]
    lines.append("your counters: " + (", ".join(owned) or "none"))
    return lines


def _other(state: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    seat = int(player.get("seat", 0))
    score = _score(state, seat)
    counters = sum((player.get("counters_in_supply") or {}).values())
    parts = [f"seat {seat}" + (f" {score} pts" if score is not None else ""),
             f"${player.get('money', 0)}", f"order {player.get('turn_order_space', '?')}",
             *_bid(player), f"supply {player.get('cowboys_in_supply', 0)} cowboys "
             f"{player.get('cattle_in_supply', 0)} cattle {counters} counters",
             f"wanted {player.get('wanted', 0)}"]
    if player.get("farmers_taken"):
        parts.append(f"farmers {player['farmers_taken']}")
    return " · ".join(parts)


def _by_seat(values: Sequence[int] | None) -> str:
    return "/".join(str(v) for v in values or []) if any(values or []) else "-"


def _fight(fight: Mapping[str, Any]) -> str:
    def side(who: str) -> str:
        text = f"{fight.get(who + '_cowboys', 0)} cowboys"
        if fight.get(who + "_sheriff"):
            text += " and the sheriff"
        return text

    defence = side("defender")
    if fight.get("defender_other"):
        defence += f" and {fight['defender_other']} more"
    return (f"gunfight: seat {fight.get('attacker')} against seat {fight.get('defender')} over "
            f"{fight.get('target', '?')}: {side('attacker')} against {defence} "
            f"({fight.get('result', '?')})")


def _board(state: Mapping[str, Any], players: int) -> list[list[str]]:
    rows = [["town", "built", "counters and owners", "cowboys", "cattle", "farmer", "earns"]]
    for town in state.get("towns") or []:
        counters = " ".join(f"{name} {owner}" for name, owner in
                            (town.get("counters") or {}).items()) or "-"
        rows.append([
            str(town.get("name", "?")),
            f"{town.get('size', 0)}/{town.get('building_spaces', '?')}",
            counters,
            _by_seat(town.get("cowboys")),
            _by_seat(town.get("cattle")),
            "yes" if town.get("farmer") else "-",
            f"${town.get('cattle_income', 0)} {town.get('cattle_vp', 0)}VP",
        ])
    seats = "/".join(str(s) for s in range(players))
    notes = [f"cowboys and cattle by seat {seats}; earns: $ and VP for each cattle there"]
    boxes = state.get("boxes_left") or {}
    if boxes:
        notes.append("action boxes left: " + (", ".join(
            f"{key.replace('_', ' ')} {n}" for key, n in boxes.items() if n) or "none"))
    notes.append(f"supply: {state.get('farmers_in_supply', 0)} farmers "
                 f"({state.get('farmers_out_of_play', 0)} out of play) · "
                 f"{state.get('wanted_in_supply', 0)} Wanted counters")
    fight = state.get("gunfight")
    if fight:
        notes.append(_fight(fight))
    return rows + [[line] for note in notes for line in textwrap.wrap(note, NOTE_WIDTH)]


def layout(view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The terminal layout of ``seat``'s view (``None``: the spectator's)."""
    state = view.get("state") or {}
    players = state.get("players") or []
    round_ = state.get("round", "?")
    incomes = [str(r) for r in state.get("income_after") or [] if not
               isinstance(round_, int) or r >= round_]
    order = ", ".join(str(s) for s in state.get("turn_order") or [])
    if round_ == 0:  # the cowboys' placement before round 1
        title = f"Way Out West · set-up, then {state.get('rounds', '?')} rounds"
    else:
        title = f"Way Out West · round {round_} of {state.get('rounds', '?')}"
    if incomes:
        title += f" · income after {', '.join(incomes)}"
    title += f" · turn order {order} · high bid ${state.get('high_bid', 0)}"
    me = players[seat] if seat is not None and 0 <= seat < len(players) else None
    return {
        "title": title,
        "you": _you(state, me) if me is not None else [],
        "others": [_other(state, p) for p in players if p is not me],
        "board": _board(state, len(players)),
    }
