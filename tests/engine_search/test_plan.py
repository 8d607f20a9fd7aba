"""Plans over the last tricks: the learner's plays, answered by the exact solver's best
replies, are right exactly when they keep the most the position allows; a losing plan is
answered at once by its refutation."""

from __future__ import annotations

import pytest

from tests.text_checks import CARD_CODE, RULE_ID
from worms_tutor.analysis import plan
from worms_tutor.analysis.puzzle import Puzzle, PuzzleError, load_puzzle, load_puzzle_file
from worms_tutor.analysis.solver import solve
from worms_tutor.analysis.verdict import symbols
from worms_tutor.mechanics.hand import HandState
from worms_tutor.values.errors import NotationError
from worms_tutor.values.play import Play
from worms_tutor.widgets.series import PUZZLES, puzzle_files

KIND = [puzzle for puzzle in map(load_puzzle_file, puzzle_files()) if puzzle.kind == "plan"]


def every_plan(puzzle: Puzzle) -> list[tuple[Play, ...]]:
    """Every sequence of the learner's legal plays, the others answering as the engine does,
    cut at the first play that gives something away."""
    plans: list[tuple[Play, ...]] = []

    def walk(state: HandState, mine: tuple[Play, ...]) -> None:
        for legal in state.legal_plays():
            tried = (*mine, legal.play)
            progress = plan.advance(puzzle, tried)
            if progress.finished:
                plans.append(tried)
            else:
                walk(progress.state, tried)

    walk(puzzle.state, ())
    return plans


def test_there_are_plans_in_the_chapters() -> None:
    assert len(KIND) >= 2
    assert "07-the-last-two-tricks" in {puzzle.id for puzzle in KIND}


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_a_plan_is_right_exactly_when_it_keeps_the_solver_s_value(puzzle: Puzzle) -> None:
    best = solve(puzzle.state).value
    right = set(puzzle.correct_answers())
    plans = every_plan(puzzle)
    assert any(puzzle.canonical(tried) in right for tried in plans)
    assert any(puzzle.canonical(tried) not in right for tried in plans)
    for tried in plans:
        verdict = puzzle.check(tried)
        progress = plan.advance(puzzle, tried)
        end = progress.state
        assert end.to_move is None  # judged lines are played to the end of the hand
        if verdict.correct:
            assert progress.wrong is None and puzzle.canonical(tried) in right
            gained = _net(puzzle, end)
            assert gained == best.points, (tried, gained, best)
        else:
            assert progress.wrong is not None and puzzle.canonical(tried) not in right
            assert _net(puzzle, end) < best.points or best.match > 0


def _net(puzzle: Puzzle, end: HandState) -> int:
    """The learner's side's points along the line less the other side's."""
    start = puzzle.state
    gains = {side: end.score_map[side] - start.score_map[side] for side in start.score_map}
    side = puzzle.side
    return gains[side] - max(points for other, points in gains.items() if other != side)


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_a_losing_plan_is_answered_by_its_refutation(puzzle: Puzzle) -> None:
    for tried in every_plan(puzzle):
        verdict = puzzle.check(tried)
        if verdict.correct:
            continue
        progress = plan.advance(puzzle, tried)
        wrong = tried[-1]
        assert verdict.why.startswith(f"After {symbols(wrong)}, best play goes ")
        assert all(symbols(reply) in verdict.why for reply in progress.refutation)
        assert "\n" not in verdict.why and not RULE_ID.search(verdict.why), verdict.why
        assert not CARD_CODE.search(verdict.why), verdict.why
        assert verdict.next_line is not None and verdict.next_line.plays[0] == wrong
        assert verdict.next_line.plays[1:] == progress.refutation  # on the table, too
        best = puzzle.correct_answers()[0]  # a miss never names the plan: hints do, at last
        assert best not in verdict.summary and best not in verdict.why


def test_the_two_trick_endgame_wants_the_seven_led_first() -> None:
    """Led first, the 7♥ holds the trick; the J♦ kept for the last trick is lost anyway."""
    puzzle = load_puzzle_file(PUZZLES / "07-the-last-two-tricks.json")
    seven_first = puzzle.check("S: 7H, S: JD")
    assert seven_first.correct and seven_first.summary.startswith("Correct: S: 7♥, then S: J♦.")
    jack_first = puzzle.check(["JD", "7H"])
    assert not jack_first.correct and "E: J♣" in jack_first.why
    assert jack_first.why == puzzle.check("S: JD").why  # judged at the first wrong play


def test_a_plan_that_stops_early_is_not_judged() -> None:
    puzzle = load_puzzle_file(PUZZLES / "07-the-last-two-tricks.json")
    with pytest.raises(NotationError, match="play on"):
        puzzle.check("S: 7H")


@pytest.mark.parametrize("puzzle", KIND, ids=lambda puzzle: puzzle.id)
def test_the_hints_keep_the_plan_back_until_their_last_rung(puzzle: Puzzle) -> None:
    first_plays = {line.split(", ")[0] for line in puzzle.correct_answers()}
    ladder = puzzle.hints()
    for hint in ladder[:-1]:
        assert not any(play in hint.text for play in first_plays), hint.text
    assert puzzle.correct_answers()[0] in ladder[-1].text


def _endgame(stock: list[str]) -> dict[str, object]:
    return {
        "id": "x", "title": "x", "chapter": 7, "question": "q", "answer": "plan",
        "scenario": {"hands": {"N": ["9C", "5H"], "E": ["6D", "5C"], "S": ["8C", "QS"],
                               "W": ["5D", "QH"]},
                     "stock": stock, "leader": "N", "plays": []},
    }


def test_a_plan_needs_every_card_known() -> None:
    with pytest.raises(PuzzleError, match="empty stock"):
        load_puzzle(_endgame(["AH"]))


def test_a_position_where_every_line_is_as_good_is_no_plan() -> None:
    with pytest.raises(PuzzleError, match="nothing to plan"):
        load_puzzle(_endgame([]))


def test_a_puzzle_can_be_read_to_show_without_working_out_its_answers() -> None:
    """A preview needs the position, not the answers (a plan's search is left for later)."""
    shown = load_puzzle(_endgame([]), check_answers=False)
    assert shown.kind == "plan" and shown.state.hand_of("N")
    with pytest.raises(PuzzleError, match="leader"):  # the position is still checked
        load_puzzle({**_endgame([]), "scenario": {"hands": {"N": ["9C"]}}}, check_answers=False)
