"""Chapters 02, 06, 07, 08, 09 and 10 (06 and 07 were one chapter, 05, before the
renumbering; the others 06, 07, 08, 09): puzzles, rules, pages.

Every claim is checked against the engine: a puzzle "covers" a rule id only if the engine cites
it (in the reasons of the correct answer, the refusal of an illegal play, or the puzzle's hint
rules, which the loader checks against the rule table); a beginner's mistake is "caught" only if
the engine marks the beginner's answer wrong. Chapter 9's comparisons must change the outcome.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from worms_tutor.analysis.puzzle import Puzzle, load_puzzle_file
from worms_tutor.formats.positions import scenario_for
from worms_tutor.formats.scenario import Scenario
from worms_tutor.values.rules import SWITCHES
from worms_tutor.widgets import lesson, series

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHAPTERS = {
    "06": "06-worms-and-toqu.ipynb",
    "07": "07-bringing-worms-home.ipynb",
    "02": "02-a-hand-of-worms.ipynb",
    "08": "08-scoring.ipynb",
    "09": "09-two-rulebooks-side-by-side.ipynb",
    "10": "10-greenland-and-the-game.ipynb",
    "13": "13-three-and-two-players.ipynb",
}

# Rule ids each late chapter's puzzles must reach (engine-cited, see module docstring).
COVERS: dict[str, tuple[str, ...]] = {
    "06-later-matador-wins": ("R2.2", "R6.1", "P1"),
    "06-dont-lead-worms": ("R6.1", "O1", "P1"),
    "06-toqu-must-come-out": ("O1",),
    "06-not-on-partners-worms": ("F1", "R6.3"),
    "06-toqu-forced-on-partner": ("F1",),
    "06-three-takes-it-back": ("R5.2", "R5.3", "P2"),
    "06-three-shields-worms": ("R5.4", "P3"),
    "06-shield-the-worms": ("R5.4", "R5.2"),
    "06-take-it-back": ("R5.3", "P2"),
    "07-worms-in-a-pair": ("R10.3", "R6.2", "P1"),
    "07-toqu-and-one-more": ("R10.3", "R5.2", "P1"),
    "07-dead-worms": ("R10.3", "R10.6"),
    "07-worms-home": ("R6.5", "P3"),
    "07-worms-over-toqu": ("R6.5",),
    "07-worms-last": ("R6.5",),
    "07-toqu-in-the-stock": ("R6.5", "P3"),
    "07-after-toqu-has-gone": ("R6.5",),
    "07-toqu-may-follow": ("F4",),
    "07-aavunga": ("R6.10", "D1"),
    "07-toqu-on-the-other-card": ("R6.5", "P3", "R10.3"),
    "07-no-worms-to-open": ("F3",),
    "02-next-dealer": ("R7.3",),
    "02-who-takes-it": ("R2.1", "R10.2"),
    "02-stock-runs-out": ("R12.1", "R12.2"),
    "02-winner-leads": ("R9.1",),
    "02-who-drew-the-nine": ("R8.3", "R12.1"),
    "02-hand-is-over": ("R12.4",),
    "10-drawing-partners": ("R7.2",),
    "10-who-cuts": ("R8.1", "R9.1"),
    "10-three-cards": ("R8.5",),
    "10-dealt-both": ("R8.6",),
    "10-knocked-first-trick": ("R3.1",),
    "13-three-players": ("R5.3", "P2"),
    "13-three-players-no-partner": ("R6.1", "O1"),
    "13-two-players-draw": ("R18.2",),
    "13-two-players-third-card": ("R18.2", "R5.2"),
    "13-two-players-who-wins": ("R2.1", "R10.2"),
    "13-two-players-pair-lead": ("R18.3",),
    "08-six-tricks-english": ("R13.1",),
    "08-first-five-english": ("R13.1",),
    "08-five-five": ("R13.2",),
    "08-plain-win-danish": ("R13.2",),
    "08-sweep": ("R13.1",),
    "08-lead-for-five-five": ("R13.2", "R3.1"),
    "08-past-nine": ("R15.2",),
    "08-kam": ("R15.4", "R13.2"),
    "08-sweep-keeps-the-capture": ("R13.1", "P1"),
    "08-eight-eight": ("R6.15",),
    "08-capture-at-eight-all": ("R6.15",),
    "08-five-five-at-eight-all": ("R15.5", "R15.2", "R13.2"),
    "08-four-tricks-in": ("R13.3", "R13.2", "R10.6"),
    "08-stop-at-nine": ("R15.3",),
    "08-announce-the-score": ("R15.6", "R15.2", "R13.2"),
    "08-capture-and-hand-at-once": ("R15.2", "P1", "R13.2"),
    "08-king-feat-reaches-nine": ("R4.4", "R5.2", "R15.1"),
    "09-three-in-the-middle": ("R5.2",),
    "09-danish-seven-after-three": ("R3.4",),
    "09-english-no-king-feat": ("R4.3",),
    "09-place-your-sixes": ("R10.3", "R1.3"),
    "09-danish-duty-pair": ("O1",),
    "09-english-worms-on-a-seven": ("R3.1",),
    "09-toqu-lead-too-early": ("F4",),
    "09-worms-last-to-trick": ("F5",),
    "09-worms-in-the-last-pair": ("R6.5", "R10.3"),
    "09-lay-the-kings-and-the-three": ("R4.3", "R5.2", "R10.3"),
    "09-last-trick": ("R6.13", "R13.2"),
    "10-toqutsit": ("R6.2", "P1"),
    "10-third-matador": ("R2.1",),
    "10-aavunga-lead": ("F4",),
    "10-ataata": ("R4.4", "P4"),
    "10-table-catches": ("F2",),
    "10-lus": ("P1", "R13.2"),
    # the newer kinds: a hand to score, a replay to check, a plan (issue 27 §1)
    "02-spot-out-of-turn": ("R7.1",),
    "06-score-the-capture": ("P1", "R13.1"),
    "06-spot-toqu-held-back": ("O1",),
    "06-spot-toqu-on-partner": ("F1",),
    "07-plan-worms-home": ("R6.5", "P3"),
    "07-score-worms-last": ("R6.5", "R13.1"),
    "07-the-last-two-tricks": ("R3.1", "R6.1", "P1"),
    "08-score-five-five": ("R13.2",),
    "08-score-the-double-trick": ("R10.6", "R13.1"),
}

# rules.md §D.9: the beginner's answer each puzzle must reject (mistake number → cases).
MISTAKES: dict[int, tuple[tuple[str, str], ...]] = {
    1: (("10-knocked-first-trick", "W"), ("08-lead-for-five-five", "N: 9C")),
    2: (("09-english-worms-on-a-seven", "E"),),  # Worms wasted on a led Seven
    4: (("06-later-matador-wins", "E"), ("06-dont-lead-worms", "N: KH")),
    5: (("06-not-on-partners-worms", "S: 5H | S: 6D | S: JC"),
        ("07-toqu-on-the-other-card", "S: JC>KH QD>9C")),
    6: (("06-toqu-must-come-out", "S: 6D | S: JC"), ("09-danish-duty-pair", "S: JC 5C")),
    7: (("06-three-takes-it-back", "W: 8D"), ("06-three-shields-worms", "S: 6D")),
    8: (("07-dead-worms", "E"), ("07-worms-in-a-pair", "S: JC>8S 3D>KH")),
    10: (("08-sweep", "4"), ("08-eight-eight", "E: JC"), ("07-aavunga", "1"),
         ("08-past-nine", "none")),
}

# Readings a careful reader could not settle from the pages (issue 26): the answer a puzzle
# must reject, and what the right answer says instead.
SETTLED: dict[str, tuple[str, str]] = {
    "06-take-it-back": ("3", "2 for the take-back, no Worms bonus on top"),
    "07-toqu-in-the-stock": ("0", "a Toqu still in the stock has not gone"),
    "07-toqu-may-follow": ("E: AD",
                           "in the club Toqu may follow before Worms; only its lead waits"),
    "07-toqu-on-the-other-card": ("S: JC>KH QD>9C", "a Toqu that must be played goes elsewhere"),
    "08-capture-and-hand-at-once": ("NS 8 – EW 3", "a capture and the hand are added first: 7 → 6"),
    "08-king-feat-reaches-nine": ("S", "the trick is played out and goes to its best card"),
}


# rules.md §E questions each page must mark as our own choice (lesson.choice(..., "Qn")).
CHOICES: dict[str, tuple[str, ...]] = {
    "06": ("Q8",),
    "07": ("Q1", "Q3", "Q7"),
    "02": ("Q13",),
    "08": ("Q5", "Q11", "Q12"),  # Q5 also carries 08-sweep-keeps-the-capture
    "09": ("Q2", "Q4"),
    "10": ("Q14", "Q16", "Q17"),
    "13": ("Q9", "Q10"),
}

# rules.md §B19, every term of the vocabulary table.
VOCABULARY = ("Toqutsit", "Toqu", "Voormsi", "Vorms", "Worms", "Wumps", "vôrmse", "aavunga",
              "smeltet", "lus", "kam", "tavle", "5-5", "Ataata", "bordet fanger", "matador",
              "banke")


def _notebook(number: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / CHAPTERS[number]).read_text(encoding="utf-8"))
    return data


def _code_cells(number: str) -> Iterator[str]:
    for cell in _notebook(number)["cells"]:
        if cell["cell_type"] == "code":
            yield "".join(cell["source"])


def _markdown(number: str) -> str:
    return "\n".join("".join(c["source"]) for c in _notebook(number)["cells"]
                     if c["cell_type"] == "markdown")


def _lesson_calls(number: str, name: str) -> Iterator[ast.Call]:
    for code in _code_cells(number):
        for node in ast.walk(ast.parse(code)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == name and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "lesson"):
                yield node


def _value(node: ast.expr) -> Any:
    """The value of a literal argument in a cell, simple arithmetic (``["NS"] * 4``) included."""
    return eval(compile(ast.Expression(node), "<cell>", "eval"), {"__builtins__": {}})


def _puzzle(puzzle_id: str) -> Puzzle:
    return load_puzzle_file(series.PUZZLES / f"{puzzle_id}.json")


def _late_puzzle_ids() -> list[str]:
    return [path.stem for number in CHAPTERS for path in series.puzzle_files(number)]


def _cited(puzzle: Puzzle) -> set[str]:
    """Rule ids the engine gives for this puzzle: hint rules, and the reasons of each correct
    answer (for a 'no' legality answer, the refusal's rule)."""
    cited = set(puzzle.rule_ids())
    for answer in puzzle.correct_answers():
        cited.update(puzzle.check(answer).rule_ids)
    for hint in puzzle.hints():
        cited.update(hint.rule_ids)
    return cited


# -- the chapters exist and keep the skeleton -------------------------------------------------


@pytest.mark.parametrize("number", sorted(CHAPTERS))
def test_chapter_has_goals_recap_and_links(number: str) -> None:
    cells = _notebook(number)["cells"]
    assert "".join(cells[0]["source"]).startswith("# "), "the page opens with its title"
    goals = list(_lesson_calls(number, "goals"))
    assert len(goals) == 1 and len(goals[0].args) == 3, "three goals"
    assert list(_lesson_calls(number, "recap")), "a recap"
    nav = "".join(cells[-1]["source"])
    assert nav.startswith("<!-- series:nav -->") and "Previous:" in nav
    if number != "13":
        assert "Next:" in nav


@pytest.mark.parametrize("number", sorted(CHAPTERS))
def test_chapter_has_six_puzzles_of_several_kinds_all_shown(number: str) -> None:
    files = series.puzzle_files(number)
    assert len(files) >= 6
    kinds = {load_puzzle_file(path).kind for path in files}
    assert len(kinds) >= 3, sorted(kinds)
    shown = {ast.literal_eval(call.args[0]) for call in _lesson_calls(number, "puzzle")}
    assert shown == {path.stem for path in files}


@pytest.mark.parametrize("puzzle_id", _late_puzzle_ids())
def test_puzzle_answer_is_the_engines(puzzle_id: str) -> None:
    puzzle = _puzzle(puzzle_id)
    assert puzzle.expected, "store the answer in `expected`"
    stored = {puzzle.canonical(answer) for answer in puzzle.expected}
    assert stored == set(puzzle.correct_answers())
    for answer in puzzle.correct_answers():
        verdict = puzzle.check(answer)
        assert verdict.correct and verdict.reasons


def test_every_late_puzzle_has_a_coverage_line() -> None:
    assert set(COVERS) == set(_late_puzzle_ids())


@pytest.mark.parametrize("puzzle_id", sorted(COVERS))
def test_puzzle_covers_its_rules_through_the_engine(puzzle_id: str) -> None:
    missing = set(COVERS[puzzle_id]) - _cited(_puzzle(puzzle_id))
    assert not missing, f"{puzzle_id}: the engine never cites {sorted(missing)}"


@pytest.mark.parametrize("number,case", [(n, c) for n, cases in MISTAKES.items() for c in cases],
                         ids=lambda v: str(v) if isinstance(v, int) else v[0])
def test_beginners_mistake_is_caught(number: int, case: tuple[str, str]) -> None:
    puzzle_id, beginners_answer = case
    verdict = _puzzle(puzzle_id).check(beginners_answer)
    assert not verdict.correct, f"mistake {number}: {puzzle_id} accepts {beginners_answer!r}"
    assert verdict.reasons or verdict.next_reasons, "the feedback says why"


@pytest.mark.parametrize("puzzle_id", sorted(SETTLED))
def test_an_unsettled_reading_is_settled_by_a_puzzle(puzzle_id: str) -> None:
    wrong, _why = SETTLED[puzzle_id]
    verdict = _puzzle(puzzle_id).check(wrong)
    assert not verdict.correct, f"{puzzle_id} accepts {wrong!r}"


# -- the pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("number", sorted(CHAPTERS))
def test_our_choices_are_marked_on_the_page(number: str) -> None:
    marked = {ast.literal_eval(call.args[1]) for call in _lesson_calls(number, "choice")
              if len(call.args) > 1}
    assert set(CHOICES[number]) <= marked, f"unmarked: {set(CHOICES[number]) - marked}"


@pytest.mark.parametrize("number", sorted(CHAPTERS))
def test_worked_tricks_replay_in_the_engine(number: str) -> None:
    for name in ("trick", "compare"):
        for call in _lesson_calls(number, name):
            args = [_value(arg) for arg in call.args]
            kwargs = {kw.arg: _value(kw.value) for kw in call.keywords if kw.arg}
            getattr(lesson, name)(*args, **kwargs)  # raises on a malformed position


def _outcome(scenario: Scenario) -> tuple[Any, ...]:
    replay = scenario.replay()
    players = scenario.rules.players
    final = replay.final
    return (
        replay.illegal.refusal.rule if replay.illegal else None,
        tuple((r.winner, r.units, tuple(sorted(r.points(players).items())))
              for r in replay.records),
        final.trick.head_seat,
        tuple(sorted(final.score_map.items())),
        final.hand_over,
        final.match_winner,
        final.kam,
    )


def _compare_outcomes(call: ast.Call) -> list[tuple[Any, ...]]:
    plays = _value(call.args[0])
    variants = _value(call.args[1]) if len(call.args) > 1 else ("english", "danish-club")
    context = {kw.arg: _value(kw.value) for kw in call.keywords if kw.arg}
    outcomes = []
    for variant in variants:
        name, overrides = (variant, None) if isinstance(variant, str) else variant
        options = dict(context)
        if overrides:
            options["rules"] = {**options.get("rules", {}), **overrides}
        outcomes.append(_outcome(scenario_for(plays, name, **options)))
    return outcomes


@pytest.mark.parametrize("number", sorted(CHAPTERS))
def test_every_comparison_changes_the_outcome(number: str) -> None:
    for call in _lesson_calls(number, "compare"):
        outcomes = _compare_outcomes(call)
        assert len(set(outcomes)) > 1, f"same outcome in every rulebook: {ast.unparse(call)}"


def test_chapter_08_has_a_section_for_every_switch() -> None:
    headings = [line for line in _markdown("09").splitlines() if line.startswith("## ")]
    for switch in SWITCHES:
        assert any(re.search(rf"\b{switch}\b", heading) for heading in headings), switch


def test_chapter_08_compares_under_ru_literal_too() -> None:
    variants = set()
    for call in _lesson_calls("09", "compare"):
        if len(call.args) > 1:
            variants.update(v if isinstance(v, str) else v[0]
                            for v in ast.literal_eval(call.args[1]))
    assert {"english", "ru-literal"} <= variants


def test_chapter_09_explains_every_word_of_the_vocabulary() -> None:
    text = _markdown("10")
    missing = [word for word in VOCABULARY if word not in text]
    assert not missing, missing
    assert "say it roughly like" in text, "pronunciation hints"
    for uncertain in ("not known", "a belief the page reports, not a record", "guess",
                      "do not say"):
        assert uncertain in text, f"the page says what is uncertain ({uncertain!r})"



def _start_page_markdown() -> str:
    data = json.loads((NOTEBOOKS / "00-start-here.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in data["cells"] if c["cell_type"] == "markdown")


def test_the_origin_is_a_belief_the_russian_page_reports_with_no_whaling() -> None:
    text = _markdown("10")
    for page in (text, _start_page_markdown()):
        assert "whal" not in page.lower(), "no source names a whaling period"
    assert "the Russian rules page" in text and "reports a belief" in text
    assert "around 1500" in text


def test_pagat_warns_the_rules_vary_and_the_cross_of_strokes_is_parletts() -> None:
    text = _markdown("10")
    assert "Every source" not in text
    assert "The pagat.com page warns that the rules" in text
    assert "English sources add" not in text
    assert "Parlett's description of the game adds" in text and "cross of strokes" in text


def test_respellings_read_as_an_english_reader_says_them() -> None:
    """The 'say it roughly like' column respells Greenlandic q as k: an English reader says
    'qu' as 'kw'."""
    rows = [line for line in _markdown("10").splitlines() if line.startswith("| **")]
    respellings = [line.strip().strip("|").split("|")[-1] for line in rows]
    assert len(respellings) >= 10
    assert not [said for said in respellings if "qu" in said.lower()]


def test_the_ataata_puzzle_drills_the_ks_over_kc_point() -> None:
    """The series reads Ataata as the K♠ killing the K♣ (P4, R4.4), not the two black Kings on
    two Sevens (P5, R4.5): the engine's verdict on the answer says so."""
    puzzle = _puzzle("10-ataata")
    assert puzzle.correct_answers() == ("1",)
    cited = set(puzzle.check("1").rule_ids)
    assert {"R4.4", "P4"} <= cited and not {"R4.5", "P5"} & cited


def test_who_drew_the_nine_is_explained_by_the_order_of_the_draw() -> None:
    verdict = _puzzle("02-who-drew-the-nine").check("S: 5H | S: 6D | S: 8C | S: 9C")
    assert not verdict.correct
    assert "9♣ is not allowed" in verdict.why
    assert any("S drew first" in reason.text and "W the 9C" in reason.text
               for reason in verdict.reasons)

# -- Voilà can load every widget of the page ------------------------------------------------

WIDGET_BUDGET = 650
"""Voilà asks the kernel for every widget state at once and gives up after 4 s; a page with
about a thousand widget models then loses some ("model not found"). Stay well below."""


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("number", sorted(CHAPTERS))
def test_page_stays_within_the_widget_budget(number: str) -> None:
    ipywidgets = pytest.importorskip("ipywidgets")
    before = set(ipywidgets.Widget.widgets)
    namespace: dict[str, Any] = {}
    for code in _code_cells(number):
        exec(compile(code, CHAPTERS[number], "exec"), namespace)  # our own notebook's cells
    created = set(ipywidgets.Widget.widgets) - before
    assert len(created) <= WIDGET_BUDGET, f"{CHAPTERS[number]}: {len(created)} widget models"


def _switch_rows() -> dict[str, list[str]]:
    """Chapter 9's table of switches: id → [english, danish-club, ru-literal] as written."""
    rows = {}
    for line in _markdown("09").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and (cells[0] in SWITCHES):
            rows[cells[0]] = cells[2:]
    return rows


def test_chapter_08_switch_table_agrees_with_the_presets() -> None:
    from worms_tutor.values.rules import Rules

    rows = _switch_rows()
    assert set(rows) == set(SWITCHES)
    presets = [Rules.preset(name) for name in ("english", "danish-club", "ru-literal")]
    for switch, (english, danish, ru) in rows.items():
        values = [getattr(p, SWITCHES[switch].attribute) for p in presets]
        if switch == "S1":  # the presets hold 4; the table tells which counts each allows
            assert "4 only" in danish and "3" in english
            continue
        if switch == "S13":  # the engine rejects in every preset; the table tells the penalty
            assert danish != english
            continue
        said_danish_same = danish in ("same", english)
        said_ru_same = ru in ("", english)
        assert said_danish_same == (values[1] == values[0]), f"{switch}: danish-club column"
        assert said_ru_same == (values[2] == values[0]), f"{switch}: ru-literal column"
