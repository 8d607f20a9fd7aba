"""Property tests (hypothesis): notation and rules round trips, scenario round trips and
fuzzing, trick resolution against an independent single-card model of rules.md §B20, and
agreement between ``legal_plays`` and ``play``.
"""

from __future__ import annotations

import json
import random
from itertools import combinations, pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from worms_tutor.formats.referee import legal_json, referee_json, referee_text
from worms_tutor.formats.scenario import Scenario
from worms_tutor.mechanics.hand import HandState
from worms_tutor.mechanics.trick import Trick
from worms_tutor.values import cards
from worms_tutor.values.cards import PACK, Card, format_cards, parse_cards
from worms_tutor.values.errors import IllegalPlay, NotationError, WormsError
from worms_tutor.values.play import Play
from worms_tutor.values.rules import PRESETS, SWITCHES, Rules

from .helpers import build, deal_hand, playout

PROPS = settings(max_examples=150, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])
CODES = [str(card) for card in PACK]

# -- card notation ----------------------------------------------------------------------------


@PROPS
@given(st.sampled_from(PACK), st.sampled_from(["letter", "symbol", "lower", "mixed"]),
       st.sampled_from(["", " ", "  ", "\t"]))
def test_card_notation_round_trip(card: Card, form: str, pad: str) -> None:
    text = {"letter": str(card), "symbol": card.symbol_code, "lower": str(card).lower(),
            "mixed": str(card)[0].lower() + card.symbol_code[-1]}[form]
    parsed = Card.parse(pad + text + pad)
    assert parsed == card
    assert str(parsed) == str(card)
    assert Card.parse(str(parsed)) == parsed


@PROPS
@given(st.lists(st.sampled_from(PACK), unique=True, max_size=8), st.sampled_from([" ", ", ", ","]))
def test_card_lists_round_trip(cards: list[Card], separator: str) -> None:
    text = separator.join(str(card) for card in cards)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(format_cards(cards)) == tuple(cards)


def assert_names_token(error: NotationError, token: str) -> None:
    assert error.token == token
    assert token.strip() in str(error) or repr(token) in str(error)


@pytest.mark.parametrize("token", ["KD", "10H", "2C", "", "K", "XYZ", "4S", "3C", "1", "H",
                                   "KX", "K♦", "♥K", "JCC"])
def test_bad_tokens_name_the_token(token: str) -> None:
    with pytest.raises(NotationError) as error:
        Card.parse(token)
    assert_names_token(error.value, token)


VALID_FORMS = {form for card in PACK
               for form in (str(card).upper(), card.symbol_code.upper())}
TOKEN_ALPHABET = "35678924JQKACSHDXYZcshdjqka10♣♠♥♦ >-:"


@PROPS
@given(st.text(alphabet=TOKEN_ALPHABET, max_size=5))
def test_random_tokens_parse_or_name_the_token(token: str) -> None:
    if token.strip().upper() in VALID_FORMS:
        assert str(Card.parse(token)) in CODES
        return
    with pytest.raises(NotationError) as error:
        Card.parse(token)
    assert_names_token(error.value, token)


@PROPS
@given(st.text(max_size=6))
def test_any_text_parses_to_a_card_or_raises_notation_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError:
        return
    assert str(card) in CODES


# -- rules strings ----------------------------------------------------------------------------


def switch_values(variant: str) -> st.SearchStrategy[dict[str, Any]]:
    """Random overrides, each switch with a value its definition accepts."""
    choices: dict[str, st.SearchStrategy[Any]] = {}
    for switch in SWITCHES.values():
        if switch.kind == "flag":
            choices[switch.id] = st.sampled_from([True, False, "on", "off"])
        elif switch.kind == "int":
            choices[switch.id] = st.integers(0, 5)
        elif switch.kind == "match":
            part = st.sampled_from([True, False])
            choices[switch.id] = st.one_of(
                st.sampled_from(["on", "off"]),
                st.fixed_dictionaries({}, optional={
                    "target": st.one_of(st.none(), st.integers(1, 15)),
                    "overshoot": part, "kam": part, "eight_eight": part}))
        elif switch.id == "S1":
            choices[switch.id] = st.just(4) if variant == "danish-club" \
                else st.sampled_from(switch.choices)
        else:
            choices[switch.id] = st.sampled_from(switch.choices)
    return st.fixed_dictionaries({}, optional=choices)


@st.composite
def rules_values(draw: st.DrawFn, players: int | None = None) -> Rules:
    variants = list(PRESETS) if players in (None, 4) else ["english", "ru-literal"]
    variant = draw(st.sampled_from(variants))
    overrides = draw(switch_values(variant))
    if players is not None:
        overrides["S1"] = players
    return Rules.preset(variant, overrides)


@PROPS
@given(rules_values())
def test_rules_string_round_trip(rules: Rules) -> None:
    text = str(rules)
    assert Rules.parse(text) == rules
    assert str(Rules.parse(text)) == text
    assert Rules.preset(rules.variant, rules.overrides()) == rules


@PROPS
@given(st.sampled_from(list(PRESETS)), st.text(alphabet="SV0123456789=,abc", max_size=12))
def test_rules_strings_fail_only_with_engine_errors(variant: str, tail: str) -> None:
    try:
        rules = Rules.parse(variant + "," + tail)
    except WormsError:
        return
    assert Rules.parse(str(rules)) == rules


# -- scenarios --------------------------------------------------------------------------------


@st.composite
def earlier_units(draw: st.DrawFn, rules: Rules, sides: list[str]) -> list[str]:
    """Trick units won earlier in the hand, fewer than a whole hand's; under the club's rules
    under five for each side (a side with five has already ended the hand)."""
    units = draw(st.lists(st.sampled_from(sides), max_size=8))
    if rules.hand_end != "dk":
        return units
    kept: list[str] = []
    for side in units:
        if kept.count(side) < 4:
            kept.append(side)
    return kept


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    """A valid scenario: random cards spread over hands, stock and played; random plays."""
    players = draw(st.sampled_from([4, 4, 3, 2]))
    rules = draw(rules_values(players))
    seats = rules.seats
    pack = list(draw(st.permutations(CODES)))
    hands = {}
    for seat in seats:
        size = draw(st.integers(1 if seat == seats[0] else 0, 4))  # a card left to play
        hands[seat], pack = pack[:size], pack[size:]
    stock_size = draw(st.integers(0, min(8, len(pack))))
    stock, pack = pack[:stock_size], pack[stock_size:]
    played = pack[: draw(st.integers(0, min(8, len(pack))))]
    sides = ["NS", "EW"] if players == 4 else list(seats)
    plays = []
    for _ in range(draw(st.integers(0, 4))):
        seat = draw(st.sampled_from(seats))
        cards = draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=3, unique=True))
        if draw(st.booleans()):
            targets = draw(st.lists(st.sampled_from(CODES), min_size=len(cards),
                                    max_size=len(cards)))
            cards = [f"{card}>{target}" for card, target in zip(cards, targets, strict=True)]
        plays.append(f"{seat}: {' '.join(cards)}")
    first_lead = draw(st.booleans())  # then nothing has happened yet in the match
    data: dict[str, Any] = {
        "variant": rules.variant,
        "rules": rules.overrides(),
        "hands": hands,
        "stock": stock,
        "played": [] if first_lead else played,
        "previous": [] if first_lead else draw(earlier_units(rules, sides)),
        "score": {side: 0 if first_lead else draw(st.integers(0, min(8, rules.target)))
                  for side in sides},
        "first_lead_of_match": first_lead,
        "leader": draw(st.sampled_from(seats)),
        "plays": plays,
    }
    return Scenario.from_json(data)


@PROPS
@given(scenarios())
def test_scenario_round_trip(scenario: Scenario) -> None:
    assert Scenario.from_json(scenario.to_json()) == scenario
    assert Scenario.from_text(scenario.to_text()) == scenario
    assert Scenario.from_json(json.loads(json.dumps(scenario.to_json()))) == scenario
    check_only_engine_errors(scenario.to_json())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(
        [*CODES, "N", "E", "S", "W", "A", "B", "NS", "EW", "N: KH", "english", "S9", "V"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6) | st.sampled_from(
        ["hands", "plays", "leader", "N", "E", "S", "W", "rules", "variant", "stock"]),
        children, max_size=4),
    max_leaves=12,
)


def check_only_engine_errors(data: Any) -> None:
    try:
        scenario = Scenario.from_json(data)
    except WormsError:
        return
    # a scenario that validates must be refereed without any error at all
    referee_json(scenario)
    legal_json(scenario)
    referee_text(scenario)


@PROPS
@given(json_values)
def test_fuzzed_json_raises_only_engine_errors(data: Any) -> None:
    check_only_engine_errors(data)


@PROPS
@given(st.text(max_size=40) | st.builds(json.dumps, json_values))
def test_fuzzed_text_raises_only_engine_errors(text: str) -> None:
    try:
        scenario = Scenario.from_text(text)
    except WormsError:
        return
    referee_json(scenario)


KEYS = ["variant", "rules", "score", "previous", "played", "first_lead_of_match", "hands",
        "stock", "leader", "plays"]


@st.composite
def mutated(draw: st.DrawFn) -> Any:
    data = draw(scenarios()).to_json()
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "hands", "rules", "plays"]))
        action = draw(st.sampled_from(["set", "delete"]))
        if where == "top":
            key = draw(st.sampled_from([*KEYS, "extra"]))
            container: Any = data
        elif where == "hands":
            container = data.get("hands")
            key = draw(st.sampled_from(["N", "E", "S", "W", "A", "B", "C", "X"]))
        elif where == "rules":
            container = data.setdefault("rules", {})
            key = draw(st.sampled_from([*SWITCHES, "S99", "s9"]))
        else:
            container = data.get("plays")
            if not isinstance(container, list) or not container:
                continue
            key = draw(st.integers(0, len(container) - 1))
        if isinstance(container, list) and isinstance(key, int):
            container[key] = draw(json_values)
        elif isinstance(container, dict) and action == "delete":
            container.pop(key, None)
        elif isinstance(container, dict):
            container[key] = draw(json_values)
    return data


@PROPS
@given(mutated())
def test_mutated_scenarios_raise_only_engine_errors(data: Any) -> None:
    check_only_engine_errors(data)


# -- trick resolution against an independent model --------------------------------------------

MODEL_ORDER = (
    "3D", "7D", "7H", "7S", "7C", "KS", "KC", "QD", "QH", "QS", "QC", "8D", "8H", "8C", "5D",
    "5H", "5S", "5C", "6D", "6H", "6S", "6C", "JD", "JH", "JS", "AD", "AH", "AS", "AC", "9D",
    "9H", "9S", "9C", "8S",
)
"""rules.md §B2 read bottom up: a led (or powerless) 3♦, unled 7s (§E Q6), KS ... 8S."""
MODEL_STRENGTH = {code: i for i, code in enumerate(MODEL_ORDER)} | {"KH": 99, "JC": 99}
SUIT_RANK = {"C": 4, "S": 3, "H": 2, "D": 1}


def model_winner(codes: list[str], rules: Rules) -> int:
    """The position (0–3) that wins a four-player single-card trick, per rules.md §B20."""
    first = codes[0]
    mode = "SEVEN" if first[0] == "7" else "NORMAL"
    head = (0, first, mode, 0 if first == "3D" else MODEL_STRENGTH[first])
    for pos, card in enumerate(codes[1:], start=1):
        _, target, mode, strength = head
        if mode == "LOCK":
            continue
        if card == "3D":
            if rules.three_d_power == "non_lead" or pos == 3:
                head = (pos, card, "LOCK", 0)
            continue
        if mode == "SEVEN":
            if card[0] == "7":
                if rules.higher_seven_beats_led_seven and SUIT_RANK[card[1]] > SUIT_RANK[target[1]]:
                    head = (pos, card, "SEVEN", 0)
            elif card == "KC":
                head = (pos, card, "KC7", 0)
            continue
        if mode == "KS7":
            continue
        if mode == "KC7":
            timing = rules.ks_over_kc_timing == "any_later" or head[0] == pos - 1
            if card == "KS" and timing:
                head = (pos, card, "KS7", 0)
            continue
        if {card, target} == {"KH", "JC"}:
            head = (pos, card, "NORMAL", 99)
            continue
        if (card[0] == "7" and pos == 1 and target == "3D"
                and rules.seven_after_led_3d == "counts_as_led"):
            head = (pos, card, "SEVEN", 0)
            continue
        if MODEL_STRENGTH[card] > strength:
            head = (pos, card, "NORMAL", MODEL_STRENGTH[card])
    return head[0]


@settings(max_examples=400, deadline=None)
@given(st.permutations(CODES), st.sampled_from(list(PRESETS)),
       st.fixed_dictionaries({}, optional={
           "S2": st.sampled_from(["non_lead", "last_only"]),
           "S3": st.sampled_from(["counts_as_led", "ordinary"]),
           "S4": st.booleans(),
           "S5": st.sampled_from(["any_later", "immediately_next"])}))
@example(["7S", "KC", "KS", "3D"], "english", {})
@example(["7S", "KC", "KS", "3D"], "ru-literal", {})
@example(["7S", "KC", "5C", "KS"], "ru-literal", {})
@example(["3D", "7D", "7C", "KC"], "english", {})
@example(["3D", "7D", "7C", "KC"], "danish-club", {})
@example(["KH", "JC", "8S", "9C"], "english", {})
@example(["JC", "3D", "KH", "9C"], "ru-literal", {})
@example(["7D", "7H", "7S", "7C"], "ru-literal", {})
def test_single_card_tricks_match_the_reference_model(pack: list[str], variant: str,
                                                      overrides: dict[str, Any]) -> None:
    codes = pack[:4]
    rules = Rules.preset(variant, overrides)
    trick = Trick.start(rules, "N")
    for seat, code in zip("NESW", codes, strict=True):
        trick = trick.add(Play(seat, (Card.parse(code),)))
    assert trick.head_seat == "NESW"[model_winner(codes, rules)], (codes, str(rules))


@PROPS
@given(st.permutations(CODES), st.sampled_from(list(PRESETS)))
def test_refereed_single_tricks_agree_with_the_model(pack: list[str], variant: str) -> None:
    codes = pack[:4]
    data = build(variant, [f"{seat}: {code}" for seat, code in zip("NESW", codes, strict=True)])
    result = Scenario.from_json(data).replay()
    assume(result.illegal is None)  # Toqu duty and the Danish restrictions may refuse a play
    rules = Rules.preset(variant)
    assert result.records[0].winner == "NESW"[model_winner(codes, rules)]


# -- completed tricks and legal plays in random hands ------------------------------------------


def positions(seed: int, variant: str, players: int) -> list[HandState]:
    return playout(deal_hand(variant, seed, players), seed)


GAMES = st.tuples(st.integers(0, 10_000), st.sampled_from(
    [("english", 4), ("danish-club", 4), ("ru-literal", 4), ("english", 3), ("english", 2)]))


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_winner_beats_every_earlier_head(game: tuple[int, tuple[str, int]]) -> None:
    seed, (variant, players) = game
    final = positions(seed, variant, players)[-1]
    for record in final.records:
        steps = record.trick.steps
        takers = [step for step in steps if step.took_over]
        assert takers[0] is steps[0]  # the lead heads first
        assert record.winner == takers[-1].seat
        for before, after in pairwise(takers):
            heading = sorted(str(card) for card in before.play.cards)
            assert sorted(str(p.target.card) for p in after.pairings) == heading
            assert all(p.beats for p in after.pairings)
            assert len({str(p.target.card) for p in after.pairings}) == len(after.pairings)
        winning = takers[-1]
        for later in steps[winning.position + 1:]:
            assert not later.took_over
            assert not all(p.beats for p in later.pairings) or not later.pairings


def well_formed(state: HandState) -> list[Play]:
    seat = state.to_move
    assert seat is not None
    hand = state.hand_of(seat)
    size = state.trick.size
    sizes = [size] if size else range(1, min(4, len(hand)) + 1)
    return [Play(seat, cards) for n in sizes for cards in combinations(hand, n)]


@settings(max_examples=60, deadline=None)
@given(GAMES, st.integers(0, 10_000))
def test_legal_plays_agree_with_play(game: tuple[int, tuple[str, int]], pick: int) -> None:
    seed, (variant, players) = game
    states = [s for s in positions(seed, variant, players) if s.to_move is not None]
    rng = random.Random(pick)
    for current in rng.sample(states, min(6, len(states))):
        offered = {frozenset(legal.play.cards): legal for legal in current.legal_plays()}
        assert offered, "the seat to move must have a legal play"
        for legal in offered.values():
            after = current.play(legal.play)  # never raises
            trick = after.records[-1].trick if len(after.records) > len(current.records) \
                else after.trick
            assert legal.heads == (trick.head_step == len(current.trick.steps))
        for play in well_formed(current):
            try:
                current.play(play)
            except IllegalPlay:
                assert frozenset(play.cards) not in offered, str(play)
            else:
                assert frozenset(play.cards) in offered, str(play)


def test_the_table_of_spellings_reads_as_rank_then_suit_would(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Card.parse answers the spellings it knows from a table; every token of one or two
    characters from the letters and symbols of the pack reads as the letter-by-letter reading
    does, or fails with the same error."""
    alphabet = "35678912JQKATCSHDcshdjqkat♣♠♥♦ x"
    tokens = [a + b for a in alphabet for b in alphabet] + list(alphabet)

    def read(token: str) -> str:
        try:
            return Card.parse(token).code
        except NotationError as error:
            return f"error: {error}"

    quick = [read(token) for token in tokens]
    monkeypatch.setattr(cards, "_BY_CODE", {})
    assert quick == [read(token) for token in tokens]
