"""Both languages have every UI string, with the same placeholders, and every key the code
asks for exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

from buraco_app.i18n import EN, PT, TEXTS, t
from buraco_core.rules import OPTION_NAMES, option_sources

ROOT = Path(__file__).resolve().parents[2]
CODE = [ROOT / "app.py", *(ROOT / "app_pages").glob("*.py"), *(ROOT / "buraco_app").glob("*.py")]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_keys() -> None:
    assert set(PT) - set(EN) == set(), "missing in English"
    assert set(EN) - set(PT) == set(), "missing in Portuguese"


def test_placeholders_match() -> None:
    for key in PT:
        assert _fields(PT[key]) == _fields(EN[key]), key


def test_no_empty_strings() -> None:
    for lang, texts in TEXTS.items():
        assert all(v.strip() for v in texts.values()), lang


def test_every_key_used_in_the_code_exists() -> None:
    literal = re.compile(r"""\bt\(\s*["']([a-z0-9_]+\.[a-z0-9_.]+)["']""")
    used = {key for path in CODE for key in literal.findall(path.read_text(encoding="utf-8"))}
    assert used, "the scan found no t(...) calls"
    assert used - set(PT) == set()


def test_keys_built_at_run_time_exist() -> None:
    # Keys assembled from data: short option names, canastra kinds, sources, groups.
    for name in OPTION_NAMES:
        assert f"opt.{name}" in PT
        for source in option_sources(name):
            assert f"source.{source}" in PT
    for kind in ("none", "limpa", "suja", "500", "real"):
        assert f"meld.canastra.{kind}" in PT
    for group in ("play", "scoring", "match"):
        assert f"settings.group.{group}" in PT


def test_t_fills_params_and_falls_back_to_the_key() -> None:
    assert t("meld.points", "en", points=25) == "Cards: **25** points"
    assert t("meld.points", "pt", points=25) == "Cartas: **25** pontos"
    assert t("no.such.key", "pt") == "no.such.key"
