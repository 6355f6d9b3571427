"""The web table's ASGI app: HTTP API (OpenAPI at ``/docs``), websockets, static client."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, Literal

import fastapi_offline
from fastapi import Depends, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StrictInt, StrictStr

from boomtown.engine import UnknownGame, get_ruleset, list_rulesets
from boomtown.server import bots
from boomtown.server.db import make_engine, migrate, sqlite_url
from boomtown.server.hub import (
    ApiError,
    Client,
    CreateSpec,
    Hub,
    LiveGame,
    SeatSpec,
    default_bot_workers,
    dumps,
)
from boomtown.server.store import Store, Writer
from boomtown.web import STATIC_DIR

log = logging.getLogger("boomtown.server")

#: Where the API pages' own assets (Swagger UI, ReDoc) are served from: the files the
#: fastapi-offline package ships, so /docs and /redoc work without a CDN.
DOCS_ASSETS_URL = "/static-docs"
DOCS_ASSETS_DIR = Path(fastapi_offline.__file__).parent / "static"

#: Largest websocket message a client may send (bytes).
MAX_MESSAGE = 4096
#: Largest HTTP request body (bytes).
MAX_BODY = 65536

#: The seat, spectator or table token, as ``Authorization: Bearer TOKEN``.
Credentials = Annotated[
    HTTPAuthorizationCredentials | None, Depends(HTTPBearer(auto_error=False))
]


# ---------------------------------------------------------------- API models
class SeatIn(BaseModel):
    kind: Literal["human", "bot"] = "human"
    name: str = Field("", max_length=40)
    bot: str | None = Field(
        None, description="bot kind for a bot seat (see /api/rulesets): easy, medium, hard or "
        "a library kind; default: the heuristic (medium)")
    level: int | None = Field(None, description="bot strength, for kinds that have levels")
    open: bool = Field(False, description="a human seat anyone may claim from the lobby")


class CreateGameIn(BaseModel):
    game: str = Field(..., description="ruleset id, e.g. western-town")
    players: int
    seats: list[SeatIn] = Field(..., max_length=16)
    options: dict[str, Any] | None = None
    seed: int | None = Field(
        None, description="for tests and reproducible games: whoever knows it can foresee chance"
    )
    table_mode: bool = Field(False, description="people enter dice and draws (table link)")
    listed: bool = Field(True, description="shown in the lobby's list")
    bot_delay_ms: int = Field(400, ge=0, le=10_000, description="pause before each bot move")


class SeatOut(BaseModel):
    seat: int
    kind: str
    name: str
    bot: str | None
    open: bool
    token: str | None = Field(None, description="secret: whoever has it plays this seat")
    link: str | None


class CreateGameOut(BaseModel):
    game_id: str
    game: str
    players: int
    table_mode: bool
    seats: list[SeatOut]
    spectator_token: str
    spectator_link: str
    table_token: str | None
    table_link: str | None


class ActionIn(BaseModel):
    action: StrictInt | StrictStr = Field(..., description="a legal action's id, or its text")
    decision: str | None = Field(
        None, description="the `decision` of the state you answer; a stale one is refused "
        "with code moved_on"
    )


class UndoIn(BaseModel):
    decision: str | None = None


class ClaimOut(BaseModel):
    game_id: str
    seat: int
    token: str
    link: str


class ErrorOut(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 503)
}


# ------------------------------------------------------------------- app
def create_app(
    database_url: str | None = None,
    data_dir: str | Path | None = None,
    bot_workers: int | None = None,
) -> FastAPI:
    """The app, storing in ``database_url`` or else in SQLite inside ``data_dir``."""
    url = database_url or sqlite_url(data_dir or default_data_dir())

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(url)
        await asyncio.to_thread(migrate, engine)
        writer = Writer(engine)
        hub = Hub(Store(engine), writer, bot_workers or default_bot_workers())
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.close()
            writer.close()
            engine.dispose()

    app = FastAPI(
        title="boomtown web table",
        version="1",
        description=(
            "Create and play board games with friends and bots. Each seat has a secret token "
            "(send it as `Authorization: Bearer TOKEN`); the spectator token shows the public "
            "view; in table mode the table token enters dice and draws. Live play uses the "
            "websocket `/api/games/{game_id}/ws` (see docs/server.md)."
        ),
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_dict(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse(
            {"type": "error", "code": "malformed", "message": "; ".join(parts)}, status_code=400
        )

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def base_url(request: Request) -> str:
        return str(request.base_url).rstrip("/")

    async def game_and_role(
        game_id: str, request: Request, creds: HTTPAuthorizationCredentials | None
    ) -> tuple[Hub, LiveGame, str, int | None]:
        hub = hub_of(request)
        live = await hub.get(game_id)
        token = creds.credentials if creds is not None else None
        role, seat = hub.authenticate(live, token)
        return hub, live, role, seat

    def state_response(hub: Hub, live: LiveGame, role: str, seat: int | None) -> Any:
        text = hub.message(live, Client(role, seat))
        return json.loads(text) if text is not None else None

    # ------------------------------------------------------------- routes
    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        return {"ok": True}

    @app.get("/api/rulesets", tags=["games"])
    async def rulesets() -> dict[str, Any]:
        """Games this server plays, their player counts and options, and the bot kinds."""
        out = []
        for game_id in list_rulesets():
            rs = get_ruleset(game_id)
            defaults = rs.options_to_dict(rs.default_options())
            choices = rs.option_choices()
            fields = []
            for f in dataclasses.fields(rs.options_type):
                value = defaults.get(f.name)
                kind = type(value).__name__ if value is not None else "str"
                field_out: dict[str, Any] = {"name": f.name, "type": kind, "default": value}
                if f.name in choices:
                    field_out["choices"] = list(choices[f.name])
                fields.append(field_out)
            out.append({
                "id": rs.id, "name": rs.name, "version": rs.version,
                "player_counts": list(rs.player_counts), "description": rs.description,
                "options": fields, "variants": [dict(v) for v in rs.variants],
            })
        kinds = [
            {"name": k.name, "description": k.description, "levels": list(k.levels),
             "named_level": k.name in bots.LEVELS}
            for k in bots.BOT_KINDS.values()
        ]
        return {"games": out, "bots": kinds, "default_bot": bots.DEFAULT_BOT}

    @app.get("/api/rulesets/{game}/catalogue", tags=["games"], responses=ERRORS)
    async def catalogue(game: str) -> Response:
        """Every card, building, tile, counter and space of ``game`` with its effect text,
        cost, requirements, points and provenance, keyed by the ids its views use."""
        try:
            rs = get_ruleset(game)
        except UnknownGame as exc:
            raise ApiError("not_found", str(exc)) from exc
        try:
            found = rs.catalogue()
        except NotImplementedError as exc:
            raise ApiError("not_found", str(exc)) from exc
        body = dumps({"version": rs.version, **found.to_dict()})
        return Response(body, media_type="application/json",
                        headers={"Cache-Control": "public, max-age=300"})

    @app.post("/api/games", status_code=201, response_model=CreateGameOut, tags=["games"],
              responses=ERRORS)
    async def create_game(body: CreateGameIn, request: Request) -> dict[str, Any]:
        """Create a game. The answer holds each person seat's secret token and link (shown
        only now), the spectator link, and in table mode the table link."""
        spec = CreateSpec(
            game=body.game, players=body.players,
            seats=[SeatSpec(s.kind, s.name, s.bot, s.level, s.open) for s in body.seats],
            options=body.options, seed=body.seed, table_mode=body.table_mode,
            listed=body.listed, bot_delay_ms=body.bot_delay_ms,
        )
        return await hub_of(request).create(spec, base_url(request))

    @app.get("/api/games", tags=["games"])
    async def list_games(request: Request, limit: int = 100) -> dict[str, Any]:
        """Games listed in the lobby, newest activity first, with their seats."""
        return {"games": await hub_of(request).list_games(max(1, min(limit, 500)))}

    @app.get("/api/games/{game_id}", tags=["games"], responses=ERRORS)
    async def game_summary(game_id: str, request: Request) -> dict[str, Any]:
        """Public facts of one game: ruleset, seats, status, whose turn."""
        hub = hub_of(request)
        live = await hub.get(game_id)
        current = live.state.current_player
        return {
            "id": live.id, "game": live.row.game, "players": live.row.players,
            "status": live.row.status, "table_mode": live.row.table_mode,
            "turn": current if current >= 0 else None, "seats": live.seats_public(),
            "error": live.error,
        }

    @app.post("/api/games/{game_id}/seats/{seat}/claim", response_model=ClaimOut,
              tags=["games"], responses=ERRORS)
    async def claim_seat(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        """Take an open seat: its secret token is returned once."""
        hub = hub_of(request)
        return await hub.claim(await hub.get(game_id), seat, base_url(request))

    @app.get("/api/games/{game_id}/state", tags=["play"], responses=ERRORS)
    async def game_state(
        game_id: str, request: Request,
        creds: Credentials,
    ) -> Any:
        """What the token's holder may see: the view of its seat (spectator: the public
        view), its legal actions when it is to decide, and `decision`, to echo when acting."""
        hub, live, role, seat = await game_and_role(game_id, request, creds)
        return state_response(hub, live, role, seat)

    @app.post("/api/games/{game_id}/actions", tags=["play"], responses=ERRORS)
    async def act(
        game_id: str, body: ActionIn, request: Request,
        creds: Credentials,
    ) -> Any:
        """Take a decision of your seat. Refused (and nothing changes) when it is not your
        turn, the action is not legal, or `decision` is stale (another client was first)."""
        hub, live, role, seat = await game_and_role(game_id, request, creds)
        if role == "table":
            raise ApiError("forbidden", "the table enters chance outcomes at /chance")
        await hub.act(live, role, seat, body.action, body.decision)
        return {"type": "ack", "state": state_response(hub, live, role, seat)}

    @app.post("/api/games/{game_id}/chance", tags=["play"], responses=ERRORS)
    async def chance(
        game_id: str, body: ActionIn, request: Request,
        creds: Credentials,
    ) -> Any:
        """Table mode: enter the die roll or draw made at the real table (table token); a
        private draw (one only its seat may see) is entered by that seat's token instead."""
        hub, live, role, seat = await game_and_role(game_id, request, creds)
        if role == "spectator":
            raise ApiError("forbidden", "only the table link, or the seat of a private draw, "
                           "enters chance outcomes")
        await hub.act(live, role, seat, body.action, body.decision)
        return {"type": "ack", "state": state_response(hub, live, role, seat)}

    @app.post("/api/games/{game_id}/undo", tags=["play"], responses=ERRORS)
    async def undo(
        game_id: str, body: UndoIn, request: Request,
        creds: Credentials,
    ) -> Any:
        """Take back your last decision, where the undo policy allows (`can_undo`)."""
        hub, live, role, seat = await game_and_role(game_id, request, creds)
        text = await hub.undo(live, role, seat, body.decision)
        return {"type": "ack", "undone": text, "state": state_response(hub, live, role, seat)}

    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(ws: WebSocket, game_id: str) -> None:
        await serve_socket(ws, game_id)

    # ------------------------------------------------------------- client
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def table_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC_DIR / "table.html")

    @app.get("/docs", include_in_schema=False)
    async def swagger_page() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} - API",
            swagger_js_url=f"{DOCS_ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS_URL}/favicon.png",
        )

    @app.get("/redoc", include_in_schema=False)
    async def redoc_page() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=app.openapi_url or "/openapi.json", title=f"{app.title} - API",
            redoc_js_url=f"{DOCS_ASSETS_URL}/redoc.standalone.js",
            redoc_favicon_url=f"{DOCS_ASSETS_URL}/favicon.png", with_google_fonts=False,
        )

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.mount(DOCS_ASSETS_URL, StaticFiles(directory=DOCS_ASSETS_DIR), name="docs-assets")
    return app


# ------------------------------------------------------------- websocket
async def serve_socket(ws: WebSocket, game_id: str) -> None:
    """One live connection. The first message is ``{"type": "hello", "token": ...}``; then
    ``act``, ``undo``, ``sync`` and ``ping`` (see docs/server.md)."""
    hub: Hub = ws.app.state.hub
    await ws.accept()

    async def refuse(err: ApiError, code: int) -> None:
        await ws.send_text(json.dumps(err.to_dict()))
        await ws.close(code)

    try:
        live = await hub.get(game_id)
    except ApiError as exc:
        await refuse(exc, 4404)
        return
    try:
        first = await asyncio.wait_for(ws.receive_text(), timeout=30)
    except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
        with contextlib.suppress(Exception):
            await ws.close(4408)
        return
    try:
        hello = parse(first)
        if hello.get("type") != "hello":
            raise ApiError("unauthorized", "the first message must be a hello with a token")
        role, seat = hub.authenticate(live, hello.get("token"))
    except ApiError as exc:
        await refuse(exc, 4401)
        return
    client = Client(role, seat, outbox=asyncio.Queue())
    sender = asyncio.create_task(_send_loop(ws, client))
    hub.subscribe(live, client)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = raw.decode("utf-8", "replace") if len(raw) <= MAX_MESSAGE else None
                if text is None:
                    client.push(json.dumps(ApiError("too_large", "message too large").to_dict()))
                    continue
            await handle(hub, live, client, text)
    except WebSocketDisconnect:
        pass
    finally:
        hub.unsubscribe(live, client)
        assert client.outbox is not None
        client.outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await sender


async def _send_loop(ws: WebSocket, client: Client) -> None:
    assert client.outbox is not None
    while True:
        text = await client.outbox.get()
        if text is None:
            return
        try:
            await ws.send_text(text)
        except Exception:
            return


def parse(text: str) -> dict[str, Any]:
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise ApiError("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ApiError("malformed", f"not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise ApiError("malformed", "a message is a JSON object with a type")
    return data


async def handle(hub: Hub, live: LiveGame, client: Client, text: str) -> None:
    """Answer one client message; every refusal is an error message and changes nothing."""
    req: Any = None
    try:
        data = parse(text)
        req = data.get("req")
        if req is not None and (not isinstance(req, str | int) or len(str(req)) > 64):
            req = None
            raise ApiError("malformed", "req must be a short string or integer")
        kind = data.get("type")
        decision = data.get("decision")
        if decision is not None and not isinstance(decision, str):
            raise ApiError("malformed", "decision must be a string")

        def ack(**extra: Any) -> Callable[[], None]:
            return lambda: client.push(json.dumps({"type": "ack", "req": req, **extra}))

        if kind == "act":
            if "action" not in data:
                raise ApiError("malformed", "act needs an action (id or text)")
            await hub.act(live, client.role, client.seat, data["action"], decision, ack())
        elif kind == "undo":
            await hub.undo(live, client.role, client.seat, decision, ack())
        elif kind == "sync":
            client.last_key = None
            client.log_sent = []
            text_out = hub.message(live, client)
            if text_out is not None:
                client.push(text_out)
        elif kind == "ping":
            client.push(json.dumps({"type": "pong", "req": req}))
        else:
            raise ApiError("malformed", f"unknown message type {kind!r}")
    except ApiError as exc:
        client.push(json.dumps({**exc.to_dict(), "req": req}))


# ---------------------------------------------------------------- helpers
class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes with 413, before the app reads them."""

    def __init__(self, app: Callable[..., Awaitable[None]], limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await self._too_large(send)
                return
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await self._too_large(send)

    async def _too_large(self, send: Any) -> None:
        body = json.dumps({"type": "error", "code": "too_large",
                           "message": f"request bodies are limited to {self.limit} bytes"})
        response = Response(body, status_code=413, media_type="application/json")
        await response({"type": "http"}, _no_receive, send)


class _TooLarge(Exception):
    pass


async def _no_receive() -> Any:  # pragma: no cover - never called
    return {"type": "http.disconnect"}


def default_data_dir() -> Path:
    """``$BOOMTOWN_DATA``, else ``$XDG_DATA_HOME/boomtown``, else ``~/.local/share/boomtown``."""
    import os

    if os.environ.get("BOOMTOWN_DATA"):
        return Path(os.environ["BOOMTOWN_DATA"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "boomtown"
