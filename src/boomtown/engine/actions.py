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
"""

from __future__ import annotations

from dataclasses import dataclass, field

CHANCE = -1
"""``current_player`` when the next decision is a chance outcome."""

TERMINAL = -2
"""``current_player`` once the game is over."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: its id in the action space and a human text."""

    id: int
    text: str = field(compare=False)

    def __str__(self) -> str:
        return self.text

    def __int__(self) -> int:
        return self.id


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
