"""Practice: any scenario of the course, chosen by theme or lesson, played on its own."""

import streamlit as st

from buraco_app import scenario_player as player
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.pages import ask_for_the_top, top_if_asked
from buraco_app.settings import current_lang
from buraco_app.sheet_page import url_text
from buraco_course import THEMES

lang = current_lang()
course = player.course()
done = player.results()
st.title(t("practice.title"))

relabel_after_language_change("practice_theme")
theme = st.selectbox(
    t("practice.theme"),
    ["all", *THEMES],
    format_func=lambda th: (
        t("practice.all_themes", lang) if th == "all" else t(f"theme.{th}", lang)
    ),
    key="practice_theme",
    filter_mode=None,  # no typing: Streamlit's "No results" is English only
)
pool = [
    s
    for lesson in course.lessons
    for s in course.scenarios_of(lesson.id)
    if theme == "all" or theme in s.themes
]
if not pool:
    st.info(t("practice.none"))
    st.stop()
ids = [s.id for s in pool]
wanted = st.query_params.get("scenario", ids[0])
if wanted not in course.scenarios:
    st.warning(t("practice.unknown", scenario=url_text(wanted)))
index = ids.index(wanted) if wanted in ids else 0
chosen = st.selectbox(
    t("practice.scenario"),
    ids,
    index=index,
    format_func=lambda i: (
        f"{player.result_mark(done.get(i))} {course.scenarios[i].title.get(lang)}"
    ),
    filter_mode=None,  # as above: a list to scroll, narrowed by the theme
)
if chosen != st.query_params.get("scenario"):
    st.query_params["scenario"] = chosen
player.legend(lang)
scenario = course.scenarios[chosen]
player.play(scenario, lang)

position = ids.index(chosen)
if st.button(t("practice.next"), disabled=position + 1 >= len(ids), use_container_width=True):
    st.query_params["scenario"] = ids[position + 1]
    ask_for_the_top()  # (the button is at the bottom of a long page)
    st.rerun()
top_if_asked()
