"""The sidebar settings: language and the table's rule set, kept in the URL too.

Pages read them with `current_lang()` and `current_rules()`; `rules_summary()` says in one
line what is in force ("Buraco Fechado + curinga 20"); `language_button()` offers the other
language on a page (the home page's: a phone hides the sidebar). `app.py` calls `setup()`
once per run, before the page.

The rule set is a preset plus the house options that differ from it ("overrides"). Every
change goes through the core's `RuleSet`, which validates it; a refused value keeps the
previous one and shows the core's message. The URL carries `lang`, `rules` and the
overrides (`?lang=en&rules=stbl&joker_points=20`), so a link carries a table's rules; a bad
value in a link is ignored with a visible warning. Other query parameters (a page's own) are
left alone.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Literal, TypeVar

import streamlit as st

from buraco_app.i18n import (
    LANG_KEY,
    LANG_LABEL,
    LANG_NAMES,
    get_lang,
    relabel_after_language_change,
    set_lang,
    t,
)
from buraco_app.limits import number_field
from buraco_app.screen_names import screen_names_script
from buraco_app.sheet_page import url_text
from buraco_app.sheets import echo
from buraco_core.errors import BuracoInputError
from buraco_core.rules import (
    OPTION_GROUPS,
    OPTION_NAMES,
    OPTIONS,
    PRESET_NAMES,
    PRESETS,
    OptionSpec,
    PresetName,
    RuleSet,
    option_choices,
    preset_name,
)
from buraco_text import (
    DEFAULT_LANG,
    LANGS,
    Lang,
    check_lang,
    error_problem,
    idle_note,
    meant_list,
    option_description,
    option_name,
    preset_title,
    value_text,
)

DEFAULT_PRESET: PresetName = "fechado"

# URL parameters (the option names themselves are parameters too).
QP_LANG = LANG_KEY
QP_RULES = "rules"

# session_state keys
PRESET_KEY = "rules_preset"
HOUSE_KEY = "rules_house_open"  # the house options expander (True: open)
_OVERRIDES = "_rules_overrides"
_LOADED = "_settings_loaded"
_NOTICES = "_settings_notices"
_ERROR = "_settings_error"
_CHOSEN = "_rules_chosen"  # the session's rules were named: by its link, or chosen since
_FOLLOW = "_rules_follow"  # a match's rules the session takes at its next run (follow_rules)
_FOLLOWED = "_rules_followed"  # the last rules follow_rules asked for
LANG_BUTTON_KEY = "lang_other"  # the home page's button to the other language
QUICK_KEY = "rules_bar_preset"  # the variant's one-tap control at the top of a page
BAR_HOUSE_KEY = "rules_bar_house"  # its house options' popover (True: open)

T = TypeVar("T")
Notice = tuple[str, dict[str, Any]]  # a catalog key and its values, in no language yet

# --- what pages use ------------------------------------------------------------------------


def current_lang() -> Lang:
    """The session's language: "pt" (default) or "en"."""
    return get_lang()


def choose_lang(lang: Lang) -> None:
    """Make `lang` the session's language: what the sidebar's switch and the home page's
    button do (callbacks both, so the run they start draws the page, the sidebar's switch
    and the URL's lang= in it). A link's notices go: the person has chosen."""
    set_lang(lang)
    _clear_notices()


def language_button() -> None:
    """One tap to the other language, named in itself (“English” in the Portuguese app):
    where a phone hides the sidebar, its switch is out of sight."""
    other: Lang = next(lang for lang in LANGS if lang != current_lang())
    st.button(LANG_NAMES[other], key=LANG_BUTTON_KEY, on_click=choose_lang, args=(other,))


def current_preset() -> PresetName:
    preset = st.session_state.get(PRESET_KEY, DEFAULT_PRESET)
    return preset if preset in PRESET_NAMES else DEFAULT_PRESET


def current_overrides() -> dict[str, Any]:
    """The house options that differ from the preset."""
    return dict(st.session_state.get(_OVERRIDES, {}))


def current_rules() -> RuleSet:
    """The rule set the user chose: a preset plus house options, validated by the core."""
    return _rules(current_preset(), tuple(sorted(current_overrides().items())))


@lru_cache(maxsize=256)
def _rules(preset: str, overrides: tuple[tuple[str, Any], ...]) -> RuleSet:
    return PRESETS[preset].with_options(**dict(overrides)) if overrides else PRESETS[preset]


def follow_rules(rules: RuleSet) -> None:
    """A match's own rules made the session's, where the session chose none (its link named
    none, and none were chosen since): a match opened by a link without ?rules=, or from
    the list of unfinished ones, showed "Em vigor: Buraco Fechado", the default, beside an
    Aberto hand, and Jogar said those were the rules "escolhidas agora". The page runs again
    at once, the sidebar and the URL then showing the match's rules."""
    if st.session_state.get(_CHOSEN, True) or rules == current_rules():
        return
    follow = (rules.preset, rules.changed_options())
    if st.session_state.get(_FOLLOWED) == follow:
        return  # (followed already and still not equal: never a loop of reruns)
    st.session_state[_FOLLOW] = st.session_state[_FOLLOWED] = follow
    st.rerun()


def rules_summary(rules: RuleSet, lang: Lang | None = None) -> str:
    """One line: the preset and the options changed on top of it."""
    lang = lang or current_lang()
    changed = rules.changed_options()
    title = preset_title(rules.preset, lang)
    if not changed:
        return title
    parts = []
    for name, value in changed.items():
        short = option_name(name, lang)
        if isinstance(value, int) and not isinstance(value, bool):
            parts.append(f"{short} {value}")
        else:
            parts.append(f"{short}: {value_text(name, value, lang)}")
        # ("STBL + naipes da trinca: diferentes" was read as trincas allowed)
        idle = idle_note(rules, name, lang)
        if idle:
            parts[-1] += f" {idle}"
    return f"{title} + " + ", ".join(parts)


def url_params(rules: RuleSet | None = None, lang: Lang | None = None) -> dict[str, str]:
    """The query parameters that carry a language and a rule set."""
    rules = rules or current_rules()
    params: dict[str, str] = {QP_LANG: lang or current_lang(), QP_RULES: rules.preset}
    params |= {name: _url_value(value) for name, value in rules.changed_options().items()}
    return params


# --- called by app.py ----------------------------------------------------------------------


SidebarState = Literal["auto", "collapsed"]
_SIDEBAR_AT_START = "_settings_sidebar_at_start"


def session_sidebar_at_start() -> SidebarState:
    """sidebar_at_start for this session's browser, read once a session: st.context.headers
    builds its mapping anew at every access (0.7 ms, a fifth of an empty page's rerun), and
    a session's browser does not change."""
    kept = st.session_state.get(_SIDEBAR_AT_START)
    if kept not in ("auto", "collapsed"):
        kept = st.session_state[_SIDEBAR_AT_START] = sidebar_at_start(st.context.headers)
    state: SidebarState = kept
    return state


def sidebar_at_start(headers: Mapping[str, str]) -> SidebarState:
    """How a session's page opens, by the headers its browser sent: on a phone the sidebar
    is closed, the phone held either way; elsewhere Streamlit's "auto" (closed below 768 px
    wide). A phone on its side is wider (844 px): "auto" opened the sidebar over 300 px of
    it. A phone's browser says "Mobile" in its user agent (Chrome's hint too); a tablet's
    does not (an iPad says it is a Mac), and keeps its sidebar as a desktop does. (A
    person's own opening or closing, which Streamlit keeps in the browser, comes first.)"""
    phone = headers.get("Sec-CH-UA-Mobile") == "?1" or "Mobi" in headers.get("User-Agent", "")
    return "collapsed" if phone else "auto"


def setup() -> None:
    """Read the URL (first run of a session), draw the sidebar, write the URL back."""
    if not st.session_state.get(_LOADED):
        _load_from_url()
        st.session_state[_LOADED] = True
    follow = st.session_state.pop(_FOLLOW, None)
    if follow is not None:  # (before the sidebar's widgets, which show them)
        st.session_state[PRESET_KEY], st.session_state[_OVERRIDES] = follow
    with st.sidebar:
        _draw_sidebar()
        _close_after_choosing_a_page()
    _write_url()


# Streamlit closes the sidebar after a page is chosen only on a phone's user agent; a narrow
# window, or a tablet that says it is a desktop, keeps it open over the page. This closes it
# there too: a click on a page link in a sidebar that covers the page. Same-origin, nothing
# fetched; the listener lives as long as the browser tab, so it is sent once per session.
_NAV_CLOSES = """<script>
if (!window.btNavCloses) {
  window.btNavCloses = true;
  document.addEventListener("click", (event) => {
    const link = event.target.closest("[data-testid='stSidebarNav'] a");
    if (!link || !window.matchMedia("(max-width: 768px)").matches) return;
    setTimeout(() => {
      const close = document.querySelector("[data-testid='stSidebarCollapseButton'] button");
      if (close) close.click();
    }, 200);
  }, true);
}
</script>"""
_NAV_SENT = "_settings_nav_closes"


def _close_after_choosing_a_page() -> None:
    # (The same element carries the names in the session's language, screen_names: one
    # script element a session, not one more per page.)
    if not st.session_state.get(_NAV_SENT):
        st.session_state[_NAV_SENT] = True
        st.html(_NAV_CLOSES + screen_names_script(), unsafe_allow_javascript=True)


def show_notices() -> None:
    """Warnings about a link's bad values, in the main area (the sidebar is hidden on phones)."""
    lang = current_lang()
    for key, params in st.session_state.get(_NOTICES, []):
        st.warning(notice_text(key, params, lang), icon="⚠️")


def notice_text(key: str, params: dict[str, Any], lang: Lang) -> str:
    """A link's notice in the language shown now: the option by its name, what it takes,
    the value it keeps; what the link said, as typed (anyone can craft a link: plain text,
    never Markdown)."""
    typed = ("value", "name")
    values: dict[str, Any] = {k: url_text(str(params[k]), limit=300) for k in typed if k in params}
    if "option" in params:
        name = params["option"]
        values["option"] = option_name(name, lang)
        values["kept"] = value_text(name, params["kept"], lang)
        values["expected"] = _expected(name, params.get("least"), params.get("most"), lang)
    if "close" in params:
        values["close"] = option_name(params["close"], lang)
    if key == "settings.url_bad_rules":
        values["kept"] = preset_title(DEFAULT_PRESET, lang)
    return t(key, lang, **values)


def _expected(name: str, least: int | None, most: int | None, lang: Lang) -> str:
    """What an option takes in a link: its values as the link writes them, each with its
    words; or a whole number (with the bound the link's value crossed)."""
    choices = option_choices(name)
    if choices is None:
        if least is not None:
            return t("settings.expect_at_least", lang, least=least)
        if most is not None:
            return t("settings.expect_at_most", lang, most=most)
        return t("settings.expect_number", lang)
    ordered = sorted(choices, key=lambda c: c is False)  # true before false
    return meant_list([(_url_value(c), value_text(name, c, lang)) for c in ordered], lang)


# --- URL -----------------------------------------------------------------------------------


def _url_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _from_url(name: str, read: Callable[[str], T], default: T, notices: list[Notice]) -> T:
    """The URL's value of `name` as `read` takes it; the default, with a notice saying why,
    when the link's value is bad (a link anyone can craft must not stop the page)."""
    if name not in st.query_params:
        return default
    text = st.query_params[name]
    try:
        return read(text)
    except BuracoInputError as exc:
        notices.append(_bad_value(name, text, default, exc))
        return default


def _bad_value(name: str, text: str, default: Any, exc: BuracoInputError) -> Notice:
    """The notice for a link's bad value: what it was for, as the user names it."""
    if name == QP_LANG:
        return ("settings.url_bad_lang", {"value": text})
    if name == QP_RULES:
        return ("settings.url_bad_rules", {"value": text})
    bounds = {k: v for k, v in exc.values.items() if k in ("least", "most")}
    return ("settings.url_bad_option", {"value": text, "option": name, "kept": default, **bounds})


def _option_reader(base: RuleSet, name: str) -> Callable[[str], Any]:
    """Reads an option's URL text as the core takes it (the core checks the value)."""
    return lambda text: getattr(base.with_options(**{name: text}), name)


def _load_from_url() -> None:
    notices: list[Notice] = []
    named = [name for name in st.query_params if name == QP_RULES or name in OPTION_NAMES]
    st.session_state[_CHOSEN] = bool(named)
    lang = _from_url(QP_LANG, check_lang, DEFAULT_LANG, notices)
    preset = _from_url(QP_RULES, preset_name, DEFAULT_PRESET, notices)
    base = PRESETS[preset]
    overrides: dict[str, Any] = {}
    typos = []
    for name in list(st.query_params):
        if name in OPTION_NAMES:
            # One option at a time, so one bad value does not discard the others.
            value = _from_url(name, _option_reader(base, name), getattr(base, name), notices)
            if value != getattr(base, name):
                overrides[name] = value
        elif name not in (QP_LANG, QP_RULES):
            # Pages may have parameters of their own; only near-misses of options are typos.
            close = difflib.get_close_matches(name, OPTION_NAMES, n=1, cutoff=0.8)
            if close:
                notices.append(("settings.url_unknown", {"name": name, "close": close[0]}))
                typos.append(name)
    for name in typos:  # ignored, so out of the address too: a shared link does not repeat it
        del st.query_params[name]
    set_lang(lang)
    st.session_state[PRESET_KEY] = preset
    st.session_state[_OVERRIDES] = overrides
    st.session_state[_NOTICES] = notices


def _write_url() -> None:
    wanted = url_params()
    ours = {QP_LANG, QP_RULES, *OPTION_NAMES}
    current = {k: v for k, v in st.query_params.to_dict().items() if k in ours}
    if current == wanted:
        return  # writing the same values would still send a message to the browser
    for key in current.keys() - wanted.keys():
        del st.query_params[key]
    for key, value in wanted.items():
        if current.get(key) != value:
            st.query_params[key] = value


# --- sidebar -------------------------------------------------------------------------------


def _opt_key(name: str, where: str) -> str:
    return f"rules_opt_{name}" if where == "side" else f"rules_{where}_opt_{name}"


def _grouped_options() -> dict[str, list[OptionSpec]]:
    return {group: [o for o in OPTIONS if o.group == group] for group in OPTION_GROUPS}


def _draw_sidebar() -> None:
    st.radio(
        LANG_LABEL,
        LANGS,
        format_func=LANG_NAMES.__getitem__,
        key=LANG_KEY,
        horizontal=True,
        on_change=_on_lang_radio,
    )
    lang = current_lang()
    st.subheader(t("settings.rules"))
    relabel_after_language_change(PRESET_KEY)
    st.selectbox(
        t("settings.preset"),
        PRESET_NAMES,
        format_func=lambda preset: preset_title(preset, lang),
        key=PRESET_KEY,
        on_change=_on_preset_change,
        filter_mode=None,  # no typing: Streamlit's "No results" is English only
        placeholder=t("screen.choose"),
    )
    rules = current_rules()
    # The link hint is the line's tooltip: one element less on every rerun of every page.
    st.markdown(
        t("settings.in_force", rules=rules_summary(rules, lang)), help=t("settings.link_hint")
    )
    # Lazy: the 22 option widgets are drawn only while the expander is open, which keeps
    # every rerun of every page fast (they are most of the sidebar's cost).
    house = st.expander(t("settings.house_options"), key=HOUSE_KEY, on_change="rerun")
    if house.open:
        with house:
            _house_options(rules, lang, "side")


def _house_options(rules: RuleSet, lang: Lang, where: str) -> None:
    """Every house option, grouped, with a reset; `where` keeps the widget keys of the
    sidebar and of a page's popover apart (both may be open)."""
    changed = rules.changed_options()
    error = st.session_state.get(_ERROR)
    st.caption(t("settings.house_help"))
    for group, options in _grouped_options().items():
        if not options:
            continue
        st.markdown(f"**{t(f'settings.group.{group}')}**")
        for option in options:
            _option_widget(option, rules, lang, option.name in changed, where)
            if error is not None and error[0] == option.name:
                st.error(error[1])
    if changed:
        st.button(
            t("settings.reset"),
            on_click=_reset_options,
            key="rules_reset" if where == "side" else f"rules_{where}_reset",
        )


def rules_bar() -> None:
    """At the top of a page whose answers depend on the rules: the variant in one tap, the
    house options in two (a popover, drawn only while open). Same state as the sidebar's,
    so the URL keeps it too."""
    lang = current_lang()
    rules = current_rules()
    st.session_state[QUICK_KEY] = current_preset()  # follows the sidebar's choice
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.segmented_control(
            t("settings.preset"),
            PRESET_NAMES,
            format_func=lambda preset: t(f"rules_bar.{preset}", lang),
            key=QUICK_KEY,
            required=True,
            on_change=_on_quick_preset,
            label_visibility="collapsed",
        )
        changed = len(rules.changed_options())
        label = t("rules_bar.house", lang, n=changed) if changed else t("rules_bar.house_none")
        # Streamlit takes a popover under a new label for a new one, closed: the count in
        # the label shut it at each option changed, while the table was setting them.
        if st.session_state.get(BAR_HOUSE_KEY):
            st.session_state[BAR_HOUSE_KEY] = True
        house = st.popover(label, key=BAR_HOUSE_KEY, on_change="rerun")
        if house.open:
            with house:
                _house_options(rules, lang, "page")


def _option_widget(
    option: OptionSpec, rules: RuleSet, lang: Lang, changed: bool, where: str
) -> None:
    name = option.name
    key = _opt_key(name, where)
    # The widget shows the rule set in force: set its state before drawing it (a number as
    # the text its field holds).
    value = getattr(rules, name)
    st.session_state[key] = str(value) if option.choices is None else value
    # Headed by its name, the one the lessons, the judge's reasons (“opção “pegar o lixo””)
    # and the rules line (“Buraco Fechado + trincas: não”) give it: the description alone
    # left a learner sent here looking for that name among 27 options.
    label = f"**{option_name(name, lang)}** · {option_description(name, lang)}"
    if changed:
        label += " ✎"  # differs from the preset
    common: dict[str, Any] = {"key": key, "on_change": _on_option_change, "args": (option, key)}
    if option.choices == (False, True):
        st.toggle(label, **common)  # (its name for a screen reader leaves the ** out)
        return
    # A field's and a list's label is their name for a screen reader as written: it read
    # “asterisk asterisk match to asterisk asterisk”. Their label is plain there; the bold
    # one is drawn above them, hidden from a screen reader as Streamlit hides its own.
    field = st.container(gap=None)
    look = "font-size: 0.875rem; margin-bottom: 0.25rem"  # (as Streamlit's own label)
    shown = f'<div aria-hidden="true" style="{look}">\n\n{label}\n\n</div>'
    field.markdown(shown, unsafe_allow_html=True)
    common["label_visibility"] = "collapsed"
    label = label.replace("**", "")
    if option.choices is None:
        with field:
            number_field(label, **common)  # read by the core's RuleSet (_on_option_change)
    else:
        field.selectbox(
            label,
            option.choices,
            format_func=lambda v: value_text(name, v, lang),
            filter_mode=None,  # as above
            **common,
            placeholder=t("screen.choose"),
        )


# --- callbacks (run before the script, on a widget change) ---------------------------------


def _clear_notices() -> None:
    st.session_state[_NOTICES] = []


def _on_lang_radio() -> None:
    choose_lang(st.session_state[LANG_KEY])


def _on_preset_change() -> None:
    _clear_notices()
    st.session_state[_CHOSEN] = True
    st.session_state.pop(_ERROR, None)
    base = PRESETS[current_preset()]
    # House options stay; those the new preset already has are no longer changes.
    overrides = {k: v for k, v in current_overrides().items() if getattr(base, k) != v}
    st.session_state[_OVERRIDES] = overrides


def _on_quick_preset() -> None:
    st.session_state[PRESET_KEY] = st.session_state[QUICK_KEY]
    _on_preset_change()


def _on_option_change(option: OptionSpec, key: str) -> None:
    _clear_notices()
    st.session_state[_CHOSEN] = True
    st.session_state.pop(_ERROR, None)
    name, value = option.name, st.session_state[key]
    try:
        rules = current_rules().with_options(**{name: value})
    except BuracoInputError as exc:
        st.session_state[_ERROR] = (name, _refusal(option, value, exc))
        return
    _set_option(name, getattr(rules, name))


def _set_option(name: str, value: Any) -> None:
    """The option set at the session's table: kept among the overrides only where it differs
    from the variant's value."""
    overrides = current_overrides()
    if getattr(PRESETS[current_preset()], name) == value:
        overrides.pop(name, None)
    else:
        overrides[name] = value
    st.session_state[_OVERRIDES] = overrides


def _refusal(option: OptionSpec, value: Any, exc: BuracoInputError) -> str:
    """Why an option's new value was refused, in the session's language; for a number, the
    range it takes and the value it keeps (the field shows that value again)."""
    lang = current_lang()
    label = option_name(option.name, lang)
    if option.choices is not None:
        return t("settings.bad_value", option=label, error=error_problem(exc, lang))
    said: dict[str, Any] = {"option": label, "least": option.least, "most": option.most}
    said["kept"] = getattr(current_rules(), option.name)
    if not str(value).strip():
        return t("settings.number_blank", **said)
    return t("settings.bad_number", value=echo(value), **said)


def _reset_options() -> None:
    _clear_notices()
    st.session_state[_CHOSEN] = True
    st.session_state.pop(_ERROR, None)
    st.session_state[_OVERRIDES] = {}


def use_option(name: str, value: Any, preset: str | None = None) -> None:
    """One house option set at the session's table (and its variant, with `preset`), from a
    page's callback: Variantes' “Ver na sua mesa com …” under the option that decides a
    verdict (the widgets drawn after it show it; the other house options stay)."""
    if preset is not None:
        st.session_state[PRESET_KEY] = preset
    _on_preset_change()  # (the table chosen; options the variant now has are no changes)
    _set_option(name, value)


def use_rules(preset: str, options: dict[str, Any]) -> None:
    """Make a preset and its house options the session's rules, from a page's callback (the
    widgets drawn after it show them): the Placar's next match with the last one's rules.
    The session's own target, if it set one, stays."""
    target = current_overrides().get("target_score")
    _reset_options()
    st.session_state[PRESET_KEY] = preset
    st.session_state[_OVERRIDES] = {
        **options,
        **({} if target is None else {"target_score": target}),
    }
