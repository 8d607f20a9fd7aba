"""The widgets on a Danish page (``lesson.language("da")``): their buttons and labels in
Danish, the engine's reasons in Danish, the English words gone; and the widgets catalog kept
complete by tools/messages.py."""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.formats.scenario import Scenario
from worms_tutor.widgets import language, lesson, page_widgets
from worms_tutor.widgets.drill import drill
from worms_tutor.widgets.explorer import Explorer
from worms_tutor.widgets.hand import HandPicker
from worms_tutor.widgets.play import PlayTable
from worms_tutor.widgets.presenter import PresenterMode
from worms_tutor.widgets.progress_panel import ProgressPanel
from worms_tutor.widgets.puzzle import PuzzleWidget
from worms_tutor.widgets.quiz import Quiz, lettered
from worms_tutor.widgets.scoreboard import Scoreboard
from worms_tutor.widgets.series import chapter_puzzle_ids, load
from worms_tutor.widgets.table import TrickTable

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))
import messages  # noqa: E402  (tools/messages.py, the catalog checker)

SCENARIO = {
    "hands": {"N": ["7H", "9C"], "E": ["KH", "5D"], "S": ["JC", "6H"], "W": ["9S", "QC"]},
    "leader": "N",
    "plays": ["N: 7H", "E: KH", "S: 6H", "W: 9S"],
}
"""A trick where N leads a 7 and East's Worms cannot beat it (F2 and R3 in the reasons)."""


@pytest.fixture
def danish() -> Iterator[None]:
    """A Danish page for one test; the next test is an English page again."""
    page_widgets._ONCE.clear()
    lesson.language("da")
    yield
    language.language("en")
    page_widgets._ONCE.clear()


def visible(markup: str) -> str:
    """The text a learner reads: tags dropped, entities decoded, spaces collapsed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def descriptions(*controls: Any) -> list[str]:
    return [control.description for control in controls]


def test_the_match_speaks_danish_and_its_reasons_too(danish: None) -> None:
    table = PlayTable(seed=3, pause=0)
    assert descriptions(table.play_button, table.undo_button, table.solver_button,
                        table.record_button, table.new_button) == [
        "Spil", "Fortryd mit sidste kort", "Hvad ville løseren spille?",
        "Gem spillets forløb", "Ny kam"]
    assert descriptions(table.preset, table.strength) == ["Regler", "Computerspillere"]
    assert table.practice.description.startswith("Øvetilstand")
    assert "Din tur" in visible(table.status.value) and "Your turn" not in table.status.value
    table.play("S: 5C AH")  # two cards of different ranks: the engine refuses
    refusal = visible(table.message.value)
    assert refusal.startswith("Det må du ikke spille:") and "You may not" not in refusal
    table.play("S: 5C")
    told = visible(table.explanation.value)
    assert "vinder stikket" in told and "Syd spiller 5♣ ud" in told
    assert "wins" not in told and "beats" not in told
    assert "Point (kammen)" in visible(table.scoreboard.value)


def test_the_explorer_speaks_danish_and_words_its_outcomes_in_danish(danish: None) -> None:
    explorer = Explorer()
    assert descriptions(explorer.show_button, explorer.plays, explorer.players,
                        explorer.second) == ["Vis trækkene", "Lagte kort", "Spillere",
                                             "Sammenlign med"]
    explorer.load(Scenario.from_json({**SCENARIO, "plays": ["N: 7H"]}))
    explorer.show_button.click()
    shown = visible(explorer.result.value)
    assert "Øst skal spille" in shown and "Træk Udfald" in shown and "Hvorfor" in shown
    assert "Hjerter syv, fører stikket" in explorer.result.value  # the card's own title
    assert "fører ikke stikket" in shown and "slår ikke Nords" in shown
    assert "Outcome" not in shown and "beat" not in shown and "Seven of" not in shown
    assert "Stillingens kode" in visible(explorer.code.value)
    assert [label for label, _ in explorer.leader.options] == ["Nord", "Øst", "Syd", "Vest"]


def test_a_table_steps_in_danish_with_the_engines_danish_reasons(danish: None) -> None:
    table = TrickTable.from_scenario(SCENARIO)
    assert isinstance(table, TrickTable)
    assert descriptions(*table.buttons.values()) == ["Første", "Tilbage", "Næste", "Sidste"]
    caption = visible(table.caption.value)
    assert caption == "Skridt 5 af 5: Stik 1: Nord vinder"
    reasons = visible(table.reason.value)
    assert "Nord vinder stikket" in reasons and "wins the trick" not in reasons
    board = visible(table.board.value)
    assert "fører stikket" in board
    assert "Nord · N–S" in board and "Øst · Ø–V" in board  # seats by word, not by English letter
    assert "E · E–W" not in board


def test_a_puzzle_has_danish_buttons_prompts_and_labels(danish: None) -> None:
    widget = PuzzleWidget.from_id("leave-partners-seven")
    assert descriptions(widget.check_button) == ["Tjek"]
    assert widget.hint_button.description.startswith("Hint 1 af ")
    header = visible(widget.children[0].value)
    assert "Du spiller for Syd. Vælg dit kort" in header and "4 spillere" in header
    assert "Pick your card" not in header and "players" not in header
    picker = widget.answer_control
    assert isinstance(picker, HandPicker) and picker.label == "Din hånd (Syd)"
    widget.next_hint()
    assert "Hint 1:" in visible(widget.hint_box.value)


def test_seats_to_choose_from_are_named_by_word(danish: None) -> None:
    """A table question whose options are seats, and a winner in the quiz: Nord, not N."""
    widget = PuzzleWidget.from_id("02-next-dealer")
    labels = [label for label, _seat in widget.answer_control.options]
    assert labels == ["Nord", "Øst", "Syd", "Vest"]
    shown = [text for _letter, _answer, text in lettered(load("02-who-takes-it")).options]
    assert shown == ["Nord", "Øst", "Syd", "Vest"]


def test_the_quiz_and_the_drill_speak_danish(danish: None) -> None:
    quiz = Quiz(chapter_puzzle_ids("03")[:1], title="Kapitel 3")
    assert descriptions(quiz.reveal_button, quiz.back_button, quiz.next_button) == [
        "Vis svaret", "Tilbage", "Næste"]
    assert "spørgsmål 1 af 1" in visible(quiz.head.value)
    quiz.reveal()
    assert visible(quiz.why.value).startswith("Hvorfor:")
    run = drill("03")
    assert run.next_button.description == "Næste opgave →"
    header = visible(run.header.value)
    assert header.startswith("Øv: kapitel 3, Udspil og tilspil") and "Opgave 1 af" in header


def test_scoreboard_hand_progress_and_presenter_speak_danish(danish: None) -> None:
    board = Scoreboard.from_scenario(SCENARIO)
    shown = visible(board.value)
    assert "Nord-Syd" in shown and "Stik i dette spil" in shown and "Trick units" not in shown
    hand = HandPicker("KH JC", max_select=1)
    assert hand.label == "Din hånd" and hand._status == "Intet valgt endnu."
    assert [item["name"] for item in hand._items] == ["Hjerter konge, Worms",
                                                      "Klør knægt, Toqu"]
    panel = ProgressPanel()
    assert panel.show_button.description == "Vis min fremskridtskode"
    assert not panel.store.import_code("wt-nonsense")
    assert panel.store.notice == ("Den fremskridtskode blev ikke brugt: Dette er ikke en "
                                  "fremskridtskode fra worms-tutor.")
    presenter = PresenterMode()
    assert presenter.labels["on"] == "Fremvisning"
    assert presenter.labels["reveal"] == "Vis alle hænder"


def test_the_lesson_boxes_speak_danish(danish: None) -> None:
    goals = lesson.goals("a", "b", "c")
    recap = lesson.recap("a", progress=False)
    assert "I dette kapitel lærer du at" in visible(goals.pieces[0].html)
    assert "Opsamling" in visible(recap.pieces[0].html)
    assert "Recap" not in recap.pieces[0].html


def test_an_english_page_keeps_its_english_words() -> None:
    table = PlayTable(seed=3, pause=0)
    assert table.new_button.description == "New match"
    assert "Your turn" in visible(table.status.value)


def test_the_widgets_catalog_gathers_labels_and_both_words_of_a_choice() -> None:
    found, problems = messages.extract(messages.WIDGETS, messages.WIDGET_MARKERS)
    ids = {entry.msgid for entry in found}
    assert not problems
    assert {"Check", "New match", "Undo my last play",
            "Undo my last play (reopens the match)"} <= ids  # both words of an "a if b else c"
    assert any(entry.context == "move" and entry.msgid == "Play" for entry in found)


def test_the_check_fails_on_a_widget_label_missing_from_the_catalog(tmp_path: Path) -> None:
    po = tmp_path / "widgets.po"
    po.write_text('msgid ""\nmsgstr ""\n\nmsgid "Check"\nmsgstr "Tjek"\n', encoding="utf-8")
    found = messages.check(po, [messages.Entry("Check"), messages.Entry("New match")])
    assert len(found) == 1 and "'New match' is missing" in found[0]


def test_the_example_finder_and_the_comparison_speak_danish_in_symbols(danish: None) -> None:
    explorer = Explorer()
    generator = explorer.generator
    generator.find_button.click()  # english against danish-club, the generator's defaults
    assert generator.examples
    found = [label for label, _ in generator.found.options]
    assert all("er uenige" in label and "differ" not in label for label in found), found
    generator.load_button.click()
    shown = visible(explorer.result.value)
    assert "≠" in shown and "legality" not in shown and "winner" not in shown
    assert not re.search(r"\b[3-9JQKA][CSHD]\b", shown), shown  # cards in symbols, not codes
