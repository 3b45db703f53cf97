"""The scenario player: the table as the learner sees it, the answer given with native
widgets (AppTest can drive them), and the core's verdict with its explanation, the rule and
its source; a hint on request, the solution after a try.

`play(scenario)` draws one scenario and returns the learner's best result in this session.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Generic, TypeVar

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError
from streamlit.runtime.scriptrunner import get_script_run_ctx

from buraco_app import board, board_task, database, progress, sheet_page
from buraco_app.cards_view import cards_html, meld_html
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import (
    as_read,
    caption_md,
    error_cards,
    md_cards,
    show_text,
    with_cards,
)
from buraco_app.settings import current_rules, rules_summary
from buraco_app.sheet_page import code_text, error_text
from buraco_app.sheets import SheetError, failure_code, opened
from buraco_app.table_view import cards_text, move_text, vulnerable_text
from buraco_app.verdict_view import show_reasons
from buraco_core.cards import parse_cards
from buraco_core.notation import move_from_data, round_from_data
from buraco_core.verdict import Reason
from buraco_course import (
    PLAYS_ON,
    ChooseTask,
    Curriculum,
    Grade,
    JudgeTask,
    MatchTask,
    MoveTask,
    Scenario,
    ScoreTask,
    load_curriculum,
)
from buraco_text import Lang, and_list, first_reason, grouped, mid_sentence, signed, sources_text

TaskT = TypeVar("TaskT", MoveTask, JudgeTask, ChooseTask, ScoreTask, MatchTask)


@dataclass
class Attempt:
    """This session's dealings with one scenario."""

    tries: int = 0
    hint: bool = False
    solved: bool = False
    solution_shown: bool = False
    last: Grade | None = None
    # The answer itself (yes or no, options picked, totals): quoted back in the language
    # shown, and says why it fails.
    last_value: Any = None
    # The answer's widgets as last drawn, by widget key: Streamlit drops a widget's value
    # while a page (or a step) that does not draw it runs, and a learner back from another
    # page found the feedback quoting an answer no longer in its fields.
    inputs: dict[str, Any] = field(default_factory=dict)
    # "Conferir" pressed with nothing marked (no try), and nothing marked since.
    unanswered: bool = False
    # The page that last drew the answer's widgets (see _kept_answer).
    page: str = ""

    def checked(self, answer: Answer | None) -> bool:
        """Whether `answer`, the one on screen, is the one last checked: its verdict is then
        the answer's; once another is picked or typed, it speaks of the earlier one (it
        stood red, “Ainda não: “Sim” não resolve.”, under “Não”, until the next check)."""
        return answer is not None and answer.value == self.last_value

    @property
    def result(self) -> progress.Result | None:
        if self.solved:
            clean = self.tries == 1 and not self.hint and not self.solution_shown
            return progress.Result.PERFECT if clean else progress.Result.SOLVED
        return progress.Result.SEEN if self.solution_shown else None


# Every exercise's Attempt, by scenario id, under one session key: a key per exercise made
# every widget of every page slower as a learner went through the course (Streamlit reads
# each session key whenever it draws a widget).
_ATTEMPTS_KEY = "practice_attempts"


def _attempts() -> dict[str, Attempt]:
    if _ATTEMPTS_KEY not in st.session_state:
        st.session_state[_ATTEMPTS_KEY] = {}
    attempts: dict[str, Attempt] = st.session_state[_ATTEMPTS_KEY]
    return attempts


def _attempt(scenario: Scenario) -> Attempt:
    return _attempts().setdefault(scenario.id, Attempt())


def start_over(scenario: Scenario) -> None:
    """The exercise from the start (on "Fazer de novo", before the page is drawn): no tries,
    no hint, and no answer given. The answer's widgets kept the right answer, and a tap on
    "Conferir" earned the first-try star without a new try."""
    _attempts().pop(scenario.id, None)
    _view(scenario).clear(f"sc_{scenario.id}")


_LEARNER_KEY = "learner_id"  # the session's learner, once known


def learner_id() -> str:
    """The learner's id: from the link (`?learner=`, which carries progress to another
    device), else the one this session already has, else from this browser's cookie, else a
    new one; kept in the URL either way.

    The session's own id comes before the cookie: a page picked in the menu drops the link's
    `?learner=`, and the cookies are read when the session starts, before a first visit set
    one. A new learner who solved an exercise and opened Lições got another new id there,
    and their progress seemed lost."""
    found = st.query_params.get(progress.QP_LEARNER, "")
    if not progress.valid_learner_id(found):
        found = st.session_state.get(_LEARNER_KEY, "")
    if not progress.valid_learner_id(found):
        found = st.context.cookies.get(progress.COOKIE, "") or ""
    if not progress.valid_learner_id(found):
        found = progress.new_learner_id()
    st.session_state[_LEARNER_KEY] = found
    if st.query_params.get(progress.QP_LEARNER) != found:
        st.query_params[progress.QP_LEARNER] = found
    return found


def remembered_learner_id() -> str:
    """The learner's id (learner_id), kept in this browser's cookie too: the Jogar page
    lists the learner's unfinished matches by it, also for a learner who never opened a
    lesson, in a new tab without the link."""
    learner = learner_id()
    _remember_in_browser(learner)
    return learner


_COOKIE_SET = "learner_cookie_set"


def _remember_in_browser(learner: str) -> None:
    """Keep the id in a cookie of this site, so that reopening the app without the link
    brings the progress back. A same-origin script, nothing fetched; once per session."""
    # The session first: reading the cookies costs more, and is needed once per session.
    if st.session_state.get(_COOKIE_SET) == learner:
        return
    if st.context.cookies.get(progress.COOKIE) == learner:
        return
    st.session_state[_COOKIE_SET] = learner
    st.html(
        f"<script>document.cookie = '{progress.COOKIE}={learner}; path=/; "
        f"max-age={progress.COOKIE_MAX_AGE}; SameSite=Lax';</script>",
        unsafe_allow_javascript=True,
    )


def progress_store() -> progress.ProgressStore:
    return opened(lambda: progress.store_for(database.page_engine()))


# The learner's results as read once in this session, and kept up to date by its own saves:
# a rerun (a tap, a language switch) then reads no database. Another session's saves for
# the same learner (another device) show in a new session.
_RESULTS_KEY = "progress_results"
# The exercises the learner tried, with a result or a wrong try alone (read with the
# results): their solution is open after a reload.
_TRIED_KEY = "progress_tried"


# That results() could not read the progress, and said why (read again at every run).
_UNREAD_KEY = "progress_unread"


def results() -> dict[str, progress.Result]:
    """The learner's results; none, with a note saying why, when the database cannot work."""
    learner = learner_id()
    _remember_in_browser(learner)
    kept: tuple[str, dict[str, progress.Result]] | None = st.session_state.get(_RESULTS_KEY)
    if kept is not None and kept[0] == learner:
        return kept[1]
    try:
        found, tried = progress_store().read(learner)
    except (SheetError, SQLAlchemyError) as exc:  # (unusable, busy or refused)
        _progress_unavailable(exc)
        st.session_state[_UNREAD_KEY] = True
        return {}
    st.session_state.pop(_UNREAD_KEY, None)
    st.session_state[_RESULTS_KEY] = (learner, found)
    st.session_state[_TRIED_KEY] = (learner, set(tried))
    return found


def read_only_notice() -> None:
    """Lições' and Exercícios' `sheet_page.read_only_notice`, but where results() said why
    the progress could not be read: the same cause said twice, the second time shorter."""
    if not st.session_state.get(_UNREAD_KEY):
        sheet_page.read_only_notice()


def _known_tried() -> set[str]:
    """The exercises the learner tried, as results() last read them in this session, with
    this session's saves since (empty when the database could not say)."""
    kept: tuple[str, set[str]] | None = st.session_state.get(_TRIED_KEY)
    return kept[1] if kept is not None and kept[0] == learner_id() else set()


def latest_scenario() -> str | None:
    """The scenario the learner last saved a result for (see progress.ProgressStore.latest);
    None when there is none, or the database cannot say (results() warns about that)."""
    try:
        return progress_store().latest(learner_id())
    except (SheetError, SQLAlchemyError):
        return None


def _save(scenario: Scenario, attempt: Attempt) -> None:
    result = attempt.result
    if result is None:
        _save_try(scenario, attempt)
        return
    learner = learner_id()
    try:
        best = progress_store().record(learner, scenario.id, result)
    except (SheetError, SQLAlchemyError) as exc:  # (unusable, busy or refused)
        _progress_unavailable(exc)
        return
    kept = st.session_state.get(_RESULTS_KEY)
    if kept is not None and kept[0] == learner:
        kept[1][scenario.id] = best
        _known_tried().add(scenario.id)


def _save_try(scenario: Scenario, attempt: Attempt) -> None:
    """Keep a wrong try (once), so that the solution is open after a reload; it counts as
    nothing else. Said nowhere when it cannot be kept: the learner asked nothing saved, and
    a result that cannot be saved is said (the solution is greyed out after a reload, as
    before). Not tried either where the progress could not be read (results() said so),
    nor again in this session once it failed (a read-only file refuses it each time)."""
    learner = learner_id()
    kept: tuple[str, set[str]] | None = st.session_state.get(_TRIED_KEY)
    if attempt.tries == 0 or kept is None or kept[0] != learner or scenario.id in kept[1]:
        return
    kept[1].add(scenario.id)  # (this session's try: the attempt knows it anyway)
    with suppress(SheetError, SQLAlchemyError):  # (unusable, busy or refused)
        progress_store().record_try(learner, scenario.id)


def _progress_unavailable(exc: Exception) -> None:
    # Storage that cannot work names its file, as on the score pages (error_text).
    st.warning(error_text(exc) if isinstance(exc, SheetError) else code_text(failure_code(exc)))


# --- drawing ----------------------------------------------------------------------------------


def play(scenario: Scenario, lang: Lang) -> Attempt:
    rules = scenario.ruleset()
    attempt = _attempt(scenario)
    st.subheader(scenario.title.get(lang))
    # The rules line (as a caption) and the goal in one element: each costs a rerun.
    # An exercise keeps its own rules: say so where the table's rules differ. Not where to
    # change the table's: "mude na barra lateral" sent a learner there, to change nothing
    # of the exercise.
    table = current_rules()
    shown = rules_summary(rules, lang)
    if rules == table:
        about = t("practice.rules", lang, rules=shown)
    else:
        about = t(
            "practice.rules.not_the_table", lang, rules=shown, table=rules_summary(table, lang)
        )
    about += " · " + sources_text(scenario.sources, lang)
    st.markdown(
        f"{caption_md(about)}\n\n{with_cards(scenario.goal.get(lang))}", unsafe_allow_html=True
    )
    view = _view(scenario)
    key = f"sc_{scenario.id}"
    on_board = view.on_board and scenario.position is not None
    answer: Answer | None = None
    # What the verdict in view above the solution says (nothing: the solution says it all).
    said = _Said()
    if on_board:
        played = board_task.play_on_board(
            scenario, rules, scenario.state, lang, lambda grade: _graded(scenario, attempt, grade)
        )
        if played is not None and played.grade.correct:
            verdict = played.grade.verdict
            said = _Said(explained=True, reasons=tuple(verdict.reasons) if verdict else ())
    else:
        if scenario.position is not None:
            with st.container(border=True):
                seat = learner_seat(scenario)
                # Which side is vulnerable, as Jogar says it above its board (the goal alone
                # said it: the board did not).
                vulnerable = vulnerable_text(scenario.state, rules, lang, seat)
                if vulnerable:
                    st.caption(vulnerable)
                board.show_board(rules, scenario.state, f"{key}_table", lang, seat=seat)
        answer = _kept_answer(view, attempt, key, lang)
    # A horizontal container keeps the buttons side by side on a phone (columns stack).
    with st.container(horizontal=True):
        checked = not on_board and st.button(
            t("practice.check", lang), key=f"{key}_check", type="primary"
        )
        if st.button(t("practice.hint", lang), key=f"{key}_hint"):
            attempt.hint = True
        # Greyed out until a first try, and saying so: a tooltip would not show on a phone.
        # A try saved before (a wrong one alone, a result, or the solution seen) is a try:
        # a learner who reloaded the page found the solution greyed out again.
        untried = attempt.tries == 0 and scenario.id not in _known_tried()
        solution = t("practice.solution_after_try" if untried else "practice.solution", lang)
        if st.button(solution, key=f"{key}_solution", disabled=untried):
            attempt.solution_shown = True
            _save(scenario, attempt)
            st.rerun()  # the page drew the progress before: draw it again with this result
        # Solved, the exercise can be done again from the start (its best result is kept):
        # a learner who needed the hint may go for the first-try star.
        if attempt.solved:
            st.button(
                "↺ " + t("practice.start_over", lang),
                key=f"{key}_start_over",
                on_click=start_over,
                args=(scenario,),
            )
    if answer is not None:
        attempt.unanswered = False
    if checked:
        if answer is None:  # (nothing marked: no try, and a word on what to do)
            attempt.unanswered = True
        else:
            attempt.last_value = answer.value
            _graded(scenario, attempt, answer.grade())
            st.rerun()  # as above: progress bar, marks and lesson list with this result
    if attempt.unanswered:
        st.warning(t("practice.answer_first", lang))
    if attempt.last is not None and not on_board:
        if attempt.checked(answer):
            said = _feedback(scenario, attempt, view, lang)
        else:
            _feedback_before(attempt, view, lang)
    # The hint under the verdict, as on the board (whose verdict is under the table, above
    # the buttons): the verdict right under the answer it judges, then the help asked for,
    # from the least (the hint) to the most (the solution). Above it, a hint asked before
    # checking parted “Conferir” from the verdict it gave.
    if attempt.hint:
        st.info(md_cards(t("practice.hint_is", lang, hint=scenario.hint.get(lang))))
    if attempt.solution_shown:
        _solution(view, scenario, lang, said)
    return attempt


def _kept_answer(view: _View[Any], attempt: Attempt, key: str, lang: Lang) -> Answer | None:
    """The answer's widgets drawn with the values they were last drawn with (set before
    they are drawn, where Streamlit dropped them, or where another page drew them), and
    those values kept for next time.

    A widget of another page is another widget to Streamlit, its key the same: the key kept
    the old widget's value until the new one was drawn, empty. The "Sim" given in
    Exercícios was gone in the lesson that "Ver na lição" opened, its verdict beside it."""
    keys = view.input_keys(key)
    page = _page()
    for name in keys:
        if name in attempt.inputs and (name not in st.session_state or attempt.page != page):
            st.session_state[name] = attempt.inputs[name]
    answer = view.answer(key, lang)
    attempt.inputs = {name: st.session_state[name] for name in keys if name in st.session_state}
    attempt.page = page
    return answer


def _page() -> str:
    """The page this run draws (Lições and Exercícios both draw exercises)."""
    return str(getattr(get_script_run_ctx(suppress_warning=True), "page_script_hash", ""))


def learner_seat(scenario: Scenario) -> int:
    """The learner's seat (from 0) in the scenario's position: the hand given as cards (the
    others are counts). Usually the seat on turn; not when the question is about a turn
    just ended."""
    hands = (scenario.position or {}).get("hands", [])
    return next((i for i, h in enumerate(hands) if not isinstance(h, int)), scenario.state.turn)


def hand_seat(side: int, hand: int) -> int:
    """The seat (from 0) of a side's `hand` in a score task: the sides sit alternately round
    the table, as in Jogar (A at seats 1 and 3, B at 2 and 4; with two players, 1 and 2).
    A side's second hand is its partner's, two seats on, even in a task that shows one side
    only (it said "jogador 2" for the partner there)."""
    return side + 2 * hand


def _graded(scenario: Scenario, attempt: Attempt, grade: Grade) -> None:
    """Count a try and save the result (called before the page reads the progress when the
    answer is a tap on the board)."""
    attempt.tries += 1
    attempt.last = grade
    attempt.solved = attempt.solved or grade.correct
    _save(scenario, attempt)


@dataclass(frozen=True)
class Answer:
    """What the learner answered, as given, and how to grade it."""

    grade: Callable[[], Grade]
    value: Any = None


@dataclass(frozen=True)
class _View(Generic[TaskT]):
    """The widgets of one task kind: its answer and its solution."""

    scenario: Scenario
    task: TaskT
    verdict_when_wrong: ClassVar[bool] = False  # show the core's reasons for a wrong answer too
    on_board: ClassVar[bool] = False  # answered by tapping the board (board_task), not here

    def answer(self, key: str, lang: Lang) -> Answer | None:
        raise NotImplementedError

    def solution(self, lang: Lang) -> None:
        """The answer, as the solution's box says it above the explanation."""
        raise NotImplementedError

    def solution_reasons(self, lang: Lang) -> list[tuple[str, Sequence[Reason]]]:
        """The rules judge's reasons behind the answer (each group under its heading, ""
        none), drawn behind "por quê?": in view they said the explanation's point twice."""
        return []

    def why_wrong(self, grade: Grade, value: Any, lang: Lang) -> list[str]:
        """Why the answer `value` fails, in a line or two, without giving the answer away."""
        return []

    def input_keys(self, key: str) -> list[str]:
        """The keys of the answer's widgets (keyed from `key`)."""
        return []

    def clear(self, key: str) -> None:
        """Set the answer's widgets (keyed from `key`) back to no answer: a callback's work,
        before they are drawn, so that the browser shows them cleared too."""
        raise NotImplementedError

    def said(self, value: Any, lang: Lang) -> str:
        """The answer `value` in words, quoted back when it is wrong ("" quotes nothing)."""
        return ""

    def earlier(self, value: Any, lang: Lang) -> str:
        """The answer `value`, checked and since changed, as the grey line names it."""
        return f"“{self.said(value, lang)}”"

    def not_yet(self, value: Any, lang: Lang) -> str:
        """The first line for a wrong answer `value`: "Ainda não: “Sim” não resolve."."""
        answer = self.said(value, lang)
        if answer:
            return t("practice.wrong", lang, answer=answer)
        return t("practice.wrong_plain", lang)


class _MoveView(_View[MoveTask]):
    verdict_when_wrong = True
    on_board = True

    def answer(self, key: str, lang: Lang) -> Answer | None:
        return None  # the move is made on the board: board_task grades it from the tap

    def clear(self, key: str) -> None:
        board_task.forget(self.scenario)

    def solution(self, lang: Lang) -> None:
        show_text(move_text(self.task.solution_move, lang))

    def solution_reasons(self, lang: Lang) -> list[tuple[str, Sequence[Reason]]]:
        verdict = self.task.grade(self.scenario, self.task.solution_move).verdict
        return [("", verdict.reasons)] if verdict is not None else []


class _JudgeView(_View[JudgeTask]):
    verdict_when_wrong = True  # yes or no: a wrong answer already tells the right one

    def answer(self, key: str, lang: Lang) -> Answer | None:
        _show_judged(self.task, lang)
        relabel_after_language_change(f"{key}_legal")
        choice = st.radio(
            t("practice.is_legal", lang),
            ["yes", "no"],
            format_func=lambda v: t(f"practice.{v}", lang),
            index=None,
            key=f"{key}_legal",
            horizontal=True,
        )
        if choice is None:
            return None
        return Answer(lambda: self.task.grade(self.scenario, choice == "yes"), choice)

    def said(self, value: Any, lang: Lang) -> str:
        return t(f"practice.{value}", lang)

    def input_keys(self, key: str) -> list[str]:
        return [f"{key}_legal"]

    def clear(self, key: str) -> None:
        st.session_state[f"{key}_legal"] = None

    def solution(self, lang: Lang) -> None:
        st.markdown(t("practice.yes" if self.task.legal else "practice.no", lang))

    def solution_reasons(self, lang: Lang) -> list[tuple[str, Sequence[Reason]]]:
        return [("", self.task.judged(self.scenario).reasons)]


class _ChooseView(_View[ChooseTask]):
    def answer(self, key: str, lang: Lang) -> Answer | None:
        picked = _choose_input(self.task, key, lang)
        if not picked:  # (no exercise has none hold: nothing ticked is no answer yet)
            return None
        return Answer(lambda: self.task.grade(self.scenario, picked), picked)

    def not_yet(self, value: Any, lang: Lang) -> str:
        """The options marked, by the numbers beside them, as a person says them: "Ainda
        não: marcar as opções 1 e 3 não resolve." (the marking as a whole: one of them may
        hold, the lines after it say which does not)."""
        numbers = [str(i + 1) for i in sorted(value)]  # (never none: see `answer`)
        options = and_list(numbers, lang)
        return t("practice.wrong_options", lang, n=len(numbers), options=options)

    def earlier(self, value: Any, lang: Lang) -> str:
        numbers = [str(i + 1) for i in sorted(value)]
        return t("practice.marked", lang, n=len(numbers), options=and_list(numbers, lang))

    def input_keys(self, key: str) -> list[str]:
        return [f"{key}_option_{i}" for i in range(len(self.task.options))]

    def clear(self, key: str) -> None:
        for name in self.input_keys(key):
            st.session_state[name] = False

    def why_wrong(self, grade: Grade, value: Any, lang: Lang) -> list[str]:
        """Each option picked that does not hold, with the core's first reason; how many
        that hold are left unpicked (not which)."""
        picked = set(value or ())
        lines = []
        for i in sorted(picked - set(self.task.correct)):
            reasons = self.task.option_verdict(self.scenario, i).reasons
            why = mid_sentence(first_reason(reasons, lang))  # (it goes on after a colon)
            lines.append(t("practice.why.option_bad", lang, n=i + 1, why=why).rstrip(": "))
        missed = len(set(self.task.correct) - picked)
        if missed:
            lines.append(t("practice.why.options_missed", lang, n=missed))
        return lines

    def solution(self, lang: Lang) -> None:
        for i in range(len(self.task.options)):
            mark = "✓" if i in self.task.correct else "✗"
            show_text(f"{mark} {i + 1}. {_option_label(self.task, i, lang)}")

    def solution_reasons(self, lang: Lang) -> list[tuple[str, Sequence[Reason]]]:
        return [
            (
                f"{i + 1}. {_option_label(self.task, i, lang)}",
                self.task.option_verdict(self.scenario, i).reasons[:2],
            )
            for i in range(len(self.task.options))
        ]


class _ScoreView(_View[ScoreTask]):
    # (Not quoted back: each side's line says its number, "Dupla A: 95 é mais...".)

    def answer(self, key: str, lang: Lang) -> Answer | None:
        totals = _score_input(self.scenario, key, lang)
        return Answer(lambda: self.task.grade(self.scenario, totals), totals)

    def earlier(self, value: Any, lang: Lang) -> str:
        """Each side's total as typed: "Dupla A: 999, Dupla B: -5" (inside parentheses:
        no "(a sua)" there)."""
        return ", ".join(
            f"{t('practice.score.side', lang, name=name)}: {grouped(points, lang)}"
            for name, points in dict(value).items()
        )

    def input_keys(self, key: str) -> list[str]:
        # (A side's name is the same in either language: the fields' keys are too.)
        return [f"{key}_total_{name}" for name, _ in score_sides(self.scenario.id, "pt")]

    def clear(self, key: str) -> None:
        for name in self.input_keys(key):
            st.session_state[name] = 0

    def why_wrong(self, grade: Grade, value: Any, lang: Lang) -> list[str]:
        """Per side: right, or more or less than the count gives (not by how much)."""
        expected = grade.totals or {}
        lines = []
        for name, points in dict(value or {}).items():
            if name not in expected:
                continue
            off = points - expected[name]
            how = "right" if off == 0 else "high" if off > 0 else "low"
            side = side_label(self.task, name, lang)
            lines.append(t(f"practice.why.side_{how}", lang, side=side, points=points))
        return lines

    def solution(self, lang: Lang) -> None:
        sides = self.task.score(self.scenario).sides
        for number, side in enumerate(sides):
            items = "; ".join(
                f"{sheet_page.item_label(i.code, _seat_params(i.params, number), lang)}"
                f" {i.points:+d}"
                for i in side.items
            )
            # "Dupla A (a sua)", as the panel, its answer's field and the grade name it.
            name = side_label(self.task, side.name, lang)
            st.markdown(f"**{name}: {side.total}** — {items}")


class _MatchView(_View[MatchTask]):
    """Who has won the match? The totals before the round and what each side made in it,
    then one choice: a side, or nobody yet."""

    def answer(self, key: str, lang: Lang) -> Answer | None:
        st.markdown(self._table(lang, after=False))
        relabel_after_language_change(f"{key}_winner")
        winner = st.radio(
            t("practice.match.question", lang),
            [*self.task.before, PLAYS_ON],
            format_func=lambda v: self.said(v, lang),
            index=None,
            key=f"{key}_winner",
        )
        if winner is None:
            return None
        return Answer(lambda: self.task.grade(self.scenario, winner), winner)

    def said(self, value: Any, lang: Lang) -> str:
        if value == PLAYS_ON:
            return t("practice.match.plays_on", lang)
        return t("practice.match.wins", lang, name=value)

    def input_keys(self, key: str) -> list[str]:
        return [f"{key}_winner"]

    def clear(self, key: str) -> None:
        st.session_state[f"{key}_winner"] = None

    def why_wrong(self, grade: Grade, value: Any, lang: Lang) -> list[str]:
        """The rule the answer missed, without the totals: the match over, nobody at the
        target, or the side named not ahead of every other (a tie at the top included)."""
        standing = self.task.standing(self.scenario)
        target = grouped(standing.target, lang)
        if value == PLAYS_ON:
            return [t("practice.why.match_over", lang, target=target)]
        if standing.winner is None and max(standing.totals) < standing.target:
            return [t("practice.why.match_short", lang, target=target)]
        return [t("practice.why.match_not_ahead", lang, name=value)]

    def solution(self, lang: Lang) -> None:
        """The totals after the round, and the answer as the question's option reads: the
        rule that decides it is the explanation's (a verdict line here said it too)."""
        winner = self.task.standing(self.scenario).winner
        answer = self.said(PLAYS_ON if winner is None else winner, lang)
        st.markdown(f"{self._table(lang, after=True)}\n\n{answer}")

    def _table(self, lang: Lang, after: bool) -> str:
        """The sides' totals before the round and what each made in it (and the totals
        after, for the solution), under the match's target: one Markdown table."""
        standing = self.task.standing(self.scenario)
        heads = [t("practice.match.before", lang), t("practice.match.round", lang)]
        if after:
            heads.append(t("practice.match.after", lang))
        lines = [f"| | {' | '.join(heads)} |", "|---|" + "---:|" * len(heads)]
        for name, total in zip(standing.names, standing.totals, strict=True):
            row = [
                grouped(self.task.before[name], lang),
                signed(self.task.round.get(name, 0), lang),
            ]
            if after:
                row.append(f"**{grouped(total, lang)}**")
            side = t("practice.score.side", lang, name=name).replace(" ", "\u00a0")  # one line
            lines.append(f"| {side} | {' | '.join(row)} |")
        target = t("practice.match.target", lang, target=grouped(standing.target, lang))
        return "\n".join(lines) + f"\n\n{caption_md(target)}"


def _seat_params(params: Mapping[str, Any], side: int) -> dict[str, Any]:
    """A score item's values with its hand (counted within the side) as the seat at the
    table, so that "jogador 3" is the same player in the hands above and in the solution."""
    found = dict(params)
    if isinstance(found.get("hand"), int):
        found["seat"] = hand_seat(side, found.pop("hand"))
    return found


# Each task kind has its own widgets; the kinds' checks and grades live in buraco_course.
_VIEWS: dict[str, type[_View[Any]]] = {
    "move": _MoveView,
    "judge": _JudgeView,
    "choose": _ChooseView,
    "score": _ScoreView,
    "match": _MatchView,
}


def _view(scenario: Scenario) -> _View[Any]:
    return _VIEWS[scenario.task.kind](scenario, scenario.task)


def _show_judged(task: JudgeTask, lang: Lang) -> None:
    if task.meld is not None:
        st.markdown(t("practice.judge_meld", lang))
        st.html(cards_html(parse_cards(task.meld)))
    elif task.move is not None:
        move = move_from_data(task.move.model_dump(exclude_none=True))
        show_text(t("practice.judge_move", lang, move=move_text(move, lang)))


def _option_label(task: ChooseTask, index: int, lang: Lang) -> str:
    option = task.options[index]
    if option.label is not None:
        return option.label.get(lang)
    if option.meld is not None:
        return cards_text(parse_cards(option.meld))
    assert option.move is not None
    return move_text(move_from_data(option.move.model_dump(exclude_none=True)), lang)


def _choose_input(task: ChooseTask, key: str, lang: Lang) -> list[int]:
    st.markdown(t("practice.choose", lang))
    return [
        i
        for i in range(len(task.options))
        if st.checkbox(
            md_cards(f"{i + 1}. {_option_label(task, i, lang)}"), key=f"{key}_option_{i}"
        )
    ]


def side_label(task: ScoreTask, name: str, lang: Lang) -> str:
    """A score task's side as the learner reads it everywhere: "Dupla A", or "Dupla A (a
    sua)" where the goal speaks of "a sua dupla" (`your_side`)."""
    ours = name == task.your_side
    return t(f"practice.score.{'your_side' if ours else 'side'}", lang, name=name)


def _score_input(scenario: Scenario, key: str, lang: Lang) -> dict[str, int]:
    assert isinstance(scenario.task, ScoreTask)
    totals: dict[str, int] = {}
    for name, shown in score_sides(scenario.id, lang):
        ours = name == scenario.task.your_side
        with st.container(border=True):
            st.markdown(shown, unsafe_allow_html=True)
            totals[name] = int(
                st.number_input(
                    t(f"practice.score.{'your_total' if ours else 'total'}", lang, name=name),
                    # (No value=: 0 to start with, and a total set before it is drawn, kept
                    # or cleared, raises no Streamlit warning of a value set twice.)
                    step=5,
                    # No min/max: the browser's range check speaks English and keeps the last
                    # good number; any total typed is graded, and the grade says how far off.
                    key=f"{key}_total_{name}",
                )
            )
    return totals


@lru_cache(maxsize=64)  # pure, and asked for again on every rerun of the exercise
def score_sides(scenario_id: str, lang: Lang) -> tuple[tuple[str, str], ...]:
    """A score task's sides as drawn: each side's name, and its header, melds and hands in
    one Markdown block (our own HTML)."""
    scenario = course().scenarios[scenario_id]
    assert isinstance(scenario.task, ScoreTask)
    found = []
    yours = scenario.task.your_side  # (where the goal speaks of "you": that side, that hand)
    for side_number, side in enumerate(round_from_data(scenario.ruleset(), scenario.task.round)):
        flags = [
            t("practice.score.morto_yes" if side.took_morto else "practice.score.morto_no", lang)
        ]
        if side.went_out:
            flags.append(t("practice.score.went_out", lang))
        if side.corte_cards is not None:  # (the goal alone said it: the board did not)
            flags.append(t("practice.score.corte", lang, cards=side.corte_cards))
        ours = side.name == yours
        header = side_label(scenario.task, side.name, lang)
        parts = [f"**{header}** · {' · '.join(flags)}"]
        parts += [meld_html(meld, size="sm", lang=lang) for meld in side.melds]
        for number, hand in enumerate(side.hands):
            if hand:
                seat = hand_seat(side_number, number) + 1  # from 1, as in Jogar
                # The learner's side: the first hand the learner's, the second the partner's
                # (the seat still said, as the solution's items name it).
                whose = ("your_hand", "partner_hand")[number] if ours and number < 2 else "hand"
                parts.append(caption_md(t(f"practice.score.{whose}", lang, n=seat)))
                parts.append(cards_html(hand, size="sm", lang=lang))
        found.append((side.name, "\n\n".join(parts)))
    return tuple(found)


@dataclass(frozen=True)
class _Said:
    """What the verdict in view above the solution said: the explanation (a right answer's
    green box), and the judge's reasons behind its "por quê?" (none: no such lines)."""

    explained: bool = False
    reasons: tuple[Reason, ...] = ()


def _feedback(scenario: Scenario, attempt: Attempt, view: _View[Any], lang: Lang) -> _Said:
    """The verdict of the answer on screen, its point said once. A right one: the green box
    (the explanation), the rules judge's reasons behind "por quê?", as the board does. A
    wrong one: the red box (why it fails, the common error it makes), the wrong answer's
    own explanation, and for a yes or no the judge's reasons behind "por quê?" too: in view,
    they said the red box's point a third time. Returns what it said, so that the solution
    says neither again."""
    grade = attempt.last
    assert grade is not None
    # A meld asked about (“Este jogo vale?”) is judged as a meld, not as a move.
    meld = isinstance(scenario.task, JudgeTask) and scenario.task.meld is not None
    if grade.correct:
        st.success(md_cards(t("practice.correct", lang) + " " + scenario.explanation.get(lang)))
    else:
        why = view.why_wrong(grade, attempt.last_value, lang)
        # In the language shown now: a switch after checking quoted the answer in the other.
        said = view.not_yet(attempt.last_value, lang)
        named = board_task.common_error_line(grade, lang)
        st.error(error_cards("  \n".join([f"**{said}**", *why, *named])))
        if grade.wrong is not None:
            show_text(grade.wrong.explanation.get(lang))
        elif attempt.tries >= 2:
            st.caption(t("practice.try_hint", lang))
    if grade.verdict is None or not (grade.correct or view.verdict_when_wrong):
        return _Said(explained=grade.correct)
    with st.expander(t("board.why", lang)):
        st.markdown(f"**{_core_says(grade.verdict.ok, meld, lang)}**")
        show_reasons(grade.verdict.reasons, lang)
    return _Said(explained=grade.correct, reasons=tuple(grade.verdict.reasons))


def _core_says(legal: bool, meld: bool, lang: Lang) -> str:
    """ "O juiz de regras diz: jogada válida." (or a meld's words, or invalid)."""
    said = ("meld_" if meld else "") + ("legal" if legal else "illegal")
    return t(f"practice.core_says_{said}", lang)


def _feedback_before(attempt: Attempt, view: _View[Any], lang: Lang) -> None:
    """The verdict of an answer since changed: one grey line that names the earlier answer,
    as the board says a refused move's answer once the pick changed (board_task)."""
    assert attempt.last is not None
    key = "practice.answer_changed" + ("_right" if attempt.last.correct else "")
    earlier = view.earlier(attempt.last_value, lang)
    st.caption(md_cards(t(key, lang, answer=earlier, check=t("practice.check", lang))))


def _solution(view: _View[Any], scenario: Scenario, lang: Lang, said: _Said) -> None:
    """The answer, the explanation and the judge's reasons behind "por quê?"; less what the
    verdict above it says (`said`): after a right answer, its green box says the
    explanation; after a right one or a wrong yes or no, the same reasons are behind its
    own "por quê?". The solution then says the answer, and reasons of its own only
    (another move's, a choice's options)."""
    with st.container(border=True):
        st.markdown(f"**{t('practice.solution_title', lang)}**")
        view.solution(lang)
        if not said.explained:
            show_text(scenario.explanation.get(lang))
        groups = [
            (heading, reasons)
            for heading, reasons in view.solution_reasons(lang)
            if not said.reasons or heading or tuple(reasons) != said.reasons
        ]
        if groups:
            # The judge's own words and their sources, a tap away, as after a move on the
            # board (board_task): in view, they said what the explanation says.
            with st.expander(t("board.why", lang)):
                for heading, reasons in groups:
                    if heading:
                        show_text(f"**{heading}**")
                    show_reasons(reasons, lang)


@st.cache_resource
def course() -> Curriculum:
    """The lessons and scenarios, read once per server (they are files in the project)."""
    return load_curriculum()


@lru_cache(maxsize=32)  # (the course is read once per server: course() above)
def theme_ids(theme: str) -> tuple[str, ...]:
    """The exercises of `theme` ("all": every one), in the order the lessons teach them."""
    found = course()
    return tuple(
        s.id
        for lesson in found.lessons
        for s in found.scenarios_of(lesson.id)
        if theme == "all" or theme in s.themes
    )


@lru_cache(maxsize=2)  # one per language: the list of exercises asks for every title
def titles_as_read(lang: Lang) -> dict[str, str]:
    """Each exercise's title as a list shows it (no Markdown: a title's `A♣ 2♣ 3♣` kept its
    backticks)."""
    return {i: as_read(s.title.get(lang)) for i, s in course().scenarios.items()}


def stars_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars)


def legend(lang: Lang) -> None:
    """What the marks and stars mean, and where the progress is kept."""
    # Lazy: the text is drawn only while the expander is open (it rarely is).
    expander = st.expander(t("progress.legend", lang), key="progress_legend", on_change="rerun")
    if expander.open:
        with expander:
            st.markdown(t("progress.legend_text", lang))
            st.caption(t("progress.kept", lang))


_MARKS = {None: "○", progress.Result.SEEN: "◐", progress.Result.SOLVED: "✓"}


def result_mark(result: progress.Result | None) -> str:
    return _MARKS.get(result, "★")
