"""PuzzleWidget: a puzzle on the table, an answer control, and feedback that says why.

Every verdict comes from ``worms_tutor.analysis.puzzle`` (hence the engine): the widget reads the
learner's answer, asks ``Puzzle.check``, and shows the engine's reasons and rule ids, the other
correct answers after a right one, and what happens next after a wrong one. Bad puzzle data or
a failing callback shows a message in place and is logged; the widget stays usable.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from worms_tutor.analysis import hand_score, spot_illegal
from worms_tutor.analysis.difficulty import difficulty
from worms_tutor.analysis.puzzle import (
    Hint,
    Puzzle,
    PuzzleError,
    Verdict,
    load_puzzle,
    load_puzzle_file,
    load_puzzles,
)
from worms_tutor.presentation.display import reasons_html, text_html
from worms_tutor.values.errors import WormsError
from worms_tutor.values.rulebook import RULE_TITLES, rule_title

from .hand import HandPicker
from .language import N_, current, say, seat_mark, seat_named, side_named
from .page_widgets import button_style, html_style, layout
from .plan_control import PlanControl
from .progress import ProgressStore
from .puzzle_text import option_labels, puzzle_text
from .reward import reward_box
from .stars import stars_earned
from .style import problem_html
from .table import TrickTable

log = logging.getLogger("worms_tutor.widgets")

PUZZLES = Path(__file__).with_name("puzzles")
"""The puzzles shipped with the tutor, one JSON file each."""

KIND_PROMPTS = {
    "play": N_("Pick your card(s), then press Check."),
    "play-one": N_("Pick your card: it is checked at once."),
    "placement": N_("Choose where each card goes, then press Check."),
    "choose_and_place": N_("Choose which cards to play and where each goes (the others stay "
                           "in your hand), then press Check."),
    "winner": N_("Pick the seat, then press Check."),
    "legal": N_("Answer, then press Check."),
    "points": N_("Type the number of points, then press Enter or Check."),
    "table": N_("Choose your answer, then press Check."),
    "allowed": N_("Tick every play that is allowed (none, if none is), then press Check."),
    "choose_all": N_("Tick every play that does it, then press Check."),
    "hand_score": N_("Type the points of each side, then press Check."),
    "spot_illegal": N_("Pick the play that breaks a rule, then press Check."),
    "plan": N_("Play your cards trick by trick: the others answer at once."),
}

NEXT_DELAY = 0.03
"""Seconds between the feedback text and the table of what happens next (drawn after it)."""

_FEEDBACK_CLASSES = ("wt-feedback--correct", "wt-feedback--wrong", "wt-feedback--empty",
                     "wt-feedback--error")


def shipped_puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle that ships with the tutor, by chapter then id."""
    return load_puzzles(PUZZLES)


class PuzzleWidget(ipywidgets.VBox):  # type: ignore[misc]
    """One puzzle: position, question, answer control, Check, Hint, and the feedback."""

    hint_button: ipywidgets.Button
    """Hint n of m (made with the puzzle's parts, which know m)."""
    children: Sequence[Any]

    def __init__(
        self,
        puzzle: Puzzle | Mapping[str, Any] | str | Path,
        *,
        progress: ProgressStore | None = None,
        check_on_pick: bool = True,
        next_button: bool = True,
        **kwargs: Any,
    ) -> None:
        """``check_on_pick``: when the answer is one card, picking it checks at once (the
        Check button stays, for a second look and for answers of several cards).
        ``next_button``: a right answer offers "Next puzzle" (a page of puzzles; a drill has
        its own)."""
        self.progress = progress
        self.check_on_pick = check_on_pick
        self.puzzle: Puzzle | None = None
        self.answer_control: Any = None
        self.read_answer: Callable[[], Any] = lambda: None
        self.hints_shown = 0
        self.solved = False
        self.last_verdict: Verdict | None = None
        self.feedback = _html("wt-feedback", "")
        self.hint_box = _html("wt-hint", "")
        self.next_box = ipywidgets.VBox(layout=layout(), _dom_classes=("wt-next",))
        self.check_button = _puzzle_button(say("Check"), "wt-check", button_style="primary",
                                           tooltip=say("Check your answer with the rules engine"))
        self.reveal_button: ipywidgets.Button | None = None  # made at a first miss
        self.missed = False
        """Whether the learner has missed once: a first miss keeps the answer back."""
        self.tries = 0
        """Answers checked so far (an empty answer is no try)."""
        self.answer_shown = False
        self.stars: int | None = None
        """The stars of the first right answer, once given (``stars.stars_earned``)."""
        self.next_button = next_button
        self._solved_listeners: list[Callable[[PuzzleWidget], None]] = []
        self.check_button.on_click(self._guarded(self.check))
        # every part opens with its final state (children, classes, labels): no update follows
        classes = ("wt-puzzle", *kwargs.pop("_dom_classes", ()))
        try:
            self.puzzle = _resolve(puzzle)
            children = self._build(self.puzzle)
        except Exception as error:  # bad data must not leave a dead cell
            log.exception("puzzle could not be shown")
            self.hint_button = _puzzle_button(say("Hint"), "wt-hint-button", disabled=True)
            super().__init__(children=[_html("wt-puzzle-error", problem_html(
                say("This puzzle could not be shown"), error))],
                _dom_classes=(*classes, "wt-puzzle--broken"), **kwargs)
            return
        super().__init__(children=children, _dom_classes=classes, **kwargs)
        if progress is not None:
            progress.on_loaded(lambda store: self._show_solved_before(store))

    # -- constructors --------------------------------------------------------------------

    @classmethod
    def from_id(cls, puzzle_id: str, **kwargs: Any) -> PuzzleWidget:
        """A shipped puzzle by its id (a friendly message if there is none)."""
        return cls(PUZZLES / f"{puzzle_id}.json", **kwargs)

    # -- the learner's actions -----------------------------------------------------------

    def check(self, _button: Any = None) -> Verdict | None:
        """Judge the current answer through the engine and show why. A first miss on a
        question with one right answer to name says only that this answer is wrong."""
        puzzle = self.puzzle
        if puzzle is None:
            return None
        answer = self.read_answer()
        if answer is None or answer == () or answer == []:
            self._set_feedback("wt-feedback--empty",
                               f"<p>{escape(_prompt_text(puzzle, False), quote=False)}"
                               "</p>")
            return None
        verdict = puzzle.check(answer, current())
        self.tries += 1
        self.last_verdict = verdict
        if not verdict.correct and verdict.withheld and not self.missed:
            self.missed = True  # a second try is worth making: the answer stays hidden
            self._set_feedback("wt-feedback--wrong", _first_miss_html(verdict))
            if self.reveal_button is None:
                self.reveal_button = _puzzle_button(say("Show the answer"), "wt-reveal",
                                                    tooltip=say("Show the answer and why"))
                self.reveal_button.on_click(self._guarded(self.reveal))
            self.next_box.children = [self.reveal_button]
            return verdict
        self._show_verdict(verdict)
        return verdict

    def reveal(self, _button: Any = None) -> Verdict | None:
        """Show the answer and why, after a first miss."""
        verdict = self.last_verdict
        if verdict is not None:
            self.answer_shown = True
            self._show_verdict(verdict)
        return verdict

    def _show_verdict(self, verdict: Verdict) -> None:
        puzzle = self.puzzle
        if puzzle is None:
            return
        # the feedback text first: it is what the learner waits for
        modifier = "wt-feedback--correct" if verdict.correct else "wt-feedback--wrong"
        retry = _RETRY_PLAN if puzzle.kind == "plan" else _RETRY
        self._set_feedback(modifier, _verdict_html(verdict, puzzle_text(puzzle, "lesson"),
                                                   self.answer_shown,
                                                   retry))
        self.next_box.children = []
        if not self.table.explain:
            self.table.set_explain(True)
        if verdict.correct:
            self.solved = True
            self.add_class("wt-puzzle--solved")
            self._reward(puzzle)
        elif verdict.next_line is not None:
            _soon(self._guarded(lambda _: self._show_next(verdict)))

    def on_solved(self, listener: Callable[[PuzzleWidget], None]) -> None:
        """Call ``listener(widget)`` at the first right answer."""
        self._solved_listeners.append(listener)

    def _reward(self, puzzle: Puzzle) -> None:
        """At the first right answer: its stars into the progress, and under the feedback
        the stars, the chapter banner and the Next puzzle button."""
        if self.stars is not None:
            return
        self.stars = stars_earned(self.tries, self.hints_shown, self.answer_shown)
        if self.progress is not None:
            self.progress.record(puzzle.id, self.stars, solved=not self.answer_shown)
        box = reward_box(puzzle.id, self.stars, self.tries, self.hints_shown, self.answer_shown,
                         self.progress, next_button=self.next_button)
        children: list[Any] = list(self.children)
        children.insert(children.index(self.feedback) + 1, box)
        self.children = children
        for listener in self._solved_listeners:
            listener(self)

    def _show_next(self, verdict: Verdict) -> None:
        """The predicted replies on a table, under the feedback (if it is still current)."""
        if verdict is not self.last_verdict or verdict.next_line is None:
            return
        table = TrickTable.from_line(verdict.next_line, show_hands="none")
        table.add_class("wt-next-table")
        self.next_box.children = [_html("wt-next-title",
                                        f"<strong>{say('What happens next:')}</strong>"),
                                  table]

    def next_hint(self, _button: Any = None) -> Hint | None:
        """Show one more rung of the hint ladder."""
        if self.puzzle is None:
            return None
        ladder = self.puzzle.hints(current())
        self.hints_shown = min(self.hints_shown + 1, len(ladder))
        shown = ladder[: self.hints_shown]
        self.hint_box.value = "".join(_hint_html(number, hint)
                                      for number, hint in enumerate(shown, start=1))
        last = self.hints_shown == len(ladder)
        self.hint_button.description = say("All hints shown") if last else \
            say("Hint {number} of {count}", number=self.hints_shown + 1, count=len(ladder))
        self.hint_button.disabled = last
        return shown[-1]

    # -- building ------------------------------------------------------------------------

    def _build(self, puzzle: Puzzle) -> list[Any]:
        header = _html("wt-puzzle-header",
                       _header_html(puzzle, _prompt(puzzle, self.check_on_pick)))
        mover_plays = puzzle.kind in ("play", "placement", "plan")
        table = TrickTable.from_replay(
            puzzle.shown_replay,
            show_hands="open" if puzzle.open_hands else "hidden",
            omit_hand=puzzle.seat if mover_plays else None,
            explain=puzzle.kind not in ("winner", "points", "hand_score"),  # not the answer
            show_sides=puzzle.shows_sides,
            show_reason=puzzle.kind != "table",  # nothing is played: no trick to explain
        )
        self.table = table
        control, reader = _answer_control(puzzle)
        self.answer_control, self.read_answer = control, reader
        check = self._guarded(self.check)
        if isinstance(control, HandPicker) and puzzle.cards_to_pick == 1 and self.check_on_pick:
            control.on_change(lambda cards: check(None) if cards else None)
        boxes = control.children if puzzle.kind == "hand_score" else (control,)
        for box in boxes:
            if isinstance(box, ipywidgets.Text):  # Enter checks, as the Check button does
                _on_enter(box, lambda: check(None))
        if isinstance(control, PlanControl):
            control.on_finished(lambda: check(None))
        self.hint_button = _puzzle_button(say("Hint {number} of {count}", number=1,
                                              count=len(puzzle.hints())),
                                          "wt-hint-button", tooltip=say("Show the next hint"))
        self.hint_button.on_click(self._guarded(self.next_hint))
        buttons = ipywidgets.HBox([self.check_button, self.hint_button], layout=layout(),
                                  _dom_classes=("wt-puzzle-buttons",))
        return [header, table, control, buttons, self.feedback, self.next_box, self.hint_box]

    def _set_feedback(self, modifier: str, body: str) -> None:
        """Show feedback; the text goes first, so the learner sees it one message sooner."""
        colours = {"wt-feedback--correct": ("#e8f5e9", "#1b5e20"),
                   "wt-feedback--wrong": ("#fdecea", "#8a1c00"),
                   "wt-feedback--empty": ("#fff8e1", "#5d4037"),
                   "wt-feedback--error": ("#fdecea", "#8a1c00")}[modifier]
        self.feedback.value = (
            f'<div class="wt-feedback__body {modifier}" role="status" aria-live="polite" '
            f'style="background:{colours[0]};border-left:6px solid {colours[1]};padding:6px 10px;'
            f'font-family:Helvetica,Arial,sans-serif;color:#111">{body}</div>'
        )
        if modifier not in self.feedback._dom_classes:  # one class message, only on a change
            kept = [c for c in self.feedback._dom_classes if c not in _FEEDBACK_CLASSES]
            self.feedback._dom_classes = (*kept, modifier)

    def _show_solved_before(self, store: ProgressStore) -> None:
        if self.puzzle is not None and store.is_solved(self.puzzle.id):
            self.add_class("wt-puzzle--solved-before")
            best = store.stars_of(self.puzzle.id)
            if best is not None:
                self.add_class(f"wt-puzzle--best-{best}")

    def _guarded(self, action: Callable[[Any], Any]) -> Callable[[Any], None]:
        """Run a button's action; an error becomes a message in place, and is logged."""

        def run(button: Any) -> None:
            try:
                action(button)
            except WormsError as error:
                self._set_feedback("wt-feedback--error", problem_html(
                    say("That answer could not be read"), error))
            except Exception as error:
                log.exception("puzzle callback failed")
                self._set_feedback("wt-feedback--error", problem_html(
                    say("Something went wrong; the puzzle still works, try again"), error))

        return run


def puzzle_list(
    chapter: int | None = None, *, progress: ProgressStore | None = None
) -> ipywidgets.VBox:
    """Every shipped puzzle (of one chapter, if given), one after the other."""
    try:
        puzzles = [p for p in shipped_puzzles() if chapter is None or p.chapter == chapter]
    except PuzzleError as error:
        log.exception("puzzles could not be loaded")
        return ipywidgets.VBox([_html("wt-puzzle-error", problem_html(
            say("The puzzles could not be loaded"), error))])
    return ipywidgets.VBox([PuzzleWidget(p, progress=progress) for p in puzzles],
                           _dom_classes=("wt-puzzle-list",))


# -- pieces -------------------------------------------------------------------------------


def _soon(action: Callable[[Any], None]) -> None:
    """Run ``action`` just after this callback in a kernel, so the feedback text leaves first;
    at once elsewhere (a script, a test: an event loop of some other library may be running
    there, one that would never get round to it)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None or not _in_kernel():
        action(None)
        return
    loop.call_later(NEXT_DELAY, action, None)


def _in_kernel() -> bool:
    """True inside a Jupyter kernel (a notebook, a Voilà page)."""
    from IPython import get_ipython

    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _resolve(puzzle: Puzzle | Mapping[str, Any] | str | Path) -> Puzzle:
    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, Mapping):
        return load_puzzle(puzzle)
    path = Path(puzzle)
    if not path.suffix:
        path = PUZZLES / f"{puzzle}.json"
    if not path.exists():
        raise PuzzleError(f"there is no puzzle {path.stem!r}", field="id")
    return load_puzzle_file(path)


def _html(css_class: str, value: str) -> ipywidgets.HTML:
    """An HTML part of a puzzle, opened with its class and the page's shared layout and
    style."""
    return ipywidgets.HTML(value, layout=layout(), style=html_style(), _dom_classes=(css_class,))


def _puzzle_button(description: str, css_class: str, **traits: Any) -> ipywidgets.Button:
    """A button of a puzzle, opened with its class and the page's shared layout and style."""
    return ipywidgets.Button(description=description, layout=layout(), style=button_style(),
                             _dom_classes=(css_class,), **traits)


def _prompt(puzzle: Puzzle, check_on_pick: bool) -> str:
    """Which of ``KIND_PROMPTS`` tells the learner how to answer this puzzle."""
    if puzzle.kind == "play" and puzzle.cards_to_pick == 1 and check_on_pick:
        return "play-one"
    if puzzle.kind == "placement" and puzzle.play is not None \
            and len(puzzle.play.cards) > puzzle.state.trick.size:
        return "choose_and_place"
    return puzzle.kind


def _prompt_text(puzzle: Puzzle, check_on_pick: bool) -> str:
    """What to do with the answer control, worded for this page."""
    return say(KIND_PROMPTS[_prompt(puzzle, check_on_pick)])


def _header_html(puzzle: Puzzle, prompt: str) -> str:
    notes = "".join(f"<li>{escape(note, quote=False)}</li>"
                    for note in puzzle.variant_notes(current()))
    notes_html = (f'<ul class="wt-variant-notes" style="margin:2px 0;font-size:90%">{notes}</ul>'
                  if notes else "")
    players = puzzle.rules.players
    return (
        f'<div style="font-family:Helvetica,Arial,sans-serif;color:#111">'
        f'<h3 class="wt-puzzle__title" style="margin:4px 0">'
        f'{escape(puzzle_text(puzzle, "title"), quote=False)}</h3>'
        f'<span class="wt-variant-badge" title="{say("The rules this puzzle is posed under")}" '
        f'style="display:inline-block;background:#0b3d91;color:#fff;border-radius:12px;'
        f'padding:2px 10px;font-size:90%">{escape(puzzle.variant_label(current()), quote=False)}'
        f" · {say('{count} players', count=players)}</span>{_difficulty_html(puzzle)}{notes_html}"
        f'<p class="wt-puzzle__question" style="font-size:110%">'
        f"{escape(puzzle_text(puzzle, 'question'), quote=False)}</p>"
        f'<p class="wt-puzzle__prompt" style="margin:0;color:#444">{_role(puzzle)}'
        f"{escape(say(KIND_PROMPTS[prompt]), quote=False)}</p></div>"
    )


def _seat_options(puzzle: Puzzle) -> list[Any]:
    """The seats to choose from, marked as the page marks them (N in English, Nord in Danish)."""
    return [(seat_mark(seat), seat) for seat in puzzle.rules.seats]


def _table_options(puzzle: Puzzle) -> list[Any]:
    """A table question's choices: the engine's options, each labelled as the page shows it
    where that differs (a seat by word on a translated page; a number or a score as it is)."""
    labels = option_labels(puzzle)
    if labels == list(puzzle.options):
        return list(puzzle.options)
    return list(zip(labels, puzzle.options, strict=True))


def _difficulty_html(puzzle: Puzzle) -> str:
    """The engine's difficulty level beside the badge: ●○○ easy, ●●○, ●●● hard."""
    found = difficulty(puzzle)
    label = found.label_in(current())
    words = say("Difficulty: {label}, {level} of 3", label=label, level=found.level)
    return (f'<span class="wt-difficulty" role="img" aria-label="{words}" title="{words}" '
            f'style="margin-left:10px;color:#0b3d91;white-space:nowrap">'
            f'<span style="font-size:120%;letter-spacing:2px">{found.mark}</span> '
            f'<span style="font-size:90%">{label}</span></span>')


def _role(puzzle: Puzzle) -> str:
    """Whose cards the learner holds: only a puzzle that asks for a play gives a seat."""
    if puzzle.kind in ("play", "placement", "plan"):
        return say("You play for {seat}. ", seat=escape(seat_named(puzzle.seat)))
    return ""


def _answer_control(puzzle: Puzzle) -> tuple[Any, Callable[[], Any]]:
    """The control for the puzzle's kind of answer, and how to read it."""
    kind = puzzle.kind
    if kind == "play":
        picker = HandPicker(puzzle.hand, max_select=puzzle.cards_to_pick,
                           label=say("Your hand ({seat})", seat=seat_named(puzzle.seat)))
        return picker, lambda: picker.selected_cards
    if kind == "placement":
        return _placement_control(puzzle)
    if kind == "winner":
        radio = ipywidgets.RadioButtons(options=_seat_options(puzzle), value=None,
                                        description=say("Winner:"),
                                        _dom_classes=("wt-answer-winner",))
        return radio, lambda: radio.value
    if kind == "table":
        radio = ipywidgets.RadioButtons(options=_table_options(puzzle), value=None,
                                        description=say("Answer:"),
                                        _dom_classes=("wt-answer-table",))
        return radio, lambda: radio.value
    if kind == "legal":
        radio = ipywidgets.RadioButtons(options=[(say("Yes, it is legal"), "yes"),
                                                 (say("No, it is not allowed"), "no")],
                                        value=None, description=say("Legal?"),
                                        _dom_classes=("wt-answer-legal",))
        return radio, lambda: radio.value
    if kind in ("allowed", "choose_all"):
        return _allowed_control(puzzle)
    if kind == "hand_score":
        return _hand_score_control(puzzle)
    if kind == "spot_illegal":
        radio = ipywidgets.RadioButtons(
            options=list(zip(spot_illegal.option_labels(puzzle, current()),
                             (str(play) for play in puzzle.scenario.plays), strict=True)),
            value=None, description=say("Breaks a rule:"),
            style={"description_width": "initial"}, _dom_classes=("wt-answer-spot",))
        return radio, lambda: radio.value
    if kind == "plan":
        control = PlanControl(puzzle)
        return control, control.read
    # starts empty: a box showing 0 would answer "0" before the learner has typed anything
    number = ipywidgets.Text(value="", placeholder=say("a number"), description=say("Points:"),
                             _dom_classes=("wt-answer-points",))
    return number, lambda: _whole_number(number.value)


def _on_enter(box: ipywidgets.Text, action: Callable[[], None]) -> None:
    """Run ``action`` when the learner presses Enter in ``box``, as the Check button does.

    The submit event is what Enter sends. Its suggested replacement, a value that updates only
    on commit, would also fire when the box loses focus on the way to the Check button, and
    spend the learner's first try twice; hence the deprecated call, with its warning quiet.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        box.on_submit(lambda _box: action())


def _whole_number(text: str) -> int | None:
    """The points typed, or ``None`` (the learner is asked again) when it is no number."""
    text = text.strip()
    return int(text) if text.isdigit() else None


def _hand_score_control(puzzle: Puzzle) -> tuple[Any, Callable[[], Any]]:
    """One number box per side, named in words; read only when every box holds a number."""
    boxes = {}
    for side in hand_score.side_list(puzzle):
        box = ipywidgets.Text(value="", placeholder=say("points"),
                              description=f"{side_named(side)}:",
                              style={"description_width": "initial"},
                              _dom_classes=("wt-answer-hand-score",))
        boxes[side] = box
    column = ipywidgets.VBox(list(boxes.values()), _dom_classes=("wt-answer-hand-scores",))

    def read() -> Any:
        numbers = {side: _whole_number(box.value) for side, box in boxes.items()}
        if any(number is None for number in numbers.values()):
            return None
        return numbers

    return column, read


KEEP = "keep"
"""A placement chooser's value for a card that stays in the hand."""


def _placement_control(puzzle: Puzzle) -> tuple[Any, Callable[[], Any]]:
    """One chooser per offered card: the card of the trick it goes on (or, when more cards are
    offered than were led, the hand it stays in)."""
    assert puzzle.play is not None
    heading = [table_card.card for table_card in puzzle.state.trick.head]
    keep = [(say("stays in hand"), KEEP)] if len(puzzle.play.cards) > len(heading) else []
    rows = []
    choosers = {}
    for card in puzzle.play.cards:
        chooser = ipywidgets.Dropdown(
            options=[(say("(choose)"), None)]
            + [(say("on {card} ({code})", card=target.name_in(current()),
                    code=target.symbol_code), target.code) for target in heading]
            + keep,
            value=None,
            description=f"{card.name_in(current())}:",
            style={"description_width": "initial"},
            _dom_classes=("wt-answer-placement",),
        )
        choosers[card.code] = chooser
        rows.append(chooser)
    box = ipywidgets.VBox(rows, _dom_classes=("wt-answer-placements",))

    def read() -> Any:
        if any(chooser.value is None for chooser in choosers.values()):
            return None
        placed = " ".join(f"{code}>{chooser.value}" for code, chooser in choosers.items()
                          if chooser.value != KEEP)
        assert puzzle.play is not None
        return f"{puzzle.play.seat}: {placed}"

    return box, read


def _allowed_control(puzzle: Puzzle) -> tuple[Any, Callable[[], Any]]:
    """One checkbox per listed play (a click or Space each; Tab reaches them all)."""
    boxes = []
    for play in puzzle.plays:
        cards = " ".join(card.symbol_code for card in play.cards)
        box = ipywidgets.Checkbox(value=False, description=say("{seat} plays {cards}",
                                                               seat=seat_mark(play.seat),
                                                               cards=cards),
                                  indent=False, _dom_classes=("wt-answer-allowed",))
        boxes.append(box)
    ask = say("Which of these plays are allowed?" if puzzle.kind == "allowed"
              else "Which of these plays do it?")
    column = ipywidgets.VBox([_html("wt-answer-allowed-ask",
                                    f"<b>{ask}</b> {say('(choose all that apply)')}"), *boxes],
                             _dom_classes=("wt-answer-allowed-list",))

    def read() -> Any:
        picked = [str(play) for play, box in zip(puzzle.plays, boxes, strict=True)
                  if box.value]
        return picked or "none"  # nothing ticked: the learner says none is allowed

    return column, read


def _rules_html(rule_ids: Sequence[str]) -> str:
    known = [rule for rule in rule_ids if rule in RULE_TITLES]
    if not known:
        return ""
    items = "".join(f'<li><span class="wt-rule" style="font-weight:bold">{escape(rule)}</span> '
                    f"{escape(rule_title(rule, current()), quote=False)}</li>" for rule in known)
    return (f'<details class="wt-rules"><summary>{say("The rules behind this")}</summary>'
            f'<ul style="margin:2px 0;padding-left:20px">{items}</ul></details>')


_RETRY = N_("Change your answer and press Check to try again")
_RETRY_PLAN = N_("Play again from the start: your hand is back")
"""A plan is judged as it is played: another try starts with the first card, no Check."""


def _summary_html(summary: str) -> str:
    return (f'<p class="wt-feedback__summary" style="margin:2px 0;font-weight:bold">'
            f"{text_html(summary)}</p>")


def _why_html(why: str) -> str:
    """The one plain line that says why an answer is wrong, shown at once."""
    if not why:
        return ""
    return (f'<p class="wt-feedback__why" style="margin:2px 0"><b>{say("Why:")}</b> '
            f"{text_html(why)}</p>")


def _lesson_html(lesson: str) -> str:
    """The puzzle's lesson, its one authored sentence."""
    if not lesson:
        return ""
    return (f'<p class="wt-feedback__lesson" style="margin:4px 0;font-style:italic">'
            f"{text_html(lesson)}</p>")


def _retry_html(ways: str = "", retry: str = _RETRY) -> str:
    return f'<p class="wt-feedback__retry">{say(retry)}{say(ways)}.</p>'


def _trace_html(verdict: Verdict) -> str:
    """The engine's card-by-card reasons, with their rule ids, folded beneath the lesson."""
    parts = []
    if verdict.reasons:
        parts.append(reasons_html(verdict.reasons, lang=current()))
    if verdict.next_reasons:
        parts.append(f'<p style="margin:2px 0">{say("What the others then do:")}</p>')
        parts.append(reasons_html(verdict.next_reasons, lang=current()))
    parts.append(_rules_html(verdict.rule_ids))
    if not verdict.reasons and not verdict.next_reasons:
        return "".join(parts)
    return (f'<details class="wt-feedback__trace"><summary>{say("Card by card")}</summary>'
            f'{"".join(parts)}</details>')


def _verdict_html(verdict: Verdict, lesson: str = "", shown: bool = False,
                  retry: str = _RETRY) -> str:
    """The feedback: what was answered, why it is wrong (at once), the lesson, then the
    engine's trace folded. ``shown``: the learner asked for the answer, so no "try again"."""
    parts = [_summary_html(verdict.summary)]
    if not verdict.correct:
        parts.append(_why_html(verdict.why))
    parts.append(_lesson_html(lesson))
    if verdict.correct and verdict.others:
        others = ", ".join(verdict.others)
        parts.append(f'<p class="wt-feedback__others">{say("Also correct:")} '
                     f"{text_html(others)}.</p>")
    elif verdict.correct:
        parts.append(f'<p class="wt-feedback__others">{say("This is the only correct answer.")}'
                     "</p>")
    elif not shown:
        parts.append(_retry_html(retry=retry))
    parts.append(_trace_html(verdict))
    return "".join(parts)


def _first_miss_html(verdict: Verdict) -> str:
    """A first miss: this answer is wrong and why, the right answer still kept back."""
    return (_summary_html(verdict.withheld) + _why_html(verdict.why)
            + _retry_html(N_(", take a hint, or show the answer")))


def _hint_html(number: int, hint: Hint) -> str:
    return (f'<div class="wt-hint__step" data-step="{number}" style="margin:4px 0;'
            f'font-family:Helvetica,Arial,sans-serif">'
            f'<strong>{say("Hint {number}:", number=number)} '
            f"{escape(hint.title, quote=False)}.</strong> {text_html(hint.text)}"
            "</div>")
