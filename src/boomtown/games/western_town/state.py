"""The Western Town position: plain lists of ints, cheap to clone and to save.

Per-seat fields are flat lists: ``zones[(seat * NZ + zone) * K + kind]`` counts the cards of
one kind in one zone, ``res[seat * NR + r]`` a resource, ``site[seat * S + i]`` the
building on a board site. The rules that change them live in ``rules.py``,
``effects.py`` and ``raids.py``, as steps of the kernel's decision machine (:data:`WT`);
scoring in ``scoring.py``. The mutable fields are declared once
(:attr:`WesternTownState.FIELDS`): clones, snapshots and loading come from the declaration.
"""

from __future__ import annotations

from functools import cache
from operator import getitem
from typing import Any

from boomtown.engine.errors import BadOptions
from boomtown.engine.machine import Fields, Machine, MachineState, array, table, value
from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA, RES_INDEX, RESOURCES

K, S = A.K, A.S
KINDS = tuple(range(K))  # every card kind (a tuple: itertools.compress reads it fastest)
NR = len(RESOURCES)
G, W, I, C, P, L, X = range(NR)
#: A seat's card zones, in the order of ``zones``' blocks.
NZ = 6
HAND, INACTIVE, UP, DOWN, HDOWN, OFF = range(NZ)
ZONE_NAMES = ("hand", "inactive", "table_up", "table_down", "face_down_unknown", "off_board")
SEAT_COLOURS = ("yellow", "red", "blue", "black")
SEAT_NAMES = tuple(f"seat {s} ({c})" for s, c in enumerate(SEAT_COLOURS))
ZEROS_K = [0] * len(DATA.cards)
HOMESTEAD = A.KIND["homestead"]
EMPTY = -1  # the kind on an empty site
PRINTED = [A.KIND[s.printed] if s.printed else -1 for s in DATA.sites]
ZONE4 = [s.zone4 for s in DATA.sites]

#: Per-seat values derived from the town (sites, destroyed markers, Lincoln Homes), read by
#: hot paths. Never saved: _from_dict recounts them. The town methods of the state keep
#: them up to date (build_on, set_destroyed, add_lincoln_home, start_town); code that edits
#: the town fields directly calls recount_town; derived_errors checks them.
DERIVED_FIELDS = ("n_homes", "n_pink", "hand_limit", "n_destroyed")

#: The game's step vocabulary: ``rules.py``, ``effects.py`` and ``raids.py`` register their
#: steps with it.
WT = Machine("western-town")
#: Builds a step from a tuple of its fields without the ``NamedTuple`` constructor's Python
#: call (about a tenth of its cost): ``new_step(Steps, (s, lid, i, ctx, chain))``. For the
#: steps built on hot paths; the others are built by their constructor.
new_step = tuple.__new__


class WesternTownState(MachineState):
    """A game of Western Town. Build it with ``RULESET.new_game(players, seed, options)``.

    What a seat cannot see (how the others' cards split between hand, inactive pile and
    face-down cards) is worked out from what it saw, so the determinization is the game's
    own (:mod:`hidden`), not the declaration's default.
    """

    _action_table = A.ACTIONS
    MACHINE = WT
    FIELDS = Fields(
        array("res", per_seat=NR),  # res[seat * NR + r]
        array("zones", per_seat=NZ * K),  # zones[(seat * NZ + zone) * K + kind]
        array("avail", per_seat=K),  # avail[seat * K + kind]: 1 while constructible
        array("site", per_seat=S),  # site[seat * S + i]: the building's kind, or EMPTY
        array("destroyed", per_seat=S),  # destroyed[seat * S + i]: 1 under a destroyed marker
        array("bcount", per_seat=K),  # bcount[seat * K + kind]: undestroyed buildings of the kind
        array("known", per_pair=K),  # known[(viewer * n + seat) * K + kind]: seen in seat's hand
        array("hs_tiles"),
        array("home_card"),
        array("lincoln_homes"),
        array("played"),
        array("passed"),
        array("pending"),  # the card chosen face down, until revealed (-1: none)
        array("pending_fd"),  # 1: that card is played face down without effect
        array("start_card"),
        array("lm"),  # each group's lead marshal
        array("gm"),  # each group's grand manitou
        array("camp"),  # camp[group * 3 + j]: red, orange Indians, Peace pipes
        array("first_pass"),
        array("lincoln_left"),
        array("lincoln_revealed"),
        table("lincoln_won"),  # [seat, Lincoln card] of each visit
        array("start_left"),
        table("stock"),  # stock[group * 2 + pool]: the star buildings left to draw
        *(array(name, saved=False) for name in DERIVED_FIELDS),
        value("round"),
        value("lincoln_current"),
        value("raided"),  # 1 once the camp attacked in this turn (later rolls forgotten)
    )

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        n = players
        if options.double_duel and n != 4:
            raise BadOptions("double duel is a four-player mode")
        (
            self.groups, self.seat_group, self.sorted_neighbours, self.known_rows,
            self.seats_after,
        ) = _seating(n, options.double_duel)
        self.rounds = 4 if options.short_game else DATA.setup.lincoln_rounds + 1
        ng = len(self.groups)
        self.res = [0] * (n * NR)
        self.zones = [0] * (n * NZ * K)
        self.avail = [0] * (n * K)
        self.site = [-1] * (n * S)
        self.destroyed = [0] * (n * S)
        self.bcount = [0] * (n * K)
        self.known = [0] * (n * n * K)
        self.hs_tiles = [0] * n
        self.home_card = [1] * n
        self.lincoln_homes = [0] * n
        self.played = [0] * n
        self.passed = [0] * n
        self.pending = [-1] * n
        self.pending_fd = [0] * n
        self.start_card = [-1] * n
        self.lm = [-1] * ng
        self.gm = [-1] * ng
        self.camp = [0] * (ng * 3)
        self.first_pass = [0] * ng
        self.stock: list[list[int]] = [[] for _ in range(ng * 2)]
        self.lincoln_left = list(_WISH_CARDS)
        self.lincoln_revealed: list[int] = []
        self.lincoln_won: list[list[int]] = []
        self.start_left = list(_START_CARDS)
        self.n_homes = [0] * n  # derived: see DERIVED_FIELDS and recount_town
        self.n_pink = [0] * n
        self.hand_limit = [0] * n
        self.n_destroyed = [0] * n
        #: Destroyed markers lower the Homes a construction needs (option
        #: ``destroyed_marker_homes = "always"``); they always do at final scoring.
        self.marker_homes_in_play = options.destroyed_marker_homes == "always"
        self.round = 0
        self.lincoln_current = -1
        self.raided = 0
        self.start(_rules.SETUP_STEP)

    # ------------------------------------------------------------ contract
    def _from_dict(self, data: dict[str, Any]) -> None:
        """The declared fields (:meth:`Fields.from_dict` checks their shapes and sizes); the
        derived values are recounted."""
        super()._from_dict(data)
        for s in range(self.num_players):
            self.recount_town(s)

    def component_counts(self) -> dict[str, int]:
        n = self.num_players
        out: dict[str, int] = {}
        for s in range(n):
            base = s * NZ * K
            out[f"cards:seat{s}"] = sum(self.zones[base : base + NZ * K]) + (
                1 if self.pending[s] >= 0 else 0
            )
            built = sum(1 for i in A.SPACES if self.site[s * S + i] >= 0)
            stock = self.stock[self.seat_group[s] * 2] + self.stock[self.seat_group[s] * 2 + 1]
            out[f"tiles:seat{s}"] = (
                built + self.hs_tiles[s] + sum(self.avail[s * K : (s + 1) * K]) + len(stock)
            )
        # the 7 wish cards are unseen or revealed; the "5" card is always one more
        out["lincoln"] = len(self.lincoln_left) + len(self.lincoln_revealed) + 1
        out["western_town_cards"] = len(self.start_left) + sum(
            1 for s in range(n) if self.start_card[s] >= 0
        )
        return out

    # ------------------------------------------------------------ helpers
    def r(self, s: int, res: int) -> int:
        return self.res[s * NR + res]

    def z(self, s: int, zone: int, k: int) -> int:
        return self.zones[(s * NZ + zone) * K + k]

    def zone_list(self, s: int, zone: int) -> list[int]:
        base = (s * NZ + zone) * K
        return self.zones[base : base + K]

    def move(self, s: int, src: int, dst: int, k: int) -> None:
        base = s * NZ * K
        self.zones[base + src * K + k] -= 1
        self.zones[base + dst * K + k] += 1

    def group_of(self, s: int) -> int:
        return self.seat_group[s]

    def order_from(self, g: int, first: int) -> list[int]:
        """The group's seats clockwise starting at ``first``."""
        return list(_clockwise(self.groups[g], first))

    def neighbours(self, s: int) -> list[int]:
        """The seats beside ``s`` in its group, in seat order."""
        return list(self.sorted_neighbours[s])

    def right_of(self, s: int) -> int:
        seats = self.groups[self.seat_group[s]]
        return seats[(seats.index(s) - 1) % len(seats)]

    def name(self, s: int) -> str:
        return SEAT_NAMES[s]

    def gain(self, s: int, res: int, n: int) -> int:
        """Add ``n`` of a resource (Lure only while Peace pipes remain); returns the amount."""
        base = s * NR
        if res == L:
            n = min(n, self.res[base + P])
            self.res[base + P] -= n
        self.res[base + res] += n
        return n

    def lose(self, s: int, res: int, n: int) -> int:
        """Remove up to ``n`` of a resource (a lost Lure goes back to the Peace pipes)."""
        base = s * NR
        n = min(n, self.res[base + res])
        self.res[base + res] -= n
        if res == L:
            self.res[base + P] += n
        return n

    def can_pay(self, s: int, pay: tuple[tuple[str, int], ...]) -> bool:
        res, base = self.res, s * NR
        for r, n in pay:  # noqa: SIM110 (a hot path: faster than all() over a generator)
            if res[base + RES_INDEX[r]] < n:
                return False
        return True

    def pay(self, s: int, pay: tuple[tuple[str, int], ...]) -> None:
        for r, n in pay:
            self.lose(s, RES_INDEX[r], n)

    def gain_all(self, s: int, gain: tuple[tuple[str, int], ...]) -> None:
        for r, n in gain:
            self.gain(s, RES_INDEX[r], n)

    def has_building(self, s: int, k: int) -> bool:
        """An undestroyed building of kind ``k`` stands in the town."""
        return self.bcount[s * K + k] > 0

    def homes(self, s: int) -> int:
        """Homes as final scoring ranks them: every Home icon of the town's buildings and
        the bonus Homes, minus one per destroyed marker (rulebook, end of the game)."""
        return self.n_homes[s] - self.n_destroyed[s] * DESTROYED_HOME_PENALTY

    def construction_homes(self, s: int) -> int:
        """Homes as a construction's minimum counts them: the icons and bonus Homes, and
        minus the destroyed markers only with ``destroyed_marker_homes = "always"``."""
        if self.marker_homes_in_play:
            return self.homes(s)
        return self.n_homes[s]

    def pink_homes(self, s: int) -> int:
        """Pink Home icons on the town's buildings (bonus Homes are never pink, U20)."""
        return self.n_pink[s]

    # The town changes only through the methods below (or is recounted after it was edited
    # by other means): they keep the derived values (DERIVED_FIELDS) up to date.
    def build_on(self, s: int, x: int, k: int) -> None:
        """Stand a building of kind ``k`` on seat ``s``'s empty site ``x``."""
        self.site[s * S + x] = k
        self.bcount[s * K + k] += 1
        self.n_homes[s] += _HOMES_AT[x][k]
        self.n_pink[s] += _PINK_AT[x][k]
        self.hand_limit[s] = _hand_limit(self.site[s * S + A.FIRST_SPACE : (s + 1) * S])

    def set_destroyed(self, s: int, x: int, marker: int) -> None:
        """Put (1) or remove (0) a destroyed marker on seat ``s``'s building on site ``x``."""
        i = s * S + x
        change = marker - self.destroyed[i]
        self.destroyed[i] = marker
        self.bcount[s * K + self.site[i]] -= change
        self.n_destroyed[s] += change

    def add_lincoln_home(self, s: int) -> None:
        """Lincoln's visit: one more Home for seat ``s``."""
        self.lincoln_homes[s] += 1
        self.n_homes[s] += 1

    def start_town(self, s: int) -> None:
        """Seat ``s``'s town at set-up: the printed buildings, nothing destroyed."""
        self.site[s * S : (s + 1) * S] = PRINTED
        self.bcount[s * K : (s + 1) * K] = _PRINTED_BCOUNT
        self._set_derived(s, _PRINTED_TOWN)

    def recount_town(self, s: int) -> None:
        """Bring seat ``s``'s derived values (``DERIVED_FIELDS``) up to date after its sites,
        destroyed markers or Lincoln Homes were set by other means than the methods above."""
        self._set_derived(s, self._recount(s))

    def _set_derived(self, s: int, values: tuple[int, int, int, int]) -> None:
        # the fields of DERIVED_FIELDS, in that order
        self.n_homes[s], self.n_pink[s], self.hand_limit[s], self.n_destroyed[s] = values

    def _recount(self, s: int) -> tuple[int, int, int, int]:
        base = s * S
        return _town_values(
            self.site[base : base + S], self.destroyed[base : base + S], self.lincoln_homes[s]
        )

    def derived_errors(self) -> list[str]:
        """The derived values that differ from a recount (a debugging check: always [])."""
        return [
            f"seat {s}: {name} is {getattr(self, name)[s]}, not {value}"
            for s in range(self.num_players)
            for name, value in zip(DERIVED_FIELDS, self._recount(s), strict=True)
            if getattr(self, name)[s] != value
        ]

    def storage(self, s: int, res: int) -> int:
        """Seat ``s``'s storage limit of resource index ``res``: the town's base, every
        tile's storage (kept while destroyed: "a destroyed building does not lose any
        resources that are stored there"), and the storage of standing green buildings
        (a destroyed one "loses the permanent effect until it is removed")."""
        base = s * S
        sites = self.site[base + A.FIRST_SPACE : base + S]
        limit = STORAGE_BASE[res] + sum(map(_STORAGE_BONUS[res].__getitem__, sites))
        for k, n in _CONSTANT_STORAGE[res]:
            limit += n * self.bcount[s * K + k]  # bcount: undestroyed buildings only
        return limit

    def pipes_for_raid(self, s: int) -> int:
        """Peace pipes as compared for a red raid: a standing blacksmith counts one more."""
        total = self.r(s, P)
        for k in _PIPE_BONUS:
            if self.has_building(s, k):
                total += _PIPE_BONUS[k]
        return total


Seating = tuple[
    tuple[tuple[int, ...], ...],  # groups: the seats playing together (two in a double duel)
    tuple[int, ...],  # seat_group: each seat's group
    tuple[tuple[int, ...], ...],  # sorted_neighbours: each seat's neighbours in seat order
    tuple[tuple[int, ...], ...],  # known_rows[s]: where the others' knowledge of s's hand starts
    tuple[tuple[int, ...], ...],  # seats_after[s]: its group's seats clockwise after s, then s
]


@cache
def _seating(n: int, double_duel: bool) -> Seating:
    """The fixed seat tables of a game (read by hot paths; the same for every such game)."""
    groups = ((0, 1), (2, 3)) if double_duel else (tuple(range(n)),)
    seat_group = tuple(gi for gi, grp in enumerate(groups) for _ in grp)
    neighbours, after = [], []
    for s in range(n):
        others = _clockwise(groups[seat_group[s]], s)[1:]
        neighbours.append(tuple(sorted({others[0], others[-1]})) if others else ())
        after.append((*others, s))
    known_rows = tuple(tuple((v * n + s) * K for v in range(n) if v != s) for s in range(n))
    return groups, seat_group, tuple(neighbours), known_rows, tuple(after)


def _clockwise(seats: tuple[int, ...], first: int) -> tuple[int, ...]:
    """``seats`` (a group, in seat order) clockwise starting at ``first``."""
    i = seats.index(first)
    return seats[i:] + seats[:i]


def _town_values(
    sites: list[int], destroyed: list[int], lincoln_homes: int
) -> tuple[int, int, int, int]:
    """A town's Homes (icons and bonuses; destroyed markers not deducted), pink Homes, hand
    size limit and destroyed markers (the values of ``DERIVED_FIELDS``), from its sites,
    destroyed markers and Lincoln Homes.

    The per-site tables are read with map(getitem, table, sites): no Python loop.
    """
    homes = lincoln_homes + sum(map(getitem, _HOMES_AT, sites))
    pink = sum(map(getitem, _PINK_AT, sites))
    return homes, pink, _hand_limit(sites[A.FIRST_SPACE :]), sum(destroyed)


_SPACE_NUMBERS = [DATA.sites[i].number or 0 for i in A.SPACES]
_NUMBERS_IN_ORDER = sorted(_SPACE_NUMBERS) == _SPACE_NUMBERS


def _hand_limit(spaces: list[int]) -> int:
    """The lowest number among the empty spaces of the town (or the full-town size)."""
    if EMPTY not in spaces:
        return DATA.setup.hand_size_when_full
    if _NUMBERS_IN_ORDER:  # the board lists its spaces by number: the first empty one
        return _SPACE_NUMBERS[spaces.index(EMPTY)]
    return min(n for n, k in zip(_SPACE_NUMBERS, spaces, strict=True) if k == EMPTY)


def _homes_table(colour: str) -> list[tuple[int, int]]:
    out = []
    for card in DATA.cards:
        printed = card.homes_pink if colour == "pink" else card.homes_pink + card.homes_black
        if card.tile is not None:
            t = card.tile
            tiled = t.homes_pink if colour == "pink" else t.homes_pink + t.homes_black
        else:
            tiled = printed
        out.append((printed, tiled))
    return out


_HOMES = _homes_table("all")
# _HOMES_AT[i][k]: Homes a building of kind k gives on site i, the +1-Home space included;
# one more entry, 0, at the end: an empty site (kind EMPTY = -1) reads it.
_HOMES_AT = [
    [_HOMES[k][i >= A.FIRST_SPACE] + (1 if DATA.sites[i].extra_home else 0) for k in range(K)]
    + [0]
    for i in range(S)
]
_PINK = _homes_table("pink")
# _PINK_AT[i][k]: pink Homes a building of kind k shows on site i (0 at the end, as above)
_PINK_AT = [[_PINK[k][i >= A.FIRST_SPACE] for k in range(K)] + [0] for i in range(S)]
# Storage limits by resource index (0 where there is none), and _STORAGE_BONUS[r][k]:
# the extra storage of a tile of kind k (0 at the end, for an empty site, as above)
STORAGE_BASE = [DATA.setup.storage.get(r, 0) for r in RESOURCES]
_STORAGE_BONUS = [
    [card.tile.storage.get(r, 0) if card.tile is not None else 0 for card in DATA.cards] + [0]
    for r in RESOURCES
]
#: _CONSTANT_STORAGE[r]: (kind, extra storage) of the green buildings whose constant effect
#: raises the limit of resource index r (only while they stand undestroyed).
_CONSTANT_STORAGE = [
    [
        (card.index, int(card.tile.constant["storage"][r]))
        for card in DATA.cards
        if card.tile is not None and r in card.tile.constant.get("storage", {})
    ]
    for r in RESOURCES
]
DESTROYED_HOME_PENALTY = DATA.setup.destroyed_home_penalty
_PIPE_BONUS = {
    c.index: int(c.tile.constant["pipe_bonus"])
    for c in DATA.cards
    if c.tile is not None and "pipe_bonus" in c.tile.constant
}


_WISH_CARDS = tuple(lc.index for lc in DATA.lincoln if not lc.five)
_START_CARDS = tuple(sc.index for sc in DATA.start_cards)
_PRINTED_BCOUNT = [PRINTED.count(k) for k in range(K)]
_PRINTED_TOWN = _town_values(PRINTED, [0] * S, 0)  # the derived values of a starting town


# The rule modules import this one for its constants, so they are imported once it is
# complete; as they load, their steps and answers register with the machine.
from boomtown.games.western_town import hidden, presentation, scoring, views  # noqa: E402, F401
from boomtown.games.western_town import rules as _rules  # noqa: E402
