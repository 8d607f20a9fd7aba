"""Scoreboard: the comb, the tally, and the engine's sentences for what scored."""

from __future__ import annotations

from worms_tutor.widgets.scoreboard import Scoreboard, comb_svg, tally_svg


def test_points_fill_the_comb_and_captures_are_told() -> None:
    board = Scoreboard.from_scenario({
        "score": {"NS": 6, "EW": 2},
        "previous": ["NS", "EW", "NS", "NS"],
        "hands": {"N": ["9D", "5C"], "E": ["KH", "6C"], "S": ["JC", "5D"], "W": ["5S", "QC"]},
        "stock": ["9H", "8H", "QH", "AC"],
        "leader": "N",
        "plays": ["N: 9D", "E: KH", "S: JC", "W: 5S"],
    })
    html = board.value
    assert 'aria-label="N–S: 8 of 9 points"' in html
    assert 'aria-label="E–W: 2 of 9 points"' in html
    assert 'aria-label="N–S: 4 trick units"' in html
    assert "Trick 1: Toqu captured E's Worms: NS +2 (P1)" in html
    assert "wt-score-event--P1" in html
    assert "wt-scoreboard-widget" in board._dom_classes


def test_five_five_overshoot_and_the_danish_target() -> None:
    html = Scoreboard.from_scenario({
        "variant": "danish-club",
        "score": {"NS": 8, "EW": 0},
        "previous": ["NS", "NS", "NS", "NS"],
        "hands": {"N": ["9D", "5C"], "E": ["KH", "6C"], "S": ["JC", "5D"], "W": ["5S", "QC"]},
        "leader": "N",
        "plays": ["N: 9D", "E: 6C", "S: 5D", "W: 5S"],
    }).value
    assert "(5-5, R13.2)" in html
    assert "excess is taken off" in html and "wt-score-event--R15.2" in html
    assert "7 / 9" in html


def test_three_players_each_score_for_themselves() -> None:
    html = Scoreboard.from_scenario({
        "score": {"A": 3, "B": 11, "C": 0},
        "hands": {"A": ["9D", "5C"], "B": ["KH", "6C"], "C": ["JC", "5D"]},
        "leader": "A",
        "plays": ["A: 9D", "B: KH", "C: JC"],
    }).value
    assert "A: 3 of 12 points" in html and "C: 2 of 12 points" in html
    assert "C +2 (P1)" in html


def test_nothing_scored_yet_and_a_won_match() -> None:
    quiet = Scoreboard.from_scenario({
        "hands": {"N": ["9D"], "E": ["6C"], "S": ["5D"], "W": ["5S"]},
        "leader": "N", "plays": [],
    }).value
    assert "Nothing scored yet this hand" in quiet
    won = Scoreboard.from_scenario({
        "score": {"NS": 8, "EW": 0},
        "previous": ["NS", "NS", "NS", "NS", "EW", "EW", "EW", "EW"],
        "hands": {"N": ["9D"], "E": ["6C"], "S": ["5D"], "W": ["5S"]},
        "leader": "N", "plays": ["N: 9D", "E: 6C", "S: 5D", "W: 5S"],
    }).value
    assert "N–S win the match" in won and "wt-score-side--won" in won


def test_drawings_are_accessible_svg() -> None:
    assert comb_svg(3, 9, "three").count("<rect") == 10
    five = tally_svg(5, "five")
    assert five.count("<line") == 5 and 'aria-label="five"' in five
    assert tally_svg(0, "none").count("<line") == 0


def test_two_players_score_seat_by_seat() -> None:
    html = Scoreboard.from_scenario({
        "hands": {"A": ["9S", "5C"], "B": ["KH", "8S"]},
        "leader": "A",
        "plays": ["A: 9S", "B: KH", "B: 8S", "A: 5C"],  # the better card plays third (R18.2)
    }).value
    assert "A: 0 of 9 points" in html and "B: 1 of 9 points" in html
    assert 'aria-label="B: 1 trick units"' in html
    assert "Worms brought home: B +1 (P3" in html
