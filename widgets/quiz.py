"""Quiz mode for the projector: one puzzle for the whole room, its answers lettered A, B, C …
in large type, the answer hidden until the teacher presses Reveal, then why (from the engine).

``lesson.quiz()`` (the page ``quiz.ipynb?chapter=05``) runs through a chapter's puzzles; keys:
R reveals, N (or →) goes to the next puzzle, B (or ←) back. The lettered answers come from the
puzzle and the engine: the seats for "who wins", yes and no, the choices of a table question,
the legal plays of a play puzzle, a spread of numbers around the right score (for each side, in
a hand to score), six plays of a replay with one that breaks a rule. A puzzle whose answer cannot
be lettered (a placement with many ways, a plan played trick by trick) is skipped, and the room
is told.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import anywidget
import ipywidgets  # type: ignore[import-untyped]
import traitlets

from worms_tutor.analysis import hand_score, spot_illegal
from worms_tutor.analysis.puzzle import Puzzle, load_puzzle_file
from worms_tutor.analysis.verdict import correct_prefix
from worms_tutor.presentation.display import reasons_html, text_html

from .fragment import FONT
from .language import current, say, seat_mark
from .puzzle_text import option_labels, puzzle_text
from .series import chapter_puzzle_ids, chapters, puzzle_files
from .style import stylesheet

LETTERS = "ABCDEF"
MAX_OPTIONS = len(LETTERS)


class QuizError(Exception):
    """A puzzle whose answers cannot be lettered for the room."""


@dataclass(frozen=True)
class Lettered:
    """One puzzle for the room: its lettered answers and which letters are right."""

    puzzle: Puzzle
    options: tuple[tuple[str, str, str], ...]
    """(letter, the answer as the engine reads it, the answer as the room reads it)."""

    @property
    def right(self) -> tuple[str, ...]:
        correct = _right_answers(self.puzzle)
        return tuple(letter for letter, answer, _shown in self.options if answer in correct)


def _right_answers(puzzle: Puzzle) -> set[str]:
    """The right answers one by one: a "choose all" puzzle's answer is every allowed play."""
    correct = puzzle.correct_answers()
    if puzzle.kind in ("allowed", "choose_all"):
        return {part for part in correct[0].split(" | ") if part != "none"}
    return set(correct)


def lettered(puzzle: Puzzle) -> Lettered:
    """The puzzle's answers, lettered A, B, C … in a fixed order; ``QuizError`` if it has
    more than six or none."""
    correct = puzzle.correct_answers()
    kind = puzzle.kind
    if kind == "winner":
        answers = list(puzzle.rules.seats)
        shown = [seat_mark(seat) for seat in answers]
    elif kind == "legal":
        answers, shown = ["yes", "no"], [say("Yes, it is allowed"), say("No, it is not allowed")]
    elif kind == "table":
        answers = list(puzzle.options)
        shown = option_labels(puzzle)
    elif kind == "points":
        right = int(correct[0])  # the right score and the three nearest others, from 0 up
        near = sorted({n for n in range(right - 3, right + 4) if n >= 0},
                      key=lambda n: (abs(n - right), n))[:4]
        answers = [str(n) for n in sorted(near)]
        shown = answers
    elif kind == "play":
        # every card of the hand, allowed or not, and every allowed group: the room must
        # know which plays the rules allow, too
        singles = [f"{puzzle.seat}: {card}" for card in puzzle.hand]
        plays = list(dict.fromkeys([*(str(legal.play) for legal in puzzle.state.legal_plays()),
                                    *singles]))
        answers = sorted(plays, key=lambda play: (play not in correct, play))[:MAX_OPTIONS]
        answers.sort()
        shown = [answer.split(": ", 1)[-1] for answer in answers]
    elif kind in ("allowed", "choose_all"):  # every right letter counts, possibly none
        listed = puzzle.plays or tuple(legal.play for legal in puzzle.state.legal_plays())
        answers = [str(play) for play in listed][:MAX_OPTIONS]
        shown = list(answers)
        if len(answers) == len(listed):
            return Lettered(puzzle, tuple(zip(LETTERS, answers, shown, strict=False)))
    elif kind == "spot_illegal":  # six plays in a row around the one that breaks a rule
        plays = [str(play) for play in puzzle.scenario.plays]
        labels = list(spot_illegal.option_labels(puzzle, current()))
        start = max(0, min(len(plays) - MAX_OPTIONS, plays.index(correct[0]) - 3))
        answers = plays[start:start + MAX_OPTIONS]
        shown = labels[start:start + MAX_OPTIONS]
    elif kind == "hand_score":  # the right scores and their neighbours, one side off by one
        answers, shown = _hand_score_options(puzzle)
    elif kind == "plan":
        raise QuizError(say("a plan is played trick by trick against the engine, not lettered"))
    else:
        raise QuizError(f"a {kind} puzzle cannot be lettered for the room")
    if not answers or len(answers) > MAX_OPTIONS or not set(correct) & set(answers):
        raise QuizError(f"{puzzle.id}: its answers cannot be lettered A–{LETTERS[-1]}")
    return Lettered(puzzle, tuple(zip(LETTERS, answers, shown, strict=False)))


def _hand_score_options(puzzle: Puzzle) -> tuple[list[str], list[str]]:
    """Four scores for a hand to score: the right one and others one point off on one side
    (as the engine reads them, and in words)."""
    right = hand_score.scores(puzzle)
    candidates = [dict(right)]
    for side in right:
        for step in (-1, 1):
            if right[side] + step >= 0:
                candidates.append({**right, side: right[side] + step})
    picked = [right, *candidates[1:4]]
    picked.sort(key=lambda score: tuple(score.values()))
    return ([hand_score.score_text(score) for score in picked],
            [hand_score.score_words(score, current()) for score in picked])


_KEYS_ESM = """
function render({ model, el }) {
  const keys = { r: "reveal", n: "next", arrowright: "next", b: "back", arrowleft: "back" };
  const pressed = (event) => {
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" ||
                   target.tagName === "TEXTAREA")) return;
    const action = keys[event.key.toLowerCase()];
    if (action && !event.ctrlKey && !event.metaKey && !event.altKey) {
      model.send({ action });
      event.preventDefault();
    }
  };
  document.addEventListener("keydown", pressed);
  el.textContent = "Keys: R reveal · N or → next · B or ← back";
  el.className = "wt-quiz__keys";
  return () => document.removeEventListener("keydown", pressed);
}
export default { render };
"""


class QuizKeys(anywidget.AnyWidget):
    """The quiz's keyboard shortcuts, heard anywhere on the page; it brings the series'
    stylesheet to the page too."""

    _esm = _KEYS_ESM
    _css = stylesheet()
    label = traitlets.Unicode("").tag(sync=True)


class Quiz(ipywidgets.VBox):  # type: ignore[misc]
    """A chapter's puzzles for the room, one at a time."""

    def __init__(self, puzzle_ids: Sequence[str], title: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("wt-quiz")
        self.puzzle_ids = list(puzzle_ids)
        self.title = title
        self.index = 0
        self.revealed = False
        self.current: Lettered | None = None
        self.head = ipywidgets.HTML()
        self.position = ipywidgets.Box()
        self.answers = ipywidgets.HTML()
        self.why = ipywidgets.HTML()
        self.reveal_button = ipywidgets.Button(description=say("Reveal"),
                                               button_style="primary",
                                               tooltip=say("Show the answer and why (R)"))
        self.back_button = ipywidgets.Button(description=say("Back"),
                                             tooltip=say("Previous puzzle (B)"))
        self.next_button = ipywidgets.Button(description=say("Next"),
                                             tooltip=say("Next puzzle (N)"))
        for button in (self.reveal_button, self.back_button, self.next_button):
            button.add_class("wt-quiz__button")
        self.reveal_button.on_click(lambda _button: self.reveal())
        self.back_button.on_click(lambda _button: self.move(-1))
        self.next_button.on_click(lambda _button: self.move(1))
        self.shortcuts = QuizKeys()
        self.shortcuts.on_msg(self._heard)
        buttons = ipywidgets.HBox([self.reveal_button, self.back_button, self.next_button])
        buttons.add_class("wt-quiz__buttons")
        self.children = [self.head, self.position, self.answers, buttons, self.shortcuts, self.why]
        self.show(0)

    def show(self, index: int) -> None:
        """Put puzzle number ``index`` (from 0) before the room, its answer hidden."""
        from .table import TrickTable

        self.index = max(0, min(index, len(self.puzzle_ids) - 1))
        self.revealed = False
        self.why.value = ""
        puzzle = load_puzzle_file(puzzle_files_by_id()[self.puzzle_ids[self.index]])
        try:
            self.current = lettered(puzzle)
        except QuizError as error:
            self.current = None
            skip = say("This puzzle is for a learner's own screen: {problem}. Press Next.",
                       problem=escape(str(error)))
            self.answers.value = f'<p class="wt-quiz__skip" style="{FONT}">{skip}</p>'
        else:
            self.answers.value = _answers_html(self.current, revealed=False)
        table = TrickTable.from_replay(puzzle.shown_replay, show_hands="open" if puzzle.open_hands
                                       else "hidden", explain=False,
                                       show_sides=puzzle.shows_sides, show_reason=False)
        self.position.children = [table]
        self.head.value = _head_html(self, puzzle)
        self.reveal_button.disabled = self.current is None
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.puzzle_ids) - 1

    def reveal(self) -> None:
        """Show the right letters and why, as the engine explains the right answer."""
        if self.current is None or self.revealed:
            return
        self.revealed = True
        self.answers.value = _answers_html(self.current, revealed=True)
        verdict = self.current.puzzle.check(self.current.puzzle.correct_answers()[0], current())
        summary = verdict.summary.removeprefix(correct_prefix(current()))
        reasons = reasons_html(verdict.reasons, with_ids=False, lang=current())
        self.why.value = (f'<div class="wt-quiz__why" style="{FONT}"><p><b>{say("Why:")}</b> '
                          f"{text_html(summary)}</p>{reasons}</div>")
        self.reveal_button.disabled = True

    def move(self, step: int) -> None:
        self.show(self.index + step)

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        action = content.get("action") if isinstance(content, dict) else None
        if action == "reveal":
            self.reveal()
        elif action in ("next", "back"):
            self.move(1 if action == "next" else -1)


def puzzle_files_by_id() -> dict[str, Any]:
    """Every puzzle file of the series by its id."""
    return {path.stem: path for path in puzzle_files()}


def _head_html(quiz: Quiz, puzzle: Puzzle) -> str:
    question = say("question {number} of {count}", number=quiz.index + 1,
                   count=len(quiz.puzzle_ids))
    return (f'<div class="wt-quiz__head" style="{FONT}">'
            f'<p class="wt-quiz__count">{escape(quiz.title)} · {question} '
            f"· {escape(puzzle.variant_label(current()))}</p>"
            f'<p class="wt-quiz__question">{escape(puzzle_text(puzzle, "question"))}</p></div>')


def _answers_html(current: Lettered, revealed: bool) -> str:
    right = set(current.right)
    items = []
    for letter, _answer, shown in current.options:
        state = ""
        if revealed:
            state = " wt-quiz__answer--right" if letter in right else " wt-quiz__answer--wrong"
        mark = " ✓" if revealed and letter in right else ""
        items.append(f'<li class="wt-quiz__answer{state}"><b>{letter}</b> {text_html(shown)}'
                     f"{mark}</li>")
    return f'<ol class="wt-quiz__answers" style="{FONT}">{"".join(items)}</ol>'


def _chapter_puzzles(asked: str | None) -> tuple[str, list[str], str]:
    """(chapter number, its puzzle ids, title) for the chapter a link asks for, chosen as the
    drill chooses it: the first chapter with puzzles when it names none of them."""
    from .drill import chapters_with_puzzles, pick_chapter

    listed = dict(chapters_with_puzzles())
    number, _note = pick_chapter(asked, list(listed))
    assert number is not None, "the series has chapters with puzzles"
    return number, chapter_puzzle_ids(number), say("Chapter {number}: {title}",
                                                   number=int(number), title=listed[number])


def quiz(chapter: str | int | None = None) -> Any:
    """A chapter's puzzles for the room, with a chooser of the chapter: the chapter given, or
    the page link's ``?chapter=`` (read by Voilà, and again by the browser, which alone knows
    it in the static edition), or the first chapter with puzzles."""
    from .drill import query_chapter
    from .page_query import PageQuery
    from .page_widgets import layout_hidden

    number, ids, title = _chapter_puzzles(str(chapter) if chapter is not None
                                          else query_chapter())
    board = Quiz(ids, title=title)
    listed = [(f"{int(c.number)}. {c.title}", c.number) for c in chapters() if c.puzzle_ids]
    chooser = ipywidgets.Dropdown(options=listed, value=number, description=say("Chapter:"),
                                  layout=ipywidgets.Layout(width="auto", max_width="100%"))
    chooser.add_class("wt-quiz__chapter")

    def switch(event: dict[str, Any]) -> None:
        _number, board.puzzle_ids, board.title = _chapter_puzzles(str(event["new"]))
        board.show(0)

    chooser.observe(switch, names="value")
    query = PageQuery(layout=layout_hidden())

    def heard(event: dict[str, Any]) -> None:
        wanted = query_chapter(str(event["new"]))
        if chapter is None and wanted and wanted.isdigit() and board.index == 0 \
                and not board.revealed:
            target = f"{int(wanted):02d}"
            if target in [value for _label, value in listed]:
                chooser.value = target

    query.observe(heard, names="query")
    return ipywidgets.VBox([chooser, query, board])
