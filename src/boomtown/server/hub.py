"""The live games of a server: their states in memory, their clients, their bots.

Every change of a game goes through :class:`Hub` under the game's lock: the decision is
checked against the state in memory, applied to a copy, the automatic chance outcomes that
follow are applied too (unless the table enters them), the new moves are committed to the
database, and only then does the copy become the game's state and the decision is
acknowledged. A refused or failed decision changes nothing.

What clients receive is built by :meth:`Hub.message` from ``state.view(seat)`` (spectators:
``view(None)``) and, for the seat to decide, its legal actions (inside the view); in table
mode the table link also gets the chance outcomes to enter. Nothing else of the state goes
out: not the seed, not the record, not the number of moves. A client is sent a message only
when what it may see changed, so it cannot count another seat's hidden decisions either.

Three things a message carries are computed here with hidden information in mind:

* **last moves** (:class:`Move`): each seat decision is described *before* it is applied and
  the log events it wrote are noted. Another viewer sees a move only through the lines it
  reads of those events, and its targets only when every event was public (and there was
  one); a secret move's targets go to its actor alone.
* **auto** (:func:`publicly_forced`): a decision is marked as one the client may take by
  itself only when it is forced and every other seat could tell, so how fast it is taken
  says nothing.
* **table mode**: a chance outcome only one seat may see (``prompt.private``) is entered by
  that seat's own client, not the table's (:meth:`LiveGame.chance_enterer`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import hmac
import json
import logging
import os
import random
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from boomtown.engine import (
    CHANCE,
    BadRecord,
    BoomtownError,
    Event,
    GameRecord,
    IllegalAction,
    RulesFault,
    State,
    UndoNotAllowed,
    get_ruleset,
    replay,
)
from boomtown.server import bots, learning
from boomtown.server.cluster import MOVES, SEATS, UNDO, Cluster, Heard
from boomtown.server.config import ACTIVE_WINDOW_S
from boomtown.server.pools import process_pool
from boomtown.server.store import (
    FAULTED,
    Conflict,
    GameRow,
    Op,
    SeatRow,
    Store,
    WriteFailed,
    Writer,
    token_hash,
)

log = logging.getLogger("boomtown.server")

try:
    import orjson

    def dumps(data: Any) -> str:
        """Compact JSON (orjson when installed: views are big and sent often)."""
        return orjson.dumps(data).decode()

except ImportError:  # pragma: no cover - orjson is optional

    def dumps(data: Any) -> str:
        """Compact JSON (orjson when installed: views are big and sent often)."""
        return json.dumps(data, separators=(",", ":"))


#: What a game id looks like (the server makes 10 hex digits; the column holds 32).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: Longest token looked at (the server makes 24 characters).
MAX_TOKEN = 100

#: Roles a token grants.
SEAT, SPECTATOR, TABLE = "seat", "spectator", "table"
#: Determinizations per other seat that must all leave the decider a single legal action
#: before a decision counts as publicly forced (see :func:`publicly_forced`).
FORCED_SAMPLES = 8
#: What the forced-move check's randomness is keyed with beside the decision's nonce (keeps
#: it apart from the nonce itself, an HMAC under the same key).
FORCED_DOMAIN = "forced-move-check"
#: The same for the seeds of the bots' decisions.
BOT_DOMAIN = "bot-decision"


@dataclass(frozen=True, slots=True)
class Move:
    """One seat decision as the server noted it when it was applied: the action's text and
    targets (described before applying) and the log events the step wrote. ``step`` is its
    index in the history, kept for undo and never sent."""

    actor: int
    step: int
    text: str
    targets: tuple[str, ...]
    events: tuple[Event, ...]

    def for_viewer(self, viewer: int | None) -> dict[str, Any] | None:
        """What ``viewer`` (a seat, or ``None`` for spectators and the table) may know of
        this move, or ``None`` when it read nothing of it. The actor gets everything; anyone
        else the lines it reads, and the targets only if every event was public."""
        lines = [text for e in self.events if (text := e.for_seat(viewer)) is not None]
        if viewer == self.actor:
            return {"seat": self.actor, "text": lines or [self.text],
                    "targets": list(self.targets)}
        if not lines:
            return None
        public = all(e.seats is None for e in self.events)
        return {"seat": self.actor, "text": lines,
                "targets": list(self.targets) if public else []}


def last_moves(moves: list[Move], players: int, viewer: int | None) -> list[dict[str, Any]]:
    """The latest move of each seat that ``viewer`` knows of, the most recent first."""
    out: list[dict[str, Any]] = []
    seen: set[int] = set()
    for move in reversed(moves):
        if move.actor in seen:
            continue
        shown = move.for_viewer(viewer)
        if shown is None:
            continue
        seen.add(move.actor)
        out.append(shown)
        if len(seen) == players:
            break
    return out


def _digest(key: str, message: str) -> bytes:
    """HMAC-SHA256 of ``message`` under ``key`` (the game's nonces, check samples, bot seeds)."""
    return hmac.new(key.encode(), message.encode(), hashlib.sha256).digest()


def publicly_forced(state: State, rng: random.Random, samples: int = FORCED_SAMPLES) -> bool:
    """Whether the seat to decide has exactly one legal action *and* every other seat could
    tell: in each of ``samples`` determinizations from each other seat's knowledge the
    decider also has exactly one. Only then may a client take the move by itself without its
    timing telling the others anything. (A sample can miss a rare world where the decider
    would have had a choice: see docs/server.md, "Forced moves".)

    The work is the same whatever the answer (every sample is drawn, no early exit), so the
    time the check takes, which delays the messages of everyone at the table, does not tell
    whether the decider had a single choice."""
    seat = state.current_player
    if seat < 0:
        return False
    forced = len(state.legal_action_ids()) == 1
    for other in range(state.num_players):
        if other == seat:
            continue
        for _ in range(samples):
            world = state.determinize(other, rng)
            single = world.current_player == seat and len(world.legal_action_ids()) == 1
            forced = forced and single
    return forced


def apply_noted(state: State, action: Any) -> tuple[Move, Any]:
    """Apply a seat's decision to ``state`` and note it as a :class:`Move`: described before
    it is applied (its targets are those of the position it was taken in), with the log
    events the step wrote. Raises what ``state.apply`` raises."""
    actor, step = state.current_player, len(state.history)
    aid = state.resolve(action)
    described = state.describe(aid)
    mark = len(state.events)
    done = state.apply(aid)
    events = tuple(state.events[mark:])
    return Move(actor, step, described.text, described.targets, events), done


def replay_moves(record: GameRecord) -> tuple[State, list[Move]]:
    """``replay(record)``, noting every seat decision on the way (a server that restarts
    still shows each seat's last move)."""
    state = replay(record, 0)
    moves: list[Move] = []
    for index, aid in enumerate(record.actions):
        try:
            if state.current_player >= 0:
                moves.append(apply_noted(state, aid)[0])
            else:
                state.apply(aid)
        except IllegalAction as exc:
            raise BadRecord(f"action #{index} (id {aid}) does not replay: {exc.reason}") from exc
    return state, moves


class ApiError(Exception):
    """A refused request: a stable ``code``, a plain ``message`` and an HTTP status."""

    STATUS = {
        "malformed": 400,
        "unauthorized": 401,
        "forbidden": 403,
        "hints_off": 403,
        "not_found": 404,
        "method_not_allowed": 405,
        "not_your_turn": 409,
        "moved_on": 409,
        "game_over": 409,
        "undo_not_allowed": 409,
        "seat_taken": 409,
        "not_finished": 409,
        "too_large": 413,
        "illegal": 422,
        "bad_game": 422,
        "rate_limited": 429,
        "unplayable": 500,
        "rules_fault": 500,
        "storage": 503,
        "server_full": 503,
        "busy": 503,
    }

    def __init__(self, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = self.STATUS.get(code, 400)
        self.headers = headers

    def to_dict(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message}


#: Small messages (acks, errors, pongs) a connection may have waiting to be sent; one that
#: lets more pile up is not reading them and is closed (see :class:`Client`).
MAX_QUEUED = 64


@dataclass(eq=False)
class Client:
    """One connection (a websocket) or one HTTP request's reader of a game.

    A connection's outgoing messages never pile up: acks, errors and pongs wait in
    ``queued`` (at most :data:`MAX_QUEUED`, else ``overflowed`` and the connection is
    closed), and a state message is not queued at all: a change only marks the state due
    (``state_due``) and the connection's sender builds the message when it can send it, so
    a client that does not read gets, at most, the latest state once it does."""

    role: str
    seat: int | None
    connected: bool = False
    last_key: str | None = None
    log_sent: list[str] = field(default_factory=list)
    queued: collections.deque[str] = field(default_factory=collections.deque)
    state_due: bool = False
    overflowed: bool = False
    closed: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    def push(self, text: str) -> None:
        """Queue a small message (an ack, an error, a pong)."""
        if not self.connected:
            return
        if len(self.queued) >= MAX_QUEUED:
            self.overflowed = True
        else:
            self.queued.append(text)
        self.wake.set()

    def state_changed(self) -> None:
        """What this client may see may have changed: its sender builds a state message."""
        if self.connected:
            self.state_due = True
            self.wake.set()

    def close(self) -> None:
        self.closed = True
        self.wake.set()


@dataclass(frozen=True, slots=True)
class CachedView:
    """What :meth:`LiveGame.view` caches per seat: the view's JSON (log removed), the log
    lines, who took the step of each line, and the last moves' JSON."""

    view_json: str
    lines: list[str]
    actors: list[int | None]
    moves_json: str


@dataclass(eq=False)
class LiveGame:
    row: GameRow
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    decision: str = ""
    clients: set[Client] = field(default_factory=set)
    views: dict[int | None, CachedView] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    error: str | None = None
    #: Every seat decision of the current history, as noted when it was applied.
    moves: list[Move] = field(default_factory=list)
    #: (decision nonce, whether it is publicly forced), computed once per decision.
    forced: tuple[str, bool] | None = None
    #: (decision nonce, :meth:`chance_enterer`), computed once per decision.
    enterer: tuple[str, int | None] | None = None
    #: A catch-up from the database is running (another process changed the game), one
    #: more is wanted after it, and whether it must reload the whole game.
    refreshing: bool = False
    refresh_again: bool = False
    refresh_full: bool = False
    #: Moves other processes announced with their ids, not yet applied here.
    heard: list[Heard] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.decision:
            self.renew_decision()

    @property
    def id(self) -> str:
        return self.row.id

    def renew_decision(self) -> None:
        """The decision nonce of the current state: the same in every server process that
        holds this state (a client may send it to any of them), different for every other
        history. Keyed by the secret seed, so nobody can compute it beforehand."""
        what = f"{self._history_text()}:{'faulted' if self.error else ''}"
        self.decision = _digest(self._game_key(), what).hex()[:16]

    def _game_key(self) -> str:
        """The key of this game's nonces and check samples: its secret seed and its id."""
        return f"{self.row.seed}:{self.row.id}"

    def _history_text(self) -> str:
        """The game's history as the text its HMACs read (its length, then its action ids)."""
        history = self.state.history
        return f"{len(history)}:{','.join(map(str, history))}"

    def view(self, seat: int | None) -> CachedView:
        """The seat's view as JSON without its log, its log with who wrote each line, and
        the last moves it knows of (cached until a change)."""
        cached = self.views.get(seat)
        if cached is None:
            view = self.state.view(seat)
            lines = view.pop("log")
            actors = self.state.log_actors(seat)
            moves = dumps(last_moves(self.moves, self.row.players, seat))
            cached = CachedView(dumps(view), lines, actors, moves)
            self.views[seat] = cached
        return cached

    def chance_enterer(self) -> int | None:
        """In table mode at a chance point: the seat that enters the outcome on its own
        screen (a private draw for a person seat), or ``None`` when the table enters it
        (public outcomes, and private ones for bot seats, which have no screen)."""
        if self.enterer is not None and self.enterer[0] == self.decision:
            return self.enterer[1]
        state = self.state
        found: int | None = None
        if self.row.table_mode and state.current_player == CHANCE:
            prompt = state.prompt(None)
            seat = prompt.for_seat
            if (prompt.private and seat is not None and 0 <= seat < self.row.players
                    and self.row.seats[seat].kind == "human"):
                found = seat
        self.enterer = (self.decision, found)
        return found

    def forced_publicly(self) -> bool:
        """:func:`publicly_forced` of the current decision, computed once per decision and
        on determinizations drawn from :meth:`forced_rng`."""
        if self.forced is None or self.forced[0] != self.decision:
            try:
                forced = publicly_forced(self.state, self.forced_rng())
            except RulesFault as fault:  # a determinization failed: the person confirms
                log.error("game %s: forced-move check failed: %s", self.id, fault)
                forced = False
            self.forced = (self.decision, forced)
        return self.forced[1]

    def forced_rng(self) -> random.Random:
        """The randomness of the forced-move check of the current decision: drawn from the
        game's secret seed and the decision's nonce (which names its whole history), so every
        server process, and a server that restarts, judges a position the same way, and
        nobody without the seed can tell which worlds were sampled. (Whoever knows the seed
        knows every hidden card already: it deals them.)"""
        return random.Random(_digest(self._game_key(), f"{FORCED_DOMAIN}:{self.decision}"))

    def bot_seed(self) -> int:
        """The seed of a bot's generator for the current decision: an HMAC of the game's
        history under its secret seed, so a game with the same seed and the same moves plays
        the same way again, in every process and after a restart (save for bots that stop on
        the clock), and the seed tells nothing of what is hidden."""
        digest = _digest(str(self.row.seed), f"{BOT_DOMAIN}:{self._history_text()}")
        return int.from_bytes(digest[:8]) >> 1

    def seats_public(self) -> list[dict[str, Any]]:
        online = {c.seat for c in self.clients if c.role == SEAT}
        return [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "level": s.level,
             "open": s.open, "online": s.kind == "bot" or s.seat in online}
            for s in self.row.seats
        ]


@dataclass
class SeatSpec:
    kind: str = "human"
    name: str = ""
    bot: str | None = None
    level: int | None = None
    open: bool = False


@dataclass
class CreateSpec:
    game: str
    players: int
    seats: list[SeatSpec]
    options: dict[str, Any] | None = None
    seed: int | None = None
    table_mode: bool = False
    listed: bool = True
    bot_delay_ms: int = 0
    #: Who may ask for hints: ``"off"`` (or ``None``), ``"all"`` or a list of seats.
    hints: Any = None


def _number_default_names(rows: list[SeatRow], defaulted: list[bool]) -> None:
    """Seats left unnamed that got the same default name ("medium bot" twice) are numbered
    ("medium bot 1", "medium bot 2"), so the log and the score tell them apart."""
    counts: dict[str, int] = {}
    for row, default in zip(rows, defaulted, strict=True):
        if default:
            counts[row.name] = counts.get(row.name, 0) + 1
    seen: dict[str, int] = {}
    for row, default in zip(rows, defaulted, strict=True):
        if default and counts[row.name] > 1:
            seen[row.name] = seen.get(row.name, 0) + 1
            row.name = f"{row.name} {seen[row.name]}"


def _new_token() -> str:
    return secrets.token_urlsafe(18)


class Hub:
    """All games this server plays."""

    def __init__(self, store: Store, writer: Writer, bot_workers: int = 2,
                 max_active_games: int = 0, cluster: Cluster | None = None) -> None:
        self.store = store
        self.writer = writer
        #: Refuse new games while this many are active (0: no cap).
        self.max_active_games = max_active_games
        #: The other server processes on the same database, if any (PostgreSQL).
        self.cluster = cluster
        self.games: dict[str, LiveGame] = {}
        self._load_lock = asyncio.Lock()
        self._threads: Executor = ThreadPoolExecutor(bot_workers, thread_name_prefix="bot")
        self._processes: Executor | None = None
        self._bot_workers = bot_workers
        #: Called with a game that this process has just finished (see advisor.py).
        self.finished_hooks: list[Callable[[LiveGame], None]] = []
        self.closing = False
        #: Catch-ups from the database under way.
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Load every unfinished game and let its bots resume (with other processes on the
        database: those of the games no other process runs)."""
        if self.cluster is not None:
            await self.cluster.start(self.remote_change, self.adopt, self.missed_changes)
        loaded = []
        for game_id in await asyncio.to_thread(self.store.game_ids, "active"):
            try:
                loaded.append(await self.get(game_id))
            except ApiError as exc:
                log.error("game %s cannot resume: %s", game_id, exc.message)
        if self.cluster is None:
            for live in loaded:
                await self._resume(live)
        else:
            await self.adopt(await self.cluster.scan())
            self.cluster.start_scanning()

    async def adopt(self, game_ids: list[str]) -> None:
        """Run the bots (and pending chance outcomes) of games this process now owns."""
        for game_id in game_ids:
            try:
                live = await self.get(game_id)
                await self.refresh(live, full=True)
            except ApiError as exc:
                log.error("game %s cannot resume: %s", game_id, exc.message)
                continue
            await self._resume(live)

    async def close(self) -> None:
        self.closing = True
        if self.cluster is not None:
            await self.cluster.close()
        tasks = [g.bot_task for g in self.games.values() if g.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        for live in self.games.values():
            for client in list(live.clients):
                client.close()
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)

    # -------------------------------------------------------------- create
    async def create(self, spec: CreateSpec, base_url: str = "") -> dict[str, Any]:
        try:
            ruleset = get_ruleset(spec.game)
            ruleset.check_players(spec.players)
            options = ruleset.options_from_dict(spec.options)
        except BoomtownError as exc:
            raise ApiError("bad_game", str(exc)) from exc
        if len(spec.seats) != spec.players:
            raise ApiError(
                "malformed", f"{spec.players} players need {spec.players} seats, "
                f"got {len(spec.seats)}"
            )
        seed = spec.seed if spec.seed is not None else secrets.randbits(62)
        state = ruleset.new_game(spec.players, seed, options)
        game_id = secrets.token_hex(5)
        tokens: list[str | None] = []
        seat_rows = []
        for i, s in enumerate(spec.seats):
            name = s.name.strip()[:40]
            if s.kind == "bot":
                try:
                    kind = bots.bot_kind(s.bot or bots.DEFAULT_BOT)
                except KeyError as exc:
                    raise ApiError("malformed", str(exc.args[0])) from exc
                if s.level is not None and kind.levels and s.level not in kind.levels:
                    raise ApiError("malformed", f"bot {kind.name} has levels {kind.levels}")
                seat_rows.append(SeatRow(i, "bot", name or f"{kind.name} bot", kind.name, s.level))
                tokens.append(None)
            elif s.kind == "human":
                token = _new_token()
                tokens.append(token)
                seat_rows.append(
                    SeatRow(i, "human", name or f"player {i + 1}", None, None, bool(s.open),
                            token_hash(token))
                )
            else:
                raise ApiError("malformed", f"seat {i}: kind must be 'human' or 'bot'")
        _number_default_names(seat_rows, [not s.name.strip() for s in spec.seats])
        try:
            hints = learning.normalise_hints(spec.hints, [r.kind for r in seat_rows])
        except learning.HintSettingError as exc:
            raise ApiError("malformed", str(exc)) from exc
        spectator = _new_token()
        table = _new_token() if spec.table_mode else None
        now = time.time()
        row = GameRow(
            id=game_id, game=ruleset.id, version=ruleset.version, players=spec.players,
            seed=seed, options=ruleset.options_to_dict(options), table_mode=spec.table_mode,
            listed=spec.listed, bot_delay_ms=max(0, min(int(spec.bot_delay_ms), 10_000)),
            spectator_token=spectator, table_token_hash=token_hash(table) if table else None,
            status="active", moves=0, created_at=now, updated_at=now, seats=seat_rows,
            hints=hints,
        )
        pairs: list[tuple[int, int]] = []
        self._advance(row, state, pairs)
        row.moves = len(pairs)
        row.status = "finished" if state.is_terminal() else "active"
        cap = self.max_active_games
        try:
            stored = await self.writer.run(
                Store.insert_game(row, pairs, cap, now - ACTIVE_WINDOW_S))
        except WriteFailed as exc:
            raise ApiError("storage", f"the game could not be stored: {exc}") from exc
        if not stored:
            raise ApiError("server_full", f"this server plays at most {cap} active games at "
                           "once; try again when one has finished")
        live = LiveGame(row, state)
        self.games[game_id] = live
        if self.cluster is not None:
            await self.cluster.claim(game_id)
        self._schedule_bot(live)

        def link(token: str) -> str:
            return f"{base_url}/play/{game_id}#{token}"

        return {
            "game_id": game_id,
            "game": ruleset.id,
            "players": spec.players,
            "table_mode": spec.table_mode,
            "hints": learning.public_hints(hints),
            "seats": [
                {"seat": r.seat, "kind": r.kind, "name": r.name, "bot": r.bot, "open": r.open,
                 "token": t, "link": link(t) if t else None}
                for r, t in zip(seat_rows, tokens, strict=True)
            ],
            "spectator_token": spectator,
            "spectator_link": link(spectator),
            "table_token": table,
            "table_link": link(table) if table else None,
        }

    # ----------------------------------------------------------------- load
    async def get(self, game_id: str) -> LiveGame:
        live = self.games.get(game_id)
        if live is not None:
            return live
        if not isinstance(game_id, str) or GAME_ID.fullmatch(game_id) is None:
            raise ApiError("not_found", "no such game")
        async with self._load_lock:
            live = self.games.get(game_id)
            if live is not None:
                return live
            loaded = await asyncio.to_thread(self._load, game_id)
            if loaded is None:
                raise ApiError("not_found", f"no game {game_id!r}")
            self.games[game_id] = loaded
            return loaded

    def _load(self, game_id: str) -> LiveGame | None:
        found = self.store.load_game(game_id)
        if found is None:
            return None
        row, actions = found
        record = GameRecord(row.game, row.version, row.options, row.players, row.seed, actions)
        error = None
        upgraded = False
        try:
            ruleset = get_ruleset(row.game)
            if row.status == FAULTED and row.version != ruleset.version:
                # A game stopped by a rules fault resumes under a fixed version of its rules:
                # its record must replay there, every move legal.
                record.version = ruleset.version
                upgraded = True
            state, moves = replay_moves(record)
        except (BadRecord, RulesFault, BoomtownError) as exc:
            log.error("game %s does not replay: %s", game_id, exc)
            error = (
                self._fault_text(exc) if isinstance(exc, RulesFault) or row.status == FAULTED
                else f"this game cannot be resumed: {exc}"
            )
            upgraded = False
            moves = []
            try:
                state = get_ruleset(row.game).new_game(row.players, row.seed, row.options)
            except BoomtownError as again:
                raise ApiError("unplayable", f"{error}; {again}") from again
        if upgraded:
            status = "finished" if state.is_terminal() else "active"
            self.store.run_now(Store.set_status(game_id, status, record.version))
            log.warning(
                "game %s resumes after its rules fault under %s version %d (was %d)",
                game_id, row.game, record.version, row.version,
            )
            row.version, row.status = record.version, status
        elif row.status == FAULTED and error is None:
            error = self._fault_text(None)
        return LiveGame(row, state, moves=moves, error=error)

    @staticmethod
    def _fault_text(fault: BaseException | None) -> str:
        """What the seats of a game stopped by a rules fault read."""
        what = f" ({fault.reason})" if isinstance(fault, RulesFault) else ""
        return (
            f"this game hit a rules fault: a bug in the program, not a mistake of yours{what}. "
            "It is kept as it was before the faulting move and resumes when a fixed version "
            "of the rules is installed."
        )

    async def _faulted(self, live: LiveGame, fault: RulesFault) -> ApiError:
        """Stop a game at a rules fault: keep it, tell its seats, log the reproduction."""
        log.error(
            "game %s hit a rules fault: %s\nreproduction: %s",
            live.id, fault, dumps({**fault.to_dict(), "game_id": live.id}),
        )
        live.error = self._fault_text(fault)
        with contextlib.suppress(WriteFailed):  # other processes stop the game too
            await self.writer.run(
                self._announced(Store.set_status(live.id, FAULTED), live.id, SEATS))
        live.row.status = FAULTED
        live.views.clear()
        live.renew_decision()
        self.broadcast(live)
        return ApiError("rules_fault", live.error)

    async def _resume(self, live: LiveGame) -> None:
        """After loading: enter pending automatic chance outcomes, then wake the bots."""
        async with live.lock:
            state = live.state
            if live.error is None and not live.row.table_mode and state.current_player == CHANCE:
                new = state.clone()
                pairs: list[tuple[int, int]] = []
                try:
                    self._advance(live.row, new, pairs)
                except RulesFault as fault:
                    await self._faulted(live, fault)
                    return
                try:
                    await self._persist(live, len(state.history), pairs, new)
                except ApiError as exc:  # stored by another process, or not at all
                    log.warning("game %s: pending chance outcomes: %s", live.id, exc.message)
                    return
                self._set_state(live, new)
        self._schedule_bot(live)

    # ------------------------------------------------------------- access
    async def authorize(self, live: LiveGame, token: Any) -> tuple[str, int | None]:
        """:meth:`authenticate`; with other processes on the database, a token that opens
        nothing here is checked again after reloading the seats (another process may have
        handed it out when an open seat was claimed there)."""
        try:
            return self.authenticate(live, token)
        except ApiError:
            if (self.cluster is None or not isinstance(token, str)
                    or not any(s.open for s in live.row.seats)):
                raise  # only an open seat can have been claimed elsewhere
        stored = await asyncio.to_thread(self.store.seats_of, live.id)
        if stored and stored != live.row.seats:
            live.row.seats = stored
            self.broadcast(live)
        return self.authenticate(live, token)

    def authenticate(self, live: LiveGame, token: Any) -> tuple[str, int | None]:
        if (not isinstance(token, str) or not token or len(token) > MAX_TOKEN
                or not token.isascii() or not token.isprintable()):
            raise ApiError("unauthorized", "a seat, spectator or table token is needed "
                           "(printable ASCII)")
        if secrets.compare_digest(token, live.row.spectator_token):
            return SPECTATOR, None
        digest = token_hash(token)
        for s in live.row.seats:
            if s.token_hash is not None and secrets.compare_digest(digest, s.token_hash):
                return SEAT, s.seat
        if live.row.table_token_hash is not None and secrets.compare_digest(
            digest, live.row.table_token_hash
        ):
            return TABLE, None
        raise ApiError("unauthorized", "this token does not open this game")

    async def claim(self, live: LiveGame, seat: int, base_url: str = "") -> dict[str, Any]:
        if not 0 <= seat < live.row.players:
            raise ApiError("not_found", f"no seat {seat}")
        row = live.row.seats[seat]
        if not row.open:
            raise ApiError("seat_taken", f"seat {seat} is not open")
        token = _new_token()
        digest = token_hash(token)
        try:
            ok = await self.writer.run(
                self._announced(Store.claim_seat(live.id, seat, digest), live.id, SEATS))
        except WriteFailed as exc:
            raise ApiError("storage", f"the claim could not be stored: {exc}") from exc
        if not ok or not row.open:
            raise ApiError("seat_taken", f"seat {seat} was taken meanwhile")
        row.open = False
        row.token_hash = digest
        self.broadcast(live)
        return {"game_id": live.id, "seat": seat, "token": token,
                "link": f"{base_url}/play/{live.id}#{token}"}

    # ------------------------------------------------------------- actions
    async def act(
        self,
        live: LiveGame,
        role: str,
        seat: int | None,
        action: Any,
        decision: str | None = None,
        on_ack: Callable[[], None] | None = None,
    ) -> None:
        """Take a decision (or, for the table, enter a chance outcome)."""
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise ApiError("malformed", "an action is its id (an integer) or its text")
        if isinstance(action, str) and len(action) > 300:
            raise ApiError("malformed", "action text too long")
        async with live.lock:
            state = await self._playable(live, decision)
            current = state.current_player
            enterer = live.chance_enterer()
            if role == TABLE:
                if not (live.row.table_mode and current == CHANCE):
                    raise ApiError("not_your_turn", "no chance outcome is awaited now")
                if enterer is not None:
                    raise ApiError(
                        "not_your_turn", f"this draw is private: seat {enterer} "
                        f"({live.row.seats[enterer].name}) enters it on its own screen")
            elif role == SEAT:
                if current != seat and not (current == CHANCE and enterer == seat):
                    raise ApiError("not_your_turn", f"it is not your turn; {self._who(live)}")
            else:
                raise ApiError("forbidden", "spectators watch; they cannot act")
            new = state.clone()
            move: Move | None = None
            try:
                if current >= 0:
                    move, done = apply_noted(new, action)
                else:
                    done = new.apply(action)
                pairs = [(done.id, current)]
                if not live.row.table_mode:
                    self._advance(live.row, new, pairs)
            except IllegalAction as exc:
                raise ApiError("illegal", exc.reason) from exc
            except RulesFault as fault:
                raise await self._faulted(live, fault) from fault
            await self._persist(live, len(state.history), pairs, new)
            if move is not None:
                live.moves.append(move)
            self._set_state(live, new)
            if on_ack is not None:
                on_ack()
            self.broadcast(live)
            if new.is_terminal():
                if self.cluster is not None:
                    await self.cluster.release(live.id)
                self._finished(live)
        self._schedule_bot(live)

    def _finished(self, live: LiveGame) -> None:
        for hook in self.finished_hooks:
            try:
                hook(live)
            except Exception:
                log.exception("game %s: a game-over hook failed", live.id)

    async def undo(
        self,
        live: LiveGame,
        role: str,
        seat: int | None,
        decision: str | None = None,
        on_ack: Callable[[], None] | None = None,
    ) -> str:
        """Take back the seat's last decision, where the undo policy allows it."""
        if role != SEAT or seat is None:
            raise ApiError("forbidden", "only a seat can take back its own decision")
        async with live.lock:
            state = await self._playable(live, decision)
            if not state.can_undo(seat):
                raise ApiError(
                    "undo_not_allowed",
                    "you may take back only your own decisions within your turn, never "
                    "across a reveal, a chance outcome or another player's decision",
                )
            new = state.clone()
            try:
                undone = new.undo(seat)
            except UndoNotAllowed as exc:  # pragma: no cover - can_undo said yes
                raise ApiError("undo_not_allowed", str(exc)) from exc
            status = "finished" if new.is_terminal() else "active"
            op = Store.truncate_moves(live.id, len(state.history), len(new.history), status,
                                      live.row.rewinds)
            try:
                await self.writer.run(self._announced(op, live.id, UNDO))
            except Conflict as exc:
                raise await self._lost_race(live) from exc
            except WriteFailed as exc:
                raise ApiError("storage", f"the undo could not be stored: {exc}") from exc
            live.row.rewinds += 1
            live.row.moves = len(new.history)
            steps = len(new.history)
            live.moves = [m for m in live.moves if m.step < steps]
            self._set_state(live, new)
            if on_ack is not None:
                on_ack()
            self.broadcast(live)
        return undone.text

    async def _playable(self, live: LiveGame, decision: str | None) -> State:
        if decision is not None and decision != live.decision and self.cluster is not None:
            await self._catch_up(live)  # another process may have moved the game on
        if live.error is not None:
            raise ApiError("unplayable", live.error)
        if decision is not None and decision != live.decision:
            raise ApiError(
                "moved_on", "the game moved on: that decision was already taken or changed"
            )
        if live.state.is_terminal():
            raise ApiError("game_over", "the game is over")
        return live.state

    @staticmethod
    def _who(live: LiveGame) -> str:
        current = live.state.current_player
        if current == CHANCE:
            if not live.row.table_mode:
                return "chance"
            enterer = live.chance_enterer()
            if enterer is not None:
                return f"seat {enterer} ({live.row.seats[enterer].name}) enters a private draw"
            return "the table enters a chance outcome"
        return f"seat {current} ({live.row.seats[current].name}) is to decide"

    @staticmethod
    def _advance(row: GameRow, state: State, pairs: list[tuple[int, int]]) -> None:
        """Apply the game's own chance outcomes until a seat (or the end) is next."""
        if row.table_mode:
            return
        while state.current_player == CHANCE:
            pairs.append((state.apply(state.sample_chance()).id, CHANCE))

    async def _persist(
        self, live: LiveGame, start: int, pairs: list[tuple[int, int]], new: State
    ) -> None:
        if not pairs:
            return
        status = "finished" if new.is_terminal() else "active"
        notice = None
        if self.cluster is not None:  # the others apply the ids without reading them back
            heard = Heard(start, live.row.rewinds, tuple(aid for aid, _ in pairs))
            notice = self.cluster.notice(live.id, MOVES, start, heard)
        op = Store.append_moves(live.id, start, pairs, status, live.row.rewinds, notice)
        try:
            await self.writer.run(op)
        except Conflict as exc:
            raise await self._lost_race(live) from exc
        except WriteFailed as exc:
            raise ApiError("storage", f"the decision could not be stored: {exc}") from exc
        live.row.moves = start + len(pairs)
        live.row.status = status

    async def _lost_race(self, live: LiveGame) -> ApiError:
        """Another process stored a change of this game first: catch up with it (the lock
        is held) and refuse what lost, as a second click on the same state is refused."""
        await self._catch_up(live)
        return ApiError("moved_on", "the game moved on: another decision was stored first")

    @staticmethod
    def _set_state(live: LiveGame, new: State) -> None:
        live.state = new
        live.views.clear()
        live.renew_decision()

    # ----------------------------------------------------- other processes
    def _announced(self, op: Op, game_id: str, kind: str, ply: int = 0) -> Op:
        """``op``, telling the other processes of the change when it commits."""
        if self.cluster is None:
            return op
        return self.cluster.announcing(op, game_id, kind, ply)

    def remote_change(self, game_id: str, kind: str, ply: int,
                      heard: Heard | None = None) -> None:
        """Another process changed ``game_id``: catch up, if this process holds it (with
        the moves ``heard`` in the notification, when it carried them)."""
        live = self.games.get(game_id)
        if live is None or self.closing:
            return
        if heard is not None:
            live.heard.append(heard)
        if kind != MOVES or ply != len(live.state.history):
            live.refresh_full = True
        if live.refreshing:
            live.refresh_again = True
            return
        live.refreshing = True
        task = asyncio.get_running_loop().create_task(self._refresh_loop(live))
        self._tasks.add(task)  # held until done (the loop keeps only weak references)
        task.add_done_callback(self._tasks.discard)

    def missed_changes(self) -> None:
        """Notifications may have been lost: catch every game up from the database."""
        for live in list(self.games.values()):
            self.remote_change(live.id, SEATS, 0)

    async def _refresh_loop(self, live: LiveGame) -> None:
        try:
            while not self.closing:
                live.refresh_again = False
                full, live.refresh_full = live.refresh_full, False
                try:
                    await self.refresh(live, full)
                except Exception:
                    log.exception("game %s: catching up with the database failed", live.id)
                if not live.refresh_again:
                    return
        finally:
            live.refreshing = False

    async def refresh(self, live: LiveGame, full: bool = False) -> None:
        """Bring ``live`` up to what the database holds, and tell its clients."""
        async with live.lock:
            await self._catch_up(live, full)
        self._schedule_bot(live)

    async def _catch_up(self, live: LiveGame, full: bool = False) -> None:
        """:meth:`refresh` with the game's lock held: apply the moves stored since this
        process's state (or, after an undo, a claim or a fault, reload the whole game)."""
        if not full and await self._catch_up_moves(live):
            return
        fresh = await asyncio.to_thread(self._load, live.id)
        if fresh is None:
            return
        live.row, live.state, live.moves, live.error = (
            fresh.row, fresh.state, fresh.moves, fresh.error)
        live.views.clear()
        live.renew_decision()
        self.broadcast(live)

    async def _catch_up_moves(self, live: LiveGame) -> bool:
        """Apply the moves other processes appended; ``False`` when the record changed
        otherwise (the caller reloads the game)."""
        start = len(live.state.history)
        stored = self._heard_moves(live, start)
        if not stored:
            found = await asyncio.to_thread(self.store.tail, live.id, start)
            if found is None:
                return True
            count, rewinds, stored = found
            if rewinds != live.row.rewinds or count != start + len(stored):
                return False  # the record was cut back since this state: reload it
            if not stored:
                return True
        new = live.state.clone()
        noted: list[Move] = []
        try:
            for aid in stored:
                if new.current_player >= 0:
                    noted.append(apply_noted(new, aid)[0])
                else:
                    new.apply(aid)
        except (BoomtownError, RulesFault):
            return False
        live.moves.extend(noted)
        live.row.moves = len(new.history)
        if new.is_terminal():
            live.row.status = "finished"
        self._set_state(live, new)
        self.broadcast(live)
        return True

    @staticmethod
    def _heard_moves(live: LiveGame, start: int) -> list[int]:
        """The moves from ply ``start`` on that notifications told of, in one run (empty
        when they do not start there or belong to another record: the caller reads the
        database). Each notification was sent by the transaction that stored its moves, so
        they are what the record held then; a later undo sends its own notification, which
        reloads the game."""
        actions: list[int] = []
        ply = start
        for heard in sorted(live.heard):
            if heard.start == ply and heard.rewinds == live.row.rewinds:
                actions.extend(heard.actions)
                ply += len(heard.actions)
        live.heard = [h for h in live.heard if h.start > ply or h.rewinds > live.row.rewinds]
        return actions

    def _runs_bots(self, live: LiveGame) -> bool:
        return self.cluster is None or self.cluster.owns(live.id)

    # ---------------------------------------------------------------- bots
    def _schedule_bot(self, live: LiveGame) -> None:
        if self.closing or live.error is not None or not self._runs_bots(live):
            return
        current = live.state.current_player
        if current < 0 or live.row.seats[current].kind != "bot":
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(live))

    def _executor(self, kind: bots.BotKind) -> Executor:
        return self.search_pool() if kind.process else self._threads

    def search_pool(self) -> Executor:
        """The processes that run CPU-heavy searches: search bots, and hints (started by
        :meth:`start_pools`)."""
        if self._processes is None:
            self._processes = process_pool(self._bot_workers)
        return self._processes

    async def start_pools(self) -> None:
        """Start the search processes now, before the server holds any connection: a
        process forked later would inherit the open sockets of the connections of that
        moment, and a connection the server then closes would stay open in the child (the
        browser, seeing no end, would send its next request into it and wait forever)."""
        await start_processes(self.search_pool())

    async def _bot_loop(self, live: LiveGame) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        while not self.closing:
            current = live.state.current_player
            if (current < 0 or live.row.seats[current].kind != "bot" or live.error is not None
                    or not self._runs_bots(live)):
                return
            seat = live.row.seats[current]
            decision = live.decision
            if live.row.bot_delay_ms:
                await asyncio.sleep(live.row.bot_delay_ms / 1000)
                if decision != live.decision:
                    continue
            kind = bots.bot_kind(seat.bot or bots.DEFAULT_BOT)
            if failures >= 3:
                kind = bots.bot_kind("random")
            snapshot = live.state.clone()
            try:
                aid = await loop.run_in_executor(
                    self._executor(kind), bots.choose, kind.name, seat.level, snapshot,
                    current, live.bot_seed(),
                )
                await self.act(live, SEAT, current, aid, decision)
                failures = 0
            except ApiError as exc:
                if exc.code == "moved_on":
                    continue
                if exc.code in ("game_over", "unplayable", "rules_fault"):
                    return
                failures += 1
                log.error("bot %s in game %s: %s", kind.name, live.id, exc.message)
                if exc.code == "storage":
                    await asyncio.sleep(1.0)
            except asyncio.CancelledError:
                raise
            except RulesFault as fault:  # in the bot's own search: the game itself is intact
                failures += 1
                log.error(
                    "bot %s in game %s hit a rules fault in its search: %s\nreproduction: %s",
                    kind.name, live.id, fault, dumps({**fault.to_dict(), "game_id": live.id}),
                )
            except Exception:
                failures += 1
                log.exception("bot %s in game %s failed", kind.name, live.id)
                await asyncio.sleep(0.1)

    # ------------------------------------------------------------ messages
    def subscribe(self, live: LiveGame, client: Client) -> None:
        live.clients.add(client)
        self.broadcast(live)

    def unsubscribe(self, live: LiveGame, client: Client) -> None:
        live.clients.discard(client)
        self.broadcast(live)

    def broadcast(self, live: LiveGame) -> None:
        """Tell every connection of ``live`` that what it may see may have changed (each
        one's sender builds its message; see :class:`Client`)."""
        for client in list(live.clients):
            client.state_changed()

    def message(self, live: LiveGame, client: Client) -> str | None:
        """The state message for ``client``, or ``None`` when nothing it may see changed.

        The log goes out as the lines the client has not had yet (all of it after an undo
        shortened it, or on a new connection). A rules fault while the view is built (the
        game's view or legal-action code) stops the game as a faulting move would."""
        try:
            return self._message(live, client)
        except RulesFault as fault:
            if live.error is None:
                log.error("game %s hit a rules fault in a view: %s\nreproduction: %s",
                          live.id, fault, dumps({**fault.to_dict(), "game_id": live.id}))
                live.error = self._fault_text(fault)
                live.row.status = FAULTED
            return dumps(ApiError("rules_fault", live.error).to_dict())

    def _message(self, live: LiveGame, client: Client) -> str | None:
        cached = live.view(client.seat)
        view_json, lines = cached.view_json, cached.lines
        state = live.state
        current = state.current_player
        at_table_chance = live.row.table_mode and current == CHANCE
        enterer = live.chance_enterer() if at_table_chance else None
        if client.role == SEAT:
            acting = current == client.seat or (at_table_chance and enterer == client.seat)
        else:
            acting = client.role == TABLE and at_table_chance and enterer is None
        chance = None
        if acting and current == CHANCE:
            chance = [
                {"id": a.id, "text": a.text, "p": round(p, 6)} for a, p in state.chance_outcomes()
            ]
        auto = acting and current >= 0 and live.forced_publicly()
        head = {
            "type": "state",
            "game_id": live.id,
            "role": client.role,
            "seat": client.seat,
            "table_mode": live.row.table_mode,
            "hints": learning.public_hints(live.row.hints),
            "decision": live.decision if acting else None,
            "can_undo": client.role == SEAT
            and client.seat is not None
            and state.can_undo(client.seat),
            "seats": live.seats_public(),
            "chance": chance,
            "chance_by": enterer,
            "auto": auto,
            "error": live.error,
        }
        head_json = dumps(head)
        key = head_json + view_json + cached.moves_json
        sent = client.log_sent
        n = len(sent)
        if n <= len(lines) and lines[:n] == sent:
            start, new_lines = n, lines[n:]
        else:
            start, new_lines = 0, lines
        if key == client.last_key and not new_lines and start == n:
            return None
        client.last_key = key
        client.log_sent = lines
        return (
            f'{head_json[:-1]},"view":{view_json},"last_moves":{cached.moves_json},'
            f'"log_start":{start},"log":{dumps(new_lines)},'
            f'"log_actors":{dumps(cached.actors[start:])}}}'
        )

    # --------------------------------------------------------------- lists
    async def list_games(self, limit: int = 100) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(self.store.listed_games, limit)
        for r in rows:
            live = self.games.get(r["id"])
            r["turn"] = None
            r["hints"] = learning.public_hints(r["hints"])
            if live is not None and live.error is None:
                current = live.state.current_player
                r["turn"] = current if current >= 0 else None
                r["status"] = live.row.status
                for s in r["seats"]:
                    s["open"] = live.row.seats[s["seat"]].open
        return rows


def _ready() -> bool:
    """What a process of a pool answers first (it has started)."""
    return True


async def start_processes(pool: Executor) -> None:
    """Have ``pool`` fork its processes now (a fork-started pool forks them all at its first
    task), and wait until they answer."""
    await asyncio.get_running_loop().run_in_executor(pool, _ready)


def default_bot_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2)))
