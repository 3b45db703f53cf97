"""The app's pages, in one place: app.py builds the navigation from this list, and the home
page links to every page listed here (so a new page appears on both by adding one line).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from copy import copy
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from urllib.parse import unquote, urlsplit

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from buraco_app.i18n import get_lang, t
from buraco_text import Lang


@dataclass(frozen=True, slots=True)
class PageSpec:
    """A page: its file (relative to app.py), URL path, emoji icon and i18n keys.

    Icons are emoji, not material symbols: those make the browser fetch a font from the
    internet. `blurb_key` says on the home page what the page is for (None: not listed there).
    """

    path: str
    url_path: str
    icon: str
    title_key: str
    blurb_key: str | None = None
    rules_bar: bool = False  # the page's top has settings.rules_bar (the home names these)


HOME = PageSpec("app_pages/home.py", "home", "♠️", "page.home")
# A page each; True at the end: its top has the rules bar (settings.rules_bar).
PAGES: tuple[PageSpec, ...] = (
    HOME,
    PageSpec("app_pages/lessons.py", "lessons", "♥️", "page.lessons", "page.lessons.blurb"),
    PageSpec("app_pages/practice.py", "practice", "♣️", "page.practice", "page.practice.blurb"),
    PageSpec("app_pages/play.py", "play", "🃏", "play.page", "play.blurb", True),
    PageSpec(
        "app_pages/variants.py", "variants", "⚖️", "page.variants", "page.variants.blurb", True
    ),
    PageSpec("app_pages/lookup.py", "lookup", "✔️", "page.lookup", "page.lookup.blurb", True),
    PageSpec("app_pages/who_is_right.py", "who", "⁉️", "who.page", "who.blurb", True),
    PageSpec(
        "app_pages/score_calculator.py", "calculator", "♦️", "page.calc", "page.calc.blurb", True
    ),
    PageSpec("app_pages/score_sheet.py", "sheet", "✏️", "page.sheet", "page.sheet.blurb", True),
)


# Where app.py is: the checkout's top, or the copy a `pip install .` puts in buraco_app/site.
_CHECKOUT = Path(__file__).resolve().parent.parent
ROOT = _CHECKOUT if (_CHECKOUT / "app.py").is_file() else Path(__file__).resolve().parent / "site"


def link_unread(page: str) -> bool:
    """Whether this session has yet to read `page`'s own parameters in the address (it has
    now). A link is read once a session, when it opens the page (a link opens a new one).
    Afterwards the address is the page's own and may lag behind its widgets: a tap sent
    before the browser took the newest address carries an older one, which must not undo
    the taps since."""
    key = f"{page}_link_read"
    unread = key not in st.session_state
    st.session_state[key] = True
    return unread


def link_within_session(url_path: str) -> None:
    """Where a page offers a link with parameters to `url_path`, a page that reads its link
    once a session (`link_unread`): that page reads its address again on its next visit.
    st.page_link moves within the session, so a session that had opened the page before
    ignored the link (“Julgar o jogo” from “Quem tem razão?” opened an empty lookup). A
    visit by the menu reads a bare address: nothing to read, nothing undone."""
    st.session_state.pop(f"{url_path}_link_read", None)


def page_link(url_path: str, label: str, query: dict[str, str] | None = None) -> None:
    """A link to one of the app's pages, with the icon the navigation gives it (and `query`,
    that page's own parameters, in its address)."""
    # The navigation's st.Page (with its icon), not the file's name: a name is looked up on
    # the disk on every rerun (realpath, a system call per folder), a tenth of a page's rerun.
    page = next(page for spec, page in navigation() if spec.url_path == url_path)
    st.page_link(page, label=label, query_params=query)


def available_pages() -> list[PageSpec]:
    """The listed pages whose file exists: pages are written side by side, and a page listed
    before its file is there must not break the others (nor get a link on the home page)."""
    return [p for p in PAGES if (ROOT / p.path).is_file()]


def navigation_pages() -> list[st.Page]:
    """The st.Page objects, titled in the session's language; and, when a link asks for a
    page the app does not have, a hidden one at that address that opens the home page with
    a word on why (else Streamlit shows its own "Page not found", in English only)."""
    # Copies for this run: st.navigation marks the page it returns as callable once, on the
    # object itself; two sessions running at once on one shared Page made the second's
    # page.run() fail ("This page cannot be called directly").
    found = [copy(page) for _, page in navigation()]
    asked = unknown_page(st.context.url)
    if asked is not None and "/" in asked:
        # An encoded "/" (a%2Fb): Streamlit asks for the page "a/b", where no st.Page can
        # be. It runs the home page as if asked for it (no English "Page not found").
        st.session_state[_NOT_FOUND] = asked
        _ask_for_home_page()
    elif asked is not None:
        page = st.Page(partial(_not_found, asked), title=asked, url_path=asked, visibility="hidden")
        found.append(page)
    return found


def _ask_for_home_page() -> None:
    """This run shows the default page (st.navigation's fallback when no page is asked
    for); the browser's address becomes the home page's."""
    # Streamlit's own (not public) call: where a version lacks it, Streamlit's notice shows.
    set_intent = getattr(
        getattr(get_script_run_ctx(), "pages_manager", None), "set_script_intent", None
    )
    if set_intent is not None:
        set_intent("", "")


_SHOWN_NAME = re.compile(r"[\w-]{1,60}")
# The addresses Streamlit serves a page at (home is at the bare address, not at its name).
_SERVED = frozenset(spec.url_path for spec in PAGES if spec is not HOME)
_NOT_FOUND = "_pages_not_found"


def unknown_page(url: str | None) -> str | None:
    """The page a link asks for (the last part of its path, as the browser decodes it: an
    encoded "/" stays in it) when the app has none such and Streamlit would look for one
    there: no spaces at its ends, nothing unprintable."""
    asked = unquote(urlsplit(url or "").path.rstrip("/").rpartition("/")[2])
    fits = asked and asked == asked.strip() and asked.isprintable()
    return asked if fits and asked not in _SERVED else None


def _not_found(asked: str) -> None:
    if asked != HOME.url_path:  # (/home is the home page's name: no word needed)
        st.session_state[_NOT_FOUND] = asked
    home = next(page for spec, page in navigation() if spec is HOME)
    st.switch_page(home)


def not_found_notice(asked: str) -> str:
    """The word on a missing page. The name is shown back only when it is letters, digits,
    "-" and "_" (any alphabet): the notice is Markdown, and a link's text is anyone's to
    write (a name like www.example.com would turn into a link)."""
    if _SHOWN_NAME.fullmatch(asked):
        return t("page.not_found", name=asked.replace("_", "\\_"))
    return t("page.not_found_unnamed")


def show_not_found() -> None:
    """Once, above the home page: the page the link asked for does not exist."""
    asked = st.session_state.pop(_NOT_FOUND, None)
    if asked is not None:
        st.warning(not_found_notice(asked), icon="⚠️")


def navigation() -> tuple[tuple[PageSpec, st.Page], ...]:
    """Each available page with its st.Page, for st.page_link: given a Page rather than a
    file name, a link needs no look-up on the disk."""
    return _navigation(get_lang())


# Made once per language: an st.Page resolves its file on the disk, every rerun asks for all
# of them, and nothing in a Page belongs to one session. Absolute paths: the same Pages
# serve app.py and a script elsewhere (benchmarks/shell_app.py).
@lru_cache(maxsize=4)  # one per language
def _navigation(lang: Lang) -> tuple[tuple[PageSpec, st.Page], ...]:
    return tuple(
        (
            p,
            st.Page(
                ROOT / p.path,
                title=t(p.title_key, lang),
                icon=p.icon,
                url_path="" if p is HOME else p.url_path,  # (home is the bare address)
                default=p is HOME,
            ),
        )
        for p in available_pages()
    )


def view_switch(name: str, views: Sequence[str], lang: Lang) -> str:
    """The switch with which a page draws one of its parts at a time (so that a rerun builds
    nothing nobody looks at): widget key `name`, labels `{name}.label` and `{name}.{view}`.
    The first view is the default, and stays chosen while the one chosen before is not
    offered. The view chosen last in the session comes back after another page (a learner
    back on Variants from Lessons found “Where they differ” where they had left “All the
    rules”): the switch's value is kept while other pages run, as the card fields' is."""
    if st.session_state.get(name) not in views:
        st.session_state[name] = views[0]
    view = st.segmented_control(
        t(f"{name}.label", lang),
        views,
        format_func=lambda v: ascii_start(t(f"{name}.{v}", lang)),
        required=True,
        key=name,
        label_visibility="collapsed",
        persist_state="session",
    )
    return view or views[0]


def ascii_start(label: str) -> str:
    """A button's label with the accents of its first word as HTML entities ("Gr&#225;fico"):
    it shows the same, and an ASCII first word spares Streamlit its search for an emoji to
    make an icon of (60 µs a label, asked for twice a rerun: as much as drawing a widget)."""
    first, space, rest = label.partition(" ")
    if first.isascii():
        return label
    return "".join(c if c.isascii() else f"&#{ord(c)};" for c in first) + space + rest


# A tap that replaces the page's content far down a long page (the round's end on Jogar, the
# next exercise on Lições and Exercícios) kept the scroll: on a phone the new content's top
# was hundreds of pixels above the screen. Drawn once, on the run after that tap, last on the
# page (it takes no place above): back to the top. Only the page's own main area (or the
# window) is scrolled; without scripts, nothing happens.
TO_THE_TOP = (
    "<script>(document.querySelector('[data-testid=\"stMain\"]') || window).scrollTo(0, 0)</script>"
)
_TOP_ASKED = "_pages_to_the_top"
_TOP_COUNT = "_pages_to_the_top_count"
_MARK = re.compile(r"[a-z0-9_-]{1,60}")


def to_the_mark(mark: str) -> str:
    """The script that brings the container keyed `mark` (st.container(key=mark)) to the
    screen's top, just under Streamlit's header (which covers the main area's first 60 px):
    for a page whose top is a heading and a caption above what the tap opened (Jogar's next
    round: its "Rodada N", and under it a 4-player hand that the page's top pushed below a
    phone's fold). Without that container on the page, nothing moves."""
    if not _MARK.fullmatch(mark):
        raise ValueError(f"not a container key for a CSS class: {mark!r}")
    return (
        "<script>(() => {"
        "const main = document.querySelector('[data-testid=\"stMain\"]');"
        f"const mark = document.querySelector('.st-key-{mark}');"
        "if (!mark) return;"
        "const head = document.querySelector('[data-testid=\"stHeader\"]');"
        "const under = Math.max(main ? main.getBoundingClientRect().top : 0,"
        " head ? head.getBoundingClientRect().bottom : 0);"
        "(main || window).scrollBy(0, mark.getBoundingClientRect().top - under - 8);"
        "})()</script>"
    )


def to_show(mark: str) -> str:
    """The script that scrolls the main area down just enough to show whole the first
    button of the container keyed `mark` (with 8 px under it), where it is below the
    screen's bottom edge; where it shows already, nothing moves: a phone's hand, pushed
    below the fold by the answer to the draw that names its new card (Jogar)."""
    if not _MARK.fullmatch(mark):
        raise ValueError(f"not a container key for a CSS class: {mark!r}")
    return (
        "<script>(() => {"
        "const main = document.querySelector('[data-testid=\"stMain\"]');"
        f"const first = document.querySelector('.st-key-{mark} button');"
        "if (!first) return;"
        "const foot = main ? Math.min(window.innerHeight, main.getBoundingClientRect().bottom)"
        " : window.innerHeight;"
        "const below = first.getBoundingClientRect().bottom + 8 - foot;"
        "if (below > 0) (main || window).scrollBy(0, below);"
        "})()</script>"
    )


def ask_to_show(mark: str) -> None:
    """The page's next run ends scrolled just enough to show the first button of the
    container keyed `mark` (`to_show`, drawn last on that run, by `top_if_asked`)."""
    to_show(mark)  # (a key that cannot be one is said at the tap, not a run later)
    st.session_state[_TOP_ASKED] = ("show", mark)


def ask_for_the_top(mark: str | None = None) -> None:
    """The page's next run opens at its top (`top_if_asked`, drawn last on that run); with
    `mark`, with the container keyed `mark` at the screen's top (`to_the_mark`)."""
    if mark is not None:
        to_the_mark(mark)  # (a key that cannot be one is said at the tap, not a run later)
    st.session_state[_TOP_ASKED] = mark or True


def top_if_asked() -> None:
    asked = st.session_state.pop(_TOP_ASKED, False)
    if asked:
        # In a container of its own name each time: the same script at the same place as on
        # the run before last (two exercises alike, "Next" tapped on each) was kept by the
        # browser as it was, and not run again.
        count = st.session_state[_TOP_COUNT] = st.session_state.get(_TOP_COUNT, 0) + 1
        if isinstance(asked, tuple):
            script = to_show(asked[1])
        else:
            script = to_the_mark(asked) if isinstance(asked, str) else TO_THE_TOP
        with st.container(key=f"pages-top-{count}"):
            st.html(script, unsafe_allow_javascript=True)
