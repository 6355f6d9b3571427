"""Western Town's fixed observation for learning code (``Ruleset.observation``).

The layout is fixed for a player count and options: every slot is named (``names``) and
documented by block (``blocks``); ``version`` changes whenever a slot's meaning does. Counts
come first, each divided by a bound and capped at 1; then 0/1 flags (one-hot choices).
Seats are *relative to the observer*: "seat+0" is the observing seat, "seat+1" the next seat
in seat order, and so on (seat 0's order for the spectator); groups likewise ("group+0" is
the observer's; a double duel has two). A seat named as a value (the lead marshal, who
decides) is one-hot over the relative seats, with one more slot for "none".

What it reads is what ``view(seat)`` shows and nothing more: every town (resources, Homes,
storage, the building and destroyed marker on every site, constructible buildings, the cards
face up and face down on the table, how many cards each hand and inactive pile holds), the
groups' camps, marshals and star stocks, Lincoln's cards and points, the score as it stands;
the observer's own hand, inactive pile, cards played face down and secretly chosen card; and
for every other seat only the cards the observer knows to be in its hand. The round's story
that the view reads from the log (the die's rolls, the latest raid, phase 2's steps) is left
out: the position and the decision's kind carry what a decision needs.

>>> from boomtown import new_game
>>> import numpy as np
>>> obs = build(2, None)
>>> out = np.zeros(obs.size, dtype=np.float32)
>>> obs.encode(new_game("western-town", 2, seed=1), 0, out)
>>> bool(((0 <= out) & (out <= 1)).all()), len(obs.names) == obs.size
(True, True)
"""

from __future__ import annotations

from operator import getitem, itemgetter
from typing import TYPE_CHECKING, Any

from boomtown.engine.observation_layout import SlotLayout, SlotObservation, seat_labels
from boomtown.games.western_town.data import DATA, RESOURCES
from boomtown.games.western_town.options import WesternTownOptions
from boomtown.games.western_town.state import (
    DOWN,
    HAND,
    HDOWN,
    INACTIVE,
    NR,
    NZ,
    UP,
    K,
    S,
)

if TYPE_CHECKING:
    from boomtown.games.western_town.state import WesternTownState as St

#: Bumped whenever a slot changes meaning.
VERSION = 1
#: Bounds of the final points (Homes, buildings, Gold, Lure and Inhabitants x multipliers;
#: destroyed markers cost points).
POINTS_RANGE = (-40.0, 250.0)
#: Resource bounds (a count at or above reads 1), by resource letter.
RESOURCE_BOUND = {"G": 12, "W": 12, "I": 60, "C": 20, "P": 10, "L": 15, "X": 30}
SCORE = 100  # points as they stand, plus SCORE_OFFSET, read 1 at or above this
SCORE_OFFSET = 20  # (destroyed markers cost points: a score may be below 0)
HOMES = 30
CARDS = 12  # cards in a hand or pile
PER_KIND = 4  # cards of one kind in one place (homesteads are several)
PHASES = 6  # 0 (before the first round, after the game) and 1-5


class WesternTownObservation(SlotObservation):
    """The observation of one player count and options (build it with :func:`build`)."""

    version = VERSION
    perfect_information = False
    points_range = POINTS_RANGE

    def __init__(self, players: int, options: Any) -> None:
        # the rule modules are bound once the state module is complete (see state.py)
        from boomtown.games.western_town import rules, scoring, views

        super().__init__(players)
        self._rules, self._scoring, self._views = rules, scoring, views
        options = options if options is not None else WesternTownOptions()
        n = players
        ng = 2 if options.double_duel else 1
        self.groups = ng
        rounds = 4 if options.short_game else DATA.setup.lincoln_rounds + 1
        rel = seat_labels(n)
        groups = [f"group+{g}" for g in range(ng)]
        cards = [c.key for c in DATA.cards]
        lincoln = [c.key for c in DATA.lincoln]
        starts = [c.key for c in DATA.start_cards]
        frames = tuple(sorted(rules.DECISION_NAMES.values()))
        s = SlotLayout()
        # counts (scaled by their bound)
        s.add("round", ["now"], "the round (0 before the first)", rounds)
        s.add("lincoln_unseen", ["cards"], "Lincoln cards not revealed yet", len(DATA.lincoln))
        s.add("multipliers", ["G", "L", "I"],
              "how often each wish appears on the revealed Lincoln cards", 5)
        s.add("camp", [f"{g},{k}" for g in groups for k in ("red", "orange", "peace_pipes")],
              "each group's camp: red and orange Indians, Peace pipes", 12)
        s.add("star_stock", [f"{g},{c}" for g in groups for c in cards],
              "each group's star stock, by card", PER_KIND)
        for r in RESOURCES:
            s.add(f"resource_{r}", rel, f"each seat's {r} (reads 1 at {RESOURCE_BOUND[r]})",
                  RESOURCE_BOUND[r])
        s.add("town", [f"{r},{k}" for r in rel for k in
                       ("homes", "homes_at_final_scoring", "pink_homes", "bonus_homes",
                        "lincoln_homes")],
              "each seat's Homes as constructions count them, at final scoring, pink, bonus "
              "(Lincoln and +1-Home spaces), Lincoln's", HOMES)
        s.add("limits", [f"{r},{k}" for r in rel for k in
                         ("hand_size_limit", "storage_G", "storage_W", "storage_C")],
              "each seat's hand size limit and storage of Gold, Wood and Cowboys", 20)
        s.add("cards", [f"{r},{k}" for r in rel for k in
                        ("hand", "inactive", "face_down_without_effect", "played",
                         "homestead_tiles")],
              "how many cards each seat holds in hand, inactive, played face down without "
              "effect; cards played this round; homestead tiles", CARDS)
        s.add("table_up", [f"{r},{c}" for r in rel for c in cards],
              "each seat's cards face up on its table", PER_KIND)
        s.add("table_down", [f"{r},{c}" for r in rel for c in cards],
              "each seat's cards face down on its table", PER_KIND)
        s.add("constructible", [f"{r},{c}" for r in rel for c in cards],
              "the buildings each seat may construct", PER_KIND)
        s.add("known_in_hand", [f"{r},{c}" for r in rel[1:] for c in cards],
              "the cards the observer knows to be in each other seat's hand", PER_KIND)
        s.add("hand", cards, "the observer's hand (its own seat only)", PER_KIND)
        s.add("inactive", cards, "the observer's inactive cards", PER_KIND)
        s.add("face_down", cards, "the observer's cards played face down without effect",
              PER_KIND)
        s.add("lincoln_points", rel,
              "each town's points for the current Lincoln card, as it stands", 40)
        s.add("score", rel, f"each seat's points as they stand, plus {SCORE_OFFSET} (reads 1 "
              f"at {SCORE})", SCORE)
        s.add("destroyed", [f"{r},{x}" for r in rel for x in range(S)],
              "a destroyed marker lies on the site (0/1)")
        s.end_counts()
        # flags (0/1)
        self.f_site = s.add("site", [f"{r},{x},{b}" for r in rel for x in range(S)
                                     for b in [*cards, "empty"]],
                            "the building on each site of each town (one-hot per site)")
        self.f_seat = s.add("seat_flags", [f"{r},{k}" for r in rel for k in
                                           ("homestead_card_by_board", "committed", "passed")],
                            "the homestead card lies by the board; a card is chosen in "
                            "secret; the seat has passed")
        self.f_lincoln_won = s.add("lincoln_won", [f"{r},{c}" for r in rel for c in lincoln],
                                   "the Lincoln cards each seat has won")
        self.f_start = s.add("western_town_card", [f"{r},{c}" for r in rel
                                                   for c in [*starts, "none"]],
                             "each seat's western town card (one-hot)")
        self.f_committed = s.add("committed_card", [*cards, "none"],
                                 "the card the observer chose in secret (one-hot)")
        self.f_lm = s.add("lead_marshal", [f"{g},{r}" for g in groups for r in [*rel, "none"]],
                          "each group's lead marshal (one-hot)")
        self.f_gm = s.add("grand_manitou", [f"{g},{r}" for g in groups for r in [*rel, "none"]],
                          "each group's grand manitou (one-hot)")
        self.f_current = s.add("lincoln_current", [*lincoln, "none"],
                               "the Lincoln card of this round (one-hot)")
        self.f_revealed = s.add("lincoln_revealed", lincoln, "the Lincoln cards revealed")
        self.f_phase = s.add("phase", [f"{p}" for p in range(PHASES)],
                             "the phase being played (0: none)")
        self.f_phase_group = s.add("phase_group", groups, "the group playing the phase")
        self.add_decision(s, frames, rules.DECISION_NAMES)
        self.finish(s)
        #: The last score worked out and what it was worked out from (_score).
        self._score_seen: tuple[Any, ...] = (None,) * 8
        #: _storage_seen[s]: (sites, standing buildings, storage) last worked out (_storage).
        self._storage_seen: list[tuple[list[int], list[int], tuple[int, int, int]]] = [
            ([], [], (0, 0, 0))] * n
        #: _resources[viewer](st.res): the resource block, resource by resource, each in
        #: relative seat order.
        self._resources = [itemgetter(*(((v + i) % n) * NR + r for r in range(NR)
                                        for i in range(n))) for v in range(n)]
        #: _site_slots[i][k]: the slot of building k in the i-th site's one-hot (sites in
        #: relative seat order); an empty site (-1) reads the last one.
        self._site_slots = [[self.f_site + i * (K + 1) + k for k in range(K + 1)]
                            for i in range(n * S)]

    def points(self, st: St) -> list[float]:
        """Every seat's points (final once the game is over)."""
        return [float(v) for v in self._scoring.totals(st)]

    def encode(self, st: St, seat: int | None, out: Any) -> None:
        n = self.players
        ng = self.groups
        scoring = self._scoring
        me = 0 if seat is None else seat
        rel = self._rel[me]
        seats = [(me + i) % n for i in range(n)]
        my_group = st.seat_group[me]
        gorder = [(my_group + i) % ng for i in range(ng)]
        zones, res = st.zones, st.res
        mult, totals = self._score(st)
        raw: list[int] = [st.round, len(st.lincoln_left), mult["G"], mult["L"], mult["I"]]
        for g in gorder:
            raw += st.camp[g * 3 : g * 3 + 3]
        for g in gorder:
            stock = [0] * K
            for k in st.stock[g * 2]:
                stock[k] += 1
            for k in st.stock[g * 2 + 1]:
                stock[k] += 1
            raw += stock
        raw += self._resources[me](res)
        views = self._views
        for s in seats:
            bonus = views._bonus_homes(st, s)
            raw += (st.construction_homes(s), st.homes(s), st.pink_homes(s), bonus,
                    st.lincoln_homes[s])
        for s in seats:
            raw += (st.hand_limit[s], *self._storage(st, s))
        for s in seats:
            b = s * NZ * K
            raw += (sum(zones[b + HAND * K : b + HAND * K + K]),
                    sum(zones[b + INACTIVE * K : b + INACTIVE * K + K]),
                    sum(zones[b + HDOWN * K : b + HDOWN * K + K]), st.played[s], st.hs_tiles[s])
        for zone in (UP, DOWN):
            for s in seats:
                b = (s * NZ + zone) * K
                raw += zones[b : b + K]
        for s in seats:
            raw += st.avail[s * K : (s + 1) * K]
        for s in seats[1:]:
            if seat is None:
                raw += _ZEROS
            else:
                b = (seat * n + s) * K
                raw += st.known[b : b + K]
        if seat is None:
            raw += _ZEROS * 3
        else:
            for zone in (HAND, INACTIVE, HDOWN):
                b = (seat * NZ + zone) * K
                raw += zones[b : b + K]
        c = st.lincoln_current
        wishes = DATA.lincoln[c].wishes if c >= 0 else ()
        raw += [scoring.lincoln_points(st, s, wishes) for s in seats]
        raw += [totals[s] + SCORE_OFFSET for s in seats]

        a = me * S
        raw += st.destroyed[a:] + st.destroyed[:a]

        hot: list[int] = []
        f = self.f_seat
        for i, s in enumerate(seats):
            if st.home_card[s]:
                hot.append(f + i * 3)
            if st.pending[s] >= 0:
                hot.append(f + i * 3 + 1)
            if st.passed[s]:
                hot.append(f + i * 3 + 2)
        nl = len(DATA.lincoln)
        for t, card in st.lincoln_won:
            hot.append(self.f_lincoln_won + rel[t] * nl + card)
        ns = len(DATA.start_cards) + 1
        for i, s in enumerate(seats):
            start = st.start_card[s]
            hot.append(self.f_start + i * ns + (start if start >= 0 else ns - 1))
        if seat is not None:
            pending = st.pending[seat]
            hot.append(self.f_committed + (pending if pending >= 0 else K))
        for j, g in enumerate(gorder):
            lm, gm = st.lm[g], st.gm[g]
            hot.append(self.f_lm + j * (n + 1) + (rel[lm] if lm >= 0 else n))
            hot.append(self.f_gm + j * (n + 1) + (rel[gm] if gm >= 0 else n))
        hot.append(self.f_current + (c if c >= 0 else nl))
        hot += [self.f_revealed + card for card in st.lincoln_revealed]
        now = views.phase(st)
        hot.append(self.f_phase + now["number"])
        hot.append(self.f_phase_group + gorder.index(now["group"]))
        self.decision_slots(st, rel, hot)
        hot += map(getitem, self._site_slots, st.site[a:] + st.site[:a])
        self.write(out, raw, hot)

    def _score(self, st: St) -> tuple[dict[str, int], list[int]]:
        """``scoring.multipliers(st)`` and ``scoring.totals(st)``, remembered with all they
        read (the sites, destroyed markers, resources, Homes, the Lincoln cards revealed, the
        options): the next observation often comes before any of them has changed.
        Read-only: never edit what it returns."""
        seen = self._score_seen
        if (st.options is seen[0] and st.res == seen[1] and st.site == seen[2]
                and st.destroyed == seen[3] and st.n_homes == seen[4]
                and st.n_destroyed == seen[5] and st.lincoln_revealed == seen[6]):
            remembered: tuple[dict[str, int], list[int]] = seen[7]
            return remembered
        scoring = self._scoring
        mult = scoring.multipliers(st)
        score = mult, scoring.totals(st, mult)
        self._score_seen = (st.options, st.res[:], st.site[:], st.destroyed[:], st.n_homes[:],
                            st.n_destroyed[:], st.lincoln_revealed[:], score)
        return score

    def _storage(self, st: St, s: int) -> tuple[int, int, int]:
        """Seat ``s``'s storage of Gold, Wood and Cowboys (``st.storage``), remembered with
        the town it was last worked out for: it reads only the town's sites and standing
        buildings, which change far less often than an observation is asked for."""
        sites, standing = st.site[s * S : (s + 1) * S], st.bcount[s * K : (s + 1) * K]
        seen = self._storage_seen[s]
        if seen[0] == sites and seen[1] == standing:
            return seen[2]
        values = (st.storage(s, 0), st.storage(s, 1), st.storage(s, 3))
        self._storage_seen[s] = (sites, standing, values)
        return values


_ZEROS = [0] * K


def build(players: int, options: Any) -> WesternTownObservation:
    """The observation of a ``players``-seat game with ``options`` (``Ruleset.observation``)."""
    return WesternTownObservation(players, options)
