"""Score a finished hand: the engine's awards decide the points of each side, and a wrong
number is told the gain it missed or added, in words, without rule ids or card codes."""

from __future__ import annotations

from itertools import product

import pytest

from tests.text_checks import CARD_CODE, RULE_ID
from worms_tutor.analysis import hand_score
from worms_tutor.analysis.puzzle import Puzzle, PuzzleError, load_puzzle, load_puzzle_file
from worms_tutor.values.seating import side_name
from worms_tutor.widgets.series import PUZZLES, puzzle_files

KIND = [puzzle for puzzle in map(load_puzzle_file, puzzle_files())
        if puzzle.kind == "hand_score"]


def test_there_are_hands_to_score_in_the_chapters() -> None:
    assert len(KIND) >= 2


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_the_engine_s_scores_are_right_however_they_are_typed(puzzle: Puzzle) -> None:
    right = hand_score.scores(puzzle)
    assert puzzle.correct_answers() == (hand_score.score_text(right),)
    numbers = " ".join(str(points) for points in right.values())
    for answer in (right, numbers, hand_score.score_text(right), list(right.values())):
        verdict = puzzle.check(answer)
        assert verdict.correct and verdict.summary.startswith("Correct: North–South")


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_every_wrong_score_says_why_in_plain_words(puzzle: Puzzle) -> None:
    right = hand_score.scores(puzzle)
    for ns, ew in product(range(max(0, right["NS"] - 2), right["NS"] + 3),
                          range(max(0, right["EW"] - 2), right["EW"] + 3)):
        if (ns, ew) == (right["NS"], right["EW"]):
            continue
        verdict = puzzle.check({"NS": ns, "EW": ew})
        assert not verdict.correct and verdict.why, (ns, ew)
        assert "\n" not in verdict.why and not RULE_ID.search(verdict.why), verdict.why
        assert not CARD_CODE.search(verdict.why), verdict.why
        for side, given in (("NS", ns), ("EW", ew)):  # each wrong side is named, only those
            named = f"{side_name(side)} score" in verdict.why
            assert named == (given != right[side]), verdict.why
        assert str(ns) in verdict.withheld or str(ew) in verdict.withheld


def _load(puzzle_id: str) -> Puzzle:
    return load_puzzle_file(PUZZLES / f"{puzzle_id}.json")


def test_a_double_trick_counted_as_one_is_named() -> None:
    puzzle = _load("08-score-the-double-trick")
    right = hand_score.scores(puzzle)
    why = puzzle.check({**right, "NS": right["NS"] - 1}).why
    assert why.startswith(f"North–South score more than {right['NS'] - 1}:")
    assert "the double trick counting 2" in why and "past five" in why


def test_a_forgotten_capture_is_named_from_the_award() -> None:
    puzzle = _load("06-score-the-capture")
    right = hand_score.scores(puzzle)
    why = puzzle.check({**right, "NS": right["NS"] - 2}).why
    assert "Toqu captured W's Worms (2)" in why and "for the tricks" not in why


def test_points_given_to_the_wrong_side_say_whose_they_are() -> None:
    puzzle = _load("06-score-the-capture")
    right = hand_score.scores(puzzle)
    why = puzzle.check({"NS": right["NS"] - 2, "EW": right["EW"] + 2}).why
    assert "East–West score less than 2: North–South get Toqu captured W's Worms" in why


def test_a_worms_bonus_that_was_not_earned_is_explained() -> None:
    puzzle = _load("07-score-worms-last")
    right = hand_score.scores(puzzle)
    why = puzzle.check({**right, "EW": right["EW"] + 1}).why
    assert "East–West score less than" in why and "no Worms bonus" in why


def test_the_hint_ladder_keeps_the_scores_back_until_its_last_rung() -> None:
    for puzzle in KIND:
        right = hand_score.scores(puzzle)
        ladder = puzzle.hints()
        for hint in ladder[:-1]:
            assert hand_score.score_words(right) not in hint.text
            assert hand_score.score_text(right) not in hint.text
        assert hand_score.score_text(right) in ladder[-1].text


def test_a_hand_that_is_not_over_is_no_hand_to_score() -> None:
    data = {
        "id": "x", "title": "x", "chapter": 8, "question": "q", "answer": "hand_score",
        "scenario": {"hands": {"N": ["9C", "5H"], "E": ["6D", "5C"], "S": ["8C", "QS"],
                               "W": ["5D", "QH"]},
                     "leader": "N", "plays": ["N: 9C", "E: 6D", "S: 8C", "W: 5D"]},
    }
    with pytest.raises(PuzzleError, match="plays the hand to its end"):
        load_puzzle(data)


def test_a_side_with_fewer_than_five_units_is_told_they_score_nothing() -> None:
    puzzle = _load("08-score-the-double-trick")
    right = hand_score.scores(puzzle)
    units = puzzle.state.previous.count("EW")
    why = puzzle.check({**right, "EW": right["EW"] + 1}).why
    assert why == (f"East–West score less than {right['EW'] + 1}: they took {units} of the 9 "
                   "trick units, and fewer than five score nothing.")


def test_only_points_moved_between_sides_are_said_to_belong_to_the_other() -> None:
    puzzle = _load("06-score-the-capture")
    right = hand_score.scores(puzzle)
    alone = puzzle.check({**right, "EW": right["EW"] + 1}).why  # N–S right: nothing moved
    assert "North–South get" not in alone
