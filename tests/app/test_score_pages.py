"""The score calculator and the score sheet with AppTest: both languages, RULES.md's worked
example, errors next to their fields, and a sheet read back by a new session (a refresh, a
second phone) from its ?match= id."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app import database, sheet_page, sheets
from buraco_core import ruleset
from buraco_core.cards import Card
from buraco_text import catalog, translate
from tests.app.conftest import in_order, read

PT, EN = catalog("pt"), catalog("en")

OpenApp = Callable[..., AppTest]
ROOT = Path(__file__).resolve().parents[2]
MY_FILES = [
    ROOT / "app_pages" / "score_calculator.py",
    ROOT / "app_pages" / "score_sheet.py",
    ROOT / "buraco_app" / "sheets.py",
    ROOT / "buraco_app" / "sheet_page.py",
]
# RULES.md's worked example (seed 003), Fechado with joker_points=20: 525 and -5.
WORKED = {
    "melds_0": "4h 5h 6h 7h 8h 9h 10h\n5s 6s 7s 2d 9s 10s Js\nQc Kc Ac",
    "hands_0": "\n7c Kd",
    "melds_1": "6d 7d 8d\n9s 10s Js Qs",
    "hands_1": "3c Kh Kh Qd 8c JK",
}


def enter_worked_example(at: AppTest) -> AppTest:
    for key, text in WORKED.items():
        at.text_area(key=f"calc_{key}").set_value(text)
    at.radio(key="calc_went_out").set_value(0)
    return at.run()


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def as_read(markdown: str) -> str:
    """A header of st.table (Markdown) as drawn: its escapes and trailing spaces gone."""
    return re.sub(r"\\(.)", r"\1", markdown.rstrip())


def shown_table(at: AppTest) -> list[tuple[str, list[Any]]]:
    """The rounds table as a person reads it: each column's header and its values, left to
    right."""
    frame = at.table[0].value
    return [
        (as_read(str(label)), frame.iloc[:, k].tolist()) for k, label in enumerate(frame.columns)
    ]


def plotly_specs(at: AppTest) -> list[dict[str, Any]]:
    # st.plotly_chart has no typed wrapper in AppTest: read the figure from its proto.
    return [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]


def submit_round(at: AppTest, *points: str) -> AppTest:
    for i, value in enumerate(points):
        at.text_input(key=f"sheet_points_{i}").set_value(value)
    next(b for b in at.button if b.form_id == "sheet_add").click()
    return at.run()


def start_match(at: AppTest, *names: str, target: int | str | None = None) -> str:
    if len(names) != 2:
        at.radio(key="sheet_new_sides").set_value(len(names)).run()
    for i, name in enumerate(names):
        at.text_input(key=f"sheet_name_{i}").set_value(name)
    if target is not None:
        at.text_input(key="sheet_new_target").set_value(str(target))
    at.button(key="sheet_start").click().run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    return str(at.query_params["match"])


# --- both pages, both languages ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize(
    ("page", "title"), [("calculator", "calc.title"), ("sheet", "sheet.title")]
)
def test_pages_render_in_both_languages(
    open_app: OpenApp, page: str, title: str, lang: str
) -> None:
    at = open_app(page, lang=lang)
    assert not at.exception
    texts = PT if lang == "pt" else EN
    assert at.title[0].value == texts[title]
    assert not at.error


def test_no_user_text_goes_out_as_html() -> None:
    for path in MY_FILES:
        assert "unsafe_allow_html" not in path.read_text(), path
        assert "st.html(" not in path.read_text(), path


# --- calculator ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Meld 2 is not valid: there are 30 copies of the 4♥"),
        ("pt", "Jogo 2 não vale: há 30 cópias do 4♥"),
    ],
)
def test_an_invalid_meld_goes_on_in_small_letters_after_its_colon(
    open_app: OpenApp, lang: str, said: str
) -> None:
    """The core's reason goes on the sentence: "…not valid: there are…", not "…: There…"
    (audit 14)."""
    at = open_app("calculator", lang=lang)
    at.text_area(key="calc_melds_0").input("4h 5h 6h\n" + " ".join(["4h"] * 30)).run()
    assert any(said in str(e.value) for e in at.error), [e.value for e in at.error]


def test_calculator_scores_the_worked_example(open_app: OpenApp) -> None:
    at = enter_worked_example(open_app("calculator", joker_points="20"))
    assert not at.exception and not at.error
    assert metrics(at) == {"Nós": "525", "Eles": "-5"}
    table = at.markdown[0].value
    # Each line says what it counts, as `buraco score` does and [003]'s example writes it
    # (the table said “cartas na mesa | +140”, a sum nobody at the table could check).
    for line in (
        "cartas na mesa (3 jogos: 50 + 55 + 35) | +140",
        "canastra limpa (jogo 1) | +200",
        "canastra suja (jogo 2) | +100",
        "batida | +100",
        "cartas na mão (2º jogador da dupla: 7♣ :red[K♦]) | -15",
    ):
        assert line in table
    # The chart, the other view of the same items and the totals, drawn when chosen.
    assert plotly_specs(at) == []
    at.segmented_control(key="calc_view").set_value("chart").run()
    assert not any("| +200" in m.value for m in at.markdown)
    (spec,) = plotly_specs(at)
    bars = {trace["name"]: dict(zip(trace["y"], trace["x"], strict=True)) for trace in spec["data"]}
    assert bars["Nós"]["canastra limpa (jogo 1)"] == 200
    assert bars["Nós"]["cartas na mesa (3 jogos:<br>50 + 55 + 35)"] == 140
    assert bars["Nós"]["<b>Total</b>"] == 525 and bars["Eles"]["<b>Total</b>"] == -5


@pytest.mark.parametrize(
    ("lang", "sides", "points"),
    [("pt", ("Nós", "Eles"), "Pontos"), ("en", ("Us", "Them"), "Points")],
)
def test_each_sides_table_is_headed_by_the_sides_name(
    open_app: OpenApp, lang: str, sides: tuple[str, str], points: str
) -> None:
    """A round's tables (the calculator's, and the Jogar page's at a round's end) stand one
    under the other on a phone, each headed “Item | Pontos”: whose table it was showed only
    on its last line, below the fold. Each is headed by its side's name now, and ends in
    its total [003: each side counts its own cards]."""
    at = enter_worked_example(open_app("calculator", joker_points="20", lang=lang))
    tables = at.markdown[0].value.split("\n\n")
    assert [table.splitlines()[0] for table in tables] == [f"| {s} | {points} |" for s in sides]
    assert [table.splitlines()[-1] for table in tables] == [
        "| **Total** | **525** |",
        "| **Total** | **-5** |",
    ]


def test_the_chart_fits_a_phone_long_labels_on_lines_and_room_for_short_bars(
    open_app: OpenApp,
) -> None:
    """On a 390 px phone a round's chart (the Jogar page's end of a round draws it too) had
    “cartas na mesa (10 jogos: 50 + 55 + …)” on one line: its start off the screen's left,
    the bars squeezed into 60 px, the -20 of a short bar cut to “0”. Each label's line is
    short now, and the bars' range leaves room for the points written beside them."""
    at = open_app("calculator", joker_points="20")
    tens = "\n".join(["4h 5h 6h 7h 8h 9h 10h", "5s 6s 7s 2d 9s 10s Js", "Qc Kc Ac", "3d 4d 5d"])
    tens += "\n6c 6d 6s\n7c 7d 7h\n8c 8d 8h\n9c 9d 9h\nKs Kc Ks\nJc Jd Jh"
    for key, text in {**WORKED, "melds_0": tens, "hands_0": "\n3c 7c Kd"}.items():
        at.text_area(key=f"calc_{key}").set_value(text)
    at.radio(key="calc_went_out").set_value(0).run()
    at.segmented_control(key="calc_view").set_value("chart").run()
    assert not at.exception and not at.error
    (spec,) = plotly_specs(at)
    labels = [label for trace in spec["data"] for label in trace["y"]]
    assert any(label.startswith("cartas na mesa (10 jogos:") for label in labels), labels
    lines = [line for label in labels for line in label.split("<br>")]
    assert max(map(len, lines)) <= 26, lines
    points = [x for trace in spec["data"] for x in trace["x"]]
    low, high = spec["layout"]["xaxis"]["range"]
    span = max(points) - min(points)
    assert low <= min(points) - span / 10 and high >= max(points) + span / 10, (low, high, points)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_before_a_round_has_anything_in_it_no_totals_only_what_to_type(
    open_app: OpenApp, lang: str
) -> None:
    """A fresh calculator showed “Resultado”, two totals of 0 and two tables of a 0 (the
    reader wonders what was counted): it says what to type until the round holds a card."""
    at = open_app("calculator", lang=lang)
    assert not metrics(at) and not at.main.subheader
    assert not [m for m in at.markdown if "| Pontos |" in m.value or "| Points |" in m.value]
    assert translate("calc.nothing_yet", lang) in [c.value for c in at.caption]
    at.text_area(key="calc_hands_1").set_value("3c").run()
    assert list(metrics(at).values()) == ["-5"]  # (the side with nothing typed: left out)
    assert translate("calc.nothing_yet", lang) not in [c.value for c in at.caption]


def test_calculator_reads_cards_as_said_at_the_table(open_app: OpenApp) -> None:
    """The worked example [003] typed as a table says it ("4 5 6 ... de copas", "Q K A
    paus", "coringa"): the calculator reads what the lookup reads, and scores the same 525
    and -5. It refused "4" as no card, though the lookup took the same line."""
    at = open_app("calculator", joker_points="20")
    said = {
        "melds_0": "4 5 6 7 8 9 10 de copas\n5s 6s 7s 2d 9s 10s Js\nQ K A paus",
        "hands_0": "\n7 de paus, rei de ouros",
        "melds_1": "6 7 8 de ouros\n9s 10s Js Qs",
        "hands_1": "3c Kh Kh Qd 8c coringa",
    }
    for key, text in said.items():
        at.text_area(key=f"calc_{key}").set_value(text)
    at.radio(key="calc_went_out").set_value(0).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert metrics(at) == {"Nós": "525", "Eles": "-5"}


def test_a_bad_card_among_commas_is_named_by_itself(open_app: OpenApp) -> None:
    """Cards typed with commas, one of them wrong: the problem names that card ("6x"), not
    the whole line as one word, and no card number the line has not."""
    at = open_app("calculator")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h\n7c,8c,9x").run()
    (error,) = at.error
    assert error.value.startswith("Jogo 2: “9x” não é uma carta"), error.value


def test_calculator_labels_follow_the_language(open_app: OpenApp) -> None:
    at = enter_worked_example(open_app("calculator", lang="en", joker_points="20"))
    assert metrics(at) == {"Us": "525", "Them": "-5"}
    assert "batida (going out) | +100" in at.markdown[0].value
    assert "cards on the table (3 melds: 50 + 55 + 35) | +140" in at.markdown[0].value


def test_calculator_uses_the_rules_in_force(open_app: OpenApp) -> None:
    at = enter_worked_example(open_app("calculator"))  # Fechado: the joker counts 50
    assert metrics(at) == {"Nós": "525", "Eles": "-35"}


def test_a_bad_card_shows_the_message_next_to_the_field(open_app: OpenApp) -> None:
    at = open_app("calculator")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h\n7c 8c 9x").run()
    assert not at.exception
    (error,) = at.error
    assert error.value.startswith("Jogo 2, carta 3: “9x” não é uma carta: ")
    assert "c = paus ♣, d = ouros ♦, h = copas ♥, s = espadas ♠" in error.value
    # The error sits right under the melds field, in that side's tab, which is marked.
    tab = at.tabs[0]
    children = list(tab)
    field = next(i for i, e in enumerate(children) if getattr(e, "key", None) == "calc_melds_0")
    assert children[field + 1].value == error.value
    assert tab.label == "⚠ Nós"
    assert not metrics(at)  # no score until it is fixed
    assert any(i.value == PT["calc.fix_first"] for i in at.info)


def test_a_portuguese_suit_initial_says_what_to_write(open_app: OpenApp) -> None:
    """`4p` (paus) in the calculator: the card notation's letters are English (c = paus), and
    the message says what to write, as the lookup page does."""
    at = open_app("calculator")
    at.text_area(key="calc_hands_0").set_value("7c 4p").run()
    (error,) = at.error
    assert error.value.startswith("Mão do 1º jogador da dupla, carta 2: “4p” não é uma carta")
    assert "para paus escreva 4c ou 4♣" in error.value


def test_an_invalid_meld_is_explained_in_the_language(open_app: OpenApp) -> None:
    at = open_app("calculator", lang="en")
    at.text_area(key="calc_melds_1").set_value("4h 5h 9h").run()
    (error,) = at.error
    assert error.value.startswith("Meld 1 is not valid:")
    assert "gap" in error.value
    at.text_area(key="calc_hands_1").set_value("Zz").run()
    assert any(
        e.value.startswith("Hand of the side's 1st player, card 1: “Zz” is not a card: ")
        for e in at.error
    )


def test_an_impossible_round_is_refused(open_app: OpenApp) -> None:
    at = open_app("calculator", lang="en")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
    at.text_area(key="calc_hands_1").set_value("4h 4h").run()
    (error,) = at.error
    assert error.value == (
        "Impossible round: 3 copies of the 4♥ in the round (both sides' melds and hands"
        " together), but the deck holds 2."
    )
    at.radio(key="lang").set_value("pt").run()
    assert at.error[0].value == (
        "Rodada impossível: 3 cópias do 4♥ na rodada (jogos e mãos das duas duplas juntos),"
        " mas o baralho tem 2."
    )


def test_an_impossible_round_said_under_the_taps_is_not_said_again_below(
    open_app: OpenApp,
) -> None:
    """While a side's tap pickers are open, the round's problem is the answer to the tap,
    drawn under the card grid; the foot of the form then says to fix what is marked above
    (as for a field's problem), not the same sentence a second time (on a desktop both were
    on screen). With the pickers closed, the foot says it, the one place it is drawn."""
    at = open_app("calculator", lang="en")
    at.text_area(key="calc_melds_0").set_value("4h 5h 6h")
    at.text_area(key="calc_hands_1").set_value("4h 4h").run()
    assert [e.value for e in at.error] == [ROUND_PROBLEM_EN]
    at.session_state["calc_tap_0_open"] = True
    at.run()
    (answer,) = [e for e in at.error if ROUND_PROBLEM_EN in e.value]
    assert under_the_grid(at, answer)
    assert at.info[-1].value == EN["calc.fix_first"]


ROUND_PROBLEM_EN = (
    "Impossible round: 3 copies of the 4♥ in the round (both sides' melds and hands"
    " together), but the deck holds 2."
)


# Words a person never typed: the JSON's field names and the options' internal names.
INTERNAL = re.compile(r"went_out|took_morto|go_out_requires|clean_canastra|any_canastra|sides\[")


def test_a_batida_without_the_morto_names_the_forms_fields(open_app: OpenApp) -> None:
    at = enter_worked_example(open_app("calculator"))
    at.checkbox(key="calc_morto_0").uncheck().run()
    (error,) = at.error
    assert error.value == PT["calc.went_out_no_morto"].format(
        field=PT["calc.went_out"], name="Nós", morto=PT["calc.took_morto"]
    )
    assert "Quem bateu?" in error.value and "Pegou o morto" in error.value
    # A side's name is no subject for a verb: "Nós não pegou" reads wrong (and "Nós" is the
    # default name); "essa dupla" agrees with any name.
    assert "mas essa dupla não pegou o morto" in error.value
    assert "Nós não pegou" not in error.value
    assert not INTERNAL.search(error.value)
    assert not metrics(at)


@pytest.mark.parametrize(
    ("lang", "preset", "key", "needs"),
    [
        ("pt", "stbl", "calc.went_out_no_clean", "canastra limpa"),
        ("en", "aberto", "calc.went_out_no_clean", "clean canastra"),
        ("pt", "fechado", "calc.went_out_no_canastra", "qualquer canastra"),
    ],
)
def test_a_batida_without_the_canastra_names_the_rule_in_words(
    open_app: OpenApp, lang: str, preset: str, key: str, needs: str
) -> None:
    at = open_app("calculator", lang=lang, rules=preset)
    # A dirty canastra is no clean one; a meld of three is no canastra at all.
    melds = "5s 6s 7s 2d 9s 10s Js" if key == "calc.went_out_no_clean" else "4h 5h 6h"
    at.text_area(key="calc_melds_1").set_value(melds)
    at.radio(key="calc_went_out").set_value(1).run()
    words = PT if lang == "pt" else EN
    (error,) = at.error
    assert error.value == words[key].format(
        field=words["calc.went_out"],
        name=words["calc.side_2"],
        rule=words["option.go_out_requires.name"],
        needs=needs,
    )
    assert not INTERNAL.search(error.value)


def test_a_side_takes_one_hand_line_per_player(open_app: OpenApp) -> None:
    """A side has one or two players [RULES.md: 2 or 4 players, partners]: a third hand line
    is refused under the field, and the lines are named after the side's players."""
    at = open_app("calculator")
    at.text_area(key="calc_hands_0").set_value("3c\n4c\n5c\n6c\n7c").run()
    (error,) = at.error
    assert error.value == PT["calc.too_many_hands"].format(count=5, most=2)
    assert at.tabs[0].label == "⚠ Nós"
    assert not metrics(at)
    at.text_area(key="calc_hands_0").set_value("3c\n4c").run()
    assert not at.error
    assert "cartas na mão (2º jogador da dupla: 4♣) | -5" in at.markdown[0].value
    # One line, one player (a table of two): the hand is not said to be a partner's.
    at.text_area(key="calc_hands_0").set_value("3c 4c").run()
    assert "cartas na mão (3♣ 4♣) | -10" in at.markdown[0].value
    at.text_area(key="calc_hands_0").set_value("3c\nZz").run()
    assert at.error[0].value.startswith("Mão do 2º jogador da dupla, carta 1: “Zz”")


def test_a_side_that_went_out_leaves_a_hand_line_empty(open_app: OpenApp) -> None:
    """Whoever went out played the last card and holds none [RULES.md: the batida, seeds
    000, 001, 003]: "Quem bateu? Nós" with both of Nós' hand lines filled is refused under
    the hands field, in the form's words, and no score is shown. One line stands (with 4
    players it may be the partner's), and so do two once nobody went out."""
    at = enter_worked_example(open_app("calculator", joker_points="20"))
    at.text_area(key="calc_hands_0").set_value("7c Kd\nAs").run()
    (error,) = at.tabs[0].error
    assert error.value == PT["calc.went_out_with_cards"].format(
        field=PT["calc.went_out"], name="Nós"
    )
    assert len(at.error) == 1 and not INTERNAL.search(error.value)
    assert at.tabs[0].label == "⚠ Nós"
    assert not metrics(at)
    at.radio(key="lang").set_value("en").run()
    assert at.error[0].value == EN["calc.went_out_with_cards"].format(
        field=EN["calc.went_out"], name="Us"
    )
    assert not metrics(at)
    at.text_area(key="calc_hands_0").set_value("7c Kd").run()
    assert not at.error
    assert metrics(at) == {"Us": "525", "Them": "-5"}
    at.text_area(key="calc_hands_0").set_value("7c Kd\nAs")
    at.radio(key="calc_went_out").set_value(-1).run()
    assert not at.error
    # The worked example's 525, without the batida (100) and minus the ace in hand (15).
    assert metrics(at) == {"Us": "410", "Them": "-5"}


def test_typed_fields_survive_a_visit_to_the_score_sheet(open_app: OpenApp, switch_to: Any) -> None:
    at = enter_worked_example(open_app("calculator", joker_points="20"))
    at.checkbox(key="calc_morto_1").uncheck().run()
    switch_to(at, "sheet")
    switch_to(at, "calculator")
    assert not at.exception
    for key, text in WORKED.items():
        assert at.text_area(key=f"calc_{key}").value == text
    assert at.radio(key="calc_went_out").value == 0
    assert at.checkbox(key="calc_morto_1").value is False
    assert metrics(at) == {"Nós": "525", "Eles": "-105"}
    # "Limpar tudo" still empties them, also after another visit.
    at.button(key="calc_clear").click().run()
    switch_to(at, "sheet")
    switch_to(at, "calculator")
    assert at.text_area(key="calc_melds_0").value == ""


def test_tapping_cards_fills_the_field(open_app: OpenApp) -> None:
    """One tap per card on the grid (issue 13), a new line for the next meld."""
    at = open_app("calculator")
    assert not at.pills  # drawn only while the tap expander is open (lazy, for speed)
    at.session_state["calc_tap_0_open"] = True
    at.run()
    for rank in (4, 5, 6):
        at.pills(key="calc_tap_0_grid_h").set_value(Card(rank, sheets_suit("h"))).run()
    at.button(key="calc_tap_0_new_line").click().run()
    at.pills(key="calc_tap_0_grid_jk").set_value(Card()).run()
    assert at.text_area(key="calc_melds_0").value == "4♥ 5♥ 6♥\nJK"
    at.button(key="calc_tap_0_undo").click().run()
    assert at.text_area(key="calc_melds_0").value == "4♥ 5♥ 6♥\n"
    assert metrics(at)["Nós"] == "15"


def test_a_tap_is_answered_under_the_cards_tapped(open_app: OpenApp) -> None:
    """The fields sit above the tap pickers: on a phone, tapping, they are off-screen. So the
    answer to a tap, the line as it now reads and its problem, is drawn under the card grid,
    above its buttons, said once (not also under the field); in both languages."""
    for lang, words in (
        ("pt", ("Jogo 1: ", "Jogo 1 não vale", "começa o jogo 2")),
        ("en", ("Meld 1: ", "Meld 1 is not valid", "starts meld 2")),
    ):
        at = open_app("calculator", lang=lang)
        at.session_state["calc_tap_0_open"] = True
        at.run()
        for card in ("4h", "5h", "6h", "7s"):
            tap_card(at, card)
        assert at.text_area(key="calc_melds_0").value == "4♥ 5♥ 6♥ 7♠"
        [answer] = at.error
        assert under_the_grid(at, answer)
        assert read(answer.value).startswith(words[0] + "4♥ 5♥ 6♥ 7♠")
        assert words[1] in answer.value
        # Fixed and finished: the meld as it reads, and where the next tap goes.
        at.button(key="calc_tap_0_undo").click().run()
        tap_card(at, "7h")
        at.button(key="calc_tap_0_new_line").click().run()
        assert not at.error
        [answer] = at.success
        assert under_the_grid(at, answer)
        assert read(answer.value).startswith(words[0] + "4♥ 5♥ 6♥ 7♥")
        assert words[2] in answer.value
        # A card once too many in the round (no field's problem): said there too.
        at.text_area(key="calc_melds_1").set_value("4♥ 5♥ 6♥\n3♥ 4♥ 5♥").run()
        errors = [e for e in at.error if "4♥" in e.value]
        assert [under_the_grid(at, e) for e in errors] == [True]  # once: the foot points up
        assert at.info[-1].value == catalog(lang)["calc.fix_first"]


def test_hand_lines_tapped_are_named_after_the_sides_players(open_app: OpenApp) -> None:
    """A hand tapped in is the side's 1st or 2nd player's, as the field's label says (“line 1:
    the side's 1st player”), in both languages: the English “the side's player 2” read as
    the seat Player 2. A third line is no player's: only its refusal is said."""
    for lang, first, second in (
        ("pt", "Mão do 1º jogador da dupla: ", "mão do 2º jogador da dupla."),
        ("en", "Hand of the side's 1st player: ", "hand of the side's 2nd player."),
    ):
        at = open_app("calculator", lang=lang)
        at.session_state["calc_tap_0_open"] = True
        at.run()
        at.segmented_control(key="calc_tap_0_into").set_value("hands").run()
        tap_card(at, "7c")
        at.button(key="calc_tap_0_new_line").click().run()
        [answer] = at.success
        assert read(answer.value).startswith(first + "7♣")
        assert answer.value.endswith(second)
        at.text_area(key="calc_hands_0").set_value("7c\n8c\n9c").run()
        [refused] = [e for e in at.error if under_the_grid(at, e)]
        assert refused.value == catalog(lang)["calc.too_many_hands"].format(count=3, most=2)


def test_a_meld_still_being_tapped_in_is_no_mistake_yet(open_app: OpenApp) -> None:
    """One or two cards of a meld being tapped in: the answer says how many are missing, not
    in red; a short meld left behind by "Nova linha", or two cards that can never be a
    meld, is a mistake, in red (a meld has three cards or more [000, 001, 002, 003])."""
    for lang, one_more, two_more in (
        ("pt", "Falta 1 carta", "Faltam 2 cartas"),
        ("en", "1 more card", "2 more cards"),
    ):
        at = open_app("calculator", lang=lang)
        at.session_state["calc_tap_0_open"] = True
        at.run()
        tap_card(at, "4h")
        assert not at.error
        [answer] = [i for i in at.info if under_the_grid(at, i)]
        assert two_more in answer.value
        tap_card(at, "5h")
        assert not at.error
        [answer] = [i for i in at.info if under_the_grid(at, i)]
        assert one_more in answer.value
        at.button(key="calc_tap_0_new_line").click().run()  # left short: now a mistake
        [answer] = at.error
        assert under_the_grid(at, answer) and one_more not in answer.value
        at.button(key="calc_tap_0_clear").click().run()
        tap_card(at, "4h")
        tap_card(at, "7s")  # mixed suits: no third card mends it
        [answer] = at.error
        assert under_the_grid(at, answer)


def tap_card(at: AppTest, card: str) -> None:
    """A tap on side 1's grid (`4h`: rank, then suit letter)."""
    rank = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(card[:-1]) or int(card[:-1])
    at.pills(key=f"calc_tap_0_grid_{card[-1]}").set_value(Card(rank, sheets_suit(card[-1])))
    at.run()


def under_the_grid(at: AppTest, element: Any) -> bool:
    """Whether `element` is drawn between side 1's card grid and its buttons."""
    order = in_order(at.main)
    keys = [getattr(node, "key", "") or "" for node in order]
    grid_end = keys.index("calc_tap_0_grid_jk")
    return grid_end < order.index(element) < keys.index("calc_tap_0_new_line")


def sheets_suit(letter: str) -> Any:
    from buraco_core.cards import Suit

    return next(s for s in Suit if s.value == letter or s.name.lower().startswith(letter))


def test_calculator_sends_the_round_to_the_open_sheet(open_app: OpenApp, switch_to: Any) -> None:
    at = open_app("sheet", joker_points="20")
    match_id = start_match(at, "Nós", "Eles")
    switch_to(at, "calculator")
    assert at.info[0].value == "Partida aberta: **Nós × Eles** · rodada 1"
    enter_worked_example(at)
    send = at.button(key="calc_send")
    assert send.label == "Lançar no placar (rodada 1)"
    send.click().run()
    assert not at.exception
    assert at.success[0].value == (
        r"Rodada 1 lançada no placar: Nós \+525, Eles \-5. Os campos estão vazios para a rodada 2."
    )
    assert not [b for b in at.button if b.key == "calc_send"]  # (empty: the next round's)
    assert at.info[0].value == "Partida aberta: **Nós × Eles** · rodada 2"  # the next one
    sheet = sheets.SheetStore(database.open_engine(database.sqlite_url())).sheet(match_id)
    (rnd,) = sheet.rounds
    assert rnd.points == (525, -5)
    assert rnd.detail is not None and rnd.detail["source"] == "calculator"
    assert rnd.detail["score"]["sides"][0]["total"] == 525
    # And the sheet shows it, with its detail (drawn once that view is chosen).
    switch_to(at, "sheet")
    assert metrics(at) == {"Nós": "525", "Eles": "-5"}
    assert not any("canastra limpa (jogo 1)" in m.value for m in at.markdown)
    at.segmented_control(key="sheet_view").set_value("details").run()
    assert any("canastra limpa (jogo 1) +200" in m.value for m in at.markdown)
    assert any("cartas na mesa (3 jogos: 50 + 55 + 35) +140" in m.value for m in at.markdown)


# --- the score sheet -----------------------------------------------------------------------


def test_sheet_is_read_back_by_a_new_session(open_app: OpenApp) -> None:
    at = open_app("sheet")
    match_id = start_match(at, "Ana & Bia", "Caio e Davi")
    assert re.fullmatch(r"[A-Za-z0-9_-]{12}", match_id)
    submit_round(at, "525", "-5")
    assert at.success[0].value == "Rodada 1 lançada."
    submit_round(at, "-40", "1.200")
    assert not at.exception and not at.error
    assert metrics(at) == {r"Ana \& Bia": "485", "Caio e Davi": "1195"}

    # A refresh, a closed tab, a restarted server, a second phone: a new session, same link.
    again = open_app("sheet", match=match_id)
    assert not again.exception and not again.error
    assert metrics(again) == {r"Ana \& Bia": "485", "Caio e Davi": "1195"}
    assert shown_table(again) == [
        ("#", [1, 2]),
        ("Ana & Bia", [525, -40]),
        ("total", [525, 485]),
        ("Caio e Davi", [-5, 1200]),
        ("total", [-5, 1195]),
    ]
    assert again.query_params["match"] == match_id
    # The chart is the other view of the same rounds: drawn when chosen, not on every rerun.
    assert plotly_specs(again) == []
    again.segmented_control(key="sheet_view").set_value("chart").run()
    assert len(again.table) == 0
    (spec,) = plotly_specs(again)
    lines = {trace["name"]: trace["y"] for trace in spec["data"]}
    assert lines == {"Ana &amp; Bia": [0, 525, 485], "Caio e Davi": [0, -5, 1195]}
    assert spec["layout"]["shapes"][0]["y0"] == 3000  # the target line


def test_undo_the_last_round_with_a_confirmation(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    match_id = start_match(at, "Us", "Them")
    submit_round(at, "100", "200")
    submit_round(at, "300", "400")
    at.button(key="sheet_undo").click().run()
    assert at.warning[0].value == "Delete round 2 (Us +300, Them +400)?"
    at.button(key="sheet_undo_no").click().run()
    assert metrics(at) == {"Us": "400", "Them": "600"}
    at.button(key="sheet_undo").click().run()
    at.button(key="sheet_undo_yes").click().run()
    assert at.success[0].value == "Round 2 deleted."
    assert metrics(at) == {"Us": "100", "Them": "200"}
    again = open_app("sheet", lang="en", match=match_id)
    assert shown_table(again)[0] == ("#", [1])


def test_winner_at_the_target(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them", target=1000)
    submit_round(at, "600", "300")
    assert not any("won" in s.value for s in at.success)
    submit_round(at, "450", "100")
    assert any(s.value == "Winner: Us, with 1050 points!" for s in at.success)
    assert at.info[-1].value == EN["sheet.over"]
    assert not [b for b in at.button if b.form_id == "sheet_add"]  # no more rounds


def test_vulnerable_sides_are_shown(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en", vulnerable_min_meld_points="75")
    start_match(at, "Us", "Them", target=1000)
    submit_round(at, "500", "100")
    captions = [c.value for c in at.caption]
    assert "500 to go · ⚠ vulnerable: first meld ≥ 75" in captions
    assert "900 to go" in captions


def styled_table(at: AppTest) -> list[list[str]] | None:
    """The rounds table's cells as drawn where the page writes them itself (a Styler's
    display values), row by row; None where the numbers are drawn as they are."""
    import pyarrow as pa

    shown = at.table[0].proto.arrow_data.styler.display_values
    if not shown:
        return None
    table = pa.ipc.open_stream(shown).read_all()
    return [list(map(str, row.values())) for row in table.to_pylist()]


@pytest.mark.parametrize(
    ("lang", "totals", "delta", "rows", "to_go", "hover"),
    [
        ("pt", ["50.000", "-11.700"], ["+5000", "+300"], "45.000", "faltam 50.000", "50.000"),
        ("en", ["50,000", "-11,700"], ["+5000", "+300"], "45,000", "50,000 to go", "50,000"),
    ],
)
def test_the_sheet_writes_its_numbers_one_way_in_each_language(
    open_app: OpenApp,
    lang: str,
    totals: list[str],
    delta: list[str],
    rows: str,
    to_go: str,
    hover: str,
) -> None:
    """The Placar wrote its totals 50000 (the big numbers, the table, the chart's hover
    50k) and its messages 100.000 / 100,000: each number it shows is now written as its
    messages write them, by the one formatter (buraco_text.grouped: five digits or more have
    their thousands marked, in each language's way; four stay as they are, +5000, but in a
    column of bigger numbers, 5.000 under 45.000)."""
    at = open_app("sheet", lang=lang)
    start_match(at, "A", "B", target=100_000)
    submit_round(at, "45000", "-12000")
    submit_round(at, "5000", "300")
    assert [m.value for m in at.metric] == totals
    assert [m.proto.delta for m in at.metric] == delta
    assert any(c.value.startswith(to_go) for c in at.caption)
    table = styled_table(at)
    assert table is not None and table[0][1:] == [rows, rows, "-12" + rows[2:], "-12" + rows[2:]]
    assert table[1][1] == rows.replace("45", "5")  # 5.000 under 45.000, lined up
    at.segmented_control(key="sheet_view").set_value("chart").run()
    (spec,) = plotly_specs(at)
    assert spec["data"][0]["text"][-1] == hover
    # Its axis: 50.000 (plotly marks thousands from five digits, as the formatter does).
    assert spec["layout"]["separators"] == (",." if lang == "pt" else ".,")
    assert spec["layout"]["yaxis"]["exponentformat"] == "none"


def test_a_sheet_of_small_numbers_draws_its_table_as_it_is(open_app: OpenApp) -> None:
    """A match to 3000 has no number of five digits: its table is the shared one, drawn as
    it is (a Styler would cost every rerun), and reads the same (1200)."""
    at = open_app("sheet")
    start_match(at, "A", "B")
    submit_round(at, "1200", "-35")
    assert styled_table(at) is None
    assert shown_table(at)[1] == ("A", [1200])


def test_every_round_is_a_line_of_the_table_the_newest_last(open_app: OpenApp) -> None:
    """After 14 rounds the table has them all, in the order played: the newest is its last
    line, with the totals the cards above show (tests/e2e: all of them in view at once)."""
    at = open_app("sheet")
    start_match(at, "Nós", "Eles")
    for points in range(1, 15):
        submit_round(at, str(points), "10")
    table = shown_table(at)
    assert table[0] == ("#", list(range(1, 15)))
    assert [column[-1] for _, column in table] == [14, 14, 105, 10, 140]
    assert metrics(at) == {"Nós": "105", "Eles": "140"}


def test_bad_points_show_next_to_the_field_and_store_nothing(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    match_id = start_match(at, "Us", "Them")
    submit_round(at, "12,5", "10")
    assert [e.value for e in at.error] == ["“12,5” is not a whole number of points."]
    submit_round(at, "99999", "")
    assert [e.value for e in at.error] == [
        "99,999 points in one round? The limit is ±50,000.",
        "The points of Them for round 1 are missing: if none, type 0.",
    ]  # each field's, at once
    submit_round(at, "99999", "0")
    assert [e.value for e in at.error] == ["99,999 points in one round? The limit is ±50,000."]
    assert open_app("sheet", match=match_id).caption[0].value != ""
    store = sheets.SheetStore(database.open_engine(database.sqlite_url()))
    assert store.sheet(match_id).rounds == ()


def test_bad_names_are_refused_next_to_the_field(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    at.text_input(key="sheet_name_1").set_value("  ")
    at.button(key="sheet_start").click().run()
    assert [e.value for e in at.error] == ["Side 2 needs a name."]
    assert "match" not in at.query_params
    at.text_input(key="sheet_name_1").set_value("us")
    at.button(key="sheet_start").click().run()
    assert [e.value for e in at.error] == ["Two sides named “us”: use different names."]


def test_names_are_shown_as_text(open_app: OpenApp) -> None:
    at = open_app("sheet")
    nasty = "<b>x</b> **y** :red[z]"
    match_id = start_match(at, nasty, "Eles")
    submit_round(at, "10", "20")
    labels = list(metrics(at))
    assert labels[0] == sheet_page.md_text(nasty)  # escaped: Markdown shows it as typed
    assert shown_table(at)[1] == (nasty, [10])  # a table header is text already
    at.segmented_control(key="sheet_view").set_value("chart").run()
    (spec,) = plotly_specs(at)
    assert spec["data"][0]["name"] == "&lt;b&gt;x&lt;/b&gt; **y** :red[z]"
    assert match_id


def test_a_points_field_is_read_out_by_its_sides_name_as_typed(open_app: OpenApp) -> None:
    """A field's label is its accessible name as written: escaped as a message is, a screen
    reader read “Pontos (Ana \\& Beto)” out, backslash and all. The points fields (a round's,
    a correction's) say the side's name as typed; only a mark that would format the label is
    escaped, so “**x**” still shows as typed."""
    at = open_app("sheet")
    start_match(at, "Ana & Beto", "Sr. Silva-Souza")
    labels = [at.text_input(key=f"sheet_points_{i}").label for i in range(2)]
    assert labels == ["Pontos (Ana & Beto)", "Pontos (Sr. Silva-Souza)"]
    submit_round(at, "10", "20")
    at.button(key="sheet_fix").click().run()
    assert at.text_input(key="sheet_fix_points_0").label == "Pontos certos de Ana & Beto"
    at = open_app("sheet")
    start_match(at, "**x** :red[y]", "Eles")
    assert at.text_input(key="sheet_points_0").label == r"Pontos (\*\*x\*\* \:red\[y\])"


def test_unknown_match_in_the_link(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en", match="AAAAAAAAAAAA")
    assert at.error[0].value == "There is no match with the code “AAAAAAAAAAAA”."
    assert "match" not in at.query_params
    assert at.button(key="sheet_start")  # a new one can be started
    at = open_app("sheet", lang="en", match="<script>")
    assert at.error[0].value == r"There is no match with the code “\<script\>”."


def test_open_a_match_by_pasting_its_link(open_app: OpenApp) -> None:
    store = sheets.SheetStore(database.open_engine(database.sqlite_url()))
    match = store.create_match(["A", "B"], rules=ruleset("stbl"), target=1500)
    store.add_round(match.id, [10, 20])
    at = open_app("sheet", lang="en")
    at.text_input(key="sheet_open_text").set_value(f"https://x.example/sheet?match={match.id}")
    at.button(key="sheet_open").click().run()
    assert at.query_params["match"] == match.id
    assert metrics(at) == {"A": "10", "B": "20"}
    assert "Rules: **Fechado STBL** · to **1500**" in [c.value for c in at.caption]
    at.button(key="sheet_close").click().run()
    assert "match" not in at.query_params
    assert at.button(key="sheet_start")


def test_csv_download_is_offered(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles")
    submit_round(at, "10", "20")
    (button,) = at.download_button
    assert button.label == PT["sheet.csv"]


# --- one setting switches to PostgreSQL ----------------------------------------------------


def _postgres_url() -> str:
    import os

    url = os.environ.get("BURACO_TEST_POSTGRES_URL", "").strip()
    if not url:
        message = "BURACO_TEST_POSTGRES_URL is not set: no PostgreSQL to switch to"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message + " (CI=true: .ci/run must start PostgreSQL)", pytrace=False)
        pytest.skip(message)
    return url


@pytest.mark.parametrize("setting", ["environment", "secrets"])
def test_one_setting_switches_to_postgresql(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, setting: str
) -> None:
    url = _postgres_url()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    if setting == "environment":
        monkeypatch.setenv(database.ENV_DATABASE_URL, url)
    else:
        at.secrets["connections"] = {"sheets": {"url": url}}
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page("app_pages/score_sheet.py").run()
    match_id = start_match(at, "Us", "Them")
    submit_round(at, "120", "-30")
    assert "Saved in the database" in " ".join(c.value for c in at.caption)
    # The round is in PostgreSQL, and nothing went to the SQLite file.
    store = sheets.SheetStore(database.open_engine(url))
    assert store.sheet(match_id).rounds[0].points == (120, -30)
    store.engine.dispose()
    assert not (tmp_path / database.SQLITE_FILE).exists()  # the data dir the conftest set


def test_a_secrets_file_added_while_the_server_runs_is_used_by_the_next_page_opened(
    open_app: OpenApp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without a secrets file, Streamlit looks for one on the disk at every st.secrets
    access, and the pages asked at every rerun. Now a page opened anew looks, and the
    server remembers the answer for the pages' reruns: a `[connections.sheets]` file added
    while the server runs is used from the next page opened (as Streamlit's own st.secrets
    sees it), not by a rerun of a page open before any page looked again."""
    import streamlit as st
    from streamlit.connections import base_connection
    from streamlit.runtime.secrets import Secrets
    from streamlit.testing.v1.util import patch_config_options

    secrets_file = tmp_path / "secrets.toml"  # (absent: as on a server without one)
    # Not the process's secrets, which would keep the file found for the tests after this
    # one: st.secrets and the one st.connection reads.
    fresh = Secrets()
    monkeypatch.setattr(st, "secrets", fresh)
    monkeypatch.setattr(base_connection, "secrets_singleton", fresh)
    monkeypatch.setattr(Secrets, "_maybe_install_file_watchers", lambda self: None)
    with patch_config_options({"secrets.files": [str(secrets_file)]}):
        before = open_app("sheet", lang="en")
        first = start_match(before, "Us", "Them")
        other_url = database.sqlite_url(tmp_path / "other")
        secrets_file.write_text(f'[connections.sheets]\nurl = "{other_url}"\n')
        submit_round(before, "120", "-30")  # a rerun of the page opened before the file
        opened_after = open_app("sheet", lang="en")  # a page opened anew
        second = start_match(opened_after, "Nós", "Eles")
    default = sheets.SheetStore(database.open_engine(database.sqlite_url()))
    assert default.sheet(first).rounds[0].points == (120, -30)
    added = sheets.SheetStore(database.open_engine(other_url))
    assert added.sheet(second).match.names == ("Nós", "Eles")
    with pytest.raises(sheets.MatchNotFound):
        default.sheet(second)
    default.engine.dispose()
    added.engine.dispose()


def test_calculator_warns_when_the_match_scores_differently(
    open_app: OpenApp, switch_to: Any
) -> None:
    at = open_app("sheet", lang="en")
    match_id = start_match(at, "Us", "Them", target=1500)  # a target does not score rounds
    switch_to(at, "calculator")
    assert not at.warning
    # A second phone whose link says the joker counts 20: its rounds would score otherwise.
    other = open_app("calculator", lang="en", match=match_id, joker_points="20")
    (warning,) = other.warning
    assert warning.value == (
        "This match was created with **Buraco Fechado + match to 1500**; the calculator "
        "scores with **Buraco Fechado + joker 20**. To score as the match does, choose its "
        "rules above (the variant and, if need be, “House”)."
    )


def test_calculator_says_a_match_code_in_its_link_that_does_not_exist(
    open_app: OpenApp,
) -> None:
    """A calculator link with a match code mistyped (or from another server): the Placar
    says “Não há partida com o código …”; the calculator said nothing, counted as if no
    match were open, and its rounds had no button to send them. It says so too."""
    at = open_app("calculator", match="nope")
    assert [e.value for e in at.error] == ["Não há partida com o código “nope”."]
    assert "match" not in at.query_params
    at = open_app("calculator", lang="en", match="nope")
    assert [e.value for e in at.error] == ["There is no match with the code “nope”."]


# --- the corte de 44 [seed 003, "Variações comuns"; option corte_44_points] -----------------


def test_corte_44_asked_only_where_the_table_plays_it(open_app: OpenApp) -> None:
    """Off (every preset), neither page asks who cut; on, both do."""
    at = open_app("calculator")
    assert not [s for s in at.selectbox if s.key == "calc_corte_who"]
    at = open_app("calculator", corte_44_points="100")
    assert [s for s in at.selectbox if s.key == "calc_corte_who"]


@pytest.mark.parametrize(("cards", "total"), [(44, "95"), (40, "-105"), (50, "-5")])
def test_corte_44_in_the_calculator(open_app: OpenApp, cards: int, total: str) -> None:
    """Exactly 44 cards left by side 2's cut: +100; fewer: -100; more: nothing."""
    at = open_app("calculator", joker_points="20", corte_44_points="100")
    at.selectbox(key="calc_corte_who").set_value(1)
    at.text_input(key="calc_corte_cards").set_value(str(cards))
    at = enter_worked_example(at)
    assert not at.exception and not at.error
    assert metrics(at) == {"Nós": "525", "Eles": total}


def test_corte_44_on_the_score_sheet(open_app: OpenApp) -> None:
    """The round entry takes the cut: 44 cards left by A's player add 100 to A's points."""
    at = open_app("sheet", lang="en", corte_44_points="100")
    start_match(at, "A", "B")
    at.selectbox(key="sheet_corte_who").set_value(0)
    at.text_input(key="sheet_corte_cards").set_value("44")
    at = submit_round(at, "120", "30")
    assert not at.exception and not at.error, [e.value for e in at.error]
    totals = [m.value for m in at.metric]
    assert totals[:2] == ["220", "30"]
    assert at.selectbox(key="sheet_corte_who").value == -1  # cleared for the next round


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_four_sides_say_the_rounds_table_goes_on_sideways(open_app: OpenApp, lang: str) -> None:
    """Four sides' nine columns run off a phone's right edge: a caption over the table says
    it goes on sideways (a screen 560 px wide or more hides it: ROUNDS_CSS). Two
    sides fit: no caption."""
    texts = PT if lang == "pt" else EN
    at = open_app("sheet", lang=lang)
    start_match(at, "Maria", "João", "Ana", "Pedro")
    submit_round(at, "525", "-5", "230", "1120")
    assert texts["sheet.table_scrolls"] in [c.value for c in at.caption]
    two = open_app("sheet", lang=lang)
    start_match(two, "Nós", "Eles")
    submit_round(two, "100", "50")
    assert texts["sheet.table_scrolls"] not in [c.value for c in two.caption]


def test_a_long_name_is_whole_over_its_column(open_app: OpenApp) -> None:
    """A side named with the 30 characters allowed is written whole over its column (its
    words wrap: tests/e2e has the table within a phone's width), not cut short."""
    at = open_app("sheet")
    start_match(at, "Os Invencíveis da Rua das Flor", "Eles")
    submit_round(at, "100", "50")
    assert [label for label, _ in shown_table(at)] == [
        "#",
        "Os Invencíveis da Rua das Flor",
        "total",
        "Eles",
        "total",
    ]


def test_the_same_round_sent_again_before_the_page_redrew_is_stored_once(
    open_app: OpenApp,
) -> None:
    """Enter pressed twice on a round, the second before the page's run after the first got
    to its end: the same points are not stored again but said, the text kept; sent once
    more, they are a round of their own (a round just like the last)."""
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them")
    submit_round(at, "100", "20")
    at.session_state["sheet_drawn"] = None  # (the run after the round did not end)
    submit_round(at, "100", "20")
    assert metrics(at) == {"Us": "100", "Them": "20"}
    said = [w.value for w in at.warning]  # (by the button, as another phone's round is)
    assert any(s.startswith("Round 1 was already entered with these points") for s in said)
    assert at.text_input(key="sheet_points_0").value == "100"
    submit_round(at, "100", "20")
    assert metrics(at) == {"Us": "200", "Them": "40"}
