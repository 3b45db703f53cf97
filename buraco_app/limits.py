"""Size limits of the app's text fields, far above anything typed or tapped at a table:
a pasted megabyte is refused at once, with a message naming the field, before any of it is
parsed or stored (the score sheet's own limits are in buraco_app/sheets.py)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from buraco_app.i18n import t
from buraco_app.sheets import MAX_POINTS_TEXT

MAX_CARDS_TEXT = 1_000  # one card field: both decks typed out are about 430 characters
MAX_LINES_TEXT = 4_000  # a side's melds or hands, one per line
MAX_SEARCH_TEXT = 200  # a search of the rules
MAX_LINK_TEXT = 2_000  # a pasted match link


def too_long(text: str | None, limit: int, field: str) -> str | None:
    """The refusal, in the session's language, of a field's text over its limit; else None.
    `field` is the field's label, as the person reads it."""
    if text is None or len(text) <= limit:
        return None
    return t("limits.too_long", field=field, count=len(text), limit=limit)


def number_field(label: str, key: str, **kwargs: Any) -> None:
    """A whole number typed as text, which the page reads (buraco_core.numbers) and judges
    in the session's language. Not st.number_input: its range check speaks English in the
    browser and keeps the last good number without a word (17 digits and more)."""
    st.text_input(label, key=key, max_chars=MAX_POINTS_TEXT, **kwargs)
