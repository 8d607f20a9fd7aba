"""Printables for a class: A4 PDFs drawn with matplotlib, every answer and ranking from the engine.

``write_all(folder, lang)`` writes the rank sheet, the score sheet, a one-page rules summary
per rulebook (from the summary page), one worksheet per chapter with its answer key on
separate pages, and how to make the pack from an ordinary deck, every word in ``lang`` (the
"widgets" catalog, the engine's Messages and the puzzles' texts; card symbols stay). Text is
real text (TrueType fonts embedded, ``pdf.fonttype`` 42), so it can be selected and searched.
Cards are drawn once, in ``_card``, with the screen's colours (``presentation.svg``).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from worms_tutor.analysis import hand_score, spot_illegal
from worms_tutor.analysis.puzzle import Puzzle, load_puzzle_file
from worms_tutor.presentation.display import card_text
from worms_tutor.presentation.svg import card_role, suit_colour
from worms_tutor.values.cards import PACK, Card
from worms_tutor.values.language import ENGLISH, Message, seat
from worms_tutor.values.ranking import normal_order
from worms_tutor.values.rules import PRESET_NAMES
from worms_tutor.values.seating import SEAT_NAMES, seat_name

from .ladder import RankLadder
from .language import say_in, speaking
from .puzzle_text import puzzle_text
from .rules_summary import RULEBOOK_COLUMNS, Section, summary

A4 = (8.27, 11.69)
"""A4 portrait in inches."""
_FONT = "DejaVu Sans"  # ships with matplotlib: the suit symbols print everywhere
_PUZZLES = Path(__file__).parent / "puzzles"
_PER_PAGE = 3
"""Puzzles on one worksheet page: room for the position and the blanks."""

def _page(title: str) -> tuple[Figure, Any]:
    """An empty A4 page with its title, and axes measured in centimetres-like units (0-100)."""
    figure = Figure(figsize=A4)
    ax = figure.add_axes((0.07, 0.05, 0.86, 0.88))
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 140)
    ax.axis("off")
    figure.text(0.5, 0.96, title, ha="center", va="center", fontsize=17, fontweight="bold",
                family=_FONT)
    return figure, ax

def _text(ax: Any, x: float, y: float, text: str, size: float = 10, **options: Any) -> None:
    ax.text(x, y, text, fontsize=size, family=_FONT, va="top", **options)

def _seat(code: str, lang: str) -> str:
    """A seat as a sentence on the sheet names it: North, in Danish Nord."""
    return seat_name(code) if lang == ENGLISH else seat(code).text(lang)


def _banner(banner: str | None, lang: str) -> str | None:
    """A special card's banner (``presentation.svg.card_role``) in ``lang``: the engine's
    message; the suit mark after it stays."""
    if lang == ENGLISH or not banner:
        return banner
    mark = banner[-1] if banner[-1] in "♣♠♥♦" else ""
    return Message(banner.removesuffix(mark)).text(lang) + mark


def _card(ax: Any, x: float, y: float, card: Card, width: float = 7.0,
          lang: str = ENGLISH) -> None:
    """One card as on screen: white face, rounded corners, rank and suit in the suit's ink,
    the suit letter for colour-blind readers, and the special card's role underneath."""
    height = width * 1.4
    ink = suit_colour(card.suit)
    ax.add_patch(FancyBboxPatch((x, y - height), width, height,
                                boxstyle="round,pad=0,rounding_size=0.8",
                                facecolor="#ffffff", edgecolor="#777777", linewidth=0.8))
    ax.text(x + width / 2, y - height * 0.42, f"{card.rank.letter}{card.suit.symbol}",
            fontsize=width * 1.7, fontweight="bold", family=_FONT, color=ink,
            ha="center", va="center")
    ax.text(x + width - 0.6, y - 0.7, card.suit.letter, fontsize=width * 0.8, family=_FONT,
            color=ink, ha="right", va="top")
    role = _banner(card_role(card), lang)
    if role:
        ax.text(x + width / 2, y - height * 0.8, role, fontsize=width * 0.55, family=_FONT,
                color=ink, ha="center", va="center")

def _save(path: Path, figures: Iterable[Figure]) -> Path:
    """Write the pages into one PDF with real, selectable text."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with matplotlib.rc_context({"pdf.fonttype": 42}), PdfPages(path) as pdf:
        for figure in figures:
            pdf.savefig(figure)
    return path

# -- the sheets ---------------------------------------------------------------------------

def rank_sheet(lang: str = ENGLISH) -> list[Figure]:
    """The ranking chart as a chapter shows it, then the 36 cards in the engine's order."""
    with speaking(lang):  # the chart words itself in the page's language
        chart = RankLadder.of().figure()
    figure, ax = _page(say_in(lang, "The 36 cards, strongest first (a normal trick)"))
    for index, card in enumerate(normal_order()):
        column, row = divmod(index, 12)
        x, y = 2 + column * 33, 136 - row * 11.3
        _text(ax, x, y - 3, f"{index + 1}.", 11)
        _card(ax, x + 5, y, card, width=6.5, lang=lang)
        _text(ax, x + 12.5, y - 3, card.name_in(lang), 7.5)
    return [chart, figure]

def score_sheet(lang: str = ENGLISH) -> list[Figure]:
    """For four matches: each side's comb of nine teeth, one filled in per point (lus), as the
    scoreboard draws it, and a tally of matches won."""
    figure, ax = _page(say_in(lang, "Score sheet"))
    _text(ax, 0, 136, say_in(lang, "A match is won by the first side to reach 9 points (lus). "
                             "Fill in one tooth of your side's comb\nfor every point. A match "
                             "won 9:0 (a kam, in the club's rules) counts as two matches won."),
          10)
    sides = (say_in(lang, "Our side"), say_in(lang, "Their side"))
    for match in range(4):
        top = 122 - match * 26
        _text(ax, 0, top, say_in(lang, "Match {number}", number=match + 1), 11,
              fontweight="bold")
        for side_index, side in enumerate(sides):
            y = top - 6 - side_index * 9
            _text(ax, 0, y, side, 9)
            ax.plot([18, 82], [y - 1.5, y - 1.5], color="#1a1a1a", linewidth=1.2)
            for tooth in range(9):
                x = 20 + tooth * 7.5
                ax.plot([x, x], [y - 1.5, y - 6.5], color="#1a1a1a", linewidth=1.2)
                _text(ax, x, y + 0.5, str(tooth + 1), 6, ha="center")
    _text(ax, 0, 16, say_in(lang, "Matches won (tally)"), 11, fontweight="bold")
    for side_index, side in enumerate(sides):
        y = 10 - side_index * 7
        _text(ax, 0, y, side, 9)
        ax.add_patch(FancyBboxPatch((18, y - 5), 78, 5.5, boxstyle="square,pad=0",
                                    facecolor="none", edgecolor="#777777"))
    return [figure]


def pack_sheet(lang: str = ENGLISH) -> list[Figure]:
    """How to make the 36-card pack from an ordinary 52-card deck."""
    figure, ax = _page(say_in(lang, "Making the pack from an ordinary deck"))
    removed = _removed_from_deck()
    lines = [
        say_in(lang, "Worms is played with {kept} cards. From an ordinary deck of 52, take out "
               "these {removed}", kept=len(PACK), removed=len(removed)),
        say_in(lang, "(and the jokers): every 2, 4 and 10, the K♦, and every 3 but the 3♦."),
    ]
    for index, line in enumerate(lines):
        _text(ax, 0, 134 - index * 5, line, 11)
    for index, name in enumerate(removed):
        column, row = index % 8, index // 8
        _text(ax, 2 + column * 12, 122 - row * 6, name, 12, fontweight="bold")
    _text(ax, 0, 110, say_in(lang, "The {count} cards you keep:", count=len(PACK)), 11,
          fontweight="bold")
    for index, card in enumerate(sorted(PACK, key=lambda c: (c.suit.value, c.rank.value))):
        column, row = index % 9, index // 9
        _card(ax, 2 + column * 10.5, 104 - row * 13, card, width=8.5, lang=lang)
    return [figure]

_DECK_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def _removed_from_deck() -> list[str]:
    """The cards of a 52-card deck that are not in the pack, as symbols (e.g. 10♥)."""
    kept = {(card.rank.letter, card.suit) for card in PACK}
    suits = sorted({card.suit for card in PACK}, key=lambda suit: suit.value)
    return [f"{rank}{suit.symbol}" for rank in _DECK_RANKS for suit in suits
            if (rank, suit) not in kept]


def rules_sheet(rulebook: str, lang: str = ENGLISH) -> list[Figure]:
    """The summary page as one rulebook reads it, on one A4 sheet: the shared rules and that
    rulebook's column (the page in ``lang``). The type shrinks until everything fits."""
    sections = summary(rulebook, lang=lang)
    name = Message(PRESET_NAMES[rulebook]).text(lang)
    for size in (10.0, 9.5, 9.0, 8.5, 8.0, 7.5):
        figure, ax = _page(say_in(lang, "Worms on one page: {rulebook}", rulebook=name))
        if _rules_text(ax, sections, size, lang) >= 0:
            return [figure]
    raise ValueError(f"the {rulebook} summary does not fit on one A4 sheet")


def _rules_text(ax: Any, sections: Iterable[Section], size: float,
                lang: str = ENGLISH) -> float:
    """Write the sections from the top; the height left at the bottom (negative: overflow)."""
    step = size * 0.26  # one line's height in the page's units (one unit is 5.3 points)
    width = int(860 / size)  # characters in a line of the sheet's width
    y = 138.0
    _text(ax, 0, y, say_in(lang, "Where the sources are silent, \"our choice\" marks what "
                             "worms-tutor decided."),
          size * 0.85, color="#444444", style="italic")
    y -= step * 1.6
    for section in sections:
        _text(ax, 0, y, section.title, size * 1.25, fontweight="bold")
        y -= step * 1.5
        for line in section.lines:
            wrapped = textwrap.wrap(line, width - 3)
            _text(ax, 0, y, "•", size)
            _text(ax, 2.5, y, "\n".join(wrapped), size)
            y -= step * len(wrapped) + step * 0.35
        y -= step * 0.6
    return y


def _position(puzzle: Puzzle, lang: str = ENGLISH) -> list[str]:
    """The position in words and card symbols: every hand shown, the cards on the trick."""
    state = puzzle.state
    lines = [say_in(lang, "You are {seat}.", seat=_seat(puzzle.seat, lang))]
    for holder, cards in state.hands:
        if holder == puzzle.seat or puzzle.open_hands:
            names = (" ".join(f"{c.rank.letter}{c.suit.symbol}" for c in cards)
                     or say_in(lang, "(none)"))
            lines.append(f"{_seat(holder, lang)}: {names}")
    for step in state.trick.steps:
        names = " ".join(f"{c.rank.letter}{c.suit.symbol}" for c in step.play.cards)
        lines.append(say_in(lang, "On the table, {seat} played {cards}",
                            seat=_seat(step.play.seat, lang), cards=names))
    return lines

_PLAYS_LISTED = ("spot_illegal", "hand_score")
"""Kinds whose sheet lists the plays made rather than drawing one hand."""


def _paper_lines(puzzle: Puzzle, lang: str = ENGLISH) -> list[str]:
    """What the sheet shows under a puzzle's question: its position, or for the kinds that
    are about plays already made, those plays (a replay's plays numbered, to choose from; a
    finished hand's tricks, to count)."""
    if puzzle.kind == "spot_illegal":
        start = puzzle.shown_replay.final
        hands = " · ".join(card_text(f"{seat} " + " ".join(str(card) for card in cards))
                           for seat, cards in start.hands)
        return [say_in(lang, "Hands: {hands}", hands=hands), "   ".join(
            f"{n}) {label}" for n, label in enumerate(spot_illegal.option_labels(puzzle, lang),
                                                     start=1))]
    if puzzle.kind == "hand_score":
        return [say_in(lang, "Trick {number}: {plays}", number=n, plays=card_text(
                    ", ".join(str(step.play) for step in record.trick.steps), lang))
                for n, record in enumerate(puzzle.replay.records, start=1)]
    return _position(puzzle, lang)[1:4]


def chapter_puzzles(chapter: int) -> tuple[Puzzle, ...]:
    """The chapter's puzzles in file order, as its page loads them."""
    return tuple(load_puzzle_file(path) for path in sorted(_PUZZLES.glob(f"{chapter:02d}-*.json")))

def worksheet(chapter: int, lang: str = ENGLISH) -> list[Figure]:
    """The chapter's puzzles with the learner's hand drawn and a blank to answer, then the
    answer key on pages of its own."""
    puzzles = chapter_puzzles(chapter)
    figures: list[Figure] = []
    for start in range(0, len(puzzles), _PER_PAGE):
        figure, ax = _page(say_in(lang, "Chapter {number}: worksheet", number=chapter))
        for offset, puzzle in enumerate(puzzles[start:start + _PER_PAGE]):
            top = 136 - offset * 46
            number = start + offset + 1
            _text(ax, 0, top, f"{number}. {puzzle_text(puzzle, 'title', lang)}", 11,
                  fontweight="bold")
            _text(ax, 0, top - 5, _wrap(puzzle_text(puzzle, "question", lang), 95), 9)
            drawn = () if puzzle.kind in _PLAYS_LISTED else puzzle.hand
            for index, card in enumerate(drawn[:12]):
                _card(ax, index * 8, top - 14, card, width=7, lang=lang)
            lines = "\n".join(_wrap(line, 110) for line in _paper_lines(puzzle, lang))
            _text(ax, 0, top - 26, lines, 7.5, color="#444444")
            options = "   ".join(puzzle.option_words(lang))
            answer = (say_in(lang, "Choose one: {options}", options=options) if options
                      else say_in(lang, "Your answer:"))
            _text(ax, 0, top - 38, answer, 9)
            ax.plot([30, 98], [top - 41.5, top - 41.5], color="#777777", linewidth=0.6)
        figures.append(figure)
    figure, ax = _page(say_in(lang, "Chapter {number}: answer key", number=chapter))
    for index, puzzle in enumerate(puzzles):
        _text(ax, 0, 134 - index * 7, f"{index + 1}. {puzzle_text(puzzle, 'title', lang)}: "
              f"{answer_key(puzzle, lang)}", 10)
    figures.append(figure)
    return figures

_PLACEMENTS = re.compile(r"(>\S+) (?=\S+>)")
"""Between two placements of one group (``AH>AD 9D>AS``): read with a comma between."""


def answer_key(puzzle: Puzzle, lang: str = ENGLISH) -> str:
    """The puzzle's right answers as a teacher reads them aloud: seats by name, cards in
    symbols ("South: J♦ A♣", "East: A♥ on A♦, 9♦ on A♠"); the plays of a "choose all"
    answer joined by semicolons ("North: K♥; K♥ K♣"), or "none of them" (in ``lang``)."""
    def read(answer: str) -> str:
        if answer in SEAT_NAMES:
            return _seat(answer, lang)
        if answer == "none":
            return say_in(lang, "none of them")
        plays = [_PLACEMENTS.sub(r"\1, ", play) for play in answer.split(" | ")]
        seats = {play.split(":")[0] for play in plays if ":" in play}
        if len(seats) == 1 and all(":" in play for play in plays):
            name = _seat(seats.pop(), lang)
            plays = [play.split(":", 1)[1].strip() for play in plays]
            return card_text(f"{name}: " + "; ".join(plays), lang)
        return card_text("; ".join(plays), lang)

    alternatives = f" {say_in(lang, 'or')} "
    if puzzle.kind == "hand_score":
        return hand_score.score_words(hand_score.scores(puzzle), lang)
    if puzzle.kind == "plan":  # each plan, its plays in order
        then = f", {say_in(lang, 'then')} "
        return alternatives.join(card_text(f"{_seat(puzzle.seat, lang)}: " + then.join(
            play.split(": ", 1)[1] for play in answer.split(", ")), lang)
            for answer in puzzle.correct_answers())
    return alternatives.join(read(answer) for answer in puzzle.correct_answers())


def _wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.wrap(text, width))

def chapters() -> tuple[int, ...]:
    """The chapters that have puzzles."""
    return tuple(sorted({int(path.name[:2]) for path in _PUZZLES.glob("[0-9][0-9]-*.json")}))

def write_all(folder: str | Path, lang: str = ENGLISH) -> tuple[Path, ...]:
    """Write every printable in ``lang`` into ``folder``; the paths written (the same file
    names in every language: ``make printables`` puts the Danish ones in printables/da/)."""
    target = Path(folder)
    written = [
        _save(target / "rank-sheet.pdf", rank_sheet(lang)),
        _save(target / "score-sheet.pdf", score_sheet(lang)),
        _save(target / "make-the-pack.pdf", pack_sheet(lang)),
        *(_save(target / f"rules-{rulebook}.pdf", rules_sheet(rulebook, lang))
          for rulebook in RULEBOOK_COLUMNS),
    ]
    for chapter in chapters():
        written.append(_save(target / f"worksheet-{chapter:02d}.pdf", worksheet(chapter, lang)))
    return tuple(written)
