"""English left on a translated page: the phrases of the English sources (the course's prose
and every gettext catalog) that a Danish reader must not meet, and a finder for them.

A phrase is a run of at least ``MIN_WORDS`` words of an English source text, cut at its
placeholders and markup, that its translation does not repeat (a name such as "Worms" or a
rulebook's name "danish-club" stays the same in both languages and is not a phrase)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO / "tools") not in sys.path:
    sys.path.insert(0, str(REPO / "tools"))

from msgfmt import read_po  # noqa: E402  (tools/ is not a package)

MIN_WORDS = 4
CATALOGS: tuple[Path, ...] = (
    REPO / "notebooks" / "locale" / "da.po",
    *sorted((REPO / "worms_tutor" / "locale" / "da" / "LC_MESSAGES").glob("*.po")),
)
"""The course's prose and the engine's, widgets' and puzzles' messages, with their Danish."""

_CUTS = re.compile(
    r"\{[^{}]*\}"            # a placeholder: {seat}, {card:gen}
    r"|%\(\w+\)[sdr]"        # an old-style placeholder
    r"|<[^<>]*>"             # an HTML tag
    r"|\]\([^()]*\)"         # a markdown link's address
    r"|[*_`#|\[\]>]+"        # markdown emphasis, code, headings, tables, links
    r"|[.!?:;()\"“”…]\s"     # the end of a sentence or a clause
    r"|\n"
)
_WORD = re.compile(r"[A-Za-z’']+")


def normalized(text: str) -> str:
    """Text compared as a reader sees it: one space between words, straight apostrophes."""
    return " ".join(text.replace("’", "'").replace("\u00a0", " ").split())


def phrases_of(english: str) -> list[str]:
    """The runs of words in an English source text, cut at placeholders and markup."""
    runs = (normalized(part).strip(" ,–—-.!?:;") for part in _CUTS.split(english))
    return [run for run in runs if len(_WORD.findall(run)) >= MIN_WORDS]


def english_phrases(catalogs: Iterable[Path] = CATALOGS) -> frozenset[str]:
    """Every phrase of a translated English source that its translation does not repeat."""
    phrases: set[str] = set()
    danish_texts: list[str] = []
    for catalog in catalogs:
        for entry in read_po(catalog):
            if not entry.msgid or not entry.msgstr or entry.fuzzy:
                continue
            danish = normalized(entry.msgstr)
            danish_texts.append(danish)
            phrases.update(p for p in phrases_of(entry.msgid) if p not in danish)
    every_danish = "\n".join(danish_texts)
    return frozenset(p for p in phrases if p not in every_danish)


def english_labels(catalogs: Iterable[Path] = CATALOGS) -> frozenset[str]:
    """Whole English texts without placeholders (a button's "Check", a heading) whose
    translation differs: a short label left English is found by comparing whole texts."""
    labels: set[str] = set()
    for catalog in catalogs:
        for entry in read_po(catalog):
            english = normalized(entry.msgid)
            if (entry.msgid and entry.msgstr and not entry.fuzzy and _WORD.search(english)
                    and not _CUTS.search(entry.msgid) and normalized(entry.msgstr) != english):
                labels.add(english)
    return frozenset(labels)


def english_left(text: str, phrases: Iterable[str]) -> list[str]:
    """The phrases found in ``text`` (a page's visible text), longest first."""
    seen = normalized(text)
    return sorted((p for p in phrases if p in seen), key=len, reverse=True)
