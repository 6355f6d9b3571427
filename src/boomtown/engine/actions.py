"""The small vocabulary shared by every game: seats, actions and log events.

A seat is an ``int`` from 0 to ``players - 1``. Two special values stand in for
``current_player`` when no seat is to act:

>>> CHANCE, TERMINAL
(-1, -2)

An :class:`Action` has a stable integer id (its index in the ruleset's fixed
action space) and a human text. Actions compare by id, so a game may hand out
cached instances.

>>> Action(3, "play marshal") == Action(3, "anything")
True

A described action (``state.describe(id)``) also says what kind of decision it is, which board
things it concerns (by the ids the view uses, the main one first) and what it costs:

>>> Action(3, "play marshal", kind="play", targets=("card:marshal@hand",)).targets
('card:marshal@hand',)

A :class:`Prompt` says what the current decision is about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

CHANCE = -1
"""``current_player`` when the next decision is a chance outcome."""

TERMINAL = -2
"""``current_player`` once the game is over."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: its id in the action space and a human text; described, also its kind,
    the board things it concerns (ids the view uses, the main one first) and its cost."""

    id: int
    text: str = field(compare=False)
    kind: str = field(default="", compare=False)
    targets: tuple[str, ...] = field(default=(), compare=False)
    cost: str = field(default="", compare=False)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data (as a view lists the legal actions)."""
        return {"id": self.id, "text": self.text, "kind": self.kind,
                "targets": list(self.targets), "cost": self.cost}

    def __str__(self) -> str:
        return self.text

    def __int__(self) -> int:
        return self.id


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the current decision is about: who decides, a specific title, a one-line hint,
    progress through a multi-part choice, and the board things it concerns.

    At a chance point ``seat`` is :data:`CHANCE`, the title says what is rolled or drawn and
    ``for_seat`` for whom (``None`` when for nobody in particular); ``private`` says that only
    ``for_seat`` may see the outcome (a draw into a hand): at a real table that seat enters
    it on its own screen, and the table sees only that something was drawn.

    >>> Prompt(2, "Choose a city to deliver to", "Your engine is on space 12",
    ...        progress="delivery 1 of 1").to_dict()["title"]
    'Choose a city to deliver to'
    """

    seat: int
    title: str
    hint: str = ""
    progress: str = ""
    kind: str = ""
    subjects: tuple[str, ...] = ()
    for_seat: int | None = None
    private: bool = False

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data (a view's ``prompt``)."""
        return {"seat": self.seat, "title": self.title, "hint": self.hint,
                "progress": self.progress, "kind": self.kind, "subjects": list(self.subjects),
                "for_seat": self.for_seat, "private": self.private}


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log.

    ``seats`` is ``None`` for a public event. Otherwise only those seats read
    ``text``; everybody else reads ``public`` (or nothing when it is ``None``).

    >>> e = Event("Ann keeps marshal, saloon", seats=frozenset({0}), public="Ann keeps 2 cards")
    >>> e.for_seat(0), e.for_seat(1), e.for_seat(None)
    ('Ann keeps marshal, saloon', 'Ann keeps 2 cards', 'Ann keeps 2 cards')
    """

    text: str
    seats: frozenset[int] | None = None
    public: str | None = None

    def for_seat(self, seat: int | None) -> str | None:
        """The text that ``seat`` (``None`` = spectator) may read, if any."""
        if self.seats is None or (seat is not None and seat in self.seats):
            return self.text
        return self.public


class ActionFamily(NamedTuple):
    """One kind of decision: a contiguous range ``start <= id < stop`` of the action space.

    A ruleset lists its families in order; together they cover the whole action space. The
    ``kind`` is a short verb shared by related families ("build", "move", "bid", "chance").
    ``unreachable`` is empty, or says why no game can ever take the family (coverage then
    does not expect it).

    >>> family = ActionFamily("bid", "bid", 10, 20)
    >>> 12 in family, len(family.ids)
    (True, 10)
    """

    name: str
    kind: str
    start: int
    stop: int
    unreachable: str = ""

    def __contains__(self, aid: object) -> bool:
        return isinstance(aid, int) and self.start <= aid < self.stop

    @property
    def ids(self) -> range:
        """The family's action ids."""
        return range(self.start, self.stop)


def family_table(families: Sequence[ActionFamily], size: int) -> tuple[int, ...]:
    """For every id of an action space of ``size`` ids, the index of its family.

    Raises ``ValueError`` unless the families are in order and cover every id exactly once.

    >>> family_table([ActionFamily("a", "x", 0, 2), ActionFamily("b", "y", 2, 3)], 3)
    (0, 0, 1)
    """
    table: list[int] = []
    for index, family in enumerate(families):
        if family.start != len(table) or family.stop <= family.start:
            raise ValueError(
                f"action family {family.name!r} covers {family.start}..{family.stop - 1}; "
                f"the next id to cover is {len(table)}"
            )
        table.extend([index] * (family.stop - family.start))
    if len(table) != size:
        raise ValueError(f"the action families cover {len(table)} ids of an action space of {size}")
    return tuple(table)


def families(starts: Sequence[tuple[str, str, int]], size: int, **unreachable: str) -> tuple[
    ActionFamily, ...
]:
    """Families from ``(name, kind, first id)`` in order; each ends where the next begins,
    the last at ``size``. ``unreachable`` gives, by family name, why it is never taken.

    >>> [f.ids for f in families([("bid", "bid", 0), ("pass", "pass", 5)], 6)]
    [range(0, 5), range(5, 6)]
    """
    unknown = set(unreachable) - {name for name, _, _ in starts}
    if unknown:
        raise ValueError(f"no action family named {', '.join(sorted(unknown))}")
    stops = [start for _, _, start in starts[1:]] + [size]
    return tuple(
        ActionFamily(name, kind, start, stop, unreachable.get(name, ""))
        for (name, kind, start), stop in zip(starts, stops, strict=True)
    )
