"""Bipolaridad (section 6) and the opposite effects of every action card (section 8): each time its holder
uses an action card they choose the normal or the opposite effect."""

from velada.games.bethlem.ending import objective

from .mesa import (
    CUATRO,
    abiertos,
    ataque,
    con,
    dia,
    elige,
    eventos,
    hasta_prompt,
    mesa,
    muere_de_noche,
    muertas,
    noche,
    opciones,
    ronda,
    viva,
)


def bipolar(deal, player):
    """``deal`` with Bipolaridad swapped into ``player``'s personality."""
    deal = {p: list(cards) for p, cards in deal.items()}
    holder = next((p for p, cards in deal.items() if cards[-1] == "bipolaridad"), None)
    if holder is not None:
        deal[holder][-1], deal[player][-1] = deal[player][-1], "bipolaridad"
    else:
        deal[player][-1] = "bipolaridad"
    return deal


def test_bipolaridad_ofrece_cada_vez_el_efecto_normal_o_el_opuesto():
    m = mesa(bipolar(CUATRO, "Ana"))
    hasta_prompt(m, "Ana", "modo", ataque("Carlos:1"))
    assert opciones(m, "Ana", "modo") == ("normal", "opuesto")


def test_electroshock_opuesto_salva_una_carta_que_iba_a_morir():
    m = mesa(bipolar(CUATRO, "Ana"))
    noche(m, ataque("Carlos:1", {("Ana", "modo"): ["opuesto"], ("Ana", "terapia-electroshock"): ["Carlos:1"]}))
    assert viva(m, "larry-owls") and m.state.used["terapia-electroshock"]


def test_opio_opuesto_mata_una_carta():
    m = mesa(bipolar(CUATRO, "Bea"))
    noche(m, {("Bea", "terapia-opio-y-barbituricos"): ["Dani:2"]})
    assert muertas(m) == {"wakerfield"}


def test_lobotomia_opuesta_enloquece_a_un_interno_que_pasa_a_los_amotinados():
    m = mesa(bipolar(CUATRO, "Carlos"))
    ronda(m, {("Carlos", "modo"): ["opuesto"], ("Carlos", "terapia-lobotomia"): ["Dani:1"]})
    assert eventos(m, "cambia-de-bando")[-1] == {"player": "Dani", "position": 1, "side": "amotinados"}
    assert objective(m.state, 3) == "amotinados"
    hasta_prompt(m, "Ana", "amotinados")
    assert ("Dani", "amotinados") in abiertos(m)


def test_pacto_de_odio_gana_quien_acaba_con_la_ultima_carta_del_otro():
    deal = bipolar(
        con(CUATRO, Ana=["daniel", "el-archivo", "pacto-de-sangre", "el-cataleptico", "responsabilidad"]), "Ana"
    )
    m = mesa(deal)
    elige(m, "Ana", "modo", "opuesto")
    elige(m, "Ana", "pacto-de-sangre", "Bea", "Dani")
    assert eventos(m, "pacto", "Dani") == [{"player": "Bea", "bond": "odio"}]
    assert objective(m.state, 1) == "pacto-de-odio"
    muere_de_noche(m, "Dani:2", "Dani:3", "Dani:4")  # Dani is left with Mary Firth alone
    noche(m, ataque("Dani:1"))
    r = m.result
    assert r.reason == "pacto-de-odio" and r.winners == ("Bea",)


RABIA = con(CUATRO, Carlos=["larry-owls", "arthur", "infecto-de-rabia", "muerte-dulce", "melancolia"])


def test_infecto_de_rabia_opuesto_contagia_al_amotinado_mas_cercano_por_la_derecha():
    m = mesa(bipolar(RABIA, "Carlos"))
    ronda(m, ataque("Carlos:3", {("Carlos", "modo"): ["opuesto"]}))
    noche(m)
    assert not viva(m, "nathaniel") and viva(m, "daniel")


MANIA = con(CUATRO, Carlos=["larry-owls", "arthur", "mania-persecutoria", "muerte-dulce", "melancolia"])


def test_mania_persecutoria_opuesta_salva_con_prioridad_una_carta_que_iba_a_morir():
    m = mesa(bipolar(MANIA, "Carlos"))
    noche(
        m,
        ataque(
            "Carlos:3",
            {
                ("Ana", "amotinados-2"): ["Dani:1"],
                ("Carlos", "modo"): ["opuesto"],
                ("Carlos", "mania-persecutoria"): ["Dani:1"],
            },
        ),
    )
    assert muertas(m) == {"mania-persecutoria"}


def test_profeta_opuesto_liga_dos_cartas_vivas_que_mueren_juntas():
    m = mesa(bipolar(CUATRO, "Dani"))
    hasta_prompt(m, "Dani", "profeta")  # nobody is dead yet: only the opposite is possible, no mode to choose
    assert m.pending()[0].args == {"mode": "opuesto"}
    elige(m, "Dani", "profeta", "Carlos:1")
    assert opciones(m, "Dani", "profeta-2") == ("Carlos:2", "Carlos:3", "Carlos:4")
    elige(m, "Dani", "profeta-2", "Carlos:2")
    noche(m, ataque("Carlos:1"))
    assert muertas(m) == {"larry-owls", "arthur"}


CATALEPTICO = con(
    CUATRO,
    Ana=["daniel", "el-archivo", "terapia-electroshock", "muerte-dulce", "responsabilidad"],
    Carlos=["larry-owls", "arthur", "terapia-lobotomia", "el-cataleptico", "melancolia"],
)


def test_cataleptico_opuesto_vuelve_a_la_vida_la_primera_vez_que_muere_de_dia():
    m = mesa(bipolar(CATALEPTICO, "Carlos"))
    noche(m)
    hasta_prompt(m, "Ana", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos"] if p.player != "Carlos" else [])
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos:4"])
    dia(m)
    assert not viva(m, "el-cataleptico")
    noche(m)
    assert viva(m, "el-cataleptico")
    assert eventos(m, "cataleptico", "Carlos") == [{"mode": "opuesto"}]


def test_amnesia_opuesta_cancela_el_linchamiento_del_dia():
    m = mesa(bipolar(CUATRO, "Bea"))
    noche(m)
    hasta_prompt(m, "Bea", "amnesia")
    elige(m, "Bea", "amnesia", "opuesto")
    assert eventos(m, "linchamiento-cancelado") == [{}]
    assert m.state.phase == "noche" or not any(p.kind == "linchamiento" for p in m.pending())


def test_muerte_dulce_opuesta_si_tu_carta_no_es_atacada_muere_la_elegida():
    m = mesa(bipolar(CUATRO, "Carlos"))
    ronda(m, {("Carlos", "modo"): ["opuesto"], ("Carlos", "muerte-dulce"): ["Dani:3"]})
    noche(m)
    assert viva(m, "muerte-dulce") and not viva(m, "profeta")


def test_muerte_dulce_opuesta_si_atacan_la_elegida_muere_tu_carta_en_su_lugar():
    m = mesa(bipolar(CUATRO, "Carlos"))
    noche(m, ataque("Dani:3", {("Carlos", "modo"): ["opuesto"], ("Carlos", "muerte-dulce"): ["Dani:3"]}))
    assert not viva(m, "muerte-dulce") and viva(m, "profeta")


CELDA = con(
    CUATRO,
    Bea=["nathaniel", "john-flick", "terapia-opio-y-barbituricos", "companeros-de-celda-1", "hostilidad"],
    Carlos=["larry-owls", "arthur", "terapia-lobotomia", "companeros-de-celda-2", "melancolia"],
    Dani=["mary-firth", "wakerfield", "companeros-de-celda-3", "profeta", "paciencia"],
)


def test_companeros_de_celda_opuestos_matan_la_carta_de_la_posicion_opuesta():
    m = mesa(bipolar(CELDA, "Carlos"))
    noche(m, {("Ana", "terapia-electroshock"): ["Carlos:4"], ("Carlos", "modo"): ["opuesto"]})
    assert muertas(m) == {"companeros-de-celda-2", "nathaniel", "mary-firth"}


def test_juego_de_azar_opuesto_mueve_la_ficha_hacia_la_derecha():
    m = mesa(bipolar(CUATRO, "Dani"))
    ronda(m, {("Dani", "modo"): ["opuesto"], ("Dani", "juego-de-azar"): ["Ana:2"]})
    assert eventos(m, "ficha")[-1] == {"target": "Ana:2", "direction": -1}
    hasta_prompt(m, "Ana", "juego-de-azar-ficha")
    assert opciones(m, "Ana", "juego-de-azar-ficha") == ("Dani:1", "Dani:2", "Dani:3", "Dani:4")


def test_si_otro_acaba_con_un_vinculado_por_odio_el_pacto_de_odio_se_anula():
    deal = bipolar(
        con(CUATRO, Ana=["daniel", "el-archivo", "pacto-de-sangre", "el-cataleptico", "responsabilidad"]), "Ana"
    )
    m = mesa(deal)
    elige(m, "Ana", "modo", "opuesto")
    elige(m, "Ana", "pacto-de-sangre", "Carlos", "Dani")
    muere_de_noche(m, "Dani:2", "Dani:3", "Dani:4")  # Dani is left with Mary Firth alone
    noche(m, ataque("Dani:1"))
    assert m.result is None and m.state.out[3]
    assert objective(m.state, 2) == "internos"
