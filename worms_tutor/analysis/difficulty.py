"""How hard a puzzle is, measured by the engine from the puzzle itself, never authored.

A puzzle costs the learner one step for each thing to weigh:

- ``choices``: the answers the widget offers, counted as yes/no questions (log2, rounded up,
  at most 4): yes/no is 1, one seat of four 2, one play of five 3, a list of plays to tick 4;
- ``rules``: the distinct rules the engine cites in the reasons of the right answer (the first
  lead and a plain single-card win, cited in nearly every trick, are left out, and a score is
  counted once, not under both of its names);
- ``cards``: one step for each card beyond the first that every player lays to the trick;
- ``tricks``: one step for each trick beyond the first that the answer depends on (tricks
  already played that score, or tricks to plan to the end of the hand).

``score`` is their sum. ``level`` groups scores into three levels, shown as ●○○, ●●○ and
●●●: easy up to ``EASY`` steps, hard from ``HARD`` steps. A chapter shows its puzzles easy to
hard by level; ties keep the order of the prose.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, log2
from typing import TYPE_CHECKING

from ..values.language import ENGLISH, Message
from . import hand_score, plan

if TYPE_CHECKING:
    from .puzzle import Puzzle

EASY = 6
"""The highest score of a level-1 puzzle."""
HARD = 9
"""The lowest score of a level-3 puzzle."""
MAX_CHOICE_STEPS = 4
"""A long list of options is hard to guess, not hard to think about: its steps are capped."""
NUMBER_OPTIONS = 10
"""The options counted for a typed number (points): scores of a trick run 0 to 9 or so."""
PLAIN_RULES = frozenset({"R9.1", "R10.2"})
"""Cited in almost every trick (who leads, the best card of a single-card trick)."""
SCORE_NAMES = frozenset({"P1", "P2", "P3", "P4", "P5", "P6"})
"""Points named twice (P3 is R6.5): only the rule is counted."""


@dataclass(frozen=True)
class Difficulty:
    """The steps a puzzle asks of the learner, and the level they make."""

    choices: int
    rules: int
    cards: int
    tricks: int

    @property
    def score(self) -> int:
        """Every step added up."""
        return self.choices + self.rules + self.cards + self.tricks

    @property
    def level(self) -> int:
        """1 (easy), 2 or 3 (hard)."""
        if self.score <= EASY:
            return 1
        return 3 if self.score >= HARD else 2

    @property
    def mark(self) -> str:
        """The level as dots: ●○○, ●●○, ●●●."""
        return "●" * self.level + "○" * (3 - self.level)

    @property
    def label(self) -> str:
        """The level in words, for a screen reader."""
        return self.label_in()

    def label_in(self, lang: str = ENGLISH) -> str:
        """The level in words in ``lang``."""
        return {1: Message("easy"), 2: Message("medium"), 3: Message("hard")}[self.level] \
            .text(lang)


def options_offered(puzzle: Puzzle) -> int:
    """How many answers the widget offers for ``puzzle`` (``benchmarks/guessable.py`` weighs
    them against the right ones)."""
    kind = puzzle.kind
    if kind == "hand_score":
        return int(NUMBER_OPTIONS ** len(hand_score.side_list(puzzle)))
    if kind == "spot_illegal":
        return len(puzzle.scenario.plays)
    if kind == "plan":
        return plan.guess_chance(puzzle).denominator
    if kind == "play":
        return len(puzzle.state.legal_plays())
    if kind == "placement":  # each offered card goes on a heading card (or stays in hand)
        assert puzzle.play is not None
        targets = len(puzzle.state.trick.head)
        kept = 1 if len(puzzle.play.cards) > targets else 0
        return int((targets + kept) ** len(puzzle.play.cards))
    if kind == "winner":
        return len(puzzle.rules.seats)
    if kind == "table":
        return len(puzzle.options)
    if kind == "legal":
        return 2
    if kind in ("allowed", "choose_all"):
        return int(2 ** len(puzzle.plays))
    return NUMBER_OPTIONS  # a typed number, and any kind this module does not know yet


def difficulty(puzzle: Puzzle) -> Difficulty:
    """The engine's measure of ``puzzle``: the steps it asks, from its position and answer."""
    options = max(options_offered(puzzle), 2)
    choices = min(ceil(log2(options)), MAX_CHOICE_STEPS)
    right = puzzle.correct_answers()[0]
    cited = {rule for rule in puzzle.check(right).rule_ids
             if rule not in PLAIN_RULES and rule not in SCORE_NAMES}
    state = puzzle.state
    records = puzzle.replay.records
    sizes = [record.trick.size for record in records]
    if state.trick.steps or puzzle.kind in ("play", "placement", "choose_all"):
        sizes.append(state.trick.size or puzzle.cards_to_pick)
    tricks = _tricks(puzzle)
    return Difficulty(choices=choices, rules=len(cited), cards=max(sizes, default=1) - 1,
                      tricks=tricks - 1)


def _tricks(puzzle: Puzzle) -> int:
    """The tricks the answer depends on: the tricks to plan for a play, else the tricks played
    that score or decide (a table question about the deal reads none: counted as one)."""
    if puzzle.kind == "plan":
        return len(puzzle.hand)
    if puzzle.kind in ("play", "placement", "choose_all") and puzzle.goal is not None:
        planned = [len(choice.line.records) for choice in puzzle.winning_choices]
        return max(max(planned, default=1), 1)
    records = puzzle.replay.records
    if puzzle.kind == "winner":
        return 1
    scoring = [record for record in records if any(record.points(puzzle.rules.players).values())
               or record.hand_points or record.overshoot]
    return max(len(scoring), 1)
