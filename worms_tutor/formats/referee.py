"""The referee's answers (contract, design.md §2): a replay as JSON or readable lines, their
sentences in the language asked for (English by default; JSON keys, seat letters in machine
fields and rule ids stay as they are)."""

from __future__ import annotations

from typing import Any

from ..mechanics.hand import HandState
from ..values.cards import Card
from ..values.language import ENGLISH, Message, seat, side, worded
from .explain import CardFormat, code, explain_record
from .scenario import Replay, Scenario


def card_format(lang: str) -> CardFormat:
    """How a sentence in ``lang`` writes a card: the notation's code in English (the contract's
    output, "KH"), the letter and suit symbol elsewhere ("K♥")."""
    return code if lang == ENGLISH else _with_symbol


def _with_symbol(card: Card) -> str:
    return card.symbol_code


def referee_json(scenario: Scenario, lang: str = ENGLISH) -> dict[str, Any]:
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
                "reasons": [reason.in_language(lang)
                            for reason in explain_record(record, players,
                                                         card_format(lang))],
            }
            for record in replay.records
        ],
        "illegal": replay.illegal.to_json(lang) if replay.illegal else None,
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


def referee_text(scenario: Scenario, lang: str = ENGLISH) -> str:
    """The same answer as readable lines for people."""
    replay: Replay = scenario.replay()
    players = scenario.rules.players

    def sides(points: Any) -> str:
        return ", ".join(f"{side(name).text(lang)} {p}" for name, p in points)

    lines: list[str | Message] = [Message("Rules: {rules}", rules=scenario.rules)]
    for number, record in enumerate(replay.records, start=1):
        plays = "  ".join(str(step.play) for step in record.trick.steps)
        lines.append(Message("Trick {number}: {plays}", number=number, plays=plays))
        lines.extend(f"  - {reason.in_language(lang)}"
                     for reason in explain_record(record, players, card_format(lang)))
    final = replay.final
    if replay.illegal is not None:
        illegal = replay.illegal
        lines.append(Message("Illegal play #{number} by {seat}: {message} ({rule})",
                             number=illegal.index + 1, seat=seat(illegal.seat),
                             message=illegal.refusal.message_in(lang),
                             rule=illegal.refusal.rule))
    elif final.trick.steps:
        lines.append(Message("Trick in progress: {seat} heads.",
                             seat=seat(final.trick.head_seat or "")))
    lines.append(Message("Score: {points}", points=sides(final.score)))
    if final.hand_over:
        points = final.hand_points or {}
        lines.append(Message("Hand over. Trick points: {points}", points=sides(points.items())))
    elif final.to_move:
        lines.append(Message("{seat} to play.", seat=seat(final.to_move)))
    if final.match_winner:
        winner = side(final.match_winner)
        lines.append(Message("{side} win the match with a kam.", side=winner) if final.kam
                     else Message("{side} win the match.", side=winner))
    return "\n".join(worded(line, lang) for line in lines)
