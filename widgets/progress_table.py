"""The learner's progress through the series, chapter by chapter (the landing page), and one
chapter's line at its top: puzzles solved, stars earned of possible, a link to its drill."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from .fragment import FONT
from .language import say
from .page_widgets import store
from .reward import DRILL_PAGE
from .series import Chapter, chapters, puzzle_files
from .stars import RULES_TEXT, tally


def progress() -> Any:
    """The learner's progress, chapter by chapter, with the backup code; it follows the
    page's progress store as the browser answers and puzzles are solved."""
    import ipywidgets  # type: ignore[import-untyped]

    from .progress_panel import ProgressPanel

    listed = chapters()
    the_store = store()
    table = ipywidgets.HTML(progress_html(listed, the_store.solved, the_store.loaded,
                                          the_store.best_stars),
                            _dom_classes=("wt-lesson-progress",))

    def redraw(_change: object = None) -> None:
        table.value = progress_html(listed, the_store.solved, the_store.loaded,
                                    the_store.best_stars)

    the_store.observe(redraw, names=["solved_ids", "best_stars", "loaded"])
    return ipywidgets.VBox([table, ProgressPanel(the_store)],
                           _dom_classes=("wt-lesson-progress-box",))


def progress_html(listed: Sequence[Chapter], solved: Iterable[str], loaded: bool,
                  stars: Mapping[str, int] | None = None) -> str:
    """A table of chapters, each with solved / total puzzles, stars earned / possible and a
    bar. A puzzle solved before stars were kept counts one star."""
    done = frozenset(solved)
    best = stars or {}
    rows = []
    total_solved = total = total_stars = 0
    for chapter in listed:
        counted = tally(chapter.puzzle_ids, done, best)
        count, hits = counted.puzzles, counted.solved
        total += count
        total_solved += hits
        total_stars += counted.stars
        share = 0 if not count else round(100 * hits / count)
        solved_label = say("{hits} of {count} solved", hits=hits, count=count)
        bar = (f'<div role="img" aria-label="{solved_label}" style="background:#e0e0e0;'
               f'width:160px;max-width:22vw;height:12px;border-radius:6px;overflow:hidden">'
               f'<div style="background:#2e7d32;width:{share}%;height:100%"></div></div>')
        mark = " ✓" if counted.complete else ""
        solved_text = f"{hits} / {count}{mark}"
        stars_label = say("{stars} of {possible} stars", stars=counted.stars,
                          possible=counted.possible)
        star_text = (f'<span aria-label="{stars_label}">'
                     f"★ {counted.stars} / {counted.possible}</span>")
        if not count:  # the sandbox pages: nothing to solve, nothing to show as missing
            solved_text, star_text, bar = say("no puzzles"), "", ""
        rows.append(
            f'<tr data-chapter="{chapter.number}"><td style="padding:3px 10px 3px 0">'
            f'<b>{chapter.number}</b></td><td style="padding:3px 10px 3px 0">'
            f'<a href="{escape(chapter.file)}" style="color:#0b3d91;text-decoration:underline">'
            f'{escape(chapter.title)}</a></td>'
            f'<td class="wt-lesson-progress__count" '
            f'style="padding:3px 10px 3px 0;white-space:nowrap">'
            f'{solved_text}</td><td class="wt-lesson-progress__stars" '
            f'style="padding:3px 10px 3px 0;white-space:nowrap;color:#8a5a00">{star_text}</td>'
            f'<td>{bar}</td></tr>')
    state = "" if loaded else say(" (reading your browser's saved progress…)")
    summary = say("Your progress: {solved} of {total} puzzles solved, ★ {stars} of {possible}",
                  solved=total_solved, total=total, stars=total_stars, possible=3 * total)
    rules = say("Stars: {rules}. A puzzle solved before stars were counted shows one star: "
                "solve it again for more.", rules=escape(say(RULES_TEXT)))
    return (f'<div style="{FONT};font-size:1.15em"><div style="font-weight:bold;margin:4px 0">'
            f"{summary}{state}</div>"
            f'<table style="border-collapse:collapse;max-width:100%">{"".join(rows)}</table>'
            f'<div class="wt-lesson-progress__rules" style="font-size:0.85em;color:#444;'
            f'margin-top:4px">{rules}</div></div>')


def chapter_progress(number: str) -> Any:
    """The line at the top of chapter ``number``: puzzles solved, stars of possible, and the
    link to drill the chapter; it follows the page's progress store. ``None`` for a chapter
    without puzzles."""
    import ipywidgets

    from .page_widgets import html_style, layout

    ids = tuple(path.stem for path in puzzle_files(number))
    if not ids:
        return None
    the_store = store()
    line = ipywidgets.HTML(
        chapter_line_html(number, ids, the_store.solved, the_store.best_stars, the_store.loaded),
        layout=layout(), style=html_style(), _dom_classes=("wt-chapter-progress",))

    def redraw(_change: object = None) -> None:
        line.value = chapter_line_html(number, ids, the_store.solved, the_store.best_stars,
                                       the_store.loaded)

    the_store.observe(redraw, names=["solved_ids", "best_stars", "loaded"])
    return line


def chapter_line_html(number: str, ids: Sequence[str], solved: Iterable[str],
                      stars: Mapping[str, int], loaded: bool) -> str:
    """One chapter's puzzles solved and stars earned, with a link to its drill."""
    counted = tally(ids, solved, stars)
    if not loaded:
        state = say("reading your saved progress…")
    else:
        done = say(" ✓ chapter complete") if counted.complete else ""
        stars_label = say("{stars} of {possible} stars", stars=counted.stars,
                          possible=counted.possible)
        state = (say("{solved} of {puzzles} puzzles solved, ", solved=counted.solved,
                     puzzles=counted.puzzles)
                 + f'<span class="wt-chapter-progress__stars" aria-label="{stars_label}">'
                 + say("★ {stars} of {possible}", stars=counted.stars, possible=counted.possible)
                 + f"</span>{done}")
    return (f'<div style="{FONT};font-size:1.05em;color:#111;display:flex;flex-wrap:wrap;'
            f'gap:4px 14px;align-items:baseline;margin:2px 0">'
            f'<span class="wt-chapter-progress__count">'
            f'{say("Your progress here: {state}", state=state)}</span>'
            f'<a href="{DRILL_PAGE}?chapter={escape(number)}" '
            f'style="color:#0b3d91;text-decoration:underline">'
            f'{say("Drill this chapter, one puzzle at a time →")}</a></div>')
