"""Buraco Tutor: the Streamlit entry point (the pages arrive with the app issues)."""

import streamlit as st

from buraco_core import judge_meld, message, parse_cards, ruleset
from buraco_core.errors import BuracoInputError

st.set_page_config(page_title="Buraco Tutor", page_icon="🂡", layout="centered")
st.title("Buraco Tutor")
st.write("Verifique um jogo: digite as cartas (ex.: `3s 2s 5s 4s`, `10♠`, `JK`).")
text = st.text_input("Cartas", "3s 2s 5s 4s")
try:
    verdict = judge_meld(parse_cards(text), ruleset("fechado"))
except BuracoInputError as exc:
    st.error(str(exc))
else:
    (st.success if verdict.ok else st.error)("\n\n".join(message(r) for r in verdict.reasons))
