"""``python -m boomtown.server [--host H] [--port P] [--data DIR] [--database-url URL]
[--workers N] [--create-rate N] [--max-active-games N] [--allowed-origins O,O]``
(the same as ``boomtown serve``; every limit also from its environment variable, and the
budgets of hints and reviews from theirs only: ``BOOMTOWN_HINT_SECONDS``,
``BOOMTOWN_HINT_ITERATIONS``, ``BOOMTOWN_REVIEW_SECONDS``, ``BOOMTOWN_REVIEW_ITERATIONS``)."""

from __future__ import annotations

import argparse
import dataclasses
import sys

from boomtown.server import run
from boomtown.server.config import ConfigError, ServerConfig, parse_origins


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m boomtown.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data", default=None, help="data folder of the SQLite database")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes (more than 1: PostgreSQL only)")
    parser.add_argument("--create-rate", type=int, default=None,
                        help="games one client may create a minute (0: no limit)")
    parser.add_argument("--max-active-games", type=int, default=None,
                        help="refuse new games while this many are active (0: no cap)")
    parser.add_argument("--allowed-origins", default=None,
                        help="comma-separated Origins whose pages may open websockets")
    parser.add_argument("--forwarded-allow-ips", default=None,
                        help="proxies trusted for X-Forwarded-For (uvicorn's setting)")
    args = parser.parse_args()
    try:
        config = configure(args.create_rate, args.max_active_games, args.allowed_origins)
        run(args.host, args.port, args.data, args.database_url, args.log_level, args.workers,
            config, args.forwarded_allow_ips)
    except ConfigError as exc:
        sys.exit(f"python -m boomtown.server: {exc}")


def configure(create_rate: int | None, max_active_games: int | None,
              allowed_origins: str | None) -> ServerConfig:
    """The settings: those given, else their environment variables, else none (the hint and
    review budgets come from their environment variables only)."""
    env = ServerConfig.from_env()
    return dataclasses.replace(
        env,
        create_per_minute=env.create_per_minute if create_rate is None else create_rate,
        max_active_games=env.max_active_games if max_active_games is None else max_active_games,
        allowed_origins=env.allowed_origins if allowed_origins is None else parse_origins(
            allowed_origins),
    )


if __name__ == "__main__":
    main()
