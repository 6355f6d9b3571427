"""Precise exceptions raised by the engine and by every game."""

from __future__ import annotations


class BoomtownError(Exception):
    """Base class of every error boomtown raises on purpose."""


class IllegalAction(BoomtownError):
    """An action that is not legal in the current state.

    The state is left exactly as it was. ``reason`` says why in plain words.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(BoomtownError):
    """No ruleset is registered under that id."""


class BadPlayerCount(BoomtownError):
    """The ruleset does not support that number of players."""


class BadOptions(BoomtownError):
    """Options that the ruleset does not know or whose values are out of range."""


class BadRecord(BoomtownError):
    """A game record or snapshot that cannot be read or does not replay."""


class UndoNotAllowed(BoomtownError):
    """The undo policy forbids taking that decision back."""
