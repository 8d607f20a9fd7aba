"""At most 5 % of the chapter puzzles can be passed by a blind guess with a chance of 1/3 or
more (issue 27 §1); the figures are those of ``benchmarks/guessable.py``."""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "guessable.py"


def _guessable() -> ModuleType:
    spec = importlib.util.spec_from_file_location("guessable", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_few_chapter_puzzles_fall_to_a_blind_guess() -> None:
    guessable = _guessable()
    guesses = guessable.chapter_guesses()
    easy = [f"{g.puzzle_id} ({g.kind}, {g.correct} of {g.options})"
            for g in guesses if g.guessable]
    assert guessable.guessable_share(guesses) <= Fraction(5, 100), (
        f"{len(easy)} of {len(guesses)} chapter puzzles fall to a blind guess: {easy}")


def test_a_yes_no_question_is_a_coin_flip_and_a_list_is_not() -> None:
    """The measure itself: yes/no offers two options, one right; ``allowed`` over four plays
    offers sixteen ways to tick, one right."""
    from worms_tutor.analysis.puzzle import load_puzzle_file
    from worms_tutor.widgets import series

    guessable = _guessable()
    legal = load_puzzle_file(series.PUZZLES / "worms-on-a-led-seven.json")
    assert legal.kind == "legal"
    guess = guessable.guess_chance(legal)
    assert (guess.options, guess.correct, guess.guessable) == (2, 1, True)
    allowed = series.load("00-as-many-cards")
    assert allowed.kind == "allowed" and len(allowed.plays) == 4
    assert guessable.guess_chance(allowed).chance == Fraction(1, 16)
