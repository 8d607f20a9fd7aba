"""TrickTable: the seats around a table, the cards of a trick in play order, step by step.

Seats sit as at a real table: N top, E right, S bottom, W left (partners facing); with three
players A left, B top, C right; with two, A bottom and B top. Play goes clockwise. The heading
group is outlined; in a trick of several cards each, the answering cards lie on the card they
attack, offset, as players lay them. Every step shows the engine's reason for it.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from worms_tutor.analysis.search import Line
from worms_tutor.formats.explain import Reason, explain_record, explain_step
from worms_tutor.formats.scenario import Replay, Scenario
from worms_tutor.mechanics.hand import HandState, TrickRecord
from worms_tutor.mechanics.trick import Trick
from worms_tutor.presentation.display import card_html, reasons_html
from worms_tutor.presentation.glossary import abbr
from worms_tutor.values.cards import Card
from worms_tutor.values.errors import WormsError
from worms_tutor.values.language import seat as seat_word
from worms_tutor.values.rules import SEATS_BY_PLAYERS
from worms_tutor.values.seating import side_of

from .language import N_, current, say, seat_mark
from .page_widgets import button_style, html_style, layout, layout_auto, layout_hidden
from .style import replay_or_problem

log = logging.getLogger("worms_tutor.widgets")

TRICK_CARD_WIDTH = 72
HAND_CARD_WIDTH = 40
STACK_OFFSET = (16, 26)  # x, y pixels between a card and the card laid on it

GRID_PLACES: dict[int, dict[str, str]] = {
    4: {"N": "1 / 2", "E": "2 / 3", "S": "3 / 2", "W": "2 / 1"},
    3: {"A": "2 / 1", "B": "1 / 2", "C": "2 / 3"},
    2: {"A": "3 / 2", "B": "1 / 2"},
}
"""Where each seat sits in the 3 × 3 table grid (row / column); the trick is in the middle."""

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
SIDE_NAMES = {"NS": N_("N–S"), "EW": N_("E–W")}

Hands = tuple[tuple[str, tuple[Card, ...]], ...]


@dataclass(frozen=True)
class Frame:
    """One moment of the table: the trick as it lies, the hands, and why it got here."""

    trick: Trick
    players: int
    caption: str
    reasons: tuple[Reason, ...] = ()
    hands: Hands = ()
    illegal: str = ""


# -- building frames from engine values ---------------------------------------------------


def frames_from_replay(replay: Replay) -> tuple[Frame, ...]:
    """The start position, then one frame per play (and the illegal play, if one stopped it)."""
    players = replay.scenario.rules.players
    states = replay.states
    first = states[0]
    frames = [Frame(first.trick, players, say("Start: {turn}", turn=_to_move(first)), (),
                    first.hands)]
    for index, (before, after) in enumerate(itertools.pairwise(states)):
        play = replay.scenario.plays[index]
        hands = _hands_after(before.hands, play.seat, play.cards)
        if len(after.records) > len(before.records):
            record = after.records[-1]
            frames.append(_result_frame(record, players, hands, len(after.records)))
        else:
            step = after.trick.steps[-1]
            reasons = explain_step(step, after.trick)
            caption = _play_caption(len(after.records) + 1, step.position)
            frames.append(Frame(after.trick, players, caption, reasons, hands))
    if replay.illegal is not None:
        illegal = replay.illegal
        last = states[-1]
        text = say("{seat} may not play that: {refusal} ({rule})", seat=seat_word(illegal.seat),
                   refusal=illegal.refusal.message_in(current()), rule=illegal.refusal.rule)
        frames.append(Frame(last.trick, players, say("Illegal play"), (), last.hands, text))
    return tuple(frames)


def frames_from_records(records: Sequence[TrickRecord], players: int) -> tuple[Frame, ...]:
    """Every step of every trick, the trick's result on its last step."""
    frames: list[Frame] = []
    for number, record in enumerate(records, start=1):
        full = record.trick
        trick = Trick.start(full.rules, full.leader, full.specials_off)
        for step in full.steps[:-1]:
            trick = trick.with_step(step)
            caption = _play_caption(number, step.position)
            frames.append(Frame(trick, players, caption, explain_step(step, trick)))
        frames.append(_result_frame(record, players, (), number))
    return tuple(frames)


def frames_from_trick(trick: Trick, players: int, hands: Hands = ()) -> tuple[Frame, ...]:
    """A trick in progress (or complete), one frame per group played."""
    partial = Trick.start(trick.rules, trick.leader, trick.specials_off)
    start = say("{seat} to lead", seat=seat_word(trick.leader))
    frames = [Frame(partial, players, start, (), hands)]
    for step in trick.steps:
        partial = partial.with_step(step)
        caption = say("{ordinal} play", ordinal=say(ORDINALS[step.position]))
        frames.append(Frame(partial, players, caption, explain_step(step, partial), hands))
    return tuple(frames)


def frames_from_line(line: Line) -> tuple[Frame, ...]:
    """A predicted line of play (from ``worms_tutor.analysis.search``): its plays, step by step."""
    scenario_like = _replay_of_line(line)
    return frames_from_replay(scenario_like)[1:]


def _replay_of_line(line: Line) -> Replay:
    states = [line.start]
    for play in line.plays:
        states.append(states[-1].play(play))
    scenario = Scenario(
        rules=line.start.rules, hands=line.start.hands, leader=line.start.leader,
        plays=line.plays,
    )
    return Replay(scenario, tuple(states))


def _result_frame(record: TrickRecord, players: int, hands: Hands, number: int) -> Frame:
    step = record.trick.steps[-1]
    step_reasons = explain_step(step, record.trick)
    before = {r for s in record.trick.steps for r in explain_step(s, record.trick)}
    result = tuple(r for r in explain_record(record, players) if r not in before)
    caption = say("Trick {number}: {seat} wins", number=number, seat=seat_word(record.winner))
    return Frame(record.trick, players, caption, (*step_reasons, *result), hands)


def _hands_after(hands: Hands, seat: str, cards: Iterable[Card]) -> Hands:
    gone = set(cards)
    return tuple((s, tuple(c for c in held if not (s == seat and c in gone))) for s, held in hands)


def _play_caption(trick: int, position: int) -> str:
    return say("Trick {number}, {ordinal} play", number=trick,
               ordinal=say(ORDINALS[position]))


def _to_move(state: HandState) -> str:
    seat = state.to_move
    return say("{seat} to play", seat=seat_word(seat)) if seat else say("the hand is over")


# -- drawing -------------------------------------------------------------------------------


def table_html(
    frame: Frame,
    *,
    show_hands: str = "hidden",
    omit_hand: str | None = None,
    card_width: int = TRICK_CARD_WIDTH,
    show_heading: bool = True,
    show_sides: bool = True,
) -> str:
    """The table at one frame as HTML; ``show_hands`` is ``open``, ``hidden`` or ``none``;
    ``show_heading=False`` keeps who heads a secret (for "who wins?" questions);
    ``show_sides=False`` labels seats without partnerships (before partners are drawn)."""
    trick = frame.trick
    players = frame.players
    seats = SEATS_BY_PLAYERS[players]
    multi = trick.size > 1
    heading = trick.head_seat if trick.steps and show_heading else None
    order: dict[str, list[int]] = {}
    groups: dict[str, list[Card]] = {}  # with two players each seat plays twice a trick
    for step in trick.steps:
        order.setdefault(step.seat, []).append(step.position)
        groups.setdefault(step.seat, []).extend(step.play.cards)
    heading_cards = {table_card.card for table_card in trick.head} if heading else set()
    hands = dict(frame.hands)
    cells = []
    for seat in seats:
        classes = ["wt-seat", f"wt-seat-{seat}"]
        if seat == heading:
            classes.append("wt-heading")
        paired = players == 4 and show_sides
        label = f"{seat_mark(seat)} · {say(SIDE_NAMES.get(side_of(seat), seat))}" if paired \
            else seat_mark(seat)
        status = status_html = ""
        if seat in order:
            played = " & ".join(say(ORDINALS[position]) for position in order[seat])
            status = played + (" · " + say("heads") if seat == heading else "")
            # "heads" shows its definition on hover and on keyboard focus
            status_html = escape(played) + (
                " · " + abbr("heads", say("heads"), focusable=True, lang=current())
                if seat == heading else "")
        parts = [
            # the name and the status each stay on one line; the status goes under the name
            # when the seat is narrow
            f'<div class="wt-seat__label" style="font-weight:bold;text-align:center">'
            f'<span style="white-space:nowrap">{escape(label)}</span> '
            f'<span class="wt-seat__status" style="font-weight:normal;margin-left:6px;'
            f'display:inline-block;white-space:nowrap">{status_html}</span></div>'
        ]
        if seat in groups and not multi:
            parts.append(_group_html(groups[seat], heading_cards, card_width))
        if show_hands != "none" and seat in hands and seat != omit_hand:
            parts.append(_hand_html(hands[seat], show_hands == "open"))
        style = (f"grid-area:{GRID_PLACES[players][seat]};display:flex;flex-direction:column;"
                 "align-items:center;gap:4px;padding:6px;border-radius:10px;min-width:90px;"
                 + ("background:#fff3cd;box-shadow:0 0 0 3px #e6a100;" if seat == heading
                    else ""))
        cells.append(f'<div class="{" ".join(classes)}" style="{style}" '
                     f'aria-label="{escape(_seat_name(seat, status))}">{"".join(parts)}</div>')
    if multi:
        centre = _stacks_html(trick, card_width, show_heading)
    else:  # before partners are drawn nobody leads yet
        centre = _centre_caption(trick) if show_sides else ""
    cells.append(f'<div class="wt-table__centre" style="grid-area:2 / 2;display:flex;'
                 f'justify-content:center;align-items:center;min-height:60px;min-width:0;'
                 f'max-width:100%">{centre}</div>')
    return (
        f'<div class="wt-table wt-table--{players}p" role="group" aria-label="{say("Card table")}" '
        'style="display:grid;grid-template-columns:1fr minmax(0,auto) 1fr;'
        "grid-template-rows:auto auto auto;"
        "gap:8px;align-items:center;justify-items:center;background:#e6f2ea;border:2px solid "
        '#2e6b45;border-radius:16px;padding:10px;max-width:760px;box-sizing:border-box;'
        "font-family:Helvetica,Arial,sans-serif;"
        f'color:#111">{"".join(cells)}</div>'
    )


def _seat_name(seat: str, status: str) -> str:
    return (say("Seat {seat}, played {status}", seat=seat, status=status) if status
            else say("Seat {seat}", seat=seat))


def _group_html(cards: Sequence[Card], heading: set[Card], width: int) -> str:
    items = "".join(card_html(card, width=width, highlight="heads" if card in heading else None,
                              lang=current())
                    for card in cards)
    return f'<div class="wt-seat__play" style="display:flex;gap:4px">{items}</div>'


def _hand_html(cards: Sequence[Card], open_: bool) -> str:
    if not cards:
        return f'<div class="wt-seat__hand" style="font-size:12px">{say("(no cards)")}</div>'
    items = "".join(card_html(card, width=HAND_CARD_WIDTH, face_down=not open_, lang=current())
                    for card in cards)
    label = say("open hand") if open_ else say("{count} cards", count=len(cards))
    return (f'<div class="wt-seat__hand" title="{label}" style="display:flex;gap:2px;'
            f'opacity:0.95">{items}</div>')


def _centre_caption(trick: Trick) -> str:
    if not trick.steps:
        lead = abbr("lead", say("lead"), focusable=True, lang=current())
        return (f'<span class="wt-table__caption">'
                f'{say("{seat} to {lead}", seat=seat_word(trick.leader), lead=lead)}</span>')
    if trick.is_complete:
        return f'<span class="wt-table__caption">{say("Trick complete")}</span>'
    played = say("{count} of {groups} played", count=len(trick.steps), groups=trick.groups)
    return f'<span class="wt-table__caption">{played}</span>'


def _stacks_html(trick: Trick, width: int, show_heading: bool = True) -> str:
    """Each led card starts a pile; each later card lies on the card it attacked."""
    lead = trick.steps[0]
    piles: list[list[tuple[Card, str, int]]] = [[(card, lead.seat, 0)] for card in lead.play.cards]
    where = {(card, lead.seat): index for index, card in enumerate(lead.play.cards)}
    for step in trick.steps[1:]:
        free = list(range(len(piles)))
        for index, card in enumerate(step.play.cards):
            pairing = next((p for p in step.pairings if p.card == card), None)
            target = where.get((pairing.target.card, pairing.target.seat)) if pairing else None
            number = target if target is not None else free[index % len(free)]
            piles[number].append((card, step.seat, step.position))
            where[(card, step.seat)] = number
    head = {(tc.card, tc.seat) for tc in trick.head} if show_heading else set()
    dx, dy = STACK_OFFSET
    height = int(width * 1.4) + dy * (len(trick.steps) - 1) + 18
    out = []
    for pile in piles:
        layers = []
        for depth, (card, seat, position) in enumerate(pile):
            heads = (card, seat) in head
            drawn = card_html(card, width=width, highlight="heads" if heads else None,
                              lang=current())
            layers.append(
                f'<div class="wt-stack__card{" wt-heading" if heads else ""}" '
                f'data-seat="{seat}" style="position:absolute;left:{depth * dx}px;'
                f'top:{depth * dy}px;z-index:{depth + 1}">'
                f'<span class="wt-stack__tag" style="position:absolute;right:-6px;top:-8px;'
                f"z-index:{depth + 20};background:#111;color:#fff;border-radius:8px;"
                f'font-size:11px;padding:0 4px">{seat} {say(ORDINALS[position])}</span>'
                f"{drawn}</div>"
            )
        span = width + dx * (len(pile) - 1) + 8
        out.append(f'<div class="wt-stack" style="position:relative;width:{span}px;'
                   f'height:{height}px">{"".join(layers)}</div>')
    # piles wrap onto a second row where the table is too narrow for all of them in one
    return (f'<div class="wt-stacks" style="display:flex;flex-wrap:wrap;justify-content:center;'
            f'gap:14px">{"".join(out)}</div>')


def step_reason_html(reasons: Sequence[Reason], illegal: str = "") -> str:
    """The table's status line (``wt-step-reason``, read out as it changes): the engine's
    reasons for what was played, an illegal play first, in plain words (rule ids on hover)."""
    shown = reasons_html(reasons, illegal=illegal, with_ids=False, lang=current()) \
        if reasons or illegal else say("Nothing played yet.")
    return f'<div class="wt-step-reason" role="status" aria-live="polite">{shown}</div>'


# -- the widget ----------------------------------------------------------------------------


class TrickTable(ipywidgets.VBox):  # type: ignore[misc]
    """A table you step through with First / Back / Next / Last buttons (keyboard operable)."""

    def __init__(
        self,
        frames: Sequence[Frame],
        *,
        start: int | None = None,
        show_hands: str = "hidden",
        omit_hand: str | None = None,
        card_width: int = TRICK_CARD_WIDTH,
        explain: bool = True,
        show_sides: bool = True,
        show_reason: bool = True,
        **kwargs: Any,
    ) -> None:
        """``show_reason=False`` leaves out the box of the engine's reasons (a table where
        nothing is played has none to give)."""
        if not frames:
            raise WormsError("a table needs at least one moment to show")
        if show_hands not in ("open", "hidden", "none"):
            raise WormsError(f"show_hands is open, hidden or none, not {show_hands!r}")
        self.frames = tuple(frames)
        self.show_hands = show_hands
        self.omit_hand = omit_hand
        self.card_width = card_width
        self.explain = explain
        self.show_sides = show_sides
        self.index = max(0, min(len(self.frames) - 1 if start is None else start,
                                len(self.frames) - 1))
        # every widget opens with the state of the first step shown: no update follows
        board, caption, reason, at_start, at_end = self._step_values()
        self.board = ipywidgets.HTML(board, layout=layout(), style=html_style(),
                                     _dom_classes=("wt-table-board",))
        self.caption = ipywidgets.HTML(caption, layout=layout(), style=html_style(),
                                       _dom_classes=("wt-step-caption",))
        self.reason = ipywidgets.HTML(reason, layout=layout() if show_reason else layout_hidden(),
                                      style=html_style(), _dom_classes=("wt-step-reason-box",))
        disabled = {"First": at_start, "Back": at_start, "Next": at_end, "Last": at_end}
        self.buttons = {
            name: ipywidgets.Button(description=say(name), tooltip=say(tip),
                                    disabled=disabled[name], layout=layout_auto(),
                                    style=button_style(),
                                    _dom_classes=(f"wt-step-{name.lower()}",))
            for name, tip in ((N_("First"), N_("Back to the start")),
                              (N_("Back"), N_("One step back")),
                              (N_("Next"), N_("One step forward")),
                              (N_("Last"), N_("To the last step")))
        }
        for name, button in self.buttons.items():
            button.on_click(self._mover(name))
        children = [self.board]
        if len(self.frames) > 1:
            children.append(ipywidgets.HBox([*self.buttons.values(), self.caption],
                                            layout=layout(), _dom_classes=("wt-step-controls",)))
        children.append(self.reason)
        classes = ("wt-trick-table", *kwargs.pop("_dom_classes", ()))
        super().__init__(children=children, _dom_classes=classes, **kwargs)

    # -- constructors --------------------------------------------------------------------

    @classmethod
    def from_replay(cls, replay: Replay, **kwargs: Any) -> TrickTable:
        """Every play of a replayed scenario; opens on the last step."""
        return cls(frames_from_replay(replay), **kwargs)

    @classmethod
    def from_scenario(
        cls, scenario: Scenario | Mapping[str, Any], **kwargs: Any
    ) -> TrickTable | ipywidgets.HTML:
        """A scenario (or its JSON object, design.md §2) replayed on the table; a malformed
        or impossible one gives a message naming the problem instead."""
        replay = replay_or_problem(scenario, say("This position cannot be shown"),
                                   "wt-table-problem")
        if isinstance(replay, ipywidgets.HTML):
            return replay
        return cls.from_replay(replay, **kwargs)

    @classmethod
    def from_records(cls, records: Sequence[TrickRecord], players: int = 4,
                     **kwargs: Any) -> TrickTable:
        """Completed tricks (a whole hand: ``state.records``), step by step."""
        return cls(frames_from_records(records, players), **kwargs)

    @classmethod
    def from_state(cls, state: HandState, **kwargs: Any) -> TrickTable:
        """The trick on the table of a hand in progress, with the hands around it."""
        return cls(frames_from_trick(state.trick, state.rules.players, state.hands), **kwargs)

    @classmethod
    def from_line(cls, line: Line, **kwargs: Any) -> TrickTable:
        """A line of play predicted by ``worms_tutor.analysis.search``."""
        return cls(frames_from_line(line), **kwargs)

    # -- stepping ------------------------------------------------------------------------

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    def show(self, index: int) -> None:
        """Show step ``index`` (clamped to the steps there are)."""
        self.index = max(0, min(index, len(self.frames) - 1))
        board, caption, reason, at_start, at_end = self._step_values()
        self.board.value = board
        self.caption.value = caption
        self.reason.value = reason
        self.buttons["First"].disabled = self.buttons["Back"].disabled = at_start
        self.buttons["Next"].disabled = self.buttons["Last"].disabled = at_end

    def _step_values(self) -> tuple[str, str, str, bool, bool]:
        """What the table shows at step ``self.index``: the board, the caption and the
        reasons as HTML, and whether that step is the first and the last."""
        frame = self.frames[self.index]
        board = table_html(frame, show_hands=self.show_hands, omit_hand=self.omit_hand,
                           card_width=self.card_width, show_heading=self.explain,
                           show_sides=self.show_sides)
        caption = frame.caption if self.explain else frame.caption.split(":")[0]
        step = say("Step {number} of {count}", number=self.index + 1, count=len(self.frames))
        caption_html = (f'<span class="wt-step-caption__text" style="margin-left:8px">'
                        f"{step}: {escape(caption)}</span>")
        hidden = say("The table's reasons appear with the answer.")
        reason = step_reason_html(frame.reasons, frame.illegal) if self.explain else (
            f'<div class="wt-step-reason wt-step-reason--hidden">{hidden}</div>')
        return board, caption_html, reason, self.index == 0, self.index == len(self.frames) - 1

    def step(self, delta: int) -> None:
        self.show(self.index + delta)

    def set_explain(self, on: bool = True) -> None:
        """Show (or keep back) who heads and the engine's reasons."""
        if on == self.explain:
            return
        self.explain = on
        self.show(self.index)

    def reveal(self, open_: bool = True) -> None:
        """Show every hand face up (presenter mode's "reveal all hands"), or hide them again."""
        shown = "open" if open_ else "hidden"
        if shown == self.show_hands:
            return
        self.show_hands = shown
        self.show(self.index)

    def _mover(self, name: str) -> Any:
        def move(_button: Any) -> None:
            try:
                if name == "First":
                    self.show(0)
                elif name == "Last":
                    self.show(len(self.frames) - 1)
                else:
                    self.step(-1 if name == "Back" else 1)
            except Exception as error:  # a dead table is worse than a message
                log.exception("TrickTable step failed")
                problem = say("This step could not be shown ({problem}).",
                              problem=escape(str(error)))
                self.reason.value = f'<div class="wt-error">{problem}</div>'

        return move
