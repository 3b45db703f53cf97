"""Buraco Tutor: the Streamlit entry point. Run with `streamlit run app.py`.

Page config (the sidebar closed on a phone), then the sidebar settings (language and rules,
mirrored in the URL), then the navigation over the pages listed in buraco_app/pages.py.

The file has two roles. `streamlit run app.py` first imports it to find its web server (the
`app = st.App(...)` below: Streamlit's server with the app's middleware in front); each
session's run then executes it as __main__, which draws the page (AppTest does the same).
"""

import streamlit as st
from starlette.middleware import Middleware

from buraco_app import board, cards_view, pages, settings
from buraco_app.nested_addresses import NestedAddresses

if __name__ == "__main__":  # a session's run
    st.set_page_config(
        page_title="Buraco Tutor",
        page_icon="♠️",
        layout="centered",
        initial_sidebar_state=settings.session_sidebar_at_start(),
    )
    settings.setup()
    page = st.navigation(pages.navigation_pages())
    settings.show_notices()
    pages.show_not_found()
    cards_view.inject_css()
    board.inject_css()
    page.run()
else:  # the server, which sends nested addresses (/a/b/c) to their one-part form
    app = st.App(__file__, middleware=[Middleware(NestedAddresses)])
