"""Hints and reviews (boomtown.bots.advice, ``boomtown review``, ``play --hints``): they use
only the advised seat's information, only at its own decisions, and are reproducible."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from boomtown import CHANCE, State, new_game
from boomtown.bots.advice import (
    LEVEL,
    NO_ESTIMATE,
    Alternative,
    Hint,
    NotYourDecision,
    Review,
    _note_value,
    _reason,
    _terms,
    as_record,
    hint,
    record_digest,
    review,
    score_rows,
)
from boomtown.bots.base import Observation
from boomtown.bots.knowledge import (
    POINTS_WEIGHT,
    Knowledge,
    knowledge_for,
    register_knowledge,
    unregister_knowledge,
)
from boomtown.bots.ladder import level_parameters
from boomtown.bots.search import PICK_SHARE
from boomtown.cli.main import cli
from boomtown.cli.play import HUMAN, Session
from boomtown.cli.review import chart_lines
from boomtown.cli.screen import SCREEN_WIDTH, plain_console
from boomtown.engine import BadRecord, GameRecord, get_ruleset, replay
from test_bots import advance, twin

#: Small budgets: the tests check what the advice depends on, not how strong it is.
ITERATIONS = 24
SAMPLES = 2
GAMES = [("western-town", 3), ("way-out-west", 3), ("great-western-trail", 2)]
#: Games where a seat cannot see everything (the twins differ in what the others hold).
HIDDEN = {"western-town", "great-western-trail"}


def random_game(game: str, players: int, seed: int, limit: int | None = None) -> State:
    """A game played by uniform random choices (chance by the game's own stream), to its end
    or for ``limit`` actions."""
    state = new_game(game, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (limit is None or len(state.history) < limit):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def timeless(advice: Hint) -> Hint:
    return dataclasses.replace(advice, seconds_used=0.0)


def same_review(a: Review, b: Review) -> bool:
    return dataclasses.replace(a, seconds_used=0.0) == dataclasses.replace(b, seconds_used=0.0)


def decision_positions(game: str, players: int) -> list[State]:
    """A few positions of ``game`` where a seat with a real choice is to decide."""
    out = []
    for k in range(3):
        state = advance(new_game(game, players, seed=k), 8 + 13 * k, random.Random(k))
        if not state.is_terminal() and len(state.legal_action_ids()) > 1:
            out.append(state)
    assert out
    return out


# -------------------------------------------------------------------- hints
@pytest.mark.parametrize("game,players", GAMES)
def test_a_hint_depends_only_on_the_seats_information(game: str, players: int) -> None:
    differing = 0
    for state in decision_positions(game, players):
        seat = state.current_player
        first = hint(Observation(state, seat), iterations=ITERATIONS, samples=SAMPLES)
        for salt in (1, 2):
            other = twin(state, seat, salt)
            assert other.view(seat) == state.view(seat)
            differing += any(other.view(s) != state.view(s) for s in range(players) if s != seat)
            second = hint(Observation(other, seat), iterations=ITERATIONS, samples=SAMPLES)
            assert timeless(second) == timeless(first), state.history
    if game in HIDDEN:
        assert differing > 0  # the twins really hid something different


@pytest.mark.parametrize("game,players", GAMES)
def test_a_hint_lists_legal_moves_best_first(game: str, players: int) -> None:
    state = decision_positions(game, players)[0]
    seat = state.current_player
    before = state.snapshot()
    advice = hint(Observation(state, seat), iterations=ITERATIONS, samples=SAMPLES, top=3,
                  decision_index=len(state.history))
    assert state.snapshot() == before  # the game is untouched
    assert advice.seat == seat and advice.decision_index == len(state.history)
    assert advice.suggestion == advice.alternatives[0]
    assert 1 <= len(advice.alternatives) <= 3
    legal = {a.id: a.text for a in state.legal_actions()}
    ids = [a.action_id for a in advice.alternatives]
    assert len(set(ids)) == len(ids) and all(legal[a.action_id] == a.text
                                             for a in advice.alternatives)
    # the suggestion is the move the bot plays: of the moves visited at least `pick` times as
    # often as the most visited, the best mean value; the others follow by visits
    pick = level_parameters(LEVEL, game).get("pick", PICK_SHARE)
    visits = [a.visits for a in advice.alternatives]
    floor = pick * max(visits)
    well = [a for a in advice.alternatives if a.visits >= floor]
    assert advice.suggestion in well and visits[0] > 0
    chances = knowledge_for(game).values_are_chances
    if chances:
        assert advice.suggestion.win_chance == max(a.win_chance or 0.0 for a in well)
    assert visits[1:] == sorted(visits[1:], reverse=True)
    assert sum(visits) <= ITERATIONS
    for alt in advice.alternatives:
        assert isinstance(alt.estimate, float) and alt.reason
        if chances:
            assert alt.win_chance is not None and 0.0 <= alt.win_chance <= 1.0
        else:  # a value of points alone is no chance of finishing ahead: not shown as one
            assert alt.win_chance is None
    assert advice.iterations == ITERATIONS or advice.iterations < ITERATIONS  # early stop
    assert Hint.from_json(json.loads(json.dumps(advice.to_json()))) == advice


def test_a_hint_is_only_for_the_seat_to_decide() -> None:
    state = decision_positions("western-town", 3)[0]
    seat = state.current_player
    other = (seat + 1) % 3
    with pytest.raises(NotYourDecision, match=f"no hint for seat {other}: it is seat {seat}'s"):
        hint(Observation(state, other), iterations=ITERATIONS)
    chance = new_game("way-out-west", 3, seed=1)
    assert chance.current_player == CHANCE
    with pytest.raises(NotYourDecision, match="chance"):
        hint(Observation(chance, 0), iterations=ITERATIONS)
    over = random_game("way-out-west", 3, seed=2)
    with pytest.raises(NotYourDecision, match="game is over"):
        hint(Observation(over, 0), iterations=ITERATIONS)
    with pytest.raises(ValueError, match="iterations"):
        hint(Observation(state, seat), iterations=0)


def test_a_forced_move_is_suggested_without_a_search() -> None:
    state = new_game("great-western-trail", 2, seed=3)
    rng = random.Random(3)
    while state.current_player == CHANCE or len(state.legal_action_ids()) != 1:
        state.apply(state.sample_chance() if state.current_player == CHANCE
                    else rng.choice(state.legal_actions()))
    advice = hint(Observation(state, state.current_player), iterations=ITERATIONS)
    assert advice.iterations == 0 and len(advice.alternatives) == 1
    assert advice.suggestion.action_id == state.legal_action_ids()[0]
    assert advice.suggestion.visits == 0 and advice.suggestion.win_chance is None


def test_a_reason_names_what_changes_most() -> None:
    after = {"buildings": 5.0, "money": 1.0, "Wood": 2.0}
    before = {"buildings": 1.0, "money": 2.0, "Wood": 2.0}
    assert _reason(after, before, None) == "+3.0 expected points: +4.0 from buildings, " \
        "-1.0 from money"
    assert _reason({"Lure": 3.0}, {"Lure": 1.0}, None) == "+2.0 expected points from Lure"
    assert _reason(before, after, "the suggestion").startswith(
        "-3.0 expected points against the suggestion: -4.0 from buildings")
    assert "within a tenth" in _reason(after, dict(after), "the suggestion")
    assert _reason({}, {}, None) == NO_ESTIMATE


@pytest.mark.parametrize("game", ["western-town", "way-out-west", "great-western-trail"])
def test_a_reasons_terms_are_the_games_score_rows_and_add_up_to_the_estimate(game: str) -> None:
    rows = dict(score_rows(get_ruleset(game)))
    assert rows and "total" not in rows  # the catalogue's rows of points, under its names
    state = new_game(game, 3, seed=5)
    rng = random.Random(5)
    for _ in range(150):
        state.apply(rng.choice(state.legal_action_ids()))
    knowledge = knowledge_for(game)
    seat = 0
    terms = _terms(knowledge, state, seat)
    assert sum(terms.values()) == pytest.approx(knowledge.estimates(state, seat)[seat])
    # a feature and a row of one name (in any case) are one term, as the reason says them
    said = {name.casefold() for name in terms}
    left_out = {rows[f].casefold() for f in knowledge.points_in_features}
    named = {name.casefold() for name in rows.values()} - left_out
    assert named <= said, "every score row of points is a term, under its catalogue name"
    features = {name.split(" x ")[0].casefold() for name in knowledge.feature_names}
    assert left_out <= features, "the points a feature counts are named after the feature"


def test_a_richer_but_less_valued_alternative_says_why_it_is_not_suggested() -> None:
    best = Alternative(1, "a", 20.0, 0.66, 100, "")
    richer = Alternative(2, "b", 23.0, 0.60, 50, "+3.0 expected points against the suggestion")
    assert "values it less" in _note_value(richer, best).reason
    assert "0.60 against 0.66" in _note_value(richer, best).reason
    poorer = dataclasses.replace(richer, estimate=19.0)
    assert _note_value(poorer, best) == poorer
    better_valued = dataclasses.replace(richer, win_chance=0.7)
    assert _note_value(better_valued, best) == better_valued


# ------------------------------------------------------------------- review
@pytest.fixture(scope="module")
def finished() -> dict[str, State]:
    return {"way-out-west": random_game("way-out-west", 3, seed=5),
            "western-town": random_game("western-town", 2, seed=5)}


@pytest.mark.parametrize("game", ["way-out-west", "western-town"])
def test_a_review_is_reproducible_and_round_trips(finished: dict[str, State],
                                                  game: str) -> None:
    state = finished[game]
    record = state.record
    first = review(record, seats=[0], iterations=8, samples=1, mistakes=3, game_id="g1")
    again = review(record.to_dict(), seats=[0], iterations=8, samples=1, mistakes=3,
                   game_id="g1")
    assert same_review(first, again)
    assert same_review(first, review(record.to_json(), seats=[0], iterations=8, samples=1,
                                     mistakes=3, game_id="g1"))
    assert Review.from_json(json.loads(json.dumps(first.to_json()))) == first
    assert first.game == game and first.version == state.ruleset.version
    assert first.record_length == len(record.actions)
    assert first.record_digest == record_digest(record) and first.game_id == "g1"
    assert first.settings.iterations == 8 and first.settings.seconds is None
    assert first.final_scores == tuple(float(t) for t in state.score_breakdown()["totals"])
    returns = state.returns()
    assert first.winners == tuple(s for s, r in enumerate(returns) if r == max(returns))
    seat = first.seat(0)
    probe = replay(record, 0)
    mine = 0
    for aid in record.actions:
        mine += probe.current_player == 0
        probe.apply(aid)
    assert seat.decisions == mine and seat.searched <= mine
    assert len(seat.curve) == mine + 1  # every decision, then the final scores
    assert seat.curve[-1].estimates == first.final_scores
    assert [p.ply for p in seat.curve] == sorted(p.ply for p in seat.curve)
    assert 1 <= len(seat.worst) <= 3  # random play gives points away
    drops = [d.drop for d in seat.worst]
    assert drops == sorted(drops, reverse=True) and seat.total_drop >= sum(drops) - 1e-6
    for d in seat.worst:
        assert d.seat == 0 and d.preferred.action_id != d.taken.action_id
        assert record.actions[d.ply] == d.taken.action_id and d.choices > 1
        assert d.preferred.estimate is not None and d.taken.estimate is not None
        assert d.drop == pytest.approx(d.preferred.estimate - d.taken.estimate, abs=2e-3)
        assert "against the move taken" in d.preferred.reason and d.prompt
    with pytest.raises(KeyError):
        first.seat(1)


def test_a_reviewed_decision_is_the_hint_at_that_moment(finished: dict[str, State]) -> None:
    """The review judges each decision from the seat's observation then, as a hint would."""
    record = finished["way-out-west"].record
    result = review(record, seats=[1], iterations=8, samples=1)
    worst = result.seat(1).worst[0]
    position = replay(record, worst.ply)
    advice = hint(Observation(position, 1), iterations=8, samples=1, top=1,
                  decision_index=worst.ply)
    assert advice.suggestion.action_id == worst.preferred.action_id
    assert advice.suggestion.estimate == worst.preferred.estimate


def test_an_unfinished_game_is_reviewed_so_far() -> None:
    state = random_game("great-western-trail", 2, seed=4, limit=90)
    result = review(state, iterations=6, samples=1)
    assert result.final_scores is None and result.winners == ()
    assert [s.seat for s in result.seats] == [0, 1]
    assert all(p.ply < 90 for s in result.seats for p in s.curve)
    assert sum(s.decisions for s in result.seats) == sum(
        1 for p in _deciders(state.record) if p >= 0)
    assert Review.from_json(result.to_json()) == result


def _deciders(record: GameRecord) -> list[int]:
    probe = replay(record, 0)
    out = []
    for aid in record.actions:
        out.append(probe.current_player)
        probe.apply(aid)
    return out


def test_review_rejects_bad_input(finished: dict[str, State]) -> None:
    record = finished["way-out-west"].record
    with pytest.raises(ValueError, match="no seat 3"):
        review(record, seats=[3], iterations=2)
    broken = dataclasses.replace(record, actions=[*record.actions[:5], 99999])
    with pytest.raises(BadRecord):
        review(broken, seats=[0], iterations=2)
    with pytest.raises(BadRecord):
        as_record({"game": "way-out-west"})
    assert as_record({"record": record.to_dict(), "seed": 1}) == record
    with pytest.raises(ValueError, match="format"):
        Review.from_json({"format": "something else"})


def test_the_chart_fits_the_screen() -> None:
    from boomtown.bots.advice import CurvePoint

    curve = [CurvePoint(p, (float(p % 7), 20.0 - p / 10, 3.0)) for p in range(0, 400, 3)]
    lines = chart_lines(curve, 3, 1)
    assert all(len(line) <= SCREEN_WIDTH for line in lines)
    assert any("1" in line.split("|", 1)[-1] for line in lines[:-2])
    assert chart_lines([], 3, 1) == ["  (no estimates: the seat made no decision)"]


# ---------------------------------------------------------------- commands
def test_boomtown_review_prints_and_writes_the_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # short relative paths: the printed lines name the files, and a test folder's absolute
    # path (longer under xdist) is no part of the layout being checked
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    out = Path("games.jsonl")
    made = runner.invoke(cli, ["simulate", "western-town", "-p", "2", "-n", "1", "-s", "3",
                               "--out", str(out), "-q"])
    assert made.exit_code == 0, made.output
    written = Path("review.json")
    result = runner.invoke(cli, ["review", str(out), "--seat", "1", "--iterations", "6",
                                 "--samples", "1", "--top", "2", "--json", str(written)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Review of Western Town" in text and "Seat 1:" in text and "Seat 0:" not in text
    assert "Where the bot's estimate of your final score dropped most" in text
    assert "preferred:" in text and "why:" in text and "as seat 1 saw it" in text
    assert all(len(line) <= SCREEN_WIDTH for line in text.splitlines())
    stored = Review.from_json(json.loads(written.read_text()))
    record = GameRecord.from_dict(json.loads(out.read_text().splitlines()[0])["record"])
    direct = review(record, seats=[1], iterations=6, samples=1, mistakes=2)
    assert same_review(stored, direct)
    bad = runner.invoke(cli, ["review", str(out), "--seat", "7", "--iterations", "2"])
    assert bad.exit_code != 0 and "no seat 7" in bad.output


def test_play_offers_a_hint_when_hints_are_on(tmp_path: Path) -> None:
    runner = CliRunner()
    saved = tmp_path / "g.json"
    args = ["play", "way-out-west", "--seats", "human,random,random", "--hint-seconds", "0.02"]
    on = runner.invoke(cli, [*args, "--hints", "0", "--save", str(saved)], input="h\nq\n")
    assert on.exit_code == 0, on.output
    assert "Hints on for seat 0" in on.output and "h hint" in on.output
    assert "Hint (" in on.output and "the bot would play choice" in on.output
    assert json.loads(saved.read_text())["hints"] == [0]
    resumed = runner.invoke(cli, ["play", "way-out-west", "--resume", str(saved),
                                  "--hint-seconds", "0.02"], input="h\nq\n")
    assert resumed.exit_code == 0 and "Hint (" in resumed.output  # the save says hints on
    reviewed = runner.invoke(cli, ["review", str(saved), "--iterations", "4", "--samples", "1"])
    assert reviewed.exit_code == 0, reviewed.output
    assert "The game is not over" in reviewed.output and "Seat 0:" in reviewed.output
    assert "Seat 1:" not in reviewed.output  # a saved game: the person's seat by default
    every = runner.invoke(cli, ["review", str(saved), "--seat", "1", "--seat", "2",
                                "--iterations", "4", "--samples", "1"])
    assert every.exit_code == 0 and "Seat 0:" not in every.output and "Seat 2:" in every.output
    off = runner.invoke(cli, args, input="h\nq\ny\n")
    assert off.exit_code == 0 and "Hint (" not in off.output and "h hint" not in off.output
    bad = runner.invoke(cli, [*args, "--hints", "5"], input="q\ny\n")
    assert bad.exit_code != 0 and "no seat 5" in bad.output


def test_table_mode_offers_hints_too() -> None:
    state = decision_positions("way-out-west", 3)[0]
    seat = state.current_player
    seats = [HUMAN if s == seat else "random" for s in range(3)]
    session = Session(state, seats, table=True, console=plain_console(),
                      hints=frozenset({seat}), hint_seconds=0.02)
    screen = session.decision_screen(seat)
    assert "h hint" in screen.keys
    assert screen.menu is not None
    lines = session.hint_lines(screen.menu, seat)
    assert "the bot would play choice" in lines[0]
    quiet = Session(state, seats, table=True, console=plain_console())
    assert "h hint" not in quiet.decision_screen(seat).keys


def test_alternative_json_keeps_unknowns() -> None:
    alt = Alternative(3, "pass", None, None, 0, "no change in the bot's estimate")
    assert Alternative.from_json(json.loads(json.dumps(alt.to_json()))) == alt


class Peek(Observation):
    """A cheating observation: its "determinizations" are the true game (the control)."""

    __slots__ = ("true",)

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(state, seat)
        self.true = state

    def determinize(self, rng: random.Random) -> State:
        return self.true.clone()


def chance_valued(game: str) -> Callable[[str], Knowledge]:
    """A factory of ``game``'s knowledge with values mostly a chance of finishing ahead."""
    base = type(knowledge_for(game))
    return type("ChanceValued", (base,), {"points_weight": POINTS_WEIGHT})


# The two games with hidden cards (Way Out West hides only its dice). Western Town's hard
# plays the other seats' next turns too (plies and depth), so the cards a twin redraws
# change what a peeking hint sees. Great Western Trail's values a move by the seat's own
# points alone, which read nothing the twins differ in; valued by the chance of finishing
# ahead, the other seats' hidden hands count, and a peeking hint shows.
@pytest.mark.parametrize("game,players", [("great-western-trail", 2), ("western-town", 3)])
def test_the_twin_test_catches_a_hint_that_peeks(game: str, players: int) -> None:
    """The twin test can fail: advice reading the true hidden state differs between twins."""
    register_knowledge(game, chance_valued(game))
    try:
        differ = 0
        for state in decision_positions(game, players):
            seat = state.current_player
            first = hint(Peek(state, seat), iterations=ITERATIONS, samples=SAMPLES)
            for salt in (1, 2):
                second = hint(Peek(twin(state, seat, salt), seat), iterations=ITERATIONS,
                              samples=SAMPLES)
                differ += timeless(first) != timeless(second)
    finally:
        unregister_knowledge(game)
    assert differ > 0
