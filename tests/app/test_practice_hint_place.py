"""Where the hint stands: under the answer's verdict on every kind of exercise, as on the
board (whose verdict is under the table, above the buttons); the verdict right under the
answer it judges, then the help, from the hint to the solution."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import in_order
from tests.app.test_practice_changed_answer import CASES

Open = Callable[..., AppTest]


def placed(at: AppTest) -> list[str]:
    """The verdict, the hint and the solution, in the order the page draws them."""
    found = []
    for element in in_order(at.main):
        value = getattr(element, "value", None)
        kind = getattr(element, "type", "")
        if not isinstance(value, str):
            continue
        if kind in ("error", "success") or "Not yet" in value or "Right!" in value:
            found.append("verdict")
        elif kind == "info" and value.startswith("Hint:"):
            found.append("hint")
        elif value == "**Solution**":
            found.append("solution")
    return list(dict.fromkeys(found))


@pytest.mark.parametrize("kind", list(CASES))
def test_the_hint_comes_under_the_verdict_on_every_kind(open_app: Open, kind: str) -> None:
    """The hint asked first, then a wrong answer, then the solution. On the board the hint
    stood under the verdict; on the other kinds above it, parting “Check” from its verdict
    (a learner who scrolled to the red box read past the hint to reach it)."""
    case = CASES[kind]
    at = open_app("practice", scenario=case.scenario, lang="en")
    key = f"sc_{case.scenario}"
    at.button(key=f"{key}_hint").click().run()
    case.wrong(at, key)
    assert at.error, kind
    at.button(key=f"{key}_solution").click().run()
    assert not at.exception
    assert placed(at) == ["verdict", "hint", "solution"], kind
