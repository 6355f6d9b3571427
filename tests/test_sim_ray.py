"""The simulation lab on Ray: one local instance for the module (a few seconds to start),
bound to 127.0.0.1 with the CPUs asked for; an address that does not answer is an error in
seconds; a game whose worker dies is handled as on the local pool."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from boomtown.cli.main import cli
from boomtown.sim.match import MatchResult
from boomtown.sim.tournament import (
    CRASHED,
    RAY_CONNECT_SECONDS,
    Job,
    play_job,
    run_tournament,
    schedule,
    start_ray,
)

pytest.importorskip("ray")

CRASH_SEED = 3
TESTS = str(Path(__file__).parent)


def crashing_runner(game: str, options: Mapping[str, Any], job: Job) -> MatchResult:
    """Plays the job, except that game ``CRASH_SEED`` kills its worker process (every time,
    so its retry dies too). Module-level: Ray's workers import it from this file."""
    if job.seed == CRASH_SEED:
        os._exit(3)
    return play_job(game, options, job)


def _stable(result: MatchResult) -> dict[str, Any]:
    data = result.to_json()
    data.pop("thinking", None)
    if "error" in data:
        data["error"] = data["error"].split(":")[0]  # the backends word the cause apart
    return data


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    import ray

    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (TESTS, before) if p)
    try:
        if ray.is_initialized():
            ray.shutdown()
        assert start_ray(None, workers=1)
        yield ray
    finally:
        ray.shutdown()
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


def test_an_unreachable_address_is_an_error_at_once() -> None:
    started = time.monotonic()
    result = CliRunner().invoke(cli, ["simulate", "western-town", "--bots", "random", "-n",
                                      "2", "--backend", "ray", "--address",
                                      f"127.0.0.1:{_closed_port()}"])
    assert result.exit_code == 1 and "no Ray cluster at 127.0.0.1" in result.output
    assert time.monotonic() - started < RAY_CONNECT_SECONDS
    bad = CliRunner().invoke(cli, ["simulate", "western-town", "--bots", "random",
                                   "--backend", "ray", "--address", "nowhere"])
    assert bad.exit_code == 1 and "expected HOST:PORT" in bad.output


SILENT = """
import socket, time
from boomtown.sim.tournament import start_ray
listener = socket.socket(); listener.bind(("127.0.0.1", 0)); listener.listen(1)
try:
    start_ray(f"127.0.0.1:{listener.getsockname()[1]}", None, timeout=3)
except ConnectionError as exc:
    print("refused:", exc)
"""


def test_an_address_that_never_answers_times_out() -> None:
    """Something listens there but it is no Ray: the connection gives up after the timeout
    (in a process of its own: Ray keeps retrying in the abandoned thread)."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", SILENT], capture_output=True, text=True,
                          timeout=120)
    assert "refused:" in done.stdout and "did not answer within 3 s" in done.stdout, done
    assert time.monotonic() - started < RAY_CONNECT_SECONDS + 30  # Ray's import included


def test_a_local_ray_binds_to_loopback_with_the_cpus_asked_for(local_ray: Any) -> None:
    context = local_ray.get_runtime_context()
    assert context.gcs_address.startswith("127.0.0.1:")
    assert {node["NodeManagerAddress"] for node in local_ray.nodes()} == {"127.0.0.1"}
    assert local_ray.cluster_resources()["CPU"] == 1


def test_ray_plays_the_local_games_and_handles_a_crash_alike(local_ray: Any) -> None:
    jobs = schedule(["random", "random"], 2, 4, seed=2)  # seeds 2 and 3: seed 3 crashes
    local = run_tournament("western-town", {}, jobs, workers=2, runner=crashing_runner)
    remote = run_tournament("western-town", {}, jobs, backend="ray", runner=crashing_runner)
    assert [_stable(r) for r in local] == [_stable(r) for r in remote]
    failed = [r for r in remote if not r.ok]
    assert [r.seed for r in failed] == [CRASH_SEED, CRASH_SEED]
    assert all((r.error or "").startswith(CRASHED) for r in failed)


def test_the_command_runs_on_ray(local_ray: Any) -> None:
    result = CliRunner().invoke(cli, ["simulate", "western-town", "--bots", "random", "-n",
                                      "2", "-q", "--backend", "ray", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "ray (1 CPUs)" in result.output and "by turn position (2 games" in result.output
