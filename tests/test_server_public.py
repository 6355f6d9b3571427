"""A public server's limits: game creations per client and minute, a cap on active games,
security headers on the pages, and an optional list of allowed websocket Origins."""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boomtown.server import create_app
from boomtown.server.__main__ import configure
from boomtown.server.app import CLOSE_ORIGIN
from boomtown.server.config import (
    ENV_ALLOWED_ORIGINS,
    ENV_CREATE_RATE,
    ENV_MAX_ACTIVE_GAMES,
    ConfigError,
    ServerConfig,
)
from boomtown.server.guard import RATE_WINDOW_S, RateLimiter
from test_server_support import BACKENDS, ServerProcess, database

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Generous: CI runs the suite on two shared cores.
DEADLINE_S = 120
GAME = {"game": "western-town", "players": 2, "bot_delay_ms": 0,
        "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str | None, Path]]:
    with database(request.param, tmp_path) as found:
        yield found


def app_client(backend: tuple[str | None, Path], **settings: Any) -> TestClient:
    url, data = backend
    return TestClient(create_app(database_url=url, data_dir=data, bot_workers=1,
                                 config=ServerConfig(**settings)))


def test_creations_per_client_are_limited(backend: tuple[str | None, Path]) -> None:
    with app_client(backend, create_per_minute=3) as c:
        for _ in range(3):
            assert c.post("/api/games", json=GAME).status_code == 201
        r = c.post("/api/games", json=GAME)
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert 1 <= int(r.headers["retry-after"]) <= RATE_WINDOW_S
        assert len(c.get("/api/games").json()["games"]) == 3  # the refused one was not made
        # another client (address) has a budget of its own
        other = TestClient(c.app, client=("192.0.2.7", 50000))
        assert other.post("/api/games", json=GAME).status_code == 201


def test_the_rate_limiter_forgets_after_a_minute() -> None:
    now = [1000.0]
    limiter = RateLimiter(2, clock=lambda: now[0])
    limiter.check("a")
    limiter.check("a")
    with pytest.raises(Exception, match="at most 2 games a minute"):
        limiter.check("a")
    limiter.check("b")
    now[0] += RATE_WINDOW_S
    limiter.check("a")
    assert RateLimiter(0).check("a") is None  # no limit


def test_active_games_are_capped(backend: tuple[str | None, Path]) -> None:
    bots = {**GAME, "seats": [{"kind": "bot", "bot": "random"}] * 2}
    with app_client(backend, max_active_games=2) as c:
        for _ in range(2):
            assert c.post("/api/games", json=GAME).status_code == 201
        for body in (GAME, bots):
            r = c.post("/api/games", json=body)
            assert r.status_code == 503 and r.json()["code"] == "server_full"
        assert len(c.get("/api/games").json()["games"]) == 2  # nothing made
    # the same database with room for one more: a game that ends makes room again
    with app_client(backend, max_active_games=3) as c:
        game = c.post("/api/games", json=bots).json()
        deadline = time.monotonic() + DEADLINE_S
        while c.get(f"/api/games/{game['game_id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        assert c.post("/api/games", json=GAME).status_code == 201  # 4 made, 3 active
        assert c.post("/api/games", json=GAME).json()["code"] == "server_full"


def test_pages_and_answers_carry_security_headers(tmp_path: Path) -> None:
    with TestClient(create_app(data_dir=tmp_path / "data", bot_workers=1)) as c:
        for path in ("/", "/play/abc", "/api/rulesets", "/static/js/table.js", "/nope",
                     "/docs", "/redoc"):
            r = c.get(path)
            assert r.headers["x-content-type-options"] == "nosniff", path
            assert r.headers["x-frame-options"] == "DENY", path
            csp = r.headers["content-security-policy"]
            assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, path
            inline = "'unsafe-inline'" in csp.split("script-src", 1)[1].split(";")[0]
            assert inline == (path in ("/docs", "/redoc")), path  # only the API pages
        r = c.post("/api/games", content=b"[" * 100, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.headers["x-frame-options"] == "DENY"


def test_websockets_from_other_origins_are_refused(backend: tuple[str | None, Path]) -> None:
    allowed = "https://games.example"
    with app_client(backend, allowed_origins=(allowed,)) as c:
        game = c.post("/api/games", json=GAME).json()
        path = f"/api/games/{game['game_id']}/ws"
        for origin in ("https://evil.example", "http://games.example", None):
            headers = {"origin": origin} if origin else {}
            with pytest.raises(WebSocketDisconnect) as refused, \
                    c.websocket_connect(path, headers=headers) as ws:
                ws.receive_text()
            assert refused.value.code == CLOSE_ORIGIN, origin
        with c.websocket_connect(path, headers={"origin": allowed + "/"}) as ws:
            ws.send_text(json.dumps({"type": "hello", "token": game["spectator_token"]}))
            assert json.loads(ws.receive_text())["type"] == "state"


def test_settings_come_from_options_else_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV_CREATE_RATE, "12")
    monkeypatch.setenv(ENV_MAX_ACTIVE_GAMES, "500")
    monkeypatch.setenv(ENV_ALLOWED_ORIGINS, "https://a.example, https://b.example/")
    config = configure(None, None, None)
    assert config == ServerConfig(12, 500, ("https://a.example", "https://b.example"))
    assert configure(3, 0, "").allowed_origins == () and configure(3, 0, "").create_per_minute == 3
    assert ServerConfig.from_env(config.to_env()) == config
    with pytest.raises(ConfigError):
        ServerConfig.from_env({ENV_CREATE_RATE: "many"})
    with pytest.raises(ConfigError):
        configure(None, None, "games.example")
    with pytest.raises(ConfigError):
        ServerConfig(create_per_minute=-1)


def test_boomtown_serve_refuses_workers_on_sqlite_and_takes_the_limits(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "boomtown.server", "--workers", "2", "--data",
                          str(tmp_path / "data")], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "PostgreSQL" in out.stderr
    server = ServerProcess(tmp_path / "data", command=[
        sys.executable, "-m", "boomtown.server", "--create-rate", "1"])
    try:
        assert "game_id" in server.post("/api/games", GAME)
        assert server.post("/api/games", GAME)["code"] == "rate_limited"
    finally:
        server.stop()
