"""Drawing the core's answers: a meld verdict, and reasons with their sources.

`show_reasons(reasons)` works for any verdict of the core (melds now, moves later): each
reason's message comes from the catalogs (`buraco_text.message`), followed by its
sources in plain words.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from buraco_app.cards_view import Size, cards_html, meld_html
from buraco_app.i18n import get_lang, t
from buraco_app.inline_cards import show_text, with_cards
from buraco_core.cards import Card
from buraco_core.melds import MeldVerdict
from buraco_core.rules import RuleSet
from buraco_core.verdict import Reason
from buraco_text import Lang, bullet, sources_text


def reason_line(reason: Reason, lang: Lang | None = None) -> str:
    lang = lang or get_lang()
    source = t("meld.source", lang, sources=sources_text(reason.sources, lang))
    return f"{bullet(reason, lang)} :gray[({source})]"


def reasons_text(reasons: Sequence[Reason], lang: Lang | None = None) -> str:
    """The reasons as a Markdown list, each with its sources."""
    return "\n".join(f"- {reason_line(r, lang)}" for r in reasons)


def show_reasons(reasons: Sequence[Reason], lang: Lang | None = None) -> None:
    if reasons:
        show_text(reasons_text(reasons, lang))


def canastra_label(verdict: MeldVerdict, lang: Lang | None = None) -> str:
    lang = lang or get_lang()
    if verdict.meld is None:
        return ""
    if verdict.canastra is None:
        return t("meld.canastra.none", lang, count=verdict.meld.size)
    return t(f"meld.canastra.{verdict.canastra}", lang)


def points_line(verdict: MeldVerdict, rules: RuleSet, lang: Lang | None = None) -> str:
    """ "Cartas: 25 pontos · Bônus: 200 · Total na mesa: 225" (bonus only for a canastra)."""
    lang = lang or get_lang()
    if verdict.meld is None:
        return ""
    bonus = verdict.meld.bonus(rules)
    parts = [t("meld.points", lang, points=verdict.points)]
    if bonus:
        parts += [
            t("meld.bonus", lang, bonus=bonus),
            t("meld.total", lang, total=verdict.points + bonus),
        ]
    return " · ".join(parts)


def show_meld_verdict(
    verdict: MeldVerdict,
    rules: RuleSet,
    *,
    typed: Sequence[Card] = (),
    size: Size = "md",
    reasons: bool = True,
    lang: Lang | None = None,
) -> None:
    """The verdict, the meld drawn (wild marked), its canastra kind, points, and why."""
    lang = lang or get_lang()
    # Below the headline, one Markdown block: the cards (our own HTML), the points and the
    # reasons (each element costs a rerun as much as a line of work).
    parts: list[str] = []
    if verdict.ok and verdict.meld is not None:
        st.success(f"{t('meld.valid', lang)} · {canastra_label(verdict, lang)}")
        parts += [meld_html(verdict.meld, size=size, lang=lang), points_line(verdict, rules, lang)]
    else:
        st.error(t("meld.invalid", lang))
        if typed:
            parts.append(cards_html(list(typed), size=size, lang=lang))
    if reasons and verdict.reasons:
        parts.append(with_cards(reasons_text(verdict.reasons, lang)))
    if parts:
        st.markdown("\n\n".join(parts), unsafe_allow_html=True)
