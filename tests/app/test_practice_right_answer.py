"""A right answer says its point once: the green “Certo!” box says the explanation, the
rules judge's reasons a tap away behind “por quê?”; the solution asked for after it says
the answer, not the explanation again (nor the same reasons behind a second “por quê?”)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.inline_cards import as_read
from buraco_course import load_curriculum
from tests.app.test_lessons_practice import MATCH_WON, NATURAL_TWO, PICKUP, WORKED, tap
from tests.app.test_practice_changed_answer import check, solution_said

Open = Callable[..., AppTest]


def said(at: AppTest) -> tuple[str, str]:
    """The page's main area as read: what it says in view, and what is behind expanders."""

    def walk(block: Any, behind: bool) -> list[tuple[bool, str]]:
        found = []
        for child in getattr(block, "children", {}).values():
            value = getattr(child, "value", None)
            if isinstance(value, str):
                found.append((behind, value))
            found += walk(child, behind or getattr(child, "type", "") == "expander")
        return found

    parts = walk(at.main, False)
    shown = plain("\n".join(v for behind, v in parts if not behind))
    return shown, plain("\n".join(v for behind, v in parts if behind))


def plain(text: str) -> str:
    """As read, without the colours a card is drawn in (“:red[2♥]”)."""
    return re.sub(r":[a-z]+\[([^\[\]]*)\]", r"\1", as_read(text))


def answer_right(at: AppTest, kind: str, key: str) -> None:
    if kind == "move":
        tap(at, "4♠", "Meld 1:")
        return
    if kind == "judge":
        at.radio(key=f"{key}_legal").set_value("no").run()
    elif kind == "choose":
        for option in (0, 1, 2):
            at.checkbox(key=f"{key}_option_{option}").check()
        at.run()
    elif kind == "score":
        at.number_input(key=f"{key}_total_A").set_value(525)
        at.number_input(key=f"{key}_total_B").set_value(-5).run()
    elif kind == "match":
        at.radio(key=f"{key}_winner").set_value("A").run()
    check(at, key)


KINDS = {
    "move": NATURAL_TWO,
    "judge": PICKUP,
    "choose": "which_wilds_fit",
    "score": WORKED,
    "match": MATCH_WON,
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_right_answer_and_its_solution_say_the_explanation_once(
    open_app: Open, kind: str
) -> None:
    """“Ver a solução” after a right answer said the explanation again, under the green box
    that had just said it. The solution says the answer; the explanation stays in view,
    once."""
    scenario = KINDS[kind]
    at = open_app("practice", scenario=scenario, lang="en")
    key = f"sc_{scenario}"
    answer_right(at, kind, key)
    assert at.success and "Right!" in at.success[0].value
    at.button(key=f"{key}_solution").click().run()
    assert not at.exception
    shown, _ = said(at)
    explanation = plain(load_curriculum().scenarios[scenario].explanation.get("en"))
    assert shown.count(explanation) == 1, shown
    in_box = plain(solution_said(at)[0])
    assert "Solution" in in_box and explanation not in in_box


def test_a_right_yes_or_no_keeps_the_judges_lines_behind_why(open_app: Open) -> None:
    """After “Right!” and its explanation (the top card must go into a meld), the judge's
    lines said it again in view: “The rules judge says: an illegal move.” and its reason.
    They are a tap away, with their sources, behind “why?”, as after a move on the board."""
    at = open_app("practice", scenario=PICKUP, lang="en")
    key = f"sc_{PICKUP}"
    answer_right(at, "judge", key)
    shown, behind = said(at)
    assert "Right!" in shown
    reason = "taken only if its top card (K♦) goes into a meld"
    assert "The rules judge says" not in shown and reason not in shown
    assert "The rules judge says: an illegal move." in behind and reason in behind
    assert "(text" in behind
    assert [e.label for e in at.expander].count("why?") == 1


def test_the_solution_after_the_right_move_has_one_why(open_app: Open) -> None:
    """The move made is the solution's: its reasons are behind the green box's “why?”; the
    solution drew a second “why?” with the same lines."""
    at = open_app("practice", scenario=NATURAL_TWO, lang="en")
    key = f"sc_{NATURAL_TWO}"
    answer_right(at, "move", key)
    at.button(key=f"{key}_solution").click().run()
    in_box, _ = solution_said(at)
    assert "Add 4♠ to meld 1" in in_box
    assert [e.label for e in at.expander].count("why?") == 1
    _, behind = said(at)
    assert "natural place" in behind


def test_a_right_answer_changed_since_gets_the_whole_solution(open_app: Open) -> None:
    """Nothing lost: once the right answer is changed, its green box gives way to a grey
    line, and the solution says the explanation and has its reasons behind “why?”."""
    at = open_app("practice", scenario=PICKUP, lang="en")
    key = f"sc_{PICKUP}"
    answer_right(at, "judge", key)
    at.radio(key=f"{key}_legal").set_value("yes").run()
    at.button(key=f"{key}_solution").click().run()
    in_box, behind = solution_said(at)
    explanation = as_read(load_curriculum().scenarios[PICKUP].explanation.get("en"))
    assert not at.success and explanation in in_box
    assert "top card" in behind


def test_the_lixo_taken_alone_hears_its_rule_once(open_app: Open) -> None:
    """Lesson 7, the 7♦ on top: the lixo tapped alone is refused with the rule (“… only if
    its top card (7♦) goes into a meld in the same move”); its own explanation, under it,
    said the rule again before it said where the 7♦ goes. It says the second only."""
    scenario = "trinca_justifies_in_fechado"
    at = open_app("practice", scenario=scenario, lang="en")
    tap(at, "Lixo (8 cards)")
    shown, _ = said(at)
    assert at.error and "in the same move" in at.error[0].value
    assert shown.count("in the same move") == 1, shown
    assert "trinca of sevens" in shown
