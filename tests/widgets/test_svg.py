"""Cards drawn as SVG: well-formed, named, escaped, and carrying the special names."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from worms_tutor import PACK, Card, WormsError
from worms_tutor.presentation.display import card_html, cards_html, labelled_rows_html
from worms_tutor.presentation.svg import HIGHLIGHTS, back_svg, card_role, card_svg, cards_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("card", PACK, ids=str)
def test_every_card_is_well_formed_xml_with_its_name_as_title(card: Card) -> None:
    root = parse(card_svg(card))
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None
    assert root.find(f"{SVG}title").text == card.name  # type: ignore[union-attr]
    assert root.get("aria-label") == card.name
    assert root.get("viewBox") == "0 0 250 350"


@pytest.mark.parametrize("card", PACK, ids=str)
def test_every_card_shows_its_suit_letter_and_rank(card: Card) -> None:
    texts = [t.text for t in parse(card_svg(card)).iter(f"{SVG}text")]
    assert texts.count(card.suit.letter) == 2  # both corners
    assert card.rank.letter in texts


def test_suit_marks_are_paths_not_glyphs() -> None:
    for card in PACK:
        svg = card_svg(card)
        for glyph in "♣♠♥♦":
            assert glyph not in svg
    assert "<path" in card_svg(Card.parse("5H"))


@pytest.mark.parametrize("card", PACK, ids=str)
def test_every_card_stands_alone_and_draws_each_pip_by_reference(card: Card) -> None:
    root = parse(card_svg(card, four_colour=True))
    defined = {symbol.get("id") for symbol in root.iter(f"{SVG}symbol")}
    used = [use.get("href", "")[1:] for use in root.iter(f"{SVG}use")]
    assert set(used) <= defined, "every mark it shows is defined inside the card itself"
    assert len(defined) <= 2 and len(root.findall(f".//{SVG}defs")) == 1
    marks = {"3": 3, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}.get(card.rank.letter, 1)
    banner_suit = 1 if card == Card.parse("KS") else 0  # "kills that K♣"
    assert len(used) == 2 + marks + banner_suit, "two corners, the pips or face, the banner"
    for use in root.iter(f"{SVG}use"):  # a mark with no ink of its own is in the card's suit
        assert use.get("fill") or use.get("href") == f"#wt-suit-{card.suit.letter}"


def test_special_cards_carry_their_names() -> None:
    expected = {
        "JC": "Toqu",
        "KH": "Worms",
        "8S": "3rd matador",
        "3D": "wins if not led",
        "KC": "kills a led 7",
        "KS": "kills that K",
        "7C": "trump when led",
        "7D": "trump when led",
    }
    for code, text in expected.items():
        texts = [t.text for t in parse(card_svg(Card.parse(code))).iter(f"{SVG}text")]
        assert text in texts, code
    assert card_role(Card.parse("KS")) == "kills that K♣"
    assert card_role(Card.parse("9C")) is None


def test_roles_can_be_left_off() -> None:
    assert "Toqu</text>" not in card_svg(Card.parse("JC"), show_role=False)


def test_back_and_face_down_hide_the_card() -> None:
    for svg in (back_svg(), card_svg(Card.parse("KH"), face_down=True)):
        root = parse(svg)
        assert root.find(f"{SVG}title").text == "Face-down card"  # type: ignore[union-attr]
        assert "Worms" not in svg and "KH" not in svg


def test_four_colours_change_clubs_and_diamonds_only() -> None:
    for code, changes in (("9C", True), ("9D", True), ("9H", False), ("9S", False)):
        card = Card.parse(code)
        assert (card_svg(card) != card_svg(card, four_colour=True)) is changes


def test_width_scales_and_keeps_the_aspect() -> None:
    root = parse(card_svg(Card.parse("AS"), width=500))
    assert (root.get("width"), root.get("height")) == ("500", "700")


@pytest.mark.parametrize("style", list(HIGHLIGHTS))
def test_highlights_are_well_formed(style: str) -> None:
    svg = card_svg(Card.parse("QS"), highlight=style)
    parse(svg)
    assert f"wt-highlight-{style}" in svg


def test_unknown_highlight_and_non_cards_are_our_errors() -> None:
    with pytest.raises(WormsError, match="glow"):
        card_svg(Card.parse("QS"), highlight="glow")
    with pytest.raises(WormsError, match="KH"):
        card_svg("KH")  # type: ignore[arg-type]


def test_a_row_of_cards_is_one_svg_with_a_title_per_card() -> None:
    cards = [Card.parse(c) for c in ("JC", "KH", "3D")]
    root = parse(cards_svg(cards, width=60, highlights={cards[0]: "heads"}))
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert titles[0] == "Jack of clubs, Toqu; King of hearts, Worms; Three of diamonds"
    assert titles[1:] == [c.name for c in cards]
    assert "wt-highlight-heads" in cards_svg(cards, highlights={cards[0]: "heads"})
    parse(cards_svg([]))
    parse(cards_svg(cards, face_down=True))


def test_html_is_well_formed_and_classed() -> None:
    card = Card.parse("KH")
    html = card_html(card, highlight="selected")
    root = parse(html)
    assert root.get("class") == "wt-card wt-card--selected"
    assert root.get("data-card") == "KH"
    assert card._repr_html_() == card_html(card)
    row = parse(cards_html(PACK[:3], caption="Fish & <chips>"))
    assert row.get("class") == "wt-cards"
    assert "Fish &amp; &lt;chips&gt;" in cards_html(PACK[:3], caption="Fish & <chips>")
    assert "(no cards)" in cards_html([])


def test_labelled_rows_escape_labels_and_hide_closed_hands() -> None:
    html = labelled_rows_html(
        [("N <you>", parse_codes("KH 9C")), ("E", parse_codes("JC"))], hidden={"E"}
    )
    root = parse(html)
    assert "N &lt;you&gt;" in html
    assert "Worms" in html and "Toqu" not in html
    assert len(root.findall(".//*[@class='wt-row']")) == 2


def parse_codes(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def test_role_banners_are_readable_or_left_off() -> None:
    """A banner such as "kills a led 7" is drawn at 10 px or more, or not at all: on a small
    card it is left off (its title still names the card); the big nickname always stays."""
    for width in (40, 72, 84, 100, 120, 160):
        drawn = parse(card_svg(Card.parse("KC"), width=width))
        banners = [t for t in drawn.iter(f"{SVG}text") if t.text == "kills a led 7"]
        for banner in banners:
            assert float(banner.get("font-size", "0")) * width / 250 >= 10, width
        assert bool(banners) == (width >= 120), width
        toqu = [t.text for t in parse(card_svg(Card.parse("JC"), width=width)).iter(f"{SVG}text")]
        assert "Toqu" in toqu and ("top matador" in toqu) == (width >= 120), width
