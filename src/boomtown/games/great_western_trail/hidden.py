"""Determinization: resample what one seat cannot see, consistently with what it saw.

Hidden from a seat: how each other player's cards split between the hand and the draw pile
(the draw pile has no order in the state; every draw is a chance outcome). Kept: the pool of
those cards (public: starting deck, purchases and discards are all seen), the size of the hand,
and the cards everybody knows to be in a hand (an objective card taken into it).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St


def determinize(st: St, seat: int, rng: random.Random) -> St:
    out = st.editable_copy()
    assert isinstance(out, type(st))
    for t in range(st.num_players):
        if t == seat:
            continue
        hand, known = st.hand[t], st.known[t]
        pool = [h + d for h, d in zip(hand, st.draw[t], strict=True)]  # hand and draw pile
        # the cards not known to be in the hand, in kind order (then shuffled)
        rest: list[int] = []
        for k, count in enumerate(pool):
            free = count - known[k]
            if free > 0:
                rest += [k] * free
        rng.shuffle(rest)
        new_hand = list(known)
        for k in rest[: sum(hand) - sum(known)]:
            new_hand[k] += 1
        out.hand[t] = new_hand
        out.draw[t] = [c - h for c, h in zip(pool, new_hand, strict=True)]
    out.memo_legal = out.memo_dist = None  # the position changed under them
    out._legal_cache = None
    return out
