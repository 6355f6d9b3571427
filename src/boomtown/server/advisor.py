"""Hints while playing and reviews after the game, served: who may ask, where the work runs,
what is kept.

* A **hint** is asked for by the seat to decide, with hints on for it. It is computed from a
  copy of the state in one of the server's search processes (the bots' process pool:
  never on the event loop, and the game's lock is not held, so the game goes on for the
  others), within the server's budget (``ServerConfig.hint_seconds`` or
  ``hint_iterations``), and sent to the asker alone: nothing is broadcast, no other
  connection learns that a hint was asked for. One computation per decision: asking again
  for the same decision shares it. A hint answers the decision it was asked for; if the game
  moved on meanwhile the asker gets ``moved_on`` instead.
* A **review** of a finished game covers its person seats. It is computed in a process of
  its own (one at a time, so a long review never delays bots or hints), in the background
  when a game with hints on ends, else when a seat first asks for it; it is stored in the
  ``reviews`` table and served to each seat: its own decisions and the chart.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from boomtown.server import learning
from boomtown.server.config import ServerConfig
from boomtown.server.hub import SEAT, ApiError, Client, LiveGame, start_processes
from boomtown.server.pools import process_pool
from boomtown.server.store import Conflict, Store, WriteFailed

if TYPE_CHECKING:
    from boomtown.server.hub import Hub

log = logging.getLogger("boomtown.server")

#: How long an asker waits for a hint at most, the search's own budget included (seconds):
#: the pool may be busy with bots. Past it the answer is ``busy``.
HINT_WAIT_S = 60.0
#: Review processes (one: a review may take minutes and must not crowd out the bots).
REVIEW_WORKERS = 1


class Advisor:
    """The hints and reviews of one server process."""

    def __init__(self, hub: Hub, config: ServerConfig) -> None:
        self.hub = hub
        self.config = config
        #: Per game: (decision nonce, seat, the hint being computed or computed).
        self._hints: dict[str, tuple[str, int, asyncio.Future[dict[str, Any]]]] = {}
        #: Per game: the review being computed.
        self._reviews: dict[str, asyncio.Task[None]] = {}
        #: Why the latest review of a game failed (asked again, it is tried again).
        self._failed: dict[str, str] = {}
        self._review_pool: Executor | None = None
        #: Hint answers under way for websocket clients (held until done).
        self.tasks: set[asyncio.Task[None]] = set()
        hub.finished_hooks.append(self.game_finished)

    async def start(self) -> None:
        """Start the review process now (see :meth:`Hub.start_pools`: before any connection
        is open)."""
        await start_processes(self._pool())

    # ------------------------------------------------------------- budgets
    @property
    def hint_iterations(self) -> int | None:
        return self.config.hint_iterations or None

    @property
    def review_iterations(self) -> int | None:
        return self.config.review_iterations or None

    @property
    def review_seconds(self) -> float | None:
        return self.config.review_seconds or None

    def review_budget(self) -> str:
        """The review budget in words, stored with each review."""
        if self.review_iterations:
            return f"iterations={self.review_iterations}"
        if self.review_seconds:
            return f"seconds={self.review_seconds:g}"
        return "the library's default"

    # --------------------------------------------------------------- hints
    def allowed(self, live: LiveGame) -> frozenset[int]:
        """The seats of ``live`` that may ask for hints."""
        return learning.hint_seats(live.row.hints, [s.kind for s in live.row.seats])

    async def hint(self, live: LiveGame, role: str, seat: int | None,
                   decision: str | None = None) -> dict[str, Any]:
        """The hint for ``seat``'s current decision, as its ``hint`` message; refused (an
        :class:`ApiError`) when the asker is no seat, hints are off for it, it is not its
        decision, the game is over or ``decision`` is stale."""
        if role != SEAT or seat is None:
            raise ApiError("forbidden", "only a seat, for its own decision, may ask for a hint")
        if seat not in self.allowed(live):
            raise ApiError("hints_off", f"hints are off for seat {seat} in this game "
                           f"({learning.hints_text(live.row.hints)})")
        if live.error is not None:
            raise ApiError("unplayable", live.error)
        state = live.state
        if state.is_terminal():
            raise ApiError("game_over", "the game is over: see its review instead")
        if decision is not None and decision != live.decision:
            raise ApiError("moved_on", "the game moved on: that decision was already taken")
        if state.current_player != seat:
            raise ApiError("not_your_turn", "a hint is for your own decision, when it is yours")
        asked = live.decision
        future = self._hint_future(live, seat, asked)
        try:
            found = await asyncio.wait_for(asyncio.shield(future), HINT_WAIT_S)
        except TimeoutError as exc:
            raise ApiError("busy", "the server is too busy to think of a hint now; try "
                           "again") from exc
        except Exception as exc:  # the search failed (a bug): the asker hears so, play goes on
            log.exception("game %s: a hint failed", live.id)
            self._hints.pop(live.id, None)
            raise ApiError("busy", f"no hint could be computed: {type(exc).__name__}") from exc
        if live.decision != asked:
            raise ApiError("moved_on", "the game moved on while the hint was computed")
        return {"type": "hint", "decision": asked, "seat": seat,
                "hint": learning.hint_out(found)}

    def _hint_future(self, live: LiveGame, seat: int,
                     decision: str) -> asyncio.Future[dict[str, Any]]:
        """The computation of this decision's hint: the one under way, or a new one."""
        held = self._hints.get(live.id)
        if held is not None and held[0] == decision and held[1] == seat:
            return held[2]
        loop = asyncio.get_running_loop()
        # the search's seed: fixed per decision (the same hint from every process), drawn
        # from the secret nonce, so it says nothing anyone could not already see
        seed = int(decision, 16) % (2**62)
        record = learning.record_of(live.row, list(live.state.history))
        future = loop.run_in_executor(
            self.hub.search_pool(), learning.compute_hint, record, seat,
            self.config.hint_seconds, self.hint_iterations, seed)
        self._hints[live.id] = (decision, seat, future)
        return future

    def hint_for_client(self, live: LiveGame, client: Client, decision: str | None,
                        req: Any) -> None:
        """A websocket's ``hint`` message: answered to that connection alone, later (the
        connection keeps reading meanwhile)."""

        async def answer() -> None:
            try:
                found = await self.hint(live, client.role, client.seat, decision)
                client.push(json.dumps({**found, "req": req}))
            except ApiError as exc:
                client.push(json.dumps({**exc.to_dict(), "req": req}))

        task = asyncio.get_running_loop().create_task(answer())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ------------------------------------------------------------- reviews
    def game_finished(self, live: LiveGame) -> None:
        """A game of this process ended: drop its hint, and review it now if hints were on
        (the table came to learn); other games are reviewed when a seat asks."""
        self._hints.pop(live.id, None)
        if self.allowed(live):
            self._start_review(live)

    async def review(self, live: LiveGame, role: str, seat: int | None,
                     asked: int | None = None) -> tuple[int, dict[str, Any]]:
        """(HTTP status, body) of ``seat``'s review: 200 with it, or 202 while it is being
        computed. Refused for spectators, the table, another seat's review, and a game
        that is not over."""
        if role != SEAT or seat is None:
            raise ApiError("forbidden", "a review is read by its own seat, with its token")
        if asked is not None and asked != seat:
            raise ApiError("forbidden", f"seat {asked}'s review is for seat {asked} alone")
        if live.error is not None:
            raise ApiError("unplayable", live.error)
        if not live.state.is_terminal():
            raise ApiError("not_finished", "a review is made once the game is over")
        if live.row.seats[seat].kind != "human":  # pragma: no cover - bots hold no token
            raise ApiError("forbidden", "bot seats are not reviewed")
        body = await asyncio.to_thread(self.hub.store.load_review, live.id)
        if body is not None:
            self._failed.pop(live.id, None)
            served = body.get("served", {}).get(str(seat))
            if served is None:  # pragma: no cover - every person seat is reviewed
                raise ApiError("not_found", f"seat {seat} was not reviewed")
            return 200, {"type": "review", "status": "done", "seat": seat,
                         "hints": learning.public_hints(live.row.hints), "review": served}
        if live.id in self._failed and live.id not in self._reviews:
            why = self._failed.pop(live.id)
            raise ApiError("unplayable", f"the review could not be computed ({why}); "
                           "ask again to retry")
        self._start_review(live)
        return 202, {"type": "review", "status": "computing", "seat": seat}

    def _start_review(self, live: LiveGame) -> None:
        task = self._reviews.get(live.id)
        if task is not None and not task.done():
            return
        task = asyncio.get_running_loop().create_task(self._compute_review(live))
        self._reviews[live.id] = task
        game_id = live.id

        def done(_task: asyncio.Task[None]) -> None:
            if self._reviews.get(game_id) is _task:
                del self._reviews[game_id]

        task.add_done_callback(done)

    async def _compute_review(self, live: LiveGame) -> None:
        row = live.row
        people = tuple(s.seat for s in row.seats if s.kind == "human")
        if not people:
            return
        record = learning.record_of(row, list(live.state.history))
        loop = asyncio.get_running_loop()
        try:
            body = await loop.run_in_executor(
                self._pool(), learning.compute_review, record, people,
                self.review_seconds, self.review_iterations)
            await self.hub.writer.run(Store.insert_review(live.id, body, self.review_budget()))
        except asyncio.CancelledError:
            raise
        except Conflict:  # another process stored it at the same moment: the first stays
            pass
        except WriteFailed as exc:
            log.warning("game %s: the review was not stored: %s", live.id, exc)
            self._failed[live.id] = "it could not be stored"
        except Exception as exc:
            log.exception("game %s: the review failed", live.id)
            self._failed[live.id] = type(exc).__name__

    def _pool(self) -> Executor:
        if self._review_pool is None:
            self._review_pool = process_pool(REVIEW_WORKERS)
        return self._review_pool

    async def close(self) -> None:
        for task in [*self._reviews.values(), *self.tasks]:
            task.cancel()
        for task in [*self._reviews.values(), *self.tasks]:
            with contextlib.suppress(BaseException):
                await task
        if self._review_pool is not None:
            self._review_pool.shutdown(wait=False, cancel_futures=True)
