"""The conformance suite passes a correct toy game and catches each deliberately broken one."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from boomtown.engine import BadPlayerCount, GameRecord, State, replay
from boomtown.engine.conformance import (
    CHECKS,
    ConformanceError,
    Finding,
    assert_conformance,
    check_position,
    format_findings,
    main,
    run_conformance,
)
from toy_games import BROKEN, HIGH_CARD, HighCard, make_ruleset, registered


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    with registered():
        yield


@pytest.mark.parametrize("players", [2, 3, 4])
def test_correct_toy_passes_every_check(players: int) -> None:
    assert_conformance(HIGH_CARD, players, seeds=range(5), deep_rate=1.0, playouts=2)


def test_correct_toy_passes_with_house_rule_options() -> None:
    options = {"rounds": 3, "low_wins": True}
    assert_conformance("toy-high-card", 3, seeds=range(3), options=options, deep_rate=0.5)


@pytest.mark.parametrize("game_id", sorted(BROKEN))
def test_each_broken_toy_is_caught_by_its_check(game_id: str) -> None:
    ruleset, check = BROKEN[game_id]
    findings = run_conformance(ruleset, 2, seeds=range(4), deep_rate=1.0)
    caught = {f.check for f in findings}
    assert check in caught, format_findings(findings)
    finding = next(f for f in findings if f.check == check)
    assert finding.game == game_id
    assert finding.players == 2
    assert finding.message


@pytest.mark.parametrize("game_id", sorted(BROKEN))
def test_only_the_check_for_the_fault_catches_it(game_id: str) -> None:
    """Running just the matching check is enough, and the correct game passes it."""
    ruleset, check = BROKEN[game_id]
    assert {
        f.check for f in run_conformance(ruleset, 2, range(4), checks=[check], deep_rate=1)
    } == {check}
    assert run_conformance(HIGH_CARD, 2, range(4), checks=[check], deep_rate=1) == []


def test_every_check_has_a_broken_toy_or_is_generic() -> None:
    # The broken toys cover the faults the design names; each named check exists.
    assert {check for _, check in BROKEN.values()} <= set(CHECKS)
    assert len(set(CHECKS)) == len(CHECKS)


def test_conformance_error_lists_findings_and_checks() -> None:
    ruleset, check = BROKEN["toy-mask-mismatch"]
    with pytest.raises(ConformanceError) as info:
        assert_conformance(ruleset, 2, seeds=[0, 1])
    error = info.value
    assert isinstance(error, AssertionError)
    assert error.checks == {check}
    assert len(error.findings) == 2  # one per check and seed
    text = str(error)
    assert "[mask] toy-mask-mismatch 2p seed 0 step 0" in text
    assert text.startswith("conformance: 2 finding(s) in mask")


def test_finding_rebuilds_its_position() -> None:
    ruleset, _ = BROKEN["toy-component-leak"]
    finding = next(
        f for f in run_conformance(ruleset, 2, seeds=[0]) if f.check == "component-counts"
    )
    assert finding.record is not None and finding.step is not None
    record = GameRecord.from_json(finding.record)
    assert len(record.actions) == finding.step
    state = finding.position()
    assert state.component_counts() == {"cards": 19}
    assert replay(record).snapshot() == state.snapshot()


def test_finding_without_record() -> None:
    finding = Finding("ruleset", "bad", "g", 2)
    assert str(finding) == "[ruleset] g 2p: bad"
    with pytest.raises(ValueError):
        finding.position()


def test_unregistered_ruleset_is_reported() -> None:
    stray = make_ruleset(HighCard, "toy-not-registered")
    findings = run_conformance(stray, 2, seeds=[0], checks=["ruleset", "determinism"])
    assert {f.check for f in findings} == {"ruleset", "determinism"}
    assert "register" in next(f for f in findings if f.check == "ruleset").message


def test_bad_arguments() -> None:
    with pytest.raises(BadPlayerCount):
        run_conformance(HIGH_CARD, 5, seeds=[0])
    with pytest.raises(ValueError, match="unknown check"):
        run_conformance(HIGH_CARD, 2, seeds=[0], checks=["no-such-check"])


def test_max_steps_bound_reports_terminates() -> None:
    findings = run_conformance(HIGH_CARD, 2, seeds=[0], max_steps=5, checks=["terminates"])
    assert [f.check for f in findings] == ["terminates"]
    assert findings[0].step == 5


def test_check_position_on_a_snapshot_leaves_it_unchanged() -> None:
    state = HIGH_CARD.new_game(3, seed=4)
    while state.current_player < 0 or len(state.history) < 12:
        state.apply(state.sample_chance() if state.current_player < 0 else state.legal_actions()[0])
    before = json.dumps(state.snapshot())
    assert check_position(state) == []
    assert json.dumps(state.snapshot()) == before


def test_check_position_catches_a_leak() -> None:
    ruleset, _ = BROKEN["toy-leaky-view"]
    state = ruleset.new_game(2, seed=1)
    while state.current_player < 0:
        state.apply(state.sample_chance())
    findings = check_position(state, checks=["view-leak"])
    assert [f.check for f in findings] == ["view-leak"]


def test_script_entry_point(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["toy-high-card", "-p", "2", "-n", "2"]) == 0
    assert "toy-high-card, 2 players, seeds 0..1: 0 finding(s)" in capsys.readouterr().out
    assert main(["toy-bad-chance", "-p", "2", "-n", "1", "--check", "chance-distribution"]) == 1
    assert "[chance-distribution]" in capsys.readouterr().out
    assert main(["--list"]) == 0
    assert "view-leak" in capsys.readouterr().out


def test_a_state_subclass_is_what_the_suite_drives() -> None:
    assert isinstance(HIGH_CARD.new_game(2), State)
