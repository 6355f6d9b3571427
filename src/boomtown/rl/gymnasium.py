"""A single-agent Gymnasium environment: one seat learns, the other seats are opponents.

>>> from boomtown.rl.gymnasium import BoomtownEnv
>>> env = BoomtownEnv("western-town", players=3, seat=1)
>>> obs, info = env.reset(seed=4)
>>> sorted(obs), info["game_seed"]
(['action_mask', 'observation'], 4)
>>> legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
>>> obs, reward, terminated, truncated, info = env.step(legal[0])

The agent plays ``seat``; every other seat is played by its opponent (see
:mod:`boomtown.rl.opponents`: uniform random by default, any ``(legal_ids, rng) -> id``
callable, one that also takes the seat's ``observation``, a bot with ``choose(observation)``
or a ``boomtown.bots`` spec string). Each opponent draws from its own generator, derived from
the game seed and its seat, and a bot object is reseeded the same way at every reset, so an
episode is reproducible from its seed. Chance is resolved with the game's own seeded stream.

Observations are those of :mod:`boomtown.rl.pettingzoo` for the agent's seat:
``observation`` (the fixed-length ``float32`` vector of :mod:`boomtown.rl.observation`),
``action_mask`` (``int8``; the agent is only asked when it has a legal action, so it is never
all zeros before the end) and, with ``structured_view=True``, ``view`` (the view as ASCII
JSON). ``obs_format="vector"`` gives the vector alone (a ``Box``), for learners that want a
flat observation; :meth:`BoomtownEnv.action_masks` gives the mask as booleans either way, the
convention of maskable policies (e.g. sb3-contrib's ``MaskablePPO``).

Reward: 0 until the end, then the seat's reward under the ``rewards`` scheme
(:mod:`boomtown.rl.rewards`; ``"returns"``, the game's own, by default). An illegal action is
handled by ``illegal_action``: ``"terminate"`` (default; the episode ends with reward
``illegal_penalty`` and ``info["illegal_action"] = True``), ``"penalize"`` (nothing happens
except that reward; the same seat decides again) or ``"raise"`` (:class:`IllegalAction`).
Seeding is as in the PettingZoo environment: ``reset(seed=s)`` plays engine game ``s``.
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from boomtown.engine import IllegalAction, Ruleset, State
from boomtown.rl.common import GameSpec, action_mask, resolve_chance, view_json
from boomtown.rl.encoding import Layout
from boomtown.rl.opponents import seat_policies
from boomtown.rl.pettingzoo import RENDER_MODES, observation_space, render
from boomtown.rl.rewards import check_scheme, rewards

ILLEGAL_MODES = ("terminate", "penalize", "raise")
OBS_FORMATS = ("dict", "vector")


class BoomtownEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a boomtown game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        game: str | Ruleset,
        players: int | None = None,
        options: Any = None,
        *,
        seat: int = 0,
        opponents: Any = None,
        illegal_action: str = "terminate",
        illegal_penalty: float = -1.0,
        structured_view: bool = False,
        obs_format: str = "dict",
        observation: str = "auto",
        layout: Layout | None = None,
        rewards: str = "returns",
        render_mode: str | None = None,
    ) -> None:
        self.game_spec = GameSpec.make(game, players, options)
        if not 0 <= seat < self.game_spec.players:
            raise ValueError(f"no seat {seat} in a {self.game_spec.players}-player game")
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_MODES}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}")
        if obs_format not in OBS_FORMATS:
            raise ValueError(f"obs_format must be one of {OBS_FORMATS}")
        if obs_format == "vector" and structured_view:
            raise ValueError("a vector observation has no room for the structured view")
        self.seat = seat
        self.opponents = seat_policies(opponents, self.game_spec.players, seat)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.structured_view = structured_view
        self.obs_format = obs_format
        self.reward_scheme = check_scheme(rewards)
        self.render_mode = render_mode
        self.observer = self.game_spec.observer(observation, layout)
        self.n_actions = self.game_spec.ruleset.action_space_size
        self.observation_space: spaces.Space[Any]
        if obs_format == "vector":
            self.observation_space = spaces.Box(
                self.observer.low, self.observer.high, shape=(self.observer.size,),
                dtype=np.float32)
        else:
            self.observation_space = observation_space(
                self.observer, self.n_actions, structured_view)
        self.action_space = spaces.Discrete(self.n_actions)
        self.game_seed: int | None = None
        self._state: State | None = None
        self._rngs: dict[int, random.Random] = {}
        self._over = False
        #: Opponent moves in a row after which the environment gives up (a looping opponent).
        self.max_opponent_moves = 100_000

    @property
    def game_state(self) -> State:
        """The engine state of the current episode (the whole truth: not for the agent)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            self.game_seed = int(self.np_random.integers(0, 2**63 - 1))
        else:
            self.game_seed = int(seed)
        self._state = self.game_spec.new_game(self.game_seed)
        game_id = self.game_spec.ruleset.id
        self._rngs = {}
        for s, policy in self.opponents.items():
            self._rngs[s] = random.Random(f"boomtown-rl-opponent:{self.game_seed}:{s}")
            policy.start(game_id, self.game_seed, s)
        self._play_others()
        self._over = self.game_state.is_terminal()  # only if the agent's seat never decides
        return self._observe(), {"game_seed": self.game_seed}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.game_state
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            state.apply(int(action))
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            terminated = self.illegal_action == "terminate"
            self._over = terminated
            obs = self._observe()
            return obs, self.illegal_penalty, terminated, False, {"illegal_action": True}
        resolve_chance(state)
        self._play_others()
        info: dict[str, Any] = {}
        reward = 0.0
        if state.is_terminal():
            self._over = True
            final = rewards(self.reward_scheme, state)
            reward = final[self.seat]
            info["returns"] = list(state.returns())
            info["rewards"] = final
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, state.is_terminal(), False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent's seat as booleans."""
        return action_mask(self.game_state, self.seat, self.n_actions).astype(bool)

    def observe_seat(self, seat: int) -> dict[str, Any]:
        """The observation dict the agent would get in ``seat`` (what an opponent callable
        that takes ``observation`` receives)."""
        state = self.game_state
        return {"observation": self.observer.encode(state, seat),
                "action_mask": action_mask(state, seat, self.n_actions)}

    def _play_others(self) -> None:
        state = self.game_state
        resolve_chance(state)
        moves = 0
        agent = self.seat
        opponents, rngs, observe = self.opponents, self._rngs, self.observe_seat
        while not state.is_terminal() and state.current_player != agent:
            seat = state.current_player
            legal = state.legal_action_ids()
            state.apply(opponents[seat].act(state, seat, legal, rngs[seat], observe))
            resolve_chance(state)
            moves += 1
            if moves > self.max_opponent_moves:
                raise RuntimeError(
                    f"the opponents made {moves} moves without the game ending or seat "
                    f"{self.seat} being asked: an opponent that never ends its turn?"
                )

    def _observe(self) -> Any:
        state = self.game_state
        vector = self.observer.encode(state, self.seat)
        if self.obs_format == "vector":
            return vector
        obs: dict[str, Any] = {
            "observation": vector,
            "action_mask": action_mask(state, self.seat, self.n_actions),
        }
        if self.structured_view:
            obs["view"] = view_json(state.view(self.seat))
        return obs

    def render(self) -> str | None:
        return render(self.render_mode, self.game_state)


def make(game: str | Ruleset, players: int | None = None, options: Any = None,
         **kwargs: Any) -> BoomtownEnv:
    """The single-agent environment of ``game`` (keyword arguments as :class:`BoomtownEnv`)."""
    return BoomtownEnv(game, players, options, **kwargs)


def register_envs() -> list[str]:
    """Register ``boomtown/<game>-v0`` with Gymnasium for every registered game and return
    the ids, so that ``gymnasium.make("boomtown/western-town-v0", players=3)`` works."""
    from boomtown.engine import list_rulesets

    ids = []
    for game in list_rulesets():
        env_id = f"boomtown/{game}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="boomtown.rl.gymnasium:BoomtownEnv",
                kwargs={"game": game},
            )
        ids.append(env_id)
    return ids
