"""AppTest: "may I take the lixo?" and "may I go out?" at the table (issue 6)."""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

Open = Callable[..., AppTest]


def lixo(at: AppTest, top: str, hand: str, melds: str = "") -> AppTest:
    at.segmented_control(key="lookup_view").set_value("lixo").run()
    at.text_input(key="lookup_lixo_top").input(top)
    at.text_input(key="lookup_lixo_hand").input(hand)
    at.text_area(key="lookup_lixo_melds").input(melds)
    return at.run()


def go_out(at: AppTest, melds: str, morto: str = "taken") -> AppTest:
    at.segmented_control(key="lookup_view").set_value("go_out").run()
    at.radio(key="lookup_go_out_morto").set_value(morto)
    at.text_area(key="lookup_go_out_melds").input(melds)
    return at.run()


def test_justified_pickup_in_fechado_lists_the_ways(open_app: Open) -> None:
    """Fechado: the top card must go into a meld in the same move [002, 003]."""
    at = lixo(open_app("lookup", lang="en"), "7h", "5h 6h Kc", "9s 10s Js")
    assert at.success and "Take the lixo and lay its top card with 5♥ 6♥" in [
        m.value.removeprefix("- ") for m in at.markdown
    ]


def test_pickup_refused_in_fechado_when_the_top_card_fits_nowhere(open_app: Open) -> None:
    at = lixo(open_app("lookup", lang="en"), "7h", "Kc Qd")
    assert at.error and "cannot be taken" in at.error[0].value


def test_pickup_free_in_aberto(open_app: Open) -> None:
    """Aberto: the whole lixo, no condition [000]."""
    at = lixo(open_app("lookup", lang="en", rules="aberto"), "7h", "Kc Qd")
    assert at.success and not at.error


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


def test_a_mistyped_meld_says_which_card(open_app: Open) -> None:
    at = go_out(open_app("lookup", lang="en"), "4h 5x")
    assert at.error and "'5x'" in at.error[0].value and not at.exception
