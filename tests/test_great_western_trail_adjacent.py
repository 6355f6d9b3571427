"""Private building 8b, "use the local actions of a building on an adjacent location" (issue
11, item 6): which buildings it may borrow and which of their actions.

Ruling (docs/great-western-trail.md): any owner's building or a neutral one on the nearest
location before or after; every local action of that building, its moves and its own 8b
included, never a location already used in this phase B (no looping back); the space's risk
action only when the seat owns the borrowed building.
"""

from __future__ import annotations

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import buildings as B
from boomtown.games.great_western_trail import rules as R
from gwt_scenario import build, edit, game, in_turn, phase, play_on, set_hand, space

EIGHT_B = 8


def local(op: str) -> int:
    return A.LOCAL + A.OP_INDEX[op]


def b_sides(seed: int = 0):
    return edit(game(2, seed, {"building_sides": "b"}))


def phase_b(st, where: str):
    st.cattleman[0] = space(where)
    return in_turn(st, R.PhaseB(0, space(where), 0, False))


def adjacent(st) -> set[str]:
    return {R.SPACES[a - A.ADJ].key for a in st.legal_action_ids()
            if A.ADJ <= a < A.ADJ + len(R.SPACES)}


def test_8b_borrows_a_building_of_any_owner() -> None:
    """Facts B6.2, 8b: "use the local actions of a building on an adjacent location (any
    owner ...)": another player's building lends all its local actions, as a neutral one
    does, though on its own location that seat could take only a single auxiliary action."""
    st = b_sides()
    build(st, 0, EIGHT_B, "A-2")
    build(st, 1, 2, "A-3")  # 2b: discard a Jersey to move the engine, a Dutch Belt for $3
    set_hand(st, 0, dutch_belt=1)
    money, other = st.money[0], st.money[1]
    phase_b(st, "A-2")
    st.apply(local("use_adjacent"))
    assert adjacent(st) == {"A", "A-3"}
    st.apply(A.ADJ + space("A-3"))
    assert local("discard_dutch_belt_3") in st.legal_action_ids()
    st.apply(local("discard_dutch_belt_3"))
    assert st.money[0] == money + 3 and st.money[1] == other  # no fee: nobody moved


def test_8b_may_borrow_an_adjacent_8b_but_never_loops_back() -> None:
    """Facts B6.2, 8b: "(any owner; BGF forbids looping back)": an adjacent 8b is a building
    with a local action like any other, so it may be borrowed, and through it the location
    beyond; but not a location this phase B has already used, the first 8b included."""
    st = b_sides()
    build(st, 0, EIGHT_B, "A-2")
    build(st, 1, EIGHT_B, "A-3")
    set_hand(st, 0, dutch_belt=1)
    phase_b(st, "A-2")
    st.apply(local("use_adjacent"))
    st.apply(A.ADJ + space("A-3"))
    assert local("use_adjacent") in st.legal_action_ids()
    st.apply(local("use_adjacent"))
    assert adjacent(st) == {"B"}  # A-2 is where this phase B began: no looping back
    st.apply(A.ADJ + space("B"))  # neutral B: a Dutch Belt for $2, or build
    money = st.money[0]
    st.apply(local("discard_dutch_belt_2"))
    assert st.money[0] == money + 2
    st.apply(A.DONE)  # back in A-3's borrowed actions, its 8b used
    assert local("use_adjacent") not in st.legal_action_ids()
    st.apply(A.DONE)
    assert phase(st) == "phase_b" and st.stack[-1][:2] == (0, space("A-2"))
    assert local("use_adjacent") not in st.legal_action_ids()  # each local action once
    play_on(st, 3)


def test_adjacent_means_the_nearest_location_before_or_after_on_the_trail() -> None:
    """Facts B6.2, 8b: "a building on an adjacent location": the nearest location each way
    along the trail (empty spaces are no locations, facts B2.2), not a parallel branch."""
    st = b_sides()
    build(st, 0, EIGHT_B, "F-1")
    build(st, 1, 2, "F-2")  # F-1 and F-2 both lie between F and G: not adjacent
    phase_b(st, "F-1")
    st.apply(local("use_adjacent"))
    assert adjacent(st) == {"F", "G"}


def test_8b_borrows_a_move_and_phase_b_follows_at_the_new_location() -> None:
    """Facts B2.3: "Move-cattleman local actions (3a, 3b, 4a, 4b, 10a, 10b): move up to N
    steps (fees apply), then do phase B again at the new location"; borrowed through 8b they
    move the cattleman from the 8b location, and that location's phase B ends."""
    st = b_sides()
    build(st, 0, EIGHT_B, "A-2")
    build(st, 0, 3, "A-3")  # 3b: single or double aux, move the cattleman 1 step
    phase_b(st, "A-2")
    st.apply(local("use_adjacent"))
    st.apply(A.ADJ + space("A-3"))
    assert local("move_1") in st.legal_action_ids()
    st.apply(local("move_1"))
    assert {a - A.MOVE for a in st.legal_action_ids() if A.MOVE <= a < A.STOP} == {
        space("A-3")}
    st.apply(A.MOVE + space("A-3"))
    assert phase(st) == "phase_b" and st.stack[-1][:2] == (0, space("A-3"))
    assert not any(isinstance(f, B.Borrow | B.Adjacent) for f in st.stack)
    assert sum(1 for f in st.stack if isinstance(f, R.PhaseB)) == 1
    play_on(st, 4)


def test_8b_lends_a_risk_action_only_with_the_seats_own_building() -> None:
    """Rulebook: "If a building tile is placed on such a space, the risk action becomes part
    of that tile's local actions and thus can be performed by its owner"; 8b lends the local
    actions of the building, so the risk action comes with the seat's own building only."""
    for owner, lent in ((0, True), (1, False)):
        st = b_sides()
        build(st, 0, EIGHT_B, "ROCKFALL-RISK-2")
        build(st, owner, 1, "ROCKFALL-RISK-1")  # a risk space: discard a card, 1 certificate
        set_hand(st, 0, guernsey=1)
        phase_b(st, "ROCKFALL-RISK-2")
        st.apply(local("use_adjacent"))
        st.apply(A.ADJ + space("ROCKFALL-RISK-1"))
        assert (local("risk_any_cert") in st.legal_action_ids()) == lent
