"""The catalogue of Western Town: every card (with its building), board site, resource,
Indian, die face, Lincoln card, western town card, marker and score row, in words generated
from the data file.

The texts come from small generators over the data's records: :func:`texts.step_text` turns
one effect step (``{op = "convert", pay = {G = 2}, gain = {X = 1}, optional = true}``) into
words, :func:`texts.steps_text` a list of them, and each entry function adds the record's other
fields (cost, Homes, income, storage, constant effect). Correcting a number in
``data/western_town.toml`` corrects its text. The ids are those of :mod:`ids`; provenance comes
from the records an entry reads, and ``reconstructed`` is true where any of them (or the
name) is our own.

>>> cat = build()
>>> cat.entry("card:saloon@hand").cost
'1 Wood'
>>> cat.entry("card:marshal").text.split(". ")[1].split(", then ")[0]
'Played: you may discard 2 Gold for 1 exported Gold'
>>> cat.entry("card:building_u2").name, cat.entry("card:building_u2").reconstructed
('livery stable', True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from boomtown.engine.catalogue import Catalogue, Entry
from boomtown.games.provenance import Labelled, provenance_text
from boomtown.games.western_town import actions as A
from boomtown.games.western_town import ids as I
from boomtown.games.western_town.data import (
    DATA,
    RES_NAMES,
    RESOURCES,
    Card,
    DieFace,
    LincolnCard,
    Site,
    StartCard,
    WesternTownData,
)
from boomtown.games.western_town.scoring import FLAT_WAREHOUSE_POINTS, INHABITANTS_PER_POINT
from boomtown.games.western_town.texts import (
    amount,
    amounts,
    cost_text,
    listing,
    name_of,
    ordinal,
    plural,
    requires_text,
    sentence,
    steps_text,
)

GAME = "western-town"
#: What each resource letter of a Lincoln wish counts.
WISH_WORDS = {"I": "Inhabitants", "L": "Lure", "G": "exported Gold"}
GROUP_WORDS = {
    "cactus": "in every player's starting hand",
    "home": "the homestead card beside the board, taken with the first homestead built",
    "const": "constructible from the start",
    "orange": "an orange-star building: it may join the constructible buildings in the game",
    "green": "a green-star building: it may join the constructible buildings in round 3",
}


# ------------------------------------------------------------------ provenance
#: A record an entry reads: its label and its provenance table.
Record = Labelled


def only(prov: Mapping[str, str], *fields: str) -> dict[str, str]:
    """The part of a record's provenance table that an entry reading only ``fields`` of
    the record rests on: the record's tag, and those fields' own tags (with the source).

    >>> only({"record": "rulebook", "hand_size_when_full": "reconstructed"}, "cowboys")
    {'record': 'rulebook'}
    """
    out = {"record": prov["record"]}
    for name in fields:
        if name in prov:
            out[name] = prov[name]
    if "source" in prov and "published" in out.values():
        out["source"] = prov["source"]
    return out


def _entry(ref: str, name: str, text: str, records: Sequence[Record], **fields: Any) -> Entry:
    prov, reconstructed = provenance_text(records)
    return Entry(ref, ref.split(":", 1)[0], name, text, provenance=prov,
                 reconstructed=reconstructed, **fields)


# ------------------------------------------------------------------ cards
def homes_text(pink: int, black: int) -> str:
    """Home icons: "1 pink Home", "2 black Homes", "2 Homes (1 pink, 1 black)"."""
    total = pink + black
    if not total:
        return ""
    if not (pink and black):
        return plural(total, f"{'pink' if pink else 'black'} Home")
    return f"{plural(total, 'Home')} ({pink} pink, {black} black)"


def points_text(card: Card) -> str:
    """A tile's points: "4 points", "2 points per 2 Cowboys", "2 points and 2 per 2 exported
    Gold" ("" without a tile)."""
    tile = card.tile
    if tile is None:
        return ""
    per = tile.vp_per
    if not (tile.vp or per):
        return "no points"
    parts = [plural(tile.vp, "point")] if tile.vp else []
    if per:
        n = int(per["per"])
        what = amount(per["of"], n) if n > 1 else name_of(per["of"])
        points = str(per["points"]) if parts else plural(per["points"], "point")
        parts.append(f"{points} per {what}")
    return listing(parts)


def constant_text(constant: Mapping[str, Any]) -> str:
    """A green building's constant effect in words."""
    parts = []
    if "income" in constant:
        parts.append(f"it earns {amounts(constant['income'])} in every phase 4")
    if "storage" in constant:
        parts.append(f"it stores {amounts(constant['storage'])} more")
    if "attacked_cowboys" in constant:
        parts.append(f"your town gets {amount('C', int(constant['attacked_cowboys']))} when "
                     "the Indians attack it")
    if "pipe_bonus" in constant:
        parts.append(f"it counts as {amount('P', int(constant['pipe_bonus']))} more when a red "
                     "raid looks for the town with the fewest")
    return listing(parts)


def card_text(card: Card, data: WesternTownData = DATA) -> str:
    """What a card does: its kind, played and exploit effects, income and building."""
    groups = [GROUP_WORDS[card.group]]
    if card.second_group:
        groups.append(f"its second copy {GROUP_WORDS[card.second_group]}")
    parts = [sentence(f"A {card.colour} card, {listing(groups)}")]
    played = steps_text(card.play)
    if card.play_requires:
        played = f"(only with {requires_text(card.play_requires)}) {played or 'no effect'}"
    parts.append(sentence(f"Played: {played or 'no effect'}"))
    if card.green or not card.exploit:
        parts.append("It has no exploit effect.")
    else:
        exploited = steps_text(card.exploit)
        if card.exploit_requires:
            exploited = f"(only with {requires_text(card.exploit_requires)}) {exploited}"
        parts.append(sentence(f"Exploited: {exploited}"))
    income = amounts(card.income)
    if card.income_choice:
        choice = "1 " + listing([RES_NAMES[r] for r in card.income_choice], "or")
        income = listing([income, f"{choice} of your choice"])
    if income:
        parts.append(sentence(f"Face up in phase 4 it earns {income}"))
    parts.append(sentence(building_text(card)))
    return " ".join(p for p in parts if p)


def building_text(card: Card) -> str:
    """The building of a card: printed, none, or its tile (cost, Homes, points, effects)."""
    if card.building == "none":
        return "it has no building, so it can always be played"
    printed = ""
    if card.building == "printed":
        homes = homes_text(card.homes_pink, card.homes_black)
        printed = "its building is printed on every town board" + (
            f" ({homes})" if homes else "")
        if card.tile is None:
            return printed + "; the card is played only while it stands undestroyed"
    tile = card.tile
    assert tile is not None
    parts = []
    cost = cost_text(tile.cost, tile.cost_one_of)
    parts.append(f"costs {cost}" if cost else "costs nothing")
    if tile.min_homes:
        parts.append(f"needs {plural(tile.min_homes, 'Home')} in the town")
    homes = homes_text(tile.homes_pink, tile.homes_black)
    if homes:
        parts.append(f"gives {homes}")
    points = points_text(card)
    if points:
        parts.append(f"scores {points}")
    if tile.storage:
        parts.append(f"stores {amounts(tile.storage)} more")
    text = f"its building tile {listing(parts)}; building it takes the card into the hand"
    if printed:
        text = f"{printed}; a second copy has a tile, which {listing(parts)}"
    if tile.constant:
        text += f"; while it stands undestroyed, {constant_text(tile.constant)}"
    if tile.on_lay:
        text += f"; when the tile is laid, {steps_text(tile.on_lay)}"
    return text


def card_entry(card: Card, data: WesternTownData = DATA) -> Entry:
    """A card and its building."""
    tile = card.tile
    records: list[Record] = [("card", card.provenance)]
    requirements = []
    cost = points = ""
    if tile is not None:
        records.append(("building", tile.provenance))
        cost = cost_text(tile.cost, tile.cost_one_of) or "nothing"
        points = points_text(card)
        if tile.min_homes:
            requirements.append(f"{plural(tile.min_homes, 'Home')} to build")
    if card.play_requires:
        requirements.append(f"{requires_text(card.play_requires)} to play")
    if card.exploit_requires:
        requirements.append(f"{requires_text(card.exploit_requires)} to exploit")
    if card.key == "warehouse":
        points += f" ({FLAT_WAREHOUSE_POINTS} with the option warehouse_points = flat)"
    details: dict[str, Any] = {
        "colour": card.colour, "group": card.group, "second_group": card.second_group,
        "copies": card.copies, "building": card.building, "title": card.title,
        "green": card.green,
    }
    if tile is not None:
        details |= {"min_homes": tile.min_homes, "homes_pink": tile.homes_pink,
                    "homes_black": tile.homes_black}
    return _entry(f"card:{card.key}", card.name, card_text(card, data), records, cost=cost,
                  requirements=listing(requirements, "and"), points=points, details=details)


# ------------------------------------------------------------------ sites
def site_name(site: Site, data: WesternTownData = DATA) -> str:
    if site.printed is not None:
        return f"Site {site.index}: printed {data.card(site.printed).name}"
    return f"Space {site.index} (a {site.number})"


def laying_text(site: Site) -> str:
    """What laying a tile on the space gives (the rules' own amounts, ``A.SITE_GAINS``)."""
    effect = site.effect
    if effect in A.SITE_GAINS:
        r, n = A.SITE_GAINS[effect]
        return f"laying a tile here gives {amount(r, n)}"
    if effect == "wood_for_inhabitants":
        pay, gain = A.SPACE_TRADE
        return f"laying a tile here, you may trade {amounts(pay)} for {amounts(gain)}"
    if effect == "die":
        return "laying a tile here rolls the Indian die"
    if effect:
        raise ValueError(f"no words for the space effect {effect!r}")
    return ""


def site_entry(site: Site, data: WesternTownData = DATA) -> Entry:
    """A site of the town board: a printed building, or an empty space with its number."""
    setup = data.setup
    parts = []
    if site.printed is not None:
        parts.append(f"Every town starts with the {data.card(site.printed).name} printed here.")
    else:
        parts.append(f"An empty space numbered {site.number}: while it is the lowest-numbered "
                     f"empty space of the town, the hand keeps {site.number} cards in phase 1 "
                     f"(with every space built, {setup.hand_size_when_full}).")
    laying = laying_text(site)
    if laying:
        parts.append(sentence(laying))
    if site.extra_home:
        parts.append("A building here gives one more Home.")
    if site.zone4:
        parts.append(f"Zone 4: one Cowboy repels {setup.zone4_cowboy_repels} Indians here.")
    used = ("zone4_cowboy_repels",) if site.printed is not None else (
        "zone4_cowboy_repels", "hand_size_when_full")
    records: list[Record] = [("site", site.provenance), ("set-up", only(setup.provenance, *used))]
    return _entry(f"site:{site.index}", site_name(site, data), " ".join(parts), records,
                  details={"number": site.number, "zone4": site.zone4, "effect": site.effect,
                           "extra_home": site.extra_home, "printed": site.printed})


# ------------------------------------------------------------------ die, Lincoln, start cards
def die_entries(data: WesternTownData = DATA) -> Iterator[Entry]:
    """One entry per distinct face of the Indian die (a chance outcome)."""
    by_key: dict[str, list[DieFace]] = {}
    for face in data.die:
        by_key.setdefault(face.key, []).append(face)
    setup = data.setup
    for key, faces in by_key.items():
        face = faces[0]
        added = [f"a{'n' if c[0] in 'aeiou' else ''} {c} Indian" for c in face.adds]
        text = f"Adds {listing(added, 'then')} to the camp" + (", then roll again" if face.again
                                                                else "")
        text += (f". {plural(len(faces), 'face')} of {len(data.die)}. The camp attacks at once "
                 f"on its {ordinal(setup.raid_red)} red or {ordinal(setup.raid_orange)} orange "
                 "Indian; the Indians still to add and later rolls of the same card are "
                 "forgotten.")
        records = [(f"face {i + 1}", f.provenance) for i, f in enumerate(data.die) if f.key == key]
        yield _entry(f"die:{key}", f"Indian die: {face.face}", text, records,
                     details={"adds": list(face.adds), "again": face.again,
                              "faces": len(faces), "of": len(data.die)})


def lincoln_entry(card: LincolnCard, data: WesternTownData = DATA) -> Entry:
    if card.five:
        text = (f"The last round's card: it lies under the {data.setup.lincoln_rounds} cards "
                "drawn for the other rounds, and Lincoln visits nobody that round. The short "
                "game leaves it out.")
        name = "Lincoln card 5"
    else:
        counted = {w: card.wishes.count(w) for w in dict.fromkeys(card.wishes)}
        wishes = listing([WISH_WORDS[w] + (" twice" if n == 2 else f" {n} times" if n > 2 else "")
                          for w, n in counted.items()])
        text = (f"Lincoln expects {wishes}. In phase 5 of its round he visits the player who "
                f"meets it best (1 point per exported Gold, per Lure and per full "
                f"{INHABITANTS_PER_POINT} Inhabitants, for each wish): a Lincoln marker, one "
                "more Home. At the end every revealed card's wishes multiply those points.")
        name = f"Lincoln card {card.key}"
    return _entry(f"lincoln:{card.key}", name, text, [("card", card.provenance)],
                  details={"wishes": list(card.wishes), "five": card.five})


def start_entry(card: StartCard, data: WesternTownData = DATA) -> Entry:
    setup = data.setup
    building = data.card(card.building).name
    text = (f"A western town card: start with {amounts(card.resources)} and the {building} "
            "as your start building, on an empty space marked 4 (you take its card into your "
            f"hand). Every player also starts with {amount('C', setup.cowboys)} and "
            f"{amount('P', setup.peace_pipes)}.")
    records = [("card", card.provenance), ("set-up", only(setup.provenance, "cowboys"))]
    return _entry(f"start:{card.key}", card.name, text, records,
                  details={"resources": dict(card.resources), "building": f"card:{card.building}"})


# ------------------------------------------------------------------ pieces
#: The set-up numbers the resource and Indian texts read.
RESOURCE_FIELDS = ("storage", "inhabitant_loss", "lure_loss", "zone4_cowboy_repels", "cowboys",
                   "peace_pipes", "camp_pipes_per_player")
INDIAN_FIELDS = ("indians_red", "indians_orange", "raid_red", "raid_orange",
                 "zone4_cowboy_repels")


def resource_entries(data: WesternTownData = DATA) -> Iterator[Entry]:
    s = data.setup
    store = s.storage
    texts = {
        "G": f"Gold in your town: keep at most {store['G']} after phase 4 (buildings store "
             "more). Exporting it makes it exported Gold.",
        "W": f"Wood, for building and repairs: keep at most {store['W']} after phase 4 "
             "(buildings store more).",
        "I": f"Inhabitants of your town. An undefended raid on them costs "
             f"{s.inhabitant_loss} and {amount('L', s.lure_loss)}. Lincoln counts them by full "
             f"{INHABITANTS_PER_POINT}.",
        "C": f"Cowboys defend the town against raids: one per Indian, one per "
             f"{s.zone4_cowboy_repels} Indians in zone 4. Every player starts with {s.cowboys}; "
             f"keep at most {store['C']} after phase 4.",
        "P": f"Peace pipes: every player starts with {s.peace_pipes}, and every Lure taken "
             "uses one up (no Lure without a pipe). A red raid attacks the town with the "
             f"fewest. The camp holds {s.camp_pipes_per_player} per player and gives one to the "
             "town attacked after each raid.",
        "L": "Lure: each one taken uses up one of your Peace pipes. Lincoln counts 1 point per "
             "Lure for each L wish.",
        "X": "Exported Gold: shipped out of town, beyond storage limits and raids. Lincoln counts "
             "1 point each for each G wish.",
    }
    for r in RESOURCES:
        yield _entry(I.RESOURCE_IDS[r], RES_NAMES[r], texts[r],
                     [("set-up", only(s.provenance, *RESOURCE_FIELDS))],
                     details={"letter": r, "storage": store.get(r)})


def indian_entries(data: WesternTownData = DATA) -> Iterator[Entry]:
    s = data.setup
    repel = (f"In the raid the grand manitou chooses a target for each colour, a building or "
             f"the Inhabitants; each Indian takes a Cowboy to repel ({s.zone4_cowboy_repels} per "
             "Cowboy in zone 4), or the target is destroyed.")
    counts = {"red": (s.indians_red, s.raid_red,
                      "a raid it starts attacks the town with the fewest Peace pipes"),
              "orange": (s.indians_orange, s.raid_orange,
                         "a raid it starts attacks the town of the player who rolled")}
    for colour, ref in zip(I.INDIAN_COLOURS, I.INDIAN_IDS, strict=True):
        total, trigger, where = counts[colour]
        text = (f"{total} {colour} Indians. The camp attacks on its {ordinal(trigger)} {colour} "
                f"one: {where}. {repel}")
        yield _entry(ref, f"{colour.capitalize()} Indian", text,
                     [("set-up", only(s.provenance, *INDIAN_FIELDS))],
                     details={"colour": colour, "total": total, "raid_at": trigger})


def marker_entries(data: WesternTownData = DATA) -> Iterator[Entry]:
    s = data.setup
    texts = {
        I.LEAD_MARSHAL: ("Lead marshal", "The lead marshal plays first in phases 2 and 3 and "
                         "breaks a tie for Lincoln's visit. The first player to pass in phase 3 "
                         "takes the marker."),
        I.GRAND_MANITOU: ("Grand manitou", "The player to the lead marshal's right. In a raid "
                          "the grand manitou chooses the town when Peace pipes tie, and the "
                          "target of each colour of Indians."),
        I.DESTROYED: ("Destroyed marker", "The building cannot be played or exploited, and a "
                      "green one loses its constant effect, until a repair removes the marker. "
                      f"At the end each marker costs {s.destroyed_point_penalty} points and "
                      f"{plural(s.destroyed_home_penalty, 'Home')}, and the building scores half "
                      "its points."),
        I.LINCOLN_MARKER: ("Lincoln marker", "Won by Lincoln's visit in phase 5: one more Home "
                           "for each visit."),
    }
    for key in I.MARKERS:
        name, text = texts[key]
        yield _entry(I.MARKER_IDS[key], name, text, [RULES])


# ------------------------------------------------------------------ score rows
#: The rules an entry reads where no data record holds them (the rulebook's), and the score
#: rows that rest on our readings of it (docs/sources/western-town.md, U16 and U17).
RULES: Record = ("rules", {"record": "rulebook"})
SCORE_READINGS = {
    "homes_points": {"record": "rulebook", "ties": "reconstructed"},
    "building_points": {"record": "rulebook", "halves_round_down": "reconstructed"},
    "buildings": {"record": "rulebook", "halves_round_down": "reconstructed"},
}
#: The per-seat rows of ``score_breakdown()["seats"]`` (the "seat" key aside): key, label,
#: whether it adds to the total.
SCORE_ROWS = (
    ("group", "Group", False), ("homes", "Homes", False),
    ("homes_points", "Homes ranking", True), ("buildings", "Buildings", False),
    ("building_points", "Building points", True),
    ("destroyed_markers", "Destroyed markers", False),
    ("destroyed_penalty", "Destroyed markers' penalty", True),
    ("exported_gold_points", "Exported Gold", True), ("lure_points", "Lure", True),
    ("inhabitant_points", "Inhabitants", True), ("total", "Total", False),
)


def score_texts(data: WesternTownData = DATA) -> dict[str, str]:
    """What each score row counts."""
    s = data.setup
    return {
        "group": "The seats that play together (group 0 unless a double duel splits the table).",
        "homes": f"Homes at the end: every Home icon and bonus Home, minus "
                 f"{s.destroyed_home_penalty} per destroyed marker.",
        "homes_points": f"1 point per player with fewer Homes; {s.homes_first_bonus} more for "
                        "every player with the most.",
        "buildings": "Each building's points, by name (destroyed ones at half).",
        "building_points": "The points of the buildings on the spaces (a destroyed one scores "
                           "half).",
        "destroyed_markers": "Destroyed markers still in the town.",
        "destroyed_penalty": f"{s.destroyed_point_penalty} points lost per destroyed marker.",
        "exported_gold_points": "Each exported Gold times the G wishes of the revealed Lincoln "
                                "cards.",
        "lure_points": "Each Lure times the L wishes of the revealed Lincoln cards.",
        "inhabitant_points": f"Each full {INHABITANTS_PER_POINT} Inhabitants times the I wishes "
                             "of the revealed Lincoln cards.",
        "total": "The sum of the point rows.",
    }


def score_entries(data: WesternTownData = DATA) -> Iterator[Entry]:
    texts = score_texts(data)
    for key, label, points in SCORE_ROWS:
        rules = ("rules", SCORE_READINGS[key]) if key in SCORE_READINGS else RULES
        yield _entry(I.score_id(key), label, texts[key], [rules], details={"points": points})


# ------------------------------------------------------------------ the catalogue
def entries(data: WesternTownData = DATA) -> Iterator[Entry]:
    """Every entry, from ``data``."""
    for card in data.cards:
        yield card_entry(card, data)
    for site in data.sites:
        yield site_entry(site, data)
    yield from resource_entries(data)
    yield from indian_entries(data)
    yield from die_entries(data)
    for lc in data.lincoln:
        yield lincoln_entry(lc, data)
    for sc in data.start_cards:
        yield start_entry(sc, data)
    yield from marker_entries(data)
    yield from score_entries(data)


def build(data: WesternTownData = DATA) -> Catalogue:
    """The catalogue of the loaded data file (the ruleset's ``catalogue_factory``)."""
    return Catalogue(GAME, entries(data))
