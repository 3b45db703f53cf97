"""“Quem tem razão?” with AppTest: two claims -> the disputed point, each reading with its
sources, what each variant does, the user's table marked, and a link that carries the
table's choice (the settings read it back)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.who_is_right import match, points_for, table_points, variants_differ
from buraco_core.rules import OPTIONS, PRESETS
from buraco_course.reference import disputes, point
from buraco_text import catalog
from tests.app.conftest import in_order

OpenApp = Callable[..., AppTest]
PT, EN = catalog("pt"), catalog("en")


def claim(at: AppTest, first: str, second: str) -> AppTest:
    at.text_input(key="who_claim_1").set_value(first)
    at.text_input(key="who_claim_2").set_value(second)
    return at.run()


def links(at: AppTest) -> list[dict[str, list[str]]]:
    return [parse_qs(urlsplit(code.value).query) for code in at.code]


@pytest.mark.parametrize(
    ("first", "second", "dispute"),
    [
        ("O parceiro pode bater antes de pegar o morto", "Não pode", "partner_while_morto_waits"),
        ("Trinca pode ter naipe repetido", "Não, naipes diferentes", "trinca_suits"),
        ("O curinga vale 50", "Vale 20", "joker_value"),
        ("My partner may go out while the morto waits", "No", "partner_while_morto_waits"),
        ("The corte de 44 gives 100", "It does not exist", "corte_44"),
        ("A canastra do ás ao rei vale 500", "Não, é real: 1000", "canastra_500_name"),
    ],
)
def test_claims_find_the_disputed_point(first: str, second: str, dispute: str) -> None:
    """Both languages, accents and synonyms as the rules search reads them."""
    assert points_for(first, second)[0].id == dispute


@pytest.mark.parametrize(
    "claims",
    [
        (
            "o 2 em cima do lixo é curinga, só pra jogo novo",
            "não, o 2 vai pro lugar natural no meu jogo",
        ),
        (
            "the 2 on top of the lixo is a wild, new meld only",
            "no, the 2 goes to its natural place",
        ),
        ("o 2 do lixo é curinga", "não, vai pro lugar natural"),
    ],
)
def test_a_2_from_the_lixo_going_to_its_natural_place_is_the_2s_point_not_any_wild(
    claims: tuple[str, str],
) -> None:
    """Whether a 2 on top of the lixo that would sit in its natural place is a wild at all
    ([002] “Coringa ou Dois”: new meld only; [003]: only a wild is restricted, and that 2 is
    none) is the point two_on_top_of_lixo. These claims say the question of a wild on top of
    the lixo whole, and were answered outright with it; that point is still offered."""
    found = match(*claims)
    assert found.sure and found.points[0].id == "two_on_top_of_lixo"
    assert "wild_top_card_new_meld_only" in [d.id for d in found.points]


@pytest.mark.parametrize(
    "claims",
    [
        "o 2 pode ficar ao lado do 2 natural?",
        "posso pôr o 2 curinga ao lado do 2 natural? | não, já tem um 2 no jogo",
        "can a wild 2 sit beside the natural 2?",
    ],
)
def test_a_wild_2_beside_a_natural_2_is_its_own_point_000_003(claims: str) -> None:
    """A 2 “ao lado” (beside) a natural 2 is the point text 000 forbids and text 003 does
    not (one wild per meld, nothing more): said so, it is that point, at once."""
    found = match(*claims.split(" | "))
    assert found.sure and found.points[0].id == "wild_two_beside_natural_two"


@pytest.mark.parametrize(
    "claims",
    [
        "do lado",
        "lado A",
        "nosso lado ganhou",
        "o lado A bateu primeiro",
        "quem tá do lado do morto? | o lado B",
        "o lixo fica ao lado do monte",
    ],
)
def test_lado_as_a_side_of_the_table_is_not_the_wild_2_beside_a_natural_2(
    open_app: OpenApp, claims: str
) -> None:
    """“Lado” as a side of the table (“nosso lado”, “lado A”), or “ao lado” of no 2, is not
    the wild 2 beside a natural 2 [000, 003]: every claim with the word was offered that
    point, whose question alone holds it, and the rules under it named its rule first."""
    assert "wild_two_beside_natural_two" not in [d.id for d in match(*claims.split(" | ")).points]
    at = open_app("who")
    for n, said in enumerate(claims.split(" | "), start=1):
        at.text_input(key=f"who_claim_{n}").input(said)
    at.run()
    offered = [o for r in at.radio if r.key == "who_dispute_found" for o in r.options]
    shown = " ".join([*(m.value for m in at.markdown), *offered])
    dispute = next(d for d in table_points() if d.id == "wild_two_beside_natural_two")
    assert dispute.title("pt") not in shown  # (offered in the list of points)
    assert point("wild_two_beside_natural_two").title.pt not in shown  # (a rule under them)


@pytest.mark.parametrize(
    ("claim", "right"),
    [
        # (RULES.md's disputed points: a 2 on top of the Fechado lixo [002 vs 003]; trinca
        # suits [000 vs 003]; the unused indirect-beat morto [001]. Agreed: the 2 in its
        # natural place is no wild [000, 001, 002, 003]; the side without its morto pays
        # -100 [000, 001, 002, 003].)
        ("is a 2 on the pile wild?", "two_on_top_of_lixo"),
        ("can a trinca have two of the same suit?", "trinca_suits"),
        ("do we lose 100 for a morto we took but never played?", "unused_indirect_morto"),
        ("can a 2 stay in its natural place and keep the canastra clean?", "agreed:natural_two"),
        ("do we get penalised for the morto?", "agreed:morto_penalty"),
    ],
)
def test_an_english_visitors_question_is_answered_with_its_own_point(
    claim: str, right: str
) -> None:
    """An English speaker at a Brazilian table asks as a visitor would: each was answered
    at once with another point (the wild on top of the lixo; the natural 2; the morto's
    -100; the wild 2 beside a natural 2), or, the morto's penalty, only with disputed points
    about other mortos, where the sources agree [audit: English visitor]."""
    found = match(claim)
    if right.startswith("agreed:"):
        assert [p.id for p in found.agreed][:1] == [right.removeprefix("agreed:")]
    else:
        assert not found.agreed and found.sure and found.points[0].id == right


@pytest.mark.parametrize(
    ("claims", "point"),
    [
        (("o coringa vale 50", "o coringa vale 20"), "joker_value"),
        (("the joker is worth 50", "it's worth 20"), "joker_value"),
        (("a batida vale 100", "vale 50"), "batida_bonus"),
    ],
)
def test_a_clear_claim_offers_no_unrelated_points(claims: tuple[str, str], point: str) -> None:
    """Two numbers about the joker are about the joker: not also the batida (worth 50 or
    100 too), nor a wild on top of the lixo."""
    assert [d.id for d in points_for(*claims)] == [point]


def test_related_points_are_still_offered() -> None:
    """A question that touches several points lists them: trincas, their suits, eight of a
    kind."""
    found = [d.id for d in points_for("trinca vale?")]
    assert found[0] == "trincas" and "trinca_suits" in found


@pytest.mark.parametrize(
    ("contracted", "spelt_out"),
    [
        (("there's no trinca in aberto",), ("there is no trinca in aberto",)),
        (("the joker's worth 50", "it's worth 20"), ("the joker is worth 50", "it is worth 20")),
        (("what's the batida worth?",), ("what is the batida worth?",)),
        (
            ("can't I take the pile with a wild on top?",),
            ("can I not take the pile with a wild on top?",),
        ),
        (("a trinca tá valendo?",), ("a trinca está valendo?",)),
        (("cê pode bater sem canastra limpa?",), ("você pode bater sem canastra limpa?",)),
        (("copo d'água não é trinca",), ("copo de água não é trinca",)),
    ],
)
def test_claims_are_read_as_the_lookup_reads_words(
    contracted: tuple[str, ...], spelt_out: tuple[str, ...]
) -> None:
    """Claims are read with the lookup's words (one reading, buraco_course.reference): an
    apostrophe no longer splits “there's” into “there” and a stray “s” that weighed in the
    ranking, nor “d'água” into a lone “d”; “tá” and “cê” are the little words “está”,
    “você”."""
    assert match(*contracted) == match(*spelt_out)


def test_a_contracted_claim_on_trincas_is_the_trincas_point() -> None:
    """“there's no trinca in aberto” was offered “Naipes da trinca” first, unsure (its stray
    “s” weighed); it is the trincas point, whose Aberto reading is no trincas [000, 001,
    003]."""
    found = match("there's no trinca in aberto")
    assert found.sure and found.points[0].id == "trincas"


# The questions people ask at a table, as they ask them: each finds its point first.
TABLE_QUESTIONS = [
    ("trinca vale?", "trincas"),
    ("Vale trinca?", "trincas"),
    ("VALE LAVADEIRA?", "trincas"),
    ("Trinca é permitida?", "trincas"),
    ("No Aberto pode trinca?", "trincas"),  # (the variant's name says which table)
    ("posso baixar três damas?", "trincas"),
    ("Are trincas allowed?", "trincas"),
    ("Do trincas count?", "trincas"),  # (not "eight equal cards count as a real")
    ("trinca conta?", "trincas"),
    ("Can I meld three of a kind?", "trincas"),
    ("Oito cartas iguais valem real?", "eight_of_a_kind"),
    ("Is eight of a kind a real?", "eight_of_a_kind"),
    ("Trinca com naipe repetido vale?", "trinca_suits"),
    ("May a trinca repeat a suit?", "trinca_suits"),
    ("Dá pra ver o lixo todo?", "discard_pile_visible"),
    ("Can I see the whole discard pile?", "discard_pile_visible"),
    ("Posso pegar o lixo sem usar a carta de cima?", "pickup"),
    ("Can I take the discard pile without using the top card?", "pickup"),
    ("Precisa de duas cartas da mão para pegar o lixo?", "stricter_pickup"),
    ("Pode pegar o lixo fechado só com a carta de cima?", "stricter_pickup"),
    ("Curinga no lixo, pode pegar?", "wild_top_card_new_meld_only"),
    ("Pode pegar o lixo com o 2 de copas em cima pra pôr no 3 4 5?", "two_on_top_of_lixo"),
    ("Quanto vale o coringa?", "joker_value"),
    ("How much is a joker worth?", "joker_value"),
    ("Tem coringa no baralho?", "jokers_in_deck"),
    ("Do we play with jokers?", "jokers_in_deck"),
    ("Pode bater com canastra suja?", "go_out_in_fechado"),
    ("Can you go out with a dirty canastra?", "go_out_in_fechado"),
    ("Precisa descartar pra bater?", "go_out_by"),
    ("Quanto vale a batida?", "batida_bonus"),
    ("Canastra limpa vale 300?", "canastra_bonuses"),
    ("A real tem que ser baixada de uma vez?", "big_canastras_at_once"),
    ("Dois 2 no mesmo jogo pode?", "wild_two_beside_natural_two"),
    ("Os dois mortos viraram monte, quem perde?", "both_mortos_stock"),
    (
        "Bati indireto e o adversário bateu antes da minha vez: perco o morto?",
        "unused_indirect_morto",
    ),
    ("Até quantos pontos vai a partida?", "target"),
    ("Vulnerável precisa de 75 pra baixar?", "vulnerability"),
    ("Arredonda os pontos?", "rounding"),
]


@pytest.mark.parametrize(("question", "point"), TABLE_QUESTIONS)
def test_a_table_question_finds_its_point(question: str, point: str) -> None:
    assert points_for(question)[0].id == point


def test_where_the_variants_differ_the_table_can_argue_too() -> None:
    """Every option the variants set differently is a point of the page, each preset's value
    one of its readings (trincas: "Vale trinca?", no in Aberto and STBL, yes in Fechado)."""
    points = table_points()
    for option in OPTIONS:
        if option.presets_differ:
            settled = [p for p in points if p.option == option.name]
            assert settled, option.name
            for preset, value in option.presets.items():
                assert any(
                    p.options_for(p.reading_of(PRESETS[preset]) or p.readings[0])
                    == {option.name: value}
                    for p in settled
                ), (option.name, preset)
    trincas = next(p for p in points if p.id == "trincas")
    assert trincas.title("pt") == "Vale trinca (lavadeira)?" and variants_differ(trincas)
    assert not any(variants_differ(d) for d in disputes())


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_page_shows_readings_sources_presets_and_links(open_app: OpenApp, lang: str) -> None:
    texts = PT if lang == "pt" else EN
    at = claim(
        open_app("who", lang=lang),
        "O parceiro pode bater antes de pegar o morto?",
        "Não pode, o morto espera",
    )
    assert not at.exception and not at.error
    assert at.title[0].value == texts["who.title"]
    partner = next(d for d in disputes() if d.id == "partner_while_morto_waits")
    assert at.radio(key="who_dispute_found").value == partner.id
    shown = " ".join(m.value for m in at.markdown)
    assert f"### {partner.title(lang)}" in shown
    for reading in partner.readings:
        assert reading.text(lang) in shown
    assert "000" in shown and "003" in shown  # each reading's sources
    # The variants: all three take the [003] reading (no going out while the morto waits).
    assert "Buraco Fechado" in shown and texts["who.your_table"] in shown
    # One link per reading, each carrying its value of the option.
    found = links(at)
    assert [q.get("partner_may_go_out_while_morto_waits") for q in found] == [["true"], None]
    assert all(q["lang"] == [lang] for q in found)


def test_a_point_picked_from_the_list_brings_its_answer_into_sight(open_app: OpenApp) -> None:
    """With nothing typed, every point is listed (25 lines, a phone's screen and more) and
    the answer comes under the list: a point tapped near its top changed nothing in sight.
    The tap brings the answer to the screen's top; typing a claim does not scroll."""

    def scrolls(at: AppTest) -> list[str]:
        return [h.proto.body for h in at.html if "scrollBy" in h.proto.body]

    at = open_app("who")
    assert not scrolls(at)
    second = table_points()[1]  # (the list's order)
    at.radio(key="who_dispute").set_value(second.id).run()
    assert not at.exception
    moved = scrolls(at)
    assert len(moved) == 1 and ".st-key-who_answer" in moved[0]
    assert f"### {second.title('pt')}" in " ".join(m.value for m in at.markdown)
    at.run()
    assert not scrolls(at)  # once, on the tap's run
    claim(at, "o curinga vale 50", "não, vale 20")
    assert not scrolls(at)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_answer_at_the_table_is_said_first_and_short(open_app: OpenApp, lang: str) -> None:
    """“O curinga vale 50” × “vale 20”: the table's answer in one line over the readings
    (on a phone they start a screen down), and each reading names its sources by number;
    what each source is is said once, in one place, not in every reading (four lines
    each at a table)."""
    texts = PT if lang == "pt" else EN
    at = claim(open_app("who", lang=lang), "o coringa vale 50", "vale 20 ponto")
    assert at.radio(key="who_dispute_found").value == "joker_value"
    (answer,) = at.success
    fifty = "O curinga vale 50 pontos." if lang == "pt" else "A joker is worth 50 points."
    said = texts["who.answer"].format(rules="Buraco Fechado", answer=fifty)
    assert answer.value.split("\n\n")[0] == said
    about = texts["source.000"]
    assert [m.value for m in at.markdown if about in m.value] == [
        "\n".join(f"- **{sid}**: {texts[f'source.{sid}']}" for sid in ("000", "001", "002", "003"))
    ]


@pytest.mark.parametrize(
    ("lang", "query", "claims", "settled", "option"),
    [
        # Going out in Fechado: the variants differ, the table plays Fechado's value.
        (
            "pt",
            {},
            ("vc bateu sem canastra limpa!", "no fechado qualquer canastra serve"),
            "Decide a opção “bater com”: nesta mesa, **qualquer canastra**. Buraco Aberto e"
            " Fechado STBL: canastra limpa; Buraco Fechado: qualquer canastra. Para mudar,"
            " toque em “Casa” no alto da página",
            "go_out_requires",
        ),
        # The joker at 20: a house value, where all three variants play 50.
        (
            "en",
            {"joker_points": "20"},
            ("the joker counts 20", "no, 50"),
            "Settled by the option “joker”: at this table, **20**. All three variants play 50."
            " To change it, tap “House” at the top of the page",
            "joker_points",
        ),
    ],
)
def test_the_answer_names_its_option_here_in_each_variant_and_where_to_change_it(
    open_app: OpenApp,
    lang: str,
    query: dict[str, str],
    claims: tuple[str, str],
    settled: str,
    option: str,
) -> None:
    """Who is right depends on the table: the answer says which option settles it, its
    value at this table and in the three variants, and that the page's “Casa” changes it
    (the rules bar, under the title, as on Consulta)."""
    at = claim(open_app("who", lang=lang, **query), *claims)
    (answer,) = at.success
    assert settled in answer.value
    # “Casa” opened there holds the option's field.
    at.session_state["rules_bar_house"] = True
    at.run()
    keys = {getattr(w, "key", None) for w in in_order(at.main)}
    assert f"rules_page_opt_{option}" in keys


def test_vale_trinca_shows_what_each_variant_plays(open_app: OpenApp) -> None:
    """A point where the variants differ: the sources agree (said once, not per reading),
    each reading names the variants that play it, the user's table marked, a link each."""
    at = claim(open_app("who"), "Vale trinca?", "Não vale, só sequência")
    assert not at.exception
    assert at.radio(key="who_dispute_found").value == "trincas"
    shown = " ".join(m.value for m in at.markdown)
    assert "### Vale trinca (lavadeira)?" in shown
    assert "Aqui não há briga entre as fontes" in shown and PT["who.sources"][:10] not in shown
    assert "Não vale trinca: só sequências do mesmo naipe." in shown
    assert "Assim jogam: **Buraco Aberto e Fechado STBL**" in shown
    assert "Assim jogam: **Buraco Fechado**" in shown and PT["who.your_table"] in shown
    assert [q.get("trincas") for q in links(at)] == [["false"], None]  # (Fechado: trincas)


def test_the_link_opens_the_table_with_that_choice(open_app: OpenApp) -> None:
    at = claim(open_app("who", lang="en"), "The joker is worth 20", "No, 50")
    twenty = next(q for q in links(at) if q.get("joker_points") == ["20"])
    opened = open_app("who", **{k: v[0] for k, v in twenty.items()})
    assert not opened.exception
    opened.radio(key="who_dispute").set_value("joker_value").run()
    assert EN["who.your_table"] in " ".join(m.value for m in opened.markdown)
    assert "joker 20" in opened.success[0].value  # "At your table (Buraco Fechado, joker 20)"


def test_no_claim_lists_every_dispute(open_app: OpenApp) -> None:
    at = open_app("who")
    assert not at.exception
    assert list(at.radio(key="who_dispute").options) == [d.title("pt") for d in table_points()]


def _depth(text: str) -> int:
    deepest = depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_sources_are_named_without_brackets_in_brackets(lang: str) -> None:
    """A source's name reads once, not “(fonte 003 (o buraco para quatro jogadores (Fechado,
    …)))”: every line that names the sources of a point keeps its brackets one deep."""
    from buraco_text import sources_text, translate

    named = {reading.sources for point in disputes() for reading in point.readings}
    assert named
    for sources in named:
        listed = sources_text(sources, lang)
        for key in ("who.variants_differ", "who.sources"):
            line = translate(key, lang, sources=listed)  # type: ignore[arg-type]
            assert _depth(line) <= 1, line


def test_a_pasted_page_as_a_claim_is_refused_with_its_length(open_app: OpenApp) -> None:
    """A claim is said at the table: 5000 characters get the length message the other
    fields give, not “Não achei ponto em disputa”, and the other claim is still searched."""
    at = claim(open_app("who"), "x" * 5000, "Vale trinca?")
    assert any("5000" in e.value and "Jogador 1 diz" in e.value for e in at.error)
    assert not at.info
    assert at.radio(key="who_dispute_found").value == "trincas"


# --- house rules: what no source speaks of (RULES.md, "House rules seen at other tables") ----

# The audit's claims, as players said them, and the house rule each is about.
HOUSE_CLAIMS = [
    (("quem tem uma carta só não pode pegar o lixo", "pode sim"), "single_card_lixo"),
    (("a carta do lixo pode ser descartada de volta", "não pode"), "lixo_card_back"),
    (("lavadeira só de ás, rei ou 3", "qualquer valor"), "trincas_only_a_k_3"),
    (("a player holding a single card may not take the lixo", "yes they may"), "single_card_lixo"),
    (("the lixo card may not be discarded back in the same turn", "it may"), "lixo_card_back"),
    (("trincas only of aces, kings or threes", "any rank"), "trincas_only_a_k_3"),
]
# The real disputes the audit checked ("Checked and fine"): each still shown at once.
REAL_DISPUTES = [
    (("No Fechado, bate com canastra suja?", "Não, só com limpa"), "go_out_in_fechado"),
    (("O curinga vale 20", "Vale 50"), "joker_value"),
    (("Os dois mortos viraram monte: as duas duplas perdem", "Ninguém perde"), "both_mortos_stock"),
    (
        ("O parceiro pode bater com o morto esperando", "Não pode, o morto espera"),
        "partner_while_morto_waits",
    ),
    (("Pode 2 curinga num jogo com o 2 natural", "Não pode"), "wild_two_beside_natural_two"),
]


@pytest.mark.parametrize(("claims", "rule"), HOUSE_CLAIMS)
def test_a_house_rule_is_named_and_no_point_is_chosen(claims: tuple[str, str], rule: str) -> None:
    from buraco_app.who_is_right import match

    found = match(*claims)
    assert found.house_rules == (rule,) and not found.sure


@pytest.mark.parametrize(("claims", "point"), REAL_DISPUTES)
def test_a_real_dispute_is_no_house_rule(claims: tuple[str, str], point: str) -> None:
    from buraco_app.who_is_right import match

    found = match(*claims)
    assert not found.house_rules and found.sure and found.points[0].id == point


@pytest.mark.parametrize("question", [q for q, _ in TABLE_QUESTIONS])
def test_no_table_question_is_taken_for_a_house_rule(question: str) -> None:
    from buraco_app.who_is_right import match

    found = match(question)
    assert not found.house_rules and found.sure


@pytest.mark.parametrize(("claims", "rule"), HOUSE_CLAIMS[:3])
def test_the_page_says_a_house_rule_is_agreed_before_playing(
    open_app: OpenApp, claims: tuple[str, str], rule: str
) -> None:
    """“Nenhuma das quatro fontes fala disso: é regra da casa”, and no disputed point is
    chosen for the players (the near ones are offered, none selected, none drawn)."""
    at = claim(open_app("who"), *claims)
    assert not at.exception
    said = [i.value for i in at.info]
    assert any(PT[f"who.house.{rule}"] in s and "Nenhuma das quatro fontes" in s for s in said)
    assert at.radio(key="who_dispute_found").value is None
    assert at.radio(key="who_dispute_found").label == PT["who.related"]
    assert not at.code  # (no reading drawn: no share links)


def test_the_page_says_a_house_rule_in_english(open_app: OpenApp) -> None:
    at = claim(open_app("who", lang="en"), "the lixo card may not be discarded back", "it may")
    shown = " ".join(i.value for i in at.info)
    assert EN["who.house.lixo_card_back"] in shown and "None of the four sources" in shown


def test_a_weak_match_is_offered_not_chosen(open_app: OpenApp) -> None:
    """Words that share only commonplaces with a point ("cartas", "parceiro") get the
    near points offered, none chosen, and the house-rule hint."""
    at = claim(open_app("who"), "pode trocar cartas com o parceiro", "não pode")
    assert not at.exception
    assert PT["who.unsure"] in [i.value for i in at.info]
    assert at.radio(key="who_dispute_found").value is None and not at.code
    assert at.radio(key="who_dispute_found").label == PT["who.maybe"]


@pytest.mark.parametrize(
    "claims",
    [
        ("pode pegar o lixo sem jogar a carta", "não pode"),
        ("you may take the lixo without playing the card", "no you may not"),
    ],
)
def test_a_claim_about_taking_the_lixo_is_not_read_as_one_about_jokers(
    claims: tuple[str, str],
) -> None:
    """ "Sem jogar a carta" speaks of the lixo's top card, not of playing without jokers:
    the free-pickup point comes first (it settled the jokers question, audit 14) [000: the
    open lixo; 001, 002, 003: the top card justifies]."""
    found = match(*claims)
    assert found.points[0].id == "pickup", [d.id for d in found.points]
    assert "jokers_in_deck" not in [d.id for d in found.points[:2]]


def test_a_new_claim_chooses_its_own_point_not_the_last_one(open_app: OpenApp) -> None:
    """A second argument at the same table: the point found for the new claims is chosen,
    not the one the last argument chose while it is still among those offered (audit: "a
    batida vale 100", then "o morto vale 100 se não pegar", still showed the batida). (The
    test asserted that the morto's claim chose the two mortos gone to the stock: a wrong
    sure answer, it is about the side that did not take its morto, a rule the sources agree
    on, which is now the answer.)"""
    at = claim(open_app("who"), "a canastra limpa vale 300", "")
    assert at.radio(key="who_dispute_found").value == "canastra_bonuses"
    # (200, the canastras' number too: they are still offered, after the batida it names.)
    at = claim(at, "a batida vale 200", "")
    fresh = claim(open_app("who"), "a batida vale 200", "")
    expected = fresh.radio(key="who_dispute_found").value
    assert expected == "batida_bonus"
    bonuses = next(d for d in table_points() if d.id == "canastra_bonuses")
    assert bonuses.title("pt") in at.radio(key="who_dispute_found").options  # (still offered)
    assert at.radio(key="who_dispute_found").value == expected
    # An argument answered by an agreed rule chooses no disputed point, not the last
    # argument's (still among those it offers).
    at = claim(at, "o morto vale 100 se não pegar", "")
    assert [s.value for s in at.success] == [PT["who.agreed"]]
    assert at.radio(key="who_dispute_found").value is None


def test_a_point_picked_by_hand_stays_while_the_claims_stay(open_app: OpenApp) -> None:
    """Picking another of the offered points is kept over reruns of the same claims."""
    at = claim(open_app("who"), "a batida vale 200", "")
    at.radio(key="who_dispute_found").set_value("canastra_bonuses").run()
    at.run()
    assert at.radio(key="who_dispute_found").value == "canastra_bonuses"


@pytest.mark.parametrize(
    ("lang", "first", "second", "rule"),
    [
        ("pt", "quem comeca o jogo?", "quem ta a direita", "Quem começa"),
        ("en", "who starts?", "the one on the dealer's right", "Who plays first"),
    ],
)
def test_a_rule_the_sources_agree_on_is_offered_not_called_a_house_rule(
    open_app: OpenApp, lang: str, first: str, second: str, rule: str
) -> None:
    """Who starts is in the sources [000, 003]: words that surely name no disputed point get
    the rules' nearest points (as the lookup's search finds them), before the page says it
    may be a house rule; it said only "none of the sources speaks of it: a house rule"."""
    at = claim(open_app("who", lang=lang), first, second)
    assert not at.exception
    assert (PT if lang == "pt" else EN)["who.in_rules"] in [c.value for c in at.caption]
    assert any(rule in m.value for m in at.markdown), rule
    assert at.radio[0].value is None and not at.code  # offered: no disputed point chosen


@pytest.mark.parametrize(
    ("lang", "first", "second", "rule"),
    [
        ("pt", "quantas cartas cada um recebe?", "11", "A distribuição: 11 cartas para cada um"),
        ("en", "how many cards does each player get?", "11", "The deal: 11 cards each"),
        ("pt", "canastra é com 7 cartas", "com 6 já é", "Canastra: 7 cartas ou mais"),
    ],
)
def test_what_the_sources_settle_alike_is_said_to_be_no_house_rule(
    open_app: OpenApp, lang: str, first: str, second: str, rule: str
) -> None:
    """The deal, 11 cards each [000, 001, 003], and the canastra's 7 cards [000-003] are no
    option and no house rule: the page says so first and shows the rule, where it offered
    the nearest rules and said it might be a house rule."""
    texts = PT if lang == "pt" else EN
    at = claim(open_app("who", lang=lang), first, second)
    assert [s.value for s in at.success] == [texts["who.agreed"]]
    assert texts["who.agreed"].startswith(("**Não é regra da casa", "**Not a house rule"))
    assert any(rule in m.value for m in at.markdown), rule
    assert texts["who.unsure"] not in [i.value for i in at.info]


def test_claims_that_match_nothing_choose_no_point(open_app: OpenApp) -> None:
    """ "No disputed point found: pick one from the list" is not followed by the list's first
    point drawn in full as if it were the answer (it was "Vale trinca?" for any words)."""
    at = open_app("who")
    assert at.radio(key="who_dispute").value == "trincas"  # nothing said: the list, browsed
    at = claim(at, "xyz", "")
    assert PT["who.nothing"] in [i.value for i in at.info]
    assert at.radio(key="who_dispute").value is None and not at.code
    assert not any(m.value.startswith("### ") or "\n### " in m.value for m in at.markdown)
    at.radio(key="who_dispute").set_value("joker_value").run()  # picked by hand: kept
    assert at.radio(key="who_dispute").value == "joker_value" and at.code


# --- agreed rules: what every source says alike, and tables still argue over -----------------

# Claims as players make them about a rule no source disputes, and the reference point that
# answers each (it was a disputed point shown as theirs: three jokers and the 2 going home
# were answered with "a wild 2 beside a natural 2", the ace's value with the canastra de 500).
AGREED_CLAIMS = [
    (("dá pra baixar 3 curingas?", ""), "one_wild_per_meld"),
    (("pode ter dois coringas no mesmo jogo?", "pode"), "one_wild_per_meld"),
    (("can I meld three jokers?", "no"), "one_wild_per_meld"),
    (("o 2 volta pro lugar dele", "não volta, é curinga pra sempre"), "dirty_turns_clean"),
    (("the 2 goes back to its place", "no it stays wild"), "dirty_turns_clean"),
    (("quanto vale o ás?", "15"), "card_points"),
    (("What is an ace worth?", "15"), "card_points"),
    (("pode baixar sequência de naipes diferentes?", "não"), "sequence"),
    (("pode juntar dois jogos do mesmo naipe?", "pode"), "melds_stay_apart"),
    (("can I join two melds?", "no"), "melds_stay_apart"),
    (("posso pôr carta no jogo do adversário?", "não"), "own_side_melds"),
    (("can I add to my opponents' meld?", "no"), "own_side_melds"),
    (("o 2 de outro naipe fica limpo quando chega no lugar", "não fica"), "joker_never_natural"),
    (("tem que ter canastra limpa pra pegar o morto?", "não"), "morto_who_takes"),
]


@pytest.mark.parametrize(
    "claims",
    [
        ("acabou o monte, quem não pegou o morto perde 100", ""),
        ("the stock ran out: the side without its morto loses 100", "yes"),
    ],
)
def test_the_side_without_its_morto_when_the_stock_ran_out_pays_the_morto_penalty(
    claims: tuple[str, str],
) -> None:
    """The stock ran out and one morto became the stock: the side that did not take it
    pays -100, as every source that speaks of it says [000, 001, 003] (morto_penalty).
    Only where both mortos became the stock, no side having taken one, do they disagree
    ([000] both pay, [003] neither): the claim was answered outright with that dispute. It
    is offered beside the rule now; “ninguém pegou” or “os dois mortos” still ask it."""
    found = match(*claims)
    assert [p.id for p in found.agreed] == ["morto_penalty"] and not found.sure
    assert "both_mortos_stock" in [d.id for d in found.points]
    assert not match("acabou o monte e ninguém pegou morto, quem perde 100?").agreed
    assert not match("both mortos became the stock: who loses 100?").agreed


@pytest.mark.parametrize(("claims", "rule"), AGREED_CLAIMS)
def test_a_claim_about_an_agreed_rule_chooses_no_disputed_point(
    claims: tuple[str, str], rule: str
) -> None:
    found = match(*claims)
    assert [p.id for p in found.agreed] == [rule] and not found.sure


@pytest.mark.parametrize(("claims", "point"), REAL_DISPUTES)
def test_a_real_dispute_is_no_agreed_rule(claims: tuple[str, str], point: str) -> None:
    """The 2 of the lixo going to its place is the disputed point, not the agreed one; so
    are different suits in a trinca."""
    assert not match(*claims).agreed
    assert not match("o 2 do lixo volta pro lugar dele", "").agreed
    assert not match("trinca de naipes diferentes", "sequência de naipes diferentes só").agreed


@pytest.mark.parametrize("question", [q for q, _ in TABLE_QUESTIONS])
def test_no_table_question_is_taken_for_an_agreed_rule(question: str) -> None:
    assert not match(question).agreed


@pytest.mark.parametrize(
    ("lang", "claims", "title"),
    [
        ("pt", ("dá pra baixar 3 curingas?", ""), "No máximo um curinga por jogo"),
        ("pt", ("o 2 volta pro lugar dele", ""), "O jogo sujo que fica limpo"),
        ("en", ("can I meld three jokers?", ""), "At most one wild per meld"),
        # (once answered, as if sure, with the batida's value; then only offered points)
        ("pt", ("o morto é 100 pontos negativos", ""), "A dupla que não pegou o morto"),
        ("en", ("the morto is 100 negative points", ""), "The side that did not take its morto"),
    ],
)
def test_the_page_answers_an_agreed_rule_with_the_rule(
    open_app: OpenApp, lang: str, claims: tuple[str, str], title: str
) -> None:
    """“Aqui as fontes concordam”, the rule as the reference says it (with its sources), and
    the near disputed points offered, none chosen, none drawn as the answer."""
    texts = PT if lang == "pt" else EN
    at = claim(open_app("who", lang=lang), *claims)
    assert not at.exception
    assert [s.value for s in at.success] == [texts["who.agreed"]]
    assert any(m.value.startswith(f"**{title}**") for m in at.markdown)
    radio = at.radio(key="who_dispute_found")
    assert radio.value is None and radio.label == texts["who.related"]
    assert texts["who.unsure"] not in [i.value for i in at.info]
    assert not at.code  # (no reading drawn: no share links)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "tem que justificar o lixo?"),
        ("en", "do I have to justify taking the lixo?"),
    ],
)
def test_a_claim_the_page_is_not_sure_of_offers_points_and_says_so(
    open_app: OpenApp, lang: str, said: str
) -> None:
    """Justifying the lixo is two points at once (whether the pickup is justified at all,
    and the stricter pickup's two cards from the hand): the page says, in the user's
    language, that no point surely fits, and offers the near ones with none chosen and none
    drawn. (The morto's -100, once answered so, is the rule the sources agree on: below. A
    2 on top of the lixo, once the example here, is the 2's own point: “is a 2 on top of the
    lixo always a wild?” is its question.)"""
    texts = PT if lang == "pt" else EN
    at = claim(open_app("who", lang=lang), said, "")
    assert not at.exception and not at.success
    assert texts["who.unsure"] in [i.value for i in at.info]
    radio = at.radio(key="who_dispute_found")
    assert radio.label == texts["who.maybe"] and radio.value is None
    offered = [d.title(lang) for d in match(said).points]  # type: ignore[arg-type]
    assert offered and list(radio.options) == offered
    assert not at.code and not any("### " in m.value for m in at.markdown)


def test_the_points_offered_come_before_the_nearest_rules(open_app: OpenApp) -> None:
    """“posso pegar o lixo com um 2 em cima? | só se for pra jogo novo”: not sure, the page
    offers disputed points (the 2 on top of the lixo among them) and the nearest rule. The
    points come first, under the claims: on a phone they were a screen down, under a rule
    box; the rule comes after them."""
    at = claim(open_app("who"), "posso pegar o lixo com um 2 em cima?", "so se for pra jogo novo")
    offered = at.radio(key="who_dispute_found")
    assert "Um 2 no topo do lixo fechado é sempre curinga?" in offered.options
    drawn = [getattr(e, "key", None) or getattr(e, "value", None) for e in in_order(at.main)]
    assert drawn.index("who_dispute_found") < drawn.index(PT["who.in_rules"])


def test_the_claims_are_kept_while_another_page_is_shown(
    open_app: OpenApp, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """A player checks the Consulta mid-argument and comes back: the claims are as typed,
    and so is the point tapped among those offered (both were empty, the list of every
    point shown instead)."""
    at = claim(open_app("who"), "posso pegar o lixo com um 2 em cima?", "so se for pra jogo novo")
    at.radio(key="who_dispute_found").set_value("two_on_top_of_lixo").run()
    switch_to(at, "lookup")
    switch_to(at, "who")
    assert at.text_input(key="who_claim_1").value == "posso pegar o lixo com um 2 em cima?"
    assert at.text_input(key="who_claim_2").value == "so se for pra jogo novo"
    assert at.radio(key="who_dispute_found").value == "two_on_top_of_lixo"


@pytest.mark.parametrize(
    ("lang", "rules", "value"),
    [
        ("pt", "aberto", "Precisa de uma canastra limpa (ou de 500, ou real)."),
        ("pt", "stbl", "Precisa de uma canastra limpa (ou de 500, ou real)."),
        ("en", "aberto", "It needs a clean canastra (or a 500, or a real)."),
    ],
)
def test_going_out_with_a_dirty_canastra_at_an_aberto_or_stbl_table_is_no_dispute(
    open_app: OpenApp, lang: str, rules: str, value: str
) -> None:
    """Going out needs a clean canastra in Aberto and STBL, in every source [000, 001,
    002, 003]; only in Fechado do they disagree (any canastra [000, 001] vs. a clean one
    [003]). At an Aberto table “pode bater com canastra suja?” was answered “O próprio
    texto 003 pede sempre uma canastra limpa.”, text 003's Fechado reading marked as the
    table's: as if only 003 said so. Now the rule there, that the sources agree on it
    there, and that the dispute is Fechado's; no Fechado reading is marked the table's."""
    texts = PT if lang == "pt" else EN
    at = claim(open_app("who", lang=lang, rules=rules), "pode bater com canastra suja?", "")
    assert at.radio(key="who_dispute_found").value == "go_out_in_fechado"
    (answer,) = at.success
    first = answer.value.split("\n\n")[0]
    assert first.startswith(texts["who.answer"].split("{rules}")[0])
    assert value in first and "000, 001, 002, 003" in first and "Fechado" in first
    assert "003 pede sempre" not in first and "003 itself" not in first
    shown = " ".join(m.value for m in at.markdown)
    assert texts["who.your_table"] not in shown and "✓" not in shown


def test_going_out_with_a_dirty_canastra_at_an_aberto_table_that_allows_it_says_so(
    open_app: OpenApp,
) -> None:
    """An Aberto table that chose “qualquer canastra” (house option go_out_requires): its
    rule, said to be the table's choice, and what the sources agree on in Aberto."""
    at = claim(
        open_app("who", rules="aberto", go_out_requires="any_canastra"), "bater com suja?", ""
    )
    (answer,) = at.success
    first = answer.value.split("\n\n")[0]
    assert first.split("): ", 1)[1].startswith("Basta qualquer canastra, limpa ou suja.")
    assert "escolha da casa" in first and "Precisa de uma canastra limpa" in first


@pytest.mark.parametrize(
    ("lang", "query", "dispute", "wrong", "said"),
    [
        # Aberto: the lixo is taken whole, no condition [000] (a 2 on top is no matter).
        (
            "pt",
            {"rules": "aberto"},
            "two_on_top_of_lixo",
            "o lixo só se pega para começar um jogo novo",
            "Não se aplica: nesta mesa o lixo é livre",
        ),
        # Aberto and STBL lay no trincas [000, 001, 003]: their suits are no matter.
        (
            "pt",
            {"rules": "aberto"},
            "trinca_suits",
            "Vale: trinca",
            "Não se aplica: nesta mesa não se baixa trinca (lavadeira)",
        ),
        (
            "pt",
            {"rules": "stbl"},
            "eight_of_a_kind",
            "oito iguais são uma canastra comum",
            "Não se aplica: nesta mesa não se baixa trinca (lavadeira)",
        ),
        # No vulnerable side unless a table plays it [003, optional]: its first baixada neither.
        (
            "pt",
            {},
            "vulnerable_first_baixada",
            "lida como tudo o que a dupla baixa",
            "Não se aplica: nesta mesa não há dupla vulnerável",
        ),
        (
            "en",
            {"rules": "aberto"},
            "two_on_top_of_lixo",
            "to start a new meld",
            "It does not arise: at this table the lixo is free",
        ),
    ],
)
def test_a_point_the_table_never_meets_is_said_not_to_arise(
    open_app: OpenApp, lang: str, query: dict[str, str], dispute: str, wrong: str, said: str
) -> None:
    """An Aberto table asks “um 2 no topo do lixo é sempre curinga?”: it was answered “Sim:
    com “Coringa ou Dois” no topo, o lixo só se pega para começar um jogo novo”, wrong there,
    where the lixo is free [000]; trinca suits were “Vale” where no trinca is laid. Where the
    table's rules leave the point without effect (RuleSet.idled_by), the answer says it does
    not arise and why, the option's value marked “sem efeito”, no reading marked the
    table's."""
    texts = PT if lang == "pt" else EN
    at = open_app("who", lang=lang, **query)
    at.radio(key="who_dispute").set_value(dispute).run()
    (answer,) = at.success
    first, option = answer.value.split("\n\n")[:2]
    assert said in first and wrong not in first
    assert "(sem efeito:" in option or "(no effect:" in option
    assert texts["who.your_table"] not in " ".join(m.value for m in at.markdown)


@pytest.mark.parametrize(
    ("lang", "dispute", "said"),
    [
        (
            "pt",
            "vulnerability",
            "nesta mesa, **0 (desligado)**. As três variantes jogam 0 (desligado).",
        ),
        ("pt", "corte_44", "nesta mesa, **0 (desligado)**. As três variantes jogam 0 (desligado)."),
        ("en", "corte_44", "at this table, **0 (off)**. All three variants play 0 (off)."),
    ],
)
def test_an_option_off_at_zero_is_said_off_not_a_bare_zero(
    open_app: OpenApp, lang: str, dispute: str, said: str
) -> None:
    """The vulnerable side's minimum and the corte de 44 [003, optional variations] are off
    at 0: “Decide a opção “vulnerável: mínimo”: nesta mesa, **0**. As três variantes jogam
    0.” told the table nothing."""
    at = open_app("who", lang=lang)
    at.radio(key="who_dispute").set_value(dispute).run()
    (answer,) = at.success
    assert said in answer.value


def test_how_a_closed_lixo_is_justified_does_not_arise_where_the_lixo_is_free(
    open_app: OpenApp,
) -> None:
    """“Pra pegar o lixo tem que ter duas cartas na mão” at an Aberto table: the stricter
    pickup [003] is about the closed lixo; in Aberto it is taken whole, with no condition
    [000]. No answer was given (only “Sua mesa: Buraco Aberto” and the option line); now it
    says the question does not arise there, and why."""
    at = claim(
        open_app("who", rules="aberto"),
        "pra pegar o lixo tem que ter duas cartas na mão",
        "basta encaixar a de cima no jogo",
    )
    assert at.radio(key="who_dispute_found").value == "stricter_pickup"
    (answer,) = at.success
    assert answer.value.startswith(
        "Na sua mesa (Buraco Aberto): Não se aplica: nesta mesa o lixo é livre"
    )
    assert "nesta mesa, **livre**" in answer.value


@pytest.mark.parametrize(
    ("lang", "claims", "cards", "label"),
    [
        (
            "pt",
            ("4h 5h JK 7h 8h 9h 10h é limpa", "é suja"),
            "4♥ 5♥ JK 7♥ 8♥ 9♥ 10♥",
            "Julgar o jogo: 4♥ 5♥ JK 7♥ 8♥ 9♥ 10♥",
        ),
        (
            "en",
            ("3♠ 2♠ 5♠ plus the 4♠ turns clean", "no, it stays dirty"),
            "3♠ 2♠ 5♠ 4♠",
            "Judge the meld: 3♠ 2♠ 5♠ 4♠",
        ),
    ],
)
def test_cards_written_in_a_claim_are_one_tap_from_the_meld_judge(
    open_app: OpenApp, lang: str, claims: tuple[str, str], cards: str, label: str
) -> None:
    """“4h 5h JK 7h 8h 9h 10h é limpa | é suja”: the argument is about one meld, which the
    judge settles (a canastra suja: the joker stands for the 6♥ [000, 003]); the page only
    offered the canastras' bonuses, unsure. Now a link opens the meld lookup with those
    cards, under the table's rules."""
    at = claim(open_app("who", lang=lang), *claims)
    links_ = [e.proto for e in at.get("page_link") if e.proto.page == "lookup"]
    assert [p.label for p in links_] == [label]
    assert parse_qs(links_[0].query_string) == {"view": ["meld"], "cards": [cards]}


@pytest.mark.parametrize(
    "said", ["As cartas do lixo vêm todas", "tem as 3 cartas e 2 curingas", "4h 5x 6h 7h vale?"]
)
def test_words_that_only_look_like_cards_offer_no_meld(open_app: OpenApp, said: str) -> None:
    """The article “as”, numbers said in words, or a card mistyped (“5x”): no meld is offered
    (a meld without the mistyped card would be another meld)."""
    at = claim(open_app("who"), said, "")
    assert not [e for e in at.get("page_link") if e.proto.page == "lookup"]


def test_the_canastras_150_and_300_link_plays_both_and_a_table_at_100_and_300_is_not_told_so(
    open_app: OpenApp,
) -> None:
    """[003]'s variation pays a suja 150 and a limpa 300 (RULES.md, canastra bonuses). Its
    link set the limpa's 300 alone: the table it opened paid a suja 100. And a table that
    changed only the limpa to 300 read “Na sua mesa: Variação: suja 150, limpa 300.”."""
    at = open_app("who")
    at.radio(key="who_dispute").set_value("canastra_bonuses").run()
    variation = links(at)[1]
    assert variation.get("canastra_limpa_points") == ["300"]
    assert variation.get("canastra_suja_points") == ["150"]
    assert links(at)[0].get("canastra_suja_points") in (None, ["100"])
    mixed = open_app("who", canastra_limpa_points="300")
    mixed.radio(key="who_dispute").set_value("canastra_bonuses").run()
    assert not mixed.success and "suja 150" not in " ".join(e.value for e in mixed.success)
    both = open_app("who", canastra_limpa_points="300", canastra_suja_points="150")
    both.radio(key="who_dispute").set_value("canastra_bonuses").run()
    (answer,) = both.success
    assert "Variação: suja 150, limpa 300." in answer.value


@pytest.mark.parametrize(
    ("lang", "claim", "said"),
    [
        (
            "pt",
            "empatou acima de 3000, quem bateu ganha",
            "a batida encerra a rodada, não a partida",
        ),
        (
            "en",
            "tied above 3000, who wins the match?",
            "going out ends the round, not the match",
        ),
        # (A tie at the top said in its numbers alone, placed nowhere before.)
        ("pt", "deu 3050 a 3050, quem bateu leva", "a batida encerra a rodada, não a partida"),
        # (Two totals at the top that differ, placed on no rule before.)
        ("pt", "3100 a 3050, quem bateu leva", "vence quem tiver mais pontos, não quem bateu"),
        ("en", "3100 to 3050, whoever went out wins", "not the side that went out"),
        (
            "en",
            "we're 3050 each and they went out, is it theirs?",
            "going out ends the round, not the match",
        ),
    ],
)
def test_a_claim_on_who_wins_the_match_gets_the_target_rule_003(
    open_app: OpenApp, lang: str, claim: str, said: str
) -> None:
    """“Ao alcançar 3000, vence quem tiver mais pontos” [003]: a table arguing that the side
    that went out wins, or who wins a tie at the top, gets that rule, with what the project
    does where the text is silent (a tie plays on)."""
    at = open_app("who", lang=lang)
    at.text_input(key="who_claim_1").input(claim).run()
    shown = " ".join(m.value for m in at.markdown)
    assert said in shown and ("empate" in shown if lang == "pt" else "tie" in shown)


@pytest.mark.parametrize(
    ("lang", "claim_said", "rule", "not_rule"),
    [
        ("pt", "2 na trinca vale?", "Um curinga na trinca", "Quanto vale cada carta"),
        ("en", "is a wild allowed in a trinca?", "One wild in a trinca", "Discarding a wild"),
    ],
)
def test_a_claim_asking_whether_a_2_may_go_in_a_trinca_is_shown_that_rule(
    open_app: OpenApp, lang: str, claim_said: str, rule: str, not_rule: str
) -> None:
    """“2 na trinca vale?” asks whether it is allowed: under “Nas regras”, the page showed
    what each card is worth (its “vale” read as a worth), and “is a wild allowed in a
    trinca?” the discard of a wild (its title's “allowed”). The rule that answers is shown:
    a trinca takes a wild, one at most."""
    at = claim(open_app("who", lang=lang), claim_said, "")
    shown = " ".join(str(m.value) for m in at.markdown)
    assert rule in shown and not_rule not in shown, shown


@pytest.mark.parametrize(
    ("lang", "said", "rules"),
    [("pt", "2 na trinca vale?", "aberto"), ("en", "is a wild allowed in a trinca?", "fechado")],
)
def test_a_wild_in_a_trinca_is_said_to_hold_where_trincas_are_played(
    open_app: OpenApp, lang: str, said: str, rules: str
) -> None:
    """A trinca's wild is a rule the sources agree on, played where trincas are: Fechado's
    default, not Aberto's nor STBL's. The page said “A regra vale nas três variantes”; it
    says where the rule holds, and the rule's box says which variants play trincas and
    whether the table does, from the presets."""
    texts = PT if lang == "pt" else EN
    at = claim(open_app("who", lang=lang, rules=rules), said, "")
    assert not at.exception
    assert [s.value for s in at.success] == [texts["who.agreed_needs.trincas"]]
    box = next(m.value for m in at.markdown if point("trinca_wild").title(lang) in m.value)
    here = "on" if PRESETS[rules].trincas else "off"
    assert texts[f"lookup.needs.trincas.{here}"] in box
    assert texts["preset.fechado"] in box and texts["preset.aberto"] in box, box
