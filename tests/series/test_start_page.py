"""Page 00 asks only what it shows, and lets the learner choose a rulebook (issue 26)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from worms_tutor.analysis.puzzle import load_puzzle_file
from worms_tutor.values.cards import Card
from worms_tutor.widgets.series import puzzle_files

START = Path(__file__).resolve().parents[2] / "notebooks" / "00-start-here.ipynb"
MATADORS = {Card.parse("JC"), Card.parse("KH")}
NOT_SHOWN_ON_00 = {Card.parse(code) for code in ("3D", "7C", "7S", "7H", "7D", "KC", "KS", "8S")}
"""Cards whose powers later chapters teach: the 3♦, the Sevens, the two black Kings, the third
matador."""


def _cells(kind: str) -> list[str]:
    cells = json.loads(START.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == kind]


def test_the_start_page_keeps_rule_ids_and_the_literal_reading_out_of_its_text() -> None:
    text = "\n".join(_cells("markdown") + _cells("code"))
    assert "ru-literal" not in text, "the literal Russian reading belongs to chapter 9"
    prose = "\n".join(_cells("markdown"))
    assert not re.search(r"\b(R\d+\.\d+|P\d|S\d+|F\d)\b", prose), "rule ids stay in the folds"


def test_its_puzzles_turn_only_on_what_the_page_shows() -> None:
    """The page shows no ranking below the two matadors: a trick it asks about holds Toqu or
    Worms (and nothing that beats them), and no card whose power a later chapter teaches."""
    for path in puzzle_files("00"):
        found = load_puzzle_file(path)
        played = {card for play in found.scenario.plays for card in play.cards}
        if found.kind == "play":
            played |= set(Card.parse(code) for code in found.expected[0].split(":")[1].split())
        assert not played & NOT_SHOWN_ON_00, path.name
        if found.kind in ("winner", "play", "points"):
            assert played & MATADORS, path.name


def test_the_rulebook_example_is_the_club_stopping_at_five_tricks() -> None:
    code = "\n".join(_cells("code"))
    assert "lesson.rulebook_choice()" in code
    assert "lesson.rulebook_text(" in code and "fifth trick" in code
    assert "3D E: 7D" not in code, "no longer the 3♦-then-Seven comparison"
    english = load_puzzle_file(Path(puzzle_files("00")[0]).with_name("00-play-on-in-english.json"))
    club = load_puzzle_file(Path(puzzle_files("00")[0]).with_name("00-club-stops-at-five.json"))
    assert english.scenario.plays == club.scenario.plays, "the same position in both"
    assert english.check("N: 6H | N: 5C").correct and club.check("none").correct
    assert "the hand is over" in club.check("N: 6H").why
