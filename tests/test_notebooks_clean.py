"""Notebooks are committed clean, and notebooks/ is a series Voila can serve.

Clean: valid nbformat 4 JSON, no outputs, no execution counts, no saved widget state.
Clear a notebook with `jupyter nbconvert --clear-output --inplace NB` and then remove
`metadata.widgets`, which nbconvert leaves behind.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
# Every notebook in the repository, the series and the benchmark pages alike.
ALL = sorted(
    p
    for folder in (NOTEBOOKS, REPO / "benchmarks")
    for p in folder.rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)
SERIES = sorted(NOTEBOOKS.glob("*.ipynb"))
CHAPTER = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.ipynb$")
# Markdown links and HTML hrefs to another notebook, optionally with a #fragment or ?query.
NOTEBOOK_LINK = re.compile(r"""(?:\]\(|href=["'])([^)"'#?\s]+\.ipynb)""")


def _params(paths: list[Path]) -> list[Any]:
    if not paths:
        return [pytest.param(None, marks=pytest.mark.skip(reason="no notebooks yet"))]
    return [pytest.param(p, id=p.relative_to(REPO).as_posix()) for p in paths]


def _needs_series() -> None:
    if not SERIES:
        pytest.skip("notebooks/ holds no notebooks yet")


@pytest.mark.parametrize("path", _params(ALL))
def test_notebook_is_clean(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))  # plain JSON first, clearer errors
    nb = nbformat.from_dict(raw)
    assert nb.nbformat == 4, f"{path.name}: nbformat {nb.nbformat}, expected 4"
    nbformat.validate(nb)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        assert cell.outputs == [], f"{path.name}: cell {index} has saved outputs"
        assert cell.execution_count is None, f"{path.name}: cell {index} has an execution count"
    assert "widgets" not in nb.metadata, f"{path.name}: saved widget state in metadata.widgets"


@pytest.mark.parametrize("path", _params(ALL))
def test_notebook_runs_on_the_default_kernel(path: Path) -> None:
    # Voila starts the kernel the notebook names; only python3 exists in the venv.
    nb = json.loads(path.read_text(encoding="utf-8"))
    kernel = nb.get("metadata", {}).get("kernelspec", {}).get("name", "python3")
    assert kernel == "python3", f"{path.name}: kernelspec {kernel!r}, Voila needs 'python3'"


def test_series_has_a_start_page() -> None:
    if not any(CHAPTER.match(p.name) for p in SERIES):
        pytest.skip("no numbered chapters (NN-title.ipynb) in notebooks/ yet")
    assert (NOTEBOOKS / "00-start-here.ipynb").is_file(), "notebooks/00-start-here.ipynb missing"


def test_chapter_numbers_are_unique() -> None:
    _needs_series()
    numbers: dict[str, str] = {}
    for path in SERIES:
        match = CHAPTER.match(path.name)
        if match:
            assert match[1] not in numbers, f"{path.name} and {numbers[match[1]]} share a number"
            numbers[match[1]] = path.name


def test_links_between_notebooks_resolve() -> None:
    _needs_series()
    broken = []
    for path in SERIES:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            source = "".join(cell["source"])
            for target in NOTEBOOK_LINK.findall(source):
                if "://" not in target and not (path.parent / target).is_file():
                    broken.append(f"{path.name} -> {target}")
    assert not broken, f"links to missing notebooks: {broken}"


def test_voila_configuration() -> None:
    settings = json.loads((REPO / "serving" / "config" / "voila.json").read_text(encoding="utf-8"))
    config = settings["VoilaConfiguration"]
    assert config["strip_sources"] is True
    assert config["theme"] == "light"
    assert config["allow_theme_override"] == "NO"
    assert config["allow_template_override"] == "NO"
    # voila.py lets Voila shut a page's kernel down when the page is left; a tab that never
    # says goodbye (a crash, a closed laptop) leaves one behind, which culling then stops.
    culling = settings["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0
    assert culling["cull_connected"] is False, "never cull the kernel of an open page"
