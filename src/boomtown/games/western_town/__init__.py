"""Western Town (Olivier Warnier, 2012) for 2 to 4 players.

>>> from boomtown.games.western_town import RULESET
>>> RULESET.id, RULESET.player_counts
('western-town', (2, 3, 4))
"""

from __future__ import annotations

from pathlib import Path

from boomtown.engine.ruleset import Ruleset, WebBoard
from boomtown.games.western_town import actions, catalogue
from boomtown.games.western_town import observation as _observation
from boomtown.games.western_town import sim_features as _sim
from boomtown.games.western_town import terminal as _terminal
from boomtown.games.western_town.data import provenance_report
from boomtown.games.western_town.options import WesternTownOptions
from boomtown.games.western_town.state import WesternTownState

#: The game's board for the web table (renderer, stylesheet and geometry).
WEB = Path(__file__).parent / "web"


def _report() -> str:
    return provenance_report()


RULESET = Ruleset(
    id="western-town",
    name="Western Town",
    # 2: exploit matches the card's name (the two civic pride cards), the player chooses to
    # show the exploiting card from hand or table, a destroyed green building loses its
    # storage too, destroyed markers cost Homes at final scoring only (by default)
    # 3: names of our own for the five unnamed buildings and three western town cards (log
    # and action texts change; the rules and the action space do not)
    version=3,
    player_counts=(2, 3, 4),
    options_type=WesternTownOptions,
    action_space_size=actions.SIZE,
    action_families=actions.FAMILIES,
    factory=WesternTownState,
    terminal_layout=_terminal.layout,
    seat_setup=_sim.seat_setup,
    seat_features=_sim.seat_features,
    description="Build your town, exploit your neighbours, win Lincoln's favour; 5 rounds.",
    rules_report=_report,
    catalogue_factory=catalogue.build,
    observation=_observation.build,
    bot_knowledge=f"{__name__}.bot_knowledge:WesternTownKnowledge",
    bot_evaluation=f"{__name__}.bot_evaluation:evaluate",
    # its seats are yellow, red, blue and black in the game's own texts ("seat 1 (red)")
    web_board=WebBoard(WEB, colours=("#c99700", "#c0392b", "#2c6fbb", "#333333")),
    variants=(
        {"short_game": True},
        {"double_duel": True},
        {"double_duel": True, "short_game": True},
        {"warehouse_points": "flat"},
        {"destroyed_marker_homes": "always"},
    ),
)

__all__ = ["RULESET", "WesternTownOptions", "WesternTownState"]
