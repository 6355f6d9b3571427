"""Test helpers shared by the games on the kernel's decision machine."""

from __future__ import annotations

from typing import Any, NamedTuple

from boomtown.engine import TERMINAL
from boomtown.engine.machine import Machine


def end_of_test(machine: Machine) -> Any:
    """Register on ``machine`` the step type ``EndOfTest``, which stops it: its "seat" is
    TERMINAL (the position is over once it is reached), and it offers nothing. A scenario
    puts one below the steps it sets up."""

    @machine.decision("the end of the test")
    class EndOfTest(NamedTuple):
        """A step that stops the machine: the end of a test's scenario."""

        seat: int = TERMINAL

        def legal(self, st: Any) -> list[int]:
            return []

        def choose(self, st: Any, aid: int) -> None:
            raise AssertionError("the end of the test offers no action")

    return EndOfTest


def top(st: Any) -> type:
    """The type of the step on top of the stack (the one to happen next)."""
    return type(st.stack[-1])
