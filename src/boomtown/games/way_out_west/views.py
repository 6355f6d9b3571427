"""What a seat may see. Way Out West hides nothing but the dice to come: every view is the
whole public position (money, bids, counters, cowboys, cattle, Wanted counters, the fight)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west import gunfights, rules, scoring
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
    C,
    T,
)

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

RESULTS = {-1: "ongoing", 0: "attacker wins", 1: "defender wins", 2: "nobody wins"}


def _town(st: St, t: int) -> dict[str, Any]:
    n = st.num_players
    spec = DATA.towns[t]
    return {
        "town": t,
        "name": spec.name,
        "building_spaces": spec.building_spaces,
        "corrals": spec.corrals,
        "size": st.town_size(t),
        "counters": {
            A.COUNTER_NAMES[k]: st.owner[t * C + k] for k in range(C) if st.owner[t * C + k] >= 0
        },
        "cowboys": [st.cowboys[s * T + t] for s in range(n)],
        "cattle": [st.cattle[s * T + t] for s in range(n)],
        "farmer": st.farmer[t],
        "cattle_income": scoring.cattle_income_rate(st, t),
        "cattle_vp": scoring.cattle_vp(st, t),
    }


def _player(st: St, s: int) -> dict[str, Any]:
    return {
        "seat": s,
        "money": st.money[s],
        "turn_order_space": st.order.index(s) + 1,
        "bid": st.bids[s],
        "bidding": bool(st.in_auction[s]),
        "cowboys_in_supply": st.cowboy_supply[s],
        "cattle_in_supply": st.cattle_supply[s],
        "counters_in_supply": {A.COUNTER_NAMES[k]: st.csupply[s * C + k] for k in range(C)},
        "counters_out_of_play": {A.COUNTER_NAMES[k]: st.cout[s * C + k] for k in range(C)},
        "wanted": st.wanted[s],
        "farmers_taken": st.farmers_taken[s],
    }


def view(st: St, seat: int | None) -> dict[str, Any]:
    f = st.fight
    fight: dict[str, Any] | None = None
    if f[F_ACTIVE]:
        fight = {
            "attacker": f[F_ATT],
            "defender": f[F_DEF],
            "target": gunfights.target_text(st),
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
        "high_bid": st.high,
        "boxes_left": {key: st.boxes_left[i] for i, key in enumerate(BOX_KEYS)},
        "towns": [_town(st, t) for t in range(T)],
        "players": [_player(st, s) for s in range(st.num_players)],
        "farmers_in_supply": st.farmer_supply,
        "farmers_out_of_play": st.farmer_out,
        "wanted_in_supply": st.wanted_supply,
        "gunfight": fight,
        "score": scoring.breakdown(st),
        "action_space": A.SIZE,
    }
