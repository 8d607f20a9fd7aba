"""A whole hand shown trick by trick: the engine's tricks, its draw, and what the page says."""

from __future__ import annotations

import re
from itertools import pairwise

from worms_tutor.widgets import lesson
from worms_tutor.widgets.whole_hand import played_hand


def test_a_dealt_hand_is_played_out_in_nine_tricks_with_the_draw_after_each() -> None:
    start, tricks = played_hand("english", 16, "N")
    assert len(start.stock) == 20 and all(len(cards) == 4 for _, cards in start.hands)
    assert [trick.number for trick in tricks] == list(range(1, 10))
    assert [trick.stock_left for trick in tricks[:5]] == [16, 12, 8, 4, 0]
    for before, trick in pairwise(tricks):
        assert trick.record.leader == before.record.winner, "the winner leads the next trick"
    for trick in tricks[:5]:
        assert trick.drawn[0][0] == trick.record.winner, "the winner draws first"
        assert len({seat for seat, _ in trick.drawn}) == 4, "everyone draws back to four"
    assert [trick.held for trick in tricks[5:]] == [3, 2, 1, 0]


def test_the_page_tells_each_trick_the_count_and_the_end() -> None:
    text = re.sub(r"\s+", " ", str(lesson.whole_hand(seed=16, dealer="N")))
    assert "N dealt four cards each; 20 cards lie face down in the stock" in text
    assert "Trick 9" in text and "Trick 10" not in text
    assert "Drawing from the stock, in this order: N the K♠" in text
    assert "The stock is empty, so nobody draws: each player has 3 cards left." in text
    assert "The hand is over after 9 tricks. Tricks won: N–S 4 · E–W 5." in text
