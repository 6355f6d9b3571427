"""Way Out West rules data, read once from ``data/way_out_west.toml``.

The TOML file is the single place where a town, a price or a number lives; this module only
turns it into small frozen records, checks that every record carries its provenance and
rejects the structural values the engine cannot honour (:data:`STRUCTURAL`): a changed value
either changes the game or is refused with a ``ValueError`` naming the field.

>>> from boomtown.games.way_out_west.data import DATA
>>> [t.name for t in DATA.towns][0], DATA.counter("train").price
('San Antonia', 20)
>>> DATA.setup.income_after
(3, 6, 9, 12)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from boomtown.games.provenance import check_provenance, reconstructed_labels
from boomtown.games.provenance import provenance_report as report


@dataclass(frozen=True)
class Setup:
    towns: int
    cowboys_placed: int
    action_tokens: int
    start_money: dict[int, int]
    rounds: int
    income_after: tuple[int, ...]
    short_rounds: int
    short_income_after: tuple[int, ...]
    provenance: dict[str, str]


@dataclass(frozen=True)
class Components:
    cowboys_per_player: int
    cattle_per_player: int
    counters_per_type: int
    farmers: int
    wanted: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class Limits:
    same_type_per_town: int
    counters_per_player_per_town: int
    farmers_per_town: int
    max_bid: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class Town:
    index: int
    name: str
    building_spaces: int
    corrals: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class Counter:
    index: int
    key: str
    name: str
    price: int
    defence: int
    when_won: str  # take_over | rob | remove
    provenance: dict[str, str]


@dataclass(frozen=True)
class Box:
    index: int
    key: str
    name: str
    boxes: int
    boxes_3p: int
    price: int
    up_to: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class Income:
    cattle: int
    cattle_with_farmer: int
    train_multiplier: int
    bank_per_counter: int
    store_per_other_cattle: int
    store_per_farmer: int
    hotel_per_other_cowboy: int
    stagecoach_per_cowboy: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class Gunfight:
    die_sides: int
    hit_faces: tuple[int, ...]
    robbery_dice: int
    farmer_defence: int
    default_defence: int
    rustle_up_to: int
    cowboys_per_retreat_town: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class Scoring:
    cattle: int
    cattle_with_train: int
    farmer_penalty: int
    most_money: int
    most_money_tie: int
    most_wanted: int
    most_wanted_tie: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class WayOutWestData:
    setup: Setup
    components: Components
    limits: Limits
    towns: tuple[Town, ...]
    counters: tuple[Counter, ...]
    boxes: tuple[Box, ...]
    income: Income
    gunfight: Gunfight
    scoring: Scoring

    def counter(self, key: str) -> Counter:
        return next(c for c in self.counters if c.key == key)

    def box(self, key: str) -> Box:
        return next(b for b in self.boxes if b.key == key)


#: Values the engine's structure fixes, as (field, required value, why). The file may state
#: them but cannot change them: ``parse`` raises ValueError when one differs.
STRUCTURAL: tuple[tuple[str, int, str], ...] = (
    ("limits.same_type_per_town", 1, "a town holds one owner per counter type"),
    ("gunfight.cowboys_per_retreat_town", 1, "a retreat sends one cowboy per town"),
    *((f"boxes[{key}].price", 0, "the action is never charged")
      for key in ("move_cowboys", "move_cattle", "farmer", "gunfight")),
    ("boxes[building].price", 0, "a counter costs its own price ([[counters]])"),
    *((f"boxes[{key}].up_to", 1, "the action takes one item")
      for key in ("farmer", "gunfight", "building")),
)
#: The action boxes the engine knows.
BOX_KEYS = ("cattle", "hire", "move_cowboys", "move_cattle", "farmer", "gunfight", "building")


def _field(data: WayOutWestData, name: str) -> Any:
    """The value of a dotted field name such as ``limits.max_bid`` or ``boxes[hire].up_to``."""
    record, attr = name.split(".")
    if record.startswith("boxes["):
        return getattr(data.box(record[6:-1]), attr)
    return getattr(getattr(data, record), attr)


def check_structural(data: WayOutWestData) -> None:
    """Raise ValueError when the data asks for something the engine cannot do."""
    keys = sorted(b.key for b in data.boxes)
    if keys != sorted(BOX_KEYS):
        raise ValueError(f"boxes must be {', '.join(BOX_KEYS)} (each once), not {keys}")
    for name, want, why in STRUCTURAL:
        got = _field(data, name)
        if got != want:
            raise ValueError(f"{name} = {got}: the engine supports only {want} ({why})")
    for b in data.boxes:
        if b.up_to < 1:
            raise ValueError(f"boxes[{b.key}].up_to = {b.up_to}: must be at least 1")
    if data.components.wanted < 1:
        raise ValueError(f"components.wanted = {data.components.wanted}: must be at least 1")


def _fields(raw: dict[str, Any], where: str) -> dict[str, Any]:
    out = {k: (tuple(v) if isinstance(v, list) else v) for k, v in raw.items()}
    out["provenance"] = check_provenance(where, raw.get("provenance"))
    return out


def parse(raw: dict[str, Any]) -> WayOutWestData:
    """Build the records from parsed TOML, checking provenance everywhere and the structural
    values (:func:`check_structural`)."""
    check_provenance("meta", raw["meta"].get("provenance"))
    s = _fields(raw["setup"], "setup")
    s["start_money"] = {int(k): int(v) for k, v in raw["setup"]["start_money"].items()}
    setup = Setup(**s)
    towns = tuple(
        Town(index=i, **_fields(t, f"towns[{i}]")) for i, t in enumerate(raw["towns"])
    )
    if len(towns) != setup.towns:
        raise ValueError(f"setup.towns = {setup.towns} but {len(towns)} towns are listed")
    counters = tuple(
        Counter(index=i, **_fields(c, f"counters[{c['key']}]"))
        for i, c in enumerate(raw["counters"])
    )
    for c in counters:
        if c.when_won not in ("take_over", "rob", "remove"):
            raise ValueError(f"counter {c.key}: unknown when_won {c.when_won!r}")
    boxes = tuple(
        Box(index=i, **_fields(b, f"boxes[{b['key']}]")) for i, b in enumerate(raw["boxes"])
    )
    data = WayOutWestData(
        setup=setup,
        components=Components(**_fields(raw["components"], "components")),
        limits=Limits(**_fields(raw["limits"], "limits")),
        towns=towns,
        counters=counters,
        boxes=boxes,
        income=Income(**_fields(raw["income"], "income")),
        gunfight=Gunfight(**_fields(raw["gunfight"], "gunfight")),
        scoring=Scoring(**_fields(raw["scoring"], "scoring")),
    )
    check_structural(data)
    return data


def load() -> WayOutWestData:
    """Read the packaged data file."""
    text = resources.files(__package__).joinpath("data/way_out_west.toml").read_text("utf-8")
    return parse(tomllib.loads(text))


DATA = load()


def _records(data: WayOutWestData) -> list[tuple[str, dict[str, str]]]:
    out: list[tuple[str, dict[str, str]]] = [
        ("set-up", data.setup.provenance),
        ("components", data.components.provenance),
        ("limits", data.limits.provenance),
    ]
    out += [(f"town {t.index + 1}: {t.name}", t.provenance) for t in data.towns]
    out += [(f"counter {c.name}", c.provenance) for c in data.counters]
    out += [(f"action box {b.name}", b.provenance) for b in data.boxes]
    out += [
        ("income", data.income.provenance),
        ("gunfights", data.gunfight.provenance),
        ("final scoring", data.scoring.provenance),
    ]
    return out


def reconstructed_records(data: WayOutWestData = DATA) -> list[str]:
    """Labels of the records that are reconstructed in whole or in part."""
    return reconstructed_labels(_records(data))


def provenance_report(data: WayOutWestData = DATA) -> str:
    """Which records and fields are reconstructed (our defaults) and which are published."""
    return report("the rule text", [("", _records(data))], [
        "Values:",
        "  towns (building spaces / corrals): "
        + ", ".join(f"{t.name} {t.building_spaces}/{t.corrals}" for t in data.towns),
        "  counter prices: " + ", ".join(f"{c.name} ${c.price}" for c in data.counters),
        "  action boxes (3 players): "
        + ", ".join(f"{b.name} {b.boxes} ({b.boxes_3p})" for b in data.boxes),
        "",
        "Rule interpretations where the description is silent: docs/way-out-west.md.",
        "What each source id (S1..S21, U1..U22, D1..D6) is, and why each reconstructed",
        "value is what it is: docs/sources/way-out-west.md.",
    ])
