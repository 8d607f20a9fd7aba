"""The learner's progress through the series, chapter by chapter (the landing page)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from .fragment import FONT
from .page_widgets import store
from .series import Chapter, chapters


def progress() -> Any:
    """The learner's progress, chapter by chapter, with the backup code; it follows the
    page's progress store as the browser answers and puzzles are solved."""
    import ipywidgets  # type: ignore[import-untyped]

    from .progress_panel import ProgressPanel

    listed = chapters()
    the_store = store()
    table = ipywidgets.HTML(progress_html(listed, the_store.solved, the_store.loaded),
                            _dom_classes=("wt-lesson-progress",))

    def redraw(_change: object = None) -> None:
        table.value = progress_html(listed, the_store.solved, the_store.loaded)

    the_store.observe(redraw, names=["solved_ids", "loaded"])
    return ipywidgets.VBox([table, ProgressPanel(the_store)],
                           _dom_classes=("wt-lesson-progress-box",))


def progress_html(listed: Sequence[Chapter], solved: Iterable[str], loaded: bool) -> str:
    """A table of chapters, each with solved / total puzzles and a bar."""
    done = set(solved)
    rows = []
    total_solved = total = 0
    for chapter in listed:
        count = len(chapter.puzzle_ids)
        hits = sum(1 for pid in chapter.puzzle_ids if pid in done)
        total += count
        total_solved += hits
        share = 0 if not count else round(100 * hits / count)
        bar = (f'<div role="img" aria-label="{hits} of {count} solved" style="background:#e0e0e0;'
               f'width:160px;height:12px;border-radius:6px;overflow:hidden">'
               f'<div style="background:#2e7d32;width:{share}%;height:100%"></div></div>')
        mark = " ✓" if count and hits == count else ""
        tally = f"{hits} / {count}{mark}"
        if not count:  # the sandbox pages: nothing to solve, nothing to show as missing
            tally, bar = "no puzzles", ""
        rows.append(
            f'<tr data-chapter="{chapter.number}"><td style="padding:3px 10px 3px 0">'
            f'<b>{chapter.number}</b></td><td style="padding:3px 10px 3px 0">'
            f'<a href="{escape(chapter.file)}" style="color:#0b3d91;text-decoration:underline">'
            f'{escape(chapter.title)}</a></td>'
            f'<td class="wt-lesson-progress__count" '
            f'style="padding:3px 10px 3px 0;white-space:nowrap">'
            f'{tally}</td><td>{bar}</td></tr>')
    state = "" if loaded else " (reading your browser's saved progress…)"
    return (f'<div style="{FONT};font-size:1.15em"><div style="font-weight:bold;margin:4px 0">'
            f'Your progress: {total_solved} of {total} puzzles solved{state}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>')
