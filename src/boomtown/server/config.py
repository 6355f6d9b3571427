"""What a public server can be told: limits and allowed websocket Origins.

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
    refused (close code 4403)."""

    create_per_minute: int = 0
    max_active_games: int = 0
    allowed_origins: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.create_per_minute < 0 or self.max_active_games < 0:
            raise ConfigError("limits are 0 (none) or more")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ServerConfig:
        env = os.environ if environ is None else environ
        return cls(
            create_per_minute=_int(env, ENV_CREATE_RATE),
            max_active_games=_int(env, ENV_MAX_ACTIVE_GAMES),
            allowed_origins=parse_origins(env.get(ENV_ALLOWED_ORIGINS, "")),
        )

    def to_env(self) -> dict[str, str]:
        return {
            ENV_CREATE_RATE: str(self.create_per_minute),
            ENV_MAX_ACTIVE_GAMES: str(self.max_active_games),
            ENV_ALLOWED_ORIGINS: ",".join(self.allowed_origins),
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
