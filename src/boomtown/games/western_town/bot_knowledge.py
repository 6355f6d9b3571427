"""Western Town: the ladder's knowledge, an expected final score for every seat.

The bots pass a determinization they drew themselves, so the state's fields may be read
directly. A seat's expected final score is its running total (Homes ranking, buildings,
exported Gold, Lure and Inhabitants times the Lincoln multipliers seen so far) plus a
weighted sum of what its town promises:

- the Lincoln wishes still to come (the deck's average over the cards not seen yet) times
  its exported Gold, Lure and full sets of 4 Inhabitants, which they will multiply too;
- Inhabitants toward the next set of 4, Gold in town (it may still be exported), Peace
  pipes (each one a possible Lure, and the Indians raid the town with the fewest), Wood and
  Cowboys (they build and defend), more while rounds are left;
- buildings it can still construct, empty building spaces, Homes over the others', cards it
  owns (more cards to play and exploit each round), destroyed markers still to repair.

Values are computed within each group of seats (a double duel is two games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boomtown.bots.knowledge import RoundsKnowledge, ahead_values
from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA
from boomtown.games.western_town.scoring import breakdown, multipliers
from boomtown.games.western_town.state import HAND, INACTIVE, NR, NZ, OFF, C, G, I, L, P, W, X

if TYPE_CHECKING:
    from boomtown.engine import State
    from boomtown.games.western_town.state import WesternTownState as St

#: Wishes on each Lincoln card, by card index ("5" has none).
CARD_WISHES = tuple(tuple(lc.wishes) for lc in DATA.lincoln)
WISH_CARDS_PER_GAME = DATA.setup.lincoln_rounds
K = A.K
INHABITANTS_PER_SET = 4

#: The features of a seat (see :func:`seat_features`) with their hand-made weights.
FEATURES: tuple[tuple[str, float], ...] = (
    ("exported Gold x wishes to come", 1.0),
    ("Lure x wishes to come", 1.0),
    ("sets of 4 Inhabitants x wishes to come", 1.0),
    ("Inhabitants toward a set x final wish", 0.25),
    ("Gold in town x final wish", 0.25),
    ("Gold in town x left", 0.3),
    ("Wood x left", 0.45),
    ("Cowboys x left", 0.3),
    ("Peace pipes x left", 0.15),
    ("Peace pipes x Lure wish", 0.1),
    ("constructible buildings x left", 0.4),
    ("empty building spaces x left", 0.0),
    ("Homes over the others' mean", 0.0),
    ("cards owned x left", 0.0),
    ("destroyed markers x left", 0.0),
    ("rounds left", 0.0),
)
SETTLED_ZONES = (HAND, INACTIVE)


def wishes_to_come(st: St) -> dict[str, float]:
    """Each wish's expected count on the Lincoln cards still to be revealed."""
    revealed = [c for c in st.lincoln_revealed if CARD_WISHES[c]]
    to_come = max(0, WISH_CARDS_PER_GAME - len(revealed))
    unseen = [c for c in st.lincoln_left if CARD_WISHES[c]]
    out = {"G": 0.0, "L": 0.0, "I": 0.0}
    if not unseen or not to_come:
        return out
    share = min(1.0, to_come / len(unseen))
    for c in unseen:
        for wish in CARD_WISHES[c]:
            out[wish] += share
    return out


class WesternTownKnowledge(RoundsKnowledge):
    """Expected final scores of Western Town (see the module's text)."""

    scale = 80.0
    doubt_start = 10.0
    doubt_end = 1.0
    features = FEATURES

    def all_features(self, state: State, seat: int) -> tuple[list[float], list[list[float]]]:
        """Every seat's running total and features."""
        st: St = state  # type: ignore[assignment]
        totals = [float(t) for t in breakdown(st)["totals"]]
        now = multipliers(st)
        come = wishes_to_come(st)
        final = {w: now[w] + come[w] for w in "GLI"}
        left = 1.0 - self.progress(st)
        n = st.num_players
        homes = [st.homes(s) for s in range(n)]
        out = []
        for s in range(n):
            base = s * NR
            res = st.res[base: base + NR]
            others = [homes[t] for t in st.groups[st.seat_group[s]] if t != s]
            mean_other = sum(others) / len(others) if others else 0.0
            constructible = sum(st.avail[s * K: (s + 1) * K])
            empty = sum(1 for k in st.site[s * A.S: (s + 1) * A.S] if k < 0)
            zones = st.zones
            owned = 0
            for zone in range(NZ):
                if zone != OFF:
                    start = (s * NZ + zone) * K
                    owned += sum(zones[start: start + K])
            out.append([
                res[X] * come["G"],
                res[L] * come["L"],
                (res[I] // INHABITANTS_PER_SET) * come["I"],
                (res[I] % INHABITANTS_PER_SET) / INHABITANTS_PER_SET * final["I"],
                res[G] * final["G"] / 2,
                res[G] * left,
                res[W] * left,
                res[C] * left,
                res[P] * left,
                res[P] * final["L"] / 4,
                constructible * left,
                empty * left,
                homes[s] - mean_other,
                owned * left,
                st.n_destroyed[s] * left,
                left,
            ])
        return totals, out

    def values(self, state: State, seat: int) -> list[float]:
        st: St = state  # type: ignore[assignment]
        estimates = self.estimates(state, seat)
        doubt = self.doubt(state)
        values = [0.0] * len(estimates)
        for seats in st.groups:
            part = ahead_values([estimates[s] for s in seats], doubt, self.scale,
                                self.points_weight)
            for s, v in zip(seats, part, strict=True):
                values[s] = v
        return values
