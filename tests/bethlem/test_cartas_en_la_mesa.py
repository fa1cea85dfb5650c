"""Las cartas en la mesa: what the rules read of the table (the cards of a kind in table order, the living cards,
their option ids) is read where the cards are now. ``BethlemState.find`` keeps the cards by kind between moves
(``board_changed``), and ``BethlemState.lives`` who lives between deaths (``set_alive``, ``set_out``): a move or a
death that did not say so would leave them reading the old table."""

import random

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import Match, pending
from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.common import living, options
from velada.games.bethlem.deaths import swap_cards
from velada.games.bethlem.state import BethlemState

from .mesa import CUATRO, GAME, con, jugadores, mesa

SIAMESAS = con(
    CUATRO,
    Bea=["nathaniel", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    Dani=["mary-firth", "siamesas-2", "profeta", "juego-de-azar", "paciencia"],
)


def test_las_siamesas_cambiadas_de_sitio_se_llaman_en_su_nuevo_orden():
    s = mesa(SIAMESAS).state
    assert s.find("siamesas") == ["siamesas-1", "siamesas-2"]
    swap_cards(s, "siamesas-1", "siamesas-2")
    assert s.board[1][1] == "siamesas-2" and s.board[3][1] == "siamesas-1"
    assert s.find("siamesas") == ["siamesas-2", "siamesas-1"]


def test_una_carta_cambiada_de_sitio_se_elige_por_su_nuevo_sitio():
    s = mesa(CUATRO).state
    assert options(s, ["john-flick", "wakerfield"]) == ("Bea:2", "Dani:2")
    swap_cards(s, "john-flick", "wakerfield")
    assert options(s, ["john-flick", "wakerfield"]) == ("Dani:2", "Bea:2")
    assert living(s, [1]) == ["nathaniel", "wakerfield", "terapia-opio-y-barbituricos", "amnesia"]


def _read_again(s: BethlemState) -> None:
    """What the table holds now, read card by card, against what the rules' helpers give."""
    for kind in set(KIND_OF.values()):
        assert s.find(kind) == [c for row in s.board for c in row if KIND_OF[c] == kind], kind
    alive = [c for seat, row in enumerate(s.board) if not s.out[seat] for c in row[: s.table] if s.alive[c]]
    assert living(s) == alive
    assert options(s, alive) == tuple(f"{s.players[s.where[c][0]]}:{s.where[c][1] + 1}" for c in alive)
    assert s.seats_in_game() == [seat for seat in range(len(s.players)) if not s.out[seat]]
    assert living(s, exclude_isolated=True) == [c for c in alive if s.isolated.get(c) != s.round]
    for seat, row in enumerate(s.board):
        assert s.living_cards(seat) == [c for c in row if s.alive[c]]
        others = [p for p in range(len(s.players)) if p != seat]
        assert living(s, others) == [c for c in alive if s.where[c][0] != seat]


def test_la_lista_de_cartas_vivas_que_recibe_una_regla_es_suya():
    """A rule may change the list it gets (``awakening`` adds a 2-player row's reserve to it): the next rule still
    reads the table."""
    s = mesa(CUATRO).state
    every, bea = living(s), s.living_cards(1)
    every.clear()
    bea += ["daniel"]
    assert len(living(s)) == 16
    assert s.living_cards(1) == ["nathaniel", "john-flick", "terapia-opio-y-barbituricos", "amnesia"]
    s.seats_in_game().clear()
    assert s.seats_in_game() == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("n", "opciones"),
    [(5, {}), (7, {}), (6, {"cards": "custom"}), (3, {}), (2, {})],
)
def test_lo_leido_de_la_mesa_es_la_mesa_en_cada_momento_de_partidas_al_azar(n, opciones):
    for seed in range(4):
        m = Match(GAME, jugadores(n), opciones, seed)
        bot = RandomBot(seed)
        rng = random.Random(seed)
        while m.state.result is None:
            _read_again(m.state)
            prompts = pending(m.state)
            prompt = prompts[rng.randrange(len(prompts))]
            m.choose(prompt.player, prompt.id, bot.choose(prompt))
        _read_again(m.state)
