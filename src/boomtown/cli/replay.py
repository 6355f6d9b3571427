"""``boomtown replay``: read a record from a file, rebuild the game and print it.

A file holds either one JSON record (``GameRecord.to_dict()``), or JSON lines as
written by ``boomtown simulate --out`` (each line ``{"seed", ..., "record": {...}}``).
A file named ``*.jsonl``, or any file read with ``--line N``, is read as JSON lines;
``N`` counts the non-blank lines from 1.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boomtown.cli.scores import describe_seats, score_table, winners
from boomtown.engine import BadRecord, GameRecord, State, replay


@dataclass
class Loaded:
    """A record read from a file, with what the file stored next to it."""

    record: GameRecord
    where: str
    stored_returns: list[float] | None = None


def _parse(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRecord(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from None


def load_record(path: str, line: int | None = None) -> Loaded:
    """Read the record in ``path`` (line ``line`` of a JSON-lines file; default the first)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BadRecord(f"{path}: not a UTF-8 text file") from None
    if line is not None or path.endswith(".jsonl"):
        entries = [row for row in text.splitlines() if row.strip()]
        number = 1 if line is None else line
        if not entries:
            raise BadRecord(f"{path} holds no records")
        if not 1 <= number <= len(entries):
            raise BadRecord(f"{path} has {len(entries)} record line(s); there is no line {number}")
        where = f"{path} line {number}"
        data = _parse(entries[number - 1], where)
    else:
        if not text.strip():
            raise BadRecord(f"{path} is empty")
        where = path
        data = _parse(text, where)
    stored_returns = None
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        returns = data.get("returns")
        if isinstance(returns, list):
            stored_returns = returns
        data = data["record"]
    try:
        record = GameRecord.from_dict(data)
    except BadRecord as exc:
        raise BadRecord(f"{where}: {exc}") from None
    return Loaded(record, where, stored_returns)


def replay_loaded(loaded: Loaded, steps: int | None = None) -> State:
    """Rebuild the game; a record that does not replay raises :class:`BadRecord`."""
    try:
        return replay(loaded.record, steps)
    except BadRecord as exc:
        raise BadRecord(f"{loaded.where}: {exc}") from None


def log_lines(state: State, seat: int | None, everything: bool) -> tuple[str, list[str]]:
    """The log's title and lines: omniscient, as ``seat`` sees it, or as a spectator."""
    if everything:
        return "everything, hidden parts included", [e.text for e in state.events]
    if seat is not None:
        if not 0 <= seat < state.num_players:
            raise ValueError(f"no seat {seat} in a {state.num_players}-player game")
        return f"as seat {seat} sees it", state.log_for(seat)
    return "as a spectator sees it", state.log_for(None)


def result_lines(state: State) -> list[str]:
    """Final scores and winners, or who is to decide if the game is not over."""
    if not state.is_terminal():
        return [
            f"The game is not over: after {len(state.history)} actions, "
            + ("chance" if state.current_player < 0 else f"seat {state.current_player}")
            + " is to decide."
        ]
    returns = list(state.returns())
    lines = ["Final scores:"]
    lines += score_table(state.score_breakdown(), returns, state.num_players)
    lines.append(f"Winner: {describe_seats(winners(returns))}")
    return lines
