"""The batched environment and its Stable-Baselines3 face."""

from __future__ import annotations

import random

import numpy as np
import pytest

from boomtown.rl.gymnasium import BoomtownEnv
from boomtown.rl.sb3 import vec_env
from boomtown.rl.vector import BoomtownVectorEnv
from game_cases import EVERY_GAME_AND_COUNT


@pytest.mark.parametrize(("game", "players"), EVERY_GAME_AND_COUNT)
def test_games_step_together_as_single_environments_would(game: str, players: int) -> None:
    """Each row is the game a single environment plays with the same seed and actions, and a
    game that ends is reset in the same step."""
    envs = BoomtownVectorEnv(game, players, num_envs=3, seat=players - 1, rewards="rank")
    singles = [BoomtownEnv(game, players, seat=players - 1, rewards="rank",
                           obs_format="vector") for _ in range(3)]
    obs, info = envs.reset(seed=40)
    assert obs.shape == (3, envs.single_observation_space.shape[0])
    assert envs.observation_space.contains(obs)
    for i, single in enumerate(singles):
        first, _ = single.reset(seed=40 + i)
        assert np.array_equal(obs[i], first)
    rng = random.Random(0)
    ended = 0
    for _ in range(400):
        masks = envs.action_masks()
        assert np.array_equal(masks, info["action_mask"])
        actions = [rng.choice(np.flatnonzero(row).tolist()) for row in masks]
        obs, reward, terminated, truncated, info = envs.step(actions)
        assert not truncated.any()
        for i, single in enumerate(singles):
            assert np.array_equal(masks[i], single.action_masks())
            s_obs, s_reward, s_done, _, s_info = single.step(actions[i])
            assert reward[i] == s_reward and terminated[i] == s_done
            if s_done:
                assert np.array_equal(info["final_obs"][i], s_obs)
                assert info["final_rewards"][i].tolist() == s_info["rewards"]
                single.reset(seed=envs.game_seeds[i])
                ended += 1
            assert np.array_equal(obs[i], single._observe())
        if ended >= 2:
            break
    assert ended >= 1


def test_illegal_actions_and_seeds() -> None:
    envs = BoomtownVectorEnv("western-town", 2, num_envs=2, illegal_action="terminate")
    _, info = envs.reset(seed=3)
    first_seeds = list(envs.game_seeds)
    bad = [int(np.flatnonzero(~row)[0]) for row in info["action_mask"]]
    _, reward, terminated, _, info = envs.step(bad)
    assert terminated.all() and (reward == -1.0).all() and info["illegal_action"].all()
    assert envs.game_seeds != first_seeds  # both games started again
    envs.reset(seed=3)
    assert envs.game_seeds == first_seeds == [3, 4]
    with pytest.raises(ValueError):
        BoomtownVectorEnv("western-town", 2, num_envs=0)


def test_maskable_ppo_trains_on_the_sb3_vector_environment() -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks

    torch.set_num_threads(1)
    env = vec_env("way-out-west", 3, num_envs=2, rewards="win")
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1, seed=0,
                        device="cpu")
    model.learn(total_timesteps=64)
    obs = env.reset()
    masks = get_action_masks(env)
    actions, _ = model.predict(obs, action_masks=masks)
    assert all(masks[i][a] for i, a in enumerate(actions))
    env.step_async(actions)
    obs, rewards, _, infos = env.step_wait()
    assert obs.shape[0] == 2 and rewards.dtype == np.float32 and len(infos) == 2
