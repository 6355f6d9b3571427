"""Seat-rotated tournaments between bots, on a local process pool (or Ray).

Games come in blocks of one seed: block ``b`` plays seed ``seed + b`` once per rotation
of the line-up, so every bot sits in every seat on the same deals and dice. With ``k``
bots in the line-up and ``n`` seats, rotation ``r`` seats bot ``(s + r) % k`` at seat ``s``.

A game that raises is reported with its error. A worker process that dies takes the
whole pool's unfinished games down with it in ``concurrent.futures``; those games are
then replayed one by one in fresh single-worker pools (games are deterministic), so only
the game that kills its worker is lost, and it is reported as crashed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from boomtown.sim.match import MatchResult, run_match


@dataclass(frozen=True)
class Job:
    """One scheduled game."""

    index: int
    seed: int
    rotation: int
    seats: tuple[str, ...]


def seating(lineup: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """The bot of every seat in ``rotation``.

    >>> seating(["a", "b", "c"], 3, 1)
    ('b', 'c', 'a')
    >>> seating(["a", "b"], 3, 0)
    ('a', 'b', 'a')
    """
    k = len(lineup)
    return tuple(lineup[(s + rotation) % k] for s in range(players))


def schedule(lineup: Sequence[str], players: int, games: int, seed: int) -> list[Job]:
    """``games`` games: seed blocks of one game per rotation (the last block may be cut)."""
    if not lineup:
        raise ValueError("no bots in the line-up")
    rotations = len(lineup)
    return [
        Job(i, seed + i // rotations, i % rotations, seating(lineup, players, i % rotations))
        for i in range(games)
    ]


def _run(game: str, options: dict[str, Any], job: Job) -> MatchResult:
    return run_match(game, job.seats, job.seed, options, job.index, job.rotation)


def crashed(job: Job, why: str) -> MatchResult:
    return MatchResult(job.index, job.seed, job.rotation, list(job.seats), error=why)


def run_local(
    game: str, options: dict[str, Any], jobs: Sequence[Job], workers: int
) -> Iterator[MatchResult]:
    """Yield every job's result (in completion order). ``workers=1`` plays in this process."""
    if workers <= 1:
        for job in jobs:
            yield _run(game, options, job)
        return
    orphans: list[Job] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[Future[MatchResult], Job] = {
            pool.submit(_run, game, options, job): job for job in jobs
        }
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                job = pending.pop(future)
                try:
                    yield future.result()
                except BrokenProcessPool:
                    orphans.append(job)
    # The pool broke: find the game that kills its worker by replaying each alone.
    for job in sorted(orphans, key=lambda j: j.index):
        yield _isolated(game, options, job)


def _isolated(game: str, options: dict[str, Any], job: Job) -> MatchResult:
    with ProcessPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(_run, game, options, job).result()
        except BrokenProcessPool as exc:
            return crashed(job, f"worker process died: {exc}")


def run_ray(
    game: str, options: dict[str, Any], jobs: Sequence[Job], address: str | None
) -> Iterator[MatchResult]:
    """Yield every job's result from a Ray cluster (``address=None``: a local instance)."""
    import importlib

    try:
        ray: Any = importlib.import_module("ray")
    except ImportError as exc:
        raise RuntimeError("--backend ray needs Ray: pip install 'ray[default]'") from exc
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(max_retries=0)(_run)
    try:
        refs = {remote.remote(game, options, job): job for job in jobs}
        waiting = list(refs)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            ref = ready[0]
            try:
                yield ray.get(ref)
            except Exception as exc:  # a dead worker or node: this game only
                yield crashed(refs[ref], f"ray task failed: {type(exc).__name__}: {exc}")
    finally:
        if started:
            ray.shutdown()


def run_tournament(
    game: str,
    options: dict[str, Any],
    jobs: Sequence[Job],
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_result: Callable[[MatchResult], None] | None = None,
) -> list[MatchResult]:
    """Run ``jobs`` and return the results sorted by game index."""
    if backend == "local":
        stream = run_local(game, options, jobs, workers)
    elif backend == "ray":
        stream = run_ray(game, options, jobs, address)
    else:
        raise ValueError(f"unknown backend {backend!r}; known: local, ray")
    results = []
    for result in stream:
        results.append(result)
        if on_result is not None:
            on_result(result)
    return sorted(results, key=lambda r: r.index)
