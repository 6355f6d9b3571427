"""Seat-rotated tournaments between bots, on a local process pool (or Ray).

Games come in blocks of one seed: block ``b`` plays seed ``seed + b`` once per rotation
of the line-up, so every bot sits in every seat on the same deals and dice. With ``k``
bots in the line-up and ``n`` seats, rotation ``r`` seats bot ``(s + r) % k`` at seat ``s``.
A study may hold several cells: player counts (``--players 2,3,4``) and the two arms of a
comparison (``--compare``); every cell plays the same seeds, so the arms are paired.

A game that raises is reported with its error (it would raise again: it is not retried).
A game whose worker process dies is retried once, alone, on both backends, and reported as
crashed if it dies again: in ``concurrent.futures`` a dying worker takes the whole pool's
unfinished games down with it, so those are replayed one by one in fresh single-worker pools
(games are deterministic); Ray retries the task once. The summary says which seed blocks lost
a game and are no longer balanced.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from boomtown.sim.match import MatchResult, run_match

#: What a game whose worker died on its retry too is reported as (the same on both backends).
CRASHED = "worker process died, and again when the game was retried alone"
#: Seconds to wait for a Ray cluster: a TCP probe of its address, then ``ray.init`` itself.
RAY_PROBE_SECONDS = 5.0
RAY_CONNECT_SECONDS = 30.0
#: A local Ray instance listens on the loopback interface only.
LOCALHOST = "127.0.0.1"
#: Ray reads this at import: off, it takes the node's address to be the loopback one.
RAY_CLUSTER_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
#: Ray's own address words (no host to probe).
RAY_ADDRESS_WORDS = ("auto", "local")


@dataclass(frozen=True)
class Job:
    """One scheduled game (``options``: the game options of its cell, when not the run's)."""

    index: int
    seed: int
    rotation: int
    seats: tuple[str, ...]
    arm: str | None = None
    options: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Arm:
    """One side of a comparison: its label and game options (a run without ``--compare`` has
    one arm, unlabelled)."""

    label: str | None
    options: Mapping[str, Any]


def seating(lineup: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """The bot of every seat in ``rotation``.

    >>> seating(["a", "b", "c"], 3, 1)
    ('b', 'c', 'a')
    >>> seating(["a", "b"], 3, 0)
    ('a', 'b', 'a')
    """
    k = len(lineup)
    return tuple(lineup[(s + rotation) % k] for s in range(players))


def schedule(
    lineup: Sequence[str], players: int, games: int, seed: int, start: int = 0,
    arm: Arm | None = None,
) -> list[Job]:
    """``games`` games: seed blocks of one game per rotation (the last block may be cut),
    numbered from ``start``."""
    if not lineup:
        raise ValueError("no bots in the line-up")
    if len(lineup) > players:
        raise ValueError(f"{len(lineup)} bots for {players} seats: a rotation would leave "
                         f"bots out; give at most {players} bots, or more players")
    rotations = len(lineup)
    label, options = (arm.label, dict(arm.options)) if arm is not None else (None, None)
    return [
        Job(start + i, seed + i // rotations, i % rotations,
            seating(lineup, players, i % rotations), label, options)
        for i in range(games)
    ]


def plan(
    lineup: Sequence[str], player_counts: Sequence[int], games: int, seed: int,
    arms: Sequence[Arm],
) -> list[Job]:
    """Every cell's games (player count by arm), ``games`` each, on the same seeds."""
    jobs: list[Job] = []
    for players in player_counts:
        for arm in arms:
            jobs += schedule(lineup, players, games, seed, start=len(jobs), arm=arm)
    return jobs


def cut_blocks(lineup: Sequence[str], games: int) -> int:
    """How many rotations the last seed block lacks (0: every block is whole).

    >>> cut_blocks(["a", "b", "c"], 7), cut_blocks(["a"], 5)
    (2, 0)
    """
    rotations = len(lineup)
    return (-games) % rotations


Runner = Callable[[str, Mapping[str, Any], Job], MatchResult]


def play_job(game: str, options: Mapping[str, Any], job: Job) -> MatchResult:
    """Play one scheduled game (with its cell's options, else ``options``)."""
    chosen = job.options if job.options is not None else options
    return run_match(game, job.seats, job.seed, dict(chosen), job.index, job.rotation, job.arm)


def crashed(job: Job, why: str) -> MatchResult:
    return MatchResult(job.index, job.seed, job.rotation, list(job.seats), error=why,
                       arm=job.arm, options=dict(job.options) if job.options else None)


def run_local(
    game: str, options: Mapping[str, Any], jobs: Sequence[Job], workers: int,
    runner: Runner = play_job,
) -> Iterator[MatchResult]:
    """Yield every job's result (in completion order). ``workers=1`` plays in this process."""
    if workers <= 1:
        for job in jobs:
            yield runner(game, options, job)
        return
    orphans: list[Job] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[Future[MatchResult], Job] = {
            pool.submit(runner, game, options, job): job for job in jobs
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                job = pending.pop(future)
                try:
                    yield future.result()
                except BrokenProcessPool:
                    orphans.append(job)
    # The pool broke: retry each unfinished game alone, which finds the one that kills.
    for job in sorted(orphans, key=lambda j: j.index):
        yield _isolated(game, options, job, runner)


def _isolated(game: str, options: Mapping[str, Any], job: Job, runner: Runner) -> MatchResult:
    with ProcessPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(runner, game, options, job).result()
        except BrokenProcessPool as exc:
            return crashed(job, f"{CRASHED}: {exc}")


# --------------------------------------------------------------------------- Ray
def probe_address(address: str, timeout: float = RAY_PROBE_SECONDS) -> None:
    """Raise ``ConnectionError`` unless something listens at a Ray address (``HOST:PORT``,
    ``ray://HOST:PORT``; ``auto`` and ``local`` are Ray's own words, not probed), and
    ``ValueError`` for an address of another shape."""
    if address in RAY_ADDRESS_WORDS:
        return
    where = address.split("://", 1)[-1].rstrip("/")
    host, sep, port = where.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise ValueError(f"--address {address!r}: expected HOST:PORT (or auto)")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise ConnectionError(f"no Ray cluster at {address}: {exc.strerror or exc} "
                              f"(waited {timeout:g} s)") from None


def _import_ray(local: bool) -> Any:
    """Ray, set for a local instance on the loopback interface when ``local``: Ray takes
    the node's address to be the loopback one when its cluster mode is off (read from the
    environment at import, and by the processes it starts). Never for a cluster: there the
    driver must register with its real address."""
    import importlib

    if local:
        os.environ.setdefault(RAY_CLUSTER_ENV, "0")
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError as exc:
        raise ValueError("--backend ray needs Ray: pip install 'ray[default]'") from exc
    if local and os.environ[RAY_CLUSTER_ENV] == "0":
        # Ray imported earlier (by other code in this process) read the mode already.
        constants: Any = sys.modules.get("ray._private.ray_constants")
        if constants is not None and hasattr(constants, "ENABLE_RAY_CLUSTER"):
            constants.ENABLE_RAY_CLUSTER = False
    return ray


def start_ray(
    address: str | None, workers: int | None, timeout: float = RAY_CONNECT_SECONDS
) -> bool:
    """Connect to the cluster at ``address``, or start a local instance on 127.0.0.1 with
    ``workers`` CPUs (default: Ray's count). Returns whether this call did it (and so should
    shut it down); a Ray already running in this process is used as it is.

    A cluster that does not answer within ``timeout`` seconds is a ``ConnectionError`` (Ray
    itself would retry for minutes)."""
    if address is not None:
        probe_address(address, min(RAY_PROBE_SECONDS, timeout))  # before Ray's slow import
    ray = _import_ray(local=address is None)
    if ray.is_initialized():
        return False
    if address is None:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                 _node_ip_address=LOCALHOST)
        bound = ray.get_runtime_context().gcs_address.rpartition(":")[0]
        if bound != LOCALHOST:
            ray.shutdown()
            raise ConnectionError(
                f"the local Ray instance bound to {bound}, not {LOCALHOST} (Ray was imported "
                f"before {RAY_CLUSTER_ENV}=0 was set): start one yourself with `ray start "
                f"--head --node-ip-address={LOCALHOST}` and pass its --address")
        return True
    outcome: dict[str, BaseException | None] = {}

    def connect() -> None:
        try:
            ray.init(address=address, log_to_driver=False)
            outcome["error"] = None
        except BaseException as exc:  # reported to the caller below
            outcome["error"] = exc

    thread = threading.Thread(target=connect, name="ray-connect", daemon=True)
    thread.start()
    thread.join(timeout)
    if "error" not in outcome:
        raise ConnectionError(
            f"the Ray cluster at {address} did not answer within {timeout:g} s")
    error = outcome["error"]
    if error is not None:
        raise ConnectionError(f"cannot connect to Ray at {address}: {error}") from error
    return True


def run_ray(
    game: str, options: Mapping[str, Any], jobs: Sequence[Job], address: str | None,
    workers: int | None = None, runner: Runner = play_job,
) -> Iterator[MatchResult]:
    """Yield every job's result from Ray (``address=None``: a local instance with ``workers``
    CPUs; on a cluster, ``workers`` caps the games in flight, default all its CPUs)."""
    started = start_ray(address, workers)
    ray = _import_ray(local=address is None)
    # A worker that dies is retried once, as the local pool does; errors inside a game are
    # results already (run_match catches them), so nothing else is retried.
    remote = ray.remote(max_retries=1, num_cpus=1)(runner)
    limit = workers if (workers and address is not None) else len(jobs)
    try:
        queue = list(jobs)
        refs: dict[Any, Job] = {}
        while queue or refs:
            while queue and len(refs) < max(1, limit):
                job = queue.pop(0)
                refs[remote.remote(game, dict(options), job)] = job
            ready, _ = ray.wait(list(refs), num_returns=1)
            ref = ready[0]
            job = refs.pop(ref)
            try:
                yield ray.get(ref)
            except Exception as exc:  # the worker died twice: this game only
                yield crashed(job, f"{CRASHED}: {type(exc).__name__}")
    finally:
        if started:
            ray.shutdown()


@contextmanager
def backend_session(backend: str, address: str | None, workers: int | None) -> Iterator[None]:
    """Connect to the backend now (a Ray cluster that does not answer fails here, before any
    game) and close what was opened at the end."""
    if backend != "ray":
        yield
        return
    started = start_ray(address, workers)
    try:
        yield
    finally:
        if started:
            _import_ray(local=address is None).shutdown()


def run_tournament(
    game: str,
    options: Mapping[str, Any],
    jobs: Sequence[Job],
    workers: int | None = 1,
    backend: str = "local",
    address: str | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
    runner: Runner = play_job,
) -> list[MatchResult]:
    """Run ``jobs`` and return the results sorted by game index."""
    if backend == "local":
        stream = run_local(game, options, jobs, workers or 1, runner)
    elif backend == "ray":
        stream = run_ray(game, options, jobs, address, workers, runner)
    else:
        raise ValueError(f"unknown backend {backend!r}; known: local, ray")
    results = []
    for result in stream:
        results.append(result)
        if on_result is not None:
            on_result(result)
    return sorted(results, key=lambda r: r.index)
