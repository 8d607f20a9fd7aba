"""Hermetic test environment.

Jupyter, IPython, matplotlib and Chromium write into $HOME. Every directory they use is
pointed at one temporary folder for the whole session, before any kernel, Voila server or
browser starts (they inherit os.environ). The venv's own share/jupyter (kernelspec, Voila
templates, widget extensions) stays on the search path: JUPYTER_DATA_DIR only replaces the
per-user directory. Under pytest-xdist each worker is a session of its own, with its own
folder.

`make test` runs the tests on several workers (pytest-xdist, `--dist loadfile`); see
pytest_xdist_make_scheduler below for what goes where.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

import pytest

_ENV_DIRS = {
    "JUPYTER_CONFIG_DIR": "jupyter-config",
    "JUPYTER_DATA_DIR": "jupyter-data",
    "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
    "IPYTHONDIR": "ipython",
    "MPLCONFIGDIR": "matplotlib",
    "XDG_CONFIG_HOME": "xdg-config",
    "XDG_CACHE_HOME": "xdg-cache",
}

_saved: dict[str, str | None] = {}
_home: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _home
    _home = tempfile.mkdtemp(prefix="worms-tutor-test-")
    for var, sub in _ENV_DIRS.items():
        path = os.path.join(_home, sub)
        os.makedirs(path)
        _saved[var] = os.environ.get(var)
        os.environ[var] = path
    # Use the platformdirs layout now, silencing jupyter_core's migration warning.
    _saved["JUPYTER_PLATFORM_DIRS"] = os.environ.get("JUPYTER_PLATFORM_DIRS")
    os.environ["JUPYTER_PLATFORM_DIRS"] = "1"


SHARED_SERVER_MODULES = {
    "tests/browser/test_binder.py",  # one JupyterLab server
    "tests/browser/test_harness.py",  # one Voila server for the bare page
    "tests/browser/test_new_kinds_in_browser.py",  # one Voila server for its page of puzzles
    "tests/browser/test_static_site.py",  # one build of the static site
}
"""Browser test files whose tests share a server that no other file starts: one worker each."""

PLAIN_LOADFILE = "WORMS_TESTS_PLAIN_LOADFILE"
"""Set, xdist's own loadfile schedules the tests: benchmarks/suite.py compares the two."""


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With `--dist loadfile`, a test file is one unit of work for one worker, as in
    pytest-xdist's own loadfile: the cells of a notebook, which nbval runs in order in one
    kernel, stay together. Browser tests are the exception: they are the slow ones, so each is
    a unit of its own (except in SHARED_SERVER_MODULES) and they spread over the workers.

    (`--dist loadgroup` would say this with marks, but pytest 9.2 ignores the node ids it
    rewrites, so it groups nothing: pytest-xdist issue 1386.)
    """
    if config.getvalue("dist") != "loadfile" or os.environ.get(PLAIN_LOADFILE):
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTestsApart(LoadFileScheduling):
        # _split_scope is the one method xdist's scope schedulers leave to a subclass;
        # tests/test_scheduling.py fails, naming it, if xdist stops calling it.
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return BrowserTestsApart(config, log)


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to under `make test`: its file, or for a browser test
    (outside SHARED_SERVER_MODULES) the test itself."""
    path = nodeid.split("::", 1)[0]
    if path.startswith("tests/browser/") and path not in SHARED_SERVER_MODULES:
        return nodeid
    return path


def pytest_unconfigure(config: pytest.Config) -> None:
    for var, value in _saved.items():
        if value is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = value
    if _home is not None:
        shutil.rmtree(_home, ignore_errors=True)
