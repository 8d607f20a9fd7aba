"""Puzzles that first show as plain HTML and come alive once the page is up.

The page's first puzzle is live at once: it is the one a learner reaches first, and the
browser builds its widgets while the cells below it still run. Every later puzzle shows first
as a preview (its title, question and table, no widget) and becomes the full PuzzleWidget in a
slot under it as soon as the page is up: the browser's progress store answering is the signal
(or a click on the shared "open" button, should that answer never come). The live puzzle hides
its preview. A page with eight puzzles then appears nearly as fast as a page with one, and the
later puzzles come alive while the learner reads the top.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from worms_tutor.values.errors import WormsError

from .drawing_cache import cached_html
from .fragment import CELL_GAP, FONT, WIDGET_TEXT, Fragment, display_outputs, offscreen
from .language import say
from .page_widgets import html_style, layout, layout_below, layout_hidden, presenter, store
from .puzzle_text import puzzle_text
from .series import load, load_to_show, puzzle_files, puzzle_path

if TYPE_CHECKING:
    from worms_tutor.analysis.puzzle import Puzzle

    from .puzzle import PuzzleWidget

_SLOTS: list[Slot] = []
"""Every slot of the page, in the order made."""
_BUTTON: list[Any] = []
_PREVIEWS = itertools.count(1)
"""Numbers for the previews' element ids, unique in the page (one kernel per page view)."""


def view(puzzle: Puzzle, gap: bool = False) -> PuzzleWidget:
    """The interactive view of one puzzle, bound to the page's store (``gap``: with the gap
    of a cell boundary above it)."""
    from .puzzle import PuzzleWidget

    return PuzzleWidget(puzzle, progress=store(), layout=layout_below() if gap else layout())


def preview_html(puzzle: Puzzle) -> str:
    """The puzzle's title, question and table as plain HTML, drawn as its TrickTable is."""
    from .table import frames_from_replay, table_html

    plays = puzzle.kind in ("play", "placement", "plan")
    board = table_html(frames_from_replay(puzzle.shown_replay)[-1],
                       show_hands="open" if puzzle.open_hands else "hidden",
                       omit_hand=puzzle.seat if plays else None,
                       show_heading=puzzle.kind not in ("winner", "points", "hand_score"),
                       show_sides=puzzle.shows_sides)
    # text sized as in the PuzzleWidget that replaces it (ipywidgets' 28px lines, too)
    return (f'<div class="wt-lesson-puzzle__preview" style="{FONT};color:#111;'
            f'{WIDGET_TEXT};line-height:28px;{offscreen(560)}">'
            f'<h3 style="margin:4px 0;font-size:1.17em;font-weight:bold;line-height:inherit">'
            f'{escape(puzzle_text(puzzle, "title"))}</h3>'
            f'<p style="font-size:110%;margin:1em 0;line-height:inherit">'
            f'{escape(puzzle_text(puzzle, "question"))}</p>{board}</div>')


def open_button() -> Any:
    """The page's one "Open the puzzles now" button, which opens every slot."""
    if not _BUTTON:
        import ipywidgets  # type: ignore[import-untyped]

        button = ipywidgets.Button(description=say("Open the puzzles now"), layout=layout(),
                                   _dom_classes=("wt-lesson-puzzle__open",))
        button.on_click(_open_every_slot)
        _BUTTON.append(button)
    return _BUTTON[0]


def _open_every_slot(_button: object) -> None:
    open_all()


def open_all() -> None:
    """Bring every puzzle of the page to life (the Next puzzle button needs them there)."""
    for slot in _SLOTS:
        slot.open()


class LazyPuzzle:
    """One puzzle of the series, shown as a preview until its slot opens."""

    def __init__(self, puzzle_id: str) -> None:
        path = puzzle_path(puzzle_id)
        self.puzzle_id = puzzle_id
        self.widget: PuzzleWidget | None = None
        self.slot: Slot | None = None
        self.gap = False
        """Whether the puzzle has the gap of a cell boundary above it (it follows another
        part of its cell)."""
        self.preview_id = f"wt-lesson-preview-{next(_PREVIEWS)}"
        self._file = path.read_bytes()  # read now: a missing puzzle is an error in its cell

    def preview(self) -> Fragment:
        """The puzzle as plain HTML, until the live puzzle hides it (gap included)."""
        gap = f' style="padding-top:{CELL_GAP}"' if self.gap else ""
        drawn = cached_html("preview", self._file,
                            lambda: preview_html(load_to_show(self.puzzle_id)))
        return Fragment(f'<div id="{self.preview_id}" class="wt-lesson-puzzle-preview"{gap}>'
                        f"{drawn}</div>")

    @property
    def puzzle(self) -> Puzzle:
        """The engine's puzzle (loaded, and so validated, when first needed)."""
        return load(self.puzzle_id)

    def open(self) -> PuzzleWidget:
        """Put the interactive puzzle in place of the preview (once); the other puzzles of
        its slot come alive with it."""
        if self.slot is None:
            Slot([self])
        assert self.slot is not None
        self.slot.open()
        assert self.widget is not None
        return self.widget

    def build(self) -> PuzzleWidget:
        """The PuzzleWidget of this puzzle, following the page's presenter switch."""
        from .puzzle import PuzzleWidget

        try:
            widget = view(self.puzzle, self.gap)
        except WormsError:  # the widget shows what is wrong with the file, in place
            widget = PuzzleWidget(puzzle_path(self.puzzle_id), progress=store())
        table = getattr(widget, "table", None)
        if table is not None:
            own = self.puzzle.open_hands
            presenter().on_reveal(lambda on: table.reveal(on or own))
            if presenter().reveal_all:
                table.reveal(True)
        return widget

    def _ipython_display_(self) -> None:
        self.gap = False
        display_outputs(run_outputs([self]))


class PuzzleGroup:
    """Several lazy puzzles one under the other, as ``lesson.puzzles`` gives them."""

    def __init__(self, lazies: Sequence[LazyPuzzle]) -> None:
        self.lazies = list(lazies)

    def _ipython_display_(self) -> None:
        for lazy in self.lazies:
            lazy.gap = False
        display_outputs(run_outputs(self.lazies))


class Slot:
    """Where neighbouring lazy puzzles come alive: a box under their previews that holds the
    shared "open" button, then the PuzzleWidgets and a style that hides the previews. A slot
    made ``live`` has no previews above it and holds its PuzzleWidgets from the start."""

    def __init__(self, lazies: Sequence[LazyPuzzle], live: bool = False) -> None:
        import ipywidgets

        self.lazies = list(lazies)
        for lazy in self.lazies:
            lazy.slot = self
        if live:
            for lazy in self.lazies:
                lazy.widget = lazy.build()
        shown = [lazy.widget for lazy in self.lazies] if live else [open_button()]
        self.box = ipywidgets.VBox(shown, layout=layout(), _dom_classes=("wt-lesson-puzzle",))
        _SLOTS.append(self)
        if not live:
            store().on_loaded(lambda _store: self.open())

    def open(self) -> None:
        """Build the slot's PuzzleWidgets and show them in place of the previews (once)."""
        import ipywidgets

        if all(lazy.widget is not None for lazy in self.lazies):
            return
        for lazy in self.lazies:
            if lazy.widget is None:
                lazy.widget = lazy.build()
        widgets = [lazy.widget for lazy in self.lazies]
        hidden = ",".join(f"#{lazy.preview_id}" for lazy in self.lazies)
        hide = ipywidgets.HTML(f"<style>{hidden}{{display:none}}</style>",
                               layout=layout_hidden(), style=html_style())
        self.box.children = [*widgets, hide]


def run_outputs(lazies: Sequence[LazyPuzzle]) -> list[Any]:
    """What neighbouring lazy puzzles show: the page's first puzzle live at once, in a slot
    of its own; the others as their previews (each with the gap it was given) in one piece of
    HTML, then the one slot they come alive in."""
    shown: list[Any] = []
    if not _SLOTS and lazies:
        shown.append(Slot(lazies[:1], live=True).box)
        lazies = lazies[1:]
    if lazies:
        previews = Fragment("".join(lazy.preview().html for lazy in lazies))
        shown += [previews, Slot(lazies).box]
    return shown


def puzzle(puzzle_id: str, lazy: bool = True) -> LazyPuzzle | PuzzleWidget:
    """One puzzle of the series, e.g. ``lesson.puzzle("04-higher-seven")``; ``lazy=False``
    builds the PuzzleWidget at once."""
    return LazyPuzzle(puzzle_id) if lazy else view(load(puzzle_id))


def puzzles(*chosen: str | int, lazy: bool = True) -> Any:
    """Several puzzles one under the other: ``lesson.puzzles("03")`` shows every puzzle of
    chapter 03 in file order, ``lesson.puzzles("04-higher-seven", "04-kill-the-seven")``
    those two. (One cell instead of several: each cell costs a page some time in Voila.)"""
    ids: list[str] = []
    for item in chosen:
        text = str(item)
        if text.isdigit():
            ids += [path.stem for path in puzzle_files(text)]
        else:
            ids.append(text)
    if lazy:
        return PuzzleGroup([LazyPuzzle(puzzle_id) for puzzle_id in ids])
    import ipywidgets

    return ipywidgets.VBox([view(load(puzzle_id)) for puzzle_id in ids],
                           layout=layout(), _dom_classes=("wt-lesson-puzzles",))
