"""Support code for the Streamlit app: language, settings, card drawing, storage."""
