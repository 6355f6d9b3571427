"""The ladder's search: information-set MCTS guided by a game's :class:`Knowledge`.

It is single-observer ISMCTS like :mod:`boomtown.bots.ismcts` (every iteration draws a
determinization from the bot's seat with the bot's generator; children compete by UCB1 with
availability counts), with what strong programs for such games add:

- **turn-sized playouts**: after the expanded move, the playout finishes the turn of the
  seat that made it (its further decisions, and chance, drawn with the bot's generator) with
  the knowledge's playout policy, plus ``depth`` decisions of the others (a secret or
  simultaneous choice is then seen revealed), then the position is judged by the
  knowledge's *expected final scores*. A position is judged between turns, never halfway
  through one;
- **a horizon in turns**: the tree stops ``plies`` turn changes below the root (0 = the
  bot's own turn only: a turn planner; 1 = its turn and the reply of the next seat...);
- **open-loop chance**: chance outcomes are drawn but not branched on, so the statistics of
  a move stay together whatever the dice or the deck did;
- **move ordering and progressive widening**: in a long action list the knowledge's prior
  ranks the actions; only the best ``widen_base + widen * visits ** 0.5`` of them compete,
  more as the node is visited, untried ones in prior order. A prior that looks one step
  ahead costs an evaluation per action, wasted on the many nodes a deep tree visits once or
  twice: a node visited fewer than ``prior_after`` times tries its actions in random order;
- **tree reuse**: when the bot decides again before anything else happened (a multi-step
  turn), the subtree below its last move becomes the new root. Whether nothing else happened
  is checked on the seat's view: a determinization with the move applied must show the seat
  exactly the view it now has;
- **a CPU-time budget** (``seconds``, the CPU time of the thread that searches, so a loaded
  machine does not shorten it) and an **early stop** when no other move can become well
  visited in the time or iterations left;
- **the final choice by value among well-visited moves** (:func:`best_child`): of the moves
  visited at least ``pick`` times as often as the most visited one, the best mean.
"""

from __future__ import annotations

import math
import random
from time import thread_time
from typing import Any

from boomtown.bots.base import Observation
from boomtown.bots.ismcts import select_ucb
from boomtown.bots.knowledge import Knowledge
from boomtown.engine import CHANCE, TERMINAL, Action, State

#: A playout finishing a turn stops after this many steps (a guard, not a rule).
PLAYOUT_LIMIT = 200
#: Action lists longer than this are widened progressively (shorter ones: all compete).
WIDEN_FROM = 6
#: How often the early stop is checked (iterations).
CHECK_EVERY = 16
#: The final choice: among the moves visited at least this share of the most visited
#: move's visits, the best mean value wins (``pick=1``: the most visited move).
PICK_SHARE = 0.5


class Node:
    """A node of the tree: reached by one action id from its parent (open loop: chance
    outcomes on the way are not nodes)."""

    __slots__ = ("avail", "children", "prior", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        #: The knowledge's prior of every action id seen here (None until first needed).
        self.prior: dict[int, float] | None = None


def best_child(root: Node, legal: dict[int, Any] | set[int], pick: float) -> int | None:
    """The move to play from ``root`` among the ids in ``legal``: of the moves visited at
    least ``pick`` times as often as the most visited one, the best mean value (visits break
    ties). Visits alone pick at random among moves of near-equal value, where a few hundred
    iterations are spread almost evenly; the mean separates them once each is well sampled.
    ``None`` when no legal move was visited."""
    tried = [(aid, child) for aid, child in root.children.items()
             if aid in legal and child.visits > 0]
    if not tried:
        return None
    most = max(child.visits for _, child in tried)
    floor = pick * most
    return max((pair for pair in tried if pair[1].visits >= floor),
               key=lambda pair: (pair[1].value / pair[1].visits, pair[1].visits))[0]


class SearchBot:
    """ISMCTS guided by knowledge (see the module's text). Budget: ``iterations``,
    ``seconds`` (CPU time per decision) or both, whichever ends first."""

    def __init__(
        self,
        rng: random.Random,
        knowledge: Knowledge,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        plies: int = 1,
        c: float = 0.5,
        widen: float = 1.0,
        widen_base: int = 3,
        reuse: bool = True,
        depth: int = 0,
        pick: float = PICK_SHARE,
        prior_after: int = 0,
        name: str = "search",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("the search needs an iteration budget, a time budget or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if plies < 0:
            raise ValueError("plies must be at least 0")
        if depth < 0:
            raise ValueError("depth must be at least 0")
        if not 0.0 < pick <= 1.0:
            raise ValueError("pick must be in (0, 1]")
        if prior_after < 0:
            raise ValueError("prior_after must be at least 0")
        self.rng = rng
        self.knowledge = knowledge
        self.iterations = iterations
        self.seconds = seconds
        self.plies = plies
        self.c = c
        self.widen = widen
        self.widen_base = max(1, widen_base)
        self.reuse = reuse
        self.depth = depth
        self.pick = float(pick)
        self.prior_after = int(prior_after)
        self.name = name
        #: Iterations run by the last search, and how many of the root's visits were reused.
        self.last_iterations = 0
        self.last_reused = 0
        self._lo = math.inf
        self._hi = -math.inf
        self._kept: tuple[Node, Any] | None = None

    # ---------------------------------------------------------------- deciding
    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        root = self._reused_root(obs)
        if len(legal) == 1:
            action = legal[0]
        else:
            root = self.search(obs, root)
            by_id = {a.id: a for a in legal}
            best = best_child(root, by_id, self.pick)
            action = by_id[best] if best is not None else legal[0]
        self._keep(obs, root, action.id)
        return action

    def _reused_root(self, obs: Observation) -> Node:
        kept, self._kept = self._kept, None
        if kept is not None and self.reuse:
            node, view = kept
            if obs.view() == view:
                self.last_reused = node.visits
                return node
        self.last_reused = 0
        return Node()

    def _keep(self, obs: Observation, root: Node, aid: int) -> None:
        """Keep the subtree below ``aid`` if the bot's seat decides again right after it."""
        child = root.children.get(aid)
        if not self.reuse or child is None or child.visits == 0:
            return
        world = obs.determinize(self.rng)
        world.apply(aid)
        if world.current_player == obs.seat:
            self._kept = (child, world.view(obs.seat))

    # ----------------------------------------------------------------- search
    def search(self, obs: Observation, root: Node | None = None) -> Node:
        """Run the budget from the bot's seat (from ``root`` when reusing a subtree)."""
        if root is None:
            root = Node()
        self._lo, self._hi = math.inf, -math.inf
        start = thread_time()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations
        seat = obs.seat
        done = 0
        while True:
            self.iterate(root, obs.determinize(self.rng), seat)
            done += 1
            if limit is not None and done >= limit:
                break
            if done % CHECK_EVERY == 0 or deadline is not None:
                now = thread_time() if deadline is not None else 0.0
                if deadline is not None and now >= deadline:
                    break
                if done % CHECK_EVERY == 0 and self._settled(root, done, limit, start, now,
                                                             deadline):
                    break
        self.last_iterations = done
        return root

    def _settled(self, root: Node, done: int, limit: int | None, start: float, now: float,
                 deadline: float | None) -> bool:
        """Whether the choice is settled: no other move can reach ``pick`` of the most
        visited move's visits in the budget left (so the most visited one is played)."""
        left = math.inf if limit is None else limit - done
        if deadline is not None and now > start:
            left = min(left, (deadline - now) * done / (now - start))
        if left == math.inf:
            return False
        visits = sorted((c.visits for c in root.children.values()), reverse=True)
        if len(visits) < 2:
            return False
        return visits[1] + left < self.pick * visits[0]

    def iterate(self, root: Node, world: State, seat: int) -> None:
        """One iteration on the determinization ``world`` (which it consumes)."""
        rng = self.rng
        knowledge = self.knowledge
        path: list[tuple[Node, int]] = [(root, TERMINAL)]
        node = root
        last = seat
        turns = 0
        mover = -1
        while True:
            player = world.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                world.apply(world.sample_chance(rng))
                continue
            if player != last:
                turns += 1
                last = player
                if turns > self.plies:
                    break
            ids = world.legal_action_ids()
            children = node.children
            if len(ids) > 1:
                ids = self._ranked(node, world, player, ids, seat)
            untried = None
            for a in ids:
                child = children.get(a)
                if child is None:
                    if untried is None:
                        untried = a
                else:
                    child.avail += 1
            if untried is not None:
                child = children[untried] = Node()
                child.avail = 1
                world.apply(untried)
                path.append((child, player))
                mover = player
                break
            aid = self._select(children, ids)
            world.apply(aid)
            node = children[aid]
            path.append((node, player))
        if mover >= 0:
            self._playout(world, mover)
        values = knowledge.values(world, seat)
        lo, hi = self._lo, self._hi
        for visited, player in path:
            visited.visits += 1
            if player >= 0:
                v = values[player]
                visited.value += v
                if v < lo:
                    lo = v
                if v > hi:
                    hi = v
        self._lo, self._hi = lo, hi

    def _ranked(self, node: Node, world: State, player: int, ids: list[int],
                seat: int) -> list[int]:
        """The actions that compete at ``node`` now, best prior first: all of a short list,
        the best ``widen_base + widen * sqrt(visits)`` of a long one; all of them, in random
        order, while the node has fewer than ``prior_after`` visits (each of those expands
        one untried action anyway)."""
        prior = node.prior
        if prior is None:
            if node.visits < self.prior_after:
                ranked = list(ids)
                self.rng.shuffle(ranked)
                return ranked
            prior = node.prior = {}
        missing = [a for a in ids if a not in prior]
        if missing:
            scores = self.knowledge.prior(world, player, missing, seat, self.rng)
            if scores is None:
                for a in missing:
                    prior[a] = self.rng.random()
            else:
                for a, score in zip(missing, scores, strict=True):
                    prior[a] = score
        ranked = sorted(ids, key=prior.__getitem__, reverse=True)
        if len(ranked) > WIDEN_FROM:
            k = self.widen_base + int(self.widen * math.sqrt(node.visits))
            if k < len(ranked):
                return ranked[:k]
        return ranked

    def _select(self, children: dict[int, Node], ids: list[int]) -> int:
        spread = self._hi - self._lo
        return select_ucb(children, ids, self.c * (spread if spread > 0 else 1.0))

    def _playout(self, world: State, mover: int) -> None:
        """Finish ``mover``'s turn with the knowledge's playout policy (chance drawn with the
        bot's generator), then ``depth`` more decisions of the other seats (so that, in a
        game of simultaneous or secret choices, a commitment is seen revealed)."""
        rng = self.rng
        knowledge = self.knowledge
        steps = 0
        others = 0
        while steps < PLAYOUT_LIMIT:
            player = world.current_player
            if player == CHANCE:
                world.apply(world.sample_chance(rng))
            elif player == TERMINAL:
                return
            else:
                if player != mover:
                    if others >= self.depth:
                        return
                    others += 1
                ids = world.legal_action_ids()
                aid = ids[0] if len(ids) == 1 else knowledge.rollout_action(world, player, ids,
                                                                            rng)
                world.apply(aid)
            steps += 1
