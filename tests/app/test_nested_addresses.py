"""Nested addresses (/a/b/c) are sent to their one-part form before Streamlit sees them
(buraco_app/nested_addresses.py): Streamlit answers them with a page whose scripts do not
load, a blank white page. In a real browser: tests/e2e/test_nav_e2e.py."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from buraco_app.nested_addresses import NestedAddresses, one_part_address
from buraco_app.pages import unknown_page

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("raw_path", "sent_to"),
    [
        ("/a/b/c", "/a%2Fb%2Fc"),
        ("/lessons/extra", "/lessons%2Fextra"),
        ("/lessons/extra/", "/lessons%2Fextra"),
        ("/a%2Fb/c", "/a%2Fb%2Fc"),  # (an encoded "/" and a plain one: the same place)
        ("/p%C3%A1gina/x", "/p%C3%A1gina%2Fx"),  # (accents stay as the browser sent them)
        ("/a/b/static/js/index.js", "/a%2Fb%2Fstatic%2Fjs%2Findex.js"),
        ("/app/extra", "/app%2Fextra"),  # (only /app/static/ is Streamlit's)
        # Never an address another host could be read from ("/\\x" is "//x" to a browser).
        ("/%5Cevil.example/x", "/%5Cevil.example%2Fx"),
        ("/\\evil.example/x", "/%5Cevil.example%2Fx"),
    ],
)
def test_a_nested_address_is_sent_to_one_part(raw_path: str, sent_to: str) -> None:
    assert one_part_address(raw_path) == sent_to
    assert unknown_page(f"http://localhost:8501{sent_to}") is not None  # opens home, noticed


@pytest.mark.parametrize(
    "raw_path",
    [
        "/",  # the bare address (home)
        "",
        "/lessons",  # a page
        "/lessons/",  # (Streamlit drops the "/" itself)
        "/pagina-velha",  # one part: pages.unknown_page's
        "/a%2Fb",  # one part too, an encoded "/" in it
        "/index.html",
        "/favicon.png",
        # Streamlit's own files and endpoints.
        "/_stcore/health",
        "/_stcore/upload_file/session/file",
        "/static/js/index.DormvYxC.js",
        "/app/static/logo.png",
        "/media/abc.png",
        "/component/some.component/index.html",
        # What the browser asks a page's address for, to learn where the app is: a 404 there.
        "/lessons/_stcore/health",
        "/a%2Fb%2Fc/_stcore/host-config",
        "//evil.example/x",  # (Streamlit refuses it: it could be read as another host)
    ],
)
def test_streamlits_own_and_one_part_addresses_are_left_alone(raw_path: str) -> None:
    assert one_part_address(raw_path) is None


def test_under_a_base_path_the_pages_address_is_one_part() -> None:
    """server.baseUrlPath "buraco": the app is at /buraco, its pages at /buraco/lessons."""
    assert one_part_address("/buraco/lessons", "buraco") is None
    assert one_part_address("/buraco", "/buraco/") is None
    assert one_part_address("/buraco/_stcore/health", "buraco") is None
    assert one_part_address("/buraco/lessons/extra", "/buraco/") == "/buraco/lessons%2Fextra"
    assert one_part_address("/other/lessons", "buraco") is None  # not the app's


class _Streamlit:
    """Stands for Streamlit's server behind the middleware: records what reached it."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.seen.append(scope["path"])


def _ask(
    method: str, raw_path: bytes, query: bytes = b"", kind: str = "http"
) -> tuple[list[dict[str, Any]], list[str]]:
    """One request through the middleware: (what it answered, what reached Streamlit)."""
    streamlit, answered = _Streamlit(), list[dict[str, Any]]()
    scope = {
        "type": kind,
        "method": method,
        "path": raw_path.decode().replace("%2F", "/"),  # (decoded, as the server gives it)
        "raw_path": raw_path,
        "query_string": query,
        "headers": [],
    }

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        answered.append(message)

    asyncio.run(NestedAddresses(streamlit)(scope, receive, send))
    return answered, streamlit.seen


def test_the_redirect_keeps_the_query_string() -> None:
    """?lang=en: the notice comes in the user's language."""
    answered, seen = _ask("GET", b"/a/b/c", b"lang=en&rules=aberto")
    assert seen == []
    start = answered[0]
    assert start["status"] == 307
    assert (b"location", b"/a%2Fb%2Fc?lang=en&rules=aberto") in start["headers"]


def test_the_raw_path_is_read_so_an_encoded_slash_is_no_loop() -> None:
    """/a%2Fb decodes to /a/b; sent on to /a%2Fb, it would come back, forever."""
    answered, seen = _ask("GET", b"/a%2Fb")
    assert answered == [] and seen == ["/a/b"]


@pytest.mark.parametrize(
    ("method", "kind"),
    [("POST", "http"), ("PUT", "http"), ("GET", "websocket")],
)
def test_only_a_page_request_is_redirected(method: str, kind: str) -> None:
    answered, seen = _ask(method, b"/a/b/c", kind=kind)
    assert answered == [] and seen == ["/a/b/c"]


def test_streamlit_run_serves_app_py_with_the_middleware() -> None:
    """`streamlit run app.py` (`buraco app`, dev.py run, the browser tests) starts the server
    app.py defines only if it finds an `app = st.App(...)` in it."""
    from streamlit.web.server.app_discovery import discover_asgi_app

    found = discover_asgi_app(ROOT / "app.py")
    assert found.is_asgi_app and found.import_string == "app:app"
