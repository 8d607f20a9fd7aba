"""RankLadder: the 36-card ranking as a printable chart (matplotlib), and a widget that shows
the picture. Its rungs come from ``ladder_rows``; a chapter shows the same rungs as HTML
(``ladder_chart``), without matplotlib.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from worms_tutor.presentation.svg import suit_colour
from worms_tutor.values.cards import Card, parse_cards
from worms_tutor.values.errors import WormsError

from .ladder_rows import LadderRow, normal_rows, ranking_text, seven_rows
from .language import N_, current, say

FORMATS = ("png", "pdf", "svg")
_LEFT_WIDTH = 0.54
_RUNGS = 15
_FONT = "DejaVu Sans"  # ships with matplotlib, so the suit symbols print everywhere


@dataclass(frozen=True)
class RankLadder:
    """The ranking chart, with some cards highlighted; ``save("sheet.pdf")`` prints it."""

    highlight: frozenset[Card] = field(default_factory=frozenset)
    four_colour: bool = False
    title: str = N_("Worms (Voormsi): which card beats which")

    @classmethod
    def of(cls, cards: Iterable[Card | str] | str = (), **options: Any) -> RankLadder:
        """A ladder highlighting ``cards`` (codes or ``Card`` values)."""
        chosen = parse_cards(cards) if isinstance(cards, str) else tuple(map(_card, cards))
        return cls(highlight=frozenset(chosen), **options)

    def figure(self) -> Figure:
        """The chart as a matplotlib figure (A4 landscape), made without pyplot."""
        figure = Figure(figsize=(11.69, 8.27))
        figure.suptitle(say(self.title), fontsize=18, fontweight="bold", family=_FONT)
        left = figure.add_axes((0.02, 0.04, _LEFT_WIDTH, 0.86))
        right = figure.add_axes((0.58, 0.04, 0.40, 0.86))
        self._column(left, say("A normal trick (not led by a 7)"), normal_rows(), note_x=48)
        self._column(right, say("A trick led by a 7"), seven_rows(), note_x=16)
        right.text(
            0, 5.2,
            say("Every other card, Toqu, Worms and the\n8♠ included, loses to a led 7."),
            fontsize=11, family=_FONT, va="top",
        )  # fmt: skip
        figure.text(
            0.02, 0.03,
            say("Inside a row the suit decides: ♣ > ♠ > ♥ > ♦.   "
                "Highlighted cards have a thick blue frame.   Made with worms-tutor."),
            fontsize=9, family=_FONT, color="#444444",
        )  # fmt: skip
        return figure

    def save(self, path: str | Path, *, dpi: int = 150) -> Path:
        """Write the chart to a PNG, PDF or SVG file, chosen by the file's suffix."""
        target = Path(path)
        kind = target.suffix.lower().lstrip(".")
        if kind not in FORMATS:
            raise WormsError(f"cannot save a ladder as {target.name!r}: use .png, .pdf or .svg")
        self.figure().savefig(target, format=kind, dpi=dpi)
        return target

    def png(self, *, dpi: int = 100) -> bytes:
        """The chart as PNG bytes."""
        buffer = io.BytesIO()
        self.figure().savefig(buffer, format="png", dpi=dpi)
        return buffer.getvalue()

    def text(self) -> str:
        """The chart as plain lines, for screen readers and the command line."""
        return ranking_text()

    def _column(self, ax: Any, heading: str, rows: tuple[LadderRow, ...], note_x: float) -> None:
        # x units are the same physical size in both columns, so cards match
        width = 100 * ax.get_position().width / _LEFT_WIDTH
        ax.set_xlim(0, width)
        ax.set_ylim(_RUNGS, -0.6)
        ax.axis("off")
        ax.text(0, -0.3, heading, fontsize=13, fontweight="bold", family=_FONT)
        for number, row in enumerate(rows):
            y = number + 0.5
            if number % 2 == 0:
                ax.add_patch(FancyBboxPatch((0, y - 0.48), width, 0.96, boxstyle="square,pad=0",
                                            facecolor="#f1f1f1", edgecolor="none"))  # fmt: skip
            ax.text(2.5, y, str(number + 1), fontsize=10, family=_FONT, va="center",
                    ha="right", color="#555555")  # fmt: skip
            x = 4.5
            for index, card in enumerate(row.cards):
                if index:
                    ax.text(x + 1.1, y, "=" if row.tied else ">", fontsize=12, family=_FONT,
                            va="center", ha="center", fontweight="bold")  # fmt: skip
                    x += 2.2
                self._card(ax, x, y, card)
                x += 9.4
            note = ", ".join(part for part in (row.note, row.rule) if part)
            ax.text(max(x + 1, note_x), y, note, fontsize=10, family=_FONT, va="center")

    def _card(self, ax: Any, x: float, y: float, card: Card) -> None:
        lit = card in self.highlight
        ink = suit_colour(card.suit, four_colour=self.four_colour)
        ax.add_patch(
            FancyBboxPatch(
                (x, y - 0.38), 9.4 - 1.2, 0.76,
                boxstyle="round,pad=0,rounding_size=0.6",
                facecolor="#fff3b0" if lit else "#ffffff",
                edgecolor="#1565c0" if lit else "#777777",
                linewidth=2.6 if lit else 0.8,
                mutation_aspect=0.1,
            )
        )  # fmt: skip
        label = f"{card.rank.letter}{card.suit.symbol}"
        ax.text(x + 0.8, y, label, fontsize=12, fontweight="bold", family=_FONT, color=ink,
                va="center")  # fmt: skip
        ax.text(x + 7.8, y + 0.18, card.suit.letter, fontsize=7, family=_FONT, color=ink,
                ha="right", va="center")  # fmt: skip


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


class RankLadderView(ipywidgets.VBox):  # type: ignore[misc]
    """The ladder as a picture with its text beside it for screen readers."""

    def __init__(self, highlight: Iterable[Card | str] | str = (), **options: Any) -> None:
        self.image = ipywidgets.Image(format="png", layout=ipywidgets.Layout(max_width="100%"))
        self.image.add_class("wt-ladder__image")
        self.details = ipywidgets.HTML()
        self.details.add_class("wt-ladder__text")
        super().__init__([self.image, self.details])
        self.add_class("wt-ladder")
        self._options = options
        self.ladder = RankLadder.of(highlight, **options)
        self.show(highlight)

    def show(self, highlight: Iterable[Card | str] | str = ()) -> None:
        """Redraw with these cards highlighted."""
        self.ladder = RankLadder.of(highlight, **self._options)
        self.image.value = self.ladder.png(dpi=90)
        lit = ", ".join(sorted(card.name_in(current()) for card in self.ladder.highlight))
        items = "".join(f"<li>{escape(line)}</li>" for line in self.ladder.text().splitlines())
        extra = f"<p>{say('Highlighted: {cards}', cards=escape(lit))}</p>" if lit else ""
        self.details.value = (
            f"<details><summary>{say('The ranking as text')}</summary>{extra}<ul>{items}</ul>"
            "</details>"
        )
