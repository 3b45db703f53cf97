"""Reason code -> message, in Brazilian Portuguese (default) and English.

Messages are templates over a reason's params. Cards print with suit symbols, suits by name.
Buraco's own words (canastra, lixo, morto, batida, trinca) stay in both languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from buraco_core.cards import Card, Suit
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.verdict import Reason

Lang = Literal["pt", "en"]
LANGS: tuple[Lang, ...] = ("pt", "en")

SUIT_NAMES: dict[Lang, dict[Suit, str]] = {
    "pt": {
        Suit.CLUBS: "paus",
        Suit.DIAMONDS: "ouros",
        Suit.HEARTS: "copas",
        Suit.SPADES: "espadas",
    },
    "en": {
        Suit.CLUBS: "clubs",
        Suit.DIAMONDS: "diamonds",
        Suit.HEARTS: "hearts",
        Suit.SPADES: "spades",
    },
}

# code -> (pt, en). Keep each short; name the rule; say how to fix where it helps.
MESSAGES: dict[str, tuple[str, str]] = {
    # --- melds: valid
    "valid_sequence": (
        "Sequência válida de {count} cartas de {suit}, do {low} ao {high}.",
        "A valid sequence of {count} {suit}, from {low} to {high}.",
    ),
    "valid_trinca": (
        "Trinca (lavadeira) válida: {count} cartas de valor {rank}.",
        "A valid trinca (lavadeira): {count} cards of rank {rank}.",
    ),
    "natural_two": (
        "O {card} está na sua posição natural (entre o Ás e o 3): ali ele não é curinga.",
        "The {card} stands in its natural place (between the ace and the 3): there it is "
        "not a wild.",
    ),
    "wild_stands_for": (
        "O curinga {wild} está no lugar do {as_card}.",
        "The wild {wild} stands for the {as_card}.",
    ),
    "wild_either_end": (
        "O curinga pode ficar em qualquer ponta: {options}.",
        "The wild may stand at either end: {options}.",
    ),
    "two_may_become_natural": (
        "O {card} é do naipe do jogo: quando a sequência chegar ao 2, ele volta à posição "
        "natural e o jogo fica limpo.",
        "The {card} is of the meld's suit: when the sequence reaches the 2, it returns to its "
        "natural place and the meld turns clean.",
    ),
    "wild_in_trinca": (
        "O curinga {wild} completa a trinca (no máximo um curinga por jogo).",
        "The wild {wild} completes the trinca (at most one wild per meld).",
    ),
    "not_canastra_yet": (
        "Ainda não é canastra: {count} cartas, faltam {missing} para chegar a 7.",
        "Not a canastra yet: {count} cards, {missing} more to reach 7.",
    ),
    "canastra_limpa": (
        "Canastra limpa: {count} cartas, sem curinga.",
        "Canastra limpa (clean): {count} cards, no wild.",
    ),
    "canastra_suja": (
        "Canastra suja: {count} cartas, com o curinga {wild}.",
        "Canastra suja (dirty): {count} cards, with the wild {wild}.",
    ),
    "canastra_500": (
        "Canastra de 500: do Ás ao Rei, {count} cartas, sem curinga.",
        "Canastra de 500: ace to king, {count} cards, no wild.",
    ),
    "canastra_real": (
        "Canastra real: de Ás a Ás, {count} cartas, sem curinga.",
        "Canastra real: ace to ace, {count} cards, no wild.",
    ),
    "canastra_real_eight": (
        "Oito cartas iguais: com esta regra da casa, contam como canastra real.",
        "Eight equal cards: under this house rule they count as a canastra real.",
    ),
    "big_canastra_built_up": (
        "Nesta mesa a canastra de 500 ou real precisa ser baixada de uma vez; montada aos "
        "poucos, ela conta como limpa.",
        "At this table a 500 or real canastra must be laid all at once; built up over several "
        "moves, it counts as a limpa.",
    ),
    "two_moved_to_natural": (
        "O {card} voltou para a sua posição natural: o jogo agora está limpo.",
        "The {card} moved back to its natural place: the meld is now clean.",
    ),
    "wild_moved": (
        "A carta natural ocupou o lugar do curinga: o {wild} saiu do {from} e agora vale {to}.",
        "The natural card took the wild's place: the {wild} moved from the {from} and now "
        "stands for the {to}.",
    ),
    # --- melds: invalid
    "too_few_cards": (
        "Um jogo novo precisa de pelo menos {needed} cartas; aqui há {count}.",
        "A new meld needs at least {needed} cards; there are {count}.",
    ),
    "no_cards": (
        "Nenhuma carta foi escolhida.",
        "No card was chosen.",
    ),
    "more_copies_than_deck": (
        "Há {count} cópias do {card}, mas o baralho só tem {copies}.",
        "There are {count} copies of the {card}, but the deck holds only {copies}.",
    ),
    "only_wilds": (
        "Só há curingas ({cards}): um jogo precisa de cartas naturais.",
        "There are only wilds ({cards}): a meld needs natural cards.",
    ),
    "mixed_suits": (
        "Naipes misturados ({suits}): uma sequência é de um naipe só.",
        "Suits mixed ({suits}): a sequence is of one suit only.",
    ),
    "duplicate_rank": (
        "Carta repetida na sequência: {cards}. Cada posição só aceita uma carta.",
        "A rank twice in the sequence: {cards}. Each place takes one card only.",
    ),
    "two_wilds": (
        "Dois curingas no mesmo jogo ({wilds}): cada jogo aceita no máximo um.",
        "Two wilds in one meld ({wilds}): a meld takes one at most.",
    ),
    "wild_two_beside_natural_two": (
        "O {wild} não pode ser curinga num jogo que já tem o {natural} na posição natural.",
        "The {wild} cannot be a wild in a meld that already has the {natural} in its natural "
        "place.",
    ),
    "gap": (
        "Falta carta na sequência: {missing}.",
        "The sequence has a gap: {missing} missing.",
    ),
    "wrap_around": (
        "A sequência não dá a volta (K-A-2): o Ás fica antes do 2 ou depois do Rei.",
        "A sequence does not wrap around (K-A-2): the ace goes before the 2 or after the king.",
    ),
    "too_long": (
        "Longo demais: {count} cartas, e uma sequência vai no máximo de Ás a Ás ({most}).",
        "Too long: {count} cards, and a sequence runs at most from ace to ace ({most}).",
    ),
    "trincas_not_allowed": (
        "Trinca (lavadeira) não vale nesta variante: só sequências do mesmo naipe.",
        "Trincas (lavadeiras) are not allowed in this variant: sequences of one suit only.",
    ),
    "trinca_ranks_differ": (
        "Numa trinca todas as cartas têm o mesmo valor; aqui há {ranks}.",
        "In a trinca all cards have the same rank; here there are {ranks}.",
    ),
    "natural_two_stays": (
        "O {card} já está na posição natural e não volta a ser curinga.",
        "The {card} already stands in its natural place and cannot become a wild again.",
    ),
    "wild_has_no_place": (
        "O {as_card} tomaria o lugar do curinga {wild}, mas a sequência já vai de Ás a Ás: "
        "não há ponta livre para o curinga, e ele não sai da mesa.",
        "The {as_card} would take the place of the wild {wild}, but the sequence already "
        "runs from ace to ace: the wild has no free end to go to, and it never leaves the "
        "table.",
    ),
    "no_jokers_in_deck": (
        "Nesta mesa o baralho não tem curingas (104 cartas): só os 2 são curingas.",
        "At this table the deck has no jokers (104 cards): only the 2s are wild.",
    ),
}


# Moves of a round (judge.py).
MESSAGES |= {
    "round_over": ("A rodada já acabou.", "The round is over."),
    "not_your_turn": (
        "Não é a vez do jogador {seat}: quem joga agora é o jogador {turn}.",
        "It is not player {seat}'s turn: player {turn} is on turn.",
    ),
    "must_draw_first": (
        "Primeiro compre: do monte ou o lixo. Só depois se baixa e se descarta.",
        "Draw first: from the stock or the lixo. Only then meld and discard.",
    ),
    "already_drew": (
        "Você já comprou nesta vez: agora baixe jogos ou descarte.",
        "You have already drawn this turn: now meld or discard.",
    ),
    "stock_empty": (
        "O monte acabou e não há morto para virar monte.",
        "The stock is empty and no morto is left to replace it.",
    ),
    "lixo_empty": ("O lixo está vazio.", "The lixo is empty."),
    "drew": ("Comprou do monte: {card}.", "Drew from the stock: {card}."),
    "card_not_in_hand": (
        "Estas cartas não estão na mão: {cards}.",
        "These cards are not in the hand: {cards}.",
    ),
    "no_such_meld": (
        "Não há jogo número {number} na mesa da dupla (há {count}).",
        "There is no meld number {number} on the side's table (there are {count}).",
    ),
    "not_your_meld": (
        "Esse jogo é da outra dupla: só se mexe nos jogos da própria dupla.",
        "That meld belongs to the other side: you may only add to your own side's melds.",
    ),
    "pickup_needs_justification": (
        "Nesta variante o lixo só é pego se a carta de cima ({top}) entrar num jogo na mesma "
        "jogada: num jogo novo ou num que já está na mesa.",
        "In this variant the lixo is taken only if its top card ({top}) goes into a meld in the "
        "same move: a new meld or one already on the table.",
    ),
    "pickup_one_justification": (
        "Escolha um jeito de usar a carta de cima: jogo novo ou jogo da mesa, não os dois.",
        "Choose one use of the top card: a new meld or a table meld, not both.",
    ),
    "pickup_cards_need_extend": (
        "Cartas da mão só acompanham a de cima do lixo num jogo da mesa: diga em qual.",
        "Cards from the hand go with the lixo's top card onto a table meld only: say which.",
    ),
    "pickup_top_card_not_used": (
        "A carta de cima do lixo ({top}) não forma jogo assim, então o lixo não pode ser pego.",
        "The lixo's top card ({top}) does not make a meld this way, so the lixo cannot be taken.",
    ),
    "pickup_needs_two_from_hand": (
        "Nesta mesa, para pegar o lixo, são precisas duas cartas da mão que formem sequência "
        "com a de cima ({top}).",
        "At this table, taking the lixo needs two cards from the hand that form a sequence "
        "with the top card ({top}).",
    ),
    "wild_top_card_new_meld_only": (
        "Com um curinga ({top}) no topo, o lixo só é pego para começar um jogo novo com ele.",
        "With a wild ({top}) on top, the lixo is taken only to start a new meld with it.",
    ),
    "took_lixo": ("Pegou o lixo inteiro: {count} cartas.", "Took the whole lixo: {count} cards."),
    "took_lixo_new_meld": (
        "Pegou o lixo ({count} cartas) justificando com um jogo novo com o {top}.",
        "Took the lixo ({count} cards), justified by a new meld with the {top}.",
    ),
    "took_lixo_extend": (
        "Pegou o lixo ({count} cartas) justificando com o {top} num jogo da mesa.",
        "Took the lixo ({count} cards), justified by the {top} on a table meld.",
    ),
    "laid_meld": ("Baixou o jogo {cards}.", "Laid the meld {cards}."),
    "extended_meld": ("Acrescentou {cards} ao jogo {number}.", "Added {cards} to meld {number}."),
    "discarded": ("Descartou o {card}: a vez passa.", "Discarded the {card}: the turn passes."),
    "direct_beat": (
        "Batida direta: a mão acabou na mesa, então pega o morto agora e continua jogando, "
        "sem comprar, até descartar.",
        "Direct beat: the hand went onto the table, so the player takes the morto now and goes "
        "on playing, without drawing, until the discard.",
    ),
    "indirect_beat": (
        "Batida indireta: a última carta foi para o lixo; o morto espera a próxima vez deste "
        "jogador.",
        "Indirect beat: the last card went to the lixo; the morto waits for this player's next "
        "turn.",
    ),
    "morto_picked_up": (
        "O jogador {seat} pega o morto que esperava por ele.",
        "Player {seat} picks up the morto that was waiting.",
    ),
    "morto_became_stock": (
        "O monte acabou: um morto que ninguém pegou virou o novo monte.",
        "The stock ran out: a morto nobody took became the new stock.",
    ),
    "round_ended_stock_out": (
        "O monte acabou e não há mais morto: a rodada termina, sem bônus de batida.",
        "The stock ran out with no morto left: the round ends, with no batida bonus.",
    ),
    "went_out": (
        "Batida final! A rodada termina e a dupla ganha {points} pontos de batida.",
        "Going out (batida final)! The round ends and the side scores {points} for it.",
    ),
    "may_go_out": (
        "A dupla pode bater: tem o morto e a canastra que a mesa pede. A batida vale {points}.",
        "The side may go out: it has its morto and the canastra the table asks for. Going out "
        "scores {points}.",
    ),
    "cannot_go_out": (
        "Esta jogada acabaria com as cartas da mão, mas a dupla ainda não pode bater:",
        "This move would empty the hand, but the side may not go out yet:",
    ),
    "last_card_trap": (
        "Sobraria uma só carta, que só sairia batendo, e a dupla ainda não pode bater:",
        "It would leave a single card, which could only go by going out, and the side may not "
        "go out yet:",
    ),
    "go_out_needs_morto": (
        "falta pegar o morto da dupla.",
        "the side has not taken its morto.",
    ),
    "go_out_morto_waiting": (
        "o morto da dupla ainda espera a próxima vez de quem bateu indireto.",
        "the side's morto is still waiting for the next turn of the player who beat indirectly.",
    ),
    "go_out_needs_clean_canastra": (
        "falta uma canastra limpa na mesa da dupla.",
        "the side has no clean canastra (canastra limpa) on the table.",
    ),
    "go_out_needs_canastra": (
        "falta uma canastra (limpa ou suja) na mesa da dupla.",
        "the side has no canastra (limpa or suja) on the table.",
    ),
    "go_out_must_discard": (
        "nesta mesa só se bate descartando a última carta: guarde uma para o lixo.",
        "at this table you go out only by discarding the last card: keep one for the lixo.",
    ),
    "vulnerable_min_meld": (
        "A dupla está vulnerável: a primeira baixada precisa somar {needed} pontos em cartas, "
        "e esta soma {points}.",
        "The side is vulnerable: its first meld must total {needed} card points, and this one "
        "totals {points}.",
    ),
}


def _format_value(value: Any, lang: Lang) -> str:
    if isinstance(value, Reason):
        return message(value, lang)
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Suit):
        return SUIT_NAMES[lang][value]
    if isinstance(value, bool):
        return ("sim" if value else "não") if lang == "pt" else ("yes" if value else "no")
    if isinstance(value, list | tuple):
        return ", ".join(_format_value(v, lang) for v in value)
    return str(value)


class _Params(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def message(reason: Reason, lang: Lang = "pt") -> str:
    """The reason as a sentence in the language; an unknown code falls back to the code."""
    templates = MESSAGES.get(reason.code)
    if templates is None:
        return reason.code
    template = templates[0] if lang == "pt" else templates[1]
    return template.format_map(_Params(_formatted(reason.params, lang)))


def _formatted(params: Mapping[str, Any], lang: Lang) -> dict[str, str]:
    return {k: _format_value(v, lang) for k, v in params.items()}


# Input error code -> (pt, en): what was wrong, without the path (errors.BuracoInputError).
ERROR_MESSAGES: dict[str, tuple[str, str]] = {
    InputCode.NOT_A_CARD: (
        "não é uma carta: uma carta é um valor A 2 3 4 5 6 7 8 9 10 J Q K (ou T para o 10) "
        "seguido de um naipe c d h s (ou ♣ ♦ ♥ ♠), por exemplo 4h, 10♠, Td; o curinga é JK",
        "not a card: a card is a rank A 2 3 4 5 6 7 8 9 10 J Q K (or T for 10) followed by a "
        "suit c d h s (or ♣ ♦ ♥ ♠), for example 4h, 10♠, Td; a joker is JK",
    ),
    InputCode.IMPOSSIBLE_CARD: (
        "essa carta não existe: o valor vai de 1 (Ás) a 13 (Rei), com um naipe",
        "no such card: the rank must be 1 (ace) to 13 (king), with a suit",
    ),
    InputCode.TOO_MANY_COPIES: (
        "o {card} aparece {count} vezes, mas o baralho só tem {copies}",
        "{card} appears {count} times, but the deck holds {copies}",
    ),
    InputCode.CANNOT_READ: ("não foi possível ler: {detail}", "cannot read: {detail}"),
    InputCode.NOT_JSON: ("não é JSON válido: {detail}", "not valid JSON: {detail}"),
    InputCode.NOT_TOML: ("não é TOML válido: {detail}", "not valid TOML: {detail}"),
    InputCode.UNKNOWN_FIELD: (
        "campo desconhecido; campos: {fields}",
        "unknown field; fields: {fields}",
    ),
    InputCode.MISSING: ("campo obrigatório ausente", "missing"),
    InputCode.REQUIRED_FOR_MOVE: (
        "obrigatório numa jogada “{move}”",
        "required for a '{move}' move",
    ),
    InputCode.EXPECTED_OBJECT: (
        "esperava um objeto JSON com {fields}",
        "expected a JSON object with {fields}",
    ),
    InputCode.EXPECTED_LIST: ("esperava uma lista, veio {got}", "expected a list, got {got}"),
    InputCode.EXPECTED_BOOL: (
        "esperava true ou false, veio {got}",
        "expected true or false, got {got}",
    ),
    InputCode.EXPECTED_TEXT: ("esperava um texto não vazio", "expected a non-empty text"),
    InputCode.EXPECTED_NUMBER: (
        "esperava um número inteiro",
        "expected a whole number",
    ),
    InputCode.NOT_ONE_OF: (
        "valor {value} inválido; valores possíveis: {allowed}",
        "bad value {value}; allowed: {allowed}",
    ),
    InputCode.TOO_SMALL: (
        "valor {value} pequeno demais: precisa ser maior ou igual a {least}",
        "bad value {value}: should be greater than or equal to {least}",
    ),
    InputCode.TOO_LARGE: (
        "valor {value} grande demais: precisa ser menor ou igual a {most}",
        "bad value {value}: should be less than or equal to {most}",
    ),
    InputCode.INVALID: ("valor inválido: {detail}", "{detail}"),
    InputCode.UNKNOWN_RULES: (
        "conjunto de regras desconhecido; use aberto, fechado ou stbl (ou um nome como "
        "“buraco fechado”, “sem trinca batida limpa”)",
        "unknown rule set; use aberto, fechado or stbl (or a name such as 'buraco fechado', "
        "'sem trinca batida limpa')",
    ),
    InputCode.UNKNOWN_OPTION: (
        "opção desconhecida; opções: {options}",
        "unknown option; options: {options}",
    ),
    InputCode.UNKNOWN_OPTION_CLOSE: (
        "opção desconhecida (seria “{close}”?); opções: {options}",
        "unknown option (did you mean '{close}'?); options: {options}",
    ),
    InputCode.PRESET_AS_OPTION: (
        "escolha a variante pelo nome, não como opção",
        "choose the preset by name, not as an option",
    ),
    InputCode.BAD_ASSIGNMENT: (
        "esperava OPTION=VALUE (opção=valor), por exemplo joker_points=20",
        "expected OPTION=VALUE, e.g. joker_points=20",
    ),
    InputCode.UNKNOWN_LANGUAGE: (
        "idioma desconhecido; use pt ou en",
        "unknown language; use pt or en",
    ),
    InputCode.NO_SIDES: (
        "uma rodada precisa de uma lista de duplas, não vazia",
        "expected a non-empty list of sides",
    ),
    InputCode.SIDE_NAMES_REPEAT: (
        "os nomes das duplas precisam ser diferentes: {names}",
        "side names must differ: {names}",
    ),
    InputCode.TWO_WENT_OUT: (
        "só uma dupla pode bater (went_out) numa rodada",
        "only one side can go out (went_out) in a round",
    ),
    InputCode.NOT_A_MELD: ("não é um jogo válido: {reason}", "not a valid meld: {reason}"),
    InputCode.WRONG_SCORE_COUNT: (
        "esperava {expected} resultados, vieram {got}",
        "expected {expected} scores, got {got}",
    ),
    InputCode.PLAYERS: (
        "Buraco é para 2 ou 4 jogadores, não {players}",
        "Buraco is for 2 or 4 players, not {players}",
    ),
    InputCode.HAND_COUNT: (
        "esperava {players} mãos, uma por jogador",
        "expected {players} hands, one per seat",
    ),
    InputCode.NO_SUCH_SEAT: (
        "o lugar {seat} não existe com {players} jogadores (contando de 0)",
        "seat {seat} does not exist with {players} players (counting from 0)",
    ),
    InputCode.PER_SIDE: (
        "esperava 2 itens, um por dupla",
        "expected 2 entries, one per side",
    ),
    InputCode.TOO_MANY_MORTOS: ("no máximo 2 mortos", "at most 2 piles"),
    InputCode.HIDDEN_CARDS_SHORT: (
        "precisa de {count} cartas escondidas, mas só sobram {left} no baralho",
        "needs {count} hidden cards but only {left} are left in the deck",
    ),
    InputCode.CARDS_NOWHERE: (
        "as contagens deixam {count} das {deck} cartas em lugar nenhum; omita “stock” para "
        "pôr ali todas as cartas que sobram",
        "the counts leave {count} of the {deck} cards nowhere; leave 'stock' out to put every "
        "remaining card there",
    ),
    InputCode.WAITING_MORTO_SEAT: (
        "um morto que espera precisa de um lugar desta dupla",
        "a waiting morto needs a seat of this side",
    ),
    InputCode.NOT_WAITING: (
        "lugar e cartas só cabem num morto que espera",
        "seat and cards belong to a waiting morto only",
    ),
    InputCode.NEEDS_POSITION: (
        "esta tarefa precisa de uma posição",
        "this task needs a position",
    ),
    InputCode.NO_SUCH_RULE_POINT: (
        "não há ponto de regra com esse nome",
        "no such rule point",
    ),
    InputCode.WRONG_TASK: (
        "esta tarefa não é do tipo {wanted}",
        "this task is not of the kind {wanted}",
    ),
}


def error_problem(error: BuracoInputError, lang: Lang = "pt") -> str:
    """What was wrong, in the language, without the path. Cards print as they are typed
    (`Kh`): the message points at what the person wrote."""
    pt, en = ERROR_MESSAGES[error.code]
    values = {k: str(v) if isinstance(v, Card) else v for k, v in error.values.items()}
    return (pt if lang == "pt" else en).format_map(_Params(_formatted(values, lang)))


def error_message(error: BuracoInputError, lang: Lang = "pt") -> str:
    """The error as one line in the language: `sides[0].melds[1]: ...`."""
    problem = error_problem(error, lang)
    return f"{error.path}: {problem}" if error.path else problem


def check_lang(lang: str) -> Lang:
    """Accept pt, pt-BR, en, en-US...; anything else is bad input."""
    short = lang.lower().split("-")[0].split("_")[0]
    if short == "pt":
        return "pt"
    if short == "en":
        return "en"
    raise BuracoInputError(InputCode.UNKNOWN_LANGUAGE, f"lang {lang!r}")


# --- rule options, in plain words: (pt, en) ------------------------------------------------

OPTION_TEXT: dict[str, tuple[str, str]] = {
    "jokers_in_deck": (
        "Baralho com os 4 curingas (108 cartas); sem eles, 104 e só os 2 são curingas.",
        "The deck has the 4 jokers (108 cards); without them, 104 and only the 2s are wild.",
    ),
    "joker_points": ("Quanto vale o curinga (joker).", "What a joker is worth."),
    "trincas": (
        "Vale trinca (lavadeira): 3+ cartas do mesmo valor, naipes quaisquer.",
        "Trincas (lavadeiras) allowed: 3+ cards of one rank, any suits.",
    ),
    "discard_pile_visible": (
        "O que se vê do lixo: todas as cartas, ou só a de cima (com a contagem).",
        "What shows of the lixo: all its cards, or only the top one (with the count).",
    ),
    "pickup": (
        "Pegar o lixo: livre; só usando a carta de cima num jogo na mesma vez; ou ainda com "
        "duas cartas da mão em sequência com ela.",
        "Taking the lixo: free; only by using its top card in a meld in the same turn; or also "
        "with two hand cards in sequence with it.",
    ),
    "wild_top_card_new_meld_only": (
        "Curinga no topo do lixo: só se pega para começar um jogo novo com ele.",
        "A wild on top of the lixo: taken only to start a new meld with it.",
    ),
    "go_out_requires": (
        "Para a batida final a dupla precisa de uma canastra limpa, ou de qualquer canastra.",
        "To go out, the side needs a clean canastra, or any canastra.",
    ),
    "go_out_by": (
        "Como se bate: com a última carta num jogo ou no lixo; ou obrigatoriamente descartando.",
        "How to go out: the last card onto a meld or the lixo; or only by discarding it.",
    ),
    "wild_two_beside_natural_two": (
        "Um 2 curinga pode ficar num jogo que já tem um 2 na posição natural.",
        "A wild 2 may join a meld that already has a 2 in its natural place.",
    ),
    "big_canastras_at_once": (
        "Canastra de 500 e real só valem se baixadas de uma vez (senão contam como limpa).",
        "A 500 or real canastra only counts if laid at once (otherwise it counts as limpa).",
    ),
    "batida_points": ("Bônus da batida final.", "Bonus for going out."),
    "canastra_suja_points": ("Bônus da canastra suja.", "Bonus of a canastra suja."),
    "canastra_limpa_points": ("Bônus da canastra limpa.", "Bonus of a canastra limpa."),
    "canastra_500_points": ("Bônus da canastra de 500 (Ás a K).", "Bonus of a 500 (ace to king)."),
    "canastra_real_points": ("Bônus da canastra real (Ás a Ás).", "Bonus of a real (ace to ace)."),
    "morto_penalty": (
        "Quanto perde a dupla que não pegou o morto.",
        "What a side loses for not taking its morto.",
    ),
    "unused_indirect_morto_paid": (
        "Morto pego por batida indireta e não usado antes do fim da rodada: é pago como se "
        "não tivesse sido pego.",
        "A morto taken by an indirect beat and not used before the round ends is paid as if "
        "not taken.",
    ),
    "both_mortos_stock_penalty": (
        "Se os dois mortos viraram monte sem ninguém pegá-los, as duas duplas perdem a "
        "penalidade (senão, ninguém perde).",
        "If both mortos became stock with nobody taking one, both sides pay the penalty "
        "(otherwise neither does).",
    ),
    "eight_of_a_kind_real": (
        "Oito cartas iguais (trinca) contam como canastra real.",
        "Eight equal cards (trinca) count as a canastra real.",
    ),
    "target_score": ("Pontos para vencer a partida.", "Points that win the match."),
    "vulnerable_min_meld_points": (
        "Dupla com metade do alvo fica vulnerável: a primeira baixada da rodada precisa somar "
        "pelo menos estes pontos em cartas (0 = desligado).",
        "A side at half the target is vulnerable: its first meld of the round must total at "
        "least these card points (0 = off).",
    ),
    "round_up_to_ten": (
        "Arredonda o resultado de cada rodada para a dezena de cima.",
        "Rounds each round's score up to the next ten.",
    ),
}

PRESET_TITLES: dict[str, str] = {
    "aberto": "Buraco Aberto",
    "fechado": "Buraco Fechado",
    "stbl": "Fechado STBL",
}

VALUE_TEXT: dict[str, tuple[str, str]] = {
    "all": ("todas", "all"),
    "top": ("só a de cima", "top only"),
    "free": ("livre", "free"),
    "top_card": ("justificada (carta de cima)", "justified (top card)"),
    "top_card_two_from_hand": ("justificada + 2 da mão", "justified + 2 from hand"),
    "clean_canastra": ("canastra limpa", "clean canastra"),
    "any_canastra": ("qualquer canastra", "any canastra"),
    "meld_or_discard": ("num jogo ou no lixo", "onto a meld or the lixo"),
    "discard": ("descartando", "by discarding"),
}


# Score item code (buraco_core.scoring) -> label, (pt, en): the command and the app share it.
ITEM_TEXT: dict[str, tuple[str, str]] = {
    "table_cards": ("cartas na mesa", "cards on the table"),
    "canastra_limpa": ("canastra limpa", "canastra limpa"),
    "canastra_suja": ("canastra suja", "canastra suja"),
    "canastra_500": ("canastra de 500", "canastra de 500"),
    "canastra_real": ("canastra real", "canastra real"),
    "batida": ("batida", "batida (going out)"),
    "hand_cards": ("cartas na mão", "cards in hand"),
    "morto_not_taken": ("não pegou o morto", "morto not taken"),
    "rounding": ("arredondamento", "rounding"),
}


def option_text(name: str, lang: Lang = "pt") -> str:
    pt, en = OPTION_TEXT[name]
    return pt if lang == "pt" else en


def value_text(value: Any, lang: Lang = "pt") -> str:
    """An option's value in plain words."""
    if isinstance(value, bool):
        return _format_value(value, lang)
    if isinstance(value, str) and value in VALUE_TEXT:
        pt, en = VALUE_TEXT[value]
        return pt if lang == "pt" else en
    return str(value)
