"""Western Town as a whole: variants, options, hidden information, seeded random play."""

from __future__ import annotations

import json
import random

import pytest

from boomtown.engine import (
    CHANCE,
    BadOptions,
    BadPlayerCount,
    BadRecord,
    IllegalAction,
    load_snapshot,
    new_game,
)
from boomtown.engine.machine import kinds_problem
from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA
from boomtown.games.western_town.effects import Ask
from boomtown.games.western_town.rules import Aside, Solo
from boomtown.games.western_town.state import HAND, INACTIVE, K, WesternTownState
from wt_scenario import kind, start, top


def play_out(st: WesternTownState, seed: int) -> WesternTownState:
    rng = random.Random(seed)
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(st.legal_actions()))
    return st


CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"short_game": True}),
    (3, {"short_game": True}),
    (4, {"short_game": True}),
    (4, {"double_duel": True}),
    (4, {"double_duel": True, "short_game": True}),
    (3, {"warehouse_points": "flat"}),
    (3, {"destroyed_marker_homes": "always"}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_games_finish_and_conserve_components(players: int, options: dict) -> None:
    for seed in range(25):
        st = new_game("western-town", players, seed, options)
        counts = st.component_counts()
        play_out(st, seed)
        assert st.component_counts() == counts
        score = st.score_breakdown()
        assert score["final"] is True
        assert max(st.returns()) == 1.0
        assert st.round == (4 if options.get("short_game") else 5)
        json.dumps(st.view(0))


def test_short_game_set_up() -> None:
    st = start(3, options={"short_game": True})
    # the five starting constructible buildings minus each one's start building
    constructible = {s: {DATA.cards[k].key for k in range(K) if st.avail[s * K + k]}
                     for s in range(3)}
    base = {"carpenter", "saloon", "barber", "gunsmith", "general_store"}
    assert constructible[0] == base
    assert constructible[1] == base - {"saloon"}
    assert constructible[2] == base - {"barber"}
    # the four green tiles became homesteads; Marshal Bright used one of them
    assert st.hs_tiles == [3, 4, 4]
    assert sorted(DATA.cards[k].group for k in st.stock[0]) == ["orange"] * 8
    assert st.stock[1] == []
    assert len(st.lincoln_left) == 6  # one card drawn; the "5" card is out of the game


def test_short_game_adds_two_orange_buildings_in_round_two() -> None:
    st = new_game("western-town", 3, 4, {"short_game": True})
    rng = random.Random(0)
    while st.round < 2:
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(st.legal_actions()))
    while st.current_player == CHANCE:
        st.apply(st.sample_chance())
    assert len(st.stock[0]) == 6
    play_out(st, 1)
    assert len(st.stock[0]) == 6 and st.round == 4


def test_full_game_adds_buildings_in_rounds_one_to_three() -> None:
    st = new_game("western-town", 2, 9)
    assert st.current_player == CHANCE
    play_out(st, 2)
    assert st.stock == [[], []]
    assert len(st.lincoln_revealed) == 4 and len(st.lincoln_left) == 3


def test_double_duel_is_two_games_sharing_the_lincoln_pile() -> None:
    st = start(4, options={"double_duel": True})
    assert st.groups == ((0, 1), (2, 3))
    assert st.neighbours(0) == [1] and st.neighbours(2) == [3]
    assert st.lm[0] in (0, 1) and st.lm[1] in (2, 3)
    assert st.camp[2] == 2 and st.camp[5] == 2
    play_out(st, 3)
    winners = st.score_breakdown()["winners"]
    assert any(s in (0, 1) for s in winners) and any(s in (2, 3) for s in winners)
    assert len(st.lincoln_revealed) == 4
    # every Lincoln card gave one Home in each duel
    assert sum(st.lincoln_homes[:2]) == 4 and sum(st.lincoln_homes[2:]) == 4


def test_options_are_validated() -> None:
    with pytest.raises(BadOptions):
        new_game("western-town", 3, 0, {"double_duel": True})
    with pytest.raises(BadOptions, match="unknown option"):
        new_game("western-town", 3, 0, {"shortgame": True})
    with pytest.raises(BadOptions):
        new_game("western-town", 3, 0, {"warehouse_points": "lots"})
    with pytest.raises(BadOptions, match="destroyed_marker_homes"):
        new_game("western-town", 3, 0, {"destroyed_marker_homes": "never"})
    with pytest.raises(BadOptions):
        new_game("western-town", 3, 0, {"short_game": "yes"})
    with pytest.raises(BadPlayerCount):
        new_game("western-town", 5, 0)


def test_illegal_actions_are_explained_and_change_nothing() -> None:
    st = start(3)
    before = st.snapshot()
    seat = st.current_player
    with pytest.raises(IllegalAction, match="not legal now"):
        st.apply(A.PASS)
    with pytest.raises(IllegalAction, match="outside the action space"):
        st.apply(10_000)
    with pytest.raises(IllegalAction, match="no legal action reads"):
        st.apply("build a castle")
    missing = next(k for k in range(K) if st.z(seat, HAND, k) == 0)
    with pytest.raises(IllegalAction):
        st.apply(A.SET_ASIDE + missing)
    assert st.snapshot() == before


def test_set_aside_cards_stay_secret() -> None:
    st = start(3)
    seat = st.current_player
    other = (seat + 1) % 3
    while st.current_player == seat and top(st) is Aside:
        st.apply(st.legal_actions()[0])
    mine = st.view(seat)["state"]["players"][seat]
    theirs = st.view(other)["state"]["players"][seat]
    assert "hand" in mine and "inactive" in mine
    assert "hand" not in theirs and "inactive" not in theirs
    assert theirs["hand_count"] == sum(st.zone_list(seat, HAND))
    assert theirs["inactive_count"] == sum(st.zone_list(seat, INACTIVE))
    kept_line = st.log_for(seat)[-1]
    assert "keeps" in kept_line and kept_line not in st.log_for(other)
    assert theirs["known_in_hand"] == {}


def test_determinize_keeps_the_view_and_changes_only_hidden_cards() -> None:
    rng = random.Random(5)
    st = new_game("western-town", 4, 12)
    changed = 0
    steps = 0
    while not st.is_terminal() and steps < 400:
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(st.legal_actions()))
        steps += 1
        for seat in range(4):
            det = st.determinize(seat, random.Random(steps))
            assert det.view(seat) == st.view(seat)
            assert det.component_counts() == st.component_counts()
            if list(det.zones) != list(st.zones):
                changed += 1
    assert changed > 0, "hidden hands were resampled at least sometimes"


def test_peek_reveals_the_hand_to_the_peeker_only() -> None:
    from wt_scenario import (
        ALEXANDER,
        END,
        ROBIN,
        THEO,
        build,
        clear_cards,
        set_cards,
        set_res,
        set_stack,
    )

    st = start(3)
    clear_cards(st, ROBIN)
    set_cards(st, ROBIN, HAND, {"building_c": 1})
    set_cards(st, ROBIN, INACTIVE, {"saloon": 1})
    set_cards(st, THEO, HAND, {"marshal": 1, "bank": 1})
    set_cards(st, THEO, INACTIVE, {"gold_mine": 1})
    build(st, ROBIN, "building_c", 4)
    set_res(st, ROBIN, I=6)
    set_stack(st, END, Solo(ROBIN))
    st.apply("play telegraph office")
    st.apply("look at seat 2's hand")
    assert "bank" in st.log_for(ROBIN)[-1]
    assert "bank" not in st.log_for(ALEXANDER)[-1]
    assert st.log_for(ALEXANDER)[-1] == "seat 0 (yellow) looks at seat 2 (blue)'s hand"
    robin_view = st.view(ROBIN)["state"]["players"][THEO]
    assert robin_view["known_in_hand"] == {"marshal": 1, "bank": 1}
    assert st.view(ALEXANDER)["state"]["players"][THEO]["known_in_hand"] == {}
    # then up to two cards back from the inactive pile
    st.apply("take saloon back from the inactive pile")
    assert st.z(ROBIN, HAND, kind("saloon")) == 1


def test_undo_within_own_turn_only() -> None:
    st = new_game("western-town", 3, 21)
    rng = random.Random(3)
    undone = 0
    for _ in range(600):
        if st.is_terminal():
            break
        seat = st.current_player
        if seat != CHANCE and st.can_undo(seat):
            before = st.record.actions[:-1]
            st.undo(seat)
            assert st.record.actions == before
            undone += 1
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(st.legal_actions()))
    assert undone > 0


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"double_duel": True})])
def test_every_step_offers_actions_of_its_declared_kinds_and_snapshots_round_trip(
    players: int, options: dict
) -> None:
    st = new_game("western-town", players, seed=5, options=options)
    assert isinstance(st, WesternTownState)
    rng = random.Random(5)
    steps = asked = 0
    while not st.is_terminal():
        legal = st.legal_action_ids()
        assert kinds_problem(st, legal) is None
        if type(st.stack[-1]) is Ask or steps % 40 == 0:
            asked += type(st.stack[-1]) is Ask  # its options are steps: they load back
            again = load_snapshot(json.loads(json.dumps(st.snapshot())))
            assert again.snapshot() == st.snapshot()
            assert again.legal_action_ids() == legal
        st.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(legal))
        steps += 1
    assert asked > 0


def test_a_snapshot_with_a_wrong_size_or_an_unknown_step_is_refused() -> None:
    st = start(3)
    good = json.dumps(st.snapshot())
    short = json.loads(good)
    short["state"]["zones"].pop()
    with pytest.raises(BadRecord, match="field zones holds"):
        load_snapshot(short)
    old_frame = json.loads(good)
    old_frame["state"]["stack"][-1] = ["aside", 0, 1]  # a frame of the game before its steps
    with pytest.raises(BadRecord, match="not a step"):
        load_snapshot(old_frame)
    assert load_snapshot(json.loads(good)).snapshot() == st.snapshot()
