"""Engine values show themselves in a notebook, as cards with the engine's reasons."""

from __future__ import annotations

from worms_tutor.formats.scenario import Scenario

CAPTURE = {
    "hands": {"N": ["KH", "9C"], "E": ["JC", "5D"], "S": ["KS", "6H"], "W": ["9S", "QC"]},
    "leader": "N",
    "plays": ["N: KH", "E: JC", "S: 6H", "W: 9S"],
}


def test_a_finished_trick_shows_cards_winner_and_why() -> None:
    record = Scenario.from_json(CAPTURE).replay().records[0]
    html = record._repr_html_()
    assert html.count('<span class="wt-card') == 4
    assert 'wt-card wt-card--heads" data-card="JC"' in html
    assert "Toqu captured N's Worms: EW +2 (P1)" in html


def test_a_hand_in_progress_shows_whose_turn_it_is() -> None:
    state = Scenario.from_json(CAPTURE).replay().states[2]
    html = state._repr_html_()
    assert "S to play" in html
    assert 'data-card="KS"' in html
