"""The printables: every PDF opens, is A4, and says what the engine says."""

from __future__ import annotations

import ast
import base64
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.values.cards import PACK
from worms_tutor.values.ranking import normal_order
from worms_tutor.widgets import language, printables, printables_page, rules_summary, series
from worms_tutor.widgets.puzzle_text import puzzle_text

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


# -- the Danish printables ----------------------------------------------------------------

@pytest.fixture(scope="module")
def danish(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("printables-da")
    printables.write_all(target, "da")
    return target


DANISH_HEADINGS = {
    "rank-sheet.pdf": ("De 36 kort, stærkest først", "Hjerter konge, Worms", "Spar otte"),
    "score-sheet.pdf": ("Pointark", "Kam 4", "Vores hold", "Vundne kamme"),
    "make-the-pack.pdf": ("Sådan laver du kortene", "De 36 kort, du beholder"),
    "rules-english.pdf": ("Worms på én side: Engelske regler", "Pligter og forbud"),
    "rules-danish-club.pdf": ("Worms på én side: Danske klubregler", "Pligter og forbud"),
    "worksheet-05.pdf": ("Kapitel 5: opgaveark", "Kapitel 5: facitliste", "Dit svar"),
}
ENGLISH_HEADINGS = ("The 36 cards", "King of hearts", "Score sheet",
                    "Match 1", "Our side", "Matches won", "Making the pack", "cards you keep",
                    "Worms on one page", "Duties and bans", "our choice", "worksheet",
                    "answer key", "Your answer", "Choose one", "You are", "On the table")


@pytest.mark.parametrize("name", sorted(DANISH_HEADINGS))
def test_a_danish_sheet_has_danish_headings_and_no_english_one(danish: Path, name: str) -> None:
    pages = _pages(danish / name)
    if name == "rank-sheet.pdf":  # the ranking chart first: the widget's own words, below
        pages = pages[1:]
    text = re.sub(r"\s+", " ", " ".join(pages)).lower()
    for heading in DANISH_HEADINGS[name]:
        assert heading.lower() in text, f"{name} lacks {heading!r}"
    for heading in ENGLISH_HEADINGS:
        assert heading.lower() not in text, f"{name} has the English {heading!r}"


def test_every_danish_worksheet_asks_the_danish_questions_and_keys_with_danish_seats(
    danish: Path,
) -> None:
    assert {path.name for path in danish.glob("*.pdf")} == set(printables_page.site_names())
    for chapter in printables.chapters():
        pages = _pages(danish / f"worksheet-{chapter:02d}.pdf")
        questions = re.sub(r"\s+", " ", " ".join(pages[:-1]))
        key = re.sub(r"\s+", " ", pages[-1])
        for number, puzzle in enumerate(printables.chapter_puzzles(chapter), start=1):
            title = puzzle_text(puzzle, "title", "da")
            assert title in questions
            assert f"{number}. {title}: {printables.answer_key(puzzle, 'da')}" in key
        for english in ("North", "East", "South", "West", "none of them", " or "):
            assert english not in key, f"chapter {chapter}'s key says {english!r}"


def test_the_ranking_chart_is_drawn_in_the_sheets_language_on_any_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The chart words itself in the page's language (``say``): a Danish sheet draws it
    speaking Danish, and the page goes on speaking its own language."""
    from worms_tutor.widgets.ladder import RankLadder

    spoken: list[str] = []
    drawing = RankLadder.figure

    def figure(ladder: RankLadder) -> Any:
        spoken.append(language.current())
        return drawing(ladder)

    monkeypatch.setattr(RankLadder, "figure", figure)
    printables.rank_sheet("da")
    printables.rank_sheet()
    assert spoken == ["da", "en"] and language.current() == "en"


def test_the_danish_answer_key_names_seats_and_placements_in_danish() -> None:
    by_id = {puzzle.id: puzzle for chapter in printables.chapters()
             for puzzle in printables.chapter_puzzles(chapter)}
    assert printables.answer_key(by_id["03-place-the-aces"], "da") == "Øst: A♥ på A♦, 9♦ på A♠"
    assert printables.answer_key(by_id["03-kings-pair"], "da") == "Nord: K♥; K♥ K♣"


def test_the_danish_rules_sheet_reads_the_danish_summary_page() -> None:
    lines = [line for section in rules_summary.summary("danish-club", lang="da")
             for line in section.lines]
    assert "Toqu må ikke spilles ud: før Worms har været spillet, medmindre du har Worms." in lines
    english = [line for section in rules_summary.summary("english", lang="da")
               for line in section.lines]
    assert not any(line.startswith("Toqu må ikke spilles ud") for line in english)


def test_the_summary_tables_give_the_rulebooks_their_columns_in_order() -> None:
    """The sheets take a rulebook's column by its place: the English page names them."""
    page = (series.notebooks_folder() / rules_summary.SUMMARY_PAGE).read_text(encoding="utf-8")
    headers = re.findall(r"\|\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|", page)
    assert headers and set(headers) == {tuple(rules_summary.RULEBOOK_COLUMNS.values())}


@pytest.fixture
def on_a_danish_page() -> Iterator[None]:
    language.language("da")
    yield
    language.language("en")


def test_a_danish_page_offers_the_danish_pdfs(on_a_danish_page: None) -> None:
    html = printables_page.printables()._repr_html_()
    assert html.count('href="data:application/pdf;base64,') == 5 + len(printables.chapters())
    assert "Kapitel 5: opgaveark og facitliste (worksheet-05.pdf)" in html
    assert "De engelske regler på én side" in html and "worksheet and answer key" not in html
    pdf = re.search(r'download="score-sheet.pdf" href="data:application/pdf;base64,([^"]+)"',
                    html)
    assert pdf
    text = pypdf.PdfReader(io.BytesIO(base64.b64decode(pdf.group(1)))).pages[0].extract_text()
    assert "Pointark" in text and "Score sheet" not in text


def test_a_danish_page_of_the_static_edition_links_to_the_danish_copies(
    on_a_danish_page: None,
) -> None:
    links = printables_page.site_links(["rules-english.pdf"])._repr_html_()
    assert 'href="../../../printables/da/rules-english.pdf"' in links
    assert "De engelske regler på én side" in links


def _shown_by(page: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The HTML a page's code cells show, run here as its kernel runs them."""
    from worms_tutor.widgets import lesson

    shown: list[Any] = []
    monkeypatch.setattr(lesson, "show", lambda *parts: shown.extend(parts))
    namespace: dict[str, Any] = {}
    for cell in json.loads(page.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(page), "exec"), namespace)
        if last is not None:
            shown.append(eval(compile(ast.Expression(last.value), str(page), "eval"), namespace))
    return "".join(part._repr_html_() for part in shown if hasattr(part, "_repr_html_"))


@pytest.mark.parametrize(("page", "sheets"), [("summary", 2), ("teachers", len(
    printables_page.site_names()))])
def test_the_danish_summary_and_teachers_pages_offer_the_danish_pdfs(
    page: str, sheets: int, on_a_danish_page: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    html = _shown_by(series.notebooks_folder() / "da" / f"{page}.ipynb", monkeypatch)
    assert language.current() == "da"
    links = re.findall(r'<a download="([^"]+)" href="data:application/pdf;base64,([^"]+)">'
                       r"([^<]+)</a>", html)
    assert len(links) == sheets
    assert "De engelske regler på én side" in html and "The English rules" not in html
    data = next(link[1] for link in links if link[0] == "rules-danish-club.pdf")
    text = pypdf.PdfReader(io.BytesIO(base64.b64decode(data))).pages[0].extract_text()
    assert "Worms på én side" in text and "Worms on one page" not in text
