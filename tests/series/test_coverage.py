"""The series' puzzles, all chapters together, cover every rule id of the rules research and
catch all ten beginner mistakes of its §D.9.

A rule id counts as covered by a puzzle when the engine stands behind it: the puzzle names it
in ``hint_rules`` (the loader checks those against the engine's rule table) or the engine cites
it in the puzzle's solution or in its verdict on the right answer. Several ids are two names of
one rule (O1 is R6.4, P1 is R6.2, ...): covering one covers both. The engine has no sentence for
a few rules (no title in ``RULE_TITLES``, so no puzzle can name them); for those this file says
which puzzle poses the situation, and the test checks that the puzzle exists and that the
engine still cannot cite the id (once it can, the puzzle must name it). The table procedure is
asked by ``table`` puzzles (who cuts, who deals next, partners, misdeals, the draw); what no
answer kind can ask about (announcing the score) must be taught on its page.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from worms_tutor.analysis.puzzle import Puzzle, load_puzzle_file
from worms_tutor.values.rulebook import RULE_TITLES
from worms_tutor.widgets import series

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

RULE_IDS = (
    "R1.1", "R1.2", "R1.3", "R2.1", "R2.2", "R2.3",
    "R3.1", "R3.2", "R3.3", "R3.4", "R3.5", "R3.6",
    "R4.1", "R4.2", "R4.3", "R4.4", "R4.5", "R4.6",
    "R5.1", "R5.2", "R5.3", "R5.4", "R5.5", "R5.6",
    "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6", "R6.7", "R6.8", "R6.9", "R6.10",
    "R6.11", "R6.12", "R6.13", "R6.14", "R6.15",
    "R7.1", "R7.2", "R7.3",
    "R8.1", "R8.2", "R8.3", "R8.4", "R8.5", "R8.6",
    "R9.1", "R9.2", "R9.3", "R9.4",
    "R10.1", "R10.2", "R10.3", "R10.4", "R10.5", "R10.6",
    "R12.1", "R12.2", "R12.3", "R12.4", "R12.5",
    "R13.1", "R13.2", "R13.3", "R13.4",
    "R15.1", "R15.2", "R15.3", "R15.4", "R15.5", "R15.6",
    "R17.1", "R17.2", "R18.1", "R18.2", "R18.3",
    "O1", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "D1",
    "P1", "P2", "P3", "P4", "P5", "P6",
)  # fmt: skip
"""Every rule id of rules.md §B (R*), §B11 (O1, F1–F7, D1) and §B14 (P1–P6)."""

SAME_RULE = (
    ("O1", "R6.4"), ("F1", "R6.3"), ("F2", "R6.7"), ("F3", "R6.8"), ("F4", "R6.9"),
    ("F5", "R6.6"), ("F7", "R5.6"), ("D1", "R6.10"), ("P1", "R6.2"), ("P2", "R5.3"),
    ("P3", "R6.5"), ("P4", "R4.4"), ("P5", "R4.5"), ("R2.2", "R6.1"), ("P6", "F1"),
    ("R9.4", "F3"), ("R9.4", "F4"),
)  # fmt: skip
"""Pairs of ids that name one rule in rules.md (R9.4 gathers the lead bans F3 and F4; P6 is
the penalty for F1, which the engine enforces by refusing the play)."""

POSED_BY: dict[str, tuple[str, ...]] = {
    "R1.2": ("00-toqu-catches-worms", "06-later-matador-wins"),
    "R2.3": ("01-unled-sevens",),  # unled Sevens below the K♠
    "R3.5": ("04-two-kings-two-sevens", "04-english-two-kings"),  # a pair of Sevens led
    "R4.1": ("01-kings-are-low",),
    "R4.6": ("10-ataata",),
    "R5.5": ("05-three-on-worms",),  # the 3♦ on Worms scores nothing
    "R6.11": ("07-toqu-on-the-other-card",),
    "R6.12": ("07-dead-worms",),
    "R6.14": ("07-worms-in-a-pair",),
    "R8.2": ("10-knocked-first-trick",),
    "R8.4": ("13-two-players-draw",),  # the stock
    "R9.3": ("03-kings-pair",),  # Kings may be led in sets, Worms included
    "R12.3": ("07-toqu-on-the-other-card", "09-last-trick"),  # the stock empty, hands played out
    "R12.5": ("08-stop-at-nine",),
    "R13.4": ("08-sweep-keeps-the-capture",),
    "R17.1": ("13-three-players",),
    "R17.2": ("13-three-players",),
    "R18.1": ("13-two-players-draw", "13-two-players-third-card"),
}
"""Rules the engine has no sentence for, and the puzzles that pose them."""

MISTAKES: dict[int, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    1: ("treating a led Seven as a low card", ("R3.1",),
        ("04-led-seven-holds", "10-knocked-first-trick")),
    2: ("wasting big cards on a led Seven", ("R3.1", "F2"),
        ("04-kill-the-seven", "04-no-worms-on-a-seven", "09-english-worms-on-a-seven")),
    3: ("thinking the Kings are high", ("R2.1",),
        ("01-kings-are-low", "01-unled-sevens", "01-fives-and-eights")),
    4: ("forgetting that the later matador wins", ("R6.1", "P1"),
        ("00-toqu-catches-worms", "06-later-matador-wins", "06-dont-lead-worms")),
    5: ("laying Toqu on partner's Worms", ("F1",), ("06-not-on-partners-worms",)),
    6: ("holding back Toqu when it must be played", ("O1",),
        ("06-toqu-must-come-out", "09-danish-duty-pair")),
    7: ("mis-timing the 3♦", ("R5.1", "R5.2", "R5.3", "R5.4"),
        ("05-dont-lead-the-three", "06-shield-the-worms", "06-take-it-back")),
    8: ("beating only one card of a multi-card lead", ("R10.3", "R10.4"),
        ("03-beat-the-head", "03-badly-placed", "03-pair-of-fives")),
    9: ("trying to follow suit", ("R10.1",), ("00-no-suit-to-follow", "01-any-card-will-do")),
    10: ("scoring blunders: the sweep, overshooting 9, 8:8, aavunga",
         ("R13.1", "R13.2", "R15.2", "R6.15", "D1"),
         ("08-sweep", "08-past-nine", "08-eight-eight", "07-aavunga")),
}  # fmt: skip
"""The ten beginner mistakes of rules.md §D.9: the rules a puzzle must reach to catch one, and
the puzzles that do."""


@cache
def series_puzzles() -> dict[str, Puzzle]:
    return {path.stem: load_puzzle_file(path) for path in series.puzzle_files()}


@cache
def cited(puzzle_id: str) -> frozenset[str]:
    """The rule ids the engine stands behind for one puzzle."""
    puzzle = series_puzzles()[puzzle_id]
    ids = set(puzzle.hint_rules) | set(puzzle.rule_ids())
    for answer in puzzle.expected[:1]:
        ids |= set(puzzle.check(answer).rule_ids)
    return frozenset(ids)


def closure(ids: set[str]) -> set[str]:
    found = set(ids)
    for one, other in SAME_RULE:
        if one in found or other in found:
            found |= {one, other}
    return found


@cache
def engine_covered() -> frozenset[str]:
    ids: set[str] = set()
    for puzzle_id in series_puzzles():
        ids |= cited(puzzle_id)
    return frozenset(closure(ids))


def test_the_id_list_is_whole() -> None:
    assert len(RULE_IDS) == len(set(RULE_IDS))
    named = {i for pair in SAME_RULE for i in pair} | set(POSED_BY)
    assert named <= set(RULE_IDS), sorted(named - set(RULE_IDS))
    assert set(RULE_TITLES) <= set(RULE_IDS), sorted(set(RULE_TITLES) - set(RULE_IDS))


def test_every_rule_id_is_covered_by_the_series() -> None:
    if not series_puzzles():
        pytest.skip("no series puzzles yet")
    covered = engine_covered()
    missing = []
    for rule in RULE_IDS:
        if rule in covered:
            continue
        if rule in POSED_BY:
            present = [p for p in POSED_BY[rule] if p in series_puzzles()]
            if present:
                continue
            missing.append(f"{rule} (none of {', '.join(POSED_BY[rule])} exists)")
        else:
            missing.append(rule)
    assert not missing, "rule ids no puzzle covers: " + "; ".join(missing)


def test_posed_rules_are_ones_the_engine_cannot_cite() -> None:
    # Once the engine has a sentence for one of these, a puzzle must name it for real.
    citable = {rule for rule in POSED_BY if rule in RULE_TITLES}
    assert not citable, f"name these in a puzzle's hint_rules instead: {sorted(citable)}"


@pytest.mark.parametrize("number", sorted(MISTAKES))
def test_beginner_mistake_is_caught_by_a_puzzle(number: int) -> None:
    if not series_puzzles():
        pytest.skip("no series puzzles yet")
    what, rules, puzzle_ids = MISTAKES[number]
    present = [p for p in puzzle_ids if p in series_puzzles()]
    assert present, f"mistake {number} ({what}): none of {puzzle_ids} exists"
    reaching = [p for p in present if closure(set(cited(p))) & set(rules)]
    assert reaching, f"mistake {number} ({what}): {present} cite none of {rules}"


def test_coverage_table() -> None:
    """Write which puzzles cover which rule id to test-artifacts/rule-coverage.txt."""
    if not series_puzzles():
        pytest.skip("no series puzzles yet")
    by_rule: dict[str, list[str]] = {rule: [] for rule in RULE_IDS}
    for puzzle_id in series_puzzles():
        for rule in closure(set(cited(puzzle_id))):
            by_rule.setdefault(rule, []).append(puzzle_id)
    for rule, posed in POSED_BY.items():
        by_rule[rule] += [f"({p})" for p in posed if p in series_puzzles()]
    lines = []
    for rule in RULE_IDS:
        where = ", ".join(by_rule[rule]) or "-"
        lines.append(f"{rule:6} {where}")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "rule-coverage.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
