"""What one seat may see: built only from public facts and that seat's own secrets.

Beside each field that names a thing, an ``..._id`` / ``..._ids`` field names it by its board
id (:mod:`ids`), which a client looks up in the catalogue and finds as an action's target. The
id fields have a fixed shape, so that learning code sees the same keys in every view: a card
row lists every card kind (0 when absent), and a site always names its destroyed marker's
place (``marker_id``; the marker lies there while ``destroyed`` is true).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boomtown.games.western_town import actions as A
from boomtown.games.western_town import ids as I
from boomtown.games.western_town import rules, scoring
from boomtown.games.western_town.data import DATA, RESOURCES
from boomtown.games.western_town.state import (
    DOWN,
    HAND,
    HDOWN,
    INACTIVE,
    NR,
    SEAT_COLOURS,
    UP,
    K,
    S,
)

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St


def _cards(counts: Sequence[int]) -> dict[str, int]:
    return {DATA.cards[k].name: n for k, n in enumerate(counts) if n}


def _card_ids(counts: Sequence[int], refs: Sequence[str]) -> dict[str, int]:
    """The cards of ``counts`` by their ids (``refs``: the ids of every kind in one place),
    every kind listed (0 when absent)."""
    return dict(zip(refs, counts, strict=True))


#: Per site: the facts of the data a view shows (the same for every seat and every view).
_SITE_FACTS = [
    {"site": x, "number": site.number, "zone4": site.zone4, "effect": site.effect,
     "extra_home": site.extra_home}
    for x, site in enumerate(DATA.sites)
]


def _player(st: St, s: int, viewer: int | None) -> dict[str, Any]:
    own = viewer == s
    n = st.num_players
    sites = []
    site_ids, building_ids, marker_ids = I.SITE_AT[s], I.BUILDING_AT[s], I.DESTROYED_AT[s]
    for x in range(S):
        k = st.site[s * S + x]
        destroyed = bool(st.destroyed[s * S + x])
        sites.append({
            **_SITE_FACTS[x],
            "building": DATA.cards[k].name if k >= 0 else None,
            "destroyed": destroyed,
            "id": site_ids[x],
            "building_id": building_ids[x][k] if k >= 0 else None,
            "marker_id": marker_ids[x],
        })
    start = st.start_card[s]
    out: dict[str, Any] = {
        "id": I.SEAT_IDS[s],
        "seat": s,
        "colour": SEAT_COLOURS[s],
        "resources": {r: st.res[s * NR + i] for i, r in enumerate(RESOURCES)},
        "homes": st.construction_homes(s),  # as a construction's minimum counts them
        "homes_at_final_scoring": st.homes(s),  # minus one per destroyed marker
        "pink_homes": st.pink_homes(s),
        "hand_size_limit": rules.hand_size(st, s),
        "storage": {r: st.storage(s, i) for i, r in enumerate(RESOURCES) if r in "GWC"},
        "sites": sites,
        "homestead_tiles": st.hs_tiles[s],
        "homestead_card_by_board": bool(st.home_card[s]),
        "constructible": [DATA.cards[k].name for k in range(K) if st.avail[s * K + k]],
        "table_up": _cards(st.zone_list(s, UP)),
        "table_down": _cards(st.zone_list(s, DOWN)),
        "face_down_without_effect": sum(st.zone_list(s, HDOWN)),
        "hand_count": sum(st.zone_list(s, HAND)),
        "inactive_count": sum(st.zone_list(s, INACTIVE)),
        "has_committed_card": st.pending[s] >= 0,
        "cards_played": st.played[s],
        "passed": bool(st.passed[s]),
        "lincoln_homes": st.lincoln_homes[s],
        "lincoln_cards": [DATA.lincoln[c].key for t, c in st.lincoln_won if t == s],
        "western_town_card": DATA.start_cards[start].name if start >= 0 else None,
        # the same things by their board ids
        "resource_ids": dict(I.RESOURCE_AT[s]),
        "homestead_tiles_id": I.HOMESTEAD_TILES_AT[s] if st.hs_tiles[s] else None,
        "homestead_card_id": I.HOMESTEAD_CARD_AT[s] if st.home_card[s] else None,
        "constructible_ids": _card_ids(st.avail[s * K : (s + 1) * K], I.BUILD_AT[s]),
        "table_up_ids": _card_ids(st.zone_list(s, UP), I.TABLE_AT[s]),
        "table_down_ids": _card_ids(st.zone_list(s, DOWN), I.DOWN_AT[s]),
        "lincoln_marker_id": I.LINCOLN_MARKER_AT[s] if st.lincoln_homes[s] else None,
        "lincoln_card_ids": [I.LINCOLN_IDS[c] for t, c in st.lincoln_won if t == s],
        "western_town_card_id": I.START_IDS[start] if start >= 0 else None,
    }
    if own:
        pending = st.pending[s]
        hand, inactive, hdown = st.zone_list(s, HAND), st.zone_list(s, INACTIVE), st.zone_list(
            s, HDOWN)
        out["hand"] = _cards(hand)
        out["inactive"] = _cards(inactive)
        out["face_down_cards"] = _cards(hdown)
        out["committed_card"] = DATA.cards[pending].name if pending >= 0 else None
        out["hand_ids"] = _card_ids(hand, I.HAND_AT)
        out["inactive_ids"] = _card_ids(inactive, I.INACTIVE_AT)
        out["face_down_card_ids"] = _card_ids(hdown, I.FACEDOWN_AT)
        out["committed_card_id"] = I.COMMITTED_AT[pending] if pending >= 0 else None
    elif viewer is not None:
        base = (viewer * n + s) * K
        known = st.known[base : base + K]
        out["known_in_hand"] = _cards(known)
        out["known_in_hand_ids"] = _card_ids(known, I.HAND_OF[s])
    return out


def view(st: St, seat: int | None) -> dict[str, Any]:
    stocks = []
    for g, seats in enumerate(st.groups):
        stock = st.stock[g * 2] + st.stock[g * 2 + 1]
        red, orange = I.INDIAN_AT[g]
        stocks.append({
            "id": I.GROUP_IDS[g],
            "seats": list(seats),
            "lead_marshal": st.lm[g],
            "grand_manitou": st.gm[g],
            "camp": {"red": st.camp[g * 3], "orange": st.camp[g * 3 + 1],
                     "peace_pipes": st.camp[g * 3 + 2]},
            "star_stock": sorted(DATA.cards[k].name for k in stock),
            "lead_marshal_id": I.LEAD_MARSHAL_AT[g],
            "grand_manitou_id": I.GRAND_MANITOU_AT[g],
            "camp_ids": {"red": red, "orange": orange, "peace_pipes": I.CAMP_PIPES_AT[g]},
            "star_stock_ids": [I.STOCK_AT[g][k] for k in sorted(stock)],
        })
    current = st.lincoln_current
    return {
        "round": st.round,
        "rounds": st.rounds,
        "decision": {"seat": st.current_player, "prompt": rules.describe(st)},
        "groups": stocks,
        "lincoln": {
            "current": DATA.lincoln[current].key if current >= 0 else None,
            "revealed": [DATA.lincoln[c].key for c in st.lincoln_revealed],
            "unseen": len(st.lincoln_left),
            "multipliers": scoring.multipliers(st),
            "current_id": I.LINCOLN_IDS[current] if current >= 0 else None,
            "revealed_ids": [I.LINCOLN_IDS[c] for c in st.lincoln_revealed],
        },
        "indian_die_ids": list(I.DIE_IDS),
        "players": [_player(st, s, seat) for s in range(st.num_players)],
        "score": scoring.breakdown(st),
        "action_space": A.SIZE,
    }
