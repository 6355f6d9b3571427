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


class RulesFault(BoomtownError):
    """A game's own rule code raised while it applied an action, listed the legal actions,
    gave a chance distribution or built a view: a bug in the game, never the caller's fault.

    The state is left exactly as it was before the call. The fault carries what reproduces
    it: ``record`` (the game record up to the faulting call, as plain data), ``action`` (the
    id being applied, or ``None``), ``snapshot`` (the position before the call, or ``None``
    where none could be taken) and ``cause`` (the original exception, also ``__cause__``).

    >>> fault = RulesFault("demo", 3, "apply", 7, "apply(action 7)", KeyError("x"),
    ...                    {"game": "demo", "actions": [1, 2]}, None)
    >>> print(fault)  # doctest: +NORMALIZE_WHITESPACE
    demo version 3: rules fault during apply(action 7): KeyError: 'x'
    (reproduce: replay the record of 2 actions, then apply action 7)
    """

    def __init__(
        self,
        game: str,
        version: int,
        during: str,
        action: int | None,
        what: str,
        cause: BaseException,
        record: dict[str, object] | None,
        snapshot: dict[str, object] | None,
    ) -> None:
        self.game = game
        self.version = version
        self.during = during
        self.action = action
        self.cause = cause
        self.record = record
        self.snapshot = snapshot
        self.reason = f"{type(cause).__name__}: {cause}"
        super().__init__(
            f"{game} version {version}: rules fault during {what}: {self.reason} "
            f"({self.reproduction()})"
        )

    def reproduction(self) -> str:
        """How to reproduce the fault, in one line."""
        if self.record is None:
            return "no record: the state has no replayable past"
        actions = self.record.get("actions")
        steps = len(actions) if isinstance(actions, list) else "?"
        then = f", then apply action {self.action}" if self.action is not None else ""
        if self.during in ("legal", "chance", "view"):
            then = f", then call {self.during}"
        return f"reproduce: replay the record of {steps} actions{then}"

    def to_dict(self) -> dict[str, object]:
        """Plain data for a bug report: the game, the call, the cause and the reproduction."""
        return {
            "game": self.game,
            "version": self.version,
            "during": self.during,
            "action": self.action,
            "error": self.reason,
            "record": self.record,
            "snapshot": self.snapshot,
        }
