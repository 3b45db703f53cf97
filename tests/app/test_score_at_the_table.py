"""The calculator and the score sheet as a table uses them (audit 13): two phones scoring the
same match, a 500 built up under STBL, an empty round, a tie at the target and the winner's
line with any name."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from streamlit.testing.v1 import AppTest

from buraco_app import database, sheets
from buraco_app.settings import QUICK_KEY
from buraco_app.sheet_page import md_text
from buraco_core.rules import PRESETS
from buraco_text import catalog
from tests.app.test_score_pages import metrics, start_match, submit_round

PT, EN = catalog("pt"), catalog("en")
OpenApp = Callable[..., AppTest]
SPADES_500 = "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"  # A to K of one suit: a 500


def _store() -> sheets.SheetStore:
    return sheets.SheetStore(database.open_engine(database.sqlite_url()))


def _add_button(at: AppTest) -> Any:
    return next(b for b in at.button if b.form_id == "sheet_add")


def _built_up_boxes(at: AppTest) -> list[Any]:
    return [c for c in at.checkbox if str(c.key).startswith("calc_built_up_")]


# --- D3: a second phone entered the same round -------------------------------------------


def test_a_round_another_phone_entered_first_is_not_stored_twice(open_app: OpenApp) -> None:
    """Phone A still shows "Lançar rodada 2" when phone B enters round 2: A's round is not
    stored behind its back as round 3. A is told which round B entered, with its points,
    its own points stay in the fields, and one tap enters them as round 3."""
    phone_a = open_app("sheet")
    match_id = start_match(phone_a, "Nós", "Eles")
    submit_round(phone_a, "10", "20")
    assert _add_button(phone_a).label == "Lançar rodada 2"
    phone_b = open_app("sheet", match=match_id)
    submit_round(phone_b, "100", "400")
    assert phone_b.success[0].value == "Rodada 2 lançada."

    submit_round(phone_a, "50", "60")
    assert not phone_a.exception
    assert [r.points for r in _store().sheet(match_id).rounds] == [(10, 20), (100, 400)]
    (warning,) = phone_a.warning
    assert warning.value == PT["sheet.err.add_stale"].format(
        number=2, points=r"Nós \+100, Eles \+400", next=3
    )
    assert "Nós \\+100, Eles \\+400" in warning.value and "rodada 3" in warning.value
    assert not phone_a.success  # no "Rodada 3 lançada." for a round nobody meant as 3
    assert phone_a.text_input(key="sheet_points_0").value == "50"  # nothing typed is lost
    assert phone_a.text_input(key="sheet_points_1").value == "60"
    assert _add_button(phone_a).label == "Lançar rodada 3"
    _add_button(phone_a).click()
    phone_a.run()
    assert phone_a.success[0].value == "Rodada 3 lançada."
    assert not phone_a.warning
    assert [r.points for r in _store().sheet(match_id).rounds] == [(10, 20), (100, 400), (50, 60)]


def test_two_quick_taps_on_enter_round_say_it_is_entered_not_another_phone(
    open_app: OpenApp,
) -> None:
    """Two quick taps on "Lançar rodada 2" (a phone at the table): the first stored the
    round, and its run was cut short by the second before it said so or emptied the fields
    (the state left here: round 2 stored, this phone's form still saying round 2). The second
    tap said “Outro celular já lançou a rodada 2”, about this very phone, over the same points
    still in the fields: a third tap stored them again as round 3. Now it says the round is
    entered and was not stored again, and one more tap is still there for a round alike."""
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    _store().add_round(match_id, ["300", "200"], expected_number=2)  # the first tap's round

    submit_round(at, "300", "200")
    assert not at.exception
    assert [r.points for r in _store().sheet(match_id).rounds] == [(10, 20), (300, 200)]
    (warning,) = at.warning
    assert warning.value == PT["sheet.err.added_twice"].format(number=2, next=3)
    assert "Outro celular" not in warning.value
    assert _add_button(at).label == "Lançar rodada 3"
    _add_button(at).click()  # a round 3 with the same points, meant: one more tap
    at.run()
    assert at.success[0].value == "Rodada 3 lançada."
    assert [r.points for r in _store().sheet(match_id).rounds][-1] == (300, 200)


def test_a_round_undone_on_another_phone_is_said_before_adding(open_app: OpenApp) -> None:
    phone_a = open_app("sheet", lang="en")
    match_id = start_match(phone_a, "Us", "Them")
    submit_round(phone_a, "10", "20")
    _store().undo_last(match_id)  # the other phone undid round 1
    submit_round(phone_a, "50", "60")
    assert _store().sheet(match_id).rounds == ()
    (warning,) = phone_a.warning
    assert warning.value == EN["sheet.err.add_stale_undone"].format(next=1)
    assert _add_button(phone_a).label == "Enter round 1"


def test_the_calculator_does_not_send_over_a_round_another_phone_entered(
    open_app: OpenApp, switch_to: Any
) -> None:
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
    at.text_area(key="calc_hands_1").set_value("3c").run()
    assert at.button(key="calc_send").label == "Lançar no placar (rodada 1)"
    _store().add_round(match_id, [100, 400])  # another phone, meanwhile
    at.button(key="calc_send").click().run()
    assert not at.exception
    assert [r.points for r in _store().sheet(match_id).rounds] == [(100, 400)]
    assert at.warning[0].value == PT["sheet.err.add_stale"].format(
        number=1, points=r"Nós \+100, Eles \+400", next=2
    )
    send = at.button(key="calc_send")
    assert send.label == "Lançar no placar (rodada 2)" and not send.disabled
    send.click().run()
    assert at.success[0].value == PT["calc.sent_ok"].format(
        number=2, points=r"Nós \+15, Eles \-5", next=3
    )
    assert [r.points for r in _store().sheet(match_id).rounds] == [(100, 400), (15, -5)]


def test_two_quick_taps_on_send_to_the_sheet_say_it_is_sent_not_another_phone(
    open_app: OpenApp, switch_to: Any
) -> None:
    """Two quick taps on “Lançar no placar (rodada 1)”: the first stored the round, and its
    run was cut short by the second before it drew the button again (the state left here:
    round 1 stored with this very calculation, this phone's button still saying round 1;
    AppTest cannot cut a run short, so a second session sends the same count). The second
    tap said “Outro celular já lançou a rodada 1 (…); a sua não foi guardada”, about this
    very phone. Now it says the round is on the sheet, sent once, with its points, and the
    fields are empty for round 2. Should the phone's fields come back with that count (the
    cut-short run drew them again as they were), its button says it is sent and sends
    nothing."""
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    first_tap = open_app("calculator", match=match_id)
    for phone in (at, first_tap):
        phone.text_area(key="calc_melds_0").set_value("4h 5h 6h")
        phone.text_area(key="calc_hands_1").set_value("3c").run()
    first_tap.button(key="calc_send").click().run()
    assert [r.points for r in _store().sheet(match_id).rounds] == [(15, -5)]

    assert at.button(key="calc_send").label == "Lançar no placar (rodada 1)"
    at.button(key="calc_send").click().run()
    assert not at.exception
    assert [r.points for r in _store().sheet(match_id).rounds] == [(15, -5)]
    assert [w.value for w in at.warning] == []  # (not “Outro celular já lançou a rodada 1”)
    assert at.success[0].value == PT["calc.sent_once"].format(
        number=1, points=r"Nós \+15, Eles \-5", next=2
    )
    assert at.text_area(key="calc_melds_0").value == ""
    assert at.text_area(key="calc_hands_1").value == ""
    assert not [b for b in at.button if b.key == "calc_send"]
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")  # the same count, back again
    at.text_area(key="calc_hands_1").set_value("3c").run()
    send = at.button(key="calc_send")
    assert send.label == "✓ Lançada como rodada 1" and send.disabled
    assert [r.points for r in _store().sheet(match_id).rounds] == [(15, -5)]


def test_a_round_that_scores_as_the_last_one_sent_can_be_sent_on_purpose(
    open_app: OpenApp, switch_to: Any
) -> None:
    """Two rounds may well score the same: round 2 typed with round 1's very count showed
    only “✓ Lançada como rodada 1”, greyed out, and the calculator could not send it. That
    guard stays (a second quick tap sends nothing); beside it the page says the count is
    round 1's and a button apart sends it again, on purpose, as round 2."""
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    for number in (1, 2):
        at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
        at.text_area(key="calc_hands_1").set_value("3c").run()
        if number == 1:
            at.button(key="calc_send").click().run()
    send = at.button(key="calc_send")
    assert send.label == "✓ Lançada como rodada 1" and send.disabled
    assert PT["calc.same_as_sent"].format(sent=1, number=2) in [c.value for c in at.caption]
    again = at.button(key="calc_send_again")
    assert again.label == "Lançar de novo, como rodada 2"
    again.click().run()
    assert not at.exception
    assert [r.points for r in _store().sheet(match_id).rounds] == [(15, -5), (15, -5)]
    assert at.success[0].value == PT["calc.sent_ok"].format(
        number=2, points=r"Nós \+15, Eles \-5", next=3
    )
    _store().undo_last(match_id)  # round 2 undone on the Placar: it is no longer sent
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
    at.text_area(key="calc_hands_1").set_value("3c").run()
    send = at.button(key="calc_send")
    assert send.label == "Lançar no placar (rodada 2)" and not send.disabled


# --- round after round: a sent round leaves the calculator empty for the next -------------


def _links(at: AppTest) -> list[str]:
    return [str(link.proto.label) for link in at.get("page_link")]


def test_a_sent_round_empties_the_calculator_for_the_next_and_says_what_was_sent(
    open_app: OpenApp, switch_to: Any
) -> None:
    """After “Lançar no placar” the round's cards stayed in the fields, the button greyed
    out, and the next round began with “Limpar tudo”. Now the fields are empty for the next
    round (nobody went out, each morto ticked, as on a first visit), the page says which
    round went to the sheet with its points per side and links to the Placar, and the
    match, its sides' names and the rules stay."""
    at = open_app("sheet", rules="stbl")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h 7h 8h 9h 10h")
    at.text_area(key="calc_hands_1").set_value("Kc Qd")
    at.checkbox(key="calc_morto_1").uncheck()
    at.radio(key="calc_went_out").set_value(0).run()
    at.button(key="calc_send").click().run()
    assert not at.exception
    assert [r.points for r in _store().sheet(match_id).rounds] == [(350, -120)]

    for side in (0, 1):
        assert at.text_area(key=f"calc_melds_{side}").value == ""
        assert at.text_area(key=f"calc_hands_{side}").value == ""
        assert at.checkbox(key=f"calc_morto_{side}").value is True
    assert at.radio(key="calc_went_out").value == -1
    assert [s.value for s in at.success] == [
        r"Rodada 1 lançada no placar: Nós \+350, Eles \-120. "
        "Os campos estão vazios para a rodada 2."
    ]
    assert "Ver o placar" in _links(at)
    assert PT["calc.empty_round"] not in [c.value for c in at.caption]  # (said once)
    assert at.info[0].value == "Partida aberta: **Nós × Eles** · rodada 2"
    assert [tab.label for tab in at.tabs] == ["Nós", "Eles"]
    assert at.query_params["match"] == match_id and at.query_params["rules"] == "stbl"

    # The next round: its first card puts the note away; its button sends round 2.
    at.text_area(key="calc_melds_1").set_value("4d 5d 6d").run()
    assert not at.success
    at.text_area(key="calc_hands_0").set_value("3c").run()
    assert at.button(key="calc_send").label == "Lançar no placar (rodada 2)"
    at.button(key="calc_send").click().run()
    assert [r.points for r in _store().sheet(match_id).rounds] == [(350, -120), (-5, 15)]
    assert at.success[0].value.startswith("Rodada 2 lançada no placar: Nós")
    assert at.success[0].value.endswith("vazios para a rodada 3.")


def test_a_rerun_or_a_reload_after_a_send_sends_nothing_again(
    open_app: OpenApp, switch_to: Any
) -> None:
    """A rerun of the page (a widget, a network hiccup) and a reload (a new session: the
    same link, nothing typed) after a send store nothing more, and the calculator is empty
    for round 2. The note goes once the round is undone on the sheet: it is no longer
    there."""
    at = open_app("sheet", lang="en")
    match_id = start_match(at, "Us", "Them")
    switch_to(at, "calculator")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
    at.text_area(key="calc_hands_1").set_value("3c").run()
    at.button(key="calc_send").click().run()
    said = "Round 1 sent to the score sheet: Us \\+15, Them \\-5. The fields are empty for round 2."
    assert [s.value for s in at.success] == [said]
    assert "See the score sheet" in _links(at)
    at.run()
    assert [s.value for s in at.success] == [said]
    assert at.text_area(key="calc_melds_0").value == ""
    assert not [b for b in at.button if b.key == "calc_send"]

    reloaded = open_app("calculator", lang="en", match=match_id)
    assert reloaded.text_area(key="calc_melds_0").value == ""
    assert reloaded.text_area(key="calc_hands_1").value == ""
    assert not [b for b in reloaded.button if b.key == "calc_send"]
    assert reloaded.info[0].value == "Open match: **Us × Them** · round 2"
    assert [r.points for r in _store().sheet(match_id).rounds] == [(15, -5)]

    _store().undo_last(match_id)  # (on the Placar, this phone or another)
    at.run()
    assert not at.success
    assert at.info[0].value == "Open match: **Us × Them** · round 1"


# --- D4: an empty round ------------------------------------------------------------------


def test_an_empty_round_cannot_be_sent_to_the_sheet(open_app: OpenApp, switch_to: Any) -> None:
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    assert not [b for b in at.button if b.key == "calc_send"]
    assert PT["calc.empty_round"] in [c.value for c in at.caption]
    at.text_area(key="calc_hands_1").set_value("3c").run()
    # One side typed is not a round yet: Nós always end it with cards, on the table or in hand.
    assert not [b for b in at.button if b.key == "calc_send"]
    assert PT["calc.empty_round"] in [c.value for c in at.caption]
    at.text_area(key="calc_hands_0").set_value("4d").run()
    assert at.button(key="calc_send").label == "Lançar no placar (rodada 1)"
    at.button(key="calc_clear").click().run()  # "Limpar tudo" after a round: empty again
    assert not [b for b in at.button if b.key == "calc_send"]
    assert _store().sheet(match_id).rounds == ()


def test_a_side_with_nothing_typed_is_left_out_and_each_sides_morto_is_said(
    open_app: OpenApp,
) -> None:
    """The calculator starts “Pegou o morto” ticked for both sides. Nós typed, Eles left
    empty: Eles were scored 0 beside Nós, a total nobody counted (every side ends a round
    with cards, on the table or in hand). They are left out, and said so. And each side's
    table says “pegou o morto” where it would say “não pegou o morto -100” [000, 001, 002,
    003: a side that did not take its morto loses 100; RULES.md], so a box left ticked by
    mistake shows in the count."""
    at = open_app("calculator")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
    at.text_area(key="calc_hands_0").set_value("7c").run()
    assert metrics(at) == {"Nós": "10"}  # 15 on the table, 5 in hand
    assert PT["calc.side_empty"].format(name="Eles") in [c.value for c in at.caption]
    (table,) = [m.value for m in at.markdown if "| Nós |" in m.value]
    assert "| pegou o morto | 0 |" in table and "Eles" not in table
    at.checkbox(key="calc_morto_0").uncheck().run()
    assert metrics(at) == {"Nós": "-90"}
    (table,) = [m.value for m in at.markdown if "| Nós |" in m.value]
    assert "| não pegou o morto | -100 |" in table and "pegou o morto | 0" not in table
    at.text_area(key="calc_hands_1").set_value("3c").run()  # Eles typed: both counted
    assert metrics(at) == {"Nós": "-90", "Eles": "-5"}
    assert not [c for c in at.caption if "Eles" in c.value]


# --- D5: a tie at or above the target ------------------------------------------------------


def test_a_tie_at_the_target_says_the_match_goes_on(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles")  # to 3000
    submit_round(at, "1500", "1500")
    assert not [i for i in at.info if "Empate" in i.value]
    submit_round(at, "1600", "1600")
    captions = [c.value for c in at.caption]
    assert not any("faltam 0" in c for c in captions)
    assert captions.count(PT["sheet.target_reached"]) == 2
    assert PT["sheet.tie_at_target"].format(points=3100) in [i.value for i in at.info]
    assert _add_button(at).label == "Lançar rodada 3"  # the match goes on
    submit_round(at, "100", "50")
    assert at.success[-1].value == PT["sheet.winner"].format(name="Nós", points=3200)
    assert not [i for i in at.info if "Empate" in i.value]


def test_a_tie_at_the_target_in_english(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them", target=1000)
    submit_round(at, "1200", "1200")
    assert EN["sheet.tie_at_target"].format(points=1200) in [i.value for i in at.info]
    assert "0 to go" not in " ".join(c.value for c in at.caption)


# --- D6: the winner's line fits any name ---------------------------------------------------


def test_the_winner_line_fits_the_default_names(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles", target=1000)
    submit_round(at, "1200", "100")
    (line,) = [s.value for s in at.success if "1200" in s.value]
    assert line == "Vitória: Nós, com 1200 pontos!"
    assert "venceu" not in line


def test_a_round_sent_after_the_match_ended_names_the_winner_plainly(open_app: OpenApp) -> None:
    phone_a = open_app("sheet", lang="en")
    match_id = start_match(phone_a, "Us", "Them", target=1000)
    _store().add_round(match_id, [100, 1200])  # another phone's round ends the match
    submit_round(phone_a, "50", "60")
    assert [e.value for e in phone_a.error] == ["The match is already over (winner: Them)."]
    assert "won" not in phone_a.error[0].value


# --- D1: a 500 or real built up, where the rules want them laid at once --------------------


def test_a_500_built_up_under_stbl_scores_as_a_limpa(open_app: OpenApp) -> None:
    at = open_app("calculator", rules="stbl")
    at.text_area(key="calc_melds_0").set_value(SPADES_500)
    at.radio(key="calc_went_out").set_value(0).run()
    assert not at.exception and not at.error
    (box,) = _built_up_boxes(at)
    assert box.label == PT["calc.built_up"].format(meld=1, kind="canastra de 500")
    assert box.value is False  # laid at once, as the calculator always counted it
    assert "opção “500/real de uma vez”" in box.help
    assert metrics(at)["Nós"] == "710"
    assert "canastra de 500 (jogo 1) | +500" in at.markdown[0].value
    box.check().run()
    assert metrics(at)["Nós"] == "410"  # the limpa's 200 instead of 500
    assert "canastra limpa (jogo 1) | +200" in at.markdown[0].value


def test_the_built_up_question_only_where_it_changes_the_score(open_app: OpenApp) -> None:
    # Fechado scores a 500 as a 500 however it was laid: nothing to ask.
    at = open_app("calculator")
    at.text_area(key="calc_melds_0").set_value(SPADES_500).run()
    assert not _built_up_boxes(at)
    # STBL, but the line is a limpa: nothing to ask either; a real is asked, in English.
    at = open_app("calculator", rules="stbl", lang="en")
    real = SPADES_500 + " As"  # A to A: 14 cards
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h 7h 8h 9h 10h\n" + real).run()
    (box,) = _built_up_boxes(at)
    assert box.label == EN["calc.built_up"].format(meld=2, kind="canastra real")
    assert box.value is False
    before = int(metrics(at)["Us"])
    box.check().run()
    assert int(metrics(at)["Us"]) == before - 800  # 1000 for a real, 200 for a limpa


def test_a_built_up_500_is_sent_as_built_up(open_app: OpenApp, switch_to: Any) -> None:
    at = open_app("sheet", rules="stbl")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    at.text_area(key="calc_melds_0").set_value(SPADES_500)
    at.text_area(key="calc_hands_1").set_value("3c")
    at.radio(key="calc_went_out").set_value(0).run()
    _built_up_boxes(at)[0].check().run()
    at.button(key="calc_send").click().run()
    (rnd,) = _store().sheet(match_id).rounds
    assert rnd.points == (410, -5)
    assert rnd.detail is not None
    assert rnd.detail["input"]["sides"][0]["melds"] == [{"cards": SPADES_500, "built_up": True}]
    # The send empties the form, the tick too: the next round's 500 starts unticked.
    assert not _built_up_boxes(at)
    at.text_area(key="calc_melds_0").set_value(SPADES_500).run()
    assert _built_up_boxes(at)[0].value is False
    # A tick is kept by a visit to the sheet, and "Limpar tudo" clears it.
    _built_up_boxes(at)[0].check().run()
    switch_to(at, "sheet")
    switch_to(at, "calculator")
    assert _built_up_boxes(at)[0].value is True
    at.button(key="calc_clear").click().run()
    at.text_area(key="calc_melds_0").set_value(SPADES_500).run()
    assert _built_up_boxes(at)[0].value is False


def test_the_morto_box_says_when_an_indirect_beats_morto_is_paid(open_app: OpenApp) -> None:
    """A morto taken by an indirect beat, the opponents out before that player's turn: paid
    as if not taken [001; option unused_indirect_morto_paid]. The calculator cannot know it
    happened: the box's help says to untick it and leave the 11 cards out."""
    at = open_app("calculator", lang="en")
    boxes = [b for b in at.checkbox if b.label == "Took the morto"]
    assert boxes and all("by text 001" in (b.help or "") for b in boxes)


def test_the_sides_question_says_four_players_are_two_sides(open_app: OpenApp) -> None:
    """Four at a Buraco table play as two duplas [000, 001, 002, 003]: a group of four who
    pick "4 sides" would score each player apart. The question says so."""
    at = open_app("sheet", lang="en")
    sides = at.radio(key="sheet_new_sides")
    assert "four as two pairs (each pair is one side)" in (sides.help or "")


# --- the round that ends the match ---------------------------------------------------------


def test_the_round_that_ends_the_match_leaves_an_empty_form(
    open_app: OpenApp, switch_to: Any
) -> None:
    """Nós need 50 more to reach 1000; their batida, sent from the calculator, wins. The form
    is empty for the next match, and the winning round stays on the ended match's sheet with
    its cards; a new match begins at round 1 with nothing typed."""
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles", target=1000)
    _store().add_round(match_id, [950, 0])
    switch_to(at, "calculator")
    winning = "4h 5h 6h 7h 8h 9h 10h"
    at.text_area(key="calc_melds_0").set_value(winning)
    at.text_area(key="calc_hands_1").set_value("Kc Qd")
    at.radio(key="calc_went_out").set_value(0).run()
    at.button(key="calc_send").click().run()
    assert not at.exception

    rounds = _store().sheet(match_id).rounds
    assert len(rounds) == 2 and rounds[1].points[0] > 50  # the winning round is stored...
    assert rounds[1].detail is not None
    assert rounds[1].detail["input"]["sides"][0]["melds"] == [winning]  # ...with its cards
    assert at.success[0].value == PT["calc.sent_last"].format(
        number=2, points=md_text(sheets.points_text(("Nós", "Eles"), rounds[1].points, "pt"))
    )
    assert any("Vitória: Nós" in i.value for i in at.info)
    # What next, in this page's words: the sheet's buttons (correct, undo, leave) are there.
    assert at.info[-1].value == PT["calc.over"].format(leave="Sair desta partida")
    assert [str(link.proto.label) for link in at.get("page_link")] == ["Placar"]  # one link
    # The form: empty, nobody went out, morto taken (as on a first visit).
    for side in (0, 1):
        assert at.text_area(key=f"calc_melds_{side}").value == ""
        assert at.text_area(key=f"calc_hands_{side}").value == ""
        assert at.checkbox(key=f"calc_morto_{side}").value is True
    assert at.radio(key="calc_went_out").value == -1

    switch_to(at, "sheet")
    at.button(key="sheet_close").click().run()  # "Sair desta partida", then the next one
    start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    assert at.text_area(key="calc_melds_0").value == ""
    at.text_area(key="calc_hands_0").set_value("4d")
    at.text_area(key="calc_hands_1").set_value("3c").run()
    assert at.button(key="calc_send").label == "Lançar no placar (rodada 1)"


def test_a_match_under_other_rules_says_where_to_choose_them(open_app: OpenApp) -> None:
    """A STBL match opened in a calculator counting Fechado: the warning points to the rules
    bar above it (a phone shows no sidebar), and one tap there makes the two agree."""
    match_id = _store().create_match(["Nós", "Eles"], rules=PRESETS["stbl"]).id
    at = open_app("calculator", match=match_id, rules="fechado")
    (warning,) = at.warning
    assert "escolha as regras dela acima" in warning.value
    assert "barra lateral" not in warning.value
    at.segmented_control(key=QUICK_KEY).set_value("stbl").run()
    assert not at.warning


def test_a_match_is_started_under_the_rules_chosen_on_the_page(open_app: OpenApp) -> None:
    """On a phone the sidebar is hidden: the Placar's start form has the rules bar the
    Calculadora and Variantes have, and its words point to it, not to “>>”. STBL tapped
    there: the target follows, and the match keeps STBL."""
    at = open_app("sheet")
    assert at.segmented_control(key=QUICK_KEY).value == "fechado"
    assert not [c.value for c in at.caption if ">>" in c.value or "barra lateral" in c.value]
    at.segmented_control(key=QUICK_KEY).set_value("stbl").run()
    assert at.text_input(key="sheet_new_target").value == str(PRESETS["stbl"].target_score)
    assert any("Regras da partida: **Fechado STBL**" in c.value for c in at.caption)
    match_id = start_match(at, "Nós", "Eles")
    assert _store().get_match(match_id).preset == "stbl"


def test_the_start_forms_rules_words_in_english(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    assert at.segmented_control(key=QUICK_KEY).value == "fechado"
    (rules,) = [c.value for c in at.caption if c.value.startswith("The match's rules")]
    assert "sidebar" not in rules and ">>" not in rules


def test_a_match_over_starts_the_next_with_the_same_sides(open_app: OpenApp) -> None:
    """At a real table the same people play again: once a side has won, “Nova partida”
    under the result opens the start form with the sides' names and the target as they
    were (the way out was “Sair desta partida” at the foot of the page, and every name to
    type again); the next match starts in one tap more."""
    at = open_app("sheet")
    first = start_match(at, "Ana e Bia", "Caio e Duda", "Eva", target=1000)
    submit_round(at, "1200", "300", "100")
    (again,) = [b for b in at.button if b.key == "sheet_again"]
    assert again.label == "Nova partida com os mesmos lados"
    again.click().run()
    assert "match" not in at.query_params
    assert at.radio(key="sheet_new_sides").value == 3
    names = [at.text_input(key=f"sheet_name_{i}").value for i in range(3)]
    assert names == ["Ana e Bia", "Caio e Duda", "Eva"]
    assert at.text_input(key="sheet_new_target").value == "1000"
    at.button(key="sheet_start").click().run()
    second = _store().get_match(str(at.query_params["match"]))
    assert second.id != first and second.names == ("Ana e Bia", "Caio e Duda", "Eva")
    assert second.target == 1000


def test_the_last_match_is_a_tap_away_after_the_next_one_starts(open_app: OpenApp) -> None:
    """“Nova partida com os mesmos lados”, then the next match: the last one's code was on
    screen nowhere any more, and the start form offered only “Link ou código da partida” to
    find it (the code was at the foot of the old sheet, seen by nobody at the table). The
    start form now lists this visit's matches, the latest first, one tap from each."""
    at = open_app("sheet")
    first = start_match(at, "Ana e Bia", "Caio e Duda", target=1000)
    submit_round(at, "1200", "300")
    at.button(key="sheet_again").click().run()
    assert PT["sheet.recent"] in [c.value for c in at.caption]
    assert at.button(key=f"sheet_recent_{first}").label == f"↩ Ana e Bia × Caio e Duda · `{first}`"
    at.button(key="sheet_start").click().run()
    second = str(at.query_params["match"])
    at.button(key="sheet_close").click().run()  # “Sair desta partida”
    recent = [b.key for b in at.button if str(b.key).startswith("sheet_recent_")]
    assert recent == [f"sheet_recent_{second}", f"sheet_recent_{first}"]
    at.button(key=f"sheet_recent_{first}").click().run()
    assert at.query_params["match"] == first
    assert metrics(at) == {"Ana e Bia": "1200", "Caio e Duda": "300"}


def _recent(at: AppTest) -> list[str]:
    """The start form's recent matches, as their buttons' keys (the latest first)."""
    return [str(b.key) for b in at.button if str(b.key).startswith("sheet_recent_")]


def test_a_match_opened_is_still_offered_after_the_phone_reloads_the_tab(
    open_app: OpenApp,
) -> None:
    """The start form listed the visit's matches only while the session lasted: a phone that
    reloaded the tab (a new session) found the list gone, and the match only by its link or
    code. The list is the learner's now (the id in the browser's cookie, or the link's, as
    Jogar lists a learner's unfinished matches): a new session offers the same matches, one
    tap from each; another learner is offered none of them."""
    learner = "learner-0001"
    at = open_app("sheet", learner=learner)
    first = start_match(at, "Ana e Bia", "Caio e Duda")
    submit_round(at, "300", "150")
    at.button(key="sheet_close").click().run()
    second = start_match(at, "Eva", "Fábio")
    reloaded = open_app("sheet", learner=learner)  # the session gone: the same learner
    assert "match" not in reloaded.query_params
    assert PT["sheet.recent"] in [c.value for c in reloaded.caption]
    assert _recent(reloaded) == [f"sheet_recent_{second}", f"sheet_recent_{first}"]
    label = reloaded.button(key=f"sheet_recent_{first}").label
    assert label == f"↩ Ana e Bia × Caio e Duda · `{first}`"
    reloaded.button(key=f"sheet_recent_{first}").click().run()
    assert reloaded.query_params["match"] == first
    assert metrics(reloaded) == {"Ana e Bia": "300", "Caio e Duda": "150"}
    reloaded.button(key="sheet_close").click().run()
    assert _recent(reloaded) == [f"sheet_recent_{first}", f"sheet_recent_{second}"]
    # (and a reload while a sheet is open keeps that order: nothing written again)
    assert _recent(open_app("sheet", learner=learner)) == _recent(reloaded)
    assert not _recent(open_app("sheet", learner="someone_else_1"))


def test_a_data_folder_from_before_the_recent_list_keeps_its_matches(
    open_app: OpenApp,
) -> None:
    """A data folder made by a version without the learners' recent matches (no table for
    them): the store adds the table on opening, every match and round stays as it was, and
    a match opened there is offered after a reload."""
    engine = database.open_engine(database.sqlite_url())
    old = [t for t in sheets.metadata.sorted_tables if t.name != "learner_matches"]
    sheets.metadata.create_all(engine, tables=old)
    with engine.begin() as conn:  # (a match as the earlier version wrote it)
        conn.execute(
            sheets.matches.insert().values(
                id="OldMatch0001",
                names=["Nós", "Eles"],
                target=3000,
                preset="fechado",
                options={},
                created_at=datetime.now(UTC),
            )
        )
        conn.execute(
            sheets.rounds.insert().values(
                match_id="OldMatch0001", number=1, points=[120, -40], created_at=datetime.now(UTC)
            )
        )
    engine.dispose()
    at = open_app("sheet", match="OldMatch0001", learner="learner-0001")
    assert metrics(at) == {"Nós": "120", "Eles": "-40"}
    again = open_app("sheet", learner="learner-0001")
    assert _recent(again) == ["sheet_recent_OldMatch0001"]
    assert [r.points for r in _store().sheet("OldMatch0001").rounds] == [(120, -40)]


def test_a_watchers_link_is_not_listed_among_the_visits_matches(open_app: OpenApp) -> None:
    """The list holds the write key (the match code): a match seen by its read-only link is
    not in it."""
    store = _store()
    match = store.create_match(["Us", "Them"], rules=PRESETS["fechado"])
    watcher = open_app("sheet", lang="en", watch=store.watch_id(match.id))
    watcher.button(key="sheet_close").click().run()
    assert not [b for b in watcher.button if str(b.key).startswith("sheet_recent_")]
    assert EN["sheet.recent"] not in [c.value for c in watcher.caption]


def test_the_next_match_keeps_the_last_ones_rules(open_app: OpenApp) -> None:
    """A phone that opened the match by its code (its own rules Buraco Fechado) scored a
    Fechado STBL match with a house option: “Nova partida com os mesmos lados” started the
    next one under the phone's Fechado, the start form's rules line the only word of it.
    The next match has the last one's rules, and the page's rules bar shows them."""
    at = open_app("sheet", rules="stbl", canastra_limpa_points="150")
    first = _store().get_match(start_match(at, "Nós", "Eles", target=1000))
    phone = open_app("sheet")
    phone.text_input(key="sheet_open_text").set_value(first.id)
    phone.button(key="sheet_open").click().run()
    submit_round(phone, "1200", "300")
    phone.button(key="sheet_again").click().run()
    assert phone.segmented_control(key=QUICK_KEY).value == "stbl"
    rules_line = PT["sheet.rules_new"].format(rules="Fechado STBL + limpa 150")
    assert rules_line in [c.value for c in phone.caption]
    assert phone.text_input(key="sheet_new_target").value == "1000"
    phone.button(key="sheet_start").click().run()
    second = _store().get_match(str(phone.query_params["match"]))
    assert (second.preset, second.options, second.target) == (
        first.preset,
        first.options,
        1000,
    )


def test_a_calculator_rounds_details_show_the_cards_typed(
    open_app: OpenApp, switch_to: Any
) -> None:
    """A round sent from the Calculadora, looked at later in the sheet's “Detalhe”: the
    melds and hands typed for each side beside its items, so a card typed wrong is found,
    and the morto taken, as the Calculadora says it (the view listed the core's items only,
    where a morto taken is not one)."""
    for lang, melds, hand, other in [
        ("pt", "Jogos na mesa: :red[A♥] :red[K♥]", "Na mão: :red[4♦] · pegou o morto", "3♣ 5♣"),
        ("en", "Melds on the table: :red[A♥] :red[K♥]", "In hand: :red[4♦] · morto taken", "3♣"),
    ]:
        at = open_app("sheet", lang=lang)
        start_match(at, "Nós", "Eles")
        switch_to(at, "calculator")
        at.text_area(key="calc_melds_0").set_value("Ah Kh Qh Jh 10h 9h 8h\n5s 5c 5d")
        at.text_area(key="calc_hands_0").set_value("4d")
        at.text_area(key="calc_hands_1").set_value("3c 5c Kd")
        at.checkbox(key="calc_morto_1").uncheck().run()
        at.button(key="calc_send").click().run()
        switch_to(at, "sheet")
        at.segmented_control(key="sheet_view").set_value("details").run()
        shown = " ".join(m.value for m in at.markdown)
        assert melds in shown and "; 5♠ 5♣ :red[5♦]" in shown
        assert hand in shown and other in shown
        assert ":red[K♦] ·" not in shown  # Eles' morto, not taken, is among its items
