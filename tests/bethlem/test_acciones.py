"""Cartas de acción (section 6): one-use powers."""

import pytest

from velada.core.protocol import PUBLIC, IllegalAction
from velada.games.bethlem.ending import objective

from .mesa import (
    CUATRO,
    PACTO,
    abiertos,
    ataque,
    con,
    despierta,
    dia,
    elige,
    eventos,
    hasta,
    hasta_prompt,
    llamadas,
    mesa,
    muere_de_noche,
    muertas,
    noche,
    opciones,
    ronda,
    viva,
)

# --- Pacto de sangre ---------------------------------------------------------------------------------------


def test_el_pacto_de_sangre_se_activa_la_primera_noche_y_los_vinculados_se_conocen():
    m = mesa(PACTO)
    assert abiertos(m) == {("Ana", "pacto-de-sangre")}
    (p,) = m.pending()
    assert not p.skippable and p.min == p.max == 2
    elige(m, "Ana", "pacto-de-sangre", "Carlos", "Dani")
    assert eventos(m, "pacto", "Carlos") == [{"player": "Dani", "bond": "normal"}]
    assert eventos(m, "pacto", "Dani") == [{"player": "Carlos", "bond": "normal"}]
    assert eventos(m, "pacto", "Bea") == [] and eventos(m, "pacto", "Ana") == []
    assert objective(m.state, 2) == objective(m.state, 3) == "pacto-de-sangre"


def test_si_un_vinculado_pierde_todas_sus_cartas_el_otro_muere_irremediablemente():
    m = mesa(PACTO)
    elige(m, "Ana", "pacto-de-sangre", "Carlos", "Dani")
    muere_de_noche(m, "Carlos:2", "Carlos:3", "Carlos:4")  # Carlos is left with Larry Owls alone
    noche(m, ataque("Carlos:1"))
    assert m.state.out[2] and m.state.out[3]
    assert eventos(m, "pacto-roto") == [{"player": "Dani"}]


def test_el_pacto_roto_de_noche_se_dice_al_amanecer_con_las_muertes():
    """Se desvelan las muertes de la noche: the broken pact is told at dawn, after the night's deaths, not while
    the night is resolved (it named the player out before any death of the night was shown)."""
    m = mesa(PACTO)
    elige(m, "Ana", "pacto-de-sangre", "Carlos", "Dani")
    muere_de_noche(m, "Carlos:2", "Carlos:3", "Carlos:4")  # Carlos is left with Larry Owls alone
    start = len(m.state.log)
    noche(m, ataque("Carlos:1"))
    kinds = [e.kind for e in m.state.log[start:]]
    assert kinds.index("muerte") < kinds.index("eliminado") < kinds.index("pacto-roto")
    # What the table was told stays in every view.
    assert m.view("Bea")["pact_broken"] == m.view(PUBLIC)["pact_broken"] == "Dani"


RICHARD = con(PACTO, Bea=["richard-dadd", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"])


def test_richard_dadd_vinculado_puede_no_despertarse_y_entonces_no_hay_pacto():
    m = mesa(RICHARD)
    elige(m, "Ana", "pacto-de-sangre", "Bea", "Carlos")
    assert abiertos(m) == {("Bea", "pacto-richard")}
    elige(m, "Bea", "pacto-richard")
    assert m.state.blood_pact.bound is None and objective(m.state, 1) == "richard-dadd"
    assert eventos(m, "pacto-incompleto", "Carlos") == [{}]


def test_richard_dadd_vinculado_que_se_despierta_juega_por_el_pacto():
    m = mesa(RICHARD)
    elige(m, "Ana", "pacto-de-sangre", "Bea", "Carlos")
    elige(m, "Bea", "pacto-richard", "despertar")
    assert objective(m.state, 1) == "pacto-de-sangre"


# --- Terapias -----------------------------------------------------------------------------------------------


def test_la_terapia_de_electroshock_mata_una_carta_y_se_usa_una_sola_vez():
    m = mesa(CUATRO)
    ronda(m, {("Ana", "terapia-electroshock"): ["Dani:4"]})
    assert muertas(m) == {"juego-de-azar"}
    assert ("Ana", "terapia-electroshock") not in llamadas(m)


def test_la_terapia_de_opio_salva_una_carta_que_iba_a_morir_esa_noche():
    m = mesa(CUATRO)
    hasta_prompt(m, "Bea", "terapia-opio-y-barbituricos", ataque("Carlos:1"))
    assert opciones(m, "Bea", "terapia-opio-y-barbituricos") == ("Carlos:1",)
    elige(m, "Bea", "terapia-opio-y-barbituricos", "Carlos:1")
    noche(m)
    assert viva(m, "larry-owls") and eventos(m, "sin-muertes")


def test_la_terapia_de_opio_solo_ofrece_cartas_que_de_verdad_van_a_morir():
    """Arthur despertado no muere por los amotinados: ofrecerlo como «va a morir» diría que lo han atacado."""
    m = mesa(CUATRO)
    despierta(m, "arthur")
    hasta_prompt(m, "Bea", "terapia-opio-y-barbituricos", ataque("Carlos:2", {("Ana", "amotinados-2"): ["Dani:1"]}))
    assert opciones(m, "Bea", "terapia-opio-y-barbituricos") == ("Dani:1",)


def test_la_terapia_de_opio_no_se_ofrece_si_nadie_va_a_morir():
    m = mesa(CUATRO)
    assert ("Bea", "terapia-opio-y-barbituricos") not in llamadas(m)


def test_una_carta_desvelada_a_toda_la_mesa_se_ve_boca_arriba_tambien_para_su_duenno():
    """A living card shown to the whole table (Lobotomía, Confesión, Larry's and Richard Dadd's awakenings) is
    face up: every view says so, its holder's too (they know everybody knows it)."""
    m = mesa(CUATRO)
    assert "desvelada" not in m.view("Bea")["players"][1]["cards"][0]["markers"]
    noche(m, {("Carlos", "terapia-lobotomia"): ["Bea:1"]})
    for viewer in ("Bea", "Ana", PUBLIC, None):
        assert "desvelada" in m.view(viewer)["players"][1]["cards"][0]["markers"]


def test_la_lobotomia_sobre_un_amotinado_le_hace_cambiar_de_bando_y_perder_el_voto():
    m = mesa(CUATRO)
    noche(m, {("Carlos", "terapia-lobotomia"): ["Bea:1"]})
    assert eventos(m, "revela", "Dani")[-1]["card"] == "nathaniel"
    assert eventos(m, "cambia-de-bando", "Ana") == [{"player": "Bea", "position": 1, "side": "internos"}]
    assert objective(m.state, 1) == "internos"
    hasta_prompt(m, "Ana", "linchamiento")
    assert ("Bea", "linchamiento") not in abiertos(m)
    dia(m)
    assert ("Bea", "amotinados") not in llamadas(m)


def test_la_lobotomia_sobre_otra_carta_solo_la_muestra_a_todos():
    m = mesa(CUATRO)
    noche(m, {("Carlos", "terapia-lobotomia"): ["Dani:2"]})
    assert m.view("Ana")["players"][3]["cards"][1]["card"] == "wakerfield"
    assert eventos(m, "cambia-de-bando") == []


# --- Infecto de rabia, Manía persecutoria ------------------------------------------------------------------

RABIA = con(CUATRO, Carlos=["larry-owls", "arthur", "infecto-de-rabia", "muerte-dulce", "melancolia"])


def test_infecto_de_rabia_mata_al_amotinado_mas_cercano_por_la_izquierda_la_ronda_siguiente():
    m = mesa(RABIA)
    ronda(m, ataque("Carlos:3"))
    assert not viva(m, "infecto-de-rabia") and viva(m, "daniel")
    noche(m)
    assert not viva(m, "daniel") and viva(m, "nathaniel")  # left of Carlos: Dani (none), then Ana


MANIA = con(CUATRO, Carlos=["larry-owls", "arthur", "mania-persecutoria", "muerte-dulce", "melancolia"])


def test_mania_persecutoria_se_lleva_a_la_tumba_una_carta_antes_de_morir():
    m = mesa(MANIA)
    hasta_prompt(m, "Carlos", "mania-persecutoria", ataque("Carlos:3"))
    assert "Carlos:3" not in opciones(m, "Carlos", "mania-persecutoria")
    elige(m, "Carlos", "mania-persecutoria", "Bea:1")
    noche(m)
    assert muertas(m) == {"mania-persecutoria", "nathaniel"}


# --- Profeta ------------------------------------------------------------------------------------------------


def test_el_profeta_resucita_la_carta_muerta_cuando_muere_la_viva():
    m = mesa(CUATRO)
    ronda(m, ataque("Carlos:1"))
    hasta_prompt(m, "Dani", "profeta")
    assert opciones(m, "Dani", "profeta") == ("Carlos:2", "Carlos:3", "Carlos:4")
    elige(m, "Dani", "profeta", "Carlos:2")
    assert opciones(m, "Dani", "profeta-2") == ("Carlos:1",)
    elige(m, "Dani", "profeta-2", "Carlos:1")
    assert eventos(m, "profeta", "Bea") == [{"targets": ["Carlos:2", "Carlos:1"]}]
    noche(m, ataque("Carlos:2"))
    assert not viva(m, "arthur") and viva(m, "larry-owls")
    assert eventos(m, "resurreccion")[-1]["card"] == "larry-owls"


# --- El cataléptico -----------------------------------------------------------------------------------------

CATALEPTICO = con(
    CUATRO,
    Ana=["daniel", "el-archivo", "terapia-electroshock", "muerte-dulce", "responsabilidad"],
    Carlos=["larry-owls", "arthur", "terapia-lobotomia", "el-cataleptico", "melancolia"],
)


def test_el_cataleptico_vuelve_a_la_vida_la_primera_vez_que_lo_matan_de_noche():
    m = mesa(CATALEPTICO)
    noche(m, ataque("Carlos:4"))
    assert viva(m, "el-cataleptico") and eventos(m, "sin-muertes")
    assert eventos(m, "cataleptico", "Carlos") == [{"mode": "normal"}]
    dia(m)
    noche(m, ataque("Carlos:4"))
    assert not viva(m, "el-cataleptico")


def test_el_cataleptico_no_vuelve_si_lo_matan_de_dia():
    m = mesa(CATALEPTICO)
    noche(m)
    hasta_prompt(m, "Ana", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos"] if p.player != "Carlos" else [])
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos:4"])
    dia(m)
    noche(m)
    assert not viva(m, "el-cataleptico")


# --- Amnesia ----------------------------------------------------------------------------------------------


def test_amnesia_pide_un_segundo_linchamiento_y_obliga_a_anunciarla():
    m = mesa(CUATRO)
    noche(m)
    hasta_prompt(m, "Bea", "amnesia")
    assert opciones(m, "Bea", "amnesia") == ("normal",)
    elige(m, "Bea", "amnesia", "normal")
    assert eventos(m, "amnesia", "Carlos") == [{"player": "Bea", "mode": "normal"}]
    kinds = []
    hasta(m, lambda m: kinds.extend(p.id for p in m.pending()) or m.state.phase == "noche")
    assert "d1:linchamiento" in kinds and "d1:linchamiento-2" in kinds
    assert m.state.used["amnesia"]


# --- Muerte dulce -----------------------------------------------------------------------------------------


def test_muerte_dulce_si_la_carta_elegida_no_es_atacada_en_dos_turnos_muere_la_tuya():
    m = mesa(CUATRO)
    ronda(m, {("Carlos", "muerte-dulce"): ["Dani:3"]})
    assert viva(m, "muerte-dulce")
    noche(m)
    assert not viva(m, "muerte-dulce") and viva(m, "profeta")


def test_muerte_dulce_si_atacan_tu_carta_muere_en_su_lugar_la_elegida():
    m = mesa(CUATRO)
    noche(m, ataque("Carlos:4", {("Carlos", "muerte-dulce"): ["Dani:3"]}))
    assert viva(m, "muerte-dulce") and not viva(m, "profeta")


def test_muerte_dulce_si_atacan_la_elegida_tu_carta_se_salva():
    m = mesa(CUATRO)
    ronda(m, ataque("Dani:3", {("Carlos", "muerte-dulce"): ["Dani:3"]}))
    noche(m)
    assert viva(m, "muerte-dulce") and not viva(m, "profeta")


# --- Compañeros de celda ----------------------------------------------------------------------------------

CELDA = con(
    CUATRO,
    Bea=["nathaniel", "john-flick", "terapia-opio-y-barbituricos", "companeros-de-celda-1", "hostilidad"],
    Carlos=["larry-owls", "arthur", "terapia-lobotomia", "companeros-de-celda-2", "melancolia"],
    Dani=["mary-firth", "wakerfield", "companeros-de-celda-3", "profeta", "paciencia"],
)


def test_los_companeros_de_celda_se_conocen_la_primera_noche():
    m = mesa(CELDA)
    noche(m)
    assert eventos(m, "conoces", "Carlos") == [{"power": "companeros-de-celda", "players": ["Bea", "Dani"]}]


def test_al_morir_un_companero_de_celda_mueren_las_cartas_de_su_posicion_de_los_otros_dos():
    m = mesa(CELDA)
    noche(m, {("Ana", "terapia-electroshock"): ["Carlos:4"]})
    assert muertas(m) == {"companeros-de-celda-2", "companeros-de-celda-1", "profeta"}


# --- Juego de azar ----------------------------------------------------------------------------------------


def test_juego_de_azar_pone_una_ficha_que_cada_ronda_pasa_al_jugador_de_la_izquierda():
    m = mesa(CUATRO)
    ronda(m, {("Dani", "juego-de-azar"): ["Ana:2"]})
    assert eventos(m, "ficha", "Bea") == [{"target": "Ana:2", "direction": 1}]
    assert "ficha" in m.view("Carlos")["players"][0]["cards"][1]["markers"]
    hasta_prompt(m, "Ana", "juego-de-azar-ficha")
    assert opciones(m, "Ana", "juego-de-azar-ficha") == ("Bea:1", "Bea:2", "Bea:3", "Bea:4")
    with pytest.raises(IllegalAction):
        elige(m, "Ana", "juego-de-azar-ficha")
    elige(m, "Ana", "juego-de-azar-ficha", "Bea:4")
    assert [token[0] for token in m.state.tokens] == ["amnesia"]


def test_al_morir_el_juego_de_azar_muere_tambien_la_carta_con_la_ficha():
    m = mesa(CUATRO)
    noche(m, ataque("Dani:4", {("Dani", "juego-de-azar"): ["Carlos:3"]}))
    assert muertas(m) == {"juego-de-azar", "terapia-lobotomia"}


def test_un_poder_puede_usarse_sobre_uno_mismo_salvo_que_la_carta_diga_otra_cosa():
    m = mesa(CUATRO)
    hasta_prompt(m, "Ana", "terapia-electroshock")
    assert "Ana:1" in opciones(m, "Ana", "terapia-electroshock")  # FAQ 3
    hasta_prompt(m, "Carlos", "terapia-lobotomia", {("Ana", "terapia-electroshock"): []})
    assert "Carlos:1" in opciones(m, "Carlos", "terapia-lobotomia")
