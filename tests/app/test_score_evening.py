"""A whole evening at a real table (audit: a newcomer keeping score on a phone, in both
languages): what the calculator and the score sheet say once a match is won, after a corte
de 44 changed the points typed, and when a second phone moved the sheet under a tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit.testing.v1 import AppTest

from buraco_app import database, sheets
from buraco_core import ruleset
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


def _store() -> sheets.SheetStore:
    return sheets.SheetStore(database.open_engine(database.sqlite_url()))


def test_undo_tapped_after_another_phone_entered_a_round_says_so(open_app: OpenApp) -> None:
    """Phone A shows "↩ Desfazer a rodada 2"; phone B enters round 3; A taps the button. It
    was redrawn as "Desfazer a rodada 3" without a word, as if the tap had missed: now A is
    told why, nothing is undone and nothing is asked about round 3 (a second tap asks)."""
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    submit_round(at, "30", "40")
    assert at.button(key="sheet_undo").label == "↩ Desfazer a rodada 2"
    _store().add_round(match_id, [50, 60])  # the other phone
    at.button(key="sheet_undo").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == [PT["sheet.err.undo_stale"].format(last=3)]
    assert not [b for b in at.button if b.key == "sheet_undo_yes"]
    assert len(_store().sheet(match_id).rounds) == 3
    at.button(key="sheet_undo").click().run()  # now about round 3, asked as usual
    assert not at.error
    assert at.button(key="sheet_undo_yes")


def test_undo_tapped_after_another_phone_undid_the_round_says_so(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    match_id = start_match(at, "Us", "Them")
    submit_round(at, "10", "20")
    submit_round(at, "30", "40")
    _store().undo_last(match_id)  # the other phone undid round 2
    at.button(key="sheet_undo").click().run()
    assert [e.value for e in at.error] == [
        "Another phone already undid round 2: the last one is now round 1. Nothing was "
        "undone; check before undoing."
    ]
    assert [r.points for r in _store().sheet(match_id).rounds] == [(10, 20)]
    _store().undo_last(match_id)  # and round 1: nothing left to undo
    at.button(key="sheet_undo").click().run()
    assert [e.value for e in at.error] == [EN["sheet.err.undo_nothing"]]


def test_undo_confirmed_after_another_phone_undid_the_round_says_so(open_app: OpenApp) -> None:
    """The store refuses a "Sim, apagar" for a round no longer the last; when the other phone
    undid it (the last is now an earlier one) the message said it had entered a round."""
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    submit_round(at, "30", "40")
    at.button(key="sheet_undo").click().run()
    _store().undo_last(match_id)
    at.button(key="sheet_undo_yes").click().run()
    assert [e.value for e in at.error] == [
        "Outro celular já apagou a rodada 2: a última agora é a 1. Nada foi apagado; confira "
        "antes de desfazer."
    ]
    assert [r.points for r in _store().sheet(match_id).rounds] == [(10, 20)]


def test_an_undo_left_unanswered_on_one_match_asks_nothing_on_another(
    open_app: OpenApp,
) -> None:
    at = open_app("sheet")
    first = start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    submit_round(at, "30", "40")
    at.button(key="sheet_undo").click().run()  # "Apagar a rodada 2?" left unanswered
    other = _store().create_match(["A", "B"], rules=ruleset("fechado"))
    for points in ([1, 2], [3, 4], [5, 6]):
        _store().add_round(other.id, points)
    at.query_params["match"] = other.id  # another match's link, in the same tab
    at.run()
    assert not at.error and not at.warning
    assert at.button(key="sheet_undo").label == "↩ Desfazer a rodada 3"
    assert len(_store().sheet(first).rounds) == 2


def test_a_meld_too_short_is_said_mid_sentence_in_english(open_app: OpenApp) -> None:
    """'Meld 2 is not valid: A new meld needs…': the reason goes on after the colon, so it
    starts small, as it does in Portuguese ('…não vale: um jogo novo precisa…')."""
    at = open_app("calculator", lang="en")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h\n7h 8h").run()
    assert [e.value for e in at.error] == [
        "Meld 2 is not valid: a new meld needs at least 3 cards; there are 2."
    ]
    pt = open_app("calculator")
    pt.text_area(key="calc_melds_0").set_value("4h 5h 6h\n7h 8h").run()
    assert [e.value for e in pt.error] == [
        "Jogo 2 não vale: um jogo novo precisa de pelo menos 3 cartas; aqui há 2."
    ]


def test_who_went_out_answered_first_waits_for_that_sides_cards(open_app: OpenApp) -> None:
    """“Quem bateu?” stands first on the calculator, so a table answers it first: “Eles”, then
    types Nós. The count was a red “essa dupla não tem canastra” about Eles, with nothing of
    Eles typed yet, and Nós's points never showed. Eles's batida is checked once its cards
    are in."""
    at = open_app("calculator")
    at.radio(key="calc_went_out").set_value(1).run()
    assert not at.error, [e.value for e in at.error]
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h\nQc Kc Ac")
    at.text_area(key="calc_hands_0").set_value("3c 4d").run()
    assert not at.error, [e.value for e in at.error]
    assert [(m.label, m.value) for m in at.metric] == [("Nós", "40")]
    assert PT["calc.side_empty"].format(name="Eles") in [c.value for c in at.caption]
    # Eles typed, with no canastra: now the batida is refused, in the calculator's words.
    at.text_area(key="calc_melds_1").set_value("7s 7d 7c").run()
    assert [e.value for e in at.error] == [
        PT["calc.went_out_no_canastra"].format(
            field=PT["calc.went_out"],
            name="Eles",
            rule=PT["option.go_out_requires.name"],
            needs="qualquer canastra",
        )
    ]

    en = open_app("calculator", lang="en")
    en.radio(key="calc_went_out").set_value(0).run()
    assert not en.error, [e.value for e in en.error]
    en.text_area(key="calc_hands_1").set_value("Kd").run()
    assert not en.error, [e.value for e in en.error]
    assert [(m.label, m.value) for m in en.metric] == [("Them", "-10")]


def test_a_match_of_three_sides_is_not_a_round_the_calculator_refuses(
    open_app: OpenApp, switch_to: Any
) -> None:
    """The Placar keeps a match of 3 or 4 sides (each player on their own), and its form said
    “Ou conte a rodada na Calculadora e lance de lá”; the calculator, with that match open,
    drew three tabs under a red “Rodada impossível: uma rodada tem no máximo 2 duplas, não
    3” before a card was typed. It says it scores rounds of two sides, counts one side's
    round, and offers no button that would send it."""
    at = open_app("sheet")
    start_match(at, "Ana", "Beto", "Carla")
    captions = [c.value for c in at.caption]
    assert PT["sheet.add_help_many"] in captions
    assert not [c for c in captions if "lance de lá" in c]
    switch_to(at, "calculator")
    assert not at.error, [e.value for e in at.error]
    assert at.info[0].value == PT["calc.match_many_sides"].format(
        names="Ana × Beto × Carla", sides=3
    )
    assert [tab.label for tab in at.tabs] == ["Nós", "Eles"]
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
    at.text_area(key="calc_hands_0").set_value("Kd").run()
    assert not at.error, [e.value for e in at.error]
    assert [(m.label, m.value) for m in at.metric] == [("Nós", "5")]
    assert not [b for b in at.button if b.key == "calc_send"]

    en = open_app("sheet", lang="en")
    start_match(en, "Ann", "Bob", "Cy", "Di")
    assert EN["sheet.add_help_many"] in [c.value for c in en.caption]
    switch_to(en, "calculator")
    assert not en.error, [e.value for e in en.error]
    assert en.info[0].value == EN["calc.match_many_sides"].format(
        names="Ann × Bob × Cy × Di", sides=4
    )
    # Two sides still go to the sheet from the calculator, as before.
    two = open_app("sheet")
    start_match(two, "Nós", "Eles")
    assert PT["sheet.add_help"] in [c.value for c in two.caption]
    switch_to(two, "calculator")
    assert two.info[0].value == PT["calc.match_open"].format(names="Nós × Eles", number=1)


def test_a_tie_at_the_top_of_three_sides_names_who_is_level(open_app: OpenApp) -> None:
    """Ana and Carla at 1600, Beto at 300, target 1500: the sheet said “Empate em 1600
    pontos…” with three cards under it, and a table had to find the two 1600s; with two
    sides it is plain who, and says it as before."""
    at = open_app("sheet")
    start_match(at, "Ana", "Beto", "Carla e Davi", target=1500)
    submit_round(at, "300", "200", "300")
    submit_round(at, "1300", "100", "1300")
    infos = [i.value for i in at.info]
    assert (
        "**Ana** e **Carla e Davi** empatam em 1600 pontos, no alvo ou acima dele: a partida "
        "continua, rodada a rodada, até um lado ficar à frente; vence quem tiver mais pontos "
        "(texto 003)."
    ) in infos
    assert PT["sheet.tie_at_target"].format(points=1600) not in infos

    en = open_app("sheet", lang="en")
    start_match(en, "Ann", "Bob", "Cy", target=1000)
    submit_round(en, "1000", "1000", "1000")
    assert (
        "**Ann**, **Bob** and **Cy** are tied at 1000 points, at or past the target: the match "
        "goes on, round by round, until one side is ahead; the higher total wins (text 003)."
    ) in [i.value for i in en.info]
