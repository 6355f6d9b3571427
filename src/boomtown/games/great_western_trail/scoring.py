"""Final scoring (facts B7.2; city values from the rule text) and the winner."""

from __future__ import annotations

from functools import lru_cache
from operator import add, mul
from typing import TYPE_CHECKING, Any

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    ARROWS,
    CATTLE,
    CITIES,
    DISC_KEY,
    DISC_ROWS,
    FIRST_HAZARD,
    MASTERS,
    OBJECTIVES,
    PRIVATE,
    PRIVATE_BY,
    SETUP,
    STATIONS,
    TILE_KEYS,
    hazard_info,
)
from boomtown.games.great_western_trail.state import GWT

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

TASKS = ("bld", "st", "tg", "tb", "hz", "v3", "v4", "v5", "sf")
TRACK: tuple[int, ...] = tuple(SETUP["cert_track"])
SF = CITIES[-1].index
CATTLE_VP = tuple(c.vp for c in CATTLE)
#: The cattle kinds of breeding value 3, 4 and 5 (objective tasks v3, v4, v5).
VALUE_KINDS = tuple(tuple(c.index for c in CATTLE if c.value == v) for v in (3, 4, 5))
STATION_VP = tuple(station.vp for station in STATIONS)
#: (vp, craftsmen) of private building number n + 1 on side a (0) or b (1).
PRIVATE_VP = tuple(
    tuple((PRIVATE[PRIVATE_BY[(n + 1, side)]].vp, PRIVATE[PRIVATE_BY[(n + 1, side)]].craftsmen)
          for side in "ab")
    for n in range(10)
)
#: (city, points per disc, points once) of the cities that score, and (city, city, points)
#: of the green arrows that score (rule text).
CITY_TERMS = tuple((c.index, c.vp_each, c.vp_once) for c in CITIES if c.vp_each or c.vp_once)
ARROW_TERMS = tuple((a.left, a.right, a.vp) for a in ARROWS if a.vp)
#: Points of each tile kind owned as a hazard (0 for the other kinds).
HAZARD_VP = tuple(hazard_info(t)[2] if t >= FIRST_HAZARD else 0 for t in range(len(TILE_KEYS)))
D_STEP_VP = DISC_KEY["step_vp"]
#: Points of the cleared step disc that scores at the end (U11, from the data).
STEP_DISC_VP = DISC_ROWS[D_STEP_VP].vp
TOKEN_VP = int(SETUP["job_market_token_vp"])


def building_vp(st: St, number: int) -> int:
    """Points of private building ``number`` (on the side in play)."""
    vp, craftsmen = PRIVATE_VP[number - 1][st.side[number - 1]]
    return int(st.options.building_vp_one_craftsman) if craftsmen == 1 else vp


def city_points(discs: list[int]) -> int:
    """Points of a seat's city discs: crests and completed green arrows (rule text)."""
    total = 0
    for c, each, once in CITY_TERMS:
        if discs[c]:
            total += each * discs[c] + once
    for a, b, vp in ARROW_TERMS:
        if discs[a] and discs[b]:
            total += vp
    return total


def deck(st: St, s: int) -> list[int]:
    """Seat ``s``'s cards of every kind: hand, draw pile and discard pile."""
    return list(map(add, map(add, st.hand[s], st.draw[s]), st.discard[s]))


def items(st: St, s: int, cards: list[int] | None = None) -> tuple[int, ...]:
    """What seat ``s`` owns for the objective tasks, in ``TASKS`` order (``cards``: its
    ``deck``, if already known)."""
    if cards is None:
        cards = deck(st, s)
    v3, v4, v5 = (sum([cards[k] for k in kinds]) for kinds in VALUE_KINDS)
    own = s * 10
    return (
        len([c for c in st.private_at if own <= c < own + 10]),
        sum(st.station_discs[s]),
        st.teepees[s][0],
        st.teepees[s][1],
        len(st.hazards[s]),
        v3,
        v4,
        v5,
        st.city_discs[s][SF],
    )


#: (committed cards, cards still in the deck, owned items): see ``objective_cards``.
ObjectiveCards = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def objective_cards(st: St, s: int, cards: list[int] | None = None) -> ObjectiveCards:
    """(committed cards, cards still in the deck, owned items) of seat ``s``: the inputs of
    ``assign_objectives``."""
    if cards is None:
        cards = deck(st, s)
    loose = tuple([o for o, n in enumerate(cards[A.OBJ0:]) if n for _ in range(n)])
    return tuple(st.committed[s]), loose, items(st, s, cards)


def objective_vp(st: St, o: int) -> int:
    if OBJECTIVES[o].key == "m5":
        return int(st.options.objective_m5_vp)
    return OBJECTIVES[o].vp


def area_bonus(st: St, s: int) -> int:
    """Points per 2 cards in the objective area: 3 for each station master scoring that."""
    return 3 * sum(1 for m in st.masters[s] if MASTERS[m].scoring == "objectives")


@lru_cache(maxsize=1 << 16)
def assign_objectives(
    committed: tuple[int, ...], loose: tuple[int, ...], have: tuple[int, ...], m5_vp: int,
    bonus: int,
) -> tuple[int, int, int]:
    """The objective assignment that maximises a seat's points (B7.1, facts B7.2).

    ``committed`` cards are in the objective area (a failed one costs its penalty);
    ``loose`` ones are still in the deck and may be left out, committed and failed, or
    committed and fulfilled. ``have`` counts the owned items (``TASKS`` order), each serving
    one card only. ``bonus`` is what every 2 cards in the area add (station masters).
    Returns (objective points, mask of fulfilled cards, mask of cards in the area), the masks
    over ``committed + loose``. Cached: the bots' evaluation asks often.
    """
    cards = committed + loose
    needs = [tuple(OBJECTIVES[o].tasks.count(t) for t in TASKS) for o in cards]
    vps = [m5_vp if OBJECTIVES[o].key == "m5" else OBJECTIVES[o].vp for o in cards]
    pens = [OBJECTIVES[o].penalty for o in cards]
    n, first_loose = len(cards), len(committed)
    memo: dict[tuple[int, tuple[int, ...], int], tuple[int, int, int, int]] = {}

    def solve(i: int, left: tuple[int, ...], odd: int) -> tuple[int, int, int, int]:
        """Best (total, objective points, fulfilled mask, area mask) from card i on, with
        ``left`` items free and an odd number of cards in the area so far if ``odd``."""
        if i == n:
            return 0, 0, 0, 0
        key = (i, left, odd)
        found = memo.get(key)
        if found is not None:
            return found
        bit = 1 << i
        # a card put into the area completes a pair when the count so far is odd
        pair, next_odd = (bonus, 0) if odd else (0, 1 if bonus else 0)
        t, p, done, area = solve(i + 1, left, next_odd)  # in the area, failed
        best = (t - pens[i] + pair, p - pens[i], done, area | bit)
        if i >= first_loose:  # or left in the deck
            t, p, done, area = solve(i + 1, left, odd)
            if t > best[0]:
                best = (t, p, done, area)
        rest = tuple(h - k for h, k in zip(left, needs[i], strict=True))
        if min(rest) >= 0:  # in the area, fulfilled
            t, p, done, area = solve(i + 1, rest, next_odd)
            if t + vps[i] + pair > best[0]:
                best = (t + vps[i] + pair, p + vps[i], done | bit, area | bit)
        memo[key] = best
        return best

    _total, points, done, area = solve(0, have, 0)
    return points, done, area


def best_objectives(st: St, s: int) -> tuple[int, list[int], list[int]]:
    """Seat ``s``'s best objective assignment, counting the station masters that score the
    objective area (see ``assign_objectives``).
    Returns (objective points, fulfilled cards, cards in the objective area at the end)."""
    committed, loose, have = objective_cards(st, s)
    points, done, area = assign_objectives(
        committed, loose, have, int(st.options.objective_m5_vp), area_bonus(st, s))
    allcards = committed + loose
    return (points, [o for i, o in enumerate(allcards) if done >> i & 1],
            [o for i, o in enumerate(allcards) if area >> i & 1])


def seat_score(
    st: St, s: int, cards: list[int] | None = None, objectives: ObjectiveCards | None = None
) -> dict[str, int]:
    """Seat ``s``'s points in every category if the game ended now. A caller that has them
    already may pass ``cards`` (``deck(st, s)``) and ``objectives`` (``objective_cards``)."""
    if cards is None:
        cards = deck(st, s)
    if objectives is None:
        objectives = objective_cards(st, s, cards)
    committed, loose, have = objectives
    obj_points, _done, area = assign_objectives(
        committed, loose, have, int(st.options.objective_m5_vp), area_bonus(st, s))
    workers, hazards, teepees = st.workers[s], st.hazards[s], st.teepees[s]
    masters = 0
    for m in st.masters[s]:
        kind = MASTERS[m].scoring
        if kind == "workers":
            masters += sum(workers)
        elif kind == "objectives":
            masters += 3 * (area.bit_count() // 2)
        elif kind == "hazards":
            masters += 3 * (len(hazards) // 2)
        elif kind == "teepee_pairs":
            masters += 3 * min(teepees)
        elif kind == "certificates":
            masters += 3 * ((TRACK[st.cert[s]] + st.cert_perm[s]) // 2)
    buildings = 0
    own = s * 10
    for c in st.private_at:
        if own <= c < own + 10:
            buildings += building_vp(st, c - own + 1)
    return {
        "money": st.money[s] // 5,
        "buildings": buildings,
        "cities": city_points(st.city_discs[s]),
        "stations": sum(map(mul, STATION_VP, st.station_discs[s])),
        "hazards": sum([HAZARD_VP[t] for t in hazards]),
        "cattle": sum(map(mul, CATTLE_VP, cards)),
        "objectives": obj_points,
        "station_masters": masters,
        "workers": 4 * sum([w - 4 for w in workers if w > 4]),
        "step_disc": STEP_DISC_VP if st.discs[s][D_STEP_VP] == 0 else 0,
        "job_market_token": TOKEN_VP if st.holder == s else 0,
    }


@GWT.answers("score_breakdown")
def breakdown(st: St) -> dict[str, Any]:
    """Every seat's points by category and its total, as if the game ended now: ``totals``
    (one number per seat, final once the game is over), ``seats`` (the parts) and ``winners``
    (who would win now)."""
    seats = []
    totals = []
    for s in range(st.num_players):
        parts = seat_score(st, s)
        total = sum(parts.values())
        totals.append(total)
        seats.append({"seat": s, "total": total, "money_left": st.money[s], **parts})
    return {"totals": totals, "seats": seats, "winners": winners(st, totals)}


def winners(st: St, totals: list[int]) -> list[int]:
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        most = max(st.money[s] for s in tied)
        tied = [s for s in tied if st.money[s] == most]
    if len(tied) > 1 and st.options.tie_break == "money_then_seat":
        tied = tied[:1]
    return tied


@GWT.answers("returns")
def returns(st: St) -> list[float]:
    won = set(breakdown(st)["winners"])
    return [1.0 if s in won else 0.0 for s in range(st.num_players)]
