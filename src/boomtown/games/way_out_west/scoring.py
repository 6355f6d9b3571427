"""Income (after rounds 3, 6, 9 and 12) and the final score.

Income: each cattle counter $2 ($1 with a Farmer in the town), doubled by a Train there;
a Bank $2 per counter in its town; a Store $1 per other player's cattle and $2 per Farmer in
its town; a Hotel $1 per other player's cowboy in its town. (StageCoaches pay at once, when
cowboys are placed in or moved out of their town.)

Final score: each counter scores its town's size (counters in the town, itself included);
each cattle counter 1 VP, 2 with a Train, 1 less with a Farmer; the player with the most
counters + cattle in a town scores its size; most money +5 (tie: 2 each); most Wanted +4
(when every seat has none, the option ``all_zero_bonus`` decides).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import TERMINAL
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.state import BANK, HOTEL, STORE, TRAIN, WOW, C, T

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

INC = DATA.income
SC = DATA.scoring


def cattle_income_rate(st: St, t: int) -> int:
    """Dollars one cattle counter earns in town ``t`` at income."""
    rate = INC.cattle_with_farmer if st.farmer[t] else INC.cattle
    if st.owner[t * C + TRAIN] >= 0:
        rate *= INC.train_multiplier
    return rate


def income_by_source(st: St) -> dict[str, list[int]]:
    """What every seat earns at an income round, by source: one list per source, by seat."""
    n = st.num_players
    cattle_paid, bank_paid, store_paid, hotel_paid = [0] * n, [0] * n, [0] * n, [0] * n
    owner, cattle = st.owner, st.cattle
    for t in range(T):
        herds = cattle[t::T]  # every seat's cattle in town t
        if any(herds):
            rate = cattle_income_rate(st, t)
            for s in range(n):
                cattle_paid[s] += herds[s] * rate
        row = owner[t * C:(t + 1) * C]
        bank, store, hotel = row[BANK], row[STORE], row[HOTEL]
        if bank >= 0:
            bank_paid[bank] += INC.bank_per_counter * (C - row.count(-1))  # the town's size
        if store >= 0:
            others = sum(herds) - herds[store]
            store_paid[store] += (INC.store_per_other_cattle * others
                                  + INC.store_per_farmer * st.farmer[t])
        if hotel >= 0:
            posse = st.cowboys[t::T]  # every seat's cowboys in town t
            hotel_paid[hotel] += INC.hotel_per_other_cowboy * (sum(posse) - posse[hotel])
    return {"cattle": cattle_paid, "bank": bank_paid, "store": store_paid, "hotel": hotel_paid}


def income_parts(st: St, s: int) -> dict[str, int]:
    """What seat ``s`` earns at an income round, by source."""
    return {source: paid[s] for source, paid in income_by_source(st).items()}


def income(st: St) -> list[int]:
    """What every seat earns at an income round."""
    cattle, bank, store, hotel = income_by_source(st).values()
    return [c + b + s + h for c, b, s, h in zip(cattle, bank, store, hotel, strict=True)]


def cattle_vp(st: St, t: int) -> int:
    """VP of one cattle counter in town ``t``: 1, 2 with a Train, 1 less with a Farmer."""
    vp = SC.cattle_with_train if st.owner[t * C + TRAIN] >= 0 else SC.cattle
    if st.farmer[t]:
        vp -= SC.farmer_penalty
    return max(vp, 0)


def control(st: St, t: int) -> list[int]:
    """Seats that score town ``t``'s control bonus (counters + cattle, U19)."""
    strength = st.cattle[t::T]  # every seat's cattle in town t, then its counters
    for o in st.owner[t * C:(t + 1) * C]:
        if o >= 0:
            strength[o] += 1
    best = max(strength)
    if best == 0:
        return []
    if strength.count(best) == 1:
        return [strength.index(best)]
    if st.options.control_ties == "shared":
        return [s for s, v in enumerate(strength) if v == best]
    return []


def _bonus(values: list[int], alone: int, tied: int, all_zero: str) -> list[int]:
    """``alone`` for a single leader, ``tied`` each for tied leaders. When every seat has 0,
    nobody has the most (``all_zero = "none"``) or all are tied (``"tie"``)."""
    best = max(values)
    if best <= 0 and all_zero == "none":
        return [0] * len(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    each = alone if len(leaders) == 1 else tied
    return [each if i in leaders else 0 for i in range(len(values))]


@WOW.answers("score_breakdown")
def breakdown(st: St) -> dict[str, Any]:
    """Every seat's score by category, as it stands now (final once the game is over)."""
    n = st.num_players
    counters = [0] * n
    cattle = [0] * n
    towns = [0] * n
    controllers: list[list[int]] = []
    owner = st.owner
    for t in range(T):
        row = owner[t * C:(t + 1) * C]
        size = C - row.count(-1)
        if size:
            for o in row:
                if o >= 0:
                    counters[o] += size
        vp = cattle_vp(st, t)
        if vp:
            for s, herd in enumerate(st.cattle[t::T]):
                cattle[s] += vp * herd
        leaders = control(st, t)
        controllers.append(leaders)
        for s in leaders:
            towns[s] += size
    opts = st.options
    money = _bonus(st.money, SC.most_money, SC.most_money_tie, opts.all_zero_bonus)
    tie = {"split": SC.most_wanted_tie, "all": SC.most_wanted, "nobody": 0}
    wanted = _bonus(st.wanted, SC.most_wanted, tie[opts.wanted_ties], opts.all_zero_bonus)
    totals = [counters[s] + cattle[s] + towns[s] + money[s] + wanted[s] for s in range(n)]
    best = max(totals)
    tied = [s for s in range(n) if totals[s] == best]
    cash = max(st.money[s] for s in tied)
    winners = [s for s in tied if st.money[s] == cash]
    return {
        "final": st.current_player == TERMINAL,
        "seats": [
            {
                "seat": s,
                "counters": counters[s],
                "cattle": cattle[s],
                "town_control": towns[s],
                "most_money": money[s],
                "most_wanted": wanted[s],
                "total": totals[s],
                "money": st.money[s],
                "wanted": st.wanted[s],
            }
            for s in range(n)
        ],
        "town_control": {A.TOWN_NAMES[t]: controllers[t] for t in range(T)},
        "totals": totals,
        "winners": winners,
    }


#: The categories of :func:`standing`, in its order (each a key of breakdown's seat rows).
STANDING = ("counters", "cattle", "town_control", "most_money", "most_wanted", "total")


def standing(st: St) -> list[list[int]]:
    """Every seat's points as they stand, by category (:data:`STANDING`): one row per seat.

    The numbers of :func:`breakdown`'s seat rows without the dicts, the winners and the
    control lists: what the observation reads at every decision (a test holds the two
    equal over many games). It reads only the counters' owners, the cattle, the Farmers,
    money, Wanted counters and the options: the observation remembers it by these.
    """
    n = st.num_players
    counters = [0] * n
    cattle = [0] * n
    towns = [0] * n
    owner, herds_of = st.owner, st.cattle
    shared = st.options.control_ties == "shared"
    for t in range(T):
        row = owner[t * C:(t + 1) * C]
        size = C - row.count(-1)
        strength = herds_of[t::T]  # every seat's cattle in town t, then its counters
        if any(strength):
            vp = cattle_vp(st, t)
            for s in range(n):
                cattle[s] += vp * strength[s]
        elif not size:
            continue  # nothing in the town: no points, nobody controls it
        for o in row:
            if o >= 0:
                counters[o] += size
                strength[o] += 1
        best = max(strength)  # above 0: the town holds cattle or counters
        if strength.count(best) == 1:
            towns[strength.index(best)] += size
        elif shared:
            for s in range(n):
                if strength[s] == best:
                    towns[s] += size
    opts = st.options
    money = _bonus(st.money, SC.most_money, SC.most_money_tie, opts.all_zero_bonus)
    tie = {"split": SC.most_wanted_tie, "all": SC.most_wanted, "nobody": 0}
    wanted = _bonus(st.wanted, SC.most_wanted, tie[opts.wanted_ties], opts.all_zero_bonus)
    return [[c, k, t, m, w, c + k + t + m + w]
            for c, k, t, m, w in zip(counters, cattle, towns, money, wanted, strict=True)]


def totals(st: St) -> list[int]:
    """Every seat's total points as they stand (the last column of :func:`standing`)."""
    return [row[-1] for row in standing(st)]


@WOW.answers("returns")
def returns(st: St) -> list[float]:
    """1 for every winner (most VP, then most money; still tied: a shared win), else 0."""
    winners = set(breakdown(st)["winners"])
    return [1.0 if s in winners else 0.0 for s in range(st.num_players)]
