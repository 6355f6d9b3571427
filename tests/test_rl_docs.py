"""docs/rl.md's figures come from ``scripts/rl_docs.py`` and agree with the code.

The figures computed from the code alone (observation lengths and layouts, reward ranges, the
examples' output) are recomputed here and must equal the page; the measured ones (benchmark,
MaskablePPO, MCTS) cannot be re-timed by a test, so they must name a commit of this repository
and cover what their producer covers.
"""

from __future__ import annotations

import functools
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from boomtown.engine import list_rulesets

ROOT = Path(__file__).resolve().parent.parent


def load(relative: str) -> ModuleType:
    """A script of the project as a module (scripts/ and benchmarks/ are not packages)."""
    path = ROOT / relative
    name = path.stem
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


rl_docs = load("scripts/rl_docs.py")
DOC = rl_docs.DOC.read_text()
FIGURES = rl_docs.figures(DOC)
TIMED = {name for name, _ in rl_docs.TIMED.values()}


@functools.cache
def fresh_figures() -> dict[str, str]:
    """The checked figures as the code gives them now (computed once: the examples run)."""
    computed: dict[str, str] = rl_docs.computed(DOC)
    return computed


def test_every_figure_of_the_page_has_its_producer() -> None:
    assert set(FIGURES) == set(rl_docs.CHECKED) | TIMED


@pytest.mark.parametrize("name", sorted(rl_docs.CHECKED))
def test_checked_figures_are_what_the_code_gives(name: str) -> None:
    fresh = fresh_figures()[name]
    assert FIGURES[name] == fresh, (
        f"docs/rl.md's figure {name} is stale: run python scripts/rl_docs.py")


def test_the_observation_table_names_every_game_and_count() -> None:
    table = FIGURES["observation-lengths"]
    for game in list_rulesets():
        assert f"| {game} |" in table


def is_commit(stamp: str) -> bool:
    done = subprocess.run(["git", "cat-file", "-e", f"{stamp.rstrip('+')}^{{commit}}"],
                          cwd=ROOT, capture_output=True)
    return done.returncode == 0


@pytest.mark.parametrize("name", sorted(TIMED))
def test_measured_figures_name_the_commit_they_measured(name: str) -> None:
    match = rl_docs.STAMP_LINE.match(FIGURES[name])
    assert match is not None, f"figure {name} does not start with its commit stamp"
    stamp = match["stamp"]
    assert stamp != "unknown"
    assert is_commit(stamp), f"figure {name} names {stamp}, not a commit of this repository"


def test_the_speed_figure_covers_every_game_and_interface() -> None:
    rl_bench = load("benchmarks/rl_bench.py")
    body = FIGURES["speed"]
    sections = body.split("\n")
    for game in list_rulesets():
        start = next(i for i, line in enumerate(sections) if line.startswith(f"{game}, "))
        names = [line[2:34].strip() for line in sections[start + 2: start + 2 +
                                                          len(rl_bench.BENCHMARKS)]]
        assert names == [name for name, _, _ in rl_bench.BENCHMARKS]
    assert body.count("goal met") + body.count("BELOW GOAL") == (
        len(rl_bench.GOAL) * len(list_rulesets()))


def test_the_maskable_ppo_figure_covers_every_game() -> None:
    body = FIGURES["maskable-ppo"]
    for game in list_rulesets():
        assert f"  {game} " in body
