"""The batched environment as a Stable-Baselines3 ``VecEnv`` (needs ``stable-baselines3``).

>>> from boomtown.rl.sb3 import vec_env
>>> envs = vec_env("way-out-west", players=3, num_envs=2)
>>> obs = envs.reset()
>>> obs.shape[0], envs.env_method("action_masks")[0].dtype.name
(2, 'bool')

``vec_env(game, players, **kwargs)`` builds a :class:`boomtown.rl.vector.BoomtownVectorEnv`
(keyword arguments as there) and wraps it: ``reset()`` gives the stacked observations,
``step`` the SB3 tuple with ``info["terminal_observation"]`` for a game that ended (and the
next game's first observation in its row), and ``env_method("action_masks")`` the masks, so
sb3-contrib's ``MaskablePPO`` trains on it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import (
    VecEnv,
    VecEnvIndices,
    VecEnvStepReturn,
)

from boomtown.rl.vector import BoomtownVectorEnv


class BoomtownSB3VecEnv(VecEnv):
    """A :class:`BoomtownVectorEnv` behind Stable-Baselines3's ``VecEnv`` interface."""

    def __init__(self, envs: BoomtownVectorEnv) -> None:
        self.envs = envs
        super().__init__(envs.num_envs, envs.single_observation_space, envs.single_action_space)
        self._actions: np.ndarray | None = None
        self._seed: int | None = None

    def reset(self) -> np.ndarray:
        seed, self._seed = self._seed, None
        obs, _ = self.envs.reset(seed=seed)
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> VecEnvStepReturn:
        assert self._actions is not None, "step_async first"
        obs, rewards, terminated, truncated, info = self.envs.step(self._actions)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        dones = terminated | truncated
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = info["final_obs"][i]
            infos[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
            if "final_rewards" in info:
                infos[i]["rewards"] = info["final_rewards"][i].tolist()
        return obs, rewards.astype(np.float32), dones, infos

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        self._seed = seed
        return [None if seed is None else seed + i for i in range(self.num_envs)]

    def close(self) -> None:
        self.envs.close()

    def action_masks(self) -> np.ndarray:
        return self.envs.action_masks()

    def _targets(self, indices: VecEnvIndices) -> list[int]:
        return list(self._get_indices(indices))

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        return [getattr(self.envs, attr_name) for _ in self._targets(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        setattr(self.envs, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        targets = self._targets(indices)
        if method_name == "action_masks":
            masks = self.envs.action_masks()
            return [masks[i] for i in targets]
        method = getattr(self.envs, method_name)
        return [method(*method_args, **method_kwargs) for _ in targets]

    def has_attr(self, attr_name: str) -> bool:
        return hasattr(self.envs, attr_name)

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        return [False for _ in self._targets(indices)]

    def get_images(self) -> Sequence[np.ndarray | None]:
        return [None] * self.num_envs


def vec_env(game: str, players: int | None = None, options: Any = None,
            **kwargs: Any) -> BoomtownSB3VecEnv:
    """A Stable-Baselines3 ``VecEnv`` of ``game`` (keyword arguments as
    :class:`boomtown.rl.vector.BoomtownVectorEnv`)."""
    return BoomtownSB3VecEnv(BoomtownVectorEnv(game, players, options, **kwargs))
