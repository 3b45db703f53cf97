"""Names a screen reader reads and a hover shows, in the session's language.

Streamlit names its own controls in English, whatever the page's language: “Help for Cartas”
(a widget's “?”), “Open” (a menu), “Copy to clipboard” (a link's box), “Increment”, “Link to
heading”, “Collapse sidebar”… and names a checkbox by its label's Markdown source (“3.
:red[Q♥] :red[K♥]”). No option changes them, so a script, sent once a session with the
sidebar's (settings.setup), renames them whenever one is drawn or Streamlit names it again.

It carries the words of every language (catalog section [screen], whose English words are
Streamlit's own) and reads the language from the page, the sidebar's chosen “Idioma ·
Language”: a script sent once must still follow a language switch. A name in the other
language is put back too, since Streamlit only sets a name again when its own value changes.
(textContent, not innerText: no layout on every change.)
"""

from __future__ import annotations

import json
from functools import lru_cache

from buraco_app.i18n import LANG_LABEL
from buraco_text import LANGS, catalog

# Streamlit's names of its controls that have the same words on every page (catalog keys).
FIXED = (
    "screen.help",
    "screen.open",
    "screen.close",
    "screen.copy",
    "screen.copied",
    "screen.increment",
    "screen.decrement",
    "screen.heading_link",
    "screen.sidebar",
    "screen.sidebar_collapse",
    "screen.sidebar_expand",
    "screen.pages",
    "screen.progress",
    "screen.running",
    "screen.tabs_left",
    "screen.tabs_right",
)
# “Help for {label}”: a widget's “?” named after its label.
HELP_FOR = "screen.help_for"

_SCRIPT = """<script>
if (!window.btScreenNames) {
  window.btScreenNames = true;
  const KEYS = %(keys)s, WORDS = %(words)s, LANGS = %(langs)s, HELP = %(help)s;
  const language = () => {
    const chosen = document.querySelector(%(radio)s);
    const lang = chosen ? LANGS[Number(chosen.value)] : null;
    return lang || new URLSearchParams(location.search).get("lang") || LANGS[0];
  };
  const said = (name, lang) => {
    for (const other of LANGS) {
      if (KEYS[other][name] !== undefined) return WORDS[lang][KEYS[other][name]];
      if (name.startsWith(HELP[other])) return HELP[lang] + name.slice(HELP[other].length);
    }
    return null;
  };
  const rename = () => {
    const lang = language();
    for (const box of document.querySelectorAll("[data-testid='stCheckbox'] input")) {
      const label = box.closest("label")?.querySelector("[data-testid='stWidgetLabel']");
      const shown = label ? label.textContent.trim() : "";
      if (shown && box.getAttribute("aria-label") !== shown) box.setAttribute("aria-label", shown);
    }
    for (const element of document.querySelectorAll("[aria-label], [title]")) {
      for (const attribute of ["aria-label", "title"]) {
        const name = element.getAttribute(attribute);
        const ours = name ? said(name, lang) : null;
        if (ours && ours !== name) element.setAttribute(attribute, ours);
      }
    }
  };
  new MutationObserver(rename).observe(document.body, {subtree: true, childList: true,
    characterData: true, attributes: true,
    attributeFilter: ["aria-label", "title", "data-selected"]});
  rename();
}
</script>"""


@lru_cache(maxsize=1)
def screen_names_script() -> str:
    """The script with every language's words: KEYS[lang] finds a name's catalog key by its
    words in that language, WORDS[lang] gives a key's words."""
    texts = {lang: catalog(lang) for lang in LANGS}
    keys = {lang: {texts[lang][key]: key for key in FIXED} for lang in LANGS}
    words = {lang: {key: texts[lang][key] for key in FIXED} for lang in LANGS}
    help_for = {lang: texts[lang][HELP_FOR].replace("{label}", "") for lang in LANGS}
    radio = f"[role='radiogroup'][aria-label='{LANG_LABEL}'] input:checked"
    return _SCRIPT % {
        "keys": json.dumps(keys, ensure_ascii=False),
        "words": json.dumps(words, ensure_ascii=False),
        "langs": json.dumps(list(LANGS)),
        "help": json.dumps(help_for, ensure_ascii=False),
        "radio": json.dumps(radio, ensure_ascii=False),
    }
