"""Real-browser tests: Debian's chromium driven by Playwright, against `streamlit run`.

Locally, without /usr/bin/chromium the tests skip with the reason; in CI (CI=true) they fail
instead, since CI installs chromium. `playwright install` is never needed: the browser is
the system's.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = Path(os.environ.get("BURACO_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]"}
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{reason} (CI=true: the browser tests must run here)", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def chromium() -> Path:
    """The system's chromium; skip (locally) or fail (CI=true) when it is not there."""
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} not found: install Debian's chromium to run the e2e tests")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("the playwright package is not installed")
    return CHROMIUM


def streamlit_command(port: int) -> list[str]:
    """`streamlit run app.py` as TESTING.md says: headless, local, no telemetry, no watcher."""
    return [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "localhost",
        "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
        "--global.developmentMode", "false",
    ]  # fmt: skip


@pytest.fixture(scope="session")
def app_data_dir() -> Path:
    """The server's data folder (its sheets, progress and games): fresh, never ./data/. A
    test may store a game there to open it at a point that takes long to reach by taps."""
    return Path(tempfile.mkdtemp(prefix="buraco-e2e-"))


@pytest.fixture(scope="session")
def app_url(chromium: Path, app_data_dir: Path) -> Iterator[str]:
    """Start `streamlit run app.py` on a free port; yield its URL once /_stcore/health is ok."""
    port = _free_port()
    cmd = streamlit_command(port)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = (ARTIFACTS / "streamlit.log").open("w")
    env = {**os.environ, "BURACO_DATA_DIR": str(app_data_dir)}
    env.pop("BURACO_DATABASE_URL", None)
    server = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://localhost:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if server.poll() is not None:
                pytest.fail(f"streamlit exited with {server.returncode}; see {log.name}")
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as answer:
                    if answer.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"streamlit did not become healthy in 30 s; see {log.name}")
            time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="session")
def browser(chromium: Path) -> Iterator[object]:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS // 2)
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Outside:
    """Every request that left localhost during a test."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def record(self, url: str) -> None:
        parsed = urlparse(url)
        if parsed.scheme in ("data", "blob", "about", "chrome", "chrome-extension"):
            return
        if parsed.hostname not in LOCAL_HOSTS:
            self.urls.append(url)


# A loaded CI machine can stall the app server for many seconds (seen at the first pages of
# a run): every wait is long, and it costs nothing when the page answers at once.
WAIT_MS = 60_000


def new_page(browser: object, viewport: dict[str, int], outside: Outside) -> object:
    """A page in a browser context of its own (its cookies, its storage, its cache)."""
    context = browser.new_context(viewport=viewport)  # type: ignore[attr-defined]
    return watched(context.new_page(), outside)


def watched(page: Any, outside: Outside) -> Any:
    """The page, its waits long, its app's runs followed (RUNS_WATCHED) and every request it
    makes recorded in `outside`."""
    page.set_default_timeout(WAIT_MS)
    page.add_init_script(RUNS_WATCHED)
    page.on("request", lambda request: outside.record(request.url))
    page.on("websocket", lambda ws: outside.record(ws.url))
    return page


# Run first at every load of a watched page: window.btSettled says whether the app's runs are
# over, read from the messages of its socket (Streamlit's protobufs, top-level fields only).
# False from the moment the page asks for a run (a BackMsg rerun_script, field 11: the page's
# load, a tap) or the server starts one (a ForwardMsg new_session, field 4); true again at a
# script_finished (field 6) that is not FINISHED_EARLY_FOR_RERUN (2): an st.rerun or an
# st.switch_page (an unknown address sent home) ends a run only to start the next one, and
# the page's state is briefly "notRunning" in between, where wait_for_app alone could stop.
RUNS_WATCHED = """if (!window.btRunsWatched) {
    window.btRunsWatched = true;
    window.btSettled = false;
    const fields = (data) => {
        const bytes = ArrayBuffer.isView(data)
            ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
            : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(0);
        const found = new Map();
        let at = 0;
        const varint = () => {
            let value = 0, scale = 1, byte;
            do {
                byte = bytes[at++];
                value += (byte & 127) * scale;
                scale *= 128;
            } while (byte & 128 && at < bytes.length);
            return value;
        };
        while (at < bytes.length) {
            const tag = varint(), field = Math.floor(tag / 8), wire = tag % 8;
            if (wire === 0) found.set(field, varint());
            else if (wire === 2) { const length = varint(); at += length; found.set(field, null); }
            else if (wire === 1) at += 8;
            else if (wire === 5) at += 4;
            else break;
        }
        return found;
    };
    const Socket = window.WebSocket;
    window.WebSocket = class extends Socket {
        constructor(...args) {
            super(...args);
            this.addEventListener("message", (event) => {
                const sent = fields(event.data);
                if (sent.has(4)) window.btSettled = false;
                if (sent.has(6)) window.btSettled = sent.get(6) !== 2;
            });
        }
        send(data) {
            if (fields(data).has(11)) window.btSettled = false;
            super.send(data);
        }
    };
}"""


# Run first in each page open_page opens, at every load of its tab: the first one empties the
# site's local storage (Streamlit keeps its theme and the sidebar's sections there), so the
# page starts as a new visitor's; a reload in the same tab keeps what the tab has stored.
FIRST_VISIT = """if (!sessionStorage.getItem("bt-opened")) {
    localStorage.clear();
    sessionStorage.setItem("bt-opened", "1");
}"""


@pytest.fixture(params=["desktop", "phone"])
def viewport(request: pytest.FixtureRequest) -> tuple[str, dict[str, int]]:
    """Each test that takes it runs at 1280x800 and at a 390x844 phone."""
    return request.param, DESKTOP if request.param == "desktop" else PHONE


@pytest.fixture(scope="session")
def shared_contexts(browser: Any) -> Iterator[dict[tuple[int, int], Any]]:
    """One browser context per window size for the pages open_page opens, the tests one
    after another. A context of its own for each page loaded and compiled Streamlit's
    scripts anew (its cache starts empty): about twice a page's CPU."""
    contexts: dict[tuple[int, int], Any] = {}
    yield contexts
    for context in contexts.values():
        context.close()


def with_a_tab_kept(context: Any) -> Any:
    """The context, with an empty tab opened that stays open while the tests' tabs open and
    close (close_tests_tabs). A context left with no tab made the next page's load cost the
    browser half as much CPU again (Lições: 1.7 s, against 1.1 s with a tab kept)."""
    context.new_page()
    return context


def close_tests_tabs(context: Any) -> None:
    """Close the tabs a test opened in a shared context: all but its first, kept open."""
    for page in context.pages[1:]:
        page.close()


@pytest.fixture
def open_page(
    shared_contexts: dict[tuple[int, int], Any], browser: Any, app_url: str
) -> Iterator[Callable[..., object]]:
    """open_page(path, viewport) -> a Playwright page on the app, loaded and idle.

    Each page is a new visitor's, as in a browser of its own: no cookie (no learner yet),
    nothing stored by the site (FIRST_VISIT); only the browser's cache is shared. The
    test's pages (and the tabs it opened beside them) are closed after it. Every request
    the page makes is recorded; the test fails if one left localhost.
    """
    outside = Outside()
    used: list[Any] = []

    def open_(path: str = "", size: dict[str, int] = DESKTOP) -> object:
        key = (size["width"], size["height"])
        if key not in shared_contexts:
            shared_contexts[key] = with_a_tab_kept(browser.new_context(viewport=size))
        context = shared_contexts[key]
        context.clear_cookies()
        used.append(context)
        page = watched(context.new_page(), outside)
        page.add_init_script(FIRST_VISIT)
        load(page, f"{app_url}/{path.lstrip('/')}")
        return page

    yield open_
    for context in used:
        close_tests_tabs(context)
    assert outside.urls == [], f"requests left localhost: {outside.urls}"


def load(page: Any, url: str) -> None:
    """Open `url` in the page's tab and wait until it has loaded and is idle."""
    page.goto(url)
    wait_for_app(page)


def wait_for_app(page: object, timeout: float = WAIT_MS) -> None:
    """Wait as Streamlit's own e2e suite does: connected, script not running, no skeleton;
    on a watched page, first for the last run asked for to have finished (RUNS_WATCHED), so
    that a run that starts another (a link to a page the app lacks) is waited for whole."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => window.btSettled !== false", timeout=timeout
    )
    page.wait_for_selector(  # type: ignore[attr-defined]
        "[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=timeout
    )
    page.wait_for_selector(  # type: ignore[attr-defined]
        "[data-testid='stApp'][data-test-script-state='notRunning']", timeout=timeout
    )
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelectorAll(\"[data-testid='stSkeleton']\").length === 0",
        timeout=timeout,
    )


def choose_in_sidebar(page: Any, url_path: str) -> None:
    """Go to the Portuguese app's page `url_path` as a person does: chosen in the sidebar's
    menu (on a phone, the sidebar opened first; it closes again after the choice). Waits
    until the page has run and the sidebar has stopped moving."""
    from buraco_app.pages import PAGES
    from buraco_text import translate

    spec = next(spec for spec in PAGES if spec.url_path == url_path)
    if page.viewport_size == PHONE:
        page.get_by_test_id("stExpandSidebarButton").click()
    title = translate(spec.title_key, "pt")
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title).click()
    page.wait_for_url(f"**/{url_path}*")
    wait_for_app(page)
    if page.viewport_size == PHONE:
        # The sidebar starts closing 200 ms after the tap (settings._NAV_CLOSES; Streamlit
        # itself only on a phone's user agent), then slides 0.3 s: the new page's run may be
        # over before, with no animation running yet and the sidebar still over the page.
        # A person sees it go before tapping on; so does this.
        page.wait_for_function(
            "() => document.querySelector(\"[data-testid='stSidebar']\")"
            ".getBoundingClientRect().right <= 0",
            timeout=WAIT_MS,
        )
    page.evaluate(SETTLED)


# Resolves once nothing in the page has changed for `quiet` ms (at most `most` ms in all): what
# a run drew, and what the page's scripts did to it in turn, has landed.
QUIET = """async ([quiet, most]) => {
    const start = performance.now();
    let last = start;
    const watch = new MutationObserver(() => { last = performance.now(); });
    const all = {subtree: true, childList: true, attributes: true, characterData: true};
    watch.observe(document, all);
    while (performance.now() - last < quiet && performance.now() - start < most) {
        await new Promise((done) => setTimeout(done, quiet / 4));
    }
    watch.disconnect();
}"""


def quiet(page: Any, quiet_ms: int = 100, most_ms: int = 5_000) -> None:
    """Wait until the page has stopped changing for `quiet_ms` (see QUIET)."""
    page.evaluate(QUIET, [quiet_ms, most_ms])


def top_on_screen(target: Any) -> float:
    box = target.bounding_box()
    assert box is not None, target
    return float(box["y"])


def settled_top(page: Any, target: Any) -> float:
    """Where `target`'s top comes to rest on the screen (a scroll may follow the rerun): the
    same for three readings in a row, 150 ms apart. (Two in a row were once read before the
    scroll had begun, in a full run with both cores busy: the alert at the screen's foot.)"""
    top, still = top_on_screen(target), 0
    for _ in range(20):
        page.wait_for_timeout(150)
        top, was = top_on_screen(target), top
        still = still + 1 if top == was else 0
        if still == 2:
            break
    return top


@pytest.fixture
def settle() -> Callable[[object], None]:
    """settle(page): wait until the rerun a click or a keystroke started has finished."""
    return wait_for_app


@pytest.fixture
def screenshot() -> Callable[[object, str], Path]:
    """screenshot(page, name): the whole app as tests/artifacts/<name>.png."""
    return shot


@pytest.fixture
def phone() -> dict[str, int]:
    return PHONE


# An iPad Mini held upright: a touch screen wider than a phone's.
TABLET = {"width": 768, "height": 1024}


@pytest.fixture(scope="session")
def tablet_context(browser: Any) -> Iterator[Any]:
    """The tablet's browser context, shared by the tests one after another as open_page's
    are (shared_contexts): its cache of Streamlit's scripts kept."""
    context = with_a_tab_kept(browser.new_context(viewport=TABLET, has_touch=True, is_mobile=True))
    yield context
    context.close()


@pytest.fixture(params=["phone", "tablet"])
def finger(
    request: pytest.FixtureRequest,
    open_page: Callable[..., Any],
    tablet_context: Any,
    app_url: str,
) -> Iterator[Callable[[str], Any]]:
    """finger(path) -> the app's page, loaded, as a finger meets it: on a 390x844 phone (a
    window that narrow is laid out for a finger, touch screen or not), then on a tablet's
    768x1024 touch screen. Each is a new visitor's; no request may leave localhost."""
    if request.param == "phone":
        yield partial(open_page, size=PHONE)
        return
    outside = Outside()
    context = tablet_context
    context.clear_cookies()

    def open_(path: str) -> Any:
        page = watched(context.new_page(), outside)
        page.add_init_script(FIRST_VISIT)
        load(page, f"{app_url}/{path}")
        return page

    yield open_
    close_tests_tabs(context)
    assert outside.urls == [], f"requests left localhost: {outside.urls}"


# Resolves once the page's transitions and finite animations (a sidebar sliding open, an
# expander) have ended and two more frames are drawn (what a change of size set off, a
# resize observer and the rerender it asks for, is on screen). Endless ones are not awaited.
SETTLED = """async () => {
    const ending = document.getAnimations().filter((a) => a.playState === "running"
        && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => null)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def shot(page: object, name: str) -> Path:
    """A screenshot of the whole app. Streamlit scrolls inside its main section, so
    `full_page` alone shows one viewport: grow the viewport to the content, then restore."""
    path = ARTIFACTS / f"{name}.png"
    page.evaluate(SETTLED)  # type: ignore[attr-defined]
    size = page.viewport_size  # type: ignore[attr-defined]
    height = page.evaluate(  # type: ignore[attr-defined]
        """() => {
            const main = document.querySelector("[data-testid='stMain']");
            const bar = document.querySelector("[data-testid='stSidebarContent']");
            const box = bar ? bar.getBoundingClientRect() : null;
            const open = box && box.width > 0 && box.right > 1;  // collapsed: off screen
            return Math.max(main ? main.scrollHeight : 0, open ? bar.scrollHeight : 0);
        }"""
    )
    if size and height > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": int(height)})  # type: ignore[attr-defined]
        page.evaluate(SETTLED)  # type: ignore[attr-defined]
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    if size and height > size["height"]:
        page.set_viewport_size(size)  # type: ignore[attr-defined]
    return path
