"""Cards drawn as self-contained SVG, for notebooks, widgets, handouts and the projector.

Like ``chess.svg``: plain strings, standard library only. A card is drawn in a 250 × 350
``viewBox`` so it scales crisply from a thumbnail to a projector; suit marks are paths, not
font glyphs; the suit letter (C S H D) stands beside every suit mark for colour-blind players;
the special cards carry their names (Toqu, Worms, 3rd matador, ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from html import escape

from ..values.cards import (
    EIGHT_OF_SPADES,
    KING_OF_CLUBS,
    KING_OF_SPADES,
    PACK,
    THREE_OF_DIAMONDS,
    Card,
    Rank,
    Suit,
)
from ..values.errors import WormsError
from ..values.language import ENGLISH, N_, Message

VIEW_WIDTH = 250
VIEW_HEIGHT = 350
ASPECT = VIEW_HEIGHT / VIEW_WIDTH
DEFAULT_WIDTH = 120

FONT = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"
"""Local fonts only, ending in a generic family: no web fonts, nothing fetched."""

# Every text on a card is bold and centred: said once, on a group around the drawing.
_TEXT_SETTINGS = f'<g font-family="{FONT}" font-weight="bold" text-anchor="middle">'

TWO_COLOURS: dict[Suit, str] = {
    Suit.CLUBS: "#1a1a1a",
    Suit.SPADES: "#1a1a1a",
    Suit.HEARTS: "#c4161c",
    Suit.DIAMONDS: "#c4161c",
}
FOUR_COLOURS: dict[Suit, str] = {
    Suit.CLUBS: "#0b7a34",
    Suit.SPADES: "#1a1a1a",
    Suit.HEARTS: "#c4161c",
    Suit.DIAMONDS: "#1454c0",
}

HIGHLIGHTS: dict[str, tuple[str, str]] = {
    "selected": ("#1565c0", ""),
    "heads": ("#e6a100", ""),
    "legal": ("#2e7d32", "18 8"),
    "illegal": ("#c62828", "6 6"),
    "hint": ("#7b1fa2", "2 8"),
    "dim": ("#9e9e9e", ""),
}
"""Highlight style → outline colour and dash pattern; each differs by more than colour."""
HEADS_TITLE = N_("heads the trick: the card winning it so far")
"""Added to the title of a card outlined as heading its trick."""

# Suit marks in a 100 × 100 box, drawn as paths so every browser and printer shows the same.
_SUIT_SHAPES: dict[Suit, str] = {
    Suit.HEARTS: (
        '<path d="M50 95C35 80 5 60 5 32C5 15 17 5 30 5C40 5 47 11 50 20'
        'C53 11 60 5 70 5C83 5 95 15 95 32C95 60 65 80 50 95Z"/>'
    ),
    Suit.SPADES: (
        '<path d="M50 4C65 22 95 40 95 62C95 77 84 86 71 86C63 86 56 82 53 76'
        "C54 86 58 93 66 97L34 97C42 93 46 86 47 76C44 82 37 86 29 86"
        'C16 86 5 77 5 62C5 40 35 22 50 4Z"/>'
    ),
    Suit.DIAMONDS: '<path d="M50 3L88 50L50 97L12 50Z"/>',
    Suit.CLUBS: (
        '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="59" r="21"/>'
        '<circle cx="74" cy="59" r="21"/><circle cx="50" cy="50" r="12"/>'
        '<path d="M46 56C46 78 42 90 32 97L68 97C58 90 54 78 54 56Z"/>'
    ),
}

# Pip positions as (column, row), column 0/0.5/1 and row 0..1 of the pip area.
# fmt: off
_PIPS: dict[Rank, tuple[tuple[float, float], ...]] = {
    Rank.THREE: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    Rank.FIVE: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    Rank.SIX: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    Rank.SEVEN: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    Rank.EIGHT: (
        (0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1),
    ),
    Rank.NINE: (
        (0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5),
        (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1),
    ),
}
# fmt: on

_SEVEN_ROLE = (N_("trump when led"), None)
_ROLES: dict[Card, tuple[str, Suit | None]] = {
    EIGHT_OF_SPADES: (N_("3rd matador"), None),
    THREE_OF_DIAMONDS: (N_("wins if not led"), None),
    KING_OF_CLUBS: (N_("kills a led 7"), None),
    KING_OF_SPADES: (N_("kills that K"), Suit.CLUBS),
    **{card: _SEVEN_ROLE for card in PACK if card.is_seven},
}
"""The short banner on a special card: its text and a suit mark drawn after it."""

_MATADOR_NOTE = N_("top matador")

MIN_TEXT_PX = 10
"""The smallest label worth drawing, in screen pixels: a role banner that would come out
smaller is left off (the card's title still names it)."""
_LABEL_FONT = 22
"""Font size of role banners and the matador note, in the card's 250-wide drawing units."""


def labels_readable(width: float) -> bool:
    """Whether a card drawn ``width`` pixels wide can carry its role banner at a readable size."""
    return _LABEL_FONT * width / VIEW_WIDTH >= MIN_TEXT_PX


def suit_colour(suit: Suit, *, four_colour: bool = False) -> str:
    """The ink of a suit: red and black, or four colours (clubs green, diamonds blue)."""
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def card_role(card: Card, lang: str = ENGLISH) -> str | None:
    """The banner text of a special card (``"3rd matador"``), its nickname, or ``None``."""
    if card.nickname:
        return card.nickname
    role = _ROLES.get(card)
    if role is None:
        return None
    text, suit = role
    text = Message(text).text(lang)
    return f"{text}{suit.symbol}" if suit else text


def _said(template: str, lang: str) -> str:
    """A template marked with ``N_`` in a table, worded in ``lang``."""
    return Message(template).text(lang)


@lru_cache(maxsize=1024)
def card_svg(
    card: Card,
    *,
    width: float = DEFAULT_WIDTH,
    face_down: bool = False,
    four_colour: bool = False,
    highlight: str | None = None,
    show_role: bool = True,
    lang: str = ENGLISH,
) -> str:
    """One card as a standalone ``<svg>`` element, ``width`` pixels wide, height to match;
    its title and banners in ``lang``. Kept once drawn: a page draws the same cards often."""
    _check_card(card)
    _check_highlight(highlight)
    title = Message("Face-down card").text(lang) if face_down else card.name_in(lang)
    if highlight == "heads" and not face_down:  # said and shown on hover, not only outlined
        title += f", {_said(HEADS_TITLE, lang)}"
    body = _card_body(card, face_down, four_colour, highlight, show_role, labels_readable(width),
                      lang)
    return _svg_element(
        title, width, width * ASPECT, VIEW_WIDTH, VIEW_HEIGHT, body, card, face_down
    )


def back_svg(*, width: float = DEFAULT_WIDTH, lang: str = ENGLISH) -> str:
    """The back of a card, for hidden hands and the stock."""
    return _svg_element(
        Message("Face-down card").text(lang), width, width * ASPECT, VIEW_WIDTH, VIEW_HEIGHT,
        _back(), None, True,
    )


def cards_svg(
    cards: Iterable[Card],
    *,
    width: float = DEFAULT_WIDTH,
    gap: float = 12,
    face_down: bool = False,
    four_colour: bool = False,
    highlights: Mapping[Card, str] | None = None,
    show_role: bool = True,
    lang: str = ENGLISH,
) -> str:
    """Several cards in a row as one ``<svg>``; ``highlights`` maps cards to style names."""
    row = list(cards)
    highlights = dict(highlights or {})
    for card in row:
        _check_card(card)
    for style in highlights.values():
        _check_highlight(style)
    step = VIEW_WIDTH + gap * VIEW_WIDTH / width
    view_width = VIEW_WIDTH if not row else step * (len(row) - 1) + VIEW_WIDTH
    parts = []
    for index, card in enumerate(row):
        name = Message("Face-down card").text(lang) if face_down else card.name_in(lang)
        body = _card_body(card, face_down, four_colour, highlights.get(card), show_role,
                          labels_readable(width), lang)
        parts.append(
            f'<svg x="{_n(index * step)}" y="0" width="{VIEW_WIDTH}" height="{VIEW_HEIGHT}" '
            f'viewBox="0 0 {VIEW_WIDTH} {VIEW_HEIGHT}"><title>{escape(name)}</title>{body}</svg>'
        )
    if face_down:
        title = Message("{count} face-down cards", count=len(row)).text(lang)
    else:
        title = ("; ".join(card.name_in(lang) for card in row) if row
                 else Message("No cards").text(lang))
    scale = width / VIEW_WIDTH
    return _svg_element(
        title, view_width * scale, VIEW_HEIGHT * scale, view_width, VIEW_HEIGHT, "".join(parts)
    )


# -- drawing ------------------------------------------------------------------------------


def _svg_element(
    title: str,
    width: float,
    height: float,
    view_width: float,
    view_height: float,
    body: str,
    card: Card | None = None,
    face_down: bool = False,
) -> str:
    data = ""
    if card is not None and not face_down:
        data = f' data-card="{card.code}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="wt-card-svg" role="img"'
        f' aria-label="{escape(title)}"{data}'
        f' width="{_n(width)}" height="{_n(height)}"'
        f' viewBox="0 0 {_n(view_width)} {_n(view_height)}">'
        f"<title>{escape(title)}</title>{_symbols(body)}{_with_text_settings(body)}</svg>"
    )


def _with_text_settings(body: str) -> str:
    return f"{_TEXT_SETTINGS}{body}</g>" if "<text" in body else body


def _card_body(
    card: Card,
    face_down: bool,
    four_colour: bool,
    highlight: str | None,
    show_role: bool,
    small_labels: bool = True,
    lang: str = ENGLISH,
) -> str:
    """``small_labels``: whether the role banner and the matador note are drawn (a nickname,
    large on its card, is drawn whenever ``show_role`` is)."""
    if face_down:
        return _back() + _highlight(highlight)
    ink = suit_colour(card.suit, four_colour=four_colour)
    parts = [
        f'<rect x="2" y="2" width="{VIEW_WIDTH - 4}" height="{VIEW_HEIGHT - 4}" rx="16" '
        'fill="#ffffff" stroke="#6b6b6b" stroke-width="3"/>',
        _corner(card, ink),
        f'<g transform="rotate(180 {_n(VIEW_WIDTH / 2)} {_n(VIEW_HEIGHT / 2)})">'
        f"{_corner(card, ink)}</g>",
    ]
    role = _ROLES.get(card) if show_role and small_labels else None
    if card.nickname and show_role:
        parts.append(_court(card, ink, big_name=card.nickname, note=small_labels, lang=lang))
    elif card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        parts.append(_court(card, ink, big_name=None))
        if role:
            parts.append(_banner(_said(role[0], lang), role[1], ink, four_colour, y=262))
    elif card.rank is Rank.ACE:
        parts.append(_mark(card.suit, VIEW_WIDTH / 2, VIEW_HEIGHT / 2, 120, ink))
    else:
        bottom = 232 if role else 290
        parts.append(_pips(card, ink, top=62, bottom=bottom))
        if role:
            parts.append(_banner(_said(role[0], lang), role[1], ink, four_colour, y=268))
    parts.append(_highlight(highlight))
    return "".join(parts)


def _corner(card: Card, ink: str) -> str:
    """The index in the top-left corner: rank, suit mark, suit letter."""
    return (
        f'<g fill="{ink}">'
        f'<text x="28" y="54" font-size="50">{escape(card.rank.letter)}</text>'
        f"{_mark(card.suit, 28, 80, 34, None)}"
        f'<text x="28" y="122" font-size="24">{escape(card.suit.letter)}</text></g>'
    )


def _mark(
    suit: Suit, cx: float, cy: float, size: float, ink: str | None, flip: bool = False
) -> str:
    """A suit mark of ``size`` pixels centred on (cx, cy), upside down when ``flip``; with no
    ``ink`` it takes the fill of the group it is in."""
    fill = f' fill="{ink}"' if ink else ""
    turn = f' transform="rotate(180 {_n(cx)} {_n(cy)})"' if flip else ""
    return (
        f'<use href="#{_symbol_id(suit)}" x="{_n(cx - size / 2)}" y="{_n(cy - size / 2)}" '
        f'width="{_n(size)}" height="{_n(size)}"{fill}{turn}/>'
    )


def _symbol_id(suit: Suit) -> str:
    return f"wt-suit-{suit.letter}"


def _symbols(body: str) -> str:
    """The suit marks ``body`` uses, defined once per ``<svg>`` so each one stands alone.

    Every card SVG defines the same ids with the same shapes, so on a page holding many
    cards any one definition serves them all, and a card shown alone still has its own.
    """
    used = [
        f'<symbol id="{_symbol_id(suit)}" viewBox="0 0 100 100">{_SUIT_SHAPES[suit]}</symbol>'
        for suit in Suit
        if f'href="#{_symbol_id(suit)}"' in body
    ]
    return f"<defs>{''.join(used)}</defs>" if used else ""


def _pips(card: Card, ink: str, top: float, bottom: float) -> str:
    left, right = 84.0, VIEW_WIDTH - 84.0
    size = {Rank.THREE: 46, Rank.FIVE: 44, Rank.NINE: 36}.get(card.rank, 40)
    marks = []
    for column, row in _PIPS[card.rank]:
        x = left + (right - left) * column
        y = top + (bottom - top) * row
        marks.append(_mark(card.suit, x, y, size, None, flip=row > 0.5))
    return f'<g fill="{ink}">{"".join(marks)}</g>'


def _court(card: Card, ink: str, big_name: str | None, note: bool = True,
           lang: str = ENGLISH) -> str:
    """The face of a J, Q or K: a framed panel with the rank and suit, or a nickname (with
    the matador note under it when ``note``)."""
    frame = (
        f'<rect x="56" y="40" width="{VIEW_WIDTH - 112}" height="{VIEW_HEIGHT - 80}" rx="8" '
        f'fill="{ink}" fill-opacity="0.06" stroke="{ink}" stroke-width="3"/>'
    )
    if big_name:
        return (
            frame
            + _mark(card.suit, VIEW_WIDTH / 2, 120, 92, ink)
            + f'<rect x="48" y="186" width="{VIEW_WIDTH - 96}" height="92" rx="10" '
            f'fill="{ink}"/>'
            '<g fill="#ffffff">'
            f'<text x="{VIEW_WIDTH / 2}" y="238" font-size="44">{escape(big_name)}</text>'
            + (f'<text x="{VIEW_WIDTH / 2}" y="268" font-size="{_LABEL_FONT}">'
               f"{escape(_said(_MATADOR_NOTE, lang))}</text>" if note else "")
            + "</g>"
        )
    return (
        frame + f'<text x="{VIEW_WIDTH / 2}" y="150" fill="{ink}" font-size="96">'
        f"{escape(card.rank.letter)}</text>" + _mark(card.suit, VIEW_WIDTH / 2, 206, 76, ink)
    )


def _banner(text: str, suit: Suit | None, ink: str, four_colour: bool, y: float) -> str:
    """A white label with a border across the lower middle of the card."""
    width = VIEW_WIDTH - 100
    mark_size = 20
    text_x = VIEW_WIDTH / 2 - (mark_size / 2 if suit else 0)
    out = (
        f'<rect x="50" y="{_n(y)}" width="{width}" height="40" rx="8" fill="#ffffff" '
        f'stroke="{ink}" stroke-width="3"/>'
        f'<text x="{_n(text_x)}" y="{_n(y + 27)}" fill="{ink}" font-size="{_LABEL_FONT}" '
        f'textLength="{width - 16 - (mark_size if suit else 0)}" lengthAdjust="spacingAndGlyphs">'
        f"{escape(text)}</text>"
    )
    if suit:
        suit_ink = suit_colour(suit, four_colour=four_colour)
        out += _mark(suit, 50 + width - 8 - mark_size / 2, y + 20, mark_size, suit_ink)
    return out


def _back() -> str:
    """A dark blue back with a diamond lattice, clipped to the panel inside the border."""
    lines = []
    # Every 22nd diagonal from x = 2 at the top, less those that miss the panel (x 20 to 230).
    for offset in range(-VIEW_HEIGHT + 44, VIEW_WIDTH - 20, 22):
        lines.append(f"M{offset} 20L{offset + 330} 350")
        lines.append(f"M{offset} 350L{offset + 330} 20")
    return (
        f'<rect x="2" y="2" width="{VIEW_WIDTH - 4}" height="{VIEW_HEIGHT - 4}" rx="16" '
        'fill="#1d3b72" stroke="#6b6b6b" stroke-width="3"/>'
        f'<svg x="20" y="20" width="{VIEW_WIDTH - 40}" height="{VIEW_HEIGHT - 40}" '
        f'viewBox="20 20 {VIEW_WIDTH - 40} {VIEW_HEIGHT - 40}">'
        f'<path d="{"".join(lines)}" stroke="#5b7fc4" stroke-width="3" fill="none"/></svg>'
        f'<rect x="20" y="20" width="{VIEW_WIDTH - 40}" height="{VIEW_HEIGHT - 40}" rx="8" '
        'fill="none" stroke="#ffffff" stroke-width="4"/>'
    )


def _highlight(style: str | None) -> str:
    if style is None:
        return ""
    colour, dash = HIGHLIGHTS[style]
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    overlay = ""
    if style == "dim":
        overlay = (
            f'<rect x="2" y="2" width="{VIEW_WIDTH - 4}" height="{VIEW_HEIGHT - 4}" rx="16" '
            'fill="#ffffff" fill-opacity="0.55"/>'
        )
    return (
        overlay
        + f'<rect x="6" y="6" width="{VIEW_WIDTH - 12}" height="{VIEW_HEIGHT - 12}" rx="14" '
        f'fill="none" stroke="{colour}" stroke-width="10"{dashes} class="wt-highlight-{style}"/>'
    )


def _check_card(card: object) -> None:
    if not isinstance(card, Card):
        raise WormsError(f"cannot draw {card!r}: not a Card (use Card.parse('KH'))")


def _check_highlight(style: str | None) -> None:
    if style is not None and style not in HIGHLIGHTS:
        known = ", ".join(HIGHLIGHTS)
        raise WormsError(f"unknown highlight {style!r}; the styles are {known}")


def _n(value: float) -> str:
    """A number as short SVG text: ``12`` rather than ``12.0``."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
