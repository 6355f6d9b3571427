"""Write the figures of docs/rl.md from the code, so that they cannot drift.

Every figure in docs/rl.md lies between ``<!-- figures:NAME -->`` and ``<!-- /figures:NAME -->``
and is produced here, by one of two kinds of producer:

* **checked** figures are computed from the code alone (observation lengths and layouts,
  action space sizes, reward ranges, the output of the short examples): the same on every
  machine, so ``tests/test_rl_docs.py`` recomputes them and fails when the doc differs;
* **timed** figures are measurements (the benchmark, the MaskablePPO example, the MCTS match):
  they cannot be recomputed by a test, so each starts with the commit it measured
  (:func:`boomtown.rl.stamp.commit_stamp`) and the test checks that stamp and the figure's shape.

``python scripts/rl_docs.py`` rewrites the checked figures (``--check``: only say which
differ, exit 1 if any); ``python scripts/rl_docs.py bench|ppo|mcts`` runs that measurement and
writes it (``ppo --from FILE``: a run of ``scripts/train_maskable_ppo.py`` captured before).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from boomtown.engine import get_ruleset, list_rulesets
from boomtown.rl.common import GameSpec
from boomtown.rl.rewards import SCHEMES, ZERO_SUM, reward_range
from boomtown.rl.stamp import commit_stamp

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rl.md"
#: One figure: its name, then its body up to the closing marker.
FIGURE = re.compile(
    r"<!-- figures:(?P<name>[a-z0-9-]+) -->\n(?P<body>.*?)<!-- /figures:(?P=name) -->", re.S)
#: The last python block before a position (the example a figure shows the output of).
PYTHON_BLOCK = re.compile(r"```python\n(?P<code>.*?)```", re.S)
#: The first line of a timed figure's code block.
STAMP_LINE = re.compile(r"```\ncommit (?P<stamp>[0-9a-f]{7,40}\+?|unknown)[:,]")
#: Arguments of the MaskablePPO run docs/rl.md shows (a few minutes per game on 2 cores).
PPO_ARGS = ["--steps", "120000", "--eval-games", "200", "--heuristic-games", "50"]
INFO = {True: "perfect", False: "imperfect"}


def code_block(lines: list[str]) -> str:
    return "```\n" + "".join(line + "\n" for line in lines) + "```\n"


# ------------------------------------------------------------------ checked figures
def observation_table(doc: str, position: int) -> str:
    """Per game and player count: the observation's length and version, the action space,
    the information structure."""
    rows = ["| game | players | observation length | layout version | actions | information |",
            "|---|---|---|---|---|---|"]
    for game in list_rulesets():
        ruleset = get_ruleset(game)
        observers = [GameSpec.make(game, p).observer() for p in ruleset.player_counts]
        counts = " / ".join(str(p) for p in ruleset.player_counts)
        sizes = " / ".join(str(o.size) for o in observers)
        rows.append(f"| {game} | {counts} | {sizes} | {observers[0].version} | "
                    f"{ruleset.action_space_size} | {INFO[observers[0].perfect_information]} |")
    return "\n".join(rows) + "\n"


def layout_tables(doc: str, position: int) -> str:
    """Every block of every game's observation at its smallest player count."""
    out: list[str] = []
    for game in list_rulesets():
        players = get_ruleset(game).player_counts[0]
        observer = GameSpec.make(game, players).observer()
        out += ["<details>",
                f"<summary>{game}, {players} players: {observer.size} slots "
                f"({observer.version})</summary>", "",
                "| block | slots | meaning |", "|---|---|---|"]
        for name, start, end, meaning in observer.blocks():
            span = f"{start}" if end == start + 1 else f"{start}-{end - 1}"
            out.append(f"| `{name}` | {span} | {meaning.replace('|', '/')} |")
        out += ["", "</details>", ""]
    return "\n".join(out)


def reward_table(doc: str, position: int) -> str:
    """The range and utility of every reward scheme, per game (smallest player count)."""
    rows = ["| scheme | utility | " + " | ".join(list_rulesets()) + " |",
            "|---|---|" + "---|" * len(list_rulesets())]
    for scheme in SCHEMES:
        ranges = []
        for game in list_rulesets():
            players = get_ruleset(game).player_counts[0]
            low, high = reward_range(scheme, get_ruleset(game), players)
            ranges.append(f"[{low:g}, {high:g}]")
        utility = "zero-sum" if scheme in ZERO_SUM else "general-sum"
        rows.append(f"| `{scheme}` | {utility} | " + " | ".join(ranges) + " |")
    return "\n".join(rows) + "\n"


def example_output(doc: str, position: int) -> str:
    """The output of the python block just before the figure, run in a fresh namespace."""
    blocks = list(PYTHON_BLOCK.finditer(doc, 0, position))
    if not blocks:
        raise ValueError("an example figure needs a python block before it")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(blocks[-1]["code"], str(DOC), "exec"), {"__name__": "rl_docs_example"})
    return code_block(printed.getvalue().splitlines())


#: Checked figures: (doc text, figure position) -> body.
CHECKED: dict[str, Callable[[str, int], str]] = {
    "observation-lengths": observation_table,
    "observation-layouts": layout_tables,
    "reward-schemes": reward_table,
    "pettingzoo-example": example_output,
    "gymnasium-example": example_output,
    "openspiel-example": example_output,
}


# -------------------------------------------------------------------- timed figures
def run_bench(extra: list[str]) -> str:
    command = [sys.executable, str(ROOT / "benchmarks" / "rl_bench.py"), *extra]
    return code_block(run(command))


def run_ppo(extra: list[str]) -> str:
    if extra[:1] == ["--from"]:
        lines = Path(extra[1]).read_text().splitlines()
    else:
        command = [sys.executable, str(ROOT / "scripts" / "train_maskable_ppo.py"),
                   *(extra or PPO_ARGS)]
        lines = run(command)
    return code_block([line for line in lines if not line.startswith("exit ")])


def run_mcts(extra: list[str]) -> str:
    doc = DOC.read_text()
    match = next(m for m in FIGURE.finditer(doc) if m["name"] == "mcts-match")
    stamp = commit_stamp()
    body = example_output(doc, match.start())
    return body.replace("```\n", f"```\ncommit {stamp}, the example above:\n", 1)


def run(command: list[str]) -> list[str]:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


#: Timed figures: the command-line word, the figure, the producer (extra arguments -> body).
TIMED: dict[str, tuple[str, Callable[[list[str]], str]]] = {
    "bench": ("speed", run_bench),
    "ppo": ("maskable-ppo", run_ppo),
    "mcts": ("mcts-match", run_mcts),
}


# --------------------------------------------------------------------------- writing
def figures(doc: str) -> dict[str, str]:
    """Every figure of ``doc``: name -> body."""
    found: dict[str, str] = {}
    for match in FIGURE.finditer(doc):
        if match["name"] in found:
            raise ValueError(f"figure {match['name']} appears twice in {DOC.name}")
        found[match["name"]] = match["body"]
    return found


def computed(doc: str) -> dict[str, str]:
    """Every checked figure of ``doc`` as the code gives it now."""
    out = {}
    for match in FIGURE.finditer(doc):
        producer = CHECKED.get(match["name"])
        if producer is not None:
            out[match["name"]] = producer(doc, match.start())
    return out


def replace(doc: str, bodies: dict[str, str]) -> str:
    """``doc`` with the named figures' bodies replaced."""
    def body(match: re.Match[str]) -> str:
        name = match["name"]
        new = bodies.get(name, match["body"])
        return f"<!-- figures:{name} -->\n{new}<!-- /figures:{name} -->"

    return FIGURE.sub(body, doc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("measure", nargs="?", choices=sorted(TIMED),
                        help="run a measurement and write it (default: the checked figures)")
    parser.add_argument("--check", action="store_true",
                        help="only report checked figures that differ (exit 1 if any)")
    args, extra = parser.parse_known_args(argv)
    doc = DOC.read_text()
    if args.measure:
        name, producer = TIMED[args.measure]
        if name not in figures(doc):
            raise SystemExit(f"{DOC} has no figure {name}")
        body = producer(extra)
        # read again: the page may have been edited while the measurement ran
        DOC.write_text(replace(DOC.read_text(), {name: body}))
        print(f"wrote {name} into {DOC.relative_to(ROOT)}")
        return 0
    if extra:
        parser.error(f"unknown arguments {extra}")
    current, fresh = figures(doc), computed(doc)
    stale = sorted(name for name, body in fresh.items() if current[name] != body)
    if args.check:
        for name in stale:
            print(f"{DOC.relative_to(ROOT)}: figure {name} differs from the code")
        return 1 if stale else 0
    DOC.write_text(replace(doc, fresh))
    print(f"rewrote {len(fresh)} checked figures ({len(stale)} had changed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
