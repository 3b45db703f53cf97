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
from buraco_app.inline_cards import NO_ICON, md_cards, show_text, with_cards
from buraco_core.cards import Card
from buraco_core.melds import MeldVerdict
from buraco_core.rules import RuleSet
from buraco_core.verdict import Reason
from buraco_text import Lang, bullet, continues, sources_text
from buraco_text import at_table as table_reasons


def reason_line(reason: Reason, lang: Lang | None = None) -> str:
    lang = lang or get_lang()
    source = t("meld.source", lang, sources=sources_text(reason.sources, lang))
    return f"{bullet(reason, lang)} :gray[({source})]"


def at_table(
    reasons: Sequence[Reason], rules: RuleSet | None, lang: Lang | None = None
) -> tuple[Reason, ...]:
    """buraco_text.at_table in the page's language ("nesta mesa" where the table decides)."""
    return table_reasons(reasons, rules, lang or get_lang())


def reasons_text(
    reasons: Sequence[Reason], lang: Lang | None = None, rules: RuleSet | None = None
) -> str:
    """The reasons as a Markdown list, each with its sources (with `rules`, worded for the
    table where an option it changed decides)."""
    shown = at_table(reasons, rules, lang)
    return bullet_list([reason_line(r, lang) for r in shown], continues(shown, lang or get_lang()))


def bullet_list(lines: Sequence[str], nested: Sequence[bool]) -> str:
    """A Markdown list; a line that continues a lead-in (buraco_text.continues) sits under it."""
    return "\n".join(
        f"{'    ' if under else ''}- {line}" for line, under in zip(lines, nested, strict=True)
    )


def show_reasons(
    reasons: Sequence[Reason], lang: Lang | None = None, rules: RuleSet | None = None
) -> None:
    if reasons:
        show_text(reasons_text(reasons, lang, rules))


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


def vulnerable_line(verdict: MeldVerdict, rules: RuleSet, lang: Lang | None = None) -> str:
    """Where the table plays the vulnerable side's minimum (off by default): what the first
    baixada needs, beside this meld's card points [003] ("" where it is off)."""
    needed = rules.vulnerable_min_meld_points
    if not needed or verdict.meld is None:
        return ""
    lang = lang or get_lang()
    counts = rules.vulnerable_min_counts  # the whole turn, or one meld alone
    sources = ("003", "option:vulnerable_min_meld_points", "option:vulnerable_min_counts")
    return t(
        f"meld.vulnerable.{counts}",
        lang,
        needed=needed,
        points=verdict.points,
        sources=sources_text(sources, lang),
    )


def wild_line(verdict: MeldVerdict, lang: Lang | None = None) -> str:
    """ "2♣ no lugar do 9♥": the wild of a sequence and the card it stands for; or, with no
    wild, "2♠ no lugar natural: não é curinga" (a clean meld holding a 2 is the table's
    common doubt [003]); "" if neither."""
    meld = verdict.meld
    if meld is None or meld.kind != "sequence":
        return ""
    for slot in meld.slots:
        stands = meld.stands_for(slot.position) if slot.wild else None
        if stands is not None:
            return t("meld.wild_in_place", lang, wild=slot.card.symbol, card=stands.symbol)
    if meld.natural_two is not None:
        return t("meld.natural_two", lang, two=meld.natural_two.symbol)
    return ""


def show_meld_headline(
    verdict: MeldVerdict, rules: RuleSet | None = None, lang: Lang | None = None
) -> None:
    """The one-line verdict: "✓ Jogo válido · Ainda não é canastra (5/7) · 2♣ no lugar do 9♥", or
    "✗ Jogo inválido" with its first reason under it (a page may draw it above its card
    grid, so that a phone sees the answer to a tap without scrolling)."""
    lang = lang or get_lang()
    if verdict.ok and verdict.meld is not None:
        parts = [t("meld.valid", lang), canastra_label(verdict, lang), wild_line(verdict, lang)]
        st.success(md_cards(" · ".join(p for p in parts if p)), icon=NO_ICON)
        return
    st.error(t("meld.invalid", lang), icon=NO_ICON)
    if verdict.reasons:
        first = at_table(verdict.reasons[:1], rules, lang)[0]
        st.markdown(md_cards(bullet(first, lang)))


def show_meld_verdict(
    verdict: MeldVerdict,
    rules: RuleSet,
    *,
    typed: Sequence[Card] = (),
    size: Size = "md",
    reasons: bool = True,
    headline: bool = True,
    lang: Lang | None = None,
) -> None:
    """The verdict, the meld drawn (wild marked), its canastra kind, points, and why.
    `headline=False`: the page drew `show_meld_headline` already (above its card grid)."""
    lang = lang or get_lang()
    # Below the headline, one Markdown block: the cards (our own HTML), the points and the
    # reasons (each element costs a rerun as much as a line of work).
    parts: list[str] = []
    if verdict.ok and verdict.meld is not None:
        if headline:
            st.success(f"{t('meld.valid', lang)} · {canastra_label(verdict, lang)}", icon=NO_ICON)
        parts += [meld_html(verdict.meld, size=size, lang=lang), points_line(verdict, rules, lang)]
        parts += [line for line in [vulnerable_line(verdict, rules, lang)] if line]
    else:
        if headline:
            st.error(t("meld.invalid", lang), icon=NO_ICON)
        if typed:
            parts.append(cards_html(list(typed), size=size, lang=lang))
    if reasons and verdict.reasons:
        parts.append(with_cards(reasons_text(verdict.reasons, lang, rules)))
    if parts:
        st.markdown("\n\n".join(parts), unsafe_allow_html=True)
