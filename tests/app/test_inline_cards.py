"""Cards in texts are drawn as small cards in their colours (issue 13), and nothing else in
a text can become HTML."""

from __future__ import annotations

from buraco_app.inline_cards import as_read, error_cards, html_cards, md_cards, with_cards


def test_a_code_span_of_cards_becomes_small_cards_in_their_colours() -> None:
    html = with_cards("Você baixou `3♠ 2♥ JK`.")
    assert html == (
        'Você baixou <span class="bt-ic bt-icb">3♠</span> <span class="bt-ic bt-icr">2♥</span>'
        ' <span class="bt-ic bt-icj">JK</span>.'
    )


def test_bare_cards_in_a_reason_become_cards_too_but_not_inside_words() -> None:
    html = with_cards("O 10♦ entra; JKL e a10♠ não são cartas.")
    assert html.count("bt-ic ") == 1 and '<span class="bt-ic bt-icr">10♦</span>' in html


def test_other_text_is_escaped_and_other_code_stays_code() -> None:
    html = with_cards("<img src=x onerror=alert(1)> & `{id}` **`4♠`**")
    assert "<img" not in html and "&lt;img" in html and "&amp;" in html
    assert "`{id}`" in html and '**<span class="bt-ic bt-icb">4♠</span>**' in html


def test_alerts_get_coloured_cards_without_code_chips() -> None:
    assert md_cards("Não pode: o `K♥` e o K♣") == "Não pode: o :red[K♥] e o K♣"


def test_static_html_gets_coloured_cards_and_no_tag_of_the_text() -> None:
    """Jogar's move lists are static HTML: a card in a label's colours, and whatever the
    text holds (a code span too) escaped, not a tag."""
    said = html_cards("Baixou `K♥` e o K♣, nem o JK; <b>x</b> & `<i>`")
    assert said == (
        'Baixou <span class="bt-mvr">K♥</span> e o K♣, nem o <span class="bt-mvj">JK</span>;'
        " &lt;b&gt;x&lt;/b&gt; &amp; `&lt;i&gt;`"
    )


def test_in_an_error_box_black_cards_are_grey_so_red_cards_stand_out() -> None:
    """An error box writes its text in red: a black card left in that colour would read
    as red as the red one beside it."""
    said = error_cards("Não pode: o `K♥` e o K♣, nem o JK")
    assert said == "Não pode: o :red[K♥] e o :gray[K♣], nem o :violet[JK]"


def test_a_drawn_text_reads_as_its_source() -> None:
    source = "Você baixou `3♠ 2♠ 5♠` & o `{id}`"
    assert as_read(with_cards(source)) == as_read(source) == "Você baixou 3♠ 2♠ 5♠ & o `{id}`"


def test_ranks_without_suits_read_as_the_sentence_around_them() -> None:
    """“`K A 2 3` não vale” was a grey code chip where every card of the app is drawn as a
    card: ranks alone name no card (no suit to draw), so they read as plain words, as the
    lesson's own “(A 2 3)” and `buraco rules` do; code that is no card stays code."""
    assert with_cards("a volta: `K A 2 3` não vale; um `Q K A` sujo, `10 J Q`") == (
        "a volta: K A 2 3 não vale; um Q K A sujo, 10 J Q"
    )
    assert md_cards("em `K A 2` o 2") == "em K A 2 o 2"
    assert with_cards("`{id}` e `buraco rules`") == "`{id}` e `buraco rules`"
