"""``worms-tutor serve`` and ``worms-tutor classroom``: the course served by Voilà, from a
clone or from the installed package (``pip install "worms-tutor[serve]"``).

Both run Voilà on the course's notebooks with the series' settings (Voilà's and the page
template, the folder ``serving/``), as ``make serve`` does: the notebooks and the settings
ship in the package as ``worms_tutor.course`` and ``worms_tutor.serving``. ``classroom``
keeps, for each named chapter, a pool of kernels that have run the page before anyone asks
(Voilà's preheated kernels), so that a class opening it together is served at once; the pool
refills ``refill_after`` seconds (10) after a learner took a page, so that refilling does
not compete for the CPU with a class arriving together (a learner beyond the pool waits for
that refill: keep the pool a little larger than the class). Voilà runs only the course's
notebooks: nothing a browser sends is run as code. Standard library only: Voilà is started
as a program.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..values.errors import WormsError

NOT_INSTALLED = 'Voilà is not installed here: pip install "worms-tutor[serve]"'


class ServeError(WormsError):
    """A chapter, a setting or a program the server cannot use."""


@dataclass(frozen=True)
class Course:
    """Where the course's notebooks and its serving settings are."""

    notebooks: Path
    serving: Path

    @classmethod
    def installed(cls) -> Course:
        """The course of this installation: in the package (``worms_tutor/course``,
        ``worms_tutor/serving``), or in the clone the package runs from."""
        package = Path(__file__).resolve().parents[1]
        if (package / "course").is_dir():
            return cls(package / "course", package / "serving")
        return cls(package.parent / "notebooks", package.parent / "serving")

    def chapter_files(self, chosen: Sequence[str]) -> list[str]:
        """The notebook names of the chosen pages: ``05`` or ``5`` is the chapter numbered
        05; a page's name (``summary``, ``05-the-three-of-diamonds.ipynb``) is taken as it is."""
        if not chosen:
            raise ServeError("name at least one chapter, e.g. 05")
        names = sorted(path.name for path in self.notebooks.glob("*.ipynb"))
        files = []
        for item in chosen:
            wanted = item.strip()
            if wanted.isdigit():
                found = [name for name in names if name.startswith(f"{int(wanted):02d}-")]
            else:
                found = [name for name in names if name == f"{wanted.removesuffix('.ipynb')}.ipynb"]
            if not found:
                chapters = ", ".join(name[:2] for name in names if name[:2].isdigit())
                raise ServeError(f"no chapter {wanted!r} here; the chapters are: {chapters}")
            files.extend(found)
        return list(dict.fromkeys(files))

    def environment(self) -> dict[str, str]:
        """The environment Voilà runs in: the settings and the page template on Jupyter's
        search paths, in front of any already there."""
        env = dict(os.environ)
        for name, folder in (("JUPYTER_CONFIG_PATH", self.serving / "config"),
                             ("JUPYTER_PATH", self.serving / "data")):
            env[name] = os.pathsep.join(filter(None, (str(folder), env.get(name, ""))))
        return env


def pool_config(files: Sequence[str], learners: int) -> dict[str, dict[str, int]]:
    """Voilà's kernel pools: ``learners`` ready kernels for each named page, none for others."""
    if not 1 <= learners <= 200:
        raise ServeError(f"--learners must be from 1 to 200, not {learners}")
    pools = {name: {"pool_size": learners} for name in files}
    pools["default"] = {"pool_size": 0}
    return pools


def voila_program() -> str:
    """The ``voila`` program next to this Python, or on the PATH."""
    beside = Path(sys.executable).with_name("voila")
    if beside.is_file():
        return str(beside)
    found = shutil.which("voila")
    if found is None:
        raise ServeError(NOT_INSTALLED)
    return found


def voila_command(course: Course, port: int, network: bool, *, voila: str = "voila",
                  pools: dict[str, dict[str, int]] | None = None,
                  refill_after: float = 10) -> list[str]:
    """The command line of the server: on this machine only, or on the local network; with
    ``pools``, the classroom's preheated kernels."""
    if not 1 <= port <= 65535:
        raise ServeError(f"--port must be from 1 to 65535, not {port}")
    command = [voila, str(course.notebooks), "--no-browser", f"--port={port}",
               f"--Voila.ip={'0.0.0.0' if network else '127.0.0.1'}", "--Voila.port_retries=0"]
    if pools is not None:
        if not 0 <= refill_after <= 3600:
            raise ServeError(f"--refill-after must be from 0 to 3600 seconds, not {refill_after}")
        command += ["--preheat_kernel=True",
                    "--VoilaKernelManager.kernel_pools_config=" + json.dumps(pools),
                    f"--VoilaKernelManager.fill_delay={refill_after:g}"]
    return command


def network_address() -> str | None:
    """This machine's address on the local network, if it has one. (Connecting a UDP socket
    sends nothing: it only picks the interface a packet would leave by.)"""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def page_links(files: Sequence[str], port: int, network: bool) -> list[str]:
    """The links to give, one per page."""
    host = (network_address() if network else None) or "127.0.0.1"
    return [f"http://{host}:{port}/voila/render/{name}" for name in files]


def run(course: Course, command: list[str], links: Sequence[str], preface: str = "") -> int:
    """Say where the pages are, then let Voilà take over this process."""
    if preface:
        print(preface)
    where = "Learners on this network type:" if "--Voila.ip=0.0.0.0" in command and \
        not links[0].startswith("http://127.") else "Open:"
    print(where)
    for link in links:
        print(f"  {link}")
    sys.stdout.flush()
    os.execve(command[0], command, course.environment())
    return 0  # not reached
