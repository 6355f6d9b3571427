"""Position evaluations: how good a position looks for every seat, from a view.

An :class:`Evaluation` is called with a game the bot may look at freely (one of its own
determinizations, whose hidden parts the bot drew itself) and the bot's seat, and
returns one number per seat on the scale of ``returns()``. Evaluations read the seat's
JSON view or the public score breakdown. The bots use them to score one-ply lookahead
(``heuristic``) and cut-off rollouts (``ismcts``). A game declares its own in its folder
(``Ruleset.bot_evaluation``, ``"module:attribute"`` of the game's ``bot_evaluation.py``,
imported on first use), or one is registered with :func:`register_evaluation` (which wins);
every other game gets :func:`generic_evaluation`.

Convention (as in ``boomtown.cli.scores``): a breakdown key ``"totals"`` holding one number
per seat gives the running scores; a game's ``returns()`` are taken to reward winning
(higher is better). Running scores become values by a soft maximum: a seat well ahead
gets close to 1, a seat well behind close to 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from boomtown.engine.errors import UnknownGame
from boomtown.engine.registry import get_ruleset
from boomtown.engine.ruleset import import_target

if TYPE_CHECKING:
    from boomtown.engine import State

#: An evaluation: (determinized game, seat) -> one value per seat (returns scale).
Evaluation = Callable[["State", int], list[float]]

#: Evaluations registered (:func:`register_evaluation`) or loaded from a ruleset, by game id.
_EVALUATIONS: dict[str, Evaluation] = {}


def declared(game_id: str, field: str) -> Any:
    """What the game's ruleset declares for the bots in ``field`` (``"bot_evaluation"``,
    ``"bot_knowledge"``: a ``"module:attribute"`` string), imported; ``None`` when the game
    declares none or is not registered (a toy game of a test).

    >>> declared("western-town", "bot_evaluation").__name__
    'evaluate'
    >>> declared("no-such-game", "bot_knowledge") is None
    True
    """
    try:
        ruleset = get_ruleset(game_id)
    except UnknownGame:
        return None
    target = getattr(ruleset, field)
    return None if target is None else import_target(target)


def register_evaluation(game_id: str, evaluation: Evaluation) -> None:
    """Use ``evaluation`` for ``game_id`` (a third-party game, or a test)."""
    _EVALUATIONS[game_id] = evaluation


def unregister_evaluation(game_id: str) -> None:
    _EVALUATIONS.pop(game_id, None)


def evaluation_for(game_id: str) -> Evaluation:
    """The game's own evaluation (registered, else its ruleset's ``bot_evaluation``), else
    :func:`generic_evaluation`."""
    found = _EVALUATIONS.get(game_id)
    if found is not None:
        return found
    evaluation: Evaluation | None = declared(game_id, "bot_evaluation")
    if evaluation is None:
        return generic_evaluation
    _EVALUATIONS[game_id] = evaluation
    return evaluation


def soft_win(scores: Sequence[float], temperature: float) -> list[float]:
    """Each seat's share of a softmax over ``scores``: a smooth "who is winning".

    >>> [round(v, 3) for v in soft_win([10, 10], 2.0)]
    [0.5, 0.5]
    >>> soft_win([30, 0], 1.0)[0] > 0.99
    True
    """
    if not scores:
        return []
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def breakdown_totals(breakdown: Any, players: int) -> list[float] | None:
    """Running totals from a score breakdown's ``"totals"``, if the game gives them."""
    totals = breakdown.get("totals") if isinstance(breakdown, dict) else None
    if (
        isinstance(totals, list)
        and len(totals) == players
        and all(isinstance(t, int | float) and not isinstance(t, bool) for t in totals)
    ):
        return [float(t) for t in totals]
    return None


def totals_value(totals: Sequence[float]) -> list[float]:
    """Running totals as values: a soft maximum, softer when the scores are spread wide.

    >>> [round(v, 2) for v in totals_value([30, 10])]
    [0.86, 0.14]
    """
    spread = max(totals) - min(totals)
    return soft_win(totals, max(1.0, spread / 2 + 1.0))


def generic_evaluation(state: State, seat: int) -> list[float]:
    """Any game: the returns once it is over; else a soft maximum over the breakdown's
    running totals; without totals, every seat alike."""
    players = state.num_players
    if state.is_terminal():
        return [float(r) for r in state.returns()]
    totals = breakdown_totals(state.score_breakdown(), players)
    if totals is None:
        return [1.0 / players] * players
    return totals_value(totals)
