"""Modo 3 jugadores (section 5): two sides only; the lone player has double cards and both principal characters
of the side they pick; the lone player lynches on odd rounds, the pair on even ones; John Flick's changed
power."""

from velada.core.engine import Match
from velada.games.bethlem.cards import GROUP_OF, LIFE_GROUPS
from velada.games.bethlem.ending import objective, outcome

from .mesa import GAME, abiertos, dia, elige, eventos, hasta_prompt, linchan, mesa, noche, opciones, ronda, viva

TRES = {
    "Ana": [
        "daniel",
        "el-archivo",
        "terapia-electroshock",
        "el-cataleptico",
        "nathaniel",
        "john-flick",
        "terapia-opio-y-barbituricos",
        "amnesia",
        "melancolia",
    ],
    "Bea": ["larry-owls", "arthur", "terapia-lobotomia", "muerte-dulce", "bipolaridad"],
    "Carlos": ["mary-firth", "wakerfield", "profeta", "juego-de-azar", "paciencia"],
}


def test_el_jugador_que_va_solo_elige_bando_y_recibe_el_doble_de_cartas():
    m = Match(GAME, ["Ana", "Bea", "Carlos"], {"colocacion": "reparto"}, 3)
    assert abiertos(m) == {("Ana", "bando")}
    m.choose("Ana", "bando", ["internos"])
    s = m.state
    assert len(s.board[0]) == 8 and len(s.board[1]) == len(s.board[2]) == 4
    assert sorted(GROUP_OF[c] for c in s.board[0]) == sorted(LIFE_GROUPS * 2)
    p1 = [c for c in s.board[0] if GROUP_OF[c] == "P1"]
    assert set(p1) <= {"larry-owls", "mary-firth"} and len(p1) == 2
    assert s.team == ["internos", "amotinados", "amotinados"]
    assert eventos(m, "bando", "Bea") == [{"player": "Ana", "side": "internos"}]


def test_con_tres_jugadores_solo_hay_dos_bandos():
    deal = {**TRES, "Bea": ["larry-owls", "arthur", "pacto-de-sangre", "muerte-dulce", "bipolaridad"]}
    m = mesa(deal)
    elige(m, "Bea", "modo", "normal")
    elige(m, "Bea", "pacto-de-sangre", "Bea", "Carlos")
    # A blood pact changes nothing here: the extra objectives are void.
    assert m.state.blood_pact.bound == (1, 2, "normal")
    assert [objective(m.state, i) for i in range(3)] == ["amotinados", "internos", "internos"]


def test_el_solitario_lincha_en_las_rondas_impares_y_la_pareja_en_las_pares():
    m = mesa(TRES)
    noche(m)
    hasta_prompt(m, "Ana", "linchamiento")
    assert abiertos(m) == {("Ana", "linchamiento")}
    assert opciones(m, "Ana", "linchamiento") == ("Bea", "Carlos")
    dia(m)
    noche(m)
    hasta_prompt(m, "Bea", "linchamiento")
    assert abiertos(m) == {("Bea", "linchamiento"), ("Carlos", "linchamiento")}
    assert opciones(m, "Bea", "linchamiento") == ("Ana",)


def test_con_tres_jugadores_la_carta_que_acusa_john_flick_no_puede_ser_linchada():
    m = mesa(TRES)
    ronda(m)
    noche(m, {("Ana", "john-flick"): ["Bea:1"]})
    hasta_prompt(m, "Bea", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Ana"])
    assert "Ana:6" in opciones(m, "Bea", "linchamiento-carta")
    m2 = mesa(TRES)
    ronda(m2)
    noche(m2, {("Ana", "john-flick"): ["Ana:1"]})
    hasta_prompt(m2, "Bea", "linchamiento")
    for p in m2.pending():
        m2.choose(p.player, p.id, ["Ana"])
    assert "Ana:1" not in opciones(m2, "Bea", "linchamiento-carta")


def test_con_tres_jugadores_john_flick_no_repite_carta_dos_rondas_seguidas():
    m = mesa(TRES)
    ronda(m, {("Ana", "john-flick"): ["Bea:1"]})
    hasta_prompt(m, "Ana", "john-flick")
    assert "Bea:1" not in opciones(m, "Ana", "john-flick")


def test_con_tres_jugadores_los_internos_ganan_al_morir_los_dos_amotinados():
    m = mesa(TRES)
    noche(m, {("Ana", "terapia-electroshock"): ["Ana:1"]})  # Daniel's holder kills Daniel (FAQ 3: allowed)
    assert not viva(m, "daniel")
    assert m.result is None and outcome(m.state) is None
    dia(m)
    linchan(m, "Ana:5")  # Nathaniel, on the second round, when the pair lynches
    r = m.result
    assert r.reason == "internos" and r.winners == ("Bea", "Carlos")
    assert viva(m, "larry-owls")


def test_con_tres_jugadores_hacen_falta_dos_amotinados_y_dos_personajes_mas():
    import pytest

    from velada.games.bethlem.setup import composition

    life, _ = composition(3, ("krugman",))
    assert "krugman" in life
    with pytest.raises(ValueError, match="two mutineers"):
        composition(3, ("krugman", "richard-dadd", "daniel", "nathaniel"))


def test_krugman_juega_con_los_internos_en_el_modo_de_tres():
    m = Match(GAME, ["Ana", "Bea", "Carlos"], {"colocacion": "reparto", "cartas": "krugman"}, 5)
    m.choose("Ana", "bando", ["internos"])
    s = m.state
    assert len(s.board[0]) == 8 and s.team == ["internos", "amotinados", "amotinados"]


MAZOS = {
    "P1": ["larry-owls", "daniel", "mary-firth", "nathaniel"],
    "P2": ["el-archivo", "john-flick", "arthur", "wakerfield"],
    "A1": ["terapia-electroshock", "terapia-opio-y-barbituricos", "terapia-lobotomia", "profeta"],
    "A2": ["el-cataleptico", "amnesia", "muerte-dulce", "juego-de-azar"],
    "personalidades": ["paciencia", "melancolia", "bipolaridad"],
}


def test_con_tres_jugadores_el_solitario_recibe_de_los_mazos_su_bando_y_las_dos_primeras_de_cada_uno():
    orden = {"Ana": [1, 2, 3, 4, 5, 6, 7, 8], "Bea": [4, 3, 2, 1], "Carlos": [1, 2, 3, 4]}
    m = Match(GAME, ["Ana", "Bea", "Carlos"], {"colocacion": "reparto"}, 0, {"mazos": MAZOS, "orden": orden})
    m.choose("Ana", "bando", ["internos"])
    s = m.state
    assert s.board[0] == [
        "larry-owls",
        "mary-firth",
        "el-archivo",
        "john-flick",
        "terapia-electroshock",
        "terapia-opio-y-barbituricos",
        "el-cataleptico",
        "amnesia",
    ]
    assert s.board[1] == ["muerte-dulce", "terapia-lobotomia", "arthur", "daniel"]
    assert s.board[2] == ["nathaniel", "wakerfield", "profeta", "juego-de-azar"]
    assert s.persona == ["paciencia", "melancolia", "bipolaridad"]


def test_con_tres_jugadores_el_bando_elegido_decide_que_cartas_de_los_mazos_recibe_el_solitario():
    m = Match(GAME, ["Ana", "Bea", "Carlos"], {}, 0, {"mazos": MAZOS})
    m.choose("Ana", "bando", ["amotinados"])
    s = m.state
    assert {"daniel", "nathaniel", "el-archivo", "john-flick"} <= set(s.board[0])
    assert "larry-owls" in s.board[1] and "mary-firth" in s.board[2]


def test_una_partida_de_tres_jugadores_empieza_igual_desde_su_reparto_escrito():
    for options in ({}, {"colocacion": "reparto"}):
        first = Match(GAME, ["Ana", "Bea", "Carlos"], options, 11)
        again = Match(GAME, ["Ana", "Bea", "Carlos"], options, 11, GAME.deal_of(first.state))
        for m in (first, again):
            m.choose("Ana", "bando", ["internos"])
        assert again.state.board == first.state.board and again.state.persona == first.state.persona
        assert again.state.deck == first.state.deck


def test_los_mazos_escritos_de_tres_jugadores_llevan_dos_amotinados_y_cuatro_cartas_por_grupo():
    import pytest

    with pytest.raises(ValueError, match="two mutineers"):
        Match(
            GAME,
            ["Ana", "Bea", "Carlos"],
            {},
            0,
            {"mazos": {**MAZOS, "P1": ["daniel", "larry-owls", "mary-firth", "krugman"]}},
        )
    with pytest.raises(ValueError, match="the pile A2 takes cards of its group"):
        Match(
            GAME,
            ["Ana", "Bea", "Carlos"],
            {},
            0,
            {"mazos": {**MAZOS, "A2": ["el-cataleptico", "amnesia", "muerte-dulce", "profeta"]}},
        )
    with pytest.raises(ValueError, match="amotinados is for the 2-player mode"):
        Match(GAME, ["Ana", "Bea", "Carlos"], {}, 0, {"amotinados": "Ana"})


def test_el_reparto_de_nuevo_de_tres_jugadores_deja_al_jugador_sus_cartas_y_reparte_las_demas_de_los_mazos():
    """For the noninterference check (``Game.redeal``): dealt again from other piles, Bea keeps her cards where
    they lie, the lone player still gets both principal characters of the side chosen, and the other cards
    change hands among the players whose cards Bea does not know."""
    import random

    players, options = ["Ana", "Bea", "Carlos"], {"colocacion": "reparto"}
    deal = GAME.deal_of(Match(GAME, players, options, 4).state)
    m = Match(GAME, players, options, 4, deal)
    m.choose("Ana", "bando", ["amotinados"])
    keep = frozenset(GAME.knowledge(m.state, "Bea"))
    moved = False
    for seed in range(10):
        other_deal, _, _ = GAME.redeal(Match(GAME, players, options, 4, deal).state, keep, "Bea", random.Random(seed))
        other = Match(GAME, players, options, 4, other_deal)
        other.choose("Ana", "bando", ["amotinados"])
        s = other.state
        assert s.board[1] == m.state.board[1] and s.persona[1] == m.state.persona[1]
        assert {"daniel", "nathaniel"} <= set(s.board[0])
        assert sorted(s.board[0] + s.board[2]) == sorted(m.state.board[0] + m.state.board[2])
        moved |= s.board != m.state.board
    assert moved
