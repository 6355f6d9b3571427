"""Final scoring (facts B7.2; city values from the rule text) and the winner."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    ARROWS,
    CATTLE,
    CITIES,
    DISC_KEY,
    MASTERS,
    OBJECTIVES,
    SETUP,
    STATIONS,
    hazard_info,
)

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

TASKS = ("bld", "st", "tg", "tb", "hz", "v3", "v4", "v5", "sf")
TRACK: tuple[int, ...] = tuple(SETUP["cert_track"])


def building_vp(st: St, number: int) -> int:
    from boomtown.games.great_western_trail.data import PRIVATE, PRIVATE_BY

    b = PRIVATE[PRIVATE_BY[(number, "ab"[st.side[number - 1]])]]
    if b.craftsmen == 1:
        return int(st.options.building_vp_one_craftsman)
    return b.vp


def city_points(discs: list[int]) -> int:
    """Points of a seat's city discs: crests and completed green arrows (rule text)."""
    total = 0
    for c in CITIES:
        total += c.vp_each * discs[c.index]
        if discs[c.index]:
            total += c.vp_once
    for arrow in ARROWS:
        if discs[arrow.left] and discs[arrow.right]:
            total += arrow.vp
    return total


def deck(st: St, s: int) -> list[int]:
    return [st.hand[s][k] + st.draw[s][k] + st.discard[s][k] for k in range(A.K)]


def items(st: St, s: int) -> tuple[int, ...]:
    cards = deck(st, s)
    by_value = {v: sum(cards[k] for k in range(A.NC) if CATTLE[k].value == v) for v in (3, 4, 5)}
    return (
        sum(1 for c in st.private_at if c >= 0 and c // 10 == s),
        sum(st.station_discs[s]),
        st.teepees[s][0],
        st.teepees[s][1],
        len(st.hazards[s]),
        by_value[3],
        by_value[4],
        by_value[5],
        st.city_discs[s][CITIES[-1].index],
    )


def objective_vp(st: St, o: int) -> int:
    if OBJECTIVES[o].key == "m5":
        return int(st.options.objective_m5_vp)
    return OBJECTIVES[o].vp


def best_objectives(
    st: St, s: int
) -> tuple[int, list[int], list[int]]:
    """Best objective score: each owned item serves one card only. Committed cards that fail
    cost their penalty; cards still in the deck may be committed if fulfilled (B7.1).
    Returns (points, fulfilled cards, cards in the objective area at the end)."""
    committed = list(st.committed[s])
    cards = deck(st, s)
    loose = [k - A.OBJ0 for k in range(A.OBJ0, A.K) for _ in range(cards[k])]
    allcards = [(o, True) for o in committed] + [(o, False) for o in loose]
    needs = [tuple(OBJECTIVES[o].tasks.count(t) for t in TASKS) for o, _ in allcards]
    vps = [objective_vp(st, o) for o, _ in allcards]
    pens = [OBJECTIVES[o].penalty if c else 0 for o, c in allcards]

    @cache
    def solve(i: int, have: tuple[int, ...]) -> tuple[int, int]:
        if i == len(allcards):
            return 0, 0
        skip, mask = solve(i + 1, have)
        best = (skip - pens[i], mask)
        left = tuple(h - n for h, n in zip(have, needs[i], strict=True))
        if min(left) >= 0:
            take, mask2 = solve(i + 1, left)
            if take + vps[i] > best[0]:
                best = (take + vps[i], mask2 | 1 << i)
        return best

    points, mask = solve(0, items(st, s))
    done = [allcards[i][0] for i in range(len(allcards)) if mask >> i & 1]
    area = committed + [allcards[i][0] for i in range(len(allcards))
                        if mask >> i & 1 and not allcards[i][1]]
    return points, done, area


def seat_score(st: St, s: int) -> dict[str, int]:
    obj_points, _done, area = best_objectives(st, s)
    cards = deck(st, s)
    certs = TRACK[st.cert[s]] + st.cert_perm[s]
    masters = 0
    for m in st.masters[s]:
        kind = MASTERS[m].scoring
        if kind == "workers":
            masters += sum(st.workers[s])
        elif kind == "objectives":
            masters += 3 * (len(area) // 2)
        elif kind == "hazards":
            masters += 3 * (len(st.hazards[s]) // 2)
        elif kind == "teepee_pairs":
            masters += 3 * min(st.teepees[s])
        elif kind == "certificates":
            masters += 3 * (certs // 2)
    return {
        "money": st.money[s] // 5,
        "buildings": sum(building_vp(st, c % 10 + 1) for c in st.private_at
                         if c >= 0 and c // 10 == s),
        "cities": city_points(st.city_discs[s]),
        "stations": sum(STATIONS[k].vp for k in range(10) if st.station_discs[s][k]),
        "hazards": sum(hazard_info(t)[2] for t in st.hazards[s]),
        "cattle": sum(CATTLE[k].vp * cards[k] for k in range(A.NC)),
        "objectives": obj_points,
        "station_masters": masters,
        "workers": 4 * sum(max(0, w - 4) for w in st.workers[s]),
        "step_disc": 3 if st.discs[s][DISC_KEY["step_vp"]] == 0 else 0,
        "job_market_token": int(SETUP["job_market_token_vp"]) if st.holder == s else 0,
    }


def breakdown(st: St) -> dict[str, Any]:
    seats = []
    totals = []
    for s in range(st.num_players):
        parts = seat_score(st, s)
        total = sum(parts.values())
        totals.append(total)
        seats.append({"seat": s, "total": total, "money_left": st.money[s], **parts})
    return {"seats": seats, "winners": winners(st, totals)}


def winners(st: St, totals: list[int]) -> list[int]:
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        most = max(st.money[s] for s in tied)
        tied = [s for s in tied if st.money[s] == most]
    if len(tied) > 1 and st.options.tie_break == "money_then_seat":
        tied = tied[:1]
    return tied


def returns(st: St) -> list[float]:
    won = set(breakdown(st)["winners"])
    return [1.0 if s in won else 0.0 for s in range(st.num_players)]
