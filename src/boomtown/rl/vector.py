"""N games stepped together: observations, masks and rewards stacked in arrays.

>>> import numpy as np
>>> from boomtown.rl.vector import BoomtownVectorEnv
>>> envs = BoomtownVectorEnv("way-out-west", players=3, num_envs=4)
>>> obs, info = envs.reset(seed=10)
>>> obs.shape == (4, envs.single_observation_space.shape[0]), info["action_mask"].shape[0]
(True, 4)
>>> actions = [int(np.flatnonzero(mask)[0]) for mask in info["action_mask"]]
>>> obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, terminated.dtype.name
((4,), 'bool')

A Gymnasium ``VectorEnv`` of ``num_envs`` games of one seat against opponents, each game as
:class:`boomtown.rl.gymnasium.BoomtownEnv` plays it (the same opponents, reward schemes,
illegal-action modes and seeding), without a Python environment object per game: one loop
steps every game and writes each observation straight into its row of one array.

- Observations: ``(num_envs, size)`` ``float32`` (the vector of
  :mod:`boomtown.rl.observation`); ``info["action_mask"]`` is the ``(num_envs, actions)``
  boolean mask of every game, and :meth:`action_masks` gives the same (sb3-contrib's
  convention).
- Autoreset ``SAME_STEP``: a game that ends is reset within the same ``step``; the returned
  row is the new game's first observation, the finished game's is in ``info["final_obs"]``
  (rows of games that did not end are zero; ``info["_final_obs"]`` says which ended) and its
  seat's rewards under every seat in ``info["final_rewards"]``.
- Seeding: ``reset(seed=s)`` plays engine games ``s``, ``s + 1``, ... ``s + num_envs - 1``;
  each later game takes the next seed of a stream seeded by ``s``.

:func:`boomtown.rl.sb3.vec_env` wraps it as a Stable-Baselines3 ``VecEnv``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from boomtown.engine import IllegalAction, Ruleset, State
from boomtown.rl.common import GameSpec, SeedStream, resolve_chance
from boomtown.rl.gymnasium import ILLEGAL_MODES
from boomtown.rl.opponents import SeatPolicy, seat_policies
from boomtown.rl.rewards import check_scheme, rewards


class BoomtownVectorEnv(gymnasium.vector.VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games of one seat against opponents (see the module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        game: str | Ruleset,
        players: int | None = None,
        options: Any = None,
        *,
        num_envs: int = 8,
        seat: int = 0,
        opponents: Any = None,
        rewards: str = "returns",
        observation: str = "auto",
        illegal_action: str = "terminate",
        illegal_penalty: float = -1.0,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_MODES}")
        self.game_spec = GameSpec.make(game, players, options)
        if not 0 <= seat < self.game_spec.players:
            raise ValueError(f"no seat {seat} in a {self.game_spec.players}-player game")
        self.num_envs = num_envs
        self.seat = seat
        self.reward_scheme = check_scheme(rewards)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.observer = self.game_spec.observer(observation)
        self.n_actions = self.game_spec.ruleset.action_space_size
        size = self.observer.size
        self.single_observation_space = spaces.Box(
            self.observer.low, self.observer.high, shape=(size,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.n_actions)
        self.observation_space = spaces.Box(
            self.observer.low, self.observer.high, shape=(num_envs, size), dtype=np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.n_actions))
        # one set of opponents per game: a spec bot is built per game and episode
        self._policies: list[dict[int, SeatPolicy]] = [
            seat_policies(opponents, self.game_spec.players, seat) for _ in range(num_envs)]
        self._states: list[State | None] = [None] * num_envs
        self._rngs: list[dict[int, random.Random]] = [{} for _ in range(num_envs)]
        self.game_seeds = [0] * num_envs
        self._seeds = SeedStream()
        self._obs = np.zeros((num_envs, size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.n_actions), dtype=bool)

    # ------------------------------------------------------------------ games
    def game_state(self, i: int) -> State:
        """The engine state of game ``i`` (the whole truth: not for the agent)."""
        state = self._states[i]
        if state is None:
            raise RuntimeError("call reset() first")
        return state

    def _start(self, i: int, seed: int) -> None:
        self.game_seeds[i] = seed
        state = self._states[i] = self.game_spec.new_game(seed)
        game_id = self.game_spec.ruleset.id
        rngs = self._rngs[i] = {}
        for s, policy in self._policies[i].items():
            rngs[s] = random.Random(f"boomtown-rl-opponent:{seed}:{s}")
            policy.start(game_id, seed, s)
        self._play_others(i, state)

    def _play_others(self, i: int, state: State) -> None:
        resolve_chance(state)
        agent = self.seat
        policies, rngs = self._policies[i], self._rngs[i]
        moves = 0

        def observe(seat: int) -> dict[str, Any]:
            return self._observe_seat(state, seat)

        while not state.is_terminal() and state.current_player != agent:
            seat = state.current_player
            legal = state.legal_action_ids()
            state.apply(policies[seat].act(state, seat, legal, rngs[seat], observe))
            resolve_chance(state)
            moves += 1
            if moves > 100_000:
                raise RuntimeError("the opponents never let the agent's seat decide")

    def _observe_seat(self, state: State, seat: int) -> dict[str, Any]:
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if state.current_player == seat:
            mask[state.legal_action_ids()] = 1
        return {"observation": self.observer.encode(state, seat), "action_mask": mask}

    def _write(self, i: int, state: State) -> None:
        self.observer.encode(state, self.seat, out=self._obs[i])
        row = self._masks[i]
        row[:] = False
        if state.current_player == self.seat:
            row[state.legal_action_ids()] = True

    # ---------------------------------------------------------------- the API
    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None:
            seeds = [self._seeds.next(None) for _ in range(self.num_envs)]
        elif isinstance(seed, int | np.integer):
            self._seeds.next(int(seed))
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = [int(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise ValueError(f"{self.num_envs} seeds needed, got {len(seeds)}")
            self._seeds.next(seeds[0])
        for i, s in enumerate(seeds):
            self._start(i, s)
            self._write(i, self.game_state(i))
        return self._obs.copy(), {"action_mask": self._masks.copy(),
                                  "game_seed": np.array(self.game_seeds)}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        actions = np.asarray(actions).reshape(self.num_envs)
        n = self.num_envs
        reward = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=bool)
        final_obs = np.zeros_like(self._obs)
        final_rewards = np.zeros((n, self.game_spec.players), dtype=np.float64)
        illegal = np.zeros(n, dtype=bool)
        for i in range(n):
            state = self.game_state(i)
            try:
                state.apply(int(actions[i]))
            except IllegalAction:
                if self.illegal_action == "raise":
                    raise
                illegal[i] = True
                reward[i] = self.illegal_penalty
                if self.illegal_action == "penalize":
                    continue
                terminated[i] = True
                self._write(i, state)
                final_obs[i] = self._obs[i]
                self._start(i, self._seeds.next(None))
                self._write(i, self.game_state(i))
                continue
            self._play_others(i, state)
            if state.is_terminal():
                final = rewards(self.reward_scheme, state)
                reward[i] = final[self.seat]
                final_rewards[i] = final
                terminated[i] = True
                self._write(i, state)
                final_obs[i] = self._obs[i]
                self._start(i, self._seeds.next(None))
                state = self.game_state(i)
            self._write(i, state)
        info: dict[str, Any] = {"action_mask": self._masks.copy()}
        if terminated.any():
            info["final_obs"] = final_obs
            info["_final_obs"] = terminated.copy()
            info["final_rewards"] = final_rewards
            info["_final_rewards"] = terminated.copy()
        if illegal.any():
            info["illegal_action"] = illegal
            info["_illegal_action"] = illegal.copy()
        return self._obs.copy(), reward, terminated, np.zeros(n, dtype=bool), info

    def action_masks(self) -> np.ndarray:
        """``(num_envs, actions)`` booleans: the legal actions of the agent's seat in each game."""
        return self._masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        self._states = [None] * self.num_envs
