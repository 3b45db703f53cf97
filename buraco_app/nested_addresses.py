"""Nested addresses (/a/b/c, /lessons/extra): before Streamlit sees them, the browser is sent
to the one-part address /a%2Fb%2Fc, which opens the home page with the notice
(pages.unknown_page).

Why not leave them to Streamlit: it answers any unknown address with its index.html, whose
scripts are relative (./static/js/...). At /a/b/c they resolve to /a/b/static/js/..., which
is index.html again, and the browser refuses to run HTML as a script: a blank page, and none
of the app's code runs to say anything. app.py puts this in front of Streamlit's server.
"""

from __future__ import annotations

from urllib.parse import quote, unquote

from starlette.responses import RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from streamlit import config

# Streamlit's own addresses (its files and endpoints): no page lives under them.
_STREAMLIT_OWN = ("_stcore/", "static/", "app/static/", "media/", "component/")
# The browser asks each page's address for Streamlit's endpoints too (/lessons/_stcore/health,
# a 404 that tells it the app is at /): those stay Streamlit's, wherever they are.
_STREAMLIT_ENDPOINTS = "_stcore"


def one_part_address(raw_path: str, base: str = "") -> str | None:
    """The address to send a browser to instead of a nested one (raw_path as sent, still
    percent-encoded: a%2Fb is one part), or None to leave it to Streamlit: the bare address,
    one-part addresses, Streamlit's own, and anything outside the app's `base`
    (server.baseUrlPath)."""
    prefix = "/" + base.strip("/") if base.strip("/") else ""
    if raw_path.startswith("//") or not raw_path.startswith(prefix + "/"):
        return None  # (Streamlit refuses "//x": it could be read as another host)
    path = raw_path[len(prefix) :].strip("/")
    if "/" not in path or path.startswith(_STREAMLIT_OWN):
        return None
    if _STREAMLIT_ENDPOINTS in path.split("/"):
        return None
    # Every "/" (and anything else not plain) encoded: one part, never another host's address.
    return f"{prefix}/{quote(unquote(path), safe='')}"


class NestedAddresses:
    """ASGI middleware: a page's nested address is redirected to its one-part form, with the
    query string kept (?lang=en: the notice comes in the user's language)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # The raw path, not the decoded one: /a%2Fb decodes to /a/b, which would be sent to
        # /a%2Fb again, forever.
        raw_path = scope.get("raw_path")
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD") and raw_path:
            base = str(config.get_option("server.baseUrlPath") or "")
            target = one_part_address(raw_path.decode("latin-1"), base)
            if target is not None:
                query = scope.get("query_string", b"").decode("latin-1")
                response = RedirectResponse(f"{target}?{query}" if query else target)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
