"""Hermetic test environment.

Jupyter, IPython, matplotlib and Chromium write into $HOME. Every directory they use is
pointed at one temporary folder for the whole session, before any kernel, Voila server or
browser starts (they inherit os.environ). The venv's own share/jupyter (kernelspec, Voila
templates, widget extensions) stays on the search path: JUPYTER_DATA_DIR only replaces the
per-user directory.
"""

from __future__ import annotations

import os
import shutil
import tempfile

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


def pytest_unconfigure(config: pytest.Config) -> None:
    for var, value in _saved.items():
        if value is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = value
    if _home is not None:
        shutil.rmtree(_home, ignore_errors=True)
