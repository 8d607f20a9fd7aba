"""The calls a chapter of the series makes, gathered under one name: ``lesson.<call>(...)``.

A chapter (``notebooks/NN-title.ipynb``) is prose with a few calls, and follows one skeleton::

    # Title                                   (markdown: the first heading is the title)
    from worms_tutor.widgets import lesson
    lesson.goals("...", "...", "...")          (three goals, first code cell)
    ... markdown, lesson.cards("JC KH"), lesson.trick("N: 7H E: 7C S: 8S W: 5D") ...
    lesson.compare("N: 3D E: 7D S: AC W: 8S")  (the same plays under two rulebooks)
    lesson.rulebook_text(english="...", club="...")  (text in the rulebook chosen on page 00)
    lesson.puzzle("04-higher-seven")           (one puzzle; or lesson.puzzles("03"))
    lesson.recap("...", "...")
    <!-- series:nav -->                        (markdown written by tools/series.py)

The practice pages make one call each: ``lesson.drill()`` (``drill.ipynb?chapter=05``: one
chapter's puzzles one at a time), ``lesson.challenge()`` (one puzzle of every chapter) and
``lesson.quiz()`` (``quiz.ipynb?chapter=05``: a chapter's puzzles for a projector).

Code cells with no markdown between them are one cell, ``lesson.show(...)`` of the lesson
calls in order: Voila spends time on every cell it runs, and a page appears sooner with fewer
of them. A cell stays a few lesson calls with literal arguments, no logic of its own::

    lesson.show(
        lesson.trick("N: 5C E: KH S: 9C W: 6S"),
        lesson.choice("...", "Q1"),
        lesson.puzzle("06-worms-home"),
    )

This module holds no logic: each call lives with its own concept, in ``page`` (the frame of a
chapter and its boxes of text), ``worked`` (worked tricks), ``rulebook_text`` (text in the
rulebook the learner chose), ``whole_hand`` (a hand played out trick by trick),
``lazy_puzzles`` (the series' puzzles), ``drill`` (puzzles one at a time), ``progress_table``
and ``ladder_chart``. Nothing there
knows a rule: every verdict and every "why" comes from the engine.
"""

from __future__ import annotations

from .drill import challenge, drill
from .ladder_chart import ladder
from .language import language
from .lazy_puzzles import puzzle, puzzles
from .page import cards, choice, goals, pack, recap, rulebooks, show
from .print_sheet import printable
from .printables_page import printables
from .progress_table import progress
from .quiz import quiz
from .rulebook_text import rulebook_choice, rulebook_text
from .whole_hand import whole_hand
from .worked import compare, deal, scoreboard, trick

__all__ = [
    "cards",
    "challenge",
    "choice",
    "compare",
    "deal",
    "drill",
    "goals",
    "ladder",
    "language",
    "pack",
    "printable",
    "printables",
    "progress",
    "puzzle",
    "puzzles",
    "quiz",
    "recap",
    "rulebook_choice",
    "rulebook_text",
    "rulebooks",
    "scoreboard",
    "show",
    "trick",
    "whole_hand",
]
