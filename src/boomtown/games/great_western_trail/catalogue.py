"""The catalogue of Great Western Trail: every space, building, card, tile, city, station,
station master, disc row, railroad space, worker row and score row, with its text generated
from the data file's records (``data/great_western_trail.toml``).

Each ``*_entry`` function turns one record into an :class:`~boomtown.engine.catalogue.Entry`
through small text tables (the op texts of ``actions.OP_TEXT``, task and action names of the
objective cards, station-master effects), so a corrected number in the data file corrects the
text. Some amounts live in an op's name rather than in a field (``remove_hazard_7``,
``build_2``, ``money2``); their texts follow the name.

>>> cat = catalogue()
>>> cat.entry("building:4a@0").text.split(":")[0]
'Local actions for its owner, each once per visit'
>>> cat.entry("cattle:jersey@hand").points
'0 VP'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from boomtown.engine.catalogue import Catalogue, Entry
from boomtown.games.great_western_trail import actions as A
from boomtown.games.great_western_trail import ids as I
from boomtown.games.great_western_trail import rules as R
from boomtown.games.great_western_trail.data import (
    ARROWS,
    BUY_OPTIONS,
    CATTLE,
    CITIES,
    DISC_ROWS,
    HAZARD_TYPES,
    HIRE_BONUS_DISCOUNT,
    LAST_SPACE,
    MASTERS,
    NEUTRAL,
    OBJECTIVES,
    OPS_BY_ID,
    PRIVATE,
    RAILROAD,
    RAW,
    RED_CROSSES,
    RISK_ACTIONS,
    SETUP,
    SPACES,
    STACKS,
    STATIONS,
    TEEPEE_VALUES,
    TILE_KEYS,
    WORKER_BONUS_OPS,
    WORKERS,
    Building,
    Cattle,
    City,
    DiscRow,
    Master,
    Objective,
    Op,
    Space,
    Station,
    hazard_info,
    tile_name,
)
from boomtown.games.great_western_trail.scoring import TOKEN_VP
from boomtown.games.great_western_trail.words import (
    RISK_PREFIX,
    money,
    op_text,
    plural,
)
from boomtown.games.provenance import provenance_text

GAME = "great-western-trail"
#: The op of neutral building B that places a building (its ``per_craftsman``: $ per craftsman).
BUILD_OP = "build_2"
#: Points of each worker on the 5th or 6th space of its row (facts B6.4: scoring.py).
WORKER_END_VP = 4
#: The first row space whose workers score (5th and 6th, facts B6.4).
WORKER_SCORING_SLOT = 5
def capital(text: str) -> str:
    """``text`` with its first letter in upper case (the rest as it is)."""
    return text[:1].upper() + text[1:]


def _entry(ref: str, name: str, text: str, prov: Mapping[str, str], **fields: Any) -> Entry:
    prov_text, reconstructed = provenance_text(prov)
    return Entry(ref, ref.split(":", 1)[0], name, text, provenance=prov_text,
                 reconstructed=reconstructed, **fields)


# ------------------------------------------------------------------ buildings
FEES = R.FEES
PLAYER_COUNTS = sorted(FEES)


def fee_text(hand: str) -> str:
    """The fee of one hand of a colour by player count ("$2/$2/$1 with 2/3/4 players")."""
    column = 0 if hand == "green" else 1
    fees = "/".join(money(FEES[n][column]) for n in PLAYER_COUNTS)
    return f"{hand} {fees}"


def hands_text(hands: tuple[str, ...]) -> str:
    counts = "/".join(str(n) for n in PLAYER_COUNTS)
    return (f"Hands: {' and '.join(hands)}: other players moving onto it pay its owner "
            f"({'; '.join(fee_text(h) for h in hands)} with {counts} players).")


def slots_text(slots: tuple[tuple[str, ...], ...]) -> str:
    """Local actions in words: slots separated by ";", the ops of one slot joined by "or"."""
    return "; ".join(" or ".join(A.OP_TEXT[op] for op in slot) for slot in slots)


def neutral_entry(b: Building, prov: Mapping[str, str]) -> Entry:
    text = (f"Local actions, each once per visit: {slots_text(b.slots)}. "
            "Neutral buildings show no hands: moving onto one is free.")
    return _entry(f"building:{b.name}", f"Neutral building {b.name}", text, prov,
                  details={"neutral": True, "slots": [list(s) for s in b.slots]})


def private_entry(b: Building, prov: Mapping[str, str]) -> Entry:
    rate = OPS_BY_ID[BUILD_OP].per_craftsman
    text = f"Local actions for its owner, each once per visit: {slots_text(b.slots)}. "
    text += hands_text(b.hands) if b.hands else "No hands: moving onto it is free."
    points = f"{b.vp} VP"
    if b.craftsmen == 1:
        points += " (option building_vp_one_craftsman: 1 or 2)"
    return _entry(
        I.private_key(b.number, I.SIDES.index(b.side)), f"Building {b.name}", text, prov,
        cost=f"{money(rate * b.craftsmen)} ({plural(b.craftsmen, 'craftsman', 'craftsmen')} "
             f"at {money(rate)} each with neutral building B)",
        requirements=f"{plural(b.craftsmen, 'craftsman', 'craftsmen')} (replacing one of your "
                     "buildings: the difference)",
        points=points,
        details={"number": b.number, "side": b.side, "craftsmen": b.craftsmen, "vp": b.vp,
                 "hands": list(b.hands), "slots": [list(s) for s in b.slots]},
    )


# ------------------------------------------------------------------ cards
def buy_text(value: int) -> str:
    """What buying one card (or two) of breeding value ``value`` costs (facts B3.2)."""
    parts = []
    for v, cowboys, cards, cost in BUY_OPTIONS:
        if v == value:
            what = "one card" if cards == 1 else f"{cards} cards"
            parts.append(f"{what} for {money(cost)} with {plural(cowboys, 'cowboy')}")
    return "; ".join(parts)


def cattle_entry(c: Cattle, prov: Mapping[str, str]) -> Entry:
    text = (f"Breeding value {c.value}: at Kansas City each breed in the hand counts once. "
            f"Scores {c.vp} VP at the end.")
    same = [x for x in CATTLE if x.breed == c.breed]
    if len(same) > 1:
        text += f" One of {len(same)} kinds of the same breed."
    if c.start:
        text += f" {c.start} in every starting deck."
    if c.market:
        text += f" {c.market} in the cattle market deck."
    return _entry(f"cattle:{c.key}", c.name, text, prov,
                  cost=buy_text(c.value) if c.market else "", points=f"{c.vp} VP",
                  details={"breed": c.breed, "value": c.value, "vp": c.vp})


SF_NAME = CITIES[-1].name
TASK_TEXT = {
    "bld": ("building", "buildings"), "st": ("station", "stations"),
    "tg": ("green teepee", "green teepees"), "tb": ("blue teepee", "blue teepees"),
    "hz": ("hazard", "hazards"), "v3": ("value-3 cattle card", "value-3 cattle cards"),
    "v4": ("value-4 cattle card", "value-4 cattle cards"),
    "v5": ("value-5 cattle card", "value-5 cattle cards"),
    "sf": (f"disc on {SF_NAME}", f"discs on {SF_NAME}"),
}
#: Objective card actions by their name without the amount; {n} is the amount in the name.
OBJECTIVE_ACTION_TEXT = {
    "money": "take ${n}",
    "aux": "take a single or double auxiliary action",
    "draw": "draw up to {n} cards, then discard as many",
    "engine": "move the engine up to {n} spaces",
    "cattleman": "move the cattleman up to {n} steps (no fees, not into Kansas City, "
                 "its location not used)",
}


def tasks_text(tasks: tuple[str, ...]) -> str:
    counts = Counter(tasks)
    return ", ".join(plural(n, *TASK_TEXT[t]) for t, n in counts.items())


def objective_action_text(action: str) -> str:
    if action == "none":
        return ""
    match = re.match(r"^([a-z]+?)(\d*)$", action)
    if match is None or match.group(1) not in OBJECTIVE_ACTION_TEXT:
        raise ValueError(f"unknown objective action {action!r}")
    word, digits = match.groups()
    return OBJECTIVE_ACTION_TEXT[word].format(n=digits)


def objective_entry(o: Objective, prov: Mapping[str, str]) -> Entry:
    label = o.key.replace("_", " ")
    text = f"Tasks: {tasks_text(o.tasks)} (each owned item meets one task of one card). "
    text += f"Scores {o.vp} VP when its tasks are met at the end"
    text += f"; played and not met, {o.penalty} VP less." if o.penalty else "."
    action = objective_action_text(o.action)
    if action:
        text += f" Played from the hand: {action}, if you wish."
    if o.start:
        text += " A starting card: dealt face up into an objective area at set-up."
    points = f"{o.vp} VP" + (f" / -{o.penalty} VP" if o.penalty else "")
    return _entry(f"objective:{o.key}", f"Objective {label}: {tasks_text(o.tasks)}", text, prov,
                  points=points,
                  details={"tasks": list(o.tasks), "start": o.start, "action": o.action})


# ------------------------------------------------------------------ tiles and workers
def stack_counts(key: str) -> str:
    """How many tiles of kind ``key`` each Kansas City supply stack holds."""
    parts = []
    for spec in STACKS:
        n = spec["tiles"].get(key, 0)
        if n:
            text = f"stack {spec['number']} holds {n}"
            alt = spec.get("alt_cp", {}).get(key, n)
            if alt != n:
                text += f" ({alt} with option stack_cowboys)"
            parts.append(text)
    return "; ".join(parts)


def _stacks_provenance(key: str) -> dict[str, str]:
    """The provenance of the stacks holding tiles of kind ``key`` (the least certain one)."""
    held: list[dict[str, str]] = [spec["provenance"] for spec in STACKS
                                  if spec["tiles"].get(key, 0)]
    for prov in held:
        if "reconstructed" in prov.values():
            return prov
    return held[0]


WORKER_ROLE = {
    "cowboy": "Cowboys buy cattle: each purchase uses cowboys, and a spare one adds 2 cards to "
              "the cattle market.",
    "craftsman": "Craftsmen build: a private building needs as many as it shows.",
    "engineer": "Engineers move the engine: neutral C and G and building 5a move it up to "
                "your number of engineers.",
}


def tile_entry(tile: int) -> Entry:
    key = TILE_KEYS[tile]
    counts = stack_counts(key)
    if key in WORKERS:
        text = (f"A worker tile: from a Kansas City stack to a foresight space, taken there "
                f"onto the job market, hired from it. {WORKER_ROLE[key]}")
        name = key.capitalize()
    elif key.startswith("teepee"):
        colour = key.split("_")[1]
        hand = "green" if colour == "green" else "black"
        text = (f"A {colour} teepee: lies on a teepee space (as a location it shows a {hand} "
                f"hand, fee to the bank); trading with the Indians takes it and gains or pays "
                f"the value of its space ({', '.join(money(v) for v in TEEPEE_VALUES)}).")
        name = f"{colour.capitalize()} teepee"
    else:
        row, hand, vp = hazard_info(tile)
        text = (f"A {HAZARD_TYPES[row]} hazard: lies on the {HAZARD_TYPES[row]} row of the "
                f"trail; as a location it shows a {hand} hand (fee to the bank). Removed, it "
                f"scores {vp} VP at the end.")
        name = capital(tile_name(tile))
    if counts:
        text += f" Supply: {counts}."
    return _entry(I.TILE_IDS[tile], name, text, _stacks_provenance(key),
                  details={"key": key})


def bonus_text(op: Op) -> str:
    """A worker-row bonus in words, from its op's amounts."""
    if op.op == "build":
        return f"place a building at {money(op.per_craftsman)} per craftsman"
    if op.op == "hire":  # the discount is the option's (U3), not the op's
        return f"hire a worker ${HIRE_BONUS_DISCOUNT} cheaper"
    return op_text(op)  # the data checks it is a bonus operation (buildings.BONUS_OPERATIONS)


_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """``ordinal(2)`` -> "2nd"."""
    suffix = "th" if 10 <= n % 100 < 20 else _SUFFIX.get(n % 10, "th")
    return f"{n}{suffix}"


def worker_entry(w: int) -> Entry:
    name = WORKERS[w]
    bonuses = [f"{ordinal(slot)} {bonus_text(op)}"
               for (worker, slot), op in sorted(WORKER_BONUS_OPS.items()) if worker == w]
    text = f"{WORKER_ROLE[name]} The row starts with one printed {name}"
    text += f" and holds up to {SETUP['workers_max']}."
    if bonuses:
        text += f" Row bonuses when a hired {name} lands there: {'; '.join(bonuses)}."
    text += (f" Each {name} from the {ordinal(WORKER_SCORING_SLOT)} space on scores "
             f"{WORKER_END_VP} VP at the end.")
    if name == "engineer":
        text += (f" The hire bonus is ${HIRE_BONUS_DISCOUNT} cheaper by default (option "
                 "engineer_hire_discount).")
    return _entry(f"worker:{name}", name.capitalize(), text, RAW["worker_bonuses"]["provenance"],
                  details={"worker": name})


# ------------------------------------------------------------------ cities and railroad
def corners_text(dark: bool) -> str:
    if dark:
        return "Dark corners: takes a disc from a dark or a white space."
    return "White corners: takes a disc from a white space."


def city_entry(c: City, prov: Mapping[str, str]) -> Entry:
    text = (f"Delivery value {c.value}: a breeding value plus certificates of at least "
            f"{c.value} may deliver here. {corners_text(c.dark)} ")
    text += ("Takes any number of each player's discs." if c.repeat
             else "Takes one disc of each player.")
    points: list[str] = []
    if c.money:
        text += f" Each delivery pays {money(c.money)}."
    if c.vp_each:
        text += f" Each disc here scores {c.vp_each} VP."
        points.append(f"{c.vp_each} VP per disc")
    if c.vp_once:
        text += f" A disc here scores {c.vp_once} VP once."
        points.append(f"{c.vp_once} VP")
    for arrow in ARROWS:
        if c.index in (arrow.left, arrow.right):
            other = CITIES[arrow.right if c.index == arrow.left else arrow.left]
            gains = []
            if arrow.vp:
                gains.append(f"{arrow.vp} VP")
            if arrow.objectives:
                gains.append(f"{plural(arrow.objectives, 'objective card')} at once")
            if gains:
                text += (f" Green arrow with {other.name}: {' and '.join(gains)} when both "
                         "hold your disc.")
    if c.value:
        text += " Transport: $1 per red cross between your engine and its crest."
    return _entry(I.CITY_IDS[c.index], c.name, text, prov, points=", ".join(points),
                  details={"value": c.value, "dark": c.dark, "repeat": c.repeat})


def station_entry(s: Station, prov: Mapping[str, str]) -> Entry:
    where = (f"Its turnout leaves track space {s.after}." if s.after < LAST_SPACE
             else "It stands on the last track space.")
    text = (f"{where} An engine moving there may upgrade it for {money(s.cost)}: a disc goes "
            f"on it. {corners_text(s.dark)} Scores {s.vp} VP at the end.")
    if s.master:
        text += (" Holds a station master tile: the first upgrade may take it by appointing a "
                 "worker.")
    return _entry(I.STATION_IDS[s.index], f"Station {s.index + 1}", text, prov,
                  cost=money(s.cost), points=f"{s.vp} VP",
                  details={"after": s.after, "dark": s.dark, "master": s.master})


def rail_entry(n: int) -> Entry:
    parts = ["The engines start here."] if n == 0 else []
    if n in RED_CROSSES:
        parts.append(f"Red cross: a delivery to a city of value above {n} costs $1 more while "
                     "your engine's nose is at or before it.")
    for s in STATIONS:
        if s.after == n and n < LAST_SPACE:
            parts.append(f"Station {s.index + 1}'s turnout leaves here.")
        elif s.after == n:
            parts.append(f"Station {s.index + 1} stands here.")
    if n == LAST_SPACE:
        parts.append(f"The end of the track: an engine arriving gets "
                     f"{money(int(RAILROAD['end_bonus_money']))} and goes back to a free space.")
    text = " ".join(parts) or "A railroad track space."
    return _entry(I.RAIL_IDS[n], "Railroad start" if n == 0 else f"Track space {n}", text,
                  RAILROAD["provenance"], details={"space": n})


MASTER_NOW = {
    "money2": "+$2",
    "hazard_or_teepee": "remove a hazard for free or trade for a teepee",
    "none": "",
}
MASTER_END = {
    "workers": "1 VP per worker",
    "objectives": "3 VP per 2 objective cards in the objective area",
    "hazards": "3 VP per 2 hazards",
    "teepee_pairs": "3 VP per green and blue teepee pair",
    "certificates": "3 VP per 2 certificates",
}


def master_entry(m: Master, prov: Mapping[str, str]) -> Entry:
    now = [x for x in (MASTER_NOW[m.immediate],
                       "+1 permanent certificate" if m.certificate else "") if x]
    text = ("Taken by the first player to upgrade its station, who moves there a worker of a "
            f"kind it has at least two of. At once: {', '.join(now)}. At the end: "
            f"{MASTER_END[m.scoring]}.")
    return _entry(I.MASTER_IDS[m.index], f"Station master: {', '.join(now)}; "
                  f"{MASTER_END[m.scoring]}", text, prov, points=MASTER_END[m.scoring],
                  details={"immediate": m.immediate, "scoring": m.scoring,
                           "certificate": m.certificate})


# ------------------------------------------------------------------ player board
TRACK = R.TRACK
STEP_LIMITS = R.STEP_LIMITS
#: The certificate track index of the starting limit.
CERT_START = TRACK.index(int(SETUP["cert_limit_start"]))


def _step_text(index: int) -> str:
    counts = "/".join(str(n) for n in sorted(STEP_LIMITS))
    limits = ", ".join(f"{STEP_LIMITS[n][0]} to {STEP_LIMITS[n][index]}"
                       for n in sorted(STEP_LIMITS))
    return f"raises the step limit ({limits} with {counts} players)"


def disc_effect(d: DiscRow) -> str:
    """What clearing a disc of row ``d`` (to put it on a city or station) unlocks."""
    key = d.key
    if key == "cert4":
        return (f"Clearing it raises the temporary-certificate limit from {TRACK[CERT_START]} "
                f"to {TRACK[CERT_START + 1]}.")
    if key == "cert6":
        return (f"Clearing it raises the temporary-certificate limit to {TRACK[-1]}, once the "
                f"{TRACK[CERT_START + 1]} disc is gone.")
    if key.startswith("step_"):
        both = ", ".join(str(STEP_LIMITS[n][3]) for n in sorted(STEP_LIMITS))
        return (f"Clearing it {_step_text(1 if key == 'step_money' else 2)}; both step discs: "
                f"{both}.")
    if key == "hand":
        return (f"Clearing one raises the hand limit by 1, from {SETUP['hand_limit']} up to "
                f"{SETUP['hand_limit_max']}.")
    if key.startswith("aux_"):
        a = A.AUX_NAMES.index(key[len("aux_"):])
        single, double = A.AUX_TEXT[a]
        if d.discs == 1:
            return (f"The single auxiliary action ({single}) is open from the start; clearing "
                    f"the disc opens the double ({double}).")
        return (f"Clearing the first disc opens the single auxiliary action ({single}), the "
                f"second the double ({double}).")
    raise ValueError(f"unknown disc row {key!r}")


def disc_row_entry(d: DiscRow, prov: Mapping[str, str]) -> Entry:
    corners = "dark" if d.dark else "white"
    text = (f"{plural(d.discs, 'disc')} on {corners}-corner spaces, each cleared to go on a "
            f"city or station. {disc_effect(d)}")
    if d.dark:
        text += " A disc from a dark space fits only a dark-corner city or station."
    if d.money:
        text += f" Clearing it pays {money(d.money)} at once."
    if d.vp:
        text += f" Once cleared it scores {d.vp} VP at the end."
    name = d.name[0].upper() + d.name[1:]
    return _entry(f"disc-row:{d.key}", name, text, prov,
                  cost=money(d.cost) if d.cost else "",
                  points=f"{d.vp} VP" if d.vp else "",
                  details={"discs": d.discs, "dark": d.dark})


# ------------------------------------------------------------------ trail
def space_name(sp: Space) -> str:
    if sp.kind == "start":
        return "Start"
    if sp.kind == "kc":
        return CITIES[0].name
    if sp.kind == "neutral":
        return f"Neutral location {sp.key}"
    if sp.kind == "private":
        return f"Building space {sp.key}"
    if sp.kind == "hazard":
        return f"{HAZARD_TYPES[sp.row].capitalize()} hazard space {sp.slot + 1}"
    return f"Teepee space {sp.key} ({money(TEEPEE_VALUES[sp.slot])})"


SPACE_TEXT = {
    "start": "Where each cattleman goes back after Kansas City.",
    "kc": "The end of the trail: foresight tiles, income and a delivery, then back to the start.",
    "neutral": "A neutral building stands here (drawn at set-up, or A to G in trail order).",
    "private": "A player may place a private building here.",
    "hazard": "A hazard tile may lie here; then it is a location with a fee to the bank.",
    "teepee": "A teepee may lie here; then it is a location with a fee to the bank.",
}


def space_entry(sp: Space, prov: Mapping[str, str]) -> Entry:
    text = SPACE_TEXT[sp.kind]
    if sp.woods:
        text += " In the woods."
    if sp.risk:
        risk = A.OP_TEXT[RISK_ACTIONS[sp.risk].id].removeprefix(RISK_PREFIX)
        text += f" Risk action for the owner of a building here: {risk}."
    if sp.next:
        text += f" Next: {' or '.join(SPACES[n].key for n in sp.next)}."
    return _entry(I.SPACE_IDS[sp.index], space_name(sp), text, prov,
                  details={"kind": sp.kind, "woods": sp.woods,
                           "next": [I.SPACE_IDS[n] for n in sp.next]})


# ------------------------------------------------------------------ score rows
#: The per-seat rows of ``score_breakdown()["seats"]``: (key, label, what it counts, points).
SCORE_ROWS: tuple[tuple[str, str, str, bool], ...] = (
    ("total", "Total", "The sum of the point categories.", False),
    ("money_left", "Money left", "Dollars left at the end (a tie-break).", False),
    ("money", "Money", "1 VP per $5.", True),
    ("buildings", "Buildings", "The VP of your private buildings on the trail.", True),
    ("cities", "Cities", "City crests and completed green arrows of your discs.", True),
    ("stations", "Stations", "The VP of the stations you upgraded.", True),
    ("hazards", "Hazards", "The VP of the hazards you removed.", True),
    ("cattle", "Cattle", "The VP of the cattle cards in your deck.", True),
    ("objectives", "Objective cards", "Met objective cards, less the played unmet ones.", True),
    ("station_masters", "Station masters", "The end scoring of your station master tiles.", True),
    ("workers", "Workers", f"{WORKER_END_VP} VP per worker from the "
     f"{ordinal(WORKER_SCORING_SLOT)} space of a row on.", True),
    ("step_disc", "Step disc", "The VP of the cleared step-limit disc that scores.", True),
    ("job_market_token", "Job market token", f"{TOKEN_VP} VP for the player who took it.",
     True),
)


def score_entries() -> Iterator[Entry]:
    prov = {"record": "published", "source": "BGF, R2 (B7.2)"}
    for key, label, text, points in SCORE_ROWS:
        yield _entry(f"score:{key}", label, text, prov, details={"points": points})


# ------------------------------------------------------------------ the catalogue
def entries() -> Iterator[Entry]:
    """Every entry, from the loaded data."""
    trail = RAW["trail"]["provenance"]
    for sp in SPACES:
        yield space_entry(sp, trail)
    for b, rec in zip(NEUTRAL, RAW["neutral"], strict=True):
        yield neutral_entry(b, rec["provenance"])
    for b, rec in zip(PRIVATE, RAW["private"], strict=True):
        yield private_entry(b, rec["provenance"])
    for c, rec in zip(CATTLE, RAW["cattle"], strict=True):
        yield cattle_entry(c, rec["provenance"])
    for o, rec in zip(OBJECTIVES, RAW["objectives"], strict=True):
        yield objective_entry(o, rec["provenance"])
    for t in range(len(TILE_KEYS)):
        yield tile_entry(t)
    for w in range(len(WORKERS)):
        yield worker_entry(w)
    for city, rec in zip(CITIES, RAW["cities"], strict=True):
        yield city_entry(city, rec["provenance"])
    for station, rec in zip(STATIONS, RAW["stations"], strict=True):
        yield station_entry(station, rec["provenance"])
    for m, rec in zip(MASTERS, RAW["station_masters"], strict=True):
        yield master_entry(m, rec["provenance"])
    for d, rec in zip(DISC_ROWS, RAW["disc_rows"], strict=True):
        yield disc_row_entry(d, rec["provenance"])
    for n in range(LAST_SPACE + 1):
        yield rail_entry(n)
    yield from score_entries()


def catalogue() -> Catalogue:
    """The game's catalogue (``Ruleset.catalogue_factory``)."""
    return Catalogue(GAME, entries())
