"""The floor for bench_pages.py: the smallest Streamlit script with one widget."""

import streamlit as st

text = st.text_input("x")
st.write(text)
