"""The one-page rules summary of one rulebook, read from the summary page (for its A4 sheet).

The summary page (``notebooks/summary.ipynb``; in Danish its translation
``notebooks/da/summary.ipynb``) is the one text: prose and bullets hold what both rulebooks
share, and a table with a column per rulebook holds where they differ ("—": not in that
rulebook). A sheet keeps the shared lines and its own column.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from worms_tutor.values.language import ENGLISH
from worms_tutor.values.rules import PRESET_NAMES

from .series import notebooks_folder

RULEBOOK_COLUMNS = {name: PRESET_NAMES[name] for name in ("english", "danish-club")}
"""Each rulebook's column heading on the English summary page: its name; the tables' columns
come in this order (a translated page words the headings its own way)."""
SUMMARY_PAGE = "summary.ipynb"
_NOT_IN_RULEBOOK = "—"
_MARKUP = re.compile(r"\*\*|\*|<[^>]+>")


@dataclass(frozen=True)
class Section:
    """One part of the summary as one rulebook reads it: its heading and its lines."""

    title: str
    lines: tuple[str, ...]


def _plain(text: str) -> str:
    return _MARKUP.sub("", text).strip()


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def _section(markdown: str, column: int) -> Section:
    """A ``## `` part of the page: its shared lines, then each table row's cell in
    ``column`` (counted from 1, after the row's heading)."""
    heading, *body = markdown.splitlines()
    lines: list[str] = []
    table: list[list[str]] = []
    for line in body:
        if line.startswith("|"):
            table.append(_cells(line))
        elif line.strip():
            lines.append(_plain(line.removeprefix("- ")))
    if table:
        _header, _rule, *rows = table
        for row in rows:
            value = row[column]
            if not value.startswith(_NOT_IN_RULEBOOK):
                lines.append(f"{_plain(row[0])}: {_plain(value)}.")
    return Section(_plain(heading.removeprefix("## ")), tuple(lines))


def summary_page(lang: str = ENGLISH) -> Path:
    """The summary page in ``lang`` (a translation is one folder down, ``notebooks/da/``)."""
    folder = notebooks_folder()
    return (folder if lang == ENGLISH else folder / lang) / SUMMARY_PAGE


def summary(rulebook: str, folder: Path | None = None,
            lang: str = ENGLISH) -> tuple[Section, ...]:
    """The summary page's parts as ``rulebook`` reads them, from the page in ``lang`` (or the
    one in ``folder``)."""
    if rulebook not in RULEBOOK_COLUMNS:
        raise ValueError(f"unknown rulebook {rulebook!r}; the rulebooks are "
                         f"{', '.join(RULEBOOK_COLUMNS)}")
    page = folder / SUMMARY_PAGE if folder else summary_page(lang)
    cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
    parts = ("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    column = 1 + list(RULEBOOK_COLUMNS).index(rulebook)
    return tuple(_section(part, column) for part in parts if part.startswith("## "))
