"""The catalogue of Way Out West: every town, counter, action box, piece and score row, with
what it does in words generated from the data file's records.

Each text is built by a small generator over a record's fields (and the income, scoring and
gunfight numbers it depends on), so correcting a number in ``data/way_out_west.toml`` corrects
the text. The ids are those of :mod:`ids`; an entry's provenance comes from the records its
numbers come from ("rulebook", "published: SOURCE" or "reconstructed", then the fields that
differ), and ``reconstructed`` is true where any of them is our own.

>>> cat = build()
>>> cat.entry("counter:bank@3.1").cost
'$10'
>>> cat.entry("town:1").name, cat.entry("town:1").reconstructed
('San Antonia', True)
>>> cat.entry("box:cattle").text.split(".")[0]
'Buy 1 or 2 cattle at $1 each into one town where you have a cowboy and a free corral'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from boomtown.engine.catalogue import Catalogue, Entry
from boomtown.games.provenance import provenance_text
from boomtown.games.way_out_west import actions as A
from boomtown.games.way_out_west import ids as I
from boomtown.games.way_out_west.data import DATA, Box, Counter, Town, WayOutWestData

GAME = "way-out-west"
#: The player count whose boxes the chart's smaller count is for.
THREE_PLAYERS = 3


# ------------------------------------------------------------------ words
def money(n: int) -> str:
    return f"-${-n}" if n < 0 else f"${n}"


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` things in words: ``plural(2, "corral")`` -> "2 corrals"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def up_to(n: int) -> str:
    """How many an action takes: "1", "1 or 2", "1 to 9"."""
    if n == 1:
        return "1"
    return f"1 or {n}" if n == 2 else f"1 to {n}"


def listing(words: Sequence[str], last: str = "and") -> str:
    """Words joined as a list: "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def faces(data: WayOutWestData) -> str:
    return listing([str(f) for f in data.gunfight.hit_faces], "or")


def income_rounds(data: WayOutWestData) -> str:
    return "after rounds " + listing([str(r) for r in data.setup.income_after])


# ------------------------------------------------------------------ provenance
#: A record's label, its provenance and the fields of it an entry's numbers use.
Part = tuple[str, Mapping[str, str], Sequence[str]]


def field_tag(prov: Mapping[str, str], name: str) -> str:
    """The provenance tag of one field of a record (the record's own unless it says)."""
    return prov.get(name, prov["record"])


def merged(main: Mapping[str, str], *parts: Part) -> dict[str, str]:
    """One provenance table for an entry whose numbers come from several records: ``main``
    is the entry's own record (or just its overall tag); each part adds the tags of the
    fields it uses (as ``record.field``, where the tag differs from the main record's), and
    the source of those that are published."""
    out = dict(main)
    sources = [main["source"]] if "source" in main else []
    for label, prov, names in parts:
        for name in names:
            tag = field_tag(prov, name)
            if tag != out["record"]:
                out[f"{label}.{name}"] = tag
            if tag == "published" and "source" in prov and prov["source"] not in sources:
                sources.append(prov["source"])
    if sources:
        out["source"] = "; ".join(sources)
    return out


def _entry(ref: str, name: str, text: str, prov: Mapping[str, str], **fields: Any) -> Entry:
    prov_text, reconstructed = provenance_text(prov)
    return Entry(ref, ref.split(":", 1)[0], name, text, provenance=prov_text,
                 reconstructed=reconstructed, **fields)


# ------------------------------------------------------------------ towns
def town_entry(town: Town, data: WayOutWestData = DATA) -> Entry:
    """A town: its place on the trail, its capacities and what it scores."""
    number = I.town_number(town.index)
    neighbours = sorted(b for a, b in A.ADJACENT if a == town.index)
    sc = data.scoring
    text = (
        f"Town {number} of {len(data.towns)} on the trail, next to "
        f"{listing([data.towns[t].name for t in neighbours])}. It has "
        f"{plural(town.building_spaces, 'building space')} for counters and "
        f"{plural(town.corrals, 'corral')} for cattle. At the end every counter here scores the "
        f"town's size (the counters in it), every cattle counter {sc.cattle} VP "
        f"({sc.cattle_with_train} with a Train, {sc.farmer_penalty} less with a Farmer), and "
        "the player with the most counters and cattle here scores the size once more."
    )
    return _entry(
        I.TOWN_IDS[town.index], town.name, text, town.provenance,
        requirements=f"at most {plural(town.building_spaces, 'counter')} and "
                     f"{plural(town.corrals, 'cattle counter')}",
        points="its size per counter; its size for control",
        details={"number": number, "building_spaces": town.building_spaces,
                 "corrals": town.corrals, "neighbours": [I.TOWN_IDS[t] for t in neighbours]},
    )


# ------------------------------------------------------------------ counters
def income_text(key: str, data: WayOutWestData = DATA) -> str:
    """What a counter type earns (one generator per income rule of the data's ``[income]``)."""
    inc, sc = data.income, data.scoring
    at_income = f"at each income ({income_rounds(data)})"
    texts = {
        "stagecoach": f"Earns {money(inc.stagecoach_per_cowboy)} at once for every cowboy "
                      "hired into, moving into or moving out of its town, its owner's own "
                      "included",
        "train": f"Multiplies by {inc.train_multiplier} the cattle income of every player in "
                 f"its town, and cattle there score {sc.cattle_with_train} VP instead of "
                 f"{sc.cattle}",
        "bank": f"Earns {money(inc.bank_per_counter)} per counter in its town (itself "
                f"included) {at_income}",
        "store": f"Earns {money(inc.store_per_other_cattle)} per other player's cattle counter "
                 f"and {money(inc.store_per_farmer)} per Farmer in its town {at_income}",
        "hotel": f"Earns {money(inc.hotel_per_other_cowboy)} per other player's cowboy in its "
                 f"town {at_income}",
        "jail": "Earns nothing. Its sheriff may join a gunfight in its town: an attacking "
                "owner may add him to his own side, any other owner only to the defender",
    }
    if key not in texts:
        raise ValueError(f"no income rule for a counter {key!r}")
    return texts[key]


def defence_text(c: Counter) -> str:
    if c.defence:
        return (f"Attacked, it defends itself with {plural(c.defence, 'built-in cowboy')} "
                "besides its owner's cowboys in the town")
    return "Attacked, it has no defender of its own: its owner's cowboys in the town defend it"


def when_won_text(c: Counter, data: WayOutWestData = DATA) -> str:
    """What a winning attacker does with the counter (its ``when_won``)."""
    if c.when_won == "take_over":
        return (f"A winning attacker takes control: he may replace it with a {c.name} of his "
                "own, and the loser's goes back to the loser's supply")
    if c.when_won == "rob":
        return (f"A winning attacker robs it: its owner pays him the total of "
                f"{plural(data.gunfight.robbery_dice, 'die', 'dice')}, up to all his money, and "
                f"a {c.name} that cannot pay it all leaves play")
    return "A winning attacker removes it from play"


def counter_entry(c: Counter, data: WayOutWestData = DATA) -> Entry:
    """A counter type: its price, income, gunfight role and score."""
    text = f"{income_text(c.key, data)}. {defence_text(c)}. {when_won_text(c, data)}."
    limits = data.limits
    requirements = (f"a town with a free building space and no {c.name}, where you own fewer "
                    f"than {limits.counters_per_player_per_town} counters; the Buy a "
                    f"{c.name} box free on the action chart")
    prov = merged(c.provenance,
                  ("limits", data.limits.provenance, ("counters_per_player_per_town",)))
    return _entry(
        I.COUNTER_IDS[c.index], c.name, text, prov, cost=money(c.price),
        requirements=requirements, points="its town's size (the counters there) at the end",
        details={"price": c.price, "defence": c.defence, "when_won": c.when_won,
                 "box": I.BUILD_BOX_IDS[c.index]},
    )


# ------------------------------------------------------------------ action chart
def box_action_text(b: Box, data: WayOutWestData = DATA) -> str:
    """What one box's action does (one generator per box kind of the data's ``[[boxes]]``)."""
    farmers = data.limits.farmers_per_town
    where = ("a town without a Farmer" if farmers == 1
             else f"a town with fewer than {plural(farmers, 'Farmer')}")
    texts = {
        "cattle": f"Buy {up_to(b.up_to)} cattle at {money(b.price)} each into one town where you "
                  "have a cowboy and a free corral",
        "hire": f"Hire {up_to(b.up_to)} cowboys at {money(b.price)} each, each into any town",
        "move_cowboys": f"Move {up_to(b.up_to)} of your cowboys from one town to any other",
        "move_cattle": f"Move {up_to(b.up_to)} of your cattle to a neighbouring town on the "
                       "trail where you have a cowboy and free corrals",
        "farmer": f"Put a Farmer from the supply ({data.components.farmers} in all) in {where}",
        "gunfight": "Start a gunfight in a town where you have a cowboy: over another player's "
                    "counter or cattle there, or its Farmer",
    }
    if b.key not in texts:
        raise ValueError(f"no action for a box {b.key!r}")
    return texts[b.key]


def boxes_text(b: Box) -> str:
    return (f"{plural(b.boxes, 'box', 'boxes')} on the action chart ({b.boxes_3p} with "
            f"{THREE_PLAYERS} players); a used box takes an action token and closes for the "
            "round")


def box_entry(b: Box, data: WayOutWestData = DATA) -> Entry:
    """A box of the action chart (not the building boxes: :func:`build_box_entry`)."""
    cost = f"{money(b.price)} each" if b.price else ""
    return _entry(I.BOX_ID[b.key], b.name, f"{box_action_text(b, data)}. {boxes_text(b)}.",
                  b.provenance, cost=cost,
                  details={"boxes": b.boxes, "boxes_3p": b.boxes_3p, "up_to": b.up_to})


def build_box_entry(c: Counter, data: WayOutWestData = DATA) -> Entry:
    """The building box of one counter type (the data's ``building`` box, one per type)."""
    b = data.box("building")
    text = (f"Buy a {c.name} for {money(c.price)} and put it in a town with a free building "
            f"space. {boxes_text(b)}.")
    prov = merged(b.provenance, (f"counters[{c.key}]", c.provenance, ("price",)))
    return _entry(I.BUILD_BOX_IDS[c.index], f"Buy a {c.name}", text, prov, cost=money(c.price),
                  details={"boxes": b.boxes, "boxes_3p": b.boxes_3p,
                           "counter": I.COUNTER_IDS[c.index]})


# ------------------------------------------------------------------ pieces
def token_entries(data: WayOutWestData = DATA) -> Iterator[Entry]:
    """The pieces: cowboys, cattle, Farmers, the sheriff, Wanted counters."""
    comp, inc, sc, gf, lim = (data.components, data.income, data.scoring, data.gunfight,
                              data.limits)
    hire, cattle_box = data.box("hire"), data.box("cattle")
    yield _entry(
        I.TOKEN_IDS["cowboy"], "Cowboy",
        f"Each player has {comp.cowboys_per_player}: {data.setup.cowboys_placed} placed at "
        f"set-up, the others hired at {money(hire.price)} each. Your cowboys in a town let you "
        "buy cattle there and start gunfights; in a gunfight each rolls one die and hits on a "
        f"{faces(data)}, and a cowboy hit goes back to its owner's supply. Cowboys score "
        "nothing.",
        merged({"record": field_tag(comp.provenance, "cowboys_per_player")},
               ("components", comp.provenance, ("cowboys_per_player",)),
               ("setup", data.setup.provenance, ("cowboys_placed",)),
               ("boxes[hire]", hire.provenance, ("price",)),
               ("gunfight", gf.provenance, ("hit_faces",))),
        cost=f"{money(hire.price)} each", details={"per_player": comp.cowboys_per_player},
    )
    yield _entry(
        I.TOKEN_IDS["cattle"], "Cattle",
        f"Each player has {comp.cattle_per_player}, bought at {money(cattle_box.price)} each "
        "into a town where he has a cowboy and a free corral. At each income one earns "
        f"{money(inc.cattle)} ({money(inc.cattle_with_farmer)} with a Farmer in the town, times "
        f"{inc.train_multiplier} with a Train); at the end it scores {sc.cattle} VP "
        f"({sc.cattle_with_train} with a Train, {sc.farmer_penalty} less with a Farmer). A "
        f"winning rustler takes up to {gf.rustle_up_to}.",
        merged({"record": field_tag(comp.provenance, "cattle_per_player")},
               ("components", comp.provenance, ("cattle_per_player",)),
               ("boxes[cattle]", cattle_box.provenance, ("price",)),
               ("income", inc.provenance, ("cattle", "cattle_with_farmer", "train_multiplier")),
               ("scoring", sc.provenance, ("cattle", "cattle_with_train", "farmer_penalty")),
               ("gunfight", gf.provenance, ("rustle_up_to",))),
        cost=f"{money(cattle_box.price)} each", points=f"{sc.cattle} VP each",
        details={"per_player": comp.cattle_per_player},
    )
    yield _entry(
        I.TOKEN_IDS["farmer"], "Farmer",
        f"{comp.farmers} neutral Farmers, at most {lim.farmers_per_town} in a town. A Farmer "
        f"lowers the cattle income in its town to {money(inc.cattle_with_farmer)} a head and "
        f"the cattle's score by {sc.farmer_penalty} VP; a Store there earns "
        f"{money(inc.store_per_farmer)} for it. Attacked, it defends as "
        f"{plural(gf.farmer_defence, 'cowboy')}; beaten, it leaves play.",
        merged({"record": field_tag(comp.provenance, "farmers")},
               ("components", comp.provenance, ("farmers",)),
               ("limits", lim.provenance, ("farmers_per_town",)),
               ("income", inc.provenance, ("cattle_with_farmer", "store_per_farmer")),
               ("scoring", sc.provenance, ("farmer_penalty",)),
               ("gunfight", gf.provenance, ("farmer_defence",))),
        details={"supply": comp.farmers, "per_town": lim.farmers_per_town},
    )
    jail = data.counter("jail")
    yield _entry(
        I.TOKEN_IDS["sheriff"], "Sheriff",
        f"The sheriff of a {jail.name}. In a gunfight in the {jail.name}'s town its owner may "
        "add him to his own attack, or to the defender; he fights as one more cowboy, and a "
        "hit takes him out of that gunfight only.",
        {"record": jail.provenance["record"]},
    )
    yield _entry(
        I.TOKEN_IDS["wanted"], "Wanted counter",
        f"{comp.wanted} in the supply (option wanted_counters). The winner of a gunfight takes "
        "one, from another player of his choice when none are left. At the end the most "
        f"Wanted counters score {sc.most_wanted} VP ({sc.most_wanted_tie} each on a tie).",
        merged({"record": field_tag(comp.provenance, "wanted")},
               ("components", comp.provenance, ("wanted",)),
               ("scoring", sc.provenance, ("most_wanted", "most_wanted_tie"))),
        points=f"{sc.most_wanted} VP for the most", details={"supply": comp.wanted},
    )


# ------------------------------------------------------------------ score rows
#: A score row: its key, label, what it counts, whether it adds to the total, and the
#: ``[scoring]`` fields its text uses.
ScoreRow = tuple[str, str, str, bool, tuple[str, ...]]


def score_rows(data: WayOutWestData = DATA) -> tuple[ScoreRow, ...]:
    """The per-seat rows of ``score_breakdown()["seats"]``: (key, label, what it counts,
    whether it adds to the total, the scoring fields it uses)."""
    sc = data.scoring
    return (
        ("counters", "Counters", "Each of your counters scores its town's size (the counters "
         "in it, itself included).", True, ()),
        ("cattle", "Cattle", f"Each of your cattle counters scores {sc.cattle} VP "
         f"({sc.cattle_with_train} in a town with a Train, {sc.farmer_penalty} less with a "
         "Farmer).", True, ("cattle", "cattle_with_train", "farmer_penalty")),
        ("town_control", "Town control", "The size of every town where you have the most "
         "counters and cattle (a tie: option control_ties).", True, ()),
        ("most_money", "Most money", f"{sc.most_money} VP for the most money "
         f"({sc.most_money_tie} each on a tie).", True, ("most_money", "most_money_tie")),
        ("most_wanted", "Most Wanted", f"{sc.most_wanted} VP for the most Wanted counters "
         f"({sc.most_wanted_tie} each on a tie: option wanted_ties).", True,
         ("most_wanted", "most_wanted_tie")),
        ("total", "Total", "The sum of the point categories.", False, ()),
        ("money", "Money left", "Dollars left at the end; between equal totals the most money "
         "wins.", False, ()),
        ("wanted", "Wanted counters", "Wanted counters held at the end.", False, ()),
    )


def score_entries(data: WayOutWestData = DATA) -> Iterator[Entry]:
    prov = data.scoring.provenance
    for key, label, text, points, fields in score_rows(data):
        row_prov = merged({"record": prov["record"]}, ("scoring", prov, fields))
        yield _entry(I.score_id(key), label, text, row_prov, details={"points": points})


# ------------------------------------------------------------------ the catalogue
def entries(data: WayOutWestData = DATA) -> Iterator[Entry]:
    """Every entry, from ``data``."""
    for town in data.towns:
        yield town_entry(town, data)
    for c in data.counters:
        yield counter_entry(c, data)
    for b in data.boxes:
        if b.key != "building":
            yield box_entry(b, data)
    for c in data.counters:
        yield build_box_entry(c, data)
    yield from token_entries(data)
    yield from score_entries(data)


def build(data: WayOutWestData = DATA) -> Catalogue:
    """The catalogue of the loaded data file (the ruleset's ``catalogue_factory``)."""
    return Catalogue(GAME, entries(data))
