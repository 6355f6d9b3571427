"""Great Western Trail's compact terminal layout (``boomtown play``): plain data from a view.

The seat's own lines: money, certificates, workers, the cards it holds (only the kinds held,
never the 41-kind table of the view), its draw and discard piles, where its cattleman and
engine are, its deliveries, tiles and buildings; a line per other seat; the board: the trail
from A to Kansas City, a row per neutral building with the spaces after it that count as
steps (buildings, hazards, teepees; empty spaces are not steps) and the cattlemen there,
then the foresight, the job market, the cattle market, the objectives and the station
masters.

>>> from boomtown.games.great_western_trail import RULESET
>>> state = RULESET.new_game(players=2, seed=1)
>>> while state.current_player < 0:
...     _ = state.apply(state.sample_chance())
>>> [row[0] for row in layout(state.view(0), 0)["board"][1:4]]
['A', 'B', 'C']
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    HAZARD_SPACE,
    HAZARD_TYPES,
    MASTERS,
    NEUTRAL,
    SPACES,
    TEEPEE_SPACE,
    WORKERS,
    hazard_info,
)

#: A note under the board is wrapped at this many columns (the terminal draws 100).
NOTE_WIDTH = 99
#: How a tile kind reads in a board cell (hazards: type, hand colour and VP, short).
TEEPEE_WORDS = {"teepee_green": "green teepee", "teepee_blue": "blue teepee"}
PLURALS = {"craftsman": "craftsmen", "city": "cities"}
#: The kinds of trail space that mark where a row of the trail table begins.
ROW_KINDS = ("start", "neutral")


def _seat(seat: int) -> str:
    return A.SEAT_NAMES[seat] if 0 <= seat < len(A.SEAT_NAMES) else f"seat {seat}"


def _held(cards: Mapping[str, int] | None) -> str:
    """Only the kinds held: ``Jersey x2, Guernsey``."""
    parts = [name if n == 1 else f"{name} x{n}" for name, n in (cards or {}).items() if n]
    return ", ".join(parts) or "none"


def _tile(kinds: Sequence[str], tile: int) -> str:
    if not 0 <= tile < len(kinds):
        return "?"
    key = kinds[tile]
    if key in TEEPEE_WORDS:
        return TEEPEE_WORDS[key]
    if key.split("_")[0] in HAZARD_TYPES:
        row, hand, vp = hazard_info(tile)
        return f"{HAZARD_TYPES[row]} {hand[0]}{vp}"
    return key


def _engine(position: int) -> str:
    try:
        return A.pos_name(position)
    except (ValueError, KeyError):
        return f"position {position}"


def _space_key(spaces: Sequence[str], index: int) -> str:
    return spaces[index] if 0 <= index < len(spaces) else "?"


def _workers(player: Mapping[str, Any]) -> str:
    workers = player.get("workers") or {}
    return ", ".join(_count(workers.get(w, 0), w) for w in WORKERS)


def _count(n: int, word: str) -> str:
    """``2 craftsmen``, ``1 cowboy``."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {PLURALS.get(word, word + 's')}"


def _cities(player: Mapping[str, Any]) -> str:
    discs = player.get("city_discs") or {}
    return ", ".join(f"{k.replace('_', ' ').title()}" + (f" x{n}" if n > 1 else "")
                     for k, n in discs.items() if n) or "none"


def _you(state: Mapping[str, Any], me: Mapping[str, Any]) -> list[str]:
    spaces = state.get("spaces") or []
    kinds = state.get("tile_kinds") or []
    certs = f"{me.get('certificates', 0)} certificates (limit {me.get('certificate_limit', '?')}"
    if me.get("permanent_certificates"):
        certs += f", {me['permanent_certificates']} permanent"
    lines = [" · ".join([f"${me.get('money', 0)}", certs + ")", _workers(me),
                         f"step limit {me.get('step_limit', '?')}",
                         f"hand limit {me.get('hand_limit', '?')}"])]
    lines.append(f"hand: {_held(me.get('hand'))}")
    lines.append(f"draw pile {me.get('draw_pile', 0)}: {_held(me.get('draw_pile_cards'))} · "
                 f"discard pile {sum((me.get('discard_pile') or {}).values())}")
    where = me.get("cattleman_space", -1)
    at = _space_key(spaces, where) if isinstance(where, int) and where >= 0 else "off the trail"
    lines.append(f"cattleman at {at} · engine on {_engine(int(me.get('engine', 0)))} · "
                 f"delivered: {_cities(me)}")
    tiles = []
    teepees = me.get("teepees") or {}
    tiles += [_count(n, f"{colour} teepee") for colour, n in teepees.items() if n]
    for key, n in (me.get("hazards") or {}).items():
        if n:
            name = _tile(kinds, kinds.index(key)) if key in kinds else key
            tiles.append(name + (f" x{n}" if n > 1 else ""))
    masters = [MASTERS[i].key for i, m in enumerate(me.get("station_masters") or [])
               if m and i < len(MASTERS)]
    owned = [f"owns: {', '.join(tiles) or 'no tiles'}"]
    if masters:
        owned.append("station masters " + ", ".join(masters))
    objectives = [k for k, n in (me.get("objectives") or {}).items() for _ in range(n)]
    owned.append("objectives " + (", ".join(objectives) or "none"))
    sides = (state.get("board") or {}).get("building_sides") or []
    free = [f"{n + 1}{'ab'[sides[n]] if n < len(sides) and sides[n] in (0, 1) else ''}"
            for n, ok in enumerate(me.get("buildings_available") or []) if ok]
    owned.append("to place: " + (" ".join(free) or "none"))
    lines.append(" · ".join(owned))
    return lines


def _other(state: Mapping[str, Any], seat: int, player: Mapping[str, Any]) -> str:
    spaces = state.get("spaces") or []
    where = player.get("cattleman_space", -1)
    at = _space_key(spaces, where) if isinstance(where, int) and where >= 0 else "-"
    workers = player.get("workers") or {}
    parts = [
        _seat(seat), f"${player.get('money', 0)}", f"at {at}",
        f"engine {player.get('engine', 0) // 2}",
        f"cards {player.get('hand_size', 0)}/{player.get('draw_pile', 0)}/"
        f"{sum((player.get('discard_pile') or {}).values())}",
        "workers " + "/".join(str(workers.get(w, 0)) for w in WORKERS),
    ]
    if player.get("certificates"):
        parts.append(f"certs {player['certificates']}")
    cities = sum(1 for n in (player.get("city_discs") or {}).values() if n)
    if cities:
        parts.append(_count(cities, "city"))
    known = _held(player.get("known_in_hand"))
    if known != "none":
        parts.append(f"known in hand: {known}")
    return " · ".join(parts)


def _trail(state: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    """A row per start/neutral space: what is on it, the occupied spaces after it, cattlemen."""
    board = state.get("board") or {}
    kinds = state.get("tile_kinds") or []
    occupant: dict[int, str] = {}
    for space, building in zip(board.get("neutral_spaces") or [],
                               board.get("neutral_buildings") or [], strict=False):
        if 0 <= building < len(NEUTRAL):
            occupant[space] = NEUTRAL[building].name
    sides = board.get("building_sides") or []
    for space, owner, number in zip(board.get("private_spaces") or [],
                                    board.get("private_owner") or [],
                                    board.get("private_number") or [], strict=False):
        if owner >= 0:
            side = sides[number - 1] if 0 < number <= len(sides) else -1
            occupant[space] = f"{number}{'ab'[side] if side in (0, 1) else ''}({owner})"
    for r, hazard in enumerate(HAZARD_TYPES):
        for slot, tile in enumerate((board.get("hazard_rows") or {}).get(hazard) or []):
            if tile >= 0 and (r, slot) in HAZARD_SPACE:
                occupant[HAZARD_SPACE[(r, slot)]] = _tile(kinds, tile).split()[-1]
    for slot, tile in enumerate(board.get("teepee_spaces") or []):
        if tile >= 0 and slot in TEEPEE_SPACE:  # the space's key says its value
            occupant[TEEPEE_SPACE[slot]] = _tile(kinds, tile).split()[0]
    herds: dict[int, list[str]] = {}
    for s, player in enumerate(players):
        where = player.get("cattleman_space", -1)
        if isinstance(where, int) and where >= 0:
            herds.setdefault(where, []).append(str(s))
    rows: list[list[str]] = []
    tokens: list[list[str]] = []  # per row: its spaces' texts, a hazard row or teepees together
    family = ""
    for space in SPACES:
        mark = f" [{','.join(herds[space.index])}]" if space.index in herds else ""
        if space.kind in ROW_KINDS or not rows:
            rows.append([space.key, occupant.get(space.index, "") + mark, ""])
            tokens.append([])
            family = ""
            continue
        if space.index not in occupant and not mark:
            continue
        what = occupant.get(space.index, "empty")
        if space.kind == "hazard":
            here, text = HAZARD_TYPES[space.row], f"{space.slot + 1} {what}{mark}"
        elif space.kind == "teepee":
            here, text = "teepees", f"{space.key.split('-')[-1]} {what}{mark}"
        else:
            here, text = "", f"{space.key} {what}{mark}"
        if here and here == family:
            tokens[-1][-1] += f", {text}"
        else:
            tokens[-1].append(f"{here} {text}" if here else text)
        family = here
    for row, texts in zip(rows, tokens, strict=True):
        row[2] = " · ".join(texts)
    if rows and rows[0][0] == "start" and not rows[0][1]:
        rows.pop(0)  # nobody waits at the start
    return rows


def _market(cards: Mapping[str, int] | None) -> str:
    """The cattle market, a breed's kinds together: ``West Highland 3/4 VP``."""
    breeds: dict[str, list[str]] = {}
    for name, n in (cards or {}).items():
        if not n:
            continue
        breed, _, vp = name.partition(" (")
        if vp:
            breeds.setdefault(breed, []).extend([vp.split()[0]] * n)
        else:
            breeds.setdefault(breed, []).append(str(n))
    parts = []
    for breed, marks in breeds.items():
        if marks and all(m.isdigit() for m in marks) and breed in (cards or {}):
            parts.append(breed + (f" x{marks[0]}" if marks[0] != "1" else ""))
        else:
            parts.append(f"{breed} {'/'.join(marks)} VP")
    return ", ".join(parts) or "empty"


def _notes(state: Mapping[str, Any]) -> list[str]:
    board = state.get("board") or {}
    kinds = state.get("tile_kinds") or []
    columns = []
    for c, column in enumerate(board.get("foresight") or [], start=1):
        tiles = "/".join(_tile(kinds, t) for t in column if t >= 0) or "-"
        columns.append(f"{c} {tiles}")
    market = [t for t in board.get("job_market") or [] if t >= 0]
    hire = ", ".join(_count(market.count(w), name) for w, name in enumerate(WORKERS))
    shown = [k for k, n in (board.get("objective_display") or {}).items() if n]
    notes = [
        f"foresight {' · '.join(columns) or '-'}",
        f"job market row {board.get('job_market_token_row', '?')}: {hire} · objectives "
        f"{', '.join(shown) or 'none'} (deck {board.get('objective_deck', 0)})",
        f"cattle market (deck {board.get('cattle_deck', 0)}): "
        f"{_market(board.get('cattle_market'))}",
    ]
    masters = []
    stations = board.get("station_master_stations") or []
    for slot, tile in enumerate(board.get("station_masters") or []):
        if 0 <= tile < len(MASTERS):
            station = stations[slot] + 1 if slot < len(stations) else "?"
            masters.append(f"{station} {MASTERS[tile].key}")
    if masters:
        notes.append("station masters (by station) " + ", ".join(masters))
    return [line for note in notes for line in textwrap.wrap(note, NOTE_WIDTH)]


def layout(view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The terminal layout of ``seat``'s view (``None``: the spectator's)."""
    state = view.get("state") or {}
    players = state.get("players") or []
    turn = state.get("turn", -1)
    title = "Great Western Trail"
    if isinstance(turn, int) and turn >= 0:
        title += f" · {_seat(turn)}'s turn"
    phase = state.get("phase")
    if phase:
        title += f" · {str(phase).replace('_', ' ')}"
    trigger = state.get("end_triggered_by", -1)
    if isinstance(trigger, int) and trigger >= 0:
        title += f" · the end was triggered by {_seat(trigger)}"
    me = players[seat] if seat is not None and 0 <= seat < len(players) else None
    board = [["trail", "building [cattlemen]",
              "then, the spaces that count as steps: buildings (owner), hazards (hand, VP)"],
             *_trail(state, players), *([n] for n in _notes(state))]
    return {
        "title": title,
        "you": _you(state, me) if me is not None else [],
        "others": [_other(state, s, p) for s, p in enumerate(players) if p is not me],
        "board": board,
    }
