"""lesson.rulebook_text: the chosen rulebook's text as main text, the other one in a fold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from worms_tutor.values.errors import WormsError
from worms_tutor.widgets import lesson
from worms_tutor.widgets.rulebook_chooser import STORAGE_KEY, RulebookChooser
from worms_tutor.widgets.style import stylesheet

TEMPLATE = Path(__file__).parents[2] / "serving/data/voila/templates/worms/index.html.j2"


def _visible_without_mark(html: str) -> list[str]:
    """The parts a page with no rulebook mark shows (no inline display:none)."""
    tags = re.findall(r'<(?:div|details) class="(wt-rulebook-text__(?:main|other)[^"]*)"([^>]*)>',
                      html)
    return [part for part, rest in tags if "display:none" not in rest]


def test_english_is_the_main_text_and_the_club_is_folded_by_default() -> None:
    html = lesson.rulebook_text(english="Play on to **nine** tricks.",
                                club="Stop at *five* tricks.").html
    assert _visible_without_mark(html) == [
        "wt-rulebook-text__main wt-rulebook-text--english",
        "wt-rulebook-text__other wt-rulebook-text--danish-club",
    ]
    assert "<summary>In the other rulebook (danish-club)</summary>" in html
    assert "<summary>In the other rulebook (english)</summary>" in html
    assert "<p>Play on to <b>nine</b> tricks.</p>" in html
    assert "<p>Stop at <i>five</i> tricks.</p>" in html


def test_paragraphs_lists_and_escaping() -> None:
    html = lesson.rulebook_text(english="One.\n\nTwo <b>\n\n- a\n- b", club="x").html
    assert "<p>One.</p><p>Two &lt;b&gt;</p><ul><li>a</li><li>b</li></ul>" in html


def test_an_empty_text_is_refused_by_name() -> None:
    with pytest.raises(WormsError, match="club"):
        lesson.rulebook_text(english="Something.", club="  ")


def test_the_stylesheet_swaps_the_texts_for_the_club() -> None:
    css = stylesheet()
    club = 'html[data-rulebook="danish-club"]'
    assert f"{club} .wt-rulebook-text__main.wt-rulebook-text--danish-club" in css
    assert f"{club} .wt-rulebook-text__other.wt-rulebook-text--english" in css


def test_chooser_and_template_share_the_storage_key() -> None:
    chooser = lesson.rulebook_choice()
    assert isinstance(chooser, RulebookChooser)
    assert chooser.storage_key == STORAGE_KEY
    assert f'"{STORAGE_KEY}"' in TEMPLATE.read_text(encoding="utf-8")
    assert "localStorage" in RulebookChooser._esm and "dataset.rulebook" in RulebookChooser._esm
