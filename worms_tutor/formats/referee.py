"""The referee's answers (contract, design.md §2): a replay as JSON or readable lines."""

from __future__ import annotations

from typing import Any

from ..mechanics.hand import HandState
from .explain import explain_record
from .scenario import Replay, Scenario


def referee_json(scenario: Scenario) -> dict[str, Any]:
    """Replay ``scenario`` and report tricks, the first illegal play, and the score."""
    replay = scenario.replay()
    final = replay.final
    players = scenario.rules.players
    return {
        "tricks": [
            {
                "leader": record.leader,
                "winner": record.winner,
                "units": record.units,
                "points": record.points(players),
                "events": list(record.events),
                "reasons": [reason.text for reason in explain_record(record, players)],
            }
            for record in replay.records
        ],
        "illegal": replay.illegal.to_json() if replay.illegal else None,
        "hand_over": final.hand_over,
        "hand_points": final.hand_points,
        "score": final.score_map,
        "match_winner": final.match_winner,
    }


def legal_json(scenario: Scenario) -> dict[str, Any]:
    """The legal plays for the seat to move after the scenario's (legal) plays."""
    replay = scenario.replay()
    state: HandState = replay.final
    return {
        "seat": state.to_move,
        "plays": [{"play": str(lp.play), "heads": lp.heads} for lp in state.legal_plays()],
    }


def referee_text(scenario: Scenario) -> str:
    """The same answer as readable lines for people."""
    replay: Replay = scenario.replay()
    players = scenario.rules.players
    lines = [f"Rules: {scenario.rules}"]
    for number, record in enumerate(replay.records, start=1):
        plays = "  ".join(str(step.play) for step in record.trick.steps)
        lines.append(f"Trick {number}: {plays}")
        lines.extend(f"  - {reason.text}" for reason in explain_record(record, players))
    final = replay.final
    if replay.illegal is not None:
        illegal = replay.illegal
        lines.append(
            f"Illegal play #{illegal.index + 1} by {illegal.seat}: "
            f"{illegal.refusal.message} ({illegal.refusal.rule})"
        )
    elif final.trick.steps:
        lines.append(f"Trick in progress: {final.trick.head_seat} heads.")
    lines.append("Score: " + ", ".join(f"{side} {points}" for side, points in final.score))
    if final.hand_over:
        points = final.hand_points or {}
        lines.append("Hand over. Trick points: "
                     + ", ".join(f"{side} {p}" for side, p in points.items()))
    elif final.to_move:
        lines.append(f"{final.to_move} to play.")
    if final.match_winner:
        lines.append(f"{final.match_winner} win the match" + (" with a kam." if final.kam else "."))
    return "\n".join(lines)
