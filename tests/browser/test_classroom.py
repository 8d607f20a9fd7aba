"""The classroom server (`make classroom`): named pages come from Voilà's preheated pool, a
position link still opens its position there (the page waits for the learner's request
before reading the link), and the pool refills after a learner took a kernel."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import Server, free_port

from worms_tutor.formats.codes import encode
from worms_tutor.formats.scenario import Scenario

Opener = Callable[..., Any]
EXPLORE = "12-explore-positions.ipynb"
POOL = 2
FILLED = f"Kernel pool of {EXPLORE} is filled"


def kernels_under(pid: int) -> int:
    """The kernels a server process has started (Voilà hides /api/kernels)."""
    table = subprocess.run(["ps", "-eo", "ppid,args"], capture_output=True, text=True).stdout
    return sum(1 for line in table.splitlines()
               if "ipykernel_launcher" in line and line.split()[0] == str(pid))


def wait_for_kernels(server: Server, count: int, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while kernels_under(server.proc.pid) < count:
        if time.monotonic() > deadline:
            pytest.fail(f"the pool did not fill: {kernels_under(server.proc.pid)} of {count} "
                        f"kernels\n{server.log_tail()}")
        time.sleep(0.5)


@pytest.fixture(scope="module")
def classroom() -> Iterator[Server]:
    port = free_port()
    command = [sys.executable, "-m", "worms_tutor", "classroom", "12", "--local-only",
               "--refill-after=1", f"--learners={POOL}", f"--port={port}"]
    server = Server("classroom", command, port, "/voila/static/favicon.ico")
    yield server
    server.stop()


def test_a_position_link_opens_from_a_preheated_kernel(
        page: Any, open_notebook: Opener, classroom: Server) -> None:
    deadline = time.monotonic() + 180
    while FILLED not in classroom.log_tail(400):
        if time.monotonic() > deadline:
            pytest.fail(f"the pool did not fill\n{classroom.log_tail()}")
        time.sleep(0.5)
    assert kernels_under(classroom.proc.pid) == POOL
    scenario = Scenario.from_json({
        "hands": {"N": ["7H", "9C"], "E": ["KH", "5D"], "S": ["JC", "6H"], "W": ["9S", "QC"]},
        "leader": "N", "plays": ["N: 7H"],
    })
    open_notebook(page, f"{EXPLORE}?position={encode(scenario)}", base_url=classroom.url)
    page.wait_for_selector(".wt-explorer-position")
    assert "Using pre-heated kernel" in classroom.log_tail(400)
    assert page.locator(".wt-explorer-place-E input").input_value() == "KH 5D"
    assert "opened from the link" in page.locator(".wt-explorer-link-message").inner_text()
    # the pool fills again behind the learner: the kernel taken, and POOL ready ones
    wait_for_kernels(classroom, POOL + 1)
