"""Score calculator: a round's melds, hands, morto and batida -> the core's itemised score,
a chart of where the points came from, and a button that sends it to the open score sheet."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from buraco_app import cards_view
from buraco_app.i18n import t
from buraco_app.settings import current_lang, current_rules, rules_summary
from buraco_app.sheets import (
    MatchNotFound,
    Sheet,
    SheetError,
    error_text,
    item_label,
    md_text,
    open_match_id,
    page_store,
    set_open_match,
)
from buraco_core.cards import Suit, parse_card, parse_cards
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.melds import judge_meld
from buraco_core.notation import round_from_data, score_json
from buraco_core.rules import RuleSet
from buraco_core.scoring import RoundScore, score_round
from buraco_text import Lang, error_problem, message

WENT_OUT_KEY = "calc_went_out"
SENT_KEY = "calc_sent"  # {fingerprint: round number}: a round is sent once, not per tap
FLASH_KEY = "calc_flash"
NOBODY = -1
COLOURS = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a")


def melds_key(side: int) -> str:
    return f"calc_melds_{side}"


def hands_key(side: int) -> str:
    return f"calc_hands_{side}"


def morto_key(side: int) -> str:
    return f"calc_morto_{side}"


def meld_lines(text: str) -> list[str]:
    """One meld per line (or separated by ;), blank lines ignored."""
    return [part.strip() for part in re.split(r"[\n;]", text) if part.strip()]


def hand_lines(text: str) -> list[str]:
    """One line per player; an empty line inside is a player with no cards left."""
    lines = [line.strip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


# --- reading the fields ------------------------------------------------------------------


def field_error(rules: RuleSet, field: str, lines: list[str], lang: Lang) -> str | None:
    """The first problem in one field (melds or hands of one side), in words, or None: each
    card as the round reader reads it (tokens split on spaces), then each meld."""
    key = "calc.bad_meld_card" if field == "melds" else "calc.bad_hand_card"
    for index, line in enumerate(lines):
        for card, token in enumerate(line.split()):
            try:
                parse_card(token)
            except BuracoInputError as exc:
                # The notation, said in the language.
                problem = (
                    t("cards.help")
                    if exc.code is InputCode.NOT_A_CARD
                    else error_problem(exc, lang)
                )
                return t(
                    key, meld=index + 1, hand=index + 1, card=card + 1, token=token, problem=problem
                )
        verdict = judge_meld(parse_cards(line), rules) if field == "melds" else None
        if verdict is not None and not verdict.ok:
            # An invalid meld: the core's reason, in the session's language.
            return t("calc.bad_meld", meld=index + 1, problem=message(verdict.reasons[0], lang))
    return None


def round_problem(error: BuracoInputError, lang: Lang) -> str:
    """The core's whole-round problem in the language; the usual one (too many copies) in
    the calculator's own words."""
    if error.code is InputCode.TOO_MANY_COPIES:
        values = error.values
        card = str(values["card"])
        return t("calc.too_many_copies", count=values["count"], card=card, copies=values["copies"])
    return error_problem(error, lang)


def round_data(names: tuple[str, ...]) -> dict[str, Any]:
    went_out = st.session_state.get(WENT_OUT_KEY, NOBODY)
    return {
        "sides": [
            {
                "name": name,
                "melds": meld_lines(st.session_state.get(melds_key(i), "")),
                "hands": hand_lines(st.session_state.get(hands_key(i), "")),
                "took_morto": bool(st.session_state.get(morto_key(i), True)),
                "went_out": went_out == i,
            }
            for i, name in enumerate(names)
        ]
    }


# --- callbacks -----------------------------------------------------------------------------


def _clear(count: int) -> None:
    for i in range(count):
        st.session_state[melds_key(i)] = ""
        st.session_state[hands_key(i)] = ""
        st.session_state[morto_key(i)] = True
    st.session_state[WENT_OUT_KEY] = NOBODY


def _tap(side: int) -> None:
    rank = st.session_state.get(f"calc_tap_{side}_rank")
    if rank is None:
        return
    suit = Suit(st.session_state.get(f"calc_tap_{side}_suit") or Suit.SPADES)
    token = "JK" if rank == "JK" else rank + suit.symbol
    key = _tap_target(side)
    text = st.session_state.get(key, "")
    joiner = "" if not text or text.endswith("\n") else " "
    st.session_state[key] = text + joiner + token
    st.session_state[f"calc_tap_{side}_rank"] = None  # a pill works as a button here


def _tap_target(side: int) -> str:
    into = st.session_state.get(f"calc_tap_{side}_into", "melds")
    return melds_key(side) if into == "melds" else hands_key(side)


def _new_line(side: int) -> None:
    key = _tap_target(side)
    text = st.session_state.get(key, "")
    if text and not text.endswith("\n"):
        st.session_state[key] = text + "\n"


def _backspace(side: int) -> None:
    key = _tap_target(side)
    text = st.session_state.get(key, "").rstrip()
    cut = max(text.rfind(" "), text.rfind("\n"))
    st.session_state[key] = text[: cut + 1] if cut >= 0 else ""


def _send(match_id: str, totals: list[int], detail: dict[str, Any], fingerprint: str) -> None:
    try:
        new = page_store().add_round(match_id, totals, detail=detail)
    except SheetError as exc:
        st.session_state[FLASH_KEY] = ("error", error_text(exc))
        return
    st.session_state.setdefault(SENT_KEY, {})[fingerprint] = new.number
    st.session_state[FLASH_KEY] = ("success", t("calc.sent_ok", number=new.number))


# --- drawing -------------------------------------------------------------------------------


def tap_pickers(side: int) -> None:
    with st.expander(t("calc.tap")):
        st.segmented_control(
            t("calc.tap_into"),
            ["melds", "hands"],
            format_func={v: t(f"calc.tap_{v}") for v in ("melds", "hands")}.__getitem__,
            default="melds",
            required=True,
            key=f"calc_tap_{side}_into",
        )
        st.segmented_control(
            t("cards.suit"),
            cards_view.SUITS,
            format_func=lambda s: f":red[{s.symbol}]" if s.red else s.symbol,
            default=Suit.SPADES,
            required=True,
            key=f"calc_tap_{side}_suit",
        )
        st.pills(
            t("cards.rank"),
            cards_view.RANKS,
            key=f"calc_tap_{side}_rank",
            on_change=_tap,
            args=(side,),
        )
        left, right = st.columns(2)
        left.button(t("calc.new_line"), key=f"calc_tap_{side}_nl", on_click=_new_line, args=(side,))
        right.button(
            "⌫ " + t("cards.undo"), key=f"calc_tap_{side}_bs", on_click=_backspace, args=(side,)
        )


def score_chart(score: RoundScore, lang: Lang) -> go.Figure:
    """Horizontal bars: each item of each side, and the totals; readable at 390 px."""
    import html

    fig = go.Figure()
    for index, side in enumerate(score.sides):
        labels = [item_label(i.code, dict(i.params), lang) for i in side.items]
        labels.append(f"<b>{html.escape(t('calc.total'))}</b>")
        points = [i.points for i in side.items] + [side.total]
        fig.add_bar(
            y=labels,
            x=points,
            name=html.escape(side.name),  # plotly reads some HTML in text: names stay text
            orientation="h",
            marker_color=COLOURS[index % len(COLOURS)],
            text=[f"{p:+d}" for p in points],
            textposition="auto",
        )
    rows = len({label for trace in fig.data for label in trace.y})
    fig.update_layout(
        barmode="group",
        height=120 + 34 * rows * len(score.sides),
        margin={"l": 8, "r": 8, "t": 36, "b": 8},
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
        yaxis={"autorange": "reversed", "automargin": True},
        xaxis={"zeroline": True, "zerolinecolor": "#888"},
    )
    return fig


def show_score(score: RoundScore, lang: Lang) -> None:
    st.subheader(t("calc.result"))
    with st.container(horizontal=True):
        for side in score.sides:
            st.metric(md_text(side.name), side.total, border=True)
    for side in score.sides:
        rows = [f"| {t('calc.item')} | {t('calc.points')} |", "|:--|--:|"]
        rows += [
            f"| {item_label(i.code, dict(i.params), lang)} | {i.points:+d} |" for i in side.items
        ]
        rows.append(f"| **{md_text(side.name)}** | **{side.total}** |")
        st.markdown("\n".join(rows))
    st.markdown(f"**{t('calc.chart')}**")
    st.plotly_chart(score_chart(score, lang), width="stretch", config={"displayModeBar": False})


def scoring_rules(rules: RuleSet) -> dict[str, Any]:
    match_only = ("preset", "target_score", "vulnerable_min_meld_points")
    return {k: v for k, v in rules.model_dump().items() if k not in match_only}


def open_sheet(store_error: list[str]) -> Sheet | None:
    match_id = open_match_id()
    if match_id is None:
        return None
    try:
        sheet = page_store().sheet(match_id)
    except MatchNotFound:
        set_open_match(None)
        return None
    except SheetError as exc:
        store_error.append(error_text(exc))
        return None
    set_open_match(sheet.match.id)  # keep ?match= in this page's URL too: it can be shared
    return sheet


lang = current_lang()
rules = current_rules()
st.title(t("calc.title"))
st.caption(t("calc.rules", rules=rules_summary(rules, lang)))

problems: list[str] = []
sheet = open_sheet(problems)
for problem in problems:
    st.error(problem)
if sheet is not None:
    names = sheet.match.names
    st.info(
        t(
            "calc.match_open",
            names=" × ".join(md_text(n) for n in names),
            number=len(sheet.rounds) + 1,
        )
    )
    match_rules = sheet.match.rules()
    # Only what scores a round matters here (not the target, not the vulnerable minimum).
    if scoring_rules(match_rules) != scoring_rules(rules):
        st.warning(
            t(
                "calc.match_rules_differ",
                match=rules_summary(match_rules, lang),
                rules=rules_summary(rules, lang),
            )
        )
else:
    names = (t("calc.side_1"), t("calc.side_2"))

# Read every field first: a tab whose side has a problem gets a mark in its title.
st.session_state.setdefault(WENT_OUT_KEY, NOBODY)
errors: dict[tuple[int, str], str] = {}
for i in range(len(names)):
    for field, key, split in (
        ("melds", melds_key(i), meld_lines),
        ("hands", hands_key(i), hand_lines),
    ):
        problem = field_error(rules, field, split(st.session_state.get(key, "")), lang)
        if problem:
            errors[(i, field)] = problem

# Labels made now, in this run's language (a format_func is also called outside the run).
went_out_labels = {NOBODY: t("calc.nobody")} | {i: md_text(n) for i, n in enumerate(names)}
st.radio(
    t("calc.went_out"),
    list(went_out_labels),
    format_func=went_out_labels.__getitem__,
    horizontal=True,
    key=WENT_OUT_KEY,
)
tabs = st.tabs(
    [
        ("⚠ " if (i, "melds") in errors or (i, "hands") in errors else "") + md_text(name)
        for i, name in enumerate(names)
    ]
)
for i, tab in enumerate(tabs):
    with tab:
        st.session_state.setdefault(melds_key(i), "")
        st.session_state.setdefault(hands_key(i), "")
        st.session_state.setdefault(morto_key(i), True)
        st.text_area(
            t("calc.melds"),
            key=melds_key(i),
            help=t("calc.melds_help"),
            placeholder=t("calc.melds_placeholder"),
            height=110,
        )
        if (i, "melds") in errors:
            st.error(errors[(i, "melds")])
        st.text_area(
            t("calc.hands"),
            key=hands_key(i),
            help=t("calc.hands_help"),
            placeholder=t("calc.hands_placeholder"),
            height=80,
        )
        if (i, "hands") in errors:
            st.error(errors[(i, "hands")])
        st.checkbox(t("calc.took_morto"), key=morto_key(i))
        tap_pickers(i)
st.button(t("calc.clear"), on_click=_clear, args=(len(names),), key="calc_clear")

flash = st.session_state.pop(FLASH_KEY, None)
if errors:
    st.info(t("calc.fix_first"))
else:
    data = round_data(names)
    try:
        score = score_round(rules, round_from_data(rules, data))
    except BuracoInputError as exc:
        st.error(t("calc.bad_round", problem=round_problem(exc, lang)))
        score = None
    if score is not None:
        show_score(score, lang)
        if sheet is None:
            st.caption(t("calc.no_match"))
            st.page_link("app_pages/score_sheet.py", label=t("page.sheet"), icon="✏️")
        elif sheet.standing().finished:
            st.info(t("sheet.over"))
        else:
            detail = {
                "source": "calculator",
                "rules": {"preset": rules.preset, "options": rules.changed_options()},
                "input": data,
                "score": score_json(score),
            }
            fingerprint = hashlib.sha256(
                json.dumps([sheet.match.id, detail], sort_keys=True, default=str).encode()
            ).hexdigest()
            sent = st.session_state.get(SENT_KEY, {}).get(fingerprint)
            totals = [side.total for side in score.sides]
            st.button(
                t("calc.sent", number=sent)
                if sent
                else t("calc.send", number=len(sheet.rounds) + 1),
                type="primary",
                disabled=sent is not None,
                on_click=_send,
                args=(sheet.match.id, totals, detail, fingerprint),
                key="calc_send",
            )
if flash is not None:
    kind, text = flash
    (st.success if kind == "success" else st.error)(text)
    if kind == "success":
        st.page_link("app_pages/score_sheet.py", label=t("calc.go_sheet"), icon="✏️")
