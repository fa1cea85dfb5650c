"""Modo 3 jugadores (section 5): two sides only; the lone player has double cards and both principal characters
of the side they pick; the lone player lynches on odd rounds, the pair on even ones; John Flick's changed
power."""

from velada.core.engine import Match
from velada.games.bethlem.cards import GROUP_OF, LIFE_GROUPS
from velada.games.bethlem.ending import objective, outcome

from .mesa import GAME, abiertos, dia, eventos, hasta_prompt, mesa, noche, opciones, ronda, viva

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
    m.state.pact = (1, 2, "normal")  # a blood pact changes nothing here: the extra objectives are void
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
    m.state.alive["daniel"] = False
    assert outcome(m.state) is None
    m.state.alive["nathaniel"] = False
    r = outcome(m.state)
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
