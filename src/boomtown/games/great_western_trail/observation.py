"""Great Western Trail's fixed observation for learning code (``Ruleset.observation``).

The layout is fixed for a player count: every slot is named (``names``) and documented by
block (``blocks``); ``version`` changes whenever a slot's meaning does. Counts come first,
each divided by a bound and capped at 1; then 0/1 flags (one-hot choices). Seats are
*relative to the observer*: "seat+0" is the observing seat, "seat+1" the next seat in seat
order, and so on (seat 0's order for the spectator). A seat named as a value (a building's
owner, whose turn it is) is one-hot over the relative seats, with one more slot for "none".

What it reads is what ``view(seat)`` shows and nothing more: every player board (money,
workers, certificates, disc rows, deliveries, stations, buildings left, teepees, hazards,
station masters, objectives played, the discard pile, hand and draw-pile sizes, the cards
everybody knows to be in a hand, the cattleman's space, the engine), the trail (neutral and
private buildings, hazards, teepees), the job market, Kansas City's foresight and supply, the
cattle market, the objective display, the station masters, the turn and the decision's kind;
the observer's own hand and draw-pile contents. The view shows no score before the end (it
would need the hidden objective cards), and neither does this.

>>> from boomtown import new_game
>>> import numpy as np
>>> obs = build(2, None)
>>> out = np.zeros(obs.size, dtype=np.float32)
>>> obs.encode(new_game("great-western-trail", 2, seed=1), 0, out)
>>> bool(((0 <= out) & (out <= 1)).all()), len(obs.names) == obs.size
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boomtown.engine.observation_layout import SlotLayout, SlotObservation, seat_labels
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    CITIES,
    DISC_ROWS,
    HAZARD_TYPES,
    LAST_SPACE,
    MASTER_STATIONS,
    MASTERS,
    NEUTRAL_SPACES,
    OBJECTIVES,
    PRIVATE_SPACES,
    SETUP,
    SPACES,
    STATIONS,
    TILE_KEYS,
    WORKERS,
)

if TYPE_CHECKING:
    from boomtown.games.great_western_trail.state import GreatWesternTrailState as St

#: Bumped whenever a slot changes meaning.
VERSION = 1
#: Bounds of the final points (money, buildings, cities, stations, hazards, cattle,
#: objectives, station masters, workers, discs, the job-market token).
POINTS_RANGE = (-80.0, 250.0)
K, NC, NT = A.K, A.NC, len(TILE_KEYS)
MONEY = 60  # money reads 1 at or above this
ENGINE = 2 * LAST_SPACE + 2  # engine positions on the railroad
PER_KIND = 6  # cards of one kind in one pile


def _key(name: str) -> str:
    return name.lower().replace(" ", "_").replace("(", "").replace(")", "")


class GreatWesternTrailObservation(SlotObservation):
    """The observation of one player count (build it with :func:`build`)."""

    version = VERSION
    perfect_information = False
    points_range = POINTS_RANGE

    def __init__(self, players: int, options: Any) -> None:
        # the rule modules are bound once the state module is complete (see state.py)
        from boomtown.games.great_western_trail import rules, scoring

        super().__init__(players)
        np = self.np
        self._rules, self._scoring = rules, scoring
        n = players
        rel = seat_labels(n)
        cards = [_key(c) for c in A.CARD_NAMES]
        cattle = cards[:NC]
        tiles = [*TILE_KEYS, "empty"]
        # the kinds of step a decision is taken in (``rules.DECISION_NAMES``), in a fixed order
        frames = tuple(sorted(set(rules.DECISION_NAMES.values())))
        s = SlotLayout()
        # counts (scaled by their bound)
        s.add("money", rel, f"each seat's money (reads 1 at ${MONEY})", MONEY)
        s.add("engine", rel, "each seat's engine position on the railroad", ENGINE)
        s.add("workers", [f"{r},{w}" for r in rel for w in WORKERS],
              "each seat's workers of each kind", SETUP["workers_max"])
        s.add("station_master_workers", [f"{r},{w}" for r in rel for w in WORKERS],
              "each seat's workers given by station masters", 2)
        s.add("certificates", [f"{r},{k}" for r in rel for k in ("value", "limit", "permanent")],
              "each seat's certificates: value, limit, permanent ones", 6)
        s.add("disc_spaces", [f"{r},{d.key}" for r in rel for d in DISC_ROWS],
              "each seat's discs left in each row of its player board", 2)
        s.add("city_discs", [f"{r},{c.key}" for r in rel for c in CITIES],
              "each seat's deliveries to each city", 8)
        s.add("station_discs", [f"{r},{i}" for r in rel for i in range(len(STATIONS))],
              "each seat's discs on each station", 1)
        s.add("buildings_available", [f"{r},{b + 1}" for r in rel for b in range(10)],
              "each seat's private buildings still in its supply (0/1)", 1)
        s.add("teepees", [f"{r},{k}" for r in rel for k in ("green", "blue")],
              "each seat's teepees", 6)
        s.add("hazards", [f"{r},{h}" for r in rel for h in TILE_KEYS[5:]],
              "each seat's hazards of each kind", 3)
        s.add("station_masters", [f"{r},{m.key}" for r in rel for m in MASTERS],
              "the station masters each seat holds (0/1)", 1)
        s.add("objectives_played", [f"{r},{o.key}" for r in rel for o in OBJECTIVES],
              "the objective cards each seat has played", 1)
        s.add("hand", [f"{r},{k}" for r in rel for k in
                       ("hand_size", "hand_limit", "step_limit", "hidden_objectives",
                        "deliveries_without_disc")],
              "each seat's hand size, hand limit, step limit, objective cards drawn face "
              "down into its hand, deliveries that placed no disc", 8)
        s.add("draw_pile", rel, "how many cards each seat's draw pile holds", 30)
        s.add("discard_pile", [f"{r},{c}" for r in rel for c in cards],
              "each seat's discard pile, by card", PER_KIND)
        s.add("known_in_hand", [f"{r},{c}" for r in rel for c in cards],
              "the cards everybody knows to be in each seat's hand", PER_KIND)
        s.add("own_hand", cards, "the observer's hand, by card (its own seat only)", PER_KIND)
        s.add("own_draw_pile", cards, "the observer's draw pile, by card", PER_KIND)
        s.add("supply_stacks", ["1", "2", "3"], "tiles left in Kansas City's supply stacks",
              30)
        s.add("cattle_market", cattle, "the cattle market, by card", 8)
        s.add("decks", ["cattle", "objectives"], "cards left in the cattle and objective decks",
              40)
        s.add("objective_display", [o.key for o in OBJECTIVES],
              "the objective cards on display (0/1)", 1)
        s.add("job_market_token_row", ["row"], "the job-market token's row", A.JM_ROWS)
        s.end_counts()
        # flags (0/1)
        self.f_cattleman = s.add("cattleman", [f"{r},{key}" for r in rel
                                               for key in [*(sp.key for sp in SPACES), "none"]],
                                 "each seat's cattleman's space (one-hot)")
        self.f_neutral = s.add("neutral_building",
                               [f"{i},{b}" for i in range(len(NEUTRAL_SPACES))
                                for b in [*(chr(ord("A") + j) for j in
                                            range(len(NEUTRAL_SPACES))), "none"]],
                               "the neutral building on each neutral space (one-hot)")
        self.f_private_owner = s.add("private_owner",
                                     [f"{i},{o}" for i in range(len(PRIVATE_SPACES))
                                      for o in [*rel, "none"]],
                                     "the owner of the private building on each space")
        self.f_private_number = s.add("private_number",
                                      [f"{i},{b}" for i in range(len(PRIVATE_SPACES))
                                       for b in [*(str(j + 1) for j in range(10)), "none"]],
                                      "the number of the private building on each space")
        self.f_side = s.add("building_side", [f"{b + 1},{k}" for b in range(10)
                                              for k in ("none", "a", "b")],
                            "the side in play of each private building")
        places = ([f"hazard_{h}_{i}" for h in HAZARD_TYPES for i in range(4)]
                  + [f"teepee_{i}" for i in range(9)]
                  + [f"job_market_{i}" for i in range(A.JM_ROWS * A.JM_COLS)]
                  + [f"foresight_{c}_{r}" for c in range(3) for r in range(2)])
        self.f_tiles = s.add("tile", [f"{p},{t}" for p in places for t in tiles],
                             "the tile on each hazard, teepee, job-market and foresight space "
                             "(one-hot)")
        self.f_masters = s.add("station_master_tile",
                               [f"{station},{m}" for station in MASTER_STATIONS
                                for m in [*(m.key for m in MASTERS), "none"]],
                               "the station master still on each station (one-hot)")
        self.f_turn = s.add("turn", rel, "whose turn it is")
        self.f_end = s.add("end_triggered_by", [*rel, "none"], "who triggered the game's end")
        self.f_holder = s.add("job_market_token_holder", [*rel, "none"],
                              "who holds the job-market token")
        self.add_decision(s, frames, rules.DECISION_NAMES)
        self.finish(s)
        self._tile_slots = self.f_tiles + np.arange(len(places)) * (NT + 1)
        self._cattleman_slots = self.f_cattleman + np.arange(n) * (len(SPACES) + 1)

    def points(self, st: St) -> list[float]:
        """Every seat's points (final once the game is over)."""
        return [float(v) for v in self._scoring.breakdown(st)["totals"]]

    def encode(self, st: St, seat: int | None, out: Any) -> None:
        n = self.players
        R = self._rules
        me = 0 if seat is None else seat
        rel = self._rel[me]
        seats = [(me + i) % n for i in range(n)]
        raw: list[int] = st.money[me:] + st.money[:me]
        raw += st.engine[me:] + st.engine[:me]
        for s in seats:
            raw += st.workers[s]
        for s in seats:
            raw += st.appointed[s]
        for s in seats:
            raw += (R.cert_value(st, s), R.TRACK[R.cert_limit_index(st, s)], st.cert_perm[s])
        for field in (st.discs, st.city_discs, st.station_discs, st.avail, st.teepees):
            for s in seats:
                raw += field[s]
        for s in seats:
            owned = [0] * (NT - 5)
            for t in st.hazards[s]:
                owned[t - 5] += 1
            raw += owned
        for s in seats:
            masters = st.masters[s]
            raw += [1 if m.index in masters else 0 for m in MASTERS]
        for s in seats:
            played = [0] * len(OBJECTIVES)
            for o in st.committed[s]:
                played[o] += 1
            raw += played
        for s in seats:
            raw += (sum(st.hand[s]), R.hand_limit(st, s), R.step_limit(st, s),
                    len(st.hidden_obj[s]), st.discless[s])
        raw += [sum(st.draw[s]) for s in seats]
        for s in seats:
            raw += st.discard[s]
        for s in seats:
            raw += st.known[s]
        if seat is None:
            raw += _ZEROS * 2
        else:
            raw += st.hand[seat]
            raw += st.draw[seat]
        raw += [sum(x) for x in st.stacks]
        raw += st.market
        raw += (sum(st.market_deck), len(st.obj_deck))
        display = [0] * len(OBJECTIVES)
        for o in st.obj_display:
            display[o] = 1
        raw += display
        raw.append(st.token)

        hot: list[int] = []
        nn = len(NEUTRAL_SPACES) + 1
        for i, b in enumerate(st.neutral_at):
            hot.append(self.f_neutral + i * nn + (b if b >= 0 else nn - 1))
        for i, code in enumerate(st.private_at):
            if code >= 0:
                owner, number = divmod(code, 10)
                hot.append(self.f_private_owner + i * (n + 1) + rel[owner])
                hot.append(self.f_private_number + i * 11 + number)
            else:
                hot.append(self.f_private_owner + i * (n + 1) + n)
                hot.append(self.f_private_number + i * 11 + 10)
        nm = len(MASTERS) + 1
        for i, m in enumerate(st.masters_at):
            hot.append(self.f_masters + i * nm + (m if m >= 0 else nm - 1))
        for b, side in enumerate(st.side):
            hot.append(self.f_side + b * 3 + side + 1)
        hot.append(self.f_turn + rel[st.turn_seat])
        for f, who in ((self.f_end, st.end_trigger), (self.f_holder, st.holder)):
            hot.append(f + (rel[who] if who >= 0 else n))
        self.decision_slots(st, rel, hot)
        self.write(out, raw, hot)
        np = self.np
        places = st.hazard_rows[0] + st.hazard_rows[1] + st.hazard_rows[2] + st.teepee_slots
        places += st.jm
        for column in st.foresight:
            places += column
        kinds = np.array(places)
        kinds %= NT + 1  # an empty space (-1) reads the last slot
        out[self._tile_slots + kinds] = 1.0
        spaces = np.array([st.cattleman[s] for s in seats])
        spaces %= len(SPACES) + 1
        out[self._cattleman_slots + spaces] = 1.0


_ZEROS = [0] * K


def build(players: int, options: Any) -> GreatWesternTrailObservation:
    """The observation of a ``players``-seat game with ``options`` (``Ruleset.observation``)."""
    return GreatWesternTrailObservation(players, options)
