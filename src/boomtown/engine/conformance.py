"""The conformance suite: one generic test that every game passes.

It drives a game only through the public contract (:class:`~boomtown.engine.ruleset.Ruleset`,
:class:`~boomtown.engine.state.State`, records and snapshots), never through a game's internals,
so whoever adds a game runs it unchanged. For each seed it plays a game (seats choose with a
:mod:`~boomtown.engine.policies` policy, uniformly random by default, drawing from the suite's
own :class:`random.Random`; chance comes from ``state.sample_chance()``), checks every
position on the way, and then checks the whole game. Goal-directed policies (rare kinds of
decision first, progress over passing, or a bot) reach the late game that uniform play rarely
does; a :class:`~boomtown.engine.coverage.Coverage` passed in counts which kinds of decision
were ever legal and ever taken.

Every check has a name (see :data:`CHECKS`); a failure is a :class:`Finding` that names its
check, the seed and the step, and carries the record that reaches the position::

    from boomtown.engine.conformance import run_conformance

    findings = run_conformance("western-town", players=3, seeds=range(20))
    for finding in findings:
        print(finding)              # [view-leak] western-town 3p seed 4 step 17: view(1) ...
        state = finding.position()  # the failing position, replayed from its record

From pytest, :func:`assert_conformance` raises :class:`ConformanceError` (an
``AssertionError``) listing every finding; its ``checks`` attribute names the failed checks::

    import pytest
    from boomtown.engine.conformance import assert_conformance

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_my_game_conforms(players):
        assert_conformance("my-game", players, seeds=range(10))

From a shell (exit status 1 when anything is found)::

    python -m boomtown.engine.conformance my-game --players 3 --seeds 50
    python -m boomtown.engine.conformance --list

A single position (a puzzle, a snapshot from a bug report) can be checked on its own with
:func:`check_position`; it never changes the state it is given.

Cost is controlled by ``seeds`` and ``max_steps``, and by ``deep_rate``: the share of positions
that also get the expensive checks (snapshot round trip with continuation, clone independence,
undo, applying by text on clones). The opening and final positions are always checked deeply,
and so is the first position where undo is allowed. ``playouts`` determinized states per game
are played on to the end.

Positions along one game are compared by a fingerprint: the snapshot with the append-only log,
actions and actors cut to their length and last item, so that long games stay cheap. Full
snapshots are compared where two states need not share a past: snapshot round trips, undo
against replay, and the end of every replayed game.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import random
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from boomtown.engine.actions import CHANCE, TERMINAL, Action, Prompt, family_table
from boomtown.engine.catalogue import Catalogue, ids_in, is_id
from boomtown.engine.coverage import Coverage
from boomtown.engine.errors import IllegalAction, RulesFault
from boomtown.engine.policies import Policy, Uniform
from boomtown.engine.record import GameRecord, replay
from boomtown.engine.registry import get_ruleset
from boomtown.engine.ruleset import Ruleset
from boomtown.engine.state import State, load_snapshot

__all__ = [
    "CHECKS",
    "ConformanceError",
    "Finding",
    "assert_conformance",
    "check_position",
    "format_findings",
    "main",
    "run_conformance",
]

CHECKS: dict[str, str] = {
    "ruleset": "the ruleset is registered under its id; version, player counts, action space "
    "and options (JSON round trip) are sane; its action families cover the action space in "
    "order, each id once",
    "terminates": "random games end within max_steps, and no legal action raises",
    "determinism": "a second game with the same seed and action ids has identical snapshots "
    "at every step; replay(record) ends identical",
    "record-roundtrip": "GameRecord.from_json(record.to_json()) == record, its options rebuild "
    "the game's options, and it replays to the same end",
    "snapshot-roundtrip": "load_snapshot(JSON of snapshot()) gives an equal snapshot, the same "
    "legal ids and views, and stays equal when both continue with the same actions",
    "clone-independence": "applying actions to a clone never changes the original, and vice versa",
    "read-only": "querying a position (legal ids, mask, texts, chance, views, counts, "
    "determinize, clone, snapshot) never changes it",
    "mask": "current_player is a seat, CHANCE or TERMINAL; legal ids are sorted, unique, in "
    "range and empty exactly at the end; legal_mask() and legal_actions() agree",
    "action-text": "legal texts are non-empty, unique and match action_text(); applying by "
    "text, by id or by Action does the same",
    "chance-distribution": "at chance points the outcome ids are the legal ids and the "
    "probabilities are > 0 and sum to 1; sample_chance() is legal and reproducible",
    "component-counts": "component_counts() is the same at every step",
    "illegal-rejected": "illegal and out-of-range ids, garbage text and non-actions raise "
    "IllegalAction with a reason and change nothing",
    "view-json": "view(seat) and view(None) are JSON-ready (string keys, finite numbers, "
    "plain types)",
    "view-leak": "view(seat) is identical on state.determinize(seat, rng), and so is view(None): "
    "no view shows what its seat cannot know",
    "determinize": "determinize() leaves the original alone, keeps players, turn and component "
    "counts, and gives a legal state that plays on to the end",
    "returns": "returns() has one finite number per seat, within the ruleset's "
    "returns_range; score_breakdown() is JSON-ready",
    "undo": "only the seat to decide may undo; undo on a clone equals replaying "
    "record.actions[:-1]; an undoable decision reveals nothing hidden (else it must seal())",
    "prompt": "every position has a specific prompt (not a generic 'Choose an action'): the "
    "seat that decides (CHANCE at chance points), a title, JSON-ready, for every viewer",
    "targets": "every legal action, described, has its family's kind, a text cost and targets "
    "of id shape that appear in the deciding seat's view",
    "catalogue": "the ruleset declares a catalogue that builds, and every id of a catalogued kind "
    "in any view, prompt or action target is in it",
    "atomic": "a fault injected after the game's own apply has run (on a clone, and on a "
    "determinized copy) or in its legal-action list raises RulesFault and leaves the position "
    "exactly as it was; the fault's record and snapshot reproduce it, and play goes on",
}
"""Every check by name, with what it asserts."""

_GARBAGE_TEXT = "xyzzy \u2603 no such action"
#: Share of ordinary positions (besides the deep ones) whose view ids are looked up in the
#: catalogue (every view of every seat: costly in long games).
CATALOGUE_RATE = 0.2


# ----------------------------------------------------------------- results
@dataclass(frozen=True)
class Finding:
    """One failed check.

    ``step`` is the number of actions applied before the position in question (``None`` for
    checks of the ruleset itself); ``record`` is the JSON text of the game record that reaches
    it, so :meth:`position` can rebuild it.
    """

    check: str
    message: str
    game: str
    players: int
    seed: int | None = None
    step: int | None = None
    record: str | None = None

    def __str__(self) -> str:
        where = [self.game, f"{self.players}p"]
        if self.seed is not None:
            where.append(f"seed {self.seed}")
        if self.step is not None:
            where.append(f"step {self.step}")
        return f"[{self.check}] {' '.join(where)}: {self.message}"

    def position(self) -> State:
        """Replay the record of this finding: the position where the check failed."""
        if self.record is None:
            raise ValueError("this finding has no record")
        return replay(GameRecord.from_json(self.record))


class ConformanceError(AssertionError):
    """A game failed the conformance suite; ``findings`` says where and why."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        self.findings = list(findings)
        super().__init__(format_findings(self.findings))

    @property
    def checks(self) -> set[str]:
        """Names of the checks that failed."""
        return {f.check for f in self.findings}


def format_findings(findings: Sequence[Finding], limit: int = 40) -> str:
    """A readable report: a summary line, then one line per finding (up to ``limit``)."""
    if not findings:
        return "conformance: no findings"
    names = sorted({f.check for f in findings})
    lines = [f"conformance: {len(findings)} finding(s) in {', '.join(names)}"]
    lines += [f"  {f}" for f in findings[:limit]]
    if len(findings) > limit:
        lines.append(f"  ... and {len(findings) - limit} more")
    return "\n".join(lines)


# ----------------------------------------------------------------- helpers
class _Fail(Exception):
    """Raised inside a check to report a finding (optionally at another step)."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.step = step


def _canon(data: Any) -> str:
    """Canonical JSON text: equal texts mean equal data."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _fingerprint(state: State) -> str:
    """Canonical JSON of ``state.snapshot()`` with the append-only kernel lists (log, actions,
    actors) cut to their length and last item.

    Cheap however long the game, and as good as the full snapshot for comparing states with a
    common past (a position before and after a query, a clone and its original, two replays
    compared step by step and then in full at the end).
    """
    return _canon(state._snapshot(whole=False))


def _view_diff(first: dict[str, Any], second: dict[str, Any]) -> str:
    try:
        return _diff(_canon(first), _canon(second))
    except (TypeError, ValueError):
        return "(views are not JSON)"


def _json_problem(data: Any, path: str = "$") -> str | None:
    """Why ``data`` is not plain JSON data, or ``None`` when it is."""
    if data is None or isinstance(data, bool | int | str):
        return None
    if isinstance(data, float):
        return None if math.isfinite(data) else f"{path} is {data!r}"
    if isinstance(data, list | tuple):
        for index, item in enumerate(data):
            problem = _json_problem(item, f"{path}[{index}]")
            if problem is not None:
                return problem
        return None
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                return f"{path} has the key {key!r}, which is not a string"
            problem = _json_problem(value, f"{path}.{key}")
            if problem is not None:
                return problem
        return None
    return f"{path} is a {type(data).__name__}, not JSON data"


def _short(data: Any) -> str:
    try:
        text = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(data)
    return text if len(text) <= 80 else text[:77] + "..."


def _first_difference(a: Any, b: Any, path: str = "$") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a:
                return f"{path}.{key} appears"
            if key not in b:
                return f"{path}.{key} disappears"
            if _canon(a[key]) != _canon(b[key]):
                return _first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            if _canon(x) != _canon(y):
                return _first_difference(x, y, f"{path}[{index}]")
        if len(a) != len(b):
            return f"{path} has {len(a)} items, then {len(b)}"
    return f"{path} is {_short(a)}, then {_short(b)}"


def _diff(first: str, second: str) -> str:
    """Where two canonical JSON texts first differ."""
    try:
        return _first_difference(json.loads(first), json.loads(second))
    except ValueError:
        return "(not comparable)"


def _describe(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        text += f" (at {os.path.basename(last.filename)}:{last.lineno} in {last.name})"
    return text


def _random_action(state: State, rng: random.Random) -> int:
    """A uniformly random legal id, or a chance outcome drawn with ``rng``."""
    if state.current_player == CHANCE:
        return state.sample_chance(rng).id
    return rng.choice(state.legal_action_ids())


def _advance(state: State, rng: random.Random, steps: int) -> list[int]:
    """Apply up to ``steps`` random actions; the ids applied."""
    done: list[int] = []
    while len(done) < steps and not state.is_terminal():
        aid = _random_action(state, rng)
        state.apply(aid)
        done.append(aid)
    return done


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


# ----------------------------------------------------------------- context
class _Context:
    """One seed's run: settings, random streams and the findings so far."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int,
        seed: int | None,
        options: Any,
        enabled: frozenset[str],
        *,
        max_steps: int,
        deep_rate: float,
        continue_steps: int,
        illegal_tries: int,
        playouts: int,
        policy: Policy | None = None,
        coverage: Coverage | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.policy: Policy = policy if policy is not None else Uniform()
        self.coverage = coverage
        self.catalogue: Catalogue | None = None
        self.players = players
        self.seed = seed
        self.options = options
        self.enabled = enabled
        self.max_steps = max_steps
        self.deep_rate = deep_rate
        self.continue_steps = continue_steps
        self.illegal_tries = illegal_tries
        self.playouts = playouts
        self.rng = random.Random(f"boomtown-conformance-check:{seed}")
        self.counts: dict[str, int] | None = None
        self.undo_checked = False
        #: per seat, how many log lines of its view view-json has checked (see _check_views)
        self.log_checked: dict[int | None, int] = {}
        self.findings: list[Finding] = []
        self.failed: set[str] = set()

    def active(self, check: str) -> bool:
        """Enabled, and not failed yet for this seed (one finding per check and seed)."""
        return check in self.enabled and check not in self.failed

    def fail(
        self, check: str, message: str, state: State | None = None, step: int | None = None
    ) -> None:
        if check in self.failed or check not in self.enabled:
            return
        self.failed.add(check)
        record: str | None = None
        if state is not None:
            try:
                rec = state.record
                if step is None:
                    step = len(rec.actions)
                rec.actions = rec.actions[:step]
                record = rec.to_json()
            except Exception:
                record = None
        self.findings.append(
            Finding(check, message, self.ruleset.id, self.players, self.seed, step, record)
        )

    def run(self, check: str, state: State | None, body: Callable[[], None]) -> bool:
        """Run one check if active; record a finding if it fails or raises."""
        if not self.active(check):
            return False
        try:
            body()
        except _Fail as failure:
            self.fail(check, failure.message, state, failure.step)
            return False
        except Exception as exc:
            self.fail(check, f"raised {_describe(exc)}", state)
            return False
        return True

    def subrng(self) -> random.Random:
        return random.Random(self.rng.getrandbits(64))


# ------------------------------------------------------- ruleset-level check
def _check_ruleset(ctx: _Context) -> None:
    rs = ctx.ruleset
    if not isinstance(rs.id, str) or not rs.id:
        raise _Fail(f"ruleset id {rs.id!r} is not a non-empty string")
    try:
        registered = get_ruleset(rs.id)
    except Exception as exc:
        raise _Fail(
            f"{rs.id!r} is not registered ({_describe(exc)}); replay() and load_snapshot() "
            "look rulesets up by id, so register() it first"
        ) from exc
    if registered is not rs:
        raise _Fail(
            f"a different ruleset is registered under {rs.id!r}; replay() and "
            "load_snapshot() would use that one"
        )
    if isinstance(rs.version, bool) or not isinstance(rs.version, int) or rs.version < 1:
        raise _Fail(f"version {rs.version!r} is not a positive integer")
    counts = rs.player_counts
    if not counts or not all(isinstance(n, int) and not isinstance(n, bool) for n in counts):
        raise _Fail(f"player_counts {counts!r} is not a non-empty tuple of integers")
    size = rs.action_space_size
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise _Fail(f"action_space_size {size!r} is not a positive integer")
    try:
        family_table(rs.action_families, size)
    except ValueError as exc:
        raise _Fail(f"action_families: {exc}") from exc
    for family in rs.action_families:
        if not family.name or not family.kind:
            raise _Fail(f"action family {family!r} needs a name and a kind")
    default = rs.default_options()
    data = rs.options_to_dict(default)
    problem = _json_problem(data)
    if problem is not None:
        raise _Fail(f"options_to_dict(default options) is not JSON-ready: {problem}")
    back = rs.options_from_dict(json.loads(json.dumps(data)))
    if back != default:
        raise _Fail(f"default options do not survive a JSON round trip: {default!r} -> {back!r}")
    if ctx.options is not None:
        options = ctx.options
        if isinstance(options, dict):
            options = rs.options_from_dict(options)
        again = rs.options_from_dict(json.loads(json.dumps(rs.options_to_dict(options))))
        if again != options:
            raise _Fail(f"options do not survive a JSON round trip: {options!r} -> {again!r}")


#: Prompt titles that say nothing about the decision (compared case-insensitively).
GENERIC_TITLES = frozenset(
    {"choose an action", "choose", "decide", "your turn", "make a decision", "pick an action",
     "action", "chance", "choose an option"}
)


def _presentation(ctx: _Context) -> Catalogue:
    """The game's catalogue: every game declares one (the presentation contract)."""
    if ctx.ruleset.catalogue_factory is None:
        raise _Fail(
            "the ruleset declares no catalogue_factory: every game names its cards, "
            "buildings, tiles and spaces with their effects (boomtown.engine.catalogue)"
        )
    return ctx.ruleset.catalogue()


def _check_prompt(ctx: _Context, state: State) -> None:
    current = state.current_player
    viewers: list[int | None] = [None, *range(ctx.players)]
    for viewer in viewers:
        prompt = state.prompt(viewer)
        if not isinstance(prompt, Prompt):
            raise _Fail(f"prompt({viewer}) is a {type(prompt).__name__}, not a Prompt")
        if prompt.seat != current:
            raise _Fail(f"prompt({viewer}) says seat {prompt.seat} decides, not {current}")
        title = prompt.title.strip() if isinstance(prompt.title, str) else ""
        if not title or title.casefold() in GENERIC_TITLES:
            raise _Fail(f"prompt({viewer}) has the generic title {prompt.title!r}")
        problem = _json_problem(prompt.to_dict())
        if problem is not None:
            raise _Fail(f"prompt({viewer}) is not JSON-ready: {problem}")
        for ref in prompt.subjects:
            if not is_id(ref):
                raise _Fail(f"prompt({viewer}) names {ref!r}, which is not an id")


def _check_targets(ctx: _Context, state: State, legal: list[int]) -> None:
    seat = state.current_player
    if seat < 0:
        return
    view = state.view(seat)
    present = ids_in({k: v for k, v in view.items() if k not in ("legal_actions", "prompt")})
    for aid in legal:
        action = state.describe(aid)
        family = ctx.ruleset.family_of(aid)
        if action.id != aid or action.kind != family.kind:
            raise _Fail(
                f"describe({aid}) has kind {action.kind!r}, its family's is {family.kind!r}"
            )
        if not isinstance(action.cost, str):
            raise _Fail(f"describe({aid}).cost is {action.cost!r}, not a text")
        for ref in action.targets:
            if not is_id(ref):
                raise _Fail(f"action {aid} ({action.text}) targets {ref!r}, not an id")
            if ref not in present:
                raise _Fail(
                    f"action {aid} ({action.text}) targets {ref}, which view({seat}) does not show"
                )


def _check_catalogue(ctx: _Context, state: State, catalogue: Catalogue, legal: list[int]) -> None:
    refs: set[str] = set()
    for viewer in [None, *range(ctx.players)]:
        refs |= ids_in(state.view(viewer))
        refs |= set(state.prompt(viewer).subjects)
    if state.current_player >= 0:
        for aid in legal:
            refs |= set(state.describe(aid).targets)
    missing = sorted(ref for ref in refs if not catalogue.covers(ref))
    if missing:
        raise _Fail(f"ids not in the catalogue: {_short(missing)}")


# ------------------------------------------------------ per-position checks
def _check_mask(ctx: _Context, state: State, legal: list[int]) -> None:
    current = state.current_player
    if (
        isinstance(current, bool)
        or not isinstance(current, int)
        or not (0 <= current < ctx.players or current in (CHANCE, TERMINAL))
    ):
        raise _Fail(f"current_player is {current!r}, not a seat, CHANCE or TERMINAL")
    if state.is_terminal() != (current == TERMINAL):
        raise _Fail("is_terminal() disagrees with current_player")
    size = ctx.ruleset.action_space_size
    for aid in legal:
        if isinstance(aid, bool) or not isinstance(aid, int) or not 0 <= aid < size:
            raise _Fail(f"legal id {aid!r} is not an integer in 0..{size - 1}")
    if any(a >= b for a, b in itertools.pairwise(legal)):
        raise _Fail(f"legal ids are not sorted and unique: {_short(legal)}")
    if current == TERMINAL and legal:
        raise _Fail("the game is over but there are legal actions")
    if current != TERMINAL and not legal:
        who = "chance" if current == CHANCE else f"seat {current}"
        raise _Fail(f"no legal action although {who} is to decide")
    mask = state.legal_mask()
    if len(mask) != size:
        raise _Fail(f"legal_mask() has {len(mask)} entries, the action space has {size}")
    marked = [i for i, flag in enumerate(mask) if flag]
    if marked != legal or not all(isinstance(flag, bool) for flag in mask):
        extra = sorted(set(marked) - set(legal))
        missing = sorted(set(legal) - set(marked))
        raise _Fail(
            f"legal_mask() disagrees with legal_action_ids(): marked but not legal {extra}, "
            f"legal but not marked {missing}"
        )
    ids = [a.id for a in state.legal_actions()]
    if ids != legal:
        raise _Fail(f"legal_actions() ids {_short(ids)} != legal_action_ids() {_short(legal)}")


def _check_texts(ctx: _Context, state: State, legal: list[int], deep: bool) -> None:
    actions = state.legal_actions()
    seen: dict[str, int] = {}
    for action in actions:
        text = action.text
        if not isinstance(text, str) or not text.strip():
            raise _Fail(f"action {action.id} has the text {text!r}")
        if state.action_text(action.id) != text:
            raise _Fail(
                f"action {action.id}: legal_actions() says {text!r}, "
                f"action_text() says {state.action_text(action.id)!r}"
            )
        key = " ".join(text.split()).casefold()
        if key in seen:
            raise _Fail(f"legal actions {seen[key]} and {action.id} both read {text!r}")
        seen[key] = action.id
    if not deep or not actions:
        return
    chosen = ctx.rng.choice(actions)
    if state.resolve(chosen.text) != chosen.id:
        raise _Fail(f"the text {chosen.text!r} does not resolve to action {chosen.id}")
    results: list[str] = []
    forms: list[tuple[str, Action | int | str]] = [
        ("text", chosen.text),
        ("id", chosen.id),
        ("Action", Action(chosen.id, chosen.text)),
    ]
    for name, form in forms:
        copy = state.clone()
        done = copy.apply(form)
        if done.id != chosen.id:
            raise _Fail(f"apply by {name} {form!r} applied action {done.id}, not {chosen.id}")
        results.append(_fingerprint(copy))
    if len(set(results)) != 1:
        raise _Fail(
            f"applying {chosen.text!r} by text and by id give different states: "
            f"{_diff(results[0], results[1])}"
        )


def _check_chance(ctx: _Context, state: State, legal: list[int]) -> None:
    outcomes = state.chance_outcomes()
    if state.current_player != CHANCE:
        if outcomes:
            raise _Fail("chance_outcomes() is not empty although no chance point")
        return
    if not outcomes:
        raise _Fail("a chance point without outcomes")
    ids = [action.id for action, _ in outcomes]
    if len(set(ids)) != len(ids):
        raise _Fail(f"repeated chance outcome ids: {_short(ids)}")
    if sorted(ids) != legal:
        raise _Fail(f"chance outcome ids {_short(sorted(ids))} != legal ids {_short(legal)}")
    for action, p in outcomes:
        if not _is_number(p) or not p > 0:
            raise _Fail(f"outcome {action.id} ({action.text}) has probability {p!r}")
    total = math.fsum(p for _, p in outcomes)
    if abs(total - 1.0) > 1e-9:
        raise _Fail(f"chance probabilities sum to {total!r}, not 1")
    first, second = state.sample_chance(), state.sample_chance()
    if first.id not in legal:
        raise _Fail(f"sample_chance() gave {first.id}, which is not an outcome")
    if first.id != second.id:
        raise _Fail("sample_chance() without an rng is not reproducible")
    own = state.sample_chance(ctx.subrng())
    if own.id not in legal:
        raise _Fail(f"sample_chance(rng) gave {own.id}, which is not an outcome")


def _check_counts(ctx: _Context, state: State) -> None:
    counts = state.component_counts()
    if counts != ctx.counts:
        raise _Fail(f"component counts changed: {_first_difference(ctx.counts, counts)}")


def _illegal_candidates(ctx: _Context, legal: list[int]) -> list[tuple[str, Any]]:
    size = ctx.ruleset.action_space_size
    legal_set = set(legal)
    free = size - len(legal_set)
    ids: list[int] = []
    if free > 0:
        if size <= 256:
            pool = [aid for aid in range(size) if aid not in legal_set]
            ids = ctx.rng.sample(pool, min(ctx.illegal_tries, len(pool)))
        else:
            for _ in range(ctx.illegal_tries * 20):
                aid = ctx.rng.randrange(size)
                if aid not in legal_set and aid not in ids:
                    ids.append(aid)
                    if len(ids) >= ctx.illegal_tries:
                        break
    candidates: list[tuple[str, Any]] = [(f"illegal id {aid}", aid) for aid in ids]
    if ids:
        candidates.append((f"Action({ids[0]})", Action(ids[0], "not a real action")))
    candidates += [
        ("id -1", -1),
        (f"id {size}", size),
        (f"id {size + 1000}", size + 1000),
        ("garbage text", _GARBAGE_TEXT),
        ("empty text", ""),
        ("None", None),
        ("a float", 0.5),
        ("True", True),
    ]
    return candidates


def _check_illegal(ctx: _Context, state: State, legal: list[int], before: str) -> None:
    candidates = _illegal_candidates(ctx, legal)
    copy = state.clone()
    for label, value in candidates:
        try:
            copy.apply(value)
        except IllegalAction as exc:
            if not isinstance(exc.reason, str) or not exc.reason.strip():
                raise _Fail(f"{label}: IllegalAction without a reason") from exc
        except Exception as exc:
            raise _Fail(f"{label}: raised {_describe(exc)} instead of IllegalAction") from exc
        else:
            raise _Fail(f"{label} was accepted although it is not legal")
    if _fingerprint(copy) == before and list(copy.legal_action_ids()) == legal:
        return
    # Something changed: find out which attempt did it.
    for label, value in candidates:
        probe = state.clone()
        with contextlib.suppress(Exception):
            probe.apply(value)
        after = _fingerprint(probe)
        if after != before:
            raise _Fail(f"rejecting {label} changed the state: {_diff(before, after)}")
    raise _Fail("rejecting illegal actions changed the state or its legal ids")


def _check_views(ctx: _Context, state: State, before: str, deep: bool) -> dict[int, State]:
    """view-json, view-leak and the cheap part of determinize. The determinized states."""
    seats: list[int | None] = [*range(ctx.players), None]
    real: dict[int | None, dict[str, Any]] = {}

    def views_json() -> None:
        for seat in seats:
            view = state.view(seat)
            if not isinstance(view, dict):
                raise _Fail(f"view({seat}) is a {type(view).__name__}, not a dict")
            # Along one game the log only grows: outside deep positions its new lines suffice
            # (dumping the whole log at every step costs the square of a long game's length).
            body, log = view, view.get("log")
            if isinstance(log, list):
                checked = ctx.log_checked.get(seat, 0)
                if not deep and checked <= len(log):
                    body = {**view, "log": log[checked:]}
                ctx.log_checked[seat] = len(log)
            try:
                json.dumps(body, allow_nan=False)
            except (TypeError, ValueError) as exc:
                reason = _json_problem(view) or str(exc)
                raise _Fail(f"view({seat}) is not JSON-ready: {reason}") from exc
            if deep:  # also string keys only, which json.dumps does not insist on
                problem = _json_problem(view)
                if problem is not None:
                    raise _Fail(f"view({seat}) is not JSON-ready: {problem}")
            real[seat] = view

    ctx.run("view-json", state, views_json)
    dets: dict[int, State] = {}
    if not (ctx.active("view-leak") or ctx.active("determinize")):
        return dets
    if len(real) != len(seats):
        try:
            real = {seat: state.view(seat) for seat in seats}
        except Exception:
            return dets  # view() itself fails: view-json says so (when enabled)

    def make() -> None:
        for seat in range(ctx.players):
            det = state.determinize(seat, ctx.subrng())
            if not isinstance(det, State):
                raise _Fail(f"determinize({seat}) returned a {type(det).__name__}")
            if det is state:
                raise _Fail(f"determinize({seat}) returned the state itself")
            dets[seat] = det

    if not ctx.run("determinize" if ctx.active("determinize") else "view-leak", state, make):
        return {}

    # The spectator sees no more than any seat: one determinization per position suffices
    # (all of them at deep positions).
    spectate = set(dets) if deep else {ctx.rng.randrange(ctx.players)}

    def leak() -> None:
        for seat, det in dets.items():
            mine = det.view(seat)
            if mine != real[seat]:
                raise _Fail(
                    f"view({seat}) changes when only what seat {seat} cannot see changes "
                    f"(determinize({seat})): {_view_diff(real[seat], mine)}"
                )
            if seat not in spectate:
                continue
            spectator = det.view(None)
            if spectator != real[None]:
                raise _Fail(
                    f"view(None) changes when only what seat {seat} cannot see changes "
                    f"(determinize({seat})): {_view_diff(real[None], spectator)}"
                )

    ctx.run("view-leak", state, leak)

    def cheap() -> None:
        if deep:  # (at other positions read-only notices)
            after = _fingerprint(state)
            if after != before:
                raise _Fail(f"determinize() changed the original state: {_diff(before, after)}")
        for seat, det in dets.items():
            if det.ruleset.id != ctx.ruleset.id or det.num_players != ctx.players:
                raise _Fail(f"determinize({seat}) is another game or player count")
            if det.current_player != state.current_player:
                raise _Fail(
                    f"determinize({seat}) has current_player {det.current_player}, "
                    f"not {state.current_player}"
                )
            if ctx.counts is not None:
                counts = det.component_counts()
                if counts != ctx.counts:
                    raise _Fail(
                        f"determinize({seat}) changes component counts: "
                        f"{_first_difference(ctx.counts, counts)}"
                    )

    ctx.run("determinize", state, cheap)
    return dets


def _playout(ctx: _Context, original: State, before: str, det: State, seat: int) -> None:
    """A determinized state is a legal game: fresh legal ids, plays to the end, no side effects."""
    legal = list(det.legal_action_ids())
    fresh = load_snapshot(json.loads(_canon(det.snapshot())))
    if list(fresh.legal_action_ids()) != legal:
        raise _Fail(
            f"determinize({seat}) reports legal ids {_short(legal)} but its own snapshot has "
            f"{_short(fresh.legal_action_ids())} (stale cached legal ids?)"
        )
    steps = 0
    while not det.is_terminal():
        if steps >= ctx.max_steps:
            raise _Fail(f"a game played on from determinize({seat}) has no end after {steps} steps")
        aid = _random_action(det, ctx.rng)
        try:
            det.apply(aid)
        except Exception as exc:
            raise _Fail(
                f"playing on from determinize({seat}), action {aid} "
                f"after {steps} steps raised {_describe(exc)}"
            ) from exc
        steps += 1
    if ctx.counts is not None:
        counts = det.component_counts()
        if counts != ctx.counts:
            raise _Fail(
                f"a game played on from determinize({seat}) changes component counts: "
                f"{_first_difference(ctx.counts, counts)}"
            )
    after = _fingerprint(original)
    if after != before:
        raise _Fail(
            f"playing on from determinize({seat}) changed the original: {_diff(before, after)}"
        )


def _check_snapshot(ctx: _Context, state: State, legal: list[int]) -> None:
    snap = state.snapshot()
    problem = _json_problem(snap)
    if problem is not None:
        raise _Fail(f"snapshot() is not JSON-ready: {problem}")
    full = _canon(snap)
    loaded = load_snapshot(json.loads(json.dumps(snap)))
    again = _canon(loaded.snapshot())
    if again != full:
        raise _Fail(f"the loaded snapshot differs: {_diff(full, again)}")
    if list(loaded.legal_action_ids()) != legal:
        raise _Fail(
            f"the loaded position has legal ids {_short(loaded.legal_action_ids())}, "
            f"not {_short(legal)}"
        )
    if loaded.current_player != state.current_player:
        raise _Fail("the loaded position has another current_player")
    for seat in [*range(ctx.players), None]:
        mine, theirs = state.view(seat), loaded.view(seat)
        if mine != theirs:
            raise _Fail(f"view({seat}) of the loaded position differs: {_view_diff(mine, theirs)}")
    original = state.clone()
    moved: list[int] = []
    for _ in range(ctx.continue_steps):
        if original.is_terminal():
            break
        aid = _random_action(original, ctx.rng)
        original.apply(aid)
        moved.append(aid)
        try:
            loaded.apply(aid)
        except IllegalAction as exc:
            raise _Fail(
                f"after actions {moved[:-1]}, the loaded position rejects {aid}: {exc.reason}"
            ) from exc
        a, b = _fingerprint(original), _fingerprint(loaded)
        if a != b:
            raise _Fail(f"continuing with {moved}, original and loaded diverge: {_diff(a, b)}")
    a, b = _canon(original.snapshot()), _canon(loaded.snapshot())
    if a != b:
        raise _Fail(f"continuing with {moved}, original and loaded diverge: {_diff(a, b)}")


def _check_clone(ctx: _Context, state: State, legal: list[int], before: str) -> None:
    now = _fingerprint(state)
    if now != before:
        raise _Fail(
            "the position changed while actions were applied to its clones in earlier checks: "
            f"{_diff(before, now)}"
        )
    first = state.clone()
    if first is state:
        raise _Fail("clone() returned the state itself")
    copied = _fingerprint(first)
    if copied != before:
        raise _Fail(f"a fresh clone differs from its original: {_diff(before, copied)}")
    if list(first.legal_action_ids()) != legal:
        raise _Fail("a clone has other legal ids")
    second = first.clone()
    moved = _advance(second, ctx.rng, ctx.continue_steps)
    for name, other in (("the original", state), ("the state it was cloned from", first)):
        after = _fingerprint(other)
        if after != before:
            raise _Fail(f"applying {moved} to a clone changed {name}: {_diff(before, after)}")
    kept = _fingerprint(second)
    moved = _advance(first, ctx.rng, ctx.continue_steps)
    after = _fingerprint(second)
    if after != kept:
        raise _Fail(f"applying {moved} to a state changed its earlier clone: {_diff(kept, after)}")
    after = _fingerprint(state)
    if after != before:
        raise _Fail(f"applying {moved} to a clone changed the original: {_diff(before, after)}")


def _check_undo(ctx: _Context, state: State, before: str, heavy: bool) -> None:
    current = state.current_player
    for seat in range(ctx.players):
        if seat != current and state.can_undo(seat):
            raise _Fail(f"can_undo({seat}) is true although seat {seat} is not to decide")
    if not (0 <= current < ctx.players and state.can_undo(current)) or not heavy:
        return
    ctx.undo_checked = True
    history = state.history
    last = history[-1]
    copy = state.clone()
    undone = copy.undo(current)
    if undone.id != last:
        raise _Fail(f"undo({current}) took back {undone.id}, but the last action was {last}")
    text = copy.action_text(last)
    want = _canon(replay(state.record, steps=len(history) - 1).snapshot())
    got = _canon(copy.snapshot())
    if got != want:
        raise _Fail(
            f"undo({current}) differs from replaying all but the last action: {_diff(want, got)}"
        )
    if copy.current_player != current:
        raise _Fail(f"after undo({current}), seat {copy.current_player} is to decide")
    after = _fingerprint(state)
    if after != before:
        raise _Fail(f"undo on a clone changed the original: {_diff(before, after)}")
    # The decision may be taken back only if it revealed nothing to its seat: the same decision
    # in any position the seat cannot tell apart must lead to the same view.
    det = copy.determinize(current, ctx.subrng())
    try:
        det.apply(last)
    except IllegalAction as exc:
        raise _Fail(
            f"seat {current}'s undoable action {last} ({text}) is not legal in "
            f"determinize({current}) of the position before it: {exc.reason}"
        ) from exc
    mine, other = state.view(current), det.view(current)
    if mine != other:
        raise _Fail(
            f"seat {current} may undo action {last} ({text}) although it revealed hidden "
            f"information (the game must seal() it): {_view_diff(mine, other)}"
        )


class _InjectedFault(Exception):
    """The fault the atomic check injects (never raised by a game)."""


def _inject_apply_fault(state: State) -> None:
    """Make ``state``'s next apply run the game's whole apply, then raise (an instance
    attribute shadows the hook; restoring the state drops it)."""
    if state._rebase:  # the base copy is taken first, so that it does not hold the fault
        state._take_base()
    real = state._apply_id

    def faulty(aid: int) -> None:
        real(aid)
        raise _InjectedFault(f"injected after the game applied {aid}")

    state._apply_id = faulty  # type: ignore[method-assign]


def _expect_fault(copy: State, call: Callable[[], object], what: str) -> RulesFault:
    try:
        call()
    except RulesFault as fault:
        if not isinstance(fault.cause, _InjectedFault):
            message = f"{what}: RulesFault carries {fault.cause!r}, not the injected fault"
            raise _Fail(message) from fault
        return fault
    except Exception as exc:
        raise _Fail(f"{what} raised {_describe(exc)}, not RulesFault") from exc
    raise _Fail(f"{what} raised nothing although the game's code raised")


def _check_atomic(ctx: _Context, state: State, legal: list[int], before: str) -> None:
    if state.current_player == TERMINAL:
        return
    aid = ctx.rng.choice(legal)
    copy = state.clone()
    _inject_apply_fault(copy)
    fault = _expect_fault(copy, lambda: copy.apply(aid), f"apply({aid}) with a fault injected")
    after = _fingerprint(copy)
    if after != before:
        raise _Fail(f"a fault in apply({aid}) left the state changed: {_diff(before, after)}")
    if fault.action != aid or fault.game != ctx.ruleset.id:
        raise _Fail(f"RulesFault names action {fault.action} of {fault.game}, not {aid}")
    if list(copy.legal_action_ids()) != legal:
        raise _Fail(f"after a fault in apply({aid}) the legal ids differ")
    replayable = state._base is None and not state._rebase  # its past is its record
    if replayable and (fault.record is None or fault.record.get("actions") != state.history):
        raise _Fail("RulesFault's record is not the game's record up to the faulting call")
    if fault.snapshot is None or _canon(fault.snapshot) != _canon(state.snapshot()):
        raise _Fail("RulesFault's snapshot is not the position before the faulting call")
    copy.apply(aid)
    clean = state.clone()
    clean.apply(aid)
    if _fingerprint(copy) != _fingerprint(clean):
        raise _Fail(f"after a fault, apply({aid}) gives another position than without one")
    if state.current_player >= 0:
        world = state.determinize(state.current_player, ctx.subrng())
        world_before = _fingerprint(world)
        world_legal = list(world.legal_action_ids())
        waid = ctx.rng.choice(world_legal)
        _inject_apply_fault(world)
        _expect_fault(world, lambda: world.apply(waid), "apply() on a determinized state")
        got = _fingerprint(world)
        if got != world_before:
            raise _Fail(f"a fault left a determinized state changed: {_diff(world_before, got)}")
    lister = state.clone()
    lister._legal_cache = None

    def broken() -> list[int]:
        raise _InjectedFault("injected in the legal list")

    lister._compute_legal_ids = broken  # type: ignore[method-assign]
    _expect_fault(lister, lister.legal_action_ids, "legal_action_ids() with a fault injected")
    got = _fingerprint(lister)
    if got != before:
        raise _Fail(f"a fault in the legal list left the state changed: {_diff(before, got)}")
    after = _fingerprint(state)
    if after != before:
        raise _Fail(f"faults injected into clones changed the original: {_diff(before, after)}")


def _check_unchanged(state: State, before: str) -> None:
    after = _fingerprint(state)
    if after != before:
        raise _Fail(f"the position changed while it was only queried: {_diff(before, after)}")


def _check_position(
    ctx: _Context, state: State, before: str, *, deep: bool, undo_heavy: bool
) -> dict[int, State]:
    """Every per-position check; ``before`` is the :func:`_fingerprint` of ``state``."""
    try:
        legal = list(state.legal_action_ids())
    except Exception as exc:
        ctx.fail("mask", f"legal_action_ids() raised {_describe(exc)}", state)
        return {}
    ctx.run("mask", state, partial(_check_mask, ctx, state, legal))
    ctx.run("action-text", state, partial(_check_texts, ctx, state, legal, deep))
    ctx.run("chance-distribution", state, partial(_check_chance, ctx, state, legal))
    if ctx.counts is not None:
        ctx.run("component-counts", state, partial(_check_counts, ctx, state))
    ctx.run("illegal-rejected", state, partial(_check_illegal, ctx, state, legal, before))
    dets = _check_views(ctx, state, before, deep)
    if deep:
        ctx.run("snapshot-roundtrip", state, partial(_check_snapshot, ctx, state, legal))
        ctx.run("clone-independence", state, partial(_check_clone, ctx, state, legal, before))
        ctx.run("atomic", state, partial(_check_atomic, ctx, state, legal, before))
    ctx.run("undo", state, partial(_check_undo, ctx, state, before, undo_heavy))
    catalogue = ctx.catalogue
    if catalogue is not None and not state.is_terminal():
        ctx.run("prompt", state, partial(_check_prompt, ctx, state))
        ctx.run("targets", state, partial(_check_targets, ctx, state, legal))
        if deep or ctx.rng.random() < CATALOGUE_RATE:
            ctx.run("catalogue", state, partial(_check_catalogue, ctx, state, catalogue, legal))
    ctx.run("read-only", state, partial(_check_unchanged, state, before))
    return dets


# ------------------------------------------------------- whole-game checks
def _check_returns_shape(ctx: _Context, state: State) -> None:
    values = state.returns()
    if not isinstance(values, list | tuple) or len(values) != ctx.players:
        raise _Fail(f"returns() is {_short(values)}, not one number per seat")


def _check_returns_end(ctx: _Context, state: State) -> None:
    values = state.returns()
    if not isinstance(values, list | tuple) or len(values) != ctx.players:
        raise _Fail(f"returns() is {_short(values)}, not one number per seat")
    low, high = ctx.ruleset.returns_range
    for value in values:
        if not _is_number(value):
            raise _Fail(f"returns() contains {value!r}, not a finite number")
        if not low <= value <= high:
            raise _Fail(f"returns() contains {value!r}, outside the declared range {low}..{high}")
    breakdown = state.score_breakdown()
    if not isinstance(breakdown, dict):
        raise _Fail(f"score_breakdown() is a {type(breakdown).__name__}, not a dict")
    problem = _json_problem(breakdown)
    if problem is not None:
        raise _Fail(f"score_breakdown() is not JSON-ready: {problem}")


def _check_determinism(ctx: _Context, state: State, trace: list[str]) -> None:
    fresh = ctx.ruleset.new_game(ctx.players, state.seed, ctx.options)
    got = _fingerprint(fresh)
    if got != trace[0]:
        raise _Fail(f"a second new_game with the same seed differs: {_diff(trace[0], got)}", 0)
    history = state.history
    for index, (aid, want) in enumerate(zip(history, trace[1:], strict=False)):
        fresh.apply(aid)
        got = _fingerprint(fresh)
        if got != want:
            raise _Fail(
                f"the same seed and action ids give another position after action {aid}: "
                f"{_diff(want, got)}",
                index + 1,
            )
    final = _canon(state.snapshot())
    again = _canon(fresh.snapshot())
    if again != final:
        raise _Fail(f"the same seed and action ids end in another position: {_diff(final, again)}")
    end = _canon(replay(state.record).snapshot())
    if end != final:
        raise _Fail(f"replay(record) does not reproduce the game: {_diff(final, end)}")


def _check_record(ctx: _Context, state: State) -> None:
    record = state.record
    if record.actions != state.history:
        raise _Fail("record.actions differs from history")
    if (record.game, record.version, record.players, record.seed) != (
        ctx.ruleset.id,
        ctx.ruleset.version,
        ctx.players,
        state.seed,
    ):
        raise _Fail("the record names another game, version, player count or seed")
    problem = _json_problem(record.to_dict())
    if problem is not None:
        raise _Fail(f"the record is not JSON-ready: {problem}")
    text = record.to_json()
    back = GameRecord.from_json(text)
    if back != record:
        raise _Fail(f"GameRecord.from_json(record.to_json()) differs: {back!r}")
    if ctx.ruleset.options_from_dict(back.options) != state.options:
        raise _Fail("the record's options do not rebuild the game's options")
    final = _canon(state.snapshot())
    end = _canon(replay(back).snapshot())
    if end != final:
        raise _Fail(f"the record read back from JSON replays differently: {_diff(final, end)}")


# ------------------------------------------------------------------ runner
def _load_catalogue(ctx: _Context) -> bool:
    """Build the catalogue into ``ctx`` (a failure is a catalogue finding: False, and the
    presentation checks are skipped for this seed when the catalogue check is not run)."""
    try:
        ctx.catalogue = _presentation(ctx)
    except _Fail as failure:
        ctx.fail("catalogue", failure.message)
        return "catalogue" not in ctx.enabled
    except Exception as exc:
        ctx.fail("catalogue", f"the catalogue does not build: {_describe(exc)}")
        return "catalogue" not in ctx.enabled
    return True


def _run_seed(ctx: _Context) -> None:
    if not _load_catalogue(ctx):
        return
    try:
        state = ctx.ruleset.new_game(ctx.players, ctx.seed or 0, ctx.options)
    except Exception as exc:
        ctx.fail("terminates", f"new_game raised {_describe(exc)}")
        return
    try:
        trace = [_fingerprint(state)]
    except Exception as exc:
        message = f"the opening snapshot is not JSON: {_describe(exc)}"
        ctx.fail("snapshot-roundtrip", message, state)
        return

    def take_counts() -> None:
        counts = state.component_counts()
        if not isinstance(counts, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in counts.items()
        ):
            raise _Fail(f"component_counts() is {_short(counts)}, not a dict of str -> int")
        ctx.counts = dict(counts)

    ctx.run("component-counts", state, take_counts)
    ctx.run("returns", state, partial(_check_returns_shape, ctx, state))

    play_rng = random.Random(f"boomtown-conformance-play:{ctx.seed}")
    reservoir: list[tuple[State, int]] = []
    candidates = 0
    while True:
        try:
            terminal = state.is_terminal()
        except Exception as exc:
            ctx.fail("terminates", f"is_terminal() raised {_describe(exc)}", state)
            break
        deep = len(trace) == 1 or terminal or ctx.rng.random() < ctx.deep_rate
        dets = _check_position(
            ctx, state, trace[-1], deep=deep, undo_heavy=deep or not ctx.undo_checked
        )
        if dets and not terminal and ctx.playouts > 0:
            # Reservoir sampling: every position equally likely to be played on from.
            seat = ctx.rng.choice(sorted(dets))
            if len(reservoir) < ctx.playouts:
                reservoir.append((dets[seat], seat))
            else:
                slot = ctx.rng.randrange(candidates + 1)
                if slot < ctx.playouts:
                    reservoir[slot] = (dets[seat], seat)
            candidates += 1
        if terminal:
            break
        if len(trace) - 1 >= ctx.max_steps:
            ctx.fail("terminates", f"no end after {ctx.max_steps} random actions", state)
            break
        try:
            if state.current_player == CHANCE:
                action = state.sample_chance()
            else:
                chosen = ctx.policy.choose(state, play_rng)
                if chosen not in state.legal_action_ids():
                    raise ValueError(f"policy {ctx.policy.name} chose {chosen!r}, not legal")
                action = state._action(chosen)
            if ctx.coverage is not None:
                ctx.coverage.record(state.legal_action_ids(), action.id)
        except Exception as exc:
            ctx.fail("terminates", f"choosing an action raised {_describe(exc)}", state)
            break
        # Apply by Action, by id and by text in turn (text only where it resolves: a text
        # that does not is action-text's finding, not a reason to stop the game).
        payload: Action | int | str = action
        form = len(trace) % 3
        if form == 1:
            payload = action.id
        elif form == 2:
            with contextlib.suppress(Exception):
                if state.resolve(action.text) == action.id:
                    payload = action.text
        try:
            state.apply(payload)
        except Exception as exc:
            ctx.fail(
                "terminates",
                f"applying the legal action {action.id} ({action.text!r}) raised {_describe(exc)}",
                state,
            )
            break
        try:
            trace.append(_fingerprint(state))
        except Exception as exc:
            ctx.fail("snapshot-roundtrip", f"snapshot() is not JSON: {_describe(exc)}", state)
            break

    for det, seat in reservoir:
        ctx.run("determinize", state, partial(_playout, ctx, state, trace[-1], det, seat))
    if state.is_terminal():
        ctx.run("returns", state, partial(_check_returns_end, ctx, state))
    ctx.run("determinism", state, partial(_check_determinism, ctx, state, trace))
    ctx.run("record-roundtrip", state, partial(_check_record, ctx, state))


def _enabled(checks: Iterable[str] | None) -> frozenset[str]:
    if checks is None:
        return frozenset(CHECKS)
    if isinstance(checks, str):
        checks = [checks]
    chosen = frozenset(checks)
    unknown = sorted(chosen - set(CHECKS))
    if unknown:
        raise ValueError(f"unknown check(s) {', '.join(unknown)}; known: {', '.join(CHECKS)}")
    return chosen


def run_conformance(
    ruleset: Ruleset | str,
    players: int,
    seeds: Iterable[int] = range(10),
    *,
    max_steps: int = 10_000,
    options: Any = None,
    checks: Iterable[str] | None = None,
    deep_rate: float = 0.1,
    continue_steps: int = 6,
    illegal_tries: int = 3,
    playouts: int = 1,
    policy: Policy | None = None,
    coverage: Coverage | None = None,
) -> list[Finding]:
    """Run the suite on ``players``-player games, one game per seed.

    ``ruleset`` is a :class:`Ruleset` or a registered id; it must be registered under its id
    (replay and snapshots look it up). ``checks`` limits the run to some names of
    :data:`CHECKS`. ``max_steps`` bounds every game (actions, chance included);
    ``deep_rate`` is the share of positions given the expensive checks; ``continue_steps``
    how far clones and loaded snapshots are played on; ``illegal_tries`` how many random
    illegal ids are tried per position; ``playouts`` how many determinized states per game
    are played to the end. ``policy`` chooses the seats' actions (default
    :class:`~boomtown.engine.policies.Uniform`); ``coverage``, if given, counts every
    decision's legal and taken families.

    Returns the findings, at most one per check and seed; an empty list means the game passed.
    A bad ``players`` raises :class:`~boomtown.engine.errors.BadPlayerCount`.
    """
    rs = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset)
    rs.check_players(players)
    enabled = _enabled(checks)
    settings: dict[str, Any] = {
        "max_steps": max_steps,
        "deep_rate": deep_rate,
        "continue_steps": continue_steps,
        "illegal_tries": illegal_tries,
        "playouts": playouts,
        "policy": policy,
        "coverage": coverage,
    }
    findings: list[Finding] = []
    head = _Context(rs, players, None, options, enabled, **settings)
    head.run("ruleset", None, partial(_check_ruleset, head))
    findings += head.findings
    for seed in seeds:
        ctx = _Context(rs, players, seed, options, enabled, **settings)
        _run_seed(ctx)
        findings += ctx.findings
    return findings


def assert_conformance(
    ruleset: Ruleset | str,
    players: int,
    seeds: Iterable[int] = range(10),
    **settings: Any,
) -> None:
    """Like :func:`run_conformance`, but raise :class:`ConformanceError` if anything is found."""
    findings = run_conformance(ruleset, players, seeds, **settings)
    if findings:
        raise ConformanceError(findings)


def check_position(
    state: State,
    *,
    checks: Iterable[str] | None = None,
    rng_seed: int = 0,
    max_steps: int = 10_000,
    continue_steps: int = 6,
    illegal_tries: int = 3,
) -> list[Finding]:
    """Every per-position check, deeply, on one position; ``state`` is left unchanged.

    Useful for a snapshot from a bug report or a puzzle. Component counts are compared with
    those of ``state`` itself (in its determinizations and continuations).
    """
    ctx = _Context(
        state.ruleset,
        state.num_players,
        state.seed,
        state.options,
        _enabled(checks),
        max_steps=max_steps,
        deep_rate=1.0,
        continue_steps=continue_steps,
        illegal_tries=illegal_tries,
        playouts=1,
    )
    ctx.rng = random.Random(f"boomtown-conformance-position:{rng_seed}")
    if not _load_catalogue(ctx):
        return ctx.findings
    try:
        before = _fingerprint(state)
    except Exception as exc:
        ctx.fail("snapshot-roundtrip", f"snapshot() is not JSON: {_describe(exc)}", state)
        return ctx.findings
    try:
        ctx.counts = dict(state.component_counts())
    except Exception as exc:
        if "component-counts" in ctx.enabled:
            ctx.fail("component-counts", f"component_counts() raised {_describe(exc)}", state)
    dets = _check_position(ctx, state, before, deep=True, undo_heavy=True)
    if dets:
        seat = ctx.rng.choice(sorted(dets))
        ctx.run("determinize", state, partial(_playout, ctx, state, before, dets[seat], seat))
    return ctx.findings


# --------------------------------------------------------------------- CLI
def main(argv: Sequence[str] | None = None) -> int:
    """``python -m boomtown.engine.conformance GAME [options]``; 1 if anything is found."""
    parser = argparse.ArgumentParser(
        prog="python -m boomtown.engine.conformance",
        description="Run the boomtown conformance suite on a registered game.",
    )
    parser.add_argument("game", nargs="?", help="ruleset id, e.g. western-town")
    parser.add_argument(
        "-p",
        "--players",
        type=int,
        action="append",
        help="player count (repeatable; default: every allowed count)",
    )
    parser.add_argument("-n", "--seeds", type=int, default=10, help="games per player count")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=10_000)
    parser.add_argument("--deep-rate", type=float, default=0.1)
    parser.add_argument(
        "--check", action="append", choices=list(CHECKS), help="run only this check (repeatable)"
    )
    parser.add_argument("--list", action="store_true", help="list the checks and exit")
    args = parser.parse_args(argv)
    if args.list:
        width = max(len(name) for name in CHECKS)
        for name, text in CHECKS.items():
            print(f"{name:<{width}}  {text}")
        return 0
    if args.game is None:
        parser.error("the game id is required")
    ruleset = get_ruleset(args.game)
    counts: list[int] = args.players or list(ruleset.player_counts)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    found: list[Finding] = []
    for players in counts:
        start = time.perf_counter()
        findings = run_conformance(
            ruleset,
            players,
            seeds,
            max_steps=args.max_steps,
            deep_rate=args.deep_rate,
            checks=args.check,
        )
        elapsed = time.perf_counter() - start
        print(
            f"{ruleset.id}, {players} players, seeds {seeds.start}..{seeds.stop - 1}: "
            f"{len(findings)} finding(s) in {elapsed:.1f} s"
        )
        for finding in findings:
            print(f"  {finding}")
        found += findings
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
