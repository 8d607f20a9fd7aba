"""The translated pages come from one source: the English pages and a catalog per language.
No translated page is edited by hand: each is what tools/course_language.py writes, with the
English page's code and its text translated."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from tools import course_language as tool
from worms_tutor.widgets.language import LANGUAGES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _translated_pages() -> list[Path]:
    return sorted(path for language in tool.LANGUAGES
                  for path in (NOTEBOOKS / language).glob("*.ipynb"))


def _code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [tool.source(c) for c in cells if c["cell_type"] == "code"]


def _without_prose(code: str) -> str:
    """A code cell's syntax tree with its prose literals blanked: what must not differ."""
    tree = ast.parse(code)
    prose = {(node.lineno, node.col_offset) for node in tool.prose_literals(code)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and (node.lineno, node.col_offset) in prose:
            node.value = "…"
    return ast.dump(tree)  # positions are left out: a translation moves the code after it


def test_the_catalogs_and_translated_pages_are_up_to_date() -> None:
    assert tool.main(["--check"]) == 0, "run python tools/course_language.py"


def test_the_widgets_know_every_language_the_series_is_translated_into() -> None:
    assert set(tool.LANGUAGES) <= set(LANGUAGES) - {"en"}


@pytest.mark.parametrize("path", _translated_pages(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_translated_page_runs_the_english_code_in_its_own_language(path: Path) -> None:
    english = _code_cells(NOTEBOOKS / path.name)
    translated = _code_cells(path)
    language = path.parent.name
    assert translated[0] == tool.source(tool.language_cell(language))
    assert len(translated[1:]) == len(english)
    for mine, theirs in zip(translated[1:], english, strict=True):
        assert _without_prose(mine) == _without_prose(theirs)


def test_the_english_page_names_its_translations_for_the_switch() -> None:
    for path in _translated_pages():
        meta = json.loads((NOTEBOOKS / path.name).read_text(encoding="utf-8"))["metadata"]
        assert path.parent.name in meta["worms_tutor"]["translations"], path.name


def _catalog(**translations: str) -> Catalog:
    catalog = Catalog(locale="da")
    for english, danish in translations.items():
        catalog.add(english, danish)
    return catalog


def test_prose_in_code_is_translated_and_the_rest_kept() -> None:
    code = ('lesson.show(\n    lesson.goals(\n        "know the 3♦ "\n        "and the K♣",\n'
            '        "win",\n    ),\n    lesson.trick("N: 3D E: 5D S: KS W: 7C", '
            'caption="Led: worthless"),\n)')
    catalog = Catalog(locale="da")
    catalog.add("know the 3♦ and the K♣", "kend 3♦ og K♣")
    catalog.add("win", "vind")
    assert tool.translated_code(code, catalog) is None  # the caption has no translation yet
    catalog.add("Led: worthless", "Spillet ud: værdiløs")
    translated = tool.translated_code(code, catalog)
    assert translated is not None
    assert [n.value for n in tool.prose_literals(translated)] == [
        "kend 3♦ og K♣", "vind", "Spillet ud: værdiløs"]
    assert '"N: 3D E: 5D S: KS W: 7C"' in translated  # a position is code, not prose
    assert _without_prose(translated) == _without_prose(code)


def test_a_long_translation_is_cut_into_lines_of_source() -> None:
    text = " ".join(["ordet"] * 60)
    code = f'lesson.recap("{"word " * 10}")'
    catalog = Catalog(locale="da")
    catalog.add("word " * 10, text)
    translated = tool.translated_code(code, catalog)
    assert translated is not None
    assert max(len(line) for line in translated.splitlines()) <= 100
    assert [n.value for n in tool.prose_literals(translated)] == [text]


def test_markdown_is_translated_block_by_block_keeping_what_has_no_words() -> None:
    markdown = "# Title\n\nA paragraph\non two lines.\n\n---\n\n```\ncode\n\nmore\n```"
    assert tool.blocks(markdown) == ["# Title", "A paragraph\non two lines.", "---",
                                     "```\ncode\n\nmore\n```"]
    catalog = Catalog(locale="da")
    catalog.add("# Title", "# Titel")
    catalog.add("A paragraph\non two lines.", "Et afsnit.")
    assert tool.translated_markdown(markdown, catalog) is None  # the code block has words
    catalog.add("```\ncode\n\nmore\n```", "```\nkode\n\nmere\n```")
    assert tool.translated_markdown(markdown, catalog) == (
        "# Titel\n\nEt afsnit.\n\n---\n\n```\nkode\n\nmere\n```")


def test_a_fuzzy_translation_is_not_used() -> None:
    catalog = Catalog(locale="da")
    catalog.add("# Title", "# Titel", flags=["fuzzy"])
    assert tool.translated_markdown("# Title", catalog) is None


def test_links_lead_to_a_translated_page_or_up_to_the_english_one() -> None:
    done = {"drill.ipynb"}
    assert tool.local_link("drill.ipynb", done) == "drill.ipynb"
    assert tool.local_link("05-the-three-of-diamonds.ipynb?x=1", done) == (
        "../05-the-three-of-diamonds.ipynb?x=1")
    assert tool.local_link("https://example.org/a.ipynb", done) == "https://example.org/a.ipynb"
    assert tool.local_link("#goals", done) == "#goals"


def test_a_translation_that_breaks_a_link_or_a_comment_is_reported() -> None:
    catalog = Catalog(locale="da")
    catalog.add("[Contents](00-start-here.ipynb)", "[Indhold](00-start.ipynb)")
    catalog.add("<!-- series:nav -->\nNext", "Næste")
    problems = tool.problems_of(catalog)
    assert len(problems) == 2
    assert "links differ" in problems[0] and "comments differ" in problems[1]
