"""The fixed integer action space of Great Western Trail and the static text of each id.

Card kinds: the 13 cattle kinds (0-12) then the 28 objective cards (13-40). Engine positions
are ``2 * space`` for a track space and ``2 * space + 1`` for the turnout after it.

>>> TEXTS[CITY + 0]
'deliver to Kansas City'
>>> TEXTS[STOP]
'stop the cattleman here'
"""

from __future__ import annotations

from boomtown.engine.actions import Action, families
from boomtown.games.great_western_trail.data import (
    BUY_OPTIONS,
    CATTLE,
    CITIES,
    DISC_ROWS,
    HAZARD_TYPES,
    LAST_SPACE,
    MARKET_KINDS,
    MASTERS,
    OBJECTIVES,
    OPS_BY_ID,
    SPACES,
    STATIONS,
    TEEPEE_VALUES,
    TILE_KEYS,
    WORKERS,
    tile_name,
)
from boomtown.games.great_western_trail.words import op_text

NC = len(CATTLE)
K = NC + len(OBJECTIVES)
OBJ0 = NC
SEAT_NAMES = ("seat 0 (blue)", "seat 1 (red)", "seat 2 (yellow)", "seat 3 (white)")
CARD_NAMES = [c.name for c in CATTLE] + [f"objective {o.key}" for o in OBJECTIVES]

#: Local actions by name (an op name is unique within one location).
OPS: tuple[str, ...] = (
    "discard_guernsey_2", "hire", "hire_extra", "discard_dutch_belt_2", "build_2",
    "certificate_1", "take_objective", "engine_engineers", "trade", "pay2_engine2", "aux",
    "discard_black_angus_2", "buy", "discard_pair_4", "remove_hazard_7", "money_per_woods",
    "discard_guernsey_4", "discard_pair_3", "move_1", "remove_hazard_5", "move_2", "hire_cheap",
    "discard_holstein_10", "teepee_pairs", "engine_2", "engine_3", "extra_delivery",
    "certs_to_limit", "move_5", "discard_objective_certs", "engine_back_money",
    "discard_jersey_engine", "discard_dutch_belt_3", "draw_cowboys", "move_3",
    "discard_black_angus_certs", "money_per_engineer", "discard_any_objective_hand",
    "engine_woods", "use_adjacent", "upgrade_behind", "money_4", "engine_4", "move_4",
    "risk_any_cert", "risk_jersey_cert_money",
)
OP_INDEX = {name: i for i, name in enumerate(OPS)}
#: Local actions in words, by op name (from the data's amounts: ``words.op_text``).
OP_TEXT = {name: op_text(OPS_BY_ID[name]) for name in OPS}
AUX_NAMES = ("money", "cycle", "cert", "engine", "trim")
AUX_TEXT = (
    ("+$1", "+$2"),
    ("draw 1 card, then discard 1", "draw 2 cards, then discard 2"),
    ("pay $1, engine 1 back, +1 certificate", "pay $2, engine 2 back, +2 certificates"),
    ("pay $1, engine 1 forward", "pay $2, engine up to 2 forward"),
    ("engine 1 back, remove 1 hand card", "engine 2 back, remove 2 hand cards"),
)
JM_ROWS, JM_COLS = 12, 4
NPOS = 2 * (LAST_SPACE + 1)
PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(NC) for b in range(a, NC) if CATTLE[a].breed == CATTLE[b].breed
)
BUY_SINGLE = tuple(i for i, o in enumerate(BUY_OPTIONS) if o[2] == 1)
BUY_DOUBLE = tuple(i for i, o in enumerate(BUY_OPTIONS) if o[2] == 2)
BUY_PAIRS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, opt) for opt in BUY_DOUBLE for a in MARKET_KINDS for b in MARKET_KINDS
    if a <= b and CATTLE[a].value == CATTLE[b].value == BUY_OPTIONS[opt][0]
)
BUY_ONE: tuple[tuple[int, int], ...] = tuple(
    (k, opt) for opt in BUY_SINGLE for k in MARKET_KINDS if CATTLE[k].value == BUY_OPTIONS[opt][0]
)

_texts: list[str] = []


def _range(texts: list[str]) -> int:
    start = len(_texts)
    _texts.extend(texts)
    return start


#: Station index by the track space its turnout leaves from (space 39's station has none:
#: it sits on the last space itself).
TURNOUT_STATION = {s.after: s.index for s in STATIONS if s.after < LAST_SPACE}


def pos_name(pos: int) -> str:
    space, turnout = divmod(pos, 2)
    if turnout:
        if space not in TURNOUT_STATION:
            raise ValueError(f"no turnout after track space {space}")
        return f"the turnout of station {TURNOUT_STATION[space] + 1}"
    return f"track space {space}"


MOVE = _range([f"cattleman to {s.key}" for s in SPACES])
STOP = _range(["stop the cattleman here"])
LOCAL = _range([OP_TEXT[o] for o in OPS])
AUX = _range([f"auxiliary action: {AUX_TEXT[a][d]}" for a in range(5) for d in range(2)])
DONE = _range(["finish"])
ACCEPT = _range(["accept"])
DECLINE = _range(["decline"])
HIRE = _range(
    [f"hire the worker in job-market row {r + 1}, column {c + 1}"
     for r in range(JM_ROWS) for c in range(JM_COLS)]
)
BUILD = _range([f"choose private building {n}" for n in range(1, 11)])
PLACE = _range([f"put the building on {SPACES[s].key}" for s in range(len(SPACES))])
BUY1 = _range(
    [f"buy {CATTLE[k].name} with {BUY_OPTIONS[o][1]} cowboy(s) for ${BUY_OPTIONS[o][3]}"
     for k, o in BUY_ONE]
)
BUY2 = _range(
    [f"buy {CATTLE[a].name} and {CATTLE[b].name} with {BUY_OPTIONS[o][1]} cowboys "
     f"for ${BUY_OPTIONS[o][3]}" for a, b, o in BUY_PAIRS]
)
ADD_MARKET = _range(["use a cowboy to add 2 cards to the cattle market"])
DISCARD = _range([f"discard {n}" for n in CARD_NAMES])
PAIR = _range([f"discard {CATTLE[a].name} and {CATTLE[b].name}" for a, b in PAIRS])
REMOVE = _range([f"remove {n} from the game" for n in CARD_NAMES])
TEEPEE = _range([f"take the teepee on the ${v} space" for v in TEEPEE_VALUES])
HAZARD = _range([f"take the {h} hazard on space {i + 1}" for h in HAZARD_TYPES for i in range(4)])
ENGINE = _range([f"engine to {pos_name(p)}" if p % 2 == 0 or p // 2 in TURNOUT_STATION
                 else f"(no turnout after space {p // 2})" for p in range(NPOS)])
DISC = _range([f"take the disc from {d.name}" for d in DISC_ROWS])
UNSTATION = _range([f"take your disc back from station {i + 1}" for i in range(len(STATIONS))])
CITY = _range([f"deliver to {c.name}" for c in CITIES])
CERTS = _range([f"use {k} temporary certificate(s)" for k in range(7)])
FORESIGHT = _range(["take the upper foresight tile", "take the lower foresight tile"])
PLAY_OBJ = _range([f"play objective card {o.key}" for o in OBJECTIVES])
TAKE_OBJ = _range([f"take the objective card in display slot {i + 1}" for i in range(4)]
                  + ["take the top card of the objective deck"])
APPOINT = _range([f"appoint a {w} as station master" for w in WORKERS])
UPGRADE = _range([f"upgrade station {i + 1}" for i in range(len(STATIONS))])
ADJ = _range([f"use the building on {s.key}" for s in SPACES])
DRAWN = _range([f"draw {n} card(s)" for n in range(7)])
CH_CARD = _range([f"draw {n}" for n in CARD_NAMES])
CH_MARKET = _range([f"reveal {c.name} for the cattle market" for c in CATTLE])
CH_OBJ = _range([f"reveal objective card {o.key}" for o in OBJECTIVES])
CH_TILE = _range([f"draw a {tile_name(t)} tile" for t in range(len(TILE_KEYS))])
CH_MASTER = _range([f"station master tile {m.key}" for m in MASTERS])
CH_NEUTRAL = _range([f"neutral building {L}" for L in "ABCDEFG"])
CH_SIDE = _range(["side a", "side b"])
SIZE = len(_texts)
TEXTS: tuple[str, ...] = tuple(_texts)
ACTIONS: tuple[Action, ...] = tuple(Action(i, t) for i, t in enumerate(TEXTS))
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}

#: The kinds of decision, in the order of the action space (coverage and each action's kind).
FAMILIES = families(
    [
        ("move", "move", MOVE), ("stop", "stop", STOP), ("local", "local-action", LOCAL),
        ("auxiliary", "auxiliary-action", AUX), ("finish", "finish", DONE),
        ("accept", "accept", ACCEPT), ("decline", "decline", DECLINE), ("hire", "hire", HIRE),
        ("choose-building", "build", BUILD), ("place-building", "build", PLACE),
        ("buy-one", "buy", BUY1), ("buy-two", "buy", BUY2), ("add-to-market", "buy", ADD_MARKET),
        ("discard", "discard", DISCARD), ("discard-pair", "discard", PAIR),
        ("remove-card", "remove", REMOVE), ("teepee", "trade", TEEPEE), ("hazard", "take", HAZARD),
        ("engine", "move-engine", ENGINE), ("clear-disc", "disc", DISC),
        ("disc-from-station", "disc", UNSTATION), ("deliver", "deliver", CITY),
        ("certificates", "certificates", CERTS), ("foresight", "take", FORESIGHT),
        ("play-objective", "objective", PLAY_OBJ), ("take-objective", "objective", TAKE_OBJ),
        ("station-master", "station", APPOINT), ("upgrade-station", "station", UPGRADE),
        ("adjacent-building", "local-action", ADJ), ("draw-count", "draw", DRAWN),
        ("chance-card", "chance", CH_CARD), ("chance-market", "chance", CH_MARKET),
        ("chance-objective", "chance", CH_OBJ), ("chance-tile", "chance", CH_TILE),
        ("chance-station-master", "chance", CH_MASTER),
        ("chance-neutral-building", "chance", CH_NEUTRAL), ("chance-side", "chance", CH_SIDE),
    ],
    SIZE,
)
