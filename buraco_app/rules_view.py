"""The rule options as text: tables per preset, and a point of the rules reference.

Everything here is generated from the options as the core declares them (buraco_core.rules
OPTIONS) and their texts in the catalogs, never typed twice: a rules page that drifts from the
engine is trusted by nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import streamlit as st

from buraco_app.i18n import t
from buraco_app.inline_cards import caption_md, show_text
from buraco_app.pages import page_link
from buraco_core.rules import OPTIONS, PRESET_NAMES, PRESETS, RuleSet, option_sources
from buraco_course.reference import RulePoint, disputes
from buraco_course.reference import point as rule_point
from buraco_text import (
    Lang,
    option_description,
    option_name,
    preset_title,
    sources_text,
    value_text,
    without_effect,
)


def options_where_presets_differ() -> list[str]:
    return [o.name for o in OPTIONS if o.presets_differ]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def preset_table(
    names: Sequence[str], lang: Lang, yours: RuleSet | None = None, bold: Sequence[str] = ()
) -> str:
    """A Markdown table: one row per option in plain words with its sources, one column per
    preset (and the user's table when given)."""
    return _preset_table(tuple(names), lang, yours, tuple(bold))


@lru_cache(maxsize=64)  # the same few tables on every rerun; RuleSet is frozen (hashable)
def _preset_table(
    names: tuple[str, ...], lang: Lang, yours: RuleSet | None, bold: tuple[str, ...]
) -> str:
    # The variants by their short names (as on the variant bar): five columns fit a phone
    # without a word broken in two ("Fechad o STBL").
    heads = [t("variants.col.rule", lang), *(t(f"rules_bar.{p}", lang) for p in PRESET_NAMES)]
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
        # Its sources as the core declares them, not the rules reference's point's, whose
        # text may cite a source for something else (003 for the canastras' names, no 500).
        source = t("meld.source", lang, sources=sources_text(option_sources(name), lang))
        text += " " + caption_md(source)
        lines.append("| " + " | ".join(_cell(c) for c in [text, *values]) + " |")
    return "\n".join(lines)


def value_sources(option: str, rules: RuleSet, lang: Lang) -> str:
    """Where the table's value of an option comes from: where the sources dispute it in the
    table's variant, the reading it follows and who reads otherwise ("textos 000, 001; em
    disputa: o texto 003 diz outra coisa"); else the option's sources, as the core declares
    them."""
    for dispute in disputes():
        if dispute.option != option or rules.preset not in dispute.variants:
            continue
        follows = dispute.reading_of(rules)
        if follows is None:
            continue
        others = sorted({s for r in dispute.readings if r != follows for s in r.sources})
        others = [s for s in others if s not in follows.sources] or others
        key = "lookup.sources_disputed_one" if len(others) == 1 else "lookup.sources_disputed_many"
        return t(
            key,
            lang,
            sources=sources_text(follows.sources, lang),
            others=sources_text(others, lang),
        )
    return sources_text(option_sources(option), lang)


def show_table(markdown_table: str, above: str = "") -> None:
    """A Markdown table that fits a phone: full width, fixed layout, words wrap; on a
    narrow screen each row's first cell (a rule's text) spans the row and the values share
    the line under it, wide enough for "justificada" whole (the `bt-table` style is in
    cards_view.CARD_CSS); `above`: Markdown drawn in the same element (a heading, a
    caption), one element less per rerun."""
    table = f'<div class="bt-table">\n\n{markdown_table}\n\n</div>'
    st.markdown(f"{above}\n\n{table}" if above else table, unsafe_allow_html=True)


def _names(names: list[str], lang: Lang) -> str:
    """“Buraco Aberto e Fechado STBL” (the three variants alike are said otherwise)."""
    if len(names) == 1:
        return names[0]
    return t("lookup.presets_and", lang, first=", ".join(names[:-1]), last=names[-1])


def _needs_lines(needs: str, option: str, rules: RuleSet, lang: Lang) -> list[str]:
    """Where a rule played under an on/off option comes into play: at the table, then per
    variant. The option's own values (“Vale trinca, de qualquer valor, inclusive de ases”)
    spoke of the trincas, not of the wild in them, in the wild's box."""
    changed = option in rules.changed_options()
    mark = f" ✎ _{t('lookup.changed', lang)}_" if changed else ""
    here = "on" if getattr(rules, option) else "off"
    lines = [t(f"lookup.needs.{needs}.{here}", lang) + mark]
    on = [preset_title(p, lang) for p in PRESET_NAMES if getattr(PRESETS[p], option)]
    off = [preset_title(p, lang) for p in PRESET_NAMES if not getattr(PRESETS[p], option)]
    if on and off:
        said = t(f"lookup.needs.{needs}.presets", lang, on=_names(on, lang), off=_names(off, lang))
        lines.append(said)
    return lines


def show_point(point: RulePoint, rules: RuleSet, lang: Lang) -> None:
    """One point of the rules reference as `buraco rules --search` gives it: what it says,
    at the user's table and per variant where an option governs it, the option, its
    sources, and a link to its lesson."""
    lines = [f"**{point.title(lang)}**", point.text(lang)]
    # A rule played only under an option (a wild in a trinca, where trincas are played): that
    # option's lines, at the table and per variant, say where it holds.
    governing = point if point.needs is None else rule_point(point.needs)
    if point.needs is not None and governing.option is not None:
        lines.extend(_needs_lines(point.needs, governing.option, rules, lang))
    elif governing.option is not None:
        changed = governing.option in rules.changed_options()
        mark = f" ✎ _{t('lookup.changed', lang)}_" if changed else ""
        here = governing.at_table(rules, lang)
        # A point the table never meets (trinca suits at an Aberto table, where no trinca is
        # laid): its value is said to have no effect here, as a changed option's is.
        idle = None if changed else without_effect(rules, governing.option, lang)
        if idle and here is not None:
            here += " " + idle
        # Variants that say the same are named together: the same sentence three times was
        # four lines on a phone.
        alike: dict[str, list[str]] = {}
        for preset, said in governing.per_preset(lang):
            alike.setdefault(said, []).append(preset_title(preset, lang))
        if list(alike) == [here]:
            lines.append(t("lookup.at_your_table_everywhere", lang, value=here) + mark)
        else:
            lines.append(t("lookup.at_your_table", lang, value=here) + mark)
            if len(alike) == 1:
                lines.append(t("lookup.every_preset", lang, value=next(iter(alike))))
            else:
                per_preset = " · ".join(
                    f"{_names(names, lang)}: {said}" for said, names in alike.items()
                )
                lines.append(f"{t('lookup.per_preset', lang)}: {per_preset}")
    with st.container(border=True):
        show_text("  \n".join(lines))  # (its cards, `3♠ 2♠ 5♠`, as cards, not as code)
        # Its sources as every other line of the app says them (“Textos 000, 001”, a line
        # of its own), not “Fontes: 000, 001”.
        said = sources_text(point.sources, lang)
        about = [said[:1].upper() + said[1:]]
        if governing.option is not None:
            name = option_name(governing.option, lang)
            about.append(t("lookup_reference.option", lang, name=name))
        st.caption(" · ".join(about))
        if point.lesson is not None:
            page_link("lessons", t("lookup_reference.lesson", lang), {"lesson": point.lesson})
