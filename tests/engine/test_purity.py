"""The engine is pure Python on the standard library (design.md §1).

Every ``worms_tutor/*.py`` file imports only the standard library, ``worms_tutor`` itself or
relative modules, and importing the engine never loads Jupyter, widgets or plotting.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import worms_tutor

PACKAGE = Path(worms_tutor.__file__).parent
ENGINE_FILES = sorted(PACKAGE.rglob("*.py"))
FORBIDDEN = ("ipywidgets", "IPython", "matplotlib", "ipykernel", "traitlets", "voila",
             "jupyter_core", "numpy")


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) of every absolute import, including importlib string calls."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                found.append((node.lineno, node.module))
            elif node.level > 0 and (node.module or "").split(".")[0] == "widgets":
                found.append((node.lineno, "worms_tutor.widgets"))
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", "")) in
              ("import_module", "__import__")):
            found.append((node.lineno, node.args[0].value.lstrip(".") or "."))
    return found


def test_the_engine_has_modules_to_check() -> None:
    names = {path.name for path in ENGINE_FILES}
    assert {"cards.py", "rules.py", "trick.py", "scenario.py", "cli.py"} <= names


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_engine_module_imports_only_the_standard_library(path: Path) -> None:
    bad = []
    for line, module in imported_modules(path):
        top = module.split(".")[0]
        if module.startswith("worms_tutor.widgets"):
            bad.append(f"line {line}: {module} (the engine must not reach up to the widgets)")
        elif top == "worms_tutor" or top in sys.stdlib_module_names:
            continue
        else:
            bad.append(f"line {line}: {module}")
    assert not bad, f"{path.name} imports outside the standard library: {bad}"


def test_importing_the_engine_loads_no_jupyter_or_plotting() -> None:
    modules = sorted(".".join(path.relative_to(PACKAGE).with_suffix("").parts)
                     for path in ENGINE_FILES if path.stem not in ("__main__", "__init__"))
    imports = "; ".join(f"import worms_tutor.{name}" for name in modules)
    code = (
        "import sys; import worms_tutor; " + imports + "; "
        f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"importing the engine loaded {done.stdout.strip()}"


def test_the_referee_cli_loads_no_jupyter_or_plotting() -> None:
    code = (
        "import sys, io, contextlib\n"
        "from worms_tutor.formats.cli import main\n"
        "sys.stdin = io.StringIO('{\"hands\": {\"A\": [\"KH\"], \"B\": [\"JC\"]}, "
        "\"leader\": \"A\", \"plays\": [\"A: KH\", \"B: JC\"]}')\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = main(['referee', '-'])\n"
        f"print(code, ','.join(m for m in {FORBIDDEN!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0"], done.stdout


def test_the_import_checker_sees_every_kind_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import json, numpy as np\n"
        "from ipywidgets import Button\n"
        "from . import cards\n"
        "from .widgets import hand\n"
        "import importlib\n"
        "importlib.import_module('matplotlib.pyplot')\n"
        "def later():\n"
        "    import IPython.display\n",
        encoding="utf-8",
    )
    modules = {module for _, module in imported_modules(sample)}
    assert {"json", "numpy", "ipywidgets", "worms_tutor.widgets", "matplotlib.pyplot",
            "IPython.display", "importlib"} <= modules
    assert "cards" not in modules


def test_a_card_loads_no_layer_above_the_values() -> None:
    code = (
        "import sys; from worms_tutor import Card; Card.parse('KH')._repr_html_(); "
        "print(','.join(m for m in sys.modules if m.startswith('worms_tutor.') "
        "and m.split('.')[1] not in ('values', 'presentation')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"a card brought {done.stdout.strip()} with it"
