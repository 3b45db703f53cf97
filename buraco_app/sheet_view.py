"""The score sheet's figures, built once per state of a match: the running-totals chart and
the rounds table. A sheet is redrawn on every rerun (a tap anywhere, a language switch)
while its rounds rarely change, and building a plotly figure costs more than the rest of
the page; so both are cached on the match's frozen standing (and the language). And the
rounds table's style sheet (our own CSS, no user text in it)."""

from __future__ import annotations

import html
from functools import lru_cache, partial
from typing import TYPE_CHECKING

import plotly.graph_objects as go
import pyarrow as pa
import streamlit as st

from buraco_app.i18n import t
from buraco_app.sheet_page import md_text
from buraco_core.scoring import MatchStanding
from buraco_text import Lang, grouped

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

COLOURS = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a")


# The figure is shared by the sessions that show the same standing: st.plotly_chart only
# reads it (it copies the figure to a dict), and nothing here changes it once built.
@lru_cache(maxsize=64)
def running_chart(standing: MatchStanding, lang: Lang) -> go.Figure:
    fig = go.Figure()
    xs = list(range(len(standing.running) + 1))
    round_word = html.escape(t("sheet.round_axis", lang))
    for i, name in enumerate(standing.names):
        ys = [0, *(row[i] for row in standing.running)]
        fig.add_scatter(
            x=xs,
            y=ys,
            mode="lines+markers",
            name=html.escape(name),  # plotly reads some HTML in text: names stay text
            line={"color": COLOURS[i % len(COLOURS)], "width": 3},
            # The hover says the total as the page writes numbers (12.000, not 12k or 12,000).
            text=[grouped(y, lang) for y in ys],
            hovertemplate=f"{round_word} %{{x}}: %{{text}}<extra>%{{fullData.name}}</extra>",
        )
    top = max([standing.target, *(max(row) for row in standing.running)]) * 1.08
    low = min([0, *(min(row) for row in standing.running)])
    fig.update_layout(
        height=300,
        # The axis's numbers whole, thousands marked from five digits, as `grouped` marks
        # them (plotly: "50k", "100k"): the decimal mark, then the thousands'.
        separators=",." if lang == "pt" else ".,",
        margin={"l": 8, "r": 8, "t": 30, "b": 8},
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
        xaxis={"title": t("sheet.round_axis", lang), "dtick": 1, "rangemode": "tozero"},
        yaxis={
            "title": t("sheet.points_axis", lang),
            "range": [low - 0.05 * top, top],
            "exponentformat": "none",
        },
        # The target line, as plain layout (fig.add_hline costs a third of a rerun).
        shapes=[
            {
                "type": "line",
                "xref": "x domain",
                "x0": 0,
                "x1": 1,
                "y0": standing.target,
                "y1": standing.target,
                "line": {"dash": "dash", "color": "#c62828"},
            }
        ],
        annotations=[
            {
                "text": html.escape(t("sheet.chart_target", lang, target=standing.target)),
                "xref": "x domain",
                "x": 0,
                "xanchor": "left",
                "y": standing.target,
                "yanchor": "bottom",
                "showarrow": False,
            }
        ],
    )
    return fig


def shown_rounds(table: pa.Table, lang: Lang) -> pa.Table | Styler:
    """The rounds table with its points written as the page writes numbers: where a number
    has five digits or more, the table's thousands are marked (45.000, and 1.200 under it;
    en 45,000 and 1,200) by a Styler's display values. A sheet without one (a match to
    3000) stays the shared Arrow table, drawn as it is (1200): a Styler costs a rerun of
    a 50-round sheet some 5 ms."""
    points = table.column_names[1:]
    if all(abs(v) < 10_000 for name in points for v in table[name].to_pylist()):
        return table
    marked = partial(grouped, lang=lang, in_column=True)
    return table.to_pandas().style.format(marked, subset=points)


def distinct(labels: list[str]) -> list[str]:
    """The headers, a repeated one (each side's "total"; a side named "total" or "#") made
    distinct by trailing spaces, which Markdown does not show: a Styler needs distinct
    names, and the names only label the columns (each keeps its place)."""
    seen: set[str] = set()
    out = []
    for label in labels:
        while label in seen:
            label += " "
        seen.add(label)
        out.append(label)
    return out


# Shared like the chart: st.table only reads the table. An Arrow table, not a pandas frame:
# st.table would convert a frame to Arrow again on every rerun.
@lru_cache(maxsize=64)
def rounds_table(numbers: tuple[int, ...], standing: MatchStanding, lang: Lang) -> pa.Table:
    """Round, then each side's points and running total, as on a paper sheet, headed as a
    person reads it (st.table reads headers as Markdown: names escaped, shown as typed)."""
    total = t("sheet.col_total_short", lang)
    labels = ["\\#"]  # (a bare "#" is a Markdown heading)
    columns: list[list[int]] = [list(numbers)]
    for i, name in enumerate(standing.names):
        labels += [md_text(name), total]
        columns.append([points[i] for points in standing.rounds])
        columns.append([running[i] for running in standing.running])
    return pa.table(columns, names=distinct(labels))


ROUNDS_KEY = "sheet_rounds"  # the rounds table's container, which ROUNDS_CSS dresses
# The table's look, by a style sheet of our own (no user text in it): a Styler's per-cell
# styles cost a 50-round sheet 10 ms a rerun. Numbers 18 px apart, not Streamlit's 22: three
# sides' seven columns fit a 390 px phone, a name of 30 characters over one of them (four
# sides scroll sideways). A thin rule before each side's pair of columns, as a paper sheet
# has (grey, half seen through, on a light or a dark theme alike): each total stays with its
# side. The newest round, the last line, in bold: with its totals it is the score now.
# Four sides on a narrow screen get a caption saying the table may go on sideways (the
# page cannot know the screen's width: a screen wide enough for them hides it). (A fade
# at the cut edge, driven by the table's own scroll timeline, hung headless Chromium's
# page for good: left out.)
ROUNDS_CSS = f"""<style>
.st-key-{ROUNDS_KEY} .stTable :is(th, td):not(:first-child) {{ padding-left: 0.75rem }}
.st-key-{ROUNDS_KEY} th:nth-child(2n), .st-key-{ROUNDS_KEY} td:nth-child(2n) {{
    border-left: 1px solid rgba(128, 128, 128, 0.35) }}
.st-key-{ROUNDS_KEY} tbody tr:last-child td {{ font-weight: bold }}
@media (min-width: 560px) {{
    .st-key-{ROUNDS_KEY} .stElementContainer:has([data-testid="stCaptionContainer"]) {{
        display: none }} }}
</style>"""


def dress_rounds_table() -> None:
    """ROUNDS_CSS into the page, in the rounds' container (a style-only st.html takes no
    space)."""
    st.html(ROUNDS_CSS)


TOTALS_KEY = "sheet_totals"  # the sides' totals' container, which TOTALS_CSS dresses
# A side's name over its total, whole: Streamlit cuts a metric's label to one line with an
# ellipsis, and on a phone a name of 30 characters read "Maria Aparecida e Jo…". It wraps.
TOTALS_CSS = f"""<style>
.st-key-{TOTALS_KEY} [data-testid="stMetricLabel"] :is(div, p) {{
    white-space: normal; overflow: visible; text-overflow: clip }}
</style>"""


def dress_totals() -> None:
    """TOTALS_CSS into the page, in the totals' container (no user text in it)."""
    st.html(TOTALS_CSS)
