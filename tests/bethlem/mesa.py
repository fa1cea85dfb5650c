"""Helpers to script short games of Bethlem with an explicit deal, the way a narrator would run them."""

from __future__ import annotations

from collections.abc import Callable

from velada.core.engine import Match
from velada.games import REGISTRY
from velada.games.bethlem.awakening import awaken

GAME = REGISTRY.get("bethlem")

#: A table of four: two mutineers (Daniel, Nathaniel), Larry Owls and Mary Firth. Cards by position, then the
#: personality.
CUATRO = {
    "Ana": ["daniel", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"],
    "Bea": ["nathaniel", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    "Carlos": ["larry-owls", "arthur", "terapia-lobotomia", "muerte-dulce", "melancolia"],
    "Dani": ["mary-firth", "wakerfield", "profeta", "juego-de-azar", "paciencia"],
}

#: CUATRO with the Pacto de sangre in Ana's hand instead of the Terapia de electroshock: she binds two players
#: the first night.
PACTO = {**CUATRO, "Ana": ["daniel", "el-archivo", "pacto-de-sangre", "el-cataleptico", "responsabilidad"]}


#: A custom-cards table of four (section 13): custom principal characters whose powers a scripted game can
#: leave unused (every one of their prompts can be skipped), two Amotinados (Ana, Dani) and two Internos.
PERSONALIZADA = {
    "Ana": ["gas-de-la-risa", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"],
    "Bea": ["la-ludopata", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    "Carlos": ["la-chef", "arthur", "terapia-lobotomia", "muerte-dulce", "melancolia"],
    "Dani": ["la-medium", "wakerfield", "profeta", "juego-de-azar", "paciencia"],
}
OBJETIVOS = {"Ana": "amotinados", "Bea": "internos", "Carlos": "internos", "Dani": "amotinados"}
#: Seven players with custom cards: every P2, A1 and A2 card in play (so the Siamesas, the Compañeros de celda
#: and the Pacto de sangre, the Inquisidor's secrets).
SIETE = {
    "Ana": ["gas-de-la-risa", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"],
    "Bea": ["la-ludopata", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    "Carlos": ["la-chef", "arthur", "terapia-lobotomia", "companeros-de-celda-1", "melancolia"],
    "Dani": ["la-medium", "wakerfield", "profeta", "companeros-de-celda-2", "paciencia"],
    "Eva": ["el-saltamundos", "la-parca", "mania-persecutoria", "companeros-de-celda-3", "bipolaridad"],
    "Fede": ["el-otaku", "siamesas-1", "infecto-de-rabia", "muerte-dulce", "ansiedad-social"],
    "Gala": ["la-maestra-vudu", "siamesas-2", "pacto-de-sangre", "juego-de-azar", "neuroticismo"],
}
OBJETIVOS_SIETE = {
    "Ana": "amotinados",
    "Bea": "internos",
    "Carlos": "internos",
    "Dani": "amotinados",
    "Eva": "inquisidor",
    "Fede": "renegado",
    "Gala": "internos",
}
#: Five players: the four of PERSONALIZADA with the Compañeros de celda instead of two A2 cards, and Eva.
CINCO = {
    **PERSONALIZADA,
    "Carlos": ["la-chef", "arthur", "terapia-lobotomia", "companeros-de-celda-1", "melancolia"],
    "Dani": ["la-medium", "wakerfield", "profeta", "companeros-de-celda-2", "paciencia"],
    "Eva": ["el-saltamundos", "la-parca", "mania-persecutoria", "companeros-de-celda-3", "bipolaridad"],
}
OBJETIVOS_CINCO = {**OBJETIVOS, "Eva": "traidor"}


def jugadores(n: int) -> list[str]:
    """``n`` players named p1, p2…, for a table dealt by chance."""
    return [f"p{i}" for i in range(1, n + 1)]


def mesa(
    deal: dict[str, list[str]],
    seed: int = 0,
    eventos: list[str] | None = None,
    objetivos: dict[str, str] | None = None,
    mazos: dict[str, list[str]] | None = None,
    **options,
) -> Match:
    """A match dealt as ``deal`` (players seated in its order), cards already laid out as listed. Options are
    given with ``_`` for ``-``. Unless a test says otherwise the event deck is empty. With ``objetivos`` the
    table plays the custom-cards mode with those objective cards, and without acontecimientos unless their
    decks are given (``mazos={"periodicos": [...], "puntuales": [...]}``)."""
    opts = {"colocacion": "reparto", **{k.replace("_", "-"): v for k, v in options.items()}}
    full: dict = {p: list(cards) for p, cards in deal.items()}
    full["eventos"] = list(eventos or [])
    if objetivos is not None:
        opts.setdefault("cards", "custom")
        full["objetivos"] = dict(objetivos)
        if mazos is None:
            opts.setdefault("acontecimientos", "no")
        else:
            full["acontecimientos"] = mazos
            opts.setdefault("acontecimientos", "cada-ronda")
    return Match(GAME, list(deal), opts, seed, full)


def con(base: dict[str, list[str]], **cambios: list[str]) -> dict[str, list[str]]:
    """``base`` with some players' cards replaced."""
    return {**base, **cambios}


Respuestas = dict[tuple[str, str], list]


def hasta(m: Match, fin: Callable[[Match], bool], respuestas: Respuestas | None = None) -> None:
    """Answer the open prompts until ``fin(m)`` holds or the game ends: the scripted answers by (player, prompt
    id) or (player, kind) — a list of option ids, or a list of such lists used one after the other — otherwise
    a skip, or the first options when the prompt cannot be skipped (a question, when it asks for text)."""
    respuestas = {k: list(v) for k, v in (respuestas or {}).items()}
    guard = 0
    while m.result is None and not fin(m):
        for p in m.pending():
            key = (p.player, p.id) if (p.player, p.id) in respuestas else (p.player, p.kind)
            if respuestas.get(key):
                answer = respuestas[key]
                if isinstance(answer[0], list):
                    answer = answer.pop(0)
                m.choose(p.player, p.id, list(answer))
            elif p.skippable:
                m.choose(p.player, p.id, [])
            elif p.text_max:
                m.choose(p.player, p.id, ["¿Sí o no?"])
            else:
                m.choose(p.player, p.id, list(p.options[: p.min]))
        guard += 1
        assert guard < 2000, "the script never reached its end"


def ataque(target: str, mas: Respuestas | None = None, amotinados: tuple[str, ...] = ("Ana", "Bea")) -> Respuestas:
    """The mutineers (CUATRO's Ana and Bea unless ``amotinados`` says otherwise) all attack ``target``; ``mas``:
    the night's other scripted answers."""
    return {**{(player, "amotinados"): [target] for player in amotinados}, **(mas or {})}


def llamadas(m: Match, respuestas: Respuestas | None = None, por: str = "kind") -> list[tuple[str, str]]:
    """Play the current night until the day, collecting (player, prompt kind — or prompt id, ``por="id"``) of
    every prompt open at each step of it, in order."""
    seen: list[tuple[str, str]] = []
    r = m.state.round or 1

    def fin(m: Match) -> bool:
        seen.extend((p.player, getattr(p, por)) for p in m.pending() if m.state.phase == "noche")
        return m.state.phase == "dia" and m.state.round == r

    hasta(m, fin, respuestas)
    return seen


def despierta(m: Match, *cards: str) -> None:
    """Wake ``cards`` as the Despertar event does (``awakening.awaken``: the table is told a card woke, its holder
    which, and the card's own awakening rule runs), now, wherever the game is: a test of what an awakened card
    does need not play until its holder is down to one card or draws the event."""
    for card in cards:
        assert m.state.alive[card], f"{card} is dead: a dead card does not wake"
        awaken(m.state, card, "despertar")
        assert m.state.awake[card], f"{card} did not wake"


def muere_de_noche(m: Match, *posiciones: str, amotinados: tuple[str, ...] = ("Ana", "Bea")) -> None:
    """Each of ``posiciones`` (``"Carlos:2"``) dies the way a card dies most often: the mutineers (CUATRO's Ana
    and Bea unless ``amotinados`` says otherwise) attack it one night, nobody else does anything that night, and
    the next day nobody is lynched; the game is left at the start of the next night."""
    for posicion in posiciones:
        card = m.state.card_at(posicion)
        noche(m, ataque(posicion, amotinados=amotinados))
        assert not m.state.alive[card], f"{posicion} survived the mutineers' attack"
        dia(m)


def linchan(m: Match, posicion: str) -> None:
    """The card at ``posicion`` (``"Bea:1"``) is lynched: the rest of the night is played with nobody doing
    anything, then every other player votes for its holder and for that card; the game is left at the start of
    the next night."""
    card = m.state.card_at(posicion)
    holder = posicion.split(":")[0]
    noche(m)
    votantes = [p for p in m.state.players if p != holder]
    dia(
        m,
        {
            **{(p, "linchamiento"): [holder] for p in votantes},
            **{(p, "linchamiento-carta"): [posicion] for p in votantes},
        },
    )
    assert not m.state.alive[card], f"{posicion} was not lynched"


def caen(m: Match, *posiciones: str, amotinados: tuple[str, ...] = ("Ana", "Bea")) -> None:
    """Each of ``posiciones`` dies in play, one a round: killed by the mutineers' attack at night
    (``muere_de_noche``) unless its holder is one of ``amotinados`` (CUATRO's Ana and Bea unless told otherwise),
    who never attack their own cards, and then lynched (``linchan``); a card some earlier death took with it (a
    broken blood pact) is passed over. The game is left at the start of the next night, or over when a death
    ended it."""
    for posicion in posiciones:
        if not m.state.alive[m.state.card_at(posicion)]:
            continue
        if posicion.split(":")[0] in amotinados:
            linchan(m, posicion)
        else:
            muere_de_noche(m, posicion, amotinados=amotinados)


def posiciones(*jugadores: str) -> list[str]:
    """Every position of each player's row (``"Bea:1"`` … ``"Bea:4"``), player after player."""
    return [f"{jugador}:{i}" for jugador in jugadores for i in range(1, 5)]


def matar(m: Match, *cards: str, fuera: bool = False) -> None:
    """Kill cards outright through the state's own setters, without a death resolution (for tests that only read
    the table afterwards); ``fuera``: players left without a living card are out, as the end-condition tests
    need."""
    s = m.state
    for card in cards:
        s.set_alive(card, False)
    if fuera:
        for seat in range(len(s.players)):
            s.set_out(seat, not any(s.alive[c] for c in s.board[seat]))


def noche(m: Match, respuestas: Respuestas | None = None) -> None:
    """Play the current night (from wherever it is) until the day's first prompt."""
    r = m.state.round or 1
    hasta(m, lambda m: m.state.phase == "dia" and m.state.round == r, respuestas)


def dia(m: Match, respuestas: Respuestas | None = None) -> None:
    """Play the rest of the day, until the next night falls."""
    r = m.state.round
    hasta(m, lambda m: m.state.round > r and m.state.phase == "noche", respuestas)


def ronda(m: Match, respuestas: Respuestas | None = None) -> None:
    noche(m, respuestas)
    dia(m, respuestas)


def abiertos(m: Match) -> set[tuple[str, str]]:
    """(player, kind) of every unanswered prompt."""
    return {(p.player, p.kind) for p in m.pending()}


def opciones(m: Match, player: str, kind: str) -> tuple[str, ...]:
    (p,) = [p for p in m.pending() if p.player == player and p.kind == kind]
    return p.options


def elige(m: Match, player: str, kind: str, *options: str) -> None:
    """``player`` answers their open prompt of ``kind`` with ``options`` (none: skip)."""
    m.choose(player, kind, list(options))


def viva(m: Match, card: str) -> bool:
    return m.state.alive[card]


def muertas(m: Match) -> set[str]:
    s = m.state
    return {c for c in s.cards_in_play() if not s.alive[c]}


def eventos(m: Match, kind: str, viewer: str | None = None) -> list[dict]:
    """The data of every ``kind`` event that ``viewer`` may see (None: the narrator)."""
    return [e.data for e in m.state.log if e.kind == kind and e.visible_to(viewer)]


def revelados(m: Match, viewer: str = "Carlos") -> dict[str, str]:
    """The objective cards revealed so far that ``viewer`` saw revealed: player → objective."""
    return {e["player"]: e["goal"] for e in eventos(m, "objetivo-revelado", viewer)}


def hasta_prompt(m: Match, player: str, kind: str, respuestas: Respuestas | None = None) -> None:
    """Play on until ``player`` has an open prompt of ``kind``."""
    hasta(m, lambda m: (player, kind) in abiertos(m), respuestas)
