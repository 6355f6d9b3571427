"""Western Town's compact terminal layout (``boomtown play``): plain data from a seat's view.

The seat's own lines: resources, homes, hand, set-aside and face-down cards, free sites and
what it can build; a line per other seat; the board: Lincoln, each group's lead marshal,
grand manitou, camp and star stock, and every seat's town.

>>> from boomtown.games.western_town import RULESET
>>> state = RULESET.new_game(players=2, seed=1)
>>> while state.current_player < 0:
...     _ = state.apply(state.sample_chance())
>>> layout(state.view(0), 0)["title"].startswith("Western Town · round")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: Resources in the order of the view, with the words a line uses for them.
RESOURCE_WORDS = {
    "G": "gold", "W": "wood", "I": "inhabitants", "C": "cowboys", "P": "peace pipes",
    "L": "lures", "X": "exported gold",
}
#: Free-site effects in short words.
SITE_WORDS = {"wood_for_inhabitants": "wood/inhab.", "inhabitants": "inhab."}


def _counted(cards: Mapping[str, int] | None) -> str:
    """``{"homestead": 2, "saloon": 1}`` -> ``homestead x2, saloon``."""
    parts = [name if n == 1 else f"{name} x{n}" for name, n in (cards or {}).items() if n]
    return ", ".join(parts)


def _resources(player: Mapping[str, Any], short: bool) -> str:
    res = player.get("resources") or {}
    if short:
        return " ".join(f"{key}{res[key]}" for key in RESOURCE_WORDS if key in res)
    return " · ".join(f"{res[key]} {word}" for key, word in RESOURCE_WORDS.items() if key in res)


def _name(player: Mapping[str, Any]) -> str:
    seat = player.get("seat", "?")
    colour = player.get("colour")
    return f"seat {seat} ({colour})" if colour else f"seat {seat}"


def _town(player: Mapping[str, Any]) -> str:
    """The buildings of a town; the starting row (sites without a number) in one word while
    none of it is destroyed."""
    sites = [s for s in player.get("sites") or [] if s.get("building")]
    start = [s for s in sites if s.get("number") is None]
    whole = bool(start) and not any(s.get("destroyed") for s in start)
    built: dict[str, int] = {"start row": 1} if whole else {}
    for site in sites:
        if whole and site in start:
            continue
        name = site["building"] + (" (destroyed)" if site.get("destroyed") else "")
        built[name] = built.get(name, 0) + 1
    return _counted(built) or "-"


def _free_sites(player: Mapping[str, Any]) -> str:
    free = []
    for site in player.get("sites") or []:
        if site.get("building"):
            continue
        number = site.get("number")
        effect = site.get("effect")
        word = SITE_WORDS.get(effect, effect) if effect else ""
        if site.get("extra_home"):
            word = (word + " +home").strip()
        label = f"{number}" if number is not None else "start"
        free.append(f"{label} {word}".strip())
    return ", ".join(free) or "none"


def _score(view_state: Mapping[str, Any], seat: int) -> Any:
    totals = (view_state.get("score") or {}).get("totals") or []
    return totals[seat] if 0 <= seat < len(totals) else None


def _you(state: Mapping[str, Any], me: Mapping[str, Any]) -> list[str]:
    seat = int(me.get("seat", 0))
    storage = me.get("storage") or {}
    lines = [_resources(me, short=False)]
    homes = f"homes {me.get('homes', 0)} ({me.get('pink_homes', 0)} pink)"
    facts = [homes, f"hand limit {me.get('hand_size_limit', '?')}"]
    if storage:
        facts.append("storage " + " ".join(f"{k}{v}" for k, v in storage.items()))
    facts.append(f"homestead tiles {me.get('homestead_tiles', 0)}")
    if me.get("cards_played"):
        facts.append(f"cards played {me['cards_played']}")
    score = _score(state, seat)
    if score is not None:
        facts.append(f"{score} pts")
    if me.get("passed"):
        facts.append("passed")
    lines.append(" · ".join(facts))
    hand = me.get("hand") or {}
    lines.append(f"hand ({sum(hand.values())}): {_counted(hand) or 'empty'}")
    kept = []
    for key, label in (("inactive", "set aside"), ("face_down_cards", "face down"),
                       ("table_up", "on the table"), ("table_down", "on the table face down")):
        if me.get(key):
            kept.append(f"{label}: {_counted(me[key])}")
    if me.get("committed_card"):
        kept.append(f"committed: {me['committed_card']}")
    if kept:
        lines.append(" · ".join(kept))
    lines.append(f"free sites: {_free_sites(me)}")
    buildable = me.get("constructible") or []
    lines.append("can build: " + (", ".join(buildable) or "nothing"))
    lincoln = me.get("lincoln_cards") or []
    extra = [f"Lincoln homes {me.get('lincoln_homes', 0)}"]
    if lincoln:
        extra.append("Lincoln cards " + ", ".join(lincoln))
    if me.get("western_town_card"):
        extra.append(str(me["western_town_card"]))
    lines.append(" · ".join(extra))
    return lines


def _other(state: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    seat = int(player.get("seat", 0))
    score = _score(state, seat)
    parts = [_name(player) + (f" {score} pts" if score is not None else ""),
             _resources(player, short=True), f"homes {player.get('homes', 0)}"]
    aside = player.get("inactive_count", 0)
    parts.append(f"hand {player.get('hand_count', 0)}" + (f" (+{aside} aside)" if aside else ""))
    table = _counted(player.get("table_up"))
    down = sum((player.get("table_down") or {}).values()) + player.get(
        "face_down_without_effect", 0)
    if table or down:
        parts.append("table " + ", ".join(x for x in (table, f"{down} face down" if down else "")
                                          if x))
    if player.get("has_committed_card"):
        parts.append("has committed")
    if player.get("passed"):
        parts.append("passed")
    known = _counted(player.get("known_in_hand"))
    if known:
        parts.append(f"known in hand: {known}")
    return " · ".join(parts)


def _board(state: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> list[list[str]]:
    rows = [["board", ""]]
    lincoln = state.get("lincoln") or {}
    mult = lincoln.get("multipliers") or {}
    parts = [f"now {lincoln.get('current') or '-'}"]
    if lincoln.get("revealed"):
        parts.append("revealed " + ", ".join(lincoln["revealed"]))
    parts.append(f"{lincoln.get('unseen', 0)} unseen")
    if mult:
        parts.append("multipliers " + " ".join(f"{k}x{v}" for k, v in mult.items()))
    rows.append(["Lincoln", " · ".join(parts)])
    groups = state.get("groups") or []
    for group in groups:
        seats = ",".join(str(s) for s in group.get("seats") or [])
        label = f"seats {seats}"
        camp = group.get("camp") or {}
        rows.append([label, f"lead marshal: seat {group.get('lead_marshal')} · grand manitou: "
                     f"seat {group.get('grand_manitou')} · camp {camp.get('red', 0)} red, "
                     f"{camp.get('orange', 0)} orange, {camp.get('peace_pipes', 0)} pipes"])
        stock = group.get("star_stock") or []
        rows.append(["star stock" if len(groups) == 1 else f"stock {seats}",
                     _counted({name: stock.count(name) for name in dict.fromkeys(stock)})
                     or "empty"])
    for player in players:
        rows.append([f"seat {player.get('seat', '?')} town", _town(player)])
    return rows


def layout(view: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The terminal layout of ``seat``'s view (``None``: the spectator's)."""
    state = view.get("state") or {}
    players = state.get("players") or []
    title = f"Western Town · round {state.get('round', '?')} of {state.get('rounds', '?')}"
    me = players[seat] if seat is not None and 0 <= seat < len(players) else None
    return {
        "title": title,
        "you": _you(state, me) if me is not None else [],
        "others": [_other(state, p) for p in players if p is not me],
        "board": _board(state, players),
    }
