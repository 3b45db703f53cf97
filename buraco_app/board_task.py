"""A move task played on the board: the learner taps the cards and where they go; the tap
is the answer. The grade is taken in the tap's callback, so the progress saved with it shows
in the same rerun (progress bar, marks, lesson list).

After a legal move the board is drawn as the move left it, what changed marked; after an
illegal one it stays as it was. One headline per answer ("Certo!", "Válida, mas não deixa o
jogo limpo", "Não pode: …"), the reasons behind "por quê?", their sources behind a toggle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from buraco_app import board
from buraco_app.i18n import t
from buraco_app.inline_cards import error_cards, md_cards, show_text
from buraco_app.table_view import move_text, vulnerable_text
from buraco_app.verdict_view import bullet_list, reason_line
from buraco_core.judge import play, round_score
from buraco_core.moves import Discard, Move
from buraco_core.rules import RuleSet
from buraco_core.state import Phase, State
from buraco_core.verdict import Reason, Verdict
from buraco_course import Grade, MoveTask, Scenario
from buraco_text import Lang, continues, first_reason, message, mid_sentence

# What a legal move that misses the task lacks, by the success code it did not earn.
MISSES = (
    "canastra_limpa",
    "two_moved_to_natural",
    "direct_beat",
    "indirect_beat",
    "took_lixo_new_meld",
    "took_lixo",
    "laid_meld",
)


@dataclass(frozen=True)
class Played:
    """The learner's last move on the board and what came of it."""

    move: Move
    grade: Grade
    after: State | None  # the position after a legal move
    verdict: Verdict  # the judge's, its events say what the move did


def _key(scenario: Scenario) -> str:
    return f"sc_{scenario.id}_board"


def last_played(scenario: Scenario) -> Played | None:
    played = st.session_state.get(f"{_key(scenario)}_played")
    return played if isinstance(played, Played) else None


def forget(scenario: Scenario) -> None:
    """Back to the start position (after "Tentar de novo")."""
    st.session_state.pop(f"{_key(scenario)}_played", None)
    board.clear_pick(_key(scenario))


def _played(
    scenario: Scenario, rules: RuleSet, state: State, graded: Callable[[Grade], None], move: Move
) -> bool:
    """Grade the tap's move; whether it was played (illegal: the board and the pick stay)."""
    task = scenario.task
    assert isinstance(task, MoveTask)
    grade = task.grade(scenario, move)
    verdict, after = play(rules, state, move)
    st.session_state[f"{_key(scenario)}_played"] = Played(move, grade, after, verdict)
    graded(grade)
    return after is not None


def play_on_board(
    scenario: Scenario,
    rules: RuleSet,
    state: State,
    lang: Lang,
    graded: Callable[[Grade], None],
) -> Played | None:
    """Draw the board (live until a legal move is made) and the answer to the last move.
    `graded(grade)` is called from the tap's callback with the grade of each move."""
    key = _key(scenario)
    played = last_played(scenario)
    # A refused move's answer speaks of the cards then picked: once the pick changed (or a
    # hint was asked), its red read as the answer to the new pick. The grade stays recorded.
    earlier = played is not None and played.after is None and not board.refusal_stands(key)
    with st.container(border=True):
        vulnerable = vulnerable_text(state, rules, lang, state.turn)  # as Jogar says it
        if vulnerable:
            st.caption(vulnerable)
        if played is not None and played.after is not None:
            marks = board.changes(state, played.after, played.verdict, played.move)
            board.show_board(rules, played.after, key, lang, marks=marks, seat=state.turn)
        else:
            # (A refused move's answer is drawn under the board, by the page: `refused`.)
            board.live_board(
                rules,
                state,
                key,
                lang,
                on_move=lambda move: _played(scenario, rules, state, graded, move),
                refused=played is not None and not earlier,
            )
    if played is not None and earlier:
        _answer_before(scenario, rules, played, lang)
    elif played is not None:
        _answer(scenario, rules, played, lang)
    return played


def headline(scenario: Scenario, grade: Grade, lang: Lang) -> str:
    """One line: right, legal but not what the task asks (and what it lacks), or not allowed
    (the first blocking reason, which names the cards)."""
    verdict = grade.verdict
    if grade.correct:
        return t("practice.correct", lang)
    if verdict is None or not verdict.ok:
        why = first_reason(verdict.reasons, lang) if verdict else ""
        return t("board.illegal", lang, why=why)
    return t("board.legal_but", lang, what=t(f"board.miss.{_missing(scenario, verdict)}", lang))


def _missing(scenario: Scenario, verdict: Verdict) -> str:
    """What a legal move that misses the task lacks (a code of MISSES, or "other")."""
    task = scenario.task
    wanted = task.success_codes if isinstance(task, MoveTask) else []
    return next((c for c in MISSES if c in wanted and c not in verdict.codes), "other")


def common_error_line(grade: Grade, lang: Lang) -> list[str]:
    """The line that names the common error of source 003 a wrong answer made (the course
    grades which: buraco_course.grader), none for any other answer."""
    if grade.correct or grade.common_error is None:
        return []
    error = t(f"board.common_error.{grade.common_error}", lang)
    return [t("board.common_error", lang, error=error)]


def top_card_untold(grade: Grade, lang: Lang) -> list[str]:
    """What a lixo tapped alone left out where its top card fits: where it goes, and how to
    say it on the board (the course grades it: buraco_course.grader)."""
    return [t("board.top_card_untold", lang)] if grade.top_card_untold else []


def discard_too_soon(scenario: Scenario, played: Played, lang: Lang) -> list[str]:
    """Why a legal discard the exercise did not foresee misses it: it ended the turn before
    what the exercise asks (the moves most often made there, which said only "not what the
    exercise asks")."""
    task = scenario.task
    wanted = task.solution_move if isinstance(task, MoveTask) else None
    grade = played.grade
    if grade.correct or grade.wrong is not None or grade.verdict is None or not grade.verdict.ok:
        return []
    if not isinstance(played.move, Discard) or isinstance(wanted, Discard):
        return []
    return [t("practice.discard_too_soon", lang)]


def _answer(scenario: Scenario, rules: RuleSet, played: Played, lang: Lang) -> None:
    grade = played.grade
    title = headline(scenario, grade, lang)
    move = t("board.your_move", lang, move=move_text(played.move, lang, rules=rules))
    named = [
        *common_error_line(grade, lang),
        *top_card_untold(grade, lang),
        *discard_too_soon(scenario, played, lang),
    ]
    said = "  \n".join([f"**{title}**", move, *named])
    if grade.correct:
        st.success(md_cards(f"**{title}** {scenario.explanation.get(lang)}"))
    elif grade.verdict is not None and grade.verdict.ok:
        st.warning(md_cards(said))
    else:
        st.error(error_cards(said))
    if grade.wrong is not None:
        show_text(grade.wrong.explanation.get(lang))
    after = played.after
    if after is not None and after.phase is Phase.ENDED:
        score = round_score(rules, after)
        totals = (t("board.side_total", lang, name=s.name, total=s.total) for s in score.sides)
        st.info(t("board.round_ended", lang) + " " + " · ".join(totals))
    reasons = grade.verdict.reasons if grade.verdict is not None else ()
    if reasons:
        with st.expander(t("board.why", lang)):
            sources = st.toggle(t("board.sources", lang), key=f"{_key(scenario)}_sources")
            lines = [_reason(r, sources, lang) for r in reasons]
            show_text(bullet_list(lines, continues(reasons, lang)))
    if not grade.correct:
        st.button(
            "↺ " + t("board.retry", lang),
            key=f"{_key(scenario)}_retry",
            on_click=forget,
            args=(scenario,),
            type="primary",
        )


def _answer_before(scenario: Scenario, rules: RuleSet, played: Played, lang: Lang) -> None:
    """The answer to a refused move whose pick the learner has changed since: one grey line,
    named as the earlier pick's, not the red box that read as the new pick's."""
    title = headline(scenario, played.grade, lang)
    move = mid_sentence(move_text(played.move, lang, rules=rules))
    st.caption(md_cards(t("board.answer_before", lang, move=move, answer=title)))


def _reason(reason: Reason, sources: bool, lang: Lang) -> str:
    return reason_line(reason, lang) if sources else message(reason, lang)
