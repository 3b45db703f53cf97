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


def test_a_round_entered_with_a_corte_says_what_the_cut_did_to_the_points(
    open_app: OpenApp,
) -> None:
    """Eles typed 50, the cut of theirs left 40 cards (-100): the sheet stored -50 and said
    only "Rodada 1 lançada.", so the 50 typed seemed lost. It says the cut, and the result."""
    at = open_app("sheet", corte_44_points="100")
    start_match(at, "Nós", "Eles")
    at.selectbox(key="sheet_corte_who").set_value(1)
    at.text_input(key="sheet_corte_cards").set_value("40")
    submit_round(at, "100", "50")
    assert not at.error, [e.value for e in at.error]
    assert [m.value for m in at.metric][:2] == ["100", "-50"]
    assert at.success[0].value == (
        "Rodada 1 lançada, com o corte de 44 (40 cartas): -100 para Eles, que ficou com -50 "
        "na rodada."
    )

    en = open_app("sheet", lang="en", corte_44_points="100")
    start_match(en, "Us", "Them")
    en.selectbox(key="sheet_corte_who").set_value(0)
    en.text_input(key="sheet_corte_cards").set_value("44")
    submit_round(en, "120", "30")
    assert en.success[0].value == (
        "Round 1 entered, with the corte de 44 (44 cards): +100 for Us, who scores +220 this round."
    )
    submit_round(en, "10", "20")  # no cut this round: the usual words
    assert en.success[0].value == EN["sheet.added"].format(number=2)
