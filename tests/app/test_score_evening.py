"""A whole evening at a real table (audit: a newcomer keeping score on a phone, in both
languages): what the calculator and the score sheet say once a match is won, after a corte
de 44 changed the points typed, and when a second phone moved the sheet under a tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit.testing.v1 import AppTest

from buraco_text import catalog
from tests.app.test_score_pages import start_match, submit_round

PT, EN = catalog("pt"), catalog("en")
OpenApp = Callable[..., AppTest]


def test_the_calculator_does_not_number_a_round_of_a_match_already_won(
    open_app: OpenApp, switch_to: Any
) -> None:
    """Once the match is won there is no next round: the calculator's banner said "Open
    match: Us × Them · round 2" under a round that could no longer be sent; it says who won,
    as the sheet does."""
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them", target=1000)
    switch_to(at, "calculator")
    assert at.info[0].value == EN["calc.match_open"].format(names="Us × Them", number=1)
    submit_round(switch_to(at, "sheet"), "1200", "300")
    switch_to(at, "calculator")
    banner = at.info[0].value
    assert "round 2" not in banner
    assert banner == EN["calc.match_over"].format(names="Us × Them", winner="Us", points=1200)

    pt = open_app("sheet")
    start_match(pt, "Nós", "Eles", target=1000)
    submit_round(pt, "100", "1500")
    switch_to(pt, "calculator")
    assert pt.info[0].value == PT["calc.match_over"].format(
        names="Nós × Eles", winner="Eles", points=1500
    )
    assert "rodada 2" not in pt.info[0].value
