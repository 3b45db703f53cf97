"""Names a screen reader reads and a hover shows, in the session's language.

Streamlit names its own controls in English, whatever the page's language: “Help for Cartas”
(a widget's “?”), “Open” (a menu), “Copy to clipboard” (a link's box), “Increment”, “Link to
heading”, “Collapse sidebar”… and names a checkbox by its label's Markdown source (“3.
:red[Q♥] :red[K♥]”). No option changes them, so a script, sent once a session with the
sidebar's (settings.setup), renames them whenever one is drawn or Streamlit names it again,
and so with the text a screen reader reads: the link “Skip to main content” and what a list
says while it is open (“19 options available.”).

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
    "screen.skip",
)
# “Help for {label}”: a widget's “?” named after its label.
HELP_FOR = "screen.help_for"
# Names and texts with a part of their own (a label, a count, an option), each key's words
# around its one placeholder: the help's, and what an open list says (react-aria's live
# region: “19 options available.”, “Lição 3, selected”).
TEMPLATES = (HELP_FOR, "screen.options_one", "screen.options", "screen.selected")
# Streamlit's text that a screen reader reads (and a keyboard shows: the skip link).
TEXT = "[data-testid='stSkipToContent'], [data-live-announcer] [aria-live] > div"

_SCRIPT = """<script>
if (!window.btScreenNames) {
  window.btScreenNames = true;
  const KEYS = %(keys)s, WORDS = %(words)s, LANGS = %(langs)s, AROUND = %(around)s;
  const language = () => {
    const chosen = document.querySelector(%(radio)s);
    const lang = chosen ? LANGS[Number(chosen.value)] : null;
    return lang || new URLSearchParams(location.search).get("lang") || LANGS[0];
  };
  const said = (name, lang) => {
    for (const other of LANGS) {
      if (KEYS[other][name] !== undefined) return WORDS[lang][KEYS[other][name]];
      for (const [key, [before, after]] of Object.entries(AROUND[other])) {
        const own = name.length - before.length - after.length;
        if (own > 0 && name.startsWith(before) && name.endsWith(after)) {
          const [mine, myAfter] = AROUND[lang][key];
          return mine + name.substr(before.length, own) + myAfter;
        }
      }
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
    for (const element of document.querySelectorAll(%(text)s)) {
      const text = element.textContent;
      const ours = text ? said(text, lang) : null;
      if (ours && ours !== text) element.textContent = ours;
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
    around = {lang: {key: _around(texts[lang][key]) for key in TEMPLATES} for lang in LANGS}
    radio = f"[role='radiogroup'][aria-label='{LANG_LABEL}'] input:checked"
    return _SCRIPT % {
        "keys": json.dumps(keys, ensure_ascii=False),
        "words": json.dumps(words, ensure_ascii=False),
        "langs": json.dumps(list(LANGS)),
        "around": json.dumps(around, ensure_ascii=False),
        "text": json.dumps(TEXT),
        "radio": json.dumps(radio, ensure_ascii=False),
    }


def _around(words: str) -> tuple[str, str]:
    """The words before and after a template's one placeholder (“{label}”, “{count}”…)."""
    before, _, rest = words.partition("{")
    return before, rest.partition("}")[2]
