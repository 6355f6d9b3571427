"""Determinization: resample what one seat cannot see, consistently with what it saw.

Hidden from a seat: how each other player's cards split between the hand and the draw pile
(the draw pile has no order in the state; every draw is a chance outcome). Kept: the pool of
those cards (public: starting deck, purchases and discards are all seen), the size of the hand,
and the cards everybody knows to be in a hand (an objective card taken into it).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from boomtown.games.great_western_trail.actions import K

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St


def determinize(st: St, seat: int, rng: random.Random) -> St:
    out = st.editable_copy()
    assert isinstance(out, type(st))
    for t in range(st.num_players):
        if t == seat:
            continue
        hand, draw, known = st.hand[t], st.draw[t], st.known[t]
        size = sum(hand)
        rest: list[int] = []
        for k in range(K):
            rest += [k] * (hand[k] + draw[k] - known[k])
        rng.shuffle(rest)
        new_hand = list(known)
        for k in rest[: size - sum(known)]:
            new_hand[k] += 1
        out.hand[t] = new_hand
        out.draw[t] = [hand[k] + draw[k] - new_hand[k] for k in range(K)]
    out._legal_cache = None
    return out
