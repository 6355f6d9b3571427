"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Every iteration:

1. draws a determinization: a full game consistent with what the bot's seat has seen,
   hidden parts drawn with the bot's own generator;
2. descends the shared tree of action sequences; at a decision the legal children in
   *this* determinization compete by UCB1 with availability counts (a child's ``avail``
   counts the iterations in which it was legal), chance points draw their outcome with
   the bot's generator;
3. expands one untried action, then plays random moves (chance again with the bot's
   generator) until the game ends or ``depth`` moves are made; a cut-off rollout is
   scored by the game's evaluation from the bot's view;
4. backs the returns vector up the path: each node adds the value of the seat that
   chose the move leading to it, so any number of players (2-5 and more) is handled.

Values are normalised by the range seen so far, so games whose returns are points
rather than wins explore as much as games with returns in [0, 1].
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from time import perf_counter, thread_time
from typing import Any

from boomtown.bots.base import Observation
from boomtown.bots.evaluation import Evaluation
from boomtown.engine import CHANCE, TERMINAL, Action, State


class Node:
    """A node of the search tree: reached by one action id from its parent."""

    __slots__ = ("avail", "children", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0



def select_ucb(children: Mapping[int, Any], ids: Sequence[int], explore: float) -> int:
    """The id among ``ids`` whose child has the best UCB1 score with availability counts:
    mean value plus ``explore * sqrt(ln(avail) / visits)``; the first id wins ties. Every
    child must have been visited (``visits`` and ``avail`` at least 1)."""
    best_id, best = ids[0], -math.inf
    for a in ids:
        child = children[a]
        mean = child.value / child.visits
        score = mean + explore * math.sqrt(math.log(child.avail) / child.visits)
        if score > best:
            best_id, best = a, score
    return best_id

class IsmctsBot:
    """ISMCTS with an iteration budget, a time budget, or both (whichever ends first)."""

    def __init__(
        self,
        rng: random.Random,
        evaluation: Evaluation,
        iterations: int | None = 200,
        seconds: float | None = None,
        depth: int = 4,
        c: float = 0.7,
        name: str = "ismcts",
        cpu: bool = False,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ismcts needs an iteration budget, a time budget or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        self.rng = rng
        self.evaluation = evaluation
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = c
        self.name = name
        #: Time the budget in CPU seconds of the searching thread (``cpu=1``) rather than
        #: wall-clock seconds (the default): the same search on a free machine, and a fair
        #: measure on a loaded one.
        self.clock = thread_time if cpu else perf_counter
        #: Iterations run by the last :meth:`search` (for benchmarks).
        self.last_iterations = 0
        self._lo = math.inf
        self._hi = -math.inf

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(obs)
        by_id = {a.id: a for a in legal}
        best = max(
            (aid for aid in root.children if aid in by_id),
            key=lambda aid: (root.children[aid].visits, root.children[aid].value),
        )
        return by_id[best]

    def search(self, obs: Observation) -> Node:
        """Run the budget from the bot's seat and return the root of the tree."""
        root = Node()
        self._lo, self._hi = math.inf, -math.inf
        clock = self.clock
        deadline = None if self.seconds is None else clock() + self.seconds
        limit = self.iterations
        done = 0
        while True:
            self.iterate(root, obs.determinize(self.rng), obs.seat)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and clock() >= deadline:
                break
        self.last_iterations = done
        return root

    def iterate(self, root: Node, world: State, seat: int) -> None:
        """One iteration on the determinization ``world`` (which it consumes)."""
        rng = self.rng
        path: list[tuple[Node, int]] = [(root, TERMINAL)]
        node = root
        while True:
            player = world.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                aid = world.sample_chance(rng).id
                child = node.children.get(aid)
                if child is None:
                    child = node.children[aid] = Node()
                world.apply(aid)
                path.append((child, CHANCE))
                node = child
                continue
            ids = world.legal_action_ids()
            children = node.children
            untried = [a for a in ids if a not in children]
            for a in ids:
                if a in children:
                    children[a].avail += 1
            if untried:
                aid = rng.choice(untried)
                child = children[aid] = Node()
                child.avail = 1
                world.apply(aid)
                path.append((child, player))
                break
            aid = self._select(children, ids)
            world.apply(aid)
            node = children[aid]
            path.append((node, player))
        values = self._rollout(world, seat)
        for v in values:
            if v < self._lo:
                self._lo = v
            if v > self._hi:
                self._hi = v
        for visited, player in path:
            visited.visits += 1
            if player >= 0:
                visited.value += values[player]

    def _select(self, children: dict[int, Node], ids: list[int]) -> int:
        spread = self._hi - self._lo
        return select_ucb(children, ids, self.c * (spread if spread > 0 else 1.0))

    def _rollout(self, world: State, seat: int) -> list[float]:
        rng = self.rng
        steps = 0
        while steps < self.depth or self.depth < 0:
            player = world.current_player
            if player == TERMINAL:
                return [float(r) for r in world.returns()]
            if player == CHANCE:
                world.apply(world.sample_chance(rng))
            else:
                world.apply(rng.choice(world.legal_action_ids()))
            steps += 1
        if world.is_terminal():
            return [float(r) for r in world.returns()]
        return self.evaluation(world, seat)
