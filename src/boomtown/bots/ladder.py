"""The strength ladder: ``easy`` < ``medium`` < ``hard``, one documented setting each.

Every level plays every game with the game's :class:`~boomtown.bots.knowledge.Knowledge`
(expected final scores, move ordering, sensible playouts):

- ``easy``: a :class:`GreedyBot`. Each legal action is tried on a few determinizations, the
  turn is finished by the knowledge's playout policy and the position judged by the
  expected final scores with the knowledge's hand-made weights (``fitted=0``: never those
  fitted on self-play); it picks among the best few with some chance (a newcomer's fair
  opponent: it never takes an action that judges clearly worse than the best one);
- ``medium``: the ladder's search (:class:`~boomtown.bots.search.SearchBot`) with a small
  budget;
- ``hard``: the same search with one second of CPU time per decision (it stops early when
  the most visited move can no longer be overtaken).

``medium`` and ``hard`` judge with the value fitted on self-play where a game has one
(``fitted=1``, :mod:`boomtown.bots.value_weights`).

The table :data:`LEVELS` is the one place that says what a level is; :data:`GAME_LEVELS`
adjusts a level for one game. A level's spec takes the same parameters as its bot, so
``hard:seconds=0.2`` is the hard bot with a fifth of a second.
"""

from __future__ import annotations

import math
import random
from typing import Any

from boomtown.bots.base import Observation, sampled_scores
from boomtown.bots.knowledge import Knowledge, knowledge_for
from boomtown.bots.search import PLAYOUT_LIMIT, SearchBot
from boomtown.engine import CHANCE, Action, State

#: Chooses the knowledge's weights (1: fitted on self-play where the game has them, 0:
#: hand-made); every level takes it.
FITTED = "fitted"
#: What each level is: the bot and its parameters (before a game's adjustments).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"bot": "greedy", "samples": 2, "choices": 3, "margin": 0.02, FITTED: 0},
    "medium": {"bot": "search", "iterations": 150, "seconds": 0.25, "plies": 1, FITTED: 1},
    "hard": {"bot": "search", "seconds": 1.0, "plies": 1, FITTED: 1},
}
#: Great Western Trail's ``easy``: the margin within which it picks among the best moves. Its
#: values are points over 150, so the ladder's 0.02 is three points; there it scored 11 a
#: seat in ladder games, with 0.013 (two points) 26.5 against ``medium``'s 56.8, ``medium``
#: still ahead in 46 of 48 pairs (docs/bots.md, "Issue 17, fifteenth pass").
EASY_GWT_MARGIN = 0.013
#: Great Western Trail's ``medium``: iterations a decision, no clock (a few ms a decision, so
#: it plays the same on any machine). It was 40 until the knowledge priced hand values and
#: the stops ahead (docs/bots.md, "Issue 17, sixteenth pass"): then 40 iterations were close
#: to ``hard`` (``hard`` ahead in 8 of 12 ladder games), as the knowledge, not the budget,
#: sets how well a seat plays; at 10, three seats scored 55 a seat against 65 at 20 (19
#: games, seeds 200-218).
MEDIUM_GWT_ITERATIONS = 10
#: Way Out West's ``medium``: iterations a decision, no clock. With the value weights fitted
#: on self-play (docs/bots.md, "Issue 17, twelfth pass") 150 iterations were too close to
#: ``hard`` (ahead of it in 8 of 24 games) and 50 to ``easy`` (ahead of it in 14 of 24);
#: with 100, ahead of ``easy`` in 24.5 of 36 and of ``hard`` in 9 of 36.
MEDIUM_WOW_ITERATIONS = 100
#: Way Out West's ``medium`` plays two moves of the others after each playout, not
#: ``hard``'s four: at 100 iterations fewer random moves judge a move more surely. With four
#: it was ahead of ``easy`` in 22 of 36 ladder games, with none level with ``hard`` (11 of 22),
#: with two a step between them (docs/bots.md, "Issue 17, thirteenth pass").
MEDIUM_WOW_DEPTH = 2
#: A ``widen`` under which every action of a list competes from a node's second visit on.
NO_WIDENING = 100.0
#: ``hard`` in Western Town and Way Out West, shaped like ``ismcts`` but judged by the
#: knowledge: a tree through the next turns of every seat (``plies``: turn changes it
#: spans), ``depth`` random moves of the others after each playout (a move is judged by what
#: it leaves them to do), ``c=0.7`` and every action competing. Planning its own turn
#: alone, ``hard`` was level with ``medium`` and with ``ismcts:seconds=1`` in both games
#: (docs/bots.md, "Issue 17, fifth pass").
THROUGH_TURNS: dict[str, Any] = {"plies": 8, "depth": 4, "c": 0.7, "widen": NO_WIDENING}
#: Western Town's ``hard`` plays eight moves of the others after each playout, not four: at
#: fixed budgets (1,000 iterations against ``ismcts:iterations=600``, 30 games, seeds
#: 500-509) it was ahead of ``ismcts`` in 28 games against 15.5 with four, and ahead of the
#: four-move search in 25 (docs/bots.md, "Issue 17, sixth pass"). Sixteen were no better.
WESTERN_TOWN_DEPTH = 8
#: Western Town's searches: :data:`THROUGH_TURNS` with that depth, keeping the most visited
#: move (``pick=1``: at 1 s, ``pick=0.5`` was ahead of ``ismcts`` in 0 of 3 games, the most
#: visited move in 3 of 3). ``medium`` searches so too, on its own small budget: once ``hard``
#: played eight moves, ``medium`` planning its own turn was ahead of ``easy`` in 5 of 12
#: ladder games (seeds 9000-9003); shaped so, in 23 of 24, and ``hard`` ahead of it in 17.5
#: of 24 (seeds 9000-9007).
WESTERN_TOWN_SEARCH: dict[str, Any] = {**THROUGH_TURNS, "depth": WESTERN_TOWN_DEPTH, "pick": 1.0}
#: Per game, per level: parameters that replace the level's (the measurements behind each:
#: docs/bots.md, "Strength ladder"). Great Western Trail plans the bot's own turn
#: (``plies=0``: a turn is many decisions of one seat), and its ``medium`` searches few
#: iterations (:data:`MEDIUM_GWT_ITERATIONS`).
#: Western Town and Way Out West search through every seat's turns at both levels (at 1 s
#: Way Out West's ``hard`` was ahead of ``ismcts:seconds=1`` in 9 of 12 games, seeds
#: 9000-9003). Way Out West's ``medium``, planning its own turn, was ahead of ``easy`` in 9
#: of 12 ladder games; shaped so, in 19 of 24, and ``hard`` ahead of it in 20 of 24 (seeds
#: 9000-9007).
GAME_LEVELS: dict[str, dict[str, dict[str, Any]]] = {
    "great-western-trail": {
        "easy": {"margin": EASY_GWT_MARGIN},
        "medium": {"plies": 0, "iterations": MEDIUM_GWT_ITERATIONS, "seconds": None},
        "hard": {"plies": 0},
    },
    "western-town": {
        "medium": WESTERN_TOWN_SEARCH,
        "hard": WESTERN_TOWN_SEARCH,
    },
    "way-out-west": {
        "medium": {**THROUGH_TURNS, "depth": MEDIUM_WOW_DEPTH,
                   "iterations": MEDIUM_WOW_ITERATIONS, "seconds": None},
        "hard": THROUGH_TURNS,
    },
}
#: One line per level, for help texts and the web lobby.
DESCRIPTIONS = {
    "easy": "judges each move by the position after its turn; picks among the best few",
    "medium": "a short tree search guided by the game's knowledge",
    "hard": "tree search guided by the game's knowledge, one second a move",
}
GREEDY_PARAMETERS = {"samples", "choices", "margin", FITTED}
SEARCH_PARAMETERS = {"iterations", "seconds", "plies", "c", "widen", "widen_base", "reuse",
                     "depth", "pick", "prior_after", FITTED}


def level_parameters(level: str, game: str) -> dict[str, Any]:
    """The parameters of ``level`` for ``game`` (the level's, then the game's changes)."""
    params = dict(LEVELS[level])
    params.update(GAME_LEVELS.get(game, {}).get(level, {}))
    return params


def take_knowledge(game: str, params: dict[str, Any]) -> Knowledge:
    """``game``'s knowledge with the weights ``params`` asks for, its ``fitted`` parameter
    taken out of ``params`` (default 1: the fitted weights where the game has them)."""
    return knowledge_for(game, fitted=bool(params.pop(FITTED, 1)))


def make_level(level: str, game: str, rng: random.Random, overrides: dict[str, Any],
               name: str) -> GreedyBot | SearchBot:
    """The bot of ``level`` for ``game``, with ``overrides`` from the spec."""
    params = level_parameters(level, game)
    kind = params.pop("bot")
    allowed = GREEDY_PARAMETERS if kind == "greedy" else SEARCH_PARAMETERS
    unknown = sorted(set(overrides) - allowed)
    if unknown:
        raise ValueError(f"bot {name!r}: unknown parameter(s) {', '.join(unknown)}; known: "
                         f"{', '.join(sorted(allowed))}")
    if "seconds" in overrides and "iterations" not in overrides:
        params["iterations"] = None
    if "iterations" in overrides and "seconds" not in overrides:
        params["seconds"] = None
    params.update(overrides)
    knowledge = take_knowledge(game, params)
    if kind == "greedy":
        return GreedyBot(rng, knowledge, name=name, **params)
    if "reuse" in params:
        params["reuse"] = bool(params["reuse"])
    return SearchBot(rng, knowledge, name=name, **params)


class GreedyBot:
    """One-turn lookahead on the knowledge's expected final scores (the ``easy`` level).

    Each legal action is tried on ``samples`` determinizations (the same ones for every
    action, with the same random streams); after it, the seat's turn is finished by the
    knowledge's playout policy and the position's value for the seat is averaged. The bot
    then picks at random among the ``choices`` best actions whose value is within
    ``margin`` of the best one, the better ones more likely.
    """

    def __init__(self, rng: random.Random, knowledge: Knowledge, samples: int = 2,
                 choices: int = 3, margin: float = 0.02, name: str = "greedy") -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if choices < 1:
            raise ValueError("choices must be at least 1")
        if margin < 0:
            raise ValueError("margin must be at least 0")
        self.rng = rng
        self.knowledge = knowledge
        self.samples = int(samples)
        self.choices = int(choices)
        self.margin = float(margin)
        self.name = name

    def scores(self, obs: Observation) -> list[tuple[Action, float]]:
        """Each legal action with its average value for the bot's seat."""
        seat, knowledge = obs.seat, self.knowledge

        def judge(child: State, rng: random.Random) -> float:
            finish_turn(child, seat, knowledge, rng)
            return knowledge.values(child, seat)[seat]

        return sampled_scores(obs, self.rng, self.samples, judge)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = sorted(self.scores(obs), key=lambda pair: pair[1], reverse=True)
        best = scored[0][1]
        pool = [(a, v) for a, v in scored[: self.choices] if v >= best - self.margin]
        if len(pool) == 1:
            return pool[0][0]
        spread = max(self.margin, 1e-9)
        weights = [math.exp((v - best) / spread * 2.0) for _, v in pool]
        pick = self.rng.random() * sum(weights)
        for (action, _), w in zip(pool, weights, strict=True):
            pick -= w
            if pick <= 0:
                return action
        return pool[-1][0]


def finish_turn(state: State, seat: int, knowledge: Knowledge, rng: random.Random) -> None:
    """Play ``seat``'s turn to its end with the knowledge's playout policy (chance drawn with
    ``rng``): until another seat is to decide or the game is over."""
    steps = 0
    while steps < PLAYOUT_LIMIT:
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
        elif player == seat:
            ids = state.legal_action_ids()
            state.apply(ids[0] if len(ids) == 1 else knowledge.rollout_action(state, seat, ids,
                                                                              rng))
        else:
            return
        steps += 1
