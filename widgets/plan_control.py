"""The answer control of a planning puzzle: the learner plays trick by trick, the engine answers.

Each pick is played at once (a group of cards with the Play button); the other seats answer with
the exact solver's best play (``worms_tutor.analysis.plan``), shown on a table under the hand.
When the hand is over, or a play gives something away, the plan is handed to the puzzle to be
judged, and the control starts again from the puzzle's position for another try.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from worms_tutor.analysis import plan
from worms_tutor.analysis.puzzle import Puzzle
from worms_tutor.analysis.search import Line
from worms_tutor.analysis.verdict import symbols as _symbols
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.cards import Card
from worms_tutor.values.errors import IllegalPlay
from worms_tutor.values.play import Play

from .hand import HandPicker
from .language import say, seat_named
from .table import TrickTable


def _largest_play(state: HandState) -> int:
    """How many cards the seat to move may play at most now."""
    if state.trick.size:
        return state.trick.size
    return max((len(legal.play.cards) for legal in state.legal_plays()), default=1)


class PlanControl(ipywidgets.VBox):  # type: ignore[misc]
    """The learner's hand, a Play button, and the plan so far on a table."""

    def __init__(self, puzzle: Puzzle, **kwargs: Any) -> None:
        self.puzzle = puzzle
        self.mine: list[Play] = []
        self.judged: tuple[Play, ...] | None = None
        """The plan to judge, once it is finished (read by the puzzle's Check)."""
        self._listeners: list[Callable[[], None]] = []
        # every part opens as _offer would leave it: no update follows
        largest = _largest_play(puzzle.state)
        self.picker = HandPicker(puzzle.hand, max_select=largest,
                                 label=say("Your hand ({seat})",
                                           seat=seat_named(puzzle.seat)))
        self.play_button = ipywidgets.Button(
            description=say("Play"), tooltip=say("Play the cards you picked"),
            layout=ipywidgets.Layout(display="none" if largest == 1 else ""),
            _dom_classes=("wt-plan-play",))
        self.status = ipywidgets.HTML("", _dom_classes=("wt-plan-status",))
        self.line_box = ipywidgets.VBox(_dom_classes=("wt-plan-line",))
        self.picker.on_change(self._picked)
        self.play_button.on_click(lambda _button: self.play(self.picker.selected_cards))
        super().__init__(children=[self.picker, self.play_button, self.status, self.line_box],
                         _dom_classes=("wt-answer-plan", *kwargs.pop("_dom_classes", ())),
                         **kwargs)

    def on_finished(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` when the plan is over (the hand ended or a play was wrong)."""
        self._listeners.append(listener)

    def read(self) -> tuple[Play, ...] | None:
        return self.judged

    def _picked(self, cards: Sequence[Card]) -> None:
        if cards and self.picker.max_select == 1:
            self.play(cards)

    def play(self, cards: Sequence[Card]) -> None:
        """Play ``cards`` for the learner's seat; the others answer at once."""
        if not cards:
            return
        self.mine.append(Play(self.puzzle.seat, tuple(cards)))
        try:
            progress = plan.advance(self.puzzle, self.mine)
        except IllegalPlay:
            self._finish()
            return
        if progress.finished:
            self._finish()
            return
        self._show(progress)

    def restart(self) -> None:
        """Back to the puzzle's position for another try."""
        self.mine = []
        self.judged = None
        self._offer(self.puzzle.state)
        self.status.value = ""
        self.line_box.children = []

    def _offer(self, state: HandState) -> None:
        """The learner's cards for the next play, nothing picked; the Play button only where
        a group may be played (a single card is played as it is picked)."""
        self.picker.clear()
        self.picker.set_cards(state.hand_of(self.puzzle.seat))
        self.picker.max_select = _largest_play(state)
        self.play_button.layout.display = "none" if self.picker.max_select == 1 else ""

    def _finish(self) -> None:
        self.judged = tuple(self.mine)
        for listener in self._listeners:
            listener()
        self.restart()

    def _show(self, progress: plan.Progress) -> None:
        state = progress.state
        self._offer(state)
        replies = progress.plays[len(progress.plays) - _replies_count(progress, self.puzzle):]
        answered = ", ".join(_symbols(play) for play in replies) or say("nothing yet")
        told = say("The others answer: {plays}. Your turn again.", plays=escape(answered))
        self.status.value = (f'<p class="wt-plan-status__text" style="margin:2px 0">'
                             f"{told}</p>")
        line = Line(self.puzzle.state, progress.plays, state)
        self.line_box.children = [TrickTable.from_line(line, show_hands="none")]


def _replies_count(progress: plan.Progress, puzzle: Puzzle) -> int:
    """How many plays at the end of the line were made by the others."""
    count = 0
    for play in reversed(progress.plays):
        if play.seat == puzzle.seat:
            break
        count += 1
    return count

