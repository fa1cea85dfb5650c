"""Cartas de personalidad (section 6): Melancolía, Paciencia, Ansiedad social (Responsabilidad, Hostilidad
and Neuroticismo are in test_dia.py, Bipolaridad in test_bipolaridad.py)."""

import pytest

from velada.core.protocol import IllegalAction

from .mesa import (
    CUATRO,
    abiertos,
    ataque,
    con,
    dia,
    elige,
    eventos,
    hasta_prompt,
    llamadas,
    mesa,
    muertas,
    noche,
    opciones,
    ronda,
    viva,
)

# --- Melancolía ----------------------------------------------------------------------------------------------


def test_melancolia_no_actua_la_primera_noche():
    m = mesa(CUATRO)
    assert ("Carlos", "melancolia") not in llamadas(m)


def test_melancolia_impide_actuar_a_una_carta_toda_la_ronda_y_todos_lo_ven():
    m = mesa(CUATRO)
    ronda(m)
    hasta_prompt(m, "Carlos", "melancolia")
    assert not any(o.startswith("Carlos:") for o in opciones(m, "Carlos", "melancolia"))
    elige(m, "Carlos", "melancolia", "Ana:1")
    assert eventos(m, "melancolia", "Dani") == [{"target": "Ana:1"}]
    assert "melancolia" in m.view("Bea")["players"][0]["cards"][0]["markers"]
    rest = llamadas(m)
    assert ("Ana", "amotinados") not in rest and ("Ana", "amotinados-2") not in rest
    assert ("Bea", "amotinados") in rest


def test_melancolia_no_repite_jugador_hasta_haber_vetado_a_todos():
    m = mesa(CUATRO)
    ronda(m)
    ronda(m, {("Carlos", "melancolia"): ["Ana:2"]})
    hasta_prompt(m, "Carlos", "melancolia")
    assert not any(o.startswith("Ana:") for o in opciones(m, "Carlos", "melancolia"))


def test_una_carta_que_muere_con_melancolia_no_activa_sus_poderes_al_morir():
    m = mesa(CUATRO)
    ronda(m, {("Dani", "juego-de-azar"): ["Bea:3"]})
    noche(m, ataque("Dani:4", {("Carlos", "melancolia"): ["Dani:4"], ("Bea", "juego-de-azar-ficha"): ["Carlos:3"]}))
    assert muertas(m) == {"juego-de-azar"}  # the token's card lives


SIAMESAS = con(
    CUATRO,
    Bea=["ali-la-muda", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    Carlos=["larry-owls", "siamesas-2", "terapia-lobotomia", "muerte-dulce", "melancolia"],
    Dani=["mary-firth", "arthur", "profeta", "juego-de-azar", "paciencia"],
)


def test_una_siamesa_con_melancolia_muere_aunque_su_hermana_no_sea_atacada():
    m = mesa(SIAMESAS)
    ronda(m)
    noche(m, {("Carlos", "melancolia"): ["Bea:2"], ("Ana", "amotinados"): ["Bea:2"]})
    assert muertas(m) == {"siamesas-1"}


# --- Paciencia ---------------------------------------------------------------------------------------------


def test_paciencia_retrasa_hasta_la_ronda_siguiente_la_muerte_de_una_carta_atacada():
    m = mesa(CUATRO)
    hasta_prompt(m, "Dani", "paciencia", ataque("Carlos:1"))
    assert opciones(m, "Dani", "paciencia") == ("Carlos:1",)
    elige(m, "Dani", "paciencia", "Carlos:1")
    assert eventos(m, "paciencia", "Ana") == [{"target": "Carlos:1"}]
    noche(m)
    assert viva(m, "larry-owls")
    dia(m)
    noche(m)
    assert not viva(m, "larry-owls")


def test_paciencia_y_el_opio_no_ofrecen_una_siamesa_atacada_sola():
    """Una siamesa atacada sola no muere: ni el opio ni Paciencia la ofrecen como carta que va a morir."""
    m = mesa(SIAMESAS)
    respuestas = {("Ana", "amotinados"): ["Carlos:2"], ("Ana", "amotinados-2"): ["Dani:1"]}
    hasta_prompt(m, "Bea", "terapia-opio-y-barbituricos", respuestas)
    assert opciones(m, "Bea", "terapia-opio-y-barbituricos") == ("Dani:1",)
    elige(m, "Bea", "terapia-opio-y-barbituricos")
    hasta_prompt(m, "Dani", "paciencia")
    assert opciones(m, "Dani", "paciencia") == ("Dani:1",)


def test_paciencia_no_elige_la_misma_carta_dos_rondas_seguidas():
    m = mesa(CUATRO)
    ronda(m, ataque("Carlos:1", {("Dani", "paciencia"): ["Carlos:1"]}))
    hasta_prompt(m, "Dani", "paciencia", ataque("Carlos:2"))
    assert opciones(m, "Dani", "paciencia") == ("Carlos:2",)


# --- Ansiedad social ---------------------------------------------------------------------------------------

ANSIEDAD = con(CUATRO, Carlos=["larry-owls", "arthur", "terapia-lobotomia", "muerte-dulce", "ansiedad-social"])


def test_ansiedad_social_hace_una_pregunta_de_si_o_no_a_un_jugador():
    m = mesa(ANSIEDAD)
    hasta_prompt(m, "Carlos", "ansiedad-social")
    assert opciones(m, "Carlos", "ansiedad-social") == ("Ana", "Bea", "Dani")
    elige(m, "Carlos", "ansiedad-social", "Dani")
    elige(m, "Carlos", "ansiedad-social-pregunta", "¿Has   matado a alguien esta noche?")
    assert abiertos(m) == {("Dani", "ansiedad-social-respuesta")}
    pregunta = {"asker": "Carlos", "question": "¿Has matado a alguien esta noche?"}
    assert eventos(m, "pregunta", "Dani") == [pregunta] == eventos(m, "pregunta", "Carlos")
    assert eventos(m, "pregunta", "Ana") == []
    elige(m, "Dani", "ansiedad-social-respuesta", "no")
    respuesta = {"player": "Dani", "question": "¿Has matado a alguien esta noche?", "answer": "no"}
    assert eventos(m, "respuesta", "Carlos") == [respuesta] == eventos(m, "respuesta", "Dani")
    assert eventos(m, "respuesta", "Ana") == []


def test_ansiedad_social_la_pregunta_es_texto_libre_y_corto():
    m = mesa(ANSIEDAD)
    hasta_prompt(m, "Carlos", "ansiedad-social")
    elige(m, "Carlos", "ansiedad-social", "Dani")
    pendiente = next(p for p in m.state.group.values() if p.kind == "ansiedad-social-pregunta")
    assert pendiente.options == () and pendiente.text_max == 200
    for mala in (["x" * 201], ["   "], ["una", "dos"]):
        with pytest.raises(IllegalAction):
            elige(m, "Carlos", "ansiedad-social-pregunta", *mala)
    elige(m, "Carlos", "ansiedad-social-pregunta", "¿Eres interno?")
    texto = m.game.prompt_text(m.state, next(iter(m.state.group.values())), "es")
    assert "¿Eres interno?" in texto and "Carlos" in texto


def test_ansiedad_social_no_repite_jugador_hasta_haber_preguntado_a_todos():
    m = mesa(ANSIEDAD)
    ronda(m, {("Carlos", "ansiedad-social"): ["Dani"]})
    hasta_prompt(m, "Carlos", "ansiedad-social")
    assert opciones(m, "Carlos", "ansiedad-social") == ("Ana", "Bea")
