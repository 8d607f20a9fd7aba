"""The glossary: tools/glossary.py marks each term's uses with its definition, and the course
defines every term before a chapter uses it."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.presentation.glossary import (
    DANISH_TERMS,
    TERMS,
    TERMS_IN,
    markdown_uses,
    term,
    uses,
    with_markup,
    without_markup,
)

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
_spec = importlib.util.spec_from_file_location("worms_glossary_tool",
                                               REPO / "tools" / "glossary.py")
assert _spec and _spec.loader
tool = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = tool
_spec.loader.exec_module(tool)

PROSE_CALLS = {"goals", "recap", "choice", "rulebooks", "rulebook_text"}
"""Lesson calls whose string arguments a learner reads as prose."""


def _notebook(*cells: tuple[str, str]) -> dict[str, Any]:
    return {"cells": [{"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": text,
                       **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                      for i, (kind, text) in enumerate(cells)],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _plant(folder: Path) -> None:
    chapter = _notebook(
        ("markdown", "# A trick or two\n\nThe leader plays a **trick**; see [the trick](x.ipynb)"
                     " and `trick`. The trick again.\n\nOn the other hand, the right-hand seat."),
        ("code", "lesson.goals('play a trick')"),
        ("markdown", "<!-- series:nav -->\nNext: trick"),
    )
    (folder / "00-start-here.ipynb").write_text(json.dumps(chapter), encoding="utf-8")
    for number in {item.chapter for item in TERMS} - {"00"}:  # every term's chapter exists
        other = _notebook(("markdown", f"# Chapter {number}"))
        (folder / f"{number}-more.ipynb").write_text(json.dumps(other), encoding="utf-8")
    page = _notebook(("markdown", "# Glossary"), ("markdown", tool.LIST_MARK))
    (folder / tool.GLOSSARY).write_text(json.dumps(page), encoding="utf-8")


def _cells(path: Path) -> list[str]:
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def test_the_tool_marks_prose_only_and_once_per_cell(tmp_path: Path) -> None:
    _plant(tmp_path)
    assert tool.main(["--check", "--folder", str(tmp_path)]) == 1
    assert tool.main(["--folder", str(tmp_path)]) == 0
    prose, code, nav = _cells(tmp_path / "00-start-here.ipynb")
    assert prose.startswith("# A trick or two\n")  # the heading is untouched
    assert prose.count('<abbr class="wt-term"') == 2  # the first "leader" and "trick"
    assert "**<abbr class=\"wt-term\" title=\"One round of play" in prose
    assert "[the trick](x.ipynb)" in prose and "`trick`" in prose
    assert "The trick again" in prose and "other hand" in prose and "right-hand" in prose
    assert code == "lesson.goals('play a trick')" and nav == "<!-- series:nav -->\nNext: trick"
    listed = _cells(tmp_path / tool.GLOSSARY)[1]
    for item in TERMS:
        assert f"| **{item.name}** | {item.definition} |" in listed


def test_the_tool_is_idempotent_and_check_finds_stale_markup(tmp_path: Path) -> None:
    _plant(tmp_path)
    tool.main(["--folder", str(tmp_path)])
    before = (tmp_path / "00-start-here.ipynb").read_text(encoding="utf-8")
    assert tool.main(["--folder", str(tmp_path)]) == 0
    assert (tmp_path / "00-start-here.ipynb").read_text(encoding="utf-8") == before
    assert tool.main(["--check", "--folder", str(tmp_path)]) == 0
    stale = before.replace("One round of play", "An old definition")
    (tmp_path / "00-start-here.ipynb").write_text(stale, encoding="utf-8")
    assert tool.main(["--check", "--folder", str(tmp_path)]) == 1
    assert (tmp_path / "00-start-here.ipynb").read_text(encoding="utf-8") == stale


def test_check_fails_without_the_list_cell(tmp_path: Path, capsys: Any) -> None:
    _plant(tmp_path)
    (tmp_path / tool.GLOSSARY).write_text(json.dumps(_notebook(("markdown", "# G"))))
    assert tool.main(["--check", "--folder", str(tmp_path)]) == 1
    assert tool.LIST_MARK in capsys.readouterr().err


def test_danish_pages_mark_the_danish_words() -> None:
    text = "Vinderen af stikket spiller ud; det fører til et nyt stik, der fører stikket."
    marked = with_markup(text, DANISH_TERMS)
    assert without_markup(marked) == text
    assert [u.text for u in markdown_uses(marked, DANISH_TERMS)] == [
        "stikket", "spiller ud", "stik", "fører stikket"]  # "fører til" is ordinary Danish
    assert [u.text for u in markdown_uses(marked)] == []  # no English term in it


def test_markup_round_trips_and_skips_ordinary_english() -> None:
    text = "Everyone follows; a double\ntrick counts twice. There is no suit to follow."
    marked = with_markup(text)
    assert without_markup(marked) == text and with_markup(marked) == marked
    assert [u.term.name for u in markdown_uses(marked)] == ["follow", "double trick"]
    assert [u.text for u in uses("trick-taking, the following, 5-5")] == ["5-5"]


@pytest.mark.parametrize("language", sorted(TERMS_IN))
def test_every_term_has_a_plain_definition_and_its_own_forms(language: str) -> None:
    owners: dict[str, str] = {}
    chapters = {m[1] for p in NOTEBOOKS.glob("*.ipynb") if (m := CHAPTER.match(p.name))}
    for item in TERMS_IN[language]:
        assert item.chapter in chapters, f"{item.name}: chapter {item.chapter} does not exist"
        for form in item.forms:
            assert owners.setdefault(form, item.name) == item.name, f"{form!r} has two terms"
    for item in TERMS:
        assert term(item.name) is item
    with pytest.raises(KeyError, match="no glossary term"):
        term("trump")


# -- every term is defined before it is used ---------------------------------------------------

CHAPTER = re.compile(r"^(\d\d)-[a-z0-9-]+\.ipynb$")


def _prose(path: Path) -> list[str]:
    """What a learner reads of a chapter: its markdown, and the prose arguments of its lesson
    calls (goals, recap, our choices)."""
    texts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown":
            if not source.startswith("<!-- series:"):
                texts.append(without_markup(source))
            continue
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in PROSE_CALLS):
                texts += [arg.value for arg in ast.walk(node)
                          if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                          and " " in arg.value]
    return texts


def _defines(texts: list[str], forms: tuple[str, ...]) -> bool:
    words = "|".join(re.escape(form) for form in forms)
    # in **bold**, or in *italics* as a word of another language is
    bold = re.compile(rf"\*\*?[^*]*(?<![\w-])(?:{words})(?![\w-])[^*]*\*", re.IGNORECASE)
    return any(bold.search(text) for text in texts)


def test_every_term_is_defined_before_it_is_used() -> None:
    chapters = sorted((m[1], p) for p in NOTEBOOKS.glob("*.ipynb") if (m := CHAPTER.match(p.name)))
    problems = []
    for item in TERMS:
        home = dict(chapters).get(item.chapter)
        if home is None:
            problems.append(f"{item.name}: chapter {item.chapter} does not exist")
        elif not _defines(_prose(home), item.forms):
            problems.append(f"{item.name}: {home.name} never defines it (in **bold** or *italics*)")
    for number, path in chapters:
        for text in _prose(path):
            for use in markdown_uses(text) if "\n" in text or "<" in text else uses(text):
                if use.term.chapter > number:
                    context = " ".join(text[max(0, use.start - 40):use.end + 30].split())
                    problems.append(f"{path.name} uses {use.term.name!r} (taught in chapter "
                                    f"{use.term.chapter}): ...{context}...")
    assert not problems, "\n".join(problems)
