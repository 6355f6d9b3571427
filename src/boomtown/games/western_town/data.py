"""Western Town rules data, read once from ``data/western_town.toml``.

The TOML file is the single place where a card, a board space, a die face or a
number lives; this module only turns it into small frozen records.

>>> from boomtown.games.western_town.data import DATA
>>> DATA.card("gold_mine").income
{'L': 1, 'G': 1}
>>> DATA.setup.storage["G"]
4
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from boomtown.games.provenance import Labelled, check_provenance
from boomtown.games.provenance import provenance_report as report

RESOURCES = ("G", "W", "I", "C", "P", "L", "X")
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
RES_NAMES = {
    "G": "Gold",
    "W": "Wood",
    "I": "Inhabitant",
    "C": "Cowboy",
    "P": "Peace pipe",
    "L": "Lure",
    "X": "exported Gold",
}


@dataclass(frozen=True)
class Tile:
    cost: dict[str, int]
    cost_one_of: tuple[str, ...]
    min_homes: int
    homes_pink: int
    homes_black: int
    vp: int
    vp_per: dict[str, Any] | None
    storage: dict[str, int]
    constant: dict[str, Any]
    on_lay: tuple[dict[str, Any], ...]
    provenance: dict[str, str]


@dataclass(frozen=True)
class Card:
    index: int
    key: str
    name: str
    #: The printed name, which the "same name" rules compare (exploit); two civic pride
    #: cards share one. Defaults to ``name``.
    title: str
    copies: int
    group: str
    second_group: str | None
    colour: str
    building: str  # printed | tile | none
    homes_pink: int
    homes_black: int
    income: dict[str, int]
    income_choice: tuple[str, ...]
    play: tuple[dict[str, Any], ...]
    exploit: tuple[dict[str, Any], ...]
    play_requires: dict[str, int]
    exploit_requires: dict[str, int]
    tile: Tile | None
    provenance: dict[str, str]

    @property
    def green(self) -> bool:
        return self.colour == "green"


@dataclass(frozen=True)
class Site:
    index: int
    printed: str | None
    number: int | None
    zone4: bool
    effect: str | None
    extra_home: bool
    provenance: dict[str, str]


@dataclass(frozen=True)
class DieFace:
    #: Our label of the face, an id key: faces alike (the three red ones) share it.
    key: str
    face: str
    adds: tuple[str, ...]
    again: bool
    provenance: dict[str, str]


@dataclass(frozen=True)
class LincolnCard:
    index: int
    key: str
    wishes: tuple[str, ...]
    five: bool
    provenance: dict[str, str]


@dataclass(frozen=True)
class StartCard:
    index: int
    key: str
    name: str
    resources: dict[str, int]
    building: str
    provenance: dict[str, str]


@dataclass(frozen=True)
class Setup:
    cowboys: int
    peace_pipes: int
    camp_pipes_per_player: int
    storage: dict[str, int]
    lincoln_rounds: int
    hand_size_when_full: int
    raid_red: int
    raid_orange: int
    indians_red: int
    indians_orange: int
    zone4_cowboy_repels: int
    inhabitant_loss: int
    lure_loss: int
    destroyed_home_penalty: int
    destroyed_point_penalty: int
    homes_first_bonus: int
    provenance: dict[str, str]


@dataclass(frozen=True)
class WesternTownData:
    setup: Setup
    cards: tuple[Card, ...]
    sites: tuple[Site, ...]
    die: tuple[DieFace, ...]
    lincoln: tuple[LincolnCard, ...]
    start_cards: tuple[StartCard, ...]
    by_key: dict[str, Card] = field(repr=False)

    def card(self, key: str) -> Card:
        return self.by_key[key]

    def group(self, name: str) -> list[Card]:
        """Cards whose first or second copy belongs to group ``name``."""
        return [c for c in self.cards if c.group == name or c.second_group == name]


def _tile(raw: dict[str, Any], card: dict[str, Any], where: str) -> Tile:
    return Tile(
        cost=dict(raw.get("cost", {})),
        cost_one_of=tuple(raw.get("cost_one_of", ())),
        min_homes=int(raw.get("min_homes", 0)),
        homes_pink=int(raw.get("homes_pink", card.get("homes_pink", 0))),
        homes_black=int(raw.get("homes_black", card.get("homes_black", 0))),
        vp=int(raw.get("vp", 0)),
        vp_per=raw.get("vp_per"),
        storage=dict(raw.get("storage", {})),
        constant=dict(raw.get("constant", {})),
        on_lay=tuple(raw.get("on_lay", ())),
        provenance=check_provenance(where + ".tile", raw.get("provenance")),
    )


def parse(raw: dict[str, Any]) -> WesternTownData:
    """Build the data records from parsed TOML, checking provenance everywhere."""
    s = raw["setup"]
    setup = Setup(
        **{k: v for k, v in s.items() if k != "provenance"},
        provenance=check_provenance("setup", s.get("provenance")),
    )
    cards = []
    for i, c in enumerate(raw["cards"]):
        where = f"cards[{c['key']}]"
        cards.append(
            Card(
                index=i,
                key=c["key"],
                name=c["name"],
                title=c.get("title", c["name"]),
                copies=int(c.get("copies", 1)),
                group=c["group"],
                second_group=c.get("second_group"),
                colour=c["colour"],
                building=c["building"],
                homes_pink=int(c.get("homes_pink", 0)),
                homes_black=int(c.get("homes_black", 0)),
                income=dict(c.get("income", {})),
                income_choice=tuple(c.get("income_choice", ())),
                play=tuple(c.get("play", ())),
                exploit=tuple(c.get("exploit", ())),
                play_requires=dict(c.get("play_requires", {})),
                exploit_requires=dict(c.get("exploit_requires", {})),
                tile=_tile(c["tile"], c, where) if "tile" in c else None,
                provenance=check_provenance(where, c.get("provenance")),
            )
        )
    sites = tuple(
        Site(
            index=i,
            printed=x.get("printed"),
            number=x.get("number"),
            zone4=bool(x.get("zone4", False)),
            effect=x.get("effect"),
            extra_home=bool(x.get("extra_home", False)),
            provenance=check_provenance(f"sites[{i}]", x.get("provenance")),
        )
        for i, x in enumerate(raw["sites"])
    )
    die = tuple(
        DieFace(
            key=x["key"],
            face=x["face"],
            adds=tuple(x["adds"]),
            again=bool(x.get("again", False)),
            provenance=check_provenance(f"die[{i}]", x.get("provenance")),
        )
        for i, x in enumerate(raw["die"])
    )
    _check_die_keys(die)
    lincoln = tuple(
        LincolnCard(
            index=i,
            key=x["key"],
            wishes=tuple(x["wishes"]),
            five=bool(x.get("five", False)),
            provenance=check_provenance(f"lincoln[{x['key']}]", x.get("provenance")),
        )
        for i, x in enumerate(raw["lincoln"])
    )
    start_cards = tuple(
        StartCard(
            index=i,
            key=x["key"],
            name=x["name"],
            resources=dict(x["resources"]),
            building=x["building"],
            provenance=check_provenance(f"western_town[{x['key']}]", x.get("provenance")),
        )
        for i, x in enumerate(raw["western_town"])
    )
    for card in cards:
        _check_constant(card)
        if card.building != "none" and any(
            c.title == card.title and c.key != card.key for c in cards
        ):
            # "at least one undestroyed building with the same name" would then need a
            # ruling on which building counts; the data has no such card
            raise ValueError(f"cards[{card.key}]: only cards without a building share a title")
    by_key = {c.key: c for c in cards}
    for st in start_cards:
        if st.building not in by_key:
            raise ValueError(f"start card {st.key}: unknown building {st.building}")
    return WesternTownData(setup, tuple(cards), sites, die, lincoln, start_cards, by_key)


def _check_die_keys(die: tuple[DieFace, ...]) -> None:
    """Faces alike (the same Indians, the same roll again) share their key; others do not:
    a key is one chance outcome of the die and one catalogue entry."""
    seen: dict[str, tuple[str, tuple[str, ...], bool]] = {}
    for d in die:
        face = (d.face, d.adds, d.again)
        if seen.setdefault(d.key, face) != face:
            raise ValueError(f"die face key {d.key!r} names two different faces")
    if len(set(seen.values())) != len(seen):
        raise ValueError("two die face keys name the same face")


#: The constant effects a green card may have (the rules read each of them).
CONSTANT_KEYS = frozenset({"income", "storage", "attacked_cowboys", "pipe_bonus"})


def _check_constant(card: Card) -> None:
    """Only green cards have a constant effect, and a green card's storage is part of it.

    The rulebook: green cards "provide a consistent effect", and a destroyed green building
    "loses the permanent effect until it is removed"; every other building keeps its storage
    while destroyed. A green tile's storage therefore belongs under ``constant``.
    """
    tile = card.tile
    if tile is None:
        return
    if tile.constant and not card.green:
        raise ValueError(f"cards[{card.key}]: only a green card has a constant effect")
    if card.green and tile.storage:
        raise ValueError(
            f"cards[{card.key}]: a green building's storage is part of its constant effect "
            "(lost while destroyed): write it as constant = { storage = {...} }"
        )
    unknown = set(tile.constant) - CONSTANT_KEYS
    if unknown:
        raise ValueError(f"cards[{card.key}]: unknown constant effect {sorted(unknown)}")


def load() -> WesternTownData:
    """Read the packaged data file."""
    text = resources.files(__package__).joinpath("data/western_town.toml").read_text("utf-8")
    return parse(tomllib.loads(text))


DATA = load()


def provenance_report(data: WesternTownData = DATA) -> str:
    """Which records and fields are reconstructed (our defaults), and which are published."""
    cards: list[Labelled] = []
    for c in data.cards:
        cards.append((c.name, c.provenance))
        if c.tile is not None:
            cards.append((f"  {c.name} tile", c.tile.provenance))
    sites = [(_site_label(st), st.provenance) for st in data.sites]
    return report("the rule text", [
        ("", [("set-up numbers", data.setup.provenance)]),
        ("Cards", cards),
        ("Board sites", sites),
        ("Indian die faces", [(f"face {i + 1}: {d.face}", d.provenance)
                              for i, d in enumerate(data.die)]),
        ("Lincoln cards", [(lc.key, lc.provenance) for lc in data.lincoln]),
        ("Western town cards", [(sc.name, sc.provenance) for sc in data.start_cards]),
    ], [
        "docs/sources/western-town.md says what each source id (S1, U4, ...) is and",
        "why each reconstructed value is what it is.",
    ])


def _site_label(site: Site) -> str:
    """A board site as the report names it: its printed name, else its space and number."""
    effect = f", {site.effect}" if site.effect else ""
    return site.printed or f"space {site.index} ({site.number}{effect})"
