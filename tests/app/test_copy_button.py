"""Where Streamlit's copy button is drawn beside a link to send: only at an address from
which a browser lets the page write to the clipboard (https, or the machine's own)."""

from __future__ import annotations

import pytest

from buraco_app.cards_view import clipboard_barred


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:8501/who",
        "http://127.0.0.1:8501/lookup?cards=5h",
        "http://[::1]:8501/",
        "http://buraco.localhost/",
        "https://buraco.example.com/who",
        "https://192.168.0.12:8501/who",
        None,  # (the address unknown: Streamlit's own choice stands)
    ],
)
def test_the_copy_button_stays_where_the_clipboard_works(url: str | None) -> None:
    assert not clipboard_barred(url)


@pytest.mark.parametrize(
    "url", ["http://192.168.0.12:8501/who", "http://mesa.local:8501/", "http://buraco.example/"]
)
def test_no_copy_button_at_an_http_address_of_another_machine(url: str) -> None:
    """A phone of the home network at the laptop's http address: the button did nothing."""
    assert clipboard_barred(url)
