"""Every rule a chapter teaches is drilled by a puzzle of that chapter (issue 27 §1).

What a chapter teaches is declared here, per chapter: a rule id, the situation in words, and
the puzzle that drills it. A puzzle drills a rule when the engine stands behind it (the puzzle
names the rule in ``hint_rules`` or the engine cites it in the solution), the puzzle belongs to
the chapter and the chapter's page shows it. ``UNDRILLED`` lists what is taught but has no
puzzle yet; the test prints it and fails when a listed situation has got a puzzle (move it up).
"""

from __future__ import annotations

import re

import pytest

from worms_tutor.analysis.puzzle import Puzzle
from worms_tutor.widgets import series

TAUGHT: dict[str, tuple[tuple[str, str, str], ...]] = {
    "01": (
        ("R1.1", "the 36-card pack", "01-what-is-left-to-draw"),
    ),
    "04": (
        ("R3.2", "a higher Seven that took over is killed by the K♣",
         "04-kc-on-the-higher-seven"),
        ("R4.2", "the K♣ kills a heading Seven", "04-kc-on-the-higher-seven"),
        ("R4.3", "the K♠ kills the K♣ two seats later", "04-ks-two-seats-later"),
    ),
    "06": (
        ("F1", "Toqu forced onto partner's Worms as the last card: allowed, no bonus (§E Q8)",
         "06-toqu-forced-on-partner"),
    ),
    "07": (
        ("R6.5", "Worms over an earlier Toqu, mid-hand: worth 1, not 2 (§E Q4)",
         "07-worms-over-toqu"),
        ("R6.5", "Worms as the trick's last card scores nothing", "07-worms-last"),
        ("R6.5", "Worms after Toqu has gone in an earlier trick scores nothing",
         "07-after-toqu-has-gone"),
        ("F4", "in the club Toqu may follow before Worms has appeared (§E Q3)",
         "07-toqu-may-follow"),
    ),
    "08": (
        ("R6.15", "a capture at 8:8 scores nothing", "08-capture-at-eight-all"),
        ("R15.5", "the 8:8 trap: a 5-5 overshoots to 7", "08-five-five-at-eight-all"),
        ("R13.3", "a double trick counts from 4 to 6 units", "08-four-tricks-in"),
    ),
    "09": (
        ("R10.5", "targets keep their own context in a multi-card trick",
         "09-lay-the-kings-and-the-three"),
        ("R6.5", "Worms in the last seat's group of a multi-card trick (§E Q18)",
         "09-worms-in-the-last-pair"),
    ),
}
"""Chapter → (rule id, situation, drilling puzzle)."""

UNDRILLED: dict[str, tuple[tuple[str, str], ...]] = {}
"""Taught, not yet drilled (issue 27 §1): printed by the test so that it stays visible."""


def _cited(puzzle: Puzzle) -> set[str]:
    cited = set(puzzle.rule_ids())
    for answer in puzzle.correct_answers():
        cited.update(puzzle.check(answer).rule_ids)
    return cited


def _shown(number: str) -> set[str]:
    chapter = next(c for c in series.chapters() if c.number == number)
    text = (series.notebooks_folder() / chapter.file).read_text(encoding="utf-8")
    return set(re.findall(r'\\"(\d\d-[a-z0-9-]+)\\"', text))


@pytest.mark.parametrize("number", sorted(TAUGHT))
def test_each_taught_rule_is_drilled_by_a_puzzle_of_its_chapter(number: str) -> None:
    shown = _shown(number)
    missing = []
    for rule, situation, puzzle_id in TAUGHT[number]:
        puzzle = series.load(puzzle_id)
        if puzzle.chapter != int(number) or puzzle_id not in shown or rule not in _cited(puzzle):
            missing.append(f"{rule} ({situation}): {puzzle_id}")
    assert not missing, f"chapter {number} teaches, no puzzle drills: {missing}"


def test_the_undrilled_list_is_shown() -> None:
    """The rules still without a puzzle, listed; none of them may sneak into TAUGHT twice."""
    listed = [f"{number}: {rule} {situation}" for number, rows in UNDRILLED.items()
              for rule, situation in rows]
    print("taught but not drilled:", *listed, sep="\n  ")
    drilled = {(number, situation) for number, rows in TAUGHT.items() for _, situation, _ in rows}
    assert not drilled & {(n, s) for n, rows in UNDRILLED.items() for _, s in rows}
