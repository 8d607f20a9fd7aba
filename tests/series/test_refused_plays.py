"""Chapter 3's list of refused plays is the engine's: each item the chapter names is a play the
engine refuses, for the rule the item states (and the chapter still names every item)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.formats.positions import scenario_for
from worms_tutor.presentation.glossary import without_markup

CHAPTER = Path(__file__).resolve().parents[2] / "notebooks" / "03-leads-and-following.ipynb"

REFUSED: list[tuple[str, str, str, dict[str, Any], str]] = [
    # (words of the chapter's list, plays, rulebook, scenario keys, rule the engine names)
    ("**Out of turn.**", "N: 5C S: 9D", "english", {}, "R7.1"),
    ("**A card you do not hold**", "N: 5C E: JD", "english",
     {"hands": {"E": "9C 6D 6H 5S"}}, "R8.3"),
    ("the same card named twice", "N: 5C E: 9D 9D", "english",
     {"hands": {"E": "9D 6D 6H 5S"}}, "R8.3"),
    ("**The wrong number of cards.**", "N: 5C E: 9D 9H", "english", {}, "R10.1"),
    ("Several cards led must all be of one rank", "N: 9C 5D", "english", {}, "R9.2"),
    ("the 3♦ is no King", "N: KC 3D", "english", {}, "F7"),
    ("two pairs only in the Danish club rules", "N: 9C 9D 5S 5H", "english", {}, "F6"),
    ("never more cards than another player holds", "N: 5C 5S", "english",
     {"hands": {"E": "9D"}}, "R10.1"),
    ("With two players, one card at a time", "A: 5C 5S", "english",
     {"hands": {"A": "5C 5S 6D 6H", "B": "9D 9H 8C 8D"}}, "R18.3"),
    ("**Worms on a led Seven**", "N: 7C E: KH", "danish-club", {}, "F2"),
    ("**Leaving Toqu in your hand**", "N: KH E: 5C", "english",
     {"hands": {"E": "5C JC 6D 6H"}}, "O1"),
    ("**Toqu on your partner's Worms**", "N: KH E: 5C S: JC", "english", {}, "F1"),
    ("Worms as the first lead of a match", "N: KH", "danish-club",
     {"first_lead_of_match": True}, "F3"),
    ("Toqu led before Worms has been played", "N: JC", "danish-club", {}, "F4"),
    ("Worms as the last card of a trick", "N: 5C E: 6C S: 9C W: KH", "danish-club", {}, "F5"),
]


def _chapter_text() -> str:
    cells = json.loads(CHAPTER.read_text(encoding="utf-8"))["cells"]
    return without_markup("".join("".join(cell["source"]) for cell in cells
                                  if cell["cell_type"] == "markdown"))


@pytest.mark.parametrize(("words", "plays", "variant", "context", "rule"), REFUSED,
                         ids=[item[-1] + ":" + item[1] for item in REFUSED])
def test_the_engine_refuses_each_listed_play(
    words: str, plays: str, variant: str, context: dict[str, Any], rule: str
) -> None:
    assert words in _chapter_text(), f"chapter 3's list no longer says {words!r}"
    replay = scenario_for(plays, variant, **context).replay()
    assert replay.illegal is not None, f"{plays} ({variant}) was played, not refused"
    assert replay.illegal.index == len(scenario_for(plays, variant, **context).plays) - 1, \
        "a play before the listed one was refused"
    assert replay.illegal.refusal.rule == rule, replay.illegal.refusal.message


def test_the_same_plays_are_allowed_where_the_list_says_they_are() -> None:
    """The Danish club's bans are the club's: the English rules let the same cards be played."""
    allowed: list[tuple[str, dict[str, Any]]] = [
        ("N: 7C E: KH", {}), ("N: KH", {"first_lead_of_match": True}), ("N: JC", {}),
        ("N: 5C E: 6C S: 9C W: KH", {}), ("N: 9C 9D 5S 5H", {})]
    for plays, context in allowed:
        club_only = plays != "N: 9C 9D 5S 5H"
        variant = "english" if club_only else "danish-club"
        assert scenario_for(plays, variant, **context).replay().illegal is None, plays
