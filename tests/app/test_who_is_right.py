"""“Quem tem razão?” with AppTest: two claims -> the disputed point, each reading with its
sources, what each variant does, the user's table marked, and a link that carries the
table's choice (the settings read it back)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from buraco_course.reference import disputes, disputes_for
from buraco_text import catalog

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
    ],
)
def test_claims_find_the_disputed_point(first: str, second: str, dispute: str) -> None:
    """Both languages, accents and synonyms as the rules search reads them."""
    assert disputes_for(first, second)[0].id == dispute


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


def test_the_link_opens_the_table_with_that_choice(open_app: OpenApp) -> None:
    at = claim(open_app("who", lang="en"), "The joker is worth 20", "No, 50")
    twenty = next(q for q in links(at) if q.get("joker_points") == ["20"])
    opened = open_app("who", **{k: v[0] for k, v in twenty.items()})
    assert not opened.exception
    opened.radio(key="who_dispute").set_value("joker_value").run()
    assert EN["who.your_table"] in " ".join(m.value for m in opened.markdown)
    assert "joker 20" in " ".join(m.value for m in opened.markdown)  # "Your table: ..."


def test_no_claim_lists_every_dispute(open_app: OpenApp) -> None:
    at = open_app("who")
    assert not at.exception
    assert list(at.radio(key="who_dispute").options) == [d.title("pt") for d in disputes()]
