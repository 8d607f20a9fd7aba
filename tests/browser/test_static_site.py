"""The static edition (make static) in Chromium, every request outside the site blocked.

The session builds the site with ``make static`` into test-artifacts/static-site (about 10 s
once the build venv exists; the first time it is made from the package registries), so the
pages tested are those of this checkout. Python runs in the browser here, so a page takes
10-20 s to start. One worker runs this file (tests/conftest.py: SHARED_SERVER_MODULES).

The first tests drive chapters 01, 03, 11 and 12 in depth; the last one tours every other
page of the series once, as one learner's browser would (its cache kept from page to page).
"""

from __future__ import annotations

import functools
import http.server
import io
import json
import re
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pypdf
import pytest
from test_sandbox_pages import _TURN_JS, _play_one_turn
from test_series_pages import (
    KEPT,
    SOLVED_BY_CLICKING,
    answer_wrong_then_right,
    feedback,
    place_two_cards_on_the_aces,
    puzzle,
    wait_for_puzzles,
    who_wins_three_sixes,
)

from tests.english_left import english_left, english_phrases
from tools.headless import PAGE_WHOLE_JS
from tools.static_site import LEFT_OUT, SERVICE_WORKER, CachingHandler
from worms_tutor.presentation.glossary import TERMS
from worms_tutor.widgets.printables_page import site_names

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "test-artifacts" / "static-site"
NOTEBOOKS = REPO / "notebooks"
START = 120_000
"""Milliseconds a page may take to start its Python and show its widgets."""


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The site built from this checkout, served on a free local port."""
    subprocess.run(["make", "static", f"STATIC_SITE={SITE}"], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class _Quiet(CachingHandler):
    """Serves the site as ``make static-serve`` does, without logging every request."""

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def blocked(page: Any, site_url: str) -> list[str]:
    """Every request the page makes outside the site, refused (the list is filled)."""
    refused: list[str] = []

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith((site_url, "data:", "blob:")):
            request_route.continue_()
        else:
            refused.append(url)
            request_route.abort()

    page.context.route("**/*", route)
    return refused


def _open(page: Any, site_url: str, name: str, query: str = "") -> None:
    """Open a chapter of the site and wait until its widgets are live."""
    page.goto(f"{site_url}/voici/render/{name}.html{query}")
    page.locator(".wt-lesson-recap").first.wait_for(timeout=START)


def _puzzles_live(page: Any) -> None:
    page.locator(".wt-lesson-puzzle .wt-puzzle button.wt-check").first.wait_for(timeout=START)


def test_chapter_01_puzzle_progress_after_reload_and_presenter_mode(
    page: Any, site_url: str, blocked: list[str], saved_progress: Callable[..., None],
    on_projector: Callable[[Any], None],
) -> None:
    _open(page, site_url, "01-the-pack-and-the-ranking")
    _puzzles_live(page)
    body = page.locator("body").inner_text()
    for bad in ("Traceback", "could not be shown", "could not be loaded"):
        assert bad not in body
    who_wins_three_sixes(page)
    found = puzzle(page, "Nine or Ace?")
    found.get_by_role("radio", name="S", exact=True).check()
    found.locator("button.wt-check").click()
    feedback(found, "correct")
    saved_progress(page)

    page.reload()
    solved_before = page.locator(".wt-puzzle--solved-before")
    page.locator(".wt-puzzle", has=page.locator(".wt-puzzle__title", has_text="Nine or Ace?")
                 ).and_(solved_before).wait_for(timeout=START)
    on_projector(page)
    page.get_by_role("link", name=re.compile("Drill this chapter")).click()
    page.wait_for_url(re.compile(r"/drill\.html\?chapter=01$"))
    page.wait_for_function(  # the drill of the chapter the link names, read in the browser
        "() => /pack.and.the.ranking/.test(document.querySelector("
        "'.wt-drill__chapter select option:checked')?.textContent || '')", timeout=START)
    assert blocked == []


def test_chapter_03_a_puzzle_solved_with_no_service_worker(
    page: Any, site_url: str, blocked: list[str],
) -> None:
    """The site registers no service worker (tools/static_site.py: SERVICE_WORKER), so the
    kernel's Python asks the page for no file while it starts, and still the page works."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    _open(page, site_url, "03-leads-and-following")
    _puzzles_live(page)
    place_two_cards_on_the_aces(page)
    assert not (SITE / SERVICE_WORKER).exists()
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    assert [url for url in asked if "/api/drive" in url] == []
    assert blocked == []


def test_chapter_12_opens_the_position_of_a_link(
    page: Any, site_url: str, blocked: list[str],
) -> None:
    from worms_tutor.formats.codes import encode
    from worms_tutor.widgets.explorer import Explorer

    shared = Explorer()
    for seat, cards in {"N": "7H 9C", "E": "KH 5D", "S": "JC 6H", "W": "9S QC"}.items():
        shared.places[seat].value = cards
    shared.show_button.click()
    assert shared.scenario is not None
    _open(page, site_url, "12-explore-positions",
          "?position=" + quote(encode(shared.scenario)))
    east = page.locator(".wt-explorer-place-E input")
    page.wait_for_function("(box) => box.value === 'KH 5D'", arg=east.element_handle(),
                           timeout=START)
    assert "Position opened from the link" in page.locator(".wt-explorer").inner_text()
    assert blocked == []


def test_chapter_11_the_bots_answer_in_the_browser(
    page: Any, site_url: str, blocked: list[str],
) -> None:
    _open(page, site_url, "11-play-a-match")
    page.locator(".wt-play .wt-hand__card").first.wait_for(timeout=START)
    page.wait_for_function(_TURN_JS, arg=[""], timeout=START)
    for _turn in range(2):  # each time the three bots play after a pause, then it is ours
        assert _play_one_turn(page) in ("next", "over")
        assert "wins" in page.locator(".wt-play-explain").inner_text()
    assert blocked == []


_WATCH_THE_PAGE_SHOW = """(() => {
  window.wtSeen = {};
  new MutationObserver(() => {
    const cells = document.getElementById('rendered_cells');
    const loading = document.getElementById('loading');
    const seen = window.wtSeen;
    if (!seen.shown && cells && cells.style.display !== 'none') {
      const seenAt = document.elementFromPoint(innerWidth / 2, innerHeight / 3);
      seen.shown = {bar: loading ? loading.className : null,
                    role: loading ? loading.getAttribute('role') : null,
                    text: loading ? loading.innerText.trim() : null,
                    heading: !!cells.querySelector('h1'),
                    onTop: cells.contains(seenAt),
                    recap: document.querySelectorAll('.wt-lesson-recap').length};
    }
    if (seen.shown && loading && seen.scrolled === undefined
        && cells.scrollHeight > cells.clientHeight + 300) {
      cells.scrollTop = 300;  // the learner reads on while the rest loads
      seen.scrolled = cells.scrollTop;
    }
    if (seen.shown && !seen.whole && !loading) {
      seen.whole = {recap: document.querySelectorAll('.wt-lesson-recap').length,
                    live: document.querySelectorAll('.wt-lesson-puzzle .wt-puzzle').length};
    }
  }).observe(document, {subtree: true, childList: true, attributes: true,
                        attributeFilter: ['style']});
})()"""
"""Notes what the page looks like the moment it shows, scrolls it a little while the rest
loads, and notes what it looks like the moment its last cell has run."""


def test_a_heavy_chapter_shows_as_its_cells_run(
    page: Any, site_url: str, blocked: list[str],
) -> None:
    """Chapter 08 runs 17 code cells in the browser: the page shows once the first has run,
    a bar says the rest is still loading, the place the learner scrolled to is kept when the
    page is whole, and the page's puzzles come alive only then
    (static/show_as_cells_run.html, widgets/static/progress.js)."""
    page.add_init_script(_WATCH_THE_PAGE_SHOW)
    page.goto(f"{site_url}/voici/render/08-scoring.html")
    wait_for_puzzles(page)
    seen = page.evaluate("window.wtSeen")
    assert seen["shown"] == {"bar": "wt-loading-rest", "role": "status",
                             "text": "Loading the rest of this page …", "heading": True,
                             "onTop": True, "recap": 0}
    assert seen["whole"] == {"recap": 1, "live": 1}  # the first puzzle only, so far
    assert seen["scrolled"] == 300
    assert page.evaluate("document.getElementById('rendered_cells').scrollTop") == 300
    assert page.locator("#loading").count() == 0
    assert blocked == []


def test_the_browser_gets_python_as_bytecode_and_may_keep_the_bundles(site_url: str) -> None:
    """What makes a page start in half the time, and a repeat visit ask for little: the
    browser's Python imports bytecode instead of compiling source at every start (the build
    needs node for it), and the front end's hashed bundles may be cached for good."""
    import urllib.request
    from zipfile import ZipFile

    pyodide = SITE / "static" / "pyodide"
    for archive, module in (("python_stdlib.zip", "json/__init__"),
                            ("ipython-*.whl", "IPython/__init__"),
                            ("worms_tutor-*.whl", "worms_tutor/__init__")):
        names = ZipFile(next(pyodide.glob(archive))).namelist()
        if shutil.which("node"):
            assert f"{module}.pyc" in names and f"{module}.py" not in names, archive
        else:
            assert f"{module}.py" in names, archive
    bundle = next((SITE / "extensions").rglob("remoteEntry.*.js")).relative_to(SITE)
    with urllib.request.urlopen(f"{site_url}/{bundle.as_posix()}") as reply:
        assert "immutable" in reply.headers["Cache-Control"]
    with urllib.request.urlopen(f"{site_url}/static/pyodide/pyodide-lock.json") as reply:
        assert reply.headers["Cache-Control"] == "no-cache"


def test_the_site_leaves_out_what_no_page_uses(site_url: str) -> None:
    """No service worker (the kernel then asks the page for no file as it starts), and jedi,
    IPython's code completion, only as a stand-in that declines to import: the pages have no
    code to complete, and its 600 files no longer unpack at every page start."""
    from zipfile import ZipFile

    pyodide = SITE / "static" / "pyodide"
    assert not (SITE / SERVICE_WORKER).exists()
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    jedi = ZipFile(pyodide / lock["jedi"]["file_name"]).namelist()
    assert [name for name in jedi if not name.startswith("jedi-0.0.0.dist-info/")] == [
        "jedi/__init__.pyc" if shutil.which("node") else "jedi/__init__.py"]
    assert "parso" not in lock and not list(pyodide.glob("parso-*.whl"))


DRIVEN = ("01-the-pack-and-the-ranking", "03-leads-and-following", "11-play-a-match",
          "12-explore-positions")
"""The pages the tests above open and drive further."""
TOUR = [notebook.stem for notebook in sorted(NOTEBOOKS.glob("*.ipynb"))
        if notebook.stem not in DRIVEN and notebook.name not in LEFT_OUT]
QUERY = {"drill": "?chapter=05", "quiz": "?chapter=05"}
"""The pages opened the way a chapter's link opens them."""


@pytest.fixture(scope="module")
def learner(browser: Any, site_url: str) -> Iterator[tuple[Any, list[str], list[str]]]:
    """One learner's browser profile for the tour, with the page errors and the requests
    outside the site it saw. Those requests go to a proxy that is not there, so they fail
    (a route, as in ``blocked``, would also switch the browser's cache off)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900},
                                  proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"})
    errors: list[str] = []
    outside: list[str] = []
    context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(
        f"{page.url}: {error}")))
    context.on("request", lambda asked: None if asked.url.startswith(
        (site_url, "data:", "blob:")) else outside.append(asked.url))
    yield context, errors, outside
    context.close()


def _puzzle_answered(page: Any, name: str) -> None:
    """A chapter's puzzle answered as the Voilà tests answer it (test_series_pages)."""
    wait_for_puzzles(page)
    if f"{name}.ipynb" in SOLVED_BY_CLICKING:
        SOLVED_BY_CLICKING[f"{name}.ipynb"](page)
    else:
        answer_wrong_then_right(page, *KEPT[f"{name}.ipynb"])


def _quiz_revealed(page: Any) -> None:
    page.wait_for_function(  # the chapter of the link, read in the browser
        "() => document.querySelector('.wt-quiz__count')?.textContent.includes('Chapter 5')")
    assert page.locator(".wt-quiz__answer--right").count() == 0
    page.locator(".wt-quiz__question").click()  # the page has the keyboard, not a field
    page.keyboard.press("r")
    page.wait_for_selector(".wt-quiz__answer--right")
    assert "Why:" in page.locator(".wt-quiz__why").inner_text()


def _drill_shows_chapter_5(page: Any) -> None:
    page.locator(".wt-drill .wt-puzzle button.wt-check").first.wait_for(timeout=START)
    page.wait_for_function("() => /three.of.diamonds/i.test(document.querySelector("
                           "'.wt-drill__chapter select option:checked')?.textContent || '')")


def _printables_download(page: Any, expected: int) -> dict[str, bytes]:
    """Every printable the page links to, downloaded: each a PDF (by its address)."""
    links = page.locator(".wt-printables a")
    assert links.count() == expected
    pdfs = {}
    for href in links.evaluate_all("links => links.map(link => link.href)"):
        reply = page.request.get(href)
        assert reply.ok and reply.body().startswith(b"%PDF"), href
        pdfs[href] = reply.body()
    return pdfs


CHECKS: dict[str, Callable[[Any], None]] = {
    "quiz": _quiz_revealed,
    "drill": _drill_shows_chapter_5,
    "challenge": lambda page: page.locator(".wt-challenge .wt-puzzle button.wt-check"
                                           ).first.wait_for(timeout=START),
    "glossary": lambda page: page.wait_for_function(
        "(count) => document.querySelectorAll('.jp-RenderedMarkdown table tbody tr').length"
        " === count", arg=len(TERMS)),
    "summary": lambda page: _printables_download(page, 2),  # one rules sheet per rulebook
    "teachers": lambda page: _printables_download(page, len(site_names())),
}
"""What each page besides the chapters shows once it works."""


@pytest.mark.parametrize("name", TOUR)
def test_every_page_works_in_the_browser(
    name: str, learner: tuple[Any, list[str], list[str]], site_url: str,
) -> None:
    context, errors, outside = learner
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(f"{site_url}/voici/render/{name}.html{QUERY.get(name, '')}")
        page.wait_for_function(PAGE_WHOLE_JS, timeout=START)
        if name[:2].isdigit():
            _puzzle_answered(page, name)
        elif name in CHECKS:
            CHECKS[name](page)
        body = page.locator("body").inner_text()
        for bad in ("Traceback", "could not be shown", "could not be loaded", "starts afresh"):
            assert bad not in body, f"{name}: {bad!r} on the page"
    finally:
        page.close()
    assert errors == []
    assert outside == []


def test_a_danish_page_works_and_links_back(
    learner: tuple[Any, list[str], list[str]], site_url: str,
) -> None:
    """A translated page is built with the rest: it runs, speaks Danish, offers the English
    page, and its links lead to the Danish pages."""
    context, errors, outside = learner
    page = context.new_page()
    try:
        page.goto(f"{site_url}/voici/render/da/00-start-here.html")
        page.wait_for_function(PAGE_WHOLE_JS, timeout=START)
        assert page.evaluate("document.documentElement.lang") == "da"
        assert page.get_by_role("heading", name="Start her: Worms, Grønlands kortspil").is_visible()
        built = (SITE / "voici" / "render" / "da" / "00-start-here.html").read_text()
        assert ">Siden åbnes …<" in built and "Running" not in built  # the spinner's words
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        text = page.locator("#rendered_cells").inner_text()
        assert "Tjek" in text and english_left(text, english_phrases()) == []  # widgets too
        switch = page.locator(".wt-language-switch a")
        assert switch.inner_text() == "English"
        assert switch.get_attribute("href") == "/voici/render/00-start-here.html"
        chapter = page.get_by_role("link", name="Kortene og deres rækkefølge").first
        assert chapter.get_attribute("href") == "01-the-pack-and-the-ranking.html"
        chapter.click()
        page.wait_for_url(f"{site_url}/voici/render/da/01-the-pack-and-the-ranking.html")
        page.wait_for_function(PAGE_WHOLE_JS, timeout=START)
        page.goto(f"{site_url}/voici/render/da/summary.html")  # links one folder deeper
        page.wait_for_function(PAGE_WHOLE_JS, timeout=START)
        pdfs = _printables_download(page, 2)
        assert page.locator(".wt-printables").inner_text().count("regler på én side") == 2
        for href, pdf in pdfs.items():  # the Danish sheets, drawn at build
            assert f"{site_url}/printables/da/" in href
            text = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
            assert "Worms på én side" in text and "Worms on one page" not in text, href
    finally:
        page.close()
    assert errors == []
    assert outside == []
