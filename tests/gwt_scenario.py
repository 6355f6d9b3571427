"""Helpers that build Great Western Trail positions for scenario tests.

A position starts from a real game (set-up chance outcomes sampled from the game's own seed)
and is then edited field by field, the way a puzzle or table-mode position would be. A step
stack ending in ``END`` stops the machine once the steps under test are done.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from boomtown.engine import CHANCE, TERMINAL
from boomtown.engine.registry import register
from boomtown.games.great_western_trail import RULESET, rules
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import kansas_city as KC
from boomtown.games.great_western_trail.data import (
    CATTLE_KEY,
    CITY_KEY,
    DISC_KEY,
    PRIVATE_SPACES,
    SPACE_KEY,
)
from boomtown.games.great_western_trail.state import GWT, GreatWesternTrailState

register(RULESET)


@GWT.decision("End of the test")
class EndOfTest(NamedTuple):
    """The scenario's stop: the game is over once the steps under test are done."""

    seat: int = TERMINAL

    def legal(self, st: GreatWesternTrailState) -> list[int]:
        return []

    def choose(self, st: GreatWesternTrailState, aid: int) -> None:
        raise AssertionError("the end of a test has no action")


END = EndOfTest()


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


def run_frames(st: GreatWesternTrailState, *frames: Any) -> GreatWesternTrailState:
    """Replace the step stack by ``frames`` (last = first to run) above ``END`` and run."""
    st.stack = [END, *frames]
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


def in_turn(st: GreatWesternTrailState, *frames: Any) -> GreatWesternTrailState:
    """Put ``frames`` (last = first to run) on top of seat 0's real end of turn (phase C,
    then the next seat's turn), so that the game goes on after them; then run."""
    st.stack = [rules.EndTurn(0), rules.FillHand(0), *frames]
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


def phase(st: GreatWesternTrailState) -> str:
    """The short name of the step on top (the view's ``phase``)."""
    return rules.phase_name(st)


def kansas_city(seat: int, sub: int, total: int = 0) -> list[Any]:
    """A Kansas City visit from subphase ``sub`` on (0-2 foresight, 3 income, 4 delivery
    with value ``total``), in stack order (the first to run last)."""
    if sub == KC.DELIVERY_SUB:
        return [KC.KcDeliver(seat, total)]
    return [KC.KcIncome(seat), *(KC.KcForesight(seat, col) for col in range(2, sub - 1, -1))]


def kc_subphase(step: Any) -> int | None:
    """The subphase of a Kansas City step on top (None for any other step)."""
    if isinstance(step, KC.KcForesight):
        return step.column
    if isinstance(step, KC.KcCertificates):
        return KC.INCOME_SUB
    if isinstance(step, KC.KcDeliver):
        return KC.DELIVERY_SUB
    return None
