"""A puzzle's authored texts (title, question, lesson) in the page's language.

The English is in the puzzle file; the translations are in the "puzzles" catalog
(worms_tutor/locale/<lang>/LC_MESSAGES/puzzles.po, kept in step by
``tools/puzzle_language.py``), each under the context "<puzzle id>/<field>". A text whose
English has changed since it was translated is shown in English until the translation is read
again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worms_tutor.values.language import ENGLISH, translations

from .language import current, seat_mark

if TYPE_CHECKING:
    from worms_tutor.analysis.puzzle import Puzzle

DOMAIN = "puzzles"
"""The gettext domain of the puzzle files' texts."""


def puzzle_text(puzzle: Puzzle, field: str, lang: str | None = None) -> str:
    """The puzzle's ``field`` ("title", "question" or "lesson") in ``lang`` (default: the
    page's language); the English where there is no translation."""
    english = str(getattr(puzzle, field))
    lang = current() if lang is None else lang
    if lang == ENGLISH or not english:
        return english
    return translations(lang, DOMAIN).pgettext(f"{puzzle.id}/{field}", english)


def option_labels(puzzle: Puzzle) -> list[str]:
    """A table question's options as the page shows them: a seat marked as the page marks
    seats (N in English, Nord in Danish), any other option in the page's words."""
    seats = puzzle.rules.seats
    return [seat_mark(option) if option in seats else word
            for option, word in zip(puzzle.options, puzzle.option_words(current()), strict=True)]
