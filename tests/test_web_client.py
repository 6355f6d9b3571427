"""The browser client is served by the server, needs no build step, and hangs together."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from boomtown.server import create_app
from boomtown.web import STATIC_DIR


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    with TestClient(create_app(data_dir=tmp_path_factory.mktemp("data"))) as c:
        yield c


def test_pages_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
    assert "/static/js/lobby.js" in lobby.text
    table = client.get("/play/anygame")
    assert table.status_code == 200 and "/static/js/table.js" in table.text
    assert client.get("/docs").status_code == 200
    assert client.get("/static/nope.js").status_code == 404


def test_every_module_and_stylesheet_resolves(client: TestClient) -> None:
    """Every file a page or module imports is served (no bundler, no node_modules), the
    boards' too: each game's board (its folder's ``web/``) is served where its ruleset says."""
    boards = {g["id"]: g["board"] for g in client.get("/api/rulesets").json()["games"]}
    assert set(boards) >= {"western-town", "way-out-west", "great-western-trail"}
    assert all(boards[g] for g in ("western-town", "way-out-west", "great-western-trail"))
    assert boards["way-out-west"]["narrow"] and not boards["western-town"]["narrow"]
    assert boards["great-western-trail"]["colours"][0] == "#2c6fbb"  # seat 0 is blue there
    seen = set()
    pending = ["/static/js/lobby.js", "/static/js/table.js", "/static/style.css"]
    pending += [url for b in boards.values() if b for url in (b["module"], b["css"])]
    while pending:
        url = pending.pop()
        if url in seen:
            continue
        seen.add(url)
        r = client.get(url)
        assert r.status_code == 200, url
        if url.endswith(".js"):
            assert "javascript" in r.headers["content-type"]
            base = url.rsplit("/", 1)[0]
            for target in re.findall(r'from\s+"(\.{0,2}/[^"]+)"', r.text):
                parts = (target if target.startswith("/") else base + "/" + target).split("/")
                out: list[str] = []
                for part in parts:
                    if part == "..":
                        out.pop()
                    elif part != ".":
                        out.append(part)
                pending.append("/".join(out))
    assert "/static/js/render/generic.js" in seen
    assert "/static/games/great-western-trail/geometry.json" in seen  # imported by its board
    for b in boards.values():
        if b:
            assert "export function render(" in client.get(b["module"]).text


def test_renderers_and_fallback() -> None:
    table = (STATIC_DIR / "js" / "table.js").read_text()
    assert 'data.games || []).find((g) => g.id === game)?.board' in table
    assert "render: renderGeneric" in table  # a game without a board module gets the tree
    for name in ("index.html", "table.html", "style.css"):
        assert (Path(STATIC_DIR) / name).exists()


def test_api_pages_work_offline(client: TestClient) -> None:
    """/docs and /redoc load Swagger UI and ReDoc from this server (fastapi-offline's files),
    never from a CDN, and every asset they reference is served."""
    for page, needs in (("/docs", "swagger-ui-bundle.js"), ("/redoc", "redoc.standalone.js")):
        r = client.get(page)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]
        refs = re.findall(r'(?:src|href)\s*=\s*["\']([^"\']+)["\']', r.text)
        refs += re.findall(r"url:\s*'([^']+)'", r.text)
        assert any(needs in ref for ref in refs), (page, refs)
        assert not re.search(r"https?://", r.text), f"{page} loads something from elsewhere"
        for ref in refs:
            assert ref.startswith("/"), (page, ref)
            asset = client.get(ref)
            assert asset.status_code == 200, (page, ref)
            if ref.endswith(".js"):
                assert len(asset.content) > 100_000, ref  # the real bundle, not a stub
    assert client.get("/openapi.json").json()["info"]["title"] == "boomtown web table"
