"""Imports only go down the engine's layers (design.md §1), as ``make lint`` checks.

The checker, ``tools/check_layers.py``, is run as ``make lint`` runs it: on the real tree it
passes; on a planted tree each upward import is named by file and line, and it exits 1.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHECKER = REPO / "tools" / "check_layers.py"


def check(root: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(CHECKER), *([str(root)] if root else [])]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def plant(root: Path, files: dict[str, str]) -> Path:
    """A tree shaped like the engine's, with ``files`` (path → source) in it."""
    for folder in ("worms_tutor", "worms_tutor/values", "worms_tutor/mechanics",
                   "worms_tutor/formats", "worms_tutor/presentation", "widgets"):
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "__init__.py").write_text("", encoding="utf-8")
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_the_real_tree_has_no_upward_import() -> None:
    done = check()
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""


def test_an_upward_import_inside_a_function_is_named_by_its_line(tmp_path: Path) -> None:
    root = plant(tmp_path, {
        "worms_tutor/values/cards.py": "X = 1\n",
        "worms_tutor/mechanics/hand.py": (
            "from ..values.cards import X\n"
            "\n"
            "def shown():\n"
            "    from ..formats.explain import why\n"
            "    return why\n"
        ),
        "worms_tutor/formats/explain.py": "from ..mechanics.hand import shown\nwhy = 2\n",
    })
    done = check(root)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "worms_tutor/mechanics/hand.py:4: worms_tutor.mechanics.hand imports upward "
        "formats.explain",
    ]


def test_every_kind_of_import_counts(tmp_path: Path) -> None:
    root = plant(tmp_path, {
        "worms_tutor/values/rules.py": (
            "import importlib\n"
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from worms_tutor.mechanics import hand\n"
            "LATER = importlib.import_module('worms_tutor.formats.explain')\n"
            "from .. import widgets\n"
        ),
        "worms_tutor/mechanics/hand.py": "",
        "worms_tutor/formats/explain.py": "",
        "widgets/card.py": "from worms_tutor.values import rules\n",
    })
    lines = check(root).stdout.splitlines()
    assert [line.split(": ")[0] for line in lines] == [
        "worms_tutor/values/rules.py:4",
        "worms_tutor/values/rules.py:5",
        "worms_tutor/values/rules.py:6",
    ], "the widgets may import the engine, never the reverse"
    assert lines[2].endswith("imports upward widgets")


def test_a_value_may_reach_lazily_only_a_renderer_of_values(tmp_path: Path) -> None:
    card = (
        "def _repr_html_():\n"
        "    from ..presentation.card_html import card_html\n"
        "    return card_html()\n"
    )
    pure = plant(tmp_path / "pure", {
        "worms_tutor/values/cards.py": card,
        "worms_tutor/presentation/card_html.py": (
            "from ..values import cards\n"
            "def card_html():\n"
            "    return '<span>'\n"
        ),
    })
    assert check(pure).returncode == 0
    heavy = plant(tmp_path / "heavy", {
        "worms_tutor/values/cards.py": card,
        "worms_tutor/mechanics/hand.py": "",
        "worms_tutor/presentation/card_html.py": (
            "def card_html():\n"
            "    from ..mechanics import hand\n"
            "    return '<span>'\n"
        ),
    })
    assert check(heavy).stdout.splitlines() == [
        "worms_tutor/values/cards.py:2: worms_tutor.values.cards imports upward "
        "presentation.card_html",
    ], "a renderer that reaches the mechanics would bring the engine back into a card"
    top = plant(tmp_path / "top", {
        "worms_tutor/values/cards.py": "from ..presentation.card_html import card_html\n",
        "worms_tutor/presentation/card_html.py": "X = 1\n",
    })
    assert check(top).returncode == 1, "only inside a function, never at import time"


def test_legality_reads_a_position_and_never_the_hand_state_module() -> None:
    source = (REPO / "worms_tutor" / "mechanics" / "legality.py").read_text(encoding="utf-8")
    reached = {node.module for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.ImportFrom)}
    assert "hand" not in reached and "worms_tutor.mechanics.hand" not in reached, (
        "hand imports legality; legality importing hand, even for types, is a circle")
