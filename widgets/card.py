"""CardView: one card shown as a widget, redrawn when its settings change."""

from __future__ import annotations

from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import traitlets

from worms_tutor.presentation.display import card_html
from worms_tutor.presentation.svg import DEFAULT_WIDTH
from worms_tutor.values.cards import Card

from .language import current


class CardView(ipywidgets.HTML):  # type: ignore[misc]
    """A card picture (SVG) with the ``wt-card-view`` class; set ``card`` to show another."""

    card = traitlets.Unicode("KH")
    face_down = traitlets.Bool(False)
    four_colour = traitlets.Bool(False)
    highlight = traitlets.Unicode(None, allow_none=True)
    width = traitlets.Float(DEFAULT_WIDTH)

    def __init__(self, card: Card | str = "KH", **kwargs: Any) -> None:
        super().__init__(card=_code(card), **kwargs)
        self.add_class("wt-card-view")
        self._draw()

    @property
    def value_card(self) -> Card:
        """The card shown, as an engine value."""
        return Card.parse(self.card)

    @traitlets.validate("card")
    def _valid_card(self, proposal: Any) -> str:
        return _code(proposal["value"])

    @traitlets.observe("card", "face_down", "four_colour", "highlight", "width")
    def _settings_changed(self, _change: Any) -> None:
        self._draw()

    def _draw(self) -> None:
        self.value = card_html(
            self.value_card,
            width=self.width,
            highlight=self.highlight,
            face_down=self.face_down,
            four_colour=self.four_colour,
            lang=current(),
        )


def _code(card: Card | str) -> str:
    return card.code if isinstance(card, Card) else Card.parse(card).code
