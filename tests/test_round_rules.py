"""The round's rule points: turns, the lixo, the morto, the batida, the end of the round.

Each test is named after a rule point of RULES.md and cites its sources (seeds 000-003, and
the rule option where the sources disagree). Every test runs under the three presets, with
the verdict each one expects where they differ. Positions are written by hand as data, the
way scenarios are; only reason codes and their params are asserted, never message text.
"""

from __future__ import annotations

from typing import Any

import pytest

from buraco_core.cards import Card, parse_card, parse_cards
from buraco_core.codes import ALL_SEEDS, PROJECT, Code
from buraco_core.judge import (
    IllegalMove,
    apply,
    check,
    go_out_verdict,
    legal_moves,
    play,
    round_score,
)
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import position_from_data, position_to_data
from buraco_core.rules import OPTION_NAMES, RuleSet, ruleset
from buraco_core.scoring import RoundScore
from buraco_core.state import EndReason, MortoStatus, Phase, State
from buraco_core.verdict import Verdict
from buraco_text import Lang, catalog, first_reason, message, sources_text

PRESETS = ("aberto", "fechado", "stbl")
CLEAN_CANASTRA = ["4h", "5h", "6h", "7h", "8h", "9h", "10h"]
DIRTY_CANASTRA = ["5s", "6s", "7s", "JK", "9s", "10s", "Js"]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_card(text)


def position(rules: RuleSet, **data: Any) -> State:
    """A position from data; with `rest_in_lixo`, every card not placed goes under the
    lixo's top card (for positions with an empty or short stock)."""
    top = data.pop("rest_in_lixo", None)
    if top is not None:
        data["lixo"] = {"top": top, "count": 1 + _unplaced(rules, data, top)}
        data.setdefault("stock", 0)
    return position_from_data(rules, data)


def _unplaced(rules: RuleSet, data: dict[str, Any], top: str) -> int:
    placed = 1  # the lixo's top card
    for hand in data.get("hands", []):
        placed += hand if isinstance(hand, int) else len(hand)
    for melds in data.get("melds", []):
        placed += sum(len(m) for m in melds)
    for pile in data.get("mortos", [11, 11]):
        placed += pile if isinstance(pile, int) else len(pile)
    stock = data.get("stock", 0)
    placed += stock if isinstance(stock, int) else len(stock)
    for morto in data.get("morto", []):
        if isinstance(morto, dict) and morto.get("status") == "waiting":
            pile = morto.get("cards", 11)
            placed += pile if isinstance(pile, int) else len(pile)
    return rules.deck_size - placed


def ok(rules: RuleSet, state: State, move: Move) -> Verdict:
    verdict = check(rules, state, move)
    assert verdict.ok, verdict.codes
    return verdict


def refused(rules: RuleSet, state: State, move: Move) -> tuple[str, ...]:
    verdict = check(rules, state, move)
    assert not verdict.ok, verdict.codes
    return verdict.codes


def items(score: RoundScore, side: int) -> dict[str, int]:
    """A side's score items by code (points summed per code)."""
    out: dict[str, int] = {}
    for item in score.sides[side].items:
        out[item.code] = out.get(item.code, 0) + item.points
    return out


def param(verdict: Verdict, code: str, name: str) -> Any:
    return next(r.params[name] for r in verdict.reasons if r.code == code)


# --- turns ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_drawing_twice_is_refused(preset: str) -> None:
    """A turn has one draw: the stock's top card or the lixo [000, 001, 002, 003]."""
    rules = ruleset(preset)
    state = position(rules, players=2, hands=[["5h", "9c"], 11], lixo=["Kd", "5c"])
    drawn = apply(rules, state, Draw())
    assert drawn.phase is Phase.PLAY and len(drawn.hand) == 3
    assert refused(rules, drawn, Draw()) == ("already_drew",)
    assert refused(rules, drawn, TakeLixo()) == ("already_drew",)


@pytest.mark.parametrize("preset", PRESETS)
def test_discarding_before_drawing_is_refused(preset: str) -> None:
    """Draw first, then meld, then discard [000, 001, 002, 003]."""
    rules = ruleset(preset)
    state = position(rules, players=2, hands=[["5h", "6h", "7h", "9c"], 11])
    assert refused(rules, state, Discard(card("9c"))) == ("must_draw_first",)
    assert refused(rules, state, Lay((cards("5h 6h 7h"),))) == ("must_draw_first",)


@pytest.mark.parametrize("preset", PRESETS)
def test_moving_out_of_turn_is_refused(preset: str) -> None:
    """Players move in turn, one after another [000, 001, 002, 003]."""
    rules = ruleset(preset)
    state = position(rules, hands=[11, ["5h", "6h", "7h", "9c"], 11, 11], turn=0)
    verdict = check(rules, state, Draw(seat=1))
    assert verdict.codes == ("not_your_turn",)
    assert verdict.reasons[0].params == {"seat": 1, "turn": 0}
    ok(rules, state, Draw(seat=0))


@pytest.mark.parametrize("preset", PRESETS)
def test_opponents_melds_are_untouchable_partners_melds_are_shared(preset: str) -> None:
    """Partners extend each other's melds; nobody touches the opponents' [000, 002, 003]."""
    rules = ruleset(preset)
    # Seat 2 is seat 0's partner (side 0); side 1's meld lies across the table.
    state = position(
        rules,
        turn=2,
        phase="play",
        hands=[11, 11, ["8h", "8c", "Kd"], 11],
        melds=[[["5h", "6h", "7h"]], [["9c", "10c", "Jc"]]],
    )
    verdict = ok(rules, state, Extend(0, cards("8h")))
    assert "extended_meld" in verdict.codes
    assert refused(rules, state, Extend(0, cards("8c"), side=1)) == ("not_your_meld",)
    after = apply(rules, state, Extend(0, cards("8h")))
    assert [str(c) for c in after.sides[0].melds[0].cards] == ["5h", "6h", "7h", "8h"]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_the_discard_ends_the_turn_and_the_next_seat_is_on_turn(preset: str, players: int) -> None:
    """The discard ends the turn; after it nothing can change, and the next player draws
    [000, 001, 002, 003]."""
    rules = ruleset(preset)
    last = players - 1
    hands: list[Any] = [11] * players
    hands[last] = ["5h", "6h", "7h", "9c"]
    state = position(rules, players=players, turn=last, phase="play", hands=hands)
    verdict = ok(rules, state, Discard(card("9c")))
    assert "discarded" in verdict.codes
    after = apply(rules, state, Discard(card("9c")))
    assert (after.turn, after.phase) == (0, Phase.DRAW)
    assert after.lixo[-1] == card("9c")
    assert refused(rules, after, Lay((cards("5h 6h 7h"),), seat=last)) == ("not_your_turn",)


# --- the lixo -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "shows_all"), [("aberto", True), ("fechado", False), ("stbl", False)]
)
def test_lixo_visible_in_aberto_top_only_in_fechado_and_stbl(preset: str, shows_all: bool) -> None:
    """Aberto shows every card of the lixo; Fechado and STBL only the top one, with the
    count [000, 001, 002, 003; option discard_pile_visible]."""
    rules = ruleset(preset)
    state = position(rules, players=2, hands=[["5h"], 11], lixo=["3c", "Kd", "9s"])
    view = position_to_data(rules, state, seat=0)
    if shows_all:
        assert view["lixo"] == ["3c", "Kd", "9s"]
    else:
        assert view["lixo"] == {"top": "9s", "count": 3}
    assert position_to_data(rules, state)["lixo"] == ["3c", "Kd", "9s"]  # the whole table


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("aberto", None),
        ("fechado", "pickup_needs_justification"),
        ("stbl", "pickup_needs_justification"),
    ],
)
def test_taking_the_lixo_is_free_in_aberto(preset: str, expected: str | None) -> None:
    """Aberto: the whole lixo, no condition [000]. Fechado and STBL: only by using its top
    card at once [000, 002, 003; option pickup]."""
    rules = ruleset(preset)
    state = position(rules, players=2, hands=[["5h", "6h", "9c"], 11], lixo=["3c", "Kd", "9s"])
    if expected is None:
        verdict = ok(rules, state, TakeLixo())
        assert verdict.codes == ("took_lixo",)
        after = apply(rules, state, TakeLixo())
        assert sorted(map(str, after.hand)) == sorted(["5h", "6h", "9c", "3c", "Kd", "9s"])
        assert after.lixo == () and after.phase is Phase.PLAY
    else:
        assert refused(rules, state, TakeLixo()) == (expected,)


def test_taking_the_lixo_is_free_in_aberto_a_misplaced_top_card_stops_only_that_way() -> None:
    """Aberto: the whole lixo, no condition [000]. Taking it by laying its top card where it
    does not fit is refused, and the reason says the lixo itself may still be taken: it
    said "so the lixo cannot be taken", which holds only where the pickup is justified."""
    rules = ruleset("aberto")
    state = position(rules, players=2, hands=[["5h", "6h", "9c"], 11], lixo=["3c", "Kd", "9s"])
    move = TakeLixo(new_meld=cards("5h 6h"))
    verdict = check(rules, state, move)
    assert not verdict.ok and verdict.codes[0] == "pickup_top_card_not_used"
    said = message(verdict.reasons[0], "pt")
    assert "o lixo se pega sem condição" in said and "não pode ser pego" not in said
    fechado = check(
        ruleset("fechado"),
        position(
            ruleset("fechado"), players=2, hands=[["5h", "6h", "9c"], 11], lixo=["3c", "Kd", "9s"]
        ),
        move,
    )
    assert "não pode ser pego" in message(fechado.reasons[0], "pt")


@pytest.mark.parametrize(
    ("preset", "said", "sources"),
    [
        ("aberto", "Pegou o lixo inteiro (3 cartas) e já baixou o 9♠", ("000", "option:pickup")),
        (
            "fechado",
            "justificando com um jogo novo com o 9♠",
            ("000", "002", "003", "option:pickup"),
        ),
    ],
)
def test_taking_the_lixo_is_free_in_aberto_a_top_card_laid_at_once_justified_nothing(
    preset: str, said: str, sources: tuple[str, ...]
) -> None:
    """Aberto: "sem justificada para compra do lixo" [000]. A pickup that lays the top card
    at once is told as that, not as "justificando", and cites [000] alone: [002, 003]
    describe only the justified pickup, which Fechado cites with [000] (its "compra
    justificada"). The code stays the same."""
    rules = ruleset(preset)
    state = position(rules, players=2, hands=[["7s", "8s", "5h"], 11], lixo=["3c", "Kd", "9s"])
    verdict = ok(rules, state, TakeLixo(new_meld=cards("7s 8s")))
    assert verdict.codes[0] == "took_lixo_new_meld"
    assert said in message(verdict.reasons[0], "pt")
    assert verdict.reasons[0].sources == sources


@pytest.mark.parametrize("preset", PRESETS)
def test_justified_pickup_new_meld_or_side_meld_the_rest_to_the_hand(preset: str) -> None:
    """Fechado and STBL: the lixo is taken only if its top card goes into a meld in the same
    move, a new one with hand cards or one of the side's melds; the other cards go to the
    hand [000, 002, 003; option pickup]. Aberto accepts the same moves (its pickup is free)."""
    rules = ruleset(preset)
    state = position(
        rules,
        players=2,
        hands=[["Js", "Qs", "2c", "8h", "3d"], 11],
        melds=[[["5h", "6h", "7h"]], []],
        lixo=["3c", "Kd", "Ks"],
    )
    new_meld = TakeLixo(new_meld=cards("Js Qs"))
    verdict = ok(rules, state, new_meld)
    assert "took_lixo_new_meld" in verdict.codes
    after = apply(rules, state, new_meld)
    assert [str(c) for c in after.sides[0].melds[1].cards] == ["Js", "Qs", "Ks"]
    assert sorted(map(str, after.hand)) == sorted(["2c", "8h", "3d", "3c", "Kd"])
    assert after.phase is Phase.PLAY and after.lixo == ()

    onto_side_meld = position(
        rules,
        players=2,
        hands=[["Js", "2c", "3d"], 11],
        melds=[[["5h", "6h", "7h"]], []],
        lixo=["3c", "Kd", "8h"],
    )
    verdict = ok(rules, onto_side_meld, TakeLixo(extend=0))
    assert "took_lixo_extend" in verdict.codes
    after = apply(rules, onto_side_meld, TakeLixo(extend=0))
    assert [str(c) for c in after.sides[0].melds[0].cards] == ["5h", "6h", "7h", "8h"]
    assert sorted(map(str, after.hand)) == sorted(["Js", "2c", "3d", "3c", "Kd"])


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("aberto", None),
        ("fechado", "pickup_top_card_not_used"),
        ("stbl", "pickup_top_card_not_used"),
    ],
)
def test_justified_pickup_refused_when_the_top_card_makes_no_meld(
    preset: str, expected: str | None
) -> None:
    """The common error [003]: taking the lixo in Fechado without being able to use its top
    card [000, 002, 003; option pickup]."""
    rules = ruleset(preset)
    state = position(rules, players=2, hands=[["Js", "9c", "3d"], 11], lixo=["3c", "Kd"])
    move = TakeLixo(new_meld=cards("Js 9c"))
    if expected is None:
        # A free pickup does not need the meld: Aberto judges the meld and refuses it.
        codes = refused(rules, state, move)
        assert codes[0] == "pickup_top_card_not_used"
        ok(rules, state, TakeLixo())
    else:
        assert refused(rules, state, move)[0] == expected


@pytest.mark.parametrize(
    ("preset", "extend_ok"), [("aberto", True), ("fechado", False), ("stbl", False)]
)
@pytest.mark.parametrize("wild", ["2c", "JK"])
def test_wild_on_top_of_the_lixo_only_for_a_new_meld(
    preset: str, extend_ok: bool, wild: str
) -> None:
    """A wild on top of the lixo is taken only to start a new meld with it [002, 003;
    option wild_top_card_new_meld_only]."""
    rules = ruleset(preset)
    state = position(
        rules,
        players=2,
        hands=[["Js", "Qs", "3d", "9c"], 11],
        melds=[[["5h", "6h", "7h"]], []],
        lixo=["3c", wild],
    )
    ok(rules, state, TakeLixo(new_meld=cards("Js Qs")))
    if extend_ok:
        ok(rules, state, TakeLixo(extend=0))
    else:
        assert refused(rules, state, TakeLixo(extend=0)) == ("wild_top_card_new_meld_only",)
        relaxed = rules.with_options(wild_top_card_new_meld_only=False)
        ok(relaxed, state, TakeLixo(extend=0))


@pytest.mark.parametrize(
    ("lang", "said"),
    [("pt", "Dois curingas no mesmo jogo (JK, 2♣)"), ("en", "Two wilds in one meld (JK, 2♣)")],
)
def test_one_wild_per_meld_on_a_pickup_is_the_headline(lang: Lang, said: str) -> None:
    """At most one wild per meld [000, 003; “colocar dois curingas numa mesma sequência”, a
    common error of 003]: a JK on top of the lixo taken with a new meld holding the 2♣ too
    is refused for the two wilds, and the headline (Jogar, Exercícios) says so. It said
    “A carta de cima do lixo (JK) não forma jogo assim”, blaming the top card, which makes
    a meld with the 5♦ 6♦ alone. The verdict's reasons keep their order."""
    rules = ruleset("fechado")
    state = position(
        rules,
        players=4,
        hands=[["5d", "6d", "2c", "9h", "Kc"], 11, 11, 11],
        lixo=["3c", "JK"],
    )
    verdict = check(rules, state, TakeLixo(new_meld=cards("2c 5d 6d")))
    assert verdict.codes == ("pickup_top_card_not_used", "two_wilds")
    assert first_reason(verdict.reasons, lang).startswith(said)
    ok(rules, state, TakeLixo(new_meld=cards("5d 6d")))


@pytest.mark.parametrize("preset", ["fechado", "stbl"])
@pytest.mark.parametrize(
    ("wild", "sources"),
    [
        # A joker is never a 2: the wild-top-card rule alone [002, 003].
        ("JK", ("002", "003", "option:wild_top_card_new_meld_only")),
        # A 2 on top: also the 2's option, a 2 that could sit in its natural place [002 vs 003].
        (
            "2c",
            (
                "002",
                "003",
                "option:wild_top_card_new_meld_only",
                "option:two_on_lixo_may_sit_natural",
            ),
        ),
    ],
)
def test_wild_on_top_of_the_lixo_cites_its_own_rule(
    preset: str, wild: str, sources: tuple[str, ...]
) -> None:
    """A wild on top of the lixo, refused onto a table meld, cites the rule it breaks: for a
    joker the wild-top-card rule and its sources [002, 003; option
    wild_top_card_new_meld_only], never the option “2 do lixo no lugar natural”, which is
    about a 2 [002 “Coringa ou Dois” vs 003]. The code stays the same for both."""
    rules = ruleset(preset)
    state = position(
        rules,
        players=2,
        hands=[["Js", "Qs", "3d", "9c"], 11],
        melds=[[["5h", "6h", "7h"]], []],
        lixo=["3c", wild],
    )
    verdict = check(rules, state, TakeLixo(extend=0))
    assert verdict.codes == ("wild_top_card_new_meld_only",)
    assert verdict.reasons[0].sources == sources


@pytest.mark.parametrize("preset", ["fechado", "stbl"])
@pytest.mark.parametrize("natural", [True, False])
def test_two_on_lixo_may_sit_natural(preset: str, natural: bool) -> None:
    """A same-suit 2 on top of the closed lixo that would sit in its natural place: for [003]
    no wild, so it may go onto the meld; for [002] (“Coringa ou Dois”) every 2 on top is a
    wild, new meld only [option two_on_lixo_may_sit_natural, off in every preset]."""
    assert not ruleset(preset).two_on_lixo_may_sit_natural
    rules = ruleset(preset, two_on_lixo_may_sit_natural=natural)
    state = position(
        rules,
        players=2,
        hands=[["Js", "Qs", "3d", "9c"], 11],
        melds=[[["3h", "4h", "5h"], ["7c", "8c", "9c"]], []],
        lixo=["3c", "2h"],
    )
    if natural:
        ok(rules, state, TakeLixo(extend=0))
    else:
        assert refused(rules, state, TakeLixo(extend=0)) == ("wild_top_card_new_meld_only",)
    # Where the 2 would stand as a wild (7-8-9 of clubs) it stays new meld only.
    assert refused(rules, state, TakeLixo(extend=1)) == ("wild_top_card_new_meld_only",)
    listed = set(legal_moves(rules, state))  # the players choose among these
    assert (TakeLixo(extend=0) in listed) is natural
    assert TakeLixo(extend=1) not in listed


@pytest.mark.parametrize("preset", PRESETS)
def test_pickup_top_card_two_from_hand(preset: str) -> None:
    """Stricter tables: two hand cards must form a sequence with the top card; extending a
    table meld with the top card does not justify the pickup [003; option pickup]."""
    rules = ruleset(preset, pickup="top_card_two_from_hand")
    state = position(
        rules,
        players=2,
        hands=[["Js", "Qs", "3d", "9c"], 11],
        melds=[[["Jh", "Qh", "Kh"]], []],
        lixo=["3c", "10h"],
    )
    assert refused(rules, state, TakeLixo(extend=0)) == ("pickup_needs_two_from_hand",)
    assert refused(rules, state, TakeLixo()) == ("pickup_needs_justification",)
    other = position(rules, players=2, hands=[["Js", "Qs", "3d", "9c"], 11], lixo=["3c", "Ks"])
    assert "took_lixo_new_meld" in ok(rules, other, TakeLixo(new_meld=cards("Js Qs"))).codes
    default = ruleset(preset)
    ok(default, state, TakeLixo(extend=0))


@pytest.mark.parametrize("preset", PRESETS)
def test_pickup_two_from_hand_may_go_onto_a_table_meld(preset: str) -> None:
    """Stricter tables: "duas cartas da mão que formem sequência com a de cima" [003]: the
    top card and two hand cards in sequence may then extend a table meld together."""
    rules = ruleset(preset, pickup="top_card_two_from_hand")
    state = position(
        rules,
        players=2,
        hands=[["9h", "10h", "3d", "9c"], 11],
        melds=[[["5h", "6h", "7h"]], []],
        lixo=["3c", "8h"],
    )
    assert "took_lixo_extend" in ok(rules, state, TakeLixo(extend=0, cards=cards("9h 10h"))).codes
    assert refused(rules, state, TakeLixo(extend=0, cards=cards("9h"))) == (
        "pickup_needs_two_from_hand",
    )


@pytest.mark.parametrize(
    ("preset", "alone"),
    [
        ("aberto", "pickup_cards_need_extend"),
        ("fechado", "pickup_needs_justification"),
        ("stbl", "pickup_needs_justification"),
    ],
)
def test_pickup_hand_cards_go_with_the_top_card_onto_a_table_meld_only(
    preset: str, alone: str
) -> None:
    """Hand cards named with a pickup go with the top card onto the side's meld [002, 003];
    named without a meld they would vanish, so the move is refused."""
    rules = ruleset(preset)
    state = position(
        rules,
        players=2,
        hands=[["9h", "Js", "Qs", "3d"], 11],
        melds=[[["5h", "6h", "7h"]], []],
        lixo=["3c", "8h"],
    )
    assert refused(rules, state, TakeLixo(cards=cards("9h"))) == (alone,)
    both = TakeLixo(new_meld=cards("Js Qs"), cards=cards("9h"))
    assert refused(rules, state, both) == ("pickup_cards_need_extend",)
    after = apply(rules, state, TakeLixo(extend=0, cards=cards("9h")))
    assert [str(c) for c in after.sides[0].melds[0].cards] == ["5h", "6h", "7h", "8h", "9h"]
    assert sorted(map(str, after.hand)) == ["3c", "3d", "Js", "Qs"]


# --- the morto -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_direct_beat_takes_the_morto_at_once_and_the_turn_goes_on(preset: str) -> None:
    """Direct beat: the last cards go onto the table; the player takes the morto at once and
    plays on in the same turn, without drawing, and ends it with a discard [000, 001, 003]."""
    rules = ruleset(preset)
    morto = ["3c", "4c", "5c", "6c", "7c", "8c", "9c", "Kd", "Kd", "Qs", "Js"]
    state = position(
        rules,
        players=2,
        phase="play",
        hands=[["5h", "6h", "7h"], 11],
        mortos=[morto, 11],
    )
    move = Lay((cards("5h 6h 7h"),))
    verdict = ok(rules, state, move)
    assert "direct_beat" in verdict.codes and "went_out" not in verdict.codes
    after = apply(rules, state, move)
    assert sorted(map(str, after.hand)) == sorted(morto)
    assert (after.turn, after.phase) == (0, Phase.PLAY)
    assert after.sides[0].morto is MortoStatus.TAKEN and len(after.mortos) == 1
    assert refused(rules, after, Draw()) == ("already_drew",)
    ended_turn = apply(rules, after, Discard(card("Kd")))
    assert (ended_turn.turn, ended_turn.phase) == (1, Phase.DRAW)


@pytest.mark.parametrize("preset", PRESETS)
def test_indirect_beat_morto_waits_for_the_players_next_turn(preset: str) -> None:
    """Indirect beat: the last card is the discard; the morto is taken but used only at the
    player's next turn [000, 001, 003]. With 4 players the partner plays in between."""
    rules = ruleset(preset)
    state = position(
        rules,
        turn=0,
        phase="play",
        hands=[["Kc"], ["3d", "4d"], ["5d", "6d"], ["7d", "8d"]],
    )
    verdict = ok(rules, state, Discard(card("Kc")))
    assert "indirect_beat" in verdict.codes and "went_out" not in verdict.codes
    state = apply(rules, state, Discard(card("Kc")))
    side = state.sides[0]
    assert side.morto is MortoStatus.WAITING and side.waiting is not None
    assert side.waiting.seat == 0 and len(side.waiting.cards) == 11
    assert state.hands[0] == () and len(state.mortos) == 1
    for seat, discard in ((1, "3d"), (2, "5d")):
        assert state.turn == seat
        state = apply(rules, apply(rules, state, Draw()), Discard(card(discard)))
        assert state.sides[0].morto is MortoStatus.WAITING and state.hands[0] == ()
    state = apply(rules, state, Draw())
    verdict = check(rules, state, Discard(card("7d")))
    assert "morto_picked_up" in verdict.codes and param(verdict, "morto_picked_up", "seat") == 0
    state = apply(rules, state, Discard(card("7d")))
    assert (state.turn, state.phase) == (0, Phase.DRAW)
    assert len(state.hands[0]) == 11 and state.sides[0].morto is MortoStatus.TAKEN


def partner_about_to_go_out(rules: RuleSet) -> State:
    """Seat 0 went out indirectly (its morto waits for its next turn); the partner, seat 2,
    holds one card and the side has a clean canastra: discarding it would go out."""
    return position(
        rules,
        turn=2,
        phase="play",
        hands=[[], 11, ["9c"], 11],
        melds=[[CLEAN_CANASTRA], []],
        mortos=[11],
        morto=[{"status": "waiting", "seat": 0}, "available"],
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_partner_may_go_out_while_morto_waits(preset: str) -> None:
    """partner_may_go_out_while_morto_waits=true: the morto is received at the indirect beat
    [000 “deverá pegá-lo”; 001 “ou sua dupla já tenha pegado o morto”], so the partner may go
    out before it is picked up; the side then counts as having taken it."""
    rules = ruleset(preset, partner_may_go_out_while_morto_waits=True)
    state = partner_about_to_go_out(rules)
    verdict = ok(rules, state, Discard(card("9c")))
    assert "go_out_morto_waiting" not in verdict.codes
    after = apply(rules, state, Discard(card("9c")))
    assert after.phase is Phase.ENDED and after.sides[0].went_out
    assert "morto_not_taken" not in items(round_score(rules, after), 0)


@pytest.mark.parametrize("preset", PRESETS)
def test_partner_cannot_go_out_while_the_morto_waits(preset: str) -> None:
    """partner_may_go_out_while_morto_waits=false, every preset's value: the morto waits and
    is picked up at the start of that player's next turn [003], so it does not count yet."""
    rules = ruleset(preset)
    assert not rules.partner_may_go_out_while_morto_waits
    state = partner_about_to_go_out(rules)
    codes = refused(rules, state, Discard(card("9c")))
    assert codes == ("cannot_go_out", "go_out_morto_waiting")
    # [003] has the morto picked up at the next turn; [001] supports the other reading.
    assert Code.GO_OUT_MORTO_WAITING.sources[0] == "003"


@pytest.mark.parametrize("preset", PRESETS)
def test_a_side_takes_one_morto_at_most(preset: str) -> None:
    """A side takes one morto at most: emptying the hand again is the batida final, never a
    second morto [001, 003]."""
    rules = ruleset(preset)

    def table(hand: list[str]) -> State:
        return position(
            rules,
            players=2,
            phase="play",
            hands=[hand, 11],
            melds=[[CLEAN_CANASTRA], []],
            mortos=[11],
            morto=["taken", "available"],
        )

    by_discard = table(["9c"])
    verdict = ok(rules, by_discard, Discard(card("9c")))
    assert "went_out" in verdict.codes and "indirect_beat" not in verdict.codes
    by_meld = table(["Jh"])
    verdict = ok(rules, by_meld, Extend(0, cards("Jh")))
    assert "went_out" in verdict.codes and "direct_beat" not in verdict.codes
    after = apply(rules, by_meld, Extend(0, cards("Jh")))
    assert after.hands[0] == () and len(after.mortos) == 1  # the other morto stays put


@pytest.mark.parametrize("preset", PRESETS)
def test_stock_running_out_turns_a_morto_into_the_stock(preset: str) -> None:
    """The stock exhausted before a morto was taken: a morto becomes the stock, and the side
    that never takes one pays the penalty at the end [000, 001, 003; option morto_penalty]."""
    rules = ruleset(preset, morto_penalty=150)
    state = position(
        rules,
        players=2,
        hands=[["9c"], 11],
        stock=1,
        mortos=[11],
        morto=["available", "taken"],
        rest_in_lixo="Qd",
    )
    state = apply(rules, state, Draw())
    verdict = check(rules, state, Discard(card("9c")))
    assert "morto_became_stock" in verdict.codes
    after = apply(rules, state, Discard(card("9c")))
    assert len(after.stock) == 11 and after.mortos == ()
    assert after.sides[0].morto is MortoStatus.STOCK and after.phase is Phase.DRAW
    # Later the stock runs out again with no morto left: the round ends and side 0 pays.
    end = position(
        rules,
        players=2,
        hands=[["9c"], 11],
        stock=1,
        mortos=[],
        morto=["stock", "taken"],
        rest_in_lixo="Qd",
    )
    end = apply(rules, apply(rules, end, Draw()), Discard(card("9c")))
    score = round_score(rules, end)
    assert items(score, 0).get("morto_not_taken") == -150
    assert "morto_not_taken" not in items(score, 1)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("beat", ["direct", "indirect"])
def test_stock_running_out_turns_a_morto_into_the_stock_then_the_last_is_taken(
    preset: str, beat: str
) -> None:
    """One morto already became the stock [000, 001, 003]; a side then takes the last one
    by a direct or an indirect beat. No morto is left for the other side, which can never
    take one (“Não é possível que a mesma dupla ... pegue os dois mortos” [001]): its morto
    is the stock now, as when the stock runs out last. It cannot go out, and the reason says
    its morto became the stock, not “falta pegar o morto”, which it could not do
    [001, 002, 003]. The position reads back as written."""
    rules = ruleset(preset)
    hand = ["5s", "6s", "7s"] if beat == "direct" else ["9c"]
    state = position(
        rules,
        players=2,
        phase="play",
        hands=[hand, ["4h", "5h", "6h", "7h", "8h", "9h", "10h", "Kc"]],
        melds=[[CLEAN_CANASTRA[:3]], []],
        mortos=[11],
        morto=["available", "available"],
        stock=["Qs", "Jd"],
        rest_in_lixo="3d",
    )
    move: Move = Lay((cards("5s 6s 7s"),)) if beat == "direct" else Discard(card("9c"))
    assert f"{beat}_beat" in ok(rules, state, move).codes
    state = apply(rules, state, move)
    if beat == "direct":
        state = apply(rules, state, Discard(state.hand[0]))
    assert state.mortos == () and state.turn == 1
    assert state.sides[1].morto is MortoStatus.STOCK
    data = position_to_data(rules, state)
    assert position_to_data(rules, position_from_data(rules, data)) == data
    state = apply(rules, apply(rules, state, Draw()), Lay((cards("4h 5h 6h 7h 8h 9h 10h"),)))
    verdict = go_out_verdict(rules, state, 1)
    assert verdict.codes == ("go_out_needs_morto",)
    assert "virou monte" in message(verdict.reasons[0], "pt")
    assert "falta pegar" not in message(verdict.reasons[0], "pt")


@pytest.mark.parametrize("preset", PRESETS)
def test_draw_from_an_empty_stock_turns_a_morto_into_the_stock(preset: str) -> None:
    """A position may arrive with an empty stock: the draw turns a morto into the stock
    first [000, 001, 003]."""
    rules = ruleset(preset)
    state = position(rules, players=2, hands=[["9c"], 11], stock=0, rest_in_lixo="Qd")
    verdict = ok(rules, state, Draw())
    assert verdict.codes == ("morto_became_stock", "drew")
    after = apply(rules, state, Draw())
    assert len(after.stock) == 10 and len(after.mortos) == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_round_ends_when_the_stock_is_empty_and_no_morto_is_left(preset: str) -> None:
    """The round ends when the stock is empty and no morto is left; no batida bonus then
    [002, 003]."""
    rules = ruleset(preset)
    state = position(
        rules,
        players=2,
        hands=[["9c", "3d"], 11],
        stock=1,
        mortos=[],
        morto=["taken", "taken"],
        rest_in_lixo="Qd",
    )
    state = apply(rules, state, Draw())
    verdict = ok(rules, state, Discard(card("9c")))
    assert verdict.codes[-1] == "round_ended_stock_out"
    # The round is over: the discard hands the turn to nobody.
    assert message(verdict.reasons[0], "pt") == "Descartou o 9♣."
    after = apply(rules, state, Discard(card("9c")))
    assert after.phase is Phase.ENDED and after.ended_by is EndReason.STOCK_OUT
    score = round_score(rules, after)
    assert all("batida" not in items(score, side) for side in (0, 1))
    assert refused(rules, after, Draw()) == ("round_over",)


# --- the batida ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_going_out_needs_the_morto(preset: str) -> None:
    """Going out (batida final) requires that the side has taken its morto [001, 002, 003]:
    here the other side took one and the last became stock."""
    rules = ruleset(preset)
    state = position(
        rules,
        players=2,
        phase="play",
        hands=[["9c"], 11],
        melds=[[CLEAN_CANASTRA], []],
        mortos=[],
        morto=["stock", "taken"],
        rest_in_lixo="Qd",
        stock=20,
    )
    assert refused(rules, state, Discard(card("9c"))) == ("cannot_go_out", "go_out_needs_morto")
    # Its morto became the stock: the reason says so, never "take your morto", which the
    # player could not do.
    said = message(check(rules, state, Discard(card("9c"))).reasons[1], "pt")
    assert "virou monte" in said and "falta pegar" not in said


@pytest.mark.parametrize(
    ("players", "lang", "said"),
    [
        (
            2,
            "pt",
            "Esta jogada acabaria com as cartas da sua mão, mas você ainda não pode bater: "
            "falta uma canastra limpa na sua mesa.",
        ),
        (
            2,
            "en",
            "This move would empty your hand, but you may not go out yet: "
            "you have no clean canastra (canastra limpa) on the table yet.",
        ),
        (
            4,
            "pt",
            "Esta jogada acabaria com as cartas da mão, mas a dupla ainda não pode bater: "
            "falta uma canastra limpa na mesa da dupla.",
        ),
    ],
)
def test_going_out_needs_the_canastra_said_to_the_player_at_a_table_of_two(
    players: int, lang: Lang, said: str
) -> None:
    """ "No jogo com dois participantes ... a contagem de pontos é individual" [001]: at a
    table of two a side is one player, and the refusal speaks to the one who tried the move
    ("você ainda não pode bater: falta uma canastra limpa na sua mesa"), not of "o jogador"
    and "a mesa do jogador"; a table of pairs speaks of "a dupla". The codes and their
    values stay the same."""
    rules = ruleset("aberto")
    state = position(
        rules,
        players=players,
        phase="play",
        hands=[["Qc"], *[11] * (players - 1)],
        melds=[[["4s", "5s", "6s", "JK", "8s", "9s", "10s"]], []],
        morto=["taken", "available"],
        lixo=["5d"],
    )
    verdict = check(rules, state, Discard(card("Qc")))
    assert verdict.codes == ("cannot_go_out", "go_out_needs_clean_canastra")
    assert first_reason(verdict.reasons, lang) == said  # (Jogar's headline, after "Não pode.")
    with pytest.raises(IllegalMove) as refused:
        apply(rules, state, Discard(card("Qc")))
    assert refused.value.verdict == verdict


@pytest.mark.parametrize(("lang", "third_person"), [("pt", "jogador"), ("en", "player")])
def test_a_refusal_at_a_table_of_two_is_said_to_the_one_who_tried_it(
    lang: Lang, third_person: str
) -> None:
    """A refusal is said to whoever tried the move (the learner on Jogar, the author of a
    `buraco judge` file), as "Você já comprou nesta vez" is: at a table of two, never "o
    jogador" or "the player". (`went_out` and `may_go_out` are no refusals: they tell a
    computer's batida, or any side's, too, and keep the third person.)"""
    told_of_anyone = ("reason.went_out.", "reason.may_go_out.")
    alone = {
        key: text
        for key, text in catalog(lang).items()
        if key.startswith("reason.") and key.endswith("alone")
        if not key.startswith(told_of_anyone)
    }
    assert len(alone) >= 8
    assert [key for key, text in alone.items() if third_person in text.lower()] == []


@pytest.mark.parametrize(
    ("preset", "dirty", "none"),
    [
        ("aberto", "go_out_needs_clean_canastra", "go_out_needs_clean_canastra"),
        ("fechado", None, "go_out_needs_canastra"),
        ("stbl", "go_out_needs_clean_canastra", "go_out_needs_clean_canastra"),
    ],
)
def test_going_out_needs_the_canastra_the_variant_requires(
    preset: str, dirty: str | None, none: str
) -> None:
    """Going out needs a clean canastra in Aberto and STBL, any canastra in Fechado
    [000, 001, 002, 003; option go_out_requires]."""
    rules = ruleset(preset)

    def table(melds: list[list[str]]) -> State:
        return position(
            rules,
            players=2,
            phase="play",
            hands=[["9c"], 11],
            melds=[melds, []],
            mortos=[11],
            morto=["taken", "available"],
        )

    with_dirty = table([DIRTY_CANASTRA])
    if dirty is None:
        verdict = ok(rules, with_dirty, Discard(card("9c")))
        assert "went_out" in verdict.codes
        assert apply(rules, with_dirty, Discard(card("9c"))).ended_by is EndReason.BATIDA
    else:
        assert refused(rules, with_dirty, Discard(card("9c"))) == ("cannot_go_out", dirty)
    assert refused(rules, table([["5s", "6s", "7s"]]), Discard(card("9c"))) == (
        "cannot_go_out",
        none,
    )
    assert "went_out" in ok(rules, table([CLEAN_CANASTRA]), Discard(card("9c"))).codes


def test_going_out_needs_the_canastra_the_variant_requires_fechado_cites_003() -> None:
    """In Fechado any canastra lets a side go out: [000] “a batida final pode ser feita com
    canastra suja”, [001]'s table (“Só bate com canastra limpa?”: NÃO), and [003] “no
    fechado, segundo o Pagat, basta qualquer canastra, limpa ou suja”, the one text that says
    it in these words. The refusal “falta uma canastra (limpa ou suja)” cited 000 and 001
    alone."""
    rules = ruleset("fechado")
    short = position(
        rules,
        players=2,
        phase="play",
        hands=[["9c"], 11],
        melds=[[["5s", "6s", "7s"]], []],
        mortos=[11],
        morto=["taken", "available"],
    )
    verdict = check(rules, short, Discard(card("9c")))
    needs = next(r for r in verdict.reasons if r.code == "go_out_needs_canastra")
    assert {"000", "001", "003"} <= set(needs.sources)
    assert "textos 000, 001, 003" in sources_text(needs.sources, "pt")


@pytest.mark.parametrize("preset", PRESETS)
def test_go_out_by_discard_refuses_melding_the_last_card(preset: str) -> None:
    """Some tables go out only by discarding the last card [003; option go_out_by]; the
    others accept a last card melded [000, 001, 002]. A direct beat onto the morto by
    melding everything stays allowed."""
    rules = ruleset(preset, go_out_by="discard")
    state = position(
        rules,
        players=2,
        phase="play",
        hands=[["Jh"], 11],
        melds=[[CLEAN_CANASTRA], []],
        mortos=[11],
        morto=["taken", "available"],
    )
    codes = refused(rules, state, Extend(0, cards("Jh")))
    assert codes == ("cannot_go_out", "go_out_must_discard")
    # The side may go out, only not this way: "mas você ainda não pode bater" beside the
    # Jogar page's "Você já pode bater" read as a contradiction.
    (lead, _) = play(rules, state, Extend(0, cards("Jh")))[0].reasons
    assert message(lead, "pt") == "Esta jogada acabaria com as cartas da sua mão sem descartar:"
    assert "may not go out yet" not in message(lead, "en")
    assert "went_out" in ok(ruleset(preset), state, Extend(0, cards("Jh"))).codes
    beat = position(rules, players=2, phase="play", hands=[["5h", "6h", "7h"], 11])
    assert "direct_beat" in ok(rules, beat, Lay((cards("5h 6h 7h"),))).codes


@pytest.mark.parametrize(
    ("preset", "trapped"),
    [
        ("aberto", "go_out_needs_clean_canastra"),
        ("fechado", None),
        ("stbl", "go_out_needs_clean_canastra"),
    ],
)
def test_last_card_trap(preset: str, trapped: str | None) -> None:
    """No move may leave a player stuck (DESIGN.md): a meld that leaves one card, which could
    only go by going out, is refused while the side may not go out; the reasons say what is
    missing [001, 002, 003; option go_out_requires]."""
    rules = ruleset(preset)

    def table(morto: list[Any], mortos: list[Any]) -> State:
        return position(
            rules,
            players=2,
            phase="play",
            hands=[["3h", "4h", "5h", "9c"], 11],
            melds=[[DIRTY_CANASTRA], []],
            mortos=mortos,
            morto=morto,
            rest_in_lixo="Qd",
            stock=20,
        )

    lay = Lay((cards("3h 4h 5h"),))
    state = table(["taken", "stock"], [])
    if trapped is None:
        ok(rules, state, lay)
    else:
        assert refused(rules, state, lay) == ("last_card_trap", trapped)
    no_morto = table(["stock", "taken"], [])
    codes = refused(rules, no_morto, lay)
    assert codes[:2] == ("last_card_trap", "go_out_needs_morto")
    # With a morto still to take, the last card's discard is an indirect beat: no trap.
    ok(rules, table(["available", "available"], [11, 11]), lay)


VULNERABLE_HAND = ["3h", "4h", "5h", "8c", "9c", "10c", "Jc", "Qc", "Kc", "Ac", "9d"]


def vulnerable_turn(rules: RuleSet, hand: list[str], **data: Any) -> State:
    """A vulnerable side's turn, after its draw (the log shows where the turn began)."""
    state = position(rules, players=2, hands=[hand, 11], vulnerable=[True, False], **data)
    return apply(rules, state, Draw())


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("counts", ["turn", "first_meld"])
def test_vulnerable_side_first_meld_needs_the_minimum(preset: str, counts: str) -> None:
    """From half the target, a side's first baixada of the round must total 75 card points,
    where the table plays it [003, optional; option vulnerable_min_meld_points]: a meld of
    75 passes under either reading of "a primeira baixada"; 15 points with nothing to add
    do not; off, or not vulnerable, or not the first meld, there is no minimum."""
    rules = ruleset(preset, vulnerable_min_meld_points=75, vulnerable_min_counts=counts)
    state = vulnerable_turn(rules, VULNERABLE_HAND)
    ok(rules, state, Lay((cards("8c 9c 10c Jc Qc Kc Ac"),)))  # 75 points
    poor = vulnerable_turn(
        rules, ["3h", "4h", "5h", "8c", "9c", "Jd", "Qs", "Kd", "As", "6d", "9d"]
    )
    verdict = check(rules, poor, Lay((cards("3h 4h 5h"),)))
    assert verdict.codes == ("vulnerable_min_meld",)
    assert verdict.reasons[0].params["points"] == 15 and verdict.reasons[0].params["needed"] == 75
    ok(ruleset(preset, vulnerable_min_counts=counts), poor, Lay((cards("3h 4h 5h"),)))  # off
    calm = position(rules, players=2, phase="play", hands=[VULNERABLE_HAND, 11])
    ok(rules, calm, Lay((cards("3h 4h 5h"),)))  # not vulnerable
    melded = position(
        rules,
        players=2,
        phase="play",
        hands=[VULNERABLE_HAND, 11],
        vulnerable=[True, False],
        melds=[[CLEAN_CANASTRA], []],  # 189 points: its first baixada was laid earlier
    )
    ok(rules, melded, Lay((cards("3h 4h 5h"),)))  # not the first meld


@pytest.mark.parametrize("preset", PRESETS)
def test_vulnerable_min_counts_turn(preset: str) -> None:
    """[003] "a primeira baixada", read as everything laid down in that turn (option
    vulnerable_min_counts="turn", every preset): melds laid in one turn count together, so
    a meld below 75 is let through while the hand can make up the rest, and the turn may
    not end (discard) until it has."""
    rules = ruleset(preset, vulnerable_min_meld_points=75)
    assert rules.vulnerable_min_counts == "turn"
    state = vulnerable_turn(rules, VULNERABLE_HAND)
    ok(rules, state, Lay((cards("3h 4h 5h"), cards("9c 10c Jc Qc Kc Ac"))))  # 15 + 65
    state = apply(rules, state, Lay((cards("3h 4h 5h"),)))  # 15, the clubs can add 75
    verdict = check(rules, state, Discard(card("9d")))
    assert verdict.codes == ("vulnerable_min_meld",)
    assert verdict.reasons[0].params["points"] == 15 and verdict.reasons[0].params["needed"] == 75
    assert verdict.reasons[0].params["case"] == "discard"  # (worded as a discard that waits)
    state = apply(rules, state, Lay((cards("9c 10c Jc Qc Kc Ac"),)))  # 80 in the turn
    ok(rules, state, Discard(card("9d")))
    # The next turn's melds are no first baixada: a small one is fine.
    after = apply(rules, state, Discard(card("9d")))
    assert after.turn == 1


@pytest.mark.parametrize("preset", PRESETS)
def test_vulnerable_min_counts_turn_cards_added_to_the_turns_melds_count(preset: str) -> None:
    """[003] "a primeira baixada", read as everything laid down in that turn: a card added to
    a meld of that turn is laid down in it too. So a meld that leaves the baixada short is
    let through where the hand can make up the rest by adding cards to the turn's melds, as
    well as by laying new ones: after Q♣ K♣ A♣ (35), 8♥ 9♥ 10♥ (30) with J♥ or J♣ in the hand
    makes 75 once the jack is added. Before, only new melds were counted, and 8♥ 9♥ 10♥ was
    refused ("esta soma 65") though the turn could reach 75. Without such a card it is still
    refused."""
    rules = ruleset(preset, vulnerable_min_meld_points=75)

    def opened(hand: list[str]) -> State:
        """Q♣ K♣ A♣ laid this turn: a vulnerable side's melds below 75 are its baixada's."""
        return position(
            rules,
            players=2,
            phase="play",
            hands=[hand, 11],
            vulnerable=[True, False],
            melds=[[["Qc", "Kc", "Ac"]], []],
        )

    for jack, onto in (("Jh", 1), ("Jc", 0)):
        state = opened(["8h", "9h", "10h", jack, "4d", "7d", "3s"])
        state = apply(rules, state, Lay((cards("8h 9h 10h"),)))  # 65: the jack adds 10
        assert refused(rules, state, Discard(card("4d"))) == ("vulnerable_min_meld",)
        state = apply(rules, state, Extend(onto, (card(jack),)))
        ok(rules, state, Discard(card("4d")))
    state = opened(["8h", "9h", "10h", "5c", "4d", "7d", "3s"])  # nothing adds the 10 missing
    verdict = check(rules, state, Lay((cards("8h 9h 10h"),)))
    assert verdict.codes == ("vulnerable_min_meld",)
    assert verdict.reasons[0].params["points"] == 65


@pytest.mark.parametrize("counts", ["turn", "first_meld"])
def test_vulnerable_min_counts_pickup_meld(counts: str) -> None:
    """The lixo's pickup meld is part of the turn's baixada under "turn" (it counts with the
    melds laid after it); under "first_meld" it is the first meld and must reach 75 alone
    [003; option vulnerable_min_counts]."""
    rules = ruleset("fechado", vulnerable_min_meld_points=75, vulnerable_min_counts=counts)
    hand = ["3h", "4h", "8c", "9c", "10c", "Jc", "Qc", "Kc", "Ac", "9d", "6s"]
    state = position(
        rules, players=2, hands=[hand, 11], vulnerable=[True, False], lixo=["Kd", "5h"]
    )
    pickup = TakeLixo(new_meld=cards("3h 4h"))
    if counts == "first_meld":
        assert refused(rules, state, pickup) == ("vulnerable_min_meld",)
        return
    state = apply(rules, state, pickup)
    state = apply(rules, state, Lay((cards("8c 9c 10c Jc Qc Kc Ac"),)))  # 15 + 75
    ok(rules, state, Discard(card("9d")))


@pytest.mark.parametrize("preset", PRESETS)
def test_vulnerable_min_counts_first_meld(preset: str) -> None:
    """[003] "a primeira baixada", read as one meld (option vulnerable_min_counts=
    "first_meld"): one meld must reach 75 by itself; two smaller melds laid together do
    not, and once one meld has, the others are free."""
    rules = ruleset(preset, vulnerable_min_meld_points=75, vulnerable_min_counts="first_meld")
    state = vulnerable_turn(rules, VULNERABLE_HAND)
    verdict = check(rules, state, Lay((cards("3h 4h 5h"), cards("9c 10c Jc Qc Kc Ac"))))
    assert verdict.codes == ("vulnerable_min_meld",)
    assert verdict.reasons[0].params["points"] == 65 and verdict.reasons[0].params["needed"] == 75
    assert refused(rules, state, Lay((cards("3h 4h 5h"),))) == ("vulnerable_min_meld",)
    ok(rules, state, Lay((cards("3h 4h 5h"), cards("8c 9c 10c Jc Qc Kc Ac"))))
    state = apply(rules, state, Lay((cards("8c 9c 10c Jc Qc Kc Ac"),)))
    ok(rules, state, Lay((cards("3h 4h 5h"),)))


# --- the end of the round ------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("paid", [True, False])
def test_unused_indirect_morto_paid(preset: str, paid: bool) -> None:
    """A morto taken by an indirect beat, when the opponents go out before that player's next
    turn, is paid as if not taken [001; option unused_indirect_morto_paid]; off, it counts
    as taken [000: received at the beat] (its cards then count in the hand: the next test)."""
    rules = ruleset(preset, unused_indirect_morto_paid=paid)
    state = position(
        rules,
        players=2,
        turn=1,
        phase="play",
        hands=[11, ["3d"]],
        morto=[{"status": "waiting", "seat": 0}, "taken"],
        melds=[[], [["4s", "5s", "6s", "7s", "8s", "9s", "10s"]]],
        mortos=[],  # both sides took theirs: no pile left [issue 11]
    )
    after = apply(rules, state, Discard(card("3d")))
    assert after.phase is Phase.ENDED and after.sides[1].went_out
    score = round_score(rules, after)
    assert ("morto_not_taken" in items(score, 0)) is paid
    assert "morto_not_taken" not in items(score, 1)


MORTO_200 = ["JK", "JK", "As", "Ah", "Kd", "Kh", "Qd", "Qh", "Jd", "Jh", "10d"]  # 200 points


@pytest.mark.parametrize(
    ("options", "ender", "morto_in_hand"),
    [
        ({}, 1, False),  # [001]: paid as if never bought, its cards left out
        ({"unused_indirect_morto_paid": False}, 1, True),  # [000]: received at the beat
        ({"partner_may_go_out_while_morto_waits": True}, 2, True),  # [000, 001]
        # The opponents went out: still paid as if never bought [001], its cards left out.
        ({"partner_may_go_out_while_morto_waits": True}, 1, False),
    ],
)
def test_morto_received_at_the_indirect_beat_counts_in_the_hand(
    options: dict[str, Any], ender: int, morto_in_hand: bool
) -> None:
    """ "Quando se bate indireto, o jogador recebe o morto" [000]; "cada carta na mão do
    jogador vale o inverso" [000], "além das cartas que o jogador tiver em mãos" [001]: where
    the table reads the morto as received at the beat, a morto still waiting at the end of
    the round is in that player's hand, and its cards count against the side (it saved the
    -100, it pays its cards). Under the defaults it is paid as if never bought [001]."""
    rules = ruleset("fechado", **options)
    canastra = ["4s", "5s", "6s", "7s", "8s", "9s", "10s"]
    state = position(
        rules,
        turn=ender,
        phase="play",
        hands=[[], ["3d"], ["Qc"], ["3c", "4c", "5c"]],
        melds=[[canastra], [[c.replace("s", "h") for c in canastra]]],
        morto=[{"status": "waiting", "seat": 0, "cards": MORTO_200}, "taken"],
        mortos=[],
        lixo=["5h"],
    )
    after = apply(rules, state, Discard(card("Qc" if ender == 2 else "3d")))
    assert after.phase is Phase.ENDED
    side_a = items(round_score(rules, after), 0)
    partner_hand = -10 if ender == 1 else 0  # the Q♣ still in seat 3's hand
    assert side_a.get("hand_cards", 0) == partner_hand - (200 if morto_in_hand else 0)
    assert ("morto_not_taken" in side_a) is (not morto_in_hand)


@pytest.mark.parametrize("paid", [True, False])
def test_unused_indirect_morto_paid_not_when_the_stock_ends_the_round(paid: bool) -> None:
    """The sources speak only of the opponents going out [001]; when the stock ends the round
    the project counts the waiting morto as taken, under either value (rules reference)."""
    rules = ruleset("fechado", unused_indirect_morto_paid=paid)
    state = position(
        rules,
        players=2,
        phase="play",
        hands=[["Kc"], 11],
        mortos=[11],
        morto=["available", "taken"],
        rest_in_lixo="Qd",
    )
    verdict = ok(rules, state, Discard(card("Kc")))
    assert "indirect_beat" in verdict.codes and verdict.codes[-1] == "round_ended_stock_out"
    after = apply(rules, state, Discard(card("Kc")))
    assert after.sides[0].morto is MortoStatus.WAITING and after.phase is Phase.ENDED
    score = round_score(rules, after)
    assert "morto_not_taken" not in items(score, 0)
    assert "morto_not_taken" not in items(score, 1)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("penalty", [True, False])
def test_both_mortos_stock_penalty(preset: str, penalty: bool) -> None:
    """Both mortos became stock and no side took one: each side pays [000], or neither does
    [003] (option both_mortos_stock_penalty)."""
    rules = ruleset(preset, both_mortos_stock_penalty=penalty)
    state = position(
        rules,
        players=2,
        hands=[["9c", "3d"], 11],
        stock=1,
        mortos=[11],
        rest_in_lixo="Qd",
    )
    state = apply(rules, apply(rules, state, Draw()), Discard(card("9c")))
    assert [s.morto for s in state.sides] == [MortoStatus.STOCK, MortoStatus.STOCK]
    end = position(
        rules,
        players=2,
        hands=[["9c", "3d"], 11],
        stock=1,
        mortos=[],
        morto=["stock", "stock"],
        rest_in_lixo="Qd",
    )
    end = apply(rules, apply(rules, end, Draw()), Discard(card("9c")))
    assert end.ended_by is EndReason.STOCK_OUT
    score = round_score(rules, end)
    for side in (0, 1):
        assert ("morto_not_taken" in items(score, side)) is penalty


@pytest.mark.parametrize("preset", PRESETS)
def test_nobody_took_a_morto_going_out_possible_once_both_became_stock(preset: str) -> None:
    """With no morto taken by anyone, going out is possible only once both mortos became
    stock [001, 002]; before that, emptying the hand takes a morto."""
    rules = ruleset(preset)

    def table(morto: list[str], mortos: list[int]) -> State:
        return position(
            rules,
            players=2,
            phase="play",
            hands=[["9c"], 11],
            melds=[[CLEAN_CANASTRA], []],
            morto=morto,
            mortos=mortos,
            rest_in_lixo="Qd",
            stock=20,
        )

    both_stock = table(["stock", "stock"], [])
    verdict = ok(rules, both_stock, Discard(card("9c")))
    assert "went_out" in verdict.codes
    one_left = table(["available", "available"], [11])
    verdict = ok(rules, one_left, Discard(card("9c")))
    assert "indirect_beat" in verdict.codes and "went_out" not in verdict.codes


@pytest.mark.parametrize(
    ("preset", "built_up_kind"),
    [("aberto", "canastra_500"), ("fechado", "canastra_500"), ("stbl", "canastra_limpa")],
)
def test_canastra_500_laid_at_once_vs_built_up(preset: str, built_up_kind: str) -> None:
    """A 500 (A to K clean) scores 500 [000, 001, 002]; where it must be laid all at once
    (STBL), one built up over several moves is legal and scores as a limpa [002; option
    big_canastras_at_once]."""
    rules = ruleset(preset)
    clubs = ["Ac", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "Jc", "Qc", "Kc"]
    at_once = position(rules, players=2, phase="play", hands=[[*clubs, "9h", "9d"], 11])
    move = Lay((cards(" ".join(clubs)),))
    assert "canastra_500" in ok(rules, at_once, move).codes
    score = round_score(rules, apply(rules, at_once, move))
    assert items(score, 0)["canastra_500"] == 500

    built = position(
        rules,
        players=2,
        phase="play",
        hands=[["Kc", "9h", "9d"], 11],
        melds=[[clubs[:-1]], []],
    )
    verdict = ok(rules, built, Extend(0, cards("Kc")))
    assert built_up_kind in verdict.codes
    assert ("big_canastra_built_up" in verdict.codes) is (built_up_kind == "canastra_limpa")
    score = round_score(rules, apply(rules, built, Extend(0, cards("Kc"))))
    expected = 500 if built_up_kind == "canastra_500" else 200
    assert items(score, 0)[built_up_kind] == expected


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("bonus", [100, 50])
def test_batida_score_adds_batida_points(preset: str, bonus: int) -> None:
    """Going out scores the batida bonus: 100 [000, 001, 002, 003], 50 at some tables [003]
    (option batida_points); the items sum to the side's total."""
    rules = ruleset(preset, batida_points=bonus)
    state = position(
        rules,
        players=2,
        phase="play",
        hands=[["Jh"], 11],
        melds=[[CLEAN_CANASTRA], []],
        mortos=[11],
        morto=["taken", "available"],
    )
    verdict = ok(rules, state, Extend(0, cards("Jh")))
    assert param(verdict, "went_out", "points") == bonus
    after = apply(rules, state, Extend(0, cards("Jh")))
    assert after.phase is Phase.ENDED and after.ended_by is EndReason.BATIDA
    score = round_score(rules, after)
    side = items(score, 0)
    assert side["batida"] == bonus
    # 4h..Jh on the table: 4 x 5 + 4 x 10 card points, a clean canastra, the batida.
    assert score.sides[0].total == 60 + 200 + bonus == sum(side.values())
    assert "batida" not in items(score, 1)
    assert refused(rules, after, Draw(seat=1)) == ("round_over",)


def test_every_reason_code_has_messages() -> None:
    """Every code the core can give (codes.Code) explains itself in pt-BR and English
    (DESIGN.md)."""
    codes = set(Code)
    assert len(codes) > 60
    explained = {key.removeprefix("reason.") for key in catalog("pt") if key.startswith("reason.")}
    assert codes <= explained, sorted(codes - explained)


def test_every_reason_code_names_its_sources() -> None:
    """Each code declares its sources once: seed files, options, or the project's reading
    where no source says it [issue 12, Corrections]."""
    for code in Code:
        assert code.sources, code
        for source in code.sources:
            option = source.removeprefix("option:")
            assert source in (*ALL_SEEDS, PROJECT) or option in OPTION_NAMES, (code, source)


@pytest.mark.parametrize("preset", PRESETS)
def test_going_out_needs_the_morto_and_the_canastra_the_variant_asks(preset: str) -> None:
    """The batida final needs the side's morto [001, 002, 003] and a clean canastra in Aberto
    and STBL, any canastra in Fechado [000, 001, 002, 003; option go_out_requires]; the
    at-the-table lookup names exactly what is missing."""
    rules = ruleset(preset)
    suja = ["4h", "5h", "2c", "7h", "8h", "9h", "10h"]
    taken = position(
        rules, players=2, phase="play", hands=[1, 11], melds=[[suja], []],
        mortos=[11], morto=["taken", "available"],
    )  # fmt: skip
    verdict = go_out_verdict(rules, taken, 0)
    if preset == "fechado":
        assert verdict.ok and verdict.codes == ("may_go_out",)
    else:
        assert not verdict.ok and verdict.codes == ("go_out_needs_clean_canastra",)
    untaken = position(rules, players=2, phase="play", hands=[1, 11], melds=[[CLEAN_CANASTRA], []])
    assert go_out_verdict(rules, untaken, 0).codes == ("go_out_needs_morto",)
