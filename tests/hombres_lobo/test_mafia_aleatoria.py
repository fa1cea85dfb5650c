"""The simulator's certificate: random Mafia played through the protocol by the ``mafia`` bots wins as often as
the theory says (Braverman, Etesami & Mossel 2008; Migdał 2010). Any change that skews the deal, the order of
the night and the day, or the win checks moves a rate by more than three standard errors over 100,000 games.

The exact chances are computed here again, independently of :mod:`velada.games.hombres_lobo.mafia`, by
enumerating every game the model can play."""

import math
from fractions import Fraction

import pytest

from velada.core.sim import simulate
from velada.games import REGISTRY
from velada.games.hombres_lobo.mafia import MODEL_OPTIONS, wolves_win

GAMES = 100_000

#: (players, wolves): an odd table, where the two editions differ, for each pack size the book deals.
TABLES = [(5, 1), (7, 2), (9, 3)]


def enumerate_games(villagers: int, wolves: int, penultimate: bool) -> Fraction:
    """The wolves' chance summed over every path of the game (night kills, day lynches), each with its
    probability: a second computation of the same number, by breadth instead of recursion."""
    won = Fraction(0)
    frontier = {(villagers, wolves, "noche"): Fraction(1)}
    while frontier:
        following: dict[tuple[int, int, str], Fraction] = {}
        for (c, m, half), p in frontier.items():
            if m == 0:
                continue
            if c == 0 or (penultimate and c == 1):
                won += p
                continue
            if half == "noche":
                nexts = [((c - 1, m, "dia"), p)]
            else:
                nexts = [((c - 1, m, "noche"), p * Fraction(c, c + m)), ((c, m - 1, "noche"), p * Fraction(m, c + m))]
            for key, q in nexts:
                following[key] = following.get(key, 0) + q
        frontier = following
    return won


def test_mafia_aleatoria_casos_a_mano():
    # 4 villagers, 1 wolf: night (3 left); the day misses the wolf with 3/4; night (1 left); later editions:
    # the last day lynches the wolf with 1/2. First edition: one villager left is already a loss.
    assert wolves_win(4, 1) == Fraction(3, 8)
    assert wolves_win(4, 1, "penultimo") == Fraction(3, 4)
    assert wolves_win(1, 1) == 1  # the first night leaves no villager
    assert wolves_win(2, 1) == Fraction(1, 2)


def test_mafia_aleatoria_recurrencia_igual_a_la_enumeracion():
    for victory in ("ultimo", "penultimo"):
        for villagers in range(1, 14):
            for wolves in range(1, 5):
                expected = enumerate_games(villagers, wolves, victory == "penultimo")
                assert wolves_win(villagers, wolves, victory) == expected, (villagers, wolves, victory)


@pytest.mark.slow
@pytest.mark.parametrize("victory", ["ultimo", "penultimo"])
@pytest.mark.parametrize(("players", "wolves"), TABLES)
def test_mafia_aleatoria_simulada_coincide_con_la_teoria(players, wolves, victory):
    exact = enumerate_games(players - wolves, wolves, victory == "penultimo")
    options = {**MODEL_OPTIONS, "lobos": wolves, "victoria": victory}
    game = REGISTRY.get("hombres-lobo")
    stats, _ = simulate(game, players, GAMES, seed=2008, options=options, jobs=2, bots=["mafia"])
    assert stats.games == GAMES and stats.draws == 0
    assert stats.wins["lobos"] + stats.wins["aldeanos"] == GAMES
    p = float(exact)
    error = math.sqrt(p * (1 - p) / GAMES)
    assert abs(stats.wins["lobos"] / GAMES - p) <= 3 * error, (stats.wins, p)
