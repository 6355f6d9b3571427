"""A rules fault never corrupts a game: whatever a game's code raises inside apply (or while
it lists legal actions), the state is exactly as before and the caller gets a RulesFault that
reproduces the fault."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from boomtown.engine import CHANCE, IllegalAction, State, load_snapshot, replay
from boomtown.engine.errors import RulesFault
from boomtown.engine.record import GameRecord
from toy_games import BROKEN, TAKE, registered

FAULTY = BROKEN["toy-faulty-rules"][0]


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with registered():
        yield


def _play_to_fault(state: State, rng: random.Random) -> None:
    """Play until taking the 2 points would hit the toy's bug (round 2, TAKE legal)."""
    for _ in range(10_000):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_action_ids()
        if TAKE in legal and state.round == 1:  # type: ignore[attr-defined]
            return
        choice = rng.choice([a for a in legal if a != TAKE] or legal)
        state.apply(choice)
    raise AssertionError("the fault position was not reached")


def _faulted() -> State:
    for seed in range(50):
        state = FAULTY.new_game(2, seed)
        try:
            _play_to_fault(state, random.Random(seed))
        except AssertionError:
            continue
        if not state.is_terminal():
            return state
    raise AssertionError("no seed reaches the fault")


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def test_a_fault_mid_apply_leaves_the_state_as_it_was() -> None:
    state = _faulted()
    before = _canon(state.snapshot())
    legal = list(state.legal_action_ids())
    log = state.log_for(None)
    with pytest.raises(RulesFault) as info:
        state.apply(TAKE)
    fault = info.value
    assert isinstance(fault.cause, ZeroDivisionError)
    assert fault.__cause__ is fault.cause
    assert _canon(state.snapshot()) == before
    assert state.legal_action_ids() == legal
    assert state.log_for(None) == log  # the half action's log line is gone too
    assert fault.game == "toy-faulty-rules" and fault.version == FAULTY.version
    assert fault.during == "apply" and fault.action == TAKE
    assert "toy-faulty-rules version 1" in str(fault) and "ZeroDivisionError" in str(fault)
    # the game goes on with another action
    other = next(a for a in legal if a != TAKE)
    state.apply(other)


def test_the_fault_carries_its_reproduction() -> None:
    state = _faulted()
    with pytest.raises(RulesFault) as info:
        state.apply(TAKE)
    fault = info.value
    assert fault.record is not None and fault.snapshot is not None
    again = replay(GameRecord.from_dict(fault.record))
    assert _canon(again.snapshot()) == _canon(fault.snapshot)
    with pytest.raises(RulesFault):
        again.apply(fault.action)  # type: ignore[arg-type]
    loaded = load_snapshot(json.loads(json.dumps(fault.snapshot)))
    with pytest.raises(RulesFault):
        loaded.apply(TAKE)
    report = fault.to_dict()
    assert report["error"].startswith("ZeroDivisionError")
    json.dumps(report)  # plain data, ready for a bug report


def test_a_loaded_or_determinized_state_is_restored_too() -> None:
    state = _faulted()
    loaded = load_snapshot(state.snapshot())
    before = _canon(loaded.snapshot())
    with pytest.raises(RulesFault) as info:
        loaded.apply(TAKE)
    assert _canon(loaded.snapshot()) == before
    assert info.value.record is None  # its past is the snapshot, not a replayable record
    world = state.determinize(state.current_player, random.Random(1))
    world_before = _canon(world.snapshot())
    with pytest.raises(RulesFault):
        world.apply(TAKE)
    assert _canon(world.snapshot()) == world_before


def test_a_fault_in_a_clone_leaves_the_original_alone() -> None:
    state = _faulted()
    before = _canon(state.snapshot())
    copy = state.clone()
    with pytest.raises(RulesFault):
        copy.apply(TAKE)
    assert _canon(state.snapshot()) == before == _canon(copy.snapshot())


def test_a_fault_in_the_legal_list_is_a_rules_fault() -> None:
    state = FAULTY.new_game(2, 0)
    before = _canon(state.snapshot())
    state._legal_cache = None

    def broken() -> list[int]:
        raise KeyError("no such card")

    state._compute_legal_ids = broken  # type: ignore[method-assign]
    with pytest.raises(RulesFault) as info:
        state.legal_actions()
    assert info.value.during == "legal" and info.value.action is None
    assert "legal_actions()" in str(info.value)
    assert _canon(state.snapshot()) == before


def test_illegal_action_found_late_by_the_game_also_restores() -> None:
    """A game may find an action illegal only while applying it: IllegalAction stays what it
    is, and the half-applied part is undone."""
    state = FAULTY.new_game(2, 0)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    before = _canon(state.snapshot())
    real = state._apply_id

    def late(aid: int) -> None:
        real(aid)
        raise IllegalAction("found out late")

    state._apply_id = late  # type: ignore[method-assign]
    with pytest.raises(IllegalAction, match="found out late"):
        state.apply(state.legal_action_ids()[0])
    assert _canon(state.snapshot()) == before


def test_keyboard_interrupt_passes_through_but_restores() -> None:
    state = FAULTY.new_game(2, 0)
    before = _canon(state.snapshot())
    real = state._apply_id

    def interrupted(aid: int) -> None:
        real(aid)
        raise KeyboardInterrupt

    state._apply_id = interrupted  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        state.apply(state.legal_action_ids()[0])
    assert _canon(state.snapshot()) == before
