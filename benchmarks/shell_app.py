"""The app's empty shell for bench_pages.py: app.py's page config, sidebar, navigation,
notices and CSS, and no page drawn (app.py less its last line, `page.run()`; the pages'
files named from the root, as this script lives in benchmarks/)."""

from pathlib import Path

import streamlit as st

from buraco_app import board, cards_view, settings
from buraco_app.i18n import t
from buraco_app.pages import HOME, ROOT, available_pages

st.set_page_config(page_title="Buraco Tutor", page_icon="♠️", layout="centered")
settings.setup()
st.navigation(
    [
        st.Page(
            Path(ROOT, p.path),
            title=t(p.title_key),
            icon=p.icon,
            url_path=p.url_path,
            default=p is HOME,
        )
        for p in available_pages()
    ]
)
settings.show_notices()
cards_view.inject_css()
board.inject_css()
