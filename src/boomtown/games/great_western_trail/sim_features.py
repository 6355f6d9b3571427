"""What the simulation lab reads of a Great Western Trail game (``Ruleset.seat_setup`` and
``Ruleset.seat_features``).

Seat 0 plays first and turns go up the seats. The seats' starting money rises with the turn
position ($6 for the first player to $9 for the fourth: the rules' compensation for playing
later), and each seat starts with one objective card drawn at random.

>>> from boomtown.engine import get_ruleset
>>> from boomtown.engine.actions import CHANCE
>>> game = get_ruleset("great-western-trail").new_game(2, seed=1)
>>> while game.current_player == CHANCE:
...     _ = game.apply(game.sample_chance())
>>> [(s["turn_position"], s["starting money"]) for s in seat_setup(game)]
[(0, '$6'), (1, '$7')]
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.state import State
from boomtown.games.great_western_trail.data import OBJECTIVES, SETUP, WORKERS

#: Setup asymmetries: the seat's money at the start, and its starting objective card.
MONEY = "starting money"
OBJECTIVE = "starting objective"
#: ``private_at`` holds ``owner * PRIVATE_CODE + (building number - 1)`` (see state.py).
PRIVATE_CODE = 10
#: Every seat starts with one worker of each kind on its player board.
START_WORKERS = 1
#: Plural of a worker kind, for the feature names.
PLURAL = {"craftsman": "craftsmen"}


def _objective_label(index: int) -> str:
    card = OBJECTIVES[index]
    return f"{card.key} ({' '.join(card.tasks)})"


def seat_setup(state: State) -> list[dict[str, Any]]:
    """Each seat's turn position (its seat), starting money and starting objective."""
    st: Any = state
    out: list[dict[str, Any]] = []
    for s in range(st.num_players):
        if not st.committed[s]:
            raise ValueError("Great Western Trail's set-up is not done: no starting objective")
        out.append({
            "turn_position": s,
            MONEY: f"${SETUP['money_by_seat'][s]}",
            OBJECTIVE: _objective_label(st.committed[s][0]),
        })
    return out


def seat_features(state: State) -> list[dict[str, Any]]:
    """What each seat did: deliveries, station upgrades, buildings, workers hired by kind,
    hazards and teepees taken, station masters, objective cards, engine position."""
    st: Any = state
    out: list[dict[str, Any]] = []
    for s in range(st.num_players):
        row: dict[str, Any] = {
            "deliveries": sum(st.city_discs[s]),
            "station upgrades": sum(st.station_discs[s]),
            "buildings": sum(1 for code in st.private_at if code >= 0
                             and code // PRIVATE_CODE == s),
        }
        for w, kind in enumerate(WORKERS):
            hired = st.workers[s][w] - START_WORKERS + st.appointed[s][w]
            row[f"{PLURAL.get(kind, kind + 's')} hired"] = hired
        row.update({
            "hazards": len(st.hazards[s]),
            "teepees": sum(st.teepees[s]),
            "station masters": len(st.masters[s]),
            "objective cards": len(st.committed[s]),
            "engine position": st.engine[s],
        })
        out.append(row)
    return out
