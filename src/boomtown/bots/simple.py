"""The two simple bots: uniform random play, and one-ply lookahead on an evaluation."""

from __future__ import annotations

import random

from boomtown.bots.base import Observation, sampled_scores
from boomtown.bots.evaluation import Evaluation
from boomtown.engine import CHANCE, Action, State

#: Chance points settled after a lookahead move before evaluating (a guard, not a rule).
MAX_CHANCE_STEPS = 64


class RandomBot:
    """Picks uniformly among the legal actions with its own generator."""

    def __init__(self, rng: random.Random, name: str = "random") -> None:
        self.rng = rng
        self.name = name

    def choose(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal_actions())


def settle_chance(state: State, rng: random.Random, limit: int = MAX_CHANCE_STEPS) -> None:
    """Resolve the chance points that follow, drawing with ``rng`` (never the game's stream)."""
    steps = 0
    while state.current_player == CHANCE and steps < limit:
        state.apply(state.sample_chance(rng))
        steps += 1


class HeuristicBot:
    """One-ply lookahead: each legal action is tried on determinized copies of the game
    (hidden parts drawn with the bot's generator, chance settled the same way), followed
    by up to ``lookahead`` random moves (so that a secret commitment is seen revealed),
    and scored by the game's evaluation from the bot's seat; the best average wins, ties
    at random. Every action is tried on the same determinizations and random streams.
    """

    def __init__(
        self,
        rng: random.Random,
        evaluation: Evaluation,
        samples: int = 2,
        lookahead: int = 6,
        name: str = "heuristic",
    ) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if lookahead < 0:
            raise ValueError("lookahead must be at least 0")
        self.rng = rng
        self.evaluation = evaluation
        self.samples = samples
        self.lookahead = lookahead
        self.name = name

    def scores(self, obs: Observation) -> list[tuple[Action, float]]:
        """Each legal action with its average evaluation for the bot's seat."""
        seat = obs.seat

        def judge(child: State, rng: random.Random) -> float:
            settle_chance(child, rng)
            for _ in range(self.lookahead):
                if child.is_terminal():
                    break
                if child.current_player == CHANCE:
                    child.apply(child.sample_chance(rng))
                else:
                    child.apply(rng.choice(child.legal_action_ids()))
            return self.evaluation(child, seat)[seat]

        return sampled_scores(obs, self.rng, self.samples, judge)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = self.scores(obs)
        best = max(score for _, score in scored)
        return self.rng.choice([a for a, score in scored if score >= best - 1e-9])
