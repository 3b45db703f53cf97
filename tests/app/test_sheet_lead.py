"""The Placar's line over the totals: who is ahead and by how much, what is still to go, a
tie said as a tie, the final margin once the match is over, for two sides or more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit.testing.v1 import AppTest

from buraco_app import database, sheets
from buraco_app.sheets import Lead, lead
from buraco_core.rules import PRESETS
from buraco_core.scoring import match_standing
from tests.app.conftest import in_order
from tests.app.test_score_pages import start_match, submit_round

OpenApp = Callable[..., AppTest]
# What the line starts or goes on with, in both languages: no other text on the page does.
LEAD_WORDS = (
    "na frente",
    "Empate em",
    "Empate na frente",
    "Diferença final",
    "ahead",
    "Tied at",
    "tied for the lead",
    "Final margin",
)


def lead_line(at: AppTest) -> str | None:
    lines = [m.value for m in at.markdown if any(w in m.value for w in LEAD_WORDS)]
    assert len(lines) <= 1, lines
    return lines[0] if lines else None


def test_the_line_says_who_is_ahead_by_how_much_and_what_is_to_go(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles")
    assert lead_line(at) is None  # nobody has scored: the cards say "faltam 3000"
    submit_round(at, "450", "100")
    assert lead_line(at) == "**Nós** na frente por 350 pontos; faltam 2550 para 3000."
    submit_round(at, "300", "650")
    assert lead_line(at) == "Empate em 750 pontos; faltam 2250 para 3000."
    submit_round(at, "-50", "-45")
    assert lead_line(at) == "**Eles** na frente por 5 pontos; faltam 2295 para 3000."
    submit_round(at, "2299", "2293")
    assert lead_line(at) == "**Nós** na frente por 1 ponto; falta 1 para 3000."


def test_the_line_is_over_the_totals_and_above_the_round_form(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles")
    submit_round(at, "450", "100")
    said = lead_line(at)
    assert said is not None
    order = in_order(at.main)
    line = next(i for i, e in enumerate(order) if getattr(e, "value", None) == said)
    first_total = next(i for i, e in enumerate(order) if type(e).__name__ == "Metric")
    form = next(i for i, e in enumerate(order) if getattr(e, "key", None) == "sheet_points_0")
    assert line < first_total < form


def test_a_match_over_says_the_final_margin(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles", target=1000)
    submit_round(at, "600", "700")
    submit_round(at, "500", "150")
    assert lead_line(at) == "Diferença final: 250 pontos sobre Eles (1100 a 850)."
    assert [s.value for s in at.success][-1] == "Vitória: Nós, com 1100 pontos!"


def test_in_english(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them", target=1000)
    submit_round(at, "100", "101")
    assert lead_line(at) == "**Them** ahead by 1 point, 899 short of 1000."
    submit_round(at, "1", "0")
    assert lead_line(at) == "Tied at 101 points, 899 short of 1000."
    submit_round(at, "1000", "20")
    assert lead_line(at) == "Final margin: 980 points over Them (1101 to 121)."


def test_three_sides_say_whom_the_leader_is_ahead_of(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Ana", "Bia", "Caio", target=2000)
    submit_round(at, "300", "300", "100")
    assert (
        lead_line(at)
        == "Empate na frente entre **Ana e Bia**, com 300 pontos; faltam 1700 para 2000."
    )
    submit_round(at, "100", "0", "200")
    assert (
        lead_line(at) == "**Ana** na frente por 100 pontos sobre Bia e Caio; faltam 1600 para 2000."
    )
    submit_round(at, "1700", "0", "0")
    assert lead_line(at) == "Diferença final: 1800 pontos sobre Bia e Caio (2100 a 300)."


def test_three_sides_in_english(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    start_match(at, "Ann", "Bea", "Cal", target=2000)
    submit_round(at, "300", "100", "300")
    assert lead_line(at) == "**Ann and Cal** tied for the lead at 300 points, 1700 short of 2000."
    submit_round(at, "0", "100", "50")
    assert lead_line(at) == "**Cal** ahead of Ann by 50 points, 1650 short of 2000."


def test_big_numbers_are_grouped_as_the_page_groups_them(open_app: OpenApp) -> None:
    at = open_app("sheet", lang="en")
    start_match(at, "Us", "Them", target=50000)
    submit_round(at, "12000", "500")
    assert lead_line(at) == "**Us** ahead by 11,500 points, 38,000 short of 50,000."


def test_a_tie_at_the_target_leaves_the_line_to_its_own_message(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "Nós", "Eles", target=1000)
    submit_round(at, "1200", "1200")
    assert lead_line(at) is None
    assert [i for i in at.info if "Empate em 1200" in i.value]


def test_a_name_is_shown_as_typed(open_app: OpenApp) -> None:
    at = open_app("sheet")
    start_match(at, "*A*", "B")
    submit_round(at, "100", "0")
    assert lead_line(at) == r"**\*A\*** na frente por 100 pontos; faltam 2900 para 3000."


def test_lead_reads_the_standing() -> None:
    def of(*rows: tuple[int, ...]) -> Any:
        names = ("A", "B", "C")[: len(rows[0])] if rows else ("A", "B")
        return lead(match_standing(PRESETS["fechado"], names, rows))

    assert of() is None
    # (leaders, top, runners-up, their total, to go), and the margin
    for rows, lead_is, margin in (
        ((100, 50, 50), Lead(("A",), 100, ("B", "C"), 50, 2900), 50),
        ((-20, -20), Lead(("A", "B"), -20, (), -20, 3020), 0),
        ((3100, 3200), Lead(("B",), 3200, ("A",), 3100, 0), 100),
    ):
        found = of(rows)
        assert (found, found.margin) == (lead_is, margin)


def test_a_watcher_sees_the_line_too(open_app: OpenApp) -> None:
    store = sheets.SheetStore(database.open_engine(database.sqlite_url()))
    match = store.create_match(["Us", "Them"], rules=PRESETS["fechado"])
    store.add_round(match.id, [100, 400])
    watcher = open_app("sheet", lang="en", watch=store.watch_id(match.id))
    assert lead_line(watcher) == "**Them** ahead by 300 points, 2600 short of 3000."
