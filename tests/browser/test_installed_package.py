"""`pip install "worms-tutor[serve]"` and `worms-tutor serve`, for someone who never clones
the repository: the built wheel, installed into a fresh venv, serves the course, and its first
page works in Chromium."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, Server, free_port


@pytest.fixture(scope="module")
def installed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    work = tmp_path_factory.mktemp("installed")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work),
                    str(REPO)], check=True, capture_output=True)
    (wheel,) = work.glob("worms_tutor-*.whl")
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    install = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "-c", str(REPO / "constraints.txt"),
         f"{wheel}[serve]"], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr[-2000:]
    port = free_port()
    # run from elsewhere than the clone, as a user of the package would
    server = Server("installed", [str(venv / "bin" / "worms-tutor"), "serve", f"--port={port}"],
                    port, "/voila/static/favicon.ico", cwd=work)
    yield server
    server.stop()


def test_the_installed_package_serves_the_course(
        page: Any, open_notebook: Callable[..., Any], installed_server: Server) -> None:
    # `worms-tutor serve` became Voilà, serving the notebooks inside the installed package
    command = Path(f"/proc/{installed_server.proc.pid}/cmdline").read_bytes().split(b"\0")
    served = Path(command[2].decode())
    assert served.parts[-2:] == ("worms_tutor", "course") and "site-packages" in served.parts
    open_notebook(page, "00-start-here.ipynb", base_url=installed_server.url)
    page.wait_for_selector(".wt-rulebook-choice")
    assert page.locator(".wt-lesson-puzzle").count() >= 1
    open_notebook(page, "05-the-three-of-diamonds.ipynb", base_url=installed_server.url)
    page.locator(".wt-puzzle button.wt-check").first.wait_for()
