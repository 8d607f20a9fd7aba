"""Voilà settings that need Python; the rest are in voila.json.

Read, like voila.json, by `make serve` (Voilà started from the repository root) and by the
Voilà extension inside JupyterLab, as on Binder.
"""

import asyncio
import gc
import re
import sys
from collections import deque
from collections.abc import Callable
from datetime import datetime
from time import monotonic
from typing import Any

import nbclient.client as nbclient_client
import nbformat
import tornado.ioloop
import tornado.web
import voila.notebook_renderer
from jinja2 import BaseLoader, BytecodeCache, Environment, pass_context
from jinja2.bccache import Bucket
from jupyter_client import jsonutil
from jupyter_core.utils import ensure_async
from jupyter_server.base.handlers import FileFindHandler
from nbconvert.exporters.templateexporter import TemplateExporter
from voila.execute import VoilaExecutor
from voila.exporter import VoilaExporter
from voila.tornado.handler import TornadoVoilaHandler

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


# -- work Voilà repeats on every page view, done once per server ---------------------------
#
# Voilà makes a new exporter, and so a new Jinja environment, for every page view: its page
# templates were parsed and compiled afresh each time (about 0.15 s of server time per view),
# and every Markdown cell was converted to HTML again. The two hooks below keep the results
# for the life of the server. Both are keyed by everything the result depends on, so a
# changed template or cell is compiled or converted anew.


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled code for each template, shared by every environment alike."""

    def __init__(self) -> None:
        self.code: dict[tuple[object, ...], Any] = {}

    @staticmethod
    def _key(bucket: Bucket) -> tuple[object, ...]:
        env = bucket.environment
        return (bucket.key, bucket.checksum, env.is_async, tuple(sorted(env.extensions)),
                env.trim_blocks, env.lstrip_blocks, env.keep_trailing_newline,
                env.newline_sequence, env.optimized, repr(env.autoescape),
                env.block_start_string, env.variable_start_string, env.comment_start_string)

    def load_bytecode(self, bucket: Bucket) -> None:
        bucket.code = self.code.get(self._key(bucket))

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[self._key(bucket)] = bucket.code


COMPILED_TEMPLATES = CompiledTemplates()
_create_environment = TemplateExporter._create_environment


# -- no stylesheet from a CDN ---------------------------------------------------------------
#
# Voilà's lab template links Font Awesome from cdn.jsdelivr.net in every page head. The series
# uses no icon, and in a classroom without internet (or behind a network that drops the
# request) a stylesheet in the head holds the page back until the browser gives up on it.


CDN_LINK = re.compile(r'[ \t]*<link\b[^>]*\bhref="https?://cdn\.[^"]*"[^>]*>[ \t]*\n?')
"""A ``<link>`` tag that loads something from a CDN, with its line's indentation."""


class WithoutCdnLinks(BaseLoader):
    """Voilà's templates as they are shipped, minus their ``<link>`` tags to a CDN."""

    def __init__(self, loader: BaseLoader) -> None:
        self.loader = loader

    def get_source(self, environment: Environment,
                   template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        source, filename, uptodate = self.loader.get_source(environment, template)
        return CDN_LINK.sub("", source), filename, uptodate

    def list_templates(self) -> list[str]:
        return self.loader.list_templates()


def environment_as_served(self: TemplateExporter) -> Any:
    """The exporter's Jinja environment with the shared compiled code and no CDN links."""
    environment = _create_environment(self)
    environment.bytecode_cache = COMPILED_TEMPLATES
    environment.loader = WithoutCdnLinks(environment.loader)
    return environment


_markdown2html = VoilaExporter.markdown2html
_CONVERTED: dict[tuple[object, ...], str] = {}


@pass_context
def remembered_markdown2html(self: VoilaExporter, context: Any, source: str) -> str:
    """A Markdown cell's HTML, converted once. Cells with attachments or images are left to
    Voilà every time: it inlines their pictures from the files, which may change."""
    if context["cell"].get("attachments") or "![" in source or "<img" in source:
        return str(_markdown2html(self, context, source))
    key = (source, self.anchor_link_text, str(self.markdown_renderer_class))
    html = _CONVERTED.get(key)
    if html is None:
        html = _CONVERTED[key] = str(_markdown2html(self, context, source))
    return html


TemplateExporter._create_environment = environment_as_served
VoilaExporter.markdown2html = remembered_markdown2html


# -- widget code cached by the browser ------------------------------------------------------
#
# Voilà serves the JupyterLab extensions (the widget manager, anywidget, ...) with
# "Cache-Control: no-cache", so every page view asked the server again for each of their
# ~30 files, one chain of requests after another, before the first widget could appear
# (about 0.4 s of every view here, far more over Binder's network). Files whose names carry
# their content hash never change under that name: the browser may keep them.

HASHED_EXTENSION_FILE = re.compile(r"/voila/labextensions/.+\.[0-9a-f]{8,}\.js$")
"""A JupyterLab extension's bundle file named with its content hash, e.g. 967.38afcd79.js."""

_set_headers = FileFindHandler.set_headers


def set_headers_keeping_hashed_files(self: FileFindHandler) -> None:
    """Voilà's headers, except that content-hashed extension files may be cached for good."""
    _set_headers(self)
    if HASHED_EXTENSION_FILE.search(self.request.path):
        self.set_header("Cache-Control", "public, max-age=31536000, immutable")


FileFindHandler.set_headers = set_headers_keeping_hashed_files


# -- less work for every message a kernel sends ----------------------------------------------
#
# A page's kernel sends a message for every cell started and finished and for every output
# and widget: about 90 for a chapter, 14 for a one-widget page. Handling them took the server
# about 0.35 s more of its own time for a chapter than for that page, time the kernel and the
# browser wait for on a small machine. Three costs are avoidable; each change gives what was
# given before.

# 1. traitlets sets Voilà's logger to DEBUG and leaves the filtering to its console handler,
#    so every debug message (several per kernel message) was built into a record, with a walk
#    up the stack, and then thrown away. A logger at INFO drops them where they are made.
#    Asking for debug output (--debug or a log level) still gets all of it.
if not any(arg == "--debug" or "log_level" in arg or "log-level" in arg for arg in sys.argv):
    c.Voila.logging_config = {"loggers": {"Voila": {"level": "INFO"}}}

# 2. jupyter_client reads the date stamps of every message header with dateutil (two stamps
#    per message, read once for the page and once to track the kernel's activity), at about
#    0.1 ms a stamp. The standard library reads the ISO 8601 stamps that kernels send.
_parse_date = jsonutil.parse_date


def parse_date_quickly(text: str | None) -> Any:
    """``jupyter_client.jsonutil.parse_date``, by ``datetime.fromisoformat`` where it can:
    what is not a date stamp is returned as it is, and stamps without a time zone, or that
    ``fromisoformat`` cannot read, are left to jupyter_client."""
    if text is None or not jsonutil.ISO8601_PAT.match(text):
        return text
    try:
        stamp = datetime.fromisoformat(text)
    except ValueError:
        return _parse_date(text)
    return stamp if stamp.tzinfo is not None else _parse_date(text)


jsonutil.parse_date = parse_date_quickly

# 3. nbformat checks every output against the notebook schema as it is made (about 1 ms each).
#    The outputs come straight from the page's own kernel and are shown, never saved.
OUTPUT_FIELDS = {"execute_result": ("metadata", "data", "execution_count"),
                 "display_data": ("metadata", "data"),
                 "stream": ("name", "text"),
                 "error": ("ename", "evalue", "traceback")}
"""The fields of each kind of output, as nbformat takes them from the kernel's message."""
_output_from_msg = nbclient_client.output_from_msg


def output_unchecked(msg: dict[str, Any]) -> Any:
    """nbformat's output for a kernel message, without the schema check (other messages get
    nbformat's own error)."""
    kind = msg["header"]["msg_type"]
    if kind not in OUTPUT_FIELDS:
        return _output_from_msg(msg)
    content = msg["content"]
    return nbformat.from_dict({"output_type": kind,
                               **{field: content[field] for field in OUTPUT_FIELDS[kind]}})


nbclient_client.output_from_msg = output_unchecked


# -- fewer, larger pieces of the page on the wire --------------------------------------------
#
# Voilà sends a page in the small pieces its templates are rendered in, flushing each to the
# network on its own: about 370 for chapter 08, 70 for a one-widget page. Each flush is a write
# for the server and a separate bit of HTML for the browser to parse and lay out, while the
# page's kernel is still running cells on the same machine. Pieces that come together go out
# together: a flush waits a few milliseconds for the next piece, or until enough has gathered.
# A page still arrives as it runs, and nothing waits for long.

FLUSH_DELAY = 0.004
"""Seconds a piece may wait for the ones after it before it is sent."""
FLUSH_SIZE = 65536
"""Characters gathered that are sent at once, without waiting."""


@tornado.web.authenticated
async def get_in_fewer_pieces(self: TornadoVoilaHandler, path: str | None = None) -> None:
    """Voilà's page, written as its template renders it and flushed in batches."""
    loop = asyncio.get_running_loop()
    waiting: asyncio.TimerHandle | None = None
    gathered = 0

    def flush() -> None:
        nonlocal waiting, gathered
        waiting, gathered = None, 0
        self.flush()

    try:
        async for html in self.get_generator(path=path):
            self.write(html)
            gathered += len(html)
            if gathered >= FLUSH_SIZE:
                if waiting is not None:
                    waiting.cancel()
                flush()
            elif waiting is None:
                waiting = loop.call_later(FLUSH_DELAY, flush)
    finally:
        if waiting is not None:
            waiting.cancel()  # tornado sends the rest as it finishes the request


TornadoVoilaHandler.get = get_in_fewer_pieces


# -- no full garbage collection through the whole server -------------------------------------
#
# A running server holds about 200,000 objects made as it started (modules, classes, its web
# application), and Python's full collection walks every one: about 0.1 s, in the middle of
# whichever page a learner was opening, every few page views (the objects of a chapter's view
# bring the next one sooner). Once the server is up, those objects are collected once and put
# out of the collector's way for good; later full collections walk only what came after.


def freeze_what_the_server_started_with() -> None:
    """Collect the start-up's garbage, then keep the survivors out of later collections."""
    gc.collect()
    gc.freeze()


# Runs as the server's event loop starts, after the server has been built.
tornado.ioloop.IOLoop.current().add_callback(freeze_what_the_server_started_with)


# -- the next cells wait in the kernel, not in the server -------------------------------------
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


voila.notebook_renderer.VoilaExecutor = ExecutorSendingAhead
