"""Puzzles one at a time, lichess style: a chapter's drill and the final challenge.

A run shows one puzzle, its feedback and a Next button, with no prose around it. The drill
(``lesson.drill()``, the page ``drill.ipynb?chapter=05``) goes through one chapter's puzzles in
the order of the chapter's page, which runs easy to hard, starting at the first without three
stars. The challenge (``lesson.challenge()``) is a fixed selection of one puzzle from every
chapter with puzzles, ordered easy to hard by the engine's measure (``analysis.difficulty``),
scored by the stars of this run. Stars and solves go into the page's progress store as on a
chapter page.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape
from typing import Any

from .fragment import FONT, display_outputs
from .language import say
from .page_widgets import store
from .series import chapter_puzzle_ids, chapters, load, puzzle_files
from .stars import MAX_STARS, stars_text, tally

CHALLENGE_SEED = 27
"""The seed of the challenge's selection: the same twelve puzzles for every learner."""


def chapters_with_puzzles() -> list[tuple[str, str]]:
    """(number, title) of every chapter that has puzzles, in order."""
    return [(chapter.number, chapter.title) for chapter in chapters() if chapter.puzzle_ids]


def query_chapter(query: str | None = None) -> str | None:
    """The ``chapter`` parameter of the page's query string (``QUERY_STRING`` under Voilà)."""
    from .page_query import query_value

    return query_value("chapter", query)


def challenge_ids(seed: int = CHALLENGE_SEED) -> list[str]:
    """One puzzle of every chapter with puzzles, chosen by ``seed``, easy to hard: by the
    engine's difficulty score, chapter order breaking ties."""
    from worms_tutor.analysis.difficulty import difficulty

    chooser = random.Random(seed)
    picked = []
    for number, _title in chapters_with_puzzles():
        ids = [path.stem for path in puzzle_files(number)]
        picked.append(chooser.choice(ids))
    return sorted(picked, key=lambda pid: difficulty(load(pid)).score)



class PuzzleRun:
    """Puzzles shown one at a time, with a Next button: the drill and the challenge."""

    def __init__(self, puzzle_ids: Sequence[str], title: str, *, challenge: bool = False,
                 chooser: Any = None, link: tuple[str, str] | None = None) -> None:
        """``link``: (href, text) of the page with the prose, shown under the title."""
        import ipywidgets  # type: ignore[import-untyped]

        self.puzzle_ids = list(puzzle_ids)
        self.title = title
        self.link = link
        self.challenge = challenge
        self.index = 0
        self.current: Any = None
        self.earned: dict[str, int] = {}
        """Stars of this run, by puzzle (the challenge's score)."""
        self.store = store()
        self.header = ipywidgets.HTML(_dom_classes=("wt-drill__header",))
        self.slot = ipywidgets.VBox(_dom_classes=("wt-drill__puzzle",))
        self.next_button = ipywidgets.Button(description=say("Next puzzle →"),
                                             layout=ipywidgets.Layout(width="auto"),
                                             tooltip=say("Go on to the next puzzle"),
                                             _dom_classes=("wt-drill__next",))
        self.next_button.on_click(lambda _button: self.next())
        parts = [chooser] if chooser is not None else []
        self.box = ipywidgets.VBox(
            [*parts, self.header, self.slot, self.next_button, self.store],
            _dom_classes=("wt-drill", "wt-challenge" if challenge else "wt-drill--chapter"))
        self.store.observe(lambda _change: self._redraw_header(),
                           names=["solved_ids", "best_stars", "loaded"])
        if self.puzzle_ids:
            self.show(0)
        else:
            self._redraw_header()
        self.store.on_loaded(lambda _store: self._start_where_stars_are_missing())

    def restart(self, puzzle_ids: Sequence[str], title: str,
                link: tuple[str, str] | None = None) -> None:
        """Run other puzzles (another chapter), from the first one still short of stars."""
        self.puzzle_ids, self.title, self.link, self.earned = list(puzzle_ids), title, link, {}
        if self.puzzle_ids:
            self.show(0)
            self._start_where_stars_are_missing()
        else:
            self.slot.children = []
            self._redraw_header()

    def show(self, index: int) -> None:
        """Show puzzle ``index`` of the run (going round after the last)."""
        from .puzzle import PuzzleWidget

        self.index = index % len(self.puzzle_ids)
        puzzle_id = self.puzzle_ids[self.index]
        if self.current is not None:
            self.current.close()
        self.current = PuzzleWidget(load(puzzle_id), progress=self.store, next_button=False)
        self.current.on_solved(self._solved)
        self.slot.children = [self.current]
        self.next_button.button_style = ""
        self._redraw_header()

    def next(self) -> None:
        """The next puzzle: in a drill the next one without three stars, if any."""
        if not self.puzzle_ids:
            return
        step = 1
        if not self.challenge:
            for step in range(1, len(self.puzzle_ids) + 1):
                pid = self.puzzle_ids[(self.index + step) % len(self.puzzle_ids)]
                if (self.store.stars_of(pid) or 0) < MAX_STARS or not self.store.is_solved(pid):
                    break
            else:
                step = 1
        self.show(self.index + step)

    def _solved(self, widget: Any) -> None:
        if widget.puzzle is not None and widget.stars is not None:
            self.earned[widget.puzzle.id] = widget.stars
        self.next_button.button_style = "primary"
        self._redraw_header()

    def _start_where_stars_are_missing(self) -> None:
        """Once the saved progress is in: a drill starts at its first puzzle still short of
        three stars (unless the learner has started on the one shown)."""
        if self.challenge or not self.puzzle_ids or self.current is None:
            return
        if self.current.tries or self.current.hints_shown:
            return
        for index, pid in enumerate(self.puzzle_ids):
            if not self.store.is_solved(pid) or (self.store.stars_of(pid) or 0) < MAX_STARS:
                if index != self.index:
                    self.show(index)
                return

    def _redraw_header(self) -> None:
        self.header.value = run_header_html(self)

    def _ipython_display_(self) -> None:
        display_outputs([self.box])


def run_header_html(run: PuzzleRun) -> str:
    """The run's title, where the learner is in it, and the stars."""
    count = len(run.puzzle_ids)
    if not count:
        where = say("No puzzles here.")
    elif run.challenge:
        answered = len(run.earned)
        earned = sum(run.earned.values())
        where = say("Puzzle {number} of {count} · this run: ★ {earned} of {possible}, "
                    "{answered} solved", number=run.index + 1, count=count, earned=earned,
                    possible=MAX_STARS * count, answered=answered)
        if answered == count:
            where = say("<b>Challenge complete: ★ {earned} of {possible}.</b> Press Next to go "
                        "round again.", earned=earned, possible=MAX_STARS * count)
    else:
        counted = tally(run.puzzle_ids, run.store.solved, run.store.best_stars)
        pid = run.puzzle_ids[run.index]
        best = run.store.stars_of(pid)
        mine = say(" · your best here {stars}", stars=stars_text(best)) if best else ""
        where = say("Puzzle {number} of {count}{best} · chapter: {solved} of {puzzles} solved, "
                    "★ {stars} of {possible}", number=run.index + 1, count=count, best=mine,
                    solved=counted.solved, puzzles=counted.puzzles, stars=counted.stars,
                    possible=counted.possible)
    link = ""
    if run.link is not None:
        href, text = run.link
        link = (f' <a href="{escape(href)}" style="color:#0b3d91;text-decoration:underline">'
                f"{escape(text)}</a>")
    return (f'<div style="{FONT};color:#111"><h2 style="margin:4px 0;font-size:1.3em">'
            f'{escape(run.title)}</h2><div class="wt-drill__where" style="overflow-wrap:anywhere">'
            f"{where}{link}</div></div>")


def drill(chapter: str | int | None = None) -> Any:
    """A chapter's puzzles one at a time: ``lesson.drill("05")``, or with no chapter the one
    the page's link names (``drill.ipynb?chapter=05``), with a chooser to change it.

    The link is read from ``QUERY_STRING`` (Voilà) and again by the browser, which alone
    knows it in the static edition and in a preheated kernel."""
    import ipywidgets

    from .page_query import PageQuery
    from .page_widgets import layout_hidden

    listed = chapters_with_puzzles()
    numbers = [number for number, _title in listed]
    asked = str(chapter) if chapter is not None else query_chapter()
    number, note = pick_chapter(asked, numbers)
    chooser = ipywidgets.Dropdown(options=[(f"{int(n)}. {title}", n) for n, title in listed],
                                  value=number, description=say("Chapter:"),
                                  layout=ipywidgets.Layout(width="auto", max_width="100%"),
                                  _dom_classes=("wt-drill__chapter",))
    message = ipywidgets.HTML(_note_html(note), _dom_classes=("wt-drill__note",))
    query = PageQuery(layout=layout_hidden())
    holder = ipywidgets.VBox([message, chooser, query], _dom_classes=("wt-drill__top",))
    run = PuzzleRun(*_chapter(number), chooser=holder, link=_chapter_link(number))

    def change(event: dict[str, Any]) -> None:
        message.value = ""
        run.restart(*_chapter(event["new"]), link=_chapter_link(event["new"]))

    def heard(event: dict[str, Any]) -> None:
        """The browser's query string: follow it unless told otherwise or already started."""
        if chapter is not None or run.current is None or run.current.tries:
            return
        wanted = query_chapter(str(event["new"]))
        if wanted is None:
            return
        found, problem = pick_chapter(wanted, numbers)
        if problem:
            message.value = _note_html(problem)
        elif found != chooser.value:
            chooser.value = found

    chooser.observe(change, names="value")
    query.observe(heard, names="query")
    return run


def pick_chapter(asked: str | None, numbers: Sequence[str]) -> tuple[str | None, str]:
    """The chapter to drill for what a link asks, and a note if it asks for no chapter."""
    if asked is not None and asked.isdigit() and len(asked) < 3:
        asked = f"{int(asked):02d}"
    if asked in numbers:
        return asked, ""
    note = "" if not asked else say("The link asks for chapter {chapter}, which has no "
                                    "puzzles: choose a chapter here.", chapter=repr(asked[:20]))
    return (numbers[0] if numbers else None), note


def _note_html(note: str) -> str:
    return f'<div role="status" style="color:#8a1c00">{escape(note)}</div>' if note else ""


def _chapter(number: str | None) -> tuple[list[str], str]:
    """A chapter's puzzle ids and the drill's title."""
    if number is None:
        return [], say("Drill")
    found = [chapter for chapter in chapters() if chapter.number == number]
    name = found[0].title if found else ""
    title = (say("Drill: {name}", name=name) if int(number) == 0 and name else
             say("Drill: chapter {number}, {name}", number=int(number), name=name) if name
             else say("Drill: chapter {number}", number=int(number)))
    return chapter_puzzle_ids(number), title


def _chapter_link(number: str | None) -> tuple[str, str] | None:
    """The chapter's own page, where the prose is."""
    found = [chapter for chapter in chapters() if chapter.number == number]
    return (found[0].file, say("Read the chapter →")) if found else None


def challenge(seed: int = CHALLENGE_SEED) -> PuzzleRun:
    """The final challenge: one puzzle from every chapter, easy to hard, scored in stars."""
    return PuzzleRun(challenge_ids(seed), say("Final challenge"), challenge=True)
