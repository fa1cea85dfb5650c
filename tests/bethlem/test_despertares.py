"""Despertar (sections 9 and 10): a player left with one living card awakens it (as does the Despertar event);
characters keep the awakening, actions use it once, even when their normal power is spent."""

from velada.games.bethlem.ending import objective

from .mesa import (
    CUATRO,
    PACTO,
    abiertos,
    ataque,
    caen,
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
    posiciones,
    ronda,
    viva,
)
from .test_bipolaridad import bipolar


def test_un_jugador_con_una_sola_carta_viva_la_despierta():
    m = mesa(CUATRO)
    muere_de_noche(m, "Carlos:2", "Carlos:3")  # Arthur, Terapia lobotomía
    assert not m.state.awake.get("larry-owls")
    noche(m, ataque("Carlos:4"))
    assert m.state.awake["larry-owls"]
    assert eventos(m, "despertar", "Ana") == [{"player": "Carlos", "position": 1, "why": "ultima-carta"}]
    assert eventos(m, "tu-despertar", "Carlos") == [{"card": "larry-owls"}]
    assert eventos(m, "tu-despertar", "Ana") == []
    assert m.view("Ana")["players"][2]["cards"][0] == {
        "position": 1,
        "alive": True,
        "card": None,
        "name": None,
        "markers": ["despertar"],
    }


def test_una_accion_despertada_usa_su_despertar_aunque_ya_hubiera_gastado_su_poder():
    m = mesa(CUATRO)
    ronda(m, {("Ana", "terapia-electroshock"): ["Dani:4"]})
    despierta(m, "terapia-electroshock")
    hasta_prompt(m, "Ana", "terapia-electroshock")
    assert m.pending()[0].args == {"mode": "despertar"}


# --- principal characters ---------------------------------------------------------------------------------


def test_daniel_despertado_gana_a_un_jugador_para_los_amotinados():
    m = mesa(CUATRO)
    despierta(m, "daniel")
    hasta_prompt(m, "Ana", "daniel-despertar")
    elige(m, "Ana", "daniel-despertar", "Carlos")
    assert objective(m.state, 2) == "amotinados"
    assert eventos(m, "daniel-marca", "Dani") == [{"player": "Carlos"}]
    dia(m)
    assert ("Ana", "daniel-despertar") not in llamadas(m)


def test_los_internos_no_necesitan_matar_al_ganado_por_daniel():
    m = mesa(CUATRO)
    despierta(m, "daniel")
    hasta_prompt(m, "Ana", "daniel-despertar")
    elige(m, "Ana", "daniel-despertar", "Carlos")
    assert objective(m.state, 2) == "amotinados"
    noche(m)
    dia(m)
    caen(m, "Ana:1", "Bea:1")
    r = m.result
    assert r.reason == "internos" and r.winners == ("Dani",)


def test_nathaniel_despertado_mata_la_mitad_de_las_cartas_de_quienes_no_son_amotinados():
    m = mesa(CUATRO)
    despierta(m, "nathaniel")
    hasta_prompt(m, "Bea", "nathaniel-despertar", ataque("Carlos:1"))
    (p,) = m.pending()
    assert p.min == p.max == 4 and len(p.options) == 8
    elige(m, "Bea", "nathaniel-despertar", "Dani:1", "Dani:2", "Dani:3", "Carlos:2")
    noche(m)
    assert muertas(m) == {"larry-owls", "mary-firth", "wakerfield", "profeta", "arthur"}


RICHARD = con(CUATRO, Bea=["richard-dadd", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"])


def test_richard_dadd_despertado_se_muestra_y_solo_muere_de_forma_indirecta():
    m = mesa(RICHARD)
    despierta(m, "richard-dadd")
    assert m.view("Carlos")["players"][1]["cards"][0]["card"] == "richard-dadd"
    noche(m, {("Ana", "terapia-electroshock"): ["Bea:1"]})
    assert viva(m, "richard-dadd")
    assert eventos(m, "muerte-impedida")[-1] == {"card": "richard-dadd", "reason": "richard-dadd"}


ALI = con(CUATRO, Carlos=["ali-la-muda", "arthur", "terapia-lobotomia", "muerte-dulce", "melancolia"])


def test_ali_despertada_ve_quien_se_levanta_en_cada_turno():
    m = mesa(ALI)
    despierta(m, "ali-la-muda")
    noche(m)
    vistos = {(e["player"], e["power"]) for e in eventos(m, "ali-ve", "Carlos")}
    assert {("Ana", "el-archivo"), ("Dani", "mary-firth"), ("Ana", "amotinados"), ("Bea", "amotinados")} <= vistos


def test_quien_mata_a_ali_despertada_pierde_el_voto_y_si_fueron_varios_ella_elige():
    m = mesa(ALI)
    despierta(m, "ali-la-muda")
    hasta_prompt(m, "Carlos", "ali-la-muda-voto", ataque("Carlos:1"))
    assert opciones(m, "Carlos", "ali-la-muda-voto") == ("Ana", "Bea")
    elige(m, "Carlos", "ali-la-muda-voto", "Bea")
    assert eventos(m, "sin-voto", "Dani") == [{"player": "Bea", "reason": "ali-la-muda"}]
    hasta_prompt(m, "Ana", "linchamiento")
    assert ("Bea", "linchamiento") not in abiertos(m)


def test_larry_despertado_muestra_a_todos_al_amanecer_la_carta_que_vio():
    m = mesa(CUATRO)
    ronda(m)
    despierta(m, "larry-owls")
    hasta_prompt(m, "Carlos", "larry-owls")
    assert not any(o.startswith("Carlos:") for o in opciones(m, "Carlos", "larry-owls"))
    elige(m, "Carlos", "larry-owls", "Ana:1")
    noche(m)
    assert m.view("Dani")["players"][0]["cards"][0]["card"] == "daniel"
    kinds = [e.kind for e in m.state.log]
    assert kinds.index("revela") < len(kinds) - 1 - kinds[::-1].index("dia")  # shown before the day begins


def test_la_carta_que_ensenna_larry_despertado_anuncia_su_despertar_y_queda_en_la_vista_aunque_muera():
    """Larry's shown card tells the table that an awakened Larry acts: the views keep it with the announced
    awakenings, also once the card shown has died (and its marker with it)."""
    m = mesa(CUATRO)
    ronda(m)
    despierta(m, "larry-owls")
    hasta_prompt(m, "Carlos", "larry-owls")
    elige(m, "Carlos", "larry-owls", "Dani:3")
    noche(m, ataque("Dani:3"))
    assert not viva(m, "profeta")
    assert m.view("Dani")["awakenings_announced"] == ["larry-owls"]


def test_larry_despertado_no_repite_jugador_hasta_mostrar_una_carta_de_todos():
    m = mesa(CUATRO)
    despierta(m, "larry-owls")
    ronda(m, {("Carlos", "larry-owls"): ["Ana:1"]})
    hasta_prompt(m, "Carlos", "larry-owls")
    assert not any(o.startswith(("Ana:", "Carlos:")) for o in opciones(m, "Carlos", "larry-owls"))


def test_si_larry_despertado_muere_de_noche_muere_tambien_la_carta_que_mostro():
    m = mesa(CUATRO)
    ronda(m)
    despierta(m, "larry-owls")
    noche(m, ataque("Carlos:1", {("Carlos", "larry-owls"): ["Dani:3"]}))
    assert muertas(m) == {"larry-owls", "profeta"}


def test_mary_despertada_impide_para_siempre_que_el_amotinado_se_levante():
    m = mesa(CUATRO)
    despierta(m, "mary-firth")
    noche(m, {("Dani", "mary-firth"): ["Bea"], ("Dani", "mary-firth-despertar"): ["desenmascarar"]})
    assert eventos(m, "anuncia-despertar", "Ana") == [{"power": "mary-firth"}]
    dia(m)
    assert ("Bea", "amotinados") not in llamadas(m)


def test_mary_despertada_puede_volver_a_senalar_a_quien_ya_eligio():
    m = mesa(CUATRO)
    ronda(m, {("Dani", "mary-firth"): ["Bea"]})
    despierta(m, "mary-firth")
    hasta_prompt(m, "Dani", "mary-firth")
    assert "Bea" in opciones(m, "Dani", "mary-firth")


DIRECTOR = con(CUATRO, Dani=["krugman", "wakerfield", "profeta", "juego-de-azar", "paciencia"])


def test_el_director_despertado_usa_el_despertar_del_poder_que_toma():
    m = mesa(DIRECTOR)
    ronda(m, ataque("Carlos:1"))
    despierta(m, "krugman")
    hasta_prompt(m, "Dani", "larry-owls", {("Dani", "director"): ["Carlos:1"]})
    elige(m, "Dani", "larry-owls", "Bea:1")
    noche(m)
    assert eventos(m, "revela")[-1] == {"player": "Bea", "position": 1, "card": "nathaniel", "power": "larry-owls"}


# --- secondary characters ---------------------------------------------------------------------------------


def test_el_archivo_despertado_recupera_su_poder_y_ve_el_personaje_principal_de_cualquiera():
    m = mesa(CUATRO)
    ronda(m, {("Ana", "el-archivo"): ["Carlos"]})
    assert m.state.archive.lost
    despierta(m, "el-archivo")
    noche(m, {("Ana", "el-archivo"): ["Carlos"]})
    assert eventos(m, "archivo", "Ana")[-1] == {"player": "Carlos", "positions": [1], "principal": True}
    assert eventos(m, "anuncia-despertar", "Bea") == [{"power": "el-archivo"}]


def test_quien_senala_el_archivo_despertado_no_puede_actuar_contra_su_duenno_esa_ronda():
    m = mesa(CUATRO)
    despierta(m, "el-archivo")
    hasta_prompt(m, "Bea", "amotinados", {("Ana", "el-archivo"): ["Bea"]})
    assert not any(o.startswith("Ana:") for o in opciones(m, "Bea", "amotinados"))


def test_john_flick_despertado_mata_la_carta_acusada_si_su_jugador_es_linchado():
    m = mesa(CUATRO)
    despierta(m, "john-flick")
    noche(m, {("Bea", "john-flick"): ["Carlos:2"]})
    hasta_prompt(m, "Ana", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos"] if p.player != "Carlos" else [])
    assert not any(p.kind == "linchamiento-carta" for p in m.pending())
    hasta(m, lambda m: not viva(m, "arthur"))
    assert muertas(m) == {"arthur"}


def test_john_flick_despertado_es_inmune_al_linchamiento():
    m = mesa(CUATRO)
    despierta(m, "john-flick")
    noche(m)
    hasta_prompt(m, "Ana", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Bea"] if p.player != "Bea" else [])
    for p in m.pending():
        m.choose(p.player, p.id, ["Bea:2"])
    dia(m)
    assert viva(m, "john-flick")


def test_arthur_despertado_es_inmune_a_los_amotinados_y_sigue_protegiendo():
    m = mesa(CUATRO)
    despierta(m, "arthur")
    noche(m, ataque("Carlos:2", {("Carlos", "arthur"): ["Dani:1"], ("Ana", "amotinados-2"): ["Dani:1"]}))
    assert viva(m, "arthur") and viva(m, "mary-firth")


def test_wakerfield_despertada_ve_las_cartas_y_se_queda_con_su_despertar():
    m = mesa(CUATRO)
    despierta(m, "wakerfield")
    hasta_prompt(m, "Dani", "wakerfield", ataque("Carlos:1"))
    assert m.pending()[0].args == {"cards": {"Carlos:1": "larry-owls"}}
    elige(m, "Dani", "wakerfield", "Carlos:1")
    assert m.state.awake["larry-owls"] and m.state.board[3][1] == "larry-owls"


SIAMESAS = con(
    CUATRO,
    Bea=["ali-la-muda", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    Carlos=["larry-owls", "siamesas-2", "terapia-lobotomia", "muerte-dulce", "melancolia"],
    Dani=["mary-firth", "arthur", "profeta", "juego-de-azar", "paciencia"],
)


def test_una_siamesa_despertada_solo_muere_si_ha_muerto_la_carta_en_su_posicion_junto_a_la_otra():
    m = mesa(SIAMESAS)
    despierta(m, "siamesas-2")
    noche(m, {("Ana", "amotinados"): ["Carlos:2"], ("Ana", "amotinados-2"): ["Bea:2"]})
    assert viva(m, "siamesas-2") and not viva(m, "siamesas-1")
    # The next night the card in her position is dead: an attack kills her.
    dia(m)
    noche(m, {("Ana", "amotinados"): ["Carlos:2"]})
    assert not viva(m, "siamesas-2")


PARCA = con(CUATRO, Dani=["mary-firth", "la-parca", "profeta", "juego-de-azar", "paciencia"])


def test_la_parca_despertada_se_enfada_con_una_sola_desobediencia():
    m = mesa(PARCA)
    despierta(m, "la-parca")
    ronda(m, {("Dani", "la-parca"): ["Carlos:3"]})
    assert eventos(m, "la-parca-furiosa") == [{}]


# --- actions -------------------------------------------------------------------------------------------------


def test_el_pacto_de_sangre_despertado_solo_muere_si_antes_cayo_un_vinculado():
    m = mesa(PACTO)
    elige(m, "Ana", "pacto-de-sangre", "Carlos", "Dani")
    despierta(m, "pacto-de-sangre")
    from velada.games.bethlem.deaths import attack

    attack(m.state, "pacto-de-sangre", "terapia-electroshock", (1,))
    noche(m)
    assert viva(m, "pacto-de-sangre")
    assert eventos(m, "muerte-impedida")[-1] == {"card": "pacto-de-sangre", "reason": "pacto-de-sangre"}


def test_el_pacto_de_sangre_despertado_gana_con_los_vinculados_si_solo_queda_el_pacto():
    m = mesa(PACTO)
    elige(m, "Ana", "pacto-de-sangre", "Carlos", "Dani")
    despierta(m, "pacto-de-sangre")
    noche(m)
    dia(m)
    # Bea out: the two bound players and the pact's awakened holder are the only ones left.
    caen(m, *posiciones("Bea"))
    r = m.result
    assert m.state.out == [False, True, False, False]
    assert r.reason == "pacto-de-sangre" and r.winners == ("Ana", "Carlos", "Dani")


def test_electroshock_despertado_mata_sin_que_nada_salve_la_carta():
    m = mesa(CUATRO)
    despierta(m, "terapia-electroshock")
    noche(
        m,
        {
            ("Ana", "modo"): ["despertar"],
            ("Ana", "terapia-electroshock"): ["Dani:1"],
            ("Bea", "terapia-opio-y-barbituricos"): ["Dani:1"],
        },
    )
    assert not viva(m, "mary-firth")


def test_opio_despertado_resucita_una_carta_muerta_hace_rondas():
    m = mesa(CUATRO)
    ronda(m, ataque("Carlos:1"))
    ronda(m)
    despierta(m, "terapia-opio-y-barbituricos")
    noche(m, {("Bea", "modo"): ["despertar"], ("Bea", "terapia-opio-y-barbituricos"): ["Carlos:1"]})
    assert viva(m, "larry-owls")


def test_la_lobotomia_despertada_no_quita_el_voto():
    m = mesa(CUATRO)
    despierta(m, "terapia-lobotomia")
    noche(m, {("Carlos", "n1:modo-terapia-lobotomia"): ["despertar"], ("Carlos", "terapia-lobotomia"): ["Bea:1"]})
    assert objective(m.state, 1) == "internos"
    hasta_prompt(m, "Bea", "linchamiento")


RABIA = con(CUATRO, Carlos=["larry-owls", "arthur", "infecto-de-rabia", "muerte-dulce", "melancolia"])


def test_infecto_de_rabia_despertado_mata_al_amotinado_en_el_acto():
    m = mesa(RABIA)
    despierta(m, "infecto-de-rabia")
    noche(m, ataque("Carlos:3", {("Carlos", "n1:modo-rabia"): ["despertar"]}))
    assert not viva(m, "daniel")


MANIA = con(CUATRO, Carlos=["larry-owls", "arthur", "mania-persecutoria", "muerte-dulce", "melancolia"])


def test_mania_persecutoria_despertada_se_lleva_dos_cartas():
    m = mesa(MANIA)
    despierta(m, "mania-persecutoria")
    hasta_prompt(m, "Carlos", "mania-persecutoria", ataque("Carlos:3", {("Carlos", "n1:modo-mania"): ["despertar"]}))
    assert m.pending()[0].min == 2
    elige(m, "Carlos", "mania-persecutoria", "Ana:1", "Bea:1")
    noche(m)
    assert muertas(m) == {"mania-persecutoria", "daniel", "nathaniel"}


def test_el_profeta_despertado_puede_elegir_cartas_de_jugadores_distintos():
    m = mesa(CUATRO)
    ronda(m, ataque("Carlos:1"))
    despierta(m, "profeta")
    hasta_prompt(m, "Dani", "profeta", {("Dani", "modo"): ["despertar"]})
    elige(m, "Dani", "profeta", "Ana:2")
    assert opciones(m, "Dani", "profeta-2") == ("Carlos:1",)


CATALEPTICO = con(
    CUATRO,
    Ana=["daniel", "el-archivo", "terapia-electroshock", "muerte-dulce", "responsabilidad"],
    Carlos=["larry-owls", "arthur", "terapia-lobotomia", "el-cataleptico", "melancolia"],
)


def test_el_cataleptico_despertado_vuelve_a_la_vida_y_mata_una_carta():
    m = mesa(CATALEPTICO)
    despierta(m, "el-cataleptico")
    hasta_prompt(
        m, "Carlos", "el-cataleptico", ataque("Carlos:4", {("Carlos", "n1:modo-el-cataleptico"): ["despertar"]})
    )
    elige(m, "Carlos", "el-cataleptico", "Ana:1")
    noche(m)
    assert viva(m, "el-cataleptico") and not viva(m, "daniel")


def test_amnesia_despertada_elige_al_jugador_que_pierde_una_carta():
    m = mesa(CUATRO)
    despierta(m, "amnesia")
    noche(m)
    hasta_prompt(m, "Bea", "amnesia")
    elige(m, "Bea", "amnesia", "despertar")
    elige(m, "Bea", "amnesia-jugador", "Carlos")
    hasta_prompt(m, "Ana", "linchamiento")
    hasta(m, lambda m: any(p.id == "d1:linchamiento-carta-2" for p in m.pending()))
    assert {p.options for p in m.pending()} == {("Carlos:1", "Carlos:2", "Carlos:3", "Carlos:4")}


def test_tras_el_primer_linchamiento_de_amnesia_el_despertar_espera_al_segundo():
    m = mesa(CUATRO)
    muere_de_noche(m, "Carlos:2", "Carlos:3")  # Arthur, Terapia lobotomía
    noche(m)
    hasta_prompt(m, "Bea", "amnesia")
    elige(m, "Bea", "amnesia", "normal")
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos"] if p.player != "Carlos" else [])
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos:4"])
    hasta(m, lambda m: any(p.id == "d3:linchamiento-2" for p in m.pending()))
    assert not m.state.awake.get("larry-owls")
    hasta(m, lambda m: m.state.phase == "noche")
    assert m.state.awake["larry-owls"]


def test_muerte_dulce_despertada_sobrevive_si_ninguna_de_las_dos_es_atacada():
    m = mesa(CUATRO)
    despierta(m, "muerte-dulce")
    ronda(m, {("Carlos", "n1:modo-muerte-dulce"): ["despertar"], ("Carlos", "muerte-dulce"): ["Dani:3"]})
    ronda(m)
    assert viva(m, "muerte-dulce") and viva(m, "profeta")


def test_muerte_dulce_despertada_se_lleva_a_la_tumba_la_carta_elegida():
    m = mesa(CUATRO)
    despierta(m, "muerte-dulce")
    ronda(m, {("Carlos", "n1:modo-muerte-dulce"): ["despertar"], ("Carlos", "muerte-dulce"): ["Dani:3"]})
    ronda(m)  # the exchange closes at the second night: nobody was attacked, both live
    assert viva(m, "muerte-dulce") and not m.state.sweet.open
    noche(m, {**ataque("Carlos:4"), ("Carlos", "muerte-dulce-despertar"): ["llevar"]})
    assert not viva(m, "muerte-dulce") and not viva(m, "profeta")


CELDA = con(
    CUATRO,
    Bea=["nathaniel", "john-flick", "terapia-opio-y-barbituricos", "companeros-de-celda-1", "hostilidad"],
    Carlos=["larry-owls", "arthur", "terapia-lobotomia", "companeros-de-celda-2", "melancolia"],
    Dani=["mary-firth", "wakerfield", "companeros-de-celda-3", "profeta", "paciencia"],
)


def test_companeros_de_celda_despertado_resucita_las_cartas_que_perdiste_por_tus_companeros():
    m = mesa(CELDA)
    noche(m, {("Ana", "terapia-electroshock"): ["Carlos:4"]})
    # Dani lost his Profeta for his cellmates: his own Compañero de celda lives, and wakes.
    assert not viva(m, "profeta") and viva(m, "companeros-de-celda-3")
    despierta(m, "companeros-de-celda-3")
    dia(m)
    noche(m, {**ataque("Dani:3"), ("Dani", "companeros-despertar"): ["resucitar"]})
    assert viva(m, "profeta")


def test_juego_de_azar_despertado_apuesta_por_el_grupo_de_la_carta_con_la_ficha():
    m = mesa(CUATRO)
    despierta(m, "juego-de-azar")
    hasta_prompt(m, "Dani", "juego-de-azar-apuesta", ataque("Dani:4", {("Dani", "juego-de-azar"): ["Ana:2"]}))
    elige(m, "Dani", "juego-de-azar-apuesta", "P2")
    noche(m)
    assert viva(m, "juego-de-azar") and viva(m, "el-archivo")
    assert eventos(m, "apuesta", "Ana") == [{"player": "Dani", "group": "P2", "right": True}]


# --- bipolar awakenings (section 10) ----------------------------------------------------------------------


def test_electroshock_despertado_opuesto_resucita_una_carta_muerta():
    m = mesa(bipolar(CUATRO, "Ana"))
    ronda(m, ataque("Carlos:1"))
    despierta(m, "terapia-electroshock")
    noche(m, {("Ana", "modo"): ["despertar-opuesto"], ("Ana", "terapia-electroshock"): ["Carlos:1"]})
    assert viva(m, "larry-owls")


def test_opio_despertado_opuesto_mata_sin_remedio():
    m = mesa(bipolar(CUATRO, "Bea"))
    despierta(m, "terapia-opio-y-barbituricos")
    noche(
        m,
        {
            ("Carlos", "arthur"): ["Dani:1"],
            ("Bea", "modo"): ["despertar-opuesto"],
            ("Bea", "terapia-opio-y-barbituricos"): ["Dani:1"],
        },
    )
    assert not viva(m, "mary-firth")


def test_infecto_de_rabia_despertado_opuesto_mata_en_el_acto_al_de_la_derecha():
    m = mesa(bipolar(RABIA, "Carlos"))
    despierta(m, "infecto-de-rabia")
    noche(m, ataque("Carlos:3", {("Carlos", "n1:modo-rabia"): ["despertar-opuesto"]}))
    assert not viva(m, "nathaniel") and viva(m, "daniel")


def test_mania_persecutoria_despertada_opuesta_resucita_una_carta_muerta():
    m = mesa(bipolar(MANIA, "Carlos"))
    ronda(m, {("Ana", "terapia-electroshock"): ["Dani:1"]})
    despierta(m, "mania-persecutoria")
    noche(
        m,
        ataque(
            "Carlos:3",
            {("Carlos", "n2:modo-mania"): ["despertar-opuesto"], ("Carlos", "mania-persecutoria"): ["Dani:1"]},
        ),
    )
    assert viva(m, "mary-firth") and not viva(m, "mania-persecutoria")


def test_amnesia_despertada_opuesta_lincha_cartas_muertas_para_resucitar_una():
    m = mesa(bipolar(CUATRO, "Bea"))
    ronda(m, ataque("Carlos:1"))
    despierta(m, "amnesia")
    noche(m)
    hasta_prompt(m, "Bea", "amnesia")
    elige(m, "Bea", "amnesia", "despertar-opuesto")
    hasta(m, lambda m: any(p.id == "d2:linchamiento-2" for p in m.pending()))
    assert {p.options for p in m.pending()} == {("Carlos",)}
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos"])
    for p in m.pending():
        assert p.options == ("Carlos:1",)
        m.choose(p.player, p.id, ["Carlos:1"])
    assert viva(m, "larry-owls")


def test_muerte_dulce_despertada_opuesta_resucita_la_carta_elegida_al_morir():
    m = mesa(bipolar(CUATRO, "Carlos"))
    despierta(m, "muerte-dulce")
    ronda(m, {("Carlos", "n1:modo-muerte-dulce"): ["despertar-opuesto"], ("Carlos", "muerte-dulce"): ["Dani:3"]})
    ronda(m)
    muere_de_noche(m, "Dani:3")  # the chosen card dies first
    noche(m, {**ataque("Carlos:4"), ("Carlos", "muerte-dulce-despertar"): ["resucitar"]})
    assert viva(m, "profeta") and not viva(m, "muerte-dulce")


def test_la_parca_despertada_desobedecida_mueve_las_fichas_de_muerte_dentro_de_un_mismo_jugador():
    m = mesa(PARCA)
    despierta(m, "la-parca")
    hasta_prompt(m, "Dani", "la-parca-despertar", ataque("Carlos:1", {("Dani", "la-parca"): ["Bea:3"]}))
    assert opciones(m, "Dani", "la-parca-despertar") == ("Carlos:1",)
    elige(m, "Dani", "la-parca-despertar", "Carlos:1")
    assert opciones(m, "Dani", "la-parca-mover") == ("Carlos:2", "Carlos:3", "Carlos:4")
    elige(m, "Dani", "la-parca-mover", "Carlos:4")
    assert eventos(m, "anuncia-despertar", "Ana") == [{"power": "la-parca"}]
    noche(m)
    assert viva(m, "larry-owls") and not viva(m, "muerte-dulce")


def test_la_parca_despertada_obedecida_no_mueve_nada():
    m = mesa(PARCA)
    despierta(m, "la-parca")
    noche(m, ataque("Carlos:1", {("Dani", "la-parca"): ["Carlos:1"]}))
    assert not any(e.kind == "la-parca-mueve" for e in m.state.log)
    assert not viva(m, "larry-owls")


def test_cataleptico_despertado_opuesto_vuelve_tras_morir_de_dia_y_mata_una_carta():
    m = mesa(bipolar(CATALEPTICO, "Carlos"))
    # The mutineers' attack spends its normal power (it survives it): only the awakening is left.
    noche(m, ataque("Carlos:4"))
    assert viva(m, "el-cataleptico") and m.state.used["el-cataleptico"]
    dia(m)
    despierta(m, "el-cataleptico")
    noche(m)
    hasta_prompt(m, "Ana", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos"] if p.player != "Carlos" else [])
    for p in m.pending():
        m.choose(p.player, p.id, ["Carlos:4"])
    dia(m)
    assert not viva(m, "el-cataleptico")
    hasta_prompt(m, "Carlos", "el-cataleptico")
    elige(m, "Carlos", "el-cataleptico", "Bea:1")
    noche(m)
    assert viva(m, "el-cataleptico") and not viva(m, "nathaniel")
