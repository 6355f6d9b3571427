"""Helpers that build Great Western Trail positions for scenario tests.

A position starts from a real game (set-up chance outcomes sampled from the game's own seed)
and is then edited field by field, the way a puzzle or table-mode position would be. A frame
stack ending in ``END`` stops the machine once the frames under test are done.
"""

from __future__ import annotations

from typing import Any

from boomtown.engine import CHANCE, TERMINAL
from boomtown.engine.registry import register
from boomtown.games.great_western_trail import RULESET, rules
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import CATTLE_KEY, CITY_KEY, DISC_KEY, SPACE_KEY
from boomtown.games.great_western_trail.state import GreatWesternTrailState

register(RULESET)
END = ["end_of_test"]
rules.DECIDE["end_of_test"] = lambda st, frame: TERMINAL
rules.LEGAL["end_of_test"] = lambda st, frame: []


def game(players: int = 2, seed: int = 0, options: dict[str, Any] | None = None
         ) -> GreatWesternTrailState:
    """A new game with every set-up chance outcome drawn: seat 0 is to start."""
    opts = {"building_sides": "a", "neutral_order": "letters"}
    opts.update(options or {})
    st = RULESET.new_game(players, seed, opts)
    assert isinstance(st, GreatWesternTrailState)
    while st.current_player == CHANCE:
        st.apply(st.sample_chance())
    return st


def edit(st: GreatWesternTrailState) -> GreatWesternTrailState:
    out = st.editable_copy()
    assert isinstance(out, GreatWesternTrailState)
    return out


def run_frames(st: GreatWesternTrailState, *frames: list[Any]) -> GreatWesternTrailState:
    """Replace the frame stack by ``frames`` (last = first to run) above ``END`` and run."""
    st.stack = [list(END), *[list(f) for f in frames]]
    st._legal_cache = None
    rules.run(st)
    return st


def set_hand(st: GreatWesternTrailState, seat: int, **cards: int) -> None:
    hand = [0] * A.K
    for key, n in cards.items():
        hand[CATTLE_KEY[key]] = n
    st.hand[seat] = hand


def chance_until_decision(st: GreatWesternTrailState) -> None:
    while st.current_player == CHANCE:
        st.apply(st.sample_chance())


def city(key: str) -> int:
    return CITY_KEY[key]


def space(key: str) -> int:
    return SPACE_KEY[key]


def disc_row(key: str) -> int:
    return DISC_KEY[key]


def texts(st: GreatWesternTrailState) -> list[str]:
    return [a.text for a in st.legal_actions()]
