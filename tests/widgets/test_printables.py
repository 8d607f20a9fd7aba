"""The printables: every PDF opens, is A4, and says what the engine says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from worms_tutor.values.cards import PACK
from worms_tutor.values.ranking import normal_order
from worms_tutor.widgets import printables, printables_page

pypdf = pytest.importorskip("pypdf")

A4_POINTS = (595, 842)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("printables")
    printables.write_all(target)
    return target


def _pages(path: Path) -> list[str]:
    reader = pypdf.PdfReader(path)
    for page in reader.pages:
        size = (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        assert tuple(sorted(size)) == A4_POINTS, f"{path.name} is not A4: {size}"
    return [page.extract_text() for page in reader.pages]


def test_every_pdf_is_a4_with_selectable_text(folder: Path) -> None:
    names = {path.name for path in folder.glob("*.pdf")}
    expected = {"rank-sheet.pdf", "score-sheet.pdf", "make-the-pack.pdf"} | {
        f"worksheet-{chapter:02d}.pdf" for chapter in printables.chapters()}
    assert names == expected
    for name in names:
        pages = _pages(folder / name)
        assert pages and all(text.strip() for text in pages), name


def test_rank_sheet_lists_the_36_cards_in_the_engines_order(folder: Path) -> None:
    text = _pages(folder / "rank-sheet.pdf")[1]
    place = 0
    for card in normal_order():
        found = text.find(card.name, place)
        assert found >= 0, f"{card.name} missing or out of the engine's order"
        place = found + len(card.name)
    assert len(normal_order()) == 36


def test_the_pack_sheet_removes_sixteen_cards(folder: Path) -> None:
    text = " ".join(_pages(folder / "make-the-pack.pdf"))
    removed = printables._removed_from_deck()
    assert len(removed) == 52 - len(PACK) == 16
    assert all(name in text for name in removed)
    assert "3♦" in text


def test_score_sheet_has_the_comb_and_the_lus_tally(folder: Path) -> None:
    text = " ".join(_pages(folder / "score-sheet.pdf"))
    assert "Match 4" in text and "lus" in text and "Matches won" in text


@pytest.mark.parametrize("chapter", printables.chapters())
def test_worksheet_has_the_chapters_puzzles_and_the_engines_answers(
    folder: Path, chapter: int
) -> None:
    pages = _pages(folder / f"worksheet-{chapter:02d}.pdf")
    puzzles = printables.chapter_puzzles(chapter)
    questions, key = " ".join(pages[:-1]), pages[-1]
    assert "answer key" in key and "answer key" not in questions
    flat = re.sub(r"\s+", " ", questions)
    for puzzle in puzzles:
        assert puzzle.title in flat
    key_flat = re.sub(r"\s+", " ", key)
    for number, puzzle in enumerate(puzzles, start=1):
        answers = " or ".join(puzzle.correct_answers())
        assert f"{number}. {puzzle.title}: {answers}" in key_flat


def test_lesson_offers_every_pdf_for_download() -> None:
    html = printables_page.printables()._repr_html_()
    assert html.count('href="data:application/pdf;base64,') == 3 + len(printables.chapters())
