"""Check that the engine's imports only go down its layers (design.md §1).

    python tools/check_layers.py [ROOT]   exit 1, naming each upward import, if any

The layers, lowest first: ``values`` → ``mechanics`` → ``formats`` → ``analysis`` →
``presentation`` → the package root (``worms_tutor/__init__.py`` and ``__main__.py``, which
gather the public names) → ``worms_tutor.widgets`` (the folder ``widgets/``). ``formats`` holds
the explanations of verdicts (``explain``): they are a text format of what the mechanics
decide, and the referee words its reasons with them.

A module may import anything in its own layer or below. Every import counts: at the top of a
module, inside a function, under ``TYPE_CHECKING``, and ``importlib.import_module`` or
``__import__`` with a literal name. One upward import is allowed: a value, inside a function,
may reach a renderer that itself imports nothing but values (as ``Card._repr_html_`` draws
the card), since that renderer can never bring the rest of the engine back with it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE = "worms_tutor"
LAYERS = ("values", "mechanics", "formats", "analysis", "presentation", "", "widgets")
"""Each layer's name, lowest first; ``""`` is the package root (its ``__init__``/``__main__``)."""

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
IMPORT_CALLS = ("import_module", "__import__")


@dataclass(frozen=True)
class Import:
    """One import in a module: the line, the module it reaches, and whether it runs lazily
    (inside a function)."""

    line: int
    target: str
    lazy: bool


@dataclass(frozen=True)
class Source:
    """A module of the tree: its dotted name, its file, and whether it is a package."""

    name: str
    path: Path
    is_package: bool

    @property
    def package(self) -> str:
        """The package its relative imports start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


def sources(root: Path) -> list[Source]:
    """Every module under ``root/worms_tutor`` and ``root/widgets`` (which is installed as
    ``worms_tutor.widgets``)."""
    found = []
    for folder, dotted in ((root / PACKAGE, PACKAGE), (root / "widgets", f"{PACKAGE}.widgets")):
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            if is_package:
                parts = parts[:-1]
            found.append(Source(".".join((dotted, *parts)), path, is_package))
    return found


def layer_of(module: str) -> int | None:
    """The layer's place in ``LAYERS``, or ``None`` for a module outside the engine."""
    parts = module.split(".")
    if parts[0] != PACKAGE:
        return None
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return LAYERS.index("")  # the package root and its __main__


def _absolute(source: Source, level: int, module: str | None) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in ``source``."""
    base = source.package.split(".")
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _call_target(source: Source, call: ast.Call) -> str | None:
    """The module ``importlib.import_module("...")`` or ``__import__("...")`` names, when it
    is written as a literal."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name not in IMPORT_CALLS or not call.args:
        return None
    first = call.args[0]
    if not isinstance(first, ast.Constant) or not isinstance(first.value, str):
        return None
    text = first.value
    if not text.startswith("."):
        return text
    anchor = call.args[1] if len(call.args) > 1 else None
    package = getattr(anchor, "id", "")
    base = {"__name__": source.name, "__package__": source.package}.get(package)
    if base is None:
        return None
    level = len(text) - len(text.lstrip("."))
    return _absolute(Source(base, source.path, True), level, text.lstrip(".") or None)


def imports(source: Source, known: frozenset[str]) -> Iterator[Import]:
    """Every import written in ``source``, at any depth; ``from a import b`` reaches ``a.b``
    when that is a module of the tree, else ``a``."""
    tree = ast.parse(source.path.read_text(encoding="utf-8"), filename=str(source.path))

    def visit(node: ast.AST, lazy: bool) -> Iterator[Import]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(node.lineno, alias.name, lazy)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(source, node.level, node.module) if node.level else node.module
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                yield Import(node.lineno, whole if whole in known else str(base), lazy)
        elif isinstance(node, ast.Call):
            target = _call_target(source, node)
            if target is not None:
                yield Import(node.lineno, target, lazy)
        inside = lazy or isinstance(node, FUNCTIONS)
        for child in ast.iter_child_nodes(node):
            yield from visit(child, inside)

    yield from visit(tree, False)


def violations(root: Path) -> list[str]:
    """Each upward import under ``root`` as ``file:line: module imports upward layer.module``."""
    modules = {source.name: source for source in sources(root)}
    known = frozenset(modules)

    @cache
    def engine_imports(name: str) -> tuple[Import, ...]:
        return tuple(found for found in imports(modules[name], known)
                     if layer_of(found.target) is not None)

    @cache
    def renders_values_only(name: str, seen: frozenset[str] = frozenset()) -> bool:
        """``name`` is a presentation module whose imports reach only values (directly or
        through other such renderers)."""
        if layer_of(name) != LAYERS.index("presentation") or name not in modules:
            return False
        for found in engine_imports(name):
            target = _module_of(found.target, known)
            if layer_of(target) == LAYERS.index("values") or target in seen | {name}:
                continue
            if not renders_values_only(target, seen | {name}):
                return False
        return True

    problems = []
    for name, source in sorted(modules.items()):
        here = layer_of(name)
        assert here is not None
        for found in engine_imports(name):
            there = layer_of(found.target)
            assert there is not None
            if there <= here:
                continue
            if (here == LAYERS.index("values") and found.lazy
                    and renders_values_only(_module_of(found.target, known))):
                continue
            shown = found.target.removeprefix(f"{PACKAGE}.") or PACKAGE
            where = source.path.relative_to(root).as_posix()
            problems.append(f"{where}:{found.line}: {name} imports upward {shown}")
    return problems


def _module_of(target: str, known: frozenset[str]) -> str:
    """The module of the tree that ``target`` names or lies in (``a.b.Name`` → ``a.b``)."""
    while target and target not in known:
        target = target.rpartition(".")[0]
    return target


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parents[1]
    problems = violations(root)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
