"""Whole games: seeded random games finish, records replay, hands stay secret,
determinization resamples only hidden cards, options and the rules report."""

from __future__ import annotations

import random

import pytest

from boomtown.engine import CHANCE, BadOptions, replay
from boomtown.games.great_western_trail import RULESET
from boomtown.games.great_western_trail import actions as A
from gwt_scenario import edit, game


def play(players: int, seed: int, options: dict | None = None):
    st = RULESET.new_game(players, seed, options)
    rng = random.Random(seed)
    steps = 0
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            st.apply(rng.choice(st.legal_actions()))
        steps += 1
        assert steps < 10_000
    return st


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_finish(players: int, seed: int) -> None:
    st = play(players, seed)
    assert st.end_trigger >= 0 and st.holder == st.end_trigger
    assert st.token == 12
    out = st.returns()
    assert len(out) == players and max(out) == 1.0
    breakdown = st.score_breakdown()
    assert [s["total"] for s in breakdown["seats"]] == [
        sum(v for k, v in s.items() if k not in ("seat", "total", "money_left"))
        for s in breakdown["seats"]
    ]
    again = replay(st.record)
    assert again.snapshot() == st.snapshot()


@pytest.mark.parametrize("variant", list(range(len(RULESET.variants))))
def test_variants_play(variant: int) -> None:
    st = play(3, 5, dict(RULESET.variants[variant]))
    assert st.is_terminal()


def test_last_turns_after_the_trigger() -> None:
    st = RULESET.new_game(3, 7)
    rng = random.Random(7)
    turns_after: list[int] = []
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
            continue
        if st.end_trigger >= 0 and (not turns_after or turns_after[-1] != st.turn_seat):
            turns_after.append(st.turn_seat)
        st.apply(rng.choice(st.legal_actions()))
    trigger = st.end_trigger
    seats = [s for s in turns_after if s != trigger]
    assert seats == [(trigger + 1) % 3, (trigger + 2) % 3]


def test_hands_are_hidden_and_counted() -> None:
    st = game(3)
    mine = st.view(0)["state"]["players"]
    assert "hand" in mine[0] and "hand" not in mine[1]
    assert mine[1]["hand_size"] == 4 and mine[1]["draw_pile"] == 10
    assert "hand" not in st.view(None)["state"]["players"][0]
    log = st.view(1)["log"]
    assert not any(line.startswith("seat 0 (blue) draws J") for line in log)


def test_determinize_resamples_only_other_hands() -> None:
    st = game(3, seed=4)
    changed = False
    for i in range(20):
        det = st.determinize(0, random.Random(i))
        assert det.hand[0] == st.hand[0] and det.draw[0] == st.draw[0]
        for t in (1, 2):
            assert sum(det.hand[t]) == sum(st.hand[t])
            pool = [a + b for a, b in zip(det.hand[t], det.draw[t], strict=True)]
            assert pool == [a + b for a, b in zip(st.hand[t], st.draw[t], strict=True)]
            changed |= det.hand[t] != st.hand[t]
        assert det.view(0) == st.view(0)
    assert changed


def test_determinize_keeps_cards_known_to_be_in_a_hand() -> None:
    st = edit(game(2))
    st.hand[1][A.OBJ0 + 8] = 1
    st.known[1][A.OBJ0 + 8] = 1
    st.hand[1][0] -= 1 if st.hand[1][0] else 0
    for i in range(10):
        det = st.determinize(0, random.Random(i))
        assert det.hand[1][A.OBJ0 + 8] == 1


def test_options_validate() -> None:
    with pytest.raises(BadOptions):
        RULESET.new_game(2, 0, {"building_sides": "c"})
    with pytest.raises(BadOptions):
        RULESET.new_game(2, 0, {"no_such_option": 1})


def test_rules_report_names_the_reconstructed_parts() -> None:
    assert RULESET.rules_report is not None
    report = RULESET.rules_report()
    assert "U10" in report and "reconstructed" in report
    assert "private building 1a" in report and "arrow topeka-wichita" in report
    assert "rulebook" in report


def test_action_texts_are_unique() -> None:
    assert len(set(A.TEXTS)) == A.SIZE == RULESET.action_space_size
