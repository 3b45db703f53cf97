"""Every page with AppTest: renders in both languages, the language switch, the URL."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.proto.SelectWidgetFilterMode_pb2 import SelectWidgetFilterMode
from streamlit.testing.v1 import AppTest

from buraco_app.pages import available_pages, not_found_notice, unknown_page
from buraco_core.rules import OPTION_NAMES, PRESETS
from buraco_text import Lang, catalog, option_name

PT, EN = catalog("pt"), catalog("en")

OpenApp = Callable[..., AppTest]


@pytest.mark.parametrize("page", [p.url_path for p in available_pages()])
def test_no_list_takes_typing_so_no_english_no_results(open_app: OpenApp, page: str) -> None:
    """Typing into a selectbox that matches nothing shows Streamlit's "No results", in English
    on a Portuguese page (Streamlit cannot translate it): every list of every page, the
    sidebar's variant and house rules included, is chosen from, not typed into."""
    at = open_app(page)
    boxes = list(at.selectbox)
    assert boxes  # the sidebar's variant, at least
    typed = [
        b.label for b in boxes if b.proto.filter_mode != SelectWidgetFilterMode.FILTER_MODE_NONE
    ]
    assert not typed


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("page", [p.url_path for p in available_pages()])
def test_every_page_renders_in_both_languages(open_app: OpenApp, page: str, lang: str) -> None:
    at = open_app(page, lang=lang)
    assert not at.exception
    assert not at.warning  # no notice about the link
    texts = PT if lang == "pt" else EN
    if f"{page}.title" in texts:
        assert at.title[0].value == texts[f"{page}.title"]


def test_portuguese_is_the_default(open_app: OpenApp) -> None:
    at = open_app()
    assert at.radio(key="lang").value == "pt"
    assert at.markdown[0].value.startswith(PT["home.lead"])
    assert at.query_params["lang"] == "pt"
    assert at.query_params["rules"] == "fechado"


def test_language_switch_changes_the_texts(open_app: OpenApp) -> None:
    at = open_app("lookup")
    assert at.title[0].value == PT["lookup.title"]
    view = at.segmented_control(key="lookup_view")
    assert view.options == [PT[f"lookup.tab.{v}"] for v in ("meld", "lixo", "go_out", "rules")]
    at.radio(key="lang").set_value("en").run()
    assert not at.exception
    assert at.title[0].value == EN["lookup.title"]
    view = at.segmented_control(key="lookup_view")
    assert view.options == [EN[f"lookup.tab.{v}"] for v in ("meld", "lixo", "go_out", "rules")]
    assert at.sidebar.subheader[0].value == EN["settings.rules"]
    assert at.query_params["lang"] == "en"
    # The rule texts follow too (they come from the same catalogs).
    at.text_input(key="lookup_cards").input("5h 5s 5d").run()
    assert any("A valid trinca (lavadeira)" in m.value for m in at.markdown)


def open_house_options(at: AppTest) -> AppTest:
    """The option widgets are drawn only while their expander is open (lazy, for speed)."""
    at.session_state["rules_house_open"] = True
    return at.run()


def test_each_run_of_a_script_thread_reads_the_language_the_session_has_then(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The language is read once a run (i18n.get_lang). A server's script thread may run a
    rerun asked for while it ran: that run reads the language again, so the sidebar's
    switch between the two runs is honoured."""
    from types import SimpleNamespace

    import streamlit

    from buraco_app import i18n

    session = {"lang": "pt"}
    run = SimpleNamespace(cursors={})  # (Streamlit makes a run's cursors anew at each run)
    monkeypatch.setattr(i18n, "get_script_run_ctx", lambda suppress_warning=False: run)
    monkeypatch.setattr(streamlit, "session_state", session)
    assert i18n.get_lang() == "pt"
    session["lang"] = "en"
    run.cursors = {}  # the next run, in the same thread
    assert i18n.get_lang() == "en"
    assert i18n.t("settings.rules") == catalog("en")["settings.rules"]


def test_house_options_are_drawn_only_when_opened(open_app: OpenApp) -> None:
    at = open_app()
    assert not at.sidebar.text_input
    open_house_options(at)
    assert len(at.sidebar.toggle) + len(at.sidebar.selectbox) + len(at.sidebar.text_input) == (
        len(OPTION_NAMES) + 1  # and the preset
    )


@pytest.mark.parametrize(
    ("lang", "says"),
    [("pt", "O que separa as três variantes"), ("en", "What sets the three variants apart")],
)
def test_house_options_intro_says_they_include_what_sets_the_variants_apart(
    open_app: OpenApp, lang: str, says: str
) -> None:
    """The “Casa” menu's intro said its options were “the points where the sources
    disagree”, yet it lists what the variants differ on, which the sources agree on (the
    lixo's pickup, trincas, the canastra to go out: RULES.md's variant table, [000]..[003]).
    It says it lists both."""
    agreed = {"discard_pile_visible", "pickup", "trincas", "go_out_requires"}
    assert all(len({getattr(p, name) for p in PRESETS.values()}) > 1 for name in agreed)
    at = open_app("variants", lang=lang)
    at.session_state["rules_bar_house"] = True  # the popover opened
    at.run()
    shown = {w.key.removeprefix("rules_page_opt_") for w in at.main.toggle} | {
        w.key.removeprefix("rules_page_opt_") for w in at.main.selectbox
    }
    assert agreed <= shown
    intro = at.main.caption[0].value
    assert intro.startswith(says)
    assert not intro.startswith(("Os pontos em que as fontes", "The points where the sources"))


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_each_house_option_is_headed_by_the_name_lessons_and_reasons_give_it(
    open_app: OpenApp, lang: Lang
) -> None:
    """Lesson 7 says a table that follows text 003 “switches on the option “lixo 2 in its
    natural place””, and the judge's reasons end “(option “taking the lixo”)”; “House”
    labelled each option by its long description only, so a learner sent there found no
    option by that name (an English newcomer's walk through Lessons and Variants). Each
    label now begins with the option's name, in bold (a list's or a field's, whose label a
    screen reader is given as written, in bold above it: their label is plain)."""
    at = open_app("variants", lang=lang)
    at.session_state["rules_bar_house"] = True  # the popover opened
    at.run()
    prefix = "rules_page_opt_"
    widgets = [*at.main.toggle, *at.main.selectbox, *at.main.text_input]
    labels = {
        w.key.removeprefix(prefix): w.label for w in widgets if (w.key or "").startswith(prefix)
    }
    assert set(labels) == set(OPTION_NAMES)
    toggles = {(w.key or "").removeprefix(prefix) for w in at.main.toggle}
    shown = " ".join(str(m.value) for m in at.main.markdown)
    for name, label in labels.items():
        bold = f"**{option_name(name, lang)}** · "
        assert label.startswith(bold if name in toggles else bold.replace("**", "")), label
        assert name in toggles or f">\n\n{bold}" in shown, name


def test_query_params_set_language_and_rules(open_app: OpenApp) -> None:
    at = open_house_options(open_app("lookup", lang="en", rules="stbl", joker_points="20"))
    assert at.radio(key="lang").value == "en"
    assert at.selectbox(key="rules_preset").value == "stbl"
    assert at.text_input(key="rules_opt_joker_points").value == "20"
    assert at.sidebar.markdown[0].value == "Rules in play: **Fechado STBL + joker 20**"
    assert at.query_params == {"lang": "en", "rules": "stbl", "joker_points": "20"}
    # The rules in force are the ones the page judges with: a joker counts 20 here.
    at.text_input(key="lookup_cards").input("4h 5h JK").run()
    assert any("\n\nCards: **30** points" in m.value for m in at.markdown)


def test_query_params_accept_names_and_aliases(open_app: OpenApp) -> None:
    at = open_house_options(open_app(lang="en-US", rules="Buraco Aberto", trincas="true"))
    assert at.radio(key="lang").value == "en"
    assert at.selectbox(key="rules_preset").value == "aberto"
    assert at.toggle(key="rules_opt_trincas").value is True
    assert at.query_params["trincas"] == "true"


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ({"lang": "fr"}, "o idioma “fr” não existe aqui; use pt (português) ou en (inglês)"),
        ({"rules": "canasta"}, "a variante “canasta” não existe; use aberto, fechado ou stbl"),
        (
            {"joker_points": "lots"},
            "“lots” não serve para a opção “curinga”, que espera um número inteiro. "
            "Fica o valor da variante: 50.",
        ),
        (
            {"joker_points": "-5"},
            "“-5” não serve para a opção “curinga”, que espera um número inteiro a partir de 0.",
        ),
        ({"target_score": "999999"}, "“partida até”, que espera um número inteiro até 100.000"),
        (
            {"trincas": "maybe"},
            "“maybe” não serve para a opção “trincas”, que espera “true” (sim) ou “false” (não). "
            "Fica o valor da variante: sim.",
        ),
        (
            {"discard_pile_visible": "half"},
            "que espera “all” (todas) ou “top” (só a de cima)",
        ),
        (  # a meaning with brackets of its own: each after a colon, not “((…))”
            {"pickup": "sempre"},
            "que espera “free”: livre, “top_card”: justificada (carta de cima) ou "
            "“top_card_two_from_hand”: justificada + 2 da mão. "
            "Fica o valor da variante: justificada (carta de cima).",
        ),
        (
            {"jocker_points": "20"},
            "“jocker_points” não é uma opção da mesa (seria a opção “curinga”?)",
        ),
    ],
)
def test_a_bad_query_value_is_ignored_with_a_warning(
    open_app: OpenApp, query: dict[str, str], shown: str
) -> None:
    """The option by its name at the table, what it takes and what stays, in the user's
    language; the value as typed, in curly quotes; no field path."""
    at = open_app("lookup", **query)
    assert not at.exception
    assert len(at.warning) == 1
    assert shown in at.warning[0].value
    assert "options." not in at.warning[0].value and "'" not in at.warning[0].value
    assert at.sidebar.markdown[0].value == "Em vigor: **Buraco Fechado**"
    # What was ignored is out of the address too: a link copied now does not repeat it.
    assert all(at.query_params.get(name) != value for name, value in query.items())


def test_a_link_warning_in_english_names_each_value(open_app: OpenApp) -> None:
    at = open_app(lang="en", pickup="always")
    assert at.warning[0].value == (
        "Ignored from the link: “always” does not fit the option “taking the lixo”, which "
        "takes “free”; “top_card”: justified (top card); or “top_card_two_from_hand”: "
        "justified + 2 from hand. The variant's value stays: justified (top card)."
    )


def test_a_bad_value_does_not_discard_the_good_ones(open_app: OpenApp) -> None:
    at = open_app(rules="stbl", joker_points="x", batida_points="50")
    assert len(at.warning) == 1
    assert at.query_params == {"lang": "pt", "rules": "stbl", "batida_points": "50"}


def test_other_query_params_are_left_alone(open_app: OpenApp) -> None:
    # Pages may have parameters of their own (a score sheet's id, later).
    at = open_app(match="abc123")
    assert not at.warning
    assert at.query_params["match"] == "abc123"


def test_house_option_change_is_validated_and_goes_to_the_url(open_app: OpenApp) -> None:
    at = open_house_options(open_app())
    at.text_input(key="rules_opt_joker_points").input("20").run()
    assert at.query_params["joker_points"] == "20"
    assert at.sidebar.markdown[0].value == "Em vigor: **Buraco Fechado + curinga 20**"
    # The core refuses a negative value: the message shows, the previous value stays.
    at.text_input(key="rules_opt_joker_points").input("-5").run()
    assert not at.exception
    assert "de 0 a 1000" in at.sidebar.error[0].value  # in Portuguese [issue 9]
    assert at.text_input(key="rules_opt_joker_points").value == "20"
    assert at.query_params["joker_points"] == "20"
    # Back to the preset's value: no longer a change, gone from the URL.
    at.text_input(key="rules_opt_joker_points").input("50").run()
    assert "joker_points" not in at.query_params
    assert not at.sidebar.error


@pytest.mark.parametrize(
    ("page", "lang", "says"),
    [
        ("variants", "pt", "“curinga” vai de 0 a 1000, e “{typed}” não serve. Continua 50."),
        ("calculator", "en", "“joker” takes 0 to 1000, not “{typed}”. It stays 50."),
    ],
)
def test_a_house_number_of_17_digits_is_refused_in_the_apps_language(
    open_app: OpenApp, page: str, lang: str, says: str
) -> None:
    """A number option of the “Casa” menu given 17 digits or more showed Streamlit's own range
    error, in English on the Portuguese app (a number field checks that in the browser) and
    kept the number before without a word. The field is text, read by the core's RuleSet:
    the message says the range and the value kept, in the app's language."""
    at = open_app(page, lang=lang)
    at.session_state["rules_bar_house"] = True  # the popover opened
    at.run()
    assert not at.main.number_input
    typed = "9" * 17
    at.text_input(key="rules_page_opt_joker_points").input(typed).run()
    assert not at.exception
    assert [e.value for e in at.main.error] == [says.format(typed=typed)]
    assert at.text_input(key="rules_page_opt_joker_points").value == "50"
    assert "joker_points" not in at.query_params
    # Emptied: said so, the value kept too.
    at.text_input(key="rules_page_opt_joker_points").input("").run()
    assert at.main.error[0].value.endswith(("Continua 50.", "It stays 50."))
    assert at.text_input(key="rules_page_opt_joker_points").value == "50"


def test_changing_the_preset_keeps_the_house_options(open_app: OpenApp) -> None:
    at = open_house_options(open_app())
    at.text_input(key="rules_opt_joker_points").input("20").run()
    at.toggle(key="rules_opt_trincas").set_value(False).run()
    assert at.query_params["trincas"] == "false"
    at.selectbox(key="rules_preset").set_value("stbl").run()
    # STBL has no trincas already, so only the joker stays a change.
    assert at.query_params == {"lang": "pt", "rules": "stbl", "joker_points": "20"}
    assert at.toggle(key="rules_opt_trincas").value is False
    assert at.selectbox(key="rules_opt_go_out_requires").value == "clean_canastra"
    at.button(key="rules_reset").click().run()
    assert at.query_params == {"lang": "pt", "rules": "stbl"}
    assert at.text_input(key="rules_opt_joker_points").value == "50"


def test_settings_survive_a_page_switch(
    open_app: OpenApp, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    at = open_app(lang="en", rules="aberto", joker_points="20")
    switch_to(at, "variants")
    assert at.title[0].value == EN["variants.title"]
    assert at.selectbox(key="rules_preset").value == "aberto"
    assert at.query_params["joker_points"] == "20"


def test_home_names_the_rules_in_force(open_app: OpenApp) -> None:
    at = open_app(rules="stbl")
    assert PT["preset.stbl"] in at.info[0].value


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_home_says_where_a_phone_keeps_the_sidebar(open_app: OpenApp, lang: str) -> None:
    """A phone shows no sidebar, only >> at the top left: the home, which sends the reader
    to the sidebar to change the rules, says where it is (it named only the sidebar)."""
    at = open_app(lang=lang)
    assert ">>" in at.info[0].value


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_home_names_the_pages_where_the_rules_are_changed(open_app: OpenApp, lang: str) -> None:
    """The home sent a phone to the sidebar (“toque em >>”) to change the rules, where the
    pages that use them have them at their top, in one tap (“Casa” for the house rules).
    It names those pages, each of which has that bar; the pages it does not name have none
    (an exercise keeps its own rules)."""
    said = catalog(lang)
    at = open_app(lang=lang)
    assert f"“{said['rules_bar.house_none']}”" in at.markdown[0].value
    where = at.info[0].value
    for spec in available_pages():
        if spec.url_path == "home":
            continue
        page = open_app(spec.url_path, lang=lang)
        has_bar = any(w.key == "rules_bar_preset" for w in page.get("button_group"))
        assert (said[spec.title_key] in where) == has_bar, spec.url_path


def test_the_variant_changes_in_one_tap_at_the_top_of_the_page(open_app: OpenApp) -> None:
    """Issue 13: the rules at the table change on the page, and the link keeps them."""
    at = open_app("lookup", lang="en", joker_points="20")
    assert at.segmented_control(key="rules_bar_preset").value == "fechado"
    at.segmented_control(key="rules_bar_preset").set_value("aberto").run()
    assert at.selectbox(key="rules_preset").value == "aberto"  # the sidebar follows
    assert at.query_params == {"lang": "en", "rules": "aberto", "joker_points": "20"}
    # The page judges with it at once.
    assert any("Buraco Aberto + joker 20" in c.value for c in at.caption)


@pytest.mark.parametrize(
    ("url", "asked"),
    [
        (None, None),  # (AppTest, or a browser that has not said yet)
        ("http://localhost:8501", None),
        ("http://localhost:8501/", None),
        ("http://localhost:8501/lookup", None),
        ("http://localhost:8501/looku%70", None),  # (the browser decodes it: a page we have)
        ("http://localhost:8501/home", "home"),  # (home lives at the bare address: sent there)
        ("http://localhost:8501/nao-existe", "nao-existe"),
        ("https://example.org/buraco/pagina_velha/", "pagina_velha"),
        ("http://localhost:8501/p%C3%A1gina", "página"),  # as the browser decodes it
        ("http://localhost:8501/li%C3%A7%C3%B5es", "lições"),
        ("http://localhost:8501/a.b", "a.b"),
        ("http://localhost:8501/x%20y", "x y"),
        ("http://localhost:8501/%F0%9F%83%8F", "🃏"),
        ("http://localhost:8501/a%2Fb", "a/b"),  # (an encoded "/": home is run instead)
        ("http://localhost:8501/index.html", "index.html"),
        ("http://localhost:8501/" + "x" * 80, "x" * 80),
        ("http://localhost:8501/%20x", None),  # (Streamlit trims a page's address)
        ("http://localhost:8501/a%0Ab", None),
    ],
)
def test_a_link_to_a_page_the_app_lacks_is_named(url: str | None, asked: str | None) -> None:
    """A mistyped or old link opens the home page with a word in the user's language, not
    Streamlit's English "Page not found" (tests/e2e/test_nav_e2e.py in a browser)."""
    assert unknown_page(url) == asked


@pytest.mark.parametrize(
    ("asked", "notice"),
    [
        ("pagina-velha", "Este app não tem a página “pagina-velha”: você está no início."),
        ("lições", "Este app não tem a página “lições”: você está no início."),
        ("pagina_velha", "Este app não tem a página “pagina\\_velha”: você está no início."),
        ("www.example.com", "Este app não tem essa página: você está no início."),
        ("[aqui](evil)", "Este app não tem essa página: você está no início."),
        ("🃏", "Este app não tem essa página: você está no início."),
        ("x" * 61, "Este app não tem essa página: você está no início."),
        ("index.html", "Este app não tem essa página: você está no início."),
        ("a/b", "Este app não tem essa página: você está no início."),
    ],
)
def test_the_missing_page_is_named_only_when_its_name_is_plain(asked: str, notice: str) -> None:
    """The notice is Markdown: a name from a link is shown back only as letters, digits, "-"
    and "_" (escaped), so no link can write a link or a format into it."""
    assert not_found_notice(asked) == notice


def test_two_sessions_at_once_never_share_the_page_they_run() -> None:
    """st.navigation marks the page it returns as callable once, on the page object: with
    one cached object per page, a second session's run between the first's navigation and
    its page.run() showed Streamlit's "This page cannot be called directly" (seen with two
    browsers at once). Each run gets pages of its own."""

    def two_runs() -> None:
        import streamlit as st

        from buraco_app.pages import navigation_pages

        first, second = navigation_pages(), navigation_pages()
        same_paths = [p.url_path for p in first] == [p.url_path for p in second]
        st.write(same_paths and all(a is not b for a, b in zip(first, second, strict=True)))

    at = AppTest.from_function(two_runs).run()
    assert not at.exception and at.markdown[0].value == "`True`"
