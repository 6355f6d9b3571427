"""Every registered game as an OpenSpiel Python game.

>>> import pyspiel
>>> names = register_games()
>>> names["western-town"]
'boomtown_western_town'
>>> game = pyspiel.load_game("boomtown_western_town", {"players": 3})
>>> game.num_players(), game.get_type().chance_mode.name
(3, 'EXPLICIT_STOCHASTIC')
>>> state = game.new_initial_state()
>>> state.is_chance_node() and abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
True

What each game declares (``pyspiel.GameType``): sequential, explicit stochastic chance (the
engine's ``chance_outcomes()`` with their probabilities; OpenSpiel chooses the outcome, so the
engine's seed plays no part), terminal rewards, the ruleset's player counts. Information:
perfect for a game whose observation declares that every seat sees the whole position (Way
Out West), imperfect otherwise. Utility: by the ``rewards`` parameter (:mod:`boomtown.rl.
rewards`): ``"returns"`` (the game's own, default) is general-sum; ``"win"``, ``"rank"`` and
``"margin"`` are zero-sum (utility sum 0), so exploitability and the two-player zero-sum
algorithms accept them. Parameters: ``players``, ``rewards`` and every option of the ruleset
whose default is a bool, int, float or string (``short_game``, ``warehouse_points``, ...).

Information: ``observation_string(p)`` is ``view(p)`` without its log as JSON;
``information_state_string(p)`` is ``view(p)`` with the seat's log (everything the seat has
seen and done, in order) as JSON; ``observation_tensor(p)`` is the observation vector of
:mod:`boomtown.rl.observation`. An observer for public information only
(``private_info=NONE``) gets the spectator's view and vector. There is no information-state
tensor (the vector is of the present position, not of the seat's history):
``information_state_tensor()`` raises ``NotImplementedError`` saying so, and the game does not
declare one, so OpenSpiel's learning environments (DQN, NFSP) use the observation tensor.

``resample_from_infostate(player, sampler)`` draws a full state consistent with all
``player`` has seen (the engine's ``determinize``, its generator seeded from ``sampler``), so
OpenSpiel's IS-MCTS searches without peeking; :func:`determinized` does the same with a
``random.Random``, for perfect-information search (``MCTSBot``) on a sampled world.

``GameInfo`` needs numbers the engine contract does not declare for every game: the longest
game (decisions, chance excluded) comes from ``Ruleset.max_game_length`` or
:func:`estimate_bounds` (four times the longest of seeded random games, plus 100); the utility
range from the reward scheme (``Ruleset.returns_range``, the game's bounds of its points for
``"margin"``). Both can be given to :func:`register_game` instead.

The OpenSpiel state wraps an engine state and clones it with the engine's copy-on-write
``clone()``; serialisation keeps the engine snapshot (a determinized state too).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import re
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from boomtown.engine import CHANCE, TERMINAL, Ruleset, State, get_ruleset, list_rulesets
from boomtown.rl.common import GameSpec, view_json
from boomtown.rl.observation import Observer
from boomtown.rl.rewards import SCHEMES, ZERO_SUM, check_scheme, reward_range, rewards

#: Random games :func:`estimate_bounds` plays.
BOUND_GAMES = 16

_SIMPLE = (bool, int, float, str)
#: game id -> (OpenSpiel name, bounds given at registration); OpenSpiel cannot unregister.
_registered: dict[str, tuple[str, tuple[float, float, int] | None]] = {}
#: Why ``information_state_tensor()`` raises.
NO_INFOSTATE_TENSOR = (
    "boomtown games provide no information-state tensor (their observation vector is of the "
    "present position, not of the seat's whole history): use information_state_string() for "
    "tabular methods and observation_tensor() for networks (OpenSpiel's rl_environment picks "
    "it by itself)"
)


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a boomtown game.

    >>> short_name("western-town")
    'boomtown_western_town'
    """
    return "boomtown_" + re.sub(r"[^a-z0-9]+", "_", game_id.lower()).strip("_")


def option_parameters(ruleset: Ruleset) -> dict[str, Any]:
    """The ruleset's options that OpenSpiel parameters can carry, with their defaults."""
    out: dict[str, Any] = {}
    for field in dataclasses.fields(ruleset.options_type):
        default = field.default
        if type(default) in _SIMPLE:
            out[field.name] = default
    return out


@functools.lru_cache(maxsize=64)
def _estimate(game: str, version: int, players: int, options: str) -> int:
    ruleset = get_ruleset(game)
    longest = 0
    for seed in range(BOUND_GAMES):
        state = ruleset.new_game(players, seed, json.loads(options))
        rng = random.Random(f"boomtown-rl-bounds:{seed}")
        decisions = 0
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
            else:
                state.apply(rng.choice(state.legal_action_ids()))
                decisions += 1
        longest = max(longest, decisions)
    return 4 * longest + 100


def estimate_bounds(spec: GameSpec, scheme: str = "returns") -> tuple[float, float, int]:
    """(min utility, max utility, max game length) of a game under reward ``scheme``: the
    utility range of the scheme (:func:`boomtown.rl.rewards.reward_range`), the longest game
    declared by the ruleset (``max_game_length``) or estimated by seeded random play."""
    ruleset = spec.ruleset
    low, high = reward_range(scheme, ruleset, spec.players, spec.options)
    declared = ruleset.max_game_length
    if declared is not None:
        return low, high, int(declared)
    options = json.dumps(spec.options_dict, sort_keys=True)
    return low, high, _estimate(ruleset.id, ruleset.version, spec.players, options)


class _Engine:
    """Holds the engine state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; this copies the engine state with its cheap ``clone()``."""

    __slots__ = ("game", "state", "views")

    def __init__(self, game: BoomtownGame, state: State) -> None:
        self.game = game
        self.state = state
        #: Views of the present position by (seat or None): observers ask for the same view
        #: several times. Emptied whenever an action is applied.
        self.views: dict[int | None, dict[str, Any]] = {}

    def view(self, seat: int | None) -> dict[str, Any]:
        """``state.view(seat)``, computed once per position (do not mutate it)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.state.view(seat)
        return view

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game, self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        # Serialisation (pickle) keeps the engine snapshot: exact for any position, a
        # determinized one included (it has no record to replay).
        game = self.game
        return (_restore, (game.ruleset.id, game.params(), self.state.snapshot()))


def _restore(game_id: str, params: dict[str, Any], snapshot: dict[str, Any]) -> _Engine:
    from boomtown.engine import load_snapshot

    game = pyspiel.load_game(short_name(game_id), params)
    return _Engine(game, load_snapshot(snapshot))


def _game_type(ruleset: Ruleset, perfect: bool, scheme: str) -> Any:
    """The ``pyspiel.GameType`` of ``ruleset`` with this information and reward scheme."""
    parameters = {"players": ruleset.player_counts[0], "rewards": "returns",
                  **option_parameters(ruleset)}
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(ruleset.id),
        long_name=f"boomtown {ruleset.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if perfect else info.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if scheme in ZERO_SUM else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(ruleset.player_counts),
        min_num_players=min(ruleset.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class BoomtownGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game for one boomtown ruleset (subclassed per ruleset by
    :func:`register_game`)."""

    ruleset_id = ""
    fixed_bounds: tuple[float, float, int] | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        ruleset = get_ruleset(self.ruleset_id)
        players = int(params.pop("players", ruleset.player_counts[0]))
        scheme = check_scheme(str(params.pop("rewards", "returns")))
        options = {k: params[k] for k in option_parameters(ruleset) if k in params}
        spec = GameSpec.make(ruleset, players, options)
        observer = spec.observer()
        low, high, length = estimate_bounds(spec, scheme)
        if self.fixed_bounds is not None:
            length = self.fixed_bounds[2]
            if scheme == "returns":
                low, high = self.fixed_bounds[0], self.fixed_bounds[1]
        info = pyspiel.GameInfo(
            num_distinct_actions=ruleset.action_space_size,
            max_chance_outcomes=ruleset.action_space_size,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if scheme in ZERO_SUM else None,
            max_game_length=length,
        )
        game_type = _game_type(ruleset, observer.perfect_information, scheme)
        super().__init__(game_type, info, {"players": players, "rewards": scheme, **options})
        self.ruleset = ruleset
        self.spec = spec
        self.scheme = scheme
        self.observer = observer
        self._initial = ruleset.new_game(players, 0, self.spec.options)

    def params(self) -> dict[str, Any]:
        return {"players": self.spec.players, "rewards": self.scheme, **self.spec.options_dict}

    def new_initial_state(self) -> BoomtownState:
        return BoomtownState(self, self._initial.clone())

    def state_from_engine(self, state: State) -> BoomtownState:
        """An OpenSpiel state around an engine state of this game (e.g. a determinization).
        Its OpenSpiel ``history()`` starts empty."""
        if state.ruleset.id != self.ruleset.id or state.num_players != self.spec.players:
            raise ValueError("that engine state belongs to another game or player count")
        return BoomtownState(self, state)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> BoomtownObserver:
        return BoomtownObserver(self, iig_obs_type, params)


class BoomtownState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around an engine state."""

    def __init__(self, game: BoomtownGame, state: State) -> None:
        super().__init__(game)
        self.engine = _Engine(game, state)

    @property
    def game_state(self) -> State:
        """The engine state (the whole truth)."""
        return self.engine.state

    def current_player(self) -> int:
        seat = self.engine.state.current_player
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if seat == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.engine.state
        if player != state.current_player:
            return []
        return list(state.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a.id, p) for a, p in self.engine.state.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        self.engine.views.clear()
        self.engine.state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.engine.state.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.engine.state.is_terminal()

    def returns(self) -> list[float]:
        return rewards(self.engine.game.scheme, self.engine.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoomtownState:
        """A full state consistent with all ``player_id`` has seen (the engine's
        ``determinize``), drawn with a generator seeded from ``probability_sampler``."""
        try:
            seed = int(float(probability_sampler()) * (1 << 53))
        except TypeError:  # a sampler that is not callable: draw from fresh entropy
            seed = random.SystemRandom().randrange(1 << 53)
        return determinized(self, int(player_id), random.Random(seed))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        raise NotImplementedError(NO_INFOSTATE_TENSOR)

    def __str__(self) -> str:
        state = self.engine.state
        moves = ",".join(str(a) for a in state.history)
        return f"{state.ruleset.id} players={state.num_players} seed={state.seed} [{moves}]"


class BoomtownObserver:
    """An OpenSpiel Python observer (see the module docstring)."""

    def __init__(self, game: BoomtownGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("boomtown views are per seat: no observer sees every seat's secrets")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.game = game
        self.observer: Observer = game.observer
        self.tensor = np.zeros(self.observer.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: BoomtownState, player: int) -> None:
        if self.perfect_recall:
            raise NotImplementedError(NO_INFOSTATE_TENSOR)
        self.observer.encode(state.engine.state, self._seat(player), out=self.tensor)

    def string_from(self, state: BoomtownState, player: int) -> str:
        view = state.engine.view(self._seat(player))
        if not self.perfect_recall:
            view = {k: v for k, v in view.items() if k != "log"}
        return view_json(view)


def register_game(
    game_id: str,
    *,
    utility_range: tuple[float, float] | None = None,
    max_game_length: int | None = None,
) -> str:
    """Register ``game_id`` with OpenSpiel (once per process) and return its short name.

    ``utility_range`` (of the game's own returns, the ``"returns"`` scheme) and
    ``max_game_length`` (both or neither) override what the ruleset declares or
    :func:`estimate_bounds` finds, for every player count. They must be given at the first
    registration: OpenSpiel keeps a game type for the life of the process.
    """
    fixed = None
    if utility_range is not None and max_game_length is not None:
        fixed = (float(utility_range[0]), float(utility_range[1]), int(max_game_length))
    elif utility_range is not None or max_game_length is not None:
        raise ValueError("give both utility_range and max_game_length, or neither")
    if game_id in _registered:
        name, first = _registered[game_id]
        if fixed is not None and fixed != first:
            raise ValueError(f"{game_id} is already registered with OpenSpiel with other bounds")
        return name
    ruleset = get_ruleset(game_id)
    name = short_name(ruleset.id)
    spec = GameSpec.make(ruleset, ruleset.player_counts[0])
    game_type = _game_type(ruleset, spec.observer().perfect_information, "returns")
    camel = "".join(part.capitalize() for part in name.split("_"))
    cls = type(f"{camel}Game", (BoomtownGame,), {"ruleset_id": ruleset.id, "fixed_bounds": fixed})
    pyspiel.register_game(game_type, cls)
    _registered[game_id] = (name, fixed)
    return name


def register_games() -> dict[str, str]:
    """Register every registered boomtown game; returns game id -> OpenSpiel short name."""
    return {game_id: register_game(game_id) for game_id in list_rulesets()}


def load_game(game_id: str, players: int | None = None, rewards: str = "returns",
              **options: Any) -> BoomtownGame:
    """Register ``game_id`` if needed and load it with OpenSpiel."""
    name = register_game(game_id)
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    if rewards != "returns":
        params["rewards"] = check_scheme(rewards)
    game: BoomtownGame = pyspiel.load_game(name, params)
    return game


def determinized(state: BoomtownState, player: int, rng: random.Random) -> BoomtownState:
    """A full OpenSpiel state consistent with all ``player`` has seen, its hidden parts drawn
    with ``rng`` (the engine's ``determinize``). Search on it never peeks at real secrets."""
    engine = state.engine
    return engine.game.state_from_engine(engine.state.determinize(player, rng))


__all__ = [
    "SCHEMES",
    "BoomtownGame",
    "BoomtownState",
    "determinized",
    "estimate_bounds",
    "load_game",
    "register_game",
    "register_games",
    "short_name",
]
