"""Side by side: one question judged under each preset, and under the user's own table.

`side_by_side(judge, draw)` calls `judge(rules)` once per rule set and `draw(result, rules)`
in that rule set's column. The variants page uses it for "same meld, three verdicts"; a
"same move, three verdicts" needs only another judge and draw (e.g. the round judge's
check and a move-verdict view).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import streamlit as st

from buraco_app.i18n import get_lang, t
from buraco_app.settings import current_rules, rules_summary, use_option
from buraco_core.rules import (
    OPTIONS,
    PRESET_NAMES,
    PRESETS,
    PresetName,
    RuleSet,
    option_choices,
)
from buraco_course.reference import disputes
from buraco_text import Lang, and_list, option_name, preset_title, value_text

T = TypeVar("T")


def tables_to_compare(own: RuleSet | None = None) -> list[tuple[str, RuleSet]]:
    """The three presets, plus the user's table when it changes a house option, plus `own`:
    a position's own table, where it plays a house option (“Mesa rígida: duas cartas da
    mão”) and is neither a preset nor the user's."""
    yours = current_rules()
    lang = get_lang()
    tables = [(preset_title(name, lang), PRESETS[name]) for name in PRESET_NAMES]
    if yours.changed_options():
        tables.append((t("variants.yours_title", lang), yours))
    if own is not None and own.changed_options() and own != yours:
        tables.append((t("variants.own_title", lang), own))
    return tables


def side_by_side(
    judge: Callable[[RuleSet], T], draw: Callable[[T, RuleSet], None], own: RuleSet | None = None
) -> list[tuple[str, RuleSet, T]]:
    """Judge under each table (tables_to_compare) and draw each answer in its own column;
    return the answers."""
    tables = tables_to_compare(own)
    yours = current_rules()
    lang = get_lang()
    results = []
    # Each column is its heading and its answer, two blocks: on a wide screen the answers
    # start level whatever the headings' lengths (the style sheet's subgrid); on a phone they stack.
    with st.container(key=COMPARE_KEY):
        for column, (title, rules) in zip(st.columns(len(tables)), tables, strict=True):
            with column:
                if rules.changed_options():
                    note = f"\n:gray[{rules_summary(rules, lang)}]"
                elif rules == yours:
                    note = f"\n:gray[✓ {t('variants.yours_title', lang)}]"
                else:
                    note = ""
                st.markdown(f"#### {title}{note}")
                with st.container():
                    result = judge(rules)
                    draw(result, rules)
                results.append((title, rules, result))
    return results


COMPARE_KEY = "bt_compare"  # (its columns styled in cards_view.CARD_CSS)


def deciding_options(judge: Callable[[RuleSet], T], key: Callable[[T], Hashable]) -> list[str]:
    """The options, among those the presets set differently, that decide this answer: under
    some preset, that one option set as another preset sets it changes the answer (`key`
    says which answers are the same). Empty where the presets all answer alike."""
    answers = {p: key(judge(PRESETS[p])) for p in PRESET_NAMES}
    if len(set(answers.values())) < 2:
        return []
    found = []
    for option in (o for o in OPTIONS if o.presets_differ):
        values = set(option.presets.values())
        if any(
            key(judge(PRESETS[p].with_options(**{option.name: value}))) != answers[p]
            for p in PRESET_NAMES
            for value in values - {option.presets[p]}
        ):
            found.append(option.name)
    return found


def other_values(name: str) -> tuple[Any, ...]:
    """The values an option may take: every choice of an enumerated one; for a number, those
    the sources or other tables play (the disputes' readings: joker 20, batida 50...)."""
    choices = option_choices(name)
    if choices is not None:
        return choices
    found = (d.options_for(r) for d in disputes() if d.option == name for r in d.readings)
    return tuple(dict.fromkeys(v[name] for v in found if name in v))


def alike_deciding(
    judge: Callable[[RuleSet], T],
    key: Callable[[T], Hashable],
    valid: Callable[[T], bool] = lambda _: True,
) -> list[str]:
    """The options the three presets set alike that decide this answer all the same: under
    some preset, that option set to another of its values changes the answer (“2h 3h 4h
    2s”: a wild 2 beside its natural 2, forbidden in all three; eight equal 5s: a real where
    eight of a kind counts as one). `valid` leaves out answers that are no answer (a
    position that cannot be set up under those rules)."""
    found = []
    for option in (o for o in OPTIONS if not o.presets_differ):
        for preset in PRESET_NAMES:
            rules = PRESETS[preset]
            base = judge(rules)
            if not valid(base):
                continue
            others = (
                judge(rules.with_options(**{option.name: value}))
                for value in other_values(option.name)
                if value != getattr(rules, option.name)
            )
            if any(valid(other) and key(other) != key(base) for other in others):
                found.append(option.name)
                break
    return found


def house_deciding(
    judge: Callable[[RuleSet], T],
    key: Callable[[T], Hashable],
    valid: Callable[[T], bool] = lambda _: True,
) -> list[tuple[str, Any, tuple[PresetName, ...]]]:
    """The values of the options the presets set differently that no preset plays (the
    stricter pickup of some tables [003]) and that decide this answer, with the presets
    under which they do: there the option set to that value gives an answer that none of
    the values the presets play gives (“Mesa rígida”: the three take the lixo, a strict
    table does not; where Fechado already refuses the lixo, the strict pickup refuses it
    too and decides nothing new). As (option, value, presets) triples."""
    found: list[tuple[str, Any, tuple[PresetName, ...]]] = []
    for option in (o for o in OPTIONS if o.presets_differ):
        played = tuple(dict.fromkeys(option.presets.values()))
        for value in (v for v in other_values(option.name) if v not in played):
            presets: list[PresetName] = []
            for preset in PRESET_NAMES:
                other = judge(PRESETS[preset].with_options(**{option.name: value}))
                if not valid(other):
                    continue
                known = (judge(PRESETS[preset].with_options(**{option.name: v})) for v in played)
                if key(other) not in {key(answer) for answer in known if valid(answer)}:
                    presets.append(preset)
            if presets:
                found.append((option.name, value, tuple(presets)))
    return found


def show_deciding(
    options: Sequence[str],
    alike: Sequence[str] = (),
    house: Sequence[tuple[str, Any, tuple[PresetName, ...]]] = (),
) -> None:
    """Once, above the columns: the options that make the variants answer differently, with
    each variant's value, those the three set alike that decide it all the same (a table
    that plays another value judges otherwise), and the values no variant plays that decide
    it (house_deciding); or that no option decides it."""
    lang = get_lang()
    if not options and not alike and not house:
        st.caption(t("variants_decide.alike", lang))
        return
    lines = [
        f"**{option_name(name, lang)}**: "
        + " · ".join(
            f"{preset_title(p, lang)} {value_text(name, getattr(PRESETS[p], name), lang)}"
            for p in PRESET_NAMES
        )
        for name in options
    ]
    yours = current_rules()
    for name in alike:
        shared = getattr(PRESETS[PRESET_NAMES[0]], name)
        played = getattr(yours, name)
        # A table that already plays another value is told so, not to go and change it.
        key = (
            "variants_decide.same_value" if played == shared else "variants_decide.same_value_yours"
        )
        lines.append(
            t(
                key,
                lang,
                name=option_name(name, lang),
                value=value_text(name, shared, lang),
                yours=value_text(name, played, lang),
            )
        )
    # Where the value decides under some variants only, they are named: a Fechado table
    # told “numa mesa assim o veredito muda” set it in “Casa” and saw the same verdict.
    lines += [
        t(
            "variants_decide.house_value_yours"
            if getattr(yours, name) == value and yours.preset in presets
            else "variants_decide.house_value"
            if len(presets) == len(PRESET_NAMES)
            else "variants_decide.house_value_in",
            lang,
            name=option_name(name, lang),
            value=value_text(name, value, lang),
            presets=and_list([preset_title(p, lang) for p in presets], lang),
            count=len(presets),
        )
        for name, value, presets in house
    ]
    if options:
        head = t("variants_decide.decides", lang, count=len(options))
    else:
        head = t("variants_decide.alike_but", lang, count=len(alike) + len(house))
    st.info(head + "  \n" + "  \n".join(lines), icon="⚖️")
    _tries(alike, house, yours, lang)


def _tries(
    alike: Sequence[str],
    house: Sequence[tuple[str, Any, tuple[PresetName, ...]]],
    yours: RuleSet,
    lang: Lang,
) -> None:
    """Under the box, a tap that sets at the user's table the value it says would change
    the verdict (a teacher told “mude em “Casa” para ver” looked for it among 27 options):
    the other value of a shared option (where it has one), and a value no variant plays,
    with a variant under which it decides where the table's own does not."""
    tries: list[tuple[str, Any, PresetName | None]] = []
    for name in alike:
        shared = getattr(PRESETS[PRESET_NAMES[0]], name)
        others = [v for v in other_values(name) if v != shared]
        if len(others) == 1 and getattr(yours, name) == shared:
            tries.append((name, others[0], None))
    for name, value, presets in house:
        preset = None if yours.preset in presets else presets[0]
        if getattr(yours, name) != value or preset is not None:
            tries.append((name, value, preset))
    for name, value, preset in tries:  # (one under another: a row cut their labels short)
        said = {"name": option_name(name, lang), "value": value_text(name, value, lang)}
        label = (
            t("variants_decide.try_yours", lang, **said)
            if preset is None
            else t("variants_decide.try_in", lang, preset=preset_title(preset, lang), **said)
        )
        st.button(
            label,
            key=f"variants_try_{name}_{value}",
            on_click=use_option,
            args=(name, value, preset),
        )
