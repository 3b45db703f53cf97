"""Every text field of the app has a size limit: a pasted megabyte, or points of 5,000
digits, is refused at once with a message in the session's language that names the field;
nothing is stored, nothing crashes [issue 11, the app: "A points field of 5,000 digits
crashes the score sheet; every text field has a sensible size limit and a message by the
field"]."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app import database, sheets
from buraco_app.limits import MAX_CARDS_TEXT, MAX_LINES_TEXT
from buraco_app.sheet_page import md_text
from buraco_core import ruleset
from buraco_text import catalog, grouped, translate
from tests.app.test_score_pages import metrics, start_match, submit_round

PT, EN = catalog("pt"), catalog("en")
OpenApp = Callable[..., AppTest]
HUGE_CARDS = "4h " * 700_000  # 2.1 MB of valid-looking cards


def _errors(at: AppTest) -> list[str]:
    assert not at.exception, at.exception
    return [e.value for e in at.error]


def _refusal(lang: str, field: str, text: str, limit: int) -> str:
    words = PT if lang == "pt" else EN
    count = grouped(len(text), lang)  # 2.100.000 caracteres, 2,100,000 characters
    return words["limits.too_long"].format(field=field, count=count, limit=limit)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_huge_card_list_in_the_lookup_is_refused_naming_the_field(
    open_app: OpenApp, lang: str
) -> None:
    at = open_app("lookup", lang=lang)
    at.text_input(key="lookup_cards").set_value(HUGE_CARDS).run()
    words = PT if lang == "pt" else EN
    assert _errors(at) == [_refusal(lang, words["cards.label"], HUGE_CARDS, MAX_CARDS_TEXT)]


@pytest.mark.parametrize(
    ("view", "key", "label", "limit"),
    [
        ("lixo", "lookup_lixo_top", "lookup.top_card", MAX_CARDS_TEXT),
        ("lixo", "lookup_lixo_hand", "lookup.hand", MAX_CARDS_TEXT),
        ("lixo", "lookup_lixo_melds", "lookup.melds", MAX_LINES_TEXT),
        ("go_out", "lookup_go_out_melds", "lookup.melds", MAX_LINES_TEXT),
    ],
)
def test_every_lookup_field_has_a_limit(
    open_app: OpenApp, view: str, key: str, label: str, limit: int
) -> None:
    at = open_app("lookup")
    at.segmented_control(key="lookup_view").set_value(view).run()
    widget = at.text_area(key=key) if label == "lookup.melds" else at.text_input(key=key)
    widget.set_value(HUGE_CARDS).run()
    assert _refusal("pt", PT[label], HUGE_CARDS, limit) in _errors(at)
    assert not at.success  # no verdict on a refused field


def test_a_huge_rules_search_is_refused(open_app: OpenApp) -> None:
    at = open_app("lookup", lang="en")
    at.segmented_control(key="lookup_view").set_value("rules").run()
    query = "canastra " * 10_000
    at.text_input(key="lookup_search").set_value(query).run()
    assert _errors(at) == [_refusal("en", EN["lookup.search"], query, 200)]


@pytest.mark.parametrize("field", ["melds", "hands"])
def test_a_huge_calculator_field_is_refused_and_nothing_is_sent(
    open_app: OpenApp, field: str
) -> None:
    at = open_app("calculator", lang="en")
    at.text_area(key=f"calc_{field}_1").set_value(HUGE_CARDS).run()
    label = EN[f"calc.{field}"]
    assert _refusal("en", label, HUGE_CARDS, MAX_LINES_TEXT) in _errors(at)
    assert at.info[-1].value == EN["calc.fix_first"]  # no score, nothing to send


@pytest.mark.parametrize(
    "typed",
    ["9" * 5000, "-" + "9" * 5000, "1.000" * 1000, "x" * 100_000, "99999999999999999999"],
)
def test_points_of_thousands_of_digits_are_refused_and_nothing_is_stored(
    open_app: OpenApp, typed: str
) -> None:
    at = open_app("sheet", lang="en")
    match_id = start_match(at, "Us", "Them")
    submit_round(at, typed, "10")
    # The field cuts the text at 20 characters (max_chars); what is left is never a round's
    # points, and the message says so without echoing thousands of characters.
    with pytest.raises(sheets.SheetError) as expected:
        sheets.parse_points(typed[:20], "points[0]")
    assert expected.value.code in ("points_absurd", "points_not_number")
    # (Numbers with their thousands marked: 1,000,000,000,000,000 points in one round?)
    params = {
        k: v if isinstance(v, int) else md_text(str(v)) for k, v in expected.value.params.items()
    }
    assert _errors(at) == [translate(f"sheet.err.{expected.value.code}", "en", **params)]
    assert metrics(at) == {"Us": "0", "Them": "0"}
    store = sheets.SheetStore(database.open_engine(database.sqlite_url()))
    assert store.sheet(match_id).rounds == ()


@pytest.mark.parametrize("typed", ["x" * 5000, " 1" * 30, "9 " * 21])
def test_the_store_refuses_long_points_text_by_its_field(typed: str) -> None:
    store = sheets.SheetStore(database.open_engine(database.sqlite_url()))
    match = store.create_match(["A", "B"], rules=ruleset("fechado"))
    with pytest.raises(sheets.SheetError) as caught:
        store.add_round(match.id, ["10", typed])
    assert (caught.value.field, caught.value.code) == ("points[1]", "points_too_long")
    assert store.sheet(match.id).rounds == ()
    with pytest.raises(sheets.SheetError, match="target"):
        store.create_match(["A", "B"], rules=ruleset("fechado"), target="9" * 5000)


def test_a_huge_pasted_link_is_refused_by_the_open_field(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    link = "https://x.example/?match=" + "A" * 1_000_000
    at.text_input(key="sheet_open_text").set_value(link)
    at.button(key="sheet_open").click().run()
    assert _errors(at) == [_refusal("en", EN["sheet.open_label"], link, 2000)]
    assert "match" not in at.query_params
