"""The documentation's examples run: every docstring example of every module of ``boomtown``
and every ```` ```python ```` block of the README and docs/engine.md.

A module's examples run as :mod:`doctest` runs them, in a copy of the module's globals. The
blocks of one Markdown file run in order in one namespace, as a reader types them: a block of
``>>>`` examples is a doctest, any other block is executed and must not raise. A block fenced
```` ```python no-run ```` is shown, not run (a sketch, or code that needs a server or hours).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest

import boomtown

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(boomtown.__file__).resolve().parent

#: Markdown files whose ```python blocks run.
DOCUMENTS = ("README.md", "docs/engine.md")

#: The fence of a block that runs, and the info string of one that does not.
RUN_FENCE = "python"
NO_RUN = "no-run"

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


def blocks(text: str) -> list[tuple[int, bool, str]]:
    """The ```python blocks of a Markdown text: (first line of code, runs, code)."""
    found = []
    for match in _FENCE.finditer(text):
        info = match.group(1).split()
        if info[:1] == [RUN_FENCE]:
            line = text.count("\n", 0, match.start()) + 2
            found.append((line, NO_RUN not in info[1:], match.group(2)))
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
    for line, runs, code in blocks(text):
        if not runs:
            continue
        where = f"{document}:{line}"
        if code.lstrip().startswith(">>>"):
            report: list[str] = []
            test = parser.get_doctest(code, namespace, where, document, line)
            runner.run(test, out=report.append, clear_globs=False)
            assert runner.failures == 0, "".join(report)
        else:
            exec(compile(code, where, "exec"), namespace)


def test_the_fence_convention() -> None:
    sample = "```python\n>>> 1 + 1\n2\n```\n\n```python no-run\nserve()\n```\n```sh\nls\n```\n"
    found = blocks(sample)
    assert [(line, runs, code) for line, runs, code in found] == [
        (2, True, ">>> 1 + 1\n2\n"), (7, False, "serve()\n")
    ]
