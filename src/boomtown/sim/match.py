"""One game between bots: each seat's bot decides from its own observation; chance comes
from the game's own seeded stream, so a record replays the game exactly.

Each seat's bot draws from its own generator, derived from the game's seed, the seat and, for
every rotation of a line-up after the first, the rotation (:func:`bot_seed`): the rotations
of one seed share the deal and the dice, but in a mirror match (the same bot at every seat)
they are different games, not copies of one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from boomtown.bots.base import Bot, Observation
from boomtown.bots.registry import make_bot
from boomtown.cli.scores import final_totals, winners
from boomtown.engine import CHANCE, Ruleset, State
from boomtown.sim import features as F

#: A game longer than this many actions is taken to be a game that never ends (a bug).
MAX_STEPS = 1_000_000
#: Rotation ``r`` of a seed's block gives its bots seed ``seed + r * BOT_SEED_STRIDE``: no
#: other game's seed (any seed of 32 bits) comes near it, and rotation 0 keeps ``seed``.
BOT_SEED_STRIDE = 2**32


def bot_seed(seed: int, rotation: int) -> int:
    """The seed the bots of rotation ``rotation`` of game ``seed`` derive their generators from.

    >>> bot_seed(7, 0), bot_seed(7, 1) == bot_seed(7, 0)
    (7, False)
    """
    return seed + rotation * BOT_SEED_STRIDE


@dataclass
class Played:
    """A finished game and what the lab measured while it ran."""

    state: State
    thinking: list[float]
    setup: list[dict[str, Any]]
    decisions: int


def play_bots(
    ruleset: Ruleset,
    seat_specs: Sequence[str],
    seed: int,
    options: Any = None,
    max_steps: int = MAX_STEPS,
    rotation: int = 0,
) -> Played:
    """Play game ``seed`` to the end (its bots seeded for ``rotation``)."""
    players = len(seat_specs)
    state = ruleset.new_game(players, seed, options)
    seeded = bot_seed(seed, rotation)
    bots: list[Bot] = [
        make_bot(spec, ruleset.id, seeded, s) for s, spec in enumerate(seat_specs)
    ]
    observations = [Observation(state, s) for s in range(players)]
    thinking = [0.0] * players
    setup: list[dict[str, Any]] | None = None
    steps = decisions = 0
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"{ruleset.id} seed {seed} did not end after {max_steps} actions")
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
        else:
            if setup is None:
                setup = F.seat_setup(ruleset, state)
            start = perf_counter()
            action = bots[player].choose(observations[player])
            thinking[player] += perf_counter() - start
            state.apply(action)
            decisions += 1
        steps += 1
    if setup is None:  # a game without a single decision
        setup = F.seat_setup(ruleset, state)
    return Played(state, thinking, setup, decisions)


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
    #: Per seat, what the game reports of the finished game (``Ruleset.seat_features``).
    features: list[dict[str, Any]] | None = None
    error: str | None = None
    #: A rules fault's reproduction (game, call, cause, record, snapshot): a bug report.
    fault: dict[str, Any] | None = None
    #: Per seat, its turn position and starting asymmetries (``Ruleset.seat_setup``).
    setup: list[dict[str, Any]] | None = None
    #: Decisions the bots took (``actions`` counts chance outcomes too).
    decisions: int | None = None
    #: The comparison arm this game belongs to (``--compare``: "A" or "B"), and the options
    #: it was played with as given on the command line.
    arm: str | None = None
    options: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def players(self) -> int:
        return len(self.seats)

    def positions(self) -> list[int]:
        """Each seat's turn position (seat order for lines without a set-up)."""
        setup = self.setup or F.default_setup(self.players)
        return [int(entry[F.TURN_POSITION]) for entry in setup]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "rotation": self.rotation,
            "players": len(self.seats),
            "seats": self.seats,
        }
        if self.arm is not None:
            out["arm"] = self.arm
        if self.options is not None:
            out["options"] = self.options
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
            decisions=self.decisions,
            thinking=self.thinking,
            setup=self.setup,
            features=self.features,
            record=self.record,
        )
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchResult:
        seats = list(data["seats"])
        return cls(
            index=data["index"],
            seed=data["seed"],
            rotation=data["rotation"],
            seats=seats,
            returns=data.get("returns"),
            totals=data.get("totals"),
            winners=data.get("winners"),
            score=data.get("score"),
            record=data.get("record"),
            actions=data.get("actions", 0),
            thinking=data.get("thinking"),
            features=F.legacy_features(data.get("features"), len(seats)),
            error=data.get("error"),
            fault=data.get("fault"),
            setup=data.get("setup"),
            decisions=data.get("decisions"),
            arm=data.get("arm"),
            options=data.get("options"),
        )


def run_match(
    game: str, seat_specs: Sequence[str], seed: int, options: dict[str, Any], index: int,
    rotation: int, arm: str | None = None,
) -> MatchResult:
    """Play one game; a Python error becomes the result's ``error`` instead of escaping, and a
    rules fault also its reproduction (``fault``)."""
    import traceback

    from boomtown.engine import RulesFault, get_ruleset

    seats = list(seat_specs)
    given = dict(options)

    def failed(error: str, fault: dict[str, Any] | None = None) -> MatchResult:
        return MatchResult(index, seed, rotation, seats, error=error, fault=fault, arm=arm,
                           options=given)

    try:
        ruleset = get_ruleset(game)
        played = play_bots(ruleset, seats, seed, ruleset.options_from_dict(options),
                           rotation=rotation)
        state = played.state
        features = F.seat_features(ruleset, state)
    except RulesFault as fault:  # the game's bug: its reproduction, not a traceback
        return failed(str(fault), fault.to_dict())
    except Exception as exc:  # reported in the results, never hidden
        return failed(f"{exc!r}\n{traceback.format_exc(limit=4)}")
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
        thinking=[round(t, 4) for t in played.thinking],
        features=features,
        setup=played.setup,
        decisions=played.decisions,
        arm=arm,
        options=given,
    )
