"""Uniform random play and what ``boomtown simulate`` reports about it.

A random bot draws from its own ``random.Random``, derived from the game's seed;
chance outcomes come from the game's own seeded stream (``state.sample_chance()``).
So game ``seed`` played by :func:`play_random_game` is the same game every time.
"""

from __future__ import annotations

import json
import random
import statistics
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

from boomtown.cli.scores import describe_seats, final_totals, winners
from boomtown.cli.table import format_number, render_table
from boomtown.engine import CHANCE, Ruleset, State
from boomtown.sim.features import TURN_POSITION, seat_setup, setup_point

#: A random game longer than this is taken to be a game that never ends (a bug).
MAX_STEPS = 1_000_000


def bot_rng(seed: int) -> random.Random:
    """The random bots' generator for game ``seed`` (never the game's own stream)."""
    return random.Random(f"boomtown-random-bot:{seed}")


def random_step(state: State, rng: random.Random) -> None:
    """One step of random play: a chance outcome, or a uniform pick among the legal actions."""
    if state.current_player == CHANCE:
        state.apply(state.sample_chance())
        return
    legal = state.legal_actions()
    if not legal:
        raise RuntimeError(
            f"{state.ruleset.id}: seat {state.current_player} is to decide "
            f"but has no legal action (after {len(state.history)} actions)"
        )
    state.apply(rng.choice(legal))


def play_random_game(
    ruleset: Ruleset, players: int, seed: int, options: Any, max_steps: int = MAX_STEPS
) -> State:
    """Play game ``seed`` to the end with uniform random bots and return the final state."""
    return play_random(ruleset, players, seed, options, max_steps)[0]


def play_random(
    ruleset: Ruleset, players: int, seed: int, options: Any, max_steps: int = MAX_STEPS
) -> tuple[State, list[int]]:
    """Play game ``seed`` to the end with uniform random bots: the final state and each
    seat's turn position (read from the game once its set-up is done)."""
    state = ruleset.new_game(players, seed, options)
    rng = bot_rng(seed)
    steps = 0
    positions: list[int] | None = None
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"{ruleset.id} seed {seed} did not end after {max_steps} actions")
        if positions is None and setup_point(state):
            positions = [e[TURN_POSITION] for e in seat_setup(ruleset, state)]
        random_step(state, rng)
        steps += 1
    if positions is None:
        positions = [e[TURN_POSITION] for e in seat_setup(ruleset, state)]
    return state, positions


@dataclass
class GameResult:
    """One simulated game."""

    index: int
    seed: int
    returns: list[float]
    score: dict[str, Any]
    totals: list[float]
    totals_source: str
    winners: list[int]
    actions: int
    #: Each seat's turn position (0 plays first), from the game's set-up.
    positions: list[int] = field(default_factory=list)

    def line(self) -> str:
        totals = " / ".join(format_number(t) for t in self.totals)
        return (
            f"game {self.index:>4}  seed {self.seed:>6}  {describe_seats(self.winners):<18}"
            f"  totals {totals}  ({self.actions} actions)"
        )


def simulate(
    ruleset: Ruleset,
    players: int,
    games: int,
    seed: int,
    options: Any,
    out: TextIO | None = None,
) -> Iterator[GameResult]:
    """Play ``games`` random games, game ``i`` with seed ``seed + i``; yield each result.

    With ``out``, one JSON line per game is written to it:
    ``{"seed", "players", "returns", "score", "record"}``.
    """
    ruleset.check_players(players)
    for index in range(games):
        game_seed = seed + index
        state, positions = play_random(ruleset, players, game_seed, options)
        returns = list(state.returns())
        score = state.score_breakdown()
        totals, source = final_totals(score, returns, players)
        if out is not None:
            line = {
                "seed": game_seed,
                "players": players,
                "returns": returns,
                "score": score,
                "record": state.record.to_dict(),
            }
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
        yield GameResult(
            index, game_seed, returns, score, totals, source, winners(returns), len(state.history),
            positions,
        )


@dataclass
class Summary:
    """Win counts and score statistics over simulated games."""

    players: int
    #: Whether the game declares its turn order (``Ruleset.seat_setup``): then the wins are
    #: also shown by turn position, which need not be the seat order.
    by_position: bool = False
    games: int = 0
    wins: list[int] = field(default_factory=list)
    position_wins: list[int] = field(default_factory=list)
    ties: int = 0
    totals: list[list[float]] = field(default_factory=list)
    totals_source: str = ""
    actions: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.position_wins = [0] * self.players
        self.totals = [[] for _ in range(self.players)]

    def add(self, result: GameResult) -> None:
        self.games += 1
        for seat in result.winners:
            self.wins[seat] += 1
            if result.positions:
                self.position_wins[result.positions[seat]] += 1
        if len(result.winners) > 1:
            self.ties += 1
        for seat, total in enumerate(result.totals):
            self.totals[seat].append(total)
        self.totals_source = result.totals_source
        self.actions.append(result.actions)

    def lines(self) -> list[str]:
        if not self.games:
            return ["no games played"]
        lines = ["Wins by seat (a seat wins when its return is the maximum; ties count for each):"]
        lines += render_table(
            ["seat", "wins", "share"],
            [[str(s), str(w), f"{100 * w / self.games:.1f}%"] for s, w in enumerate(self.wins)],
            indent="  ",
        )
        lines.append(f"  games with tied winners: {self.ties}")
        if self.by_position:
            lines += ["", "Wins by turn position (0 plays first, as the game's set-up decided):"]
            lines += render_table(
                ["position", "wins", "share"],
                [[str(p), str(w), f"{100 * w / self.games:.1f}%"]
                 for p, w in enumerate(self.position_wins)],
                indent="  ",
            )
        lines += ["", f"Final totals by seat (from {self.totals_source}):"]
        lines += render_table(
            ["seat", "mean", "min", "max"],
            [
                [
                    str(s),
                    f"{statistics.fmean(t):.2f}",
                    format_number(min(t)),
                    format_number(max(t)),
                ]
                for s, t in enumerate(self.totals)
            ],
            indent="  ",
        )
        lines += [
            "",
            f"Actions per game (chance included): mean {statistics.fmean(self.actions):.1f}, "
            f"min {min(self.actions)}, max {max(self.actions)}",
        ]
        return lines


def header(
    ruleset: Ruleset, players: int, games: int, seed: int, options: Mapping[str, Any]
) -> str:
    """The first line of a simulation's output."""
    text = (
        f"{ruleset.name} ({ruleset.id} v{ruleset.version}): {games} random game"
        f"{'s' if games != 1 else ''}, {players} players, seeds {seed}..{seed + games - 1}"
    )
    if options:
        text += ", options " + ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items())
    return text
