"""The web table's ASGI app: HTTP API (OpenAPI at ``/docs``), websockets, static client."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any, Literal

import fastapi_offline
from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from boomtown.engine import Ruleset, UnknownGame, get_ruleset, list_rulesets
from boomtown.server import bots
from boomtown.server.advisor import Advisor
from boomtown.server.cluster import Cluster
from boomtown.server.collector import tune_collector
from boomtown.server.config import ServerConfig
from boomtown.server.db import make_engine, migrate, sqlite_url
from boomtown.server.guard import (
    RateLimiter,
    RequestGuard,
    SecurityHeaders,
    checked_json,
)
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
from boomtown.server.learning import public_hints
from boomtown.server.store import Store, Writer
from boomtown.web import STATIC_DIR

log = logging.getLogger("boomtown.server")

#: Where the API pages' own assets (Swagger UI, ReDoc) are served from: the files the
#: fastapi-offline package ships, so /docs and /redoc work without a CDN.
DOCS_ASSETS_URL = "/static-docs"
#: Where each game's board files are served (``Ruleset.web_board``: its folder's ``web/``).
BOARDS_URL = "/static/games"
DOCS_ASSETS_DIR = Path(fastapi_offline.__file__).parent / "static"

#: Largest websocket message a client may send (bytes).
MAX_MESSAGE = 4096
#: Largest HTTP request body (bytes).
MAX_BODY = 65536
#: Longest ``req`` of a websocket message (characters).
MAX_REQ = 64
#: A game id in a path: what the server makes, at most as long as the column.
GameId = Annotated[str, PathParam(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]

#: The seat, spectator or table token, as ``Authorization: Bearer TOKEN``.
Credentials = Annotated[
    HTTPAuthorizationCredentials | None, Depends(HTTPBearer(auto_error=False))
]


# ---------------------------------------------------------------- API models
#: Most seats a game may have (every game here seats at most 6).
MAX_SEATS = 16
#: Longest seat name, action text, decision nonce, ruleset id and bot kind (characters).
MAX_NAME, MAX_ACTION_TEXT, MAX_DECISION, MAX_GAME_ID, MAX_BOT = 40, 300, 64, 64, 32
#: Bot strengths are small numbers (the library's levels are 1-3).
MAX_BOT_LEVEL = 99
#: Most options a game may be given.
MAX_OPTIONS = 64
#: The largest integer every JSON reader keeps exact (JavaScript's too): the bound of seeds
#: and action ids (storage takes signed 64 bits; action ids are small).
MAX_JSON_INT = 2**53 - 1
#: Pause before each bot move (ms).
MAX_BOT_DELAY_MS = 10_000
#: Games listed at most by one ``GET /api/games``.
MAX_LIST = 500
#: No control characters in names (they are shown in logs, terminals and pages).
PRINTABLE = r"^[^\x00-\x1f\x7f]*$"


#: Ruleset ids, bot kinds, option names, decision nonces: plain identifiers.
IDENTIFIER = r"^[A-Za-z0-9_-]*$"
OPTION_NAME = r"^[A-Za-z_][A-Za-z0-9_]*$"
#: Action texts and option values: any text but NUL.
NO_NUL = r"^[^\x00]*$"
#: Longest option value text.
MAX_OPTION_TEXT = 100


class Strict(BaseModel):
    """Types as declared (``"2"`` is not a number, ``"yes"`` not a boolean), no unknown
    fields (a misspelt one would be ignored silently)."""

    model_config = ConfigDict(strict=True, extra="forbid")


def _whole(value: Any) -> Any:
    """JSON Schema counts ``2.0`` as an integer: take it as 2 (never ``"2"`` or ``true``)."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_JSON_INT:
        return int(value)
    return value


# Integers, written ``2`` or ``2.0``, within their limits (declared in the schema).
Players = Annotated[int, Field(ge=1, le=MAX_SEATS), BeforeValidator(_whole)]
BotLevel = Annotated[int, Field(ge=1, le=MAX_BOT_LEVEL), BeforeValidator(_whole)]
Seed = Annotated[int, Field(ge=0, le=MAX_JSON_INT), BeforeValidator(_whole)]
BotDelay = Annotated[int, Field(ge=0, le=MAX_BOT_DELAY_MS), BeforeValidator(_whole)]
ActionId = Annotated[int, Field(ge=0, le=MAX_JSON_INT), BeforeValidator(_whole)]
SeatNumber = Annotated[int, Field(ge=0, le=MAX_SEATS - 1), BeforeValidator(_whole)]
#: Who may ask for hints: nobody, every person seat, or the seats listed.
HintsSetting = Literal["off", "all"] | Annotated[
    list[SeatNumber], Field(min_length=1, max_length=MAX_SEATS,
                            json_schema_extra={"uniqueItems": True})]
OptionNumber = Annotated[int, Field(ge=-MAX_JSON_INT, le=MAX_JSON_INT),
                         BeforeValidator(_whole)]
OptionName = Annotated[str, StringConstraints(max_length=MAX_GAME_ID, pattern=OPTION_NAME)]
OptionValue = (
    bool | OptionNumber | float | Annotated[str, StringConstraints(max_length=MAX_OPTION_TEXT,
                                                              pattern=NO_NUL)]
)
#: A flat object of options: names that are identifiers, nothing else.
Options = Annotated[dict[OptionName, OptionValue],
                    Field(json_schema_extra={"additionalProperties": False})]


class SeatIn(Strict):
    kind: Literal["human", "bot"] = "human"
    name: str = Field("", max_length=MAX_NAME, pattern=PRINTABLE)
    bot: str | None = Field(
        None, max_length=MAX_BOT, pattern=IDENTIFIER,
        description="bot kind for a bot seat (see /api/rulesets): easy, medium, hard or "
        "a library kind; default: the heuristic (medium)")
    level: BotLevel | None = Field(None,
                              description="bot strength, for kinds that have levels")
    open: bool = Field(False, description="a human seat anyone may claim from the lobby")


class CreateGameIn(Strict):
    game: str = Field(..., max_length=MAX_GAME_ID, pattern=IDENTIFIER,
                      description="ruleset id, e.g. western-town")
    players: Players
    seats: list[SeatIn] = Field(..., max_length=MAX_SEATS)
    options: Options | None = Field(
        None, max_length=MAX_OPTIONS, description="the ruleset's options by name "
        "(see /api/rulesets); values are booleans, numbers or short texts")
    seed: Seed | None = Field(
        None,
        description="for tests and reproducible games: whoever knows it can foresee chance"
    )
    table_mode: bool = Field(False, description="people enter dice and draws (table link)")
    listed: bool = Field(True, description="shown in the lobby's list")
    bot_delay_ms: BotDelay = Field(400,
                              description="pause before each bot move")
    hints: HintsSetting = Field(
        "off", description='who may ask for hints while playing: "off", "all" (every '
        'person seat) or a list of person seats, e.g. [0, 2]')


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
    hints: Any = Field(description='"off", "all" or the seats that may ask for hints')
    seats: list[SeatOut]
    spectator_token: str
    spectator_link: str
    table_token: str | None
    table_link: str | None


class ActionIn(Strict):
    action: ActionId | Annotated[
        str, StringConstraints(max_length=MAX_ACTION_TEXT, pattern=NO_NUL)] = Field(
        ..., description="a legal action's id, or its text")
    decision: str | None = Field(
        None, max_length=MAX_DECISION, pattern=IDENTIFIER,
        description="the `decision` of the state you answer; a stale one is refused "
        "with code moved_on"
    )


class UndoIn(Strict):
    decision: str | None = Field(None, max_length=MAX_DECISION, pattern=IDENTIFIER)


class HintIn(Strict):
    decision: str | None = Field(
        None, max_length=MAX_DECISION, pattern=IDENTIFIER,
        description="the `decision` of the state the hint is for; a stale one is refused "
        "with code moved_on")


class ClaimOut(BaseModel):
    game_id: str
    seat: int
    token: str
    link: str


class ErrorOut(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorOut} for code in codes}


#: The refusals each kind of route may answer (all in the shape of ErrorOut).
ERRORS = _errors(400, 404, 413)
PLAY_ERRORS = _errors(400, 401, 403, 404, 409, 413, 422, 500, 503)
CREATE_ERRORS = _errors(400, 413, 422, 429, 503)
CLAIM_ERRORS = _errors(400, 404, 409, 413, 503)
HINT_ERRORS = _errors(400, 401, 403, 404, 409, 413, 500, 503)
REVIEW_ERRORS = {**_errors(400, 401, 403, 404, 409, 500, 503),
                 202: {"description": "the review is being computed: ask again shortly"}}


# ------------------------------------------------------------------- app
def board_spec(rs: Ruleset) -> dict[str, Any] | None:
    """The game's board for the table page (``None``: the page shows the view as a tree):
    the URLs of its module and stylesheet, its seat colours and whether clicks narrow."""
    board = rs.web_board
    if board is None:
        return None
    base = f"{BOARDS_URL}/{rs.id}"
    return {"module": f"{base}/{board.module}", "css": f"{base}/{board.css}",
            "colours": list(board.colours), "narrow": board.narrow}


def create_app(
    database_url: str | None = None,
    data_dir: str | Path | None = None,
    bot_workers: int | None = None,
    config: ServerConfig | None = None,
    tune_gc: bool = False,
) -> FastAPI:
    """The app, storing in ``database_url`` or else in SQLite inside ``data_dir``, with the
    limits of ``config`` (default: none). ``tune_gc`` (what ``boomtown serve`` asks for)
    tunes the process's garbage collector once started (:mod:`boomtown.server.collector`):
    a server owns its process, a test or another host's app does not."""
    url = database_url or sqlite_url(data_dir or default_data_dir())
    settings = config or ServerConfig()
    creations = RateLimiter(settings.create_per_minute)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(url)
        await asyncio.to_thread(migrate, engine)
        engine.dispose()  # no database connection crosses into the processes forked below
        writer = Writer(engine)
        cluster = Cluster(engine) if engine.dialect.name == "postgresql" else None
        hub = Hub(Store(engine), writer, bot_workers or default_bot_workers(),
                  settings.max_active_games, cluster)
        advisor = Advisor(hub, settings)
        app.state.hub = hub
        app.state.advisor = advisor
        app.state.config = settings
        try:
            # the search and review processes fork before any connection is open
            await hub.start_pools()
            await advisor.start()
            await hub.start()
            if tune_gc:  # after start-up: what the server holds now is never walked again
                tune_collector()
            yield
        finally:
            await advisor.close()
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
            "websocket `/api/games/{game_id}/ws` (see docs/server.md). Every refusal is "
            "`{type: error, code, message}` and changes nothing."
        ),
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(RequestGuard, limit=MAX_BODY)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_dict(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:3]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse(
            {"type": "error", "code": "malformed", "message": "; ".join(parts)}, status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (no such route, a wrong method) in the API's shape."""
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            code, message = "method_not_allowed", f"{request.method} is not allowed here"
            headers["Allow"] = ", ".join(allowed_methods(app, request.scope))
        elif exc.status_code == 404:
            code, message = "not_found", f"nothing at {request.url.path[:200]}"
        else:
            code = HTTP_CODES.get(exc.status_code, "malformed")
            message = str(exc.detail)
        return JSONResponse({"type": "error", "code": code, "message": message},
                            status_code=exc.status_code, headers=headers)

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
        role, seat = await hub.authorize(live, token)
        if hub.cluster is not None:
            # another process may have stored a change whose notification is on its way:
            # an HTTP answer is as fresh as the database
            await hub.refresh(live)
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
                "board": board_spec(rs),
            })
        kinds = [
            {"name": k.name, "description": k.description, "levels": list(k.levels),
             "named_level": k.name in bots.LEVELS}
            for k in bots.BOT_KINDS.values()
        ]
        return {"games": out, "bots": kinds, "default_bot": bots.DEFAULT_BOT}

    @app.get("/api/rulesets/{game}/catalogue", tags=["games"], responses=ERRORS)
    async def catalogue(game: Annotated[str, PathParam(max_length=MAX_GAME_ID)]) -> Response:
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
              responses=CREATE_ERRORS)
    async def create_game(body: CreateGameIn, request: Request) -> dict[str, Any]:
        """Create a game. The answer holds each person seat's secret token and link (shown
        only now), the spectator link, and in table mode the table link. A server may limit
        creations per client (429 `rate_limited`) and active games (503 `server_full`)."""
        creations.check(request.client.host if request.client else "")
        spec = CreateSpec(
            game=body.game, players=body.players,
            seats=[SeatSpec(s.kind, s.name, s.bot, s.level, s.open) for s in body.seats],
            options=body.options, seed=body.seed, table_mode=body.table_mode,
            listed=body.listed, bot_delay_ms=body.bot_delay_ms, hints=body.hints,
        )
        return await hub_of(request).create(spec, base_url(request))

    @app.get("/api/games", tags=["games"], responses=_errors(400))
    async def list_games(
        request: Request, limit: Annotated[int, Query(ge=1, le=MAX_LIST)] = 100
    ) -> dict[str, Any]:
        """Games listed in the lobby, newest activity first, with their seats."""
        return {"games": await hub_of(request).list_games(limit)}

    @app.get("/api/games/{game_id}", tags=["games"], responses=ERRORS)
    async def game_summary(game_id: GameId, request: Request) -> dict[str, Any]:
        """Public facts of one game: ruleset, seats, status, whose turn."""
        hub = hub_of(request)
        live = await hub.get(game_id)
        current = live.state.current_player
        return {
            "id": live.id, "game": live.row.game, "players": live.row.players,
            "status": live.row.status, "table_mode": live.row.table_mode,
            "hints": public_hints(live.row.hints),
            "turn": current if current >= 0 else None, "seats": live.seats_public(),
            "error": live.error,
        }

    @app.post("/api/games/{game_id}/seats/{seat}/claim", response_model=ClaimOut,
              tags=["games"], responses=CLAIM_ERRORS)
    async def claim_seat(
        game_id: GameId, seat: Annotated[int, PathParam(ge=0, le=MAX_SEATS - 1)], request: Request
    ) -> dict[str, Any]:
        """Take an open seat: its secret token is returned once."""
        hub = hub_of(request)
        return await hub.claim(await hub.get(game_id), seat, base_url(request))

    @app.get("/api/games/{game_id}/state", tags=["play"], responses=PLAY_ERRORS)
    async def game_state(
        game_id: GameId, request: Request,
        creds: Credentials,
    ) -> Any:
        """What the token's holder may see: the view of its seat (spectator: the public
        view), its legal actions when it is to decide, and `decision`, to echo when acting."""
        hub, live, role, seat = await game_and_role(game_id, request, creds)
        return state_response(hub, live, role, seat)

    @app.post("/api/games/{game_id}/actions", tags=["play"], responses=PLAY_ERRORS)
    async def act(
        game_id: GameId, body: ActionIn, request: Request,
        creds: Credentials,
    ) -> Any:
        """Take a decision of your seat. Refused (and nothing changes) when it is not your
        turn, the action is not legal, or `decision` is stale (another client was first)."""
        hub, live, role, seat = await game_and_role(game_id, request, creds)
        if role == "table":
            raise ApiError("forbidden", "the table enters chance outcomes at /chance")
        await hub.act(live, role, seat, body.action, body.decision)
        return {"type": "ack", "state": state_response(hub, live, role, seat)}

    @app.post("/api/games/{game_id}/chance", tags=["play"], responses=PLAY_ERRORS)
    async def chance(
        game_id: GameId, body: ActionIn, request: Request,
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

    @app.post("/api/games/{game_id}/undo", tags=["play"], responses=PLAY_ERRORS)
    async def undo(
        game_id: GameId, body: UndoIn, request: Request,
        creds: Credentials,
    ) -> Any:
        """Take back your last decision, where the undo policy allows (`can_undo`)."""
        hub, live, role, seat = await game_and_role(game_id, request, creds)
        text = await hub.undo(live, role, seat, body.decision)
        return {"type": "ack", "undone": text, "state": state_response(hub, live, role, seat)}

    @app.post("/api/games/{game_id}/hint", tags=["learn"], responses=HINT_ERRORS)
    async def hint(
        game_id: GameId, body: HintIn, request: Request,
        creds: Credentials,
    ) -> Any:
        """The strong bot's suggestion for your seat's current decision, with the top
        alternatives, each with its estimate and a reason; computed from your seat's
        information only, within the server's budget (about a second). Only for a seat with
        hints on (code `hints_off` otherwise), at its own decision (`not_your_turn`), while
        the game goes on (`game_over`); `moved_on` when the game moved on meanwhile."""
        _hub, live, role, seat = await game_and_role(game_id, request, creds)
        advisor: Advisor = request.app.state.advisor
        return await advisor.hint(live, role, seat, body.decision)

    @app.get("/api/games/{game_id}/review", tags=["learn"], responses=REVIEW_ERRORS)
    async def review(
        game_id: GameId, request: Request, creds: Credentials,
        seat: Annotated[int | None, Query(ge=0, le=MAX_SEATS - 1)] = None,
    ) -> Any:
        """Your seat's review of a finished game (your seat's token; `seat`, if given, must
        be yours): the decisions where the bot's estimate of your result dropped most, what
        it preferred and why, and each seat's estimated final score over the game. 202 with
        `status: computing` while it is being computed (ask again shortly)."""
        _hub, live, role, own = await game_and_role(game_id, request, creds)
        advisor: Advisor = request.app.state.advisor
        status, out = await advisor.review(live, role, own, seat)
        return JSONResponse(out, status_code=status)

    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(ws: WebSocket, game_id: str) -> None:
        await serve_socket(ws, game_id)

    # ------------------------------------------------------------- client
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def table_page(game_id: str) -> FileResponse:  # bad ids: the page says so
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

    for game_id in list_rulesets():  # before /static, which would answer them otherwise
        board = get_ruleset(game_id).web_board
        if board is not None:
            app.mount(f"{BOARDS_URL}/{game_id}", StaticFiles(directory=board.folder),
                      name=f"board-{game_id}")
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.mount(DOCS_ASSETS_URL, StaticFiles(directory=DOCS_ASSETS_DIR), name="docs-assets")
    return app


# ------------------------------------------------------------- websocket
#: Close codes of the websocket (besides the protocol's own): no such game, a bad hello,
#: no hello in time, a page of an Origin not allowed, a client that does not read.
CLOSE_NOT_FOUND, CLOSE_UNAUTHORIZED, CLOSE_NO_HELLO = 4404, 4401, 4408
CLOSE_ORIGIN, CLOSE_SLOW = 4403, 4429
#: Seconds a client has to say hello, and a message may take to go out before the client
#: counts as one that does not read.
HELLO_TIMEOUT_S, SEND_TIMEOUT_S = 30.0, 10.0


async def serve_socket(ws: WebSocket, game_id: str) -> None:
    """One live connection. The first message is ``{"type": "hello", "token": ...}``; then
    ``act``, ``undo``, ``sync`` and ``ping`` (see docs/server.md)."""
    hub: Hub = ws.app.state.hub
    config: ServerConfig = ws.app.state.config
    if config.allowed_origins:
        origin = ws.headers.get("origin", "").rstrip("/")
        if origin not in config.allowed_origins:
            await ws.close(CLOSE_ORIGIN)  # before accepting: the handshake answers 403
            return
    await ws.accept()

    async def refuse(err: ApiError, code: int) -> None:
        await ws.send_text(json.dumps(err.to_dict()))
        await ws.close(code)

    try:
        live = await hub.get(game_id)
    except ApiError as exc:
        await refuse(exc, CLOSE_NOT_FOUND)
        return
    try:
        first = await asyncio.wait_for(_receive_text(ws), timeout=HELLO_TIMEOUT_S)
    except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
        with contextlib.suppress(Exception):
            await ws.close(CLOSE_NO_HELLO)
        return
    try:
        if first is None:
            raise ApiError("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
        hello = parse(first)
        if hello.get("type") != "hello":
            raise ApiError("unauthorized", "the first message must be a hello with a token")
        role, seat = await hub.authorize(live, hello.get("token"))
    except ApiError as exc:
        await refuse(exc, CLOSE_UNAUTHORIZED)
        return
    client = Client(role, seat, connected=True)
    sender = asyncio.create_task(_send_loop(ws, hub, live, client))
    hub.subscribe(live, client)
    advisor: Advisor = ws.app.state.advisor
    try:
        while not sender.done():
            text = await _receive_text(ws)
            if text is None:
                client.push(json.dumps(ApiError("too_large", "message too large").to_dict()))
                continue
            await handle(hub, live, client, text, advisor)
    except WebSocketDisconnect:
        pass
    finally:
        hub.unsubscribe(live, client)
        client.close()
        with contextlib.suppress(Exception):
            await sender


async def _receive_text(ws: WebSocket) -> str | None:
    """The next message's text (a binary one decoded), ``None`` for one over the limit;
    raises :class:`WebSocketDisconnect` when the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is not None:
        return str(text)
    raw = message.get("bytes") or b""
    if len(raw) > MAX_MESSAGE:
        return None
    return raw.decode("utf-8", "surrogateescape")  # invalid UTF-8 is refused by parse()


async def _send_loop(ws: WebSocket, hub: Hub, live: LiveGame, client: Client) -> None:
    """Send the client its queued small messages, then its state when one is due (built now,
    so it is the latest); close a client that lets messages pile up or does not read."""
    while True:
        await client.wake.wait()
        client.wake.clear()
        while True:
            if client.overflowed:
                await _close_slow(ws, "too many messages waiting")
                return
            if client.queued:
                text: str | None = client.queued.popleft()
            elif client.state_due:
                client.state_due = False
                try:
                    text = hub.message(live, client)
                except Exception:
                    log.exception("game %s: a state message could not be built", live.id)
                    text = None
                if text is None:
                    continue
            elif client.closed:
                return
            else:
                break
            assert text is not None
            try:
                # a timeout scope, not wait_for: no task is made for every message sent
                async with asyncio.timeout(SEND_TIMEOUT_S):
                    await ws.send_text(text)
            except TimeoutError:
                await _close_slow(ws, "messages are not being read")
                return
            except Exception:
                return


async def _close_slow(ws: WebSocket, why: str) -> None:
    log.warning("closing a websocket whose client does not read: %s", why)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(CLOSE_SLOW), SEND_TIMEOUT_S)


def parse(text: str) -> dict[str, Any]:
    if len(text.encode("utf-8", "surrogateescape")) > MAX_MESSAGE:
        raise ApiError("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
    data = checked_json(text.encode("utf-8", "surrogateescape"))
    if not isinstance(data, dict):
        raise ApiError("malformed", "a message is a JSON object with a type")
    return data


async def handle(hub: Hub, live: LiveGame, client: Client, text: str,
                 advisor: Advisor | None = None) -> None:
    """Answer one client message; every refusal is an error message and changes nothing.
    A ``hint`` is answered later, to this connection alone (see advisor.py)."""
    req: Any = None
    try:
        data = parse(text)
        req = data.get("req")
        if req is not None and (isinstance(req, bool) or not isinstance(req, str | int)
                                or len(str(req)) > MAX_REQ):
            req = None
            raise ApiError("malformed", "req must be a short string or integer")
        kind = data.get("type")
        decision = data.get("decision")
        if decision is not None and (not isinstance(decision, str)
                                     or len(decision) > MAX_DECISION):
            raise ApiError("malformed", "decision must be a short string")

        def ack(**extra: Any) -> Callable[[], None]:
            return lambda: client.push(json.dumps({"type": "ack", "req": req, **extra}))

        if kind == "act":
            if "action" not in data:
                raise ApiError("malformed", "act needs an action (id or text)")
            await hub.act(live, client.role, client.seat, data["action"], decision, ack())
        elif kind == "undo":
            await hub.undo(live, client.role, client.seat, decision, ack())
        elif kind == "hint" and advisor is not None:
            advisor.hint_for_client(live, client, decision, req)
        elif kind == "sync":
            client.last_key = None
            client.log_sent = []
            client.state_changed()
        elif kind == "ping":
            client.push(json.dumps({"type": "pong", "req": req}))
        else:
            raise ApiError("malformed", f"unknown message type {str(kind)[:40]!r}")
    except ApiError as exc:
        client.push(json.dumps({**exc.to_dict(), "req": req}))


# ---------------------------------------------------------------- helpers
#: Codes of Starlette's own refusals by HTTP status.
HTTP_CODES = {400: "malformed", 401: "unauthorized", 403: "forbidden", 404: "not_found",
              405: "method_not_allowed", 413: "too_large"}


def allowed_methods(app: FastAPI, scope: Any) -> list[str]:
    """The methods some route of ``app`` takes at the scope's path (for ``Allow``)."""
    found: set[str] = set()
    for route in app.router.routes:
        match, _ = route.matches({"type": "http", "method": "GET", "root_path": "",
                                  "path": scope["path"], "headers": []})
        if match == Match.NONE:
            continue
        methods = getattr(route, "methods", None)
        found |= set(methods) if methods else {"GET", "HEAD"}
    if "GET" in found:
        found.add("HEAD")
    return sorted(found)


def default_data_dir() -> Path:
    """``$BOOMTOWN_DATA``, else ``$XDG_DATA_HOME/boomtown``, else ``~/.local/share/boomtown``."""
    import os

    if os.environ.get("BOOMTOWN_DATA"):
        return Path(os.environ["BOOMTOWN_DATA"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "boomtown"
