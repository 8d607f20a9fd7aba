"""HandPicker: a hand of cards the learner selects from, by mouse or keyboard."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from worms_tutor.presentation.svg import card_svg
from worms_tutor.values.cards import Card, parse_cards
from worms_tutor.values.errors import WormsError

from .language import N_, current, say
from .style import static_text, stylesheet

Listener = Callable[[tuple[Card, ...]], None]


class HandPicker(anywidget.AnyWidget):
    """Cards as buttons: click, Enter or Space toggles one; arrows, Home and End move.

    ``selected`` holds the chosen card codes in hand order, at most ``max_select`` of them.
    """

    _esm = static_text("hand.js")
    _css = stylesheet()

    _items = traitlets.List(traitlets.Dict()).tag(sync=True)
    _status = traitlets.Unicode("").tag(sync=True)
    _group_label = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Tuple().tag(sync=True)
    max_select = traitlets.Int(1).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("Your hand").tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    four_colour = traitlets.Bool(False)
    card_width = traitlets.Int(96)

    def __init__(
        self,
        cards: Iterable[Card | str] | str = (),
        *,
        max_select: int = 1,
        label: str = N_("Your hand"),
        disabled: bool = False,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        self._listeners: list[Listener] = []
        self._hand: tuple[Card, ...] = _hand_of(cards)
        # the widget opens with its cards and class: no update follows
        width = kwargs.pop("card_width", HandPicker.card_width.default_value)
        super().__init__(
            max_select=max_select, label=say(label), disabled=disabled, four_colour=four_colour,
            card_width=width, _items=[_item(card, width, four_colour) for card in self._hand],
            _dom_classes=("wt-hand-picker", *kwargs.pop("_dom_classes", ())), **kwargs
        )
        self.on_msg(self._on_message)

    # -- the learner's actions ---------------------------------------------------------

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the hand, in the order shown."""
        return self._hand

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        return tuple(Card.parse(code) for code in self.selected)

    def toggle(self, card: Card | str) -> None:
        """What a click does: select the card, or unselect it; a refusal becomes a notice."""
        code = _code(card)
        if self.disabled:
            self.notice = say("This hand cannot be changed now.")
            return
        if code not in {c.code for c in self._hand}:
            raise WormsError(f"{code} is not in this hand ({' '.join(c.code for c in self._hand)})")
        chosen = list(self.selected)
        if code in chosen:
            chosen.remove(code)
        elif len(chosen) < self.max_select:
            chosen.append(code)
        elif self.max_select == 1:
            chosen = [code]
        else:
            self.notice = say("You can pick at most {count} cards: unselect one first.",
                              count=self.max_select)
            return
        with self.hold_sync():  # notice and selection reach the browser as one message
            self.notice = ""
            self.selected = tuple(chosen)

    def clear(self) -> None:
        """Unselect every card."""
        self.notice = ""
        self.selected = ()

    def set_cards(self, cards: Iterable[Card | str] | str) -> None:
        """Show a new hand; the selection keeps only cards still in it."""
        hand = _hand_of(cards)
        self._hand = hand
        self._items = [_item(card, self.card_width, self.four_colour) for card in hand]
        codes = {card.code for card in hand}
        self.selected = tuple(code for code in self.selected if code in codes)
        self._refresh_text()

    def on_change(self, listener: Listener) -> None:
        """Call ``listener(selected_cards)`` whenever the selection changes."""
        self._listeners.append(listener)

    # -- internals ---------------------------------------------------------------------

    @traitlets.validate("selected")
    def _valid_selection(self, proposal: Any) -> tuple[str, ...]:
        codes = tuple(_code(card) for card in proposal["value"])
        hand = [card.code for card in self._hand]
        for code in codes:
            if code not in hand:
                raise WormsError(f"cannot select {code}: it is not in this hand")
        if len(set(codes)) != len(codes):
            raise WormsError(f"{' '.join(codes)} selects a card twice")
        if len(codes) > self.max_select:
            raise WormsError(f"at most {self.max_select} cards may be selected, not {len(codes)}")
        return tuple(sorted(codes, key=hand.index))

    @traitlets.validate("max_select")
    def _valid_max(self, proposal: Any) -> int:
        value = int(proposal["value"])
        if value < 1:
            raise WormsError(f"max_select must be at least 1, not {value}")
        return value

    @traitlets.observe("selected")
    def _selection_changed(self, change: Any) -> None:
        self._refresh_text()
        cards = self.selected_cards
        for listener in list(self._listeners):
            listener(cards)

    @traitlets.observe("max_select", "label", "disabled")
    def _settings_changed(self, change: Any) -> None:
        if change["name"] == "max_select" and len(self.selected) > self.max_select:
            self.selected = self.selected[: self.max_select]
        self._refresh_text()

    @traitlets.observe("four_colour", "card_width")
    def _look_changed(self, change: Any) -> None:
        self._items = [_item(card, self.card_width, self.four_colour) for card in self._hand]

    def _refresh_text(self) -> None:
        picks = say("1 card") if self.max_select == 1 else say("up to {count} cards",
                                                                count=self.max_select)
        suffix = say(" (not active now)") if self.disabled else say(": pick {cards}", cards=picks)
        self._group_label = f"{self.label}{suffix}"
        names = [card.name_in(current()) for card in self.selected_cards]
        self._status = say("Selected: {cards}", cards="; ".join(names)) if names \
            else say("Nothing selected yet.")

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "toggle":
            return
        try:
            self.toggle(str(content.get("code", "")))
        except WormsError as error:
            self.notice = say("That card could not be picked ({problem}).",
                              problem=error.in_language(current()))


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _code(card: Card | str) -> str:
    return _card(card).code


def _hand_of(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The cards of a hand, each once."""
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(_card(c) for c in cards)
    if len(set(hand)) != len(hand):
        raise WormsError(f"a hand holds each card once: {' '.join(c.code for c in hand)}")
    return hand


def _item(card: Card, width: int, four_colour: bool) -> dict[str, str]:
    """What the browser draws for one card of the hand."""
    svg = card_svg(card, width=width, four_colour=four_colour, lang=current())
    return {"code": card.code, "name": card.name_in(current()), "svg": svg}
