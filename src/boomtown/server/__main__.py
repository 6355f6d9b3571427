"""``python -m boomtown.server [--host H] [--port P] [--data DIR] [--database-url URL]``."""

from __future__ import annotations

import argparse

from boomtown.server import run


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m boomtown.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data", default=None, help="data folder of the SQLite database")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args()
    run(args.host, args.port, args.data, args.database_url, args.log_level)


if __name__ == "__main__":
    main()
