"""``lesson.printables()``: the printables offered for download on a page.

Drawing them needs matplotlib (seconds), so they are made once and kept in the drawing cache,
keyed by the code and puzzles they are drawn from; a page served from the cache never loads
matplotlib.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from pathlib import Path

from .drawing_cache import cache_path
from .fragment import Fragment
from .rules_summary import SUMMARY_PAGE
from .series import notebooks_folder

_HERE = Path(__file__).parent


def download_links(paths: Sequence[Path]) -> Fragment:
    """Links that download each PDF, as data: URLs (they work under Voila, no file server)."""
    items = "".join(
        f'<li><a download="{path.name}" href="data:application/pdf;base64,'
        f'{base64.b64encode(path.read_bytes()).decode("ascii")}">{path.name}</a></li>'
        for path in paths
    )
    return Fragment(f'<ul class="wt-printables">{items}</ul>')


def printables(only: str = "") -> Fragment:
    """Download links for every printable (``printables.write_all``), or for those whose file
    name starts with ``only`` (``"rules"``: the one-page summaries)."""
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
    return download_links([path for path in paths if path.name.startswith(only)])
