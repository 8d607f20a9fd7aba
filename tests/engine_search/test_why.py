"""Every wrong answer gets its why at once: one plain line built from the engine's reasons,
with no rule id in it (issue 27 §2)."""

from __future__ import annotations

import re

import pytest

from tests.text_checks import RULE_ID
from worms_tutor.analysis import hand_score, plan
from worms_tutor.analysis.puzzle import Puzzle, load_puzzle_file
from worms_tutor.formats.explain import plain
from worms_tutor.widgets.series import puzzle_files

PUZZLES = [load_puzzle_file(path) for path in puzzle_files()]


def wrong_answers(puzzle: Puzzle) -> list[str]:
    """Answers the widget lets a learner give that the engine rejects."""
    right = set(puzzle.correct_answers())
    if puzzle.kind == "winner":
        offered = list(puzzle.rules.seats)
    elif puzzle.kind == "legal":
        offered = ["yes", "no"]
    elif puzzle.kind == "points":
        value = int(next(iter(right)))
        offered = [str(value + 1), str(max(0, value - 1))]
    elif puzzle.kind == "table":
        offered = list(puzzle.options)
    elif puzzle.kind == "play":
        offered = [str(legal.play) for legal in puzzle.state.legal_plays()]
        offered += [f"{puzzle.seat}: {card}" for card in puzzle.hand]
    elif puzzle.kind == "hand_score":
        right_score = hand_score.scores(puzzle)
        offered = [hand_score.score_text({**right_score, side: max(0, points + step)})
                   for side, points in right_score.items() for step in (-1, 1)]
    elif puzzle.kind == "spot_illegal":
        offered = [str(play) for play in puzzle.scenario.plays]
    elif puzzle.kind == "plan":  # a first play that gives something away is judged at once
        offered = [str(legal.play) for legal in puzzle.state.legal_plays()
                   if plan.advance(puzzle, [legal.play]).wrong is not None]
    else:
        return []
    return [answer for answer in dict.fromkeys(offered)
            if puzzle.canonical(answer) not in right]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda puzzle: puzzle.id)
def test_every_wrong_answer_says_why_in_one_plain_line(puzzle: Puzzle) -> None:
    for answer in wrong_answers(puzzle):
        verdict = puzzle.check(answer)
        assert not verdict.correct
        assert verdict.why, f"{puzzle.id}: no why for {answer!r}"
        assert "\n" not in verdict.why and not RULE_ID.search(verdict.why), verdict.why


def test_a_wrong_seat_is_told_who_beats_its_card() -> None:
    puzzle = load_puzzle_file(next(p for p in puzzle_files() if p.stem == "02-who-takes-it"))
    assert puzzle.check("N").why == "E's 6C beats N's QD (it ranks higher)."
    assert puzzle.check("W").why == "W's AS does not beat S's 9H (it ranks lower)."


def test_a_wrong_number_names_the_gain() -> None:
    puzzle = load_puzzle_file(next(p for p in puzzle_files() if p.stem == "06-take-it-back"))
    why = puzzle.check("1").why
    assert why.startswith("North–South score more than 1:") and "took back the Toqu" in why


def test_a_wrong_yes_or_no_names_the_deciding_rule() -> None:
    puzzle = load_puzzle_file(puzzle_files()[0].with_name("worms-on-a-led-seven.json"))
    assert puzzle.kind == "legal"
    assert "Worms may not be laid on a led 7" in puzzle.check("yes").why


def test_rule_ids_leave_the_plain_line_and_stay_in_the_reasons() -> None:
    assert plain("E's KH beats N's 9C (it ranks higher, R2.1)") == \
        "E's KH beats N's 9C (it ranks higher)"
    assert plain("Worms brought home: EW +1 (P3, R6.5; the value V is our choice, §E Q1)") == \
        "Worms brought home: EW +1 (the value V is our choice)"
    assert plain("a capture (P1 or P2) is missed") == "a capture is missed"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda puzzle: puzzle.id)
def test_every_puzzle_has_its_lesson_in_plain_words(puzzle: Puzzle) -> None:
    assert puzzle.lesson, f"{puzzle.id} has no lesson"
    assert not RULE_ID.search(puzzle.lesson) and not re.search(r"\b[2-9JQKA][CDHS]\b",
                                                                puzzle.lesson), puzzle.lesson
