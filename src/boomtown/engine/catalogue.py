"""A game's catalogue: every card, building, tile, counter and space with what it does.

Every thing a board shows has an id ``kind:key`` (``card:saloon``, ``building:4a``,
``space:kansas-city``). A view names things by these ids; where the same thing exists in
several places, a place follows an ``@`` (``site:12@0`` is site 12 of seat 0's town,
``card:saloon@hand`` a saloon in the viewer's hand). Stripped of its place, an id is the key
of its catalogue entry. Ids of other kinds (``seat:2``, ``town:3``) name board places that are
not catalogued; they appear in views and as action targets all the same.

The rows of ``score_breakdown()`` are catalogued too, as ``score:ROW`` entries (the row's key
in the breakdown), so a game-over screen can label each row in words and say what it counts.

An entry's ``text`` is generated from the game's data file, so correcting the data corrects
the text; ``provenance`` says where its numbers come from (``rulebook``, ``published: …`` or
``reconstructed``), and ``reconstructed`` is true where any of them is our own.

>>> entry = Entry("card:saloon", "card", "saloon", "Take 1 Gold.", provenance="rulebook")
>>> cat = Catalogue("demo", [entry])
>>> cat.entry("card:saloon@hand").name
'saloon'
>>> base_id("site:12@0"), is_id("site:12@0"), is_id("a plain text")
('site:12', True, False)
>>> sorted(cat.kinds)
['card']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

#: The shape of an id: a lowercase kind, a colon, a key without spaces, an optional ``@place``.
ID_PATTERN = re.compile(r"^([a-z][a-z0-9-]*):([A-Za-z0-9_.+-]+)(@[A-Za-z0-9_.+-]+)?$")


def is_id(text: object) -> bool:
    """Whether ``text`` has the shape of a board id."""
    return isinstance(text, str) and ID_PATTERN.match(text) is not None


def base_id(ref: str) -> str:
    """``ref`` without its ``@place``: the catalogue key it refers to."""
    return ref.split("@", 1)[0]


def id_kind(ref: str) -> str:
    """The kind of an id (the part before the colon)."""
    return ref.split(":", 1)[0]


@dataclass(frozen=True)
class Entry:
    """One catalogued thing. ``text`` says what it does in plain words; ``cost``,
    ``requirements`` and ``points`` are short texts ("" when it has none); ``details``
    holds structured facts a board may draw (colour, number, breed...)."""

    id: str
    kind: str
    name: str
    text: str
    cost: str = ""
    requirements: str = ""
    points: str = ""
    provenance: str = "rulebook"
    reconstructed: bool = False
    details: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not is_id(self.id) or "@" in self.id or id_kind(self.id) != self.kind:
            raise ValueError(f"catalogue id {self.id!r} is not '{self.kind}:key'")
        if not self.name or not self.text:
            raise ValueError(f"catalogue entry {self.id} needs a name and a text")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "id": self.id, "kind": self.kind, "name": self.name, "text": self.text,
            "cost": self.cost, "requirements": self.requirements, "points": self.points,
            "provenance": self.provenance, "reconstructed": self.reconstructed,
            "details": dict(self.details),
        }


class Catalogue:
    """The entries of one game, by id."""

    def __init__(self, game: str, entries: Iterable[Entry]) -> None:
        self.game = game
        self.entries: dict[str, Entry] = {}
        for entry in entries:
            if entry.id in self.entries:
                raise ValueError(f"{game}: catalogue id {entry.id} twice")
            self.entries[entry.id] = entry
        self.kinds = frozenset(e.kind for e in self.entries.values())

    def __contains__(self, ref: object) -> bool:
        return isinstance(ref, str) and base_id(ref) in self.entries

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def entry(self, ref: str) -> Entry:
        """The entry an id refers to (a place after ``@`` is ignored); ``KeyError`` if none."""
        return self.entries[base_id(ref)]

    def covers(self, ref: str) -> bool:
        """Whether ``ref`` is of a catalogued kind and has its entry (ids of other kinds are
        places, not catalogued: ``True``)."""
        return id_kind(ref) not in self.kinds or base_id(ref) in self.entries

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the game and every entry."""
        return {"game": self.game, "entries": [e.to_dict() for e in self.entries.values()]}


def ids_in(data: Any) -> set[str]:
    """Every string of id shape in JSON-ready ``data`` (values and keys, at any depth).

    >>> sorted(ids_in({"a": ["card:x", {"site:1@0": 3}], "b": "text"}))
    ['card:x', 'site:1@0']
    """
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if is_id(item):
                found.add(item)
        elif isinstance(item, dict):
            for key, value in item.items():
                if is_id(key):
                    found.add(key)
                stack.append(value)
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found
