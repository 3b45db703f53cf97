"""The score sheet with names that look like its own labels, and the watchers' read-only
link [issue 11, the app: "Side names equal to a column label break the rounds table's
columns"; "Give the sheet a second, read-only link for watchers"]."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

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


def test_a_huge_name_is_cut_by_its_field(open_app: OpenApp) -> None:
    # The field counts to 30 as one types and cuts a paste there (max_chars, enforced by
    # the server too); the store refuses anything longer that would still arrive.
    at = open_app("sheet")
    start_match(at, "Nós", "y" * 5000)
    submit_round(at, "10", "20")
    assert list(metrics(at)) == ["Nós", "y" * 30]
    assert shown_table(at)[3] == ("y" * 30, [20])
    with pytest.raises(sheets.SheetError, match="at most 30"):
        _store().create_match(["Nós", "y" * 5000], rules=ruleset("fechado"))


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
