"""The meld lookup and the variants page give the core's answer."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.inline_cards import as_read
from buraco_core import Suit, judge_meld, parse_cards, ruleset
from buraco_core.cards import Card
from buraco_core.notation import meld_json
from buraco_core.rules import OPTION_NAMES
from buraco_course.reference import answers, points, search
from buraco_text import catalog, message

PT, EN = catalog("pt"), catalog("en")
PICKUP = "fechado_pickup_needs_top_card"  # a position the variants judge apart (002, 003)

OpenApp = Callable[..., AppTest]

MELDS = [
    "3s 2s 5s 4s",  # natural 2: clean
    "4h 5h 6h 7h 8h 9h 10h",  # canastra limpa
    "5s 6s 7s 2d 9s 10s Js",  # canastra suja, the 2♦ stands for the 8♠
    "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks",  # canastra de 500
    "5h 5s 5d",  # trinca: valid in Fechado (the default)
    "5h 6s 7h",  # mixed suits
    "3c 4c JK 2c",  # a natural 2 and a joker
]


@pytest.mark.parametrize("text", MELDS)
def test_lookup_gives_the_same_answer_as_buraco_meld(open_app: OpenApp, text: str) -> None:
    at = open_app("lookup")
    at.text_input(key="lookup_cards").input(text).run()
    assert not at.exception
    rules = ruleset("fechado")
    verdict = judge_meld(parse_cards(text), rules)
    expected = meld_json(verdict, lambda reason: message(reason, "pt"))
    tab = at.main
    if expected["valid"]:
        assert len(tab.success) == 1 and not tab.error
        headline = tab.success[0].value
        assert headline.startswith(PT["meld.valid"])
        kind = expected["canastra"] or "none"
        assert PT[f"meld.canastra.{kind}"].split(" (")[0] in headline
        bonus = verdict.meld.bonus(rules) if verdict.meld else 0
        points = next(line for line in _verdict_lines(tab) if line.startswith("Cartas:"))
        assert f"**{expected['points']}**" in points
        assert (f"**{bonus}**" in points) == bool(bonus)
        # The arrangement is drawn in the core's order, the wild marked with what it is.
        drawn = html.unescape(next(m.value for m in tab.markdown if "bt-row" in m.value))
        positions = [
            drawn.index(f'title="{name}"', start)
            for start, name in _names_in_order(expected["arrangement"], drawn)
        ]
        assert positions == sorted(positions)
        if expected["wild_as"]:
            assert "= " + parse_cards(expected["wild_as"])[0].symbol in drawn
    else:
        assert tab.error[0].value == PT["meld.invalid"]
        assert not tab.success
    # Every reason, with its source.
    reasons = as_read("\n".join(line for line in _verdict_lines(tab) if line.startswith("- ")))
    for reason in expected["reasons"]:
        assert reason["message"] in reasons
    assert reasons.count(":gray[(") == len(expected["reasons"])


def test_lookup_names_one_source_text_in_the_singular(open_app: OpenApp) -> None:
    """The 2 beside a natural 2 rests on one text: “(texto 000; …)”, not “textos 000”."""
    at = open_app("lookup")
    at.text_input(key="lookup_cards").input("4h 5h 6h 2h 2s").run()
    reasons = "\n".join(_verdict_lines(at.main))
    assert "(texto 000; opção" in reasons and "textos 000" not in reasons


def _verdict_lines(tab: Any) -> list[str]:
    """The lines of the page's Markdown: the verdict's cards, points and reasons are one block."""
    return [line for m in tab.markdown for line in m.value.splitlines()]


def _names_in_order(arrangement: list[str], drawn: str) -> list[tuple[int, str]]:
    from buraco_app.cards_view import card_name

    out, start = [], 0
    for token in arrangement:
        name = card_name(parse_cards(token)[0], "pt")
        out.append((start, name))
        start = drawn.index(f'title="{name}"', start) + 1
    return out


def test_lookup_shows_an_error_for_a_bad_card(open_app: OpenApp) -> None:
    at = open_app("lookup")
    at.text_input(key="lookup_cards").input("3s 4s 5x").run()
    assert not at.exception
    tab = at.main
    assert len(tab.error) == 1
    assert tab.error[0].value.startswith(PT["cards.bad"])
    # The core's own message, the token once and in curly quotes.
    problem = PT["input_error.not_a_card"].format(token="5x")
    assert tab.error[0].value == f"{PT['cards.bad']} {problem}"
    assert not tab.success


@pytest.mark.parametrize(
    "text", ["4 ♥ 5 ♥ 6 ♥ 7 ♥", "4h 5h 6h. 7h", "4♥5♥6♥7♥", "4 de copas 5 de copas 6h 7h"]
)
def test_lookup_reads_cards_as_a_phone_keyboard_types_them(open_app: OpenApp, text: str) -> None:
    """The suit picked from the symbols after a space, a full stop after two spaces, cards
    without spaces, the suit by its name: the meld is judged, not refused with “4” (or
    “6h.”, “4♥5♥6♥7♥”) is not a card."""
    at = open_app("lookup")
    at.text_input(key="lookup_cards").input(text).run()
    assert not at.exception and not at.main.error
    assert at.main.success[0].value.startswith(PT["meld.valid"])


def test_lookup_in_english(open_app: OpenApp) -> None:
    at = open_app("lookup", lang="en")
    at.text_input(key="lookup_cards").input("3s 2s 5s 4s").run()
    assert at.main.success[0].value.startswith(EN["meld.valid"])
    assert any("natural place" in m.value for m in at.main.markdown)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_natural_two_the_headline_says_the_2_moved_to_its_natural_place(
    open_app: OpenApp, lang: str
) -> None:
    """A dirty meld whose wild is a same-suit 2 becomes clean when the 2 can move to its
    natural place: 3♠ 2♠ 5♠ plus 4♠ is 2♠ 3♠ 4♠ 5♠ [000, 001, 002, 003]. The one-line answer
    above the card grid (all a phone sees while tapping) says so, not only the reasons a
    screen further down: forgetting it is a common error [003]."""
    words = {"pt": PT, "en": EN}[lang]
    at = open_app("lookup", lang=lang)
    at.text_input(key="lookup_cards").input("3s 2s 5s").run()
    dirty = as_read(at.main.success[0].value)
    assert words["meld.wild_in_place"].format(wild="2♠", card="4♠") in dirty
    at.text_input(key="lookup_cards").input("3s 2s 5s 4s").run()
    clean = as_read(at.main.success[0].value)
    assert words["meld.natural_two"].format(two="2♠") in clean
    at.text_input(key="lookup_cards").input("3h 2s 5h 4h").run()  # another suit's 2: a wild
    assert words["meld.natural_two"].format(two="2♠") not in as_read(at.main.success[0].value)


@pytest.mark.parametrize(("counts", "lang"), [("turn", "pt"), ("first_meld", "en")])
def test_vulnerable_min_meld_the_meld_answer_says_what_the_first_baixada_needs(
    open_app: OpenApp, counts: str, lang: str
) -> None:
    """From half the target, a side's first meld of the round must total >= 75 card points
    [003, optional]: at a table that plays it, the meld answer puts the minimum beside the
    meld's card points (the question a vulnerable side asks before laying down), and says
    whether the turn's melds count together. Off (the presets), nothing is said."""
    words = {"pt": PT, "en": EN}[lang]
    table = {"vulnerable_min_meld_points": "75", "vulnerable_min_counts": counts}
    at = open_app("lookup", lang=lang, **table)
    at.text_input(key="lookup_cards").input("Qs Ks As").run()
    said = words[f"meld.vulnerable.{counts}"].split("{points}")[0].format(needed=75)
    lines = [as_read(line) for line in _verdict_lines(at.main)]
    assert any(line.startswith(said + "35 (") and "003" in line for line in lines)
    plain = open_app("lookup", lang=lang)
    plain.text_input(key="lookup_cards").input("Qs Ks As").run()
    assert not any(said in as_read(line) for line in _verdict_lines(plain.main))


def test_tapping_cards_fills_the_field(open_app: OpenApp) -> None:
    """One tap per card on the grid (issue 13): three taps, three cards."""
    at = open_app("lookup")
    for row, card in (("h", Card(4, Suit.HEARTS)), ("h", Card(5, Suit.HEARTS)), ("jk", Card())):
        at.pills(key=f"lookup_cards_grid_{row}").set_value(card).run()
    assert at.text_input(key="lookup_cards").value == "4♥ 5♥ JK"
    assert at.main.success[0].value.startswith(PT["meld.valid"])
    at.button(key="lookup_cards_undo").click().run()
    assert at.text_input(key="lookup_cards").value == "4♥ 5♥"
    at.button(key="lookup_cards_clear").click().run()
    assert at.text_input(key="lookup_cards").value == ""


def test_rules_reference_search(open_app: OpenApp) -> None:
    """The lookup's rules search answers from the rules reference, like `buraco rules
    --search`: every point listed before a question, the best answers first after it."""
    at = open_app("lookup")
    at.segmented_control(key="lookup_view").set_value("rules").run()
    total = len(points())
    assert at.main.caption[0].value == f"{total} de {total} regras · aqui as 12 primeiras"
    at.text_input(key="lookup_search").input("lixo").run()
    titles = [m.value for m in at.main.markdown if m.value.startswith("**")]
    assert 0 < len(titles) <= 3 and titles[0].startswith(f"**{search('lixo')[0].title()}**")
    at.text_input(key="lookup_search").input("xyzzy").run()
    assert at.main.info[0].value.startswith("Nenhuma regra")


@pytest.mark.parametrize(
    ("query", "rules", "said"),
    [
        # The three variants alike, as at the table: said once, with the table's value.
        ("quanto vale o coringa", {}, "Na sua mesa e nas três variantes: **O curinga vale 50"),
        # Two variants alike: named together.
        ("trinca", {}, "Por variante: Buraco Aberto e Fechado STBL: Não vale trinca"),
        # The table changed the option: its value, then the variants' one.
        ("quanto vale o coringa", {"joker_points": "20"}, "Nas três variantes: O curinga vale 50"),
    ],
)
def test_a_rule_the_variants_say_alike_is_said_once(
    open_app: OpenApp, query: str, rules: dict[str, str], said: str
) -> None:
    """“Por variante: Buraco Aberto: O curinga vale 50 pontos. · Buraco Fechado: O curinga
    vale 50 pontos. · Fechado STBL: O curinga vale 50 pontos.” was four lines on a phone."""
    at = open_app("lookup", **rules)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    first = at.main.markdown[0].value
    assert said in first, first
    assert first.count("O curinga vale 50") <= 1 and first.count("Não vale trinca") <= 1


@pytest.mark.parametrize(
    ("query", "rules", "said"),
    [
        # Aberto lays no trincas [000, 001, 003]: their suits do not arise.
        ("naipes da trinca", {"rules": "aberto"}, "7♥ 7♥ 7♠ vale. (sem efeito: sem trincas)**"),
        # Aberto takes the lixo whole, no condition [000]: a 2 on top does not matter.
        ("2 no topo do lixo", {"rules": "aberto"}, "o 2 também. (sem efeito: lixo livre)**"),
        # No vulnerable side unless the table plays it [003, optional].
        ("primeira baixada vulnerável", {}, "somam juntos. (sem efeito: sem mínimo)**"),
    ],
)
def test_a_rule_the_table_never_meets_says_it_has_no_effect_there(
    open_app: OpenApp, query: str, rules: dict[str, str], said: str
) -> None:
    """At an Aberto table, “Naipes da trinca” read “Na sua mesa e nas três variantes:
    **Naipes quaisquer: 7♥ 7♥ 7♠ vale.**”, where no trinca may be laid at all. Where the
    table's rules leave the point without effect (RuleSet.idled_by), its value here says
    so, as a changed option's already did, and the variants' value follows apart."""
    at = open_app("lookup", **rules)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    first = as_read(at.main.markdown[0].value)
    assert "Na sua mesa: **" in first and said in first, first
    assert "Nas três variantes: " in first


@pytest.mark.parametrize(
    ("lang", "query"),
    [
        ("pt", "como pego o morto?"),
        ("pt", "coringa"),
        ("pt", "descarte"),
        ("pt", "o monte acabou"),
        ("pt", "quantas cartas?"),
        ("en", "how do I take the morto?"),
        ("en", "the stock ran out"),
    ],
)
def test_rules_search_answers_as_the_command_does(open_app: OpenApp, lang: str, query: str) -> None:
    """The answers on the page are the command's (the same reference and search): the
    few that answer, the first of the search first."""
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    assert not at.exception
    expected = [p.title(lang) for p in answers(query).close]
    assert expected[0] == search(query)[0].title(lang)
    titles = [
        m.value.split("  \n")[0].strip("*") for m in at.main.markdown if m.value.startswith("**")
    ]
    assert titles == expected


def _column_verdicts(at: AppTest) -> dict[str, str]:
    """The verdict per column of the first side-by-side section (the same meld)."""
    out: dict[str, str] = {}
    for column in at.columns:
        titles = [m.value for m in column.markdown if m.value.startswith("#### ")]
        if titles:
            out.setdefault(titles[0][5:].split("\n")[0], "valid" if column.success else "invalid")
    return out


def test_variants_same_meld_three_verdicts(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("5h 5s 5d").run()
    assert not at.exception
    assert _column_verdicts(at) == {
        "Buraco Aberto": "invalid",
        "Buraco Fechado": "valid",
        "Fechado STBL": "invalid",
    }


def test_variants_500_built_up_counts_as_limpa_in_stbl(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.pills(key="variants_example").set_value("variants.example.500").run()
    assert at.toggle(key="variants_built_up").value is True
    heads: dict[str, str] = {}
    for col in at.columns:
        for m in col.markdown:
            if m.value.startswith("#### ") and col.success:
                heads.setdefault(m.value[5:].split("\n")[0], col.success[0].value)
    assert heads["Buraco Aberto"].endswith(PT["meld.canastra.500"])
    assert heads["Buraco Fechado"].endswith(PT["meld.canastra.500"])
    assert heads["Fechado STBL"].endswith(PT["meld.canastra.limpa"])


def test_variants_adds_a_column_for_a_house_table(open_app: OpenApp) -> None:
    at = open_app("variants", rules="aberto", trincas="true")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("5h 5s 5d").run()
    verdicts = _column_verdicts(at)
    assert verdicts[PT["variants.yours_title"]] == "valid"
    assert verdicts["Buraco Aberto"] == "invalid"


def test_variants_tables_come_from_the_presets(open_app: OpenApp) -> None:
    from buraco_app.rules_view import options_where_presets_differ
    from buraco_text import option_description

    at = open_app("variants", lang="en")
    differ_table = next(m.value for m in at.markdown if "| Rule |" in m.value)
    rows = [line for line in differ_table.splitlines() if line.startswith("| ")][1:]
    assert len(rows) == len(options_where_presets_differ())
    assert option_description("trincas", "en") in differ_table
    trincas = next(r for r in rows if option_description("trincas", "en") in r)
    assert [c.strip() for c in trincas.strip("|").split("|")][1:] == ["no", "yes", "no"]


def test_where_the_variants_differ_shows_the_house_rule_just_changed(open_app: OpenApp) -> None:
    """An English newcomer on Variants switched trincas off in “House” to see what a house
    rule changes: “Where the variants differ”, the part open, stayed as it was (Fechado
    “yes”), the change said only in the line above it; “All the rules” had a column for the
    table. The first part has it too, with the rows the table changed that the variants
    share (the joker at 20)."""
    from buraco_text import option_description

    at = open_app("variants", lang="en", trincas="false", joker_points="20")
    differ_table = next(m.value for m in at.markdown if "| Rule |" in m.value)
    assert "| Rule | Aberto | Fechado | STBL | Your table |" in differ_table
    rows = [line for line in differ_table.splitlines() if line.startswith("| ")]
    trincas = next(r for r in rows if option_description("trincas", "en") in r)
    assert [c.strip() for c in trincas.strip("|").split("|")][1:] == ["no", "yes", "no", "**no** ✎"]
    joker = next(r for r in rows if option_description("joker_points", "en") in r)
    assert [c.strip() for c in joker.strip("|").split("|")][1:] == ["50", "50", "50", "**20** ✎"]


def _headings(at: AppTest) -> list[str]:
    """The main area's ### headings (a part's heading is drawn with the text under it)."""
    return [
        line.removeprefix("### ")
        for m in at.main.markdown
        for line in m.value.splitlines()
        if line.startswith("### ")
    ]


def test_back_on_variants_the_part_chosen_is_still_open(
    open_app: OpenApp, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """An English newcomer had Variants open at “All the rules”, went to Lessons by the menu
    and came back: the page showed “Where they differ” again (the switch, undrawn on the
    other page, lost its value). The part chosen last comes back."""
    at = open_app("variants", lang="en")
    at.segmented_control(key="variants_view").set_value("all").run()
    switch_to(at, "lessons")
    switch_to(at, "variants")
    assert at.segmented_control(key="variants_view").value == "all"
    assert _headings(at) == ["Every house rule, per variant"]


@pytest.mark.parametrize("view", ["meld", "move"])
def test_back_on_variants_the_meld_typed_and_the_position_chosen_are_still_there(
    open_app: OpenApp, switch_to: Callable[[AppTest, str], AppTest], view: str
) -> None:
    """Back on Variants from another page, “Same move” was at its first position again,
    and “Same meld” had its cards but no longer “built up” (the example of the 500: the
    list and the switch, undrawn on the other page, lost their values). Each comes back as
    left."""
    at = open_app("variants", lang="en")
    at.segmented_control(key="variants_view").set_value(view).run()
    if view == "meld":
        at.text_input(key="variants_cards").input("5h 5s 5d").run()
        at.toggle(key="variants_built_up").set_value(True).run()
    else:
        assert at.selectbox(key="variants_scenario").value != PICKUP  # (not the first)
        at.selectbox(key="variants_scenario").set_value(PICKUP).run()
    switch_to(at, "lessons")
    switch_to(at, "variants")
    assert not at.exception, at.exception
    if view == "meld":
        assert at.text_input(key="variants_cards").value == "5h 5s 5d"
        assert at.toggle(key="variants_built_up").value
    else:
        assert at.selectbox(key="variants_scenario").value == PICKUP


def test_variants_draws_the_part_chosen(open_app: OpenApp) -> None:
    """One part of the page at a time: where the variants differ first, every rule on a tap,
    and the card field only in the "same meld" part."""
    at = open_app("variants")
    assert _headings(at) == [PT["variants.differ"]]
    assert len(at.main.text_input) == 0
    at.segmented_control(key="variants_view").set_value("all").run()
    assert _headings(at) == [PT["variants.all"]]
    every = next(m.value for m in at.markdown if f"| {PT['variants.col.rule']} |" in m.value)
    assert len([line for line in every.splitlines() if line.startswith("| ")]) == 1 + len(
        OPTION_NAMES
    )
