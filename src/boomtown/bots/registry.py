"""Bots by name: a spec is ``NAME`` or ``NAME:KEY=VALUE:KEY=VALUE``.

>>> parse_spec("ismcts:iterations=50:depth=4")
('ismcts', {'iterations': 50, 'depth': 4})
>>> bot = make_bot("heuristic:samples=1", "western-town", seed=3, seat=0)
>>> bot.name, bot.samples
('heuristic:samples=1', 1)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from boomtown.bots.base import Bot, bot_rng
from boomtown.bots.evaluation import evaluation_for
from boomtown.bots.ismcts import IsmctsBot
from boomtown.bots.ladder import (
    DESCRIPTIONS,
    LEVELS,
    SEARCH_PARAMETERS,
    make_level,
    take_knowledge,
)
from boomtown.bots.search import SearchBot
from boomtown.bots.simple import HeuristicBot, RandomBot

#: factory(game id, generator, parameters, spec) -> bot
BotFactory = Callable[[str, Any, dict[str, Any], str], Bot]


def _random(game: str, rng: Any, params: dict[str, Any], spec: str) -> Bot:
    _check(spec, params, set())
    return RandomBot(rng, name=spec)


def _heuristic(game: str, rng: Any, params: dict[str, Any], spec: str) -> Bot:
    _check(spec, params, {"samples", "lookahead"})
    return HeuristicBot(rng, evaluation_for(game), name=spec, **params)


def _ismcts(game: str, rng: Any, params: dict[str, Any], spec: str) -> Bot:
    _check(spec, params, {"iterations", "seconds", "depth", "c", "cpu"})
    if "seconds" in params and "iterations" not in params:
        params = {**params, "iterations": None}
    if "cpu" in params:
        params = {**params, "cpu": bool(params["cpu"])}
    return IsmctsBot(rng, evaluation_for(game), name=spec, **params)


def _level(level: str) -> BotFactory:
    def factory(game: str, rng: Any, params: dict[str, Any], spec: str) -> Bot:
        return make_level(level, game, rng, params, spec)

    return factory


def _search(game: str, rng: Any, params: dict[str, Any], spec: str) -> Bot:
    _check(spec, params, SEARCH_PARAMETERS)
    if "seconds" in params and "iterations" not in params:
        params = {**params, "iterations": None}
    if "iterations" in params and "seconds" not in params:
        params = {**params, "seconds": None}
    if "reuse" in params:
        params = {**params, "reuse": bool(params["reuse"])}
    params = dict(params)
    knowledge = take_knowledge(game, params)
    return SearchBot(rng, knowledge, name=spec, **params)


_FACTORIES: dict[str, BotFactory] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "search": _search,
    **{level: _level(level) for level in LEVELS},
}

#: Parameters each built-in bot accepts, for help texts.
PARAMETERS = {
    "random": "",
    "heuristic": (
        "samples=N (determinizations per decision, default 2), lookahead=N (random moves "
        "after each tried action, default 6)"
    ),
    "ismcts": (
        "iterations=N (default 200), seconds=S (time per move; alone, it replaces the "
        "iteration budget), depth=N (rollout moves before the evaluation, -1 = to the end; "
        "default 4), c=X (exploration, default 0.7), cpu=1 (seconds of CPU time, not of "
        "the clock on the wall)"
    ),
    "search": (
        "the ladder's search: iterations=N, seconds=S (CPU time per decision, default 1), "
        "plies=N (turn changes the tree looks ahead, default 1), c=X, widen=X, "
        "widen_base=N, reuse=0|1, depth=N (moves of the others after each playout), "
        "pick=X (the share of the top visits a move needs to be played), prior_after=N "
        "(visits before a node ranks its actions by the knowledge's prior), fitted=0|1 (the "
        "value's weights: fitted on self-play where the game has them, default 1; 0: the "
        "hand-made ones)"
    ),
    **{level: f"the ladder's {level} level: {DESCRIPTIONS[level]}" for level in LEVELS},
}


def register_bot(name: str, factory: BotFactory) -> None:
    """Add a bot kind (a third-party bot, or a test's)."""
    _FACTORIES[name] = factory


def unregister_bot(name: str) -> None:
    _FACTORIES.pop(name, None)


def bot_names() -> list[str]:
    return sorted(_FACTORIES)


def _check(spec: str, params: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(params) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise ValueError(f"bot {spec!r}: unknown parameter(s) {', '.join(unknown)}; known: {known}")


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a spec into the bot's name and its parameters (values read as JSON numbers)."""
    name, *parts = spec.strip().split(":")
    if name not in _FACTORIES:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(bot_names())}")
    params: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        if not sep or not key:
            raise ValueError(f"bot {spec!r}: expected KEY=VALUE, got {part!r}")
        try:
            value = json.loads(raw)
        except ValueError:
            raise ValueError(f"bot {spec!r}: {key} must be a number, got {raw!r}") from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"bot {spec!r}: {key} must be a number, got {raw!r}")
        params[key] = value
    return name, params


def make_bot(spec: str, game: str, seed: int, seat: int) -> Bot:
    """The bot ``spec`` for ``seat`` of game ``seed``, with its own generator."""
    name, params = parse_spec(spec)
    rng = bot_rng(seed, seat, spec)
    try:
        return _FACTORIES[name](game, rng, params, spec)
    except TypeError as exc:
        raise ValueError(f"bot {spec!r}: {exc}") from None


def check_spec(spec: str) -> str:
    """Validate a spec without a game (for command-line parsing); returns it stripped."""
    make_bot(spec, "", 0, 0)
    return spec.strip()
