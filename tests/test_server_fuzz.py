"""Property-based fuzzing of the HTTP API against its own OpenAPI schema (schemathesis on
Hypothesis), on a real server process, for a bounded time.

Schemathesis generates requests that fit the schema and requests that do not (wrong types,
values past the declared limits, missing fields, unknown methods) and checks every answer:
never a server error; a declared status with the declared body (errors in the error shape);
schema-valid data never refused as malformed; invalid data never accepted; 405 with
``Allow`` for methods a path does not take. The schema declares the real limits (string
lengths, number ranges, patterns), so a request the schema calls valid is one the server
takes (or refuses for a documented reason of the game itself: 401, 403, 404, 409, 422,
429, 503).

Bounded: :data:`FUZZ_SECONDS` over all operations (``BOOMTOWN_FUZZ_SECONDS`` to change it),
each operation at most :data:`MAX_EXAMPLES` examples.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from boomtown.server import create_app  # noqa: E402
from test_server_support import ServerProcess  # noqa: E402

#: The whole fuzzing run's time budget (seconds), shared by the operations.
FUZZ_SECONDS = float(os.environ.get("BOOMTOWN_FUZZ_SECONDS", "60"))
#: Examples per operation at most (each generation mode).
MAX_EXAMPLES = 150
#: What the API may answer to schema-valid data: success, or a refusal for a reason of the
#: game or the server that no schema can express (wrong token, not your turn, an unknown
#: game or illegal action, limits).
EXPECTED_FOR_VALID = ["2xx", "401", "403", "404", "409", "422", "429", "503"]
#: The schema is the app's own (built without starting it: no storage is touched).
SCHEMA = schemathesis.openapi.from_dict(
    create_app(database_url="sqlite://").openapi(),
    config=schemathesis.Config.from_dict({
        "checks": {"positive_data_acceptance": {"expected-statuses": EXPECTED_FOR_VALID}},
    }),
)

#: When the first example ran (the budget counts from then, not from collection).
_clock: dict[str, float] = {}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("fuzz") / "data")
    try:
        # a real game, so that some generated ids and tokens meet one
        proc.post("/api/games", {"game": "western-town", "players": 2, "bot_delay_ms": 0,
                                 "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
        yield proc
    finally:
        proc.stop()


@SCHEMA.parametrize()
@settings(max_examples=MAX_EXAMPLES, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_request_as_its_schema_says(
    case: Any, server: ServerProcess
) -> None:
    started = _clock.setdefault("start", time.monotonic())
    if time.monotonic() - started > FUZZ_SECONDS:
        return  # the budget is spent: the remaining examples pass at once
    case.call_and_validate(base_url=server.base)
    assert server.proc.poll() is None, "the server died"
