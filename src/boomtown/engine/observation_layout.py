"""The scaffolding every game's fixed numeric observation shares (``Ruleset.observation``).

A game's ``observation.py`` lays its slots out block by block with a :class:`SlotLayout`:
counts first, each divided by a bound and capped at 1, then 0/1 flags (one-hot choices), every
slot named and every block documented. Its encoder subclasses :class:`SlotObservation`, which
keeps the layout (``size``, ``names``, ``blocks``, ``counts``), the seats relative to each
observer, the "who decides" and "kind of decision" one-hots every game ends with, and the
conversion of the counts into the ``float32`` array.

>>> layout = SlotLayout()
>>> layout.add("money", ["seat+0", "seat+1"], "each seat's money", 50)
0
>>> layout.end_counts()
2
>>> layout.add("passed", ["seat+0", "seat+1"], "the seat has passed")
2
>>> layout.names
['money[seat+0]', 'money[seat+1]', 'passed[seat+0]', 'passed[seat+1]']
>>> [name for name, *_ in layout.blocks]
['money', 'passed']
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from boomtown.engine.actions import CHANCE, TERMINAL

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping


def seat_labels(players: int) -> list[str]:
    """The relative seats' labels: ``seat+0`` is the observer, ``seat+1`` the next seat...

    >>> seat_labels(3)
    ['seat+0', 'seat+1', 'seat+2']
    """
    return [f"seat+{i}" for i in range(players)]


def relative_seats(players: int) -> list[list[int]]:
    """``relative_seats(n)[viewer][seat]``: ``seat`` counted from ``viewer`` in seat order.

    >>> relative_seats(3)[1]
    [2, 0, 1]
    """
    return [[(t - v) % players for t in range(players)] for v in range(players)]


class SlotLayout:
    """Names, bounds and documentation of an observation's slots, block by block."""

    def __init__(self) -> None:
        self.names: list[str] = []
        #: One over each slot's bound (flags: 1).
        self.scale: list[float] = []
        #: ``(name, start, stop, meaning)`` of every block.
        self.blocks: list[tuple[str, int, int, str]] = []
        #: How many slots are counts (set by :meth:`end_counts`; the flags follow).
        self.counts: int | None = None

    def add(self, name: str, labels: list[str], meaning: str, bound: float = 1.0) -> int:
        """A block of one slot per label, ``name[label]``, read 1 at ``bound``; its start."""
        start = len(self.names)
        self.names += [f"{name}[{label}]" for label in labels]
        self.scale += [1.0 / bound] * len(labels)
        self.blocks.append((name, start, len(self.names), meaning))
        return start

    def end_counts(self) -> int:
        """Mark the end of the counts (the blocks added later are 0/1 flags); their number."""
        self.counts = len(self.names)
        return self.counts


class SlotObservation:
    """Base of a game's observation encoder (``Ruleset.observation``).

    A subclass calls ``super().__init__(players)``, lays its slots out on a
    :class:`SlotLayout` (:meth:`add_decision` among the flags), then calls :meth:`finish`.
    Its ``encode`` gathers the counts in a list of ints (``raw``, in slot order) and the
    slots of its flags (``hot``), calls :meth:`decision_slots` and :meth:`write`.
    """

    #: Bumped by the game whenever a slot changes meaning.
    version: int
    #: Every seat's view is the spectator's (nothing is hidden but chance to come).
    perfect_information: bool
    #: Bounds of every seat's final points.
    points_range: tuple[float, float]

    def __init__(self, players: int) -> None:
        import numpy as np

        self.np = np
        self.players = players
        #: ``_rel[viewer][seat]``: ``seat`` relative to ``viewer``.
        self._rel = relative_seats(players)
        self.frames: tuple[str, ...] = ()
        self.f_decides = self.f_frame = 0
        #: The "frame" slot of each kind of decision: by frame name, or by step type.
        self._frame_slot: dict[Any, int] = {}
        self._by_step_type = False
        self._other_frame = 0

    def add_decision(self, slots: SlotLayout, frames: Iterable[str],
                     steps: Mapping[type, str] | None = None) -> int:
        """The flags of who decides now (a relative seat, chance, nobody: the game is over)
        and of the decision's kind (the step on top of the stack, one of ``frames`` or
        "other"); the start of the first. A game on the kernel's decision machine gives
        ``steps``, the kind of each step type; otherwise a frame's kind is its first item.
        """
        n = self.players
        self.frames = tuple(frames)
        self.f_decides = slots.add(
            "decides",
            [*seat_labels(n), "chance", "nobody"],
            "who decides now (nobody: the game is over)",
        )
        self.f_frame = slots.add("frame", [*self.frames, "other"], "the kind of the decision now")
        slot = {kind: self.f_frame + i for i, kind in enumerate(self.frames)}
        self._by_step_type = steps is not None
        self._frame_slot = (slot if steps is None
                            else {step: slot[kind] for step, kind in steps.items()})
        self._other_frame = self.f_frame + len(self.frames)
        return self.f_decides

    def finish(self, slots: SlotLayout) -> None:
        """Take the layout: ``size``, ``names``, ``blocks``, ``counts`` and the scales."""
        if slots.counts is None:
            raise ValueError("the layout's counts were not ended (SlotLayout.end_counts)")
        self.counts = slots.counts
        self.size = len(slots.names)
        self.names = tuple(slots.names)
        self.blocks = tuple(slots.blocks)
        self._scale = self.np.array(slots.scale[: self.counts], dtype=self.np.float32)

    def decision_slots(self, st: Any, rel: list[int], hot: list[int]) -> None:
        """Add to ``hot`` the slots of who decides in ``st`` and of the decision's kind, the
        kind of the step on top of its ``stack`` (``rel``: seats relative to the observer)."""
        who = st.current_player
        n = self.players
        hot.append(self.f_decides + (rel[who] if who >= 0 else n if who == CHANCE else n + 1))
        stack = st.stack
        if who != TERMINAL and stack:
            top = stack[-1]
            key = type(top) if self._by_step_type else top[0]
            hot.append(self._frame_slot.get(key, self._other_frame))

    def write(self, out: Any, raw: list[int], hot: list[int]) -> None:
        """Write the counts ``raw`` (scaled, clipped to [0, 1]) and the flags ``hot`` (1,
        every other flag 0) into ``out``."""
        counts = self.counts
        if len(raw) != counts:
            raise AssertionError(f"{len(raw)} counts for {counts} slots")
        np = self.np
        head = out[:counts]
        # Every count is an int, nearly always from 0 to 255: bytes() converts those many times
        # faster than numpy does a list (and they need no floor at 0); int64 otherwise.
        try:
            small = np.frombuffer(bytes(raw), dtype=np.uint8)
        except ValueError:
            head[:] = np.frombuffer(array("q", raw), dtype=np.int64)
            head *= self._scale
            np.maximum(head, 0.0, out=head)
        else:
            np.multiply(small, self._scale, out=head)  # as float32: 0-255 convert exactly
        np.minimum(head, 1.0, out=head)
        out[counts:] = 0.0
        out.put(hot, 1.0)
