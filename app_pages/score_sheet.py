"""Score sheet: a real match kept in the database, its id in the URL (?match=<id>), so a
refresh, a closed tab, a restarted server or a second phone all find the same sheet."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from functools import partial
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from buraco_app.corte import clear_corte, corte_fields, corte_problem, with_corte
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import NO_ICON, md_cards
from buraco_app.limits import MAX_LINK_TEXT, number_field, too_long
from buraco_app.pages import ask_for_the_top, page_link, top_if_asked, view_switch
from buraco_app.scenario_player import remembered_learner_id
from buraco_app.settings import (
    current_lang,
    current_rules,
    rules_bar,
    rules_summary,
    url_params,
    use_rules,
)
from buraco_app.sheet_page import (
    QP_MATCH,
    QP_WATCH,
    csv_texts,
    error_text,
    item_label,
    label_text,
    md_text,
    open_match_id,
    page_store,
    read_only_notice,
    read_sheet,
    set_open_match,
    show_chart,
    stored_round,
    typed_for_side,
)
from buraco_app.sheet_view import (
    ROUNDS_KEY,
    TOTALS_KEY,
    dress_rounds_table,
    dress_totals,
    rounds_table,
    running_chart,
    shown_rounds,
)
from buraco_app.sheets import (
    MAX_NAME,
    MAX_SIDES,
    MIN_SIDES,
    STALE_ADD,
    Match,
    MatchNotFound,
    Round,
    Sheet,
    SheetError,
    SheetStore,
    check_target,
    clean_name,
    decided_earlier,
    lead,
    match_id_from_text,
    parse_points,
    points_text,
    spreadsheet_csv,
    tie_at_target,
)
from buraco_core.rules import PRESETS
from buraco_core.scoring import MAX_SIDES as ROUND_SIDES
from buraco_core.scoring import MatchStanding
from buraco_text import LANGS, Lang, and_list, grouped, signed

ERRORS_KEY = "sheet_errors"  # {field: message}, shown under the field, set by callbacks
FLASH_KEY = "sheet_flash"
UNDO_ASK_KEY = "sheet_undo_ask"  # (match id, round number) of the "Desfazer" tapped
SIDES_KEY = "sheet_new_sides"
TARGET_KEY = "sheet_new_target"
TARGET_SEEN_KEY = "_sheet_target_seen"
OPEN_KEY = "sheet_open_text"
CORTE = "sheet"  # the corte de 44 fields' prefix
WATCH_IDS_KEY = "_sheet_watch_ids"  # {match id: its read-only id}, this session's
# (match id, number, points typed) of the round this session stored last: a form drawn
# before it reached the page still says that number, and may send those points again.
ADDED_KEY = "sheet_added"
DRAWN_KEY = "sheet_drawn"  # (match id, number) of the add-round form a whole run drew last
FIX_OPEN_KEY = "sheet_fix_open"  # the "corrigir rodada" panel is open
FIX_ROUND_KEY = "sheet_fix_round"  # the round chosen there (its number, from 1)
FIX_ASK_KEY = "sheet_fix_ask"  # {"number", "before", "after"}: the correction to confirm
# Where the correction's messages go: under its panel, whatever field the store named.
FIX_FIELDS = {"match": "fix", "number": "fix", "points": "fix"}
# The matches this learner had open, the latest first: [(match id, names)], for the start
# form (“Nova partida” or “Sair desta partida” left the last one's code nowhere on screen).
# Kept in the store by the learner's id too (the lessons' and Jogar's, in the browser's
# cookie): a reload, a new session, reads them back once (RECENT_READ_KEY: from which store,
# for which learner).
RECENT_KEY = "sheet_recent"
RECENT_READ_KEY = "_sheet_recent_read"
MAX_RECENT = 5
WATCH_LINK = re.compile(r"[?&]watch=([A-Za-z0-9_-]+)")


def name_key(side: int) -> str:
    return f"sheet_name_{side}"


def points_key(side: int) -> str:
    return f"sheet_points_{side}"


def fix_key(side: int) -> str:
    return f"sheet_fix_points_{side}"


def _errors() -> dict[str, str]:
    errors: dict[str, str] = st.session_state.setdefault(ERRORS_KEY, {})
    return errors


def show_error(field: str, live: SheetError | None = None) -> None:
    """The field's error from the last button pressed, else what is wrong with it now."""
    if field in _errors():
        st.error(_errors()[field], icon=NO_ICON)
    elif live is not None:
        st.error(error_text(live), icon=NO_ICON)


def _problem(check: Callable[[], object]) -> SheetError | None:
    try:
        check()
    except SheetError as exc:
        return exc
    return None


def _fail(exc: SheetError, fields: dict[str, str] | None = None) -> None:
    """Keep a store error for the field it names (or a page-wide one)."""
    field = (fields or {}).get(exc.field, exc.field) or "database"
    _errors()[field] = error_text(exc)


# --- callbacks (run before the script) ----------------------------------------------------


def _start() -> None:
    _errors().clear()
    count = st.session_state.get(SIDES_KEY, MIN_SIDES)
    names = [st.session_state.get(name_key(i), "") for i in range(count)]
    try:
        match = page_store().create_match(
            names, rules=current_rules(), target=st.session_state.get(TARGET_KEY)
        )
    except SheetError as exc:
        _fail(exc)
        return
    set_open_match(match.id)


def _open() -> None:
    _errors().clear()
    text = st.session_state.get(OPEN_KEY, "")
    huge = too_long(text, MAX_LINK_TEXT, t("sheet.open_label"))
    if huge:
        _errors()["open"] = huge
        return
    try:
        watch = WATCH_LINK.search(text)
        if watch:  # a watcher's link opens read-only
            watch_id = watch.group(1)
            page_store().watched_sheet(watch_id)
            st.session_state[OPEN_KEY] = ""
            st.query_params[QP_WATCH] = watch_id
            return
        match = page_store().get_match(match_id_from_text(text))
    except SheetError as exc:
        _fail(exc, {"match": "open"})
        return
    st.session_state[OPEN_KEY] = ""
    set_open_match(match.id)


def _add(match_id: str, names: tuple[str, ...], number: int) -> None:
    _errors().clear()
    typed = [st.session_state.get(points_key(i), "") for i in range(len(names))]
    last = st.session_state.get(ADDED_KEY)
    # (A form redrawn after that round says its next number; one sent before, an older one,
    # up to where the last complete run left the button.)
    if last is not None and last[0] == match_id and number <= last[1] + 1:
        redrawn = st.session_state.get(DRAWN_KEY) == (match_id, last[1] + 1)
        if last[2] == typed and not redrawn:
            # What this person just stored, sent again (Enter pressed twice, the second
            # before the page redrew), or a round just like the last: asked, once.
            _errors()["add"] = t("sheet.err.added_twice", number=last[1], next=last[1] + 1)
            st.session_state[ADDED_KEY] = (match_id, last[1], None)
            return
        # Typed on while the page redrew after this person's last round (the form still said
        # an older number): theirs is the next round, not another phone's.
        number = last[1] + 1
    for i, text in enumerate(typed):
        if not str(text).strip():  # not 0: Enter in the first field must not score the other
            _errors()[f"points[{i}]"] = t(
                "sheet.err.points_blank", name=md_text(names[i]), number=number
            )
            continue
        # Read here too: the store stops at the first bad field, and each one's is said now.
        problem = _problem(partial(parse_points, text, f"points[{i}]"))
        if problem is not None:
            _fail(problem)
    if _errors():
        return
    try:
        store = page_store()
        rules = store.get_match(match_id).rules()
        if corte_problem(CORTE, rules):  # said under its field; nothing is added
            return
        points, detail = with_corte(CORTE, rules, typed)
        # The number this form showed: if another phone entered (or undid) a round since,
        # nothing is stored, and the points typed stay in the fields for one more tap.
        new = store.add_round(match_id, points, detail=detail, expected_number=number)
    except SheetError as exc:
        if exc.code == "add_stale" and _already_entered(match_id, number, points):
            # Two quick taps: the first stored the round, and its run was cut short by the
            # second before it said so. Not "another phone": this one, asked once.
            _errors()["add"] = t("sheet.err.added_twice", number=number, next=number + 1)
            st.session_state[ADDED_KEY] = (match_id, number, None)
            return
        _fail(exc, {"match": "add"} if exc.code in STALE_ADD else None)
        return
    clear_corte(CORTE)
    st.session_state[ADDED_KEY] = (match_id, new.number, typed)
    for i in range(len(names)):
        st.session_state[points_key(i)] = ""
    cut = (detail or {}).get("corte_44")
    # The message, the totals and a winner are at the page's top: on a phone the tap (here,
    # a correction's, an undo's) was half a page or more below, and a match ended unseen.
    ask_for_the_top()
    if cut is None:
        st.session_state[FLASH_KEY] = t("sheet.added", number=new.number)
        return
    # The cut changed a number typed (50 became -50): said, or the sheet looks wrong.
    side = cut["side"]
    st.session_state[FLASH_KEY] = t(
        "sheet.added_corte",
        number=new.number,
        cards=cut["cards"],
        points=signed(cut["points"], current_lang()),
        name=md_text(names[side]),
        total=signed(new.points[side], current_lang()),
    )


def _already_entered(match_id: str, number: int, points: list[Any]) -> bool:
    """Round `number` is stored with just these points (typed, the cut added)."""
    try:
        typed = tuple(parse_points(p) for p in points)
    except SheetError:
        return False
    stored = stored_round(match_id, number)
    return stored is not None and stored.points == typed


def _clear_messages() -> None:
    _errors().clear()


def _forget(field: str) -> None:
    """A field typed again: the message a button left under it is no longer about it."""
    _errors().pop(field, None)


def _ask_undo(match_id: str | None, number: int | None = None) -> None:
    _errors().clear()  # a refused round's message is about the round no longer wanted
    st.session_state[UNDO_ASK_KEY] = None if match_id is None else (match_id, number)


def _undo(match_id: str, number: int) -> None:
    _errors().clear()
    st.session_state.pop(UNDO_ASK_KEY, None)
    try:
        gone = page_store().undo_last(match_id, expected_number=number)
    except SheetError as exc:
        _fail(exc, {"match": "undo"})
        if exc.code == "undo_stale":
            _errors()["undo"] = _undo_stale_text(number, exc.params.get("last"))
        return
    st.session_state.pop(ADDED_KEY, None)  # its number is the next round's again
    st.session_state[FLASH_KEY] = t("sheet.undone", number=gone.number)
    ask_for_the_top()  # the message, the totals and a winner are at the page's top


def _undo_stale_text(asked: int, last: object) -> str:
    """Why "Desfazer a rodada N" did nothing: another phone entered a round since (the last
    is now a later one), or undid rounds (an earlier one, or none)."""
    if not isinstance(last, int):
        return t("sheet.err.undo_nothing")
    key = "sheet.err.undo_stale" if last > asked else "sheet.err.undo_stale_undone"
    return t(key, number=asked, last=last)


def _fill_fix(number: int, points: tuple[int, ...]) -> None:
    """The correction's fields start as the round's points: only the wrong one is retyped."""
    st.session_state[FIX_ROUND_KEY] = number
    for i, value in enumerate(points):
        st.session_state[fix_key(i)] = str(value)


def _open_fix(shown: dict[int, tuple[int, ...]]) -> None:
    """Open the correction panel on the last round (`shown`: each round's points as this
    phone drew them)."""
    _errors().clear()
    st.session_state.pop(UNDO_ASK_KEY, None)
    st.session_state.pop(FIX_ASK_KEY, None)
    st.session_state[FIX_OPEN_KEY] = True
    last = max(shown)
    _fill_fix(last, shown[last])


def _pick_fix(shown: dict[int, tuple[int, ...]]) -> None:
    """Another round chosen: its points in the fields, and nothing asked about the last one."""
    _errors().clear()
    st.session_state.pop(FIX_ASK_KEY, None)
    number = st.session_state.get(FIX_ROUND_KEY)
    if number in shown:
        _fill_fix(number, shown[number])


def _restore_fix(ask: dict[str, Any] | None) -> None:
    """The fields as typed before the confirmation (not drawn meanwhile, they were lost)."""
    for i, text in enumerate((ask or {}).get("typed", ())):
        st.session_state[fix_key(i)] = text


def _back_fix() -> None:
    """Not this correction: back to the fields, as typed."""
    _errors().clear()
    _restore_fix(st.session_state.pop(FIX_ASK_KEY, None))


def _close_fix() -> None:
    _errors().clear()
    for key in (FIX_OPEN_KEY, FIX_ASK_KEY, FIX_ROUND_KEY):
        st.session_state.pop(key, None)


def _check_fix(names: tuple[str, ...], number: int, shown: tuple[int, ...]) -> None:
    """The typed points, read and checked: a confirmation to ask, or the fields' errors.
    `shown` is the round as this form drew it, the points the correction replaces."""
    _errors().clear()
    points: list[int] = []
    typed = [str(st.session_state.get(fix_key(i), "")) for i in range(len(names))]
    for i, name in enumerate(names):
        text = typed[i].strip()
        if not text:
            _errors()[f"fix[{i}]"] = t("sheet.err.points_blank", name=md_text(name), number=number)
            continue
        try:
            points.append(parse_points(text, f"points[{i}]"))
        except SheetError as exc:
            _errors()[f"fix[{i}]"] = error_text(exc)
    if _errors():
        return
    if tuple(points) == shown:
        _errors()["fix"] = t("sheet.err.correct_same", number=number)
        return
    st.session_state[FIX_ASK_KEY] = {
        "number": number,
        "before": shown,
        "after": tuple(points),
        "typed": typed,
    }


def _fix(match_id: str, names: tuple[str, ...]) -> None:
    _errors().clear()
    ask = st.session_state.pop(FIX_ASK_KEY, None)
    if not ask:
        return
    try:
        # The points the confirmation showed as "from": if another phone changed or undid
        # the round since, nothing is stored and the message says what is there now.
        fix = page_store().correct_round(
            match_id, ask["number"], ask["after"], expected_points=ask["before"]
        )
    except SheetError as exc:
        _fail(exc, FIX_FIELDS)
        _restore_fix(ask)  # nothing typed is lost: one more tap once the sheet is checked
        return
    _close_fix()
    ask_for_the_top()  # the message, the totals and a winner are at the page's top
    st.session_state[FLASH_KEY] = t(
        "sheet.fixed",
        number=fix.number,
        before=md_text(points_text(names, fix.before, current_lang())),
        after=md_text(points_text(names, fix.after, current_lang())),
    )


def _again(match: Match) -> None:
    """Nova partida after a match over: the start form holds the same sides, target and rules
    (the same people play again), one tap from starting. The rules are the match's: a phone
    that opened the match by its code had rules of its own."""
    names, target = match.names, match.target
    _close()
    use_rules(match.preset, match.options)
    st.session_state[SIDES_KEY] = len(names)
    for i, name in enumerate(names):
        st.session_state[name_key(i)] = name
    st.session_state[TARGET_KEY] = str(target)
    st.session_state[TARGET_SEEN_KEY] = current_rules().target_score  # (kept, not reset)


def _reopen(match_id: str) -> None:
    _errors().clear()
    set_open_match(match_id)
    ask_for_the_top()  # (the list is half a page down; the sheet's totals are at its top)


def recent_matches(store: SheetStore) -> list[tuple[str, tuple[str, ...]]]:
    """The learner's recent matches, the latest first: this session's, and those the store
    keeps for the learner, read once a session (the phone reloaded the tab: the session and
    its list were gone, and only the match's link or code found it again)."""
    recent: list[tuple[str, tuple[str, ...]]] = st.session_state.get(RECENT_KEY, [])
    learner = remembered_learner_id()
    read = st.session_state.get(RECENT_READ_KEY)
    if isinstance(read, tuple) and read[0] is store and read[1] == learner:
        return recent
    st.session_state[RECENT_READ_KEY] = (store, learner)  # (once, even if the read fails)
    try:
        kept = [(m.id, m.names) for m in store.recent_matches(learner, MAX_RECENT)]
    except SheetError:  # (a busy store: the page works without the list; its link still opens)
        kept = []
    here = {match_id for match_id, _ in recent}
    recent = [*recent, *(r for r in kept if r[0] not in here)][:MAX_RECENT]
    st.session_state[RECENT_KEY] = recent
    return recent


def remember(store: SheetStore, match: Match) -> None:
    """The match open now, first among the learner's for the start form, in this session
    and in the store."""
    recent = recent_matches(store)
    if recent and recent[0][0] == match.id:
        return
    others = [r for r in recent if r[0] != match.id]
    st.session_state[RECENT_KEY] = [(match.id, match.names), *others][:MAX_RECENT]
    # (Not kept, a database that only reads: the session's list has it, the sheet works.)
    with suppress(SheetError):
        store.remember_match(remembered_learner_id(), match.id)


def _close() -> None:
    _errors().clear()
    st.session_state.pop(UNDO_ASK_KEY, None)
    _close_fix()
    if QP_WATCH in st.query_params:  # a watcher leaves; the session's own match stays
        del st.query_params[QP_WATCH]
        return
    set_open_match(None)


# --- drawing -------------------------------------------------------------------------------


def _default_name(side: int, lang: Lang) -> str:
    """A side's name until one is typed: "Nós", "Eles", then "Lado 3"."""
    return t(f"calc.side_{side + 1}", lang) if side < 2 else t("calc.side_n", lang, n=side + 1)


def draw_start(store: SheetStore) -> None:
    st.subheader(t("sheet.new"))
    # The match's rules chosen here, as on the other table pages: a phone hides the sidebar.
    rules_bar()
    rules = current_rules()  # (after the bar: a tap there is this run's rules)
    st.radio(
        t("sheet.sides"),
        list(range(MIN_SIDES, MAX_SIDES + 1)),
        horizontal=True,
        key=SIDES_KEY,
        help=t("sheet.sides_help"),  # (four at a table are two duplas: two sides)
    )
    show_error("names")
    count = st.session_state.get(SIDES_KEY, MIN_SIDES)
    for i in range(count):
        # A name left as it came ("Nós") follows a change of language ("Us"); a typed one stays.
        defaults = {lang: _default_name(i, lang) for lang in LANGS}
        if st.session_state.get(name_key(i)) in defaults.values():
            st.session_state[name_key(i)] = defaults[current_lang()]
        st.session_state.setdefault(name_key(i), defaults[current_lang()])
        # No max_chars: the field would drop what goes past 30 without a word. Too long a
        # name is said under it as it is typed, and the match does not start.
        st.text_input(
            t("sheet.side_name", n=i + 1),
            key=name_key(i),
            on_change=_forget,
            args=(f"names[{i}]",),
        )
        name = st.session_state[name_key(i)]
        too_long = _problem(partial(clean_name, name, i)) if len(name) > MAX_NAME else None
        show_error(f"names[{i}]", too_long)
    # The target follows the rules chosen until the user types another one here (and
    # comes back after a visit to another page, which drops the field's state).
    if (
        st.session_state.get(TARGET_SEEN_KEY) != rules.target_score
        or TARGET_KEY not in st.session_state
    ):
        st.session_state[TARGET_SEEN_KEY] = rules.target_score
        st.session_state[TARGET_KEY] = str(rules.target_score)
    number_field(t("sheet.target"), TARGET_KEY, on_change=_forget, args=("target",))
    target = st.session_state[TARGET_KEY]
    show_error("target", _problem(partial(check_target, target)))
    st.caption(t("sheet.rules_new", rules=rules_summary(rules)))
    st.button(t("sheet.start"), type="primary", on_click=_start, key="sheet_start")
    show_error("database")

    st.subheader(t("sheet.open_title"))
    recent = recent_matches(store)
    if recent:
        st.caption(t("sheet.recent"))
        for match_id, names in recent:
            st.button(
                t("sheet.recent_open", names=" × ".join(md_text(n) for n in names), id=match_id),
                on_click=_reopen,
                args=(match_id,),
                key=f"sheet_recent_{match_id}",
            )
    st.text_input(t("sheet.open_label"), key=OPEN_KEY, placeholder=t("sheet.open_placeholder"))
    show_error("open")
    st.button(t("sheet.open"), on_click=_open, key="sheet_open")


def lead_line(standing: MatchStanding, lang: Lang) -> str | None:
    """Who is ahead and by how much, over the totals: the leader's points still to go while
    the match goes on, the final margin once it is over. None before the first round, and
    for a tie at the target (its own message says the match goes on)."""
    found = lead(standing)
    if found is None or tie_at_target(standing) is not None:
        return None
    names = [md_text(n) for n in found.leaders]
    second = and_list([md_text(n) for n in found.runners_up], lang)
    if standing.winner is not None:
        return t(
            "sheet.lead_won",
            lang,
            lead=found.margin,
            second=second,
            points=found.top,
            second_points=found.runner_up_total,
        )
    to_go = {"to_go": found.to_go, "target": standing.target}
    if len(names) == len(standing.names):
        return t("sheet.lead_level", lang, points=found.top, **to_go)
    if len(names) > 1:
        tied = and_list(names, lang)
        return t("sheet.lead_level_top", lang, names=tied, points=found.top, **to_go)
    key = "sheet.lead" if len(standing.names) == 2 else "sheet.lead_over"
    return t(key, lang, name=names[0], lead=found.margin, second=second, **to_go)


def standing_view(sheet: Sheet, standing: MatchStanding) -> None:
    rules = sheet.match.rules()
    last = sheet.last
    lang = current_lang()
    # Always one element, with or without its line: the form below keeps its place.
    with st.container(key="sheet_lead"):
        line = lead_line(standing, lang)
        if line is not None:
            st.markdown(line)
    with st.container(key=TOTALS_KEY, horizontal=True):
        dress_totals()  # (a side's name whole over its total)
        for i, name in enumerate(standing.names):
            with st.container(border=True):
                st.metric(
                    md_text(name),
                    grouped(standing.totals[i], lang),
                    delta=signed(last.points[i], lang) if last else None,
                )
                notes = []
                to_go = sheet.match.target - standing.totals[i]
                if standing.winner is None:  # (past the target with no winner: a tie, said above)
                    notes.append(
                        t("sheet.to_go", points=to_go) if to_go > 0 else t("sheet.target_reached")
                    )
                if standing.vulnerable[i]:
                    notes.append(
                        "⚠ " + t("sheet.vulnerable", points=rules.vulnerable_min_meld_points)
                    )
                if notes:
                    st.caption(" · ".join(notes))


def add_form(sheet: Sheet) -> None:
    number = len(sheet.rounds) + 1
    st.subheader(t("sheet.add_title"))
    with st.form("sheet_add", border=True, enter_to_submit=True):
        # (The calculator sends rounds of two sides only: a match of more is typed here.)
        many = len(sheet.match.names) > ROUND_SIDES
        st.caption(t("sheet.add_help_many" if many else "sheet.add_help"))
        # Fields level at the bottom (a long name's label takes more lines); at the top
        # while a message is under one of them, or the other field drops beside the message.
        said = any(f"points[{i}]" in _errors() for i in range(len(sheet.match.names)))
        with st.container(horizontal=True, vertical_alignment="top" if said else "bottom"):
            # A column per side, always: its error goes under its field, and the fields keep
            # their place in the page when one appears. Wrapped only on an error, the browser
            # drew new fields: the focus and what was typed during the rerun were lost.
            for i, name in enumerate(sheet.match.names):
                with st.container():
                    number_field(
                        t("sheet.points_of", name=label_text(name)),
                        points_key(i),
                        placeholder=t("sheet.points_placeholder"),  # (a grey 0 looks typed)
                    )
                    show_error(f"points[{i}]")
        corte_fields(CORTE, sheet.match.rules(), sheet.match.names)
        if "add" in _errors():  # another phone entered this round first: said by the button
            st.warning(_errors()["add"], icon=NO_ICON)
        st.form_submit_button(
            t("sheet.add", number=number),
            type="primary",
            on_click=_add,
            args=(sheet.match.id, sheet.match.names, number),
            # Known by its key, not its label: an Enter on the form still saying the last
            # number reaches _add (by its label, it was no button the server knew any more).
            key="sheet_add_submit",
        )
    show_error("points")
    page_link("calculator", t("sheet.use_calculator"))


def fix_panel(sheet: Sheet, standing: MatchStanding) -> None:
    """Corrigir rodada: choose any round, see its points, type the right ones, confirm."""
    names = sheet.match.names
    shown = {r.number: r.points for r in sheet.rounds}
    if st.session_state.get(FIX_ROUND_KEY) not in shown:  # undone on another phone
        gone = st.session_state.get(FIX_ROUND_KEY)
        if isinstance(gone, int):
            _errors()["fix"] = t("sheet.err.correct_gone", number=gone, last=max(shown))
        st.session_state.pop(FIX_ASK_KEY, None)
        _fill_fix(max(shown), shown[max(shown)])
    st.subheader(t("sheet.fix_title"))
    lang = current_lang()
    relabel_after_language_change(FIX_ROUND_KEY)
    st.selectbox(
        t("sheet.fix_round"),
        list(shown),
        # (Options are plain text: names as typed.)
        format_func=lambda n: t(
            "sheet.fix_round_option", lang, number=n, points=points_text(names, shown[n], lang)
        ),
        key=FIX_ROUND_KEY,
        on_change=_pick_fix,
        args=(shown,),
        placeholder=t("screen.choose"),
    )
    number: int = st.session_state[FIX_ROUND_KEY]
    rnd = next(r for r in sheet.rounds if r.number == number)
    notes = [
        t(
            "sheet.fix_now",
            number=number,
            points=md_text(points_text(names, rnd.points, lang)),
        )
    ]
    if rnd.corrections:
        notes.append(
            t(
                "sheet.fix_entered",
                points=md_text(points_text(names, rnd.first_points, lang)),
            )
        )
    if rnd.detail and "score" in rnd.detail:
        notes.append(t("sheet.fix_calculator"))
    st.caption("  \n".join(notes))
    ask = st.session_state.get(FIX_ASK_KEY)
    if ask and ask["number"] == number and tuple(ask["before"]) != rnd.points:
        # Changed on another phone since "Conferir": said now, not asked (the store would
        # refuse it anyway, on "Sim").
        _restore_fix(st.session_state.pop(FIX_ASK_KEY, None))
        _errors()["fix"] = t(
            "sheet.err.correct_stale",
            number=number,
            points=md_text(points_text(names, rnd.points, lang)),
        )
        ask = None
    if ask and ask["number"] == number:
        fix_confirm(sheet, standing, ask)
    else:
        with st.form("sheet_fix", border=True, enter_to_submit=True):
            # As the add-round form's fields: each in its container always, so a message
            # coming or going moves neither (the browser would draw them anew).
            said = any(f"fix[{i}]" in _errors() for i in range(len(names)))
            with st.container(horizontal=True, vertical_alignment="top" if said else "bottom"):
                for i, name in enumerate(names):
                    with st.container():
                        number_field(t("sheet.fix_points_of", name=label_text(name)), fix_key(i))
                        show_error(f"fix[{i}]")
            with st.container(horizontal=True):
                st.form_submit_button(
                    t("sheet.fix_check", number=number),
                    type="primary",
                    on_click=_check_fix,
                    args=(names, number, rnd.points),
                    key="sheet_fix_check",
                )
                st.form_submit_button(
                    t("sheet.fix_cancel"), on_click=_close_fix, key="sheet_fix_cancel"
                )
    if "fix" in _errors():
        st.warning(_errors()["fix"], icon=NO_ICON)


def fix_confirm(sheet: Sheet, standing: MatchStanding, ask: dict[str, Any]) -> None:
    """The correction from → to, and what it does to the totals and the winner."""
    names = sheet.match.names
    lang = current_lang()
    st.warning(
        t(
            "sheet.fix_confirm",
            number=ask["number"],
            before=md_text(points_text(names, ask["before"], lang)),
            after=md_text(points_text(names, ask["after"], lang)),
        ),
        icon=NO_ICON,
    )
    after = sheet.standing_with(ask["number"], ask["after"])
    totals = ", ".join(
        f"{md_text(n)} {grouped(p, lang)}" for n, p in zip(names, after.totals, strict=True)
    )
    effect = [t("sheet.fix_effect", totals=totals)]
    if after.winner is not None and after.winner != standing.winner:
        effect.append(t("sheet.fix_effect_wins", name=md_text(after.winner)))
    elif after.winner is None and standing.winner is not None:
        effect.append(t("sheet.fix_effect_reopens"))
    st.info(" ".join(effect), icon=NO_ICON)
    with st.container(horizontal=True):
        st.button(
            t("sheet.fix_yes"),
            type="primary",
            on_click=_fix,
            args=(sheet.match.id, names),
            key="sheet_fix_yes",
        )
        st.button(t("sheet.fix_no"), on_click=_back_fix, key="sheet_fix_no")


def round_controls(sheet: Sheet, standing: MatchStanding) -> None:
    """For the scorer: correct any round (its panel once opened), undo the last one."""
    last = sheet.last
    ask = st.session_state.get(UNDO_ASK_KEY)
    # (A tap on another match's sheet, left without answering, asks nothing here.)
    asked = ask[1] if isinstance(ask, tuple) and ask[0] == sheet.match.id else None
    if asked is None:
        st.session_state.pop(UNDO_ASK_KEY, None)
    elif last is None or asked != last.number:
        # The "Desfazer" tapped was for a round that is no longer the last (another phone
        # entered or undid one since it was drawn): said, not asked about another round.
        st.session_state.pop(UNDO_ASK_KEY, None)
        _errors()["undo"] = _undo_stale_text(asked, None if last is None else last.number)
        asked = None
    if last is None:
        show_error("undo")
        return
    fixing = st.session_state.get(FIX_OPEN_KEY)
    if fixing:
        fix_panel(sheet, standing)
    if asked == last.number:
        points = points_text([md_text(n) for n in sheet.match.names], last.points, current_lang())
        st.warning(t("sheet.undo_confirm", number=last.number, points=points), icon=NO_ICON)
        with st.container(horizontal=True):
            st.button(
                t("sheet.undo_yes"),
                type="primary",
                on_click=_undo,
                args=(sheet.match.id, last.number),
                key="sheet_undo_yes",
            )
            st.button(t("sheet.undo_no"), on_click=_ask_undo, args=(None,), key="sheet_undo_no")
    else:
        with st.container(horizontal=True):
            if not fixing:
                st.button(
                    t("sheet.fix_open"),
                    on_click=_open_fix,
                    args=({r.number: r.points for r in sheet.rounds},),
                    key="sheet_fix",
                )
            st.button(
                t("sheet.undo", number=last.number),
                on_click=_ask_undo,
                args=(sheet.match.id, last.number),
                key="sheet_undo",
            )
    show_error("undo")


def calculator_detail(rnd: Round) -> dict[str, Any] | None:
    """The calculator's itemised round: the round's own, or the one kept from before it
    was corrected."""
    for detail in (rnd.detail, rnd.detail_before_correction):
        if detail and "score" in detail:
            return detail
    return None


def details(sheet: Sheet, lang: Lang) -> None:
    """Each calculator round's items, per side, and the cards typed for it; a corrected
    round's marked as from before the correction (the points typed since no longer add up
    to them)."""
    lines = []
    for rnd in sheet.rounds:
        detail = calculator_detail(rnd)
        if detail is None:
            continue
        if detail is rnd.detail or rnd.reverted:  # (corrected back: it holds again)
            lines.append(f"**{t('sheet.detail_round', number=rnd.number)}**")
        else:
            now = md_text(points_text(sheet.match.names, rnd.points, lang))
            lines.append(f"**{t('sheet.detail_before', number=rnd.number, points=now)}**")
        sides_typed = detail.get("input", {}).get("sides", [])  # (the score's sides' order)
        for k, side in enumerate(detail["score"]["sides"]):
            typed = sides_typed[k] if k < len(sides_typed) else {}
            hands = len(typed["hands"]) if isinstance(typed.get("hands"), list) else None
            items = " · ".join(
                f"{md_cards(item_label(i['code'], i.get('params', {}), lang, hands))}"
                f" {signed(i['points'], lang)}"
                for i in side["items"]
            )
            total = grouped(side["total"], lang)
            line = f"{md_text(side['name'])} **{total}**: {items}"
            said = typed_for_side(typed, lang) if typed else ""
            lines.append(f"{line}  \n{said}" if said else line)
    st.markdown("\n\n".join(lines))


def rounds_view(sheet: Sheet, standing: MatchStanding, lang: Lang) -> None:
    """The rounds as a table, a chart or the calculator's details: one view drawn at a time
    (a switch, not three blocks), so a rerun at the table draws no chart nobody looks at."""
    views = ["table", "chart"]
    if any(calculator_detail(r) for r in sheet.rounds):
        views.append("details")
    view = view_switch("sheet_view", views, lang)
    if view == "chart":
        show_chart(running_chart(standing, lang), t("sheet.chart"))
    elif view == "details":
        details(sheet, lang)
    else:
        # A static table: every round in view, the newest last (no scrolling inside it), and
        # nothing drawn over it (a dataframe's toolbar covered the last header on a phone,
        # its tooltips and search in English).
        table = rounds_table(tuple(r.number for r in sheet.rounds), standing, lang)
        with st.container(key=ROUNDS_KEY):
            dress_rounds_table()
            if len(sheet.match.names) == MAX_SIDES:  # (said on a phone only: ROUNDS_CSS)
                st.caption(t("sheet.table_scrolls"))
            st.table(
                shown_rounds(table, lang),
                border="horizontal",  # (and each header over its numbers, on the right)
                width="content",
                hide_index=True,
                alt=t("sheet.table_alt"),
            )
    corrected = [
        # A round corrected back to its first points reads as first entered: said so, not
        # “corrigida; antes: …” beside the very points it was entered with.
        t(
            "sheet.fix_undone",
            number=r.number,
            count=len(r.corrections) - 1,  # (the last one took them back)
            points=md_text(points_text(sheet.match.names, r.points, lang)),
        )
        if r.reverted
        else t(
            "sheet.fix_history",
            number=r.number,
            points="; ".join(
                md_text(points_text(sheet.match.names, c.before, lang)) for c in r.corrections
            ),
        )
        for r in sheet.rounds
        if r.corrections
    ]
    if corrected:  # the paper sheet's crossed-out numbers, in every view (one element)
        st.caption("  \n".join(corrected))


def share_link(url: str, params: dict[str, str], sheet: Sheet) -> str:
    """A link to the sheet that opens in this session's language with the match's rules, as
    the other pages' links do (so the calculator of whoever opens it counts the same way)."""
    return f"{url}?{urlencode(params | url_params(sheet.match.rules(), current_lang()))}"


def share(sheet: Sheet, store: SheetStore) -> None:
    url = st.context.url
    # A match's read-only id never changes once made: asked once per session.
    known: dict[str, str] = st.session_state.setdefault(WATCH_IDS_KEY, {})
    watch_id = known.get(sheet.match.id)
    # On a SheetError the write link still works; the watchers' one can wait a rerun.
    if watch_id is None:
        with suppress(SheetError):
            watch_id = known[sheet.match.id] = store.watch_id(sheet.match.id)
    if url:
        st.caption(t("sheet.share"))
        st.code(share_link(url, {QP_MATCH: sheet.match.id}, sheet), language=None, wrap_lines=True)
        if watch_id is not None:
            st.caption(t("sheet.share_watch"))
            st.code(share_link(url, {QP_WATCH: watch_id}, sheet), language=None, wrap_lines=True)
    where = "sheet.where.sqlite" if store.is_sqlite else "sheet.where.server"
    # Two lines, one element (each costs a rerun).
    st.caption(f"{t('sheet.share_id', id=sheet.match.id)}  \n{t('sheet.saved', where=t(where))}")


def sheet_messages(sheet: Sheet, standing: MatchStanding) -> None:
    """What the last tap did, and the match's state: the messages that come and go."""
    show_error("match")
    show_error("database")
    flash = st.session_state.pop(FLASH_KEY, None)
    if flash:
        st.success(flash, icon=NO_ICON)
    if standing.winner is not None:
        points = standing.winner_total
        st.success(t("sheet.winner", name=md_text(standing.winner), points=points), icon="🏆")
    tie = tie_at_target(standing)
    if tie is not None:  # "faltam 0" on both cards would read as a bug: the match goes on
        if len(standing.names) > 2:  # which of the three or four are level at the top
            tied = [
                f"**{md_text(n)}**"
                for n, p in zip(standing.names, standing.totals, strict=True)
                if p == tie
            ]
            text = t("sheet.tie_at_target_among", names=and_list(tied, current_lang()), points=tie)
        else:
            text = t("sheet.tie_at_target", points=tie)
        st.info(text, icon="⚖️")
    early = decided_earlier(standing)
    if early is not None:  # only a corrected round makes this: said, not decided here
        number, name = early
        st.info(
            t("sheet.decided_earlier", number=number, name=md_text(name), last=len(sheet.rounds)),
            icon="✏️",
        )


def draw_sheet(store: SheetStore, sheet: Sheet, watch_id: str | None = None) -> None:
    """The open sheet; with `watch_id`, read-only for a watcher: nothing to press that
    writes, and the match id (the write key) shown nowhere."""
    lang = current_lang()
    match = sheet.match
    standing = sheet.standing()
    st.subheader(" × ".join(md_text(n) for n in match.names))
    # The target is said once: the summary shows the other options that differ.
    rules = match.rules().with_options(target_score=PRESETS[match.preset].target_score)
    st.caption(t("sheet.rules", rules=rules_summary(rules, lang), target=match.target))
    # One slot for them, there on every run: a message coming or going moves nothing below,
    # so the browser keeps the add-round form's fields (moved, they were drawn anew: the
    # focus and what was typed during the rerun were lost).
    with st.container():
        sheet_messages(sheet, standing)
    standing_view(sheet, standing)
    # At the table the next round is what is wanted most: the form first, the chart later.
    if watch_id is not None:
        st.info(t("sheet.watching"), icon=NO_ICON)
    elif standing.winner is None:
        add_form(sheet)
    else:
        st.info(t("sheet.over"), icon=NO_ICON)
        st.button(
            t("sheet.again"),
            type="primary",
            on_click=_again,
            args=(match,),
            key="sheet_again",
        )
    st.subheader(t("sheet.rounds"))
    if sheet.rounds:
        rounds_view(sheet, standing, lang)
    else:
        st.caption(t("sheet.no_rounds"))
    if watch_id is None:
        round_controls(sheet, standing)
    with st.container(horizontal=True):
        st.download_button(
            t("sheet.csv"),
            # Made when pressed, not on every rerun (the labels in this run's language).
            data=partial(spreadsheet_csv, sheet, **csv_texts()),
            file_name=f"buraco-{watch_id or match.id}.csv",
            mime="text/csv",
            key="sheet_csv",
            on_click="ignore",  # (a file saved changes nothing on the page: no rerun)
        )
        # The sheet read again: the last tap's messages (about a round another phone may
        # have entered since) go.
        st.button(t("sheet.refresh"), on_click=_clear_messages, key="sheet_refresh")
        st.button(t("sheet.close"), on_click=_close, key="sheet_close")
    if watch_id is None:
        share(sheet, store)
        remember(store, match)
        # The run got to its end: the fields this page shows now were emptied after the
        # last round, and what is sent from them was typed anew.
        st.session_state[DRAWN_KEY] = (match.id, len(sheet.rounds) + 1)


st.title(t("sheet.title"))
try:
    store = page_store()
except SheetError as exc:  # the database cannot work: say so, and draw nothing to press
    st.error(error_text(exc), icon=NO_ICON)
    st.stop()
watch_id = st.query_params.get(QP_WATCH)
if watch_id and not st.query_params.get(QP_MATCH):
    # A watcher's link: read-only, and this session's own open match is left as it was.
    try:
        draw_sheet(store, store.watched_sheet(watch_id), watch_id)
        st.stop()
    except SheetError as exc:  # said once, then the page as without the link (as a bad ?match=)
        st.error(error_text(exc), icon=NO_ICON)
        del st.query_params[QP_WATCH]
read_only_notice()  # (not to a watcher, who saves nothing)
match_id = open_match_id()
sheet: Sheet | None = None
if match_id is not None:
    try:
        sheet = read_sheet(store, match_id)
    except MatchNotFound as exc:
        st.error(error_text(exc), icon=NO_ICON)
        set_open_match(None)
    except SheetError as exc:
        st.error(error_text(exc), icon=NO_ICON)
if sheet is None:
    draw_start(store)
else:
    set_open_match(sheet.match.id)
    draw_sheet(store, sheet)
top_if_asked()
