"""The app's texts: `t("key", name=value)` in the language chosen in the sidebar.

Every text lives in the catalogs of `buraco_text` (one per language), shared with the
`buraco` command; this module only adds the session's language.
"""

from __future__ import annotations

import threading
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from buraco_text import DEFAULT_LANG, LANGS, Lang, translate

LANG_KEY = "lang"  # session_state key of the language widget (and the URL parameter)
LANG_NAMES: dict[Lang, str] = {"pt": "Português", "en": "English"}
# The sidebar's language radio, bilingual: someone who does not read the current language
# can still find it (screen_names reads the language chosen from it).
LANG_LABEL = "Idioma · Language"

# The language of the run this thread is running, and that run: a read of st.session_state
# costs ~10 µs (each read is a point where Streamlit may stop the script), and a page asked
# 30 to 50 times a rerun, as much as drawing five of its elements. The language changes
# between runs (the sidebar's switch, set before the run and its callbacks) or by set_lang.
_THIS_RUN = threading.local()


def get_lang() -> Lang:
    """The language chosen in this session (pt-BR until the user or the link says otherwise),
    read once a run. A run is known by the cursors Streamlit makes anew for each run (a
    rerun, a fragment's run), so a language switched is read at the next run."""
    run = getattr(get_script_run_ctx(suppress_warning=True), "cursors", None)
    kept = getattr(_THIS_RUN, "lang", None)
    if run is not None and kept is not None and kept[0] is run:
        return kept[1]  # type: ignore[no-any-return]
    lang = st.session_state.get(LANG_KEY, DEFAULT_LANG)
    lang = lang if lang in LANGS else DEFAULT_LANG
    if run is not None:
        _THIS_RUN.lang = (run, lang)
    return lang


def set_lang(lang: Lang) -> None:
    """Set the session's language (a link's, as the session's first run reads it)."""
    st.session_state[LANG_KEY] = lang
    _THIS_RUN.lang = None


def t(key: str, lang: Lang | None = None, **params: Any) -> str:
    """The text `key` in the session's language (or `lang`), filled with `params`.

    A missing key shows as the key itself rather than breaking the page; a test checks that
    every key used in the code exists in both languages.
    """
    return translate(key, lang or get_lang(), **params)


def relabel_after_language_change(key: str, labels: object = None) -> None:
    """Call before drawing the keyed selectbox `key` whose option labels are translated.

    Streamlit keeps a keyed widget's identity when its labels change, and the browser keeps
    showing the label it last had: after a switch to English a Portuguese page showed
    "nobody" in "Quem cortou". Once the language changed since the last draw, the value is
    handed back to the browser (set again in session_state), which then shows its label in
    the new language. The value itself never changes. `labels`: where the labels change by
    more than the language (a count in them), what they are now, compared as well."""
    seen = (get_lang(), labels)
    seen_before = _labels_seen()
    if seen_before.get(key, seen) != seen and key in st.session_state:
        st.session_state[key] = st.session_state[key]
    seen_before[key] = seen


# The labels each relabelled widget was last drawn with, by widget key, under one session
# key: a key per widget (one per judge exercise visited) made every widget of every page
# slower as a learner went through the course (Streamlit reads each session key whenever
# it draws a widget).
_LABELS_SEEN_KEY = "_labels_seen"


def _labels_seen() -> dict[str, tuple[Lang, object]]:
    if _LABELS_SEEN_KEY not in st.session_state:
        st.session_state[_LABELS_SEEN_KEY] = {}
    seen: dict[str, tuple[Lang, object]] = st.session_state[_LABELS_SEEN_KEY]
    return seen
