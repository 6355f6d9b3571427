"""Every registered game as an OpenSpiel game: OpenSpiel's own tests and algorithms run on it.

Every game and player count passes OpenSpiel's C++ random-simulation test (every player's
observation and information state at every position, serialisation included), plays a random
game through the Python API (with sampled observation checks) and runs the MCTS, IS-MCTS, DQN
and NFSP agents for a few decisions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import exploitability, ismcts, mcts, minimax

from boomtown.engine import get_ruleset, list_rulesets
from boomtown.rl.openspiel import (
    NO_INFOSTATE_TENSOR,
    BoomtownState,
    determinized,
    load_game,
    register_game,
    register_games,
    short_name,
)
from boomtown.rl.rewards import rewards
from game_cases import EVERY_GAME_AND_COUNT
from toy_games import HIGH_CARD, HighCard, registered

CASES = EVERY_GAME_AND_COUNT


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
    info = pyspiel.GameType.Information
    for game_id, name in names.items():
        ruleset = get_ruleset(game_id)
        game_type = pyspiel.load_game(name).get_type()
        assert game_type.short_name == name == short_name(game_id)
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        # Way Out West hides nothing (test_rl_observation checks the declaration)
        expected = info.PERFECT_INFORMATION if game_id == "way-out-west" else (
            info.IMPERFECT_INFORMATION)
        assert game_type.information == expected
        assert game_type.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert not game_type.provides_information_state_tensor
        assert game_type.min_num_players == min(ruleset.player_counts)
        assert game_type.max_num_players == max(ruleset.player_counts)


@pytest.mark.parametrize("scheme", ["win", "rank", "margin"])
def test_zero_sum_schemes_are_declared_zero_sum(scheme: str) -> None:
    for game_id in list_rulesets():
        game = load_game(game_id, get_ruleset(game_id).player_counts[-1], rewards=scheme)
        assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.utility_sum() == 0.0
        assert game.min_utility() == -game.max_utility() < 0
    assert load_game("western-town", 2, rewards=scheme).get_type().utility == (
        pyspiel.GameType.Utility.ZERO_SUM)
    with pytest.raises(ValueError):
        load_game("western-town", 2, rewards="points")


def test_two_player_zero_sum_games_are_accepted_by_exploitability_and_minimax() -> None:
    game = load_game("western-town", 2, rewards="win")
    refused = load_game("western-town", 2)  # the game's own returns: general-sum
    policy = UniformRandom(game)
    with pytest.raises(ValueError, match="zero-sum"):
        exploitability.exploitability(refused, policy)
    # The zero-sum game passes every check; the whole tree is far too large to traverse, so
    # stop at the first best-response computation it starts.
    class Stop(Exception):
        pass

    def stop(*args: object, **kwargs: object) -> None:
        raise Stop

    original = exploitability.pyspiel_best_response.CPPBestResponsePolicy
    exploitability.pyspiel_best_response.CPPBestResponsePolicy = stop
    try:
        with pytest.raises(Stop):
            exploitability.exploitability(game, policy)
    finally:
        exploitability.pyspiel_best_response.CPPBestResponsePolicy = original
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    value, action = minimax.expectiminimax(state, 1, lambda s: 0.0, player)
    assert action in state.legal_actions() and value == 0.0


class UniformRandom:
    """A minimal OpenSpiel policy object (exploitability only checks the game before use)."""

    def __init__(self, game: pyspiel.Game) -> None:
        self.game = game

    def action_probabilities(self, state: pyspiel.State) -> dict[int, float]:
        legal = state.legal_actions()
        return {a: 1 / len(legal) for a in legal}


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_random_simulation_test(game: str, players: int) -> None:
    spiel_game = load_game(game, players)
    assert spiel_game.num_players() == players
    assert spiel_game.num_distinct_actions() == get_ruleset(game).action_space_size
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_random_game_through_the_python_api(game: str, players: int) -> None:
    spiel_game = load_game(game, players)
    observer = spiel_game.observer
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
            assert np.array_equal(tensor, observer.encode(engine, player))
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


def random_position(game: pyspiel.Game, decisions: int, seed: int) -> BoomtownState:
    """A state ``decisions`` random decisions in, at a seat's decision."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    made = 0
    while True:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif made >= decisions or state.is_terminal():
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    assert isinstance(state, BoomtownState) and not state.is_terminal()
    return state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_determinized_state_is_observed_as_itself(game: str, players: int) -> None:
    """The tensor of a determinized state is its own, never the initial state's: its
    OpenSpiel history is empty, but it is not the start of the game."""
    spiel_game = load_game(game, players)
    state = random_position(spiel_game, 30, seed=players)
    player = state.current_player()
    initial = np.array(spiel_game.new_initial_state().observation_tensor(player))
    sampler = random.Random(1)
    for _ in range(2):
        world = determinized(state, player, sampler)
        assert world.history() == []
        tensor = np.array(world.observation_tensor(player), dtype=np.float32)
        fresh = spiel_game.observer.encode(world.game_state, player)
        assert np.array_equal(tensor, fresh)
        assert np.array_equal(tensor, np.array(state.observation_tensor(player)))
        assert not np.array_equal(tensor, initial)
        other = (player + 1) % players
        assert np.array_equal(np.array(world.observation_tensor(other)),
                              spiel_game.observer.encode(world.game_state, other))


def test_information_state_tensors_raise_clearly() -> None:
    state = random_position(load_game("western-town", 2), 5, seed=1)
    with pytest.raises(NotImplementedError, match="no information-state tensor"):
        state.information_state_tensor(0)
    with pytest.raises(NotImplementedError, match="no information-state tensor"):
        state.information_state_tensor()
    assert "observation_tensor" in NO_INFOSTATE_TENSOR
    env = rl_environment.Environment(load_game("western-town", 2))
    assert env.use_observation  # OpenSpiel's learning environment picks the observation


@pytest.mark.parametrize(("game", "players"), CASES)
def test_resample_from_infostate_and_is_mcts(game: str, players: int) -> None:
    spiel_game = load_game(game, players)
    state = random_position(spiel_game, 12, seed=players + 1)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(player, sampler)
    assert isinstance(world, BoomtownState)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=60)
    bot = ismcts.ISMCTSBot(spiel_game, evaluator, uct_c=2.0, max_simulations=4,
                           random_state=rng)
    if spiel_game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
        # nothing to resample: the world is the position itself, and OpenSpiel's IS-MCTS
        # refuses a perfect-information game (MCTS is the same search there)
        assert world.game_state.snapshot()["state"] == state.game_state.snapshot()["state"]
        with pytest.raises(AssertionError):
            bot.step(state)
        return
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        if state.is_terminal():
            break


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_dqn_learns_from_the_observation_tensor(game: str, players: int) -> None:
    import torch  # the rl extra has it (and dm-tree) for OpenSpiel's DQN
    from open_spiel.python.pytorch import dqn

    torch.set_num_threads(1)
    torch.manual_seed(0)
    env = rl_environment.Environment(load_game(game, players, rewards="rank"), seed=0)
    size = env.observation_spec()["info_state"][0]
    agents = [dqn.DQN(player_id=p, state_representation_size=size,
                      num_actions=env.action_spec()["num_actions"], hidden_layers_sizes=[32],
                      replay_buffer_capacity=200, batch_size=8, min_buffer_size_to_learn=16,
                      learn_every=4, epsilon_decay_duration=100)
              for p in range(players)]
    step = env.reset()
    for _ in range(120):
        if step.last():
            break
        player = step.observations["current_player"]
        out = agents[player].step(step)
        assert out.action in step.observations["legal_actions"][player]
        step = env.step([out.action])
    assert any(agent.loss is not None for agent in agents)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_nfsp_learns_from_the_observation_tensor(game: str, players: int) -> None:
    import torch
    from open_spiel.python.pytorch import nfsp

    torch.set_num_threads(1)
    torch.manual_seed(0)
    np.random.seed(0)
    env = rl_environment.Environment(load_game(game, players, rewards="rank"), seed=0)
    size = env.observation_spec()["info_state"][0]
    agents = [nfsp.NFSP(player_id=p, state_representation_size=size,
                        num_actions=env.action_spec()["num_actions"], hidden_layers_sizes=[32],
                        # always the best-response mode (chosen per episode from NumPy's
                        # global generator): it feeds both networks in one short episode
                        reservoir_buffer_capacity=200, anticipatory_param=1.0, batch_size=8,
                        min_buffer_size_to_learn=16, learn_every=4, seed=p,
                        replay_buffer_capacity=200, epsilon_decay_duration=100)
              for p in range(players)]
    step = env.reset()
    for _ in range(120):
        if step.last():
            break
        player = step.observations["current_player"]
        out = agents[player].step(step)
        assert out.action in step.observations["legal_actions"][player]
        step = env.step([out.action])
    # both networks have learnt: the average policy (supervised, from the reservoir of the
    # agent's own best-response moves) and the best response (DQN)
    assert any(agent.loss[0] is not None for agent in agents)
    assert any(agent.loss[1] is not None for agent in agents)


def test_serialised_determinized_states_come_back_whole() -> None:
    import pickle

    spiel_game = load_game("great-western-trail", 2)
    state = random_position(spiel_game, 20, seed=4)
    world = determinized(state, state.current_player(), random.Random(2))
    again = pickle.loads(pickle.dumps(world))
    assert again.game_state.snapshot() == world.game_state.snapshot()
    assert again.observation_string(0) == world.observation_string(0)


def test_expected_scores_follow_the_reward_scheme() -> None:
    spiel_game = load_game("way-out-west", 3, rewards="rank")
    state = random_position(spiel_game, 10, seed=9)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    assert state.returns() == rewards("rank", state.game_state)
    assert sum(state.returns()) == pytest.approx(0.0)
