"""One game between bots: each seat's bot decides from its own observation; chance comes
from the game's own seeded stream, so a record replays the game exactly."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from boomtown.bots.base import Bot, Observation
from boomtown.bots.registry import make_bot
from boomtown.cli.scores import final_totals, winners
from boomtown.engine import CHANCE, Ruleset, State
from boomtown.sim.features import seat_features

#: A game longer than this many actions is taken to be a game that never ends (a bug).
MAX_STEPS = 1_000_000


def play_bots(
    ruleset: Ruleset,
    seat_specs: Sequence[str],
    seed: int,
    options: Any = None,
    max_steps: int = MAX_STEPS,
) -> tuple[State, list[float]]:
    """Play game ``seed`` to the end; returns the final state and each seat's thinking time."""
    players = len(seat_specs)
    state = ruleset.new_game(players, seed, options)
    bots: list[Bot] = [make_bot(spec, ruleset.id, seed, s) for s, spec in enumerate(seat_specs)]
    observations = [Observation(state, s) for s in range(players)]
    thinking = [0.0] * players
    steps = 0
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"{ruleset.id} seed {seed} did not end after {max_steps} actions")
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
        else:
            start = perf_counter()
            action = bots[player].choose(observations[player])
            thinking[player] += perf_counter() - start
            state.apply(action)
        steps += 1
    return state, thinking


@dataclass
class MatchResult:
    """One finished (or failed) game of a tournament, as written to the JSON lines."""

    index: int
    seed: int
    rotation: int
    seats: list[str]
    returns: list[float] | None = None
    totals: list[float] | None = None
    winners: list[int] | None = None
    score: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    actions: int = 0
    thinking: list[float] | None = None
    features: dict[str, list[str]] | None = None
    error: str | None = None
    #: A rules fault's reproduction (game, call, cause, record, snapshot): a bug report.
    fault: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "rotation": self.rotation,
            "players": len(self.seats),
            "seats": self.seats,
        }
        if self.error is not None:
            out["error"] = self.error
            if self.fault is not None:
                out["fault"] = self.fault
            return out
        out.update(
            returns=self.returns,
            totals=self.totals,
            winners=self.winners,
            score=self.score,
            actions=self.actions,
            thinking=self.thinking,
            features=self.features,
            record=self.record,
        )
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchResult:
        return cls(
            index=data["index"],
            seed=data["seed"],
            rotation=data["rotation"],
            seats=list(data["seats"]),
            returns=data.get("returns"),
            totals=data.get("totals"),
            winners=data.get("winners"),
            score=data.get("score"),
            record=data.get("record"),
            actions=data.get("actions", 0),
            thinking=data.get("thinking"),
            features=data.get("features"),
            error=data.get("error"),
            fault=data.get("fault"),
        )


def run_match(
    game: str, seat_specs: Sequence[str], seed: int, options: dict[str, Any], index: int,
    rotation: int,
) -> MatchResult:
    """Play one game; a Python error becomes the result's ``error`` instead of escaping, and a
    rules fault also its reproduction (``fault``)."""
    import traceback

    from boomtown.engine import RulesFault, get_ruleset

    seats = list(seat_specs)
    try:
        ruleset = get_ruleset(game)
        state, thinking = play_bots(ruleset, seats, seed, ruleset.options_from_dict(options))
    except RulesFault as fault:  # the game's bug: its reproduction, not a traceback
        return MatchResult(index, seed, rotation, seats, error=str(fault), fault=fault.to_dict())
    except Exception as exc:  # reported in the results, never hidden
        tb = traceback.format_exc(limit=4)
        return MatchResult(index, seed, rotation, seats, error=f"{exc!r}\n{tb}")
    returns = [float(r) for r in state.returns()]
    score = state.score_breakdown()
    totals, _ = final_totals(score, returns, len(seats))
    return MatchResult(
        index,
        seed,
        rotation,
        seats,
        returns=returns,
        totals=[float(t) for t in totals],
        winners=winners(returns),
        score=score,
        record=state.record.to_dict(),
        actions=len(state.history),
        thinking=[round(t, 4) for t in thinking],
        features=seat_features(game, state.view(None)),
    )
