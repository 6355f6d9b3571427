"""The strength ladder: its levels by name, the knowledge of each game, the search, and
``easy``'s sense (it never takes an action a simple rule shows absurd).

Strength itself is measured by ``make strength`` (docs/bots.md), never here: these tests
assert what must hold whatever the budget, and use small iteration budgets (no timing).
"""

from __future__ import annotations

import json
import random
import runpy
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from boomtown import CHANCE, State, new_game
from boomtown.bots import Observation, make_bot
from boomtown.bots.knowledge import (
    Knowledge,
    LinearKnowledge,
    RoundsKnowledge,
    ahead_values,
    fitted_weights,
    knowledge_for,
    register_knowledge,
    unregister_knowledge,
)
from boomtown.bots.ladder import (
    LEVELS,
    MEDIUM_GWT_ITERATIONS,
    MEDIUM_WOW_DEPTH,
    MEDIUM_WOW_ITERATIONS,
    THROUGH_TURNS,
    WESTERN_TOWN_DEPTH,
    GreedyBot,
    level_parameters,
)
from boomtown.bots.search import Node, SearchBot, best_child
from boomtown.bots.value_weights import WEIGHTS
from boomtown.engine.record import GameRecord, replay
from boomtown.games.great_western_trail import bot_knowledge as GWT_K
from boomtown.games.great_western_trail.bot_knowledge import remaining_visits
from boomtown.games.great_western_trail.buildings import COWBOY
from boomtown.games.great_western_trail.data import KC_SPACE, SPACES
from boomtown.games.great_western_trail.kansas_city import place_worker
from boomtown.games.way_out_west import bot_knowledge as K
from boomtown.games.way_out_west.bot_knowledge import WayOutWestKnowledge
from boomtown.games.way_out_west.state import C as WOW_C
from boomtown.games.way_out_west.state import T as WOW_T
from test_bots import advance

GAMES = ("western-town", "way-out-west", "great-western-trail")


def finished(game: str, seed: int) -> State:
    return advance(new_game(game, 3, seed=seed), 100_000, random.Random(seed))


# ------------------------------------------------------------------ levels
def test_levels_by_name() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard"]
    for game in GAMES:
        assert isinstance(make_bot("easy", game, 1, 0), GreedyBot)
        medium = make_bot("medium", game, 1, 0)
        hard = make_bot("hard", game, 1, 0)
        assert isinstance(medium, SearchBot) and isinstance(hard, SearchBot)
        assert hard.seconds == level_parameters("hard", game)["seconds"] == 1.0
    medium_budgets = {"western-town": (150, 0.25), "way-out-west": (MEDIUM_WOW_ITERATIONS, None)}
    for game, budget in medium_budgets.items():  # a tree through every seat's turns
        hard_params = level_parameters("hard", game)
        shape = {k: v for k, v in THROUGH_TURNS.items() if k != "depth"}  # depth: per game
        assert {k: hard_params[k] for k in shape} == shape
        medium = make_bot("medium", game, 1, 0)  # the same shape, a small budget
        assert isinstance(medium, SearchBot) and medium.plies == THROUGH_TURNS["plies"]
        assert (medium.iterations, medium.seconds) == budget
    assert level_parameters("hard", "western-town")["pick"] == 1.0
    trail = make_bot("medium", "great-western-trail", 1, 0)  # a fixed budget, no clock
    assert isinstance(trail, SearchBot) and trail.seconds is None
    assert trail.iterations == MEDIUM_GWT_ITERATIONS < LEVELS["medium"]["iterations"]
    western = make_bot("hard", "western-town", 1, 0)
    assert isinstance(western, SearchBot) and western.pick == 1.0
    assert (western.plies, western.depth, western.c) == (8, WESTERN_TOWN_DEPTH, 0.7)
    assert level_parameters("hard", "way-out-west")["depth"] == THROUGH_TURNS["depth"] == 4
    wow_medium = make_bot("medium", "way-out-west", 1, 0)
    assert isinstance(wow_medium, SearchBot) and wow_medium.depth == MEDIUM_WOW_DEPTH == 2
    cheap = make_bot("hard:iterations=20", "western-town", 1, 0)
    assert isinstance(cheap, SearchBot) and cheap.iterations == 20 and cheap.seconds is None
    timed = make_bot("hard:seconds=0.3", "western-town", 1, 0)
    assert isinstance(timed, SearchBot) and timed.iterations is None and timed.seconds == 0.3
    for bad in ("easy:iterations=5", "hard:samples=2", "medium:plies=-1", "easy:samples=0"):
        with pytest.raises(ValueError):
            make_bot(bad, "western-town", 0, 0)


def test_server_levels_use_the_ladder() -> None:
    from boomtown.server import bots as server

    assert list(server.LEVELS) == ["easy", "medium", "hard"]
    for level, (spec, _text) in server.LEVELS.items():
        assert spec == level


# --------------------------------------------------------------- knowledge
def test_ahead_values() -> None:
    assert ahead_values([], 1.0, 10.0) == []
    assert ahead_values([3.0], 1.0, 10.0) == [1.0]
    lead, mid, last = ahead_values([40.0, 30.0, 10.0], 5.0, 100.0)
    assert 1.0 >= lead > mid > last >= 0.0


@pytest.mark.parametrize("game", GAMES)
def test_knowledge_of_each_game(game: str) -> None:
    knowledge = knowledge_for(game)
    assert isinstance(knowledge, LinearKnowledge)
    assert len(knowledge.weights) == len(knowledge.feature_names) > 0
    end = finished(game, 3)
    totals = [float(t) for t in end.score_breakdown()["totals"]]
    assert knowledge.estimates(end, 0) == totals
    state = advance(new_game(game, 3, seed=4), 40, random.Random(4))
    seat = state.current_player
    estimates = knowledge.estimates(state, seat)
    values = knowledge.values(state, seat)
    assert len(estimates) == len(values) == 3
    assert all(0.0 <= v <= 1.0 for v in values)
    points, features = knowledge.seat_features(state, seat, seat)
    assert len(features) == len(knowledge.feature_names)
    assert estimates[seat] == pytest.approx(
        points + sum(w * f for w, f in zip(knowledge.weights, features, strict=True)))
    # the best estimate gets the best value
    best = max(range(3), key=lambda s: estimates[s])
    assert max(range(3), key=lambda s: values[s]) == best


def test_linear_knowledge_follows_one_declaration_of_its_features(toy: str) -> None:
    """``features`` gives the names and the hand-made weights; a game computes them seat by
    seat or for every seat at once, and the estimates add them up either way."""

    class BySeat(LinearKnowledge):
        features = (("a", 1.0), ("b", -0.5))

        def seat_features(self, state: State, seat: int, s: int) -> tuple[float, list[float]]:
            return float(s), [1.0, 4.0]

    class AllAtOnce(LinearKnowledge):
        features = (("a", 2.0),)

        def all_features(self, state: State, seat: int) -> tuple[list[float], list[list[float]]]:
            return [0.0, 1.0, 2.0], [[3.0], [2.0], [1.0]]

    class Neither(LinearKnowledge):
        features = (("a", 1.0),)

    state = new_game(toy, 3, seed=1)
    by_seat = BySeat(toy)
    assert (by_seat.feature_names, by_seat.default_weights) == (("a", "b"), (1.0, -0.5))
    assert by_seat.all_features(state, 0) == ([0.0, 1.0, 2.0], [[1.0, 4.0]] * 3)
    assert by_seat.estimates(state, 0) == [-1.0, 0.0, 1.0]
    at_once = AllAtOnce(toy)
    assert at_once.seat_features(state, 0, 1) == (1.0, [2.0])
    assert at_once.estimates(state, 0) == [6.0, 5.0, 4.0]
    with pytest.raises(NotImplementedError):
        Neither(toy).estimates(state, 0)
    with pytest.raises(ValueError, match="1 weights for 2 features"):
        BySeat(toy, weights=[1.0])


def test_shipped_fitted_weights_are_the_ones_in_use() -> None:
    """Every game with fitted weights in ``value_weights`` still declares exactly those
    features (a changed feature would silently bring back the hand-made weights), and its
    knowledge uses them."""
    assert WEIGHTS, "no fitted weights shipped"
    for game, entry in WEIGHTS.items():
        knowledge = knowledge_for(game)
        assert isinstance(knowledge, LinearKnowledge)
        assert tuple(entry["features"]) == knowledge.feature_names, f"{game}: refit its weights"
        assert knowledge.weights == fitted_weights(game, knowledge.feature_names)
        assert knowledge.weights != knowledge.default_weights
        assert entry["command"].startswith(f"python benchmarks/train_values.py {game} ")


def test_easy_judges_with_the_hand_made_weights() -> None:
    """``easy`` never uses weights fitted on self-play (they made it nearly ``medium``'s
    equal); ``medium`` and ``hard`` do, and ``fitted=0`` gives any search the hand-made ones."""
    for game in WEIGHTS:
        fitted = knowledge_for(game)
        assert isinstance(fitted, LinearKnowledge)
        hand = make_bot("easy", game, 1, 0).knowledge
        assert isinstance(hand, LinearKnowledge)
        assert hand.weights == fitted.default_weights != fitted.weights
        assert make_bot("easy:fitted=1", game, 1, 0).knowledge is fitted
        for spec in ("medium", "hard", "search"):
            assert make_bot(spec, game, 1, 0).knowledge is fitted
            assert make_bot(f"{spec}:fitted=0", game, 1, 0).knowledge is hand


def test_rounds_knowledge_counts_the_rounds_done(toy: str) -> None:
    knowledge = RoundsKnowledge(toy)
    shares = [knowledge.progress(SimpleNamespace(round=r, rounds=4)) for r in (0, 1, 3, 5, 6)]
    assert shares == [0.0, 0.0, 0.5, 1.0, 1.0]
    assert isinstance(knowledge_for("western-town"), RoundsKnowledge)
    assert isinstance(knowledge_for("way-out-west"), RoundsKnowledge)


def test_a_game_may_register_its_own_knowledge(toy: str) -> None:
    class Fixed(Knowledge):
        def estimates(self, state: State, seat: int) -> list[float]:
            return [float(s) for s in range(state.num_players)]

    register_knowledge(toy, Fixed)
    try:
        assert isinstance(knowledge_for(toy), Fixed)
        state = advance(new_game(toy, 3, seed=1), 1, random.Random(1))
        seat = state.current_player
        assert make_bot("hard:iterations=30", toy, 1, seat).choose(
            Observation(state, seat)) in state.legal_actions()
    finally:
        unregister_knowledge(toy)
    assert type(knowledge_for(toy)) is Knowledge


def test_points_weight_keeps_a_slope_when_the_standing_is_settled() -> None:
    """Far ahead, the "finishes ahead" part is flat; the points share still tells 10 more
    points apart, and more so with a larger weight."""
    def gain(weight: float) -> float:
        near = ahead_values([80.0, 20.0, 20.0], 2.0, 100.0, weight)[0]
        far = ahead_values([90.0, 20.0, 20.0], 2.0, 100.0, weight)[0]
        return far - near

    assert gain(0.0) < 1e-9
    assert 0.0 < gain(0.1) < gain(0.3)


# ------------------------------------------------------------------ search
def node(visits: int, mean: float) -> Node:
    made = Node()
    made.visits, made.value, made.avail = visits, visits * mean, visits
    return made


def test_final_choice_by_value_among_well_visited_moves() -> None:
    root = Node()
    root.children = {1: node(100, 0.5), 2: node(60, 0.6), 3: node(10, 0.9), 4: node(0, 0.0)}
    legal = {1, 2, 3, 4}
    assert best_child(root, legal, 0.5) == 2  # 3 is better but seen too rarely
    assert best_child(root, legal, 1.0) == 1  # pick=1: the most visited
    assert best_child(root, legal, 0.05) == 3
    assert best_child(root, {2, 3}, 1.0) == 2  # only legal moves count
    assert best_child(root, {4}, 0.5) is None  # never visited
    with pytest.raises(ValueError):
        make_bot("hard:pick=0", "western-town", 0, 0)


def test_prior_waits_for_the_visits_it_is_asked_to() -> None:
    """``prior_after``: a node visited fewer times tries its actions in random order and
    never pays for the knowledge's prior; from that many visits on, the prior ranks them."""
    game = "way-out-west"

    class Counting(WayOutWestKnowledge):
        calls = 0

        def prior(self, state: State, player: int, ids: list[int], seat: int,
                  rng: random.Random) -> list[float]:
            Counting.calls += 1
            return super().prior(state, player, ids, seat, rng)

    state = advance(new_game(game, 3, seed=4), 33, random.Random(4))
    seat = state.current_player
    assert len(state.legal_actions()) > 1
    calls = []
    for after in (0, 10, 1000):
        Counting.calls = 0
        bot = SearchBot(random.Random(1), Counting(game), iterations=200, seconds=None,
                        prior_after=after, **THROUGH_TURNS)
        assert bot.choose(Observation(state, seat)) in state.legal_actions()
        calls.append(Counting.calls)
    assert calls[0] > calls[1] > calls[2] == 0
    with pytest.raises(ValueError, match="prior_after"):
        make_bot("hard:prior_after=-1", game, 0, 0)


def plain_way_out_west_towns(st: Any, s: int) -> tuple[float, float, float, int, int]:
    """Seat ``s``'s town features of Way Out West counted the slow, obvious way: guarded,
    exposed, cattle exposed, towns led by one, towns one behind."""
    n = st.num_players
    guarded = exposed = cattle_exposed = 0.0
    led = behind = 0
    for t in range(WOW_T):
        row = st.owner[t * WOW_C:(t + 1) * WOW_C]
        posse = [st.cowboys[o * WOW_T + t] for o in range(n)]
        strength = [st.cattle[o * WOW_T + t] + row.count(o) for o in range(n)]
        rivals = max(posse[o] for o in range(n) if o != s)
        if row.count(s):
            guarded += row.count(s) * min(posse[s], 2) / 2
            exposed += row.count(s) if rivals > posse[s] else 0
        if rivals > posse[s]:
            cattle_exposed += st.cattle[s * WOW_T + t]
        best = max(strength)
        others = max(strength[o] for o in range(n) if o != s)
        if best > 0 and strength[s] == best and best - others <= 1:
            led += 1
        elif best > 0 and strength[s] == best - 1:
            behind += 1
    return guarded, exposed, cattle_exposed, led, behind


def plain_way_out_west_town_terms(st: Any, s: int) -> list[float]:
    """Seat ``s``'s terms of every town (``K.TOWN_TERMS``, town by town) and its leads over
    the strongest rival in money, Wanted counters and points, counted the obvious way."""
    n = st.num_players
    rivals = [o for o in range(n) if o != s]
    out: list[float] = []
    for t in range(WOW_T):
        row = st.owner[t * WOW_C:(t + 1) * WOW_C]
        posse = [st.cowboys[o * WOW_T + t] for o in range(n)]
        strength = [st.cattle[o * WOW_T + t] + row.count(o) for o in range(n)]
        out += [row.count(s), WOW_C - row.count(-1), st.cattle[s * WOW_T + t], posse[s],
                max(posse[o] for o in rivals), strength[s], max(strength[o] for o in rivals),
                st.farmer[t], 1.0 if row[K.TRAIN] >= 0 else 0.0]
    points = [float(t) for t in st.score_breakdown()["totals"]]
    out += [st.money[s] - max(st.money[o] for o in rivals),
            st.wanted[s] - max(st.wanted[o] for o in rivals),
            points[s] - max(points[o] for o in rivals)]
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_way_out_west_features_match_a_plain_count(players: int) -> None:
    """The knowledge's fast count of the towns (run thousands of times a decision) agrees
    with the obvious count, and its points are the score breakdown's totals, at positions
    of games played by ``heuristic`` seats (towns fill up, gunfights happen)."""
    game = "way-out-west"
    knowledge = WayOutWestKnowledge(game)
    state = new_game(game, players, seed=20 + players)
    bots = [make_bot("heuristic", game, players, s) for s in range(players)]
    checked = threatened = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        totals, features = knowledge.all_features(state, 0)
        assert totals == [float(t) for t in state.score_breakdown()["totals"]]
        for s in range(players):
            f = features[s]
            assert (f[K.F_GUARDED], f[K.F_EXPOSED], f[K.F_CATTLE_EXPOSED], f[K.F_LED_BY_ONE],
                    f[K.F_ONE_BEHIND]) == plain_way_out_west_towns(state, s)
            assert [*f[K.F_TOWNS:], f[K.F_MONEY_LEAD], f[K.F_WANTED_LEAD],
                    f[K.F_POINTS_LEAD]] == plain_way_out_west_town_terms(state, s)
            threatened += f[K.F_EXPOSED] > 0
        checked += 1
        player = state.current_player
        state.apply(bots[player].choose(Observation(state, player)))
    assert checked > 100
    assert threatened  # the check saw counters exposed to rivals' cowboys


def test_search_reuses_its_tree_within_a_turn() -> None:
    """Great Western Trail turns are many decisions in a row: the subtree below the move
    made becomes the next root (checked on the seat's view)."""
    game = "great-western-trail"
    state = advance(new_game(game, 3, seed=5), 30, random.Random(5))
    bot = make_bot("hard:iterations=80", game, 5, 0)
    assert isinstance(bot, SearchBot)
    reused = 0
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance())
            continue
        if player == 0:
            state.apply(bot.choose(Observation(state, 0)))
            reused += bot.last_reused > 0
        else:
            state.apply(random.Random(len(state.history)).choice(state.legal_actions()))
    assert reused > 0


def test_search_leaves_the_game_untouched_and_plays_legally() -> None:
    for game in GAMES:
        state = advance(new_game(game, 3, seed=6), 25, random.Random(6))
        seat = state.current_player
        before = state.snapshot()
        for spec in ("easy", "medium:iterations=20", "hard:iterations=30"):
            choice = make_bot(spec, game, 2, seat).choose(Observation(state, seat))
            assert choice in state.legal_actions()
        assert state.snapshot() == before


# ---------------------------------------------------------- easy's sense
def positions_where(game: str, wanted: Callable[[State, list[str]], bool], seeds: range,
                    ) -> list[State]:
    """Decisions of random games where ``wanted(position, legal texts)`` holds."""
    found = []
    for seed in seeds:
        state = new_game(game, 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if wanted(state, [a.text for a in legal]):
                found.append(state.clone())
            state.apply(rng.choice(legal))
    return found


def easy_choice(state: State, seed: int = 1) -> str:
    seat = state.current_player
    return make_bot("easy", state.ruleset.id, seed, seat).choose(Observation(state, seat)).text


def test_easy_keeps_lincolns_card_for_itself() -> None:
    """Western Town: the lead marshal breaking a tie for Lincoln's card never gives it (a
    Home) to another player when he may take it himself."""
    def own(state: State) -> str:
        return f"Lincoln visits seat {state.current_player}"

    found = positions_where("western-town", lambda st, texts: own(st) in texts, range(20))
    assert found
    for state in found:
        assert easy_choice(state) == own(state)


def test_easy_sends_the_indians_elsewhere() -> None:
    """Western Town: the grand manitou breaking a tie for the raided town never picks his
    own town when he may pick another's."""
    def own(state: State) -> str:
        return f"the Indians attack seat {state.current_player}'s town"

    def tie(state: State, texts: list[str]) -> bool:
        return own(state) in texts and sum("the Indians attack" in t for t in texts) > 1

    found = positions_where("western-town", tie, range(20))
    assert found
    for state in found:
        assert easy_choice(state) != own(state)


def test_easy_rustles_all_the_cattle_it_can() -> None:
    """Way Out West: a gunfight won over cattle lets the winner take 1 or 2; taking fewer
    than it may is absurd (cattle score and earn; the loser keeps them)."""
    found = positions_where("way-out-west", lambda st, texts: "rustle 2 cattle" in texts,
                            range(20))
    assert found
    for state in found:
        assert easy_choice(state) == "rustle 2 cattle"


def test_easy_never_delivers_to_kansas_city_when_a_far_city_is_open() -> None:
    """Great Western Trail: Kansas City costs 6 points; with a city of value 10 or more
    open (worth points and green arrows), delivering there is absurd. The positions are
    Kansas City visits of random games, the visitor given 12 permanent certificates and $30
    so that the far cities are within reach."""
    def at_kansas_city(state: State, texts: list[str]) -> bool:
        return any(t.startswith("take the") and "foresight" in t for t in texts)

    far = ("Albuquerque", "El Paso", "San Diego", "Sacramento", "San Francisco")
    checked = 0
    for state in positions_where("great-western-trail", at_kansas_city, range(3))[:6]:
        seat = state.current_player
        state.unshare()
        state.cert_perm[seat] += 12  # type: ignore[attr-defined]
        state.money[seat] += 30  # type: ignore[attr-defined]
        bot = make_bot("easy", "great-western-trail", 3, seat)
        while state.current_player in (seat, CHANCE):
            if state.current_player == CHANCE:
                state.apply(state.sample_chance())
                continue
            texts = [a.text for a in state.legal_actions()]
            choice = bot.choose(Observation(state, seat))
            if any(f"deliver to {city}" in texts for city in far):
                checked += 1
                assert choice.text != "deliver to Kansas City"
            state.apply(choice)
    assert checked


def test_great_western_trail_knowledge_pays_no_step_toward_kansas_city() -> None:
    """The visits a seat has left are its share of the job market; where its cattleman
    stands does not change them. A visit counted sooner near Kansas City made every step
    worth a share of a whole visit, and the search hurried past the actions that score
    (docs/bots.md, "Issue 17, eighth pass")."""
    state = advance(new_game("great-western-trail", 3, seed=5), 300, random.Random(5))
    state.unshare()
    visits = {}
    for space in (-1, 0, KC_SPACE // 2, KC_SPACE - 1, len(SPACES) - 1):
        state.cattleman[0] = space  # type: ignore[attr-defined]
        visits[space] = remaining_visits(state, 0)  # type: ignore[arg-type]
    assert len(set(visits.values())) == 1, visits
    assert visits[-1] > 0


def test_great_western_trail_knowledge_prices_the_stops_ahead() -> None:
    """A cattleman with more buildings ahead before Kansas City has more turns with an action
    this trip, and the knowledge says so: its stops-ahead terms count the neutral buildings
    and the seat's own buildings still to pass. Without them a search that plans one turn
    spent the trail in long steps (docs/bots.md, "Issue 17, sixteenth pass")."""
    state = advance(new_game("great-western-trail", 3, seed=5), 300, random.Random(5))
    state.unshare()
    names = list(GWT_K.GreatWesternTrailKnowledge.feature_names)
    neutral, own = names.index("neutral buildings ahead"), names.index("own buildings ahead")
    for slot, code in enumerate(state.private_at):
        if code >= 0 and code // 10 == 0:
            state.private_at[slot] = -1  # type: ignore[attr-defined]
    slots = [slot for slot, code in enumerate(state.private_at) if code < 0][:2]
    for number, slot in enumerate(slots):
        state.private_at[slot] = number  # type: ignore[attr-defined]  # seat 0's buildings
    built = [GWT_K.PRIVATE_SPACES[slot] for slot in slots]
    rows = {}
    for space in (0, min(built) - 1, max(built), KC_SPACE - 1):
        state.cattleman[0] = space  # type: ignore[attr-defined]
        rows[space] = GWT_K.seat_features(state, 0, 0.5)[1]  # type: ignore[arg-type]
    assert rows[0][neutral] > rows[KC_SPACE - 1][neutral] == 1
    assert rows[min(built) - 1][own] == len(built) and rows[max(built)][own] == 0
    assert GWT_K.TRAIL_STOP_WORTH > 0 and GWT_K.OWN_STOP_WORTH > 0


def test_great_western_trail_knowledge_prices_a_job_market_cell() -> None:
    """A trip brings actions on the way beyond its delivery, so the visits still to come
    have a worth of their own, and a job-market cell filled (a shorter game for every seat)
    lowers it for every seat by the cell's share of a visit (docs/bots.md, "Issue 17,
    seventeenth pass")."""
    players = 3
    state = advance(new_game("great-western-trail", players, seed=5), 300, random.Random(5))
    state.unshare()
    knowledge = knowledge_for("great-western-trail")
    assert isinstance(knowledge, GWT_K.GreatWesternTrailKnowledge)
    visits_left = list(knowledge.feature_names).index("visits left")
    assert knowledge.weights[visits_left] == GWT_K.TRIP_WORTH > 0

    def visits_left_of(seat: int) -> float:
        return GWT_K.seat_features(state, seat, 0.5)[1][visits_left]  # type: ignore[arg-type]

    before = [visits_left_of(s) for s in range(players)]
    place_worker(state, 0, COWBOY)  # type: ignore[arg-type]  # as a foresight tile does
    after = [visits_left_of(s) for s in range(players)]
    cell = 1 / (GWT_K.WORKERS_PER_VISIT * players)
    assert all(b - a == pytest.approx(cell) for b, a in zip(before, after, strict=True))


def test_great_western_trail_plan_gives_each_unit_of_hand_value_its_worth() -> None:
    """The delivery plan averaged over hands a little better or worse than expected rises
    with every unit of hand value; the plan with certain hands is a staircase, flat between
    the cities' values (docs/bots.md, "Issue 17, sixteenth pass")."""
    flat = tuple([0] * GWT_K.NCITY)
    plain = [GWT_K.delivery_plan(flat, 6, later, 6.0, 0, 0.5)[0] for later in range(5, 12)]
    smooth = [GWT_K.expected_plan(flat, 6, later, 6.0, 0, 0.5)[0] for later in range(5, 12)]
    assert any(b == a for a, b in pairwise(plain))
    assert all(b > a for a, b in pairwise(smooth))
    half = GWT_K.blended_plan(flat, 6.0, 7.5, 6.0, 0, 0.5)[0]
    assert smooth[2] < half < smooth[3]


def test_great_western_trail_plan_values_the_next_hands_alike() -> None:
    """Cattle bought before a visit join the discard pile, so the hand after the next one is
    drawn from today's herd: the herd's growth shows from the third delivery on. When the
    second one was grown too, every visit made lost the worth of a visit's growth, and the
    search put its visits off (docs/bots.md, "Issue 17, eighteenth pass")."""
    flat = tuple([0] * GWT_K.NCITY)
    assert GWT_K.delivery_plan(flat, 6, 8, 2.0, 0, 3.0) == GWT_K.delivery_plan(
        flat, 6, 8, 2.0, 0, 0.0)
    assert GWT_K.delivery_plan(flat, 6, 8, 3.0, 0, 3.0)[0] > GWT_K.delivery_plan(
        flat, 6, 8, 3.0, 0, 0.0)[0]
    assert GWT_K.regained_on_the_way(0, 4, GWT_K.TRAIL_FULL) == GWT_K.CERT_REGAIN > 0


def test_train_values_fits_what_the_games_say() -> None:
    """``benchmarks/train_values.py``: a training game gives one row per seat and change of
    the seat to move (features + the points still to come), and the fit finds the weights
    that made the targets."""
    script = Path(__file__).parent.parent / "benchmarks" / "train_values.py"
    train = runpy.run_path(str(script), run_name="train_values")
    knowledge = knowledge_for("way-out-west")
    assert isinstance(knowledge, LinearKnowledge)
    rows, finals, other = train["play"](
        ("way-out-west", knowledge.default_weights, 7001, 2, "random"))
    assert other == 7001 % 3
    assert len(rows) % 3 == 0 and len(rows) > 30
    assert all(len(row) == len(knowledge.feature_names) + 1 for row in rows)
    points = slice(K.F_POINTS, K.F_POINTS + len(K.POINT_TERMS))  # the points now, by category
    for i, row in enumerate(rows):  # every seat in turn, at each change of the seat to move
        assert sum(row[points]) + row[-1] == finals[i % 3]
    rng = random.Random(5)
    truth = [rng.uniform(-1, 1) for _ in range(4)]
    data = [[rng.uniform(0, 5) for _ in truth] for _ in range(200)]
    made = [[*x, sum(w * v for w, v in zip(truth, x, strict=True))] for x in data]
    fitted = train["fit"](made, (0.0,) * 4, 1e-9)
    assert fitted == pytest.approx(truth, abs=1e-4)
    # a strong pull keeps the weights where they were
    assert train["fit"](made, (0.5,) * 4, 1e4) == pytest.approx([0.5] * 4, abs=1e-2)
    # a kept weight stays as it was, and the others are fitted to what it leaves
    kept = train["fit"](made, (0.0, 0.0, 2.0, 0.0), 1e-9, frozenset({2}))
    assert kept[2] == 2.0
    assert kept != pytest.approx(truth, abs=1e-2)
    assert train["fit"](made, (0.0, 0.0, truth[2], 0.0), 1e-9, frozenset({2})) == pytest.approx(
        truth, abs=1e-4)


def test_knowledge_duel_gives_one_seat_the_changed_weights() -> None:
    """``benchmarks/knowledge_duel.py``: the challenger's knowledge is a copy with the weights
    set, bad settings are refused, and only the challenger's seat judges with it."""
    script = Path(__file__).parent.parent / "benchmarks" / "knowledge_duel.py"
    duel = runpy.run_path(str(script), run_name="knowledge_duel")
    game = "western-town"
    base = knowledge_for(game)
    assert isinstance(base, LinearKnowledge)
    name = base.feature_names[0]  # exported Gold: a weight that changes what a seat does
    changed = duel["changed_weights"](base, [f"{name}=-50"])
    assert changed.weights[0] == -50.0 and changed.weights[1:] == base.weights[1:]
    assert base.weights[0] != -50.0  # the shipped knowledge is untouched
    for bad in ("no such feature=1", f"{name}=many", "no equals sign"):
        with pytest.raises(SystemExit):
            duel["changed_weights"](base, [bad])
    same = duel["changed_weights"](base, [f"{name}={base.weights[0]}"])
    with pytest.raises(SystemExit):  # a knowledge without weights
        duel["changed_weights"](object(), [f"{name}=1"])
    spec = "easy:samples=1"

    def moves(knowledge: LinearKnowledge, seed: int) -> list[int]:
        return list(duel["duel"](game, spec, knowledge, seed, 2, 1).record.actions)

    plain = duel["duel"](game, spec, same, 5, 2, 1)
    assert plain.is_terminal() and plain.record.actions == moves(same, 5)
    assert any(moves(changed, seed) != moves(same, seed) for seed in (5, 6, 7))


def test_gwt_visits_reads_a_game_turn_by_turn(tmp_path: Path) -> None:
    """``benchmarks/gwt_visits.py``: every turn of a game is found once and classed, every
    delivery has its visit, and the games of ``boomtown simulate --out`` files are read."""
    script = Path(__file__).parent.parent / "benchmarks" / "gwt_visits.py"
    visits = runpy.run_path(str(script), run_name="gwt_visits")
    record = visits["play"]("heuristic", 2, 11)
    report = visits["read_game"](record)
    final = replay(record)
    assert len(report.turns) == final.turns  # type: ignore[attr-defined]
    assert {t.kind for t in report.turns} <= set(visits["TURN_KINDS"])
    assert sum(t.kind == "visit" for t in report.turns) == len(report.visits)
    assert len(report.visits) == sum(map(sum, final.city_discs))  # type: ignore[attr-defined]
    assert [v.number for v in report.visits if v.seat == 0] == list(
        range(1, 1 + sum(v.seat == 0 for v in report.visits)))
    assert any(t.kind == "action" for t in report.turns)
    lines = visits["summary"]([report])
    assert any(line.startswith("turns a seat:") for line in lines)
    games = tmp_path / "games.jsonl"
    games.write_text(json.dumps({"record": record.to_dict()}) + "\n\n")
    assert [r.actions for r in visits["read_records"]([str(games)])] == [record.actions]
    broken = GameRecord.from_dict({**record.to_dict(), "actions": [*record.actions[:9], -1]})
    with pytest.raises(SystemExit, match="does not replay"):
        visits["read_game"](broken)
    for bad in ('{"seed": 1}', '{"record": {"game": "great-western-trail"}}', "not json"):
        games.write_text(bad + "\n")
        with pytest.raises(SystemExit, match=r"games\.jsonl:1"):
            visits["read_records"]([str(games)])
    with pytest.raises(SystemExit, match="cannot read"):
        visits["read_records"]([str(tmp_path / "missing.jsonl")])
