"""Preparación del juego: cards, wolves by table size, the Gauekos box."""

import pytest

from velada.core.engine import Match
from velada.games import REGISTRY
from velada.games.hombres_lobo.setup import recommended_wolves

from .mesa import OCHO, mesa

LOBO = REGISTRY.get("hombres-lobo")
GAUEKOS = REGISTRY.get("gauekos")


def jugadores(n):
    return [f"j{i}" for i in range(1, n + 1)]


def test_se_reparten_tantas_cartas_como_jugadores():
    m = Match(LOBO, jugadores(10), {"alguacil": "no"}, seed=4)
    assert len(m.state.roles) == 10
    assert m.state.spare == []


def test_con_ladron_se_anaden_dos_cartas_sobrantes():
    m = Match(LOBO, jugadores(10), {"especiales": "vidente,ladron"}, seed=4)
    assert len(m.state.roles) == 10
    assert len(m.state.spare) == 2
    cards = sorted(m.state.roles + m.state.spare)
    assert cards.count("hombre-lobo") == 2 and "ladron" in cards and "vidente" in cards


@pytest.mark.parametrize(("players", "wolves"), [(8, 2), (9, 2), (11, 2), (12, 3), (15, 3), (18, 3)])
def test_lobos_recomendados_segun_numero_de_jugadores(players, wolves):
    assert recommended_wolves(players) == wolves
    m = Match(LOBO, jugadores(players), {}, seed=1)
    assert (m.state.roles + m.state.spare).count("hombre-lobo") == wolves


def test_composicion_libre_por_opciones():
    m = Match(LOBO, jugadores(9), {"lobos": "3", "especiales": "bruja,nina"}, seed=2)
    assert sorted(m.state.roles) == sorted(["hombre-lobo"] * 3 + ["bruja", "nina"] + ["aldeano"] * 4)


def test_composicion_que_no_cabe_es_rechazada():
    with pytest.raises(ValueError, match="do not fit"):
        Match(LOBO, jugadores(5), {"lobos": "2", "especiales": "vidente,bruja,cazador,cupido"}, seed=2)


def test_reglamento_de_8_a_18_y_mesas_pequenas_con_aviso():
    small = Match(LOBO, jugadores(6), {}, seed=1)
    assert any("8 a 18" in w for w in LOBO.warnings(small.players, small.options, "es"))
    book = Match(LOBO, jugadores(8), {}, seed=1)
    assert LOBO.warnings(book.players, book.options, "es") == []
    with pytest.raises(ValueError):
        Match(LOBO, jugadores(4), {}, seed=1)
    with pytest.raises(ValueError):
        Match(LOBO, jugadores(19), {}, seed=1)


def test_gauekos_caja_de_31_cartas_avisa_si_faltan_cartas():
    m = Match(GAUEKOS, jugadores(12), {"gauekos": "5"}, seed=1)
    notes = GAUEKOS.warnings(m.players, m.options, "es")
    assert any("4 cartas de Gaueko" in n for n in notes)
    ok = Match(GAUEKOS, jugadores(18), {}, seed=1)
    assert GAUEKOS.warnings(ok.players, ok.options, "es") == []


def test_reparto_es_determinista_por_semilla():
    a = Match(LOBO, jugadores(12), {}, seed=99)
    b = Match(LOBO, jugadores(12), {}, seed=99)
    c = Match(LOBO, jugadores(12), {}, seed=100)
    assert a.state.roles == b.state.roles
    assert a.state.roles != c.state.roles or a.state.spare != c.state.spare


def test_reparto_explicito_da_a_cada_uno_su_carta():
    m = mesa(OCHO)
    assert [m.state.roles[m.state.index[p]] for p in OCHO] == list(OCHO.values())


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({**OCHO, "Hugo": "mago"}, "unknown role"),
        ({k: v for k, v in OCHO.items() if k != "Hugo"} | {"Zoe": "aldeano"}, "not at the table"),
        ({**OCHO, "Hugo": "vidente"}, "appears twice"),
        ({**OCHO, "Hugo": "ladron"}, "two spare cards"),
    ],
)
def test_reparto_explicito_invalido_se_rechaza(deal, message):
    with pytest.raises(ValueError, match=message):
        Match(LOBO, list(OCHO), {"alguacil": "no"}, 0, deal)


def test_una_clave_de_reparto_desconocida_lista_las_validas():
    with pytest.raises(ValueError, match=r"unknown deal key\(s\) 'sobrante'.*valid keys: each player's id.*sobrantes"):
        Match(LOBO, list(OCHO), {"alguacil": "no"}, 0, {**OCHO, "sobrante": []})


def test_cada_jugador_solo_conoce_su_carta_al_empezar():
    m = mesa(OCHO)
    view = m.view("Fran")
    assert view["you"]["role"] == "aldeano"
    assert [p["role"] for p in view["players"] if p["id"] != "Fran"] == [None] * 7


def test_un_reparto_escrito_puede_dejar_al_ladron_entre_las_sobrantes_como_el_barajado():
    """A shuffled deck can leave the Ladrón aside; a written deal (a scenario, the noninterference check's other
    world) may too, and then nobody is called to swap."""
    m = mesa(OCHO, sobrantes=["ladron", "aldeano"])
    assert m.state.spare == ["ladron", "aldeano"]
    assert all(p.kind != "ladron" for p in m.pending())
