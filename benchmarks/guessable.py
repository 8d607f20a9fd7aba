"""How far a blind guess gets in the chapter puzzles (issue 27 §1: at most 5 % may be passed
with a chance of 1/3 or more).

    .venv/bin/python benchmarks/guessable.py

Prints, per chapter puzzle (``widgets/puzzles/NN-*.json``), its kind, the number of options
the widget offers, how many of them are correct, the chance of a blind guess (correct /
options), and at the end the share of puzzles whose chance is 1/3 or more.

The options counted, per kind:

- ``play``: the legal plays of the seat to move (a hand picker allows any cards, but a
  learner who knows nothing yet still knows to play as many cards as were led);
- ``placement``: every way the widget allows to put the given cards on the heading cards
  (each card has one dropdown over all heading cards: targets ** cards);
- ``winner``: the seats offered (one radio button each);
- ``legal``: two (yes, no); ``table``: the options offered;
- ``allowed``: every subset of the listed plays (2 ** plays; one subset is right);
  ``choose_all``: the same over every legal play;
- ``points``: a number typed: counted as ten options (scores in a trick run 0 to 9 or so; a
  guess of a small number is right about one time in ten);
- ``hand_score``: a number typed for each side: ten options each;
- ``spot_illegal``: every play of the replay (one breaks a rule);
- ``plan``: the chance that a play picked at random at each of the learner's turns (the
  others answering with the engine's best play) keeps to a winning line.

``guess_chance`` is the one computation; ``tests/series/test_guessable.py`` reuses it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from worms_tutor.analysis import plan  # noqa: E402
from worms_tutor.analysis.difficulty import options_offered  # noqa: E402
from worms_tutor.analysis.puzzle import Puzzle  # noqa: E402
from worms_tutor.widgets import series  # noqa: E402

LIMIT = Fraction(1, 3)
"""A puzzle counts as guessable when a blind guess passes it with this chance or more."""


@dataclass(frozen=True)
class Guess:
    """One puzzle's blind-guess figures."""

    puzzle_id: str
    kind: str
    options: int
    correct: int

    @property
    def chance(self) -> Fraction:
        return Fraction(self.correct, self.options)

    @property
    def guessable(self) -> bool:
        return self.chance >= LIMIT


def guess_chance(puzzle: Puzzle) -> Guess:
    """The options the widget offers for ``puzzle`` (the engine's count, shared with its
    difficulty measure), and how many of them are correct."""
    kind = puzzle.kind
    options = options_offered(puzzle)
    correct = len(puzzle.correct_answers())
    if kind in ("allowed", "choose_all", "hand_score"):  # one set of ticks, one score sheet
        correct = 1
    elif kind == "plan":
        correct = plan.guess_chance(puzzle).numerator
    return Guess(puzzle.id, kind, options, correct)


def chapter_guesses() -> list[Guess]:
    """The figures of every chapter puzzle, in chapter order."""
    return [guess_chance(series.load(puzzle_id))
            for chapter in series.chapters() for puzzle_id in chapter.puzzle_ids]


def guessable_share(guesses: list[Guess]) -> Fraction:
    """The share of puzzles a blind guess passes with a chance of ``LIMIT`` or more."""
    return Fraction(sum(guess.guessable for guess in guesses), len(guesses))


def main() -> None:
    guesses = chapter_guesses()
    print(f"{'puzzle':<36} {'kind':<10} {'options':>7} {'correct':>7} {'chance':>7}")
    for guess in guesses:
        mark = "  <- guessable" if guess.guessable else ""
        print(f"{guess.puzzle_id:<36} {guess.kind:<10} {guess.options:>7} {guess.correct:>7} "
              f"{float(guess.chance):>7.3f}{mark}")
    share = guessable_share(guesses)
    count = sum(guess.guessable for guess in guesses)
    print(f"\n{count} of {len(guesses)} chapter puzzles have a chance of 1/3 or more: "
          f"{float(share):.1%} (limit 5 %)")


if __name__ == "__main__":
    main()
