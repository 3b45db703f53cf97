"""AppTest: the lessons and the scenario player (issues 5 and 13). A learner solves move
tasks by tapping the cards on the board, other tasks with native widgets; the verdicts and
explanations come from the rules core."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.inline_cards import as_read
from buraco_app.progress import Result
from buraco_course import THEMES, load_curriculum
from buraco_text import catalog
from tests.app.conftest import hand_cards, in_order, tap_card, tap_meld

Open = Callable[..., AppTest]
PT = catalog("pt")
NATURAL_TWO = "two_goes_home_cleans_canastra"  # move task, seed 000/001: 2♠ returns home
PICKUP = "fechado_pickup_needs_top_card"  # judge task, variant difference
WORKED = "worked_example_round"  # score task, RULES.md's worked example
MATCH_WON = "match_higher_total_wins"  # match task: both sides pass 3000, A ends higher
MATCH_TIE = "match_tie_at_the_top_plays_on"  # match task: level at 3100, the match goes on


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [s.value for s in at.subheader]
    parts += [e.value for e in at.success] + [e.value for e in at.error]
    parts += [e.value for e in at.info] + [c.value for c in at.caption]
    return as_read("\n".join(str(p) for p in parts))


def tap(at: AppTest, *labels: str) -> AppTest:
    """Tap board buttons by what they say ("4♠", "Meld 1: ..."), one rerun per tap, as in
    the browser. A label ending in ":" or "…" is a prefix (a meld, the lixo)."""
    for label in labels:
        prefix = label.endswith((":", "…"))
        wanted = label.rstrip("…")
        found = [
            b
            for b in at.button
            if (b.label.startswith(wanted) if prefix else b.label == wanted) and not b.disabled
        ]
        if found:
            found[0].click().run()
        elif wanted.endswith(":"):  # a meld
            tap_meld(at, wanted)
        else:  # a card of the hand
            assert wanted in hand_cards(at), f"no {label!r} in {[b.label for b in at.button]}"
            tap_card(at, wanted)
        assert not at.exception, at.exception
    return at


def open_scenario(open_app: Open, scenario: str, **query: str) -> AppTest:
    return open_app("practice", scenario=scenario, **query)


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("page", ["lessons", "practice"])
def test_page_renders_in_both_languages(open_app: Open, page: str, lang: str) -> None:
    at = open_app(page, lang=lang)
    assert not at.exception
    title = {
        ("lessons", "pt"): "Lições",
        ("lessons", "en"): "Lessons",
        ("practice", "pt"): "Exercícios",
        ("practice", "en"): "Practice",
    }[(page, lang)]
    assert at.title[0].value == title


def test_lesson_shows_its_introduction_then_its_scenarios(open_app: Open) -> None:
    at = open_app("lessons", lesson="natural_two", lang="en")
    assert "natural" in texts(at).lower()
    at.button[-1].click().run()  # "Start the exercises"
    assert not at.exception
    assert "Exercise 1 of" in texts(at)


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("lesson", ["cards_and_points", "variants_and_house_rules"])
def test_a_lesson_that_offers_the_tables_options_says_where_they_are_changed(
    open_app: Open, lesson: str, lang: str
) -> None:
    """“A mesa pode escolher 20 nas opções”, and lesson 12's list of the table's options:
    a newcomer was not told where those options are. They name the rules bar's button, as
    it reads at the top of the pages that judge (“Casa”)."""
    at = open_app("lessons", lesson=lesson, lang=lang)
    assert f"“{catalog(lang)['rules_bar.house_none']}”" in texts(at)


def test_solving_the_natural_two_scenario_by_clicking(open_app: Open) -> None:
    """Seed 000/001: adding the 4♠ sends the 2♠ home and the meld turns clean."""
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    tap(at, "4♠", "Meld 1:")  # two taps: the card, then the meld
    assert at.success and "Right!" in at.success[0].value
    assert "natural place" in texts(at)  # the core's reason, in English (behind "why?")


def test_a_wrong_move_shows_its_own_explanation(open_app: Open) -> None:
    at = open_scenario(open_app, NATURAL_TWO)
    tap(at, "4♠", "Descartar")
    # A legal discard that misses the point: a warning headline, never a red box.
    assert not at.error and at.warning
    assert at.warning[0].value.startswith("**Válida, mas")
    assert "Descartar o 4♠ entrega" in texts(at)  # the anticipated wrong answer's text


def test_an_illegal_move_shows_the_rule_and_its_source(open_app: Open) -> None:
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    tap(at, "K♣", "K♥", "+ New meld")
    assert at.error and at.error[0].value.startswith("**Not allowed.")
    assert "at least 3 cards" in at.error[0].value
    at.toggle(key=f"sc_{NATURAL_TWO}_board_sources").set_value(True).run()
    shown = texts(at)
    assert "at least 3 cards" in shown and "000" in shown


def test_a_judge_task_then_the_solution(open_app: Open) -> None:
    """Fechado: the lixo needs its top card used (seeds 002, 003)."""
    at = open_scenario(open_app, PICKUP, lang="en")
    key = f"sc_{PICKUP}"
    # Only after a try, and the greyed-out button says so (a phone shows no tooltip).
    assert at.button(key=f"{key}_solution").disabled
    assert at.button(key=f"{key}_solution").label == "Solution: after a try"
    at.radio(key=f"{key}_legal").set_value("yes").run()
    at.button(key=f"{key}_check").click().run()
    assert at.error and "That holds in Aberto" in texts(at)
    assert at.button(key=f"{key}_solution").label == "Show the solution"
    at.button(key=f"{key}_solution").click().run()
    assert "top card" in texts(at) and "Solution" in texts(at)


def test_the_worked_example_scored_in_the_player(open_app: Open) -> None:
    at = open_scenario(open_app, WORKED, lang="en")
    key = f"sc_{WORKED}"
    at.number_input(key=f"{key}_total_A").set_value(525)
    at.number_input(key=f"{key}_total_B").set_value(-5)
    at.button(key=f"{key}_check").click().run()
    assert at.success and "525" in texts(at)


def test_hint_on_request(open_app: Open) -> None:
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    at.button(key=f"sc_{NATURAL_TWO}_hint").click().run()
    assert any("Hint:" in i.value for i in at.info)


def test_progress_survives_a_new_session_with_the_same_link(open_app: Open) -> None:
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    learner = at.query_params["learner"]
    tap(at, "4♠", "Meld 1:")
    total = len(load_curriculum().lesson("natural_two").scenarios)
    again = open_app("lessons", lesson="natural_two", lang="en", learner=str(learner))
    assert progress_text(again) == f"1 of {total} exercises solved"
    stranger = open_app("lessons", lesson="natural_two", lang="en", learner="someone_else_1")
    assert progress_text(stranger) == f"0 of {total} exercises solved"


def test_a_new_learners_progress_follows_them_to_the_lessons_page(
    open_app: Open, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """A first visit (no link, no cookie yet): an exercise solved in Exercícios shows as
    solved in Lições. A page picked in the menu drops `?learner=` from the address, as the
    browser does; it made a new learner there, with nothing solved."""
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    learner = at.query_params["learner"]
    tap(at, "4♠", "Meld 1:")
    at.query_params.pop("learner")  # (what a menu link leaves in the address)
    switch_to(at, "lessons")
    assert at.query_params["learner"] == learner
    total = len(load_curriculum().lesson("natural_two").scenarios)
    at.selectbox[0].select("natural_two").run()
    assert progress_text(at) == f"1 of {total} exercises solved"


def progress_text(at: AppTest) -> str:
    return str(at.get("progress")[0].proto.text)


def test_an_unknown_scenario_in_the_link_is_a_warning_not_a_crash(open_app: Open) -> None:
    at = open_scenario(open_app, "no_such_thing")
    assert not at.exception and at.warning


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Não há tema “natual_two”; abrindo todos os temas."),
        ("en", "There is no theme “natual_two”; opening all themes."),
    ],
)
def test_an_unknown_theme_in_the_link_is_said(open_app: Open, lang: str, said: str) -> None:
    """A link with a mistyped theme opened every theme without a word, where a mistyped
    exercise is said: the learner took the list for the theme's."""
    at = open_app("practice", theme="natual_two", lang=lang)
    assert not at.exception
    assert [str(w.value) for w in at.warning] == [said]
    assert at.selectbox(key="practice_theme").value == "all"


def test_language_switch_changes_the_player(open_app: Open) -> None:
    at = open_scenario(open_app, NATURAL_TWO)
    assert "O 2 volta para casa" in texts(at)
    at.radio(key="lang").set_value("en").run()
    assert "The 2 goes home" in texts(at)


def test_a_wrong_answer_is_quoted_in_the_language_switched_to(open_app: Open) -> None:
    """A learner who answered "Sim, vale", then switched to English, read "Not yet: “Sim,
    vale” does not solve it": the answer is quoted in the language shown."""
    at = open_scenario(open_app, PICKUP)
    key = f"sc_{PICKUP}"
    at.radio(key=f"{key}_legal").set_value("yes").run()
    at.button(key=f"{key}_check").click().run()
    assert "Ainda não: “Sim, vale” não resolve." in texts(at)
    at.radio(key="lang").set_value("en").run()
    assert "Not yet: “Yes” does not solve it." in texts(at)


@pytest.mark.parametrize(
    ("scenario", "question"),
    [("suja_or_limpa", "Is this meld valid?"), (PICKUP, "Is it legal?")],
)
def test_a_yes_or_no_question_is_answered_yes_or_no_in_english(
    open_app: Open, scenario: str, question: str
) -> None:
    """“Is this meld valid?” offered “Yes, it is legal” and “No, it is not” (an English
    newcomer in Lessons: a meld is valid, a move legal); the Portuguese “Sim, vale” fits
    both. The answers are “Yes” and “No”, for a meld and for a move alike."""
    at = open_scenario(open_app, scenario, lang="en")
    assert question in texts(at)
    assert at.radio(key=f"sc_{scenario}_legal").options == ["Yes", "No"]


def test_exercises_visited_leave_no_session_key_behind(open_app: Open) -> None:
    """Streamlit reads every session key whenever it draws a widget: a key left behind by
    each exercise visited (the labels its “É válido?” answer was drawn with) made every
    page of the session slower as a learner went through the course. Back at the first
    exercise after six others, the session holds the same keys as on the first visit."""
    course = load_curriculum()
    judged = [s.id for s in course.scenarios.values() if s.task.kind == "judge"][:7]
    at = open_scenario(open_app, judged[0])
    first_visit = set(at.session_state.keys())
    for scenario in [*judged[1:], judged[0]]:
        at.query_params["scenario"] = scenario
        at.run()
        assert not at.exception, at.exception
    assert set(at.session_state.keys()) == first_visit


def test_variants_page_same_move_three_verdicts(open_app: Open) -> None:
    """Seeds 002/003: in Fechado and STBL the lixo's top card must be used; Aberto is free."""
    at = open_app("variants", lang="en")
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value(PICKUP).run()
    verdicts = {}
    for column in at.columns:
        titles = [m.value for m in column.markdown if m.value.startswith("#### ")]
        moves = [s.value for s in column.success] + [e.value for e in column.error]
        moves = [m for m in moves if "move" in m.lower()]
        if titles and moves:
            verdicts[titles[0][5:].split("\n")[0]] = moves[0]
    assert verdicts == {
        "Buraco Aberto": "✓ Legal move",
        "Buraco Fechado": "✗ Illegal move",
        "Fechado STBL": "✗ Illegal move",
    }


@pytest.mark.parametrize("kind", ["move", "judge", "choose", "score", "match"])
def test_every_task_kind_shows_its_solution_and_explanation_after_a_try(
    open_app: Open, kind: str
) -> None:
    """Each task kind has its own answer widgets and solution (buraco_course's task kinds)."""
    scenario = next(s for s in load_curriculum().scenarios.values() if s.task.kind == kind)
    at = open_scenario(open_app, scenario.id, lang="en")
    key = f"sc_{scenario.id}"
    if kind == "move":
        tap(at, f"Stock ({len(scenario.state.stock)})")  # a try on the board
    else:
        if kind == "judge":
            at.radio(key=f"{key}_legal").set_value("yes").run()
        elif kind == "choose":  # (nothing ticked is no try)
            at.checkbox(key=f"{key}_option_0").check().run()
        elif kind == "match":  # (nothing picked is no try)
            at.radio(key=f"{key}_winner").set_value("none").run()
        at.button(key=f"{key}_check").click().run()
    at.button(key=f"{key}_solution").click().run()
    assert not at.exception
    shown = texts(at)
    assert "Solution" in shown and as_read(scenario.explanation.get("en")) in shown


def test_the_progress_legend_is_drawn_when_opened(open_app: Open) -> None:
    """Lazy, for speed: the marks' legend costs nothing on a rerun while it is closed."""
    at = open_app("practice")
    (legend,) = [e for e in at.expander if e.label == PT["progress.legend"]]
    assert not legend.markdown
    at.session_state["progress_legend"] = True
    at.run()
    (legend,) = [e for e in at.expander if e.label == PT["progress.legend"]]
    assert [m.value for m in legend.markdown] == [PT["progress.legend_text"]]
    assert [c.value for c in legend.caption] == [PT["progress.kept"]]


def test_a_score_task_numbers_the_hands_by_seat_as_jogar_does(open_app: Open) -> None:
    """Seats from 1 round the table, partners opposite (as in Jogar): side A's second hand
    is player 3's, side B's first is player 2's, in the hands and in the solution too. The
    solution names each side as its field does, “Dupla A” (it said “A: 50”)."""
    at = open_scenario(open_app, WORKED)  # A: hands [[], [7♣ K♦]]; B: [[six cards], []]
    shown = texts(at)
    assert "Ficou na mão do jogador 3:" in shown and "Ficou na mão do jogador 2:" in shown
    assert "jogador 1:" not in shown and "jogador 4:" not in shown  # the empty hands
    key = f"sc_{WORKED}"
    at.button(key=f"{key}_check").click().run()
    at.button(key=f"{key}_solution").click().run()
    solution = " ".join(str(m.value) for m in at.markdown if str(m.value).startswith("**Dupla A:"))
    solution += " ".join(str(m.value) for m in at.markdown if str(m.value).startswith("**Dupla B:"))
    assert "(jogador 3)" in solution and "(jogador 2)" in solution
    assert "(jogador 1)" not in solution
    assert not solution.rstrip().endswith(";")  # items separated, none left hanging


def test_a_question_about_a_turn_just_ended_shows_the_learners_own_seat(
    open_app: Open,
) -> None:
    """The learner (player 1) just discarded: the board is drawn from seat 1, their hand
    shown, the turn marked on player 2."""
    at = open_scenario(open_app, "discard_ends_the_turn")
    seats = next(h.proto.body for h in at.get("html") if "bt-seats" in h.proto.body)
    assert "<b>você</b> (jogador&nbsp;1)" in seats  # (one line: the number never wraps alone)
    assert "bt-turn" in seats.split("(jogador&nbsp;2)")[0].rsplit("bt-seat ", 1)[1]
    assert "K♠" in hand_cards(at)


def test_no_exercise_or_lesson_counts_seats_from_0() -> None:
    """People read seats from 1 (the learner is player 1, the partner player 3), as in
    Jogar: no text of the course calls anyone player 0 (the files' `seat` fields stay 0-based,
    as the rules core reads them)."""
    root = Path(__file__).parents[2]
    course = load_curriculum(root)
    texts_ = [
        text
        for scenario in course.scenarios.values()
        for field in (scenario.title, scenario.goal, scenario.hint, scenario.explanation)
        for text in (field.get("pt"), field.get("en"))
    ]
    texts_ += [(root / "lessons" / f).read_text() for f in os.listdir(root / "lessons")]
    said = [s for s in texts_ if re.search(r"\b(jogador|player) 0\b", s, re.IGNORECASE)]
    assert not said


def test_a_wrong_score_says_which_side_is_off_and_which_way(open_app: Open) -> None:
    """“A: 999” is not all the learner gets back: each side right, or above or below what
    the count gives (not the total itself)."""
    at = open_scenario(open_app, WORKED)
    key = f"sc_{WORKED}"
    answer = load_curriculum().scenarios[WORKED].task.answer
    at.number_input(key=f"{key}_total_A").set_value(answer["A"] + 100)
    at.number_input(key=f"{key}_total_B").set_value(answer["B"])
    at.button(key=f"{key}_check").click().run()
    said = at.error[0].value
    assert f"Dupla A: {answer['A'] + 100} é mais do que a conta dá." in said
    assert f"Dupla B: {answer['B']} está certo." in said
    assert str(answer["A"]) not in said.replace(str(answer["A"] + 100), "")
    # Each side's line says its number back: no machine-like “A: 625, B: -5” above them.
    assert said.startswith("**Ainda não.**") and "“A:" not in said
    # In English "too high", as a person says it, not "more than the count gives".
    english = open_scenario(open_app, WORKED, lang="en")
    english.number_input(key=f"{key}_total_A").set_value(answer["A"] - 5)
    english.number_input(key=f"{key}_total_B").set_value(answer["B"])
    english.button(key=f"{key}_check").click().run()
    assert f"Side A: {answer['A'] - 5} is too low." in english.error[0].value


def test_a_score_task_with_one_side_calls_the_partner_player_3(open_app: Open) -> None:
    """“Na sua mão sobrou o 2♦; na do parceiro, 7♣ e 4♥”: the partner sits at seat 3, as in
    Jogar, also when the task shows one side only (it said “jogador 2”)."""
    at = open_scenario(open_app, "two_counts_ten_either_way")
    shown = texts(at)
    assert "(jogador 1):" in shown and "(jogador 3):" in shown
    assert "jogador 2" not in shown


@pytest.mark.parametrize(
    ("scenario", "lang", "said", "not_said"),
    [
        (  # “Na sua mão sobrou o 2♦; na do parceiro, 7♣ e 4♥”: one side, both hands
            "two_counts_ten_either_way",
            "pt",
            [
                "**Dupla A (a sua)**",
                "Ficou na sua mão (jogador 1):",
                "Ficou na mão do parceiro (jogador 3):",
            ],
            ["Ficou na mão do jogador"],
        ),
        (
            "two_counts_ten_either_way",
            "en",
            [
                "**Side A (yours)**",
                "Left in your hand (player 1):",
                "Left in your partner's hand (player 3):",
            ],
            ["Left in player"],
        ),
        (  # “você bate pela dupla A … o seu parceiro ficou com 4♥ 6♦”; B's hand stays a seat
            "unused_indirect_morto_is_paid",
            "pt",
            [
                "**Dupla A (a sua)**",
                "**Dupla B** ·",
                "Ficou na mão do parceiro (jogador 3):",
                "Ficou na mão do jogador 4:",
            ],
            ["Dupla B (a sua)", "Ficou na sua mão"],  # (you went out: no hand of yours)
        ),
        (  # “A sua dupla, a A, bateu … e o parceiro ficou com o 5♦”
            "corte_of_43_costs_100",
            "en",
            ["**Side A (yours)**", "Left in your partner's hand (player 3):"],
            ["Side B (yours)"],
        ),
        (  # “A dupla A bateu; as duas pegaram o morto”: the goal speaks of no one
            WORKED,
            "pt",
            ["**Dupla A** ·", "Ficou na mão do jogador 3:", "Ficou na mão do jogador 2:"],
            ["(a sua)", "sua mão", "parceiro"],
        ),
    ],
)
def test_a_score_panel_says_which_side_and_hand_are_yours_where_the_goal_says_you(
    open_app: Open, scenario: str, lang: str, said: list[str], not_said: list[str]
) -> None:
    """The goal speaks of “a sua dupla”, “sua mão”, “o parceiro”; the panel said only
    “Dupla A”, “jogador 1”, “jogador 3”, and the learner had to work out which was theirs.
    Where the exercise names its side (`your_side`), the panel says it, the seat kept for
    the solution's items; an exercise whose goal speaks of no one is drawn as before."""
    at = open_scenario(open_app, scenario, lang=lang)
    assert not at.exception
    shown = texts(at)
    for text in said:
        assert text in shown, (text, shown)
    for text in not_said:
        assert text not in shown, text


@pytest.mark.parametrize(
    ("scenario", "lang", "side", "field"),
    [
        ("table_adds_hand_subtracts", "pt", "Dupla A (a sua)", "Total da dupla A (a sua)"),
        ("table_adds_hand_subtracts", "en", "Side A (yours)", "Total of side A (yours)"),
        (WORKED, "pt", "Dupla A", "Total da dupla A"),  # (the goal speaks of no one)
    ],
)
def test_a_score_task_names_your_side_alike_in_the_field_the_grade_and_the_solution(
    open_app: Open, scenario: str, lang: str, side: str, field: str
) -> None:
    """The panel said “Dupla A (a sua)”, as the goal says “a sua dupla”; the answer's field
    below it, the line of a wrong total and the solution said “Dupla A” alone."""
    at = open_scenario(open_app, scenario, lang=lang)
    key = f"sc_{scenario}"
    answer = load_curriculum().scenarios[scenario].task.answer
    total = at.number_input(key=f"{key}_total_A")
    assert total.label == field
    total.set_value(answer["A"] + 100)
    at.button(key=f"{key}_check").click().run()
    assert f"{side}: {answer['A'] + 100} " in as_read(at.error[0].value)
    at.button(key=f"{key}_solution").click().run()
    assert any(str(m.value).startswith(f"**{side}: {answer['A']}** —") for m in at.markdown)


def test_a_wrong_choice_names_the_option_that_fails_and_why(open_app: Open) -> None:
    """Two wilds in one meld picked, one good meld left out: the core's reason for the first,
    a count of the second."""
    at = open_scenario(open_app, "which_wilds_fit", lang="en")
    key = "sc_which_wilds_fit"
    for option in (0, 1, 3):
        at.checkbox(key=f"{key}_option_{option}").check()
    at.button(key=f"{key}_check").click().run()
    said = as_read(at.error[0].value)
    assert "Option 4 does not hold:" in said and "wild" in said.split("Option 4")[1]
    assert "1 option that holds is left unmarked." in said
    assert "Option 1 " not in said and "Option 2 " not in said


def test_a_wrong_yes_or_no_shows_the_judges_reason(open_app: Open) -> None:
    at = open_scenario(open_app, PICKUP, lang="en")
    key = f"sc_{PICKUP}"
    at.radio(key=f"{key}_legal").set_value("yes").run()
    at.button(key=f"{key}_check").click().run()
    shown = texts(at)
    assert "The rules judge says: an illegal move." in shown and "top card" in shown


def test_a_solved_exercise_can_be_done_again_for_the_first_try_star(open_app: Open) -> None:
    """Solved with the hint: the mark is ✓. "Do it again" starts the exercise over (the
    board, the hint, the tries), and a first try without the hint earns the ★; the best
    result is kept (audit 14)."""
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    at.button(key=f"sc_{NATURAL_TWO}_hint").click().run()
    tap(at, "4♠", "Meld 1:")

    def mark() -> str:
        return next(o for o in at.selectbox[1].options if "The 2 goes home" in o)[0]

    assert mark() == "✓"
    at.button(key=f"sc_{NATURAL_TWO}_start_over").click().run()
    assert not at.exception and not any("Hint:" in i.value for i in at.info)
    tap(at, "4♠", "Meld 1:")
    assert mark() == "★"


@pytest.mark.parametrize(
    ("scenario", "answer"),
    [
        ("no_second_wild", lambda at, key: at.radio(key=f"{key}_legal").set_value("no")),
        (
            "which_runs_are_sequences",
            lambda at, key: [at.checkbox(key=f"{key}_option_{i}").check() for i in (0, 2)],
        ),
        (
            "table_adds_hand_subtracts",
            lambda at, key: at.number_input(key=f"{key}_total_A").set_value(35),
        ),
        (MATCH_WON, lambda at, key: at.radio(key=f"{key}_winner").set_value("A")),
    ],
)
def test_doing_an_exercise_again_starts_with_no_answer_given(
    open_app: Open, scenario: str, answer: Callable[[AppTest, str], object]
) -> None:
    """ "Do it again" kept the right answer in its fields: one tap on "Check" earned the
    first-try star, with no new try."""
    at = open_scenario(open_app, scenario, lang="en")
    key = f"sc_{scenario}"
    at.button(key=f"{key}_hint").click().run()
    answer(at, key)
    at.button(key=f"{key}_check").click().run()
    assert at.success  # (solved, with the hint: ✓)
    at.button(key=f"{key}_start_over").click().run()
    at.button(key=f"{key}_check").click().run()
    assert not at.success


def test_a_discard_the_exercise_did_not_foresee_says_it_ended_the_turn(open_app: Open) -> None:
    """A legal discard, the move most often made where the exercise wanted a meld, said
    only "Legal, but not what the exercise asks"; it says why. A discard the exercise
    foresaw keeps its own explanation alone."""
    line = "A discard ends the turn: what the exercise asks for had to come before it."
    at = tap(open_scenario(open_app, "lay_it_clean", lang="en"), "9♦", "Discard")
    assert any(line in w.value for w in at.warning)
    at = tap(open_scenario(open_app, NATURAL_TWO, lang="en"), "4♠", "Discard")
    assert at.warning and not any(line in w.value for w in at.warning)


def scrolls(at: AppTest) -> list[object]:
    return [h for h in at.html if "scrollTo" in h.proto.body]


def press(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize(
    ("page", "query", "buttons"),
    [
        ("lessons", {"lesson": "natural_two"}, ["Start the exercises →", "Next →", "← Back"]),
        ("practice", {}, ["Next exercise →", "Next exercise →"]),
    ],
)
def test_a_step_to_another_exercise_opens_at_the_pages_top(
    open_app: Open, page: str, query: dict[str, str], buttons: list[str]
) -> None:
    """On a phone (390x844) "Next →" (and "Next exercise →") sits at the bottom of a long
    page: the next exercise opened with that scroll kept, its title and question ~600 px
    above the screen, only its cards and the answer's field in sight (audit of Lições and
    Praticar). The run after such a tap scrolls the page to its top, once: not on the runs
    after, nor on a page opened."""
    at = open_app(page, lang="en", **query)
    assert not scrolls(at)
    for label in buttons:
        press(at, label)
        assert len(scrolls(at)) == 1, label
        assert in_order(at.main)[-1] == scrolls(at)[0]  # (after everything: no place above)
        at.run()
        assert not scrolls(at)


@pytest.mark.parametrize(("lang", "says"), [("pt", "chegar ao 3"), ("en", "reaches the 3")])
def test_a_wild_two_that_may_go_home_names_the_3_the_sequence_must_reach(
    open_app: Open, lang: str, says: str
) -> None:
    """Lesson 5, "Só o 6♥ não basta": the 6♥ alone sends the 2♥ to an end, still wild. Its
    hint asks which card the sequence must reach; "por quê?" said "quando a sequência chegar
    ao 2", the 2 the learner already has, where the lesson and seed 000 ("ao ganhar a carta
    3") say the 3."""
    at = open_scenario(open_app, "six_alone_is_not_enough", lang=lang)
    tap(at, "6♥", "Jogo 1:" if lang == "pt" else "Meld 1:")
    shown = texts(at)
    assert says in shown
    assert "chegar ao 2" not in shown and "reaches the 2" not in shown


def step_caption(at: AppTest) -> str:
    return next((str(c.value) for c in at.caption if "Exercise" in str(c.value)), "introduction")


def test_a_reload_reopens_the_lesson_at_the_exercise_it_was_on(open_app: Open) -> None:
    """On a phone a tab brought back (or reloaded) is a new session: the learner on lesson 5's
    exercise 2 was sent back to the lesson's introduction, to tap "Start" and "Next" through
    the exercises done. The step is in the address now, beside the lesson, as a link keeps it."""
    at = open_app("lessons", lesson="natural_two", lang="en")
    press(at, "Start the exercises →")
    press(at, "Next →")
    assert step_caption(at).startswith("Exercise 2 of")
    query = {k: str(v) for k, v in at.query_params.items()}
    assert query.get("step") == "2"
    again = open_app("lessons", **query)
    assert step_caption(again).startswith("Exercise 2 of")
    # Another lesson opens at its own introduction, and the address forgets the step.
    again.selectbox[0].set_value("the_turn").run()
    assert step_caption(again) == "introduction" and "step" not in again.query_params
    # A step the lesson does not have opens the introduction, without a word of error.
    for bad in ("99", "-1", "x", "²", "9" * 5000):  # (5,000 digits: past int()'s limit)
        odd = open_app("lessons", lesson="natural_two", lang="en", step=bad)
        assert not odd.exception and not odd.warning
        assert step_caption(odd) == "introduction" and "step" not in odd.query_params


def test_an_exercise_leads_to_its_lesson_open_at_that_exercise(
    open_app: Open, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """In Exercícios an exercise said nothing of the lesson that explains it: a learner
    stuck on it had to find the lesson in the list and tap "Next" up to the exercise. A
    link opens the lesson at the exercise, with the answer already given kept, also where
    the session had that lesson open at another step."""
    at = open_app("lessons", lesson="wild_cards", lang="en")  # (at its introduction)
    switch_to(at, "practice")
    at.selectbox[1].set_value("no_second_wild").run()
    at.radio(key="sc_no_second_wild_legal").set_value("yes").run()
    press(at, "Check")
    link = next(e for e in at.get("page_link") if "lesson 3" in e.proto.label)
    assert link.proto.label == "See it in lesson 3, “Wild cards: the joker and the 2” →"
    at.query_params.clear()  # (what the link leaves in the address: its own parameters)
    at.query_params.update(dict(parse_qsl(link.proto.query_string)))
    switch_to(at, "lessons")
    assert at.query_params["lesson"] == "wild_cards" and "exercise" not in at.query_params
    assert step_caption(at).startswith("Exercise 4 of 7")
    assert at.subheader[0].value == "A dirty meld takes no second wild"
    assert at.error  # (the wrong "yes" and why)
    # The "yes" still marked: a radio drawn by another page came back empty beside it.
    assert at.radio(key="sc_no_second_wild_legal").value == "yes"
    # A link to no exercise says so, and opens the lesson where the learner was.
    at.query_params.clear()
    at.query_params["exercise"] = "no_such_thing"
    switch_to(at, "lessons")
    assert "There is no exercise “no_such_thing” in any lesson." in at.warning[0].value


def test_a_lessons_summary_lists_the_exercises_left_each_a_tap_away(open_app: Open) -> None:
    """A learner who went past exercises unsolved met only "Next lesson" at the summary,
    and had to tap "Back" step by step to find them."""
    at = open_app("lessons", lesson="natural_two", lang="en", step="2")
    tap(at, "4♠", "Meld 1:")  # (exercise 2 solved: the 2♠ goes home)
    learner = str(at.query_params["learner"])
    at = open_app("lessons", lesson="natural_two", lang="en", step="7", learner=learner)
    assert "5 exercises of this lesson still to solve:" in [i.value for i in at.info]
    left = [b.label for b in at.button if b.key and b.key.startswith("lesson_left_")]
    assert len(left) == 5 and left[0].startswith("○ 1. ") and left[1].startswith("○ 3. ")
    at.button(key="lesson_left_six_alone_is_not_enough").click().run()
    assert step_caption(at).startswith("Exercise 3 of 6")


@pytest.mark.parametrize(
    ("lesson", "lang", "said"),
    [
        ("cards_and_points", "pt", "Ás: 15; do 8 ao K: 10; do 3 ao 7: 5; o 2: 10;"),
        ("cards_and_points", "en", "Ace: 15; 8 to K: 10; 3 to 7: 5; a 2: 10;"),
        ("canastras", "pt", "Limpa (sem curinga): 200; suja (com curinga): 100; de 500"),
        ("canastras", "en", "Limpa (no wild): 200; suja (with a wild): 100; de 500"),
    ],
)
def test_a_lessons_summary_gives_each_card_its_points_apart(
    open_app: Open, lesson: str, lang: str, said: str
) -> None:
    """Lesson 1's summary read “Ás 15; do 8 ao K 10; do 3 ao 7 5; o 2 10”: a value's last
    rank ran into its points (“do 3 ao 7 5”, “o 2 10”, in English “3 to 7 5; a 2 10”), as
    lesson 4's “de 500 (ás a K limpa) 500”. Each value is said after a colon now, as the
    lesson's own table has them in two columns [seeds 000-003]."""
    course = load_curriculum()
    (found,) = [x for x in course.lessons if x.id == lesson]
    at = open_app("lessons", lesson=lesson, lang=lang, step=str(len(found.scenarios) + 1))
    summary = "\n".join(str(m.value) for m in at.markdown)
    assert said in summary


def test_the_exercise_list_shows_cards_without_markdown_backticks(open_app: Open) -> None:
    """A select box shows its options as plain text: "○ `A♣ 2♣ 3♣` é limpo" kept its
    backticks in the list of exercises."""
    at = open_app("practice", theme="natural_two")
    options = at.selectbox[1].options
    assert "○ A♣ 2♣ 3♣ é limpo" in options
    assert not any("`" in o for o in options)


def test_each_theme_says_how_many_of_its_exercises_are_solved(open_app: Open) -> None:
    """What is done and what is left, by theme, before choosing one: the list of themes
    gave only their names."""
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    tap(at, "4♠", "Meld 1:")
    themes = at.selectbox(key="practice_theme").options
    total = len(load_curriculum().scenarios)
    assert themes[0] == f"All themes · 1/{total}"
    assert "The natural 2 · 1/12" in themes
    assert "Cards and points · 0/4" in themes


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_practice_theme_names_start_with_a_capital_letter(open_app: Open, lang: str) -> None:
    """The list of themes in Exercícios read “todos os temas”, “cartas e pontos”, “o lixo”,
    “o morto”: names in a list, lowercase, where the lessons' titles beside them, and every
    other choice in the app, start with a capital. Each theme's name does now, in both
    languages (“Todos os temas”, “O 2 natural”; “All themes”, “The natural 2”)."""
    at = open_app("practice", lang=lang)
    themes = at.selectbox(key="practice_theme").options
    assert len(themes) == 1 + len(THEMES)
    assert [name for name in themes if not name[0].isupper()] == []


def test_back_in_exercicios_the_learner_finds_the_exercise_they_were_on(
    open_app: Open, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """Off to a lesson ("Ver na lição", the menu) and back, by the menu or the browser's
    back, whose address has no `?scenario=`: Exercícios opened the first exercise not done,
    not the one the learner was on. A theme chosen still opens at its first not done."""
    at = open_app("practice", lang="en", scenario="no_second_wild")
    at.query_params.clear()  # (what the menu leaves in the address)
    switch_to(at, "lessons")
    at.query_params.clear()
    switch_to(at, "practice")
    assert at.selectbox[1].value == "no_second_wild"
    at.selectbox(key="practice_theme").set_value("cards").run()
    assert at.selectbox[1].value == "table_adds_hand_subtracts"


def test_back_in_practice_the_learner_finds_the_theme_and_exercise_they_were_on(
    open_app: Open, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """An English newcomer in Practice on “the lixo”, its third exercise, tapped “See it in
    lesson 6” (or the menu's Lessons) and came back by the browser's back or the menu:
    Practice showed “all themes” and its first exercise (“On the table it scores…”), theme
    and exercise lost. The theme's list, left undrawn on the other page, lost its value."""
    at = open_app("practice", lang="en", theme="lixo", scenario="aberto_lixo_instead_of_stock")
    assert at.selectbox(key="practice_theme").value == "lixo"
    at.query_params.clear()  # (what the menu leaves in the address)
    switch_to(at, "lessons")
    at.query_params.clear()
    switch_to(at, "practice")
    assert at.selectbox(key="practice_theme").value == "lixo"
    assert at.selectbox[1].value == "aberto_lixo_instead_of_stock"
    assert at.query_params["theme"] == "lixo"


def test_the_next_lesson_opens_at_its_introduction(open_app: Open) -> None:
    at = open_app("lessons", lesson="cards_and_points", lang="en")
    press(at, "Start the exercises →")
    while not any(b.label == "Next lesson →" for b in at.button):
        press(at, "Next →")
    press(at, "Next lesson →")
    assert at.query_params["lesson"] == "sequences_and_the_ace"
    assert step_caption(at) == "introduction" and "step" not in at.query_params


@pytest.mark.parametrize(
    ("lang", "says"),
    [("pt", "nem trinca, com valores diferentes (5, K)"), ("en", "nor a trinca, with ranks")],
)
def test_a_group_of_mixed_suits_and_ranks_where_trincas_count_names_the_trinca_too(
    open_app: Open, lang: str, says: str
) -> None:
    """Lesson 13, "Baixe a lavadeira" (Fechado): K♣ K♥ K♠ 5♦ as a new meld was refused with
    "Naipes misturados: uma sequência é de um naipe só" only, in red, to a learner laying a
    trinca, where mixed suits are fine; what fails it as a trinca (the 5 among the kings)
    went unsaid. Where trincas count, the reason says it is neither."""
    at = open_scenario(open_app, "lay_a_trinca", lang=lang)
    tap(at, "K♣", "K♥", "K♠", "5♦", "+ Novo jogo" if lang == "pt" else "+ New meld")
    assert at.error and says in at.error[0].value


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("pt", "A opção 2 não vale: falta carta na sequência"),
        ("en", "Option 2 does not hold: the sequence has a gap"),
    ],
)
def test_why_an_option_fails_goes_on_after_its_colon_in_small_letters(
    open_app: Open, lang: str, says: str
) -> None:
    """Lesson 2, "A dama e o Ás no lugar certo": "A opção 2 não vale: Falta carta na
    sequência" went on after the colon with a capital, unlike every other "…: why" line of the
    app (mid_sentence); a card at the start keeps its own (tested in buraco_text)."""
    at = open_scenario(open_app, "which_runs_are_sequences", lang=lang)
    at.checkbox(key="sc_which_runs_are_sequences_option_1").check()
    at.button(key="sc_which_runs_are_sequences_check").click().run()
    assert says in as_read(at.error[0].value)


@pytest.mark.parametrize(
    ("lang", "marked", "says"),
    [
        ("pt", (1,), "Ainda não: marcar a opção 2 não resolve."),
        ("pt", (0, 1), "Ainda não: marcar as opções 1 e 2 não resolve."),
        ("en", (1,), "Not yet: marking option 2 does not solve it."),
        ("en", (0, 1, 3), "Not yet: marking options 1, 2 and 4 does not solve it."),
    ],
)
def test_a_wrong_choice_says_the_options_marked_by_their_numbers_in_words(
    open_app: Open, lang: str, marked: tuple[int, ...], says: str
) -> None:
    """Lesson 2, "A dama e o Ás no lugar certo", options marked wrong: it said “Ainda não:
    “2” não resolve.” / “Ainda não: “1, 2” não resolve.”, a number in quotes as if typed.
    The options are named as a person says them, by the numbers beside them (from 1)."""
    at = open_scenario(open_app, "which_runs_are_sequences", lang=lang)
    for option in marked:
        at.checkbox(key=f"sc_which_runs_are_sequences_option_{option}").check()
    at.button(key="sc_which_runs_are_sequences_check").click().run()
    said = as_read(at.error[0].value)
    assert said.startswith(f"**{says}**"), said
    assert "“" not in said.split("\n")[0]


def page_links(at: AppTest) -> list[str]:
    return [str(link.proto.label) for link in at.get("page_link")]


def test_the_last_lesson_ends_with_where_to_go_next(open_app: Open) -> None:
    """The course's last summary had "Next lesson →", which did nothing: the course ended
    without a word. It says so now, with the way to Play and to the exercises."""
    course = load_curriculum()
    last = course.lessons[-1]
    at = open_app("lessons", lesson=last.id, lang="en", step=str(len(last.scenarios) + 1))
    assert "Next lesson →" not in [b.label for b in at.button]
    assert "Play against the computer" in page_links(at)


def test_the_course_end_says_which_lessons_still_have_exercises_left(open_app: Open) -> None:
    """The course's end said "You have finished the 14 lessons", in green, to a learner who
    had skipped exercises in earlier lessons; only the last lesson's left were listed. It
    counts the course's exercises now, and leads to the first lesson with some left, open at
    its list of them; "finished", in green, once every exercise is solved."""
    course = load_curriculum()
    last = course.lessons[-1]
    total = sum(len(x.scenarios) for x in course.lessons)
    at = open_app("lessons", lesson=last.id, lang="en", step=str(len(last.scenarios) + 1))
    assert not at.success
    said = at.info[-1].value
    assert f"with 0 of {total} exercises solved: 14 lessons still have" in said
    press(at, "Solve what is left of lesson 1: " + course.lessons[0].title.get("en") + " →")
    assert at.query_params["lesson"] == course.lessons[0].id
    assert at.subheader[0].value == "What this lesson taught"
    assert at.info[0].value.startswith(f"{len(course.lessons[0].scenarios)} exercises of this")
    # Everything solved (as saved and read back into the session): the course is finished.
    learner = str(at.query_params["learner"])
    solved = {s: Result.SOLVED for s in course.scenarios}
    done = open_app("lessons", lesson=last.id, lang="en", step=str(len(last.scenarios) + 1))
    done.session_state["progress_results"] = (learner, solved)
    done.query_params["learner"] = learner
    done.run()
    assert done.success and "finished the 14 lessons" in done.success[0].value
    assert not [b for b in done.button if b.label.startswith("Solve what is left")]
    assert "stars still missing" in done.success[0].value  # (some solved after a hint)
    # Every one at the first try: no stars are missing, and it does not say there are.
    done.session_state["progress_results"] = (learner, dict.fromkeys(solved, Result.PERFECT))
    done.run()
    assert "all with the three stars" in done.success[0].value
    assert "missing" not in done.success[0].value


def test_finishing_what_is_left_leads_from_lesson_to_lesson_with_some_left(
    open_app: Open,
) -> None:
    """From the course's end, "Solve what is left of lesson 2 →" opened lesson 2; its
    leftovers solved, "Next lesson →" walked the learner through lesson 3's introduction and
    exercises done, lesson 4's left still ahead. It leads to the next lesson with some left
    (a reload keeps the way), then back to the course's end; in order, "Next lesson" stays."""
    course = load_curriculum()
    first, second, _, fourth = course.lessons[:4]
    last = course.lessons[-1]
    at = open_app("lessons", lesson=last.id, lang="en", step=str(len(last.scenarios) + 1))
    learner = str(at.query_params["learner"])
    # Everything solved but one exercise of lesson 2 and one of lesson 4.
    solved = dict.fromkeys(course.scenarios, Result.SOLVED)
    del solved[second.scenarios[0]], solved[fourth.scenarios[-1]]
    at.session_state["progress_results"] = (learner, solved)
    at.run()
    press(at, f"Solve what is left of lesson {second.order}: {second.title.get('en')} →")
    assert at.query_params["lesson"] == second.id
    to_fourth = f"Solve what is left of lesson {fourth.order}: {fourth.title.get('en')} →"
    assert "Next lesson →" not in [b.label for b in at.button]
    # A reload (a new session, the same address) still knows where the learner is going.
    reloaded = open_app("lessons", **{k: str(v) for k, v in at.query_params.items()})
    reloaded.session_state["progress_results"] = (learner, solved)
    reloaded.run()
    press(reloaded, to_fourth)
    assert reloaded.query_params["lesson"] == fourth.id
    assert reloaded.subheader[0].value == "What this lesson taught"
    press(reloaded, "Back to the end of the course →")
    assert reloaded.query_params["lesson"] == last.id
    assert reloaded.info[-1].value.startswith("You have reached the end of the")
    # A lesson picked in the list is the course in order again.
    reloaded.selectbox(key="lessons_choose").set_value(first.id).run()
    reloaded.session_state[f"lesson_{first.id}_step"] = len(first.scenarios) + 1
    reloaded.run()
    assert "Next lesson →" in [b.label for b in reloaded.button]


def test_the_board_says_the_learners_turn_in_english_as_a_person_would(open_app: Open) -> None:
    """Every move exercise of lessons 2 and 3 said “your turn: has drawn” between the seats
    (walk through the lessons in English at 1280x800): “has drawn” fits another player,
    not “you”. It says where the turn is, whoever's it is."""
    at = open_scenario(open_app, "first_meld_three_in_a_row", lang="en")
    seats = next(str(h.value) for h in at.get("html") if "bt-seats" in str(h.value))
    assert "your turn: after the draw" in seats and "has drawn" not in seats


@pytest.mark.parametrize(
    ("lang", "says"),
    [("pt", "Escolhida: 3♠. Toque onde vai:"), ("en", "Picked: 3♠. Tap where it goes:")],
)
def test_one_card_picked_is_spoken_of_as_one(open_app: Open, lang: str, says: str) -> None:
    """One card tapped in the hand, the board said “Picked: 3♠. Tap where they go” (“Escolhidas:
    3♠. Toque onde vão”), as of several (walk through lesson 2 in English at 1280x800)."""
    at = open_scenario(open_app, "first_meld_three_in_a_row", lang=lang)
    tap(at, "3♠")
    assert any(says in as_read(str(c.value)) for c in at.caption), [c.value for c in at.caption]


def test_the_last_exercise_of_a_theme_offers_the_next_theme(open_app: Open) -> None:
    """A theme's last exercise had only a greyed-out "Next exercise →". It says it is the
    theme's last, how many are solved, and leads on to the next theme (or to Play). Not in
    green, with exercises left: it stood as a success under an exercise not yet tried (“That
    was the last exercise…: 0 of 4 solved”)."""
    at = open_app("practice", lang="en")
    at.selectbox(key="practice_theme").set_value("cards").run()
    last = at.selectbox[1].options[-1]
    at.selectbox[1].select(last).run()
    assert not [b for b in at.button if b.label == "Next exercise →"]
    assert not at.success
    said = at.info[-1].value
    assert said.startswith("This is the last exercise of “") and "0 of" in said
    assert "marked ○ or ◐" in said  # (where the ones left are)
    assert "Play against the computer" in page_links(at)
    press(at, next(b.label for b in at.button if b.label.startswith("Next theme: ")))
    assert at.selectbox(key="practice_theme").value != "cards"


def test_the_theme_is_in_the_address(open_app: Open) -> None:
    """A link (or the learner back another day) opens the theme it names; the theme chosen
    on the page goes into the address, and “all themes” leaves it."""
    at = open_app("practice", lang="en", theme="cards")
    assert at.selectbox(key="practice_theme").value == "cards"
    at.selectbox(key="practice_theme").set_value("lixo").run()
    assert at.query_params["theme"] == "lixo"
    assert at.selectbox(key="practice_theme").value == "lixo"  # (not the link's again)
    at.query_params["theme"] = "cards"  # (an older address, sent by a fast tap: not a link)
    at.run()
    assert at.selectbox(key="practice_theme").value == "lixo"
    at.selectbox(key="practice_theme").set_value("all").run()
    assert "theme" not in at.query_params


def test_a_learner_who_comes_back_finds_the_lesson_where_they_stopped(open_app: Open) -> None:
    """Back another day (the same browser: the same learner, no lesson in the link), the
    lessons opened at lesson 1's introduction. They open at the exercise after the last one
    the learner did; the exercises, at the first one not done yet."""
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    learner = str(at.query_params["learner"])
    tap(at, "4♠", "Meld 1:")
    again = open_app("lessons", lang="en", learner=learner)
    assert again.query_params["lesson"] == "natural_two"
    number = load_curriculum().lesson("natural_two").scenarios.index(NATURAL_TWO) + 2
    assert step_caption(again).startswith(f"Exercise {number} of")
    # A learner with nothing done starts at the beginning.
    new = open_app("lessons", lang="en", learner="someone_new_1")
    assert new.query_params["lesson"] == "cards_and_points" and step_caption(new) == "introduction"


def test_the_exercises_open_at_the_first_one_not_done(open_app: Open) -> None:
    at = open_app("practice", lang="en")
    first = at.selectbox[1].value
    key = f"sc_{first}"
    at.number_input(key=f"{key}_total_A").set_value(35)
    at.button(key=f"{key}_check").click().run()
    assert at.success  # (solved)
    again = open_app("practice", lang="en", learner=str(at.query_params["learner"]))
    course = load_curriculum()
    ids = [s.id for lesson in course.lessons for s in course.scenarios_of(lesson.id)]
    assert ids[0] == first and again.selectbox[1].value == ids[1]


def test_the_exercises_open_at_an_exercise_whose_solution_was_only_looked_at(
    open_app: Open,
) -> None:
    """An exercise tried, missed, and its solution looked at (◐) is still one to solve (the
    theme's count leaves it out): back another day, the exercises opened past it."""
    at = open_app("practice", lang="en")
    first = at.selectbox[1].value
    key = f"sc_{first}"
    at.number_input(key=f"{key}_total_A").set_value(5)
    at.button(key=f"{key}_check").click().run()
    at.button(key=f"{key}_solution").click().run()
    assert not at.success and "◐" in at.selectbox[1].format_func(first)
    again = open_app("practice", lang="en", learner=str(at.query_params["learner"]))
    assert again.selectbox[1].value == first


@pytest.mark.parametrize(
    ("scenario", "taps"),
    [
        # Taking the lixo in Fechado without being able to use its top card (the K♣) [003].
        ("draw_comes_first", ["Lixo"]),
        # Forgetting that a 2 can go home and keep the meld clean [003]: a legal discard.
        (NATURAL_TWO, ["4♠", "Descartar"]),
    ],
)
def test_a_common_error_is_named_as_one(open_app: Open, scenario: str, taps: list[str]) -> None:
    """Source 003 lists the common errors (RULES.md), and lessons should name them: a learner
    who made one on the board read why it was refused, never that it is a classic."""
    at = open_scenario(open_app, scenario)
    tap(at, *[f"{label}…" if label == "Lixo" else label for label in taps])
    said = " ".join(str(e.value) for e in [*at.error, *at.warning])
    assert "um dos erros mais comuns no buraco, segundo o texto 003" in said


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("pt", "Faltou dizer onde vai a carta de cima do lixo, e aqui ela cabe num jogo"),
        ("en", "You did not say where the lixo's top card goes, and here it fits a meld"),
    ],
)
def test_the_lixo_tapped_alone_where_its_top_card_fits_says_where_it_goes_is_missing(
    open_app: Open, lang: str, told: str
) -> None:
    """[003]'s error is taking the lixo "sem conseguir usar a carta de cima". A learner who
    tapped "Lixo" alone where the 7♦ makes a trinca with the 7♣ 7♠ was told they made it,
    though the card fits; what was missing is where it goes, and how to say it on the board."""
    at = open_scenario(open_app, "trinca_justifies_in_fechado", lang=lang)
    tap(at, "Lixo…")
    said = " ".join(str(e.value) for e in at.error)
    assert told in said
    assert "segundo o texto 003" not in said and "says text 003" not in said


def test_forgetting_the_natural_two_003_is_named_in_its_own_exercise(open_app: Open) -> None:
    """[003] lists "esquecer que o 2 pode ficar na posição natural e, assim, manter a canastra
    limpa" among the common errors. Its exercise ("Erro 4") asks for a canastra limpa: the
    learner who closed it with the JK read that it turned suja, never that this was the
    error the exercise is named after."""
    at = open_scenario(open_app, "error_forgetting_the_natural_two")
    tap(at, "JK", "Jogo 1:")
    said = " ".join(str(e.value) for e in at.warning)
    assert "um dos erros mais comuns no buraco, segundo o texto 003" in said
    assert "esquecer que o 2 pode ficar no lugar natural" in said


def test_a_discard_that_misses_the_canastra_limpa_is_not_said_to_dirty_the_meld(
    open_app: Open,
) -> None:
    """Asked for a canastra limpa, a learner who threw the 2♠ away read "Válida, mas não
    deixa o jogo limpo", while the meld on the table stayed as clean as before. What the move
    lacks is the canastra limpa itself."""
    at = open_scenario(open_app, "error_forgetting_the_natural_two")
    tap(at, "2♠", "Descartar")
    headline = str(at.warning[0].value)
    assert "Válida, mas não faz uma canastra limpa." in headline
    assert "jogo limpo" not in headline


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize(
    ("scenario", "answer"),
    [
        ("which_wilds_fit", lambda at, key: at.checkbox(key=f"{key}_option_0").check()),
        ("no_second_wild", lambda at, key: at.radio(key=f"{key}_legal").set_value("no")),
    ],
)
def test_checking_with_nothing_marked_asks_for_an_answer_and_counts_no_try(
    open_app: Open, scenario: str, answer: Callable[[AppTest, str], object], lang: str
) -> None:
    """A newcomer pressed “Check” before ticking any option: it read “Not yet.”, counted a
    try and unlocked “Solution: after a try”. Nothing marked is no answer: a word on what
    to do, in the learner's language, and no try; the first answer marked is the first."""
    at = open_scenario(open_app, scenario, lang=lang)
    key = f"sc_{scenario}"
    said = catalog(lang)
    at.button(key=f"{key}_check").click().run()
    assert [w.value for w in at.warning] == [said["practice.answer_first"]]
    assert not at.error and not at.success
    assert at.button(key=f"{key}_solution").disabled
    assert at.button(key=f"{key}_solution").label == said["practice.solution_after_try"]
    answer(at, key)
    at.run()
    assert not at.warning  # (an answer marked: nothing left to ask for)
    at.button(key=f"{key}_check").click().run()
    assert at.error or at.success
    assert not at.button(key=f"{key}_solution").disabled


def test_the_solution_stays_open_after_a_reload_once_the_exercise_was_tried(
    open_app: Open,
) -> None:
    """A learner who tried an exercise in Lições (here solved it) and reloaded the page (a
    new session, the same learner in the link) found “Solução: depois de tentar” greyed out
    again, as if never tried. The progress saved says it was: the solution stays open. A
    learner who never tried it still finds it greyed out."""
    key = f"sc_{NATURAL_TWO}"
    at = open_app("lessons", lesson="natural_two", step="2")
    assert at.button(key=f"{key}_solution").disabled
    tap(at, "4♠", "Jogo 1:")  # (solved: the 2♠ goes home, and the result is saved)
    learner = str(at.query_params["learner"])
    again = open_app("lessons", lesson="natural_two", step="2", learner=learner)
    solution = again.button(key=f"{key}_solution")
    assert not solution.disabled and solution.label == PT["practice.solution"]
    solution.click().run()
    assert not again.exception and not again.warning
    stranger = open_app("lessons", lesson="natural_two", step="2", learner="someone_else_1")
    solution = stranger.button(key=f"{key}_solution")
    assert solution.disabled and solution.label == PT["practice.solution_after_try"]


def test_the_solution_stays_open_after_a_reload_once_a_wrong_try_was_made(
    open_app: Open,
) -> None:
    """A wrong try alone was not kept: after a reload (a new session, the same learner in
    the link) “Solução: depois de tentar” was greyed out again, though the learner had
    tried. The store keeps the try now, and counts it as nothing else: Lições still says
    none of the lesson's exercises solved, every mark is still ○, Exercícios' count is
    still 0, and Lições without a lesson in the link still opens where it did."""
    key = f"sc_{NATURAL_TWO}"
    at = open_app("lessons", lesson="natural_two", step="2")
    tap(at, "4♠", "Descartar")  # (legal, and not the answer: a wrong try)
    assert at.warning and at.warning[0].value.startswith("**Válida, mas")
    learner = str(at.query_params["learner"])
    again = open_app("lessons", lesson="natural_two", step="2", learner=learner)
    solution = again.button(key=f"{key}_solution")
    assert not solution.disabled and solution.label == PT["practice.solution"]
    stranger = open_app("lessons", lesson="natural_two", step="2", learner="someone_else_1")
    assert stranger.button(key=f"{key}_solution").disabled
    assert progress_text(again) == progress_text(stranger)
    assert progress_text(again).startswith("0 de ")
    assert step_caption(again) == step_caption(stranger) and "◐" not in step_caption(again)
    assert [s.options for s in again.selectbox] == [s.options for s in stranger.selectbox]
    practice = open_app("practice", learner=learner)
    assert (
        practice.selectbox[0].value
        == open_app("practice", learner="someone_else_1").selectbox[0].value
    )
    home = open_app("lessons", learner=learner)
    assert home.query_params.get("lesson") == open_app(
        "lessons", learner="someone_else_2"
    ).query_params.get("lesson")
    assert "step" not in home.query_params


def test_picking_a_going_out_without_the_morto_names_the_common_error_003(open_app: Open) -> None:
    """[003]: going out without the morto is a common error; picking that move among the
    options of "Erro 3, a outra metade" is believing it allowed."""
    scenario = "error_no_morto_no_last_card"
    at = open_scenario(open_app, scenario, lang="en")
    for option in (0, 1, 2):
        at.checkbox(key=f"sc_{scenario}_option_{option}").check()
    at.button(key=f"sc_{scenario}_check").click().run()
    assert at.error and "says text 003: trying to go out without the morto" in at.error[0].value


def test_a_right_move_or_another_mistake_is_not_called_a_common_error(open_app: Open) -> None:
    at = open_scenario(open_app, NATURAL_TWO, lang="en")
    tap(at, "K♣", "K♥", "+ New meld")  # (too few cards: a plain slip)
    assert at.error and "most common mistakes" not in at.error[0].value
    tap(at, "↺ Try again")
    tap(at, "4♠", "Meld 1:")
    assert "most common mistakes" not in texts(at)


def test_a_yes_to_a_meld_with_two_wilds_names_the_common_error(open_app: Open) -> None:
    course = load_curriculum()
    judged = next(
        s
        for s in course.scenarios.values()
        if s.task.kind == "judge" and "two_wilds" in getattr(s.task, "codes", [])
    )
    at = open_scenario(open_app, judged.id, lang="en")
    at.radio(key=f"sc_{judged.id}_legal").set_value("yes").run()
    at.button(key=f"sc_{judged.id}_check").click().run()
    assert at.error and "most common mistakes at Buraco, says text 003" in at.error[0].value


def test_an_exercise_with_other_rules_than_the_sidebar_says_whose_rules_hold(
    open_app: Open,
) -> None:
    """The sidebar says which rules are in force at the table (Buraco Fechado by default);
    an exercise keeps its own. Where they differ, its rules line says the table's hold
    elsewhere, so a newcomer is not left wondering which one the judge uses."""
    stbl = open_scenario(open_app, "error_forgetting_the_natural_two")
    said = "Regras deste exercício: Fechado STBL (as da sua mesa, Buraco Fechado, valem fora"
    assert said in texts(stbl)
    fechado = open_scenario(open_app, PICKUP)
    assert "Regras deste exercício: Buraco Fechado" in texts(fechado)
    assert "as da sua mesa" not in texts(fechado)
    english = open_scenario(open_app, "error_forgetting_the_natural_two", lang="en")
    # (Not "your table's, Buraco Fechado, hold outside": "hold" with no "rules" to hold.)
    said = "Fechado STBL (your table's rules, Buraco Fechado, apply outside the exercises)"
    assert said in texts(english)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_an_exercise_with_other_rules_does_not_send_the_learner_to_change_the_tables(
    open_app: Open, lang: str
) -> None:
    """An exercise keeps its own rules, whatever the table's: its line said “mude na barra
    lateral; no celular, toque em >>”, and a learner who went there changed nothing of the
    exercise (walk through Exercícios at 390x844). The line names no place to change rules."""
    at = open_scenario(open_app, "error_forgetting_the_natural_two", lang=lang)
    line = next(line for line in texts(at).splitlines() if "exerc" in line and "STBL" in line)
    assert ">>" not in line and "barra lateral" not in line and "sidebar" not in line, line


def test_a_theme_chosen_opens_at_its_first_exercise_not_done(open_app: Open) -> None:
    """An exercise just solved belongs to the theme chosen next (a 2 wild beside its natural
    2: “curingas”, “o 2 natural”, “regras da casa”): the theme opened on that same exercise,
    solved, and a learner who asked for another theme saw nothing change. It opens at its
    first exercise not done, as any theme chosen does."""
    at = open_app("practice", scenario="wild_two_beside_natural_two")
    at.radio(key="sc_wild_two_beside_natural_two_legal").set_value("no")
    at.button(key="sc_wild_two_beside_natural_two_check").click().run()
    assert at.success  # (solved)
    at.selectbox(key="practice_theme").set_value("natural_two").run()
    course = load_curriculum()
    ids = [
        s.id
        for lesson in course.lessons
        for s in course.scenarios_of(lesson.id)
        if "natural_two" in s.themes
    ]
    assert ids[0] == "wild_two_beside_natural_two"
    assert at.selectbox[1].value == ids[1]
    assert at.query_params["scenario"] == ids[1]


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("pt", "O juiz de regras diz: jogo inválido.", "jogada"),
        ("en", "The rules judge says: not a valid meld.", "move"),
    ],
)
def test_a_meld_asked_about_is_judged_as_a_meld(
    open_app: Open, lang: str, said: str, not_said: str
) -> None:
    """“Este jogo vale?” (three 9s in Aberto, no trincas [000, 001]) was answered “O juiz de
    regras diz: jogada inválida”: a move, where the question was a meld (jogo). A newcomer
    learns the two words apart in lesson 6; the judge's line names the meld."""
    at = open_scenario(open_app, "trinca_only_in_fechado", lang=lang)
    at.radio(key="sc_trinca_only_in_fechado_legal").set_value("yes")
    at.button(key="sc_trinca_only_in_fechado_check").click().run()
    line = next(m.value for m in at.markdown if "juiz" in m.value or "judge" in m.value)
    assert line == f"**{said}**" and not_said not in line


def test_a_deck_without_jokers_still_has_the_2s_as_curingas_003(open_app: Open) -> None:
    """Jokers in the deck, the 003 variation: “Sem curingas de figura: 104 cartas, só os 2
    como curingas.” The exercise's rules line said “curingas no baralho: não” and the judge
    “o baralho não tem curingas (104 cartas): só os 2 são curingas”, a deck without wild
    cards whose 2s are wild; what the table takes out is the 4 jokers."""
    scenario = "no_jokers_at_this_table"
    at = open_scenario(open_app, scenario, lang="pt")
    at.radio(key=f"sc_{scenario}_legal").set_value("yes").run()
    at.button(key=f"sc_{scenario}_check").click().run()
    shown = texts(at)
    assert "jokers no baralho: não" in shown
    assert "o baralho não tem jokers (104 cartas): só os 2 são curingas" in shown
    assert "curingas no baralho" not in shown and "não tem curingas" not in shown


@pytest.mark.parametrize(
    ("scenario", "answer", "kept"),
    [
        (
            "no_second_wild",
            lambda at, key: at.radio(key=f"{key}_legal").set_value("yes"),
            lambda at, key: at.radio(key=f"{key}_legal").value == "yes",
        ),
        (
            "which_runs_are_sequences",
            lambda at, key: at.checkbox(key=f"{key}_option_1").check(),
            lambda at, key: (
                [at.checkbox(key=f"{key}_option_{i}").value for i in range(3)]
                == [False, True, False]
            ),
        ),
        (
            "table_adds_hand_subtracts",
            lambda at, key: at.number_input(key=f"{key}_total_A").set_value(35),
            lambda at, key: at.number_input(key=f"{key}_total_A").value == 35,
        ),
    ],
)
def test_back_in_practice_the_answer_checked_is_still_in_its_fields(
    open_app: Open,
    switch_to: Callable[[AppTest, str], AppTest],
    scenario: str,
    answer: Callable[[AppTest, str], object],
    kept: Callable[[AppTest, str], bool],
) -> None:
    """A newcomer checked an answer, went to Lessons by the menu and came back: the
    feedback still quoted it (“Not yet: “2” does not solve it.”) but the fields were empty
    (Streamlit drops a widget's value while a page that does not draw it runs)."""
    at = open_scenario(open_app, scenario, lang="en")
    key = f"sc_{scenario}"
    answer(at, key)
    at.button(key=f"{key}_check").click().run()
    said = texts(at)
    at.query_params.clear()  # (what the menu leaves in the address)
    switch_to(at, "lessons")
    at.query_params.clear()
    switch_to(at, "practice")
    assert not at.exception, at.exception
    assert at.selectbox[1].value == scenario
    assert kept(at, key)
    assert texts(at) == said  # (the same feedback, under the same answer)


def test_back_in_a_lesson_the_answer_checked_is_still_in_its_fields(
    open_app: Open, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """As in Practice: a lesson's exercise keeps the answer given when the learner comes
    back from another page, or from the step before."""
    scenario = "which_runs_are_sequences"
    at = open_app("lessons", lang="en", exercise=scenario)
    key = f"sc_{scenario}"
    at.checkbox(key=f"{key}_option_1").check().run()
    at.button(key=f"{key}_check").click().run()
    switch_to(at, "practice")
    at.query_params.clear()
    switch_to(at, "lessons")
    assert not at.exception, at.exception
    assert at.checkbox(key=f"{key}_option_1").value
    at.button[-2].click().run()  # "Back": the exercise before
    at.button[-1].click().run()  # "Next": this one again
    assert at.checkbox(key=f"{key}_option_1").value


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Sua dupla está vulnerável nesta rodada: a primeira baixada precisa somar"),
        ("en", "Your side is vulnerable this round: its first baixada must total at least 75"),
    ],
)
def test_the_exercise_board_says_which_side_is_vulnerable_as_jogar_does_003(
    open_app: Open, lang: str, said: str
) -> None:
    """A position with a vulnerable side [003] (“Quando uma dupla chega a metade do alvo …”)
    says so on the board, in Jogar's words (the goal alone said it); a position with none
    says nothing of it."""
    at = open_scenario(open_app, "vulnerable_side_opens_with_75", lang=lang)
    captions = [str(c.value) for c in at.caption]
    assert any(c.startswith(said) for c in captions), captions
    assert not any(
        "vulner" in c
        for c in (str(c.value) for c in open_scenario(open_app, PICKUP, lang=lang).caption)
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Dupla A (a sua)** · pegou o morto · bateu · cortou e deixou 43 cartas"),
        ("en", "Side A (yours)** · took the morto · went out · cut and left 43 cards"),
    ],
)
def test_a_score_exercise_shows_the_cards_the_corte_left_003(
    open_app: Open, lang: str, said: str
) -> None:
    """The corte de 44 [003] (“Variações comuns”: “se quem corta deixa exatamente 44
    cartas…”) counts in a score exercise: the side that cut says how many cards it left,
    beside “bateu” (the goal alone said it)."""
    at = open_scenario(open_app, "corte_of_43_costs_100", lang=lang)
    assert said in " ".join(str(m.value) for m in at.markdown)


def test_the_match_exercise_shows_the_totals_and_asks_who_has_won(open_app: Open) -> None:
    """The match's target, each side's total before the round and what it made in it (not
    the total after: that is the learner's sum), then a side or “nobody yet” to pick."""
    at = open_scenario(open_app, MATCH_WON)
    shown = texts(at)
    assert "| Dupla\u00a0A | 2950 | +180 |" in shown and "| Dupla\u00a0B | 2800 | +260 |" in shown
    assert "Partida até 3000 pontos." in shown and "3130" not in shown
    options = at.radio(key=f"sc_{MATCH_WON}_winner").options
    assert options == ["A dupla A ganhou", "A dupla B ganhou", "Ninguém ainda: a partida continua"]


@pytest.mark.parametrize(
    ("scenario", "picked", "said"),
    [
        # The side that went out, not ahead: its own explanation, and the rule it missed.
        (MATCH_WON, "B", ("a batida encerra só a rodada", "A dupla B não termina à frente.")),
        (MATCH_WON, "none", ("Uma dupla alcançou 3000 pontos: a partida acabou.",)),
        # Level at the top: the side that made more this round is not ahead.
        (MATCH_TIE, "A", ("3100 a 3100, empate", "A dupla A não termina à frente.")),
    ],
)
def test_a_wrong_winner_says_the_match_rule_it_missed(
    open_app: Open, scenario: str, picked: str, said: tuple[str, ...]
) -> None:
    at = open_scenario(open_app, scenario)
    at.radio(key=f"sc_{scenario}_winner").set_value(picked).run()
    at.button(key=f"sc_{scenario}_check").click().run()
    shown = as_read(at.error[0].value) + texts(at)  # (the wrong answer's own explanation below)
    assert all(part in shown for part in said), shown


def test_the_match_exercises_solution_adds_up_the_totals_and_names_the_winner(
    open_app: Open,
) -> None:
    at = open_scenario(open_app, MATCH_WON, lang="en")
    at.radio(key=f"sc_{MATCH_WON}_winner").set_value("A").run()
    at.button(key=f"sc_{MATCH_WON}_check").click().run()
    assert at.success
    at.button(key=f"sc_{MATCH_WON}_solution").click().run()
    shown = texts(at)
    assert "| Side\u00a0A | 2950 | +180 | **3130** |" in shown
    # The winner as the question's option says it; the rule is the explanation's alone.
    assert "| **3060** |\n\n:small[:gray[Match to 3000 points.]]\n\nSide A has won" in shown
