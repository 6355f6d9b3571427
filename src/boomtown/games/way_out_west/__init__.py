"""Way Out West (Martin Wallace, Warfrog 2000) for 3 to 5 players.

>>> from boomtown.games.way_out_west import RULESET
>>> RULESET.id, RULESET.player_counts
('way-out-west', (3, 4, 5))
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from boomtown.engine.ruleset import Ruleset, WebBoard
from boomtown.games.way_out_west import actions, catalogue
from boomtown.games.way_out_west import observation as _observation
from boomtown.games.way_out_west import sim_features as _sim
from boomtown.games.way_out_west import terminal as _terminal
from boomtown.games.way_out_west.data import provenance_report
from boomtown.games.way_out_west.options import WayOutWestOptions
from boomtown.games.way_out_west.state import WayOutWestState

#: The game's board for the web table (renderer, stylesheet and geometry).
WEB = Path(__file__).parent / "web"


def rules_report() -> str:
    """The options with their defaults, then the provenance of every data record."""
    defaults = WayOutWestOptions()
    lines = ["Disputed or unknown points are options (the rulings: docs/way-out-west.md):"]
    for f in dataclasses.fields(WayOutWestOptions):
        lines.append(f"  {f.name} = {getattr(defaults, f.name)!r}")
    lines.append("")
    return "\n".join(lines) + "\n" + provenance_report()


RULESET = Ruleset(
    id="way-out-west",
    name="Way Out West",
    version=2,
    player_counts=(3, 4, 5),
    options_type=WayOutWestOptions,
    action_space_size=actions.SIZE,
    action_families=actions.FAMILIES,
    factory=WayOutWestState,
    terminal_layout=_terminal.layout,
    seat_setup=_sim.seat_setup,
    seat_features=_sim.seat_features,
    description=(
        "Bid for turn order, drive cattle, build towns and settle it with gunfights: "
        "12 rounds, income after rounds 3, 6, 9 and 12."
    ),
    rules_report=rules_report,
    catalogue_factory=catalogue.build,
    observation=_observation.build,
    bot_knowledge=f"{__name__}.bot_knowledge:WayOutWestKnowledge",
    # an action names an action box and towns: a click narrows the actions by their targets
    web_board=WebBoard(WEB, narrow=True),
    variants=(
        {"wanted_counters": 18},
        {"nine_rounds": True},
        {"cattle_spread": "fill"},
        {"cattle_spread": "chain", "winner_pays": False},
        {"default_defender": False, "defender_takes_wanted": False},
        {"control_ties": "shared", "wanted_ties": "all", "one_farmer_each": True,
         "all_zero_bonus": "tie"},
        {"casualties": "owner_chooses"},
    ),
)

__all__ = ["RULESET", "WayOutWestOptions", "WayOutWestState"]
