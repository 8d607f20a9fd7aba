"""``lesson.printables()``: the printables offered for download on a page.

A page offers them in its own language. Drawing them needs matplotlib (seconds), so they are
made once and kept in the drawing cache, keyed by the code, puzzles, summary page and catalogs
they are drawn from; a page served from the cache never loads matplotlib. The static edition
(Python in the browser, no matplotlib) links to the copies its build drew into the site
instead (a translation's in printables/<lang>/).
"""

from __future__ import annotations

import base64
import sys
from collections.abc import Sequence
from html import escape
from pathlib import Path

from worms_tutor.values.language import ENGLISH, LOCALE_DIR

from .drawing_cache import cache_path
from .fragment import Fragment
from .language import N_, current, say
from .rules_summary import RULEBOOK_COLUMNS, summary_page

_HERE = Path(__file__).parent


_TITLES = {
    "rank-sheet": N_("Rank sheet: the 36 cards, strongest first"),
    "score-sheet": N_("Score sheet: the comb of nine points"),
    "make-the-pack": N_("Making the pack from an ordinary deck"),
    "rules-english": N_("The English rules on one page"),
    "rules-danish-club": N_("The Danish club rules on one page"),
}
"""What each printable is, in words; a worksheet is named by its chapter."""


def title(path: Path) -> str:
    """A printable's name as a reader of the page reads it, its file named after it."""
    stem = path.stem
    if stem.startswith("worksheet-"):
        words = say("Chapter {number}: worksheet and answer key",
                    number=int(stem.removeprefix("worksheet-")))
    else:
        words = say(_TITLES[stem]) if stem in _TITLES else stem
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
    return download_links([path for path in drawn(current()) if path.name.startswith(only)],
                          caption)


_CATALOGS = ("widgets", "worms_tutor", "puzzles")
"""The gettext domains a translated printable is worded from."""


def drawn(lang: str = ENGLISH) -> tuple[Path, ...]:
    """Every printable in ``lang`` as a PDF file, drawn now unless the drawing cache holds
    them."""
    sources = [_HERE / "printables.py", _HERE / "ladder.py", _HERE / "ladder_rows.py",
               _HERE / "rules_summary.py", summary_page(lang),
               *sorted((_HERE / "puzzles").glob("*.json"))]
    if lang != ENGLISH:
        sources += [LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo" for domain in _CATALOGS]
    key = lang.encode() + b"".join(path.read_bytes() for path in sources if path.exists())
    folder = cache_path("printables", key)
    paths = tuple(sorted(folder.glob("*.pdf"))) if folder.is_dir() else ()
    if not paths:
        from .printables import write_all

        try:
            paths = write_all(folder, lang)
        except OSError:  # no writable cache: a folder of our own
            import tempfile

            paths = write_all(tempfile.mkdtemp(prefix="worms-printables-"), lang)
    return paths


def site_folder() -> str:
    """Where a page of the static edition (voici/render/NAME.html, a translation one folder
    down in voici/render/LANG/) finds the printables its build drew in its language
    (tools/static_site.py: printables/, a translation's in printables/LANG/)."""
    lang = current()
    return "../" * (2 if lang == ENGLISH else 3) + "printables" + (
        "" if lang == ENGLISH else f"/{lang}")


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
