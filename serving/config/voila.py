"""Voilà settings that need Python; the rest are in voila.json, next to this file.

Read by Voilà (`make serve`) and by Voilà's extension inside JupyterLab (`make lab`, Binder)
from the Jupyter config path: serving/run puts this folder on JUPYTER_CONFIG_PATH. Settings
that Voilà and jupyter_server offer come first; then the one change to Voilà's internals that
pays for itself, worth 10 % or more of a chapter page's time to its first widget (every other
was not, measured one by one: it went). benchmarks/pages.py --each-patch prints the page times
with and without each change; tests/test_voila_hooks.py names the internal that changed if one
no longer fits.
"""

import os
import sys
from collections import deque
from pathlib import Path
from runpy import run_path
from time import monotonic
from typing import Any

import voila.notebook_renderer
from jupyter_core.utils import ensure_async
from voila.execute import VoilaExecutor

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (traitlets provides it)


def give_the_page_its_xsrf_cookie(handler: Any, notebook: Any, cwd: str) -> None:
    """When a learner leaves a page, Voilà asks the server to shut the page's kernel down;
    the server refuses (403) unless the browser holds the ``_xsrf`` cookie, which Voilà's
    pages do not set. Every chapter opened straight from a link or a bookmark would leave a
    kernel running (about 55 MB) until culled. Reading the token sets the cookie."""
    handler.xsrf_token  # noqa: B018


# Voilà refuses a launch hook together with preheated kernels, which run before any request.
if not any("preheat_kernel" in arg and not arg.endswith("=False") for arg in sys.argv):
    c.VoilaConfiguration.prelaunch_hook = give_the_page_its_xsrf_cookie

# traitlets sets Voilà's logger to DEBUG and leaves the filtering to its console handler, so
# every debug message (several per kernel message) was built into a record, with a walk up the
# stack, and then thrown away. A logger at INFO drops them where they are made. Asking for
# debug output (--debug or a log level) still gets all of it.
if not any(arg == "--debug" or "log_level" in arg or "log-level" in arg for arg in sys.argv):
    c.Voila.logging_config = {"loggers": {"Voila": {"level": "INFO"}}}

# Voilà serves the JupyterLab extensions (the widget manager, anywidget, ...) as "no-cache", so
# every page view asked the server again for each of their files, one chain of requests after
# another, before the first widget could appear (about 0.4 s of every view here, far more over
# Binder's network). Files named with their content hash may be kept by the browser for good.
widget_code = run_path(str(Path(__file__).with_name("widget_code.py")))
c.Voila.tornado_settings = {
    "static_immutable_cache": widget_code["content_hashed_urls"](widget_code["base_url"]())}


# -- changes to Voilà's internals ------------------------------------------------------------

LEFT_OUT = os.environ.get("WORMS_VOILA_WITHOUT", "")
"""The change that benchmarks/pages.py --each-patch leaves out of one of its servers."""


def patched(name: str) -> bool:
    """Whether the change ``name`` is made: always, but in a benchmark that leaves it out."""
    return name != LEFT_OUT


# -- the next cells wait in the kernel, not in the server ------------------------------------
#
# Voilà runs a page's cells one at a time: it sends a cell to the kernel, waits until the kernel
# is done with it, turns its outputs into HTML, and only then sends the next cell. The kernel sat
# idle through every round trip and through the server's share of every cell. Now the page's
# code cells are all sent when the first one is: the kernel runs them back to back, in order, as
# it would have, while the server takes each cell's messages in its turn. A cell that fails still
# ends the page there: the kernel drops every request queued behind a failed one (each is sent
# with ``stop_on_error``, as Voilà sends it), and Voilà asks for no further cell. (A cell that
# runs out of time is the one case that differs: Voilà stops there, but the kernel still runs the
# cells behind it, whose outputs nobody shows. Voilà sets no time limit unless configured to.)
# Left out, chapters 05 and 08 took 8-13 % longer to their first widget (the median of each
# visit over the bare page's just before it) in three of four runs of benchmarks/pages.py; in
# the fourth, as loaded as the others, it made no difference.

Request = tuple[str, bool, bool]
"""What a cell is sent to the kernel with: its source, store_history and stop_on_error."""


class ChannelByRequest:
    """A kernel channel that gives out the messages of the request being waited on and keeps
    those of the requests sent ahead until their turn. Any other message (of a request of
    Voilà's own, or of one already done) goes out as it comes, for nbclient to pass over."""

    def __init__(self, channel: Any) -> None:
        self.channel = channel
        self.waited_on: str | None = None
        self.kept: dict[str, deque[dict[str, Any]]] = {}

    def expect(self, msg_id: str) -> None:
        """Keep the messages of ``msg_id``, a request sent ahead, until its turn."""
        self.kept.setdefault(msg_id, deque())

    def wait_on(self, msg_id: str) -> None:
        """From now on, hand out the messages of ``msg_id``; the previous request's are done."""
        self.kept.pop(self.waited_on or "", None)
        self.waited_on = msg_id
        self.expect(msg_id)

    async def get_msg(self, timeout: float | None = None) -> dict[str, Any]:
        kept = self.kept.get(self.waited_on or "")
        if kept:
            return kept.popleft()
        deadline = None if timeout is None else monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - monotonic())
            msg: dict[str, Any] = await ensure_async(self.channel.get_msg(timeout=left))
            parent = msg["parent_header"].get("msg_id")
            if parent == self.waited_on or parent not in self.kept:
                return msg
            self.kept[parent].append(msg)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.channel, name)


class KernelClientSendingAhead:
    """A kernel client whose ``execute`` takes the next request sent ahead when it is the one
    asked for, and sends anything else as it is asked."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.shell_channel = ChannelByRequest(client.shell_channel)
        self.iopub_channel = ChannelByRequest(client.iopub_channel)
        self.channels = (self.shell_channel, self.iopub_channel)
        self.sent: deque[tuple[Request, str]] = deque()

    def send_ahead(self, requests: list[Request]) -> None:
        """Send the kernel these requests now, in order, for ``execute`` to take later."""
        for request in requests:
            source, store_history, stop_on_error = request
            msg_id = self.client.execute(source, store_history=store_history,
                                         stop_on_error=stop_on_error)
            self.sent.append((request, msg_id))
            for channel in self.channels:
                channel.expect(msg_id)

    def execute(self, code: str, store_history: bool = True, stop_on_error: bool = True,
                **more: Any) -> str:
        """The id of the request for ``code``: the one sent ahead for it, or a new one."""
        if self.sent and not more and self.sent[0][0] == (code, store_history, stop_on_error):
            msg_id = self.sent.popleft()[1]
        else:
            msg_id = self.client.execute(code, store_history=store_history,
                                         stop_on_error=stop_on_error, **more)
        for channel in self.channels:
            channel.wait_on(msg_id)
        return msg_id

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


class ExecutorSendingAhead(VoilaExecutor):
    """Voilà's executor, sending every code cell from the first one run to the kernel at once."""

    def request_for(self, cell: Any, store_history: bool) -> Request | None:
        """What nbclient sends the kernel for ``cell``, or None for a cell it does not run."""
        if (cell.cell_type != "code" or not cell.source.strip()
                or self.skip_cells_with_tag in cell.metadata.get("tags", [])):
            return None
        allows_errors = not self.force_raise_errors and (
            self.allow_errors or "raises-exception" in cell.metadata.get("tags", []))
        return (cell.source, store_history, not allows_errors)

    async def async_execute_cell(self, cell: Any, cell_index: int,
                                 execution_count: int | None = None,
                                 store_history: bool = True) -> Any:
        if self.kc is not None and not isinstance(self.kc, KernelClientSendingAhead):
            client = KernelClientSendingAhead(self.kc)
            cells = self.nb.cells
            if cell_index < len(cells) and cells[cell_index].source == cell.source:
                requests = (self.request_for(later, store_history) for later in cells[cell_index:])
                client.send_ahead([request for request in requests if request is not None])
            self.kc = client
        return await super().async_execute_cell(cell, cell_index, execution_count, store_history)


if patched("cells-sent-ahead"):
    voila.notebook_renderer.VoilaExecutor = ExecutorSendingAhead
