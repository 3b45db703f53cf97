"""The home page's switch to the other language, with AppTest: on a phone the sidebar (and
its switch) is hidden, so the home page offers the other language in one tap, named in
itself, and the tap does what the sidebar's switch does."""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from buraco_text import catalog

PT, EN = catalog("pt"), catalog("en")

OpenApp = Callable[..., AppTest]


def tap_other_language(at: AppTest, name: str) -> AppTest:
    button = at.button(key="lang_other")
    assert button.label == name
    button.click().run()
    assert not at.exception, at.exception
    return at


def test_a_tap_on_the_home_page_switches_the_app_to_english_and_back(open_app: OpenApp) -> None:
    at = open_app()
    assert at.markdown[0].value.startswith(PT["home.lead"])

    tap_other_language(at, "English")
    assert at.markdown[0].value.startswith(EN["home.lead"])
    assert at.radio(key="lang").value == "en"  # the sidebar's switch follows
    assert at.sidebar.subheader[0].value == EN["settings.rules"]
    assert at.query_params["lang"] == "en"  # and the address: a link sent now is English
    assert at.button(key="lang_other").label == "Português"

    tap_other_language(at, "Português")
    assert at.markdown[0].value.startswith(PT["home.lead"])
    assert at.radio(key="lang").value == "pt"
    assert at.query_params["lang"] == "pt"
    assert at.button(key="lang_other").label == "English"


def test_the_tap_keeps_the_rules_and_clears_a_links_notice_as_the_sidebar_does(
    open_app: OpenApp,
) -> None:
    """One way to change the language: the link's rules stay, its warning goes once the
    person has chosen (as after the sidebar's switch)."""
    at = open_app(rules="stbl", joker_points="lots")
    assert len(at.warning) == 1
    tap_other_language(at, "English")
    assert len(at.warning) == 0
    assert at.query_params == {"lang": "en", "rules": "stbl"}
    assert EN["preset.stbl"] in at.info[0].value

    sidebar = open_app(rules="stbl", joker_points="lots")
    sidebar.radio(key="lang").set_value("en").run()
    assert len(sidebar.warning) == 0
    assert sidebar.query_params == at.query_params
