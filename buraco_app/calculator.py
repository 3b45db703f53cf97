"""The score calculator's fields and results: a round typed as melds and hands per side,
read through the core (each problem placed by its field, in the session's language), and the
itemised score as a table and a chart. The page (app_pages/score_calculator.py) lays them out.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import textwrap
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import streamlit as st

from buraco_app import cards_view
from buraco_app.corte import cards_key, clear_corte, corte_choice, who_key
from buraco_app.i18n import get_lang, t
from buraco_app.inline_cards import NO_ICON, md_cards
from buraco_app.limits import MAX_LINES_TEXT
from buraco_app.pages import view_switch
from buraco_app.sheet_page import MORTO_TAKEN, item_label, md_text, show_chart
from buraco_core.cards import Card, deck, format_cards, parse_cards
from buraco_core.codes import Code
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.melds import MIN_MELD, CanastraKind, canastra_bonus, judge_meld, judged
from buraco_core.notation import round_from_data
from buraco_core.rules import RuleSet
from buraco_core.scoring import (
    MAX_HANDS_PER_SIDE,
    RoundScore,
    ScoreItem,
    SideScore,
    score_round,
)
from buraco_text import (
    Lang,
    error_problem,
    grouped,
    item_text,
    message,
    mid_sentence,
    option_name,
    signed,
    value_text,
)

if TYPE_CHECKING:
    import plotly.graph_objects as go

WENT_OUT_KEY = "calc_went_out"
NOBODY = -1
CORTE = "calc"  # the corte de 44 fields' prefix
COLOURS = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a")


def melds_key(side: int) -> str:
    return f"calc_melds_{side}"


def hands_key(side: int) -> str:
    return f"calc_hands_{side}"


def morto_key(side: int) -> str:
    return f"calc_morto_{side}"


def tap_key(side: int) -> str:
    """The tap expander of a side (session_state True: open)."""
    return f"calc_tap_{side}_open"


def meld_lines(text: str) -> list[str]:
    """One meld per line (or separated by ;), blank lines ignored."""
    return [part.strip() for part in re.split(r"[\n;]", text) if part.strip()]


def hand_lines(text: str) -> list[str]:
    """One line per player; an empty line inside is a player with no cards left."""
    lines = [line.strip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


# A side's two text fields: its melds (one per line) and its hands (one line per player).
Field = Literal["melds", "hands"]
FIELDS: tuple[Field, ...] = ("melds", "hands")
_HEIGHT: dict[Field, int] = {"melds": 110, "hands": 80}


def field_key(side: int, field: Field) -> str:
    return melds_key(side) if field == "melds" else hands_key(side)


def field_lines(side: int, field: Field) -> list[str]:
    """The field's text as the round reader takes it."""
    text = st.session_state.get(field_key(side, field), "")
    return meld_lines(text) if field == "melds" else hand_lines(text)


def field_area(side: int, field: Field, problem: str | None, rules: RuleSet) -> None:
    """One side's melds or hands field, with its problem under it (and, under the melds, the
    question "built up?" for each line where the answer changes the score)."""
    key = field_key(side, field)
    st.session_state.setdefault(key, "")
    st.text_area(
        t(f"calc.{field}"),
        key=key,
        help=t(f"calc.{field}_help"),
        placeholder=t(f"calc.{field}_placeholder"),
        height=_HEIGHT[field],
    )
    if problem:
        st.error(problem, icon=NO_ICON)
    if field == "melds":
        built_up_boxes(side, rules)


# --- a 500 or real built up (option big_canastras_at_once, [002]) -------------------------

BUILT_UP_PREFIX = "calc_built_up_"


def big_canastra(line: str, rules: RuleSet) -> CanastraKind | None:
    """The line's canastra ("500" or "real") where these rules score it otherwise when it
    was built up over several moves (big_canastras_at_once: then it is a limpa); else None,
    and there is nothing to ask."""
    if not rules.big_canastras_at_once:
        return None
    try:
        verdict = judge_meld(parse_cards(line), rules)
    except BuracoInputError:
        return None
    if not verdict.ok or verdict.meld is None:
        return None
    kind = verdict.meld.canastra(rules)
    if kind is None or replace(verdict.meld, built_up=True).canastra(rules) == kind:
        return None
    return kind


def built_up_key(side: int, index: int, line: str) -> str:
    """The checkbox of one meld line. Keyed by its cards too: a line retyped, or moved to
    another place, is asked again rather than given the tick of the meld that stood there."""
    cards = " ".join(sorted(str(card) for card in parse_cards(line)))
    digest = hashlib.sha256(cards.encode()).hexdigest()[:12]
    return f"{BUILT_UP_PREFIX}{side}_{index}_{digest}"


def built_up(side: int, index: int, line: str, rules: RuleSet) -> bool:
    """Whether the line is a 500 or real the user said was built up, where that counts."""
    if big_canastra(line, rules) is None:
        return False
    return bool(st.session_state.get(built_up_key(side, index, line), False))


def built_up_boxes(side: int, rules: RuleSet) -> None:
    """Under the melds field, one checkbox per line that is a 500 or a real where the rules
    want them laid at once. Unticked by default: "laid at once", what the core, `buraco
    score` and the Variantes page take when nothing is said, and what this calculator
    counted before it asked; a round counts as it did unless someone says otherwise. The
    question sits under the line it changes, with both values in its help, so the choice
    is never silent."""
    lang = get_lang()
    for index, line in enumerate(field_lines(side, "melds")):
        kind = big_canastra(line, rules)
        if kind is None:
            continue
        name = item_text(f"canastra_{kind}", lang)
        st.checkbox(
            t("calc.built_up", meld=index + 1, kind=name),
            key=built_up_key(side, index, line),
            help=t(
                "calc.built_up_help",
                rule=option_name("big_canastras_at_once", lang),
                kind=name,
                points=canastra_bonus(kind, rules),
                limpa=rules.canastra_limpa_points,
            ),
        )


# --- reading the fields ------------------------------------------------------------------


def field_error(
    rules: RuleSet, field: str, lines: list[str], lang: Lang, went_out: str | None = None
) -> str | None:
    """The first problem in one field (melds or hands of one side), in words, or None: each
    line's cards as the lookup reads them (round_data hands them on in notation), then each
    meld; then, for the hands of the side named in "Quem bateu?" (`went_out`: its name), a
    line per player with no empty one."""
    key = "calc.bad_meld_card" if field == "melds" else "calc.bad_hand_card"
    if field == "hands" and len(lines) > MAX_HANDS_PER_SIDE:
        # The core refuses it too (`buraco score`); here in the field's own words.
        return t("calc.too_many_hands", count=len(lines), most=MAX_HANDS_PER_SIDE)
    for index, line in enumerate(lines):
        try:
            cards = parse_cards(line)
        except BuracoInputError as exc:
            # The core's words name the word and each suit letter (`4p`: write 4c or 4♣);
            # the card's number where the word is one card ("4 de cops" is no card's).
            problem = error_problem(exc, lang)
            tokens = line.split()
            word = str(exc.values.get("token", ""))
            if word not in tokens:
                key = "calc.bad_meld_text" if field == "melds" else "calc.bad_hand_text"
                return t(key, meld=index + 1, hand=index + 1, problem=problem)
            card = tokens.index(word) + 1
            return t(key, meld=index + 1, hand=index + 1, card=card, problem=problem)
        verdict = judge_meld(cards, rules) if field == "melds" else None
        if verdict is not None and not verdict.ok:
            # An invalid meld: the core's reason, in the session's language.
            return t(
                "calc.bad_meld",
                meld=index + 1,
                problem=mid_sentence(message(verdict.reasons[0], lang)),
            )
    every_hand_held = len(lines) == MAX_HANDS_PER_SIDE and all(lines)
    if field == "hands" and went_out is not None and every_hand_held:
        # Whoever went out has no cards (the core refuses it too); a single line may be the
        # partner's, so it stands.
        return t("calc.went_out_with_cards", field=t("calc.went_out"), name=went_out)
    return None


_SIDE_PATH = re.compile(r"sides\[(\d+)\]")


def round_problem(
    error: BuracoInputError, names: tuple[str, ...], rules: RuleSet, lang: Lang
) -> str:
    """The core's whole-round problem as a sentence in the language. The usual ones in the
    calculator's own words: too many copies, and a batida the round does not allow, said by
    the form's fields ("Quem bateu?", the side's tab) and the rule's name, not the JSON's."""
    values = error.values
    if error.code is InputCode.TOO_MANY_COPIES:
        card = values["card"].symbol if isinstance(values["card"], Card) else str(values["card"])
        problem = t(
            "calc.too_many_copies", count=values["count"], card=card, copies=values["copies"]
        )
        return t("calc.bad_round", problem=problem)
    side = _SIDE_PATH.match(error.path)
    if side is not None and int(side.group(1)) < len(names):
        field, name = t("calc.went_out"), md_text(names[int(side.group(1))])
        if error.code is InputCode.WENT_OUT_WITHOUT_MORTO:
            morto = t("calc.took_morto")
            return t("calc.went_out_no_morto", field=field, name=name, morto=morto)
        if error.code is InputCode.WENT_OUT_WITHOUT_CANASTRA:
            needs = rules.go_out_requires
            clean = needs == "clean_canastra"
            return t(
                "calc.went_out_no_clean" if clean else "calc.went_out_no_canastra",
                field=field,
                name=name,
                rule=option_name("go_out_requires", lang),
                needs=value_text("go_out_requires", needs, lang),
            )
    return t("calc.bad_round", problem=error_problem(error, lang))


def notation(line: str) -> str:
    """A line as typed at the table ("4 5 6 de copas", "dama de paus", "coringa") in the
    notation the round reader takes, token by token (4h 5h 6h); a line that does not read
    as cards stays as typed (field_error says why)."""
    try:
        return format_cards(parse_cards(line))
    except BuracoInputError:
        return line


def round_data(names: tuple[str, ...], rules: RuleSet) -> dict[str, Any]:
    """The round as typed, for the core. A side named in "Quem bateu?" but with nothing typed
    yet is not scored as going out: its batida's checks (a canastra, the morto) wait for its
    cards. "Quem bateu?" stands first on the page, and its answer made the whole count a
    red "essa dupla não tem canastra" before a card of that side was typed."""
    went_out = st.session_state.get(WENT_OUT_KEY, NOBODY)
    if went_out != NOBODY and not side_typed(went_out):
        went_out = NOBODY  # (its score is left out until typed: the batida shows then)
    sides: list[dict[str, Any]] = [
        {
            "name": name,
            "melds": [
                {"cards": notation(line), "built_up": True}
                if built_up(i, index, line, rules)
                else notation(line)
                for index, line in enumerate(field_lines(i, "melds"))
            ],
            "hands": [notation(line) for line in field_lines(i, "hands")],
            "took_morto": bool(st.session_state.get(morto_key(i), True)),
            "went_out": went_out == i,
        }
        for i, name in enumerate(names)
    ]
    cut = corte_choice(CORTE, rules)
    if cut is not None and cut[0] < len(sides):
        sides[cut[0]]["corte_cards"] = cut[1]
    return {"sides": sides}


def round_score(rules: RuleSet, data: dict[str, Any]) -> RoundScore:
    """The round `round_data` gave, scored (BuracoInputError as the core raises it). The same
    round is scored once: a rerun that leaves it as it was (a language switch, another tab,
    the view of the points) asks again."""
    return _scored(rules, json.dumps(data, sort_keys=True))


@lru_cache(maxsize=64)
def _scored(rules: RuleSet, data: str) -> RoundScore:
    return score_round(rules, round_from_data(rules, json.loads(data)))


# Streamlit forgets a widget's value when a run does not draw it: a visit to the Placar would
# empty every field typed here. A plain session_state copy (not a widget's) outlives it.
KEPT_KEY = "_calc_kept"


def _kept(count: int, state: dict[str, Any]) -> dict[str, Any]:
    """The calculator's fields among `state`'s values (their keys, and their values)."""
    keys = {WENT_OUT_KEY, who_key(CORTE), cards_key(CORTE)}
    for i in range(count):
        keys |= {melds_key(i), hands_key(i), morto_key(i)}
    return {k: v for k, v in state.items() if k in keys or str(k).startswith(BUILT_UP_PREFIX)}


def restore_fields() -> None:
    """Put back what was typed before another page was shown (before the widgets are drawn)."""
    for key, value in st.session_state.get(KEPT_KEY, {}).items():
        if key not in st.session_state:
            st.session_state[key] = value


def keep_fields(count: int) -> None:
    """Copy the fields' values (after the widgets are drawn) for restore_fields."""
    # One pass over the whole state (a look-up of each key costs as much as the pass).
    st.session_state[KEPT_KEY] = _kept(count, st.session_state.to_dict())


def clear(count: int) -> None:
    """Empty every field of the calculator (a callback)."""
    for i in range(count):
        st.session_state[melds_key(i)] = ""
        st.session_state[hands_key(i)] = ""
        st.session_state[morto_key(i)] = True
    st.session_state[WENT_OUT_KEY] = NOBODY
    for key in [k for k in st.session_state if str(k).startswith(BUILT_UP_PREFIX)]:
        st.session_state[key] = False  # (False, not gone: the kept copy would bring it back)
    clear_corte(CORTE)


def side_typed(side: int) -> bool:
    """A card in the side's melds or hands. Every side ends a round with cards, on the table
    or in hand (whoever did not go out holds some): a side with none is not typed yet, and
    its 0 would be a count nobody made (sent to the sheet, a stray tap's 0)."""
    return any(any(field_lines(side, field)) for field in FIELDS)


def typed_score(score: RoundScore, typed: list[int]) -> RoundScore:
    """The round's score as the calculator shows it: the sides typed, each saying whether it
    took its morto where the core says only “não pegou o morto” (a box left ticked by
    mistake would cost 100 unseen)."""
    sides = []
    for i in typed:
        side = score.sides[i]
        items = list(side.items)
        if st.session_state.get(morto_key(i), True):
            # Where "não pegou o morto" would stand: before the corte and the rounding.
            at = next((k for k, it in enumerate(items) if it.code in _AFTER_MORTO), len(items))
            items.insert(at, ScoreItem(MORTO_TAKEN, 0))
        sides.append(SideScore(side.name, tuple(items)))
    return RoundScore(tuple(sides))


_AFTER_MORTO = ("corte_44", "rounding")


# --- drawing -------------------------------------------------------------------------------


def into_key(side: int) -> str:
    """The side's "Acrescentar em" choice: the field its taps type into."""
    return f"calc_tap_{side}_into"


def tapping_into(side: int) -> Field | None:
    """The field the side's tap pickers type into while they are open, else None (read
    before the fields are drawn: the one tapped into says its problem under the grid)."""
    if not st.session_state.get(tap_key(side)):
        return None
    return "hands" if st.session_state.get(into_key(side)) == "hands" else "melds"


def tap_pickers(side: int, rules: RuleSet, problem: str | None = None) -> None:
    """The card pickers of cards_view, typing into the side's melds or hands field; under
    the grid, the answer to the last tap: the field's line as it now reads, and `problem`
    (the field's, said here instead of under the field, which a phone shows off-screen
    while tapping; or the round's)."""
    # Lazy: the pickers are drawn only while the expander is open (most reruns are typing).
    expander = st.expander(t("calc.tap"), key=tap_key(side), on_change="rerun")
    if not expander.open:
        return
    with expander:
        into: Field = st.segmented_control(
            t("calc.tap_into"),
            ["melds", "hands"],
            format_func={v: t(f"calc.tap_{v}") for v in ("melds", "hands")}.__getitem__,
            default="melds",
            required=True,
            key=into_key(side),
        )
        cards_view.card_pickers(
            f"calc_tap_{side}",
            field_key(side, into),
            new_line=t("calc.new_line"),
            answer=lambda: tap_answer(side, into, problem, rules),
        )


def tap_answer(side: int, field: Field, problem: str | None, rules: RuleSet) -> None:
    """One element: the line the taps went into, as cards (and, after "Nova linha", where
    the next tap goes), with the field's problem if it has one; nothing for an empty field.
    A meld still being tapped in (one or two cards, nothing else wrong) is no mistake yet:
    it says how many cards are missing, not in red."""
    lang = get_lang()
    text = st.session_state.get(field_key(side, field), "")
    said: list[str] = []
    lines = field_lines(side, field) if len(text) <= MAX_LINES_TEXT else []  # (too long: refused)
    last = max((i for i, line in enumerate(lines) if line), default=-1)
    # (A hand line past the side's players is refused under the field: no player to name.)
    if last >= 0 and (field == "melds" or last < MAX_HANDS_PER_SIDE):
        said.append(t(f"calc.tapped_{field}", n=last + 1, cards=_cards_md(lines[last])))
        after = len(lines) + 1 if field == "melds" else text.count("\n") + 1
        # A new line started: the next tap begins it (a side has no 3rd player to name).
        if text.endswith("\n") and (field == "melds" or after <= MAX_HANDS_PER_SIDE):
            said.append(t(f"calc.tapped_next_{field}", n=after))
    missing = _cards_missing(lines, text, rules, lang) if problem and field == "melds" else 0
    if missing:
        st.info("  \n".join([*said, t("calc.tapped_missing", missing=missing)]), icon=NO_ICON)
    elif problem:
        st.error("  \n".join([*said, problem]), icon=NO_ICON)
    elif said:
        st.success("  \n".join(said), icon=NO_ICON)


def _cards_missing(lines: list[str], text: str, rules: RuleSet, lang: Lang) -> int:
    """The cards the last meld lacks while it is being tapped in: it is the field's only
    problem, it is still open (no new line after it), the judge's one objection is that it
    is too short, and one card more (two, after a first one) makes it a meld; else 0."""
    if not lines or not lines[-1] or text.endswith("\n"):
        return 0
    try:
        cards = parse_cards(lines[-1])
    except BuracoInputError:
        return 0
    reasons = judge_meld(cards, rules).reasons
    short = len(reasons) == 1 and reasons[0].code is Code.TOO_FEW_CARDS
    if not short or field_error(rules, "melds", lines[:-1], lang) is not None:
        return 0
    # (`judged`: remembered, as the reruns of a page with this line open ask again)
    if len(cards) == MIN_MELD - 1 and not any(
        judged((*cards, card), rules).ok for card in dict.fromkeys(deck())
    ):
        return 0  # (4♥ 7♠: no card mends it; the judge's word stands, in red)
    return MIN_MELD - len(cards)


def _cards_md(line: str) -> str:
    """A field's line in suit symbols and card colours; as typed (escaped) if unreadable."""
    try:
        return md_cards(" ".join(card.symbol for card in parse_cards(line)))
    except BuracoInputError:
        return md_text(line)


# One side's bars: its name, each item's label and points, and the total.
Bars = tuple[str, tuple[str, ...], tuple[int, ...], int]


def score_chart(score: RoundScore, lang: Lang, hands: Sequence[int] = ()) -> go.Figure:
    """Horizontal bars: each item of each side, and the totals; readable at 390 px."""
    bars = tuple(
        (
            side.name,
            tuple(item_label(i.code, i.params, lang, _hands(hands, k)) for i in side.items),
            tuple(i.points for i in side.items),
            side.total,
        )
        for k, side in enumerate(score.sides)
    )
    return _bar_chart(bars, t("calc.total", lang), lang)


# The longest line of a bar's label: on a 390 px phone the labels and the bars share 358 px,
# and "cartas na mesa (10 jogos: 35 + 50 + …)" on one line took them all (its start cut off
# at the screen's left, the bars squeezed into 60 px). Longer labels go on more lines.
CHART_LABEL_LINE = 26
# Room beside the bars, as a share of their span, for a short bar's points written outside
# it: a -5 beside -100 and +630 was cut to "5" at the chart's edge.
CHART_TEXT_ROOM = 0.15


def chart_label(label: str) -> str:
    """An item's label on the chart: broken at spaces into lines of CHART_LABEL_LINE
    characters at most (a word longer than that keeps its line)."""
    lines = textwrap.wrap(label, CHART_LABEL_LINE, break_long_words=False, break_on_hyphens=False)
    return "<br>".join(lines) or label


# Built once per score shown: the page reruns at every keystroke and tap while the score
# stays the same, and a plotly figure costs more to build than the rest of the page. The
# figure is only read by st.plotly_chart (which copies it), so sessions may share it.
@lru_cache(maxsize=128)
def _bar_chart(sides: tuple[Bars, ...], total_label: str, lang: Lang) -> go.Figure:
    import plotly.graph_objects as go  # here: a page with nothing to chart never loads plotly

    fig = go.Figure()
    for index, (name, item_labels, item_points, total) in enumerate(sides):
        labels = [*map(chart_label, item_labels), f"<b>{html.escape(total_label)}</b>"]
        points = [*item_points, total]
        fig.add_bar(
            y=labels,
            x=points,
            name=html.escape(name),  # plotly reads some HTML in text: names stay text
            orientation="h",
            marker_color=COLOURS[index % len(COLOURS)],
            text=[signed(p, lang) for p in points],
            textposition="auto",
        )
    rows = len({label for trace in fig.data for label in trace.y})
    values = [0, *(p for _, _, points, total in sides for p in (*points, total))]
    low, high = min(values), max(values)
    room = CHART_TEXT_ROOM * (high - low)
    xaxis: dict[str, Any] = {"zeroline": True, "zerolinecolor": "#888"}
    if room:  # (nothing but zeros: plotly's own range)
        xaxis["range"] = [low - room if low < 0 else 0, high + room if high > 0 else 0]
    fig.update_layout(
        barmode="group",
        height=120 + 34 * rows * len(sides),
        margin={"l": 8, "r": 8, "t": 36, "b": 8},
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
        yaxis={"autorange": "reversed", "automargin": True},
        xaxis=xaxis,
    )
    return fig


def show_score(score: RoundScore, lang: Lang, hands: Sequence[int] = ()) -> None:
    """The totals, then the items as tables (one Markdown block for every side) or as a
    chart: one view drawn at a time, so a keystroke does not build a chart nobody opened.
    `hands`: each side's hand lines, where the page knows them (one: the side is one
    player, whose hand is not said to be a partner's)."""
    st.subheader(t("calc.result"))
    with st.container(horizontal=True):
        for side in score.sides:
            st.metric(md_text(side.name), grouped(side.total, lang), border=True)
    if not any(side.items for side in score.sides):  # nothing typed: no chart of zeros
        view = "table"
    else:
        view = view_switch("calc_view", ["table", "chart"], lang)
    if view == "chart":
        show_chart(score_chart(score, lang, hands), t("calc.chart", lang))
        return
    tables = []
    for k, side in enumerate(score.sides):
        # Headed by the side's name: on a phone the tables stand one under the other, and
        # with "Item" on top whose table it was showed only on its last line, off-screen.
        rows = [f"| {md_text(side.name)} | {t('calc.points')} |", "|:--|--:|"]
        rows += [
            f"| {md_cards(item_label(i.code, i.params, lang, _hands(hands, k)))}"
            f" | {signed(i.points, lang)} |"
            for i in side.items
        ]
        rows.append(f"| **{t('calc.total')}** | **{grouped(side.total, lang)}** |")
        tables.append("\n".join(rows))
    st.markdown("\n\n".join(tables))


def _hands(hands: Sequence[int], side: int) -> int | None:
    return hands[side] if side < len(hands) else None


def scoring_rules(rules: RuleSet) -> dict[str, Any]:
    match_only = ("preset", "target_score", "vulnerable_min_meld_points")
    return {k: v for k, v in rules.values().items() if k not in match_only}
