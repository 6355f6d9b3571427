"""The Great Western Trail position: plain lists of ints, cheap to clone and to save.

Per-seat card zones are count vectors over the card kinds (``actions.K``): the draw pile is a
multiset (its order is never stored: every draw is a chance outcome), the hand and discard pile
likewise. The rules that change the fields live in ``rules.py``, ``buildings.py`` and
``kansas_city.py``, as steps of the kernel's decision machine (:data:`GWT`); scoring in
``scoring.py``; views in ``views.py``. The mutable fields are declared once
(:attr:`GreatWesternTrailState.FIELDS`): clones, snapshots and loading come from the
declaration.
"""

from __future__ import annotations

from typing import Any

from boomtown.engine.machine import Fields, Machine, MachineState, array, table, value
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    CITIES,
    DISC_ROWS,
    MASTER_STATIONS,
    NEUTRAL_SPACES,
    PRIVATE_SPACES,
    SETUP,
    STATIONS,
    TILE_KEYS,
)

K = A.K
NT = len(TILE_KEYS)
SEAT_NAMES = A.SEAT_NAMES

#: The private buildings of each player (numbered 1 to 10).
N_BUILDINGS = 10
#: The game's step vocabulary: ``rules.py``, ``buildings.py`` and ``kansas_city.py``
#: register their steps with it.
GWT = Machine("great-western-trail")


class GreatWesternTrailState(MachineState):
    """A game of Great Western Trail. Build it with ``RULESET.new_game(players, seed, options)``.

    What a seat cannot see (how another player's cards split between hand and draw pile,
    the objective cards drawn face down) is not a hidden field: the seat knows more than
    one pool (the cards known to be in a hand, the size of each hand), so the
    determinization is ``hidden.determinize``'s.
    """

    _action_table = A.ACTIONS
    MACHINE = GWT
    FIELDS = Fields(
        array("money", per_seat=1),
        table("hand", per_seat=1),  # hand[seat][kind]: a count of each card kind (actions.K)
        table("draw", per_seat=1),  # the draw pile, a multiset: every draw is a chance outcome
        table("discard", per_seat=1),
        table("known", per_seat=1),  # cards everybody knows to be in that hand
        table("hidden_obj", per_seat=1),  # objective cards drawn face down into that hand (6b)
        array("removed"),
        table("committed", per_seat=1),
        table("workers", per_seat=1),
        table("appointed", per_seat=1),
        array("cert", per_seat=1),
        array("cert_perm", per_seat=1),
        table("discs", per_seat=1),
        table("city_discs", per_seat=1),
        table("station_discs", per_seat=1),
        array("discless", per_seat=1),
        array("engine", per_seat=1),
        array("cattleman", per_seat=1),
        table("avail", per_seat=1),
        table("teepees", per_seat=1),
        table("hazards", per_seat=1),
        table("masters", per_seat=1),
        array("neutral_at"),
        array("side"),
        array("private_at"),
        table("hazard_rows"),
        array("teepee_slots"),
        array("jm"),
        value("token"),
        table("foresight"),
        table("stacks"),
        array("market"),
        array("market_deck"),
        array("obj_display"),
        array("obj_deck"),
        array("obj_box"),
        array("masters_at"),
        array("out_tiles"),
        array("bld_removed", per_seat=1),
        value("turn_seat"),
        value("end_trigger"),
        value("holder"),
        value("turns"),
    )

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        n = players
        self.money = [SETUP["money_by_seat"][s] for s in range(n)]
        self.hand = [[0] * K for _ in range(n)]
        self.draw = [[0] * K for _ in range(n)]
        self.discard = [[0] * K for _ in range(n)]
        self.known = [[0] * K for _ in range(n)]  # cards everybody knows to be in that hand
        # objective cards drawn face down from the objective deck into that hand (6b), still
        # there: others know how many, not which (see hidden.py)
        self.hidden_obj: list[list[int]] = [[] for _ in range(n)]
        self.removed = [0] * K
        self.committed: list[list[int]] = [[] for _ in range(n)]
        self.workers = [[1, 1, 1] for _ in range(n)]
        self.appointed = [[0, 0, 0] for _ in range(n)]
        self.cert = [0] * n  # index on the certificate track
        self.cert_perm = [0] * n
        self.discs = [[d.discs for d in DISC_ROWS] for _ in range(n)]
        self.city_discs = [[0] * len(CITIES) for _ in range(n)]
        self.station_discs = [[0] * len(STATIONS) for _ in range(n)]
        # deliveries counted in city_discs that placed no disc: every disc already sat on a
        # city (facts B1.4; rules.deliver_without_disc)
        self.discless = [0] * n
        self.engine = [0] * n
        self.cattleman = [-1] * n
        self.avail = [[1] * N_BUILDINGS for _ in range(n)]
        self.teepees = [[0, 0] for _ in range(n)]  # green, blue
        self.hazards: list[list[int]] = [[] for _ in range(n)]
        self.masters: list[list[int]] = [[] for _ in range(n)]
        self.neutral_at = [-1] * len(NEUTRAL_SPACES)
        self.side = [-1] * N_BUILDINGS
        self.private_at = [-1] * len(PRIVATE_SPACES)  # owner * 10 + (number - 1)
        self.hazard_rows = [[-1] * 4 for _ in range(3)]
        self.teepee_slots = [-1] * 9
        self.jm = [-1] * (A.JM_ROWS * A.JM_COLS)
        self.token = 1
        self.foresight = [[-1, -1] for _ in range(3)]
        self.stacks = [[0] * NT for _ in range(3)]
        self.market = [0] * A.NC
        self.market_deck = [0] * A.NC
        self.obj_display: list[int] = []
        self.obj_deck: list[int] = []
        self.obj_box: list[int] = []
        # one entry per station-master space (data.MASTER_STATIONS), not per station
        self.masters_at = [-1] * len(MASTER_STATIONS)
        self.out_tiles = [0] * NT
        self.bld_removed = [0] * n
        self.turn_seat = 0
        self.end_trigger = -1
        self.holder = -1
        self.turns = 0
        self.start(*_rules.setup(self))

    # ------------------------------------------------------------ contract
    def _compute_legal_ids(self) -> list[int]:
        """The step's legal ids, sorted and each once (a step lists them as its rule finds
        them)."""
        ids = self.settled_legal
        if ids is not None:
            self.settled_legal = None  # the kernel caches the answer from here on
        else:
            ids = self.stack[-1].legal(self)
        return sorted(set(ids))

    def component_counts(self) -> dict[str, int]:
        return _rules.component_counts(self)

    # ------------------------------------------------------------ helpers
    def name(self, s: int) -> str:
        return SEAT_NAMES[s]


# The rule modules import this one for its constants, so they are imported once it is
# complete; as they load, their steps and answers register with the machine.
from boomtown.games.great_western_trail import hidden, presentation, scoring, views  # noqa: E402, F401
from boomtown.games.great_western_trail import rules as _rules  # noqa: E402
