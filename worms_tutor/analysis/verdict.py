"""What every kind of puzzle answers with: a ``Verdict`` on an answer and the ``Hint`` rungs,
and the few helpers that write their text (a reason as a sentence, a play in card symbols)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..formats.explain import Reason
from ..values.cards import in_symbols
from ..values.language import ENGLISH, Message, seat
from ..values.play import Play
from .search import Line


@dataclass(frozen=True)
class Hint:
    """One rung of the hint ladder."""

    title: str
    text: str
    rule_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to a learner's answer, with everything the feedback needs."""

    correct: bool
    answer: str
    summary: str
    reasons: tuple[Reason, ...]
    others: tuple[str, ...] = ()
    next_line: Line | None = None
    next_reasons: tuple[Reason, ...] = ()
    withheld: str = ""
    """For a first miss: a summary that names only the learner's answer, so that a second try
    is still worth making; empty where any reply gives the answer away (yes/no questions) and
    for plays, whose miss shows what the others then do rather than the right card."""
    why: str = ""
    """For a wrong answer: one plain line, from the engine's reasons, saying why this answer
    is wrong (who beats that seat's card, the gain missed, the rule that decides), without
    rule ids; shown at once, first miss included."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule id cited by the reasons, first mention first."""
        return unique(rule for reason in (*self.reasons, *self.next_reasons)
                       for rule in reason.rules)


def sentence(text: str) -> str:
    """A reason as a sentence: capital first letter and one full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


class Clause(Message):
    """A sentence used within another: its full stop dropped and, when ``lower``, its first
    letter made small ("The hand is over." → "the hand is over"), in any language."""

    lower: bool

    def __init__(self, said: str | Message, lower: bool = False) -> None:
        super().__init__("{said}", said=said)
        object.__setattr__(self, "lower", lower)

    def text(self, lang: str = ENGLISH) -> str:
        words = super().text(lang).strip().rstrip(".")
        return words[:1].lower() + words[1:] if self.lower else words


def correct_prefix(lang: str = ENGLISH) -> str:
    """How a right answer's summary begins in ``lang`` ("Correct: "): a quiz that reveals the
    answer says why, not whether."""
    return Message("Correct: {fact}.", fact="\0").text(lang).split("\0")[0]


def unique(items: Iterable[str]) -> tuple[str, ...]:
    """The items in first-seen order, each once."""
    return tuple(dict.fromkeys(items))


def symbols(play: Play) -> str:
    """A play as a learner reads it: ``S: 9♥ J♣``."""
    return f"{play.seat}: " + " ".join(card.symbol_code for card in play.cards)


def play_words(play: Play) -> Message:
    """A play as a sentence names it: ``S: 9♥ J♣`` in English, ``Syd: 9♥ J♣`` in Danish."""
    return Message("{seat}: {cards}", seat=seat(play.seat),
                   cards=" ".join(card.symbol_code for card in play.cards))


__all__ = ["Clause", "Hint", "Verdict", "correct_prefix", "in_symbols", "play_words", "sentence",
           "symbols", "unique"]
