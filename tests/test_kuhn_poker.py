"""The example game: Kuhn poker on the kernel's decision machine.

It passes the conformance suite at every player count, every action has a kind its step
declares, it plays exactly as OpenSpiel's kuhn_poker, and it stays out of the platform's list.
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from boomtown.engine import CHANCE, coverage, get_ruleset, list_rulesets, new_game
from boomtown.engine.conformance import assert_conformance
from boomtown.engine.machine import kinds_problem
from boomtown.games.kuhn_poker import RULESET
from boomtown.games.kuhn_poker.actions import BET, DEAL, PASS
from boomtown.games.kuhn_poker.state import KuhnPokerState

GAME = "kuhn-poker"
SEEDS = range(12)


@pytest.mark.parametrize("players", RULESET.player_counts)
def test_conforms_at_every_player_count(players: int) -> None:
    assert_conformance(GAME, players, seeds=SEEDS, deep_rate=1.0, playouts=2)


def _random_game(players: int, seed: int) -> KuhnPokerState:
    state = new_game(GAME, players, seed)
    assert isinstance(state, KuhnPokerState)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_action_ids()
        if state.current_player != CHANCE:
            assert kinds_problem(state, legal) is None
        state.apply(state.sample_chance() if state.current_player == CHANCE
                    else rng.choice(legal))
    return state


@pytest.mark.parametrize("players", RULESET.player_counts)
def test_plays_as_openspiel_kuhn_poker(players: int) -> None:
    spiel = pyspiel.load_game("kuhn_poker", {"players": players})
    for seed in range(40):
        ours = _random_game(players, seed)
        theirs = spiel.new_initial_state()
        for aid in ours.history:
            theirs.apply_action(aid - DEAL if aid >= DEAL else aid)
        assert theirs.is_terminal()
        assert ours.returns() == theirs.returns()


def test_a_bet_answered_by_a_call_and_a_fold() -> None:
    state = new_game(GAME, 3, seed=0)
    for card in (2, 0, 1):  # seat 0 holds card 3, seat 1 card 1, seat 2 card 2
        state.apply(DEAL + card)
    state.apply(PASS)
    state.apply(BET)  # seat 1 bets; seats 2 and 0 respond
    assert state.current_player == 2 and state.prompt().title == "Call the bet of seat 1 or fold"
    assert [a.text for a in state.legal_actions()] == ["fold", "call"]
    state.apply("fold")
    assert state.prompt(0).hint.startswith("You hold card 3")
    assert "card 3" not in state.prompt(1).hint and "card 3" not in state.prompt(None).hint
    state.apply("call")
    assert state.returns() == [3.0, -2.0, -1.0]
    view = state.view(1)["state"]
    assert view["shown"] == [["card:3"], ["card:1"], []]  # the folded card stays hidden
    assert state.score_breakdown()["net"] == [3, -2, -1]


def test_when_everybody_passes_every_card_is_shown() -> None:
    state = new_game(GAME, 2, seed=0)
    state.apply(DEAL + 0)
    state.apply(DEAL + 1)
    state.apply(PASS)
    state.apply(PASS)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.view(None)["state"]["shown"] == [["card:1"], ["card:2"]]


def test_a_seat_sees_only_its_own_card() -> None:
    state = new_game(GAME, 3, seed=5)
    for _ in range(3):
        state.apply(state.sample_chance())
    hands = [state.view(seat)["state"]["hand"] for seat in range(3)]
    assert all(len(hand) == 1 for hand in hands) and len(set(map(tuple, hands))) == 3
    assert state.view(None)["state"]["hand"] == []
    log = state.log_for(1)
    assert sum("is dealt card" in line for line in log) == 1  # its own deal, in words


def test_returns_are_zero_sum() -> None:
    for seed in range(30):
        assert sum(_random_game(2 + seed % 3, seed).returns()) == 0


def test_it_is_an_example_not_a_platform_game() -> None:
    assert GAME not in list_rulesets()
    assert GAME in list_rulesets(examples=True)
    assert get_ruleset(GAME) is RULESET
    assert GAME not in list_rulesets()  # loading it does not list it


def test_every_kind_of_decision_is_taken() -> None:
    found = coverage.measure(GAME, games=10)
    assert found.missing() == [], found.table()
