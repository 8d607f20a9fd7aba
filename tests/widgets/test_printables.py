"""The printables: every PDF opens, is A4, and says what the engine says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from worms_tutor.values.cards import PACK
from worms_tutor.values.ranking import normal_order
from worms_tutor.widgets import printables, printables_page, rules_summary, series

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
    expected = {"rank-sheet.pdf", "score-sheet.pdf", "make-the-pack.pdf", "rules-english.pdf",
                "rules-danish-club.pdf"} | {
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
        assert f"{number}. {puzzle.title}: {printables.answer_key(puzzle)}" in key_flat
    assert not re.search(r"\b[35-9JQKA][CSHD]\b|>", key_flat), "the key writes a card code"


def test_the_answer_key_reads_the_engines_answers_in_words_and_symbols() -> None:
    by_id = {puzzle.id: puzzle for chapter in printables.chapters()
             for puzzle in printables.chapter_puzzles(chapter)}
    assert printables.answer_key(by_id["03-place-the-aces"]) == "East: A♥ on A♦, 9♦ on A♠"
    assert printables.answer_key(by_id["03-kings-pair"]) == "North: K♥; K♥ K♣"
    for puzzle in by_id.values():
        key = printables.answer_key(puzzle)
        if puzzle.kind == "winner":
            assert key in ("North", "East", "South", "West", "A", "B", "C"), key
        if puzzle.kind in ("play", "placement", "allowed", "choose_all"):
            for answer in puzzle.correct_answers():
                for code in re.findall(r"\b[35-9JQKA][CSHD]\b", answer):
                    assert code[0] + {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}[code[1]] in key


def test_lesson_offers_every_pdf_for_download() -> None:
    html = printables_page.printables()._repr_html_()
    assert html.count('href="data:application/pdf;base64,') == 5 + len(printables.chapters())


def test_the_summary_page_offers_the_two_rules_sheets_only() -> None:
    html = printables_page.printables("rules")._repr_html_()
    assert html.count('href="data:application/pdf;base64,') == 2
    assert 'download="rules-english.pdf"' in html and 'download="rules-danish-club.pdf"' in html


SHARED = "Never Toqu on your partner's Worms"
ONLY = {
    "english": ("any pairing that works", "counts as led", "all nine tricks are played",
                "the first side to 9 points wins"),
    "danish-club": ("or two pairs", "judged as laid", "The kings' points", "Aavunga",
                    "Toqu may not be led", "5-5", "counts back from 9", "at 8:8"),
}


@pytest.mark.parametrize("rulebook", sorted(ONLY))
def test_each_rulebook_has_one_sheet_with_its_own_rules_and_not_the_others(
    folder: Path, rulebook: str
) -> None:
    pages = _pages(folder / f"rules-{rulebook}.pdf")
    assert len(pages) == 1, f"the {rulebook} summary takes {len(pages)} sheets"
    text = re.sub(r"\s+", " ", pages[0])
    assert SHARED in text and "our choice" in text
    other = next(name for name in ONLY if name != rulebook)
    for phrase in ONLY[rulebook]:
        assert phrase in text, f"the {rulebook} sheet lacks {phrase!r}"
    for phrase in ONLY[other]:
        assert phrase not in text, f"the {rulebook} sheet has the {other} rule {phrase!r}"
    assert "—" not in text and "**" not in text


def test_the_rules_sheets_follow_the_summary_page(tmp_path: Path) -> None:
    """The sheet is read from the page: a changed table cell changes the sheet."""
    page = (series.notebooks_folder() / rules_summary.SUMMARY_PAGE).read_text(encoding="utf-8")
    (tmp_path / rules_summary.SUMMARY_PAGE).write_text(
        page.replace("the first side to 9 points wins", "the first side to 12 points wins"),
        encoding="utf-8")
    lines = [line for section in rules_summary.summary("english", tmp_path)
             for line in section.lines]
    assert "The match: the first side to 12 points wins." in lines
    with pytest.raises(ValueError, match="unknown rulebook 'bavarian'"):
        rules_summary.summary("bavarian")
