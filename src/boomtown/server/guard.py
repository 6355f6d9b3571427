"""What stands between the network and the game: input checks, limits, security headers.

* :func:`checked_json` parses a request body or a websocket message and refuses, as a
  ``malformed`` :class:`~boomtown.server.hub.ApiError`, what the storage or the parser could
  not take cleanly: invalid UTF-8, nesting deeper than :data:`MAX_DEPTH`, integers outside
  signed 64 bits, numbers that are not finite, NUL characters and lone surrogates.
* :class:`RequestGuard` (ASGI middleware) reads every HTTP request body itself, bounded by
  ``limit`` (413 ``too_large``, chunked or not), checks it with :func:`checked_json` and
  hands the app a body that the app's own parser takes safely.
* :class:`SecurityHeaders` (ASGI middleware) adds Content-Security-Policy,
  X-Frame-Options, X-Content-Type-Options and Referrer-Policy to every HTTP response.
* :class:`RateLimiter`: a sliding one-minute window per client (game creation).
"""

from __future__ import annotations

import collections
import json
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from boomtown.server.hub import ApiError

#: Deepest nesting of arrays and objects accepted in a body or a message (the API's own
#: bodies nest 3 deep; options at most a few more).
MAX_DEPTH = 16
#: The integer range every integer of the API and of the storage fits in.
INT_MIN, INT_MAX = -(2**63), 2**63 - 1

#: Content-Security-Policy of the pages: everything from this server only, no inline
#: scripts, no framing. Styles allow inline attributes (the table page colours seats with
#: ``style=``). Scripts allow ``eval`` only because the browser tests' string predicates
#: (Playwright's ``wait_for_function``) are evaluated with it; the pages never use it.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-eval'; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
#: The API pages (/docs, /redoc) start Swagger UI and ReDoc with an inline script, and
#: ReDoc runs a worker from a blob.
CSP_API_PAGES = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'") + (
    "; worker-src 'self' blob:"
)
API_PAGES = ("/docs", "/redoc")
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


def checked_json(raw: bytes | str) -> Any:
    """``raw`` parsed as JSON, or ``ApiError("malformed")`` saying what is wrong with it."""
    if isinstance(raw, str):
        try:
            raw = raw.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate in a websocket text frame
            raise ApiError("malformed", "text is not valid UTF-8") from exc
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        reason = str(exc)
        if "depth limit" in reason:
            reason = f"nested deeper than {MAX_DEPTH} levels"
        raise ApiError("malformed", f"not valid JSON: {reason}") from exc
    problem = _problem(data)
    if problem is not None:
        raise ApiError("malformed", problem)
    return data


def _problem(data: Any) -> str | None:
    """What makes parsed JSON unacceptable, or ``None`` (an iterative walk: no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                return f"nested deeper than {MAX_DEPTH} levels"
            for key, item in value.items():
                if "\x00" in key:
                    return "text may not contain NUL characters"
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth > MAX_DEPTH:
                return f"nested deeper than {MAX_DEPTH} levels"
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            if "\x00" in value:
                return "text may not contain NUL characters"
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not INT_MIN <= value <= INT_MAX:
                return "integers must fit in 64 bits (signed)"
        elif isinstance(value, float) and not math.isfinite(value):  # pragma: no cover
            return "numbers must be finite"  # orjson already refuses them
    return None


ASGIApp = Callable[..., Awaitable[None]]


def error_body(code: str, message: str) -> bytes:
    return json.dumps({"type": "error", "code": code, "message": message}).encode()


async def send_error(send: Any, status: int, code: str, message: str,
                     headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = error_body(code, message)
    await send({
        "type": "http.response.start", "status": status,
        "headers": [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()), *(headers or [])],
    })
    await send({"type": "http.response.body", "body": body})


class RequestGuard:
    """Read each HTTP request's body (at most ``limit`` bytes, else 413 ``too_large``),
    refuse bodies that :func:`checked_json` refuses (400 ``malformed``), and pass the rest
    to the app in one piece."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"request bodies are limited to {self.limit} bytes"
        for name, value in scope.get("headers", []):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                if value.isdigit():
                    await send_error(send, 413, "too_large", too_large)
                else:
                    await send_error(send, 400, "malformed", "a bad Content-Length")
                return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await send_error(send, 413, "too_large", too_large)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body.strip():
            try:
                checked_json(body)
            except ApiError as exc:
                await send_error(send, exc.status, exc.code, exc.message)
                return
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if replayed:
                return await receive()  # the disconnect, when it comes
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


class SecurityHeaders:
    """Add the security headers (and the pages' Content-Security-Policy) to every HTTP
    response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = (CSP_API_PAGES if scope.get("path") in API_PAGES else CSP).encode()

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                extra = [*SECURITY_HEADERS, (b"content-security-policy", policy)]
                headers += [(n, v) for n, v in extra if n not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


#: How long the rate limiter remembers a creation (seconds).
RATE_WINDOW_S = 60.0
#: Above this many remembered clients, forget those with no creation in the window.
RATE_PRUNE_AT = 10_000


class RateLimiter:
    """At most ``per_minute`` events per client key in any sliding minute (0: no limit)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._seen: dict[str, collections.deque[float]] = {}

    def check(self, key: str) -> None:
        """Count one event of ``key``, or raise ``ApiError("rate_limited")`` (changing
        nothing) when it would exceed the limit."""
        if self.per_minute <= 0:
            return
        now = self.clock()
        times = self._seen.get(key)
        if times is None:
            if len(self._seen) >= RATE_PRUNE_AT:
                self._prune(now)
            times = self._seen[key] = collections.deque()
        while times and now - times[0] >= RATE_WINDOW_S:
            times.popleft()
        if len(times) >= self.per_minute:
            wait = max(1, math.ceil(RATE_WINDOW_S - (now - times[0])))
            raise ApiError(
                "rate_limited",
                f"at most {self.per_minute} games a minute from one client; try again in "
                f"{wait} s", headers={"Retry-After": str(wait)},
            )
        times.append(now)

    def _prune(self, now: float) -> None:
        for key in [k for k, t in self._seen.items() if not t or now - t[-1] >= RATE_WINDOW_S]:
            del self._seen[key]
