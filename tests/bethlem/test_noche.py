"""La noche (sections 4 and 7): the narrator calls the cards in order; the mutineers' attack needs unanimity;
deaths are shown at dawn."""

import pytest

from velada.core.protocol import IllegalAction

from .mesa import (
    CUATRO,
    abiertos,
    con,
    elige,
    eventos,
    hasta_prompt,
    llamadas,
    mesa,
    muertas,
    noche,
    opciones,
    viva,
)


def llamadas_de_la_noche(m, respuestas=None):
    """Each (player, kind) called in the night once, in the order of their first call."""
    return list(dict.fromkeys(llamadas(m, respuestas)))


def test_el_narrador_llama_a_las_cartas_en_el_orden_de_la_guia():
    m = mesa(CUATRO)
    llamadas = llamadas_de_la_noche(m)
    assert llamadas == [
        ("Carlos", "larry-owls"),
        ("Ana", "el-archivo"),
        ("Dani", "mary-firth"),
        ("Bea", "john-flick"),
        ("Carlos", "muerte-dulce"),
        ("Carlos", "arthur"),
        ("Ana", "amotinados"),
        ("Bea", "amotinados"),
        ("Ana", "amotinados-2"),
        ("Ana", "terapia-electroshock"),
        ("Carlos", "terapia-lobotomia"),
        ("Dani", "juego-de-azar"),
    ]


def test_amotinados_unanimes_matan_una_carta_que_muere_al_amanecer():
    m = mesa(CUATRO)
    hasta_prompt(m, "Ana", "amotinados")
    elige(m, "Ana", "amotinados", "Carlos:1")
    elige(m, "Bea", "amotinados", "Carlos:1")
    assert eventos(m, "victima", "Ana")[0]["target"] == "Carlos:1"
    assert eventos(m, "victima", "Carlos") == []
    assert viva(m, "larry-owls")
    noche(m)
    assert not viva(m, "larry-owls")
    (muerte,) = eventos(m, "muerte", "Dani")
    assert muerte == {"player": "Carlos", "position": 1, "card": "larry-owls", "cause": "noche"}


def test_sin_unanimidad_los_amotinados_vuelven_a_votar_y_al_final_no_atacan():
    m = mesa(CUATRO, rondas_amotinados=2)
    hasta_prompt(m, "Ana", "amotinados")
    elige(m, "Ana", "amotinados", "Carlos:1")
    elige(m, "Bea", "amotinados", "Dani:1")
    assert abiertos(m) == {("Ana", "amotinados"), ("Bea", "amotinados")}
    elige(m, "Ana", "amotinados", "Carlos:1")
    elige(m, "Bea", "amotinados")
    assert eventos(m, "sin-acuerdo", "Bea")
    noche(m)
    assert muertas(m) == set()
    assert eventos(m, "sin-muertes")


def test_los_amotinados_no_pueden_atacar_cartas_de_los_suyos():
    m = mesa(CUATRO)
    hasta_prompt(m, "Ana", "amotinados")
    assert not any(o.startswith(("Ana:", "Bea:")) for o in opciones(m, "Ana", "amotinados"))
    with pytest.raises(IllegalAction):
        elige(m, "Ana", "amotinados", "Bea:2")


def test_daniel_ataca_otra_vez_en_solitario_tras_los_amotinados():
    m = mesa(CUATRO)
    hasta_prompt(m, "Ana", "amotinados-2", {("Ana", "amotinados"): ["Carlos:1"], ("Bea", "amotinados"): ["Carlos:1"]})
    elige(m, "Ana", "amotinados-2", "Dani:2")
    noche(m)
    assert muertas(m) == {"larry-owls", "wakerfield"}


def test_n1_amotinados_2_es_una_sola_decision():
    """La segunda ronda de votación de los amotinados y el ataque en solitario de Daniel, la misma noche:
    cada decisión tiene su propio id."""
    m = mesa(CUATRO, rondas_amotinados=2)
    hasta_prompt(m, "Ana", "amotinados")
    elige(m, "Ana", "amotinados", "Carlos:1")
    elige(m, "Bea", "amotinados", "Dani:1")
    (ronda,) = {p.id for p in m.pending() if p.kind == "amotinados"}
    elige(m, "Ana", "amotinados", "Carlos:1")
    elige(m, "Bea", "amotinados", "Carlos:1")
    hasta_prompt(m, "Ana", "amotinados-2")
    (solo,) = [p for p in m.pending() if p.kind == "amotinados-2"]
    assert solo.id == "n1:amotinados-2" and ronda != solo.id
    assert ronda == "n1:amotinados-ronda-2"


RICHARD = con(
    CUATRO,
    Bea=["richard-dadd", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
)


def test_si_daniel_cae_richard_dadd_ataca_en_su_lugar():
    m = mesa(RICHARD)
    # Night 1: Daniel's own electroshock kills him (powers may target their owner, FAQ 3).
    noche(m, {("Ana", "terapia-electroshock"): ["Ana:1"]})
    assert not viva(m, "daniel")
    hasta_prompt(m, "Bea", "amotinados-2")
    assert "Bea:1" not in opciones(m, "Bea", "amotinados-2")


def test_daniel_vivo_no_deja_atacar_en_solitario_a_richard():
    m = mesa(RICHARD)
    llamadas = llamadas_de_la_noche(m)
    assert ("Bea", "amotinados-2") not in llamadas and ("Ana", "amotinados-2") in llamadas
