"""Every kind of decision each game offers is taken somewhere in the test games: coverage
over uniform, rare-kinds-first, progress and heuristic play (``boomtown coverage GAME``)."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from boomtown.bots.policy import BotPolicy
from boomtown.cli.main import cli
from boomtown.engine import coverage, get_ruleset, list_rulesets
from boomtown.engine.actions import ActionFamily, families
from boomtown.engine.conformance import check_position
from boomtown.engine.policies import Progress, RareFirst

BUILTIN = ["western-town", "way-out-west", "great-western-trail"]
#: Games per player count, policy and option set (cheap: a few seconds per game).
GAMES = 10


@pytest.mark.parametrize("game", BUILTIN)
def test_every_reachable_family_is_taken(game: str) -> None:
    found = coverage.measure(game, games=GAMES)
    found.merge(coverage.measure(game, games=1, policies=[BotPolicy("heuristic:samples=1")],
                                 variants=False))
    assert found.missing() == [], found.table()


def test_every_builtin_game_declares_its_families() -> None:
    for game in list_rulesets():
        rs = get_ruleset(game)
        if game not in BUILTIN:
            continue
        assert rs.action_families, game
        for aid in (0, rs.action_space_size - 1):
            assert isinstance(rs.family_of(aid), ActionFamily)


def test_a_family_never_taken_is_reported() -> None:
    found = coverage.Coverage(get_ruleset("way-out-west"))
    found.record([0, 1, 2], 0)
    names = {f.name for f in found.missing()}
    assert "start-player" not in names and "bid" in names
    assert "NEVER TAKEN" in found.table()


def test_families_must_cover_the_action_space() -> None:
    with pytest.raises(ValueError, match="no action family named"):
        families([("a", "x", 0)], 3, b="never")
    table = families([("a", "x", 0), ("b", "y", 2)], 3, b="house rule only")
    assert table[1].unreachable == "house rule only"


def test_rare_first_prefers_what_it_has_not_taken() -> None:
    state = get_ruleset("way-out-west").new_game(3, 0)
    while state.current_player < 0:
        state.apply(state.sample_chance())
    policy = RareFirst()
    policy.taken["place"] = 1000
    policy.taken["drop-out"] = 0
    legal = state.legal_action_ids()
    assert policy.choose(state, random.Random(0)) in legal


def test_progress_avoids_passive_decisions() -> None:
    state = get_ruleset("way-out-west").new_game(3, 1)
    rng = random.Random(0)
    passive = 0
    for _ in range(200):
        while state.current_player < 0:
            state.apply(state.sample_chance())
        aid = Progress().choose(state, rng)
        if state.ruleset.family_of(aid).kind == "pass":
            passive += 1
        state = get_ruleset("way-out-west").new_game(3, 1)
    # drop-out is one of many bids; progress picks it far less often than uniform would
    assert passive < 20


def test_coverage_command_prints_the_table() -> None:
    result = CliRunner().invoke(cli, ["coverage", "way-out-west", "-n", "10", "--bot-games", "1"])
    assert result.exit_code == 0, result.output
    assert "coverage of the action families" in result.output
    assert "28 of 28 families taken" in result.output


def test_coverage_command_fails_when_a_family_is_never_taken() -> None:
    args = ["coverage", "way-out-west", "-p", "3", "-n", "1", "--bot-games", "0"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert "never taken (and not declared unreachable)" in result.output


@pytest.mark.parametrize("game", BUILTIN)
def test_coverage_starts_are_sound_positions(game: str) -> None:
    """A coverage start is a position like any other: every per-position check passes on it
    (determinized play to the end included) and its components add up as a new game's do."""
    rs = get_ruleset(game)
    starts = rs.coverage_starts() if rs.coverage_starts is not None else []
    for name, start in starts:
        assert check_position(start) == [], name
        fresh = rs.new_game(start.num_players, 0, start.options)
        assert start.component_counts() == fresh.component_counts(), name
