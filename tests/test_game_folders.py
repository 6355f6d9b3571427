"""Every game is one folder: the rest of the project reaches a game only through its Ruleset.

The engine's registry is the one place outside ``boomtown/games/`` that names a game's module;
the bots, the simulation lab, the command line, the server, the web package and the learning
code find everything per game (rules, bot knowledge and evaluation, observation, terminal
layout, sim features, browser board) through ``get_ruleset(game)``. A game's bot modules
live in its folder and are imported only when a bot asks for them.
"""

from __future__ import annotations

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from boomtown.bots.evaluation import evaluation_for, generic_evaluation
from boomtown.bots.knowledge import Knowledge, knowledge_for, unregister_knowledge
from boomtown.engine.registry import get_ruleset, list_rulesets, register, unregister

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "boomtown"
#: The packages that must not import a game's modules.
GAME_BLIND = ("bots", "sim", "cli", "server", "web", "rl", "engine")
#: The one module allowed to name the games' modules (it maps ids to rulesets).
REGISTRY = PACKAGE / "engine" / "registry.py"
GAMES = "boomtown.games"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imported(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (relative imports resolved), with its line."""
    return _imports_of(
        path.read_text(encoding="utf-8"), _module_name(path), path.name == "__init__.py"
    )


def _imports_of(source: str, module_name: str, is_package: bool) -> list[tuple[int, str]]:
    """Every module the source of ``module_name`` imports, names imported from a module
    included (``from boomtown.games import x`` is ``boomtown.games.x`` too)."""
    package = module_name.split(".")
    if not is_package:
        package.pop()
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            out.append((node.lineno, module))
            out += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return out


def _game_blind_files() -> list[Path]:
    files = [p for sub in GAME_BLIND for p in sorted((PACKAGE / sub).rglob("*.py"))]
    return [p for p in files if p != REGISTRY]


def _names_a_game(module: str) -> bool:
    return module == GAMES or module.startswith(GAMES + ".")


def test_only_the_registry_imports_a_game() -> None:
    files = _game_blind_files()
    assert len(files) > 50  # the packages were found
    found = [
        f"{p.relative_to(SRC)}:{line} imports {module}"
        for p in files
        for line, module in _imported(p)
        if _names_a_game(module)
    ]
    assert found == []


def test_only_the_registry_names_a_game_module() -> None:
    """No ``"boomtown.games.x:attr"`` tables elsewhere either (they import a game lazily)."""
    found = [
        f"{p.relative_to(SRC)}:{n}"
        for p in _game_blind_files()
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if GAMES + "." in line
    ]
    assert found == []
    assert GAMES + "." in REGISTRY.read_text(encoding="utf-8")


def test_the_import_check_sees_every_kind_of_import() -> None:
    source = (
        "from ..games import western_town\nfrom . import knowledge\n"
        "def late():\n    import boomtown.games.way_out_west.rules\n"
    )
    modules = [m for _, m in _imports_of(source, "boomtown.bots.fake", is_package=False)]
    assert "boomtown.games.western_town" in modules
    assert "boomtown.bots.knowledge" in modules
    assert "boomtown.games.way_out_west.rules" in modules
    assert [m for _, m in _imports_of("from . import x\n", "boomtown.rl", True)] == [
        "boomtown.rl",
        "boomtown.rl.x",
    ]


@pytest.mark.parametrize("game", list_rulesets())
def test_every_game_declares_its_bot_knowledge(game: str) -> None:
    ruleset = get_ruleset(game)
    assert ruleset.bot_knowledge is not None
    module = ruleset.bot_knowledge.partition(":")[0]
    assert module.startswith(ruleset.factory.__module__.rpartition(".")[0] + "."), module
    knowledge = knowledge_for(game)
    assert type(knowledge) is not Knowledge
    assert type(knowledge).__module__ == module
    if ruleset.bot_evaluation is None:
        assert evaluation_for(game) is generic_evaluation
    else:
        assert evaluation_for(game).__module__ == ruleset.bot_evaluation.partition(":")[0]


@pytest.mark.parametrize("game", list_rulesets())
def test_every_game_keeps_its_browser_board_in_its_folder(game: str) -> None:
    ruleset = get_ruleset(game)
    board = ruleset.web_board
    assert board is not None
    folder = PACKAGE / "games" / game.replace("-", "_")
    assert board.folder.resolve() == (folder / "web").resolve()  # the game's own folder
    assert (board.folder / board.module).is_file() and (board.folder / board.css).is_file()
    assert "export function render(" in (board.folder / board.module).read_text()
    assert not list((PACKAGE / "web").rglob(f"{game.replace('-', '_')}*")), "left in web/"


class ToyKnowledge(Knowledge):
    """A knowledge a toy ruleset declares by ``"module:attribute"``."""


def test_a_ruleset_declares_its_knowledge_by_name() -> None:
    toy = dataclasses.replace(
        get_ruleset("kuhn-poker"),
        id="kuhn-poker-declared",
        bot_knowledge=f"{__name__}:ToyKnowledge",
    )
    register(toy)
    try:
        assert type(knowledge_for(toy.id)) is ToyKnowledge
        assert evaluation_for(toy.id) is generic_evaluation
    finally:
        unregister(toy.id)
        unregister_knowledge(toy.id)
    assert type(knowledge_for(toy.id)) is Knowledge  # unknown now: the generic one
    unregister_knowledge(toy.id)


def test_starting_a_game_imports_no_bot() -> None:
    code = (
        "import sys\nfrom boomtown import new_game\n"
        "for game in ('western-town', 'way-out-west', 'great-western-trail'):\n"
        "    new_game(game, 3, seed=1)\n"
        "print(sorted(m for m in sys.modules if m.startswith('boomtown.bots')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC)},
    )
    assert done.stdout.strip() == "[]"
