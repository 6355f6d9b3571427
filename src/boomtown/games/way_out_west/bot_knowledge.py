"""Way Out West: the ladder's knowledge, an expected final score for every seat.

Nothing is hidden but the dice, so the knowledge reads the position. A seat's expected final
score is its running total (counters scoring their town's size, cattle, town control, most
money and most Wanted as they stand) plus a weighted sum of what its position promises:

- money, and the income it will collect at the income rounds still to come (cattle, Banks,
  Stores, Hotels), which buy counters and cattle later and count toward most money. Money
  counts net of the seat's bid while it is still bidding (every bid is paid, the winner's
  too, but only when the seat drops out or the bidding ends: a raise must not look free),
  and more while rounds are left (money is tight between incomes);
- the safety of what it holds: counters and cattle in towns where it has cowboys to defend
  them, and where rivals' cowboys could take them over (gunfights);
- control margins: towns it leads, and towns where it is one counter or cattle behind;
- cowboys on the board (they defend and attack) and in its supply, cattle still to buy.

Those terms carry hand-made weights. The knowledge also reads what a learned model needs
(hand-made weight 0): the points by category, the seat's place in the turn order, its lead
over the strongest rival in money, Wanted counters and points, and town by town its
counters, cattle and cowboys against the strongest rival's. ``benchmarks/train_values.py``
fits the weights of every term on self-play games (:mod:`boomtown.bots.value_weights`); a
fitted set replaces the hand-made one (docs/bots.md, "Issue 17, twelfth pass").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boomtown.bots.knowledge import RoundsKnowledge, lookahead_prior
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.scoring import STANDING, income, standing
from boomtown.games.way_out_west.state import TRAIN

if TYPE_CHECKING:
    import random

    from boomtown.engine import State
    from boomtown.games.way_out_west.state import WayOutWestState as St

T, C = A.T, A.C
#: The bid ids (a raise to $1 ... $999) and dropping out of the bidding.
BID0, BID_END = A.BID, A.BID + A.MAX_BID
#: Prior of dropping out, and how much less each dollar above the smallest raise.
DROP_PRIOR = 0.0
BID_STEP = 0.1
#: Points per $ more at the start than at the end (money buys the counters and cattle that
#: score; a bidding war that empties the purse loses the game).
MONEY_LEFT = 0.5

#: What a town tells of a seat, for each town (read only by fitted weights).
TOWN_TERMS = ("own counters", "counters", "own cattle", "own cowboys", "rival cowboys",
              "own strength", "rival strength", "Farmer", "Train")
#: The points by category (:data:`~boomtown.games.way_out_west.scoring.STANDING` but the
#: total, which is the estimate's base).
POINT_TERMS = tuple(f"points: {key.replace('_', ' ')}" for key in STANDING[:-1])

FEATURES: tuple[tuple[str, float], ...] = (
    ("money", 0.15),
    ("money x left", MONEY_LEFT),
    ("income x income rounds left", 0.25),
    ("counters guarded by own cowboys", 0.3),
    ("counters exposed to rivals' cowboys", -1.0),
    ("cattle exposed to rivals' cowboys", -0.3),
    ("towns led by one", 0.0),
    ("towns one behind the leader", 0.0),
    ("cowboys on the board x left", 0.2),
    ("cowboys in supply x left", 0.0),
    ("cattle in supply x left", 0.0),
    ("rounds left", 0.0),
    # read only by fitted weights
    *((name, 0.0) for name in POINT_TERMS),
    ("income", 0.0),
    ("open bid", 0.0),
    ("still bidding", 0.0),
    ("place in the turn order", 0.0),
    ("cowboys in supply", 0.0),
    ("cattle in supply", 0.0),
    ("counters in supply", 0.0),
    ("Wanted counters", 0.0),
    ("Farmers taken", 0.0),
    ("money lead over the richest rival", 0.0),
    ("Wanted lead over the most wanted rival", 0.0),
    ("points lead over the best rival", 0.0),
    *((f"{town.name}: {term}", 0.0) for town in DATA.towns for term in TOWN_TERMS),
)
#: Each feature's index in a seat's feature list: the hand-made terms, the points by
#: category from F_POINTS, the seat's terms, then every town's from F_TOWNS.
(F_MONEY, F_MONEY_LEFT, F_INCOME, F_GUARDED, F_EXPOSED, F_CATTLE_EXPOSED, F_LED_BY_ONE,
 F_ONE_BEHIND, F_COWBOYS, F_COWBOY_SUPPLY, F_CATTLE_SUPPLY, F_LEFT, F_POINTS) = range(13)
(F_INCOME_NOW, F_BID, F_BIDDING, F_ORDER, F_COWBOYS_LEFT, F_CATTLE_LEFT, F_COUNTERS_LEFT,
 F_WANTED, F_FARMERS, F_MONEY_LEAD, F_WANTED_LEAD, F_POINTS_LEAD,
 F_TOWNS) = range(F_POINTS + len(POINT_TERMS), F_POINTS + len(POINT_TERMS) + 13)
assert F_TOWNS + len(DATA.towns) * len(TOWN_TERMS) == len(FEATURES)


def _top_two(values: list[int]) -> tuple[int, int]:
    """The largest of ``values`` and the largest of the rest (equal to it on a tie).

    >>> _top_two([1, 3, 3]), _top_two([4, 0, 2])
    ((3, 3), (4, 2))
    """
    first = second = -1
    for v in values:
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first, second


def _lead(mine: int, top: tuple[int, int]) -> int:
    """A seat's lead over the best of the others, from the top two of every seat's values.

    >>> _lead(5, (5, 3)), _lead(3, (5, 3)), _lead(5, (5, 5))
    (2, -2, 0)
    """
    return mine - (top[1] if mine == top[0] else top[0])


def income_rounds_left(st: St) -> int:
    """Income rounds still to come (this round's when it is still being played)."""
    return sum(1 for r in st.income_after if r >= max(1, st.round))


class WayOutWestKnowledge(RoundsKnowledge):
    """Expected final scores of Way Out West (see the module's text)."""

    scale = 40.0
    doubt_start = 8.0
    doubt_end = 1.0
    features = FEATURES

    def all_features(self, state: State, seat: int) -> tuple[list[float], list[list[float]]]:
        st: St = state  # type: ignore[assignment]
        rows = standing(st)
        points = [float(row[-1]) for row in rows]
        n = st.num_players
        paid = income(st)
        rounds_left = income_rounds_left(st)
        left = 1.0 - self.progress(st)
        owner, cowboys, cattle = st.owner, st.cowboys, st.cattle
        out = [[0.0] * len(FEATURES) for _ in range(n)]
        for t in range(T):
            posse = cowboys[t::T]
            herds = cattle[t::T]
            town = owner[t * C:(t + 1) * C]
            strength = list(herds)
            mine = [0] * n  # every seat's counters in town t
            for o in town:
                if o >= 0:
                    strength[o] += 1
                    mine[o] += 1
            size = float(C - town.count(-1))
            farmer = float(st.farmer[t])
            train = 1.0 if town[TRAIN] >= 0 else 0.0
            # A seat is threatened where any seat has more cowboys (a rival, then); it leads
            # by one where the strongest other seat (the second of all) is one behind.
            most, most2 = _top_two(posse)
            best, second = _top_two(strength)
            base = F_TOWNS + t * len(TOWN_TERMS)
            for s in range(n):
                f = out[s]
                own = posse[s]
                threatened = most > own
                if mine[s]:
                    f[F_GUARDED] += mine[s] * min(own, 2) / 2
                    if threatened:
                        f[F_EXPOSED] += mine[s]
                if herds[s] and threatened:
                    f[F_CATTLE_EXPOSED] += herds[s]
                if best > 0 and strength[s] == best:
                    if best - second <= 1:
                        f[F_LED_BY_ONE] += 1
                elif best > 0 and strength[s] == best - 1:
                    f[F_ONE_BEHIND] += 1
                # in the order of TOWN_TERMS; a rival's: the strongest other seat's
                f[base:base + len(TOWN_TERMS)] = (
                    mine[s], size, herds[s], own, most2 if own == most else most,
                    strength[s], second if strength[s] == best else best, farmer, train)
        money_top = _top_two(st.money)
        wanted_top = _top_two(st.wanted)
        points_top = _top_two([row[-1] for row in rows])
        for s in range(n):
            f = out[s]
            bid = st.bids[s] if st.in_auction[s] else 0
            money = float(st.money[s] - bid)
            f[F_MONEY] = money
            f[F_MONEY_LEFT] = money * left
            f[F_INCOME] = float(paid[s] * rounds_left)
            f[F_COWBOYS] = sum(cowboys[s * T:(s + 1) * T]) * left
            f[F_COWBOY_SUPPLY] = st.cowboy_supply[s] * left
            f[F_CATTLE_SUPPLY] = st.cattle_supply[s] * left
            f[F_LEFT] = left
            f[F_POINTS:F_POINTS + len(POINT_TERMS)] = rows[s][:-1]
            f[F_INCOME_NOW] = paid[s]
            f[F_BID] = bid
            f[F_BIDDING] = st.in_auction[s]
            f[F_ORDER] = st.order.index(s)
            f[F_COWBOYS_LEFT] = st.cowboy_supply[s]
            f[F_CATTLE_LEFT] = st.cattle_supply[s]
            f[F_COUNTERS_LEFT] = sum(st.csupply[s * C:(s + 1) * C])
            f[F_WANTED] = st.wanted[s]
            f[F_FARMERS] = st.farmers_taken[s]
            f[F_MONEY_LEAD] = _lead(st.money[s], money_top)
            f[F_WANTED_LEAD] = _lead(st.wanted[s], wanted_top)
            f[F_POINTS_LEAD] = _lead(rows[s][-1], points_top)
        return points, out

    def prior(self, state: State, player: int, ids: list[int], seat: int,
              rng: random.Random) -> list[float]:
        """Bids: dropping out and the smallest raises first; any other action by the value
        of the position right after it (chance settled with the bot's generator)."""
        bids = [a for a in ids if BID0 <= a < BID_END]
        if bids:
            low = min(bids)
            return [-(a - low) * BID_STEP + 0.01 * rng.random() if a in bids else
                    DROP_PRIOR + 0.01 * rng.random() for a in ids]
        return lookahead_prior(self, state, player, ids, seat, rng)
