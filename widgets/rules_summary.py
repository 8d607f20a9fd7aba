"""The one-page rules summary of one rulebook, read from the summary page (for its A4 sheet).

The summary page (``notebooks/summary.ipynb``) is the one text: prose and bullets hold what
both rulebooks share, and a table with a column per rulebook holds where they differ
("—": not in that rulebook). A sheet keeps the shared lines and its own column.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from worms_tutor.values.rules import PRESET_NAMES

from .series import notebooks_folder

RULEBOOK_COLUMNS = {name: PRESET_NAMES[name] for name in ("english", "danish-club")}
"""Each rulebook's column heading on the summary page: its name."""
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


def _section(markdown: str, column: str) -> Section:
    """A ``## `` part of the page: its shared lines, then each table row of ``column``."""
    heading, *body = markdown.splitlines()
    lines: list[str] = []
    table: list[list[str]] = []
    for line in body:
        if line.startswith("|"):
            table.append(_cells(line))
        elif line.strip():
            lines.append(_plain(line.removeprefix("- ")))
    if table:
        header, _rule, *rows = table
        where = header.index(column)
        for row in rows:
            value = row[where]
            if not value.startswith(_NOT_IN_RULEBOOK):
                lines.append(f"{_plain(row[0])}: {_plain(value)}.")
    return Section(_plain(heading.removeprefix("## ")), tuple(lines))


def summary(rulebook: str, folder: Path | None = None) -> tuple[Section, ...]:
    """The summary page's parts as ``rulebook`` reads them."""
    if rulebook not in RULEBOOK_COLUMNS:
        raise ValueError(f"unknown rulebook {rulebook!r}; the rulebooks are "
                         f"{', '.join(RULEBOOK_COLUMNS)}")
    page = (folder or notebooks_folder()) / SUMMARY_PAGE
    cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
    parts = ("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")
    return tuple(_section(part, RULEBOOK_COLUMNS[rulebook])
                 for part in parts if part.startswith("## "))
