"""Per-seat views: the public board and player boards; a seat's own hand and draw-pile
contents; other seats' hands and draw piles only as counts.

Views have a fixed shape (every card kind, tile space and city is always listed, absent
things as 0 or -1) so that learning code can encode them. Tiles are given by their index in
``tile_kinds``, spaces by their index in ``spaces``.

Beside those fields the view names every thing by its board id (``ids.py``): each player's
part has ``"id": "seat:N"``, and ``*_ids`` fields (or ``*_at`` for a single position) parallel
the fields they name, in the same fixed shape (every card kind listed, 0 when absent).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import ids as I
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    CITIES,
    DISC_ROWS,
    FIRST_HAZARD,
    HAZARD_TYPES,
    MASTER_STATIONS,
    MASTERS,
    NEUTRAL_SPACES,
    OBJECTIVES,
    PRIVATE_SPACES,
    SPACES,
    STATIONS,
    TEEPEE_BLUE,
    TEEPEE_GREEN,
    TILE_KEYS,
    WORKERS,
)
from boomtown.games.great_western_trail.state import GWT

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

TILE_KINDS = list(TILE_KEYS)
SPACE_KEYS = [s.key for s in SPACES]
HAZARD_KINDS = TILE_KEYS[5:]
CARD_KINDS = range(A.K)
CATTLE_KINDS = range(A.NC)
OBJECTIVE_KINDS = range(A.OBJ0, A.K)


def _cards(counts: list[int]) -> dict[str, int]:
    return {A.CARD_NAMES[k]: counts[k] for k in range(A.K)}


def _card_ids(counts: list[int], place: str, kinds: range = CARD_KINDS) -> dict[str, int]:
    """Every card kind of ``kinds`` by its id in ``place``, with its count there (0 when
    absent: the shape is fixed, as the name-keyed fields)."""
    return {I.card_id(k, place): counts[k] for k in kinds}


def _maybe(tile: int, place: str) -> str | None:
    return I.tile_id(tile, place) if tile >= 0 else None


def _owned_tiles(st: St, s: int) -> dict[str, int]:
    """Seat ``s``'s teepees and hazards by tile id, every kind listed (beside ``teepees``
    and ``hazards``)."""
    own = I.seat_place(s)
    out = {I.tile_id(TEEPEE_GREEN, own): st.teepees[s][0],
           I.tile_id(TEEPEE_BLUE, own): st.teepees[s][1]}
    for t in range(FIRST_HAZARD, len(TILE_KEYS)):
        out[I.tile_id(t, own)] = 0
    for t in st.hazards[s]:
        out[I.tile_id(t, own)] += 1
    return out


def _player_ids(st: St, s: int, seat: int | None) -> dict[str, Any]:
    """The ids of what seat ``s``'s part of the view shows (its own hand only to itself),
    beside the fields they name and in the same fixed shape."""
    ids: dict[str, Any] = {
        "id": I.SEAT_IDS[s],
        "cattleman_at": I.SPACE_IDS[st.cattleman[s]] if st.cattleman[s] >= 0 else None,
        "engine_at": I.engine_at(st.engine[s]),
        "worker_ids": [I.worker_id(s, w) for w in range(len(WORKERS))],
        "disc_space_ids": [I.disc_row_id(s, d.index) for d in DISC_ROWS],
        "city_disc_ids": {I.CITY_IDS[c.index]: st.city_discs[s][c.index] for c in CITIES},
        # parallel to buildings_available: each building still in the seat's supply (None
        # for one placed or gone, and while its side is not drawn yet)
        "building_ids": [I.private_id(s, n + 1, st.side[n]) if free and st.side[n] >= 0
                         else None for n, free in enumerate(st.avail[s])],
        "tile_ids": _owned_tiles(st, s),
        # parallel to station_masters (the flags say which tiles the seat holds)
        "station_master_ids": list(I.MASTER_IDS),
        "objective_ids": _card_ids(
            [0] * A.OBJ0 + [st.committed[s].count(o.index) for o in OBJECTIVES],
            f"played.{s}", OBJECTIVE_KINDS),
        "discard_pile_ids": _card_ids(st.discard[s], f"discard.{s}"),
        "known_in_hand_ids": _card_ids(st.known[s], I.hand_place(s, seat)),
    }
    if seat == s:
        ids["hand_ids"] = _card_ids(st.hand[s], I.HAND)
        ids["draw_pile_ids"] = _card_ids(st.draw[s], I.DRAW)
    return ids


def _board_ids(st: St) -> dict[str, Any]:
    """The ids of what the board part of the view shows."""
    private: list[str | None] = []
    for code in st.private_at:
        if code < 0:
            private.append(None)
        else:
            owner, num = divmod(code, 10)
            private.append(I.private_id(owner, num + 1, st.side[num]))
    return {
        "neutral_building_ids": [I.NEUTRAL_IDS[b] if b >= 0 else None for b in st.neutral_at],
        "private_building_ids": private,
        "hazard_ids": {
            h: [_maybe(t, I.hazard_place(r, i)) for i, t in enumerate(st.hazard_rows[r])]
            for r, h in enumerate(HAZARD_TYPES)
        },
        "teepee_ids": [_maybe(t, I.teepee_place(i)) for i, t in enumerate(st.teepee_slots)],
        "job_market_ids": list(JOB_MARKET_IDS),
        "job_market_tile_ids": [_maybe(t, I.job_market_place(c)) for c, t in enumerate(st.jm)],
        "foresight_ids": [[_maybe(t, I.foresight_place(c, r)) for r, t in enumerate(col)]
                          for c, col in enumerate(st.foresight)],
        "cattle_market_ids": _card_ids(st.market, I.MARKET, CATTLE_KINDS),
        "cattle_deck_id": I.CATTLE_DECK,
        # in display order (the take-objective actions name a display slot)
        "objective_display_ids": [I.card_id(A.OBJ0 + o, I.DISPLAY) for o in st.obj_display],
        "objective_deck_id": I.OBJECTIVE_DECK,
        "station_master_ids": [I.MASTER_IDS[m] if m >= 0 else None for m in st.masters_at],
        "station_ids": list(I.STATION_IDS),
        "rail_ids": list(I.RAIL_IDS),
        "city_ids": list(I.CITY_IDS),
    }


JOB_MARKET_IDS = tuple(I.job_market_id(c) for c in range(A.JM_ROWS * A.JM_COLS))


@GWT.answers("view")
def view(st: St, seat: int | None) -> dict[str, Any]:
    players = []
    for s in range(st.num_players):
        owned_hazards = [0] * len(HAZARD_KINDS)
        for t in st.hazards[s]:
            owned_hazards[t - 5] += 1
        p: dict[str, Any] = {
            "money": st.money[s],
            "cattleman_space": st.cattleman[s],
            "engine": st.engine[s],
            "workers": dict(zip(WORKERS, st.workers[s], strict=True)),
            "station_master_workers": dict(zip(WORKERS, st.appointed[s], strict=True)),
            "certificates": R.cert_value(st, s),
            "certificate_limit": R.TRACK[R.cert_limit_index(st, s)],
            "permanent_certificates": st.cert_perm[s],
            "disc_spaces": list(st.discs[s]),
            "city_discs": {c.key: st.city_discs[s][c.index] for c in CITIES},
            # deliveries above counted with no disc (every disc already on a city, B1.4)
            "deliveries_without_disc": st.discless[s],
            "station_discs": list(st.station_discs[s]),
            "buildings_available": list(st.avail[s]),
            "teepees": {"green": st.teepees[s][0], "blue": st.teepees[s][1]},
            "hazards": dict(zip(HAZARD_KINDS, owned_hazards, strict=True)),
            "station_masters": [1 if m.index in st.masters[s] else 0 for m in MASTERS],
            "objectives": {o.key: st.committed[s].count(o.index) for o in OBJECTIVES},
            "hand_size": R.hand_total(st, s),
            "hand_limit": R.hand_limit(st, s),
            "step_limit": R.step_limit(st, s),
            "draw_pile": sum(st.draw[s]),
            "discard_pile": _cards(st.discard[s]),
            "known_in_hand": _cards(st.known[s]),
            "hidden_objectives_in_hand": len(st.hidden_obj[s]),
        }
        if seat == s:
            p["hand"] = _cards(st.hand[s])
            p["draw_pile_cards"] = _cards(st.draw[s])
        p.update(_player_ids(st, s, seat))
        players.append(p)
    owner = [-1] * len(PRIVATE_SPACES)
    number = [0] * len(PRIVATE_SPACES)
    for i, code in enumerate(st.private_at):
        if code >= 0:
            owner[i], number[i] = divmod(code, 10)
            number[i] += 1
    board = {
        "neutral_spaces": list(NEUTRAL_SPACES),
        "neutral_buildings": list(st.neutral_at),
        "private_spaces": list(PRIVATE_SPACES),
        "private_owner": owner,
        "private_number": number,
        "building_sides": list(st.side),
        "hazard_rows": {h: list(st.hazard_rows[i]) for i, h in enumerate(HAZARD_TYPES)},
        "teepee_spaces": list(st.teepee_slots),
        "job_market": list(st.jm),
        "job_market_token_row": st.token,
        "foresight": [list(col) for col in st.foresight],
        "supply_stacks": [sum(x) for x in st.stacks],
        "cattle_market": {A.CARD_NAMES[k]: st.market[k] for k in range(A.NC)},
        "cattle_deck": sum(st.market_deck),
        "objective_display": {o.key: int(o.index in st.obj_display) for o in OBJECTIVES},
        "objective_deck": len(st.obj_deck),
        # the tile index (or -1) on the station-master space of each of these stations
        "station_master_stations": list(MASTER_STATIONS),
        "station_masters": list(st.masters_at),
        "stations": len(STATIONS),
        **_board_ids(st),
    }
    return {
        "players": players,
        "board": board,
        "turn": st.turn_seat,
        "phase": R.phase_name(st),
        "end_triggered_by": st.end_trigger,
        "job_market_token_holder": st.holder,
        "tile_kinds": TILE_KINDS,
        "spaces": SPACE_KEYS,
        "tile_kind_ids": list(I.TILE_IDS),
        "space_ids": list(I.SPACE_IDS),
    }
