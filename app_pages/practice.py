"""Practice: any scenario of the course, chosen by theme or lesson, played on its own."""

import streamlit as st

from buraco_app import scenario_player as player
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import NO_ICON
from buraco_app.pages import ask_for_the_top, link_unread, page_link, top_if_asked
from buraco_app.progress import Result
from buraco_app.settings import current_lang
from buraco_app.sheet_page import url_text
from buraco_course import THEMES

lang = current_lang()
course = player.course()
st.title(t("practice.title"))
done = player.results()  # (under the title: where the progress cannot be read, it says so)
player.read_only_notice()  # (a result solved would not be kept)

# The theme is in the address (?theme=...): a shared link, or the learner back another day,
# opens it (read once a session: pages.link_unread).
linked = st.query_params.get("theme")
kept = st.session_state.get("practice_open")  # (theme, exercise) open last in this session
if link_unread("practice") and linked in THEMES:
    st.session_state["practice_theme"] = linked
elif linked and linked not in THEMES:  # (a mistyped link: said, as an unknown exercise is)
    st.warning(t("practice.unknown_theme", theme=url_text(linked)))
elif "practice_theme" not in st.session_state and kept is not None:
    # Back from another page (the menu, the browser's back after “See it in lesson”): the
    # theme's list, undrawn there, lost its value, and the learner on “the lixo” found
    # “all themes” and its first exercise. The theme open last comes back with its exercise.
    st.session_state["practice_theme"] = kept[0]


def theme_label(theme: str) -> str:
    """The theme's name, and how many of its exercises are solved: what is left, at a glance."""
    name = t("practice.all_themes", lang) if theme == "all" else t(f"theme.{theme}", lang)
    ids = player.theme_ids(theme)
    return f"{name} · {len(solved_now.intersection(ids))}/{len(ids)}"


def theme_chosen() -> None:
    """A theme picked opens at its first exercise not done: the exercise in the address is
    the last theme's (kept, it showed the exercise just solved when the new theme has it)."""
    st.query_params.pop("scenario", None)


solved_now = {i for i, result in done.items() if result >= Result.SOLVED}
theme_labels = {th: theme_label(th) for th in ("all", *THEMES)}
# (The labels change with the language and with an exercise solved.)
relabel_after_language_change("practice_theme", theme_labels)
theme = st.selectbox(
    t("practice.theme"),
    list(theme_labels),
    format_func=theme_labels.__getitem__,
    key="practice_theme",
    on_change=theme_chosen,
    filter_mode=None,  # no typing: Streamlit's "No results" is English only
    placeholder=t("screen.choose"),
)
if theme == "all":
    st.query_params.pop("theme", None)
elif st.query_params.get("theme") != theme:
    st.query_params["theme"] = theme
ids = list(player.theme_ids(theme))
if not ids:
    st.info(t("practice.none"))
    st.stop()
wanted = st.query_params.get("scenario", "")
# The theme and the exercise open last in this session (`kept`): the menu, or the browser's
# back from a lesson, brings an address without the exercise, and the learner to another one.
if wanted in ids:
    index = ids.index(wanted)
elif wanted and wanted not in course.scenarios:
    st.warning(t("practice.unknown", scenario=url_text(wanted)))
    index = 0
elif kept is not None and kept[0] == theme and kept[1] in ids:
    index = ids.index(kept[1])
else:
    # No exercise of the theme in the link (a learner back another day, a theme just
    # chosen): the first one not solved yet. It opened the first one, done or not; then it
    # passed over one whose solution was only looked at (◐), which is still to solve.
    index = ids.index(next((i for i in ids if i not in solved_now), ids[0]))
titles = player.titles_as_read(lang)
chosen = st.selectbox(
    t("practice.scenario"),
    ids,
    index=index,
    format_func=lambda i: f"{player.result_mark(done.get(i))} {titles[i]}",
    filter_mode=None,  # as above: a list to scroll, narrowed by the theme
    placeholder=t("screen.choose"),
)
if chosen != st.query_params.get("scenario"):
    st.query_params["scenario"] = chosen
st.session_state["practice_open"] = (theme, chosen)
player.legend(lang)
scenario = course.scenarios[chosen]
player.play(scenario, lang)
# The way to the explanation behind the exercise: its lesson, open at this exercise.
home = course.lesson(scenario.lesson)
page_link(
    "lessons",
    t("practice.in_lesson", n=home.order, title=home.title.get(lang)),
    query={"exercise": scenario.id},
)


def next_theme(theme: str) -> str | None:
    """The theme after `theme` that has exercises (none after "all" or the last one)."""
    later = THEMES[THEMES.index(theme) + 1 :] if theme in THEMES else ()
    used = {th for s in course.scenarios.values() for th in s.themes}
    return next((th for th in later if th in used), None)


def to_theme(theme: str) -> None:
    st.session_state["practice_theme"] = theme
    theme_chosen()
    ask_for_the_top()


position = ids.index(chosen)
if position + 1 < len(ids):
    if st.button(t("practice.next"), use_container_width=True):
        st.query_params["scenario"] = ids[position + 1]
        ask_for_the_top()  # (the button is at the bottom of a long page)
        st.rerun()
else:
    # The theme's last exercise says so, and where to go on: a greyed-out "next" said nothing.
    # Green only once the theme is all solved: it stood green under an exercise not yet tried
    # ("Este foi o último exercício…: 0 de 10 resolvidos").
    solved = sum(done.get(i, 0) >= Result.SOLVED for i in ids)
    if theme == "all":
        said = t("practice.all_done", solved=solved, total=len(ids))
    else:
        name = t(f"theme.{theme}")
        said = t("practice.theme_done", theme=name, solved=solved, total=len(ids))
    if solved < len(ids):
        st.info(said + " " + t("practice.left"), icon=NO_ICON)
    else:
        st.success(said, icon=NO_ICON)
    after = next_theme(theme)
    if after is not None:
        st.button(
            t("practice.next_theme", theme=t(f"theme.{after}")),
            on_click=to_theme,
            args=(after,),
            type="primary",
            use_container_width=True,
        )
    page_link("play", t("lessons.go_play"))
top_if_asked()
