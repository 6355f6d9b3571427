"""Options (house rules and variants) of Western Town, recorded in every saved game."""

from __future__ import annotations

from dataclasses import dataclass

from boomtown.engine.ruleset import choice


@dataclass(frozen=True)
class WesternTownOptions:
    """Variants from the rulebook and named choices where the rules are uncertain.

    >>> WesternTownOptions().short_game
    False
    """

    #: Short game: no "5" Lincoln card (4 rounds), green-star cards become homesteads,
    #: only two orange buildings added in round 2.
    short_game: bool = False
    #: Double duel: four players as two two-player games sharing the Lincoln pile
    #: (seats 0-1 and 2-3). Only with four players.
    double_duel: bool = False
    #: Warehouse points: "per_export" = 3 per exported Gold (default, U13) or "flat" = 6.
    warehouse_points: str = choice("per_export", ("per_export", "flat"))
    #: When a destroyed marker costs its town a Home: "final_scoring" (default: the rulebook
    #: lists the lost Home among the marker's end-of-game effects, and its rule for counting
    #: Homes adds up the Home symbols and bonuses) or "always" (also for the Homes a
    #: construction needs). See docs/western-town.md.
    destroyed_marker_homes: str = choice("final_scoring", ("final_scoring", "always"))

    def __post_init__(self) -> None:
        if self.warehouse_points not in ("per_export", "flat"):
            raise ValueError("warehouse_points must be 'per_export' or 'flat'")
        if self.destroyed_marker_homes not in ("final_scoring", "always"):
            raise ValueError("destroyed_marker_homes must be 'final_scoring' or 'always'")
