"""A whole hand shown trick by trick: ``lesson.whole_hand(seed=16, dealer="N")``.

The engine deals the first hand of a match from ``seed``, the rule-aware heuristic player plays
every seat, and each finished trick is drawn with the engine's reasons, the count of tricks so
far, and the draw that follows it as it happened: which card each player took from the stock,
in the order the engine dealt them out. Nothing here knows a rule; the drawing is cached under
the call's arguments like a worked trick's.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from worms_tutor.values.language import seat as seat_word

from .drawing_cache import drawn
from .fragment import FONT, Fragment, offscreen
from .language import N_, current, say, seat_mark

if TYPE_CHECKING:
    from worms_tutor.mechanics.hand import HandState, TrickRecord
    from worms_tutor.values.cards import Card

SIDE_NAMES = {"NS": N_("N–S"), "EW": N_("E–W")}


@dataclass(frozen=True)
class PlayedTrick:
    """One finished trick of the hand and the draw after it."""

    number: int
    record: TrickRecord
    drawn: tuple[tuple[str, Card], ...]
    """(seat, card) in the order the cards left the stock."""
    stock_left: int
    held: int
    """Cards each player holds when the next trick starts."""


def played_hand(variant: str, seed: int, dealer: str) -> tuple[HandState, tuple[PlayedTrick, ...]]:
    """The dealt hand and its tricks, every seat played by the heuristic player."""
    import random

    from worms_tutor.analysis.bots import HeuristicBot, decide
    from worms_tutor.mechanics.game import Match
    from worms_tutor.values.rules import Rules

    start = Match.new(Rules.preset(variant), seed=seed, dealer=dealer).hand
    state, bot, rng = start, HeuristicBot(), random.Random(seed)
    tricks: list[PlayedTrick] = []
    while state.to_move is not None:
        before = state
        state = state.play(decide(bot, state, rng))
        if len(state.records) > len(before.records):
            tricks.append(_finished(len(state.records), before, state))
    return start, tuple(tricks)


def _finished(number: int, before: HandState, after: HandState) -> PlayedTrick:
    """What the page says of the trick that ``after`` has just finished."""
    stock = before.stock
    taken = stock[:len(stock) - len(after.stock)]
    gained = {card: seat for seat, cards in after.hands for card in cards
              if card not in before.hand_of(seat)}
    drawn_now = tuple((gained[card], card) for card in taken)
    held = max((len(cards) for _, cards in after.hands), default=0)
    return PlayedTrick(number, after.records[-1], drawn_now, len(after.stock), held)


def _side(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def _counts_html(tricks: tuple[PlayedTrick, ...], upto: int) -> str:
    won = {"NS": 0, "EW": 0}
    for trick in tricks[:upto]:
        won[_side(trick.record.winner)] += trick.record.units
    return " · ".join(f"{say(SIDE_NAMES[side])} {count}" for side, count in won.items())


def _after_html(trick: PlayedTrick, tricks: tuple[PlayedTrick, ...]) -> str:
    """The lines under a trick: who takes it, the count, the draw, who leads next."""
    from worms_tutor.presentation.display import text_html

    winner = trick.record.winner
    lines = [say("<b>{seat}</b> takes the trick. Tricks so far: {counts}.", seat=seat_word(winner),
                 counts=_counts_html(tricks, trick.number))]
    if trick.drawn:
        order = ", ".join(say("{seat} the {card}", seat=seat_word(seat), card=text_html(str(card)))
                          for seat, card in trick.drawn)
        lines.append(say("Drawing from the stock, in this order: {order}. {count} cards are "
                         "left in the stock.", order=order, count=trick.stock_left))
    elif trick.number < len(tricks):
        lines.append(say("The stock is empty, so nobody draws: each player has 1 card left."
                         if trick.held == 1 else "The stock is empty, so nobody draws: each "
                         "player has {count} cards left.", count=trick.held))
    if trick.number < len(tricks):
        lines.append(say("<b>{seat}</b> leads the next trick.", seat=seat_word(winner)))
    return "<br>".join(lines)


def _trick_html(record: TrickRecord, players: int) -> str:
    """The trick's cards in one row, each under its seat, the card that took it outlined, and
    the engine's reasons beside them."""
    from worms_tutor.formats.explain import explain_record
    from worms_tutor.presentation.card_html import cards_html
    from worms_tutor.presentation.display import reasons_html

    trick = record.trick
    marks = {card: "heads" for card in trick.steps[trick.head_step].play.cards}
    seats = "".join(
        f'<div style="text-align:center"><b>{escape(seat_mark(step.seat))}</b>'
        f"{cards_html(step.play.cards, width=56, highlights=marks, lang=current())}</div>"
        for step in trick.steps)
    return (f'<div style="display:flex;flex-wrap:wrap;gap:6px 18px;align-items:flex-start">'
            f'<div style="display:flex;gap:8px">{seats}</div>'
            f'<div style="flex:1 1 320px">'
            f'{reasons_html(explain_record(record, players), with_ids=False, lang=current())}'
            f"</div></div>")


def _draw(variant: str, seed: int, dealer: str) -> str:
    from worms_tutor.presentation.card_html import labelled_rows_html

    start, tricks = played_hand(variant, seed, dealer)
    deal = labelled_rows_html([(seat, cards) for seat, cards in start.hands], width=60,
                              lang=current())
    parts = [
        '<div class="wt-whole-hand__deal">'
        + say("<b>The deal.</b> {dealer} dealt four cards each; {count} cards lie face down in "
              "the stock. <b>{leader}</b> leads the first trick.", dealer=seat_word(dealer),
              count=len(start.stock), leader=seat_word(start.leader))
        + f"{deal}</div>"
    ]
    for trick in tricks:
        parts.append(
            f'<div class="wt-whole-hand__trick" style="margin-top:12px;{offscreen(200)}">'
            + say("<b>Trick {number}</b> — {seat} leads.", number=trick.number,
                  seat=seat_word(trick.record.leader)) +
            f"{_trick_html(trick.record, start.rules.players)}"
            f"<div>{_after_html(trick, tricks)}</div></div>")
    over = say("<b>The hand is over after {count} tricks.</b> Tricks won: {counts}.",
               count=len(tricks), counts=_counts_html(tricks, len(tricks)))
    parts.append(f'<div class="wt-whole-hand__end" style="margin-top:12px">{over}</div>')
    return (f'<div class="wt-whole-hand" style="{FONT};max-width:820px;margin:8px 0;'
            f'font-size:1.1em;line-height:1.4">{"".join(parts)}</div>')


def whole_hand(variant: str = "english", *, seed: int, dealer: str) -> Fragment:
    """The first hand of a match dealt from ``seed`` by ``dealer``, played out trick by trick
    by the engine's heuristic player, each trick with the engine's reasons and the draw."""
    return Fragment(drawn("whole_hand", (variant, seed, dealer),
                          lambda: _draw(variant, seed, dealer)))
