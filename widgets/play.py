"""PlayTable: a whole match in the notebook, the learner in seat S with a bot partner (N)
against two bot opponents (E, W).

The engine decides everything: legality (``HandState.check``), the bots' choices
(``bots.decide``), each trick's result and its reasons (``explain_record``), the solver's
advice (``solver.solve``) and the hand record (``records.record_hand``). The widget only shows
them. Few widget models: the table, the explanation and the record are HTML that is rewritten,
never rebuilt.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import random
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from worms_tutor.analysis.bots import Bot, HeuristicBot, RandomBot, SamplingBot, decide
from worms_tutor.analysis.solver import SolverError, solve
from worms_tutor.formats.codes import encode
from worms_tutor.formats.explain import explain_record
from worms_tutor.formats.records import record_hand
from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import TrickRecord
from worms_tutor.mechanics.legality import LegalPlay
from worms_tutor.presentation.display import text_html
from worms_tutor.values.errors import IllegalPlay, WormsError
from worms_tutor.values.language import seat as seat_word
from worms_tutor.values.play import Play
from worms_tutor.values.rules import Rules

from .hand import HandPicker
from .language import N_, current, say, seat_named, side_named
from .scoreboard import Scoreboard
from .table import Frame, step_reason_html, table_html

log = logging.getLogger("worms_tutor.widgets")

LEARNER = "S"
EXPLORER_NOTEBOOK = "12-explore-positions.ipynb"

BOTS: dict[str, Callable[[], Bot]] = {
    N_("random (beginner)"): RandomBot,
    N_("heuristic (club player)"): HeuristicBot,
    N_("sampling (strong, thinks ~1 s)"): lambda: SamplingBot(samples=8, seconds=1.0),
}
"""Bot strengths offered to the learner: label → a fresh bot."""

LINK_STYLE = "color:#0b3d91;text-decoration:underline"

PRESET_LABELS = {"english": N_("English (pagat.com)"), "danish-club": N_("Danish club")}


def _box(kind: str, html: str) -> str:
    colours = {"note": "#eef4fb", "error": "#fdecea", "ok": "#e8f5e9"}
    return (f'<div class="wt-play-{kind}" style="background:{colours[kind]};padding:6px 10px;'
            f'border-radius:8px;margin:4px 0">{html}</div>')


WHOLE_LABEL = {"description_width": "initial"}
"""A label as wide as its words ("Computerspillere" is cut short in the default width)."""


class PlayTable(ipywidgets.VBox):  # type: ignore[misc]
    """A match against bots: pick cards, press Play, watch the bots answer, read why."""

    def __init__(self, *, seed: int | None = None, pause: float = 0.6,
                 preset: str = "english", **kwargs: Any) -> None:
        self.pause = pause
        self.on_screen = False  # bots pause between moves only where someone can watch them
        self.bots_moving: asyncio.Future[None] | None = None
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.match: Match | None = None
        self.history: list[Match] = []
        self.shown_record: TrickRecord | None = None
        self.rng = random.Random(self.seed)
        wide = ipywidgets.Layout(width="auto")
        self.preset = ipywidgets.Dropdown(
            options=[(say(label), name) for name, label in PRESET_LABELS.items()], value=preset,
            description=say("Rules"), layout=wide, style=WHOLE_LABEL)
        self.strength = ipywidgets.Dropdown(options=[(say(label), label) for label in BOTS],
                                            value="heuristic (club player)",
                                            description=say("Bots"), layout=wide,
                                            style=WHOLE_LABEL)
        self.practice = ipywidgets.Checkbox(value=True, description=say("Practice mode (undo)"),
                                            indent=False, layout=wide)
        self.new_button = ipywidgets.Button(description=say("New match"), layout=wide)
        self.status = ipywidgets.HTML()
        self.status.add_class("wt-play-status")
        self.board = ipywidgets.HTML()
        self.board.add_class("wt-play-board")
        self.picker = HandPicker(label=say("Your hand (South)"))
        self.play_button = ipywidgets.Button(description=say("Play"), button_style="primary",
                                             layout=wide)
        self.undo_button = ipywidgets.Button(description=say("Undo my last play"), layout=wide)
        self.solver_button = ipywidgets.Button(description=say("What would the solver play?"),
                                               layout=wide)
        self.record_button = ipywidgets.Button(description=say("Save the hand record"),
                                               layout=wide)
        self.message = ipywidgets.HTML()
        self.message.add_class("wt-play-message")
        self.explanation = ipywidgets.HTML()
        self.explanation.add_class("wt-play-explain")
        self.scoreboard = Scoreboard()
        self.record = ipywidgets.HTML()
        self.record.add_class("wt-play-record")
        for button, name, action in (
            (self.new_button, "new", self.new_match),
            (self.play_button, "play", self.play_selected),
            (self.undo_button, "undo", self.undo),
            (self.solver_button, "solver", self.ask_solver),
            (self.record_button, "record", self.save_record),
        ):
            button.add_class(f"wt-play-{name}")
            button.on_click(self._safely(action))
        settings = ipywidgets.HBox([self.preset, self.strength, self.practice, self.new_button])
        actions = ipywidgets.HBox([self.play_button, self.undo_button, self.solver_button,
                                   self.record_button])
        for box in (settings, actions):
            box.layout = ipywidgets.Layout(flex_flow="row wrap", grid_gap="6px")
        super().__init__(children=[settings, self.status, self.board, self.picker, actions,
                                   self.message, self.explanation, self.scoreboard, self.record],
                         **kwargs)
        self.add_class("wt-play")
        self.new_match()
        self.on_screen = True

    # -- the learner's actions ----------------------------------------------------------

    def new_match(self, seed: int | None = None) -> None:
        """Deal a new match with the chosen rules and bots; bots play until it is S's turn."""
        if seed is not None:
            self.seed = seed
        elif self.match is not None:
            self.seed = self.rng.randrange(1 << 30)
        self.bot = BOTS[self.strength.value]()
        self.bot_rng = random.Random(f"{self.seed}:bots")
        self.match = Match.new(Rules.preset(self.preset.value), self.seed)
        self.history = []
        self.shown_record = None
        self.message.value = ""
        self.explanation.value = ""
        self.record.value = ""
        self._advance()

    def play_selected(self) -> None:
        """Play the selected cards for S, if the engine allows it; then the bots answer."""
        match = self._match()
        if match.to_move != LEARNER:
            self.message.value = _box("note", say("It is not your turn."))
            return
        cards = self.picker.selected_cards
        needed = self.cards_needed()
        if len(cards) != needed and not (match.hand.trick.is_empty and cards):
            self.message.value = _box("note", say("Pick {cards} first, then press Play.",
                                                  cards=_cards(needed)))
            return
        self.play(Play(LEARNER, cards))

    def play(self, play: Play | str) -> None:
        """Play for S (``"S: KH"``); an illegal play becomes the engine's sentence on the page."""
        match = self._match()
        if isinstance(play, str):
            play = Play.parse(play, match.rules.seats)
        self.message.value = ""  # a refusal repeated is shown afresh, not left standing
        refusal = match.hand.check(play)
        if refusal is not None:
            self.message.value = _box(
                "error", say("You may not play that: {refusal} ({rule})",
                             refusal=text_html(refusal.message_in(current())),
                             rule=escape(refusal.rule)))
            return
        self.history.append(match)
        self.picker.clear()
        self._apply(play)
        self._advance()

    def undo(self) -> None:
        """Practice mode: take back S's last play (and the bots' answers to it)."""
        if not self.practice.value:
            self.message.value = _box("note", say("Undo is for practice mode: tick it above."))
            return
        if not self.history:
            self.message.value = _box("note", say("There is no play of yours to take back."))
            return
        self._stop_bots()
        reopened = self._match().over
        self.match = self.history.pop()
        self.shown_record = None
        self.explanation.value = ""
        self.message.value = _box("note", say(
            "Your last play was taken back: the match is open again." if reopened
            else "Your last play was taken back."))
        self._refresh()

    def ask_solver(self) -> None:
        """Once the stock is empty: the solver's best plays for S, seeing every hand."""
        match = self._match()
        hand = match.hand
        if match.to_move != LEARNER:
            self.message.value = _box("note", say("The solver answers when it is your turn."))
            return
        if hand.stock:
            self.message.value = _box(
                "note", say("The solver needs every card known: wait until the stock is "
                            "empty (still {count} cards).", count=len(hand.stock)))
            return
        try:
            solution = solve(hand)
        except SolverError as error:
            self.message.value = _box("note", escape(error.in_language(current())))
            return
        best = ", ".join(" ".join(str(c) for c in p.cards) for p in solution.best)
        self.message.value = _box(
            "ok", say("The solver, looking at all four hands, would play <b>{best}</b>: "
                      "your side {outcome}.", best=escape(best),
                      outcome=escape(solution.value.in_words(current()))))

    def save_record(self) -> None:
        """The current hand (or the one just finished) as a scenario file: shown, downloadable,
        and as a link that replays it in the explorer."""
        match = self._match()
        # Until the learner has played in a new hand, the hand worth saving is the one just over.
        mine = any(play.seat == LEARNER for play in match.plays)
        number = match.hand_number if mine or not match.finished else match.hand_number - 1
        scenario = record_hand(match, number)
        text = scenario.to_text()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        code = encode(scenario)
        self.record.value = (
            f'<div class="wt-play-record__box" style="margin-top:8px"><b>'
            f'{say("Hand {number} record", number=number)}'
            f"</b> ({say('{count} plays', count=len(scenario.plays))}) · "
            f'<a class="wt-play-download" style="{LINK_STYLE}" download="worms-hand-{number}.json" '
            f'href="data:application/json;base64,{data}">{say("download the file")}</a> · '
            f'<a class="wt-play-replay" style="{LINK_STYLE}" target="_blank" '
            f'href="{EXPLORER_NOTEBOOK}?position={code}">{say("replay it in the explorer")}</a>'
            f'<pre style="white-space:pre-wrap;font-size:0.8em;max-height:10em;overflow:auto">'
            f"{escape(text)}</pre></div>")

    # -- reading -----------------------------------------------------------------------

    def cards_needed(self) -> int:
        """How many cards S must pick now (a lead: 1 to 4 of a rank; the count shown is 1)."""
        trick = self._match().hand.trick
        return 1 if trick.is_empty else trick.size

    # -- internals ---------------------------------------------------------------------

    def _match(self) -> Match:
        if self.match is None:
            raise WormsError("no match has been dealt yet")
        return self.match

    def _apply(self, play: Play | LegalPlay) -> None:
        before = self._match()
        after = before.play(play)
        self.match = after
        if after.hand_number != before.hand_number:
            self.shown_record = after.finished[-1].records[-1]
        elif len(after.hand.records) > len(before.hand.records):
            self.shown_record = after.hand.records[-1]
        else:
            self.shown_record = None
        if self.shown_record is not None:
            record = self.shown_record
            reasons = explain_record(record, after.rules.players)
            number = len(before.hand.records) + 1
            title = say("Hand {hand}, trick {trick}: {seat} wins", hand=before.hand_number,
                        trick=number, seat=seat_word(record.winner))
            self.explanation.value = (
                f'<div class="wt-play-explain__title" style="font-weight:bold">{title}</div>'
                f"{step_reason_html(reasons)}")
            if after.hand_number != before.hand_number:
                self.explanation.value += _box("ok", say(
                    "Hand {number} is over. A new hand is dealt.", number=before.hand_number))

    def _advance(self) -> None:
        """Let the bots play until it is South's turn or the match is over, showing each move.
        Where someone watches, each move comes after a pause taken in the event loop (never a
        blocking sleep: in the browser-only edition that would freeze the page); otherwise,
        as while the page is being made, all at once."""
        self._stop_bots()
        self._refresh()
        if self.pause and self.on_screen and _event_loop_running():
            self.bots_moving = asyncio.ensure_future(self._bots_move_in_turn())
            return
        while self._bots_turn():
            self._bot_move()

    def _bots_turn(self) -> bool:
        match = self._match()
        return not match.over and match.to_move != LEARNER

    def _bot_move(self) -> None:
        self._apply(decide(self.bot, self._match().hand, self.bot_rng))
        self._refresh()

    async def _bots_move_in_turn(self) -> None:
        try:
            while self._bots_turn():
                await asyncio.sleep(self.pause * (2 if self.shown_record is not None else 1))
                self._bot_move()
        except Exception as error:  # a dead widget is worse than a message
            self._report(error)

    def _stop_bots(self) -> None:
        """Cancel the bots' moves still to come (a new match, an undo)."""
        if self.bots_moving is not None and not self.bots_moving.done():
            self.bots_moving.cancel()
        self.bots_moving = None

    def _refresh(self) -> None:
        match = self._match()
        hand = match.hand
        players = match.rules.players
        trick = hand.trick
        record = self.shown_record
        if record is not None and trick.is_empty:
            frame = Frame(record.trick, players, "", (), hand.hands)
        else:
            frame = Frame(trick, players, "", (), hand.hands)
        self.board.value = table_html(frame, show_hands="hidden", omit_hand=LEARNER)
        mine = match.to_move == LEARNER
        self.picker.set_cards(hand.hand_of(LEARNER))
        self.picker.max_select = max(1, min(4, len(hand.hand_of(LEARNER)))) \
            if trick.is_empty else trick.size
        self.picker.disabled = not mine
        self.play_button.disabled = not mine
        self.undo_button.disabled = not (self.practice.value and self.history)
        self.undo_button.description = say(
            "Undo my last play (reopens the match)" if match.over else "Undo my last play")
        self.solver_button.disabled = not (mine and not hand.stock)
        score = " · ".join(f"{side_named(side)} {points}" for side, points in hand.score)
        if match.over:
            turn = say("The match is over: {side} win.",
                       side=escape(side_named(match.winner or "")))
        elif mine:
            turn = say("<b>Your turn:</b> lead 1 card (or 2–4 of one rank) and press Play."
                       if trick.is_empty else "<b>Your turn:</b> pick {cards} and press Play.",
                       cards=_cards(trick.size))
        else:
            turn = say("{seat} is thinking…", seat=escape(seat_named(match.to_move or "")))
        if hand.hand_over:
            where = say("over after {tricks}", tricks=_tricks(len(hand.records)))
        else:
            where = say("trick {number}", number=len(hand.records) + 1)
        status = say("Hand {number} · {where} · stock <b>{stock}</b> cards · score {score}",
                     number=match.hand_number, where=where, stock=len(hand.stock), score=score)
        self.status.value = (
            f'<div style="font-size:1.05em">{status} · '
            f'<span class="wt-play-turn">{turn}</span></div>')
        self.scoreboard.show(hand)

    def _safely(self, action: Callable[[], None]) -> Callable[[Any], None]:
        def run(_button: Any) -> None:
            try:
                action()
            except Exception as error:  # a dead widget is worse than a message
                self._report(error)

        return run

    def _report(self, error: Exception) -> None:
        """An engine refusal as its sentence; anything else as a short apology on the page."""
        if isinstance(error, IllegalPlay):
            self.message.value = _box("error", escape(error.in_language(current())))
            return
        log.exception("PlayTable action failed", exc_info=error)
        self.message.value = _box(
            "error", say("Something went wrong ({problem}); the match is unchanged. Try again "
                         "or start a new match.", problem=escape(type(error).__name__)))
        if self.match is not None:
            self._refresh()


def _cards(count: int) -> str:
    return say("1 card") if count == 1 else say("{count} cards", count=count)


def _tricks(count: int) -> str:
    return say("1 trick") if count == 1 else say("{count} tricks", count=count)



def _event_loop_running() -> bool:
    """Whether this code runs inside an event loop (a kernel handling a click does)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
