"""The ranking chart: built from worms_tutor.values.ranking, printable, highlighted."""

from __future__ import annotations

from pathlib import Path

import pytest

from worms_tutor import PACK, Card, WormsError
from worms_tutor.values.ranking import normal_order, seven_led_order
from worms_tutor.widgets import RankLadder, RankLadderView
from worms_tutor.widgets.ladder import normal_rows, seven_rows


def test_rows_hold_the_engine_order_exactly() -> None:
    normal = [card for row in normal_rows()[:-1] for card in row.cards]
    assert tuple(normal) == normal_order()
    assert sorted(map(str, normal)) == sorted(map(str, PACK))
    sevens = [card for row in seven_rows() for card in row.cards]
    assert tuple(sevens) == tuple(card for card, _rule in seven_led_order())


def test_only_the_matadors_tie() -> None:
    tied = [row for row in normal_rows() if row.tied]
    assert [{c.code for c in row.cards} for row in tied] == [{"JC", "KH"}]
    assert "later" in tied[0].note


def test_text_reads_as_a_cheat_sheet() -> None:
    text = RankLadder().text()
    assert "King of hearts, Worms = Jack of clubs, Toqu" in text
    assert "Nine of clubs > Nine of spades > Nine of hearts > Nine of diamonds" in text
    assert "R4.3" in text


@pytest.mark.parametrize("suffix", ["png", "pdf", "svg"])
def test_saves_printable_files(tmp_path: Path, suffix: str) -> None:
    path = RankLadder.of("JC 7D").save(tmp_path / f"ladder.{suffix}")
    data = path.read_bytes()
    assert len(data) > 1000
    magic = {"png": b"\x89PNG", "pdf": b"%PDF", "svg": b"<?xml"}[suffix]
    assert data.startswith(magic)


def test_unknown_format_and_bad_cards_are_our_errors(tmp_path: Path) -> None:
    with pytest.raises(WormsError, match=r"ladder\.doc"):
        RankLadder().save(tmp_path / "ladder.doc")
    with pytest.raises(WormsError, match="KD"):
        RankLadder.of("KD")


def test_highlight_changes_the_picture() -> None:
    plain = RankLadder().png(dpi=40)
    lit = RankLadder.of([Card.parse("JC")]).png(dpi=40)
    assert plain != lit


def test_view_shows_picture_and_text() -> None:
    view = RankLadderView("KH")
    assert bytes(view.image.value).startswith(b"\x89PNG")
    assert "Highlighted: King of hearts, Worms" in view.details.value
    assert "wt-ladder" in view._dom_classes
    view.show("9C")
    assert "Highlighted: Nine of clubs" in view.details.value
