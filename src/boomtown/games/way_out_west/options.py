"""Options (house rules) of Way Out West, recorded in every saved game.

Each option is a point the rule description leaves open or sources dispute. The ids in the
comments (S1..S21 for sources, U1..U22 for open questions, D1 for a conflict) are explained in
docs/sources/way-out-west.md; the rulings are in docs/way-out-west.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from boomtown.engine.ruleset import choice
from boomtown.games.way_out_west.data import DATA

CATTLE_SPREAD = ("free", "chain", "fill")
OWNER_CHOOSES = "owner_chooses"
CASUALTIES = ("cowboys_first", OWNER_CHOOSES)
#: Wanted counter supplies: the data file's count (the default) and the two published ones.
WANTED_COUNTERS = tuple(sorted({DATA.components.wanted, 13, 18}))
CONTROL_TIES = ("nobody", "shared")
WANTED_TIES = ("split", "all", "nobody")
ALL_ZERO_BONUS = ("none", "tie")


@dataclass(frozen=True)
class WayOutWestOptions:
    """House rules for the points the description leaves open. The options with a fixed set
    of values declare it (``ruleset.choice``), so clients offer the set.

    >>> WayOutWestOptions().wanted_counters
    13
    """

    #: Play 9 rounds (income after rounds 3, 6, 9) instead of 12. Only with 4 or 5 players
    #: (S3, S4); the rule text says 12 rounds for every count, so this is off by default (D1).
    nine_rounds: bool = False
    #: Number of Wanted counters: 13 (S8, S9) or 18 (S3). U14. The default is the data
    #: file's ``components.wanted`` (13).
    wanted_counters: int = choice(DATA.components.wanted, WANTED_COUNTERS)
    #: Where cattle may be bought. "free" (default) = the rule text's only condition: "Buy
    #: Cattle in a town containing their cowboy(s)". Two readings of S4's "from town 1
    #: towards town 5" (U4) are house rules: "chain" = buying in town k > 1 also needs own
    #: cattle in town k-1; "fill" = town k opens once every corral of town k-1 is full.
    cattle_spread: str = choice("free", CATTLE_SPREAD)
    #: Every bid is paid, the winner's included (S5, S8; default). False: the last player in
    #: the auction pays nothing (the rule text only says that drop-outs pay). U7.
    winner_pays: bool = True
    #: An attacked counter whose owner has no fighter in the town defends with one default
    #: cowboy (S7's errata; default). False: such a target falls without a fight. U8.
    default_defender: bool = True
    #: Who decides which fighter a hit removes (U8): "cowboys_first" = always the side's
    #: cowboys, then the sheriff, then the built-in / default / Farmer fighter (default);
    #: "owner_chooses" = the hit side's player picks, one hit at a time, whenever more than
    #: one kind of fighter is left and the hits do not kill them all (a Farmer side, with no
    #: player, keeps the fixed order).
    casualties: str = choice("cowboys_first", CASUALTIES)
    #: The defender who wins a gunfight also takes a Wanted counter (default: "each time a
    #: player wins a Gunfight"). False: only a winning attacker takes one.
    defender_takes_wanted: bool = True
    #: Town control tie (U12, U19): "nobody" scores it (default) or every tied player
    #: scores the town size ("shared").
    control_ties: str = choice("nobody", CONTROL_TIES)
    #: Most Wanted tie (U12): "split" = 2 VP each (S16; default), "all" = 4 VP each,
    #: "nobody" = no bonus.
    wanted_ties: str = choice("split", WANTED_TIES)
    #: Most money / most Wanted when every player has none ($0, no Wanted counter): "none"
    #: (default) = nobody has the most, no bonus; "tie" = everyone is tied for the most and
    #: scores the tie bonus (money: 2 each; Wanted: as ``wanted_ties``). Every seat gets the
    #: same either way, so the winner never depends on it.
    all_zero_bonus: str = choice("none", ALL_ZERO_BONUS)
    #: Each player may take only one Farmer in the whole game (S13 reads the Farmer as one per
    #: player). Default False: Farmers come from a neutral supply (U11).
    one_farmer_each: bool = False

    def __post_init__(self) -> None:
        if self.wanted_counters not in WANTED_COUNTERS:
            raise ValueError("wanted_counters must be one of "
                             + ", ".join(str(n) for n in WANTED_COUNTERS))
        if self.cattle_spread not in CATTLE_SPREAD:
            raise ValueError(f"cattle_spread must be one of {', '.join(CATTLE_SPREAD)}")
        if self.casualties not in CASUALTIES:
            raise ValueError(f"casualties must be one of {', '.join(CASUALTIES)}")
        if self.control_ties not in CONTROL_TIES:
            raise ValueError(f"control_ties must be one of {', '.join(CONTROL_TIES)}")
        if self.wanted_ties not in WANTED_TIES:
            raise ValueError(f"wanted_ties must be one of {', '.join(WANTED_TIES)}")
        if self.all_zero_bonus not in ALL_ZERO_BONUS:
            raise ValueError(f"all_zero_bonus must be one of {', '.join(ALL_ZERO_BONUS)}")
