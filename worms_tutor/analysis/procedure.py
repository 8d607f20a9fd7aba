"""Questions about the procedure at the table, answered by the engine with reasons: who dealt,
who cuts, who deals next, who plays with whom after the partner draw, whether a deal stands,
how many cards a player holds after the draw, how many cards the deal leaves in the stock, and
what score is announced before the next deal (R1.1, R7.2, R7.3, R8.1, R8.3, R8.5, R8.6, R9.1,
R12.1, R12.2, R15.6).

A question is asked about a scenario: its ``leader`` sits at the dealer's left (R9.1), its
hands are the cards as dealt, or, for the partner draw, the one card each player drew; for
the draw, its plays complete a trick and the engine plays them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..formats.explain import Reason, explain_scoring
from ..formats.scenario import Scenario
from ..mechanics.table import cutter, draw_strength, misdeal_messages
from ..values.cards import PACK, THREE_OF_DIAMONDS, TOQU, WORMS
from ..values.errors import WormsError
from ..values.language import ENGLISH, Message, joined
from ..values.language import seat as seat_word
from ..values.language import side as side_word
from ..values.seating import next_seat, order_from, previous_seat

ASKS = ("cutter", "next_dealer", "partner", "deal", "cards_after_draw", "announced_score",
        "stock_after_deal")
"""``cutter``: who cuts the pack; ``next_dealer``: who deals the next hand; ``partner``: whose
partner a seat becomes after the draw; ``deal``: must the cards be dealt again?
``cards_after_draw``: how many cards a seat holds once the last trick is drawn for;
``announced_score``: the match score said aloud before the next deal, once the plays end the
hand; ``stock_after_deal``: how many cards of the 36-card pack are left face down once every
player has been dealt four."""

PACK_SIZES = (32, 36, 40, 52)
"""Packs a newcomer may have in mind (piquet, Worms, 40 cards, the full pack): the stock each
would leave is a choice of a ``stock_after_deal`` question, the Worms pack's the right one."""

DEAL_AGAIN = "deal again"
PLAY_ON = "play on"
_OPTION_WORDS = {DEAL_AGAIN: Message("deal again"), PLAY_ON: Message("play on")}


def option_words(option: str, lang: str = ENGLISH) -> str:
    """A choice as a learner reads it in ``lang`` ("deal again": "giv kort igen"); a seat, a
    number or a score reads as it is."""
    said = _OPTION_WORDS.get(option)
    return said.text(lang) if said is not None else option


class ProcedureError(WormsError):
    """A table question that cannot be asked about this scenario."""


@dataclass(frozen=True)
class TableAnswer:
    """The choices offered, the right one said as a fact, a first step, and the reasons."""

    options: tuple[str, ...]
    answer: str
    stated: Message
    """The right answer said as a fact ("W cuts"), in any language."""
    first_step: Reason
    reasons: tuple[Reason, ...]
    names_the_wrong_choice: bool = True
    """"W cuts, not N" reads well; "the cards are dealt again, not play on" does not."""

    @property
    def fact(self) -> str:
        """The fact in English."""
        return self.stated.text()


def answer_table_question(ask: str, scenario: Scenario, seat: str) -> TableAnswer:
    """Answer ``ask`` about ``scenario`` (``seat``: whose partner, for ``partner``)."""
    if ask not in ASKS:
        raise ProcedureError(Message("unknown question {ask}; the questions are {asks}",
                                     ask=repr(ask), asks=", ".join(ASKS)))
    if ask == "partner":
        return _partner(scenario, seat)
    if ask == "deal":
        return _deal(scenario)
    if ask == "cards_after_draw":
        return _cards_after_draw(scenario, seat)
    if ask == "announced_score":
        return _announced_score(scenario)
    if ask == "stock_after_deal":
        return _stock_after_deal(scenario)
    return _dealing_order(ask, scenario)


def dealer_of(scenario: Scenario) -> str:
    """The dealer: the player just before the first leader in playing order (R9.1)."""
    return previous_seat(scenario.leader, scenario.rules.players)


def _dealer_reason(scenario: Scenario) -> Reason:
    dealer = dealer_of(scenario)
    return Reason(Message("{leader} leads the first trick, so {dealer} dealt: the player at the "
                          "dealer's left leads", leader=seat_word(scenario.leader),
                          dealer=seat_word(dealer)), ("R9.1",))


def _dealing_order(ask: str, scenario: Scenario) -> TableAnswer:
    players = scenario.rules.players
    dealer = dealer_of(scenario)
    if ask == "cutter":
        answer = cutter(dealer, players)
        why = Reason(Message("{seat} sits just before the dealer in playing order, so {seat} "
                             "cuts the pack (or knocks)", seat=seat_word(answer)), ("R8.1",))
        fact = Message("{seat} cuts", seat=seat_word(answer))
    else:
        answer = next_seat(dealer, players)
        why = Reason(Message("the deal passes clockwise, so {seat}, at {dealer}'s left, deals "
                             "the next hand", seat=seat_word(answer),
                             dealer=seat_word(dealer)), ("R7.3",))
        fact = Message("{seat} deals the next hand", seat=seat_word(answer))
    first = _dealer_reason(scenario)
    return TableAnswer(scenario.rules.seats, answer, fact, first, (first, why))


def _partner(scenario: Scenario, seat: str) -> TableAnswer:
    if scenario.rules.players != 4:
        raise ProcedureError(Message("partners are drawn by four players"))
    drawn = dict(scenario.hands)
    for owner, cards in drawn.items():
        if len(cards) != 1:
            raise ProcedureError(Message("for the partner draw each hand is the one card drawn; "
                                         "{seat} holds {count}", seat=seat_word(owner),
                                         count=len(cards)))
        if cards[0].is_seven:
            raise ProcedureError(Message("{seat} drew a 7, which is drawn again (R7.2): give the "
                                         "card drawn instead", seat=seat_word(owner)))
    ranked = sorted(drawn, key=lambda owner: draw_strength(drawn[owner][0]))
    pairs = ((ranked[0], ranked[3]), (ranked[1], ranked[2]))
    answer = next(a if b == seat else b for a, b in pairs if seat in (a, b))
    order = joined([joined([seat_word(owner), drawn[owner][0]], " ") for owner in ranked])
    first = Reason(Message("from the lowest draw to the highest: {order} (the normal ranking; a "
                           "7 is drawn again)", order=order), ("R7.2",))
    reasons = [first, Reason(Message("the lowest and the highest play together: {a} with {b}, "
                                     "{c} with {d}", a=seat_word(pairs[0][0]),
                                     b=seat_word(pairs[0][1]), c=seat_word(pairs[1][0]),
                                     d=seat_word(pairs[1][1])), ("R7.2",))]
    if any(drawn[owner][0] is THREE_OF_DIAMONDS for owner in drawn):
        reasons.append(Reason(Message("the 3♦ counts as the highest card of the draw: our "
                                      "choice, no source says (§E Q16)"), ("R7.2",)))
    options = tuple(other for other in scenario.rules.seats if other != seat)
    return TableAnswer(options, answer, Message("{partner} plays with {seat}",
                                                partner=seat_word(answer),
                                                seat=seat_word(seat)), first, tuple(reasons))


def _deal(scenario: Scenario) -> TableAnswer:
    hands = dict(scenario.hands)
    problems = misdeal_messages(hands)
    both = [owner for owner, cards in hands.items() if TOQU in cards and WORMS in cards]
    danish = scenario.rules.danish_restrictions
    first = Reason(Message("count each hand, and look for one player holding both Toqu and "
                           "Worms"), ("R8.5", "R8.6"))
    reasons: list[Reason] = []
    if problems:
        reasons.append(Reason(Message("{problems}: a misdeal, so the cards are dealt again",
                                      problems=joined(problems, "; ")), ("R8.5",)))
    if both and danish:
        reasons.append(Reason(Message("{seat} was dealt both Toqu and Worms: in the club rules "
                                      "the cards are dealt again", seat=seat_word(both[0])),
                              ("R8.6",)))
    elif both:
        reasons.append(Reason(Message("{seat} holds both Toqu and Worms, but only the club "
                                      "rules deal again for that (S11)",
                                      seat=seat_word(both[0])), ("R8.6",)))
    if not problems and not both:
        reasons.append(Reason(Message("every player holds four cards and nobody holds both "
                                      "Toqu and Worms: the deal stands"), ("R8.5", "R8.6")))
    again = bool(problems) or (bool(both) and danish)
    fact = (Message("the cards are dealt again") if again
            else Message("the deal stands: play on"))
    return TableAnswer((DEAL_AGAIN, PLAY_ON), DEAL_AGAIN if again else PLAY_ON, fact, first,
                       tuple(reasons), names_the_wrong_choice=False)


def _cards_after_draw(scenario: Scenario, seat: str) -> TableAnswer:
    players = scenario.rules.players
    if players == 2:
        raise ProcedureError(Message("with two players the draw comes in the middle of a "
                                     "trick: ask about three or four players"))
    replay = scenario.replay()
    if replay.illegal is not None or not replay.records or replay.final.trick.steps:
        raise ProcedureError(Message("the plays must be legal and end with a completed trick"))
    before, after = replay.states[-2], replay.final
    record = replay.records[-1]
    drawn = len(before.stock) - len(after.stock)
    held = len(after.hand_of(seat))
    order = joined([seat_word(one) for one in order_from(record.winner, players)])
    first = Reason(Message("{seat} won the trick, so the draw goes {order}, one card at a time, "
                           "from a stock of {stock}", seat=seat_word(record.winner), order=order,
                           stock=len(before.stock)), ("R12.1",))
    if not after.stock:
        each = drawn // players
        why = Reason(Message("the stock ran out after {drawn} cards, {each} for each player: it "
                             "always runs out evenly, so everyone holds {held}", drawn=drawn,
                             each=each, held=held), ("R12.2",))
    else:
        why = Reason(Message("everyone draws back to four, with {left} left in the stock",
                             left=len(after.stock)), ("R12.1",))
    options = tuple(str(number) for number in range(5))
    return TableAnswer(options, str(held), Message("{seat} holds {held} cards",
                                                   seat=seat_word(seat), held=held),
                       first, (first, why))


def _announced_score(scenario: Scenario) -> TableAnswer:
    replay = scenario.replay()
    final = replay.final
    if replay.illegal is not None or not replay.records or not final.hand_over:
        raise ProcedureError(Message("the plays must be legal and end the hand"))
    if final.match_winner is not None:
        raise ProcedureError(Message("the plays end the match: no next deal, no score to "
                                     "announce"))
    players = scenario.rules.players
    before = replay.states[0].score_map
    after = final.score_map
    gains = dict.fromkeys(before, 0)
    for record in replay.records:
        for side, points in record.points(players).items():
            gains[side] += points
    trick_points = dict.fromkeys(before, 0)  # what the hand's tricks scored, bonuses aside
    for award in final.records[-1].hand_points:
        trick_points[award.side] += award.points
    answer = _score_text(after)
    target = scenario.rules.target
    wrong = (
        {side: points + gains[side] for side, points in before.items()},  # no overshoot
        {side: min(points + gains[side], target)
         for side, points in before.items()},  # stopping at the target, as if it were won
        {side: points + trick_points[side] for side, points in before.items()},  # no bonus
        before,  # nothing added
    )
    choices = {_score_text(score): tuple(score.values()) for score in (*wrong, after)}
    options = sorted(choices, key=choices.__getitem__)
    first = Reason(Message("the hand is over: before the next deal the score is said aloud and "
                           "stays on paper for everyone to see, and nobody discusses it"),
                   ("R15.6",))
    scored = [reason for record in replay.records
              for reason in explain_scoring(record, players)]
    for side in sorted({side for record in replay.records for side in record.overshoot}):
        total = before[side] + gains[side]
        scored.append(Reason(Message("{side}: {before} + {gain} = {total}, which is {excess} "
                                     "past {target}, so {before} − {excess} = {after}",
                                     side=side_word(side), before=before[side],
                                     gain=gains[side], total=total, excess=total - target,
                                     target=target, after=after[side]), ("R15.2",)))
    last = Reason(Message("so the score announced before the next deal is {score}",
                          score=answer), ("R15.6",))
    return TableAnswer(tuple(options), answer,
                       Message("the score announced is {score}", score=answer), first,
                       (first, *scored, last))


def _stock_after_deal(scenario: Scenario) -> TableAnswer:
    if scenario.plays:
        raise ProcedureError(Message("the question is asked before the first trick: give no "
                                     "plays"))
    dealt = {seat: len(cards) for seat, cards in scenario.hands}
    if set(dealt.values()) != {4}:
        raise ProcedureError(Message("every hand is dealt four cards"))
    in_hands = sum(dealt.values())
    answer = str(len(PACK) - in_hands)
    first = Reason(Message("count the pack first: the ranks of one suit, and the card that "
                           "stands in for the K♦"), ("R1.1",))
    pack = Reason(Message("the Worms pack has {size} cards: A K Q J 9 8 7 6 5 in each suit, "
                          "with the 3♦ instead of the K♦, and no Tens, Fours or Twos",
                          size=len(PACK)), ("R1.1",))
    players = {2: Message("Two"), 3: Message("Three"), 4: Message("Four")}.get(
        len(dealt), str(len(dealt)))
    deal = Reason(Message("{players} players are dealt four cards each: {count} cards",
                          players=players, count=in_hands), ("R8.3",))
    rest = Reason(Message("so {size} − {count} = {stock} cards lie face down as the stock",
                          size=len(PACK), count=in_hands, stock=answer), ("R1.1", "R8.3"))
    options = tuple(str(size - in_hands) for size in PACK_SIZES)
    return TableAnswer(options, answer,
                       Message("the stock holds {count} cards", count=answer), first,
                       (pack, deal, rest))


def _score_text(score: dict[str, int]) -> str:
    return " – ".join(f"{side} {points}" for side, points in score.items())
