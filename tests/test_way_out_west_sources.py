"""Way Out West: every provenance tag and source id the game cites can be followed in the
project's own docs (docs/sources/way-out-west.md), without anything outside the checkout."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from boomtown.games.way_out_west import rules_report
from boomtown.games.way_out_west.data import DATA

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "docs" / "sources" / "way-out-west.md"
GAME_DOC = ROOT / "docs" / "way-out-west.md"
PACKAGE = ROOT / "src" / "boomtown" / "games" / "way_out_west"
#: A source id (S), open question (U), conflict (D) or worked case (W).
ID = re.compile(r"\b([SUDW])(\d{1,2})\b")


def _cited() -> set[str]:
    """Every id cited by the data file, the game's code, the rules report and its doc."""
    texts = [resources.files("boomtown.games.way_out_west")
             .joinpath("data/way_out_west.toml").read_text("utf-8"),
             rules_report(), GAME_DOC.read_text("utf-8")]
    texts += [p.read_text("utf-8") for p in sorted(PACKAGE.glob("*.py"))]
    return {m[1] + m[2] for text in texts for m in ID.finditer(text)}


def _explained() -> set[str]:
    """Ids that have a row of their own in the sources page (``| W4-W6 |`` counts for three)."""
    out: set[str] = set()
    for line in SOURCES.read_text("utf-8").splitlines():
        m = re.match(r"^\| ([SUDW])(\d+)(?:-[SUDW](\d+))? \|", line)
        if m:
            first = int(m[2])
            last = int(m[3]) if m[3] else first
            out.update(f"{m[1]}{i}" for i in range(first, last + 1))
    return out


def test_every_cited_source_id_has_an_entry_in_the_sources_page() -> None:
    """Issue 11, item 7: "every source id that data records, code comments and `boomtown
    rules way-out-west` cite ... so a user can follow any provenance tag to its source"."""
    cited = _cited()
    assert {"S2", "S8", "U4", "D1", "W14"} <= cited, "the scan finds the ids"
    missing = sorted(cited - _explained(), key=lambda x: (x[0], int(x[1:])))
    assert not missing, f"cited but not explained in {SOURCES.name}: {missing}"
    # the full ranges the docs announce are all there
    explained = _explained()
    for kind, last in (("S", 21), ("U", 22), ("D", 6), ("W", 19)):
        assert {f"{kind}{i}" for i in range(1, last + 1)} <= explained, kind


def _reconstructed_fields() -> set[str]:
    """The data fields tagged reconstructed, as the sources page names them."""
    out: set[str] = set()
    for table in ("setup", "components", "limits", "income", "gunfight", "scoring"):
        prov = getattr(DATA, table).provenance
        if prov["record"] == "reconstructed":
            out.add(table)
        out.update(f"{table}.{k}" for k, v in prov.items()
                   if k != "record" and v == "reconstructed")
    if any(t.provenance["record"] == "reconstructed" for t in DATA.towns):
        out.add("towns")
    for c in DATA.counters:
        out.update(f"counters[{c.key}].{k}" for k, v in c.provenance.items()
                   if k != "record" and v == "reconstructed")
    for b in DATA.boxes:
        if b.provenance["record"] == "reconstructed":
            out.add(f"boxes[{b.key}]")
        out.update(f"boxes[{b.key}].{k}" for k, v in b.provenance.items()
                   if k != "record" and v == "reconstructed")
    return out


def test_every_reconstructed_value_has_its_reasoning() -> None:
    """Issue 11, item 7: "every reconstructed value's reasoning", and the data file's own
    rule: "never present a reconstructed number as the publisher's"."""
    fields = _reconstructed_fields()
    assert {"towns", "counters[stagecoach].price", "components.cattle_per_player"} <= fields
    text = SOURCES.read_text("utf-8")
    section = text[text.index("## Reconstructed values"):]
    named = set(re.findall(r"`([a-z_]+(?:\[[a-z_]+\])?(?:\.[a-z_0-9]+)?)`", section))
    assert not sorted(fields - named), f"no reasoning for {sorted(fields - named)}"


def test_the_game_doc_links_the_sources_page() -> None:
    """The rulings page sends readers to the sources page (issue 11, item 7: "Link it from
    docs/way-out-west.md")."""
    assert "(sources/way-out-west.md" in GAME_DOC.read_text("utf-8")
    assert "docs/sources/way-out-west.md" in rules_report()
