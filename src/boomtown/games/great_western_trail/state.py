"""The Great Western Trail position: plain lists of ints, cheap to clone and to save.

Per-seat card zones are count vectors over the card kinds (``actions.K``): the draw pile is a
multiset (its order is never stored: every draw is a chance outcome), the hand and discard pile
likewise. The rules that change the fields live in ``rules.py``, ``buildings.py`` and
``kansas_city.py``; scoring in ``scoring.py``; views in ``views.py``.
"""

from __future__ import annotations

import random
from typing import Any

from boomtown.engine.actions import CHANCE, TERMINAL, Prompt
from boomtown.engine.state import State
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

#: Every mutable field; each is an int or a (nested) list of ints / strings.
FIELDS = (
    "money", "hand", "draw", "discard", "known", "hidden_obj", "removed", "committed",
    "workers", "appointed", "cert", "cert_perm", "discs", "city_discs", "station_discs",
    "discless", "engine", "cattleman", "avail", "teepees", "hazards", "masters", "neutral_at",
    "side",
    "private_at", "hazard_rows", "teepee_slots", "jm", "token", "foresight", "stacks", "market",
    "market_deck", "obj_display", "obj_deck", "obj_box", "masters_at", "out_tiles",
    "bld_removed", "stack", "cur", "turn_seat", "end_trigger", "holder", "turns",
)

_ATTRIBUTE = {"cur": "current_player"}  # snapshot field -> attribute, where they differ

FLAT = (
    "money", "removed", "cert", "cert_perm", "discless", "engine", "cattleman", "neutral_at",
    "side",
    "private_at", "teepee_slots", "jm", "market", "market_deck", "obj_display", "obj_deck",
    "obj_box", "masters_at", "out_tiles", "bld_removed",
)
NESTED = (
    "hand", "draw", "discard", "known", "hidden_obj", "committed", "workers", "appointed",
    "discs", "city_discs", "station_discs", "avail", "teepees", "hazards", "masters",
    "hazard_rows", "foresight", "stacks", "stack",
)


def deep(x: Any) -> Any:
    if isinstance(x, list):
        return [deep(v) for v in x]
    return x


class GreatWesternTrailState(State):
    """A game of Great Western Trail. Build it with ``RULESET.new_game(players, seed, options)``."""

    _action_table = A.ACTIONS

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
        self.avail = [[1] * 10 for _ in range(n)]
        self.teepees = [[0, 0] for _ in range(n)]  # green, blue
        self.hazards: list[list[int]] = [[] for _ in range(n)]
        self.masters: list[list[int]] = [[] for _ in range(n)]
        self.neutral_at = [-1] * len(NEUTRAL_SPACES)
        self.side = [-1] * 10
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
        self.stack: list[list[Any]] = []
        self.current_player = CHANCE
        self.turn_seat = 0
        self.end_trigger = -1
        self.holder = -1
        self.turns = 0
        # What the machine computed for the decision on top (see ``rules.settle``), valid
        # until the position changes: cleared by apply, unshare (called before direct edits,
        # as by editable_copy), loading and ``rules.run``. Not part of the position.
        self.memo_legal: list[int] | None = None
        self.memo_dist: list[tuple[int, float]] | None = None
        _rules.setup(self)
        _rules.settle(self)

    # ------------------------------------------------------------ contract
    #: The seat to decide, CHANCE or TERMINAL: a plain attribute that ``rules.settle`` sets
    #: (read at every step, so no property; saved as ``cur`` in snapshots).
    current_player: int = CHANCE

    def _compute_legal_ids(self) -> list[int]:
        ids = self.memo_legal
        if ids is not None:
            self.memo_legal = None  # the kernel caches the answer from here on
        elif self.memo_dist is not None:
            ids = [aid for aid, _ in self.memo_dist]
        else:
            ids = _rules.legal(self)
        return sorted(set(ids))

    def _apply_id(self, aid: int) -> None:
        frame = self.stack[-1]
        _rules.CHOOSE[frame[0]](self, frame, aid)  # rules.choose, one call fewer
        _rules.settle(self)

    def _chance_distribution(self) -> list[tuple[int, float]]:
        dist = self.memo_dist
        if dist is None:
            dist = _rules.chance_distribution(self)
        return dist

    def _view(self, seat: int | None) -> dict[str, Any]:
        return _views.view(self, seat)

    def _prompt(self, seat: int | None) -> Prompt:
        return _presentation.prompt(self, seat)

    def _describe(self, aid: int) -> tuple[tuple[str, ...], str]:
        return _presentation.describe(self, aid)

    def returns(self) -> list[float]:
        if self.current_player != TERMINAL:
            return [0.0] * self.num_players
        return _scoring.returns(self)

    def score_breakdown(self) -> dict[str, Any]:
        return _scoring.breakdown(self)

    def unshare(self) -> None:
        # Code that edits fields directly calls this first (as editable_copy does): the
        # memos of the machine would not see the edits.
        self.memo_legal = self.memo_dist = None
        super().unshare()

    def _copy_into(self, other: State) -> None:
        d = other.__dict__
        for name in FLAT:
            d[name] = d[name][:]
        for name in NESTED:
            d[name] = list(map(list.copy, d[name]))

    def _determinize(self, seat: int, rng: random.Random) -> GreatWesternTrailState:
        return _hidden.determinize(self, seat, rng)

    def _to_dict(self) -> dict[str, Any]:
        d = self.__dict__
        out: dict[str, Any] = {name: d[name][:] for name in FLAT}
        for name in NESTED:
            out[name] = [x[:] for x in d[name]]
        for name in FIELDS:
            if name not in out:
                out[name] = d[_ATTRIBUTE.get(name, name)]
        return out

    def _from_dict(self, data: dict[str, Any]) -> None:
        self.memo_legal = self.memo_dist = None
        for name in FIELDS:
            value = data[name]
            attribute = _ATTRIBUTE.get(name, name)
            if isinstance(getattr(self, attribute), list) != isinstance(value, list):
                raise ValueError(f"field {name} has the wrong type")
            setattr(self, attribute, deep(value))
        if len(self.money) != self.num_players:
            raise ValueError("field money has the wrong size")

    def component_counts(self) -> dict[str, int]:
        return _rules.component_counts(self)

    # ------------------------------------------------------------ helpers
    def name(self, s: int) -> str:
        return SEAT_NAMES[s]


# The rule modules import this one; bind them once it is complete.
from boomtown.games.great_western_trail import hidden as _hidden  # noqa: E402
from boomtown.games.great_western_trail import presentation as _presentation  # noqa: E402
from boomtown.games.great_western_trail import rules as _rules  # noqa: E402
from boomtown.games.great_western_trail import scoring as _scoring  # noqa: E402
from boomtown.games.great_western_trail import views as _views  # noqa: E402
