"""What one seat may see: built only from public facts and that seat's own secrets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boomtown.games.western_town import actions as A
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


def _player(st: St, s: int, viewer: int | None) -> dict[str, Any]:
    own = viewer == s
    n = st.num_players
    sites = []
    for x in range(S):
        k = st.site[s * S + x]
        site = DATA.sites[x]
        sites.append({
            "site": x,
            "number": site.number,
            "zone4": site.zone4,
            "effect": site.effect,
            "extra_home": site.extra_home,
            "building": DATA.cards[k].name if k >= 0 else None,
            "destroyed": bool(st.destroyed[s * S + x]),
        })
    out: dict[str, Any] = {
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
        "western_town_card": (
            DATA.start_cards[st.start_card[s]].name if st.start_card[s] >= 0 else None
        ),
    }
    if own:
        out["hand"] = _cards(st.zone_list(s, HAND))
        out["inactive"] = _cards(st.zone_list(s, INACTIVE))
        out["face_down_cards"] = _cards(st.zone_list(s, HDOWN))
        out["committed_card"] = DATA.cards[st.pending[s]].name if st.pending[s] >= 0 else None
    elif viewer is not None:
        base = (viewer * n + s) * K
        out["known_in_hand"] = _cards(st.known[base : base + K])
    return out


def view(st: St, seat: int | None) -> dict[str, Any]:
    stocks = []
    for g, seats in enumerate(st.groups):
        stocks.append({
            "seats": list(seats),
            "lead_marshal": st.lm[g],
            "grand_manitou": st.gm[g],
            "camp": {"red": st.camp[g * 3], "orange": st.camp[g * 3 + 1],
                     "peace_pipes": st.camp[g * 3 + 2]},
            "star_stock": sorted(DATA.cards[k].name for k in st.stock[g * 2] + st.stock[g * 2 + 1]),
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
        },
        "players": [_player(st, s, seat) for s in range(st.num_players)],
        "score": scoring.breakdown(st),
        "action_space": A.SIZE,
    }
