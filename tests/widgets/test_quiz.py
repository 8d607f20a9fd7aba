"""Quiz mode: every puzzle's answers lettered for the room from the engine, the right letter
hidden until Reveal, then why; the keys R, N and B."""

from __future__ import annotations

import pytest

from worms_tutor.analysis.puzzle import load_puzzle_file
from worms_tutor.widgets.quiz import Quiz, QuizError, lettered, quiz
from worms_tutor.widgets.series import puzzle_files

PUZZLES = [load_puzzle_file(path) for path in puzzle_files()]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda puzzle: puzzle.id)
def test_every_puzzle_is_lettered_with_its_right_answer_among_at_most_six(puzzle: object) -> None:
    try:
        shown = lettered(puzzle)  # type: ignore[arg-type]
    except QuizError:
        assert puzzle.kind in ("placement", "choose_all", "plan")  # type: ignore[attr-defined]
        return
    assert 2 <= len(shown.options) <= 6
    if puzzle.kind not in ("allowed", "choose_all"):  # there, none may be right
        assert shown.right, "the right answer is among the letters"
    assert [letter for letter, _a, _s in shown.options] == list("ABCDEF"[:len(shown.options)])
    assert not any(code in text for _l, _a, text in shown.options for code in ("C>", "H>"))


def test_a_points_question_offers_the_score_and_its_neighbours() -> None:
    puzzle = next(p for p in PUZZLES if p.kind == "points")
    right = int(puzzle.correct_answers()[0])
    answers = [int(answer) for _l, answer, _s in lettered(puzzle).options]
    assert right in answers and len(answers) == 4 and min(answers) >= 0
    assert max(abs(answer - right) for answer in answers) <= 3


def test_a_play_question_offers_every_card_of_the_hand() -> None:
    """Toqu must be played here: the room sees all four cards, not the one allowed."""
    puzzle = next(p for p in PUZZLES if p.id == "10-toqutsit")
    shown = lettered(puzzle)
    assert len(shown.options) == 4 and len(shown.right) == 1


def test_a_plan_is_skipped_for_the_room_and_the_room_is_told() -> None:
    """A plan is played trick by trick against the engine: no letters for it."""
    puzzle = next(p for p in PUZZLES if p.kind == "plan")
    with pytest.raises(QuizError, match="trick by trick"):
        lettered(puzzle)
    board = Quiz([puzzle.id], title="Chapter 7")
    assert "learner's own screen" in board.answers.value and board.reveal_button.disabled


def test_a_replay_offers_six_plays_with_the_one_that_breaks_a_rule() -> None:
    for puzzle in (p for p in PUZZLES if p.kind == "spot_illegal"):
        shown = lettered(puzzle)
        assert len(shown.options) == 6 and len(shown.right) == 1
        assert all(text.startswith("Trick ") for _l, _a, text in shown.options)


def test_a_hand_to_score_offers_the_scores_and_their_neighbours() -> None:
    puzzle = next(p for p in PUZZLES if p.kind == "hand_score")
    shown = lettered(puzzle)
    assert len(shown.options) == 4 and len(shown.right) == 1
    assert all("North–South" in text for _l, _a, text in shown.options)


def test_answers_are_written_in_card_symbols() -> None:
    board = Quiz(["05-dont-lead-the-three"], title="Chapter 5")
    assert "9♣" in board.answers.value and "9C" not in board.answers.value


def test_the_answer_stays_hidden_until_reveal_and_keys_drive_the_quiz() -> None:
    board = Quiz(["05-dont-lead-the-three", "05-led-three"], title="Chapter 5")
    assert "wt-quiz__answer--right" not in board.answers.value and board.why.value == ""
    board._heard(board.shortcuts, {"action": "reveal"}, [])
    assert "wt-quiz__answer--right" in board.answers.value and "✓" in board.answers.value
    assert "9♣" in board.why.value and "Why:" in board.why.value
    assert board.reveal_button.disabled
    board._heard(board.shortcuts, {"action": "next"}, [])
    assert board.index == 1 and not board.revealed and board.why.value == ""
    assert board.next_button.disabled  # the last puzzle
    board._heard(board.shortcuts, {"action": "back"}, [])
    assert board.index == 0


def test_a_placement_puzzle_is_left_to_the_learners_screens() -> None:
    board = Quiz(["03-place-the-aces"], title="Chapter 3")
    assert "learner's own screen" in board.answers.value and board.reveal_button.disabled
    board.reveal()
    assert board.why.value == ""


def test_the_quiz_page_opens_the_chapter_of_its_link_with_a_chooser() -> None:
    page = quiz("05")
    chooser, _query, board = page.children
    assert chooser.value == "05" and board.title.startswith("Chapter 5")
    chooser.value = "08"
    assert board.title.startswith("Chapter 8") and board.index == 0
    assert quiz("99").children[0].value == "00"  # not a chapter: the first with puzzles
