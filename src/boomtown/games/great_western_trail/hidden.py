"""Determinization: resample what one seat cannot see, consistently with what it saw.

Hidden from a seat: how each other player's cards split between the hand and the draw pile
(the draw pile has no order in the state; every draw is a chance outcome), and which objective
cards another player drew face down from the objective deck into the hand (6b). Kept: the pool
of those cards (public: starting deck, purchases and discards are all seen), the size of the
hand, the cards everybody knows to be in a hand (an objective card taken from the display into
it) and how many face-down objective cards each hand holds.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.state import GWT

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St


def _redraw_objectives(out: St, t: int, rng: random.Random) -> None:
    """Seat ``t``'s face-down objective cards drawn again from them plus the objective deck."""
    hidden = out.hidden_obj[t]
    pool = out.obj_deck + hidden
    for o in hidden:
        out.hand[t][A.OBJ0 + o] -= 1
    rng.shuffle(pool)
    drawn = pool[: len(hidden)]
    for o in drawn:
        out.hand[t][A.OBJ0 + o] += 1
    out.hidden_obj[t] = drawn
    out.obj_deck = sorted(pool[len(hidden):])


@GWT.answers("determinize")
def determinize(st: St, seat: int, rng: random.Random) -> St:
    out = st.editable_copy()
    assert isinstance(out, type(st))
    for t in range(st.num_players):
        if t == seat:
            continue
        if out.hidden_obj[t]:
            _redraw_objectives(out, t, rng)
        hand = out.hand[t]
        fixed = list(st.known[t])  # known to be in the hand, and the face-down objectives
        for o in out.hidden_obj[t]:
            fixed[A.OBJ0 + o] += 1
        pool = [h + d for h, d in zip(hand, out.draw[t], strict=True)]  # hand and draw pile
        # the other cards of the pool, in kind order (then shuffled)
        rest: list[int] = []
        for k, count in enumerate(pool):
            free = count - fixed[k]
            if free > 0:
                rest += [k] * free
        rng.shuffle(rest)
        new_hand = fixed
        for k in rest[: sum(hand) - sum(fixed)]:
            new_hand[k] += 1
        out.hand[t] = new_hand
        out.draw[t] = [c - h for c, h in zip(pool, new_hand, strict=True)]
    out._legal_cache = None
    return out
