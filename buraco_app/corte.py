"""The corte de 44 at the table [003, "Variações comuns"; option corte_44_points]: who cut
and how many cards were left, asked once per round by the calculator and the score sheet
(shown only where the table plays it); the points themselves come from the core."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.limits import number_field
from buraco_app.sheet_page import md_text
from buraco_app.sheets import echo, parse_points
from buraco_core.numbers import whole_number
from buraco_core.rules import RuleSet
from buraco_core.scoring import corte_44

NOBODY = -1


def who_key(prefix: str) -> str:
    return f"{prefix}_corte_who"


def cards_key(prefix: str) -> str:
    return f"{prefix}_corte_cards"


def corte_fields(prefix: str, rules: RuleSet, names: tuple[str, ...]) -> None:
    """Who cut, and the cards the cut left: nothing where the option is off."""
    if not rules.corte_44_points:
        return
    labels = {NOBODY: t("corte.nobody")} | {i: md_text(n) for i, n in enumerate(names)}
    relabel_after_language_change(who_key(prefix))
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.selectbox(
            t("corte.who"),
            list(labels),
            format_func=labels.__getitem__,
            key=who_key(prefix),
            help=t("corte.help", points=rules.corte_44_points),
            filter_mode=None,  # no typing: Streamlit's "No results" is English only
            placeholder=t("screen.choose"),
        )
        number_field(t("corte.cards"), cards_key(prefix))
    problem = corte_problem(prefix, rules)
    if problem:
        st.error(problem)


def _typed_cards(prefix: str, rules: RuleSet) -> tuple[int | None, str | None]:
    """The cards the cut left as typed (None: blank), or the problem with what was typed."""
    text = st.session_state.get(cards_key(prefix))
    if text is None or not str(text).strip():
        return None, None
    cards = whole_number(text)
    if cards is None or not 0 <= cards <= rules.deck_size:
        field = t("corte.cards")
        return None, t(
            "corte.bad_cards", field=field, most=rules.deck_size, value=md_text(echo(text))
        )
    return cards, None


def corte_problem(prefix: str, rules: RuleSet) -> str | None:
    """What is wrong with the cards typed, in words (cards typed with nobody chosen as the
    cutter would count for nobody, unsaid); None where the option is off."""
    if not rules.corte_44_points:
        return None
    cards, problem = _typed_cards(prefix, rules)
    nobody = st.session_state.get(who_key(prefix), NOBODY) in (None, NOBODY)
    if cards is not None and nobody:
        return t("corte.who_missing", field=t("corte.who"), cards=t("corte.cards"))
    return problem


def corte_choice(prefix: str, rules: RuleSet) -> tuple[int, int] | None:
    """(the cutter's side, the cards left) where both are given and the option is on."""
    who = st.session_state.get(who_key(prefix), NOBODY)
    cards = _typed_cards(prefix, rules)[0]
    if not rules.corte_44_points or who in (None, NOBODY) or cards is None:
        return None
    return int(who), cards


def clear_corte(prefix: str) -> None:
    """Empty the fields for the next round (a callback)."""
    st.session_state[who_key(prefix)] = NOBODY
    st.session_state[cards_key(prefix)] = ""


def with_corte(
    prefix: str, rules: RuleSet, typed: Sequence[Any]
) -> tuple[list[Any], dict[str, Any] | None]:
    """A round's typed points with the cut added to the cutter's side, and the round's
    detail saying so; unchanged where nobody cut (a bad number raises the store's error)."""
    choice = corte_choice(prefix, rules)
    if choice is None or choice[0] >= len(typed):
        return list(typed), None
    side, cards = choice
    points = corte_44(rules, cards)
    adjusted = list(typed)
    adjusted[side] = parse_points(typed[side], f"points[{side}]") + points
    return adjusted, {
        "source": "sheet",
        "corte_44": {"side": side, "cards": cards, "points": points},
    }
