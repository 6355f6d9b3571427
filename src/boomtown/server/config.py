"""What a public server can be told: limits, allowed websocket Origins, and the time budgets
of hints and reviews (see docs/server.md, "Hints and reviews").

Every setting has a ``boomtown serve`` option and an environment variable (the option wins);
``--workers`` hands the settings to its worker processes through the environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

#: Environment variables of the settings (and of the storage, for ``--workers``).
ENV_CREATE_RATE = "BOOMTOWN_CREATE_RATE"
ENV_MAX_ACTIVE_GAMES = "BOOMTOWN_MAX_ACTIVE_GAMES"
ENV_ALLOWED_ORIGINS = "BOOMTOWN_ALLOWED_ORIGINS"
ENV_DATABASE_URL = "BOOMTOWN_DATABASE_URL"
ENV_DATA = "BOOMTOWN_DATA"
ENV_HINT_SECONDS = "BOOMTOWN_HINT_SECONDS"
ENV_HINT_ITERATIONS = "BOOMTOWN_HINT_ITERATIONS"
ENV_REVIEW_SECONDS = "BOOMTOWN_REVIEW_SECONDS"
ENV_REVIEW_ITERATIONS = "BOOMTOWN_REVIEW_ITERATIONS"

#: The thinking time of one hint (seconds), unless told otherwise.
DEFAULT_HINT_SECONDS = 1.0
#: The longest budget a server may be given per hint or reviewed decision (seconds).
MAX_ADVICE_SECONDS = 60.0

#: A game counts as active while unfinished and moved within this many seconds (an
#: abandoned game stops counting towards ``max_active_games`` after a day).
ACTIVE_WINDOW_S = 24 * 3600


class ConfigError(ValueError):
    """A setting that cannot be used (the server does not start)."""


@dataclass(frozen=True)
class ServerConfig:
    """``create_per_minute``: games one client (IP address) may create in any minute, 0 for
    no limit. ``max_active_games``: refuse new games while this many are active, 0 for no
    cap. ``allowed_origins``: when not empty, websockets from a page of another Origin are
    refused (close code 4403).

    ``hint_seconds``: how long (CPU seconds) the strong bot searches for one hint;
    ``hint_iterations``, when not 0, a fixed number of search iterations instead
    (reproducible, for tests). ``review_iterations`` or else ``review_seconds``: the same for
    each decision of a review; both 0 (the default): the bots library's default, a fixed
    number of iterations, so that a review is reproducible."""

    create_per_minute: int = 0
    max_active_games: int = 0
    allowed_origins: tuple[str, ...] = ()
    hint_seconds: float = DEFAULT_HINT_SECONDS
    hint_iterations: int = 0
    review_seconds: float = 0.0
    review_iterations: int = 0

    def __post_init__(self) -> None:
        if self.create_per_minute < 0 or self.max_active_games < 0:
            raise ConfigError("limits are 0 (none) or more")
        if self.hint_iterations < 0 or self.review_iterations < 0:
            raise ConfigError("iterations are 0 (a time budget) or more")
        if not 0 < self.hint_seconds <= MAX_ADVICE_SECONDS:
            raise ConfigError(f"hint_seconds must be more than 0 and at most "
                              f"{MAX_ADVICE_SECONDS:g}, got {self.hint_seconds!r}")
        if not 0 <= self.review_seconds <= MAX_ADVICE_SECONDS:
            raise ConfigError(f"review_seconds must be 0 (the library's default) to "
                              f"{MAX_ADVICE_SECONDS:g}, got {self.review_seconds!r}")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServerConfig:
        env = os.environ if environ is None else environ
        return cls(
            create_per_minute=_int(env, ENV_CREATE_RATE),
            max_active_games=_int(env, ENV_MAX_ACTIVE_GAMES),
            allowed_origins=parse_origins(env.get(ENV_ALLOWED_ORIGINS, "")),
            hint_seconds=_float(env, ENV_HINT_SECONDS, DEFAULT_HINT_SECONDS),
            hint_iterations=_int(env, ENV_HINT_ITERATIONS),
            review_seconds=_float(env, ENV_REVIEW_SECONDS, 0.0),
            review_iterations=_int(env, ENV_REVIEW_ITERATIONS),
        )

    def to_env(self) -> dict[str, str]:
        return {
            ENV_CREATE_RATE: str(self.create_per_minute),
            ENV_MAX_ACTIVE_GAMES: str(self.max_active_games),
            ENV_ALLOWED_ORIGINS: ",".join(self.allowed_origins),
            ENV_HINT_SECONDS: repr(self.hint_seconds),
            ENV_HINT_ITERATIONS: str(self.hint_iterations),
            ENV_REVIEW_SECONDS: repr(self.review_seconds),
            ENV_REVIEW_ITERATIONS: str(self.review_iterations),
        }


def parse_origins(text: str) -> tuple[str, ...]:
    """``"https://a.example, https://b.example"`` -> the Origins, without trailing slashes."""
    origins = tuple(o.strip().rstrip("/") for o in text.split(",") if o.strip())
    for origin in origins:
        if "://" not in origin:
            raise ConfigError(f"an Origin is scheme://host[:port], got {origin!r}")
    return origins


def _int(env: Mapping[str, str], name: str) -> int:
    text = env.get(name, "").strip() or "0"
    try:
        return int(text)
    except ValueError as exc:
        raise ConfigError(f"{name} must be a whole number, got {text!r}") from exc


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        return float(text)
    except ValueError as exc:
        raise ConfigError(f"{name} must be a number, got {text!r}") from exc
