"""Side by side: one question judged under each preset, and under the user's own table.

`side_by_side(judge, draw)` calls `judge(rules)` once per rule set and `draw(result, rules)`
in that rule set's column. The variants page uses it for "same meld, three verdicts"; a
"same move, three verdicts" needs only another judge and draw (e.g. the round judge's
check and a move-verdict view).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from buraco_app.i18n import get_lang, t
from buraco_app.settings import current_rules, rules_summary
from buraco_core.rules import PRESET_NAMES, PRESETS, RuleSet
from buraco_text import preset_title

T = TypeVar("T")


def tables_to_compare() -> list[tuple[str, RuleSet]]:
    """The three presets, plus the user's table when it changes a house option."""
    yours = current_rules()
    tables = [(preset_title(name, get_lang()), PRESETS[name]) for name in PRESET_NAMES]
    if yours.changed_options():
        tables.append((t("variants.yours_title"), yours))
    return tables


def side_by_side(
    judge: Callable[[RuleSet], T], draw: Callable[[T, RuleSet], None]
) -> list[tuple[str, RuleSet, T]]:
    """Judge under each table and draw each answer in its own column; return the answers."""
    tables = tables_to_compare()
    yours = current_rules()
    results = []
    for column, (title, rules) in zip(st.columns(len(tables)), tables, strict=True):
        with column:
            # Every column gets a second line, so the verdicts below stay aligned.
            if rules.changed_options():
                note = rules_summary(rules, get_lang())
            elif rules == yours:
                note = "✓ " + t("variants.yours_title")
            else:
                note = "\u00a0"
            st.markdown(f"#### {title}\n:gray[{note}]")
            result = judge(rules)
            draw(result, rules)
            results.append((title, rules, result))
    return results
