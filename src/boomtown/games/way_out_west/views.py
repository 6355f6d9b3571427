"""What a seat may see. Way Out West hides nothing but the dice to come: every view is the
whole public position (money, bids, counters, cowboys, cattle, Wanted counters, the fight).

Next to its plain fields the view names every thing on the board by its catalogue id
(:mod:`ids`): ``id`` of a town or a seat, ``*_id`` / ``*_ids`` beside the counts and owners.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west import gunfights, rules, scoring
from boomtown.games.way_out_west import ids as I
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.state import (
    BOX_KEYS,
    F_ACOW,
    F_ACTIVE,
    F_ASHER,
    F_ATT,
    F_DCOW,
    F_DEF,
    F_DEXTRA,
    F_DSHER,
    F_RESULT,
    F_TOWN,
    WOW,
    C,
    T,
)

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

RESULTS = {-1: "ongoing", 0: "attacker wins", 1: "defender wins", 2: "nobody wins"}
#: The view's box keys and their ids (constant).
BOX_ID_MAP = dict(zip(BOX_KEYS, I.BOX_IDS, strict=True))
#: COUNTER_ID_MAPS[t]: the id of each counter type's place in town t, by the counter's name.
#: A town holds at most one counter of a type, so the place names the counter while one
#: stands there (``counters`` gives its owner). Every place is listed, so the ids in a town's
#: view never change (a board keeps its slots; a learned encoding of the view sees one string
#: at each place). Shared: read-only, a copy per view.
COUNTER_ID_MAPS = tuple(
    dict(zip(A.COUNTER_NAMES, I.COUNTER_AT[t], strict=True)) for t in range(T)
)


def _town(st: St, t: int) -> dict[str, Any]:
    n = st.num_players
    spec = DATA.towns[t]
    row = st.owner[t * C:(t + 1) * C]
    return {
        "id": I.TOWN_IDS[t],
        "town": t,
        "name": spec.name,
        "building_spaces": spec.building_spaces,
        "corrals": spec.corrals,
        "size": st.town_size(t),
        "counters": {A.COUNTER_NAMES[k]: row[k] for k in range(C) if row[k] >= 0},
        "counter_ids": dict(COUNTER_ID_MAPS[t]),
        "cowboys": [st.cowboys[s * T + t] for s in range(n)],
        "cowboy_ids": list(I.COWBOY_AT[t][:n]),
        "cattle": [st.cattle[s * T + t] for s in range(n)],
        "cattle_ids": list(I.CATTLE_AT[t][:n]),
        "farmer": st.farmer[t],
        "farmer_id": I.FARMER_AT[t],
        "sheriff_id": I.SHERIFF_AT[t],
        "cattle_income": scoring.cattle_income_rate(st, t),
        "cattle_vp": scoring.cattle_vp(st, t),
    }


def _player(st: St, s: int) -> dict[str, Any]:
    return {
        "id": I.SEAT_IDS[s],
        "seat": s,
        "money": st.money[s],
        "turn_order_space": st.order.index(s) + 1,
        "bid": st.bids[s],
        "bidding": bool(st.in_auction[s]),
        "cowboys_in_supply": st.cowboy_supply[s],
        "cowboy_supply_id": I.COWBOY_SUPPLY[s],
        "cattle_in_supply": st.cattle_supply[s],
        "cattle_supply_id": I.CATTLE_SUPPLY[s],
        "counters_in_supply": {A.COUNTER_NAMES[k]: st.csupply[s * C + k] for k in range(C)},
        "counter_supply_ids": dict(zip(A.COUNTER_NAMES, I.COUNTER_SUPPLY[s], strict=True)),
        "counters_out_of_play": {A.COUNTER_NAMES[k]: st.cout[s * C + k] for k in range(C)},
        "counter_out_ids": dict(zip(A.COUNTER_NAMES, I.COUNTER_OUT[s], strict=True)),
        "wanted": st.wanted[s],
        "wanted_id": I.WANTED_HELD[s],
        "farmers_taken": st.farmers_taken[s],
    }


def target_id(t: int, slot: int) -> str:
    """The id of a gunfight's target in town ``t`` (a slot of ``actions.attack_id``): a
    counter, a seat's cattle or the Farmer."""
    if slot < C:
        return I.COUNTER_AT[t][slot]
    if slot < A.SLOT_FARMER:
        return I.CATTLE_AT[t][slot - A.SLOT_CATTLE]
    return I.FARMER_AT[t]


@WOW.answers("view")
def view(st: St, seat: int | None) -> dict[str, Any]:
    f = st.fight
    fight: dict[str, Any] | None = None
    if f[F_ACTIVE]:
        t, d = f[F_TOWN], f[F_DEF]
        fight = {
            "attacker": f[F_ATT],
            "defender": d,
            "target": gunfights.target_text(st),
            "town_id": I.TOWN_IDS[t],
            "attacker_id": I.SEAT_IDS[f[F_ATT]],
            "defender_id": I.SEAT_IDS[d] if d >= 0 else None,
            "attacker_cowboys": f[F_ACOW],
            "attacker_sheriff": bool(f[F_ASHER]),
            "defender_cowboys": f[F_DCOW],
            "defender_sheriff": bool(f[F_DSHER]),
            "defender_other": f[F_DEXTRA],
            "result": RESULTS[f[F_RESULT]],
        }
    return {
        "round": st.round,
        "rounds": st.rounds,
        "income_after": list(st.income_after),
        "decision": {"seat": st.current_player, "prompt": rules.describe(st)},
        "turn_order": list(st.order),
        "turn_order_ids": list(I.TURN_IDS[:st.num_players]),
        "high_bid": st.high,
        "boxes_left": {key: st.boxes_left[i] for i, key in enumerate(BOX_KEYS)},
        "box_ids": dict(BOX_ID_MAP),
        "towns": [_town(st, t) for t in range(T)],
        "players": [_player(st, s) for s in range(st.num_players)],
        "farmers_in_supply": st.farmer_supply,
        "farmer_supply_id": I.FARMER_SUPPLY,
        "farmers_out_of_play": st.farmer_out,
        "farmer_out_id": I.FARMER_OUT,
        "wanted_in_supply": st.wanted_supply,
        "wanted_supply_id": I.WANTED_SUPPLY,
        "gunfight": fight,
        "score": scoring.breakdown(st),
        "action_space": A.SIZE,
    }
