"""Western Town: an evaluation of every seat's position, read from a view's JSON.

A seat's estimated final score is its running total (the breakdown in the view) plus
what its resources are likely to add by the end:

- exported Gold, Lure and sets of 4 Inhabitants score once per matching wish on the
  Lincoln cards; the cards still to come add, on average, the wishes left in the deck
  spread over the unseen cards;
- Gold in town may still be exported; Wood, Cowboys and Peace pipes build, defend
  and calm the Indians, worth a little each, more early in the game than late.

Values are a soft maximum over the estimates within each group of seats (a double duel
is two games), with more doubt early in the game than at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.bots.evaluation import soft_win
from boomtown.games.western_town.data import DATA

if TYPE_CHECKING:
    from boomtown.engine import State

#: How often each wish appears on the wish cards (the "5" card has none).
DECK_WISHES = {w: sum(c.wishes.count(w) for c in DATA.lincoln if not c.five) for w in "GLI"}
WISH_CARDS_PER_GAME = DATA.setup.lincoln_rounds

#: Worth of a resource cube still in town, at the start of the game (fades to the end).
CUBE_WORTH = {"W": 0.45, "C": 0.3, "P": 0.15}
GOLD_IN_TOWN = 0.5  # share of an exported Gold's value


def expected_multipliers(lincoln: dict[str, Any]) -> dict[str, float]:
    """Wish multipliers expected at the end: revealed ones plus the average still to come.

    >>> m = expected_multipliers({"revealed": [], "unseen": 7, "multipliers": {}})
    >>> round(m["G"], 2) == round(4 * DECK_WISHES["G"] / 7, 2)
    True
    """
    revealed = [k for k in lincoln.get("revealed", []) if k != "5"]
    current = lincoln.get("multipliers") or {}
    unseen = int(lincoln.get("unseen", 0))
    to_come = max(0, min(unseen, WISH_CARDS_PER_GAME - len(revealed)))
    out = {}
    for wish in "GLI":
        seen = sum(key.split("+").count(wish) for key in revealed)
        left = max(0, DECK_WISHES[wish] - seen)
        out[wish] = float(current.get(wish, 0)) + (to_come * left / unseen if unseen else 0.0)
    return out


def estimated_scores(view: dict[str, Any]) -> list[float]:
    """Each seat's estimated final score."""
    state = view["state"]
    totals = state["score"]["totals"]
    current = state["lincoln"].get("multipliers") or {}
    final = expected_multipliers(state["lincoln"])
    rounds = max(1, int(state.get("rounds", 5)))
    left = max(0.0, 1.0 - int(state.get("round", 0)) / rounds)
    extra = {w: final[w] - float(current.get(w, 0)) for w in "GLI"}
    estimates = []
    for seat, player in enumerate(state["players"]):
        res = player["resources"]
        value = float(totals[seat])
        value += extra["G"] * res.get("X", 0) + extra["L"] * res.get("L", 0)
        value += extra["I"] * (res.get("I", 0) // 4)
        value += final["I"] * (res.get("I", 0) % 4) / 8
        value += GOLD_IN_TOWN * final["G"] * res.get("G", 0) / 2
        value += (0.3 + left) * sum(w * res.get(r, 0) for r, w in CUBE_WORTH.items())
        value += 0.4 * left * len(player.get("constructible", []))
        estimates.append(value)
    return estimates


def evaluate(state: State, seat: int) -> list[float]:
    """The evaluation of ``state`` from ``seat``'s view (see :func:`evaluate_view`)."""
    return evaluate_view(state.view(seat))


def evaluate_view(view: dict[str, Any]) -> list[float]:
    """One value per seat in [0, 1]; the final returns once the game is over."""
    if view.get("terminal"):
        return [float(r) for r in view["returns"]]
    state = view["state"]
    estimates = estimated_scores(view)
    rounds = max(1, int(state.get("rounds", 5)))
    doubt = 2.0 + 6.0 * max(0.0, 1.0 - int(state.get("round", 0)) / rounds)
    values = [0.0] * len(estimates)
    for group in state["groups"]:
        seats = list(group["seats"])
        for seat, value in zip(seats, soft_win([estimates[s] for s in seats], doubt), strict=True):
            values[seat] = value
    return values
