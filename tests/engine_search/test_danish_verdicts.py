"""The puzzle layer speaks the language asked for: every shipped puzzle's verdicts, why lines
and hints in Danish with ``lang="da"``, and the same English as ever without it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.analysis import hand_score, spot_illegal
from worms_tutor.analysis.puzzle import (
    Puzzle,
    PuzzleError,
    _placements,
    load_puzzle,
    load_puzzle_file,
)
from worms_tutor.analysis.verdict import correct_prefix
from worms_tutor.values.rules import Rules

FOLDER = Path(__file__).resolve().parents[2] / "widgets" / "puzzles"
PUZZLES = [load_puzzle_file(path) for path in sorted(FOLDER.glob("*.json"))]
KINDS = ("play", "placement", "choose_all", "winner", "legal", "points", "table", "allowed",
         "hand_score", "spot_illegal", "plan")

ENGLISH_WORDS = re.compile(r"\b(?:the|is|not|does|of|and|with|wins|beats|trick|tricks|score|"
                           r"scores|after|plays|cards|hand|which|this|who|what|Correct|"
                           r"Not quite|Solution|Goal|allowed)\b")
"""Words of an English sentence that no Danish sentence of ours uses."""


def wrong_answer(puzzle: Puzzle) -> Any:
    """An answer the engine judges wrong, found from the engine's own solution."""
    right = set(puzzle.correct_answers())
    kind = puzzle.kind
    if kind == "play":
        return next(str(legal.play) for legal in puzzle.state.legal_plays()
                    if puzzle.canonical(legal.play) not in right)
    if kind == "placement":  # every way to lay the cards, the rules' refusals too
        return next(str(placed) for placed in _placements(puzzle.state, puzzle.play)
                    if puzzle.canonical(placed) not in right)
    if kind == "choose_all":
        return "none" if "none" not in right else str(puzzle._choices[0].play)
    if kind == "winner":
        return next(seat for seat in puzzle.rules.seats if seat not in right)
    if kind == "legal":
        return "no" if "yes" in right else "yes"
    if kind == "points":
        return str(int(puzzle.correct_answers()[0]) + 1)
    if kind == "table":
        return next(option for option in puzzle.options if option not in right)
    if kind == "allowed":
        return "none" if "none" not in right else str(puzzle.plays[0])
    if kind == "hand_score":
        scores = hand_score.scores(puzzle)
        first = next(iter(scores))
        return hand_score.score_text({**scores, first: scores[first] + 1})
    if kind == "spot_illegal":
        return 0  # the first play is always legal (validated at load)
    # a plan: a first play that no winning line starts with
    starts = {answer.split(", ")[0] for answer in right}
    return next(str(legal.play) for legal in puzzle.state.legal_plays()
                if str(legal.play) not in starts)


def one_of_each_kind() -> list[Puzzle]:
    return [next(puzzle for puzzle in PUZZLES if puzzle.kind == kind) for kind in KINDS]


def test_every_kind_of_answer_is_shipped() -> None:
    assert {puzzle.kind for puzzle in PUZZLES} >= set(KINDS)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda puzzle: puzzle.id)
def test_a_right_and_a_wrong_answer_are_judged_in_danish(puzzle: Puzzle) -> None:
    right = puzzle.check(puzzle.correct_answers()[0], "da")
    assert right.correct and right.summary.startswith("Rigtigt: ")
    assert not ENGLISH_WORDS.search(right.summary), right.summary
    wrong = puzzle.check(wrong_answer(puzzle), "da")
    english = puzzle.check(wrong_answer(puzzle))
    assert not wrong.correct and wrong.summary.startswith(("Ikke helt", "Ikke tilladt"))
    assert bool(wrong.why) == bool(english.why)  # a why wherever English gives one
    for line in (wrong.summary, wrong.why, wrong.withheld):
        assert not ENGLISH_WORDS.search(line), line
    # the same judgement, the same reasons and rule ids, only worded otherwise
    assert (wrong.correct, wrong.answer, wrong.rule_ids) == \
        (english.correct, english.answer, english.rule_ids)
    assert wrong.summary != english.summary


@pytest.mark.parametrize("puzzle", one_of_each_kind(), ids=lambda puzzle: puzzle.kind)
def test_english_is_the_default_and_unchanged_by_a_danish_verdict(puzzle: Puzzle) -> None:
    answer = wrong_answer(puzzle)
    before = puzzle.check(answer)
    puzzle.check(answer, "da")
    assert puzzle.check(answer, "en") == before == puzzle.check(answer)
    assert before.summary.startswith(("Not quite", "Not allowed")) and correct_prefix() == \
        "Correct: "
    assert puzzle.hints("en") == puzzle.hints()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda puzzle: puzzle.id)
def test_the_hint_ladder_reads_in_danish(puzzle: Puzzle) -> None:
    danish, english = puzzle.hints("da"), puzzle.hints()
    assert len(danish) == len(english)
    for hint, source in zip(danish, english, strict=True):
        assert hint.title != source.title and hint.rule_ids == source.rule_ids
        # the rules' titles and the engine's reasons, in Danish too
        assert not ENGLISH_WORDS.search(f"{hint.title} {hint.text}"), hint.text
    assert danish[-1].text.startswith("Løsning: ")


def test_the_choices_a_learner_reads_are_danish_and_the_answers_stay_the_engines() -> None:
    deal = next(puzzle for puzzle in PUZZLES if puzzle.ask == "deal")
    assert deal.option_words("da") == ("giv kort igen", "spil videre")
    assert deal.option_words() == deal.options == ("deal again", "play on")
    spot = next(puzzle for puzzle in PUZZLES if puzzle.kind == "spot_illegal")
    labels = spot_illegal.option_labels(spot, "da")
    assert all(label.startswith("Stik ") and " spiller " in label for label in labels)
    assert spot_illegal.option_labels(spot)[0].startswith("Trick 1 · ")


def test_a_danish_why_names_seats_and_sides_by_their_danish_words() -> None:
    winner = next(puzzle for puzzle in PUZZLES if puzzle.kind == "winner")
    seat = wrong_answer(winner)
    why = winner.check(seat, "da").why
    named = {"N": "Nord", "E": "Øst", "S": "Syd", "W": "Vest"}
    assert any(word in why for word in named.values()), why
    points = next(puzzle for puzzle in PUZZLES if puzzle.kind == "points"
                  and len(puzzle.side) == 2)
    side = {"NS": "Nord-Syd", "EW": "Øst-Vest"}[points.side]
    assert points.check(wrong_answer(points), "da").summary.startswith(f"Ikke helt: {side} ")


def test_the_notes_on_our_choices_and_the_rules_label_read_in_danish() -> None:
    noted = [puzzle for puzzle in PUZZLES if puzzle.variant_notes()]
    assert noted
    for puzzle in noted:
        for note, source in zip(puzzle.variant_notes("da"), puzzle.variant_notes(), strict=True):
            assert note != source and not ENGLISH_WORDS.search(note), note
            assert re.findall(r"§E Q\d+", note) == re.findall(r"§E Q\d+", source)
    club = next(puzzle for puzzle in PUZZLES if puzzle.rules.variant == "danish-club")
    assert club.variant_label("da") == "Danske klubregler"
    assert club.variant_label() == "Danish club rules"


def test_a_bad_puzzle_file_is_explained_in_danish_and_english() -> None:
    data = {"id": "bad", "title": "T", "chapter": 1, "question": "Q", "answer": "guess",
            "scenario": {"hands": {"N": ["9H"]}}}
    with pytest.raises(PuzzleError) as caught:
        load_puzzle(data, source="bad.json")
    error = caught.value
    assert str(error) == error.in_language("en")
    assert str(error).startswith("bad.json: answer: unknown kind 'guess'; the kinds are play")
    assert error.in_language("da").startswith("bad.json: answer: ukendt slags 'guess'")


def test_a_changed_switch_is_named_in_danish_in_the_rules_label() -> None:
    rules = Rules.parse("danish-club,S9=any_matching,S4=off")
    assert rules.label() == ("Danish club rules, S4 changed: a higher 7 beats a led 7: no; "
                             "S9 changed: how a multi-card group must beat: any matching")
    danish = rules.label("da")
    assert danish.startswith("Danske klubregler, S4 ændret: ") and ": nej; S9 ændret: " in danish
    assert "higher" not in danish and "group" not in danish


def test_a_danish_why_names_the_seat_of_a_play_by_its_word() -> None:
    """'Øst: K♥ er også tilladt', where English writes 'E: K♥ is allowed too'."""
    named = {"N": "Nord", "E": "Øst", "S": "Syd", "W": "Vest"}
    for kind in ("allowed", "choose_all", "spot_illegal"):
        puzzle = next(p for p in PUZZLES if p.kind == kind)
        english = puzzle.check(wrong_answer(puzzle)).why
        danish = puzzle.check(wrong_answer(puzzle), "da").why
        seats = re.findall(r"\b([NESW]): ", english)
        assert seats, english
        assert all(f"{named[seat]}: " in danish for seat in seats), (english, danish)
        assert not re.search(r"\b[EW]: ", danish), danish
