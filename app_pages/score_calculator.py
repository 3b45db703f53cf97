"""Score calculator: a round's melds, hands, morto and batida -> the core's itemised score,
a chart of where the points came from, and a button that sends it to the open score sheet."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import streamlit as st

from buraco_app import calculator
from buraco_app.calculator import (
    FIELDS,
    NOBODY,
    WENT_OUT_KEY,
    field_area,
    field_error,
    field_key,
    field_lines,
    morto_key,
    round_data,
    round_problem,
    scoring_rules,
    show_score,
    tap_pickers,
    tapping_into,
)
from buraco_app.corte import corte_fields, corte_problem
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import NO_ICON
from buraco_app.limits import MAX_LINES_TEXT, too_long
from buraco_app.pages import page_link
from buraco_app.settings import current_lang, current_rules, rules_bar, rules_summary
from buraco_app.sheet_page import (
    error_text,
    md_text,
    open_match_id,
    page_store,
    read_only_notice,
    read_sheet,
    set_open_match,
    stored_round,
)
from buraco_app.sheets import (
    STALE_ADD,
    MatchNotFound,
    Sheet,
    SheetError,
    points_text,
)
from buraco_core.errors import BuracoInputError
from buraco_core.notation import score_json
from buraco_core.scoring import MAX_SIDES as ROUND_SIDES
from buraco_core.scoring import RoundScore

TABS_KEY = "calc_side_tab"  # the open side's tab (its label)
TAB_LABELS_KEY = "calc_side_tab_labels"  # the tabs' labels as last drawn
SENT_KEY = "calc_sent"  # {fingerprint: round number}: a round is sent once, not per tap
FLASH_KEY = "calc_flash"  # a send's warning or error, said once
SENT_NOTE_KEY = "calc_sent_note"  # the last round sent: said until the next is typed


# --- callbacks -----------------------------------------------------------------------------


def _send(
    match_id: str, totals: list[int], detail: dict[str, Any], fingerprint: str, number: int
) -> None:
    try:
        # The number on the button: if another phone entered (or undid) a round since,
        # nothing is stored, and the button, drawn again with the next number, sends it.
        number = (
            page_store().add_round(match_id, totals, detail=detail, expected_number=number).number
        )
        kind = "ok"
    except SheetError as exc:
        if exc.code in ("add_stale", "match_over") and _sent_before(match_id, number, fingerprint):
            # Two quick taps: the first stored the round, and its run was cut short by the
            # second before it drew the page again. Not "another phone": this one, once.
            kind = "once"
        else:
            st.session_state[FLASH_KEY] = (
                "warning" if exc.code in STALE_ADD else "error",
                error_text(exc),
            )
            return
    # The same count, should a phone's fields come back with it, is not sent again.
    st.session_state.setdefault(SENT_KEY, {})[fingerprint] = number
    try:
        if read_sheet(page_store(), match_id).standing().finished:
            kind = "last"  # (this round is on its sheet: the form is the next match's)
    except SheetError:
        pass  # (the round is stored; the page, drawn again, says what the store said)
    # A table counts round after round: the next one starts empty, and the page says which
    # round went to the sheet, with its points, until a card of the next is typed.
    calculator.clear(len(totals))
    st.session_state[SENT_NOTE_KEY] = {
        "match": match_id,
        "number": number,
        "points": list(totals),
        "kind": kind,
    }


def _sent_note(sheet: Sheet | None, typed: bool) -> str | None:
    """What the last send said (its round, its points per side, the next round), while the
    fields are still empty and that round still on this match's sheet; else None."""
    note = st.session_state.get(SENT_NOTE_KEY)
    if not isinstance(note, dict) or sheet is None or typed:
        return None
    number = note["number"]
    if note["match"] != sheet.match.id or number > len(sheet.rounds):  # (undone since)
        return None
    points = points_text(sheet.match.names, note["points"], current_lang())
    return t(f"calc.sent_{note['kind']}", number=number, points=md_text(points), next=number + 1)


def _fingerprint(match_id: str, detail: dict[str, Any] | None) -> str:
    """This count for this match: the same round typed again is sent once, not per tap."""
    return hashlib.sha256(
        json.dumps([match_id, detail], sort_keys=True, default=str).encode()
    ).hexdigest()


def _sent_before(match_id: str, number: int, fingerprint: str) -> bool:
    """Round `number` is stored with just this count (the same detail, so the same points)."""
    stored = stored_round(match_id, number)
    return stored is not None and _fingerprint(match_id, stored.detail) == fingerprint


def open_sheet(store_error: list[str]) -> Sheet | None:
    match_id = open_match_id()
    if match_id is None:
        return None
    try:
        sheet = read_sheet(page_store(), match_id)
    except MatchNotFound as exc:  # a link's code mistyped: said, as the Placar says it
        store_error.append(error_text(exc))
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
rules_bar()
st.caption(t("calc.rules", rules=rules_summary(rules, lang)))

store_problems: list[str] = []
sheet = open_sheet(store_problems)
for store_problem in store_problems:
    st.error(store_problem, icon=NO_ICON)
if sheet is not None and len(sheet.match.names) > ROUND_SIDES:
    # A match of 3 or 4 sides (players scored each on their own): a round here has two
    # sides, and the core refuses more, so the page was a red "Rodada impossível" before a
    # card was typed. It counts its two sides, one player's round in each if wanted, and
    # sends nothing: their points are typed on the Placar.
    st.info(
        t(
            "calc.match_many_sides",
            names=" × ".join(md_text(n) for n in sheet.match.names),
            sides=len(sheet.match.names),
        ),
        icon=NO_ICON,
    )
    page_link("sheet", t("page.sheet"))
    sheet = None
    many_sides = True
else:
    many_sides = False
over = sheet is not None and sheet.standing().finished
if sheet is not None:
    read_only_notice()  # (“Lançar no placar” would not be kept)
    names = sheet.match.names
    standing = sheet.standing()
    both = " × ".join(md_text(n) for n in names)
    if standing.winner is not None:  # no next round to number: who won, as the sheet says
        won = standing.winner_total
        st.info(
            t("calc.match_over", names=both, winner=md_text(standing.winner), points=won),
            icon=NO_ICON,
        )
    else:
        st.info(t("calc.match_open", names=both, number=len(sheet.rounds) + 1), icon=NO_ICON)
    match_rules = sheet.match.rules()
    # Only what scores a round matters here (not the target, not the vulnerable minimum).
    if scoring_rules(match_rules) != scoring_rules(rules):
        st.warning(
            t(
                "calc.match_rules_differ",
                match=rules_summary(match_rules, lang),
                rules=rules_summary(rules, lang),
            ),
            icon=NO_ICON,
        )
else:
    names = (t("calc.side_1"), t("calc.side_2"))

# Read every field first: a tab whose side has a problem gets a mark in its title.
calculator.restore_fields()
st.session_state.setdefault(WENT_OUT_KEY, NOBODY)
errors: dict[tuple[int, str], str] = {}
for i in range(len(names)):
    went_out = md_text(names[i]) if st.session_state[WENT_OUT_KEY] == i else None
    for field in FIELDS:
        text = st.session_state.get(field_key(i, field), "")
        problem = too_long(text, MAX_LINES_TEXT, t(f"calc.{field}")) or field_error(
            rules, field, field_lines(i, field), lang, went_out
        )
        if problem:
            errors[(i, field)] = problem

# Labels made now, in this run's language (a format_func is also called outside the run).
went_out_labels = {NOBODY: t("calc.nobody")} | {i: md_text(n) for i, n in enumerate(names)}
relabel_after_language_change(WENT_OUT_KEY)
st.radio(
    t("calc.went_out"),
    list(went_out_labels),
    format_func=went_out_labels.__getitem__,
    horizontal=True,
    key=WENT_OUT_KEY,
)
corte_fields(calculator.CORTE, rules, names)
# Scored before the tabs are drawn: a problem of the whole round (a card too many times) is
# also the answer to a tap, said under the cards tapped.
blocked = bool(errors) or corte_problem(calculator.CORTE, rules) is not None
data: dict[str, Any] = {}
score: RoundScore | None = None
round_error: str | None = None
if not blocked:
    data = round_data(names, rules)
    try:
        score = calculator.round_score(rules, data)
    except BuracoInputError as exc:
        round_error = round_problem(exc, names, rules, lang)
labels = [
    ("⚠ " if (i, "melds") in errors or (i, "hands") in errors else "") + md_text(name)
    for i, name in enumerate(names)
]
# The side being typed stays open when its label gains or loses the ⚠ mark: a tab is known by
# its label, and a label not seen before opened the first side, hiding the problem just typed.
shown_labels = st.session_state.get(TAB_LABELS_KEY)
opened = st.session_state.get(TABS_KEY)
if shown_labels and len(shown_labels) == len(labels) and opened in shown_labels:
    st.session_state[TABS_KEY] = labels[shown_labels.index(opened)]
st.session_state[TAB_LABELS_KEY] = labels
tabs = st.tabs(labels, key=TABS_KEY, on_change="rerun")
for i, tab in enumerate(tabs):
    with tab:
        # The field the open tap pickers fill says its problem under them, with the taps.
        tapped = tapping_into(i)
        for field in FIELDS:
            field_area(i, field, None if field == tapped else errors.get((i, field)), rules)
        st.session_state.setdefault(morto_key(i), True)
        st.checkbox(t("calc.took_morto"), key=morto_key(i), help=t("calc.took_morto_help"))
        tap_pickers(i, rules, (errors.get((i, tapped)) or round_error) if tapped else None)
st.button(t("calc.clear"), on_click=calculator.clear, args=(len(names),), key="calc_clear")
calculator.keep_fields(len(names))

flash = st.session_state.pop(FLASH_KEY, None)
# The round just sent, said until a card of the next is typed (the fields are empty for it).
sent_note = _sent_note(sheet, any(calculator.side_typed(i) for i in range(len(names))))
# A round's problem said under open tap pickers is not said here again (a desktop shows both).
said_under_taps = round_error is not None and any(tapping_into(i) for i in range(len(names)))
if blocked or said_under_taps:  # (each said under its field, or under the cards tapped)
    st.info(t("calc.fix_first"), icon=NO_ICON)
elif round_error is not None:
    st.error(round_error, icon=NO_ICON)
elif score is not None:
    # Nothing in the round yet: not two totals of 0 with their tables of a 0, but what to
    # type; a sheet's caption below says it already. A side with nothing typed is left out.
    typed = [i for i in range(len(names)) if calculator.side_typed(i)]
    if typed:
        hands = [len(data["sides"][i]["hands"]) for i in typed]
        show_score(calculator.typed_score(score, typed), lang, hands)
        for i in range(len(names)):
            if i not in typed:
                st.caption(t("calc.side_empty", name=md_text(names[i])))
    elif sheet is None or over:
        st.caption(t("calc.nothing_yet"))
    if sheet is None:
        if not many_sides:  # (that match's own words, and its link, are at the top)
            st.caption(t("calc.no_match"))
            page_link("sheet", t("page.sheet"))
    elif over:
        # (the sheet's own words would point to its buttons, which are not on this page)
        st.info(t("calc.over", leave=t("sheet.close")), icon=NO_ICON)
        page_link("sheet", t("page.sheet"))
    elif len(typed) < len(names):
        if sent_note is None:  # (the note says the fields are empty for the next round)
            st.caption(t("calc.empty_round"))  # (a stray tap would store a 0 nobody counted)
    else:
        detail = {
            "source": "calculator",
            "rules": {"preset": rules.preset, "options": rules.changed_options()},
            "input": data,
            "score": score_json(score),
        }
        fingerprint = _fingerprint(sheet.match.id, detail)
        sent = st.session_state.get(SENT_KEY, {}).get(fingerprint)
        if sent is not None and not _sent_before(sheet.match.id, sent, fingerprint):
            sent = None  # (that round undone since, or another in its place: not sent)
        totals = [side.total for side in score.sides]
        number = len(sheet.rounds) + 1
        args = (sheet.match.id, totals, detail, fingerprint, number)
        st.button(
            t("calc.sent", number=sent) if sent else t("calc.send", number=number),
            type="primary",
            disabled=sent is not None,
            on_click=_send,
            args=args,
            key="calc_send",
        )
        if sent is not None:
            # The same count as a round sent: a second quick tap lands on the button above,
            # greyed out, and sends nothing; two rounds may well score the same, and this
            # one, apart and named, sends it on purpose as the next round.
            st.caption(t("calc.same_as_sent", sent=sent, number=number))
            st.button(
                t("calc.send_again", number=number),
                on_click=_send,
                args=args,
                key="calc_send_again",
            )
if flash is not None:
    kind, text = flash
    (st.warning if kind == "warning" else st.error)(text)
if sent_note is not None:
    st.success(sent_note)
    if not over:  # (a match over has its link to the sheet above)
        page_link("sheet", t("calc.go_sheet"))
