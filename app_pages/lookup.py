"""Quick lookup at the table (phone first): is this meld valid? and the rules reference."""

import streamlit as st

from buraco_app import cards_view
from buraco_app.i18n import t
from buraco_app.rules_view import reference
from buraco_app.settings import current_lang, current_rules, rules_summary
from buraco_app.verdict_view import show_meld_verdict
from buraco_core.melds import judge_meld

CARDS_KEY = "lookup_cards"
SEARCH_KEY = "lookup_search"
VIEW_KEY = "lookup_view"
SOURCE_IDS = ("000", "001", "002", "003")

lang = current_lang()
rules = current_rules()
st.title(t("lookup.title"))
# A view switch rather than tabs: only the chosen view runs (fast reruns at the table), its
# value is an id that survives a language switch, and the later "may I take the lixo?" /
# "may I go out?" forms are one more entry here.
VIEWS = {"meld": "lookup.tab.meld", "rules": "lookup.tab.rules"}
view = st.segmented_control(
    t("lookup.view"),
    list(VIEWS),
    format_func=lambda v: t(VIEWS[v], lang),
    default="meld",
    required=True,
    key=VIEW_KEY,
    label_visibility="collapsed",
)

if view == "meld":
    st.caption(t("lookup.rules_caption", rules=rules_summary(rules, lang)))
    cards = cards_view.card_input(CARDS_KEY)
    if cards:
        # The same judge and answer as `buraco meld`: valid, arrangement, canastra, points.
        show_meld_verdict(judge_meld(cards, rules), rules, typed=cards)
    elif cards is not None:
        st.caption(t("cards.empty"))

if view == "rules":
    query = st.text_input(
        t("lookup.search"),
        key=SEARCH_KEY,
        placeholder=t("lookup.search_placeholder"),
        persist_state="session",
    )
    entries = reference(rules, lang)
    shown = [e for e in entries if e.matches(query or "")]
    st.caption(t("lookup.count", shown=len(shown), total=len(entries)))
    if not shown:
        st.info(t("lookup.no_match", query=query))
    for entry in shown:
        mark = f" ✎ _{t('lookup.changed')}_" if entry.changed else ""
        per_preset = " · ".join(f"{title} **{value}**" for title, value in entry.per_preset)
        with st.container(border=True):
            st.markdown(
                f"**{entry.short}** · `{entry.name}`  \n{entry.text}  \n"
                f"{t('lookup.per_preset')}: {per_preset}  \n"
                + t("lookup.at_your_table", value=entry.value)
                + mark
            )
            st.caption(f"{t('lookup.sources')}: " + ", ".join(entry.sources))
    with st.expander(t("lookup.about_sources")):
        st.markdown("\n".join(f"- **{sid}**: {t(f'source.{sid}')}" for sid in SOURCE_IDS))
