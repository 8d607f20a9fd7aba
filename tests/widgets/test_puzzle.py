"""PuzzleWidget driven as a learner drives it: pick, Check, Hint; assert on what shows."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from worms_tutor.analysis.puzzle import Puzzle
from worms_tutor.values.seating import seat_name
from worms_tutor.widgets.hand import HandPicker
from worms_tutor.widgets.progress import ProgressStore
from worms_tutor.widgets.puzzle import PuzzleWidget, puzzle_list, shipped_puzzles
from worms_tutor.widgets.table import TrickTable


def visible(markup: str) -> str:
    """The text a learner reads: tags dropped, entities decoded, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def pick(widget: PuzzleWidget, *codes: str) -> None:
    """Click cards of the learner's hand, as the browser reports the clicks."""
    picker = widget.answer_control
    assert isinstance(picker, HandPicker)
    for code in codes:
        picker._handle_custom_msg({"type": "toggle", "code": code}, [])


def feedback(widget: PuzzleWidget) -> str:
    return visible(widget.feedback.value)


def classes(widget: Any) -> tuple[str, ...]:
    return tuple(widget._dom_classes)


def test_a_right_card_is_praised_with_the_engines_reasons_and_the_other_answers() -> None:
    store = ProgressStore()
    widget = PuzzleWidget.from_id("leave-partners-seven", progress=store)
    assert "wt-puzzle" in classes(widget) and "wt-check" in classes(widget.check_button)
    pick(widget, "9C")
    widget.check_button.click()
    text = feedback(widget)
    assert "wt-feedback--correct" in classes(widget.feedback)
    assert text.startswith("Correct: S: 9♣.")
    assert "S's 9♣ does not beat N's 7♥" in text and "R3.1" in text
    assert "Also correct: S: 7♠, S: A♠." in text
    assert store.is_solved("leave-partners-seven")
    assert "wt-puzzle--solved" in classes(widget)


def test_a_wrong_card_shows_what_happens_next_and_allows_a_retry() -> None:
    widget = PuzzleWidget.from_id("leave-partners-seven")
    pick(widget, "KC")
    widget.check_button.click()
    text = feedback(widget)
    assert "wt-feedback--wrong" in classes(widget.feedback)
    assert "Not quite: S: K♣. Goal: NS win the trick. Not reached once the others play their " \
        "best (W: K♠)." in text
    assert "W's K♠ beats S's K♣ (the K♠ kills a K♣ that has beaten a 7, R4.3)" in text
    assert "W wins the trick" in text and "try again" in text
    (title, table) = widget.next_box.children
    assert isinstance(table, TrickTable) and "What happens next" in visible(title.value)
    assert 'data-card="KS"' in table.board.value
    pick(widget, "AS")  # a single pick replaces the old one
    widget.check_button.click()
    assert "wt-feedback--correct" in classes(widget.feedback)
    assert "wt-feedback--wrong" not in classes(widget.feedback)
    assert widget.next_box.children == ()


def test_checking_with_nothing_picked_asks_for_a_card() -> None:
    widget = PuzzleWidget.from_id("leave-partners-seven")
    widget.check_button.click()
    assert "wt-feedback--empty" in classes(widget.feedback)
    assert "Pick your card(s)" in feedback(widget)


def test_the_hint_button_climbs_the_ladder() -> None:
    widget = PuzzleWidget.from_id("leave-partners-seven")
    assert widget.hint_button.description == "Hint 1 of 4"
    widget.hint_button.click()
    first = visible(widget.hint_box.value)
    assert "Hint 1: The rules at stake." in first and "R4.3" not in first  # ids stay out
    assert "wt-hint" in classes(widget.hint_box)
    for _ in range(3):
        widget.hint_button.click()
    ladder = visible(widget.hint_box.value)
    assert "Hint 2: The legal plays. You may play: S: 7♠, S: K♣, S: 9♣, S: A♠." in ladder
    assert "Hint 3: Who plays after you. After you, W still plays" in ladder  # not the answer
    assert "Hint 4: The solution. Solution: S: 7♠, S: 9♣, S: A♠." in ladder
    assert widget.hint_button.disabled and widget.hint_button.description == "All hints shown"


def test_the_variant_is_shown_with_our_choices() -> None:
    three = PuzzleWidget.from_id("13-three-players-no-partner")
    header = visible(three.children[0].value)
    assert "English rules · 3 players" in header and "§E Q9" in header
    danish = PuzzleWidget.from_id("worms-on-a-led-seven")
    assert "Danish club rules · 4 players" in visible(danish.children[0].value)


def test_only_a_puzzle_asking_for_a_play_says_which_seat_the_learner_plays_for() -> None:
    watching = visible(PuzzleWidget.from_id("seven-after-led-three").children[0].value)
    assert "You play for" not in watching and "Pick the seat" in watching
    playing = PuzzleWidget.from_id("00-take-it-with-worms")
    assert f"You play for {seat_name(playing.puzzle.seat)}." in visible(playing.children[0].value)


def test_a_table_question_is_chosen_from_the_engines_options() -> None:
    widget = PuzzleWidget.from_id("10-drawing-partners")
    assert widget.answer_control.options == ("E", "S", "W")  # N's partner: not N
    assert "N–S" not in widget.table.board.value  # partners are not known before the draw
    assert widget.table.reason.layout.display == "none"
    widget.check_button.click()
    assert "Choose your answer" in feedback(widget)
    widget.answer_control.value = "S"
    widget.check_button.click()
    first = feedback(widget)
    assert "Not quite: S is not the answer." in first and "Why: From the lowest draw" in first
    assert "R7.2" not in first  # rule ids only in the fold, after the answer
    assert "E plays with N" not in first  # a first miss keeps the answer back
    assert widget.reveal_button is not None
    assert widget.next_box.children == (widget.reveal_button,)
    widget.reveal_button.click()
    assert "Not quite: E plays with N, not S." in feedback(widget)
    assert "N with E, S with W" in feedback(widget)
    assert widget.next_box.children == ()
    widget.answer_control.value = "E"
    widget.check_button.click()
    assert "Correct: E plays with N." in feedback(widget) and widget.solved
    cut = PuzzleWidget.from_id("10-who-cuts")
    assert "N · N–S" in cut.table.board.value and "You play for" not in visible(
        cut.children[0].value)


def test_a_winner_question_keeps_the_answer_hidden_until_checked() -> None:
    widget = PuzzleWidget.from_id("seven-after-led-three")
    board = widget.table.board.value
    assert "wt-heading" not in board and "wins" not in visible(widget.table.caption.value)
    assert "reasons appear with the answer" in visible(widget.table.reason.value)
    widget.answer_control.value = "W"
    widget.check_button.click()
    first = feedback(widget)
    assert "Not quite: W does not win the trick." in first and "R3.4" not in first
    assert "Why: W's" in first  # at once: why W's card does not take the trick
    assert "E wins" not in first and "wt-heading" not in widget.table.board.value
    widget.answer_control.value = "N"
    widget.check_button.click()  # a second miss: the answer and why
    text = feedback(widget)
    assert "Not quite: E wins the trick, not N." in text
    assert "counts as led, R3.4" in text
    assert 'class="wt-seat wt-seat-E wt-heading"' in widget.table.board.value
    widget.answer_control.value = "E"
    widget.check_button.click()
    assert "Correct: E wins the trick." in feedback(widget)
    assert "This is the only correct answer." in feedback(widget)


def test_a_legal_question_gives_the_rule() -> None:
    widget = PuzzleWidget.from_id("worms-on-a-led-seven")
    widget.answer_control.value = "yes"
    widget.check_button.click()
    text = feedback(widget)
    assert "Not quite: E: K♥ is not legal." in text
    assert "Worms may not be laid on a led 7 unless it is your last card (F2)" in text


def test_a_points_question() -> None:
    widget = PuzzleWidget.from_id("ataata")
    widget.check_button.click()  # nothing typed yet: asked for a number, nothing judged
    assert "wt-feedback--empty" in classes(widget.feedback)
    widget.answer_control.value = "one"
    widget.check_button.click()
    assert "wt-feedback--empty" in classes(widget.feedback)
    widget.answer_control.value = " 1 "
    widget.check_button.click()
    text = feedback(widget)
    assert "Correct: North–South score 1." in text and "(P4, R4.4)" in text


def test_enter_in_the_points_box_checks_the_answer() -> None:
    widget = PuzzleWidget.from_id("ataata")
    box = widget.answer_control
    assert "press Enter or Check" in widget.children[0].value
    box.value = "1"
    enter = {"method": "custom", "content": {"event": "submit"}}  # what the browser sends
    box._handle_msg({"content": {"data": enter}, "buffers": []})
    assert "Correct: North–South score 1." in feedback(widget)


def test_a_placement_question_reads_every_card_and_its_target() -> None:
    widget = PuzzleWidget.from_id("place-your-nines")
    first, second = widget.answer_control.children
    first.value = "9D"  # 9♣ on 9♦: the 9♥ then cannot beat the 9♠
    widget.check_button.click()
    assert "wt-feedback--empty" in classes(widget.feedback)
    second.value = "9S"
    widget.check_button.click()
    assert "wt-feedback--wrong" in classes(widget.feedback)
    assert "9♥ on 9♠ fails" in feedback(widget)
    first.value, second.value = "9S", "9D"
    widget.check_button.click()
    assert "Correct: E: 9♣ on 9♠ 9♥ on 9♦." in feedback(widget)


def test_a_placement_with_more_cards_than_targets_lets_cards_stay_in_hand() -> None:
    widget = PuzzleWidget.from_id("03-two-of-four")
    assert "Choose which cards to play" in widget.children[0].value
    nine, ace, jack, six = widget.answer_control.children
    assert [label for label, _value in nine.options][-1] == "stays in hand"
    nine.value, ace.value, jack.value = "AD", "AC", "keep"
    widget.check_button.click()
    assert "wt-feedback--empty" in classes(widget.feedback)  # the 6♣ has no place yet
    six.value = "keep"
    widget.check_button.click()
    assert "wt-feedback--wrong" in classes(widget.feedback)
    assert "A♥ on A♣ fails" in feedback(widget)  # at once, on the first miss
    nine.value, ace.value = "AC", "AD"
    widget.check_button.click()
    assert "Correct: E: 9♦ on A♣ A♥ on A♦." in feedback(widget)


def test_bad_puzzle_data_shows_a_message_instead_of_a_dead_widget(
    caplog: pytest.LogCaptureFixture,
) -> None:
    widget = PuzzleWidget({"id": "broken", "title": "Broken"})
    assert "wt-puzzle--broken" in classes(widget)
    message = visible(widget.children[0].value)
    assert message == "This puzzle could not be shown: chapter: is required"
    missing = PuzzleWidget.from_id("no-such-puzzle")
    assert "there is no puzzle 'no-such-puzzle'" in visible(missing.children[0].value)
    assert "puzzle could not be shown" in caplog.text


def test_an_error_inside_a_callback_becomes_a_message_and_the_widget_lives_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    widget = PuzzleWidget.from_id("leave-partners-seven")
    pick(widget, "9C")

    def boom(self: Puzzle, answer: Any, lang: str = "en") -> Any:
        raise RuntimeError("the engine tripped")

    with monkeypatch.context() as patch:
        patch.setattr(Puzzle, "check", boom)
        widget.check_button.click()
    assert "wt-feedback--error" in classes(widget.feedback)
    assert "Something went wrong; the puzzle still works, try again: the engine tripped" \
        in feedback(widget)
    assert "puzzle callback failed" in caplog.text
    widget.check_button.click()
    assert "wt-feedback--correct" in classes(widget.feedback)


def test_every_shipped_puzzle_builds_and_a_chapter_lists_its_puzzles() -> None:
    for puzzle in shipped_puzzles():
        widget = PuzzleWidget(puzzle)
        assert "wt-puzzle--broken" not in classes(widget), puzzle.id
        for answer in puzzle.correct_answers():
            assert puzzle.check(answer).correct
    chapter = puzzle_list(5)
    ids = [child.puzzle.id for child in chapter.children if isinstance(child, PuzzleWidget)]
    assert ids == [p.id for p in shipped_puzzles() if p.chapter == 5]
    assert {"ataata", "worms-on-a-led-seven"} <= set(ids)


def test_picking_the_one_card_checks_at_once_unless_switched_off() -> None:
    widget = PuzzleWidget.from_id("leave-partners-seven")
    assert "it is checked at once" in visible(widget.children[0].value)
    pick(widget, "KC")
    assert "Not quite: S: K♣." in feedback(widget)
    pick(widget, "KC")  # unpicking leaves the feedback as it was
    assert "Not quite: S: K♣." in feedback(widget)
    manual = PuzzleWidget.from_id("leave-partners-seven", check_on_pick=False)
    pick(manual, "9C")
    assert manual.feedback.value == ""
    manual.check_button.click()
    assert "Correct: S: 9♣." in feedback(manual)


def test_the_same_answer_gets_the_same_verdict_without_asking_twice() -> None:
    puzzle = shipped_puzzles()[0]
    answer = puzzle.correct_answers()[0]
    assert puzzle.check(answer) is puzzle.check(answer)


def test_what_happens_next_shows_at_once_outside_a_kernel_even_with_a_loop_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another library's event loop (e.g. a browser driver's) must not swallow the table."""
    import asyncio

    class IdleLoop:
        """A loop that counts as running but never gets round to what it is given."""

        def call_later(self, *_args: object) -> None:
            raise AssertionError("deferred to a loop that will never run it")

    monkeypatch.setattr(asyncio, "get_running_loop", IdleLoop)
    widget = PuzzleWidget.from_id("leave-partners-seven")
    pick(widget, "KC")
    widget.check_button.click()
    assert len(widget.next_box.children) == 2


def test_feedback_opens_with_the_why_then_the_lesson_and_folds_the_trace() -> None:
    widget = PuzzleWidget.from_id("02-who-takes-it")
    widget.answer_control.value = "W"
    widget.check_button.click()
    html = widget.feedback.value
    assert "Why:</b> W&#x27;s A♠ does not beat S&#x27;s 9♥" in html or \
        "Why:</b> W's A♠ does not beat S's 9♥" in html
    widget.answer_control.value = "S"
    widget.check_button.click()
    html = widget.feedback.value
    lesson = widget.puzzle.lesson if widget.puzzle else ""
    assert lesson and html.index("wt-feedback__lesson") < html.index("Card by card")
    shown = html.split("<details", 1)[0]
    assert not re.search(r"\bR\d+\.\d+\b", shown)  # rule ids only in the fold
