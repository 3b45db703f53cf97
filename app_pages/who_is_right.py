"""“Quem tem razão?”: what two players claim at the table -> the disputed points, what each
source says, what each variant does, and a link with the table's choice."""

import streamlit as st

from buraco_app.i18n import t
from buraco_app.limits import MAX_SEARCH_TEXT, too_long
from buraco_app.settings import current_lang, current_rules
from buraco_app.who_is_right import draw_dispute, points_for, table_points

lang = current_lang()
rules = current_rules()
st.title(t("who.title"))
st.caption(t("who.intro"))
claims = [
    st.text_input(t("who.claim", number=n), key=f"who_claim_{n}", placeholder=t(f"who.example_{n}"))
    for n in (1, 2)
]
# A claim is a sentence said at the table: a paste of pages is refused, not searched.
problems = [
    too_long(c, MAX_SEARCH_TEXT, t("who.claim", number=n)) for n, c in enumerate(claims, start=1)
]
for problem in filter(None, problems):
    st.error(problem)
claims = ["" if problem else claim for claim, problem in zip(claims, problems, strict=True)]
every = {d.id: d for d in table_points()}
found = points_for(*claims) if any(c.strip() for c in claims) else []
if any(c.strip() for c in claims) and not found:
    st.info(t("who.nothing"))
choices = [d.id for d in found] or list(every)
chosen = st.radio(
    t("who.found") if found else t("who.pick"),
    choices,
    format_func=lambda i: every[i].title(lang),
    key="who_dispute_found" if found else "who_dispute",
)
if chosen in every:
    draw_dispute(every[chosen], rules, lang)
