"""A single-agent Gymnasium environment: one seat learns, the other seats are opponents.

>>> from boomtown.rl.gymnasium import BoomtownEnv
>>> env = BoomtownEnv("western-town", players=3, seat=1)
>>> obs, info = env.reset(seed=4)
>>> sorted(obs), info["game_seed"]
(['action_mask', 'observation', 'view'], 4)
>>> legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
>>> obs, reward, terminated, truncated, info = env.step(legal[0])

The agent plays ``seat``; every other seat is played by its opponent (see
:mod:`boomtown.rl.opponents`: uniform random by default, any ``(legal_ids, rng) -> id``
callable, a bot with ``choose(observation)``, or a ``boomtown.bots`` spec string). Each
opponent draws from its own generator, derived from the game seed and its seat, so an episode
is reproducible from its seed. Chance is resolved with the game's own seeded stream.

Observations and actions are those of :mod:`boomtown.rl.pettingzoo` for the agent's seat:
``observation`` (fixed-length ``float32`` encoding of ``view(seat)``), ``action_mask``
(``int8``; the agent is only asked when it has a legal action, so it is never all zeros
before the end) and ``view`` (the view as ASCII JSON; drop it with
``structured_view=False``). :meth:`BoomtownEnv.action_masks` gives the mask as booleans, the
convention of maskable policies (e.g. sb3-contrib's ``MaskablePPO``).

Reward: 0 until the end, then ``returns()[seat]``. An illegal action is handled by
``illegal_action``: ``"terminate"`` (default; the episode ends with reward
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

ILLEGAL_MODES = ("terminate", "penalize", "raise")


class BoomtownEnv(gymnasium.Env[dict[str, Any], np.int64]):
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
        structured_view: bool = True,
        layout: Layout | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game_spec = GameSpec.make(game, players, options)
        if not 0 <= seat < self.game_spec.players:
            raise ValueError(f"no seat {seat} in a {self.game_spec.players}-player game")
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_MODES}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}")
        self.seat = seat
        self.opponents = seat_policies(opponents, self.game_spec.players, seat)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.structured_view = structured_view
        self.render_mode = render_mode
        self.layout = layout if layout is not None else self.game_spec.layout()
        self.n_actions = self.game_spec.ruleset.action_space_size
        self.observation_space = observation_space(self.layout, self.n_actions, structured_view)
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
    ) -> tuple[dict[str, Any], dict[str, Any]]:
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
    ) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
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
            returns = state.returns()
            reward = float(returns[self.seat])
            info["returns"] = list(returns)
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, state.is_terminal(), False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent's seat as booleans."""
        return action_mask(self.game_state, self.seat, self.n_actions).astype(bool)

    def _play_others(self) -> None:
        state = self.game_state
        resolve_chance(state)
        moves = 0
        while not state.is_terminal() and state.current_player != self.seat:
            seat = state.current_player
            legal = state.legal_action_ids()
            state.apply(self.opponents[seat].act(state, seat, legal, self._rngs[seat]))
            resolve_chance(state)
            moves += 1
            if moves > self.max_opponent_moves:
                raise RuntimeError(
                    f"the opponents made {moves} moves without the game ending or seat "
                    f"{self.seat} being asked: an opponent that never ends its turn?"
                )

    def _observe(self) -> dict[str, Any]:
        state = self.game_state
        view = state.view(self.seat)
        obs: dict[str, Any] = {
            "observation": self.layout.encode(view),
            "action_mask": action_mask(state, self.seat, self.n_actions),
        }
        if self.structured_view:
            obs["view"] = view_json(view)
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
