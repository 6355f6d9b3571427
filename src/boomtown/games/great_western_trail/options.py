"""Options (house rules and disputed values) of Great Western Trail, recorded in every game.

Each disputed value (the open questions U1-U13 of docs/sources/great-western-trail.md) that
leaves a real choice is a named option whose default is ours (reconstructed, never presented
as the publisher's).

>>> GreatWesternTrailOptions().building_vp_one_craftsman
1
"""

from __future__ import annotations

from dataclasses import dataclass

from boomtown.engine.ruleset import choice
from boomtown.games.great_western_trail.data import HIRE_BONUS_DISCOUNT

#: Values of ``dark_disc_on_white`` (U12).
DARK_ON_WHITE_WHEN_NO_WHITE = "when_no_white"
DARK_ON_WHITE_KANSAS_CITY_ONLY = "kansas_city_only"


@dataclass(frozen=True)
class GreatWesternTrailOptions:
    #: Sides of the private buildings: "random" (drawn per number, the same for every player),
    #: "a" (beginner game) or "b".
    building_sides: str = choice("random", ("random", "a", "b"))
    #: Neutral buildings: "random" (shuffled) or "letters" (A-G in trail order, first game).
    neutral_order: str = choice("random", ("random", "letters"))
    #: U1: VP of the three 1-craftsman private buildings (1 = BGF, 2 = CP).
    building_vp_one_craftsman: int = choice(1, (1, 2))
    #: U2: cowboy split of Kansas City stacks 2/3: "11/7" (BGF, RS) or "12/6" (CP).
    stack_cowboys: str = choice("11/7", ("11/7", "12/6"))
    #: U3: discount of the engineer row's 4th-slot hire bonus: 2 (BGF code, the data's
    #: ``worker_bonuses.hire_discount``) or 1.
    engineer_hire_discount: int = choice(HIRE_BONUS_DISCOUNT, (1, 2))
    #: U5: VP of the objective card "+$2 / 3 x value 3, building": 4 (BGF) or 3 (CP).
    objective_m5_vp: int = choice(4, (3, 4))
    #: U6: tie-break: "money_then_shared" (default) or "money_then_seat" (BGF).
    tie_break: str = choice("money_then_shared", ("money_then_shared", "money_then_seat"))
    #: U12: a dark-corner disc on a white-corner city or station. "when_no_white" (FAQ, R2,
    #: BGF): allowed whenever no white-corner disc can be cleared. "kansas_city_only" (the
    #: rule text read strictly, "a disc from a space with dark corners fits only a city with
    #: dark corners"): allowed on Kansas City alone, which the rule text says is always
    #: possible; elsewhere the disc then comes back from a station (facts B1.4) or the
    #: destination cannot be chosen.
    dark_disc_on_white: str = choice(
        DARK_ON_WHITE_WHEN_NO_WHITE, (DARK_ON_WHITE_WHEN_NO_WHITE, DARK_ON_WHITE_KANSAS_CITY_ONLY)
    )

    def __post_init__(self) -> None:
        if self.building_sides not in ("random", "a", "b"):
            raise ValueError("building_sides must be 'random', 'a' or 'b'")
        if self.neutral_order not in ("random", "letters"):
            raise ValueError("neutral_order must be 'random' or 'letters'")
        if self.building_vp_one_craftsman not in (1, 2):
            raise ValueError("building_vp_one_craftsman must be 1 or 2")
        if self.stack_cowboys not in ("11/7", "12/6"):
            raise ValueError("stack_cowboys must be '11/7' or '12/6'")
        if self.engineer_hire_discount not in (1, 2):
            raise ValueError("engineer_hire_discount must be 1 or 2")
        if self.objective_m5_vp not in (3, 4):
            raise ValueError("objective_m5_vp must be 3 or 4")
        if self.tie_break not in ("money_then_shared", "money_then_seat"):
            raise ValueError("tie_break must be 'money_then_shared' or 'money_then_seat'")
        if self.dark_disc_on_white not in (DARK_ON_WHITE_WHEN_NO_WHITE,
                                           DARK_ON_WHITE_KANSAS_CITY_ONLY):
            raise ValueError("dark_disc_on_white must be 'when_no_white' or 'kansas_city_only'")
