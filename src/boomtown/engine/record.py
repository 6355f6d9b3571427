"""Game records: the source of truth for a game.

A record is the ruleset id and version, the options, the player count, the seed
and the ordered action ids (chance outcomes included). Replaying it reproduces
the game exactly.

>>> from boomtown import new_game, replay
>>> state = new_game("western-town", players=3, seed=11)
>>> while state.current_player == -1:
...     _ = state.apply(state.sample_chance())
>>> again = replay(state.record)
>>> again.snapshot() == state.snapshot()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from boomtown.engine.errors import BadRecord, BoomtownError, IllegalAction

if TYPE_CHECKING:
    from boomtown.engine.state import State

RECORD_FORMAT = "boomtown-record/1"


@dataclass
class GameRecord:
    """Everything needed to replay a game."""

    game: str
    version: int
    options: dict[str, Any]
    players: int
    seed: int
    actions: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Plain data, ready for JSON."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
        }

    def to_json(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Read and validate plain data; anything malformed raises :class:`BadRecord`."""
        if not isinstance(data, dict):
            raise BadRecord("a record must be a JSON object")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise BadRecord(f"unknown record format {data.get('format')!r}")
        try:
            game, version = data["game"], data["version"]
            options = data.get("options")
            options = {} if options is None else options
            players, seed = data["players"], data["seed"]
            actions = data["actions"]
        except KeyError as exc:
            raise BadRecord(f"record lacks the field {exc.args[0]!r}") from exc
        if not isinstance(game, str):
            raise BadRecord("record field 'game' must be a string")
        for name, value in (("version", version), ("players", players), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadRecord(f"record field {name!r} must be an integer")
        if not isinstance(options, dict):
            raise BadRecord("record field 'options' must be an object")
        if not isinstance(actions, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in actions
        ):
            raise BadRecord("record field 'actions' must be a list of integers")
        return cls(game, version, options, players, seed, list(actions))

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse one JSON record."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadRecord(f"record is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
        return cls.from_dict(data)


def replay(record: GameRecord, steps: int | None = None) -> State:
    """Rebuild the game from its record, optionally only its first ``steps`` actions."""
    from boomtown.engine.registry import get_ruleset

    try:
        ruleset = get_ruleset(record.game)
        if record.version != ruleset.version:
            raise BadRecord(
                f"record is for {record.game} version {record.version}, "
                f"this is version {ruleset.version}"
            )
        state = ruleset.new_game(record.players, record.seed, record.options)
    except BadRecord:
        raise
    except BoomtownError as exc:
        raise BadRecord(f"record cannot start: {exc}") from exc
    actions = record.actions if steps is None else record.actions[:steps]
    for index, aid in enumerate(actions):
        try:
            state.apply(aid)
        except IllegalAction as exc:
            raise BadRecord(f"action #{index} (id {aid}) does not replay: {exc.reason}") from exc
    return state
