"""The app's texts: `t("key", name=value)` in the language chosen in the sidebar.

Every text lives in the catalogs of `buraco_text` (one per language), shared with the
`buraco` command; this module only adds the session's language.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from buraco_text import DEFAULT_LANG, LANGS, Lang, translate

LANG_KEY = "lang"  # session_state key of the language widget (and the URL parameter)
LANG_NAMES: dict[Lang, str] = {"pt": "Português", "en": "English"}
# The sidebar's language radio, bilingual: someone who does not read the current language
# can still find it (screen_names reads the language chosen from it).
LANG_LABEL = "Idioma · Language"


def get_lang() -> Lang:
    """The language chosen in this session (pt-BR until the user or the link says otherwise)."""
    lang = st.session_state.get(LANG_KEY, DEFAULT_LANG)
    return lang if lang in LANGS else DEFAULT_LANG


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
