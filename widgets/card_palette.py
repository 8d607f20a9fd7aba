"""CardPalette: build a position by clicking, as a board editor does: the 36 cards, and the
place the next card goes to (a seat's hand, the stock, the cards played earlier).

The palette holds no position of its own: its owner (the explorer) keeps the cards in its
text fields, tells the palette where each card is (``used``), and is told which card was
clicked (``on_card``); typing codes stays a shortcut.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import anywidget
import traitlets

from worms_tutor.values.cards import PACK, Suit

from .language import current, say
from .style import static_text, stylesheet


class CardPalette(anywidget.AnyWidget):
    """The 36 cards as buttons and a choice of place; ``target`` is the chosen place's key."""

    _esm = static_text("card_palette.js")
    _css = stylesheet()

    cards: traitlets.List[list[Any]] = traitlets.List().tag(sync=True)
    """[code, text on the button, spoken name, red?] for every card of the pack, in order."""
    places: traitlets.List[list[str]] = traitlets.List().tag(sync=True)
    """[key, name] of each place a card can go to."""
    target = traitlets.Unicode("").tag(sync=True)
    used = traitlets.Dict().tag(sync=True)
    """Card code → the key of the place it is in."""
    labels = traitlets.Dict().tag(sync=True)
    """The palette's words in the page's language (the view shows English without them)."""

    def __init__(self, places: Sequence[tuple[str, str]], **kwargs: Any) -> None:
        self._listeners: list[Callable[[str], None]] = []
        cards = [[card.code, card.symbol_code, card.name_in(current()),
                  card.suit in (Suit.HEARTS, Suit.DIAMONDS)] for card in PACK]
        kwargs.setdefault("labels", {
            "legend": say("Click a card to put it in:"),
            "grid": say("The 36 cards: a placed card is taken back by a click"),
            "in": say(", in {place}", place="{place}"),
        })
        super().__init__(cards=cards, **kwargs)
        self.set_places(places)
        self.on_msg(self._clicked)

    def set_places(self, places: Sequence[tuple[str, str]]) -> None:
        """The places offered; the chosen one stays if still offered, else the first."""
        self.places = [list(place) for place in places]
        keys = [key for key, _name in places]
        if self.target not in keys:
            self.target = keys[0] if keys else ""

    def show_used(self, used: Mapping[str, str]) -> None:
        """Mark where each placed card is."""
        self.used = dict(used)

    def on_card(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(code)`` when a card is clicked."""
        self._listeners.append(listener)

    def _clicked(self, _widget: Any, content: Any, _buffers: Any) -> None:
        code = content.get("card") if isinstance(content, dict) else None
        if isinstance(code, str) and code in {card.code for card in PACK}:
            for listener in self._listeners:
                listener(code)
