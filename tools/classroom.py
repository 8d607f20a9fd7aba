"""Serve chapters to a class: Voilà with the named pages executed before anyone asks.

    python tools/classroom.py 05 [07 …] [--learners 30] [--port 8866] [--local-only]
    make classroom CHAPTERS="05 07" LEARNERS=30

One Voilà server, with the series' settings (serving/), keeps a pool of ``--learners``
kernels per named chapter, each with the page already run (Voilà's preheated kernels): a
learner who opens the page gets a finished one at once, and the pool refills behind him,
``--refill-after`` seconds later (30 by default), so that refilling does not compete for the
CPU with a class arriving together. A
kernel costs about a second of CPU to start and run a chapter, so without the pool a class of
30 opening one page queues for half a minute on a two-core laptop. Pages not named are served
as ``make serve`` serves them. Kernels of learners who have left are shut down after ten
idle minutes (serving/config/voila.json); pooled kernels are kept.

The server listens on the local network (every address of this machine) unless
``--local-only``, and prints the address learners type. Voilà runs only the notebooks of the
series: nothing a browser sends is executed as code.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RUN = ROOT / "serving" / "run"


class ClassroomError(Exception):
    """A chapter or a setting the classroom server cannot use."""


def chapter_files(chosen: Sequence[str], folder: Path = NOTEBOOKS) -> list[str]:
    """The notebook names of the chosen chapters: ``05`` or ``5`` is the chapter numbered
    05; a full name (``05-the-three-of-diamonds.ipynb``, or ``summary``) is taken as it is."""
    if not chosen:
        raise ClassroomError("name at least one chapter, e.g. 05")
    names = sorted(path.name for path in folder.glob("*.ipynb"))
    files = []
    for item in chosen:
        wanted = item.strip()
        if wanted.isdigit():
            found = [name for name in names if name.startswith(f"{int(wanted):02d}-")]
        else:
            stem = wanted.removesuffix(".ipynb")
            found = [name for name in names if name == f"{stem}.ipynb"]
        if not found:
            raise ClassroomError(f"no chapter {wanted!r} here; the chapters are: "
                                 + ", ".join(name.split("-")[0] for name in names
                                             if name[:2].isdigit()))
        files.extend(found)
    return list(dict.fromkeys(files))


def pool_config(files: Sequence[str], learners: int) -> dict[str, dict[str, int]]:
    """Voilà's kernel pools: ``learners`` ready kernels for each named page, none for others."""
    if not 1 <= learners <= 200:
        raise ClassroomError(f"--learners must be from 1 to 200, not {learners}")
    pools = {name: {"pool_size": learners} for name in files}
    pools["default"] = {"pool_size": 0}
    return pools


def network_address() -> str | None:
    """This machine's address on the local network, as other machines reach it, if it has
    one. (Connecting a UDP socket sends nothing; it only picks the outgoing interface.)"""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") else address


def voila_command(files: Sequence[str], learners: int, port: int, local_only: bool,
                  voila: str, refill_after: float = 30) -> list[str]:
    """The command line that runs the classroom server."""
    if not 0 <= refill_after <= 3600:
        raise ClassroomError(f"--refill-after must be from 0 to 3600 seconds, not {refill_after}")
    return [
        str(RUN), voila, str(NOTEBOOKS), "--no-browser", f"--port={port}",
        f"--Voila.ip={'127.0.0.1' if local_only else '0.0.0.0'}", "--Voila.port_retries=0",
        "--preheat_kernel=True",
        "--VoilaKernelManager.kernel_pools_config=" + json.dumps(pool_config(files, learners)),
        f"--VoilaKernelManager.fill_delay={refill_after:g}",
    ]


def addresses(files: Sequence[str], port: int, local_only: bool) -> list[str]:
    """The links to give the class, one per chapter."""
    host = None if local_only else network_address()
    base = f"http://{host or '127.0.0.1'}:{port}/voila/render"
    return [f"{base}/{name}" for name in files]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="+", help="chapter numbers (05) or page names")
    parser.add_argument("--learners", type=int, default=30, help="kernels kept ready per page")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--local-only", action="store_true",
                        help="listen on 127.0.0.1 only (this machine)")
    parser.add_argument("--refill-after", type=float, default=30,
                        help="seconds between a learner taking a ready page and its refill")
    parser.add_argument("--voila", default=str(Path(sys.executable).with_name("voila")))
    args = parser.parse_args(argv)
    try:
        files = chapter_files(args.chapters)
        command = voila_command(files, args.learners, args.port, args.local_only, args.voila,
                                args.refill_after)
    except ClassroomError as error:
        print(f"classroom: {error}", file=sys.stderr)
        return 2
    print(f"Preparing {args.learners} ready copies of: {', '.join(files)}.")
    print(f"They are made in the background, about a second of CPU each (about "
          f"{args.learners * len(files) // 2 + 10} s on two cores); a learner who comes earlier "
          "is served as usual, only slower.")
    links = addresses(files, args.port, args.local_only)
    if not args.local_only and not links[0].startswith("http://127."):
        print("Learners on this network type:")
    elif not args.local_only:
        print("No network address found; on this machine:")
    else:
        print("On this machine only:")
    for link in links:
        print(f"  {link}")
    sys.stdout.flush()
    os.execv(command[0], command)
    return 0  # not reached: the server takes over the process


if __name__ == "__main__":
    raise SystemExit(main())
