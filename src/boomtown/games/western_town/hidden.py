"""Determinization: resample what one seat cannot see, consistently with what it saw.

Hidden from a seat: how each other player's cards split between hand, inactive
pile, a committed face-down card and cards played face down without effect. What
the seat does know is kept: the pool of those cards (public), the size of each
part, and the cards it knows to be in a hand (shown, exploited from the hand, seen
with a peek, or taken from the building stack).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from boomtown.games.western_town.state import HAND, HDOWN, INACTIVE, NZ, WT, K

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St


@WT.answers("determinize")
def determinize(st: St, seat: int, rng: random.Random) -> St:
    from boomtown.games.western_town.rules import playable

    out = st.editable_copy()
    assert isinstance(out, type(st))
    n = st.num_players
    for t in range(n):
        if t == seat:
            continue
        hand = st.zone_list(t, HAND)
        inactive = st.zone_list(t, INACTIVE)
        hdown = st.zone_list(t, HDOWN)
        pend = st.pending[t]
        nh, ni, nd = sum(hand), sum(inactive), sum(hdown)
        npend = 1 if pend >= 0 else 0
        if ni == 0 and nd == 0 and npend == 0:
            continue  # the whole pool is in hand: nothing hidden
        known = st.known[(seat * n + t) * K : (seat * n + t + 1) * K]
        pool = [hand[k] + inactive[k] + hdown[k] + (1 if k == pend else 0) for k in range(K)]
        for _attempt in range(50):
            rest: list[int] = []
            for k in range(K):
                rest += [k] * (pool[k] - known[k])
            rng.shuffle(rest)
            inner = [k for k in range(K) for _ in range(known[k])]
            extra = nh + nd + npend - len(inner)
            inner += rest[:extra]
            new_inactive = rest[extra:]
            rng.shuffle(inner)
            new_pend = -1
            if npend:
                if st.pending_fd[t]:
                    new_pend = inner.pop()
                else:
                    choices = [i for i, k in enumerate(inner) if _could_commit(st, t, k, playable)]
                    if not choices:
                        continue
                    new_pend = inner.pop(rng.choice(choices))
            new_hdown, new_hand = inner[:nd], inner[nd:]
            _write(out, t, new_hand, new_inactive, new_hdown, new_pend)
            break
    out._legal_cache = None
    return out


def _could_commit(st: St, t: int, k: int, playable: object) -> bool:
    from boomtown.games.western_town.data import DATA, RES_INDEX

    card = DATA.cards[k]
    if card.building != "none" and not st.has_building(t, k):
        return False
    return all(st.r(t, RES_INDEX[r]) >= n for r, n in card.play_requires.items())


def _write(
    out: St, t: int, hand: list[int], inactive: list[int], hdown: list[int], pend: int
) -> None:
    for zone, cards in ((HAND, hand), (INACTIVE, inactive), (HDOWN, hdown)):
        base = (t * NZ + zone) * K
        counts = [0] * K
        for k in cards:
            counts[k] += 1
        out.zones[base : base + K] = counts
    out.pending[t] = pend
