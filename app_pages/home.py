"""Home: what Buraco Tutor is for, and a way in to each page that exists."""

import streamlit as st

from buraco_app.i18n import t
from buraco_app.inline_cards import NO_ICON
from buraco_app.pages import navigation
from buraco_app.settings import current_rules, language_button, rules_summary

# The first page a visitor sees: the switch to the other language beside the title, in sight
# on a phone too, where the sidebar's switch is hidden.
# (Side by side on any phone: the title, stretched, leaves the button its width.)
with st.container(horizontal=True, wrap=False, vertical_alignment="center"):
    # No heading link: its hidden icon took a line of its own under the title on a phone.
    st.title(t("home.title"), anchor=False)
    language_button()
# One Markdown block (the heading as Markdown's ###, which st.subheader draws too): each
# element costs a rerun as much as a line of work.
st.markdown(f"{t('home.lead')}\n\n{t('home.what')}\n\n{t('home.terms')}\n\n### {t('home.jobs')}")
for spec, page in navigation():
    if spec.blurb_key is None:
        continue
    with st.container(border=True):
        st.page_link(page, label=t(spec.title_key), icon=spec.icon)
        st.caption(t(spec.blurb_key))

# The pages whose top has the rules bar: where the rules are changed in a tap, a phone's
# sidebar being hidden. The exercises keep their own rules.
named = " · ".join(t(spec.title_key) for spec, _ in navigation() if spec.rules_bar)
st.info(t("home.rules_now", rules=rules_summary(current_rules()), pages=named), icon=NO_ICON)
