"""The variants page's examples each show a difference, and the option that decides it is
said once, above the columns [issue 12: "every example must differ between at least two
presets, and the deciding option is highlighted, not repeated in three columns"]."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.compare import deciding_options
from buraco_app.inline_cards import as_read
from buraco_app.rules_view import preset_table
from buraco_core import judge_meld, parse_cards
from buraco_core.cards import Card, Suit
from buraco_core.melds import extend_meld
from buraco_core.rules import OPTIONS, PRESET_NAMES, PRESETS, RuleSet
from buraco_text import Lang, catalog, option_name, sources_text, value_text
from tests.app.conftest import in_order

OpenApp = Callable[..., AppTest]
PT = catalog("pt")
DECIDES = ("Quem decide aqui é a opção:", "Quem decide aqui são as opções:")
ALIKE_BUT = "As três variantes julgam igual, mas"
# The page's examples, as the page lists them (key, cards, built up), and what decides each.
EXAMPLES = [
    ("variants.example.trinca", "5h 5s 5d", False, ["trincas"]),
    (
        "variants.example.500",
        "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks",
        True,
        ["big_canastras_at_once"],
    ),
    ("variants_decide.example_trinca_canastra", "7h 7s 7d 7c 7h 7s 2c", False, ["trincas"]),
]


def answer(cards: str, built_up: bool, rules: RuleSet) -> tuple[object, ...]:
    hand = parse_cards(cards)
    if not built_up:
        verdict = judge_meld(hand, rules)
    else:
        first = judge_meld(hand[:-1], rules)
        assert first.meld is not None
        verdict = extend_meld(first.meld, hand[-1:], rules)
    return (verdict.ok, verdict.canastra, verdict.points)


def test_the_page_lists_these_examples() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "app_pages" / "variants.py").read_text()
    for key, cards, built_up, _ in EXAMPLES:
        assert f'"{key}": ("{cards}", {built_up})' in text


@pytest.mark.parametrize(("key", "cards", "built_up", "decides"), EXAMPLES)
def test_every_example_differs_between_presets(
    key: str, cards: str, built_up: bool, decides: list[str]
) -> None:
    answers = {p: answer(cards, built_up, PRESETS[p]) for p in PRESET_NAMES}
    assert len(set(answers.values())) >= 2, answers
    assert deciding_options(lambda rules: answer(cards, built_up, rules), lambda a: a) == decides


def test_the_deciding_option_is_shown_once(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.pills(key="variants_example").set_value("variants.example.trinca").run()
    assert not at.exception
    boxes = [i.value for i in at.info if i.value.startswith(DECIDES)]
    # One box, above the columns, naming trincas alone.
    assert len(boxes) == 1 and boxes[0].count("**") == 2
    assert f"**{option_name('trincas', 'pt')}**" in boxes[0]


def test_an_example_tapped_brings_its_verdicts_into_sight(open_app: OpenApp) -> None:
    """On a phone the verdicts of an example were a screen below its button: the tap scrolls
    the cards field (and the verdicts under it) to the screen's top; typing does not."""

    def scrolls(at: AppTest) -> list[str]:
        return [h.proto.body for h in at.html if "scrollBy" in h.proto.body]

    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("3s 2s 5s 4s").run()
    assert not scrolls(at)
    at.pills(key="variants_example").set_value("variants.example.trinca").run()
    assert not at.exception
    moved = scrolls(at)
    assert len(moved) == 1 and ".st-key-variants_meld" in moved[0]
    assert [i for i in at.info if i.value.startswith(DECIDES)]  # the verdicts are drawn
    at.run()
    assert not scrolls(at)  # once, on the tap's run


def test_a_meld_judged_alike_says_so(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("3s 2s 5s 4s").run()
    assert PT["variants_decide.alike"] in [c.value for c in at.caption]


def test_every_same_move_position_differs() -> None:
    """The positions of the "same move" section (the course's variant-difference scenarios)
    are each judged differently somewhere, and an option decides it."""
    from buraco_app import scenario_player
    from buraco_core.errors import BuracoInputError
    from buraco_core.judge import play
    from buraco_core.notation import position_from_data

    course = scenario_player.course()
    found = 0
    for scenario in course.scenarios.values():
        move = scenario.task.judged_move
        if "variant_difference" not in scenario.themes or scenario.position is None or not move:
            continue
        found += 1

        def judged(rules: RuleSet, data: object = scenario.position, move: object = move) -> object:
            try:
                verdict = play(rules, position_from_data(rules, data), move)[0]  # type: ignore[arg-type]
            except BuracoInputError as exc:
                return exc.code
            return (verdict.ok, verdict.codes)

        assert deciding_options(judged, lambda a: a), scenario.id
    assert found


def test_the_same_move_names_its_deciding_option(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    assert not at.exception
    assert [i for i in at.info if i.value.startswith(DECIDES)]


# Where the three presets agree only because they share an option's value, that option still
# decides: a table that plays the other value judges otherwise (audit 13, D8).
@pytest.mark.parametrize(
    ("cards", "alike"),
    [
        ("2h 3h 4h 2s", ["wild_two_beside_natural_two"]),  # forbidden in all three [000]
        ("5h 5s 5d 5c 5h 5s 5d 5c", ["trinca_suits", "eight_of_a_kind_real"]),
        ("3s 2s 5s 4s", []),  # the 2 in its place: no option touches it
    ],
)
def test_an_option_the_presets_share_still_decides(cards: str, alike: list[str]) -> None:
    from buraco_app.compare import alike_deciding

    assert alike_deciding(lambda rules: answer(cards, False, rules), lambda a: a) == alike


def test_a_meld_judged_alike_by_a_shared_option_names_it(open_app: OpenApp) -> None:
    """“2h 3h 4h 2s”: not “nenhuma opção decide aqui”, but the option the three share."""
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("2h 3h 4h 2s").run()
    assert not at.exception
    assert PT["variants_decide.alike"] not in [c.value for c in at.caption]
    boxes = [i.value for i in at.info if i.value.startswith(ALIKE_BUT)]
    assert len(boxes) == 1
    name = option_name("wild_two_beside_natural_two", "pt")
    assert f"As três variantes usam o mesmo valor de “{name}” (não)" in boxes[0]
    assert "mude-o em “Casa”" in boxes[0]


def test_a_shared_option_the_table_already_changed_is_not_offered_again(
    open_app: OpenApp,
) -> None:
    """A table playing the joker at 20 typed a meld with a joker: the box told it to change
    “curinga” (50) in Casa if its table played otherwise, while the column “Sua mesa” below
    already counted it at 20 (walk through Variantes at 390x844). It says what the table
    plays, and where to see it."""
    at = open_app("variants", joker_points="20")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("4h 5h 6h JK 8h 9h 10h").run()
    box = next(i.value for i in at.info if i.value.startswith(ALIKE_BUT))
    name = option_name("joker_points", "pt")
    assert f"As três variantes usam o mesmo valor de “{name}” (50); a sua mesa joga 20" in box
    assert f"“{name}” (50): mude-o em “Casa”" not in box
    # The option the table left as the presets have it is still offered.
    assert f"“{option_name('jokers_in_deck', 'pt')}” (sim): mude-o em “Casa”" in box


def test_eight_of_a_kind_names_the_real_option_too(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("5h 5s 5d 5c 5h 5s 5d 5c").run()
    box = next(i.value for i in at.info if i.value.startswith(DECIDES))
    assert f"**{option_name('trincas', 'pt')}**" in box
    assert f"“{option_name('eight_of_a_kind_real', 'pt')}”" in box


def test_a_position_impossible_under_a_value_decides_nothing() -> None:
    """Jokers on the table make no position without jokers: “jokers no baralho” is not
    named for the wild on top of the lixo (the presets' shared options that decide it are
    the 2 on top of the lixo, no more)."""
    from buraco_app import variants_view

    assert variants_view.move_deciding_alike("joker_on_top_only_new_meld", "pt") == ()
    assert variants_view.move_deciding_alike("two_on_top_is_still_a_wild", "pt") == (
        "two_on_lixo_may_sit_natural",
    )


def test_all_rules_say_what_other_tables_play(open_app: OpenApp) -> None:
    """“Todas as regras” shows 50 50 50 for the joker; folded under the table, the other
    reading (20, text 003) and the other disputed points the three presets share. Each cites
    its texts as the reasons do, “(texto 003)”, not “(fonte 003)”."""
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("all").run()
    assert not at.exception
    at.session_state["variants_other_open"] = True  # (drawn only while open)
    at.run()
    (folded,) = [e for e in at.expander if e.label.startswith("Outras mesas jogam diferente")]
    shown = " ".join(m.value for m in folded.markdown)
    assert (
        "**Quanto vale o curinga?** Nas três variantes, o curinga vale 50 pontos. Outras mesas: "
        "O curinga vale 20; algumas mesas usam 50. _(texto 003)_"
    ) in shown
    assert "Se nenhuma das duas pegou, ninguém perde." in shown  # both mortos stock [003]
    assert "Vale trinca" not in shown  # (the presets differ there: the table says so)


@pytest.mark.parametrize(
    ("lang", "all_three", "others"),
    [
        ("pt", "Nas três variantes, ", " Outras mesas: "),
        ("en", "In all three variants, ", " Other tables: "),
    ],
)
def test_what_all_three_variants_play_is_said_as_a_rule(
    lang: Lang, all_three: str, others: str
) -> None:
    """“Outras mesas jogam diferente” answers each disputed question with the rule the three
    presets play, then what other tables play and its source. Where the presets follow the
    sources that say nothing (no vulnerability [000, 001, 002]; no corte de 44, no rounding,
    no eight of a kind as a real), the page read “Nas três: Não falam de corte.”, “Nas três:
    Não conhecem a regra”: as if the variants were who did not speak. Each answer is a rule
    a table plays."""
    from buraco_app.variants_view import other_tables

    about_the_sources = re.compile(
        r"^(Não )?(falam|conhecem|contam|dizem|exigem)\b|^They\b", re.IGNORECASE
    )
    lines = other_tables(lang)
    assert len(lines) >= 15
    for line in lines:
        played = line.split(all_three, 1)[1].split(others, 1)[0]
        assert not about_the_sources.search(played), line


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "pt",
            "**Pode-se bater baixando a última carta?** Nas três variantes, sim: a última carta"
            " pode ir para um jogo ou para o lixo. Outras mesas: Bate-se",
        ),
        (
            "en",
            "**May you go out by melding the last card?** In all three variants, yes: the last"
            " card may go onto a meld or the lixo. Other tables: You go out",
        ),
    ],
)
def test_what_all_three_variants_play_reads_as_the_answer_to_the_question(
    lang: Lang, said: str
) -> None:
    """Each disputed question was answered “All three: Yes: the last card…” (“Nas três:
    Sim: …”): a label with no noun, and a yes that read as the three variants' own. The
    variants' answer goes on after “In all three variants,” as a sentence does: “yes: the
    last card…”, “a joker is worth 50 points”; no line of either language says the old way."""
    from buraco_app.variants_view import other_tables

    lines = other_tables(lang)
    assert any(line.startswith(said) for line in lines), lines
    for line in lines:
        assert not re.search(r"\*\* (Nas três|All three): ", line), line
        assert not re.search(r"(variantes|variants), (Sim|Não|Yes|No|O|A|The)\b", line), line


def test_a_meld_tapped_in_is_answered_under_the_card_grid(open_app: OpenApp) -> None:
    """On a phone the three columns of verdicts are a screen below the card grid: each
    table's one-line verdict is drawn under the grid, where the tapping is (as the lookup
    and the calculator answer a tap), in both languages [audit 16: the Same meld view]."""
    for lang, lines in (
        ("pt", ["Buraco Aberto: ✗ Jogo inválido", "Buraco Fechado: ✓ Jogo válido"]),
        ("en", ["Buraco Aberto: ✗ Not a valid meld", "Buraco Fechado: ✓ Valid meld"]),
    ):
        at = open_app("variants", lang=lang)
        at.segmented_control(key="variants_view").set_value("meld").run()
        at.session_state["variants_cards_taps"] = True
        at.run()
        for suit in (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS):
            at.pills(key=f"variants_cards_grid_{suit.value}").set_value(Card(5, suit)).run()
        assert at.text_input(key="variants_cards").value == "5♥ 5♠ 5♦"
        order = in_order(at.main)
        keys = [getattr(node, "key", "") or "" for node in order]
        grid_end, buttons = keys.index("variants_cards_grid_jk"), keys.index("variants_cards_undo")
        between = order[grid_end + 1 : buttons]
        said = " ".join(
            as_read(str(node.value)) for node in between if type(node).__name__ == "Markdown"
        )
        said = re.sub(r"\*\*|:\w+\[([^\]]*)\]", lambda m: m[1] or "", said)
        for line in lines:
            assert line in said, said
        assert "Fechado STBL: ✗" in said, said


def test_a_link_s_rules_are_named_and_set_on_the_variants_page(open_app: OpenApp) -> None:
    """A table's link opened on a phone, whose sidebar is hidden: the page itself names the
    rules in force, and the variant and the house rules change on the page (the “Casa” that
    “mude-o em Casa” points to)."""
    at = open_app("variants", rules="stbl", joker_points="20", trincas="true")
    main = " ".join(m.value for m in at.main.markdown)
    assert "Sua mesa: **Fechado STBL + curinga 20, trincas: sim**" in main
    assert at.segmented_control(key="rules_bar_preset").value == "stbl"
    # “Casa (2)”: the house rules, on the page.
    assert [b for b in in_order(at.main) if getattr(b, "type", None) == "popover"]
    at.segmented_control(key="rules_bar_preset").set_value("aberto").run()
    assert at.query_params["rules"] == "aberto"
    assert "Sua mesa: **Buraco Aberto + curinga 20, trincas: sim**" in " ".join(
        m.value for m in at.main.markdown
    )


# The variant table of the sources, row by row: what each row says and who says it.
VARIANT_TABLE_SOURCES = [
    ("Vale trinca (lavadeira)", "000, 001, 003"),  # [001] "Vale Trinca?", [000], [003]
    ("O que se vê do lixo", "000, 001, 002, 003"),
    ("Pegar o lixo", "000, 002, 003"),
    ("Curinga no topo do lixo", "002, 003"),
    ("Para a batida final", "000, 001, 002, 003"),
    ("Canastra de 500 e real só valem se baixadas de uma vez", "002"),
]


def test_every_difference_of_the_variants_names_its_sources(open_app: OpenApp) -> None:
    """“Onde diferem” is what a table argues over first: each row says which texts say so,
    as the rest of the app does (“textos 000, 001, 003”)."""
    at = open_app("variants")
    table = next(m.value for m in at.main.markdown if PT["variants.differ"] in m.value)
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == 1 + len(VARIANT_TABLE_SOURCES)
    for (start, ids), row in zip(VARIANT_TABLE_SOURCES, rows[1:], strict=True):
        texts = "textos" if "," in ids else "texto"  # “texto 002”: one text
        assert row.startswith(f"| {start}") and f":gray[{texts} {ids}]]" in row, row


def test_where_the_variants_differ_the_sources_that_disagree_are_named(open_app: OpenApp) -> None:
    """Rule “going out in Fechado” with a canastra suja: [000, 001] (and Pagat via [003])
    say yes, [003]'s main text asks a clean one. Under the differences, folded, each reading
    with its sources and the variants that play it, so a table can agree before the first
    hand. Aberto and STBL need a clean canastra in every source [000, 001, 002, 003]: they
    play no reading of this dispute about Fechado (the [003] reading was said to be
    “jogam assim: Buraco Aberto, Fechado STBL”)."""
    for lang, folded_label, expected in (
        (
            "pt",
            "As fontes discordam (3 pontos)",
            "**No Fechado, bate-se com canastra suja?**\n  - Sim: no Fechado vale qualquer "
            "canastra (e o Pagat, citado pelo 003, concorda). _(textos 000, 001 · jogam assim: "
            "Buraco Fechado)_\n  - O próprio texto 003 pede sempre uma canastra limpa. "
            "_(texto 003)_",
        ),
        (
            "en",
            "The sources disagree (3 points)",
            "**In Fechado, may you go out with a dirty canastra?**\n  - Yes: in Fechado any "
            "canastra will do (and Pagat, cited by 003, agrees). _(texts 000, 001 · played "
            "by Buraco Fechado)_\n  - Text 003 itself always asks for a clean canastra. "
            "_(text 003)_",
        ),
    ):
        at = open_app("variants", lang=lang)
        at.session_state["variants_disputed_open"] = True  # (drawn only while open)
        at.run()
        (folded,) = [e for e in at.expander if e.label == folded_label]
        shown = " ".join(m.value for m in folded.markdown)
        assert expected in shown
    assert "_(text 003)_" in shown  # the stricter pickup: no variant plays it [003]


def test_a_changed_house_rule_opens_the_same_move_on_a_position_it_decides(
    open_app: OpenApp,
) -> None:
    """A table playing STBL with trincas (a link's `trincas=true`) opens “Mesma jogada” on a
    move that trincas decide, judged both ways: Fechado STBL refuses it, the table allows it
    [000, 001: “não é permitido trinca” in STBL]."""
    at = open_app("variants", rules="stbl", trincas="true")
    at.segmented_control(key="variants_view").set_value("move").run()
    assert not at.exception
    chosen = at.selectbox(key="variants_scenario").value
    from buraco_app import variants_view

    assert "trincas" in variants_view.move_deciding(chosen, "pt")
    heads = [m.value for m in at.main.markdown if m.value.startswith("#### ")]
    assert heads[-1].startswith(f"#### {PT['variants.yours_title']}")
    stbl, yours = at.columns[2], at.columns[3]
    assert [e.value for e in stbl.error] == [PT["variants.move_illegal"]]
    assert [e.value for e in yours.success] == [PT["variants.move_legal"]]


def test_the_rules_table_fits_a_phone_with_the_variants_short_names(open_app: OpenApp) -> None:
    """With a house rule changed, “Todas as regras” has five columns: on a 390-pixel phone
    “Buraco Fechado” broke mid-word (“Fechad o”). The columns carry the variant bar's short
    names, and “Sua mesa”."""
    at = open_app("variants", rules="stbl", trincas="true")
    at.segmented_control(key="variants_view").set_value("all").run()
    assert not at.exception
    lines = [line for m in at.markdown for line in m.value.splitlines()]
    heads = [line for line in lines if line.startswith("| Regra |")]
    assert heads == ["| Regra | Aberto | Fechado | STBL | Sua mesa |"], heads


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("pt", "Quem decide aqui é a opção:", "Quem decide aqui são as opções:"),
        ("en", "What decides here is the option:", "What decides here are the options:"),
    ],
)
def test_the_deciding_options_are_counted_in_words(
    open_app: OpenApp, lang: str, one: str, two: str
) -> None:
    """A joker on top of the closed lixo, put onto a meld: the pickup option and the wild-on-
    top option decide it [002, 003], two lines under “Quem decide aqui é a opção:” (one
    option, said the box). One option keeps the singular (three 5s: trincas)."""
    at = open_app("variants", lang=lang)
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value("joker_on_top_only_new_meld").run()
    assert not at.exception
    (box,) = [i.value for i in at.info if i.value.startswith(two)]
    assert box.count("**") == 4  # (two options named)
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("5h 5s 5d").run()
    assert [i.value for i in at.info if i.value.startswith(one)]


def test_a_house_rule_position_is_judged_at_its_own_table_too(open_app: OpenApp) -> None:
    """Rule “stricter pickup” [003]: some tables take the closed lixo only with two hand
    cards in sequence with its top card. “Mesma jogada” showed no position that house rule
    decides: a teacher could name it (“As fontes discordam”) but not show it. The course's
    “Mesa rígida: duas cartas da mão” is offered: the three variants take the lixo, the
    position's own table refuses it, and the box says which value no variant plays. The
    partner going out while the morto waits [000, 001 / 003] is offered too."""
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    offered = at.selectbox(key="variants_scenario").options
    assert "Mesa rígida: duas cartas da mão" in offered
    assert "O morto espera o parceiro" in offered
    at.selectbox(key="variants_scenario").set_value("stricter_table_two_from_hand").run()
    assert not at.exception
    heads = [m.value for m in at.main.markdown if m.value.startswith("#### ")]
    assert [h.split("\n")[0] for h in heads] == [
        "#### Buraco Aberto",
        "#### Buraco Fechado",
        "#### Fechado STBL",
        "#### Mesa da posição",
    ]
    assert "justificada + 2 da mão" in heads[-1]
    assert [s.value for s in at.success] == ["✓ Jogada válida"] * 3
    assert [e.value for e in at.error] == ["✗ Jogada inválida"]
    (box,) = [i.value for i in at.info if i.value.startswith(ALIKE_BUT)]
    assert "Nenhuma das três joga “pegar o lixo: justificada + 2 da mão”" in box


def test_the_same_move_positions_come_in_the_courses_order(open_app: OpenApp) -> None:
    """“Mesma jogada” lists its positions as the lessons teach them (the lixo, the morto,
    going out, the variants, trincas), not in the order of the course's folders: its first
    position was “Erro 3: bater sem canastra limpa”, lesson 14's third common error, out of
    any context on the variants page."""
    from buraco_app.scenario_player import course

    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    offered = at.selectbox(key="variants_scenario").options
    taught = [
        s.title.get("pt")
        for lesson in course().lessons
        for s in course().scenarios_of(lesson.id)
        if s.title.get("pt") in offered
    ]
    assert offered == taught
    assert not offered[0].startswith("Erro")


def test_canastra_500_bonus_row_cites_only_the_texts_that_pay_500() -> None:
    """The canastra de 500's bonus, 500 points [000 “Cada canastra de 500 vale 500 pontos”,
    001 “Canastra de Quinhentos 500 pontos”, 002 “canastra 500 (500 pontos)”]: texto 003
    gives no 500 bonus (it only says the big canastras' names vary), so “Todas as regras”
    does not cite it. Every row cites the sources the core declares for its option."""
    rows = preset_table([o.name for o in OPTIONS], "pt").splitlines()[2:]
    for option, row in zip(OPTIONS, rows, strict=True):
        assert f":gray[{sources_text(option.sources, 'pt')}]]" in row, row
    bonus = next(row for row in rows if row.startswith("| Bônus da canastra de 500"))
    assert ":gray[textos 000, 001, 002]]" in bonus


@pytest.mark.parametrize(
    ("lang", "none", "counts"),
    [
        ("pt", "**Jogos da sua dupla**: :gray[nenhum]", "Jogador 2: 11 cartas · Jogador 3: 11"),
        ("en", "**Your side's melds**: :gray[none]", "Player 2: 11 cards · Player 3: 11"),
    ],
)
def test_the_same_move_table_reads_its_melds_and_hands_in_lines(
    open_app: OpenApp, lang: str, none: str, counts: str
) -> None:
    """A side with no meld is one line, its title and "nenhum" (two paragraphs were a gap as
    loose as two sections); the other hands' counts start with a capital, as "Sua mão" does."""
    at = open_app("variants", lang=lang)
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value("aberto_lixo_instead_of_stock").run()
    table = next(m.value for m in at.markdown if "bt-card" in m.value and "**" in m.value)
    assert none in table
    lines = [line for line in table.split("\n\n") if counts in line]
    assert lines and lines[0].startswith(":small[:gray[" + counts[:7])


@pytest.mark.parametrize(
    ("lang", "scenario", "shown", "left_out"),
    [
        ("pt", "trinca_justifies_in_fechado", "mas nenhum ouro perto do 7.", "Pegue o lixo."),
        ("en", "trinca_justifies_in_fechado", "but no diamond near the 7.", "Take the lixo."),
        (
            "pt",
            "aberto_lixo_instead_of_stock",
            "Você tem 5♦ 6♦ e 9♠ 10♠.",
            "Comece a vez pela compra que mais rende.",
        ),
        ("en", "lay_a_trinca", "but three kings.", "Lay the meld your hand allows."),
        ("pt", "fechado_pickup_needs_top_card", "Pode pegar o lixo?", None),
        ("en", "fechado_pickup_needs_top_card", "May you take the lixo?", None),
    ],
)
def test_the_same_move_says_the_situation_not_the_exercises_instruction(
    open_app: OpenApp, lang: str, scenario: str, shown: str, left_out: str | None
) -> None:
    """“Mesma jogada” showed the exercise's goal over a move it already gives: “Pegue o
    lixo.”, then “A jogada: pegar o lixo…”. It says the situation, and the question where
    the goal ends in one (the verdicts answer it); an instruction is left to the exercise."""
    at = open_app("variants", lang=lang)
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value(scenario).run()
    said = " ".join(as_read(m.value) for m in at.markdown)
    assert shown in said
    assert left_out is None or left_out not in said


def test_the_same_move_leads_to_its_exercise_in_the_lesson(
    open_app: OpenApp, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """A teacher showed “Bater só com canastra suja” judged by the three variants, then
    wanted the class to play it: the page led nowhere (the position is an exercise of
    lesson 9, “A batida final”, found only through the lesson list). A link under
    the verdicts opens that lesson at that exercise, as Exercícios does."""
    from urllib.parse import parse_qsl

    from buraco_app.scenario_player import course

    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value("go_out_with_dirty_canastra").run()
    assert not at.exception
    home = course().lesson(course().scenarios["go_out_with_dirty_canastra"].lesson)
    (link,) = [e.proto for e in at.get("page_link") if e.proto.page == "lessons"]
    assert link.label == f"Ver na lição {home.order}, “{home.title.get('pt')}” →"
    assert dict(parse_qsl(link.query_string)) == {"exercise": "go_out_with_dirty_canastra"}
    # The link opens the lesson at that exercise.
    at.query_params.clear()
    at.query_params.update(dict(parse_qsl(link.query_string)))
    switch_to(at, "lessons")
    assert not at.exception
    assert at.query_params["lesson"] == home.id
    assert at.subheader[0].value == "Bater só com canastra suja"


def test_where_the_variants_differ_leads_to_the_variants_lesson(
    open_app: OpenApp, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """A teacher projecting “Onde diferem” wanted the class to read the lesson behind the
    table (lesson 12: the same table, what STBL means, the house rules): the part ended on
    the table and “As fontes discordam”, with no way there but the menu and the lesson list.
    A link under the table opens that lesson."""
    from urllib.parse import parse_qsl

    at = open_app("variants", lang="en")
    assert at.segmented_control(key="variants_view").value == "differ"
    (link,) = [e.proto for e in at.get("page_link") if e.proto.page == "lessons"]
    assert link.label == "See it in lesson 12, “The variants and house rules” →"
    at.query_params.clear()
    at.query_params.update(dict(parse_qsl(link.query_string)))
    switch_to(at, "lessons")
    assert not at.exception
    assert at.selectbox[0].value == "variants_and_house_rules"


def box_of(at: AppTest) -> str:
    (box,) = [i.value for i in at.info if i.value.startswith((*DECIDES, ALIKE_BUT))]
    return box


def test_a_house_rule_said_to_change_the_verdict_changes_it_where_said(
    open_app: OpenApp,
) -> None:
    """Rule “stricter pickup” [003: two hand cards in sequence with the top card]. On
    “Pegar o lixo sem usar a carta de cima” the box said “Nenhuma das três joga “pegar o
    lixo: justificada + 2 da mão”…: numa mesa assim o veredito muda”: a teacher at a
    Fechado table set it in “Casa”, and “Sua mesa” refused the lixo as Fechado already
    did (only an Aberto table turned strict would judge otherwise, and as Fechado does).
    Said now only where that value gives an answer no variant's own value gives, naming
    the variants under which it does; “numa mesa assim” where it is all three."""
    strict = "“pegar o lixo: justificada + 2 da mão”"
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    for position in ("fechado_pickup_needs_top_card", "aberto_takes_the_whole_lixo"):
        at.selectbox(key="variants_scenario").set_value(position).run()
        assert strict not in box_of(at)
    at.selectbox(key="variants_scenario").set_value("joker_on_top_only_new_meld").run()
    assert (
        f"Nenhuma das três joga {strict}, regra de outras mesas: Buraco Aberto com essa regra"
        " julgaria diferente (escolha a variante e mude em “Casa” para ver)."
    ) in box_of(at)
    at.selectbox(key="variants_scenario").set_value("stricter_table_two_from_hand").run()
    assert f"{strict}, regra de outras mesas: numa mesa assim o veredito muda" in box_of(at)
    # What is said holds: a Fechado table turned strict judges the pickup of a lixo whose
    # top card is unusable as Fechado does.
    at = open_app("variants", pickup="top_card_two_from_hand")
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value("fechado_pickup_needs_top_card").run()
    assert [e.value for e in at.error] == ["✗ Jogada inválida"] * 3  # Fechado, STBL, yours


def test_a_shared_option_said_to_decide_a_move_changes_its_verdict(open_app: OpenApp) -> None:
    """Rule “bater” [000, 001, 002: any last card; 003: only by a discard]. On “O morto
    espera o parceiro” the box said “As três variantes usam o mesmo valor de “bater” (num
    jogo ou no lixo): mude-o em “Casa” se a sua mesa joga diferente”: a teacher who set
    “só descartando” saw the same “✗ Jogada inválida” (the move is refused while the morto
    waits [003]; that table only adds a reason). An option is said to decide a move only
    where another of its values makes it legal or not, or going out or not; on “Uma
    jogada, três mesas” (a Fechado batida by laying three queens) “bater” still decides."""
    from buraco_app import variants_view as judged
    from buraco_app.compare import other_values
    from buraco_core.codes import Code

    name = option_name("go_out_by", "pt")
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value("partner_waits_for_the_morto").run()
    assert f"“{name}”" not in box_of(at)
    assert f"“{option_name('partner_may_go_out_while_morto_waits', 'pt')}”" in box_of(at)
    at.selectbox(key="variants_scenario").set_value("one_move_three_tables").run()
    assert f"“{name}”" in box_of(at)
    # Every shared option named on a position changes, under some variant, its verdict.
    for position in judged.variant_scenario_ids():
        for option in judged.move_deciding_alike(position, "pt"):
            seen = set()
            for preset in PRESET_NAMES:
                for value in other_values(option):
                    result = judged.move_result(
                        position, PRESETS[preset].with_options(**{option: value}), "pt"
                    )
                    if not isinstance(result, str):
                        seen.add((preset, result.ok, Code.WENT_OUT in result.codes))
            assert any(
                (p, ok, out) != (q, ok2, out2) and p == q
                for p, ok, out in seen
                for q, ok2, out2 in seen
            ), (position, option)


def test_a_tap_under_the_box_sets_at_the_table_the_value_it_says_would_change_the_verdict(
    open_app: OpenApp,
) -> None:
    """The box said “mude-o em “Casa”” (or “escolha a variante e mude em “Casa” para ver”),
    and a teacher looked for that option among 27 in “Casa”. Under the box, one tap sets it
    at the user's table (and the variant where it decides): the column “Sua mesa” then
    shows the verdict it changes. Rule “2 curinga ao lado do 2 natural” [000 forbids it,
    003 only limits a meld to one wild]; rule “stricter pickup” [003]."""
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("2h 3h 4h 2s").run()
    name = option_name("wild_two_beside_natural_two", "pt")
    tap = at.button(key="variants_try_wild_two_beside_natural_two_True")
    assert tap.label == f"Ver na sua mesa com “{name}: sim”"
    assert [e.value for e in at.error] == ["✗ Jogo inválido"] * 3
    tap.click().run()
    assert not at.exception
    assert at.query_params["wild_two_beside_natural_two"] == "true"
    assert [e.value for e in at.error] == ["✗ Jogo inválido"] * 3  # the three variants
    assert [s.value for s in at.success][-1].startswith("✓ Jogo válido")  # “Sua mesa”
    assert "a sua mesa joga sim: veja “Sua mesa” abaixo" in box_of(at)
    assert not [b for b in at.button if b.key.startswith("variants_try_")]  # (done)

    strict = ("pickup", "top_card_two_from_hand")
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    at.selectbox(key="variants_scenario").set_value("joker_on_top_only_new_meld").run()
    tap = at.button(key=f"variants_try_{strict[0]}_{strict[1]}")
    said = f"“{option_name(strict[0], 'pt')}: {value_text(strict[0], strict[1], 'pt')}”"
    assert tap.label == f"Ver o Buraco Aberto com {said}"  # (decides under Aberto only)
    tap.click().run()
    assert not at.exception
    assert at.query_params["rules"] == "aberto" and at.query_params["pickup"] == strict[1]
    assert [s.value for s in at.success] == ["✓ Jogada válida"]  # Buraco Aberto's own
    assert [e.value for e in at.error] == ["✗ Jogada inválida"] * 3  # Fechado, STBL, yours
    assert f"{said}, regra de outras mesas; a sua mesa joga: veja “Sua mesa” abaixo" in box_of(at)
