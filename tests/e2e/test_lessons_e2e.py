"""Lessons and practice in a real browser (issue 5), in English, at a desktop and a phone
viewport. Solving on the board: test_board_e2e.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from buraco_course import load_curriculum

pytestmark = pytest.mark.e2e
OpenPage = Callable[..., Page]
Viewport = tuple[str, dict[str, int]]
Settle = Callable[[Page], None]
Shot = Callable[[Page, str], Path]
# The lessons' ids in their order (lessons/NN_id.toml).
LESSONS = [
    p.stem.split("_", 1)[1] for p in sorted((Path(__file__).parents[2] / "lessons").glob("*.toml"))
]


def test_lessons_in_english(
    open_page: OpenPage, viewport: Viewport, settle: Settle, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page("lessons?lang=en&lesson=natural_two", size)
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_role("heading", name="Lessons")).to_be_visible()
    screenshot(page, f"lesson_intro_{name}")
    main.get_by_role("button", name="Start the exercises →").click()
    settle(page)
    expect(main.get_by_text("Exercise 1 of", exact=False)).to_be_visible()
    screenshot(page, f"lesson_exercise_{name}")


def test_variants_same_move_three_verdicts(
    open_page: OpenPage, settle: Settle, screenshot: Shot
) -> None:
    page = open_page("variants?lang=en")
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("radio", name="Same move", exact=True).click()
    settle(page)
    expect(main.get_by_role("heading", name="Same move, three verdicts")).to_be_visible()
    expect(main.get_by_text("✓ Legal move")).to_have_count(1)
    expect(main.get_by_text("✗ Illegal move")).to_have_count(2)
    screenshot(page, "variants_same_move_desktop")


def on_screen(page: Page, text: str) -> bool:
    """Whether `text` (a heading of the main area) comes inside the window, unscrolled to,
    within 5 s (the page's script runs a moment after its run has ended)."""
    heading = page.locator("[data-testid='stMain']").get_by_text(text, exact=True)
    size = page.viewport_size
    assert size is not None
    for _ in range(50):
        box = heading.bounding_box()
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]:
            return True
        page.wait_for_timeout(100)
    return False


def test_the_next_exercise_opens_at_its_top_on_a_phone(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot
) -> None:
    """The "Próximo →" at the bottom of a long exercise opened the next one with that scroll
    kept: its title and question above the screen, only its cards and the answer's field
    in sight (audit of Lições and Exercícios at 390x844). Twice: the second exercise is
    drawn as the first, and a script kept from the run before did not run again."""
    page = open_page("lessons?lesson=cards_and_points", phone)
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("button", name="Começar os exercícios →").click()
    settle(page)
    for title in ("O 2 vale 10 de qualquer jeito", "Nesta mesa o curinga vale 20"):
        main.get_by_role("button", name="Próximo →").scroll_into_view_if_needed()
        main.get_by_role("button", name="Próximo →").click()
        settle(page)
        expect(main.get_by_text(title, exact=True)).to_be_visible()
        assert on_screen(page, title), title
    screenshot(page, "lesson_next_exercise_phone")
    page = open_page("practice", phone)
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("button", name="Próximo exercício →").scroll_into_view_if_needed()
    main.get_by_role("button", name="Próximo exercício →").click()
    settle(page)
    assert on_screen(page, "O 2 vale 10 de qualquer jeito")


def test_next_after_an_exercise_solved_stays_in_the_lesson(
    open_page: OpenPage, phone: dict[str, int], settle: Settle
) -> None:
    """Lesson 2's first exercise solved on the board, then “Próximo →”: the lesson's second
    exercise. It opened lesson 1's introduction (walk through Lições at 390x844): the list
    of lessons still said “2. Sequências e o Ás · 0/6” after the exercise was solved, and
    sent that label, which named no lesson any more, with the next tap."""
    page = open_page("lessons?lesson=sequences_and_the_ace&step=1", phone)
    main = page.locator("[data-testid='stMain']")
    for tap in ("6♣", "7♣", "8♣", "+ Novo jogo"):
        main.get_by_role("button", name=tap, exact=True).first.click()
        settle(page)
    expect(main.get_by_text("Certo!", exact=False)).to_be_visible()
    lessons = main.get_by_role("combobox", name="Lição")
    expect(lessons).to_have_value(re.compile(r"^2\. .* · 1/6 "))
    main.get_by_role("button", name="Próximo →").click()
    settle(page)
    expect(main.get_by_text("Exercício 2 de 6", exact=False)).to_be_visible()
    expect(page).to_have_url(re.compile(r"[?&]lesson=sequences_and_the_ace(&|$)"))
    expect(lessons).to_have_value(re.compile(r"^2\. "))


def test_next_after_a_change_of_language_stays_in_the_lesson(
    open_page: OpenPage, settle: Settle
) -> None:
    """Lesson 3's second exercise, English chosen in the sidebar, then “Next →”: the lesson's
    third exercise. The list kept its Portuguese label (“3. Curingas: o joker e o 2”), sent
    it with the tap, and “Next →” opened lesson 1's introduction."""
    page = open_page("lessons?lesson=wild_cards&step=2")
    main = page.locator("[data-testid='stMain']")
    page.locator("[data-testid='stSidebar']").get_by_text("English", exact=True).click()
    settle(page)
    expect(main.get_by_role("combobox", name="Lesson")).to_have_value(re.compile(r"^3\. Wild"))
    main.get_by_role("button", name="Next →").click()
    settle(page)
    expect(main.get_by_text("Exercise 3 of 7", exact=False)).to_be_visible()
    expect(page).to_have_url(re.compile(r"[?&]lesson=wild_cards(&|$)"))


def test_a_new_learners_progress_follows_them_through_the_menu(
    open_page: OpenPage, settle: Settle
) -> None:
    """A first visit, no cookie yet: an exercise solved in Exercícios is solved in Lições,
    reached through the menu, and back in Exercícios. The menu drops `?learner=` from the
    address, and the cookie the first visit set is read by the next session only: each
    page made a new learner, and the progress seemed lost. Then an exercise's own link
    opens its lesson at it."""
    page = open_page("practice?scenario=trinca_of_fours")
    main = page.locator("[data-testid='stMain']")
    main.get_by_text("Sim, vale", exact=True).click()
    settle(page)
    main.get_by_role("button", name="Conferir").click()
    settle(page)
    expect(main.get_by_text("Certo!", exact=False)).to_be_visible()
    page.locator("[data-testid='stSidebar']").get_by_text("Lições", exact=True).click()
    settle(page)
    expect(main.get_by_text("1 de 5 exercícios resolvidos")).to_be_visible()
    page.locator("[data-testid='stSidebar']").get_by_text("Exercícios", exact=True).click()
    settle(page)
    solved = f"Todos os temas · 1/{len(load_curriculum().scenarios)}"
    expect(main.get_by_role("combobox", name="Tema")).to_have_value(solved)
    # (the exercise the learner was on, not the first one not done)
    expect(main.get_by_role("combobox", name="Exercício")).to_have_value("★ Trinca de quatros")
    main.get_by_role("link", name="Ver na lição 13, “Trincas (lavadeiras) no Fechado” →").click()
    settle(page)
    expect(main.get_by_text("Exercício 1 de 5", exact=False)).to_be_visible()


def test_answers_are_a_fingers_width_on_a_phone(open_page: OpenPage, phone: dict[str, int]) -> None:
    """An exercise's answers on a phone: “Sim, vale” / “Não vale” and each option to tick
    are rows at least 44 px high, the least a fingertip hits without touching the next
    (the iOS and Android guidelines say 44 and 48). They were 22 px high, in a list of
    options 21 px apart (audit of Exercícios at 390x844: a tap meant for option 2 ticked 1)."""
    for path, role in (
        ("practice?scenario=trinca_only_in_fechado", "radio"),
        ("practice?scenario=two_ways_to_justify", "checkbox"),
    ):
        page = open_page(path, phone)
        main = page.locator("[data-testid='stMain']")
        answers = main.locator(f"[data-testid='stRadio'] label:has(input[type='{role}'])")
        if role == "checkbox":
            answers = main.locator("[data-testid='stCheckbox'] label").filter(
                has_text="Pegar o lixo"
            )
        assert answers.count() >= 2, path
        for answer in answers.all():
            box = answer.bounding_box()
            assert box is not None and box["height"] >= 44, (path, answer.inner_text(), box)


def pick_lesson(page: Page, lesson: str, settle: Settle) -> None:
    """Open `lesson` as a person does: picked in the lessons' list (its address follows)."""
    order = LESSONS.index(lesson) + 1
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("combobox").first.click()
    page.get_by_role("option", name=f"{order}. ", exact=False).first.click()
    expect(page).to_have_url(re.compile(rf"[?&]lesson={lesson}(&|$)"))
    settle(page)
    expect(main.get_by_role("combobox").first).to_have_value(re.compile(rf"^{order}\. "))


def test_a_lessons_tables_fit_a_phone(
    open_page: OpenPage, phone: dict[str, int], settle: Settle
) -> None:
    """Lesson 12's table of the three variants (what shows of the lixo, the pickup, the wild
    on top, trincas, going out, the 500 at once [000, 001, 002, 003]) ran 15 px past a
    390 px phone: its STBL column, “justificado”, touched the screen's edge, and the table
    scrolled sideways. Every lesson table fits the screen, in both languages: the first
    lesson opened by its address, the others picked in the list, as a person goes on."""
    lessons = ("cards_and_points", "canastras", "going_out", "variants_and_house_rules")
    for lang in ("pt", "en"):
        page = open_page(f"lessons?lang={lang}&lesson={lessons[0]}", phone)
        for lesson in lessons:
            if lesson != lessons[0]:
                pick_lesson(page, lesson, settle)
            widths = page.evaluate(
                """() => [...document.querySelectorAll("[data-testid='stMain'] table")]
                .map(t => [t.parentElement.scrollWidth, t.parentElement.clientWidth])"""
            )
            assert widths, lesson
            for scrolled, shown in widths:
                assert scrolled <= shown, (lesson, lang, scrolled, shown)


def test_an_exercises_table_targets_are_a_fingers_height_on_a_phone(
    open_page: OpenPage, phone: dict[str, int]
) -> None:
    """A move exercise on a phone is answered by tapping the table: a meld, “+ Novo jogo”,
    the stock, the lixo, “Descartar”. They were 28 px high (a meld 33), under the 44 px a
    fingertip hits without touching its neighbour (audit of Exercícios at 390x844)."""
    page = open_page("practice?scenario=joker_fills_the_gap", phone)
    main = page.locator("[data-testid='stMain']")
    targets = main.locator("[class*='st-key-btt-'] button, [class*='st-key-btm-'] button")
    assert targets.count() >= 5
    for target in targets.all():
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44, (target.inner_text(), box)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_an_exercises_options_are_named_by_the_words_they_show(
    open_page: OpenPage, settle: Settle, lang: str
) -> None:
    """Each option to tick is named (its accessible name, what a screen reader reads) by
    the words it shows: “3. Q♥ K♥ A♥”. Streamlit named it by its label's Markdown source,
    “3. :red[Q♥] :red[K♥] :red[A♥]”, read out colon, red, bracket. The names stay so after
    a rerun (an option ticked)."""
    page = open_page(f"practice?lang={lang}&scenario=which_runs_are_sequences")
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_role("checkbox", name="3. Q♥ K♥ A♥", exact=True)).to_have_count(1)
    main.get_by_role("checkbox", name="4. 8♦ 9♦ 10♣", exact=True).check(force=True)
    settle(page)
    options = main.locator("[class*='_option_'] [data-testid='stCheckbox'] input")
    names = options.evaluate_all("boxes => boxes.map(box => box.getAttribute('aria-label'))")
    assert names == ["1. J♠ Q♠ K♠", "2. 10♠ J♠ K♠", "3. Q♥ K♥ A♥", "4. 8♦ 9♦ 10♣"]


def test_a_total_far_off_is_graded_in_portuguese_on_a_phone(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot
) -> None:
    """A total of many digits typed into a practice exercise (a finger on the keypad) drew
    Streamlit's own "Error: Number is outside the allowed range…", in English on a Portuguese
    page, and graded the 0 kept behind it (walk through Exercícios at 390x844). Now the
    number typed is graded, and the answer says it is more than the count gives."""
    page = open_page("practice", phone)
    main = page.locator("[data-testid='stMain']")
    total = main.get_by_label("Total da dupla A")
    total.fill("999999")
    total.press("Enter")
    settle(page)
    main.get_by_role("button", name="Conferir", exact=True).click()
    settle(page)
    expect(main.get_by_text("Dupla A (a sua): 999.999 é mais do que a conta dá.")).to_be_visible()
    expect(main.get_by_text("outside the allowed range", exact=False)).to_have_count(0)
    screenshot(page, "practice_total_far_off_phone")


def test_the_house_rules_stay_open_while_a_table_sets_them_on_a_phone(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot
) -> None:
    """“Casa” on the Calculadora, at 390x844: the joker set to 20, then the batida to 50.
    The popover shut at each option changed for the first time, its label counting one more
    (“Casa” -> “Casa (1)”: Streamlit drew a new popover, closed), and the table setting up
    its house rules opened it again for each (walk through Calculadora and Variantes)."""
    page = open_page("calculator", phone)
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("button", name="Casa").click()
    settle(page)
    body = page.locator("[data-testid='stPopoverBody']")
    joker = body.get_by_label("Quanto vale o curinga (joker).")
    joker.fill("20")
    joker.press("Enter")
    settle(page)
    expect(main.get_by_text("Contando com: Buraco Fechado + curinga 20")).to_be_visible()
    expect(body).to_be_visible()
    batida = body.get_by_label("Bônus da batida final.")
    batida.fill("50")
    batida.press("Enter")
    settle(page)
    expect(main.get_by_role("button", name="Casa (2)")).to_be_visible()
    expect(body).to_be_visible()
    screenshot(page, "house_rules_kept_open_phone")
    main.get_by_role("button", name="Casa (2)").click()  # and a tap on it still shuts it
    settle(page)
    expect(body).to_have_count(0)


def test_every_lesson_picked_in_the_list_opens_one_after_another(
    open_page: OpenPage, settle: Settle
) -> None:
    """Lições: picking lessons in the list one after another opens each one. The list was
    made anew under each lesson opened (its default), so every second pick went to the old
    list and was lost: the page stayed on the lesson before (found by a test that walked the
    lessons through the list)."""
    page = open_page("lessons?lang=en&lesson=cards_and_points")
    for order in (4, 9, 2, 7):
        pick_lesson(page, LESSONS[order - 1], settle)
        page.wait_for_timeout(300)  # (a person's pause between picks)
