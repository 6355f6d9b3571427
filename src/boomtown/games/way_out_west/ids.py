"""The board ids of Way Out West: how the view, the prompts and the described actions name
the things on the table (the engine's presentation contract, :mod:`boomtown.engine.catalogue`).

A thing is ``kind:key``; the same kind of piece in several places carries its place after an
``@``. Towns are numbered 1 to 5 along the trail (San Antonia 1 ... Deadwood 5: the view's
``town`` field is the index, one less); seats are numbered from 0 as everywhere.

=============================  ==============================================================
``town:K``                     town K (catalogued: size, corrals, what controlling it gives)
``counter:KEY``                a counter type (``stagecoach``, ``train``, ``bank``, ``store``,
                               ``hotel``, ``jail``; catalogued); in play ``@K`` = the one in
                               town K (a town holds at most one of a type; its owner is in the
                               view's ``counters``); ``@supply.S`` / ``@out.S`` = seat S's
                               supply / out of play
``box:KEY``                    a box of the action chart (``cattle``, ``hire``,
                               ``move_cowboys``, ``move_cattle``, ``farmer``, ``gunfight``,
                               ``build_KEY`` per counter type; catalogued)
``token:cowboy``, ``cattle``   ``@K.S`` seat S's cowboys / cattle in town K, ``@supply.S``
                               seat S's supply
``token:farmer``               ``@K`` the Farmer of town K, ``@supply``, ``@out`` (out of play)
``token:sheriff``              ``@K`` the sheriff of the Jail in town K
``token:wanted``               ``@supply``, ``@seat.S`` the Wanted counters seat S holds
``seat:S``                     a player (a place, not catalogued)
``turn:N``                     space N of the turn-order track (a place, not catalogued)
``score:ROW``                  a row of ``score_breakdown()`` (catalogued)
=============================  ==============================================================

>>> TOWN_IDS[0], COUNTER_AT[2][BANK], COWBOY_AT[4][0]
('town:1', 'counter:bank@3', 'token:cowboy@5.0')
>>> base_of("counter:bank@3")
'counter:bank'
"""

from __future__ import annotations

from boomtown.engine.catalogue import base_id
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west.data import DATA

T, C, N = A.T, A.C, A.N
BOX_KEYS = A.BOX_KEYS
BANK = A.COUNTER["bank"]
COUNTER_KEYS = tuple(c.key for c in DATA.counters)

#: Every id kind the view uses, with what it names (the docs list the same).
KINDS = ("town", "counter", "box", "token", "seat", "turn", "score")
#: The catalogued pieces (``token:KEY``).
TOKENS = ("cowboy", "cattle", "farmer", "sheriff", "wanted")


def town_number(t: int) -> int:
    """The number of town index ``t`` on the trail (1 to 5)."""
    return t + 1


def base_of(ref: str) -> str:
    """An id without its place: the key of its catalogue entry."""
    return base_id(ref)


TOWN_IDS = tuple(f"town:{town_number(t)}" for t in range(T))
SEAT_IDS = tuple(f"seat:{s}" for s in range(N))
#: TURN_IDS[i]: space i + 1 of the turn-order track (the start player's is ``turn:1``).
TURN_IDS = tuple(f"turn:{i + 1}" for i in range(N))
COUNTER_IDS = tuple(f"counter:{key}" for key in COUNTER_KEYS)
#: Action chart boxes, in the order of ``BOX_KEYS`` (the view's ``boxes_left``).
BOX_IDS = tuple(f"box:{key}" for key in BOX_KEYS)
BOX_ID = dict(zip(BOX_KEYS, BOX_IDS, strict=True))
#: BUILD_BOX_IDS[k]: the box that buys counter type k.
BUILD_BOX_IDS = tuple(BOX_ID[f"build_{key}"] for key in COUNTER_KEYS)
TOKEN_IDS = {key: f"token:{key}" for key in TOKENS}

#: COUNTER_AT[t][k]: the counter of type k in town t. The id does not change with its owner
#: (a take-over replaces it with the winner's), so a board keeps its place and an encoding of
#: the view sees one string per place.
COUNTER_AT = tuple(
    tuple(f"counter:{key}@{town_number(t)}" for key in COUNTER_KEYS) for t in range(T)
)
#: COUNTER_SUPPLY[s][k], COUNTER_OUT[s][k]: seat s's counters of type k in supply / out of play.
COUNTER_SUPPLY = tuple(tuple(f"counter:{key}@supply.{s}" for key in COUNTER_KEYS)
                       for s in range(N))
COUNTER_OUT = tuple(tuple(f"counter:{key}@out.{s}" for key in COUNTER_KEYS) for s in range(N))
#: COWBOY_AT[t][s], CATTLE_AT[t][s]: seat s's cowboys / cattle in town t.
COWBOY_AT = tuple(tuple(f"token:cowboy@{town_number(t)}.{s}" for s in range(N)) for t in range(T))
CATTLE_AT = tuple(tuple(f"token:cattle@{town_number(t)}.{s}" for s in range(N)) for t in range(T))
COWBOY_SUPPLY = tuple(f"token:cowboy@supply.{s}" for s in range(N))
CATTLE_SUPPLY = tuple(f"token:cattle@supply.{s}" for s in range(N))
FARMER_AT = tuple(f"token:farmer@{town_number(t)}" for t in range(T))
FARMER_SUPPLY = "token:farmer@supply"
FARMER_OUT = "token:farmer@out"
SHERIFF_AT = tuple(f"token:sheriff@{town_number(t)}" for t in range(T))
WANTED_SUPPLY = "token:wanted@supply"
WANTED_HELD = tuple(f"token:wanted@seat.{s}" for s in range(N))


def score_id(row: str) -> str:
    """The catalogue id of a row of the score breakdown."""
    return f"score:{row}"

