"""The PettingZoo AEC environment of every registered game and player count."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from boomtown.engine import BadPlayerCount, IllegalAction, replay
from boomtown.rl.pettingzoo import BoomtownAECEnv, env
from boomtown.rl.rewards import rewards
from game_cases import EVERY_GAME_AND_COUNT
from toy_games import HIGH_CARD

CASES = EVERY_GAME_AND_COUNT


@pytest.mark.parametrize(("game", "players"), CASES)
def test_passes_pettingzoo_api_test(game: str, players: int) -> None:
    api_test(env(game, players), num_cycles=10_000)  # whole games: it stops at the end


@pytest.mark.parametrize(("game", "players"), CASES)
def test_passes_pettingzoo_seed_test(game: str, players: int) -> None:
    seed_test(lambda: env(game, players), num_cycles=40)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_passes_pettingzoo_render_test(game: str, players: int, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    render_test(lambda render_mode=None: env(game, players, render_mode=render_mode))
    assert "to decide" in capsys.readouterr().out  # "human" printed what "ansi" returns


def test_the_structured_view_and_the_generic_encoding_on_request() -> None:
    e = env("way-out-west", 3, structured_view=True, observation="view")
    api_test(e, num_cycles=200)
    e.reset(seed=3)
    obs, *_ = e.last()
    seat = int(e.agent_selection.split("_")[1])
    assert json.loads(obs["view"]) == json.loads(json.dumps(e.game_state.view(seat)))
    assert e.observer.kind == "view"
    space = e.observation_space(e.agent_selection)["observation"]
    assert np.isinf(space.high).all()  # the generic encoding is not bounded


def test_a_structurally_different_game_passes_too(toy: str) -> None:
    for players in HIGH_CARD.player_counts:
        api_test(env(toy, players), num_cycles=10_000)
        seed_test(lambda p=players: env(toy, p), num_cycles=200)


def play(e: BoomtownAECEnv, seed: int, check_every: int = 11) -> dict[str, float]:
    """Play one game with uniformly random legal actions, checking the contract as it goes."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    size = e.game_spec.ruleset.action_space_size
    totals = dict.fromkeys(e.possible_agents, 0.0)
    step = 0
    for agent in e.agent_iter():
        check = step % check_every == 0
        _, reward, terminated, truncated, _ = e.last(observe=False)
        totals[agent] += reward
        assert not truncated
        state = e.game_state
        if terminated:
            assert state.is_terminal() and not e.observe(agent)["action_mask"].any()
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat == state.current_player  # never a chance point
        legal = state.legal_action_ids()
        if check:
            obs = e.observe(agent)
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (size,)
            assert np.flatnonzero(mask).tolist() == legal
            assert np.array_equal(obs["observation"], e.observer.encode(state, seat))
            space = e.observation_space(agent)["observation"]
            assert space.contains(obs["observation"]) and space.high.max() == 1
            obs["observation"][:] = 7  # a caller's writes never reach the next observe()
            assert e.observe(agent)["observation"].max() <= 1
            for other in e.agents:
                if other != agent:  # a seat that is not acting: an all-zero mask
                    assert not e.observe(other)["action_mask"].any()
        e.step(rng.choice(legal))
        step += 1
    return totals


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_whole_game_follows_the_engine(game: str, players: int) -> None:
    e = env(game, players)
    totals = play(e, seed=11)
    state = e.game_state
    assert state.seed == 11  # reset(seed=s) plays engine game s
    returns = state.returns()
    assert totals == {f"player_{s}": returns[s] for s in range(players)}
    again = replay(state.record)
    assert again.is_terminal() and again.returns() == returns


@pytest.mark.parametrize("scheme", ["win", "rank", "margin"])
def test_zero_sum_reward_schemes(scheme: str) -> None:
    for game, players in (("western-town", 2), ("way-out-west", 4)):
        e = env(game, players, rewards=scheme)
        totals = play(e, seed=12, check_every=1000)
        assert sum(totals.values()) == pytest.approx(0.0)
        assert any(totals.values())
        assert totals == dict(zip(e.possible_agents, rewards(scheme, e.game_state),
                                  strict=True))


def test_seeds_choose_the_game(toy: str) -> None:
    e = env(toy, 3)
    e.reset(seed=5)
    first = e.game_state.history
    e.reset(seed=6)
    assert e.game_state.history != first
    e.reset(seed=5)
    assert e.game_state.history == first
    e.reset()  # the next game of the stream seeded by 5, the same every time
    following = e.game_state.seed
    e.reset(seed=5)
    e.reset()
    assert e.game_state.seed == following


def test_illegal_actions_are_refused_and_change_nothing(toy: str) -> None:
    e = env(toy, 2)
    e.reset(seed=1)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.game_state.snapshot()
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.game_state.snapshot() == before
    with pytest.raises(ValueError):
        e.step(None)  # None is only for agents that are done


def test_options_and_observation_choices(toy: str) -> None:
    e = env(toy, 2, {"rounds": 1}, render_mode="ansi")
    e.reset(seed=2)
    obs, *_ = e.last()
    assert sorted(obs) == ["action_mask", "observation"]
    assert e.game_state.options.rounds == 1
    text = e.render()
    assert isinstance(text, str) and "to decide" in text
    with pytest.raises(BadPlayerCount):
        env(toy, 7)
