"""Learning at the table, the server's pure half: the hints setting, the calls into the bots
library's advice (run in worker processes), and what of a review each seat may read.

A game's hints setting is chosen at creation and stored with it (``games.hints``):

* ``"off"`` (the default; stored as ``None``): nobody may ask for a hint;
* ``"all"``: every person seat may;
* a list of seats, e.g. ``[0, 2]``: those person seats may.

Hints and reviews are computed by :mod:`boomtown.bots.advice` from one seat's
:class:`~boomtown.bots.base.Observation` (its determinizations, never the true hidden state).
The functions :func:`compute_hint` and :func:`compute_review` are what the server's worker
processes run: plain arguments in, plain JSON out.
"""

from __future__ import annotations

from typing import Any

from boomtown.engine import GameRecord

#: The setting's two words (a list of seats is the third form).
HINTS_OFF, HINTS_ALL = "off", "all"


class HintSettingError(ValueError):
    """A hints setting that does not fit the game's seats."""


def normalise_hints(value: Any, kinds: list[str]) -> Any:
    """The stored form of a hints setting for seats of ``kinds`` ("human" or "bot"):
    ``None`` for off, ``"all"``, or the sorted seats named. Raises
    :class:`HintSettingError` for a seat that is not in the game, named twice, or a bot's."""
    if value is None or value == HINTS_OFF:
        return None
    if value == HINTS_ALL:
        return HINTS_ALL
    if not isinstance(value, list) or not value:
        raise HintSettingError('hints is "off", "all" or a list of seats')
    seen: set[int] = set()
    for seat in value:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise HintSettingError("hints: a seat is a whole number")
        if not 0 <= seat < len(kinds):
            raise HintSettingError(f"hints: there is no seat {seat} in a "
                                   f"{len(kinds)}-player game")
        if seat in seen:
            raise HintSettingError(f"hints: seat {seat} is named twice")
        if kinds[seat] != "human":
            raise HintSettingError(f"hints: seat {seat} is a bot; hints are for people")
        seen.add(seat)
    return sorted(seen)


def public_hints(stored: Any) -> Any:
    """The setting as the API shows it: ``"off"``, ``"all"`` or a list of seats."""
    if stored is None:
        return HINTS_OFF
    return stored if stored == HINTS_ALL else list(stored)


def hint_seats(stored: Any, kinds: list[str]) -> frozenset[int]:
    """The seats that may ask for hints under the stored setting (person seats only)."""
    if stored is None:
        return frozenset()
    people = {i for i, kind in enumerate(kinds) if kind == "human"}
    if stored == HINTS_ALL:
        return frozenset(people)
    return frozenset(s for s in stored if s in people)


def hints_text(stored: Any) -> str:
    """The setting in words, for the table and the lobby."""
    if stored is None:
        return "hints off"
    if stored == HINTS_ALL:
        return "hints on for everyone"
    return "hints on for seat" + ("s " if len(stored) > 1 else " ") + ", ".join(
        str(s) for s in stored)


# ------------------------------------------------------------------ worker processes
#: The stored review's format (the library's review and what each seat is served of it).
SERVED_FORMAT = "boomtown-served-review/1"


def compute_hint(record: dict[str, Any], seat: int, seconds: float | None,
                 iterations: int | None, seed: int) -> dict[str, Any]:
    """The bots library's hint for ``seat``, to decide at the end of ``record`` (the game so
    far, replayed here: a record crosses to a worker process where a state may not), as
    JSON: computed from the seat's :class:`~boomtown.bots.base.Observation` only. With
    ``iterations`` the search runs that many (reproducible), else ``seconds`` of CPU time."""
    from boomtown.bots.advice import hint
    from boomtown.bots.base import Observation
    from boomtown.engine import replay

    state = replay(GameRecord.from_dict(record))
    found = hint(Observation(state, seat), seconds=None if iterations else seconds,
                 iterations=iterations, seed=seed)
    return dict(found.to_json())


def compute_review(record: dict[str, Any], seats: tuple[int, ...], seconds: float | None,
                   iterations: int | None) -> dict[str, Any]:
    """The review of ``seats`` in the finished game ``record``, as stored: the bots library's
    review (``"review"``) and what each seat is served of it (``"served"``, by seat)."""
    from boomtown.bots.advice import review

    rec = GameRecord.from_dict(record)
    found = review(rec, seats=seats, seconds=None if iterations else seconds,
                   iterations=iterations).to_json()
    return {"format": SERVED_FORMAT, "review": found,
            "served": {str(seat): review_for_seat(found, rec, seat) for seat in seats}}


# ------------------------------------------------------------------ what goes out
#: Fields of the library's hint that stay on the server: the decision's index counts the
#: game's moves, hidden ones included (the server never sends that number).
HINT_PRIVATE_FIELDS = ("decision_index",)
#: Fields of the library's review settings a seat reads (not the seed).
SERVED_SETTINGS = ("level", "iterations", "seconds", "samples", "mistakes")


def record_of(row: Any, actions: list[int]) -> dict[str, Any]:
    """The record (``GameRecord.to_dict()``) of a stored game's row and its actions."""
    return GameRecord(row.game, row.version, dict(row.options), row.players, row.seed,
                      list(actions)).to_dict()


def hint_out(found: dict[str, Any]) -> dict[str, Any]:
    """The hint as its seat receives it."""
    return {k: v for k, v in found.items() if k not in HINT_PRIVATE_FIELDS}


def review_for_seat(found: dict[str, Any], record: GameRecord, seat: int) -> dict[str, Any]:
    """What ``seat`` reads of the library's review ``found`` of ``record``: its own
    decisions and curve, nothing of another seat's review. Plies (which count every move,
    hidden ones too) become the seat's own decision numbers ("your 12th decision"; a point
    between decisions gets the number of the decision before it), each
    worst decision gets the title of its prompt as the seat saw it, and the record's digest
    and length, the review's seed and its time stay on the server."""
    from boomtown.engine import replay

    mine = next(s for s in found["seats"] if s["seat"] == seat)
    worst_plies = {d["ply"] for d in mine["worst"]}
    turn_at: dict[int, int] = {}  # a ply -> the seat's decision number there, or before it
    titles: dict[int, str] = {}
    state = replay(record, 0)
    turns = 0
    for ply, aid in enumerate(record.actions):
        if state.current_player == seat:
            turns += 1
            if ply in worst_plies:
                titles[ply] = state.prompt(seat).title
        turn_at[ply] = turns
        state.apply(aid)
    end = len(record.actions)
    turn_at[end] = turns
    settings = found.get("settings") or {}
    return {
        "seat": seat,
        "game": found.get("game"),
        "players": found.get("players"),
        "final_scores": found.get("final_scores"),
        "winners": found.get("winners"),
        "settings": {k: settings.get(k) for k in SERVED_SETTINGS},
        "decisions": mine["decisions"],
        "searched": mine["searched"],
        "total_drop": mine["total_drop"],
        "worst": [
            {"turn": turn_at.get(d["ply"]),
             "title": d.get("prompt") or titles.get(d["ply"], ""),
             "taken": d["taken"], "preferred": d["preferred"], "drop": d["drop"],
             "choices": d["choices"]}
            for d in mine["worst"]
        ],
        # a point at one of the seat's decisions, or at the end (the true final scores)
        "curve": [{"turn": turn_at.get(p["ply"], turns), "final": p["ply"] >= end,
                   "estimates": p["estimates"]} for p in mine["curve"]],
    }
