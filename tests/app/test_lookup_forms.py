"""AppTest: "may I take the lixo?" and "may I go out?" at the table (issues 6 and 13)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.inline_cards import as_read
from buraco_core.cards import Card, parse_card, parse_cards
from buraco_core.errors import BuracoInputError
from buraco_course import reference
from buraco_text import catalog
from tests.app.conftest import in_order, read

Open = Callable[..., AppTest]
PT_ONE_TOP = catalog("pt")["lookup.one_top"]


def lixo(at: AppTest, top: str, hand: str, melds: str = "") -> AppTest:
    at.segmented_control(key="lookup_view").set_value("lixo").run()
    at.text_input(key="lookup_lixo_top").input(top)
    at.text_input(key="lookup_lixo_hand").input(hand)
    at.text_area(key="lookup_lixo_melds").input(melds)
    return at.run()


def said_on(at: AppTest) -> str:
    """The page's text as a person reads it (cards as symbols, no markdown marks)."""
    return " ".join(read(as_read(m.value)) for m in at.markdown)


def go_out(at: AppTest, melds: str, morto: str = "taken") -> AppTest:
    at.segmented_control(key="lookup_view").set_value("go_out").run()
    at.radio(key="lookup_go_out_morto").set_value(morto)
    at.text_area(key="lookup_go_out_melds").input(melds)
    return at.run()


def test_justified_pickup_in_fechado_lists_the_ways(open_app: Open) -> None:
    """Fechado: the top card must go into a meld in the same move [002, 003]."""
    at = lixo(open_app("lookup", lang="en"), "7h", "5h 6h Kc", "9s 10s Js")
    assert at.success and "Take the lixo and lay its top card with 5♥ 6♥" in [
        as_read(m.value).removeprefix("- ") for m in at.markdown
    ]


def test_pickup_refused_in_fechado_when_the_top_card_fits_nowhere(open_app: Open) -> None:
    at = lixo(open_app("lookup", lang="en"), "7h", "Kc Qd")
    assert at.error and "cannot be taken" in at.error[0].value


def test_pickup_free_in_aberto(open_app: Open) -> None:
    """Aberto: the whole lixo, no condition [000]."""
    at = lixo(open_app("lookup", lang="en", rules="aberto"), "7h", "Kc Qd")
    assert at.success and not at.error


def test_two_top_cards_are_said_under_the_top_cards_field(open_app: Open) -> None:
    """“Escreva só uma carta: a de cima do lixo.” came under the melds, two fields below the
    one it is about (on a phone, as if the melds were wrong). It comes under the top card's
    field, and nothing is judged."""
    at = lixo(open_app("lookup"), "7h 8h", "5h 6h", "4s 5s 6s")
    drawn = in_order(at.main)
    said = [i for i, e in enumerate(drawn) if getattr(e, "value", None) == PT_ONE_TOP]
    top = next(i for i, e in enumerate(drawn) if getattr(e, "key", None) == "lookup_lixo_top")
    hand = next(i for i, e in enumerate(drawn) if getattr(e, "key", None) == "lookup_lixo_hand")
    assert len(said) == 1 and top < said[0] < hand
    assert not at.success and not at.error


def test_going_out_with_a_canastra_suja_depends_on_the_variant(open_app: Open) -> None:
    """Any canastra in Fechado; a clean one in Aberto and STBL [000, 001, 002, 003]."""
    suja = "4h 5h 2c 7h 8h 9h 10h"
    assert go_out(open_app("lookup", lang="en"), suja).success
    refused = go_out(open_app("lookup", lang="en", rules="stbl"), suja)
    assert refused.error and any("clean canastra" in m.value for m in refused.markdown)


def test_going_out_needs_the_morto(open_app: Open) -> None:
    """The side must have taken its morto [001, 002, 003]."""
    at = go_out(open_app("lookup", lang="en"), "4h 5h 6h 7h 8h 9h 10h", morto="available")
    assert at.error and any("morto" in m.value for m in at.markdown)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_batida_direta_e_indireta_said_where_the_morto_is_not_taken(
    open_app: Open, lang: str
) -> None:
    """With the morto still there, emptying the hand takes it rather than ending the round:
    last card onto a meld, the morto at once and play on without drawing (direct); last card
    onto the lixo, the morto waits for the next turn (indirect) [000, 001, 003]. "Bater" at
    the table names both: a bare "not yet" leaves the player wondering what the last card
    does now."""
    direct = {"pt": "batida direta", "en": "direct batida"}[lang]
    at = go_out(open_app("lookup", lang=lang), "4h 5h 6h 7h 8h 9h 10h", morto="available")
    said = [as_read(m.value) for m in at.markdown if direct in m.value]
    assert len(said) == 1
    assert all(word in said[0] for word in ("000", "001", "003"))
    taken = go_out(open_app("lookup", lang=lang), "4h 5h 6h 7h 8h 9h 10h", morto="taken")
    assert not any(direct in m.value for m in taken.markdown)


def test_a_mistyped_meld_says_which_card(open_app: Open) -> None:
    """Which line and which token, the token once in curly quotes (not '5x': … “5x”)."""
    at = go_out(open_app("lookup", lang="en"), "4h 5h 6h\n4h 5x")
    assert not at.exception and len(at.error) == 1
    assert at.error[0].value.startswith("Meld 2 is mistyped: “5x” is not a card: ")
    assert at.error[0].value.count("5x") == 1 and "'" not in at.error[0].value


def tap(at: AppTest, grid: str, cards: str) -> AppTest:
    """Tap each card once on the grid `grid` (one rerun per tap, as a phone does)."""
    for card in parse_cards(cards):
        row = card.suit.value if card.suit is not None else "jk"
        at.pills(key=f"{grid}_grid_{row}").set_value(card).run()
    return at


def test_no_verdict_before_there_is_input(open_app: Open) -> None:
    at = open_app("lookup", lang="en")
    at.segmented_control(key="lookup_view").set_value("lixo").run()
    assert not at.success and not at.error
    at.segmented_control(key="lookup_view").set_value("go_out").run()
    assert not at.success and not at.error


def test_the_lixo_question_by_taps_only(open_app: Open) -> None:
    """The top card's tap moves on to the hand: top + two hand cards = 3 taps, and the
    answer lists the justified pickup [002, 003]."""
    at = open_app("lookup", lang="en")
    at.segmented_control(key="lookup_view").set_value("lixo").run()
    tap(at, "lookup_lixo", "7h 5h 6h")
    assert at.text_input(key="lookup_lixo_top").value == "7♥"
    assert at.text_input(key="lookup_lixo_hand").value == "5♥ 6♥"
    assert at.success and "Take the lixo and lay its top card with 5♥ 6♥" in [
        as_read(m.value).removeprefix("- ") for m in at.markdown
    ]


def test_going_out_melds_by_taps_with_next_meld(open_app: Open) -> None:
    at = open_app("lookup", lang="en")
    at.segmented_control(key="lookup_view").set_value("go_out").run()
    tap(at, "lookup_go_out", "4h 5h 6h 7h 8h 9h 10h")
    at.button(key="lookup_go_out_new_line").click().run()
    tap(at, "lookup_go_out", "Qs Ks JK")
    assert at.text_area(key="lookup_go_out_melds").value == "4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥\nQ♠ K♠ JK"
    assert at.success and not at.exception
    at.button(key="lookup_go_out_undo").click().run()
    assert at.text_area(key="lookup_go_out_melds").value.endswith("Q♠ K♠")
    assert Card() not in parse_cards(at.text_area(key="lookup_go_out_melds").value.split("\n")[1])


def _cards_named(text: str) -> set[Card]:
    """The cards an example text names (words that are no card are skipped)."""
    named = set()
    for word in text.replace("(", " ").replace(")", " ").split():
        with contextlib.suppress(BuracoInputError):
            named.add(parse_card(word))
    return named


def test_the_top_card_field_shows_one_card_as_its_example(open_app: Open) -> None:
    """The lixo has one top card: its field's example is one card (its two spellings), not
    the meld example of the other card fields [usability audit]."""
    for lang in ("pt", "en"):
        at = open_app("lookup", lang=lang)
        at.segmented_control(key="lookup_view").set_value("lixo").run()
        assert len(_cards_named(at.text_input(key="lookup_lixo_top").placeholder)) == 1
        assert len(_cards_named(at.text_input(key="lookup_lixo_hand").placeholder)) > 1


def test_cards_typed_with_suit_letters_are_shown_back_in_symbols(open_app: Open) -> None:
    """`4c` is paus: a Brazilian who meant copas sees ♣ under the field (the lixo view
    draws no cards of its own) [usability audit, pt]."""
    at = lixo(open_app("lookup"), "4c", "5c 6c", "Qh Kh Ah")
    captions = [c.value for c in at.caption]
    assert "Lido como: 4♣" in captions and "Lido como: 5♣ 6♣" in captions
    assert "Lido como: :red[Q♥] :red[K♥] :red[A♥]" in captions
    tapped = lixo(open_app("lookup"), "4♣", "5♣ 6♣")  # typed in symbols: nothing to echo
    assert not any(c.value.startswith("Lido como") for c in tapped.caption)


def test_the_melds_read_back_are_numbered_as_the_answer_names_them(open_app: Open) -> None:
    """The answer says “no jogo 2”: the read-back under the side's melds shows which line
    that is, one meld a line, counted from 1 (a blank line typed between them not counted,
    as the answer does not count it), on a phone too (no line of melds wrapped anywhere)."""
    at = lixo(open_app("lookup"), "Jh", "3c", "4s 5s 6s\n\nQh Kh Ah")
    assert "no jogo 2, o de" in at.success[0].value
    read_back = [c.value for c in at.caption if c.value.startswith("Lido como")][-1]
    assert [line.strip() for line in read_back.split("\n")] == [
        "Lido como:",
        "jogo 1: 4♠ 5♠ 6♠",
        "jogo 2: :red[Q♥] :red[K♥] :red[A♥]",
    ]
    assert all(line.endswith("  ") for line in read_back.split("\n")[:-1])  # line breaks
    en = lixo(open_app("lookup", lang="en"), "Jh", "3c", "4s 5s 6s\nQh Kh Ah")
    assert "on meld 2, the one with" in en.success[0].value
    read_en = [c.value for c in en.caption if c.value.startswith("Read as")][-1]
    lines = [line.strip() for line in read_en.split("\n")]
    assert lines[1:] == ["meld 1: 4♠ 5♠ 6♠", "meld 2: :red[Q♥] :red[K♥] :red[A♥]"]


def test_a_portuguese_suit_initial_says_what_to_write(open_app: Open) -> None:
    at = lixo(open_app("lookup"), "4p", "5h 6h")
    assert not at.exception and len(at.error) == 1
    assert "“4p” não é uma carta: para paus escreva 4c ou 4♣" in at.error[0].value


def test_a_problem_with_the_cards_typed_is_said_in_the_forms_words(open_app: Open) -> None:
    """No field path of the core (“position.hands[0][4]”, “melds[0]”, counted from 0): the
    form's own names, counted from 1, and a card written as a card (7♥)."""
    at = lixo(open_app("lookup"), "7h", "7h 7h")  # the copies add up over the fields
    said = at.error[0].value
    assert said.startswith("O 7♥ aparece 3 vezes nas cartas digitadas")
    assert "position" not in said and "[0]" not in said
    at = lixo(open_app("lookup"), "7h", "5h 6h", "9s 10s Js\n4h 4h 4h")
    assert at.error[0].value.startswith("Jogo 2: não é um jogo válido")
    at = go_out(open_app("lookup", lang="en"), "4h 4h 4h")
    assert at.error[0].value.startswith("Meld 1: not a valid meld")
    # The judge's reason goes on after the colon, in small letters (it was "…válido: Um…").
    at = go_out(open_app("lookup"), "4h 5h 6h 7h 8h 9h 10h\n4h 5h")
    assert at.error[0].value.startswith("Jogo 2: não é um jogo válido: um jogo ")


def test_the_rules_list_says_when_it_shows_only_the_first_and_shows_more(open_app: Open) -> None:
    """“65 de 65 regras” drew 12 with no word of the rest: it says so, and “Mostrar mais”
    draws the next 12, until every rule is there."""
    at = open_app("lookup")
    at.segmented_control(key="lookup_view").set_value("rules").run()
    total = int(at.caption[0].value.split(" de ")[1].split()[0])
    drawn = []
    while True:
        titles = [m.value for m in at.markdown if m.value.startswith("**")]
        drawn.append(len(titles))
        more = [b for b in at.button if b.key == "lookup_more_button"]
        if not more:
            break
        assert f"aqui as {len(titles)} primeiras" in at.caption[0].value
        more[0].click().run()
    assert drawn[0] == 12 and drawn[1] == 24 and drawn[-1] == total > 24
    assert "primeiras" not in at.caption[0].value


@pytest.mark.parametrize(
    ("lang", "query"), [("pt", "vale trinca de ás?"), ("en", "can a trinca be of aces?")]
)
def test_the_cards_a_rule_names_are_drawn_as_cards(open_app: Open, lang: str, query: str) -> None:
    """“como `5♥ 5♠ 5♦`” was drawn as code, small green letters on grey, where the lessons
    and the verdicts draw the same cards as small cards in their colours."""
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    answer = next(m.value for m in at.markdown if m.value.startswith("**Trinca"))
    assert "`" not in answer
    assert '<span class="bt-ic bt-icr">5♥</span> <span class="bt-ic bt-icb">5♠</span>' in answer


@pytest.mark.parametrize(("lang", "query"), [("pt", "dar a volta"), ("en", "wrap around")])
def test_ranks_a_rule_names_without_suits_are_plain_words(
    open_app: Open, lang: str, query: str
) -> None:
    """“a sequência não dá a volta: `K A 2 3` não vale” drew the ranks as code (grey
    monospace), the one grey chip among cards drawn as cards: they are plain words now."""
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    answer = next(m.value for m in at.markdown if "K A 2 3" in m.value)
    assert "`" not in answer and "Q K A" in answer


@pytest.mark.parametrize(
    ("lang", "query", "said"),
    [
        (
            "pt",
            "curinga no topo do lixo",
            "Textos 002, 003 · opção “curinga no lixo só para jogo novo”",
        ),
        (
            "en",
            "wild on top of the lixo",
            "Texts 002, 003 · option “wild on the lixo only for a new meld”",
        ),
    ],
)
def test_a_rules_sources_are_said_as_texts_as_everywhere_else(
    open_app: Open, lang: str, query: str, said: str
) -> None:
    """Under a rule of the reference the caption read “Fontes: 002, 003”, where every other
    line of the app (the answers' lines, the options' table, Quem tem razão) says “textos
    002, 003”: it says so there too, a line of its own beginning with a capital."""
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    captions = [c.value for c in at.caption]
    assert said in captions
    assert not any(c.startswith(("Fontes", "Sources")) for c in captions), captions


def _titles(at: AppTest) -> list[str]:
    return [m.value.split("  \n")[0].strip("*") for m in at.markdown if m.value.startswith("**")]


@pytest.mark.parametrize(
    ("lang", "query", "answers", "more", "count"),
    [
        (
            "pt",
            "posso bater com canastra suja?",
            ["Que canastra a batida pede", "Canastra suja"],
            "Mais {more} regras com essas palavras",
            "{found} de {total} regras · aqui as 14 primeiras",
        ),
        (
            "en",
            "can I go out with a dirty canastra?",
            ["Which canastra going out needs", "Canastra suja (dirty)"],
            "{more} more rules with these words",
            "{found} of {total} rules · the first 14 here",
        ),
    ],
)
def test_a_question_shows_its_answer_and_folds_the_rest(
    open_app: Open, lang: str, query: str, answers: list[str], more: str, count: str
) -> None:
    """On a phone at the table, “posso bater com canastra suja?” showed “33 de 68 regras”
    and drew twelve: now its answer and the one point that matches as well, the other 31
    under one button that opens them (twelve at a time, as the full list)."""
    found = reference.answers(query)
    said = {"more": len(found.more), "found": len(found.all), "total": len(reference.points())}
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    assert _titles(at) == answers and len(found.more) > 20
    total = count.format(**said).split(" · ")[0]  # (no count while the answer is shown alone)
    assert not [c for c in at.caption if total in c.value]
    (button,) = [b for b in at.button if b.key == "lookup_more_button"]
    assert button.label == more.format(**said)
    button.click().run()
    assert len(_titles(at)) == 14 and _titles(at)[:2] == answers
    # The count above; where the answers end, the button's words, as a heading.
    assert [c.value for c in at.caption if c.value in (count.format(**said), button.label)] == [
        count.format(**said),
        more.format(**said),
    ]


@pytest.mark.parametrize(
    ("lang", "said", "more", "index"),
    [
        (
            "pt",
            "Nenhuma regra responde bem a “pode virar a carta do jogo?”",
            "Ver {more} regras com essas palavras",
            "Ver todas as {total} regras",
        ),
        (
            "en",
            "No rule answers “pode virar a carta do jogo?” well",
            "See {more} rules with these words",
            "See all {total} rules",
        ),
    ],
)
def test_a_question_nothing_answers_says_so_and_offers_the_index(
    open_app: Open, lang: str, said: str, more: str, index: str
) -> None:
    """Only “carta” and “jogo” of it are in the rules, in half of them: no point is shown
    as its answer (the first held a “carta”); the page says so, keeps the points with its
    words one tap away, and offers the index: every rule, as before a search."""
    query = "pode virar a carta do jogo?"
    counts = {"more": len(reference.search(query)), "total": len(reference.points())}
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    assert at.info[0].value.startswith(said) and not _titles(at)
    (button,) = [b for b in at.button if b.key == "lookup_more_button"]
    assert button.label == more.format(**counts) and counts["more"] > 20
    (shown,) = [b for b in at.button if b.key == "lookup_index"]
    assert shown.label == index.format(**counts)
    shown.click().run()
    assert at.text_input(key="lookup_search").value == ""
    assert len(_titles(at)) == 12 and not at.info


@pytest.mark.parametrize(
    ("lang", "query", "said", "first"),
    [
        (
            "pt",
            "3 pretos",
            "As regras não falam de “pretos”: as respostas abaixo são para o resto da pergunta.",
            "Quanto vale cada carta",
        ),
        (
            "en",
            "black threes",
            "The rules do not speak of “black”: the answers below are to the rest of the question.",
            "What each card is worth",
        ),
    ],
)
def test_a_word_no_rule_holds_is_said_above_the_answers(
    open_app: Open, lang: str, query: str, said: str, first: str
) -> None:
    """No source speaks of a card's colour (black or red threes belong to other games): the
    page says so, in the reader's language, and answers the rest, what a 3 is worth [000,
    001, 002, 003]. “3 pretos” led with “A armadilha da última carta” (“pretos” read as
    “preso”), “black threes” with “Melds don't merge; cards never go back”."""
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    assert said in [c.value for c in at.caption]
    assert _titles(at)[0] == first and not at.info


@pytest.mark.parametrize(
    ("lang", "said", "topic", "listed"),
    [
        ("pt", "As regras não falam de “virar”.", "O lixo", "Assunto: O lixo"),
        ("en", "The rules do not speak of “virar”.", "The lixo (discard pile)", "Topic: The lixo"),
    ],
)
def test_a_question_nothing_answers_offers_the_topics(
    open_app: Open, lang: str, said: str, topic: str, listed: str
) -> None:
    """Nothing answers “pode virar a carta do jogo?”: the box says which of its words no
    rule holds, and each topic is one tap away, listing that topic's points (the page had
    only the index and the points sharing “carta” or “jogo” to offer)."""
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input("pode virar a carta do jogo?").run()
    assert at.info[0].value.endswith(said)
    titles = {b.label: b for b in at.button if b.key and b.key.startswith("lookup_topic_")}
    assert len(titles) == len(reference.topics())
    titles[topic].click().run()
    lixo = [p.title(lang) for p in reference.points() if p.topic == "lixo"]
    assert _titles(at) == lixo and not at.info
    assert at.text_input(key="lookup_search").value == ""
    assert any(c.value.startswith(listed) for c in at.caption)


@pytest.mark.parametrize(
    ("lang", "query", "said"),
    [
        ("pt", "xyzzy", "Nenhuma regra com “xyzzy”."),
        ("pt", "Pretos Vermelhos", "Nenhuma regra com “Pretos Vermelhos”."),
        ("en", "xyzzy", "No rule mentions “xyzzy”."),
    ],
)
def test_a_question_no_rule_holds_a_word_of_is_said_once(
    open_app: Open, lang: str, query: str, said: str
) -> None:
    """A word no rule holds, searched alone, was said twice: “Nenhuma regra com “xyzzy”. As
    regras não falam de “xyzzy”.” Now once; a question with other words still names the
    ones no rule holds (test_a_question_nothing_answers_offers_the_topics)."""
    at = open_app("lookup", lang=lang)
    at.segmented_control(key="lookup_view").set_value("rules").run()
    at.text_input(key="lookup_search").input(query).run()
    assert at.info[0].value == said


def test_going_out_when_the_mortos_became_stock_says_no_morto_is_needed(open_app: Open) -> None:
    """Both mortos became the stock: going out needs no morto [001, 002], and the answer says
    so, not “tem o morto” (nobody has one); every reason reads as a sentence."""
    at = go_out(open_app("lookup"), "4h 5h 6h 7h 8h 9h 10h", morto="stock")
    said = " ".join(m.value for m in at.markdown)
    assert "os mortos viraram monte" in said and "tem o morto" not in said
    at = go_out(open_app("lookup"), "4h 5h 6h", morto="available")
    bullets = [line for m in at.markdown for line in m.value.splitlines() if line.startswith("- ")]
    assert bullets and all(line[2].isupper() for line in bullets), bullets  # “Falta pegar…”


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "o morto da dupla virou monte, e sem morto não se bate nesta rodada"),
        ("en", "the side's morto became the stock, and without a morto there is no going out"),
    ],
)
def test_going_out_when_only_our_morto_became_stock_says_no(
    open_app: Open, lang: str, said: str
) -> None:
    """Our morto became the stock and theirs did not: we have no morto to take, and going out
    needs one [001, 002, 003]. The form offered only “nobody took one: both became stock”
    (a wrong yes) or “not taken yet” (“falta pegar o morto”, with none to take)."""
    at = go_out(open_app("lookup", lang=lang), "4h 5h 6h 7h 8h 9h 10h", morto="stock_ours")
    assert at.error and said in at.error[0].value
    # Not “ainda não” (“yet”): no morto comes back this round.
    headline = {"pt": "Nesta rodada não dá para bater", "en": "You may not go out this round"}
    assert at.error[0].value.startswith(headline[lang])


def test_a_mistyped_top_card_is_not_met_with_the_first_steps_hint(open_app: Open) -> None:
    """“4p” gets its own error under the field; the caption for an empty form (“Toque a
    carta de cima…”) would read as if nothing had been typed."""
    at = lixo(open_app("lookup"), "4p", "")
    assert any("para paus escreva 4c" in e.value for e in at.error)
    assert not any(c.value.startswith("Toque a carta de cima") for c in at.caption)
    assert any(
        c.value.startswith("Toque a carta de cima")
        for c in lixo(open_app("lookup"), "", "").caption
    )


# --- audit 13: the answer above the grid, the deciding reason, the waiting morto ------------


# A hand of eleven cards and two melds, typed with suit letters (each read back under its
# field), as at a table.
FULL_HAND = "5h 6h Kd Qs 9c 10c Jc 3d 8d 8s 8c"
TWO_MELDS = "Qs Ks As\n4d 5d 6d 7d"


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_lixo_answer_stands_under_the_top_card_and_the_hand(open_app: Open, lang: str) -> None:
    """On a 390x844 phone the yes stood under the side's melds, below the fold with two of
    them typed (y 830 with one). The top card and the hand share a row that never wraps, and
    the answer stands right under them, above the melds it also depends on (as Posso bater?
    puts its answer above the morto's choices) and above the grid."""
    at = lixo(open_app("lookup", lang=lang), "7h", FULL_HAND, TWO_MELDS)
    drawn = in_order(at.main)
    keyed = {getattr(node, "key", None): n for n, node in enumerate(drawn)}
    answer = next(n for n, node in enumerate(drawn) if type(node).__name__ == "Success")
    assert keyed["lookup_lixo_top"] < keyed["lookup_lixo_hand"] < answer
    assert answer < keyed["lookup_lixo_melds"] < keyed["lookup_lixo_into"]
    # (one row: the two fields in the same horizontal block, kept on one line on a phone)
    rows = [
        node
        for node in drawn
        if type(node).__name__ == "Block"
        and node.proto.flex_container.direction == node.proto.flex_container.HORIZONTAL
        and {"lookup_lixo_top", "lookup_lixo_hand"}
        <= {getattr(c, "key", None) for c in in_order(node)}
    ]
    assert len(rows) == 1 and not rows[0].proto.flex_container.wrap


def _above_grid(at: AppTest, grid: str) -> list[str]:
    """The texts of the alerts and Markdown drawn before the card grid `grid` (what a phone
    shows right under the fields, without scrolling)."""

    def walk(node: object) -> list[object]:
        out: list[object] = []
        for child in getattr(node, "children", {}).values():
            out += [child, *walk(child)]
        return out

    said = []
    for node in walk(at.main):
        if str(getattr(node, "key", "") or "").startswith(f"{grid}_grid_"):
            return said
        if type(node).__name__ in ("Error", "Success", "Warning", "Markdown"):
            text = as_read(str(getattr(node, "value", "")))
            said.append(re.sub(r":(?:red|violet)\[([^\]]*)\]", r"\1", text))  # card colours
    raise AssertionError(f"no grid {grid}")


def test_the_answer_to_each_question_is_above_the_card_grid(open_app: Open) -> None:
    """On a 390 px phone the 53-card grid is a screen tall: the one-line verdict sits above it,
    the whole explanation (reasons and sources) stays below [audit 13, U1]."""
    at = open_app("lookup")
    at.text_input(key="lookup_cards").input("5h 6h 2c 8h 7h").run()
    assert _above_grid(at, "lookup_cards")[0].startswith("✓ Jogo válido")
    assert "2♣ no lugar do 9♥" in _above_grid(at, "lookup_cards")[0]
    at.text_input(key="lookup_cards").input("5h 6h 8h").run()
    above = _above_grid(at, "lookup_cards")
    assert above[:2] == ["✗ Jogo inválido", "Falta carta na sequência: 7♥."]
    assert any(":gray[(" in m.value for m in at.markdown)  # the reasons, below
    at = lixo(open_app("lookup"), "7h", "Kc Qd")
    assert _above_grid(at, "lookup_lixo")[0].startswith("Não: com estas cartas")
    at = lixo(open_app("lookup"), "7h", "5h 6h")
    assert _above_grid(at, "lookup_lixo")[0].startswith("Sim, você pode pegar o lixo")
    at = go_out(open_app("lookup"), "4h 5h 6h 7h 8h 9h 10h", morto="available")
    assert _above_grid(at, "lookup_go_out") == [
        "Ainda não dá para bater: falta pegar o morto da dupla."
    ]
    assert go_out(open_app("lookup"), "4h 5h 6h 7h 8h 9h 10h").success


def test_a_refused_pickup_gives_the_reason_of_the_closest_try(open_app: Open) -> None:
    """Not the plain “the top card must go into a meld, new or on the table” when it does fit
    one: the rule that stops the closest try, with its option [audit 13, D2]."""
    at = lixo(open_app("lookup"), "2c", "", "4h 5h 6h")  # a wild on top fits 4-5-6
    headline = read(at.error[0].value)
    assert "Com um curinga (2♣) no topo, o lixo só é pego para começar um jogo novo" in headline
    said = " ".join(as_read(m.value) for m in at.markdown)
    assert "Tentativa mais próxima: Pegar o lixo e pôr a carta de cima no jogo 1" in said
    assert "opção “2 do lixo no lugar natural”" in said
    assert "num que já está na mesa" not in said + headline
    at = lixo(open_app("lookup", pickup="top_card_two_from_hand"), "7h", "8h", "4h 5h 6h")
    assert "é preciso ter duas cartas na mão" in at.error[0].value
    at = lixo(open_app("lookup", lang="en", rules="stbl"), "5s", "5h 5d")
    assert "Trincas (lavadeiras) are not allowed in this variant" in at.error[0].value


def test_in_aberto_the_lixo_is_said_to_be_free(open_app: Open) -> None:
    """Aberto: nothing to justify [000]; no “Jeitos de justificar: Pegar o lixo” [audit 13]."""
    at = lixo(open_app("lookup", rules="aberto"), "7h", "Kc Qd")
    assert at.success[0].value == "Sim: no Aberto o lixo é livre, pega-se sem justificar."
    said = " ".join(m.value for m in at.markdown)
    assert "de justificar:" not in said and "Pegar o lixo" not in said  # (Jeito, Jeitos)
    at = lixo(open_app("lookup", lang="en", rules="fechado", pickup="free"), "7h", "Kc Qd")
    assert at.success[0].value.startswith("Yes: at this table the lixo is free")


def test_going_out_with_the_morto_waiting_follows_the_table_option(open_app: Open) -> None:
    """A partner beat indirectly and the morto waits: [003] says wait, [000, 001] say the
    morto was received at the beat (option partner_may_go_out_while_morto_waits) [audit 13,
    D9]."""
    canastra = "4h 5h 6h 7h 8h 9h 10h"
    at = go_out(open_app("lookup"), canastra, morto="waiting")
    assert "um de nós bateu indireto" in at.radio(key="lookup_go_out_morto").format_func("waiting")
    assert "o morto da dupla ainda espera" in at.error[0].value
    at = go_out(
        open_app("lookup", partner_may_go_out_while_morto_waits="true"), canastra, "waiting"
    )
    assert at.success and not at.error
    said = " ".join(m.value for m in at.markdown)
    assert "opção “parceiro bate com o morto à espera”" in said


def test_a_portuguese_rank_letter_says_to_write_q_j_k(open_app: Open) -> None:
    """D(ama), V(alete), R(ei) typed by habit: the message says Q, J, K, and that c is paus
    while copas is h [audit 13, U4]."""
    at = open_app("lookup")
    at.text_input(key="lookup_cards").input("10c Jc Dc").run()
    said = at.error[0].value
    assert "“Dc” não é uma carta" in said and "Q = dama, J = valete, K = rei" in said
    assert "escreva Qc ou Q♣" in said and "c é paus ♣, copas é h ♥" in said
    at = lixo(open_app("lookup", lang="en"), "Rh", "")
    assert "write Kh or K♥" in at.error[0].value


def test_a_rule_the_table_changed_is_said_to_be_the_tables(open_app: Open) -> None:
    """Trincas turned off on Fechado: “nesta mesa”, the table's choice; in STBL, whose preset
    has none, still “nesta variante” [audit 13, U12]."""
    at = open_app("lookup", trincas="false")
    at.text_input(key="lookup_cards").input("5h 5s 5d").run()
    said = " ".join(m.value for m in at.markdown)
    assert "Trinca (lavadeira) não vale nesta mesa" in said and "nesta variante" not in said
    at = open_app("lookup", rules="stbl")
    at.text_input(key="lookup_cards").input("5h 5s 5d").run()
    assert "Trinca (lavadeira) não vale nesta variante" in " ".join(m.value for m in at.markdown)
    at = lixo(open_app("lookup", rules="aberto", pickup="top_card"), "7h", "Kc Qd")
    assert "Nesta mesa o lixo só é pego" in " ".join(m.value for m in at.markdown)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "O 4♥ aparece 3 vezes nos jogos da sua dupla, mas o baralho só tem 2."),
        ("en", "The 4♥ appears 3 times in your side's melds, but the deck holds 2."),
    ],
)
def test_going_out_with_more_copies_of_a_card_than_the_deck_holds(
    open_app: Open, lang: str, said: str
) -> None:
    """Each meld is possible, but a third 4♥ over the melds is a typo: no "yes, go out"."""
    melds = "4h 5h 6h 7h 8h 9h 10h\n4h 5h 6h\n4h 4s 4d"  # a trinca: Fechado [001]
    at = go_out(open_app("lookup", lang=lang), melds)
    assert not at.exception and not at.success
    assert [as_read(e.value) for e in at.error] == [said]


def test_a_shared_link_opens_the_same_question(open_app: Open) -> None:
    """At the table a question is settled by sending the answer: the address carries the
    view and what was typed for it, and the link opens them, in any language."""
    at = open_app("lookup", lang="pt")
    lixo(at, "7h", "5h 6h Kc", "9s 10s Js")
    sent = {k: v for k, v in at.query_params.items() if k not in ("lang", "rules")}
    assert sent == {"view": "lixo", "top": "7h", "hand": "5h 6h Kc", "melds": "9s 10s Js"}
    opened = open_app("lookup", lang="en", **sent)
    assert opened.segmented_control(key="lookup_view").value == "lixo"
    assert opened.success[0].value.startswith("Yes, you may take the lixo")
    searched = open_app("lookup", view="rules", q="morto")
    assert searched.text_input(key="lookup_search").value == "morto"
    assert any("morto" in m.value for m in searched.markdown)
    # Back on the first view with nothing typed: the bare address.
    searched.segmented_control(key="lookup_view").set_value("meld").run()
    assert not {"view", "q"} & set(searched.query_params)


def test_a_question_asked_has_its_link_to_copy(open_app: Open) -> None:
    """A phone at the table cannot always copy the address bar: under the answer, "Link desta
    pergunta" holds the link (in a code block, with its copy button), and that link opens
    the same question with the same table's rules, in the language it was sent in."""
    at = open_app("lookup", lang="pt", rules="stbl")
    assert not at.code  # nothing asked yet: nothing to share
    lixo(at, "7h", "5h 6h Kc", "9s 10s Js")
    (share,) = [e for e in at.expander if e.label == "Link desta pergunta"]
    (code,) = share.code
    sent = {k: v[0] for k, v in parse_qs(urlsplit(code.value).query).items()}
    assert sent == {
        "lang": "pt",
        "rules": "stbl",
        "view": "lixo",
        "top": "7h",
        "hand": "5h 6h Kc",
        "melds": "9s 10s Js",
    }
    opened = open_app("lookup", **sent)
    assert opened.segmented_control(key="lookup_view").value == "lixo"
    assert opened.success[0].value == at.success[0].value
    blank = open_app("lookup", view="rules")
    blank.text_input(key="lookup_search").input("   ").run()
    assert not blank.code and "q" not in blank.query_params  # spaces ask nothing


@pytest.mark.parametrize(
    ("query", "ok", "needs"),
    [
        (
            {"rules": "fechado"},
            True,
            "Basta qualquer canastra, limpa ou suja."
            " (textos 000, 001; em disputa: o texto 003 diz outra coisa)",
        ),
        (
            {"rules": "stbl"},
            False,
            "Precisa de uma canastra limpa (ou de 500, ou real). (textos 000, 001, 002, 003)",
        ),
        (
            {"rules": "fechado", "go_out_requires": "clean_canastra"},
            False,
            "Precisa de uma canastra limpa (ou de 500, ou real)."
            " (texto 003; em disputa: os textos 000, 001 dizem outra coisa)",
        ),
    ],
)
def test_going_out_says_which_canastra_the_table_needs_and_who_says_so(
    open_app: Open, query: dict[str, str], ok: bool, needs: str
) -> None:
    """Going out needs a canastra: clean in Aberto and STBL, in every source; any in
    Fechado by [000, 001], a clean one by [003]'s main text (option go_out_requires).
    “Sim, a dupla pode bater” with a dirty canastra is the Fechado default's answer: the
    option in force is said with it, and (it said only the option) its sources, and in
    Fechado that the sources disagree: the table arguing sees the answer is a choice."""
    at = go_out(open_app("lookup", **query), "4h 5h 6h 7h 8h 9h JK")
    assert bool(at.success) is ok
    assert f"Nesta mesa (opção “bater com”): {needs}" in [c.value for c in at.caption]


def test_a_text_refused_as_too_long_is_not_put_in_the_link(open_app: Open) -> None:
    """“Nada foi lido nem guardado”: a pasted page of cards is neither kept in the address nor
    offered in a link to send (the address carried all 10,000 characters)."""
    at = open_app("lookup")
    at.text_input(key="lookup_cards").input("4h " * 3400).run()
    assert "texto longo demais" in at.error[0].value
    assert "cards" not in at.query_params and not at.code
    at = open_app("lookup", view="rules")
    at.text_input(key="lookup_search").input("morto " * 40).run()
    assert "q" not in at.query_params and not at.code


def test_a_shared_link_with_the_top_card_sends_the_taps_to_the_hand(open_app: Open) -> None:
    """The top card came with the link: the card grid starts on the hand, the field still
    to fill, not on the top card a tap would replace."""
    at = open_app("lookup", view="lixo", top="7h")
    assert at.segmented_control(key="lookup_lixo_into").value == "lookup_lixo_hand"
    fresh = open_app("lookup", view="lixo")
    assert fresh.segmented_control(key="lookup_lixo_into").value == "lookup_lixo_top"


def test_a_link_to_a_question_that_does_not_exist(open_app: Open) -> None:
    at = open_app("lookup", lang="en", view="score", morto="maybe")
    assert not at.exception
    assert at.warning[0].value.startswith("The link asks for the question “score”")
    assert at.segmented_control(key="lookup_view").value == "meld"
    assert "view" not in at.query_params and "morto" not in at.query_params


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "pt",
            "O link diz “talvez” sobre o morto da sua dupla, que não é uma das respostas:"
            " ficou “já pegamos”.",
        ),
        (
            "en",
            "The link says “talvez” of your side's morto, which is not one of the answers:"
            " left at “we took it”.",
        ),
    ],
)
def test_a_link_with_a_morto_answer_that_does_not_exist_says_so(
    open_app: Open, lang: str, said: str
) -> None:
    """A bad `morto=` was dropped without a word, while a bad `view=` is said: the form
    showed “já pegamos”, not what the link sent, and nothing told the reader so."""
    at = open_app("lookup", lang=lang, view="go_out", morto="talvez")
    assert not at.exception
    assert [w.value for w in at.warning] == [said]
    assert at.radio(key="lookup_go_out_morto").value == "taken"
    assert "morto" not in at.query_params


@pytest.mark.parametrize("view", ["meld", "lixo", "go_out", "rules"])
def test_the_round_score_and_an_argument_are_one_tap_away(open_app: Open, view: str) -> None:
    """The table's quick questions include what the round scores and who is right: under
    every view, links to the calculator and to “Quem tem razão?”."""
    at = open_app("lookup", view=view)
    links = [str(link.proto.label) for link in at.get("page_link")]
    assert links[-2:] == [
        "Quanto vale a rodada? Calculadora",
        "Uma discussão na mesa? Quem tem razão?",
    ]


def test_a_tap_sent_with_the_address_of_an_earlier_tap_keeps_every_card(open_app: Open) -> None:
    """The address follows the fields (a shared link opens them), but the browser takes a new
    address a moment after the run: a quick thumb's next tap can carry the one before. Seven
    cards tapped fast in a full run of the browser tests came back short: the older address
    was read as a link opened, over the taps made since (here 4♥ 5♥ 6♥ came back as 4♥). A
    link is read once a session, when it opens the page."""
    at = open_app("lookup")
    for rank in (4, 5):
        at.pills(key="lookup_cards_grid_h").set_value(parse_card(f"{rank}h")).run()
    assert at.query_params["cards"] == "4♥ 5♥"
    at.query_params["cards"] = "4♥"  # (the address the browser still had at the third tap)
    at.pills(key="lookup_cards_grid_h").set_value(parse_card("6h")).run()
    assert at.text_input(key="lookup_cards").value == "4♥ 5♥ 6♥"


@pytest.mark.parametrize(
    ("lang", "top", "hand", "melds", "said"),
    [
        ("pt", "Kd", "Qd Jd 2c", "", "Sim, você pode pegar o lixo: baixe o K♦ com J♦ Q♦ (4 jeitos"),
        (
            "pt",
            "7s",
            "3c",
            "4s 5s 6s",
            "Sim, você pode pegar o lixo: ponha o 7♠ no jogo 1, o de 4♠ 5♠ 6♠ (1 jeito",
        ),
        ("en", "Kd", "Qd Jd 2c", "", "Yes, you may take the lixo: lay the K♦ with J♦ Q♦ (4 ways"),
    ],
)
def test_the_yes_to_the_lixo_says_how_above_the_grid(
    open_app: Open, lang: str, top: str, hand: str, melds: str, said: str
) -> None:
    """Fechado, a justified pickup [002, 003]: the yes above the card grid names the plainest
    way, the one with no wild; the ways in full are under the grid, a screen down on a phone,
    and the yes said only how many there were."""
    at = lixo(open_app("lookup", lang=lang), top, hand, melds)
    assert read(_above_grid(at, "lookup_lixo")[0]).startswith(said)


@pytest.mark.parametrize(
    ("lang", "query", "top", "hand", "rule"),
    [
        (
            "pt",
            {},
            "Kd",
            "Jd Qd 4c",
            "Nesta variante o lixo só é pego se a carta de cima (K♦) entrar num jogo"
            " na mesma jogada: num jogo novo ou num que já está na mesa. (textos 000,"
            " 002, 003; opção “pegar o lixo”)",
        ),
        (
            "pt",
            {},
            "2d",
            "Jd Qd",
            "Com um curinga (2♦) no topo, o lixo só é pego para começar um jogo novo com ele."
            " (textos 002, 003;",
        ),
        (
            "en",
            {"pickup": "top_card_two_from_hand"},
            "Kd",
            "Jd Qd",
            "two cards from the hand that form a meld with the top card (K♦)",
        ),
        ("pt", {"rules": "aberto"}, "Kd", "Jd", "(texto 000; opção “pegar o lixo”)"),
    ],
)
def test_the_yes_to_the_lixo_says_which_rule_it_rests_on(
    open_app: Open, lang: str, query: dict[str, str], top: str, hand: str, rule: str
) -> None:
    """A yes named the way to take the lixo but not the rule: the no said its rule and its
    sources, the yes neither (a table arguing over it had nothing to point at). Under the
    ways: the rule of this table's pickup, with the texts it rests on [000, 002, 003]."""
    at = lixo(open_app("lookup", lang=lang, **query), top, hand)
    assert at.success and not at.error
    said = said_on(at)
    assert rule in said


@pytest.mark.parametrize(
    ("lang", "hand", "heading"),
    [
        ("pt", "5h 6h", "Jeito de justificar:"),
        ("pt", "5h 6h 8h 9h", "Jeitos de justificar:"),
        ("en", "5h 6h", "Way to justify it:"),
        ("en", "5h 6h 8h 9h", "Ways to justify it:"),
    ],
)
def test_the_ways_to_take_the_lixo_are_headed_in_their_number(
    open_app: Open, lang: str, hand: str, heading: str
) -> None:
    """One way listed under “Jeitos de justificar:” (“Ways to justify it:”), as the yes
    above said “1 jeito”: the heading is singular for one way, plural for more."""
    at = lixo(open_app("lookup", lang=lang), "7h", hand)
    said = [m.value for m in at.markdown]
    assert heading in said
    listed = said[said.index(heading) + 1 :]
    ways = listed[: next(n for n, m in enumerate(listed) if not m.startswith("- "))]
    assert (len(ways) == 1) == heading.startswith(("Jeito ", "Way ")), ways


def test_a_500_in_stbl_says_it_counts_only_laid_at_once(open_app: Open) -> None:
    """Is this meld valid? A canastra de 500 in STBL showed “Bônus: 500” and nothing of
    [002]'s rule that it must be laid in one move; the answer now says so, with its option."""
    cards = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    at = open_app("lookup", rules="stbl", cards=cards)
    said = " ".join(as_read(m.value) for m in at.markdown)
    assert "montada aos poucos, ela conta como limpa" in said
    assert "500/real de uma vez" in said
    at = open_app("lookup", cards=cards)  # Fechado: not asked
    assert "aos poucos" not in " ".join(as_read(m.value) for m in at.markdown)


def test_a_pickup_that_ends_the_hand_says_it_depends_on_the_morto_003(open_app: Open) -> None:
    """[003] “Para dá-la, a dupla precisa já ter pegado o seu morto e ter pelo menos uma
    canastra”. 7♥ with 5♥ 6♥, the whole hand, no canastra: the form asks neither the morto
    nor the lixo's size, and said a plain “Sim” that the judge refuses once the morto was
    taken and the lixo is that one card. Above the grid the yes now says when it holds."""
    at = lixo(open_app("lookup"), "7h", "5h 6h")
    above = [read(a) for a in _above_grid(at, "lookup_lixo")]
    assert above[0].startswith("Sim, você pode pegar o lixo: baixe o 7♥ com 5♥ 6♥")
    assert above[1] == (
        "Mas, se o morto da dupla já foi pego (ou espera a vez de quem bateu indireto) e estas"
        " são todas as suas cartas, só com pelo menos 3 cartas no lixo (as de baixo vêm para a"
        " mão). Com menos, não: esta jogada acabaria com as cartas da mão, mas a dupla ainda"
        " não pode bater: falta uma canastra (limpa ou suja) na mesa da dupla."
    )
    said = said_on(at)
    assert "Com o morto da dupla já pego e só esta carta no lixo:" in said
    en = lixo(open_app("lookup", lang="en", rules="stbl"), "7h", "5h 6h Kc")
    assert "only with at least 2 cards in the lixo" in read(en.warning[0].value)
    # Two cards stay in the hand: the morto decides nothing, no “but”.
    assert not lixo(open_app("lookup"), "7h", "5h 6h Kc Qd").warning


def test_a_justified_pickup_is_never_explained_as_a_free_lixo_000(open_app: Open) -> None:
    """The free lixo (“Lixo livre: quem pega leva a pilha inteira”) is Aberto's rule [000:
    “sem justificada para compra do lixo”]: a yes in Fechado names the rule of the top card
    it rests on and never that one, with or without the line on a morto already taken (the
    free rule was drawn under the yes of every table where the side was not vulnerable)."""
    free = "Lixo livre: quem pega leva a pilha inteira"
    for hand in ("5h 6h", "5h 6h Kc Qd"):
        at = lixo(open_app("lookup"), "7h", hand)
        said = said_on(at)
        assert "Nesta variante o lixo só é pego se a carta de cima" in said
        assert free not in said
    aberto = lixo(open_app("lookup", rules="aberto"), "7h", "5h 6h")
    assert free in said_on(aberto)


def test_a_first_baixada_below_the_vulnerable_minimum_says_so_003(open_app: Open) -> None:
    """[003] “A partir daí, a primeira baixada da dupla precisa somar pelo menos 75 pontos
    em cartas” (option vulnerable_min_meld_points): the form does not ask whether the side
    is vulnerable, and said a plain “Sim” that the judge refuses for a vulnerable side."""
    at = lixo(open_app("lookup", vulnerable_min_meld_points="75"), "7h", "5h 6h Kc Qd")
    above = [read(a) for a in _above_grid(at, "lookup_lixo")]
    assert above[0].startswith("Sim, você pode pegar o lixo")
    assert above[1] == (
        "Mas, se a dupla está vulnerável, a primeira baixada precisa somar 75 pontos em cartas"
        " nesta vez: este jogo soma 15, e estas cartas não completam o resto (só se as de baixo"
        " do lixo completarem)."
    )
    said = said_on(at)
    assert "Com a dupla vulnerável e só esta carta no lixo:" in said
    one = {"vulnerable_min_meld_points": "75", "vulnerable_min_counts": "first_meld"}
    en = lixo(open_app("lookup", lang="en", **one), "7h", "5h 6h Kc Qd")
    assert read(en.warning[0].value) == (
        "But if your side is vulnerable, no: its first meld must total 75 card points,"
        " and this one totals 15."
    )
    assert not lixo(open_app("lookup"), "7h", "5h 6h Kc Qd").warning  # no minimum asked


def test_with_no_hand_typed_the_but_speaks_of_one_card_003(open_app: Open) -> None:
    """[003] “a dupla precisa já ter pegado o seu morto e ter pelo menos uma canastra”: 7♥
    onto 4♥ 5♥ 6♥, the hand left empty, said “estas são todas as suas cartas” of no card."""
    at = lixo(open_app("lookup"), "7h", "", "4h 5h 6h")
    assert read(at.warning[0].value) == (
        "Mas, se o morto da dupla já foi pego (ou espera a vez de quem bateu indireto) e você"
        " tem uma só carta na mão, só com pelo menos 2 cartas no lixo (as de baixo vêm para a"
        " mão). Com menos, não: sobraria uma só carta, que só sairia batendo, e a dupla ainda"
        " não pode bater: falta uma canastra (limpa ou suja) na mesa da dupla."
    )


def test_with_the_morto_waiting_a_pickup_that_ends_the_hand_says_so_003(open_app: Open) -> None:
    """[003] “Batida indireta: você descarta a sua última carta. O morto fica à espera, e você
    o pega no começo da sua próxima vez”; “a dupla precisa já ter pegado o seu morto” to go
    out. 7♥ with 5♥ 6♥, the whole hand, beside a canastra: with the morto taken the pickup
    goes out, but while it waits for the partner the judge refuses it, and the yes was plain."""
    canastra = "4s 5s 6s 7s 8s 9s 10s"
    at = lixo(open_app("lookup"), "7h", "5h 6h", canastra)
    assert read(at.warning[0].value) == (
        "Mas, se o morto da dupla espera a vez de quem bateu indireto e estas são todas as suas"
        " cartas, só com pelo menos 3 cartas no lixo (as de baixo vêm para a mão). Com menos,"
        " não: esta jogada acabaria com as cartas da mão, mas a dupla ainda não pode bater: o"
        " morto da dupla ainda espera a próxima vez de quem bateu indireto."
    )
    said = said_on(at)
    assert "Com o morto da dupla à espera e só esta carta no lixo:" in said
    # Where the waiting morto was received at the beat [000, 001], nothing waits.
    received = open_app("lookup", partner_may_go_out_while_morto_waits="true")
    assert not lixo(received, "7h", "5h 6h", canastra).warning


@pytest.mark.parametrize(
    ("lang", "top", "hand", "said", "way"),
    [
        (
            "pt",
            "7h",
            "Kc",
            "Sim, você pode pegar o lixo: ponha o 7♥ no jogo 2, o de 4♥ 5♥ 6♥ (1 jeito",
            "Pegar o lixo e pôr a carta de cima no jogo 2 (4♥ 5♥ 6♥)",
        ),
        (
            "pt",
            "Qs",
            "Js Kc",
            "Sim, você pode pegar o lixo: ponha o Q♠ com J♠ no jogo 1, o de 8♠ 9♠ 10♠ (1 jeito",
            "Pegar o lixo e pôr a carta de cima com J♠ no jogo 1 (8♠ 9♠ 10♠)",
        ),
        (
            "en",
            "7h",
            "Kc",
            "Yes, you may take the lixo: put the 7♥ on meld 2, the one with 4♥ 5♥ 6♥ (1 way",
            "Take the lixo and put its top card on meld 2 (4♥ 5♥ 6♥)",
        ),
    ],
)
def test_the_yes_to_the_lixo_names_the_meld_by_its_cards_not_only_its_line(
    open_app: Open, lang: str, top: str, hand: str, said: str, way: str
) -> None:
    """Fechado, the top card justified onto a meld on the table [002, 003]. Three melds typed,
    one a line: “ponha o 7♥ no jogo 2” left the phone's owner to count the lines (and the
    ways under the grid said “no jogo 2” alone); a card the hand adds read “no jogo 1 + J♠”,
    as if laid elsewhere. Now the meld is named by its cards too, and the hand's card goes
    with the top card, as the ways say it."""
    melds = "8s 9s 10s\n4h 5h 6h\nQd Kd Ad"
    at = lixo(open_app("lookup", lang=lang), top, hand, melds)
    assert read(_above_grid(at, "lookup_lixo")[0]).startswith(said)
    assert f"- {way}" in [read(as_read(m.value)) for m in at.markdown]


@pytest.mark.parametrize(
    ("query", "said"),
    [
        (
            {},
            "Bate-se com a última carta num jogo ou no lixo (opção “bater”; textos 000, 001,"
            " 002; em disputa: o texto 003 diz outra coisa).",
        ),
        (
            {"go_out_by": "discard"},
            "Nesta mesa só se bate descartando: guarde uma carta para o lixo (opção “bater”;"
            " texto 003; em disputa: os textos 000, 001, 002 dizem outra coisa).",
        ),
    ],
)
def test_going_out_says_how_the_last_card_may_go_and_who_says_so(
    open_app: Open, query: dict[str, str], said: str
) -> None:
    """Going out by any last card, onto a meld or the lixo [000, 001, 002], or only by
    discarding it [003] (option go_out_by): the line under “Posso bater?” said the table's
    way with neither its option nor its sources, where the table may be arguing just that."""
    at = go_out(open_app("lookup", **query), "4h 5h 6h 7h 8h 9h 10h")
    assert said in [c.value for c in at.caption]


@pytest.mark.parametrize(
    ("lang", "rules", "here", "away"),
    [
        ("pt", "aberto", "não entra em jogo", "inclusive de ases"),
        ("pt", "fechado", "então a regra vale", "só sequências do mesmo naipe"),
        ("en", "aberto", "does not come into play", "aces included"),
        ("en", "fechado", "so the rule holds", "runs of one suit only"),
    ],
)
def test_the_wild_in_a_trinca_box_says_where_the_rule_comes_into_play(
    open_app: Open, lang: str, rules: str, here: str, away: str
) -> None:
    """“Um curinga na trinca”, searched at an Aberto table, said “Na sua mesa: Não vale
    trinca: só sequências do mesmo naipe.” and per variant “Buraco Fechado: Vale trinca, de
    qualquer valor, inclusive de ases.”: the trincas' own lines, of their ranks and suits,
    in the wild's box. It says whether the rule comes into play at the table, and in which
    variants it does."""
    at = open_app("lookup", lang=lang, rules=rules, view="rules", q="2 na trinca vale?")
    title = reference.point("trinca_wild").title(lang)
    box = next(m.value for m in at.markdown if m.value.startswith(f"**{title}**"))
    assert here in box and away not in box, box
    fechado, aberto = (catalog(lang)[f"preset.{p}"] for p in ("fechado", "aberto"))
    assert fechado in box and aberto in box, box
