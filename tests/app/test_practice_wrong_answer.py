"""A wrong answer says its point once, as a right one does: the red box (why it fails, the
common error it makes), the wrong answer's own explanation, and the rules judge's lines a tap
away behind “por quê?”; the solution after it keeps the explanation, and those lines once."""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from buraco_app.inline_cards import as_read
from buraco_course import load_curriculum
from tests.app.test_lessons_practice import PICKUP
from tests.app.test_practice_changed_answer import check, solution_said
from tests.app.test_practice_right_answer import said

Open = Callable[..., AppTest]

REASON = "taken only if its top card (K♦) goes into a meld"


def answered_yes(open_app: Open, page: str, lang: str = "en") -> AppTest:
    """Lesson 7's second exercise (the K♦ on top, nothing goes with it), answered “Yes”."""
    if page == "lessons":
        at = open_app("lessons", lesson="the_lixo", step="2", lang=lang)
    else:
        at = open_app("practice", scenario=PICKUP, lang=lang)
    key = f"sc_{PICKUP}"
    at.radio(key=f"{key}_legal").set_value("yes").run()
    return check(at, key)


def test_a_wrong_yes_or_no_keeps_the_judges_lines_behind_why(open_app: Open) -> None:
    """The red box said the K♦ must go into a meld (the common error it makes), the wrong
    answer's explanation said it again, and the judge's lines a third time, in view. They
    are behind “why?” now, with their sources; the red box and the explanation stay."""
    at = answered_yes(open_app, "lessons")
    shown, behind = said(at)
    assert at.error and "Not yet: “Yes” does not solve it." in at.error[0].value
    assert "without using the K♦ you cannot take the lixo" in shown
    assert "The rules judge says" not in shown and REASON not in shown
    assert "The rules judge says: an illegal move." in behind and REASON in behind
    assert "(texts 000, 002, 003" in behind
    assert [e.label for e in at.expander].count("why?") == 1


def test_the_solution_after_a_wrong_yes_or_no_has_one_why(open_app: Open) -> None:
    """Nothing lost, nothing twice: the solution after “Yes” says “No” and the explanation,
    and the judge's lines stay behind the one “why?” the verdict has."""
    at = answered_yes(open_app, "practice")
    at.button(key=f"sc_{PICKUP}_solution").click().run()
    in_box, _ = solution_said(at)
    explanation = as_read(load_curriculum().scenarios[PICKUP].explanation.get("en"))
    assert "No" in in_box and explanation in in_box
    assert [e.label for e in at.expander].count("why?") == 1
    shown, behind = said(at)
    assert REASON not in shown and behind.count(REASON) == 1, behind


def test_portuguese_too(open_app: Open) -> None:
    at = answered_yes(open_app, "practice", lang="pt")
    shown, behind = said(at)
    assert "O juiz de regras diz" not in shown
    assert "O juiz de regras diz: jogada inválida." in behind
    assert [e.label for e in at.expander].count("por quê?") == 1


def test_a_wrong_total_explained_does_not_give_the_right_total_away(open_app: Open) -> None:
    """“Você somou as cartas da mão … 60 − 25 = 35”: the explanation of an anticipated wrong
    total said the right one, while the learner could still try again (and the solution,
    a tap away, is where the total is). It says how to count; the total waits there."""
    scenario = "table_adds_hand_subtracts"
    key = f"sc_{scenario}"
    for lang in ("pt", "en"):
        at = open_app("practice", scenario=scenario, lang=lang)
        at.number_input(key=f"{key}_total_A").set_value(85)
        check(at, key)
        shown, _ = said(at)
        assert "85" in shown and "25" in shown  # (the wrong total, and the hand's cost)
        assert "35" not in shown, shown
        at.button(key=f"{key}_solution").click().run()
        assert "35" in said(at)[0]
