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
engine's seed plays no part), imperfect information, general-sum, terminal rewards, the
ruleset's player counts. Game parameters: ``players`` and every option of the ruleset whose
default is a bool, int, float or string (``short_game``, ``warehouse_points``, ...).

Information: ``observation_string(p)`` is ``view(p)`` without its log as JSON;
``information_state_string(p)`` is ``view(p)`` with the seat's log (everything the seat has
seen and done, in order) as JSON; ``observation_tensor(p)`` is the fixed-length encoding of
:mod:`boomtown.rl.encoding`. An observer asking for public information only
(``private_info=NONE``) gets the spectator view ``view(None)``. There is no information-state
tensor (the encoding is of the present view, not of the history).

``GameInfo`` needs numbers the engine contract does not declare (yet): the utility range and
the longest game (decisions, chance excluded). A ruleset may declare ``returns_range`` and
``max_game_length`` attributes; otherwise :func:`estimate_bounds` plays seeded random games
and takes the range of the returns seen and four times the longest game (plus 100). Both can
be given to :func:`register_game` instead.

The OpenSpiel state wraps an engine state and clones it with the engine's copy-on-write
``clone()``. :func:`determinized` gives a player's sampled view of the world as an OpenSpiel
state, so perfect-information search (such as ``MCTSBot``) can be run without peeking.
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
from boomtown.rl.encoding import Layout

#: Random games :func:`estimate_bounds` plays.
BOUND_GAMES = 16

_SIMPLE = (bool, int, float, str)
#: game id -> (OpenSpiel name, bounds given at registration); OpenSpiel cannot unregister.
_registered: dict[str, tuple[str, tuple[float, float, int] | None]] = {}


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
def _estimate(game: str, version: int, players: int, options: str) -> tuple[float, float, int]:
    ruleset = get_ruleset(game)
    low, high, longest = float("inf"), float("-inf"), 0
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
        low = min(low, *state.returns())
        high = max(high, *state.returns())
        longest = max(longest, decisions)
    if high <= low:
        high = low + 1.0  # OpenSpiel needs a range; a game whose returns never vary
    return low, high, 4 * longest + 100


def estimate_bounds(spec: GameSpec) -> tuple[float, float, int]:
    """(min utility, max utility, max game length) of a game: declared by its ruleset
    (``returns_range``, ``max_game_length``) or estimated by seeded random play."""
    ruleset = spec.ruleset
    declared_range = getattr(ruleset, "returns_range", None)
    declared_length = getattr(ruleset, "max_game_length", None)
    if declared_range is not None and declared_length is not None:
        low, high = declared_range
        return float(low), float(high), int(declared_length)
    options = json.dumps(spec.options_dict, sort_keys=True)
    low, high, length = _estimate(ruleset.id, ruleset.version, spec.players, options)
    if declared_range is not None:
        low, high = float(declared_range[0]), float(declared_range[1])
    if declared_length is not None:
        length = int(declared_length)
    return low, high, length


class _Engine:
    """Holds the engine state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; this copies the engine state with its cheap ``clone()``."""

    __slots__ = ("game", "state", "views")

    def __init__(self, game: BoomtownGame, state: State) -> None:
        self.game = game
        self.state = state
        #: Views of the present position by (seat or None): observers ask for the same view
        #: as a string and as a tensor. Emptied whenever an action is applied.
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
        # Serialisation (pickle) keeps the record; loading replays it.
        game = self.game
        return (_restore, (game.ruleset.id, game.params(), self.state.record.to_dict()))


def _restore(game_id: str, params: dict[str, Any], record: dict[str, Any]) -> _Engine:
    from boomtown.engine import GameRecord, replay

    game = pyspiel.load_game(short_name(game_id), params)
    return _Engine(game, replay(GameRecord.from_dict(record)))


class BoomtownGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game for one boomtown ruleset (subclassed per ruleset by
    :func:`register_game`)."""

    ruleset_id = ""
    game_type: Any = None
    fixed_bounds: tuple[float, float, int] | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        ruleset = get_ruleset(self.ruleset_id)
        players = int(params.pop("players", ruleset.player_counts[0]))
        options = {k: params[k] for k in option_parameters(ruleset) if k in params}
        spec = GameSpec.make(ruleset, players, options)
        low, high, length = self.fixed_bounds or estimate_bounds(spec)
        info = pyspiel.GameInfo(
            num_distinct_actions=ruleset.action_space_size,
            max_chance_outcomes=ruleset.action_space_size,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=length,
        )
        super().__init__(self.game_type, info, {"players": players, **options})
        self.ruleset = ruleset
        self.spec = spec
        self._initial = ruleset.new_game(players, 0, self.spec.options)
        self._layout: Layout | None = None
        self.initial_tensors: dict[tuple[int, bool], np.ndarray] = {}

    def params(self) -> dict[str, Any]:
        return {"players": self.spec.players, **self.spec.options_dict}

    @property
    def layout(self) -> Layout:
        """The observation-tensor encoding (discovered on first use)."""
        if self._layout is None:
            self._layout = self.spec.layout()
        return self._layout

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
        return [float(r) for r in self.engine.state.returns()]

    def __str__(self) -> str:
        state = self.engine.state
        moves = ",".join(str(a) for a in state.history)
        return f"{state.ruleset.id} players={state.num_players} seed={state.seed} [{moves}]"


class BoomtownObserver:
    """An OpenSpiel Python observer built from ``view(seat)`` (see the module docstring)."""

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
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(game.layout.size, dtype=np.float32)
            self.dict = {"observation": self.tensor}

    def _view(self, state: BoomtownState, player: int) -> dict[str, Any]:
        return state.engine.view(None if self.public_only else player)

    def set_from(self, state: BoomtownState, player: int) -> None:
        if self.tensor is None:
            return
        if state.engine.state.history:
            self.game.layout.encode(self._view(state, player), out=self.tensor)
            return
        # OpenSpiel sizes tensors by observing a fresh initial state, at every tensor request:
        # that one is encoded once per game, seat and observer kind.
        key = (player, self.public_only)
        cached = self.game.initial_tensors.get(key)
        if cached is None:
            cached = self.game.layout.encode(self._view(state, player))
            self.game.initial_tensors[key] = cached
        self.tensor[:] = cached

    def string_from(self, state: BoomtownState, player: int) -> str:
        view = self._view(state, player)
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

    ``utility_range`` and ``max_game_length`` (both or neither) override what the ruleset
    declares or :func:`estimate_bounds` finds, for every player count. They must be given at
    the first registration: OpenSpiel keeps a game type for the life of the process.
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
    parameters = {"players": ruleset.player_counts[0], **option_parameters(ruleset)}
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"boomtown {ruleset.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(ruleset.player_counts),
        min_num_players=min(ruleset.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
    camel = "".join(part.capitalize() for part in name.split("_"))
    cls = type(f"{camel}Game", (BoomtownGame,),
               {"ruleset_id": ruleset.id, "game_type": game_type, "fixed_bounds": fixed})
    pyspiel.register_game(game_type, cls)
    _registered[game_id] = (name, fixed)
    return name


def register_games() -> dict[str, str]:
    """Register every registered boomtown game; returns game id -> OpenSpiel short name."""
    return {game_id: register_game(game_id) for game_id in list_rulesets()}


def load_game(game_id: str, players: int | None = None, **options: Any) -> BoomtownGame:
    """Register ``game_id`` if needed and load it with OpenSpiel."""
    name = register_game(game_id)
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    game: BoomtownGame = pyspiel.load_game(name, params)
    return game


def determinized(state: BoomtownState, player: int, rng: random.Random) -> BoomtownState:
    """A full OpenSpiel state consistent with all ``player`` has seen, its hidden parts drawn
    with ``rng`` (the engine's ``determinize``). Search on it never peeks at real secrets."""
    engine = state.engine
    return engine.game.state_from_engine(engine.state.determinize(player, rng))
