"""What a learner gets for a right answer: stars, a chapter-complete banner, Next puzzle.

Shown under a puzzle's feedback once it is answered right (``PuzzleWidget`` asks for it). The
stars follow ``stars.stars_earned``; the banner appears when the answer completes the
puzzle's chapter in the learner's progress; the Next puzzle button brings the page's next
unsolved puzzle into view (in the browser: the page's puzzles are there, in order).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from .language import say
from .series import puzzle_files
from .stars import stars_text, tally
from .style import static_text, stylesheet

if TYPE_CHECKING:
    from .progress import ProgressStore

DRILL_PAGE = "drill.ipynb"
"""The page that drills one chapter's puzzles, one at a time (``?chapter=NN``)."""


class NextPuzzleButton(anywidget.AnyWidget):
    """A button that scrolls the page's next unsolved puzzle into view."""

    _esm = static_text("next_puzzle.js")
    _css = stylesheet()
    label = traitlets.Unicode("Next puzzle ↓").tag(sync=True)
    done_label = traitlets.Unicode("").tag(sync=True)
    """What the button says once every puzzle of the page is solved (English when empty)."""

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("label", say("Next puzzle ↓"))
        kwargs.setdefault("done_label", say("Every puzzle on this page is solved"))
        super().__init__(**kwargs)


def stars_html(stars: int, tries: int, hints: int, answer_shown: bool,
               best: int | None = None) -> str:
    """One line: the stars this answer earned, and why that many."""
    if answer_shown:
        why = say("Right, after the answer was shown: 1 star, and the puzzle stays unsolved. "
                  "Come back to it later to solve it.")
    elif stars == 3:
        why = say("First try, no hints: 3 stars.")
    else:
        at = say("at the first try") if tries <= 1 else say("at try {tries}", tries=tries)
        hint_words = "" if not hints else (say(" with 1 hint") if hints == 1
                                           else say(" with {hints} hints", hints=hints))
        plural = say("star") if stars == 1 else say("stars")
        why = say("Solved {at}{hints}: {stars} {plural}.", at=at, hints=hint_words,
                  stars=stars, plural=plural)
    if best is not None and best > stars:
        why += say(" Your best here stays {stars}.", stars=stars_text(best))
    label = say("{stars} of 3 stars", stars=stars)
    return (f'<div class="wt-stars" role="status" aria-label="{label}">'
            f'<span class="wt-stars__marks" aria-hidden="true">{stars_text(stars)}</span> '
            f"{escape(why, quote=False)}</div>")


def chapter_number(puzzle_id: str) -> str | None:
    """The chapter of a series puzzle (``"05"`` of ``05-led-three``), if it is one."""
    head = puzzle_id[:2]
    return head if head.isdigit() and puzzle_id[2:3] == "-" else None


def chapter_complete_html(chapter: str, store: ProgressStore) -> str:
    """The banner for a chapter whose every puzzle is solved, or "" if some are not."""
    ids = [path.stem for path in puzzle_files(chapter)]
    counted = tally(ids, store.solved, store.best_stars)
    if not counted.complete:
        return ""
    more = ("" if counted.stars == counted.possible else
            " " + say('<a href="{page}">Drill it</a> for the stars still missing.',
                      page=f"{DRILL_PAGE}?chapter={chapter}"))
    name = say("Chapter {number}", number=int(chapter)) if int(chapter) else say("Start here")
    done = say("<b>{name} complete!</b> All {puzzles} puzzles solved, {stars} of {possible} ★.",
               name=name, puzzles=counted.puzzles, stars=counted.stars,
               possible=counted.possible)
    return f'<div class="wt-chapter-complete" role="status">{done}{more}</div>'


def reward_box(puzzle_id: str, stars: int, tries: int, hints: int, answer_shown: bool,
               store: ProgressStore | None, next_button: bool = True) -> Any:
    """The box under a puzzle's feedback after a right answer."""
    import ipywidgets  # type: ignore[import-untyped]

    best = None if store is None else store.stars_of(puzzle_id)
    html = stars_html(stars, tries, hints, answer_shown, best)
    chapter = chapter_number(puzzle_id)
    if store is not None and chapter is not None and not answer_shown:
        html += chapter_complete_html(chapter, store)
    children: list[Any] = [ipywidgets.HTML(html, _dom_classes=("wt-reward__text",))]
    if next_button:
        from .lazy_puzzles import open_all

        open_all()  # normally done once the saved progress is in; the button needs them
        children.append(NextPuzzleButton())
    return ipywidgets.VBox(children, _dom_classes=("wt-reward",))
