"""Options (house rules and variants) of Western Town, recorded in every saved game."""

from __future__ import annotations

from dataclasses import dataclass


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
    warehouse_points: str = "per_export"

    def __post_init__(self) -> None:
        if self.warehouse_points not in ("per_export", "flat"):
            raise ValueError("warehouse_points must be 'per_export' or 'flat'")
