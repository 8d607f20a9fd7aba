"""The controls of the newer kinds: a number box per side for a hand to score, one radio
button per play of a replay, and a plan played card by card against the engine's replies."""

from __future__ import annotations

from worms_tutor.analysis import hand_score
from worms_tutor.values.cards import Card
from worms_tutor.widgets.plan_control import PlanControl
from worms_tutor.widgets.puzzle import PuzzleWidget


def test_a_hand_to_score_has_a_box_per_side_and_says_why_at_once() -> None:
    widget = PuzzleWidget.from_id("08-score-the-double-trick")
    assert widget.puzzle is not None
    boxes = widget.answer_control.children
    assert [box.description for box in boxes] == ["North–South:", "East–West:"]
    assert widget.check() is None  # nothing typed yet: asked again, no try spent
    right = hand_score.scores(widget.puzzle)
    boxes[0].value, boxes[1].value = str(right["NS"] - 1), str(right["EW"])
    verdict = widget.check()
    assert verdict is not None and not verdict.correct
    assert "the double trick counting 2" in widget.feedback.value  # the why, first miss
    boxes[0].value = str(right["NS"])
    verdict = widget.check()
    assert verdict is not None and verdict.correct and widget.solved


def test_a_replay_offers_every_play_and_the_table_shows_the_hands_before_them() -> None:
    widget = PuzzleWidget.from_id("06-spot-toqu-on-partner")
    assert widget.puzzle is not None
    radio = widget.answer_control
    assert len(radio.options) == len(widget.puzzle.scenario.plays)
    assert radio.options[3] == ("Trick 1 · S plays J♣", "S: JC")
    assert len(widget.table.frames) == 1  # no play on the table: it would give the answer
    radio.value = "N: KH"
    verdict = widget.check()
    assert verdict is not None and not verdict.correct and "breaks no rule" in verdict.why
    radio.value = "S: JC"
    verdict = widget.check()
    assert verdict is not None and verdict.correct
    assert "Toqu may not be laid on your partner" in widget.feedback.value


def test_a_plan_is_played_card_by_card_and_judged_when_it_goes_wrong_or_ends() -> None:
    widget = PuzzleWidget.from_id("07-the-last-two-tricks")
    control = widget.answer_control
    assert isinstance(control, PlanControl)
    control.picker.toggle(Card.parse("JD"))  # a pick is played at once: a losing lead
    verdict = widget.last_verdict
    assert verdict is not None and not verdict.correct and "best play goes" in verdict.why
    assert "Play again from the start" in widget.feedback.value  # no Check needed to retry
    assert "press Check" not in widget.feedback.value
    assert widget.puzzle is not None and control.picker.cards == widget.puzzle.hand  # again
    control.picker.toggle(Card.parse("7H"))
    assert widget.last_verdict is verdict  # not judged yet: the others have answered
    assert "The others answer" in control.status.value and control.line_box.children
    assert control.picker.cards == (Card.parse("JD"),)
    control.picker.toggle(Card.parse("JD"))
    verdict = widget.last_verdict
    assert verdict is not None and verdict.correct and widget.solved and widget.tries == 2


def test_where_a_group_may_be_led_the_plan_waits_for_the_play_button() -> None:
    widget = PuzzleWidget.from_id("07-plan-worms-home")
    control = widget.answer_control
    assert isinstance(control, PlanControl) and control.picker.max_select == 2
    assert control.play_button.layout.display != "none"
    control.picker.toggle(Card.parse("KH"))
    assert not control.mine  # one card picked: a pair could still be meant
    control.play_button.click()
    assert len(control.mine) == 1 and "The others answer" in control.status.value
    assert control.picker.max_select == 2  # E leads again: the two Eights may go as a pair
    control.picker.toggle(Card.parse("8H"))
    control.picker.toggle(Card.parse("8D"))
    control.play_button.click()  # the pair gives the last tricks away: judged at once
    verdict = widget.last_verdict
    assert verdict is not None and not verdict.correct and "8♥ 8♦" in verdict.why
    assert not control.mine and control.picker.cards == widget.puzzle.hand  # start again
