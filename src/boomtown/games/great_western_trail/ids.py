"""Board ids of Great Western Trail: how views, prompts and described actions name things.

An id is ``kind:key`` with the data file's key (see :mod:`boomtown.engine.catalogue`); a thing
that exists in several places carries its place after ``@``:

=====================  ==========================================================
``space:KEY``          a trail space (``space:A-1``, ``space:KC``)
``building:L``         a neutral building (``building:A`` .. ``building:G``)
``building:Nx@S``      seat S's private building N on side x (``building:8b@3``)
``cattle:KEY@P``       a cattle card kind in place P (``cattle:jersey@hand``)
``objective:KEY@P``    an objective card in place P (``objective:m1@display``)
``tile:KEY@P``         a worker, teepee or hazard tile in place P
``worker:KIND@S``      seat S's row of cowboys, craftsmen or engineers
``disc-row:KEY@S``     a row of disc spaces on seat S's player board
``city:KEY``           a delivery city; ``station:N`` a station (1-10)
``rail:N``             railroad track space N (0-39)
``station-master:KEY`` a station master tile (one of each exists: no place)
=====================  ==========================================================

Card places: ``hand`` (the viewer's own hand), ``hand.S`` (cards known to be in seat S's
hand), ``draw`` (the viewer's own draw pile), ``discard.S``, ``market`` (the cattle market),
``display`` (the objective display), ``played.S`` (seat S's objective area). Tile places:
``foresight.C.R`` (column C, row R), ``job-market.R.C``, ``hazard.ROW.N``, ``teepee.N`` (the
N-th teepee space, in the data's value order) and ``S`` (owned by seat S). Places that are
not catalogued: ``seat:S``, ``job-market:R.C``, ``deck:cattle``, ``deck:objectives``.

>>> card_id(0, HAND), engine_at(2 * 4 + 1), private_id(3, 8, 1)
('cattle:jersey@hand', 'station:1', 'building:8b@3')
"""

from __future__ import annotations

from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail.data import (
    CATTLE,
    CITIES,
    DISC_ROWS,
    HAZARD_TYPES,
    LAST_SPACE,
    MASTERS,
    NEUTRAL,
    OBJECTIVES,
    SPACES,
    STATIONS,
    TILE_KEYS,
    WORKERS,
)

SIDES = "ab"
HAND = "hand"
DRAW = "draw"
MARKET = "market"
DISPLAY = "display"
CATTLE_DECK = "deck:cattle"
OBJECTIVE_DECK = "deck:objectives"

SPACE_IDS: tuple[str, ...] = tuple(f"space:{s.key}" for s in SPACES)
NEUTRAL_IDS: tuple[str, ...] = tuple(f"building:{b.name}" for b in NEUTRAL)
#: Catalogue key of each card kind (cattle kinds, then objective cards), without a place.
CARD_KEYS: tuple[str, ...] = tuple(
    [f"cattle:{c.key}" for c in CATTLE] + [f"objective:{o.key}" for o in OBJECTIVES]
)
TILE_IDS: tuple[str, ...] = tuple(f"tile:{k}" for k in TILE_KEYS)
CITY_IDS: tuple[str, ...] = tuple(f"city:{c.key}" for c in CITIES)
STATION_IDS: tuple[str, ...] = tuple(f"station:{s.index + 1}" for s in STATIONS)
MASTER_IDS: tuple[str, ...] = tuple(f"station-master:{m.key}" for m in MASTERS)
RAIL_IDS: tuple[str, ...] = tuple(f"rail:{n}" for n in range(LAST_SPACE + 1))
SEAT_IDS: tuple[str, ...] = tuple(f"seat:{s}" for s in range(len(A.SEAT_NAMES)))


def seat_place(s: int) -> str:
    """The place suffix of a thing owned by seat ``s``."""
    return str(s)


def card_id(kind: int, place: str) -> str:
    """Card kind ``kind`` (a cattle kind or ``OBJ0 + objective``) in ``place``."""
    return f"{CARD_KEYS[kind]}@{place}"


def hand_place(owner: int, viewer: int | None) -> str:
    """The place of a card in ``owner``'s hand as ``viewer`` names it."""
    return HAND if owner == viewer else f"hand.{owner}"


def private_key(number: int, side: int) -> str:
    """The catalogue id of private building ``number`` on side ``side`` (0 = a)."""
    return f"building:{number}{SIDES[side]}"


def private_id(owner: int, number: int, side: int) -> str:
    """Seat ``owner``'s private building ``number`` on side ``side`` (0 = a, 1 = b)."""
    return f"{private_key(number, side)}@{owner}"


def worker_id(owner: int, worker: int) -> str:
    return f"worker:{WORKERS[worker]}@{owner}"


def disc_row_id(owner: int, row: int) -> str:
    return f"disc-row:{DISC_ROWS[row].key}@{owner}"


def tile_id(tile: int, place: str) -> str:
    return f"{TILE_IDS[tile]}@{place}"


def foresight_place(col: int, slot: int) -> str:
    return f"foresight.{col + 1}.{slot + 1}"


def job_market_place(cell: int) -> str:
    row, col = divmod(cell, A.JM_COLS)
    return f"job-market.{row + 1}.{col + 1}"


def job_market_id(cell: int) -> str:
    """The (uncatalogued) id of a job-market cell."""
    row, col = divmod(cell, A.JM_COLS)
    return f"job-market:{row + 1}.{col + 1}"


def hazard_place(row: int, slot: int) -> str:
    return f"hazard.{HAZARD_TYPES[row]}.{slot + 1}"


def teepee_place(slot: int) -> str:
    return f"teepee.{slot + 1}"


def engine_at(pos: int) -> str:
    """The id of an engine position: a track space, or the station whose turnout it is."""
    space, turnout = divmod(pos, 2)
    if turnout:
        return STATION_IDS[A.TURNOUT_STATION[space]]
    return RAIL_IDS[space]
