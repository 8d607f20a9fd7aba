"""How `make test` shares the tests among its pytest-xdist workers (tests/conftest.py).

The scheduler there overrides ``_split_scope``, a private method of pytest-xdist's scope
schedulers: these tests say what it must do and fail, naming that method, if xdist changes it.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from runpy import run_path

from xdist.scheduler import LoadFileScheduling, LoadScopeScheduling

work_unit = run_path(str(Path(__file__).with_name("conftest.py")))["work_unit"]


def test_a_notebooks_cells_stay_together() -> None:
    assert work_unit("notebooks/06-worms-and-toqu.ipynb::Cell 3") == (
        "notebooks/06-worms-and-toqu.ipynb")
    assert work_unit("tests/engine/test_cli.py::test_exit_two") == "tests/engine/test_cli.py"


def test_browser_tests_go_out_one_by_one_but_shared_servers_stay_together() -> None:
    one = "tests/browser/test_series_pages.py::test_a_learner[06-worms-and-toqu.ipynb]"
    assert work_unit(one) == one
    assert work_unit("tests/browser/test_harness.py::test_bare_page") == (
        "tests/browser/test_harness.py")


def test_xdist_still_groups_tests_by_split_scope() -> None:
    assert "_split_scope" in vars(LoadFileScheduling), (
        "pytest-xdist's LoadFileScheduling no longer defines _split_scope: "
        "tests/conftest.py's scheduler overrides it")
    parameters = list(inspect.signature(LoadFileScheduling._split_scope).parameters)
    assert parameters == ["self", "nodeid"], (
        f"LoadFileScheduling._split_scope now takes {parameters}: tests/conftest.py's "
        "override takes (self, nodeid)")
    assert "self._split_scope(" in inspect.getsource(LoadScopeScheduling), (
        "pytest-xdist's LoadScopeScheduling no longer calls self._split_scope: the work units "
        "of tests/conftest.py's scheduler would be ignored")
