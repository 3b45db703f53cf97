"""Lessons: the course in order, with the learner's progress; a lesson's introduction, then
its scenarios one after another, then what it taught."""

import streamlit as st

from buraco_app import scenario_player as player
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import NO_ICON, md_cards, show_text
from buraco_app.pages import ask_for_the_top, page_link, top_if_asked
from buraco_app.progress import Result, lesson_stars
from buraco_app.settings import current_lang
from buraco_app.sheet_page import url_text

lang = current_lang()
course = player.course()
st.title(t("lessons.title"))
done = player.results()  # (under the title: where the progress cannot be read, it says so)
player.read_only_notice()  # (a result solved would not be kept)

ids = [lesson.id for lesson in course.lessons]
OPEN_KEY = "lessons_open"  # the lesson open last in this session
CHOOSE_KEY = "lessons_choose"  # the list of lessons
# In the address of a learner the course's end sent to finish what is left ("Resolver o que
# falta"), so that a reload keeps it: a lesson's end leads on to the next lesson with
# exercises left, not through the next one's introduction. A lesson picked in the list drops it.
FINISHING = "finishing"


def step_key_of(lesson_id: str) -> str:
    """The session key of the step shown in a lesson: 0 the introduction, 1..n its
    exercises, n+1 the summary."""
    return f"lesson_{lesson_id}_step"


def where_stopped() -> tuple[str, int]:
    """The lesson and step a visit without a lesson in the link opens: the lesson open before
    in this session (its step is kept in the session), else the step after the exercise last
    saved (another day, the same browser), else the first lesson. A learner who came back
    found lesson 1's introduction, and had to look for where they had been."""
    kept = st.session_state.get(OPEN_KEY)
    if kept in ids:
        return kept, 0
    latest = player.latest_scenario()
    for lesson in course.lessons:
        if latest in lesson.scenarios:
            return lesson.id, lesson.scenarios.index(latest) + 2  # (the summary after the last)
    return ids[0], 0


# A link to one exercise (`?exercise=`, Exercícios' "Ver na lição"): its lesson, open at it,
# even where this session had the lesson open at another step.
exercise = st.query_params.pop("exercise", None)
if exercise is not None:
    found = next((x for x in course.lessons if exercise in x.scenarios), None)
    if found is None:
        st.warning(t("lessons.unknown_exercise", scenario=url_text(exercise)))
    else:
        at_step = found.scenarios.index(exercise) + 1
        st.query_params["lesson"] = found.id
        st.query_params["step"] = str(at_step)
        st.session_state[step_key_of(found.id)] = at_step
if "lesson" not in st.query_params:
    resume, resume_step = where_stopped()
    st.query_params["lesson"] = resume
    if resume_step:
        st.query_params["step"] = str(resume_step)
wanted = st.query_params.get("lesson", ids[0])
if wanted not in ids:
    st.warning(t("lessons.unknown", lesson=url_text(wanted)))
    wanted = ids[0]


def label(lesson_id: str) -> str:
    lesson = course.lesson(lesson_id)
    solved = sum(done.get(s, 0) >= Result.SOLVED for s in lesson.scenarios)
    stars = player.stars_text(lesson_stars(done, lesson.scenarios))
    return f"{lesson.order}. {lesson.title.get(lang)} · {solved}/{len(lesson.scenarios)} {stars}"


# The list keeps one widget (its key): made anew under each lesson as its default, it took
# the next lesson picked for the old one's and lost every second pick. The address (a link,
# "Próxima lição") moves it where it names another lesson than the one open last.
if CHOOSE_KEY not in st.session_state or wanted != st.session_state.get(OPEN_KEY):
    st.session_state[CHOOSE_KEY] = wanted
# Its labels change with the language and with an exercise solved ("· 1/6"): the browser,
# left with the old label, showed "0/6" and sent that label back with the next tap, which
# named no lesson, and "Próximo" opened lesson 1.
labels = {i: label(i) for i in ids}
relabel_after_language_change(CHOOSE_KEY, labels)
chosen = st.selectbox(
    t("lessons.choose"),
    ids,
    key=CHOOSE_KEY,
    format_func=labels.__getitem__,
    filter_mode=None,  # no typing: Streamlit's "No results" is English only
    placeholder=t("screen.choose"),
)
player.legend(lang)
from_link = chosen == st.query_params.get("lesson")  # (not a lesson picked in the list)
if not from_link:
    st.query_params["lesson"] = chosen
    st.query_params.pop(FINISHING, None)
st.session_state[OPEN_KEY] = chosen
lesson = course.lesson(chosen)
scenarios = course.scenarios_of(lesson.id)
solved = sum(done.get(s.id, 0) >= Result.SOLVED for s in scenarios)
st.progress(
    solved / max(len(scenarios), 1), text=t("lessons.progress", solved=solved, total=len(scenarios))
)

step_key = step_key_of(lesson.id)
last = len(scenarios) + 1
if step_key not in st.session_state:
    # A new session (a reload, a tab a phone brings back) opens the step the address keeps.
    asked = st.query_params.get("step", "") if from_link else ""
    fits = len(asked) <= 3 and asked.isascii() and asked.isdigit() and int(asked) <= last
    st.session_state[step_key] = int(asked) if fits else 0
step = st.session_state[step_key]
if step and st.query_params.get("step") != str(step):
    st.query_params["step"] = str(step)
elif not step and "step" in st.query_params:
    del st.query_params["step"]

if step == 0:
    with st.container(key="lesson_text"):  # (its tables narrower on a phone: cards_view)
        show_text(lesson.intro.get(lang))
elif step == last:
    st.subheader(t("lessons.summary"))
    show_text(lesson.summary.get(lang))
    # What is left of the lesson, each a tap away: a learner who went past an exercise
    # unsolved found only "Próxima lição" here, and had to go back step by step.
    left = [n for n, s in enumerate(scenarios, 1) if done.get(s.id, 0) < Result.SOLVED]
    if left:
        st.info(t("lessons.left", n=len(left)))
    for n in left:
        todo = scenarios[n - 1]
        mark = player.result_mark(done.get(todo.id))
        if st.button(md_cards(f"{mark} {n}. {todo.title.get(lang)}"), key=f"lesson_left_{todo.id}"):
            st.session_state[step_key] = n
            ask_for_the_top()
            st.rerun()
else:
    scenario = scenarios[step - 1]
    st.caption(
        t("lessons.step", n=step, total=len(scenarios))
        + " · "
        + " ".join(player.result_mark(done.get(s.id)) for s in scenarios)
    )
    player.play(scenario, lang)


def has_left(lesson_id: str) -> bool:
    return any(done.get(s, 0) < Result.SOLVED for s in course.lesson(lesson_id).scenarios)


def open_at_its_summary(lesson_id: str, finishing: bool) -> None:
    """Opens a lesson at its summary: the list of its exercises left, each a tap away."""
    at_step = len(course.lesson(lesson_id).scenarios) + 1
    st.session_state[step_key_of(lesson_id)] = at_step
    st.query_params["lesson"] = lesson_id
    st.query_params["step"] = str(at_step)
    if finishing:
        st.query_params[FINISHING] = "1"
    else:
        st.query_params.pop(FINISHING, None)
    ask_for_the_top()
    st.rerun()


back, forward = st.columns(2)
# The buttons are at the bottom of a long page: the step they open starts at the top.
if back.button(t("lessons.back"), disabled=step == 0, use_container_width=True):
    st.session_state[step_key] = step - 1
    ask_for_the_top()
    st.rerun()
if step == last and chosen == ids[-1]:
    # The course's end: no "next lesson" that does nothing, but where to go from here. Not
    # "Você terminou" in green with exercises left in earlier lessons: a learner who had
    # skipped some was told of this lesson's only, and left the course thinking it all done.
    everything = [s for x in course.lessons for s in x.scenarios]
    solved_all = sum(done.get(s, 0) >= Result.SOLVED for s in everything)
    unfinished = [x for x in course.lessons if has_left(x.id)]
    if not unfinished:
        # (No "the stars still missing" to a learner who has them all.)
        all_stars = all(done.get(s) == Result.PERFECT for s in everything)
        st.success(
            t("lessons.course_all_stars" if all_stars else "lessons.course_done", n=len(ids))
        )
    else:
        st.info(
            t(
                "lessons.course_left",
                n=len(ids),
                solved=solved_all,
                total=len(everything),
                left=len(unfinished),
            ),
            icon=NO_ICON,
        )
        earlier = next((x for x in unfinished if x.id != chosen), None)
        if earlier is not None and st.button(
            t("lessons.go_left", n=earlier.order, title=earlier.title.get(lang)),
            type="primary",
            use_container_width=True,
        ):
            open_at_its_summary(earlier.id, finishing=True)
    page_link("play", t("lessons.go_play"))
    page_link("practice", t("lessons.go_practice"))
elif step == last and st.query_params.get(FINISHING) == "1":
    # Finishing what is left: "Próxima lição" walked the learner through the next lesson's
    # introduction and exercises done, the lessons with some left still ahead.
    ahead = next((i for i in ids[ids.index(chosen) + 1 :] if has_left(i)), None)
    if ahead is None:
        if forward.button(t("lessons.back_to_end"), type="primary", use_container_width=True):
            open_at_its_summary(ids[-1], finishing=False)
    elif forward.button(
        t(
            "lessons.go_left",
            n=course.lesson(ahead).order,
            title=course.lesson(ahead).title.get(lang),
        ),
        type="primary",
        use_container_width=True,
    ):
        open_at_its_summary(ahead, finishing=True)
else:
    next_key = (
        "lessons.start" if step == 0 else "lessons.next" if step < last else "lessons.next_lesson"
    )
    if forward.button(t(next_key), type="primary", use_container_width=True):
        if step < last:
            st.session_state[step_key] = step + 1
        else:
            st.query_params["lesson"] = ids[ids.index(chosen) + 1]
            st.query_params.pop("step", None)  # (the next lesson opens at its introduction)
        ask_for_the_top()
        st.rerun()
top_if_asked()
