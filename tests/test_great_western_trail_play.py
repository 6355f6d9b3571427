"""Whole games: seeded random games finish, records replay, hands stay secret,
determinization resamples only hidden cards, options and the rules report."""

from __future__ import annotations

import random

import pytest

from boomtown.engine import CHANCE, BadOptions, replay
from boomtown.games.great_western_trail import RULESET
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import OBJECTIVES, PRIVATE, provenance_report, records
from gwt_scenario import chance_until_decision, edit, game, run_frames


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


def take_top_objective(seed: int = 0):
    """Seat 0 takes the top card of the objective deck into its hand (6b); returns the state
    and the card."""
    st = edit(game(2, seed=seed))
    run_frames(st, R.TakeObjective(0, R.HAND))
    st.apply(A.TAKE_OBJ + 4)  # the top of the deck: a chance draw
    st.apply(st.sample_chance())
    o = st.hidden_obj[0][0]
    chance_until_decision(st)
    return st, o


def test_objective_drawn_face_down_into_a_hand_stays_hidden() -> None:
    st, o = take_top_objective()
    key = OBJECTIVES[o].key
    assert st.hand[0][A.OBJ0 + o] == 1 and st.known[0][A.OBJ0 + o] == 0
    for seat in (1, None):
        mine = st.view(seat)
        assert not any(mine["state"]["players"][0]["known_in_hand"].values())
        assert mine["state"]["players"][0]["hidden_objectives_in_hand"] == 1
        assert "hand" not in mine["state"]["players"][0]
        assert not any(key in line for line in st.log_for(seat))
    assert "seat 0 (blue) takes the top objective card into the hand" in st.log_for(1)
    assert any(f"objective card {key} into the hand" in line for line in st.log_for(0))
    assert st.view(0)["state"]["players"][0]["hand"][A.CARD_NAMES[A.OBJ0 + o]] == 1


def test_determinize_redraws_a_face_down_objective_card() -> None:
    st, o = take_top_objective()
    seen = set()
    for i in range(40):
        det = st.determinize(1, random.Random(i))
        (drawn,) = det.hidden_obj[0]
        seen.add(drawn)
        assert det.hand[0][A.OBJ0 + drawn] == 1
        assert sorted([*det.obj_deck, drawn]) == sorted([*st.obj_deck, o])
        assert det.view(1) == st.view(1) and det.view(None) == st.view(None)
        assert det.component_counts() == st.component_counts()
        mine = st.determinize(0, random.Random(i))  # the taker knows its card
        assert mine.hidden_obj[0] == [o] and mine.hand[0] == st.hand[0]
    assert len(seen) > 3


def test_face_down_objective_is_forgotten_when_it_leaves_the_hand() -> None:
    st, o = take_top_objective()
    st = edit(st)
    R.discard_card(st, 0, A.OBJ0 + o)
    assert st.hidden_obj[0] == []
    st.hand[0][A.OBJ0 + o] = 1
    st.discard[0][A.OBJ0 + o] = 0
    st.hidden_obj[0] = [o]
    R.play_objective(st, 0, A.PLAY_OBJ + o)
    assert st.hidden_obj[0] == [] and o in st.committed[0]


#: Facts sheet section C: each UNKNOWN item with a value in the data, and the records (label
#: in the rules report, provenance field) that hold it. Every such value is reconstructed.
RECONSTRUCTED_DATA = {
    "U1": [(f"private building {b.number}{b.side}", "vp") for b in PRIVATE if b.craftsmen == 1],
    "U2": [("stacks 2", "tiles"), ("stacks 3", "tiles")],
    "U3": [("worker-row bonuses", "record")],
    "U4": [("worker-row bonuses", "record")],
    "U5": [("objectives m5", "vp")],
    "U9": [("private building 9a", "slots")],
    "U11": [("disc_rows step_money", "money"), ("disc_rows step_vp", "vp")],
}
#: The other items are rules or options with no data value.
RULE_ONLY = {"U6", "U7", "U8", "U10", "U12", "U13"}


def test_every_unknown_item_in_the_data_is_tagged_reconstructed() -> None:
    assert set(RECONSTRUCTED_DATA) | RULE_ONLY == {f"U{i}" for i in range(1, 14)}
    assert len(RECONSTRUCTED_DATA["U1"]) == 5
    prov = dict(records())
    report = provenance_report().splitlines()
    for uid, places in RECONSTRUCTED_DATA.items():
        for label, field in places:
            assert prov[label][field] == "reconstructed", (uid, label, field)
            (line,) = [x for x in report if x.startswith(f"  {label} ")]
            expect = "reconstructed" if field == "record" else f"{field}: reconstructed"
            assert expect in line, (uid, line)
