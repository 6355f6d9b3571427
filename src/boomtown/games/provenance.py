"""The provenance tags every rules-data record carries, their check, and the one report of
them that ``boomtown rules GAME`` prints (shared by all games).

>>> check_provenance("cards[saloon]", {"record": "reconstructed", "vp": "rulebook"})
{'record': 'reconstructed', 'vp': 'rulebook'}
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

#: A record's provenance under the label the report gives it.
Labelled = tuple[str, Mapping[str, str]]
#: A section of the report: its title ("" for none) and its records, in order.
Section = tuple[str, Sequence[Labelled]]

#: The report's lines are wrapped to this width (a record's line is never wrapped).
REPORT_WIDTH = 80

#: rulebook = the game's rule text in shared/rules (authoritative); published = another
#: published source (named in ``source``); reconstructed = our own default.
PROVENANCE_TAGS = ("rulebook", "published", "reconstructed")


def check_provenance(where: str, prov: Any) -> dict[str, str]:
    """Validate a ``provenance`` table: a record tag, known tags, a source for published."""
    if not isinstance(prov, dict) or "record" not in prov:
        raise ValueError(f"{where}: every record needs provenance = {{ record = ... }}")
    for key, tag in prov.items():
        if key != "source" and tag not in PROVENANCE_TAGS:
            raise ValueError(f"{where}: provenance {key} = {tag!r} is not one of {PROVENANCE_TAGS}")
    if "published" in prov.values() and "source" not in prov:
        raise ValueError(f"{where}: a published value needs its source")
    return dict(prov)


def is_reconstructed(prov: Mapping[str, str]) -> bool:
    """Whether any part of a record is our own default."""
    return "reconstructed" in prov.values()


def reconstructed_labels(records: Sequence[Labelled]) -> list[str]:
    """The labels of the records that are reconstructed in whole or in part.

    >>> reconstructed_labels([("a", {"record": "rulebook"}),
    ...                       ("b", {"record": "rulebook", "vp": "reconstructed"})])
    ['b']
    """
    return [label for label, prov in records if is_reconstructed(prov)]


def provenance_text(records: Mapping[str, str] | Sequence[Labelled]) -> tuple[str, bool]:
    """What a catalogue entry says of where its numbers come from, and whether any of them is
    reconstructed. ``records`` is one provenance table, or the labelled tables of every record
    the entry reads. Each table says its tag (with its source), then the fields tagged
    otherwise; several tables are joined by " · ".

    >>> provenance_text({"record": "rulebook", "price": "reconstructed"})
    ('rulebook; price: reconstructed', True)
    >>> provenance_text({"record": "published", "source": "S2"})
    ('published (S2)', False)
    >>> provenance_text([("card", {"record": "rulebook"}),
    ...                  ("building", {"record": "reconstructed", "source": "S5"})])
    ('card: rulebook · building: reconstructed (after S5)', True)
    """
    labelled = [("", records)] if isinstance(records, Mapping) else list(records)
    texts = [_table_text(prov) if not label else f"{label}: {_table_text(prov)}"
             for label, prov in labelled]
    return " · ".join(texts), any(is_reconstructed(prov) for _, prov in labelled)


def _table_text(prov: Mapping[str, str]) -> str:
    """One provenance table in words (see :func:`provenance_text`)."""
    record, source = prov["record"], prov.get("source", "")

    def label(tag: str, own: bool) -> str:
        if source and tag == "published":
            return f"published ({source})"
        if source and own and tag == "reconstructed":
            return f"reconstructed (after {source})"
        return tag

    by_tag: dict[str, list[str]] = {}
    for key, tag in sorted(prov.items()):
        if key not in ("record", "source") and tag != record:
            by_tag.setdefault(tag, []).append(key)
    return "; ".join([label(record, True)]
                     + [f"{', '.join(keys)}: {label(tag, False)}" for tag, keys in by_tag.items()])


def record_line(label: str, prov: Mapping[str, str], width: int) -> str:
    """A record's line: its label, its tag, the fields tagged otherwise, its source.

    >>> record_line("saloon", {"record": "rulebook", "vp": "published", "source": "S2"}, 8)
    '  saloon   rulebook (vp: published) [source: S2]'
    """
    fields = {k: v for k, v in prov.items() if k not in ("record", "source")}
    detail = ", ".join(f"{k}: {v}" for k, v in sorted(fields.items()))
    source = f" [source: {prov['source']}]" if "source" in prov else ""
    return f"  {label:<{width}} {prov['record']}" + (f" ({detail})" if detail else "") + source


def provenance_report(rule_text: str, sections: Sequence[Section],
                      notes: Sequence[str] = ()) -> str:
    """The report of every record's provenance: a legend (``rule_text`` names what
    ``rulebook`` means for this game), each section's records, how many are reconstructed,
    then ``notes`` (lines of the game's own: values worth seeing, where the sources are told).

    >>> print(provenance_report("the rule text", [("Cards", [
    ...     ("saloon", {"record": "rulebook"}), ("bank", {"record": "reconstructed"})])]))
    Data provenance (rulebook = the rule text; published = another source, named;
    reconstructed = boomtown's own default, not the publisher's):
    <BLANKLINE>
    Cards:
      saloon  rulebook
      bank    reconstructed
    <BLANKLINE>
    1 of 2 records are reconstructed in whole or in part.
    """
    legend = (f"Data provenance (rulebook = {rule_text}; published = another source, named; "
              "reconstructed = boomtown's own default, not the publisher's):")
    lines = textwrap.wrap(legend, REPORT_WIDTH)
    records = [record for _, section in sections for record in section]
    width = max((len(label) for label, _ in records), default=0) + 1
    for title, section in sections:
        lines.append("")
        if title:
            lines.append(f"{title}:")
        lines += [record_line(label, prov, width) for label, prov in section]
    count = len(reconstructed_labels(records))
    lines += ["", f"{count} of {len(records)} records are reconstructed in whole or in part."]
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)
