"""The score sheet's figures, built once per state of a match: the running-totals chart and
the rounds table. A sheet is redrawn on every rerun (a tap anywhere, a language switch)
while its rounds rarely change, and building a plotly figure costs more than the rest of
the page; so both are cached on the match's frozen standing (and the language)."""

from __future__ import annotations

import html
from functools import lru_cache, partial
from typing import TYPE_CHECKING

import plotly.graph_objects as go
import pyarrow as pa

from buraco_app.i18n import t
from buraco_core.scoring import MatchStanding
from buraco_text import Lang, grouped

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

COLOURS = ("#2e7d32", "#1565c0", "#ef6c00", "#6a1b9a")
ROUND_COLUMN = "round"


def points_column(side: int) -> str:
    return f"points_{side}"


def total_column(side: int) -> str:
    return f"total_{side}"


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
    """The rounds table with its points written as the page writes numbers: where a total
    has five digits or more, the table's thousands are marked (45.000, and 1.200 under it;
    en 45,000 and 1,200) by a Styler's display values, the numbers under them still sorting
    as numbers. A sheet without one (a match to 3000) stays the shared Arrow table, drawn as
    it is (1200): a Styler costs a rerun some 25 ms."""
    points = table.drop_columns([ROUND_COLUMN])
    if all(grouped(v, lang) == str(v) for column in points.columns for v in column.to_pylist()):
        return table
    marked = partial(grouped, lang=lang, in_column=True)
    return table.to_pandas().style.format(marked, subset=points.column_names)


# Shared like the chart: st.dataframe only reads the table. An Arrow table, not a pandas
# frame: st.dataframe would convert a frame to Arrow again on every rerun.
@lru_cache(maxsize=64)
def rounds_table(numbers: tuple[int, ...], standing: MatchStanding) -> pa.Table:
    """Round, then each side's points and running total, as on a paper sheet. The columns
    are keyed by position, the names only label them (the page's column config): a side
    named "Rodada" or "A (total)" cannot take another column's place."""
    columns: dict[str, list[int]] = {ROUND_COLUMN: list(numbers)}
    for i in range(len(standing.names)):
        columns[points_column(i)] = [points[i] for points in standing.rounds]
        columns[total_column(i)] = [running[i] for running in standing.running]
    return pa.table(columns)
