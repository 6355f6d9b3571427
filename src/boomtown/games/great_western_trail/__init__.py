"""Great Western Trail (Alexander Pfister, 1st edition, 2016), base game for 2 to 4 players.

Kansas City and delivery follow the Kansas City rule text exactly; the rest follows the
secondary sources, with their disputed values as named options. docs/sources/great-western-trail.md
says what every source id and provenance tag stands for.

>>> from boomtown.games.great_western_trail import RULESET
>>> RULESET.id, RULESET.player_counts
('great-western-trail', (2, 3, 4))
"""

from __future__ import annotations

from pathlib import Path

from boomtown.engine.ruleset import Ruleset, WebBoard
from boomtown.games.great_western_trail import actions, scenarios
from boomtown.games.great_western_trail import catalogue as _catalogue
from boomtown.games.great_western_trail import observation as _observation
from boomtown.games.great_western_trail import sim_features as _sim
from boomtown.games.great_western_trail import terminal as _terminal
from boomtown.games.great_western_trail.data import provenance_report
from boomtown.games.great_western_trail.options import GreatWesternTrailOptions
from boomtown.games.great_western_trail.state import GreatWesternTrailState

#: The game's board for the web table (renderer, stylesheet and geometry).
WEB = Path(__file__).parent / "web"

RECONSTRUCTED = """Reconstructed rules (boomtown's own defaults, never the publisher's).
Every id is explained, with its sources and reasoning, in docs/sources/great-western-trail.md.
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
  U12 a dark-space disc may go on a white city or station only when no white-space disc can
      be cleared (option dark_disc_on_white: "when_no_white"; "kansas_city_only" allows it
      on Kansas City alone).
  U13 a foresight column with no takeable tile is skipped (after the game end is triggered,
      workers cannot be taken).
  BT1 no disc on the board that can be cleared (none, or only $5 hand discs the player
      cannot pay): the disc comes back from one of the player's stations (facts B1.4, FAQ),
      compulsory for a city delivery, the player's choice for a station upgrade (which may
      be declined); a station is never upgraded without a disc.
  BT2 on Kansas City the crest's $6 may pay the $5 of a hand-limit disc (FAQ), so Kansas
      City is always possible, as the rule text says.
  BT3 every disc already on a city: the delivery still counts (crest, arrows, Kansas City's
      $6 and -6 VP) but moves no disc (BGF; view field deliveries_without_disc).
  BT4 8b lends every local action of a building of any owner on the nearest location
      before or after it, moves and another 8b included, never a location already used in
      that phase B; the space's risk action only with the seat's own building.
  BT5 the move-the-cattleman local actions end the current location's phase B (use the
      other action first), also when 8b lends them.
  BT6 engines cannot share a turnout.
  BT7 objective scoring picks automatically the assignment of owned items to cards (and
      which cards still in the deck to commit) that maximises the seat's total, station
      masters included."""


def _report() -> str:
    return RECONSTRUCTED + "\n\n" + provenance_report()


RULESET = Ruleset(
    id="great-western-trail",
    name="Great Western Trail",
    version=3,
    player_counts=(2, 3, 4),
    options_type=GreatWesternTrailOptions,
    action_space_size=actions.SIZE,
    action_families=actions.FAMILIES,
    coverage_starts=scenarios.coverage_starts,
    catalogue_factory=_catalogue.catalogue,
    observation=_observation.build,
    bot_knowledge=f"{__name__}.bot_knowledge:GreatWesternTrailKnowledge",
    bot_evaluation=f"{__name__}.bot_evaluation:evaluate",
    # its seats are blue, red, yellow and white in the texts ("seat 1 (red)'s building")
    web_board=WebBoard(WEB, colours=("#2c6fbb", "#c0392b", "#c99700", "#8f8a80")),
    factory=GreatWesternTrailState,
    terminal_layout=_terminal.layout,
    seat_setup=_sim.seat_setup,
    seat_features=_sim.seat_features,
    description="Drive your herd to Kansas City, deliver by rail, build, hire and trade.",
    rules_report=_report,
    variants=(
        {"building_sides": "a", "neutral_order": "letters"},
        {"building_sides": "b"},
        {"building_vp_one_craftsman": 2, "stack_cowboys": "12/6", "engineer_hire_discount": 1,
         "objective_m5_vp": 3, "tie_break": "money_then_seat",
         "dark_disc_on_white": "kansas_city_only"},
    ),
)

__all__ = ["RULESET", "GreatWesternTrailOptions", "GreatWesternTrailState"]
