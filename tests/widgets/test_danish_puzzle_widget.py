"""A puzzle on a Danish page: the engine's verdict, why line, hints and reasons in Danish."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest

from worms_tutor.values.cards import in_symbols
from worms_tutor.widgets.language import language
from worms_tutor.widgets.puzzle import PuzzleWidget
from worms_tutor.widgets.quiz import lettered

ENGLISH = re.compile(r"\b(?:the|is|not|does|beats|wins|trick|Correct|Not quite)\b")
"""Words of the engine's English sentences (the widget's own labels are another helper's)."""


def visible(markup: str) -> str:
    """The text a learner reads: tags dropped, entities decoded, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def feedback(widget: PuzzleWidget) -> str:
    return visible(widget.feedback.value)


@pytest.fixture
def danish_page() -> Iterator[None]:
    language("da")
    try:
        yield
    finally:
        language("en")


def engine_lines(text: str) -> str:
    """The feedback without the widget's own labels: what the engine wrote."""
    return re.sub(r"Why:|Change your answer.*|Card by card.*", "", text)


@pytest.mark.usefixtures("danish_page")
def test_a_wrong_seat_is_told_why_in_danish() -> None:
    widget = PuzzleWidget.from_id("00-later-matador")
    puzzle = widget.puzzle
    assert puzzle is not None
    right = puzzle.correct_answers()[0]
    wrong = next(seat for seat in puzzle.rules.seats if seat != right)
    widget.answer_control.value = wrong
    widget.check_button.click()
    text = feedback(widget)
    verdict = puzzle.check(wrong, "da")
    assert verdict.withheld.startswith("Ikke helt: ") and verdict.withheld in text
    assert in_symbols(verdict.why) in text and " slår " in verdict.why
    assert not ENGLISH.search(engine_lines(text)), text
    widget.hint_button.click()
    assert "Reglerne, det drejer sig om." in visible(widget.hint_box.value)


@pytest.mark.usefixtures("danish_page")
def test_a_right_answer_is_praised_in_danish_with_danish_reasons_in_the_fold() -> None:
    widget = PuzzleWidget.from_id("00-later-matador")
    puzzle = widget.puzzle
    assert puzzle is not None
    widget.answer_control.value = puzzle.correct_answers()[0]
    widget.check_button.click()
    text = feedback(widget)
    assert text.startswith("Rigtigt: ")
    fold = visible(widget.feedback.value.split("wt-feedback__trace", 1)[1])
    assert " slår " in fold and " beats " not in fold


@pytest.mark.usefixtures("danish_page")
def test_a_table_question_offers_its_choices_in_danish() -> None:
    widget = PuzzleWidget.from_id("10-three-cards")
    labels = [label for label, _value in widget.answer_control.options]
    assert labels == ["giv kort igen", "spil videre"]
    widget.answer_control.value = "play on"  # the engine's answer behind the label
    widget.check_button.click()
    assert feedback(widget).startswith("Ikke helt: kortene gives igen.")


@pytest.mark.usefixtures("danish_page")
def test_the_quiz_says_why_in_danish() -> None:
    puzzle = PuzzleWidget.from_id("10-three-cards").puzzle
    assert puzzle is not None
    shown = [shown for _letter, _answer, shown in lettered(puzzle).options]
    assert shown == ["giv kort igen", "spil videre"]


def test_an_english_page_is_unchanged() -> None:
    widget = PuzzleWidget.from_id("10-three-cards")
    assert widget.answer_control.options == ("deal again", "play on")
    widget.answer_control.value = "play on"
    widget.check_button.click()
    assert feedback(widget).startswith("Not quite: the cards are dealt again.")


@pytest.mark.usefixtures("danish_page")
def test_the_seats_to_choose_from_are_named_in_danish() -> None:
    radio = PuzzleWidget.from_id("00-later-matador").answer_control
    assert [label for label, _ in radio.options] == ["Nord", "Øst", "Syd", "Vest"]
    assert [value for _, value in radio.options] == ["N", "E", "S", "W"]  # the engine's seats


def test_an_english_page_keeps_the_seat_letters() -> None:
    radio = PuzzleWidget.from_id("00-later-matador").answer_control
    assert [label for label, _ in radio.options] == ["N", "E", "S", "W"]
