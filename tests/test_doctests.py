"""The documentation's examples run: every docstring example of every module of ``boomtown``
and every ```` ```python ```` block of the README and docs/engine.md.

A module's examples run as :mod:`doctest` runs them, in a copy of the module's globals. The
blocks of one Markdown file run in order in one namespace, as a reader types them: a block of
``>>>`` examples is a doctest, any other block is executed and must not raise. A block fenced
```` ```python no-run ```` is shown, not run (a sketch, or code that needs a server or hours);
one fenced ```` ```python file=PATH ```` is an excerpt of that file (a guide that builds a game
shows the game's code), not run but found, verbatim, in the file.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import boomtown

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(boomtown.__file__).resolve().parent

#: Markdown files whose ```python blocks run.
DOCUMENTS = ("README.md", "docs/engine.md")

#: The fence of a block that runs, the info string of one that does not, and the prefix of
#: the info string of an excerpt of a file.
RUN_FENCE = "python"
NO_RUN = "no-run"
EXCERPT = "file="

#: Folders of .py files that are not modules of the package (never imported), and why.
NOT_MODULES = {
    "boomtown.server.migrations": "Alembic's scripts: Alembic runs them with its own context",
}

#: Doctest options for every example: ``...`` matches any text.
FLAGS = doctest.ELLIPSIS

_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)


def module_names(path: list[str] | None = None, prefix: str = "boomtown.") -> list[str]:
    """Every module of the package, subpackages included, found with :mod:`pkgutil` and
    imported by nobody until its test runs. ``pkgutil.walk_packages`` would skip the namespace
    package ``boomtown.games`` (a folder without ``__init__.py``), so folders of modules are
    walked here too."""
    names: list[str] = []
    for directory in path if path is not None else [str(PACKAGE)]:
        for info in pkgutil.iter_modules([directory], prefix):
            names.append(info.name)
            if info.ispkg:
                names += module_names([str(Path(directory, info.name.rsplit(".", 1)[1]))],
                                      info.name + ".")
        for child in sorted(Path(directory).iterdir()):
            name = prefix + child.name
            namespace = child.is_dir() and not (child / "__init__.py").exists()
            if namespace and name not in NOT_MODULES and any(child.glob("*.py")):
                names += module_names([str(child)], name + ".")
    return sorted(names)


MODULES = ["boomtown", *module_names()]


class Block(NamedTuple):
    """A ```python block of a Markdown text."""

    line: int  # of its first line of code
    code: str
    runs: bool
    excerpt_of: str | None  # the file it is an excerpt of


def blocks(text: str) -> list[Block]:
    """The ```python blocks of a Markdown text."""
    found = []
    for match in _FENCE.finditer(text):
        info = match.group(1).split()
        if info[:1] == [RUN_FENCE]:
            line = text.count("\n", 0, match.start()) + 2
            files = [word.removeprefix(EXCERPT) for word in info if word.startswith(EXCERPT)]
            excerpt_of = files[0] if files else None
            runs = NO_RUN not in info and excerpt_of is None
            found.append(Block(line, match.group(2), runs, excerpt_of))
    return found


def test_the_walk_finds_the_games_and_the_kernel() -> None:
    assert "boomtown.engine.state" in MODULES
    assert "boomtown.games.provenance" in MODULES  # in the namespace package
    assert "boomtown.games.western_town.rules" in MODULES
    assert not [name for name in MODULES if name.startswith(tuple(NOT_MODULES))]
    on_disk = {
        p for p in PACKAGE.rglob("*.py")
        if not any(str(p.relative_to(PACKAGE.parent)).replace("/", ".").startswith(skip)
                   for skip in NOT_MODULES)
    }
    assert len(MODULES) == len(on_disk)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


@pytest.mark.parametrize("document", DOCUMENTS)
def test_markdown_python_blocks(document: str) -> None:
    namespace: dict[str, Any] = {"__name__": f"doc:{document}"}
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=FLAGS)
    text = (ROOT / document).read_text(encoding="utf-8")
    for line, code, runs, excerpt_of in blocks(text):
        where = f"{document}:{line}"
        if excerpt_of is not None:
            source = (ROOT / excerpt_of).read_text(encoding="utf-8")
            assert code in source, f"{where}: this excerpt is not in {excerpt_of}"
        if not runs:
            continue
        if code.lstrip().startswith(">>>"):
            report: list[str] = []
            test = parser.get_doctest(code, namespace, where, document, line)
            runner.run(test, out=report.append, clear_globs=False)
            assert runner.failures == 0, "".join(report)
        else:
            exec(compile(code, where, "exec"), namespace)


def test_the_fence_convention() -> None:
    sample = ("```python\n>>> 1 + 1\n2\n```\n\n```python no-run\nserve()\n```\n```sh\nls\n```\n"
              "```python file=src/x.py\nX = 1\n```\n")
    assert blocks(sample) == [
        Block(2, ">>> 1 + 1\n2\n", True, None), Block(7, "serve()\n", False, None),
        Block(13, "X = 1\n", False, "src/x.py"),
    ]
