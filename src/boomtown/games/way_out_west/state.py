"""The Way Out West position: plain lists of ints, cheap to clone and to save.

Per-seat arrays are flat: ``cowboys[seat * T + town]`` counts a player's cowboys in a town,
``cattle[seat * T + town]`` his cattle there; ``owner[town * C + k]`` is the seat owning the
counter of type k in a town (-1: none; at most one of each type per town). The rules that
change them live in ``rules.py`` and ``gunfights.py``, as steps of the kernel's decision
machine (:data:`WOW`); scoring in ``scoring.py``. The mutable fields are declared once
(:attr:`WayOutWestState.FIELDS`): clones, snapshots and loading come from the declaration.
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.errors import BadOptions
from boomtown.engine.machine import Fields, Machine, MachineState, array, value
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.data import DATA

T, C = A.T, A.C
STAGECOACH = A.COUNTER["stagecoach"]
TRAIN = A.COUNTER["train"]
BANK = A.COUNTER["bank"]
STORE = A.COUNTER["store"]
HOTEL = A.COUNTER["hotel"]
JAIL = A.COUNTER["jail"]

#: Action boxes: the non-building boxes of the data in order, then one per counter type.
BOX_KEYS = A.BOX_KEYS
BOX = {key: i for i, key in enumerate(BOX_KEYS)}
BOX_BUILD = BOX[f"build_{DATA.counters[0].key}"]
NB = len(BOX_KEYS)

SEAT_NAMES = tuple(f"seat {s}" for s in range(A.N))

# fight fields (indices into ``St.fight``)
(F_ACTIVE, F_ATT, F_DEF, F_TOWN, F_SLOT, F_ACOW, F_ASHER, F_DCOW, F_DSHER, F_DEXTRA,
 F_RESULT, F_HITS_A, F_HITS_D) = range(13)
NF = 13
ONGOING, ATTACKER_WINS, DEFENDER_WINS, NOBODY_WINS = -1, 0, 1, 2

#: The game's step vocabulary: ``rules.py`` and ``gunfights.py`` register their steps with it.
WOW = Machine("way-out-west")


class WayOutWestState(MachineState):
    """A game of Way Out West. Build it with ``RULESET.new_game(players, seed, options)``.

    Nothing is hidden beyond chance, so no field is hidden and a determinization is a private
    copy of the position itself.
    """

    _action_table = A.ACTIONS
    MACHINE = WOW
    FIELDS = Fields(
        array("money", per_seat=1),
        array("cowboys", per_seat=T),  # cowboys[seat * T + town]
        array("cowboy_supply", per_seat=1),
        array("cattle", per_seat=T),  # cattle[seat * T + town]
        array("cattle_supply", per_seat=1),
        array("owner", size=T * C),  # owner[town * C + k]: the seat owning counter k, or -1
        array("csupply", per_seat=C),  # csupply[seat * C + k]: counters of type k in supply
        array("cout", per_seat=C),  # cout[seat * C + k]: counters of type k out of play
        array("farmer", size=T),  # Farmers in each town
        array("farmers_taken", per_seat=1),
        array("wanted", per_seat=1),  # Wanted counters each seat holds
        array("order", per_seat=1),  # the turn order, start player first
        array("new_order", per_seat=1),  # the turn order the auction is building
        array("boxes_left", size=NB),  # free spaces of each action box this round
        array("bids", per_seat=1),
        array("in_auction", per_seat=1),  # 1 while the seat is still bidding
        array("fight", size=NF),  # the gunfight under way, by the F_* indices (F_ACTIVE 0: none)
        value("round"),
        value("high"),  # the high bid of the auction
        value("drop_pos"),  # the turn-order space the next seat to drop out takes
        value("farmer_supply"),
        value("farmer_out"),
        value("wanted_supply"),
    )

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        if options.nine_rounds and players < 4:
            raise BadOptions("the 9-round game is for 4 or 5 players")
        n = players
        comp = DATA.components
        setup = DATA.setup
        self.rounds = setup.short_rounds if options.nine_rounds else setup.rounds
        self.income_after = (
            setup.short_income_after if options.nine_rounds else setup.income_after
        )
        self.money = [setup.start_money[n]] * n
        self.cowboys = [0] * (n * T)
        self.cowboy_supply = [comp.cowboys_per_player] * n
        self.cattle = [0] * (n * T)
        self.cattle_supply = [comp.cattle_per_player] * n
        self.owner = [-1] * (T * C)
        self.csupply = [comp.counters_per_type] * (n * C)
        self.cout = [0] * (n * C)
        self.farmer = [0] * T
        self.farmers_taken = [0] * n
        self.wanted = [0] * n
        self.order = list(range(n))
        self.new_order = list(range(n))
        self.boxes_left = [0] * NB
        self.bids = [0] * n
        self.in_auction = [0] * n
        self.fight = [0] * NF
        self.round = 0
        self.high = 0
        self.drop_pos = 0
        self.farmer_supply = comp.farmers
        self.farmer_out = 0
        self.wanted_supply = options.wanted_counters
        self.start(_rules.Setup())

    # ------------------------------------------------------------ contract
    def component_counts(self) -> dict[str, int]:
        n = self.num_players
        out: dict[str, int] = {}
        for s in range(n):
            out[f"cowboys:seat{s}"] = self.cowboy_supply[s] + sum(self.cowboys[s * T:(s + 1) * T])
            out[f"cattle:seat{s}"] = self.cattle_supply[s] + sum(self.cattle[s * T:(s + 1) * T])
            for k, counter in enumerate(DATA.counters):
                placed = sum(1 for t in range(T) if self.owner[t * C + k] == s)
                out[f"{counter.key}:seat{s}"] = (
                    self.csupply[s * C + k] + self.cout[s * C + k] + placed
                )
        out["farmers"] = self.farmer_supply + self.farmer_out + sum(self.farmer)
        out["wanted"] = self.wanted_supply + sum(self.wanted)
        out["action_tokens"] = DATA.setup.action_tokens * n
        return out

    # ------------------------------------------------------------ helpers
    def cowboys_in(self, s: int, t: int) -> int:
        return self.cowboys[s * T + t]

    def cattle_in(self, s: int, t: int) -> int:
        return self.cattle[s * T + t]

    def town_cattle(self, t: int) -> int:
        return sum(self.cattle[s * T + t] for s in range(self.num_players))

    def town_size(self, t: int) -> int:
        """Building and transport counters in the town (cattle do not count)."""
        return C - self.owner[t * C:(t + 1) * C].count(-1)

    def counters_of(self, s: int, t: int) -> int:
        return self.owner[t * C:(t + 1) * C].count(s)

    def free_corrals(self, t: int) -> int:
        return DATA.towns[t].corrals - self.town_cattle(t)

    def has_train(self, t: int) -> bool:
        return self.owner[t * C + TRAIN] >= 0

    def stagecoach_pays(self, t: int, cowboys: int, why: str) -> None:
        """The StageCoach owner in town ``t`` earns $1 per cowboy placed in or moved out."""
        owner = self.owner[t * C + STAGECOACH]
        if owner >= 0 and cowboys > 0:
            gain = cowboys * DATA.income.stagecoach_per_cowboy
            self.money[owner] += gain
            self.log(f"{SEAT_NAMES[owner]}'s StageCoach in {A.TOWN_NAMES[t]} earns ${gain} ({why})")


# The rule modules import this one for its constants, so they are imported once it is
# complete; as they load, their steps and answers register with the machine.
from boomtown.games.way_out_west import presentation, scoring, views  # noqa: E402, F401
from boomtown.games.way_out_west import rules as _rules  # noqa: E402
