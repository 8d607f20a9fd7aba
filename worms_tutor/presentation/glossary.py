"""The words of the game a beginner meets: each with one plain sentence, the chapter that
teaches it, and the word forms that count as a use of it.

The series' glossary page lists them, ``tools/glossary.py`` marks their uses in the chapters'
prose so that a reader who points at one sees its definition, and the card table marks the
words on its seat labels the same way. Markup is an ``<abbr class="wt-term" title="...">``:
it survives JupyterLab's sanitizer as well as Voilà, and browsers show its title on hover.

A form counts as a use only as a whole word (not inside *trick-taking* or *right-hand*), and
not inside one of its term's ``not_in`` phrases, where the same letters are ordinary English
("the following", "follow suit", "on the other hand").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape

TERM_CLASS = "wt-term"


@dataclass(frozen=True)
class Term:
    """A word of the game: how the glossary names it, what it means, where it is taught."""

    name: str
    definition: str
    chapter: str
    """The number (``"02"``) of the chapter whose prose first defines the term."""
    forms: tuple[str, ...]
    """Lower-case words or phrases that count as a use of the term."""
    not_in: tuple[str, ...] = ()
    """Lower-case phrases in which a form is ordinary English, not the term."""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"\d\d", self.chapter):
            raise ValueError(f"term {self.name!r}: chapter is two digits, not {self.chapter!r}")
        if not self.forms or any(form != form.lower() or not form.strip()
                                 for form in self.forms):
            raise ValueError(f"term {self.name!r}: forms must be non-empty lower-case words")
        bad = set(self.definition) & set('"<>*_`')
        if bad or not self.definition.endswith("."):
            raise ValueError(f"term {self.name!r}: a definition is one plain sentence ending in "
                             f"a full stop, without {''.join(sorted(bad)) or 'markup'}")

    @property
    def anchor(self) -> str:
        """The term's id on the glossary page, e.g. ``term-double-trick``."""
        return "term-" + re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")


TERMS: tuple[Term, ...] = (
    Term("trick",
         "One round of play: the leader plays one card or several, each other player in turn "
         "plays as many, and the best card takes them all.",
         "00", ("trick", "tricks")),
    Term("lead",
         "To play the first card or cards of a trick: the player who does it is the leader, "
         "and the cards are led; the winner of a trick leads the next one.",
         "00", ("lead", "leads", "led", "leader", "leaders", "leading"),
         ("lead to", "leads to", "led to", "leading to")),
    Term("follow",
         "To play to a trick someone else led: as many cards as were led, any cards you like.",
         "02", ("follow", "follows", "followed", "follower", "followers", "following"),
         ("follow suit", "following suit", "suit to follow", "rank) to follow", "the following",
          "as follows", "what follows", "follows from", "can follow", "nothing to follow",
          "follows david", "follows the", "hands follow")),
    Term("heads",
         "The card that heads a trick is the one winning it so far: a later card takes the "
         "trick over only by beating it.",
         "01", ("heads", "heading", "headed")),
    Term("stock",
         "The face-down pile left after the deal: after each trick everyone draws from it, "
         "the winner first, back to four cards.",
         "00", ("stock",)),
    Term("hand",
         "The cards a player holds; also one deal played out, from the first lead to the last "
         "trick, nine tricks at most with four players.",
         "00", ("hand", "hands"),
         ("other hand", "hands him", "hands them", "hands it", "hand it", "hands the",
          "hand the", "hand over", "hands over", "by hand", "at hand")),
    Term("dealer",
         "The player who shuffles and deals four cards each; the player at the dealer's left "
         "leads first, and the deal passes clockwise after each hand.",
         "02", ("dealer", "dealers")),
    Term("match",
         "A game of several hands, won by the first side to reach nine points.",
         "00", ("match", "matches"), ("match the", "matches the", "match each")),
    Term("matador",
         "One of the three top cards: Toqu (J♣), Worms (K♥) and the 8♠.",
         "00", ("matador", "matadors")),
    Term("double trick",
         "A trick in which everyone played two cards: it counts as two tricks (three cards "
         "each make a triple trick, four a quadruple trick).",
         "03", ("double trick", "double tricks", "triple trick", "triple tricks",
                "quadruple trick", "quadruple tricks")),
    Term("capture",
         "Toqu laid on an opponent's Worms that heads the trick: if Toqu still heads it at the "
         "end, Toqu's side scores 2 points.",
         "06", ("capture", "captures", "captured", "capturing")),
    Term("Worms brought home",
         "Worms wins a trick for its own side: unless it was the trick's last card, Toqu fell "
         "in an earlier trick, or one player held both, its side scores 1 point.",
         "07", ("brought home",)),
    Term("aavunga",
         "Greenlandic for 'I am melted': in the club's rules, what a player holding both Toqu and "
         "Worms must say when playing either.",
         "07", ("aavunga",)),
    Term("lus",
         "The club's word for a point of the match score (literally 'lice').",
         "00", ("lus",)),
    Term("5-5",
         "In the club's rules, winning the first five tricks of a hand in a row: worth 2 lus "
         "instead of 1.",
         "00", ("5-5",)),
    Term("sweep",
         "Taking every trick of a hand: it scores no points for the tricks, in both rulebooks.",
         "08", ("sweep", "sweeps", "swept")),
    Term("kam",
         "In the club's rules, a match won 9:0, 'giving the opponents a kam' (literally a comb): "
         "it counts as two matches won.",
         "08", ("kam",)),
)
"""Every term, in the order the course teaches them."""

DANISH_TERMS: tuple[Term, ...] = (
    Term("stik",
         "En runde: den, der spiller ud, lægger ét kort eller flere, hver af de andre lægger "
         "på skift lige så mange, og det bedste kort tager dem alle.",
         "00", ("stik", "stikket", "stikkene")),
    Term("udspil",
         "At lægge det første kort eller de første kort i et stik: den, der gør det, spiller "
         "ud, og vinderen af et stik spiller ud til det næste.",
         "00", ("udspil", "udspillet", "udspillede", "udspillene", "spille ud", "spiller ud",
                "spillede ud", "spillet ud")),
    Term("tilspil",
         "At lægge kort til et stik, som en anden spillede ud: lige så mange kort, som blev "
         "spillet ud, hvilke kort man vil.",
         "02", ("tilspil", "lægge til", "lægger til", "lagde til", "lagt til")),
    Term("fører stikket",
         "Det kort, der fører stikket, er det, der vinder det indtil videre: et senere kort "
         "tager kun stikket over ved at slå det.",
         "01", ("fører stikket", "førte stikket", "fører det", "fører"),
         ("fører til", "førte til", "fører os", "fører dig")),
    Term("bunken",
         "De kort, der ligger tilbage med bagsiden op efter kortgivningen: efter hvert stik "
         "trækker alle fra den, vinderen først, op til fire kort.",
         "00", ("bunken", "bunke")),
    Term("hånd",
         "De kort, en spiller har; de fire kort, der holdes, fyldes op fra bunken efter hvert "
         "stik.",
         "00", ("hånd", "hånden", "hænder", "hænderne")),
    Term("spil",
         "Ét spil er én kortgivning spillet til ende, fra første udspil til sidste stik, "
         "højst ni stik med fire spillere.",
         "00", ("hvert spil", "næste spil", "et nyt spil", "spillet slutter")),
    Term("kortgiver",
         "Den, der blander og giver fire kort til hver; spilleren til venstre for kortgiveren "
         "spiller først ud, og kortgivningen går med uret efter hvert spil.",
         "02", ("kortgiver", "kortgiveren", "kortgivers", "kortgiverens")),
    Term("kam",
         "En kam er et helt forløb af spil, vundet af det første hold, der når ni point; at "
         "give modspillerne en kam er at vinde 9:0, hvilket i klubbens regler tæller dobbelt.",
         "00", ("kam", "kammen", "kamme")),
    Term("matador",
         "Et af de tre højeste kort: Toqu (J♣), Worms (K♥) og spar otte (8♠).",
         "00", ("matador", "matadoren", "matadorer", "matadorerne")),
    Term("dobbeltstik",
         "Et stik, hvor alle lagde to kort: det tæller som to stik (tre kort hver giver et "
         "tredobbelt stik, fire et firdobbelt).",
         "03", ("dobbeltstik", "dobbeltstikket", "tredobbelt stik", "firdobbelt stik")),
    Term("fangst",
         "Toqu lagt på modspillernes Worms, der fører stikket: fører Toqu stadig stikket til "
         "sidst, får Toqus hold 2 point.",
         "06", ("fangst", "fangsten", "fange", "fanger", "fangede", "fanget")),
    Term("få Worms hjem",
         "Worms vinder et stik for sit eget hold: medmindre det var stikkets sidste kort, Toqu "
         "faldt i et tidligere stik, eller én spiller havde begge, får holdet 1 point.",
         "07", ("få worms hjem", "får worms hjem", "fik worms hjem", "fået worms hjem",
                "bringe worms hjem", "kommer hjem")),
    Term("aavunga",
         "Grønlandsk for 'jeg er smeltet': i klubbens regler det, en spiller med både Toqu og "
         "Worms skal sige, når han spiller en af dem.",
         "07", ("aavunga",)),
    Term("lus",
         "Klubbens ord for et point i kammens stilling.",
         "00", ("lus",)),
    Term("5-5",
         "I klubbens regler at vinde de første fem stik i et spil i træk: det giver 2 lus "
         "i stedet for 1.",
         "00", ("5-5",)),
    Term("alle stik",
         "At tage hvert eneste stik i et spil: det giver ingen point for stikkene, i begge "
         "regelbøger.",
         "08", ("alle stik", "alle ni stik")),
)
"""The same words as the Danish pages use them, with their own word forms."""

TERMS_IN: dict[str, tuple[Term, ...]] = {"en": TERMS, "da": DANISH_TERMS}
"""The terms of each language the series is written in."""


DANISH_NAMES: dict[str, str] = {
    "trick": "stik", "lead": "udspil", "follow": "tilspil", "heads": "fører stikket",
    "stock": "bunken", "hand": "hånd", "dealer": "kortgiver", "match": "kam",
    "matador": "matador", "double trick": "dobbeltstik", "capture": "fangst",
    "worms brought home": "få Worms hjem", "aavunga": "aavunga", "lus": "lus", "5-5": "5-5",
    "sweep": "alle stik", "kam": "kam",
}
"""Each English term's Danish term (the code names terms in English)."""


def term(name: str, lang: str = "en") -> Term:
    """The term called ``name`` (as the English glossary names it, any case), in ``lang``'s
    glossary."""
    wanted = DANISH_NAMES.get(name.lower(), name) if lang == "da" else name
    for known in TERMS_IN.get(lang, TERMS):
        if known.name.lower() == wanted.lower():
            return known
    raise KeyError(f"no glossary term {name!r}; known: {', '.join(t.name for t in TERMS)}")


def abbr(item: Term | str, text: str | None = None, *, focusable: bool = False,
         lang: str = "en") -> str:
    """``text`` (the term's name by default) wrapped so that it shows the term's definition
    (in ``lang``) on hover; ``focusable`` also lets the keyboard reach it (not kept in
    markdown, whose sanitizer drops ``tabindex``)."""
    known = item if isinstance(item, Term) else term(item, lang)
    shown = escape(known.name if text is None else text, quote=False)
    tab = ' tabindex="0"' if focusable else ""
    return (f'<abbr class="{TERM_CLASS}" title="{escape(known.definition, quote=False)}"{tab}>'
            f"{shown}</abbr>")


# -- finding uses ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Use:
    """One use of a term in a text: where it is and the words as written."""

    term: Term
    start: int
    end: int
    text: str


def _phrase(words: str) -> str:
    """A phrase as a pattern: its words apart by any white space (a line break too)."""
    return r"\s+".join(re.escape(word) for word in words.split())


def _whole(pattern: str) -> str:
    return rf"(?<![\w-])(?:{pattern})(?![\w-])"


@cache
def _forms_pattern(terms: tuple[Term, ...]) -> tuple[re.Pattern[str], dict[str, Term]]:
    owners = {form: item for item in terms for form in item.forms}
    longest_first = sorted(owners, key=len, reverse=True)
    pattern = _whole("|".join(_phrase(form) for form in longest_first))
    return re.compile(pattern, re.IGNORECASE), owners


@cache
def _exception_pattern(item: Term) -> re.Pattern[str] | None:
    if not item.not_in:
        return None
    return re.compile(_whole("|".join(_phrase(p) for p in item.not_in)), re.IGNORECASE)


def uses(text: str, allowed: list[tuple[int, int]] | None = None,
         terms: tuple[Term, ...] = TERMS) -> tuple[Use, ...]:
    """Every use of one of ``terms`` in plain ``text``, in order; with ``allowed``, only those
    lying wholly inside one of those spans (start, end)."""
    pattern, owners = _forms_pattern(terms)
    found = []
    for match in pattern.finditer(text):
        item = owners[" ".join(match.group(0).lower().split())]
        start, end = match.span()
        if allowed is not None and not any(a <= start and end <= b for a, b in allowed):
            continue
        exceptions = _exception_pattern(item)
        if exceptions and any(e.start() <= start and end <= e.end()
                              for e in exceptions.finditer(text)):
            continue
        found.append(Use(item, start, end, match.group(0)))
    return tuple(found)


# -- markdown --------------------------------------------------------------------------------

_MARKUP = re.compile(rf'<abbr class="{TERM_CLASS}" title="[^"]*">(.*?)</abbr>', re.DOTALL)
_NOT_PROSE = re.compile(
    r"^```(?s:.*?)^```[^\n]*$"  # a fenced code block
    r"|^[ \t]*#{1,6}[ \t][^\n]*$"  # a heading
    r"|<!--(?s:.*?)-->"  # a comment
    r"|`[^`\n]*`"  # inline code
    r"|!?\[[^\]\n]*\]\([^)\n]*\)"  # a link or an image, its text included
    r"|<(?P<tag>a|abbr|code)\b(?s:.*?)</(?P=tag)>"  # an HTML link, abbreviation, code
    r"|<[^>\n]*>"  # any other HTML tag
    r"|https?://\S+",  # a bare address
    re.MULTILINE,
)


def without_markup(markdown: str) -> str:
    """Markdown with every term's hover markup taken out (the words stay)."""
    return _MARKUP.sub(lambda match: match.group(1), markdown)


def prose_spans(markdown: str) -> list[tuple[int, int]]:
    """The spans (start, end) of a markdown text that are prose: not code, a heading, a link,
    an HTML tag or a comment."""
    spans, at = [], 0
    for match in _NOT_PROSE.finditer(markdown):
        if match.start() > at:
            spans.append((at, match.start()))
        at = match.end()
    if at < len(markdown):
        spans.append((at, len(markdown)))
    return spans


def markdown_uses(markdown: str, terms: tuple[Term, ...] = TERMS) -> tuple[Use, ...]:
    """The uses of terms in the prose of a markdown text (its markup taken out first)."""
    text = without_markup(markdown)
    return uses(text, prose_spans(text), terms)


def with_markup(markdown: str, terms: tuple[Term, ...] = TERMS) -> str:
    """Markdown whose first use of each of ``terms`` carries its definition on hover; any
    older markup is replaced, so running it again changes nothing."""
    text = without_markup(markdown)
    first: dict[str, Use] = {}
    for use in uses(text, prose_spans(text), terms):
        first.setdefault(use.term.name, use)
    out, at = [], 0
    for use in sorted(first.values(), key=lambda u: u.start):
        out += [text[at:use.start], abbr(use.term, use.text)]
        at = use.end
    return "".join(out) + text[at:]
