"""The app's empty shell for bench_pages.py: app.py's page config, sidebar, navigation,
notices and CSS, and no page drawn (app.py less its last line, `page.run()`)."""

import streamlit as st

from buraco_app import board, cards_view, pages, settings

st.set_page_config(page_title="Buraco Tutor", page_icon="♠️", layout="centered")
settings.setup()
st.navigation(pages.navigation_pages())
settings.show_notices()
pages.show_not_found()
cards_view.inject_css()
board.inject_css()
