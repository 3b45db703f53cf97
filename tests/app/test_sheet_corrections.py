"""Corrigir rodada on the score sheet (AppTest): any round, its points shown and typed again,
a confirmation that says what the correction does to the totals and the winner, the old
points kept in view (and in the CSV), two phones on one match, and the watchers' link."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import text
from streamlit.testing.v1 import AppTest

from buraco_app import database, sheets
from buraco_core import ruleset
from buraco_text import catalog
from tests.app.test_score_pages import (
    enter_worked_example,
    metrics,
    shown_table,
    start_match,
    submit_round,
)

PT, EN = catalog("pt"), catalog("en")
OpenApp = Callable[..., AppTest]


def _store() -> sheets.SheetStore:
    return sheets.SheetStore(database.open_engine(database.sqlite_url()))


def _points(match_id: str) -> list[tuple[int, ...]]:
    return [r.points for r in _store().sheet(match_id).rounds]


def open_fix(at: AppTest, number: int | None = None) -> AppTest:
    """Tap "Corrigir uma rodada" and choose round `number` (the last one is chosen first)."""
    at.button(key="sheet_fix").click().run()
    assert not at.exception, at.exception
    if number is not None:
        at.selectbox(key="sheet_fix_round").set_value(number).run()
    return at


def type_fix(at: AppTest, *points: str) -> AppTest:
    """Type the corrected points and tap "Conferir a correção"."""
    for i, value in enumerate(points):
        at.text_input(key=f"sheet_fix_points_{i}").set_value(value)
    at.button(key="sheet_fix_check").click().run()
    assert not at.exception, at.exception
    return at


def confirm_fix(at: AppTest) -> AppTest:
    """Tap "Sim, corrigir"."""
    at.button(key="sheet_fix_yes").click().run()
    assert not at.exception, at.exception
    return at


def fix_field(at: AppTest, side: int) -> str:
    return str(at.text_input(key=f"sheet_fix_points_{side}").value)


def _captions(at: AppTest) -> list[str]:
    return [c.value for c in at.caption]


def _infos(at: AppTest) -> list[str]:
    return [i.value for i in at.info]


def _add_form(at: AppTest) -> list[Any]:
    return [b for b in at.button if b.form_id == "sheet_add"]


# --- correcting a round ----------------------------------------------------------------------


def test_a_mistyped_middle_round_is_corrected_without_undoing_the_later_ones(
    open_app: OpenApp,
) -> None:
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    for points in (("100", "200"), ("150", "200"), ("300", "-40")):
        submit_round(at, *points)
    open_fix(at, 2)
    # The round chosen, with its points: in the list, in words, and already in the fields.
    chooser = at.selectbox(key="sheet_fix_round")
    assert chooser.options == [
        "Rodada 1: Nós +100, Eles +200",
        "Rodada 2: Nós +150, Eles +200",
        "Rodada 3: Nós +300, Eles -40",
    ]
    assert chooser.label == "Rodada a corrigir"
    assert any(
        c.startswith(r"A rodada 2 está assim: Nós \+150, Eles \+200.") for c in _captions(at)
    )
    assert (fix_field(at, 0), fix_field(at, 1)) == ("150", "200")
    type_fix(at, "1.500", "200")
    # Asked first: from what to what, and what the totals become. Nothing stored yet.
    assert [w.value for w in at.warning] == [
        r"Corrigir a rodada 2: de Nós \+150, Eles \+200 para Nós \+1500, Eles \+200?"
    ]
    assert "Com a correção, os totais ficam: Nós 1900, Eles 360." in _infos(at)
    assert _points(match_id)[1] == (150, 200)
    confirm_fix(at)
    assert not at.exception
    assert at.success[0].value == (
        r"Rodada 2 corrigida: era Nós \+150, Eles \+200, agora Nós \+1500, Eles \+200."
    )
    assert _points(match_id) == [(100, 200), (1500, 200), (300, -40)]
    assert metrics(at) == {"Nós": "1900", "Eles": "360"}
    assert shown_table(at)[1] == ("Nós", [100, 1500, 300])
    assert shown_table(at)[2] == ("total", [100, 1600, 1900])
    # The crossed-out number stays in view; the panel is closed, the rounds go on.
    assert r"✎ Rodada 2 corrigida; antes: Nós \+150, Eles \+200." in _captions(at)
    assert not [s for s in at.selectbox if s.key == "sheet_fix_round"]
    assert _add_form(at)[0].label == "Lançar rodada 4"


def test_corrected_in_english(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    match_id = start_match(at, "Us", "Them")
    submit_round(at, "100", "20")
    open_fix(at)
    assert any(c.startswith(r"Round 1 reads: Us \+100, Them \+20.") for c in _captions(at))
    type_fix(at, "100", "-20")
    assert (
        at.warning[0].value == r"Correct round 1 from Us \+100, Them \+20 to Us \+100, Them \-20?"
    )
    assert "With the correction, the totals are: Us 100, Them -20." in _infos(at)
    confirm_fix(at)
    assert at.success[0].value == (
        r"Round 1 corrected: it was Us \+100, Them \+20, now Us \+100, Them \-20."
    )
    assert _points(match_id) == [(100, -20)]
    assert r"✎ Round 1 corrected; before: Us \+100, Them \+20." in _captions(at)


def test_a_correction_that_ends_the_match_names_the_winner_in_english(open_app: OpenApp) -> None:
    """The confirmation said “Us wins.”: the sides are named as the table calls them (“Us”,
    “Them”), so the winner is said as the banner says it, “Winner: Us”."""
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them", target=1000)
    submit_round(at, "400", "100")
    open_fix(at)
    type_fix(at, "1000", "100")
    assert "With the correction, the totals are: Us 1000, Them 100. Winner: Us." in _infos(at)


def test_going_back_keeps_what_was_typed_and_cancel_stores_nothing(open_app: OpenApp) -> None:
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    open_fix(at)
    type_fix(at, "15", "20")
    at.button(key="sheet_fix_no").click().run()
    assert not at.warning
    assert (fix_field(at, 0), fix_field(at, 1)) == ("15", "20")  # nothing typed is lost
    at.button(key="sheet_fix_cancel").click().run()
    assert not [s for s in at.selectbox if s.key == "sheet_fix_round"]
    assert _points(match_id) == [(10, 20)]
    assert at.button(key="sheet_fix").label == "✎ Corrigir uma rodada"


def test_bad_corrections_are_said_under_the_field_and_store_nothing(open_app: OpenApp) -> None:
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    open_fix(at)
    type_fix(at, "", "abc")
    errors = [e.value for e in at.error]
    assert errors == [
        "Faltam os pontos de Nós na rodada 1: se foram zero, digite 0.",
        PT["sheet.err.points_not_number"].format(value="abc"),
    ]
    type_fix(at, "10", "99999")
    assert [e.value for e in at.error] == ["99.999 pontos numa rodada? O limite é ±50.000."]
    type_fix(at, "10", "20")  # the same points: nothing to correct
    assert [w.value for w in at.warning] == [PT["sheet.err.correct_same"].format(number=1)]
    assert not [b for b in at.button if b.key == "sheet_fix_yes"]
    assert _points(match_id) == [(10, 20)]
    assert not _store().sheet(match_id).rounds[0].corrections


# --- the winner ------------------------------------------------------------------------------


def test_a_correction_can_end_the_match_and_another_reopen_it(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles", target=1000)
    submit_round(at, "400", "100")
    submit_round(at, "500", "100")
    open_fix(at, 2)
    type_fix(at, "600", "100")
    assert "Com a correção, os totais ficam: Nós 1000, Eles 200. Vitória de Nós." in _infos(at)
    confirm_fix(at)
    assert at.success[1].value == PT["sheet.winner"].format(name="Nós", points=1000)
    assert not _add_form(at) and PT["sheet.over"] in _infos(at)
    # The round was right after all: corrected back, the match is open again.
    open_fix(at, 2)
    type_fix(at, "500", "100")
    reopen = "Com a correção, os totais ficam: Nós 900, Eles 200. " + PT["sheet.fix_effect_reopens"]
    assert reopen in _infos(at)
    confirm_fix(at)
    assert not [s for s in at.success if "Vitória" in s.value]
    assert _add_form(at)[0].label == "Lançar rodada 3"


def test_a_correction_to_a_tie_at_the_target_says_the_match_goes_on(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them", target=1000)
    submit_round(at, "1000", "900")
    assert _infos(at)[-1] == EN["sheet.over"]
    open_fix(at)
    type_fix(at, "1000", "1000")
    assert any(EN["sheet.fix_effect_reopens"] in i for i in _infos(at))
    confirm_fix(at)
    assert EN["sheet.tie_at_target"].format(points=1000) in _infos(at)
    assert _add_form(at)[0].label == "Enter round 2"


def test_a_correction_that_decided_the_match_rounds_ago_is_said(open_app: OpenApp) -> None:
    """Round 1 was 1200, typed 120: the table played on. Corrected, the totals had a
    winner after round 1; the later rounds were played and count, and the page says so."""
    at = open_app("sheet")
    start_match(at, "Nós", "Eles", target=1000)
    submit_round(at, "120", "0")
    submit_round(at, "0", "300")
    open_fix(at, 1)
    type_fix(at, "1200", "0")
    confirm_fix(at)
    said = PT["sheet.decided_earlier"].format(name="Nós", number=1, last=2)
    assert said in _infos(at)
    assert at.success[1].value == PT["sheet.winner"].format(name="Nós", points=1200)


# --- two phones --------------------------------------------------------------------------------


def test_a_correction_of_a_round_another_phone_changed_is_not_stored(open_app: OpenApp) -> None:
    """Phone A is asked to confirm 10 → 15 when phone B corrects the same round to 100: A's
    "Sim" stores nothing and says what the round has now; a second go corrects B's."""
    phone_a = open_app("sheet")
    match_id = start_match(phone_a, "Nós", "Eles")
    submit_round(phone_a, "10", "20")
    open_fix(phone_a)
    type_fix(phone_a, "15", "20")
    phone_b = open_app("sheet", match=match_id)
    open_fix(phone_b)
    type_fix(phone_b, "100", "20")
    confirm_fix(phone_b)

    confirm_fix(phone_a)
    assert not phone_a.exception
    assert _points(match_id) == [(100, 20)]
    assert [w.value for w in phone_a.warning] == [
        PT["sheet.err.correct_stale"].format(number=1, points=r"Nós \+100, Eles \+20")
    ]
    assert not phone_a.success
    assert (fix_field(phone_a, 0), fix_field(phone_a, 1)) == ("15", "20")  # kept as typed
    type_fix(phone_a, "15", "20")
    assert phone_a.warning[0].value.startswith(r"Corrigir a rodada 1: de Nós \+100, Eles \+20")
    confirm_fix(phone_a)
    assert _points(match_id) == [(15, 20)]
    befores = [c.before for c in _store().sheet(match_id).rounds[0].corrections]
    assert befores == [(10, 20), (100, 20)]  # both corrections kept


def test_a_change_seen_before_confirming_is_said_at_once(open_app: OpenApp) -> None:
    """Phone A taps "Conferir" on a screen drawn before phone B's correction: the next
    screen already reads the round, so it says so instead of asking."""
    phone_a = open_app("sheet", lang="en")
    match_id = start_match(phone_a, "Us", "Them")
    submit_round(phone_a, "10", "20")
    open_fix(phone_a)
    _store().correct_round(match_id, 1, [100, 20])  # phone B
    type_fix(phone_a, "15", "20")
    assert [w.value for w in phone_a.warning] == [
        EN["sheet.err.correct_stale"].format(number=1, points=r"Us \+100, Them \+20")
    ]
    assert not [b for b in phone_a.button if b.key == "sheet_fix_yes"]
    assert _points(match_id) == [(100, 20)]


def test_a_correction_of_a_round_another_phone_deleted_is_not_stored(open_app: OpenApp) -> None:
    phone_a = open_app("sheet")
    match_id = start_match(phone_a, "Nós", "Eles")
    submit_round(phone_a, "10", "20")
    submit_round(phone_a, "30", "40")
    open_fix(phone_a, 2)
    type_fix(phone_a, "35", "40")
    _store().undo_last(match_id)  # phone B deleted round 2
    confirm_fix(phone_a)
    assert not phone_a.exception
    assert _points(match_id) == [(10, 20)]
    assert PT["sheet.err.correct_gone"].format(number=2) in [w.value for w in phone_a.warning]
    # The panel is on a round that exists, with its points.
    assert phone_a.selectbox(key="sheet_fix_round").value == 1
    assert (fix_field(phone_a, 0), fix_field(phone_a, 1)) == ("10", "20")


def test_rounds_another_phone_added_do_not_stop_a_correction(open_app: OpenApp) -> None:
    """The correction is about one round's points: rounds entered after it on another
    phone change nothing in it, and it is stored."""
    phone_a = open_app("sheet")
    match_id = start_match(phone_a, "Nós", "Eles")
    submit_round(phone_a, "10", "20")
    open_fix(phone_a)
    type_fix(phone_a, "15", "20")
    _store().add_round(match_id, [50, 60])  # phone B's round 2
    confirm_fix(phone_a)
    assert _points(match_id) == [(15, 20), (50, 60)]
    assert metrics(phone_a) == {"Nós": "65", "Eles": "80"}


# --- who may correct, and what a correction leaves --------------------------------------------


def test_the_watch_link_cannot_correct_but_sees_the_correction(open_app: OpenApp) -> None:
    store = _store()
    match = store.create_match(["Nós", "Eles"], rules=ruleset("fechado"))
    store.add_round(match.id, [100, 250])
    watcher = open_app("sheet", watch=store.watch_id(match.id))
    assert not [b for b in watcher.button if b.key in ("sheet_fix", "sheet_fix_yes")]
    assert not [s for s in watcher.selectbox if s.key == "sheet_fix_round"]
    scorer = open_app("sheet", match=match.id)
    open_fix(scorer)
    type_fix(scorer, "100", "25")
    confirm_fix(scorer)
    watcher.button(key="sheet_refresh").click().run()
    assert metrics(watcher) == {"Nós": "100", "Eles": "25"}
    assert r"✎ Rodada 1 corrigida; antes: Nós \+100, Eles \+250." in _captions(watcher)
    assert not [b for b in watcher.button if b.key == "sheet_fix"]


def test_a_calculator_rounds_detail_is_kept_as_from_before_the_correction(
    open_app: OpenApp, switch_to: Any
) -> None:
    at = open_app("sheet", joker_points="20")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    enter_worked_example(at)  # 525 and -5
    at.button(key="calc_send").click().run()
    switch_to(at, "sheet")
    open_fix(at)
    assert any(PT["sheet.fix_calculator"] in c for c in _captions(at))
    type_fix(at, "525", "-50")
    confirm_fix(at)
    (rnd,) = _store().sheet(match_id).rounds
    assert rnd.detail is None and rnd.detail_before_correction is not None
    at.segmented_control(key="sheet_view").set_value("details").run()
    shown = " ".join(m.value for m in at.markdown)
    title = PT["sheet.detail_before"].format(number=1, points=r"Nós \+525, Eles \-50")
    assert f"**{title}**" in shown
    assert "canastra limpa (jogo 1) +200" in shown  # the itemised round, kept


def test_a_reverted_calculator_rounds_details_name_the_hand_held(
    open_app: OpenApp, switch_to: Any
) -> None:
    """The calculator's round 1 (the worked example: the side's 1st player went out, the 2nd
    kept 7♣ K♦), corrected and corrected back: its details read “Rodada 1”, the round's own,
    and under Nós “Na mão: ; 7♣ K♦”, an empty place for the hand of the one who went out.
    The hand held is named by player, as the items above it do."""
    for lang in ("pt", "en"):
        texts = PT if lang == "pt" else EN
        at = open_app("sheet", lang=lang, joker_points="20")
        start_match(at, *(("Nós", "Eles") if lang == "pt" else ("Us", "Them")))
        switch_to(at, "calculator")
        enter_worked_example(at)  # 525 and -5
        at.button(key="calc_send").click().run()
        switch_to(at, "sheet")
        confirm_fix(type_fix(open_fix(at), "525", "-50"))
        confirm_fix(type_fix(open_fix(at), "525", "-5"))
        at.segmented_control(key="sheet_view").set_value("details").run()
        shown = " ".join(m.value for m in at.markdown)
        assert f"**{texts['sheet.detail_round'].format(number=1)}**" in shown
        empty_place = texts["sheet.detail_hands"].format(cards=";")
        assert empty_place not in shown, shown
        player = {"pt": "2º jogador da dupla", "en": "the side's 2nd player"}[lang]
        held = texts["sheet.detail_hands"].format(cards=f"{player}: 7♣ :red[K♦]")
        assert held in shown, shown


def test_a_database_that_refuses_the_correction_leaves_the_round_whole(
    open_app: OpenApp,
    no_retry_pause: list[int],
) -> None:
    """The round's new points and the record of its old ones are one write: the database
    refusing the record leaves the round as it was, and the page says so plainly."""
    at = open_app("sheet")
    match_id = start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    store = _store()
    with store.engine.begin() as conn:
        conn.execute(
            text(
                "CREATE TRIGGER no_fixes BEFORE INSERT ON corrections "
                "BEGIN SELECT RAISE(ABORT, 'no corrections today'); END"
            )
        )
    open_fix(at)
    type_fix(at, "15", "20")
    confirm_fix(at)
    assert not at.exception
    shown = [e.value for e in at.error]
    assert shown == [PT["sheet.err.refused"]]
    assert _points(match_id) == [(10, 20)]
    assert not store.sheet(match_id).rounds[0].corrections


def _place(at: AppTest, key: str) -> tuple[int, ...]:
    """Where a widget is in the page, as the browser places it: the index of each block
    down to it. A widget whose place changes between two runs is drawn anew by the browser
    (the cursor leaves it, and what was typed during the run is lost)."""

    def walk(node: Any, path: tuple[int, ...]) -> tuple[int, ...] | None:
        for index, child in getattr(node, "children", {}).items():
            if getattr(child, "key", None) == key:
                return (*path, index)
            found = walk(child, (*path, index))
            if found is not None:
                return found
        return None

    place = walk(at.main, ())
    assert place is not None, key
    return place


def test_the_correction_fields_keep_their_place_when_a_message_comes(
    open_app: OpenApp,
) -> None:
    """A blank correction field, or a blank round typed above while the correction is open:
    the messages come, and the correction's fields stay where they were, so the browser
    keeps them and the cursor (as the add-round form's, tests/e2e)."""
    at = open_app("sheet")
    start_match(at, "Ana", "Bia")
    submit_round(at, "100", "50")
    open_fix(at, 1)
    keys = [f"sheet_fix_points_{i}" for i in range(2)]
    before = [_place(at, key) for key in keys]
    type_fix(at, "", "60")
    assert [e.value for e in at.error] == [
        PT["sheet.err.points_blank"].format(name="Ana", number=1)
    ]
    assert [_place(at, key) for key in keys] == before
    type_fix(at, "90", "60")  # put right: asked to confirm; cancelled, the fields again
    at.button(key="sheet_fix_no").click().run()
    submit_round(at, "", "")  # a blank round above the open correction
    assert len(at.error) == 2
    assert [_place(at, key) for key in keys] == before


def test_a_corrections_totals_are_written_as_the_sheet_writes_them(open_app: OpenApp) -> None:
    """The totals a correction would make, as the sheet's cards write them: 12.600 (en
    12,600), where the confirmation said 12600."""
    for lang, names, effect in [
        ("pt", ("Nós", "Eles"), "Com a correção, os totais ficam: Nós 12.600, Eles 1200."),
        ("en", ("Us", "Them"), "With the correction, the totals are: Us 12,600, Them 1200."),
    ]:
        at = open_app("sheet", lang=lang)
        start_match(at, *names, target=20000)
        submit_round(at, "9000", "1000")
        submit_round(at, "3500", "200")
        open_fix(at, 2)
        type_fix(at, "3600", "200")
        assert effect in _infos(at)


def test_a_round_stored_corrected_or_undone_opens_the_page_at_its_top(open_app: OpenApp) -> None:
    """On a phone the correction's and the undo's buttons are under the table, half a page
    below the message that says what was done and the totals: a correction that ended the
    match ended it out of sight. Each stored change brings the page to its top (once); a
    refused one leaves it where the message under the field is."""

    def scrolls(at: AppTest) -> int:
        return len([h for h in at.html if "scrollTo" in h.proto.body])

    at = open_app("sheet")
    start_match(at, "Nós", "Eles", target=1000)
    submit_round(at, "400", "")  # refused: said under the field, where the finger is
    assert not scrolls(at)
    submit_round(at, "400", "100")
    assert scrolls(at) == 1
    at.run()
    assert not scrolls(at)
    submit_round(at, "500", "100")
    assert scrolls(at) == 1
    open_fix(at, 2)
    type_fix(at, "600", "100")
    assert not scrolls(at)
    confirm_fix(at)
    assert scrolls(at) == 1
    assert at.success[1].value == PT["sheet.winner"].format(name="Nós", points=1000)
    at.button(key="sheet_undo").click().run()
    at.button(key="sheet_undo_yes").click().run()
    assert not at.exception, at.exception
    assert scrolls(at) == 1 and _points(str(at.query_params["match"])) == [(400, 100)]


def test_a_correction_taken_back_reads_as_the_round_first_entered(open_app: OpenApp) -> None:
    """A round corrected, then corrected back to its first points: the sheet said “✎ Rodada
    1 corrigida; antes: Nós +100, Eles +20; Nós +100, Eles −20” beside a round that reads as
    first entered, and the CSV “era …” alike; both say the correction was undone."""
    from buraco_app.sheet_page import csv_texts

    for lang, names in (("pt", ("Nós", "Eles")), ("en", ("Us", "Them"))):
        texts = PT if lang == "pt" else EN
        at = open_app("sheet", lang=lang)
        match_id = start_match(at, *names)
        submit_round(at, "100", "20")
        confirm_fix(type_fix(open_fix(at), "100", "-20"))
        confirm_fix(type_fix(open_fix(at), "100", "20"))
        assert _points(match_id) == [(100, 20)]
        said = {
            "pt": r"✎ Rodada 1: a correção foi desfeita; a rodada vale como foi lançada,"
            r" Nós \+100, Eles \+20.",
            "en": r"✎ Round 1: the correction was undone; the round stands as first entered,"
            r" Us \+100, Them \+20.",
        }[lang]
        assert said in _captions(at)
        assert not [c for c in _captions(at) if "antes:" in c or "before:" in c]
        labels = csv_texts(lang)  # type: ignore[arg-type]
        rows = sheets.sheet_csv(_store().sheet(match_id), **labels).splitlines()
        assert rows[1].split(labels["delimiter"])[-1] == texts["sheet.csv_undone"]
        assert texts["sheet.csv_was"].split("{")[0] not in rows[1]
