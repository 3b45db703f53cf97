"""Buraco Tutor: the Streamlit entry point. Run with `streamlit run app.py`.

Page config, then the sidebar settings (language and rules, mirrored in the URL), then the
navigation over the pages listed in buraco_app/pages.py.
"""

import streamlit as st

from buraco_app import board, cards_view, pages, settings

st.set_page_config(page_title="Buraco Tutor", page_icon="♠️", layout="centered")
settings.setup()
page = st.navigation(pages.navigation_pages())
settings.show_notices()
pages.show_not_found()
cards_view.inject_css()
board.inject_css()
page.run()
