"""Rules data of Great Western Trail, loaded once from ``data/great_western_trail.toml``.

Every record carries a provenance table (``rulebook``, ``published`` with its source, or
``reconstructed``). The module turns the records into index tables the rules use.

>>> CATTLE[0].name, CATTLE[0].value
('Jersey', 1)
>>> [c.value for c in CITIES][:3]
[0, 1, 4]
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from boomtown.games.provenance import check_provenance
from boomtown.games.provenance import provenance_report as report

#: The data file; the environment variable names another one (a corrected copy, to try a
#: correction before it is made in the file itself; tests play a modified copy through it).
DATA_ENV = "BOOMTOWN_GREAT_WESTERN_TRAIL_DATA"
_DEFAULT_PATH = Path(__file__).parent / "data" / "great_western_trail.toml"
_PATH = Path(os.environ.get(DATA_ENV) or _DEFAULT_PATH)


def _load() -> dict[str, Any]:
    with _PATH.open("rb") as fh:
        return tomllib.load(fh)


RAW = _load()


@dataclass(frozen=True)
class Cattle:
    index: int
    key: str
    name: str
    breed: str
    value: int
    vp: int
    start: int
    market: int


@dataclass(frozen=True)
class City:
    index: int
    key: str
    name: str
    value: int
    dark: bool
    repeat: bool
    money: int
    vp_each: int
    vp_once: int


@dataclass(frozen=True)
class Arrow:
    left: int
    right: int
    vp: int
    objectives: int


@dataclass(frozen=True)
class Station:
    index: int
    after: int
    cost: int
    vp: int
    dark: bool
    master: bool


@dataclass(frozen=True)
class Master:
    index: int
    key: str
    immediate: str
    scoring: str
    certificate: bool


@dataclass(frozen=True)
class DiscRow:
    """A row of disc spaces on the player board: ``cost`` is paid and ``money`` gained when one
    of its discs is cleared (the $5 hand-limit discs, the $3 step disc); ``vp`` scores at the
    end once the row is cleared (the other step disc)."""

    index: int
    key: str
    name: str
    discs: int
    dark: bool
    cost: int = 0
    money: int = 0
    vp: int = 0


class Op(NamedTuple):
    """One local action of a building (or a space's risk action, or a worker-row bonus) as
    the data declares it: ``id`` names it in action ids, texts and views, ``op`` is the
    operation (a key of ``OP_FIELDS``, played by ``buildings.OPERATIONS``) and the other
    fields are its amounts; a field the operation does not take keeps its default."""

    id: str
    op: str
    breed: int = -1  # the cattle card discarded (an index of CATTLE; the data names its key)
    money: int = 0
    certificates: int = 0
    discount: int = 0  # $ off a hire's row cost (negative: dearer)
    per_craftsman: int = 0
    spaces: int = 0
    steps: int = 0
    cost: int = 0
    objective: bool = False  # then an objective card to hand


#: Whether an operation's field must be declared (an optional one keeps ``Op``'s default).
REQUIRED, OPTIONAL = True, False
#: Every operation and the fields it takes: field -> ``REQUIRED`` or ``OPTIONAL``.
OP_FIELDS: dict[str, dict[str, bool]] = {
    "discard": {"breed": REQUIRED, "money": OPTIONAL, "certificates": OPTIONAL},
    "discard_pair": {"money": REQUIRED},
    "discard_any": {"money": OPTIONAL, "certificates": OPTIONAL, "objective": OPTIONAL},
    "discard_objective": {"certificates": REQUIRED},
    "discard_engine": {"breed": REQUIRED, "spaces": REQUIRED},
    "hire": {"discount": OPTIONAL},
    "build": {"per_craftsman": REQUIRED},
    "certificates": {"certificates": REQUIRED},
    "certificates_to_limit": {},
    "money": {"money": REQUIRED},
    "money_per_woods": {"money": REQUIRED},
    "money_per_engineer": {"money": REQUIRED},
    "teepee_pairs": {"certificates": REQUIRED, "money": REQUIRED},
    "engine": {"spaces": REQUIRED},
    "engine_per_engineer": {},
    "engine_per_woods": {},
    "engine_back": {"spaces": REQUIRED, "money": REQUIRED},
    "pay_engine": {"cost": REQUIRED, "spaces": REQUIRED},
    "remove_hazard": {"cost": REQUIRED},
    "move": {"steps": REQUIRED},
    "take_objective": {},
    "trade": {},
    "aux": {},
    "buy": {},
    "extraordinary_delivery": {},
    "draw_cowboys": {},
    "use_adjacent": {},
    "upgrade_behind": {},
}
_FIELD_TYPES: dict[str, type] = {"breed": str, "objective": bool}


class DataError(ValueError):
    """A record of the data file that does not say what the rules can play."""


def parse_op(table: Mapping[str, Any], where: str, cattle: Mapping[str, int]) -> Op:
    """One op table of the data file as an ``Op``; ``where`` names it in errors (building
    and slot); ``cattle`` maps a cattle key to its index."""
    if not isinstance(table, Mapping):
        raise DataError(f"{where}: an op is a table with id and op, not {table!r}")
    name, op = table.get("id"), table.get("op")
    if not isinstance(name, str) or not isinstance(op, str):
        raise DataError(f"{where}: an op needs a string id and op, got {dict(table)!r}")
    if op not in OP_FIELDS:
        raise DataError(f"{where}: {name!r} has the unknown operation {op!r} "
                        f"(known: {', '.join(OP_FIELDS)})")
    fields = OP_FIELDS[op]
    given = {k: v for k, v in table.items() if k not in ("id", "op")}
    unknown = sorted(set(given) - set(fields))
    if unknown:
        raise DataError(f"{where}: {name!r} ({op}) has unknown field(s) {', '.join(unknown)} "
                        f"(it takes: {', '.join(fields) or 'none'})")
    missing = [k for k, required in fields.items() if required and k not in given]
    if missing:
        raise DataError(f"{where}: {name!r} ({op}) lacks {', '.join(missing)}")
    values: dict[str, Any] = {}
    for key, value in given.items():
        kind = _FIELD_TYPES.get(key, int)
        if type(value) is not kind:
            raise DataError(f"{where}: {name!r} ({op}) field {key} must be a {kind.__name__}, "
                            f"not {value!r}")
        values[key] = value
    if "breed" in values:
        if values["breed"] not in cattle:
            raise DataError(f"{where}: {name!r} ({op}) discards the unknown cattle "
                            f"{values['breed']!r}")
        values["breed"] = cattle[values["breed"]]
    return Op(name, op, **values)


def parse_slots(raw: Any, where: str, cattle: Mapping[str, int]) -> tuple[tuple[Op, ...], ...]:
    """A building's ``slots`` (a list of slots, each a list of either/or op tables)."""
    if not isinstance(raw, list) or not all(isinstance(slot, list) and slot for slot in raw):
        raise DataError(f"{where}: slots must be a list of non-empty lists of ops")
    return tuple(
        tuple(parse_op(table, f"{where}, slot {i + 1}", cattle) for table in slot)
        for i, slot in enumerate(raw)
    )


@dataclass(frozen=True)
class Building:
    """A neutral building (``side`` = "") or one side of a private building: ``slots`` are
    its local actions by id (slot by slot, the ops of a slot an either/or), ``ops`` the same
    as the data's op records (what play reads)."""

    index: int
    name: str
    number: int
    side: str
    craftsmen: int
    vp: int
    hands: tuple[str, ...]
    slots: tuple[tuple[str, ...], ...]
    ops: tuple[tuple[Op, ...], ...] = ()


def building(index: int, name: str, number: int, side: str, craftsmen: int, vp: int,
             hands: tuple[str, ...], raw_slots: Any) -> Building:
    """A building record with its slots parsed (errors name the building and slot)."""
    where = f"{'private' if side else 'neutral'} building {name}"
    ops = parse_slots(raw_slots, where, CATTLE_KEY)
    slots = tuple(tuple(op.id for op in slot) for slot in ops)
    return Building(index, name, number, side, craftsmen, vp, hands, slots, ops)


@dataclass(frozen=True)
class Objective:
    index: int
    key: str
    start: bool
    tasks: tuple[str, ...]
    vp: int
    penalty: int
    action: str


@dataclass(frozen=True)
class Space:
    index: int
    key: str
    kind: str
    next: tuple[int, ...]
    woods: bool
    risk: str
    row: int
    slot: int


SETUP: dict[str, Any] = RAW["setup"]
check_provenance("setup", SETUP["provenance"])

CATTLE = tuple(
    Cattle(i, c["key"], c["name"], c.get("breed", c["key"]), c["value"], c["vp"], c["start"],
           c["market"])
    for i, c in enumerate(RAW["cattle"])
)
BREEDS = tuple(dict.fromkeys(c.breed for c in CATTLE))
CATTLE_KEY = {c.key: c.index for c in CATTLE}
MARKET_KINDS = tuple(c.index for c in CATTLE if c.market)
BUY_OPTIONS = tuple(
    (int(b["value"]), int(b["cowboys"]), int(b["cards"]), int(b["cost"]))
    for b in RAW["buy_options"]
)

CITIES = tuple(
    City(i, c["key"], c["name"], c["value"], c["dark"], c["repeat"], c.get("money", 0),
         c.get("vp_each", 0), c.get("vp_once", 0))
    for i, c in enumerate(RAW["cities"])
)
CITY_KEY = {c.key: c.index for c in CITIES}
ARROWS = tuple(
    Arrow(CITY_KEY[a["cities"][0]], CITY_KEY[a["cities"][1]], a["vp"], a["objectives"])
    for a in RAW["arrows"]
)
RAILROAD: dict[str, Any] = RAW["railroad"]
LAST_SPACE: int = RAILROAD["last_space"]
RED_CROSSES: tuple[int, ...] = tuple(RAILROAD["red_crosses"])
STATIONS = tuple(
    Station(i, s["after"], s["cost"], s["vp"], s["dark"], s.get("master", False))
    for i, s in enumerate(RAW["stations"])
)
MASTERS = tuple(
    Master(i, m["key"], m["immediate"], m["scoring"], m["certificate"])
    for i, m in enumerate(RAW["station_masters"])
)
#: The stations that have a station-master space (stations 1-5), in order: the position's
#: ``masters_at`` holds one tile (or -1) per entry, so it is indexed by these slots and never
#: by a station index (stations 6-10 have no such space).
MASTER_STATIONS: tuple[int, ...] = tuple(s.index for s in STATIONS if s.master)
#: Station index -> its station-master slot in ``MASTER_STATIONS``, -1 for a station without.
MASTER_SLOT: tuple[int, ...] = tuple(
    MASTER_STATIONS.index(s.index) if s.master else -1 for s in STATIONS
)
if len(MASTER_STATIONS) != len(MASTERS):  # facts B1.5: every tile goes on a space
    raise ValueError(
        f"{len(MASTERS)} station master tiles for {len(MASTER_STATIONS)} station-master spaces"
    )
DISC_ROWS = tuple(
    DiscRow(i, d["key"], d["name"], d["discs"], d["dark"], d.get("cost", 0), d.get("money", 0),
            d.get("vp", 0))
    for i, d in enumerate(RAW["disc_rows"])
)
DISC_KEY = {d.key: d.index for d in DISC_ROWS}

WORKERS = ("cowboy", "craftsman", "engineer")
HAZARD_TYPES = ("flood", "drought", "rockfall")
_HAZ_VARIANTS = (("green", 4), ("green", 3), ("green", 2), ("black", 3), ("black", 2))
TILE_KEYS: tuple[str, ...] = (
    *WORKERS, "teepee_green", "teepee_blue",
    *(f"{h}_{hand}_{vp}" for h in HAZARD_TYPES for hand, vp in _HAZ_VARIANTS),
)
TILE_INDEX = {k: i for i, k in enumerate(TILE_KEYS)}
TEEPEE_GREEN, TEEPEE_BLUE = 3, 4
FIRST_HAZARD = 5


def hazard_info(tile: int) -> tuple[int, str, int]:
    """(hazard row, hand colour, VP) of a hazard tile kind."""
    row, variant = divmod(tile - FIRST_HAZARD, len(_HAZ_VARIANTS))
    hand, vp = _HAZ_VARIANTS[variant]
    return row, hand, vp


def tile_name(tile: int) -> str:
    key = TILE_KEYS[tile]
    if tile >= FIRST_HAZARD:
        row, hand, vp = hazard_info(tile)
        return f"{HAZARD_TYPES[row]} ({hand} hand, {vp} VP)"
    return key.replace("_", " ")


STACKS: tuple[dict[str, Any], ...] = tuple(RAW["stacks"])
TEEPEE_VALUES: tuple[int, ...] = tuple(RAW["teepees"]["values"])

NEUTRAL = tuple(
    building(i, n["letter"], i, "", 0, 0, (), n["slots"]) for i, n in enumerate(RAW["neutral"])
)
PRIVATE = tuple(
    building(i, f"{p['number']}{p['side']}", p["number"], p["side"], p["craftsmen"], p["vp"],
             tuple(p["hands"]), p["slots"])
    for i, p in enumerate(RAW["private"])
)
PRIVATE_BY = {(b.number, b.side): b.index for b in PRIVATE}

OBJECTIVES = tuple(
    Objective(i, o["key"], o.get("start", False), tuple(o["tasks"]), o["vp"], o["penalty"],
              o["action"])
    for i, o in enumerate(RAW["objectives"])
)
START_OBJECTIVES = tuple(o.index for o in OBJECTIVES if o.start)
DECK_OBJECTIVES = tuple(o.index for o in OBJECTIVES if not o.start)

_trail = RAW["trail"]["spaces"]
_keys = {s["key"]: i for i, s in enumerate(_trail)}
_rows = {h: i for i, h in enumerate(HAZARD_TYPES)}
SPACES = tuple(
    Space(i, s["key"], s["kind"], tuple(_keys[n] for n in s["next"]), s.get("woods", False),
          s.get("risk", ""), _rows.get(s.get("row", ""), -1), s.get("slot", -1))
    for i, s in enumerate(_trail)
)
SPACE_KEY = {s.key: s.index for s in SPACES}
#: The risk actions of the private building spaces, by the name a space's ``risk`` gives.
RISK_ACTIONS: dict[str, Op] = {
    name: parse_op(table, f"risk action {name}", CATTLE_KEY)
    for name, table in RAW["risk_actions"].items() if name != "provenance"
}
for _sp in SPACES:
    if _sp.risk and _sp.risk not in RISK_ACTIONS:
        raise DataError(f"trail space {_sp.key}: unknown risk action {_sp.risk!r}")


def ops_by_id(ops: Any) -> dict[str, Op]:
    """Ops by id; one id is one action everywhere (the same id twice must say the same)."""
    out: dict[str, Op] = {}
    for op in ops:
        if out.setdefault(op.id, op) != op:
            raise DataError(f"op {op.id!r} is declared twice differently: {out[op.id]} and {op}")
    return out


#: Every local action of the buildings and risk actions by id.
OPS_BY_ID: dict[str, Op] = ops_by_id(
    [op for b in NEUTRAL + PRIVATE for slot in b.ops for op in slot]
    + list(RISK_ACTIONS.values())
)
START_SPACE = SPACE_KEY["start"]
KC_SPACE = SPACE_KEY["kc"] if "kc" in SPACE_KEY else SPACE_KEY["KC"]
NEUTRAL_SPACES = tuple(s.index for s in SPACES if s.kind == "neutral")
PRIVATE_SPACES = tuple(s.index for s in SPACES if s.kind == "private")
HAZARD_SPACE = {(s.row, s.slot): s.index for s in SPACES if s.kind == "hazard"}
TEEPEE_SPACE = {s.slot: s.index for s in SPACES if s.kind == "teepee"}


#: Worker-row bonuses (B6.4, U4): (worker index, slot reached) -> the bonus as an op.
WORKER_BONUS_OPS: dict[tuple[int, int], Op] = {
    (w, int(slot)): parse_op(table, f"worker-row bonus {name} {slot}", CATTLE_KEY)
    for w, name in enumerate(WORKERS)
    for slot, table in RAW["worker_bonuses"][name].items()
}
for (_w, _slot), _op in WORKER_BONUS_OPS.items():
    if _op.op == "hire" and _op.discount:  # U3: the option engineer_hire_discount sets it
        raise DataError(f"worker-row bonus {WORKERS[_w]} {_slot}: the hire bonus's discount is "
                        "the option engineer_hire_discount (its default: hire_discount)")
#: Worker-row bonuses by their ids (the bonus kind the prompts and views name).
WORKER_BONUSES: dict[tuple[int, int], str] = {k: op.id for k, op in WORKER_BONUS_OPS.items()}
#: U3: how much cheaper the engineer row's hire bonus is (the option's default).
HIRE_BONUS_DISCOUNT = int(RAW["worker_bonuses"]["hire_discount"])


def records() -> list[tuple[str, dict[str, str]]]:
    """Every record with its provenance, labelled for the rules report."""
    out: list[tuple[str, dict[str, str]]] = [("set-up numbers", SETUP["provenance"])]
    for section, label in (
        ("cattle", "key"), ("cities", "key"), ("stations", "after"),
        ("station_masters", "key"), ("disc_rows", "key"), ("stacks", "number"),
        ("neutral", "letter"), ("objectives", "key"),
    ):
        for rec in RAW[section]:
            out.append((f"{section} {rec[label]}", rec["provenance"]))
    for rec in RAW["buy_options"]:
        out.append((f"buy value {rec['value']} with {rec['cowboys']} cowboys", rec["provenance"]))
    for rec in RAW["arrows"]:
        out.append((f"arrow {rec['cities'][0]}-{rec['cities'][1]}", rec["provenance"]))
    for rec in RAW["private"]:
        out.append((f"private building {rec['number']}{rec['side']}", rec["provenance"]))
    out.append(("railroad", RAILROAD["provenance"]))
    out.append(("worker-row bonuses", RAW["worker_bonuses"]["provenance"]))
    out.append(("risk actions", RAW["risk_actions"]["provenance"]))
    out.append(("teepee values", RAW["teepees"]["provenance"]))
    out.append(("trail map", RAW["trail"]["provenance"]))
    return out


for _label, _prov in records():
    check_provenance(_label, _prov)


def provenance_report() -> str:
    """Every record's provenance, for ``boomtown rules``."""
    return report("the Kansas City rule text", [("", records())])
