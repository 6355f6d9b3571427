"""``boomtown rules GAME``: what a ruleset declares about itself, as text.

Option help comes from, in order: the field's metadata (``help``, ``doc`` or
``description``), a docstring right after the field, or ``#:`` comments on or
above it (the Sphinx conventions).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
import typing
from dataclasses import dataclass
from typing import Any

from boomtown.cli.table import format_number
from boomtown.engine import Ruleset

HELP_METADATA_KEYS = ("help", "doc", "description")


@dataclass(frozen=True)
class OptionInfo:
    """One option of a ruleset, as the command shows it."""

    name: str
    type: str
    default: Any
    help: str


def _type_name(hint: Any) -> str:
    if isinstance(hint, type) and not typing.get_args(hint):
        return hint.__name__
    return str(hint).replace("typing.", "")


def _attribute_docs(cls: type[Any]) -> dict[str, str]:
    """Docstrings and ``#:`` comments of a class's annotated fields, by field name."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return {}
    classdef = next((n for n in tree.body if isinstance(n, ast.ClassDef)), None)
    if classdef is None:
        return {}
    lines = source.splitlines()
    docs: dict[str, str] = {}
    body = classdef.body
    for i, node in enumerate(body):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        name = node.target.id
        after = body[i + 1] if i + 1 < len(body) else None
        if (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[name] = " ".join(inspect.cleandoc(after.value.value).split())
            continue
        comments: list[str] = []
        row = node.lineno - 2
        while row >= 0 and lines[row].strip().startswith("#:"):
            comments.insert(0, lines[row].strip()[2:].strip())
            row -= 1
        _, marker, trailing = lines[node.lineno - 1].partition("#:")
        if marker:
            comments.append(trailing.strip())
        if comments:
            docs[name] = " ".join(" ".join(comments).split())
    return docs


def option_infos(options_type: type[Any]) -> list[OptionInfo]:
    """The options dataclass's fields with their types, defaults and help."""
    if not dataclasses.is_dataclass(options_type):
        return []
    try:
        hints = typing.get_type_hints(options_type)
    except (NameError, TypeError):
        hints = {}
    docs = _attribute_docs(options_type)
    infos = []
    for f in dataclasses.fields(options_type):
        if f.default is not dataclasses.MISSING:
            default: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = dataclasses.MISSING
        help_text = next(
            (str(f.metadata[k]) for k in HELP_METADATA_KEYS if k in f.metadata),
            docs.get(f.name, ""),
        )
        infos.append(OptionInfo(f.name, _type_name(hints.get(f.name, f.type)), default, help_text))
    return infos


def _class_doc(cls: type[Any]) -> str:
    doc = cls.__doc__ or ""
    # dataclasses invent "Name(field: type = ...)" when there is no docstring
    if not doc or doc.startswith(f"{cls.__name__}("):
        return ""
    lines = inspect.cleandoc(doc).splitlines()
    cut = next((i for i, line in enumerate(lines) if line.lstrip().startswith(">>>")), len(lines))
    return "\n".join(lines[:cut]).strip()  # doctests are for the developers


def _show_default(value: Any) -> str:
    if value is dataclasses.MISSING:
        return "(required)"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return format_number(value)


def describe_ruleset(ruleset: Ruleset) -> list[str]:
    """The lines printed by ``boomtown rules GAME``."""
    counts = ", ".join(str(n) for n in ruleset.player_counts)
    lines = [
        f"{ruleset.name} ({ruleset.id})",
        f"  version:      {ruleset.version}",
        f"  players:      {counts}",
        f"  action space: {ruleset.action_space_size} ids",
    ]
    if ruleset.description:
        lines += ["", *textwrap.wrap(" ".join(ruleset.description.split()), 88)]
    options_type = ruleset.options_type
    infos = option_infos(options_type)
    lines += ["", f"Options ({getattr(options_type, '__name__', 'options')}):"]
    class_doc = _class_doc(options_type)
    if class_doc:
        lines += ["  " + line for line in class_doc.splitlines()]
    if not infos:
        lines.append("  (none)")
    for info in infos:
        lines.append(f"  {info.name}: {info.type} = {_show_default(info.default)}")
        if info.help:
            lines += textwrap.wrap(
                info.help, 84, initial_indent="      ", subsequent_indent="      "
            )
    if infos:
        lines.append("  Set one with -o NAME=VALUE on simulate and bench (VALUE is read as JSON).")
    if ruleset.rules_report is not None:
        report = ruleset.rules_report().rstrip()
        if report:
            lines += ["", report]
    return lines
