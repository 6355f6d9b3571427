"""A fixed-length numeric encoding of any game's ``view(seat)``, built from the view alone.

The engine contract gives every game a JSON-ready view but no tensor. This module turns views
into flat ``float32`` vectors of a fixed length without knowing the game. It first learns the
*shape* of the game's views (a :class:`Layout`), then encodes any view against it:

* a number or a bool is one slot (``True`` = 1); ``null`` has a slot of its own;
* a string is one-hot over the strings seen at that place, unless that place holds free
  text (more than :data:`CATEGORY_LIMIT` different strings, or sentences of
  :data:`TEXT_WORDS` words or more on average): then it is a bag of its lower-case words
  (``"defend the saloon on site 4"`` sets ``defend``, ``the``, ``saloon``, ...);
* a dict gives each key seen there a block, in sorted key order; an absent key reads 0, so
  ``{"hand": {"saloon": 2}}`` is 2 in the ``hand/saloon`` slot and 0 in every other card's;
* a list of strings is a multiset (a count per string) and its length; any other list is
  positional: its length, then one block per position up to the longest list seen there.
  Every position of a list shares the element's shape, so a building seen on one site of one
  player gets a slot on every site of every player.

The layout is *discovered* (:func:`discover_layout`): seeded uniformly random games (the players
draw from their own generator, chance from the game's own stream) give views of the acting seat
and of one waiting seat (in turn) at every few decisions, and of every seat at the end; the
layout is the union of their shapes. It depends only on the game (id and code), the player
count, the options and the discovery budget, so every process builds the same one;
:meth:`Layout.to_dict` and :meth:`Layout.from_dict` pin it for a trained model. Anything a later
view holds that discovery never met (a string never seen at that place, a longer list, a new
key) is not dropped: it is added into one of :data:`OVERFLOW` buckets at the end of the vector,
chosen by a stable CRC-32 of its path, so the length never changes.

Three top-level parts of a view are left out: ``log`` (free-text history), ``prompt`` (words
about the decision that the view's own fields already carry) and ``legal_actions``
(the action mask carries them).

>>> from boomtown import new_game
>>> layout = encoder_for("western-town", 2)
>>> vec = layout.encode(new_game("western-town", 2, seed=1).view(0))
>>> vec.shape == (layout.size,), str(vec.dtype)
(True, 'float32')
"""

from __future__ import annotations

import functools
import json
import random
import re
import zlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from boomtown.engine import CHANCE, Ruleset, get_ruleset

#: A place with more distinct strings than this during discovery is free text.
CATEGORY_LIMIT = 48
#: Strings of this many words on average (at one place) are free text.
TEXT_WORDS = 4
#: Buckets at the end of every vector for what discovery never met.
OVERFLOW = 16
#: Top-level view keys that are not encoded.
EXCLUDED = frozenset({"log", "legal_actions", "prompt"})
#: Bumped whenever the meaning of a layout changes.
ENCODING_VERSION = 1
#: Random games played to discover a layout (per game, player count and options).
DISCOVERY_GAMES = 32
#: Decisions (over all those games) at which discovery looks at views: about two views each.
DISCOVERY_DECISIONS = 900
LAYOUT_FORMAT = "boomtown-view-layout/1"

_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The lower-case words of a free-text string.

    >>> words("Defend the Saloon on site 4?")
    ['defend', 'the', 'saloon', 'on', 'site', '4']
    """
    return _WORD.findall(text.lower())


class Shape:
    """What discovery saw at one place of the views (a union over every view)."""

    __slots__ = ("bag", "children", "element", "max_len", "null", "number", "strings")

    def __init__(self) -> None:
        self.number = False
        self.null = False
        self.strings: set[str] = set()
        self.children: dict[str, Shape] = {}
        self.element: Shape | None = None  # positional lists
        self.max_len = -1  # -1: never a list here
        self.bag: set[str] = set()  # lists of strings

    def add(self, node: Any) -> None:
        kind = type(node)
        if kind is int or kind is float or kind is bool:
            self.number = True
        elif kind is dict:
            children = self.children
            for key, value in node.items():
                child = children.get(key)
                if child is None:
                    child = children[key] = Shape()
                kind = type(value)
                if kind is int or kind is bool:
                    child.number = True  # the common case, inlined
                else:
                    child.add(value)
        elif kind is str:
            self.strings.add(node)
        elif node is None:
            self.null = True
        elif kind is list:
            if self.max_len < 0:
                self.max_len = 0
            if node and all(type(item) is str for item in node):
                self.bag.update(node)
                return
            if len(node) > self.max_len:
                self.max_len = len(node)
            element = self.element
            if element is None:
                element = self.element = Shape()
            for item in node:
                element.add(item)
        else:
            self.add(_plain(node, ()))


class Node:
    """One place of a :class:`Layout`: where each kind of value goes, relative to the node."""

    __slots__ = (
        "bag",
        "bag_text",
        "children",
        "element",
        "len_slot",
        "max_len",
        "null",
        "number",
        "size",
        "strings",
        "text",
    )

    size: int

    def __init__(self, data: Mapping[str, Any]) -> None:
        size = 0

        def take(n: int) -> int:
            nonlocal size
            size += n
            return size - n

        self.number: int | None = take(1) if data.get("number") else None
        self.null: int | None = take(1) if data.get("null") else None
        self.text = bool(data.get("text"))
        self.strings: dict[str, int] = {s: take(1) for s in data.get("strings", ())}
        self.children: dict[str, tuple[int, Node]] = {}
        for key in sorted(data.get("children", {})):
            child = Node(data["children"][key])
            self.children[key] = (take(child.size), child)
        self.max_len: int = int(data.get("max_len", -1))
        self.len_slot: int | None = take(1) if self.max_len >= 0 else None
        self.bag_text = bool(data.get("bag_text"))
        self.bag: dict[str, int] = {s: take(1) for s in data.get("bag", ())}
        element = data.get("element")
        self.element: Node | None = Node(element) if element is not None else None
        if self.element is not None:
            take(self.element.size * max(self.max_len, 0))
        self.size = size

    def elements_at(self) -> int:
        """Offset of the first list element's block."""
        assert self.element is not None
        return self.size - self.element.size * self.max_len


def is_text(strings: set[str]) -> bool:
    """Whether the strings seen at one place are free text rather than names: more than
    :data:`CATEGORY_LIMIT` of them, or sentences (:data:`TEXT_WORDS` words or more on average).

    >>> is_text({"red", "blue"}), is_text({"choose a space for the saloon", "play a card"})
    (False, True)
    """
    if len(strings) > CATEGORY_LIMIT:
        return True
    return sum(len(words(s)) for s in strings) >= TEXT_WORDS * len(strings)


def _shape_data(shape: Shape) -> dict[str, Any]:
    """A discovered shape as plain data (the serialised form of a layout)."""
    data: dict[str, Any] = {}
    if shape.number:
        data["number"] = True
    if shape.null:
        data["null"] = True
    if shape.strings:
        if is_text(shape.strings):
            data["text"] = True
            data["strings"] = sorted({w for s in shape.strings for w in words(s)})
        else:
            data["strings"] = sorted(shape.strings)
    if shape.children:
        data["children"] = {k: _shape_data(c) for k, c in sorted(shape.children.items())}
    if shape.max_len >= 0:
        data["max_len"] = shape.max_len
        if shape.bag:
            if is_text(shape.bag):
                data["bag_text"] = True
                data["bag"] = sorted({w for s in shape.bag for w in words(s)})
            else:
                data["bag"] = sorted(shape.bag)
        if shape.element is not None and shape.max_len > 0:
            data["element"] = _shape_data(shape.element)
    return data


#: A path as a chain of (parent, key) pairs; built as the walk descends, joined only when needed.
Chain = tuple[Any, ...]


def _path(where: Chain) -> str:
    parts: list[str] = []
    while where:
        where, key = where
        parts.append(str(key))
    return "/" + "/".join(reversed(parts))


def _plain(value: Any, where: Chain) -> Any:
    """JSON data of a standard type: subclasses and tuples become int, float, str, dict, list."""
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, list | tuple):
        return list(value)
    raise TypeError(f"a view holds {type(value).__name__} at {_path(where)}, not JSON data")


class Layout:
    """A fixed-length encoding of one game's views (for one player count and options)."""

    def __init__(self, game: str, players: int, tree: Mapping[str, Any],
                 overflow: int = OVERFLOW) -> None:
        if overflow < 1:
            raise ValueError("at least one overflow bucket is needed")
        self.game = game
        self.players = players
        self.tree = tree
        self.overflow = overflow
        self.root = Node(tree)
        #: Length of every encoded vector: the discovered slots, then the overflow buckets.
        self.size = self.root.size + overflow

    # ---------------------------------------------------------------- encoding
    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The vector of ``view`` (written into ``out`` when given)."""
        buf = [0.0] * self.size
        self._walk(self._top(view), self.root, 0, (), buf, None)
        if out is None:
            return np.array(buf, dtype=np.float32)
        out[:] = buf
        return out

    def unknown(self, view: Mapping[str, Any]) -> list[str]:
        """Paths of ``view`` that discovery never met (they go to the overflow buckets)."""
        missed: list[str] = []
        self._walk(self._top(view), self.root, 0, (), [0.0] * self.size, missed)
        return missed

    @staticmethod
    def _top(view: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in view.items() if k not in EXCLUDED}

    def _spill(self, where: Chain, suffix: str, value: float, buf: list[float],
               missed: list[str] | None) -> None:
        path = _path(where) + suffix
        buf[self.root.size + zlib.crc32(path.encode()) % self.overflow] += value
        if missed is not None:
            missed.append(path)

    def _walk(self, value: Any, node: Node, base: int, where: Chain, buf: list[float],
              missed: list[str] | None) -> None:
        kind = type(value)
        if kind is int or kind is float or kind is bool:
            if node.number is None:
                self._spill(where, "", float(value), buf, missed)
            else:
                buf[base + node.number] += value
        elif kind is dict:
            children = node.children
            for key, item in value.items():
                entry = children.get(key)
                if entry is None:
                    self._spill_all(item, (where, key), buf, missed)
                    continue
                offset, child = entry
                kind = type(item)
                # The common leaves, inlined; anything else (or unknown) takes the long way.
                if kind is int or kind is bool:
                    if child.number is not None:
                        buf[base + offset + child.number] += item
                        continue
                elif kind is str:
                    if not child.text:
                        slot = child.strings.get(item)
                        if slot is not None:
                            buf[base + offset + slot] += 1.0
                            continue
                elif item is None and child.null is not None:
                    buf[base + offset + child.null] += 1.0
                    continue
                self._walk(item, child, base + offset, (where, key), buf, missed)
        elif kind is str:
            self._string(value, node.strings, node.text, base, where, buf, missed)
        elif value is None:
            if node.null is None:
                self._spill(where, "?null", 1.0, buf, missed)
            else:
                buf[base + node.null] += 1.0
        elif kind is list:
            if node.len_slot is None:
                self._spill(where, "#len", float(len(value)), buf, missed)
            else:
                buf[base + node.len_slot] += len(value)
            if value and all(type(item) is str for item in value):
                bag = (where, "*")
                for item in value:
                    self._string(item, node.bag, node.bag_text, base, bag, buf, missed)
                return
            element = node.element
            if element is None:
                for index, item in enumerate(value):
                    self._spill_all(item, (where, str(index)), buf, missed)
                return
            start = base + node.elements_at()
            size = element.size
            for index, item in enumerate(value):
                if index < node.max_len:
                    self._walk(item, element, start + index * size, (where, str(index)),
                               buf, missed)
                else:
                    self._spill_all(item, (where, str(index)), buf, missed)
        else:
            self._walk(_plain(value, where), node, base, where, buf, missed)

    def _string(self, value: str, slots: Mapping[str, int], text: bool, base: int,
                where: Chain, buf: list[float], missed: list[str] | None) -> None:
        if not text:
            slot = slots.get(value)
            if slot is None:
                self._spill(where, f"={value}", 1.0, buf, missed)
            else:
                buf[base + slot] += 1.0
            return
        for word in words(value):
            slot = slots.get(word)
            if slot is None:
                self._spill(where, f"~{word}", 1.0, buf, missed)
            else:
                buf[base + slot] += 1.0

    def _spill_all(self, value: Any, where: Chain, buf: list[float],
                   missed: list[str] | None) -> None:
        """Everything under a place the layout does not know goes to the overflow."""
        kind = type(value)
        if kind is int or kind is float or kind is bool:
            self._spill(where, "", float(value), buf, missed)
        elif kind is str:
            self._spill(where, f"={value}", 1.0, buf, missed)
        elif value is None:
            self._spill(where, "?null", 1.0, buf, missed)
        elif kind is dict:
            for key, item in value.items():
                self._spill_all(item, (where, key), buf, missed)
        elif kind is list:
            self._spill(where, "#len", float(len(value)), buf, missed)
            for index, item in enumerate(value):
                self._spill_all(item, (where, str(index)), buf, missed)
        else:
            self._spill_all(_plain(value, where), where, buf, missed)

    # ------------------------------------------------------------------ naming
    def feature_names(self) -> list[str]:
        """A name for each position of the vector, e.g. ``/state/players/0/hand/saloon``."""
        names = [""] * self.size
        self._name(self.root, 0, "", names)
        for i in range(self.overflow):
            names[self.root.size + i] = f"overflow#{i}"
        return names

    def _name(self, node: Node, base: int, path: str, names: list[str]) -> None:
        if node.number is not None:
            names[base + node.number] = path or "/"
        if node.null is not None:
            names[base + node.null] = f"{path}?null"
        mark = "~" if node.text else "="
        for s, slot in node.strings.items():
            names[base + slot] = f"{path}{mark}{s}"
        for key, (offset, child) in node.children.items():
            self._name(child, base + offset, f"{path}/{key}", names)
        if node.len_slot is not None:
            names[base + node.len_slot] = f"{path}#len"
        mark = "~" if node.bag_text else "="
        for s, slot in node.bag.items():
            names[base + slot] = f"{path}/*{mark}{s}"
        if node.element is not None:
            start = base + node.elements_at()
            for index in range(node.max_len):
                self._name(node.element, start + index * node.element.size,
                           f"{path}/{index}", names)

    # ------------------------------------------------------------- persistence
    def to_dict(self) -> dict[str, Any]:
        """Plain data, so a trained model can pin its input layout."""
        return {
            "format": LAYOUT_FORMAT,
            "encoding_version": ENCODING_VERSION,
            "game": self.game,
            "players": self.players,
            "overflow": self.overflow,
            "tree": self.tree,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Layout:
        """Load a layout written by :meth:`to_dict`."""
        if data.get("format") != LAYOUT_FORMAT:
            raise ValueError(f"not a {LAYOUT_FORMAT} layout")
        if data.get("encoding_version") != ENCODING_VERSION:
            raise ValueError(
                f"layout of encoding version {data.get('encoding_version')}, "
                f"this is {ENCODING_VERSION}"
            )
        return cls(str(data["game"]), int(data["players"]), data["tree"], int(data["overflow"]))

    @classmethod
    def from_views(cls, game: str, players: int, views: Iterable[Mapping[str, Any]],
                   overflow: int = OVERFLOW) -> Layout:
        """The layout that covers every part of ``views``."""
        shape = Shape()
        for view in views:
            shape.add(cls._top(view))
        return cls(game, players, _shape_data(shape), overflow)


def sample_views(
    ruleset: Ruleset, players: int, options: Any, games: int, seed: int = 0, stride: int = 1
) -> Iterator[dict[str, Any]]:
    """Views met in ``games`` seeded random games: at every ``stride``-th decision the acting
    seat's and one other seat's (in turn), and every seat's at the end. The players draw from
    their own generator, chance from the game's own stream."""
    for game in range(seed, seed + games):
        state = ruleset.new_game(players, game, options)
        rng = random.Random(f"boomtown-rl-discovery:{game}")
        decisions = game  # a different phase of the stride in each game
        while not state.is_terminal():
            seat = state.current_player
            if seat == CHANCE:
                state.apply(state.sample_chance())
                continue
            if decisions % stride == 0:
                yield state.view(seat)
                other = (seat + 1 + decisions // stride) % players
                if other != seat:
                    yield state.view(other)  # a seat waiting for others: commitments etc.
            decisions += 1
            state.apply(rng.choice(state.legal_action_ids()))
        for seat in range(players):
            yield state.view(seat)


def discovery_stride(ruleset: Ruleset, players: int, options: Any, games: int,
                     decisions: int) -> int:
    """The stride that spreads about ``decisions`` sampled decisions over ``games`` games: one
    seeded random game without views measures how long a game is."""
    state = ruleset.new_game(players, 0, options)
    rng = random.Random("boomtown-rl-discovery:length")
    length = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_action_ids()))
            length += 1
    return max(1, -(-length * games // decisions))


def discover_layout(
    game: str,
    players: int,
    options: Any = None,
    games: int = DISCOVERY_GAMES,
    decisions: int = DISCOVERY_DECISIONS,
) -> Layout:
    """Discover the layout of ``game`` by seeded random play (the same in every process):
    ``games`` games, views at about ``decisions`` of their decisions in all."""
    ruleset = get_ruleset(game)
    stride = discovery_stride(ruleset, players, options, games, decisions)
    views = sample_views(ruleset, players, options, games, stride=stride)
    return Layout.from_views(ruleset.id, players, views)


def options_dict(ruleset: Ruleset, options: Any) -> dict[str, Any]:
    """Options as plain data, validated (``None`` = defaults)."""
    if options is None or isinstance(options, Mapping):
        options = ruleset.options_from_dict(options)
    return ruleset.options_to_dict(options)


@functools.lru_cache(maxsize=64)
def _cached(game: str, version: int, players: int, options: str, games: int,
            decisions: int) -> Layout:
    return discover_layout(game, players, json.loads(options), games, decisions)


def encoder_for(
    game: str,
    players: int,
    options: Any = None,
    games: int = DISCOVERY_GAMES,
    decisions: int = DISCOVERY_DECISIONS,
) -> Layout:
    """The discovered layout of ``game`` for ``players`` and ``options`` (cached per process)."""
    ruleset = get_ruleset(game)
    ruleset.check_players(players)
    key = json.dumps(options_dict(ruleset, options), sort_keys=True)
    return _cached(ruleset.id, ruleset.version, players, key, games, decisions)
