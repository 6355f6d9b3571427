"""Kernel unit tests, through the High Card toy (tests/toy_games.py)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from boomtown.engine import (
    CHANCE,
    TERMINAL,
    Action,
    BadOptions,
    BadPlayerCount,
    BadRecord,
    GameRecord,
    IllegalAction,
    UndoNotAllowed,
    UnknownGame,
    get_ruleset,
    list_rulesets,
    load_snapshot,
    new_game,
    replay,
)
from toy_games import (
    BROKEN,
    DIE,
    END_TURN,
    HIGH_CARD,
    ROLL,
    SIZE,
    TAKE,
    HighCard,
    HighCardOptions,
    registered,
)

# Deal order alternates seats: seat 0 gets the cards 1, 2, 3 (ids 0..2) and seat 1 the
# cards 20, 19, 18 (ids 19..17).
LOW_HIGH = [0, 19, 1, 18, 2, 17]


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with registered():
        yield


def game(
    players: int = 2, seed: int = 0, deal: list[int] | None = None, **options: Any
) -> HighCard:
    state = new_game("toy-high-card", players, seed, options or None)
    assert isinstance(state, HighCard)
    for card in deal or []:
        state.apply(card)
    return state


def frozen(state: HighCard) -> str:
    return json.dumps(state.snapshot(), sort_keys=True)


def to_reveal(state: HighCard, seat0: int, seat1: int) -> None:
    """From the start of a 2-player round: both keep their hands, then commit."""
    state.apply(END_TURN)
    state.apply(END_TURN)
    state.apply(seat0)
    state.apply(seat1)


# ------------------------------------------------------------------ actions
def test_apply_by_action_id_and_text() -> None:
    state = game(deal=LOW_HIGH)
    assert state.current_player == 0
    assert [a.text for a in state.legal_actions()] == [
        "select 1",
        "select 2",
        "select 3",
        "end turn",
    ]
    done = state.apply(Action(0, "any text: actions compare by id"))
    assert (done.id, done.text) == (0, "select 1")
    assert state.apply(1) == Action(1, "select 2")
    assert state.apply("  UNSELECT   1 ").id == 0  # whitespace and case do not matter
    assert state.selected[0] == [1]
    assert state.history == [*LOW_HIGH, 0, 1, 0]


def test_legal_mask_and_chance_outcomes() -> None:
    state = game()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert [a.id for a, _ in outcomes] == list(range(20))
    assert all(p == pytest.approx(1 / 20) for _, p in outcomes)
    assert state.legal_mask() == [i < 20 for i in range(SIZE)]
    for card in LOW_HIGH:
        state.apply(card)
    assert state.chance_outcomes() == []
    assert state.legal_mask() == [i in (0, 1, 2, END_TURN) for i in range(SIZE)]


def test_sample_chance_uses_the_game_stream_or_the_callers_rng() -> None:
    one, two = game(seed=5), game(seed=5)
    draws = []
    while one.current_player == CHANCE:
        draws.append(one.sample_chance().id)
        assert two.sample_chance().id == draws[-1]  # seed and step decide
        one.apply(draws[-1])
        two.apply(draws[-1])
    before = frozen(one)
    with pytest.raises(IllegalAction, match="not a chance point"):
        one.sample_chance()
    other = game(seed=5)
    own = [other.sample_chance(random.Random(i)).id for i in range(30)]
    assert len(set(own)) > 1  # the caller's rng, not the game's stream
    assert frozen(one) == before


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        (5, "action 5 (select 6) is not legal now; seat 0 is to decide"),
        (Action(TAKE, "take 2 points"), "action 27 (take 2 points) is not legal now"),
        (SIZE, "outside the action space 0..28"),
        (-1, "outside the action space"),
        ("commit 1", "no legal action reads 'commit 1'"),
        ("", "no legal action reads ''"),
        (None, "not an action"),
        (True, "not an action"),
        (1.0, "not an action"),
    ],
)
def test_illegal_action_has_a_reason_and_changes_nothing(payload: Any, reason: str) -> None:
    state = game(deal=LOW_HIGH)
    state.apply(0)
    before, legal = frozen(state), list(state.legal_action_ids())
    with pytest.raises(IllegalAction) as info:
        state.apply(payload)
    assert reason in info.value.reason
    assert str(info.value) == info.value.reason
    assert frozen(state) == before
    assert state.legal_action_ids() == legal
    assert state.can_undo(0)  # the undo floor did not move either


def test_no_action_after_the_end() -> None:
    state = game(deal=LOW_HIGH, rounds=1)
    to_reveal(state, 0, 19)
    state.apply(TAKE)
    assert state.current_player == TERMINAL and state.is_terminal()
    assert state.legal_action_ids() == [] and state.legal_actions() == []
    assert state.returns() == [0.0, 2.0]
    assert state.score_breakdown() == {"points": [0, 2], "rounds_won": [0, 1]}
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(TAKE)


# ------------------------------------------------------------------ records
def test_record_round_trip() -> None:
    state = game(seed=9, deal=LOW_HIGH, low_wins=True)
    record = state.record
    assert record.to_dict() == {
        "format": "boomtown-record/1",
        "game": "toy-high-card",
        "version": 1,
        "options": {"rounds": 2, "low_wins": True},  # every option, defaults included
        "players": 2,
        "seed": 9,
        "actions": LOW_HIGH,
    }
    assert GameRecord.from_json(record.to_json()) == record
    assert replay(record).snapshot() == state.snapshot()
    assert replay(record, steps=2).history == LOW_HIGH[:2]


GOOD = {
    "game": "toy-high-card",
    "version": 1,
    "options": {},
    "players": 2,
    "seed": 0,
    "actions": [],
}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        (json.dumps({**GOOD, "format": "chess-pgn"}), "unknown record format"),
        *[
            (
                json.dumps({k: v for k, v in GOOD.items() if k != field}),
                f"lacks the field '{field}'",
            )
            for field in ("game", "version", "players", "seed", "actions")
        ],
        (json.dumps({**GOOD, "game": 7}), "'game' must be a string"),
        (json.dumps({**GOOD, "version": "1"}), "'version' must be an integer"),
        (json.dumps({**GOOD, "players": True}), "'players' must be an integer"),
        (json.dumps({**GOOD, "seed": 1.5}), "'seed' must be an integer"),
        (json.dumps({**GOOD, "options": [1]}), "'options' must be an object"),
        (json.dumps({**GOOD, "actions": "0,19"}), "'actions' must be a list of integers"),
        (json.dumps({**GOOD, "actions": [0, "19"]}), "'actions' must be a list of integers"),
        (json.dumps({**GOOD, "actions": [False]}), "'actions' must be a list of integers"),
    ],
)
def test_bad_record_json(text: str, message: str) -> None:
    with pytest.raises(BadRecord, match=message):
        GameRecord.from_json(text)


def test_record_without_options_reads_as_defaults() -> None:
    record = GameRecord.from_json(json.dumps({k: v for k, v in GOOD.items() if k != "options"}))
    assert record.options == {}
    assert replay(record).options == HighCardOptions()


def record_of(**changes: Any) -> GameRecord:
    return GameRecord(**{**GOOD, "actions": LOW_HIGH, **changes})


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (record_of(version=2), "version 2, this is version 1"),
        (record_of(actions=[*LOW_HIGH, 5]), r"action #6 \(id 5\) does not replay"),
        (record_of(actions=[0, 0]), r"action #1 \(id 0\) does not replay"),
        (record_of(actions=[SIZE]), "action #0"),
        (record_of(game="no-such-game"), "cannot start: unknown game"),
        (record_of(options={"colour": "red"}), "cannot start: unknown option"),
        (record_of(players=7), "cannot start"),
    ],
)
def test_replay_of_a_bad_record(record: GameRecord, message: str) -> None:
    with pytest.raises(BadRecord, match=message):
        replay(record)


# ----------------------------------------------------------------- snapshots
def test_snapshot_round_trip() -> None:
    state = game(seed=3, deal=LOW_HIGH)
    state.apply(0)
    data = json.loads(json.dumps(state.snapshot()))
    loaded = load_snapshot(data)
    assert loaded.snapshot() == state.snapshot()
    assert loaded.can_undo(0)
    assert loaded.log_for(0) == state.log_for(0)


@pytest.mark.parametrize(
    "change",
    [
        {"format": "boomtown-record/1"},
        {"version": 99},
        {"actors": None},
        {"state": {"phase": "exchange"}},
    ],
)
def test_bad_snapshot(change: dict[str, Any]) -> None:
    data = {**game(deal=LOW_HIGH).snapshot(), **change}
    with pytest.raises(BadRecord):
        load_snapshot(data)


def test_clone_is_independent() -> None:
    state = game(deal=LOW_HIGH)
    before = frozen(state)
    copy = state.clone()
    copy.apply(0)
    copy.apply(END_TURN)
    assert frozen(state) == before
    kept = frozen(copy)
    state.apply(2)
    assert frozen(copy) == kept
    assert state.history != copy.history


def test_clones_read_their_own_logs_after_they_diverge() -> None:
    """Log conversions cached before a clone carry over to both copies, never across them."""
    state = game(deal=LOW_HIGH)
    rng = random.Random(7)

    def logs(s: HighCard) -> list[Any]:
        return [s.log_for(seat) for seat in (0, 1, None)] + [s.snapshot()["log"]]

    logs(state)  # fill the caches
    copies = [state, state.clone(), state.clone()]
    for _ in range(12):
        for s in copies:
            if not s.is_terminal():
                s.apply(s.sample_chance(rng) if s.current_player == CHANCE
                        else rng.choice(s.legal_actions()))
                logs(s)
    assert len({len(s.events) for s in copies}) > 1  # they did diverge
    for s in copies:
        assert logs(s) == logs(replay(s.record))  # a replay has no cache to go stale


# ------------------------------------------------------- options and counts
def test_options() -> None:
    assert HIGH_CARD.default_options() == HighCardOptions()
    assert game(rounds=3).options == HighCardOptions(rounds=3)
    assert HIGH_CARD.new_game(2, 0, HighCardOptions(low_wins=True)).options.low_wins


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown option.*colour.*known: low_wins, rounds"),
        ({"rounds": "2"}, "option rounds must be int"),
        ({"rounds": 2.0}, "option rounds must be int"),
        ({"low_wins": 1}, "option low_wins must be bool"),
        ({"rounds": 4}, "rounds must be 1..3"),
        ([("rounds", 2)], "unknown option|must be"),
        (object(), "options must be HighCardOptions or a dict"),
    ],
)
def test_bad_options(options: Any, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        HIGH_CARD.new_game(2, 0, options)


def test_options_from_dict_rejects_a_non_mapping() -> None:
    with pytest.raises(BadOptions, match="must be a mapping"):
        HIGH_CARD.options_from_dict([("rounds", 2)])  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [0, 1, 5, "2", True, 2.0, None])
def test_bad_player_count(players: Any) -> None:
    with pytest.raises(BadPlayerCount):
        HIGH_CARD.new_game(players)
    with pytest.raises(BadPlayerCount):
        new_game("toy-high-card", players)


@pytest.mark.parametrize("seed", ["1", 1.0, True, None])
def test_bad_seed(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed must be an integer"):
        HIGH_CARD.new_game(2, seed)


# --------------------------------------------------------------------- undo
def test_undo_own_decisions_within_own_turn() -> None:
    state = game(deal=LOW_HIGH)
    dealt = frozen(state)
    assert not state.can_undo(0)  # the last step was a chance outcome
    state.apply(0)
    one = frozen(state)
    state.apply(1)
    assert state.can_undo(0) and not state.can_undo(1)
    with pytest.raises(UndoNotAllowed):
        state.undo(1)
    assert state.undo(0).id == 1
    assert frozen(state) == one
    assert state.undo(0).id == 0
    assert frozen(state) == dealt
    assert not state.can_undo(0)
    with pytest.raises(UndoNotAllowed, match="seat 0 has no decision it may take back"):
        state.undo(0)
    assert frozen(state) == dealt


def test_undo_returns_the_text_the_action_had() -> None:
    state = game(deal=LOW_HIGH)
    state.apply(0)
    assert state.undo(0).text == "select 1"


def test_no_undo_across_another_players_decision() -> None:
    state = game(deal=LOW_HIGH)
    state.apply(END_TURN)
    assert state.current_player == 1 and not state.can_undo(0) and not state.can_undo(1)
    state.apply(END_TURN)
    assert state.current_player == 0  # commit phase, right after seat 1's decision
    assert not state.can_undo(0)
    with pytest.raises(UndoNotAllowed):
        state.undo(0)


def test_no_undo_across_a_reveal() -> None:
    state = game(deal=LOW_HIGH)
    to_reveal(state, 0, 19)  # seat 1 commits last and wins: it is to decide right away
    assert state.current_player == 1 and state.winner == 1
    assert not state.can_undo(1)
    with pytest.raises(UndoNotAllowed):
        state.undo(1)
    # The same position without seal() would let seat 1 take back its card after the reveal.
    unsealed = BROKEN["toy-missing-seal"][0].new_game(2, 0)
    for card in LOW_HIGH:
        unsealed.apply(card)
    to_reveal(unsealed, 0, 19)  # type: ignore[arg-type]
    assert unsealed.can_undo(1)


def test_no_undo_across_a_chance_outcome() -> None:
    state = game(deal=LOW_HIGH)
    to_reveal(state, 0, 19)
    state.apply(ROLL)
    assert state.current_player == CHANCE and not state.can_undo(1)
    state.apply(DIE + 4)  # rolls a 5
    assert state.points == [0, 5]
    assert state.current_player == 1  # round 2 starts with seat 1, right after the roll
    assert not state.can_undo(1)
    state.apply(17)
    assert state.can_undo(1)
    state.undo(1)
    assert not state.can_undo(1)
    assert state.history[-1] == DIE + 4


# ---------------------------------------------------------------- the log
def test_events_are_filtered_per_seat() -> None:
    state = game(deal=LOW_HIGH)
    assert state.log_for(0)[:2] == ["seat 0 is dealt 1", "seat 1 is dealt a card"]
    assert state.log_for(1)[:2] == ["seat 0 is dealt a card", "seat 1 is dealt 20"]
    assert state.log_for(None)[:2] == ["seat 0 is dealt a card", "seat 1 is dealt a card"]
    spectator = len(state.log_for(None))
    state.apply(0)  # private, no public text at all
    assert state.log_for(0)[-1] == "seat 0 selects 1"
    assert len(state.log_for(1)) == len(state.log_for(None)) == spectator
    assert state.events[-1].text == "seat 0 selects 1"  # the whole truth, never for a seat
    state.apply(0)
    state.apply(END_TURN)
    state.apply(END_TURN)
    state.apply(2)  # seat 0 commits the 3
    assert state.log_for(0)[-1] == "seat 0 commits 3"
    assert state.log_for(1)[-1] == state.log_for(None)[-1] == "seat 0 commits"
    for seat in (0, 1, None):
        assert state.view(seat)["log"] == state.log_for(seat)


def test_views() -> None:
    state = game(deal=LOW_HIGH)
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["state"]["hand"] == [1, 2, 3] and theirs["state"]["hand"] == [18, 19, 20]
    assert spectator["state"]["hand"] is None
    assert [a["text"] for a in mine["legal_actions"]][-1] == "end turn"
    assert "legal_actions" not in theirs and "legal_actions" not in spectator
    json.dumps([mine, theirs, spectator])
    with pytest.raises(ValueError):
        state.view(2)


# ----------------------------------------------------------------- registry
def test_registry() -> None:
    assert "toy-high-card" in list_rulesets()
    assert get_ruleset("toy-high-card") is HIGH_CARD
    with pytest.raises(UnknownGame, match="unknown game 'no-such-game'"):
        get_ruleset("no-such-game")
    with registered(HIGH_CARD):
        pass  # registering again and leaving removes it
    assert "toy-high-card" not in list_rulesets()


def test_log_actors_name_who_wrote_each_line() -> None:
    """Each line a seat reads is attributed to the step's actor: set-up lines to None, chance
    to CHANCE, a seat's decision to that seat; a loaded snapshot's older lines to None."""
    from boomtown.engine import CHANCE, load_snapshot

    state = new_game("way-out-west", players=3, seed=4)
    rng = random.Random(0)
    for _ in range(60):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
    for seat in (None, 0, 1):
        actors = state.log_actors(seat)
        assert len(actors) == len(state.log_for(seat))
        assert set(actors) <= {None, CHANCE, 0, 1, 2}
    assert CHANCE in state.log_actors(None)
    assert any(a is not None and a >= 0 for a in state.log_actors(None))
    loaded = load_snapshot(state.snapshot())
    assert set(loaded.log_actors(None)) == {None}
    while loaded.current_player == CHANCE:
        loaded.apply(loaded.sample_chance())
    aid = loaded.legal_action_ids()[0]
    who = loaded.current_player
    before = len(loaded.log_for(None))
    loaded.apply(aid)
    assert loaded.log_actors(None)[before:] == [who] * (len(loaded.log_for(None)) - before)
