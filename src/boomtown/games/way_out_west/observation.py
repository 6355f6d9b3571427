"""Way Out West's fixed observation for learning code (``Ruleset.observation``).

The layout is fixed for a player count: every slot is named (``names``) and documented by
block (``blocks``); ``version`` changes whenever a slot's meaning does. Counts come first,
each divided by a bound from the rules and capped at 1; then 0/1 flags (one-hot choices).
Seats are *relative to the observer*: "seat+0" is the observing seat, "seat+1" the next seat
in seat order, and so on (seat 0's order for the spectator), so one network can play any
seat. A seat named as a value (a counter's owner, the attacker, who decides) is one-hot over
the relative seats, with one more slot for "none".

Way Out West hides nothing but the dice to come: every view is the whole public position, so
the observation is the same for every seat up to that rotation (``perfect_information``). It
reads only what ``view(seat)`` shows: money, bids, boxes, counters, cowboys, cattle, Farmers,
Wanted counters, the gunfight, the score as it stands, whose decision it is and its kind.

>>> from boomtown import new_game
>>> import numpy as np
>>> obs = build(3, None)
>>> out = np.zeros(obs.size, dtype=np.float32)
>>> obs.encode(new_game("way-out-west", 3, seed=1), 0, out)
>>> bool(((0 <= out) & (out <= 1)).all()), len(obs.names) == obs.size
(True, True)
"""

from __future__ import annotations

from operator import getitem
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from boomtown.engine.observation_layout import SlotLayout, SlotObservation, seat_labels
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.data import DATA
from boomtown.games.way_out_west.options import WayOutWestOptions
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
    F_SLOT,
    F_TOWN,
    TRAIN,
    C,
    T,
)

if TYPE_CHECKING:
    from boomtown.games.way_out_west.state import WayOutWestState as St

#: Bumped whenever a slot changes meaning.
VERSION = 1
#: Bounds of the final points (counters 18 x 6, cattle 9 x 2, control 5 towns x 6, bonuses).
POINTS_RANGE = (0.0, 165.0)
COMP = DATA.components
MONEY = 100  # money is not capped by the rules: a count at or above this reads 1
SCORE = 60  # points as they stand (score categories) read 1 at or above this
GUNFIGHT_SLOTS = A.SLOT_FARMER + 1  # counters, each seat's cattle, the Farmer


class WayOutWestObservation(SlotObservation):
    """The observation of one player count (build it with :func:`build`)."""

    version = VERSION
    perfect_information = True
    points_range = POINTS_RANGE

    def __init__(self, players: int, options: Any) -> None:
        # the rule modules are bound once the state module is complete (see state.py)
        from boomtown.games.way_out_west import rules, scoring

        super().__init__(players)
        self._scoring = scoring
        # the kinds of step a decision is taken in (``rules.DECISION_NAMES``), in a fixed order
        frames = tuple(sorted(rules.DECISION_NAMES.values()))
        self._action_steps = rules.ACTION_STEPS
        options = options if options is not None else WayOutWestOptions()
        n = players
        rel = seat_labels(n)
        towns = [name.replace(" ", "_") for name in A.TOWN_NAMES]
        counters = list(A.COUNTER_NAMES)
        rounds = 9 if options.nine_rounds else DATA.setup.rounds
        wanted = max(options.wanted_counters, 1)
        s = SlotLayout()
        # counts (scaled by their bound)
        s.add("round", ["now"], "the round (0 before the first)", rounds)
        s.add("high_bid", ["$"], "the highest bid of the auction", A.MAX_BID)
        s.add("supply", ["farmers", "farmers_out", "wanted"],
              "Farmers in the supply and out of play, Wanted counters in the supply",
              max(COMP.farmers, wanted))
        s.add("boxes_left", list(BOX_KEYS), "action boxes still free this round",
              max(rules.BOXES_FULL))
        s.add("cowboys", [f"{r},{t}" for r in rel for t in towns],
              "each seat's cowboys in each town", COMP.cowboys_per_player)
        s.add("cattle", [f"{r},{t}" for r in rel for t in towns],
              "each seat's cattle in each town", max(t.corrals for t in DATA.towns))
        s.add("town", [f"{t},{k}" for t in towns
                       for k in ("farmer", "size", "cattle_income", "cattle_vp")],
              "per town: Farmers, counters standing, $ per cattle at income, VP per cattle",
              C)
        s.add("money", rel, f"each seat's money (reads 1 at ${MONEY} or more)", MONEY)
        s.add("bid", rel, "each seat's bid", A.MAX_BID)
        s.add("supply_of", [f"{r},{k}" for r in rel for k in ("cowboys", "cattle")],
              "each seat's cowboys and cattle in its supply", COMP.cowboys_per_player)
        s.add("counters_in_supply", [f"{r},{k}" for r in rel for k in counters],
              "each seat's counters of each type in its supply", COMP.counters_per_type)
        s.add("counters_out", [f"{r},{k}" for r in rel for k in counters],
              "each seat's counters of each type out of play", COMP.counters_per_type)
        s.add("wanted", rel, "each seat's Wanted counters", wanted)
        s.add("farmers_taken", rel, "Farmers each seat has removed", COMP.farmers)
        s.add("actions_left", rel, "each seat's actions still to take this round",
              DATA.setup.action_tokens)
        s.add("score", [f"{r},{k}" for r in rel for k in
                        ("counters", "cattle", "town_control", "most_money", "most_wanted",
                         "total")],
              f"each seat's points as they stand, by category (reads 1 at {SCORE} or more)",
              SCORE)
        s.add("gunfight", ["attacker_cowboys", "defender_cowboys", "defender_other"],
              "the gunfight's fighters: cowboys of each side, the defence's own fighters",
              COMP.cowboys_per_player)
        s.end_counts()
        # flags (0/1)
        s.add("income_round", ["now"], "income is paid after this round")
        self.f_bidding = s.add("bidding", rel, "the seat is still in the auction")
        self.f_order = s.add("turn_order", [f"{r},{p + 1}" for r in rel for p in range(n)],
                             "each seat's turn-order space (one-hot per seat)")
        self.f_owner = s.add("owner", [f"{t},{k},{o}" for t in towns for k in counters
                                       for o in [*rel, "none"]],
                             "the owner of each town's counter of each type (one-hot)")
        self.add_decision(s, frames, rules.DECISION_NAMES)
        self.f_fight = s.add(
            "gunfight_flags", ["active", "attacker_sheriff", "defender_sheriff"],
            "a gunfight is going on; the sheriff fights for the attacker, the defender")
        self.f_attacker = s.add("gunfight_attacker", rel, "the attacking seat")
        self.f_defender = s.add("gunfight_defender", [*rel, "none"], "the defending seat")
        self.f_town = s.add("gunfight_town", towns, "the town of the gunfight")
        self.f_target = s.add(
            "gunfight_target",
            [*counters, *(f"cattle_of_{r}" for r in rel), "farmer"],
            "the target: a counter type, a seat's cattle or the Farmer")
        self.f_result = s.add("gunfight_result", list(_RESULTS_NAMES), "the gunfight's outcome")
        self.finish(s)
        self._income_after = frozenset(
            DATA.setup.short_income_after if options.nine_rounds else DATA.setup.income_after)
        #: The last town block worked out and what it was worked out from (_towns).
        self._towns_seen: tuple[Any, ...] = (None,) * 3
        #: The last standing worked out and what it was worked out from (_standing).
        self._standing_seen: tuple[Any, ...] = (None,) * 7
        #: _owner_slots[viewer][town * C + k][owner]: the slot of that owner (-1: "none",
        #: the last entry) in the one-hot of the counter of type k in the town.
        self._owner_slots = [
            [[self.f_owner + i * (n + 1) + r for r in [*rel_v, n]] for i in range(T * C)]
            for rel_v in self._rel]
        #: _town_rates[Farmer there][Train there]: (income, VP) of one cattle counter, as the
        #: scoring rules give them (they depend on nothing else), asked once of a stand-in.
        self._town_rates = [[_cattle_rates(scoring, farmer, train) for train in (False, True)]
                            for farmer in (False, True)]

    def points(self, st: St) -> list[float]:
        """Every seat's points (final once the game is over)."""
        return [float(t) for t in self._scoring.totals(st)]

    def encode(self, st: St, seat: int | None, out: Any) -> None:
        n = self.players
        me = 0 if seat is None else seat
        rel = self._rel[me]
        a = me * T
        fight = st.fight
        stack = st.stack
        left = [0] * n
        action_steps = self._action_steps
        for frame in stack:
            if type(frame) in action_steps:
                left[rel[frame.seat]] += 1
        raw: list[int] = [st.round, st.high, st.farmer_supply, st.farmer_out,
                            st.wanted_supply]
        raw += st.boxes_left
        raw += st.cowboys[a:] + st.cowboys[:a]
        raw += st.cattle[a:] + st.cattle[:a]
        raw += self._towns(st)
        raw += st.money[me:] + st.money[:me]
        raw += st.bids[me:] + st.bids[:me]
        for i in range(n):
            s = (me + i) % n
            raw += (st.cowboy_supply[s], st.cattle_supply[s])
        b = me * C
        raw += st.csupply[b:] + st.csupply[:b]
        raw += st.cout[b:] + st.cout[:b]
        raw += st.wanted[me:] + st.wanted[:me]
        raw += st.farmers_taken[me:] + st.farmers_taken[:me]
        raw += left
        score = self._standing(st)
        for i in range(n):
            raw += score[(me + i) % n]
        active = fight[F_ACTIVE]
        raw += (fight[F_ACOW], fight[F_DCOW], fight[F_DEXTRA]) if active else (0, 0, 0)

        hot: list[int] = []
        if st.round in self._income_after:
            hot.append(self.counts)
        hot += [self.f_bidding + rel[s] for s in range(n) if st.in_auction[s]]
        for place, s in enumerate(st.order):
            hot.append(self.f_order + rel[s] * n + place)
        hot += map(getitem, self._owner_slots[me], st.owner)
        self.decision_slots(st, rel, hot)
        if active:
            hot.append(self.f_fight)
            if fight[F_ASHER]:
                hot.append(self.f_fight + 1)
            if fight[F_DSHER]:
                hot.append(self.f_fight + 2)
            hot.append(self.f_attacker + rel[fight[F_ATT]])
            d = fight[F_DEF]
            hot.append(self.f_defender + (rel[d] if d >= 0 else n))
            hot.append(self.f_town + fight[F_TOWN])
            slot = fight[F_SLOT]
            if slot < C:
                hot.append(self.f_target + slot)
            elif slot < A.SLOT_FARMER:
                hot.append(self.f_target + C + rel[slot - A.SLOT_CATTLE])
            else:
                hot.append(self.f_target + C + n)
            hot.append(self.f_result + _RESULTS[fight[F_RESULT]])
        self.write(out, raw, hot)

    def _towns(self, st: St) -> list[int]:
        """The town block (per town: Farmers, size, income and VP of a cattle counter),
        remembered with what it reads, the counters' owners and the Farmers (they change a
        few times a game). Read-only: never edit the list."""
        seen = self._towns_seen
        if st.owner == seen[0] and st.farmer == seen[1]:
            remembered: list[int] = seen[2]
            return remembered
        owner, farmer, rates = st.owner, st.farmer, self._town_rates
        block: list[int] = []
        for t in range(T):
            row = owner[t * C:(t + 1) * C]
            income, vp = rates[farmer[t] > 0][row[TRAIN] >= 0]
            block += (farmer[t], C - row.count(-1), income, vp)
        self._towns_seen = (owner[:], farmer[:], block)
        return block

    def _standing(self, st: St) -> list[list[int]]:
        """``scoring.standing(st)``, remembered with all it reads (counters, cattle, Farmers,
        money, Wanted counters, the options): the next observation often comes before any
        of them has changed (a bid, a cowboy placed). Read-only: never edit the rows."""
        seen = self._standing_seen
        if (st.options is seen[0] and st.owner == seen[1] and st.cattle == seen[2]
                and st.money == seen[3] and st.wanted == seen[4] and st.farmer == seen[5]):
            remembered: list[list[int]] = seen[6]
            return remembered
        rows = self._scoring.standing(st)
        self._standing_seen = (st.options, st.owner[:], st.cattle[:], st.money[:],
                               st.wanted[:], st.farmer[:], rows)
        return rows


#: The gunfight's result codes (state F_RESULT) in slot order.
_RESULTS = {-1: 0, 0: 1, 1: 2, 2: 3}
_RESULTS_NAMES = ("ongoing", "attacker_wins", "defender_wins", "nobody_wins")


def _cattle_rates(scoring: Any, farmer: bool, train: bool) -> tuple[int, int]:
    """(income, VP) of one cattle counter in a town with or without a Farmer and a Train."""
    town = SimpleNamespace(farmer=[int(farmer)],
                           owner=[0 if k == TRAIN and train else -1 for k in range(C)])
    return scoring.cattle_income_rate(town, 0), scoring.cattle_vp(town, 0)


def build(players: int, options: Any) -> WayOutWestObservation:
    """The observation of a ``players``-seat game with ``options`` (``Ruleset.observation``)."""
    return WayOutWestObservation(players, options)
