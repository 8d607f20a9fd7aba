"""Stars for how a puzzle was solved, and the tallies of a chapter (lichess Learn's 1-3 stars).

Three stars for a first try without hints, two for a second try or one hint, one for more.
A right answer after the answer was shown earns one star but leaves the puzzle unsolved:
the learner has seen it, not solved it, and solving it on a later visit counts in full.
A puzzle solved before stars were kept counts as solved with one star.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .language import N_

MAX_STARS = 3

RULES_TEXT = N_("★★★ first try without hints · ★★ second try or one hint · ★ more tries, "
              "or a right answer after the answer was shown (that one stays unsolved: "
              "come back to it to solve it)")
"""The star rules as a learner reads them."""


def stars_earned(tries: int, hints: int, answer_shown: bool) -> int:
    """The stars of a right answer at try ``tries`` (1 = first) after ``hints`` hints."""
    if answer_shown:
        return 1
    slips = max(tries - 1, 0) + max(hints, 0)
    return max(MAX_STARS - slips, 1)


def stars_text(count: int) -> str:
    """``count`` stars drawn as ★ filled and ☆ empty, out of three."""
    count = max(0, min(count, MAX_STARS))
    return "★" * count + "☆" * (MAX_STARS - count)


@dataclass(frozen=True)
class Tally:
    """A set of puzzles: how many there are, are solved, and the stars earned of possible."""

    puzzles: int
    solved: int
    stars: int

    @property
    def possible(self) -> int:
        return MAX_STARS * self.puzzles

    @property
    def complete(self) -> bool:
        return self.puzzles > 0 and self.solved == self.puzzles


def puzzle_stars(puzzle_id: str, solved: Iterable[str] | frozenset[str],
                 stars: Mapping[str, int]) -> int:
    """The best stars of one puzzle: recorded ones, else one for a puzzle solved before stars
    were kept, else none."""
    if puzzle_id in stars:
        return stars[puzzle_id]
    return 1 if puzzle_id in solved else 0


def tally(puzzle_ids: Iterable[str], solved: Iterable[str],
          stars: Mapping[str, int]) -> Tally:
    """The tally of ``puzzle_ids`` in the learner's progress."""
    ids = list(puzzle_ids)
    done = frozenset(solved)
    return Tally(len(ids), sum(1 for pid in ids if pid in done),
                 sum(puzzle_stars(pid, done, stars) for pid in ids))
