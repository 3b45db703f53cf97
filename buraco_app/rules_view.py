"""The rule options as text: tables per preset and the searchable reference.

Everything here is generated from the options as the core declares them (buraco_core.rules
OPTIONS) and their texts in the catalogs, never typed twice: a rules page that drifts from the
engine is trusted by nobody.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import streamlit as st

from buraco_app.i18n import t
from buraco_core.rules import OPTIONS, PRESET_NAMES, PRESETS, RuleSet
from buraco_text import Lang, option_description, option_name, preset_title, value_text


def options_where_presets_differ() -> list[str]:
    return [o.name for o in OPTIONS if o.presets_differ]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def preset_table(
    names: Sequence[str], lang: Lang, yours: RuleSet | None = None, bold: Sequence[str] = ()
) -> str:
    """A Markdown table: one row per option in plain words, one column per preset (and the
    user's table when given)."""
    return _preset_table(tuple(names), lang, yours, tuple(bold))


@lru_cache(maxsize=64)  # the same few tables on every rerun; RuleSet is frozen (hashable)
def _preset_table(
    names: tuple[str, ...], lang: Lang, yours: RuleSet | None, bold: tuple[str, ...]
) -> str:
    heads = [t("variants.col.rule", lang), *(preset_title(p, lang) for p in PRESET_NAMES)]
    if yours is not None:
        heads.append(t("variants.col.yours", lang))
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for name in names:
        text = option_description(name, lang)
        values = [value_text(name, getattr(PRESETS[p], name), lang) for p in PRESET_NAMES]
        if yours is not None:
            value = value_text(name, getattr(yours, name), lang)
            changed = name in yours.changed_options()
            values.append(f"**{value}** ✎" if changed else value)
        if name in bold:
            text, values = f"**{text}**", [f"**{v}**" if "**" not in v else v for v in values]
        lines.append("| " + " | ".join(_cell(c) for c in [text, *values]) + " |")
    return "\n".join(lines)


def show_table(markdown_table: str) -> None:
    """A Markdown table that fits a phone: full width, fixed layout, words wrap (the
    `bt-table` style is in cards_view.CARD_CSS)."""
    st.markdown(f'<div class="bt-table">\n\n{markdown_table}\n\n</div>', unsafe_allow_html=True)


@dataclass(frozen=True, slots=True)
class OptionEntry:
    """One option of the rules reference, in one language."""

    name: str
    short: str
    text: str
    sources: tuple[str, ...]
    per_preset: tuple[tuple[str, str], ...]  # (preset title, value in words)
    value: str  # at the user's table
    changed: bool

    def matches(self, query: str) -> bool:
        haystack = _fold(
            " ".join([self.name, self.short, self.text, *(v for _, v in self.per_preset)])
        )
        return all(word in haystack for word in _fold(query).split())


def _fold(text: str) -> str:
    """Lower case without accents, so "lixo" finds "Lixo" and "tres" finds "três"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return plain.lower().replace("_", " ")


def reference(rules: RuleSet, lang: Lang) -> list[OptionEntry]:
    changed = rules.changed_options()
    return [
        OptionEntry(
            name=o.name,
            short=option_name(o.name, lang),
            text=option_description(o.name, lang),
            sources=o.sources,
            per_preset=tuple(
                (preset_title(p, lang), value_text(o.name, value, lang))
                for p, value in o.presets.items()
            ),
            value=value_text(o.name, getattr(rules, o.name), lang),
            changed=o.name in changed,
        )
        for o in OPTIONS
    ]
