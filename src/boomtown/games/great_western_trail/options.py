"""Options (house rules and disputed values) of Great Western Trail, recorded in every game.

Each disputed value of the facts sheet (section C) is a named option whose default is the
sheet's proposed default (reconstructed, never presented as the publisher's).

>>> GreatWesternTrailOptions().building_vp_one_craftsman
1
"""

from __future__ import annotations

from dataclasses import dataclass

from boomtown.games.great_western_trail.data import HIRE_BONUS_DISCOUNT


@dataclass(frozen=True)
class GreatWesternTrailOptions:
    #: Sides of the private buildings: "random" (drawn per number, the same for every player),
    #: "a" (beginner game) or "b".
    building_sides: str = "random"
    #: Neutral buildings: "random" (shuffled) or "letters" (A-G in trail order, first game).
    neutral_order: str = "random"
    #: U1: VP of the three 1-craftsman private buildings (1 = BGF, 2 = CP).
    building_vp_one_craftsman: int = 1
    #: U2: cowboy split of Kansas City stacks 2/3: "11/7" (BGF, RS) or "12/6" (CP).
    stack_cowboys: str = "11/7"
    #: U3: discount of the engineer row's 4th-slot hire bonus: 2 (BGF code, the data's
    #: ``worker_bonuses.hire_discount``) or 1.
    engineer_hire_discount: int = HIRE_BONUS_DISCOUNT
    #: U5: VP of the objective card "+$2 / 3 x value 3, building": 4 (BGF) or 3 (CP).
    objective_m5_vp: int = 4
    #: U6: tie-break: "money_then_shared" (default) or "money_then_seat" (BGF).
    tie_break: str = "money_then_shared"

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
