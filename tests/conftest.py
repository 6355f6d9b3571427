"""Shared pytest settings.

In CI (``CI`` set, as ``.ci/run`` runs) a skipped test is a failure: every optional
dependency and service is installed there, so a skip would only hide a missing check.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from toy_games import HIGH_CARD, registered


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, where nothing may be skipped: {report.longrepr}"


@pytest.fixture
def toy() -> Iterator[str]:
    """The high-card toy game, registered for the test (some modules override ``toy``)."""
    with registered(HIGH_CARD):
        yield HIGH_CARD.id
