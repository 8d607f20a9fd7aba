"""One line per rule id of rules.md: what the rule says, for hints, legends and cheat sheets.

Rule ids are the project's shared vocabulary (explain cites them, puzzles ask about them);
their titles live here once.
"""

from __future__ import annotations

from .language import ENGLISH, N_, Message

RULE_TITLES: dict[str, str] = {
    "R1.1": N_("The pack: 36 cards, A K Q J 9 8 7 6 5 of each suit, the 3♦ instead of the K♦."),
    "R1.3": N_("Suits only separate equal ranks: clubs > spades > hearts > diamonds."),
    "R2.1": N_("The normal ranking: 3♦ (not led), Toqu = Worms, 8♠, Nines, Aces, Jacks, Sixes, "
            "Fives, Eights, Queens, K♣, K♠, unled 7s."),
    "R2.2": N_("Toqu and Worms are equal: the one played later wins."),
    "R3.1": N_("A led 7 falls only to a higher 7, the K♣ or a 3♦ not led."),
    "R3.2": N_("A higher 7 that beat the led 7 keeps the 7's power."),
    "R3.3": N_("A 7 that is not led is worthless."),
    "R3.4": N_("In some rules a 7 played second after a led 3♦ counts as led."),
    "R3.6": N_("Once the K♣ has beaten a 7, only the K♠ or the 3♦ beats it."),
    "R4.2": N_("The K♣ beats a led 7."),
    "R4.3": N_("The K♠ beats a K♣ that has beaten a 7, and nothing else."),
    "R4.4": N_("Club rules: the K♠ killing that K♣ scores 1 at once."),
    "R4.5": N_("Club rules: K♣ and K♠ together beat two 7s, worth 1."),
    "R5.1": N_("A led 3♦ is the lowest card of the trick."),
    "R5.2": N_("A 3♦ that is not led beats everything, Toqu and Worms included."),
    "R5.3": N_("A 3♦ laid on a Toqu that captured Worms takes it back: 2 points."),
    "R5.4": N_("A 3♦ laid on partner's heading Worms protects it."),
    "R6.1": N_("Between Toqu and Worms the later-played wins."),
    "R6.2": N_("Toqu on an opponent's heading Worms captures it: 2 points."),
    "R6.3": N_("Toqu may never be laid on partner's Worms."),
    "R6.5": N_("Worms brought home (its side wins, not last card, Toqu not gone, nobody held "
            "both) scores V."),
    "R6.10": N_("A player holding both Toqu and Worms announces 'aavunga'."),
    "R6.13": N_("Club rules: at the last trick Worms over Toqu is an ordinary trick."),
    "R6.15": N_("Club rules: at 8:8 Toqu and Worms are ordinary high cards."),
    "R7.1": N_("Play goes round clockwise."),
    "R7.2": N_("Club rules: partners are drawn; lowest and highest draw play together "
               "(7s redrawn)."),
    "R7.3": N_("The deal passes clockwise after each hand."),
    "R8.1": N_("Club rules: the player just before the dealer cuts (or knocks)."),
    "R8.5": N_("A misdeal (a card exposed, a hand without four cards) is dealt again."),
    "R8.6": N_("Club rules: a player dealt both Toqu and Worms means a new deal."),
    "R8.3": N_("Each player is dealt four cards, one at a time, and plays only from them."),
    "R9.1": N_("The dealer's left leads the first trick; then each trick's winner leads."),
    "R9.2": N_("A lead is one card, or two to four cards of one rank."),
    "R10.1": N_("Everyone plays as many cards as were led; there is no suit to follow."),
    "R10.2": N_("In a one-card trick the best card wins."),
    "R10.3": N_("A group takes over only if each card beats a different heading card."),
    "R10.4": N_("Each player must beat the group heading now, not the lead."),
    "R10.5": N_("In a multi-card trick each heading card keeps its own powers (a 7, a K♣ on a 7, "
             "the 3♦, Toqu, Worms)."),
    "R10.6": N_("A trick of k cards each counts as k trick units."),
    "R12.1": N_("After each trick everyone draws back to four, the winner first, one at a time."),
    "R12.2": N_("The stock always runs out evenly: everyone ends with the same number of cards."),
    "R12.4": N_("When the hand is over no more cards are played."),
    "R13.1": N_("English rules: five tricks score 1, each extra trick 1, the first five 1 more."),
    "R13.2": N_("Club rules: winning the hand scores 1, the first five tricks ('5-5') 2."),
    "R13.3": N_("Tricks are counted in units: a double trick can carry a side from four to six, "
             "its fifth trick included."),
    "R15.1": N_("The match is won at 9 points (12 with three players)."),
    "R15.2": N_("Club rules: a gain past 9 counts backwards from 9 (8 + 2 makes 9 − 2 = 7)."),
    "R15.3": N_("Club rules: a side stops as soon as it has 9."),
    "R15.4": N_("Club rules: a match won 9:0 (a kam) counts twice."),
    "R15.5": N_("Club rules: at 8:8 a 5-5 scores 2, one too many: the side falls back to 7."),
    "R15.6": N_("Club rules: the score is said aloud before each deal, kept on paper, not "
                "discussed."),
    "R18.2": N_("Two players: card, card, draw, card, card."),
    "R18.3": N_("Two players lead single cards only (our choice)."),
    "O1": N_("An opponent holding Toqu must play it while Worms heads the trick."),
    "F1": N_("Toqu may not be laid on partner's Worms."),
    "F2": N_("Club rules: no Worms on a led 7 unless it is your last card."),
    "F3": N_("Club rules: Worms may not open a match."),
    "F4": N_("Club rules: no Toqu lead before Worms has appeared, unless you hold it."),
    "F5": N_("Club rules: Worms last to a trick only once Toqu is gone or as your last card."),
    "F6": N_("Two pairs may be led only in the club rules."),
    "F7": N_("The 3♦ is no King in a set unless agreed."),
    "D1": N_("Club rules: announce 'aavunga' when playing Toqu or Worms while holding both."),
    "P1": N_("Toqu capturing an opponent's Worms scores 2."),
    "P2": N_("The 3♦ taking back that Toqu scores 2 instead."),
    "P3": N_("Worms brought home scores V (our choice: 1)."),
    "P4": N_("Club rules: K♠ over a K♣ that beat a 7 scores 1."),
    "P5": N_("Club rules: K♣ + K♠ beating two 7s scores 1."),
}
"""A one-line title for each rule id the engine cites (rules.md §B), for hints."""


def rule_title(rule: str, lang: str = ENGLISH) -> str:
    """The title of ``rule`` worded in ``lang`` (``RULE_TITLES`` holds the English)."""
    return Message(RULE_TITLES[rule]).text(lang)
