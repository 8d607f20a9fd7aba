"""``lesson.printables()``: the printables offered for download on a page.

Drawing them needs matplotlib (seconds), so they are made once and kept in the drawing cache,
keyed by the code and puzzles they are drawn from; a page served from the cache never loads
matplotlib. The static edition (Python in the browser, no matplotlib) links to the copies its
build drew into the site instead.
"""

from __future__ import annotations

import base64
import sys
from collections.abc import Sequence
from html import escape
from pathlib import Path

from .drawing_cache import cache_path
from .fragment import Fragment
from .language import current
from .rules_summary import RULEBOOK_COLUMNS, SUMMARY_PAGE
from .series import notebooks_folder

_HERE = Path(__file__).parent


_TITLES = {
    "rank-sheet": "Rank sheet: the 36 cards, strongest first",
    "score-sheet": "Score sheet: the comb of nine points",
    "make-the-pack": "Making the pack from an ordinary deck",
    "rules-english": "The English rules on one page",
    "rules-danish-club": "The Danish club rules on one page",
}
"""What each printable is, in words; a worksheet is named by its chapter."""


def title(path: Path) -> str:
    """A printable's name as a reader reads it, its file named after it."""
    stem = path.stem
    if stem.startswith("worksheet-"):
        words = f"Chapter {int(stem.removeprefix('worksheet-'))}: worksheet and answer key"
    else:
        words = _TITLES.get(stem, stem)
    return f"{words} ({path.name})"


def download_links(paths: Sequence[Path], caption: str = "") -> Fragment:
    """Links that download each PDF, as data: URLs (they work under Voila, no file server),
    under an optional caption."""
    items = "".join(
        f'<li><a download="{path.name}" href="data:application/pdf;base64,'
        f'{base64.b64encode(path.read_bytes()).decode("ascii")}">{escape(title(path))}</a></li>'
        for path in paths
    )
    heading = f'<p class="wt-printables__caption">{escape(caption)}</p>' if caption else ""
    return Fragment(f'<div class="wt-printables">{heading}<ul>{items}</ul></div>')


def printables(only: str = "", caption: str = "") -> Fragment:
    """Download links for every printable (``printables.write_all``), or for those whose file
    name starts with ``only`` (``"rules"``: the one-page summaries), under ``caption``."""
    if sys.platform == "emscripten":  # the static edition: drawn when the site was built
        return site_links([name for name in site_names() if name.startswith(only)], caption)
    return download_links([path for path in drawn() if path.name.startswith(only)], caption)


def drawn() -> tuple[Path, ...]:
    """Every printable as a PDF file, drawn now unless the drawing cache holds them."""
    sources = [_HERE / "printables.py", _HERE / "ladder.py", _HERE / "rules_summary.py",
               notebooks_folder() / SUMMARY_PAGE, *sorted((_HERE / "puzzles").glob("*.json"))]
    folder = cache_path("printables", b"".join(path.read_bytes() for path in sources))
    paths = tuple(sorted(folder.glob("*.pdf"))) if folder.is_dir() else ()
    if not paths:
        from .printables import write_all

        try:
            paths = write_all(folder)
        except OSError:  # no writable cache: a folder of our own
            import tempfile

            paths = write_all(tempfile.mkdtemp(prefix="worms-printables-"))
    return paths


def site_folder() -> str:
    """Where a page of the static edition (voici/render/NAME.html, a translation one folder
    down in voici/render/LANG/) finds the printables its build drew (tools/static_site.py)."""
    return "../" * (2 if current() == "en" else 3) + "printables"


def site_names() -> tuple[str, ...]:
    """The file names ``printables.write_all`` writes, known without drawing them."""
    chapters = {path.name[:2] for path in (_HERE / "puzzles").glob("[0-9][0-9]-*.json")}
    return tuple(sorted(("rank-sheet.pdf", "score-sheet.pdf", "make-the-pack.pdf",
                         *(f"rules-{rulebook}.pdf" for rulebook in RULEBOOK_COLUMNS),
                         *(f"worksheet-{chapter}.pdf" for chapter in chapters))))


def site_links(names: Sequence[str], caption: str = "") -> Fragment:
    """Links that download each printable from the static site, under an optional caption."""
    items = "".join(
        f'<li><a download="{name}" href="{site_folder()}/{name}">{escape(title(Path(name)))}'
        f"</a></li>" for name in names)
    heading = f'<p class="wt-printables__caption">{escape(caption)}</p>' if caption else ""
    return Fragment(f'<div class="wt-printables">{heading}<ul>{items}</ul></div>')
