"""Per-seat views: the public board and player boards; a seat's own hand and draw-pile
contents; other seats' hands and draw piles only as counts.

Views have a fixed shape (every card kind, tile space and city is always listed, absent
things as 0 or -1) so that learning code can encode them. Tiles are given by their index in
``tile_kinds``, spaces by their index in ``spaces``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    CITIES,
    HAZARD_TYPES,
    MASTER_STATIONS,
    MASTERS,
    NEUTRAL_SPACES,
    OBJECTIVES,
    PRIVATE_SPACES,
    SPACES,
    STATIONS,
    TILE_KEYS,
    WORKERS,
)

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

TILE_KINDS = list(TILE_KEYS)
SPACE_KEYS = [s.key for s in SPACES]
HAZARD_KINDS = TILE_KEYS[5:]


def _cards(counts: list[int]) -> dict[str, int]:
    return {A.CARD_NAMES[k]: counts[k] for k in range(A.K)}


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
    }
    return {
        "players": players,
        "board": board,
        "turn": st.turn_seat,
        "phase": st.stack[-1][0] if st.stack else "over",
        "end_triggered_by": st.end_trigger,
        "job_market_token_holder": st.holder,
        "tile_kinds": TILE_KINDS,
        "spaces": SPACE_KEYS,
    }
