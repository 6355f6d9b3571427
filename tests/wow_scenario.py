"""Helpers that build Way Out West positions for the tests.

A position starts from a real game (start player and set-up placements chosen, not sampled)
and is then edited field by field, the way a puzzle or a table-mode position would be.
"""

from __future__ import annotations

from typing import Any

from boomtown.engine import CHANCE
from boomtown.engine.machine import settle
from boomtown.games.way_out_west import RULESET, rules
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.state import NF, WOW, C, T, WayOutWestState
from machine_support import end_of_test
from machine_support import top as top  # the scenarios' tests import it from here

SAN_ANTONIA, KANSAS_CITY, ABILENE, DODGE_CITY, DEADWOOD = range(5)


#: The step that stops the machine below a scenario's steps, and one of it.
EndOfTest = end_of_test(WOW)
END = EndOfTest()


def counter(key: str) -> int:
    return A.COUNTER[key]


def new(players: int = 3, options: dict[str, Any] | None = None, seed: int = 0) -> WayOutWestState:
    st = RULESET.new_game(players, seed, options)
    assert isinstance(st, WayOutWestState)
    return st


def start(
    players: int = 3,
    first: int = 0,
    towns: tuple[int, ...] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> WayOutWestState:
    """A game where seat ``first`` wins the start roll and the set-up cowboys go to
    ``towns`` in placement order (default: every cowboy to San Antonia). Stops at the first bid."""
    st = new(players, options, seed)
    assert st.current_player == CHANCE
    st.apply(A.START + first)
    i = 0
    while top(st) is rules.Place:
        st.apply(A.PLACE + (towns[i] if towns else SAN_ANTONIA))
        i += 1
    return st


def empty_board(st: WayOutWestState) -> None:
    """Every cowboy and cattle counter back to its owner's supply; no counters, no Farmers."""
    n = st.num_players
    for s in range(n):
        for t in range(T):
            put(st, s, t, cowboys=0, cattle=0)
        for k in range(C):
            st.csupply[s * C + k] += st.cout[s * C + k]
            st.cout[s * C + k] = 0
    for i, o in enumerate(st.owner):
        if o >= 0:
            st.csupply[o * C + i % C] += 1
            st.owner[i] = -1
    st.farmer_supply += sum(st.farmer) + st.farmer_out
    st.farmer = [0] * T
    st.farmer_out = 0


def put(st: WayOutWestState, s: int, t: int, cowboys: int | None = None,
        cattle: int | None = None) -> None:
    """Set seat ``s``'s cowboys / cattle in town ``t`` (taken from or returned to supply)."""
    if cowboys is not None:
        st.cowboy_supply[s] += st.cowboys[s * T + t] - cowboys
        st.cowboys[s * T + t] = cowboys
        assert st.cowboy_supply[s] >= 0
    if cattle is not None:
        st.cattle_supply[s] += st.cattle[s * T + t] - cattle
        st.cattle[s * T + t] = cattle
        assert st.cattle_supply[s] >= 0


def build(st: WayOutWestState, s: int, t: int, key: str) -> None:
    k = counter(key)
    old = st.owner[t * C + k]
    if old >= 0:
        st.csupply[old * C + k] += 1
    st.owner[t * C + k] = s
    st.csupply[s * C + k] -= 1


def farmer(st: WayOutWestState, t: int) -> None:
    st.farmer[t] += 1
    st.farmer_supply -= 1


def set_stack(st: WayOutWestState, *steps: Any) -> None:
    """Replace the pending steps (last = next) and advance to the next decision."""
    st.stack = [END, *steps]
    st.fight = [0] * NF
    st._legal_cache = None
    settle(st)


def act(st: WayOutWestState, s: int, boxes: dict[str, int] | None = None) -> None:
    """Make seat ``s`` the one to choose an action (every box free unless ``boxes`` says)."""
    full = list(rules.BOXES_3P if st.num_players == 3 else rules.BOXES_FULL)
    st.boxes_left = full
    if boxes:
        from boomtown.games.way_out_west.state import BOX

        for key, n in boxes.items():
            st.boxes_left[BOX[key]] = n
    set_stack(st, rules.Turn(s))


def texts(st: WayOutWestState) -> list[str]:
    return [a.text for a in st.legal_actions()]
