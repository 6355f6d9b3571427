"""Steps per second through each RL interface, against the raw engine, side by side in one run.

``python benchmarks/rl_bench.py [GAME ...] [-p PLAYERS] [--seconds S] [--rounds R]``
(default: every registered game at its smallest player count, 3 seconds per line in 6
rounds). Every line plays seeded games with uniformly random legal decisions; chance outcomes
are resolved but never counted.

The lines of one game take turns: each round gives every line ``S / R`` seconds, one after
another, and each line goes on with its games where it stopped. A line's ratio to the engine
is the median over the rounds of its rate divided by the engine's rate *in the same round*, so
a load that comes and goes on a shared machine touches every line alike.

* ``engine``: decisions/s of ``state.apply`` on ids from ``legal_action_ids()``, chance by
  ``sample_chance()``: the reference every other line is divided by;
* ``engine + observation``: the same plus the deciding seat's observation vector
  (:mod:`boomtown.rl.observation`) and action mask at every decision;
* ``engine + view``: the same plus ``view(seat)`` (what the JSON view and the generic
  encoding start from: the least an observation built from the view would cost);
* ``pettingzoo``: agent steps/s, ``last()`` (observation and mask) then ``step``;
* ``pettingzoo + JSON view``: the same with ``structured_view=True``;
* ``gymnasium``: ``env.step()`` calls/s for seat 0; each step also plays every other seat's
  decisions until seat 0 is asked again (random opponents inside the environment), so one
  step is ``players`` decisions or so: the strictest of these figures;
* ``vector (8 games)``: ``BoomtownVectorEnv.step`` of 8 games, counted per game stepped
  (each as a ``gymnasium`` step);
* ``openspiel``: decisions/s through ``legal_actions``/``apply_action``, no observation;
* ``openspiel + observation tensor``: the same plus ``observation_tensor(player)``.

The goal of issue 20: ``pettingzoo`` and ``gymnasium`` at least a tenth of ``engine``. The
first line printed names the commit measured (:func:`boomtown.rl.stamp.commit_stamp`: ``+``
when the RL code, the games or the engine had changes not yet committed);
``scripts/rl_docs.py bench`` puts the output into docs/rl.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import metadata

import numpy as np

from boomtown.engine import CHANCE, get_ruleset, list_rulesets
from boomtown.rl.common import GameSpec, action_mask
from boomtown.rl.gymnasium import BoomtownEnv
from boomtown.rl.openspiel import load_game
from boomtown.rl.pettingzoo import env as aec_env
from boomtown.rl.stamp import commit_stamp
from boomtown.rl.vector import BoomtownVectorEnv

#: One line: (game, players) -> an endless stream that yields once per counted step.
Stepper = Callable[[str, int], Iterator[int]]
#: The interfaces the goal is about, and the share of the engine's rate they must reach.
GOAL = {"pettingzoo": 0.1, "gymnasium": 0.1}
VECTOR_GAMES = 8
#: The libraries whose versions the report names.
LIBRARIES = ("numpy", "pettingzoo", "gymnasium", "open_spiel")
DEFAULT_SECONDS = 3.0
DEFAULT_ROUNDS = 6


def engine_steps(extra: str) -> Stepper:
    """Raw engine decisions; ``extra`` adds ``"observation"`` (vector and mask) or ``"view"``."""
    def steps(game: str, players: int) -> Iterator[int]:
        spec = GameSpec.make(game, players)
        observer = spec.observer() if extra == "observation" else None
        size = spec.ruleset.action_space_size
        seed = 0
        while True:
            state = spec.ruleset.new_game(players, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                seat = state.current_player
                if seat == CHANCE:
                    state.apply(state.sample_chance())
                    continue
                if observer is not None:
                    observer.encode(state, seat)
                    action_mask(state, seat, size)
                elif extra == "view":
                    state.view(seat)
                legal = state.legal_action_ids()
                state.apply(legal[rng.randrange(len(legal))])
                yield 1
            seed += 1

    return steps


def pettingzoo_steps(structured_view: bool) -> Stepper:
    def steps(game: str, players: int) -> Iterator[int]:
        e = aec_env(game, players, structured_view=structured_view)
        rng = random.Random(0)
        seed = 0
        while True:
            e.reset(seed=seed)
            for _ in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.randrange(len(legal))]))
                yield 1
            seed += 1

    return steps


def gymnasium_steps(game: str, players: int) -> Iterator[int]:
    e = BoomtownEnv(game, players, seat=0)
    rng = random.Random(0)
    seed = 0
    while True:
        obs, _ = e.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, done, _, _ = e.step(int(legal[rng.randrange(len(legal))]))
            yield 1
        seed += 1


def vector_steps(game: str, players: int) -> Iterator[int]:
    envs = BoomtownVectorEnv(game, players, num_envs=VECTOR_GAMES, seat=0)
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    while True:
        masks = info["action_mask"]
        actions = [int(rng.choice(np.flatnonzero(row))) for row in masks]
        _, _, _, _, info = envs.step(actions)
        yield VECTOR_GAMES


def openspiel_steps(with_tensor: bool) -> Stepper:
    def steps(game: str, players: int) -> Iterator[int]:
        spiel_game = load_game(game, players)
        rng = random.Random(0)
        while True:
            state = spiel_game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    ids, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(ids, weights=probs)[0])
                    continue
                if with_tensor:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                yield 1

    return steps


#: (name, unit, stepper), the engine first: every ratio is to it.
BENCHMARKS: list[tuple[str, str, Stepper]] = [
    ("engine", "decisions", engine_steps("")),
    ("engine + observation", "decisions", engine_steps("observation")),
    ("engine + view", "decisions", engine_steps("view")),
    ("pettingzoo", "steps", pettingzoo_steps(False)),
    ("pettingzoo + JSON view", "steps", pettingzoo_steps(True)),
    ("gymnasium", "steps", gymnasium_steps),
    (f"vector ({VECTOR_GAMES} games)", "steps", vector_steps),
    ("openspiel", "decisions", openspiel_steps(False)),
    ("openspiel + observation tensor", "decisions", openspiel_steps(True)),
]


@dataclass
class Line:
    """One interface's running totals over the rounds."""

    name: str
    unit: str
    stream: Iterator[int]
    steps: int = 0
    seconds: float = 0.0
    rates: list[float] = field(default_factory=list)

    def run(self, seconds: float) -> None:
        """Step for ``seconds``; record this slice's rate."""
        stream, count = self.stream, 0
        start = time.perf_counter()
        deadline = start + seconds
        for n in stream:
            count += n
            if time.perf_counter() >= deadline:
                break
        took = time.perf_counter() - start
        self.steps += count
        self.seconds += took
        self.rates.append(count / took)

    @property
    def rate(self) -> float:
        return self.steps / self.seconds


@dataclass(frozen=True)
class Result:
    name: str
    unit: str
    rate: float  # steps per second over the whole run
    ratio: float  # median over the rounds of (rate / engine's rate in that round)


def bench(game: str, players: int, seconds: float = DEFAULT_SECONDS,
          rounds: int = DEFAULT_ROUNDS) -> list[Result]:
    """Every interface of ``game``, the lines taking turns for ``rounds`` rounds of
    ``seconds / rounds`` each. Set-up (OpenSpiel registration, the first game of each line)
    happens before the clock starts."""
    lines = [Line(name, unit, stepper(game, players)) for name, unit, stepper in BENCHMARKS]
    for line in lines:
        next(line.stream)  # build the environment and start its first game
    for _ in range(rounds):
        for line in lines:
            line.run(seconds / rounds)
    engine = lines[0].rates
    return [Result(line.name, line.unit, line.rate,
                   statistics.median(r / e for r, e in zip(line.rates, engine, strict=True)))
            for line in lines]


def versions() -> str:
    """The Python and library versions measured, as one line."""
    found = [f"python {platform.python_version()}"]
    for package in LIBRARIES:
        try:
            found.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            found.append(f"{package} missing")
    return "versions: " + ", ".join(found)


def goal_mark(result: Result) -> str:
    goal = GOAL.get(result.name)
    if goal is None:
        return ""
    return "  goal met" if result.ratio >= goal else "  BELOW GOAL"


def report(games: list[tuple[str, int]], seconds: float = DEFAULT_SECONDS,
           rounds: int = DEFAULT_ROUNDS) -> list[str]:
    """The benchmark's lines of text, the commit stamp first."""
    lines = [f"commit {commit_stamp()}: {seconds:g} s per line in {rounds} rounds, "
             "ratio = median over the rounds", versions()]
    for game, players in games:
        results = bench(game, players, seconds, rounds)
        lines.append(f"{game}, {players} players")
        lines.append(f"  {'interface':<32}{'per second':>12}{'vs engine':>11}")
        for r in results:
            lines.append(f"  {r.name:<32}{r.rate:>12,.0f}{r.ratio:>10.2f}x  {r.unit}"
                         f"{goal_mark(r)}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("games", nargs="*", help="registered games (default: all)")
    parser.add_argument("-p", "--players", type=int, help="player count (default: smallest)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help="time per line")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                        help="turns the lines take")
    args = parser.parse_args(argv)
    games = [(g, args.players or get_ruleset(g).player_counts[0])
             for g in (args.games or list_rulesets())]
    for line in report(games, args.seconds, args.rounds):
        print(line, flush=True)


if __name__ == "__main__":
    main()
