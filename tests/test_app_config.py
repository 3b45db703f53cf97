"""The app never shows a user a traceback, a file path or SQL [issue 11, the app]."""

import tomllib
from pathlib import Path

from streamlit.config import ShowErrorDetailsConfigOptions

CONFIG = Path(__file__).resolve().parent.parent / ".streamlit" / "config.toml"


def test_error_details_are_hidden_from_users() -> None:
    value = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["client"]["showErrorDetails"]
    # The value this Streamlit accepts ("none"), not a legacy false it would reinterpret.
    assert ShowErrorDetailsConfigOptions(value) is ShowErrorDetailsConfigOptions.NONE
