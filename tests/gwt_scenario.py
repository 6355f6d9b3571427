"""Helpers that build Great Western Trail positions for scenario tests.

A position starts from a real game (set-up chance outcomes sampled from the game's own seed)
and is then edited field by field, the way a puzzle or table-mode position would be. A frame
stack ending in ``END`` stops the machine once the frames under test are done.
"""

from __future__ import annotations

import random
from typing import Any

from boomtown.engine import CHANCE, TERMINAL
from boomtown.engine.registry import register
from boomtown.games.great_western_trail import RULESET, rules
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    CATTLE_KEY,
    CITY_KEY,
    DISC_KEY,
    PRIVATE_SPACES,
    SPACE_KEY,
)
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


def in_turn(st: GreatWesternTrailState, *frames: list[Any]) -> GreatWesternTrailState:
    """Put ``frames`` (last = first to run) on top of seat 0's real end of turn (phase C,
    then the next seat's turn), so that the game goes on after them; then run."""
    st.stack = [["end_turn", 0], ["fill_hand", 0], *[list(f) for f in frames]]
    st._legal_cache = None
    rules.run(st)
    return st


def build(st: GreatWesternTrailState, seat: int, number: int, where: str) -> None:
    """Seat ``seat``'s private building ``number`` (on the side in play) on space ``where``."""
    st.private_at[PRIVATE_SPACES.index(space(where))] = seat * 10 + number - 1
    st.avail[seat][number - 1] = 0


def hire_from_market(st: GreatWesternTrailState, seat: int) -> int:
    """Move the first worker of the job market to ``seat``'s board (an honest hire, so the
    tile count stays); return the worker kind."""
    cell = next(i for i, t in enumerate(st.jm) if t >= 0)
    worker = st.jm[cell]
    st.jm[cell] = -1
    st.workers[seat][worker] += 1
    return worker


def play_on(st: GreatWesternTrailState, seed: int, max_steps: int = 50_000) -> int:
    """Seeded random play to the end of the game, asking ``legal_actions()`` at every step;
    return the number of steps."""
    rng = random.Random(seed)
    for step in range(max_steps):
        if st.current_player == TERMINAL:
            return step
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
            continue
        legal = st.legal_actions()
        assert legal, f"seat {st.current_player} has no legal action ({st.stack[-1]})"
        st.apply(rng.choice(legal))
    raise AssertionError(f"no end of the game after {max_steps} steps")
