"""Hand records: played hands saved as scenarios replay to the same result in the referee."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from worms_tutor.analysis.bots import Bot, HeuristicBot, RandomBot, decide, play_match
from worms_tutor.formats.cli import main
from worms_tutor.formats.records import RecordError, load, record_hand, record_state, save
from worms_tutor.mechanics.game import Match
from worms_tutor.mechanics.hand import TrickRecord
from worms_tutor.values.seating import sides

from .helpers import rules_for


def referee(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["referee", str(path)]) == 0
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


def expected_tricks(records: tuple[TrickRecord, ...], players: int) -> list[dict[str, object]]:
    return [{"leader": r.leader, "winner": r.winner, "units": r.units,
             "points": r.points(players), "events": list(r.events)} for r in records]


@pytest.mark.parametrize(("variant", "players", "seed"), [
    ("english", 4, 1), ("danish-club", 4, 2), ("english", 3, 3), ("english", 2, 4),
])
def test_every_hand_of_a_match_replays_in_the_referee(
    variant: str, players: int, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = rules_for(variant, players)
    bots: dict[str, Bot] = {seat: HeuristicBot() if i % 2 else RandomBot()
                            for i, seat in enumerate(rules.seats)}
    match = play_match(rules, bots, seed=seed)
    assert match.over
    hands = [*match.finished, None]
    for number, finished in enumerate(hands, start=1):
        scenario = record_hand(match, number)
        path = tmp_path / f"hand-{number}.json"
        save(scenario, path)
        assert load(path) == scenario
        answer = referee(path, capsys)
        records = finished.records if finished else match.hand.records
        score_after = finished.score_after if finished else match.hand.score
        assert answer["illegal"] is None
        assert answer["hand_over"] is True
        tricks = answer["tricks"]
        assert isinstance(tricks, list)
        assert [{k: t[k] for k in ("leader", "winner", "units", "points", "events")}
                for t in tricks] == expected_tricks(records, players)
        assert answer["score"] == dict(score_after)
    assert answer["match_winner"] == match.winner


def test_the_current_hand_is_recorded_with_the_plays_so_far() -> None:
    rules = rules_for("english", 4)
    match = Match.new(rules, 11)
    rng = random.Random(1)
    for _ in range(7):
        match = match.play(decide(RandomBot(), match.hand, rng))
    scenario = record_hand(match)
    assert len(scenario.plays) == 7
    assert scenario.first_lead_of_match
    assert scenario.replay().final.hands == match.hand.hands
    assert dict(scenario.score) == dict.fromkeys(sides(4), 0)


def test_a_position_in_mid_trick_is_recorded_from_the_trick_start() -> None:
    rules = rules_for("danish-club", 4)
    state = Match.new(rules, 5).hand
    rng = random.Random(2)
    for _ in range(6):  # one trick and two plays of the next
        state = state.play(decide(HeuristicBot(), state, rng))
    later = [decide(HeuristicBot(), state, rng)]
    end = state.play(later[0])
    scenario = record_state(state, later, comment="from mid-trick")
    replay = scenario.replay()
    assert replay.illegal is None
    assert replay.final.hands == end.hands
    assert replay.final.trick.cards == end.trick.cards
    assert replay.final.previous == end.previous
    assert scenario.comment == "from mid-trick"


def test_no_such_hand_and_unreadable_files_are_our_errors(tmp_path: Path) -> None:
    match = Match.new(rules_for("english", 4), 1)
    with pytest.raises(RecordError):
        record_hand(match, 2)
    with pytest.raises(RecordError):
        record_hand(match, 0)
    with pytest.raises(RecordError):
        load(tmp_path / "missing.json")
