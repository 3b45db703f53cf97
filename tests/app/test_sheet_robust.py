"""The score sheet with names that look like its own labels, and the watchers' read-only
link [issue 11, the app: "Side names equal to a column label break the rounds table's
columns"; "Give the sheet a second, read-only link for watchers"]."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app import database, sheets
from buraco_app.sheet_page import md_text
from buraco_core import ruleset
from buraco_text import catalog
from tests.app.test_score_pages import metrics, shown_table, start_match, submit_round
from tests.test_sheets import Backend, backend  # noqa: F401 (the fixture)

PT, EN = catalog("pt"), catalog("en")
OpenApp = Callable[..., AppTest]


def _store() -> sheets.SheetStore:
    return sheets.SheetStore(database.open_engine(database.sqlite_url()))


@pytest.mark.parametrize(
    "names",
    [
        ("Rodada", "Rodada (total)"),  # the old labels of the round and of a total
        ("A", "A (total)"),  # one side's name is the other side's total column
        ("round", "points_0", "total_1", "#"),  # the table's own keys, and its header
        ("total", "Total"[::-1], "<b>x</b>", "[a](https://x.example)"),
    ],
)
def test_side_names_equal_to_column_labels_keep_their_columns(
    open_app: OpenApp, names: tuple[str, ...]
) -> None:
    at = open_app("sheet")
    start_match(at, *names)
    points = [str(10 * (i + 1)) for i in range(len(names))]
    submit_round(at, *points)
    submit_round(at, *points)
    expected = [("#", [1, 2])]
    for i, name in enumerate(names):
        each = 10 * (i + 1)
        expected += [(name, [each, each]), ("total", [each, 2 * each])]
    assert shown_table(at) == expected


def test_the_side_names_not_typed_follow_the_language(open_app: OpenApp) -> None:
    """The names "Nós" and "Eles" are the page's words until a name is typed: switched to
    English they read "Us" and "Them"; a typed name stays as typed."""
    at = open_app("sheet")
    names = [at.text_input(key=f"sheet_name_{i}") for i in range(2)]
    assert [n.value for n in names] == [PT["calc.side_1"], PT["calc.side_2"]]
    at.radio(key="lang").set_value("en").run()
    names = [at.text_input(key=f"sheet_name_{i}") for i in range(2)]
    assert [n.value for n in names] == [EN["calc.side_1"], EN["calc.side_2"]]
    names[0].set_value("Ana").run()
    at.radio(key="lang").set_value("pt").run()
    names = [at.text_input(key=f"sheet_name_{i}") for i in range(2)]
    assert [n.value for n in names] == ["Ana", PT["calc.side_2"]]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "O lado 2 precisa de um nome."),
        ("Nós", "Dois lados com o nome “Nós”: use nomes diferentes."),
    ],
)
def test_empty_huge_or_repeated_names_are_refused_and_nothing_is_stored(
    open_app: OpenApp, typed: str, message: str
) -> None:
    at = open_app("sheet")
    at.text_input(key="sheet_name_0").set_value("Nós")
    at.text_input(key="sheet_name_1").set_value(typed)
    at.button(key="sheet_start").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == [message]
    assert "match" not in at.query_params
    with _store().engine.connect() as conn:
        assert conn.execute(sheets.matches.select()).all() == []


@pytest.mark.parametrize(("lang", "length"), [("pt", 31), ("en", 5000)])
def test_a_name_past_30_characters_is_said_not_cut(
    open_app: OpenApp, lang: str, length: int
) -> None:
    """The field used to stop at 30 characters without a word (max_chars): now what was
    typed stays, the message under it says how long it is and the most, and no match starts
    until it is shortened."""
    at = open_app("sheet", lang=lang)
    words = PT if lang == "pt" else EN
    long = "y" * length
    at.text_input(key="sheet_name_1").set_value(long).run()
    message = words["sheet.err.name_too_long"].format(side=2, count=length, max=30)
    assert [e.value for e in at.error] == [message]  # said as it is typed
    at.button(key="sheet_start").click().run()
    assert [e.value for e in at.error] == [message]  # once, not twice
    assert at.text_input(key="sheet_name_1").value == long
    assert "match" not in at.query_params
    with _store().engine.connect() as conn:
        assert conn.execute(sheets.matches.select()).all() == []
    at.text_input(key="sheet_name_1").set_value("y" * 30).run()
    assert not at.error
    start_match(at, words["calc.side_1"], "y" * 30)
    assert list(metrics(at)) == [words["calc.side_1"], "y" * 30]
    with pytest.raises(sheets.SheetError, match="at most 30"):
        _store().create_match(["Nós", long], rules=ruleset("fechado"))


# --- numbers typed on the sheet: said in the language, never Streamlit's English --------------

# Streamlit's own words for a number field out of its range (shown by the browser).
STREAMLIT_RANGE = "allowed range"


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("typed", ["99999999", "50", "3 mil", "9" * 20])
def test_a_target_out_of_range_is_said_and_no_match_starts(
    open_app: OpenApp, lang: str, typed: str
) -> None:
    at = open_app("sheet", lang=lang)
    words = PT if lang == "pt" else EN
    at.text_input(key="sheet_new_target").set_value(typed).run()
    value = typed if len(typed) <= 20 else typed[:19] + "…"
    high = "100.000" if lang == "pt" else "100,000"  # the thousands marked, as people write
    message = words["sheet.err.target_range"].format(low=100, high=high, value=value)
    assert [e.value for e in at.error] == [message]  # under the field, as it is typed
    assert "100" in message and high in message and STREAMLIT_RANGE not in message
    at.button(key="sheet_start").click().run()
    assert [e.value for e in at.error] == [message]
    assert "match" not in at.query_params  # not started at 3000 behind the person's back
    assert at.text_input(key="sheet_new_target").value == typed
    with _store().engine.connect() as conn:
        assert conn.execute(sheets.matches.select()).all() == []


def test_the_target_is_typed_as_at_the_table(open_app: OpenApp, switch_to: Any) -> None:
    at = open_app("sheet", lang="en")
    assert at.text_input(key="sheet_new_target").value == "3000"  # Fechado's
    switch_to(at, "calculator")
    switch_to(at, "sheet")  # the field's state is dropped meanwhile: the target comes back
    assert at.text_input(key="sheet_new_target").value == "3000"
    start_match(at, "Us", "Them", target="1.500")  # grouped the Brazilian way
    assert "Rules: **Buraco Fechado** · to **1500**" in [c.value for c in at.caption]


def test_corte_cards_out_of_range_are_said_in_both_pages(open_app: OpenApp) -> None:
    at = open_app("sheet", corte_44_points="100")
    start_match(at, "A", "B")
    at.selectbox(key="sheet_corte_who").set_value(0)
    at.text_input(key="sheet_corte_cards").set_value("500")
    submit_round(at, "120", "30")
    message = PT["corte.bad_cards"].format(field=PT["corte.cards"], most=108, value="500")
    assert [e.value for e in at.error] == [message]
    assert metrics(at) == {"A": "0", "B": "0"}  # nothing added
    calc = open_app("calculator", lang="en", corte_44_points="100")
    calc.selectbox(key="calc_corte_who").set_value(1)
    calc.text_input(key="calc_corte_cards").set_value("-3").run()
    assert [e.value for e in calc.error] == [
        EN["corte.bad_cards"].format(field=EN["corte.cards"], most=108, value=md_text("-3"))
    ]
    assert not metrics(calc)  # no score while it is wrong


def test_corte_cards_with_nobody_chosen_as_the_cutter_are_said_not_dropped(
    open_app: OpenApp,
) -> None:
    """The corte de 44 counts for the side of whoever cut [003, "Variações comuns"]: cards
    typed with "ninguém" left as the cutter counted for nobody, and nothing said so. Now the
    field says to choose who cut, and the round waits for it on both pages."""
    at = open_app("sheet", corte_44_points="100")
    start_match(at, "A", "B")
    at.text_input(key="sheet_corte_cards").set_value("44")
    submit_round(at, "120", "30")
    said = PT["corte.who_missing"].format(field=PT["corte.who"], cards=PT["corte.cards"])
    assert [e.value for e in at.error] == [said]
    assert metrics(at) == {"A": "0", "B": "0"}  # nothing added while it is unsaid
    at.selectbox(key="sheet_corte_who").set_value(0)
    submit_round(at, "120", "30")
    assert metrics(at) == {"A": "220", "B": "30"}  # the cut's +100 to A, the cutter's side
    calc = open_app("calculator", lang="en", corte_44_points="100")
    calc.text_input(key="calc_corte_cards").set_value("44").run()
    assert [e.value for e in calc.error] == [
        EN["corte.who_missing"].format(field=EN["corte.who"], cards=EN["corte.cards"])
    ]


# --- a blank round, and undo -----------------------------------------------------------------


def test_blank_points_name_the_side_and_round_and_go_away_on_undo(open_app: OpenApp) -> None:
    at = open_app("sheet")
    match_id = start_match(at, "Ana", "Bia")
    submit_round(at, "100", "50")
    submit_round(at, "30", "  ")
    message = PT["sheet.err.points_blank"].format(name="Ana", number=2).replace("Ana", "Bia")
    assert [e.value for e in at.error] == [message]
    assert "Bia" in message and "2" in message
    assert len(_store().sheet(match_id).rounds) == 1  # not counted as 0
    at.button(key="sheet_undo").click().run()  # the person gives up on it: undo round 1
    assert not at.error
    at.button(key="sheet_undo_yes").click().run()
    assert not at.error
    assert _store().sheet(match_id).rounds == ()


def test_refresh_clears_the_last_taps_messages(open_app: OpenApp) -> None:
    """“↻ Atualizar” reads the sheet again; a message about the round as it stood (blank
    points for round 1, which another phone may have entered since) goes."""
    at = open_app("sheet")
    start_match(at, "Ana", "Bia")
    submit_round(at, "", "")
    assert len(at.error) == 2
    at.button(key="sheet_refresh").click().run()
    assert not at.error


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_each_bad_points_field_is_said_on_the_first_tap(open_app: OpenApp, lang: str) -> None:
    """Two fields wrong, a message under each at once: the second one's used to wait until
    the first was put right (the store stops at the first bad number)."""
    words = PT if lang == "pt" else EN
    at = open_app("sheet", lang=lang)
    match_id = start_match(at, "Ana", "Bia")
    not_number = words["sheet.err.points_not_number"]
    submit_round(at, "abc", "12,5")
    assert [e.value for e in at.error] == [
        not_number.format(value="abc"),
        not_number.format(value="12,5"),
    ]
    submit_round(at, "abc", "")  # a blank and a bad number: both said
    assert [e.value for e in at.error] == [
        not_number.format(value="abc"),
        words["sheet.err.points_blank"].format(name="Bia", number=1),
    ]
    assert _store().sheet(match_id).rounds == ()


def test_a_blank_points_field_does_not_look_like_a_zero(open_app: OpenApp) -> None:
    """A grey "0" in an empty field looks typed; a blank is refused (not counted as 0), so
    the empty field says what goes there instead."""
    at = open_app("sheet")
    start_match(at, "Ana", "Bia")
    fields = [at.text_input(key=f"sheet_points_{i}") for i in range(2)]
    assert [f.placeholder for f in fields] == [PT["sheet.points_placeholder"]] * 2
    assert not any(f.placeholder.strip().isdigit() for f in fields)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_blank_target_asks_for_one(open_app: OpenApp, lang: str) -> None:
    at = open_app("sheet", lang=lang)
    words = PT if lang == "pt" else EN
    at.text_input(key="sheet_new_target").set_value("  ").run()
    high = "100.000" if lang == "pt" else "100,000"
    message = words["sheet.err.target_blank"].format(low=100, high=high)
    assert [e.value for e in at.error] == [message]  # not “” não serve
    at.button(key="sheet_start").click().run()
    assert "match" not in at.query_params


# --- the links the sheet gives --------------------------------------------------------------


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_sheets_links_carry_the_language_and_the_matchs_rules(
    open_app: OpenApp, lang: str
) -> None:
    at = open_app("sheet", lang=lang, joker_points="20")
    at.context["url"] = "https://x.example/sheet"
    match_id = start_match(at, "A", "B")
    links = [c.value for c in at.code if c.value.startswith("https://x.example/sheet?")]
    assert len(links) == 2  # to score, and only to watch
    for link in links:
        query = parse_qs(urlsplit(link).query)
        assert query["lang"] == [lang]
        assert query["rules"] == ["fechado"] and query["joker_points"] == ["20"]
    assert parse_qs(urlsplit(links[0]).query)["match"] == [match_id]
    # Opened by another phone: the sheet, in that language.
    other = open_app("sheet", **{k: v[0] for k, v in parse_qs(urlsplit(links[1]).query).items()})
    assert other.title[0].value == (PT if lang == "pt" else EN)["sheet.title"]
    assert metrics(other) == {"A": "0", "B": "0"}


# --- the watchers' link ----------------------------------------------------------------------


def _match_with_a_round() -> tuple[str, str]:
    store = _store()
    match = store.create_match(["Nós", "Eles"], rules=ruleset("fechado"), target=3000)
    store.add_round(match.id, [100, 250])
    return match.id, store.watch_id(match.id)


def _everything_shown(at: AppTest) -> str:
    return repr(at._tree) + repr(dict(at.query_params)) + repr(dict(at.session_state))


def test_the_watch_link_shows_the_sheet_and_nothing_that_writes(open_app: OpenApp) -> None:
    match_id, watch_id = _match_with_a_round()
    assert watch_id != match_id
    at = open_app("sheet", watch=watch_id)
    assert not at.error
    assert metrics(at) == {"Nós": "100", "Eles": "250"}
    assert shown_table(at)[1] == ("Nós", [100])
    assert PT["sheet.watching"] in [i.value for i in at.info]
    keys = {b.key for b in at.button} | {t.key for t in at.text_input}
    assert not [b for b in at.button if b.form_id == "sheet_add"]
    assert not keys & {"sheet_undo", "sheet_undo_yes", "sheet_start", "sheet_open"}
    # The write key reaches the watcher nowhere: not on the page, the URL or the session.
    assert match_id not in _everything_shown(at)


def test_the_watch_link_follows_the_scorer(open_app: OpenApp) -> None:
    match_id, watch_id = _match_with_a_round()
    scorer = open_app("sheet", lang="en", match=match_id)
    watcher = open_app("sheet", lang="en", watch=watch_id)
    submit_round(scorer, "40", "-15")
    watcher.button(key="sheet_refresh").click().run()
    assert metrics(watcher) == {"Nós": "140", "Eles": "235"}


def test_a_watch_id_is_not_a_match_id(open_app: OpenApp) -> None:
    _, watch_id = _match_with_a_round()
    at = open_app("sheet", lang="en", match=watch_id)
    assert at.error[0].value == f"There is no match with the code “{md_text(watch_id)}”."
    assert not metrics(at)
    with pytest.raises(sheets.MatchNotFound):
        _store().add_round(watch_id, [1, 2])


@pytest.mark.parametrize("watch", ["AAAAAAAAAAAA", "<script>", "x" * 500])
def test_an_unknown_watch_link_is_said_plainly(open_app: OpenApp, watch: str) -> None:
    at = open_app("sheet", lang="en", watch=watch)
    assert at.error[0].value.startswith("There is no match with the code")
    assert not metrics(at)
    assert at.button(key="sheet_start")  # not a dead end: a match can be started or opened
    assert "watch" not in at.query_params


def test_pasting_a_watch_link_opens_it_read_only(open_app: OpenApp) -> None:
    match_id, watch_id = _match_with_a_round()
    at = open_app("sheet", lang="en")
    at.text_input(key="sheet_open_text").set_value(f"https://x.example/sheet?watch={watch_id}")
    at.button(key="sheet_open").click().run()
    assert metrics(at) == {"Nós": "100", "Eles": "250"}
    assert not [b for b in at.button if b.form_id == "sheet_add"]
    assert match_id not in _everything_shown(at)
    at.button(key="sheet_close").click().run()
    assert at.button(key="sheet_start")


def test_a_match_older_than_watch_links_gets_one_once() -> None:
    store = _store()
    match = store.create_match(["A", "B"], rules=ruleset("fechado"))
    with store.engine.begin() as conn:  # as a database written before the links existed
        conn.execute(sheets.watch_links.delete())
    first = store.watch_id(match.id)
    assert store.watch_id(match.id) == first
    assert store.watched_sheet(first).match.id == match.id


def test_phones_asking_for_the_watch_link_at_once_get_one(
    backend: Backend,  # noqa: F811
) -> None:
    """On SQLite and on PostgreSQL: eight phones open an old match's sheet at once; one
    link is made, every phone shows that one."""
    store = backend.store()
    match = store.create_match(["A", "B"], rules=ruleset("fechado"))
    with store.engine.begin() as conn:
        conn.execute(sheets.watch_links.delete())
    with ThreadPoolExecutor(8) as pool:
        ids = set(pool.map(lambda _: store.watch_id(match.id), range(8)))
    assert len(ids) == 1
    assert store.watched_sheet(ids.pop()).match.id == match.id
    store.engine.dispose()
