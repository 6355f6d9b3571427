"""Positions whole games almost never reach, for coverage (``Ruleset.coverage_starts``).

Each is a real game after its set-up, edited the way a puzzle is: only fields a real game
could reach are set, and the components still add up. Coverage plays on from them with every
policy, so these corners of the rules are taken in play, not only in scenario tests.

>>> names = [name for name, _ in coverage_starts()]
>>> names
['every disc has left the player board', 'a 8b beside the start']
"""

from __future__ import annotations

from collections.abc import Sequence

from boomtown.engine import CHANCE, State
from boomtown.games.great_western_trail.data import (
    CITY_KEY,
    DISC_ROWS,
    PRIVATE_SPACES,
    SPACE_KEY,
    STATIONS,
)
from boomtown.games.great_western_trail.state import GreatWesternTrailState

#: Building 8b: "use the local action of a building on an adjacent location".
ADJACENT_BUILDING = 8
#: Money that lets the seat pay for what the corner offers (a station, transport).
MONEY = 30


def _set_up(options: dict[str, str]) -> GreatWesternTrailState:
    """A two-player game after its set-up chance outcomes (seat 0 is to start), editable."""
    from boomtown.games.great_western_trail import RULESET

    state = RULESET.new_game(2, 0, options)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    copy = state.editable_copy()
    assert isinstance(copy, GreatWesternTrailState)
    return copy


def no_board_disc() -> GreatWesternTrailState:
    """Seat 0 has placed all its discs: one on station 1, the rest on Kansas City (which takes
    any number). Its next delivery or station upgrade must take a disc back from a station
    (facts B1.4, ruling BT1)."""
    st = _set_up({})
    total = sum(row.discs for row in DISC_ROWS)
    st.discs[0] = [0] * len(DISC_ROWS)
    st.station_discs[0] = [1 if k == 0 else 0 for k in range(len(STATIONS))]
    st.city_discs[0] = [0] * len(st.city_discs[0])
    st.city_discs[0][CITY_KEY["kansas_city"]] = total - 1
    st.money[0] = MONEY
    return st


def adjacent_building() -> GreatWesternTrailState:
    """Side b buildings; seat 0's 8b stands on the first private space after neutral A, one
    step from the start, beside seat 1's 2b."""
    st = _set_up({"building_sides": "b"})
    first, second = PRIVATE_SPACES.index(SPACE_KEY["A-1"]), PRIVATE_SPACES.index(SPACE_KEY["A-2"])
    st.private_at[first] = 0 * 10 + ADJACENT_BUILDING - 1
    st.avail[0][ADJACENT_BUILDING - 1] = 0
    st.private_at[second] = 1 * 10 + 2 - 1
    st.avail[1][2 - 1] = 0
    return st


def coverage_starts() -> Sequence[tuple[str, State]]:
    """The named positions (see the module's docstring)."""
    return [
        ("every disc has left the player board", no_board_disc()),
        ("a 8b beside the start", adjacent_building()),
    ]
