"""Every reason code of the core, grouped by rule, each with the sources it rests on.

A code's value is the stable string that JSON and the message tables use. Its sources are
declared here once: seed files ("000" .. "003", see the project's sources), rule options
("option:go_out_by"), or "project" where no source says it and the project decided (the
rules reference says so).

>>> Code.GAP, Code.GAP.sources
(<Code.GAP: 'gap'>, ('000', '001', '003'))
"""

from __future__ import annotations

from enum import StrEnum

ALL_SEEDS = ("000", "001", "002", "003")
PROJECT = "project"  # the project's reading where no source speaks

# The rule groups' usual sources; a code that rests on fewer or more names them itself.
_TURN = ALL_SEEDS  # draw, meld, discard [000, 001, 002, 003]
_TABLE = ("000",)  # melds on the table: extended, never merged, cards never return
_SIDES = ("000", "002", "003")  # partners share melds; nobody touches the opponents'
_SEQUENCE = ("000", "001", "003")  # one suit, consecutive, the ace low or high, no wrap
_TRINCA = ("000", "001", "003")
_ONE_WILD = ("000", "003")  # at most one wild per meld
_NATURAL_TWO = ALL_SEEDS  # a same-suit 2 in its natural place is no wild
_CANASTRA = ALL_SEEDS
_BIG_CANASTRA = ("000", "001", "002")
# The justified lixo pickup (Fechado, STBL): [000] says it of both, "compra justificada".
_PICKUP = ("000", "002", "003", "option:pickup")
_MORTO_BEAT = ("000", "001", "003")  # direct and indirect beats
_GO_OUT = ("001", "002", "003")  # the batida final needs the side's morto
_STOCK_OUT = ("000", "001", "003")  # a morto becomes the stock


class Code(StrEnum):
    """A reason's stable code; `sources` are what the rule rests on."""

    sources: tuple[str, ...]

    def __new__(cls, value: str, sources: tuple[str, ...]) -> Code:
        member = str.__new__(cls, value)
        member._value_ = value
        member.sources = sources
        return member

    # --- the turn: draw, meld, discard
    ROUND_OVER = "round_over", _TURN
    NOT_YOUR_TURN = "not_your_turn", _TURN
    MUST_DRAW_FIRST = "must_draw_first", _TURN
    ALREADY_DREW = "already_drew", _TURN
    DREW = "drew", _TURN
    CARD_NOT_IN_HAND = "card_not_in_hand", _TURN
    DISCARDED = "discarded", _TURN
    LIXO_EMPTY = "lixo_empty", _TURN

    # --- taking the lixo
    TOOK_LIXO = "took_lixo", ("000", "option:pickup")
    PICKUP_NEEDS_JUSTIFICATION = "pickup_needs_justification", _PICKUP
    PICKUP_ONE_JUSTIFICATION = "pickup_one_justification", _PICKUP
    PICKUP_CARDS_NEED_EXTEND = "pickup_cards_need_extend", _PICKUP
    PICKUP_TOP_CARD_NOT_USED = "pickup_top_card_not_used", _PICKUP
    PICKUP_NEEDS_TWO_FROM_HAND = "pickup_needs_two_from_hand", ("003", "option:pickup")
    WILD_TOP_CARD_NEW_MELD_ONLY = (
        "wild_top_card_new_meld_only",
        (
            "002",
            "003",
            "option:wild_top_card_new_meld_only",
            "option:two_on_lixo_may_sit_natural",
        ),
    )
    TOOK_LIXO_NEW_MELD = "took_lixo_new_meld", _PICKUP
    TOOK_LIXO_EXTEND = "took_lixo_extend", _PICKUP

    # --- melds on the table: laid, extended, whose
    NO_CARDS = "no_cards", _TABLE
    TOO_FEW_CARDS = "too_few_cards", _TABLE
    LAID_MELD = "laid_meld", _TABLE
    EXTENDED_MELD = "extended_meld", _SIDES
    NO_SUCH_MELD = "no_such_meld", _SIDES
    NOT_YOUR_MELD = "not_your_meld", _SIDES
    WILD_MOVED = "wild_moved", _TABLE
    WILD_EITHER_END = "wild_either_end", _TABLE
    WILD_HAS_NO_PLACE = "wild_has_no_place", _TABLE

    # --- the deck
    MORE_COPIES_THAN_DECK = "more_copies_than_deck", ALL_SEEDS
    NO_JOKERS_IN_DECK = "no_jokers_in_deck", ("003", "option:jokers_in_deck")

    # --- sequences
    VALID_SEQUENCE = "valid_sequence", _SEQUENCE
    MIXED_SUITS = "mixed_suits", _SEQUENCE
    DUPLICATE_RANK = "duplicate_rank", _SEQUENCE
    GAP = "gap", _SEQUENCE
    WRAP_AROUND = "wrap_around", _SEQUENCE
    TOO_LONG = "too_long", _SEQUENCE

    # --- trincas (lavadeiras)
    VALID_TRINCA = "valid_trinca", (*_TRINCA, "option:trincas")
    TRINCAS_NOT_ALLOWED = "trincas_not_allowed", (*_TRINCA, "option:trincas")
    TRINCA_RANKS_DIFFER = "trinca_ranks_differ", _TRINCA
    # [003] "naipes diferentes"; [000] "independente do naipe" is the other value.
    TRINCA_SUIT_REPEATED = "trinca_suit_repeated", ("003", "option:trinca_suits")
    # [001] does not speak of wilds in trincas [issue 12].
    WILD_IN_TRINCA = "wild_in_trinca", ("000", "003")

    # --- wilds: one per meld
    WILD_STANDS_FOR = "wild_stands_for", _ONE_WILD
    ONLY_WILDS = "only_wilds", _ONE_WILD
    TWO_WILDS = "two_wilds", _ONE_WILD
    WILD_TWO_BESIDE_NATURAL_TWO = (
        "wild_two_beside_natural_two",
        ("000", "option:wild_two_beside_natural_two"),
    )

    # --- the natural 2
    NATURAL_TWO = "natural_two", _NATURAL_TWO
    TWO_MAY_BECOME_NATURAL = "two_may_become_natural", _NATURAL_TWO
    TWO_MOVED_TO_NATURAL = "two_moved_to_natural", _NATURAL_TWO
    # No source says a natural 2 never turns wild again: the project's reading [issue 12].
    NATURAL_TWO_STAYS = "natural_two_stays", (PROJECT,)

    # --- canastras
    NOT_CANASTRA_YET = "not_canastra_yet", _CANASTRA
    CANASTRA_LIMPA = "canastra_limpa", _CANASTRA
    CANASTRA_SUJA = "canastra_suja", _CANASTRA
    CANASTRA_500 = "canastra_500", _BIG_CANASTRA
    CANASTRA_REAL = "canastra_real", _BIG_CANASTRA
    CANASTRA_REAL_EIGHT = "canastra_real_eight", ("003", "option:eight_of_a_kind_real")
    BIG_CANASTRA_BUILT_UP = "big_canastra_built_up", ("002", "option:big_canastras_at_once")
    VULNERABLE_MIN_MELD = (
        "vulnerable_min_meld",
        ("003", "option:vulnerable_min_meld_points", "option:vulnerable_min_counts"),
    )

    # --- the morto: direct and indirect beats
    DIRECT_BEAT = "direct_beat", _MORTO_BEAT
    INDIRECT_BEAT = "indirect_beat", _MORTO_BEAT
    MORTO_PICKED_UP = "morto_picked_up", _MORTO_BEAT

    # --- going out (the batida final)
    WENT_OUT = "went_out", ALL_SEEDS  # the batida final and its 100 points [000, 001, 002, 003]
    MAY_GO_OUT = "may_go_out", _GO_OUT
    CANNOT_GO_OUT = "cannot_go_out", _GO_OUT
    LAST_CARD_TRAP = "last_card_trap", _GO_OUT
    GO_OUT_NEEDS_MORTO = "go_out_needs_morto", _GO_OUT
    # [003] has the morto picked up at the player's next turn; [001] has it received at the
    # beat, the other reading [issue 12].
    GO_OUT_MORTO_WAITING = (
        "go_out_morto_waiting",
        ("003", "option:partner_may_go_out_while_morto_waits"),
    )
    GO_OUT_NEEDS_CLEAN_CANASTRA = (
        "go_out_needs_clean_canastra",
        (*ALL_SEEDS, "option:go_out_requires"),
    )
    # Any canastra, clean or dirty: [003] says it so of Fechado, after Pagat.
    GO_OUT_NEEDS_CANASTRA = (
        "go_out_needs_canastra",
        ("000", "001", "003", "option:go_out_requires"),
    )
    GO_OUT_MUST_DISCARD = "go_out_must_discard", ("003", "option:go_out_by")

    # --- the stock running out
    STOCK_EMPTY = "stock_empty", _STOCK_OUT
    MORTO_BECAME_STOCK = "morto_became_stock", _STOCK_OUT
    ROUND_ENDED_STOCK_OUT = "round_ended_stock_out", ("002", "003")


# What a legal move made happen (drew, laid, a beat, the morto became the stock, went out):
# the verdict's events, told among its reasons in the order they happened.
EVENTS: frozenset[Code] = frozenset(
    {
        Code.DREW,
        Code.TOOK_LIXO,
        Code.TOOK_LIXO_NEW_MELD,
        Code.TOOK_LIXO_EXTEND,
        Code.LAID_MELD,
        Code.EXTENDED_MELD,
        Code.WILD_MOVED,
        Code.TWO_MOVED_TO_NATURAL,
        Code.DISCARDED,
        Code.DIRECT_BEAT,
        Code.INDIRECT_BEAT,
        Code.MORTO_PICKED_UP,
        Code.MORTO_BECAME_STOCK,
        Code.ROUND_ENDED_STOCK_OUT,
        Code.WENT_OUT,
    }
)


# Where a case of a code rests on other sources than the code (codes and their sources are
# the contract; a case only narrows the wording): the lixo taken freely in Aberto, "sem
# justificada" [000], not the justified pickup of [000, 002, 003].
_FREE_PICKUP = ("000", "option:pickup")
CASE_SOURCES: dict[tuple[Code, str], tuple[str, ...]] = {
    (Code.TOOK_LIXO_NEW_MELD, "free"): _FREE_PICKUP,
    (Code.TOOK_LIXO_EXTEND, "free"): _FREE_PICKUP,
    (Code.PICKUP_TOP_CARD_NOT_USED, "free"): _FREE_PICKUP,
    # A joker or another 2 where a wild 2 of the meld's suit stands: one wild per meld [000,
    # 003], and the 2 goes home only for natural cards [000, 001, 002, 003].
    (Code.TWO_WILDS, "two_not_home"): ALL_SEEDS,
    # A joker on top of the lixo: the wild-top-card rule alone [002, 003]; the option for a
    # 2 that could sit in its natural place is the 2's (a joker is never a 2).
    (Code.WILD_TOP_CARD_NEW_MELD_ONLY, "joker"): (
        "002",
        "003",
        "option:wild_top_card_new_meld_only",
    ),
}
