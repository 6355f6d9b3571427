"""Great Western Trail (Alexander Pfister, 1st edition, 2016), base game for 2 to 4 players.

Kansas City and delivery follow shared/rules/great-western-trail-kansas-city.txt exactly; the
rest follows the facts sheet, with its disputed values as named options.

>>> from boomtown.games.great_western_trail import RULESET
>>> RULESET.id, RULESET.player_counts
('great-western-trail', (2, 3, 4))
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.ruleset import Ruleset
from boomtown.games.great_western_trail import actions
from boomtown.games.great_western_trail.data import provenance_report
from boomtown.games.great_western_trail.options import GreatWesternTrailOptions
from boomtown.games.great_western_trail.state import GreatWesternTrailState

RECONSTRUCTED = """Reconstructed rules (boomtown's own defaults, never the publisher's):
  U1  1-craftsman private buildings score 1 VP (option building_vp_one_craftsman).
  U2  Kansas City stacks 2/3 hold 11/7 cowboys (option stack_cowboys).
  U3  the engineer row's 4th-slot hire bonus is $2 cheaper (option engineer_hire_discount).
  U4  worker-row bonuses as Board Game Fiesta lists them; each is optional.
  U5  objective card m5 scores 4 VP (option objective_m5_vp).
  U6  ties: more money wins, then a shared win (option tie_break).
  U7  no promo station masters or buildings.
  U8  a hand above the limit is discarded down to it before phase A.
  U9  extraordinary delivery (9a): engine back >= 1 space, city value <= spaces moved back.
  U10 using temporary certificates moves the marker to the highest track space <= what is left.
  U11 the step-limit disc spaces are fixed: one gives $3 at once, the other 3 VP at the end.
  U12 a dark-space disc may go on a white destination only when no white-space disc is left;
      a city delivery with no board disc takes one back from a station; with no disc at all
      the delivery places nothing.
  U13 a foresight column with no takeable tile is skipped (after the game end is triggered,
      workers cannot be taken).
  Also reconstructed: a station is upgraded only with a disc from the player board; the
  move-the-cattleman local actions end the current location's phase B (use the other action
  first); 8b cannot borrow a move or another 8b; engines cannot share a turnout; objective
  scoring picks automatically the assignment of owned items to cards (and which cards still
  in the deck to commit) that maximises the seat's total, station masters included."""


def _factory(ruleset: Ruleset, players: int, seed: int, options: Any) -> GreatWesternTrailState:
    return GreatWesternTrailState(ruleset, players, seed, options)


def _report() -> str:
    return RECONSTRUCTED + "\n\n" + provenance_report()


RULESET = Ruleset(
    id="great-western-trail",
    name="Great Western Trail",
    version=2,
    player_counts=(2, 3, 4),
    options_type=GreatWesternTrailOptions,
    action_space_size=actions.SIZE,
    action_families=actions.FAMILIES,
    factory=_factory,
    description="Drive your herd to Kansas City, deliver by rail, build, hire and trade.",
    rules_report=_report,
    variants=(
        {"building_sides": "a", "neutral_order": "letters"},
        {"building_sides": "b"},
        {"building_vp_one_craftsman": 2, "stack_cowboys": "12/6", "engineer_hire_discount": 1,
         "objective_m5_vp": 3, "tie_break": "money_then_seat"},
    ),
)

__all__ = ["RULESET", "GreatWesternTrailOptions", "GreatWesternTrailState"]
