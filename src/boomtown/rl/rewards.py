"""Reward schemes: what each seat receives at the end of a game.

``"returns"``
    the game's own ``returns()``: 1 for every winner (a shared win pays each tied seat), 0
    otherwise. General-sum, in [0, 1].
``"win"``
    zero-sum win/loss: two players get +1 / -1, a tie 0 each. With more players the winners
    share +1 ... as much as the losers lose: each of ``k`` winners gets ``(n - k) / (k (n -
    1))`` and each loser ``-1 / (n - 1)`` (a sole winner +1; everyone tied: 0). In [-1, 1].
``"rank"``
    zero-sum by place: the places from first to last are worth ``1 - 2 i / (n - 1)`` (+1 for
    the first, -1 for the last, evenly between), tied seats share their places' average.
    The game's winners (``returns()``, its tie-breaks included) come first, then the others
    by points. Two players: the same as ``"win"``. In [-1, 1].
``"margin"``
    zero-sum score margin: a seat's points minus the mean of every seat's points (two
    players: half the difference). Points are the game's final totals
    (``Ruleset.observation``'s ``points``, else ``score_breakdown()["totals"]``); the range
    comes from the game's declared bounds of the points.

>>> from boomtown.rl.rewards import scheme_rewards
>>> scheme_rewards("win", [1.0, 0.0, 0.0], [30.0, 20.0, 10.0])
[1.0, -0.5, -0.5]
>>> scheme_rewards("rank", [1.0, 0.0, 0.0], [30.0, 20.0, 10.0])
[1.0, 0.0, -1.0]
>>> scheme_rewards("margin", [1.0, 0.0], [30.0, 20.0])
[5.0, -5.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boomtown.engine import Ruleset, State

SCHEMES = ("returns", "win", "rank", "margin")
#: The schemes whose rewards sum to zero.
ZERO_SUM = frozenset({"win", "rank", "margin"})


def check_scheme(name: str) -> str:
    if name not in SCHEMES:
        raise ValueError(f"rewards must be one of {SCHEMES}, not {name!r}")
    return name


def points(state: State) -> list[float]:
    """Each seat's final points: the game observation's ``points``, else the breakdown's
    ``totals``."""
    game = _game_observation(state.ruleset, state.num_players, state.options)
    if game is not None:
        got: list[float] = game.points(state)
        return got
    totals = state.score_breakdown().get("totals")
    if not isinstance(totals, list) or len(totals) != state.num_players:
        raise ValueError(
            f"{state.ruleset.id} gives no points per seat (score_breakdown()['totals']): "
            "the 'rank' and 'margin' rewards need them")
    return [float(v) for v in totals]


_GAMES: dict[tuple[str, int, int, Any], Any] = {}


def _game_observation(ruleset: Ruleset, players: int, options: Any) -> Any:
    """The game's observation object (built once per game, player count and options)."""
    if ruleset.observation is None:
        return None
    key = (ruleset.id, ruleset.version, players, options)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = ruleset.observation(players, options)
    return game


def scheme_rewards(name: str, returns: Sequence[float], totals: Sequence[float] | None
                   ) -> list[float]:
    """The rewards of scheme ``name`` from the game's returns and (for ``rank`` and
    ``margin``) its points."""
    n = len(returns)
    if name == "returns":
        return [float(r) for r in returns]
    if name == "win":
        best = max(returns)
        winners = [r == best for r in returns]
        k = sum(winners)
        if k == n:
            return [0.0] * n
        return [(n - k) / (k * (n - 1)) if w else -1.0 / (n - 1) for w in winners]
    assert totals is not None
    if name == "margin":
        mean = sum(totals) / n
        return [float(t) - mean for t in totals]
    if name == "rank":
        best = max(returns)
        keys = [(returns[s] == best, totals[s]) for s in range(n)]
        order = sorted(range(n), key=lambda s: keys[s], reverse=True)
        worth = [1.0 - 2.0 * i / (n - 1) for i in range(n)]
        out = [0.0] * n
        i = 0
        while i < n:
            j = i
            while j + 1 < n and keys[order[j + 1]] == keys[order[i]]:
                j += 1
            share = sum(worth[i : j + 1]) / (j + 1 - i)
            for s in order[i : j + 1]:
                out[s] = share
            i = j + 1
        return out
    raise ValueError(f"unknown reward scheme {name!r}")


def rewards(name: str, state: State) -> list[float]:
    """Every seat's reward under scheme ``name`` for a finished game (zeros before the end)."""
    if not state.is_terminal():
        return [0.0] * state.num_players
    returns = state.returns()
    totals = points(state) if name in ("rank", "margin") else None
    return scheme_rewards(name, returns, totals)


def reward_range(name: str, ruleset: Ruleset, players: int, options: Any = None
                 ) -> tuple[float, float]:
    """(lowest, highest) reward a seat can receive under scheme ``name``."""
    if name == "returns":
        low, high = ruleset.returns_range
        return float(low), float(high)
    if name in ("win", "rank"):
        return -1.0, 1.0
    if options is None:
        options = ruleset.default_options()
    game = _game_observation(ruleset, players, options)
    if game is None:
        raise ValueError(f"{ruleset.id} declares no bounds of its points: no 'margin' range")
    low, high = game.points_range
    spread = (float(high) - float(low)) * (players - 1) / players
    return -spread, spread
