"""“Quem tem razão?”: two players' claims at the table -> the disputed points they touch,
what each source says (in the project's words, the source named), what each preset does,
and a link that carries the table's choice. The page (app_pages/who_is_right.py) only asks
and calls these; the disputes and their readings are the rules reference's
(buraco_course/reference.toml), the values each preset takes are the core's."""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from buraco_app.i18n import t
from buraco_app.inline_cards import caption_md
from buraco_app.settings import rules_summary, url_params
from buraco_core.rules import PRESET_NAMES, PRESETS, PresetName, RuleSet
from buraco_course.reference import Dispute, Reading
from buraco_text import Lang, option_name, preset_title, value_text


def rules_for(rules: RuleSet, dispute: Dispute, reading: Reading) -> RuleSet:
    """The table's rules with the dispute settled as this reading says."""
    return rules.with_options(**dispute.options_for(reading))


def share_url(base: str | None, rules: RuleSet, lang: Lang) -> str:
    """A link that opens the app with these rules (and language); only the query where the
    page's own address is unknown."""
    query = urlencode(url_params(rules, lang))
    return f"{base}?{query}" if base else f"?{query}"


def presets_following(dispute: Dispute, reading: Reading) -> list[PresetName]:
    return [p for p, _, follows in dispute.per_preset() if follows == reading]


def sources_text(sources: tuple[str, ...], lang: Lang) -> str:
    return "; ".join(
        t("who.source", lang, id=sid, about=t(f"source.{sid}", lang)) for sid in sources
    )


def draw_dispute(dispute: Dispute, rules: RuleSet, lang: Lang) -> None:
    """One disputed point under the table's rules: each reading with its sources, the
    presets that follow it, the reading of the user's table, and a link that plays it."""
    # The table's rules, the point and its option: one Markdown block (### as st.subheader).
    st.markdown(
        f"{caption_md(t('who.rules', lang, rules=rules_summary(rules, lang)))}\n\n"
        f"### {dispute.title(lang)}\n\n"
        + caption_md(t("who.option", lang, name=option_name(dispute.option, lang)))
    )
    at_table = dispute.reading_of(rules)
    for index, reading in enumerate(dispute.readings):
        with st.container(border=True):
            # One Markdown block for the reading's texts (captions as caption_md): each
            # element costs a rerun as much as a line of work.
            mark = " ✓" if reading == at_table else ""
            parts = [
                f"**{t('who.reading', lang, number=index + 1)}**{mark}  \n{reading.text(lang)}",
                caption_md(t("who.sources", lang, sources=sources_text(reading.sources, lang))),
            ]
            following = presets_following(dispute, reading)
            if following:
                names = ", ".join(preset_title(p, lang) for p in following)
                parts.append(t("who.presets_follow", lang, presets=names))
            if reading == at_table:
                parts.append(t("who.your_table", lang))
            parts.append(caption_md(t("who.share", lang)))
            st.markdown("\n\n".join(parts))
            chosen = rules_for(rules, dispute, reading)
            st.code(share_url(st.context.url, chosen, lang), language=None, wrap_lines=True)
    rows = [f"| {t('who.col.preset', lang)} | {t('who.col.value', lang)} |", "|:--|:--|"]
    for preset in PRESET_NAMES:
        value = getattr(PRESETS[preset], dispute.option)
        rows.append(f"| {preset_title(preset, lang)} | {value_text(dispute.option, value, lang)} |")
    st.markdown("\n".join(rows))
