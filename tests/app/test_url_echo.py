"""URL parameters echoed in warnings show as plain text: a crafted link never renders a link
or loads an outside image inside the app's own warning [issue 11, the app]."""

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

CRAFTED = "x](https://evil.example) ![i](https://evil.example/i.png) **bold**"


def _no_markdown(text: str) -> None:
    assert "](https://" not in text  # "\]\(https" once escaped: no link, no image
    assert "**bold**" not in text


@pytest.mark.parametrize(
    ("page", "param"),
    [("lessons", "lesson"), ("practice", "scenario"), ("home", "rules"), ("home", "lang")],
)
def test_url_values_in_warnings_are_plain_text(
    open_app: Callable[..., AppTest], page: str, param: str
) -> None:
    at = open_app(page, **{param: CRAFTED})
    warnings = [w.value for w in at.warning]
    assert any("evil" in w for w in warnings)
    for text in warnings:
        _no_markdown(text)


def test_an_option_value_in_a_warning_is_plain_text(open_app: Callable[..., AppTest]) -> None:
    at = open_app("home", joker_points=CRAFTED)
    warnings = [w.value for w in at.warning]
    assert warnings
    for text in warnings:
        _no_markdown(text)


def test_a_very_long_url_value_is_echoed_cut_short(open_app: Callable[..., AppTest]) -> None:
    at = open_app("lessons", lesson="x" * 5000)
    assert all(len(w.value) < 1000 for w in at.warning)
