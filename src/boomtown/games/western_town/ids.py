"""The board ids of Western Town: how the view, the prompts and the described actions name
what is on the table (the engine's presentation contract, :mod:`boomtown.engine.catalogue`).

A thing is ``kind:key``, the key taken from the data file; where the same kind of thing lies
in several places, its place follows an ``@``. ``S`` is a seat, ``X`` a board site (0 to 14,
the order of the data's ``[[sites]]``), ``G`` a group (the whole table; in a double duel
group 0 is seats 0-1 and group 1 seats 2-3).

=================================  ==========================================================
``card:KEY``                       a card and its building (catalogued). Places:
                                   ``@hand`` the viewer's own hand, ``@hand.S`` seen in seat
                                   S's hand, ``@inactive`` / ``@facedown`` / ``@committed``
                                   the viewer's set-aside cards, cards played face down
                                   without effect and the card chosen in secret,
                                   ``@table.S`` / ``@down.S`` face up / face down on seat S's
                                   table, ``@site.S.X`` the building on seat S's site X,
                                   ``@build.S`` a building seat S may construct,
                                   ``@stock.G`` a star building in group G's stock,
                                   ``card:homestead@tiles.S`` seat S's homestead tiles,
                                   ``card:homestead@board.S`` the homestead card by seat S's
                                   board
``site:X``                         a board site (catalogued); ``@S`` in seat S's town
``resource:R``                     a resource (``G W I C P L X``, catalogued); ``@S`` seat
                                   S's, ``resource:P@camp.G`` the Peace pipes of G's camp
``indian:red``, ``indian:orange``  Indians (catalogued); ``@camp.G`` in group G's camp
``die:KEY``                        a face of the Indian die (catalogued)
``lincoln:KEY``                    a Lincoln card (catalogued)
``start:KEY``                      a western town card (catalogued)
``marker:KEY``                     ``lead-marshal``, ``grand-manitou`` (``@G``),
                                   ``destroyed`` (``@site.S.X``), ``lincoln`` (``@S``, the
                                   Lincoln Homes won; catalogued)
``score:ROW``                      a row of ``score_breakdown()["seats"]`` (catalogued)
``seat:S``, ``group:G``            a player's town, a group of seats (places, not catalogued)
=================================  ==========================================================

>>> SITE_AT[0][12], TABLE_AT[1][KIND["saloon"]], HAND_AT[KIND["saloon"]]
('site:12@0', 'card:saloon@table.1', 'card:saloon@hand')
>>> BUILDING_AT[0][12][KIND["saloon"]]
'card:saloon@site.0.12'
"""

from __future__ import annotations

from boomtown.games.western_town import actions as A
from boomtown.games.western_town.data import DATA, RESOURCES

K, S, N = A.K, A.S, A.N
KIND = A.KIND
KEYS = tuple(c.key for c in DATA.cards)
#: At most two groups (a double duel).
GROUPS = 2
HOMESTEAD_KEY = "homestead"

#: Every id kind the view uses (the docs list the same); CATALOGUED are in the catalogue.
KINDS = ("card", "site", "resource", "indian", "die", "lincoln", "start", "marker", "score",
         "seat", "group")
CATALOGUED = frozenset(KINDS) - {"seat", "group"}
#: The Indians' colours (the keys of ``indian:`` ids), as the die's faces name them.
INDIAN_COLOURS = A.COLOURS
#: The markers (keys of ``marker:`` ids).
LEAD_MARSHAL, GRAND_MANITOU, DESTROYED, LINCOLN_MARKER = (
    "lead-marshal", "grand-manitou", "destroyed", "lincoln")
MARKERS = (LEAD_MARSHAL, GRAND_MANITOU, DESTROYED, LINCOLN_MARKER)


def card_id(k: int) -> str:
    """The catalogue id of card kind ``k`` (no place)."""
    return f"card:{KEYS[k]}"


CARD_IDS = tuple(card_id(k) for k in range(K))
SEAT_IDS = tuple(f"seat:{s}" for s in range(N))
GROUP_IDS = tuple(f"group:{g}" for g in range(GROUPS))


def _cards(place: str) -> tuple[str, ...]:
    return tuple(f"{ref}@{place}" for ref in CARD_IDS)


HAND_AT = _cards("hand")
INACTIVE_AT = _cards("inactive")
FACEDOWN_AT = _cards("facedown")
COMMITTED_AT = _cards("committed")
#: [seat][kind] tables
HAND_OF = tuple(_cards(f"hand.{s}") for s in range(N))
TABLE_AT = tuple(_cards(f"table.{s}") for s in range(N))
DOWN_AT = tuple(_cards(f"down.{s}") for s in range(N))
BUILD_AT = tuple(_cards(f"build.{s}") for s in range(N))
#: [group][kind]
STOCK_AT = tuple(_cards(f"stock.{g}") for g in range(GROUPS))
#: [seat][site][kind]: the building of kind k on seat s's site x
BUILDING_AT = tuple(tuple(_cards(f"site.{s}.{x}") for x in range(S)) for s in range(N))
HOMESTEAD_TILES_AT = tuple(f"card:{HOMESTEAD_KEY}@tiles.{s}" for s in range(N))
HOMESTEAD_CARD_AT = tuple(f"card:{HOMESTEAD_KEY}@board.{s}" for s in range(N))

SITE_IDS = tuple(f"site:{x}" for x in range(S))
#: [seat][site]
SITE_AT = tuple(tuple(f"{ref}@{s}" for ref in SITE_IDS) for s in range(N))
DESTROYED_AT = tuple(tuple(f"marker:{DESTROYED}@site.{s}.{x}" for x in range(S))
                     for s in range(N))

RESOURCE_IDS = {r: f"resource:{r}" for r in RESOURCES}
#: [seat] -> {resource letter: id}
RESOURCE_AT = tuple({r: f"resource:{r}@{s}" for r in RESOURCES} for s in range(N))
#: [seat][resource index]
RESOURCE_AT_INDEX = tuple(tuple(RESOURCE_AT[s][r] for r in RESOURCES) for s in range(N))
CAMP_PIPES_AT = tuple(f"resource:P@camp.{g}" for g in range(GROUPS))
INDIAN_IDS = tuple(f"indian:{colour}" for colour in INDIAN_COLOURS)
#: [group][colour index]
INDIAN_AT = tuple(tuple(f"{ref}@camp.{g}" for ref in INDIAN_IDS) for g in range(GROUPS))

MARKER_IDS = {key: f"marker:{key}" for key in MARKERS}
LEAD_MARSHAL_AT = tuple(f"marker:{LEAD_MARSHAL}@{g}" for g in range(GROUPS))
GRAND_MANITOU_AT = tuple(f"marker:{GRAND_MANITOU}@{g}" for g in range(GROUPS))
LINCOLN_MARKER_AT = tuple(f"marker:{LINCOLN_MARKER}@{s}" for s in range(N))

#: By index in the data's lists (DIE_IDS by distinct face, as the action space numbers them)
DIE_IDS = tuple(f"die:{key}" for key in A.DIE_KEYS)
LINCOLN_IDS = tuple(f"lincoln:{lc.key}" for lc in DATA.lincoln)
START_IDS = tuple(f"start:{sc.key}" for sc in DATA.start_cards)


def score_id(row: str) -> str:
    """The catalogue id of a row of the score breakdown."""
    return f"score:{row}"
