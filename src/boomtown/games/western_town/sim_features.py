"""What the simulation lab reads of a Western Town game (``Ruleset.seat_setup`` and
``Ruleset.seat_features``).

Turn order is drawn: the first lead marshal of each group of seats is a chance outcome, and
play goes clockwise from him (in a double duel each duel has its own). A seat's starting
asymmetry is its western town card: its building and resources differ from card to card.

>>> from boomtown.engine import get_ruleset
>>> from boomtown.engine.actions import CHANCE
>>> game = get_ruleset("western-town").new_game(3, seed=4)
>>> while game.current_player == CHANCE:
...     _ = game.apply(game.sample_chance())
>>> sorted(seat["turn_position"] for seat in seat_setup(game))
[0, 1, 2]
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.state import State
from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA

#: Setup asymmetry: the western town card a seat starts with (its key, then its building).
START_CARD = "western town card"


def _card_label(index: int) -> str:
    card = DATA.start_cards[index]
    return f"{card.key} ({card.building})"


def seat_setup(state: State) -> list[dict[str, Any]]:
    """Each seat's turn position (0 for the first lead marshal of its group) and card."""
    st: Any = state
    out: list[dict[str, Any]] = []
    for s in range(st.num_players):
        group = st.group_of(s)
        lead = st.lm[group]
        if lead < 0 or st.start_card[s] < 0:
            raise ValueError("Western Town's set-up is not done: no lead marshal or card yet")
        out.append({
            "turn_position": st.order_from(group, lead).index(s),
            START_CARD: _card_label(st.start_card[s]),
        })
    return out


def seat_features(state: State) -> list[dict[str, Any]]:
    """What each seat ended the game with: buildings on its board, Homes, destroyed markers,
    Lincoln cards won."""
    st: Any = state
    out: list[dict[str, Any]] = []
    for s in range(st.num_players):
        base = s * A.S
        out.append({
            "buildings": sum(1 for i in A.SPACES if st.site[base + i] >= 0),
            "homes": st.n_homes[s],
            "destroyed markers": st.n_destroyed[s],
            "Lincoln cards won": sum(1 for seat, _card in st.lincoln_won if seat == s),
        })
    return out
