"""PettingZoo AEC environments for every registered game.

>>> from boomtown.rl.pettingzoo import env
>>> e = env("western-town", players=2)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']
>>> int(obs["action_mask"].sum()) > 0
True

Agents are ``player_0`` .. ``player_{n-1}``, one per seat; ``agent_selection`` is the seat the
game asks to decide. Chance points (dice, draws, shuffles) are never agents: after every step
the environment applies chance outcomes from the game's own seeded stream
(``state.sample_chance()``) until a seat decides or the game ends.

Actions: ``Discrete(ruleset.action_space_size)``, the game's fixed integer ids. An action the
mask forbids raises :class:`boomtown.IllegalAction` and changes nothing.

Observations (``observe(agent)``), a dict:

``observation``
    ``float32`` vector of fixed length (:mod:`boomtown.rl.observation`): the game's own
    documented layout, values in [0, 1] (``Box(0, 1)``), then the decision block. A game
    without a layout of its own is encoded from its view (unbounded ``Box``);
    ``observation="view"`` asks for that encoding for any game.
``action_mask``
    ``int8`` vector over the action space, 1 where the action is legal. A seat that is not
    acting (another seat's turn, or the game is over) gets all zeros.
``view`` (only with ``structured_view=True``)
    the whole structured view (``view(seat)``, log included) as one line of ASCII JSON in a
    ``Text`` space; ``json.loads`` gives the dict back (it costs the view and a
    ``json.dumps`` per observation, many times the rest).

Rewards are 0 until the end; at the end every agent receives its reward under the
``rewards`` scheme (:mod:`boomtown.rl.rewards`: ``"returns"``, the game's own, by default;
``"win"``, ``"rank"`` and ``"margin"`` are zero-sum) and every agent terminates. Games always
end, so nothing is truncated.

Seeding: ``reset(seed=s)`` plays engine game ``s`` (the same game as ``boomtown`` tools with
seed ``s``); ``reset()`` without a seed plays the next seed of a stream seeded by the last
explicit seed. The reset ``options`` argument is accepted and ignored: game options (house
rules, variants) are fixed when the environment is made.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from boomtown.engine import Ruleset, State
from boomtown.rl.common import (
    JSON_CHARSET,
    MAX_VIEW_CHARS,
    GameSpec,
    SeedStream,
    action_mask,
    resolve_chance,
    view_json,
)
from boomtown.rl.encoding import Layout
from boomtown.rl.observation import Observer
from boomtown.rl.rewards import check_scheme, rewards

RENDER_MODES = ("human", "ansi")


def agent_name(seat: int) -> str:
    """The PettingZoo agent of ``seat``."""
    return f"player_{seat}"


class JsonText(spaces.Text):
    """A ``Text`` space of one-line ASCII JSON: the characters 0x20..0x7E.

    Same members as ``Text(max_length, charset=JSON_CHARSET)``; membership is checked with
    ``str.isascii``/``isprintable`` instead of one set lookup per character.
    """

    def __init__(self, max_length: int = MAX_VIEW_CHARS, seed: Any = None) -> None:
        super().__init__(max_length=max_length, charset=JSON_CHARSET, seed=seed)

    def contains(self, x: Any) -> bool:
        return (
            isinstance(x, str)
            and self.min_length <= len(x) <= self.max_length
            and x.isascii()
            and x.isprintable()
        )


def observation_space(observer: Observer, actions: int, structured_view: bool) -> spaces.Dict:
    """The observation space of one agent (the same for every seat)."""
    parts: dict[str, gymnasium.Space[Any]] = {
        "observation": spaces.Box(observer.low, observer.high, shape=(observer.size,),
                                  dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
    }
    if structured_view:
        parts["view"] = JsonText()
    return spaces.Dict(parts)


class BoomtownAECEnv(AECEnv):  # type: ignore[misc]
    """One boomtown game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "boomtown_v0",
                "is_parallelizable": False}

    def __init__(
        self,
        game: str | Ruleset,
        players: int | None = None,
        options: Any = None,
        *,
        render_mode: str | None = None,
        structured_view: bool = False,
        observation: str = "auto",
        layout: Layout | None = None,
        rewards: str = "returns",
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}")
        self.game_spec = GameSpec.make(game, players, options)
        self.render_mode = render_mode
        self.structured_view = structured_view
        self.reward_scheme = check_scheme(rewards)
        self.observer = self.game_spec.observer(observation, layout)
        size = self.game_spec.ruleset.action_space_size
        self.possible_agents = [agent_name(s) for s in range(self.game_spec.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        # One space object per agent (PettingZoo seeds each agent's space separately).
        self.observation_spaces = {
            a: observation_space(self.observer, size, structured_view)
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.metadata = {**self.metadata, "name": f"boomtown_{self.game_spec.ruleset.id}_v0"}
        self._seeds = SeedStream()
        self.game_seed: int | None = None
        self._state: State | None = None
        #: Observations of the present position, by agent (emptied at every step).
        self._observed: dict[str, dict[str, Any]] = {}

    # --------------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ---------------------------------------------------------------- state
    @property
    def game_state(self) -> State:
        """The engine state of the current episode (the whole truth: not for agents)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game_seed = self._seeds.next(seed)
        self._state = self.game_spec.new_game(self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._observed = {}
        self._after_move()

    def observe(self, agent: str) -> dict[str, Any]:
        obs = self._observed.get(agent)
        if obs is None:
            state = self.game_state
            seat = self._seat[agent]
            obs = {
                "observation": self.observer.encode(state, seat),
                "action_mask": action_mask(state, seat, self.game_spec.ruleset.action_space_size),
            }
            if self.structured_view:
                obs["view"] = view_json(state.view(seat))
            self._observed[agent] = obs
        # a copy of the cached arrays: a caller may write into what it is given
        return {key: value.copy() if key != "view" else value for key, value in obs.items()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act; None is only for agents that are done")
        state = self.game_state
        state.apply(int(action))  # IllegalAction (state unchanged) if the mask forbids it
        self._observed = {}
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        resolve_chance(state)
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        state = self.game_state
        if state.is_terminal():
            final = rewards(self.reward_scheme, state)
            for agent, value in zip(self.possible_agents, final, strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = float(value)
                    self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(state.current_player)

    # -------------------------------------------------------------- display
    def render(self) -> str | None:
        return render(self.render_mode, self.game_state)

    def close(self) -> None:
        self._state = None


def render(render_mode: str | None, state: State) -> str | None:
    """``render()`` of both environments: ``"ansi"`` returns the text, ``"human"`` prints it,
    no mode warns (as Gymnasium asks) and returns ``None``."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode")
        return None
    text = render_text(state)
    if render_mode == "ansi":
        return text
    print(text)
    return None


def render_text(state: State, log_lines: int = 6) -> str:
    """What a spectator sees: the latest public log lines and who is to decide."""
    view = state.view(None)
    lines = [f"{state.ruleset.name}, {state.num_players} players, seed {state.seed}"]
    lines += [f"  {line}" for line in view["log"][-log_lines:]]
    if state.is_terminal():
        lines.append(f"game over; returns {json.dumps(state.returns())}")
    else:
        lines.append(f"{agent_name(state.current_player)} to decide")
    return "\n".join(lines)


def env(
    game: str | Ruleset,
    players: int | None = None,
    options: Any = None,
    **kwargs: Any,
) -> BoomtownAECEnv:
    """The AEC environment of ``game`` for ``players`` (default: the fewest it allows) with
    ``options`` (a dict or the game's options dataclass; ``None`` = defaults).

    Keyword arguments go to :class:`BoomtownAECEnv` (``render_mode``, ``structured_view``,
    ``observation``, ``layout``, ``rewards``).
    """
    return BoomtownAECEnv(game, players, options, **kwargs)


def raw_env(game: str | Ruleset, players: int | None = None, options: Any = None,
            **kwargs: Any) -> BoomtownAECEnv:
    """Same as :func:`env` (no PettingZoo wrappers are applied, so the two coincide)."""
    return env(game, players, options, **kwargs)
