"""Every registered game as an OpenSpiel game: OpenSpiel's own tests and algorithms run on it.

OpenSpiel's C++ random-simulation test reads every player's observation and information state
at every position, which is slow for long games; it runs for each game's smallest player
count, and for every count with ``BOOMTOWN_RL_FULL=1``. Every count plays a random game
through the Python API (with sampled observation checks) and runs the MCTS bot.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from boomtown.engine import get_ruleset, list_rulesets
from boomtown.rl.openspiel import (
    BoomtownState,
    determinized,
    load_game,
    register_game,
    register_games,
    short_name,
)
from game_cases import EVERY_GAME_AND_COUNT
from toy_games import HIGH_CARD, HighCard, registered

CASES = EVERY_GAME_AND_COUNT
FULL = os.environ.get("BOOMTOWN_RL_FULL", "") not in ("", "0")
SIM_CASES = [
    pytest.param(game, players, id=f"{game}-{players}p")
    for game in list_rulesets()
    for players in get_ruleset(game).player_counts
    if FULL or players == min(get_ruleset(game).player_counts)
]


#: High Card's returns are its points: at most 6 a round, 3 rounds.
TOY_BOUNDS = {"utility_range": (0.0, 18.0), "max_game_length": 200}


@pytest.fixture
def toy() -> Iterator[str]:
    with registered(HIGH_CARD):
        # Declared, not estimated: random play rarely shows a game's best score.
        register_game(HIGH_CARD.id, **TOY_BOUNDS)
        yield HIGH_CARD.id


def test_every_game_is_registered_with_its_nature() -> None:
    names = register_games()
    assert sorted(names) == list_rulesets()
    for game_id, name in names.items():
        ruleset = get_ruleset(game_id)
        game_type = pyspiel.load_game(name).get_type()
        assert game_type.short_name == name == short_name(game_id)
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert game_type.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert game_type.min_num_players == min(ruleset.player_counts)
        assert game_type.max_num_players == max(ruleset.player_counts)


@pytest.mark.parametrize(("game", "players"), SIM_CASES)
def test_openspiel_random_simulation_test(game: str, players: int) -> None:
    spiel_game = load_game(game, players)
    assert spiel_game.num_players() == players
    assert spiel_game.num_distinct_actions() == get_ruleset(game).action_space_size
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_random_game_through_the_python_api(game: str, players: int) -> None:
    spiel_game = load_game(game, players)
    layout = spiel_game.layout
    state = spiel_game.new_initial_state()
    rng = np.random.default_rng(players)
    step = 0
    while not state.is_terminal():
        engine = state.game_state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            probs = np.array([p for _, p in outcomes])
            assert abs(probs.sum() - 1) < 1e-9 and (probs > 0).all()
            state.apply_action(outcomes[rng.choice(len(outcomes), p=probs)][0])
            continue
        player = state.current_player()
        assert player == engine.current_player
        assert state.legal_actions() == engine.legal_action_ids()
        for other in range(players):
            if other != player:
                assert state.legal_actions(other) == []
        if step % 25 == 0:  # what a player is told is its own view, nothing more
            view = engine.view(player)
            observed = json.loads(state.observation_string(player))
            assert "log" not in observed
            assert observed == json.loads(json.dumps({k: v for k, v in view.items()
                                                      if k != "log"}))
            assert json.loads(state.information_state_string(player))["log"] == view["log"]
            tensor = np.array(state.observation_tensor(player), dtype=np.float32)
            assert np.array_equal(tensor, layout.encode(view))
        actions = state.legal_actions()
        state.apply_action(actions[rng.integers(len(actions))])
        step += 1
    assert state.returns() == state.game_state.returns()
    assert spiel_game.min_utility() <= min(state.returns())
    assert max(state.returns()) <= spiel_game.max_utility()


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_mcts_bot_plays(game: str, players: int) -> None:
    spiel_game = load_game(game, players)
    rng = np.random.RandomState(7)
    # Short rollouts keep the test quick; docs/rl.md plays whole rollouts.
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=150)
    bot = mcts.MCTSBot(spiel_game, uct_c=2.0, max_simulations=3, evaluator=evaluator,
                       random_state=rng)
    state = spiel_game.new_initial_state()
    sampler = random.Random(7)
    decisions = 0
    while decisions < 3:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.choice(len(outcomes),
                                                   p=[p for _, p in outcomes])][0])
            continue
        player = state.current_player()
        if decisions == 0:
            action = bot.step(state)  # OpenSpiel's bot on the real state
        else:  # and, without peeking, on a determinization drawn for the player
            sample = determinized(state, player, sampler)
            assert isinstance(sample, BoomtownState)
            assert sample.legal_actions() == state.legal_actions()
            assert sample.observation_string(player) == state.observation_string(player)
            action = bot.step(sample)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1


def test_clones_are_independent(toy: str) -> None:
    game = load_game(toy, 3)
    state = game.new_initial_state()
    for action in (0, 1, 2):
        state.apply_action(action)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    assert state.game_state.history == [0, 1, 2]


def test_options_are_game_parameters(toy: str) -> None:
    name = register_game(toy, **TOY_BOUNDS)
    with pytest.raises(ValueError):
        register_game(toy, utility_range=(0.0, 1.0), max_game_length=10)
    game = pyspiel.load_game(name, {"players": 4, "rounds": 1, "low_wins": True})
    assert game.num_players() == 4
    assert (game.min_utility(), game.max_utility(), game.max_game_length()) == (0, 18, 200)
    state = game.new_initial_state()
    engine = state.game_state
    assert isinstance(engine, HighCard)
    assert engine.options.rounds == 1 and engine.options.low_wins
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_public_observers_see_the_spectator_view(toy: str) -> None:
    from open_spiel.python.observation import make_observation

    game = load_game(toy, 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                         private_info=pyspiel.PrivateInfoType.NONE))
    text = json.loads(public.string_from(state, 0))
    assert text["seat"] is None and text["state"]["hand"] is None
    assert json.loads(state.observation_string(0))["state"]["hand"] is not None
