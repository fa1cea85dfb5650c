"""Cartas de acontecimiento (section 13): at most one a round, shown at the end of the day; the nine periodic
ones and the four punctual ones that come when an objective is revealed."""

from .mesa import (
    OBJETIVOS,
    PERSONALIZADA,
    abiertos,
    ataque,
    caen,
    con,
    dia,
    eventos,
    hasta,
    hasta_prompt,
    mesa,
    noche,
    opciones,
)


def mazos(periodicos=(), puntuales=(), **options):
    return mesa(
        PERSONALIZADA,
        objetivos=OBJETIVOS,
        mazos={"periodicos": list(periodicos), "puntuales": list(puntuales)},
        **options,
    )


def sin_votos(m):
    return {(p, "linchamiento"): [] for p in m.players}


def vistos(m, hasta_fase):
    """Play until ``hasta_fase(m)`` and return every (player, prompt id) opened on the way."""
    seen = set()
    hasta(m, lambda m: seen.update((p.player, p.id) for p in m.pending()) or hasta_fase(m))
    return seen


def acontecimientos(m):
    return [e["happening"] for e in eventos(m, "acontecimiento", "Bea")]


def test_un_acontecimiento_se_muestra_al_final_del_dia_tras_el_linchamiento():
    m = mazos(["fiesta-nocturna", "eclipse-de-sol"])
    noche(m)
    dia(m)
    kinds = [e.kind for e in m.state.log]
    assert acontecimientos(m) == ["fiesta-nocturna"]
    assert kinds.index("acontecimiento") > kinds.index("votos")


def test_el_acontecimiento_en_vigor_queda_en_la_vista_de_todos():
    """The table is shown the acontecimiento and plays under it next round: every view keeps it (which one
    came is drawn from a face-down deck, so the log alone would tell it to nobody who reconnects)."""
    m = mazos(["fiesta-nocturna", "eclipse-de-sol"])
    assert m.view("Bea")["happening"] is None
    noche(m)
    dia(m)
    for viewer in ("Ana", "Bea", None):
        assert m.view(viewer)["happening"] == {"id": "fiesta-nocturna", "round": 2}


def test_con_acontecimientos_cada_dos_rondas_solo_llegan_en_las_rondas_pares():
    m = mazos(["fiesta-nocturna", "eclipse-de-sol"], acontecimientos="cada-dos-rondas")
    noche(m)
    dia(m)
    assert acontecimientos(m) == []
    noche(m)
    dia(m)
    assert acontecimientos(m) == ["fiesta-nocturna"]


def test_sin_acontecimientos_con_la_opcion_no():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    for _ in range(2):
        noche(m)
        dia(m)
    assert acontecimientos(m) == []


def test_eclipse_de_sol_la_ronda_siguiente_no_hay_dia():
    m = mazos(["eclipse-de-sol"])
    noche(m)
    dia(m)
    seen = vistos(m, lambda m: m.state.round == 3)
    assert not any(pid.startswith("d2:") for _, pid in seen)
    assert any(pid.startswith("n2:") for _, pid in seen)


def test_alerta_roja_la_ronda_siguiente_no_hay_noche():
    m = mazos(["alerta-roja"])
    noche(m)
    dia(m)
    seen = vistos(m, lambda m: m.state.round == 2 and m.state.phase == "dia")
    assert not any(pid.startswith("n2:") for _, pid in seen)
    hasta_prompt(m, "Ana", "linchamiento")


def test_corte_de_electricidad_las_acciones_principales_no_actuan_una_ronda():
    m = mazos(["corte-de-electricidad"])
    noche(m)
    dia(m)
    seen = vistos(m, lambda m: m.state.round == 2 and m.state.phase == "dia")
    assert ("Ana", "n2:terapia-electroshock") not in seen
    assert ("Carlos", "n2:arthur") in seen


def test_terapia_de_grupo_los_personajes_principales_no_actuan_una_ronda():
    m = mazos(["terapia-de-grupo"])
    noche(m)
    dia(m)
    seen = vistos(m, lambda m: m.state.round == 2 and m.state.phase == "dia")
    assert ("Ana", "n2:gas-de-la-risa") not in seen
    assert ("Ana", "n2:amotinados") not in seen, "rising is the principal card's power"


def test_reconocimiento_medico_los_personajes_secundarios_no_actuan_una_ronda():
    m = mazos(["reconocimiento-medico"])
    noche(m)
    dia(m)
    seen = vistos(m, lambda m: m.state.round == 2 and m.state.phase == "dia")
    assert ("Carlos", "n2:arthur") not in seen
    assert ("Ana", "n2:gas-de-la-risa") in seen


def test_dos_pajaros_de_un_tiro_en_un_empate_cada_empatado_pierde_una_carta():
    m = mazos(["dos-pajaros-de-un-tiro"])
    noche(m)
    dia(m)
    noche(m)
    # Ana's vote counts double (Responsabilidad): 2 against Bea, 2 against Carlos.
    votos = {("Ana", "linchamiento"): ["Bea"], ("Carlos", "linchamiento"): []}
    votos.update({("Bea", "linchamiento"): ["Carlos"], ("Dani", "linchamiento"): ["Carlos"]})
    votos.update({("Ana", "linchamiento-carta"): ["Bea:2"]})
    votos.update({("Bea", "linchamiento-carta"): ["Carlos:2"], ("Dani", "linchamiento-carta"): ["Carlos:2"]})
    dia(m, votos)
    s = m.state
    assert not s.alive["john-flick"] and not s.alive["arthur"]


def test_jugada_arriesgada_cada_jugador_puede_una_vez_matar_una_carta_suya_y_robar_un_evento():
    m = mazos(["jugada-arriesgada"], eventos=["confesion", "milagrero", "leproso", "despertar", "celda-de-aislamiento"])
    noche(m)
    dia(m)
    noche(m)
    hasta_prompt(m, "Carlos", "jugada-arriesgada")
    assert opciones(m, "Carlos", "jugada-arriesgada") == ("Carlos:1", "Carlos:2", "Carlos:3", "Carlos:4")
    m.choose("Carlos", "jugada-arriesgada", ["Carlos:4"])
    hasta(m, lambda m: not m.state.alive["muerte-dulce"])
    # Everybody drew one event after the first lynching (all tied); Carlos draws the fifth.
    assert not m.state.alive["muerte-dulce"] and m.state.hand[2] == ["leproso", "celda-de-aislamiento"]
    dia(m)
    noche(m)
    hasta(m, lambda m: any(k == "jugada-arriesgada" for _, k in abiertos(m)))
    assert ("Carlos", "jugada-arriesgada") not in abiertos(m), "only once"
    assert ("Bea", "jugada-arriesgada") in abiertos(m)


def test_fiesta_nocturna_si_nadie_muere_esa_noche_hay_doble_linchamiento():
    m = mazos(["fiesta-nocturna"])
    noche(m)
    dia(m)
    noche(m)
    seen = vistos(m, lambda m: m.state.round == 3)
    assert ("Ana", "d2:linchamiento-3") in seen
    assert eventos(m, "fiesta", "Bea")


def test_fiesta_nocturna_con_una_muerte_esa_noche_no_hay_doble_linchamiento():
    m = mazos(["fiesta-nocturna"])
    noche(m)
    dia(m)
    noche(m, ataque("Bea:2", amotinados=("Ana", "Dani")))
    seen = vistos(m, lambda m: m.state.round == 3)
    assert ("Ana", "d2:linchamiento-3") not in seen


def test_hora_de_la_siesta_sin_muerte_en_el_linchamiento_los_amotinados_matan_dos_veces():
    m = mazos(["hora-de-la-siesta"])
    noche(m)
    dia(m)
    noche(m)
    dia(m, sin_votos(m))
    assert eventos(m, "siesta", "Bea")
    noche(
        m,
        {
            ("Ana", "n3:amotinados"): ["Bea:2"],
            ("Dani", "n3:amotinados"): ["Bea:2"],
            ("Ana", "n3:amotinados-ataque-2"): ["Carlos:2"],
            ("Dani", "n3:amotinados-ataque-2"): ["Carlos:2"],
        },
    )
    assert not m.state.alive["john-flick"] and not m.state.alive["arthur"]


# --- punctual ones ---------------------------------------------------------------------------------------------------


def test_al_revelarse_un_objetivo_quien_lo_revela_elige_entre_un_puntual_y_un_periodico():
    m = mazos(["eclipse-de-sol", "alerta-roja"], ["todos-para-uno", "dia-de-visitas"])
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    hasta_prompt(m, "Bea", "acontecimiento")
    assert opciones(m, "Bea", "acontecimiento") == ("todos-para-uno", "eclipse-de-sol")
    m.choose("Bea", "acontecimiento", ["eclipse-de-sol"])
    h = m.state.happen
    assert h is not None and sorted(h.punctual) == ["dia-de-visitas", "todos-para-uno"], "the other one went back"
    assert acontecimientos(m) == ["eclipse-de-sol"]


def test_si_varios_revelan_esa_ronda_eligen_por_mayoria():
    m = mazos(["eclipse-de-sol"], ["todos-para-uno"])
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    dia(
        m,
        {
            **{(p, "linchamiento"): ["Carlos"] for p in m.players},
            ("Carlos", "linchamiento"): ["Bea"],
            **{(p, "linchamiento-carta"): ["Carlos:1"] for p in m.players},
            ("Bea", "acontecimiento"): ["todos-para-uno"],
            ("Carlos", "acontecimiento"): ["todos-para-uno"],
        },
    )
    assert acontecimientos(m) == ["todos-para-uno"]


def test_todos_para_uno_cada_jugador_muestra_una_carta():
    m = mazos(["dos-pajaros-de-un-tiro"], ["todos-para-uno"])
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    hasta_prompt(m, "Bea", "acontecimiento")
    m.choose("Bea", "acontecimiento", ["todos-para-uno"])
    assert "Bea:1" not in opciones(m, "Bea", "todos-para-uno")
    for player in m.players:
        m.choose(player, "todos-para-uno", [f"{player}:2"])
    view = m.view("Bea", "es")
    assert view["players"][0]["cards"][1]["card"] == "el-archivo"


def test_dia_de_visitas_cada_jugador_se_comporta_o_mata_una_carta_suya():
    m = mazos(["dos-pajaros-de-un-tiro"], ["dia-de-visitas"])
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    hasta_prompt(m, "Bea", "acontecimiento")
    m.choose("Bea", "acontecimiento", ["dia-de-visitas"])
    m.choose("Ana", "dia-de-visitas", ["comportarse"])
    m.choose("Bea", "dia-de-visitas", ["Bea:4"])
    m.choose("Carlos", "dia-de-visitas", ["comportarse"])
    m.choose("Dani", "dia-de-visitas", ["comportarse"])
    hasta(m, lambda m: m.state.phase == "noche")
    s = m.state
    assert not s.alive["amnesia"]
    seen = vistos(m, lambda m: m.state.phase == "dia")
    assert ("Ana", "n2:gas-de-la-risa") not in seen and ("Ana", "n2:amotinados") not in seen


def test_investigacion_policial_cada_jugador_retira_una_carta_para_siempre():
    m = mazos(["dos-pajaros-de-un-tiro"], ["investigacion-policial"])
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    hasta_prompt(m, "Bea", "acontecimiento")
    m.choose("Bea", "acontecimiento", ["investigacion-policial"])
    assert "Bea:1" in opciones(m, "Bea", "investigacion-policial"), "a dead card may be removed"
    for player, card in (("Ana", "Ana:4"), ("Bea", "Bea:1"), ("Carlos", "Carlos:4"), ("Dani", "Dani:4")):
        m.choose(player, "investigacion-policial", [card])
    s = m.state
    assert s.removed["el-cataleptico"] and not s.alive["el-cataleptico"]
    from velada.games.bethlem.deaths import revive

    revive(s, "la-ludopata", "prueba")
    assert not s.alive["la-ludopata"], "a removed card never comes back"


#: PERSONALIZADA with the Pacto de sangre in Carlos' hand (and Bipolaridad, so he may make it a hate pact).
PACTO_DE_CARLOS = con(PERSONALIZADA, Carlos=["la-chef", "arthur", "pacto-de-sangre", "muerte-dulce", "bipolaridad"])


def _policia_deja_sin_cartas_a_bea(pacto: str):
    """Investigación policial with Bea's last living card taken off the table, while she has a pact with Carlos:
    he binds her and himself the first night (``pacto``: his mode, normal or opposite, a hate pact); her second
    and third cards fall the first two nights, her principal card the third, which reveals her objective and
    brings the acontecimiento."""
    m = mesa(
        PACTO_DE_CARLOS,
        objetivos=OBJETIVOS,
        mazos={"periodicos": ["dos-pajaros-de-un-tiro"], "puntuales": ["investigacion-policial"]},
    )
    hasta_prompt(m, "Carlos", "modo")
    m.choose("Carlos", "modo", [pacto])
    m.choose("Carlos", "pacto-de-sangre", ["Bea", "Carlos"])
    caen(m, "Bea:2", "Bea:3", amotinados=("Ana", "Dani"))
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    hasta_prompt(m, "Bea", "acontecimiento")
    m.choose("Bea", "acontecimiento", ["investigacion-policial"])
    for player, card in (("Ana", "Ana:4"), ("Bea", "Bea:4"), ("Carlos", "Carlos:4"), ("Dani", "Dani:4")):
        m.choose(player, "investigacion-policial", [card])
    return m


def test_investigacion_policial_quien_se_queda_sin_cartas_queda_eliminado_y_rompe_el_pacto_de_sangre():
    m = _policia_deja_sin_cartas_a_bea("normal")
    s = m.state
    assert s.out[1]
    assert eventos(m, "pacto-roto", "Ana") == [{"player": "Carlos"}]
    assert not any(s.alive[c] for c in s.board[2]), "Carlos dies with his pact partner"
    assert s.out[2]


def test_investigacion_policial_anula_el_pacto_de_odio_del_eliminado():
    m = _policia_deja_sin_cartas_a_bea("opuesto")
    s = m.state
    assert s.out[1] and not s.out[2]
    assert s.blood_pact.bound == (1, 2, "roto"), "out by no one's hand: the hate pact is void"
    assert s.blood_pact.hate_winner is None


def test_cuerpo_de_espionaje_las_cartas_marcadas_caen_juntas_cuando_todas_menos_una_fueron_atacadas():
    m = mazos(["dos-pajaros-de-un-tiro"], ["cuerpo-de-espionaje"])
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    hasta_prompt(m, "Bea", "acontecimiento")
    m.choose("Bea", "acontecimiento", ["cuerpo-de-espionaje"])
    for player in m.players:
        m.choose(player, "cuerpo-de-espionaje", [f"{player}:2"])
    noche(m, {("Ana", "n2:amotinados"): ["Bea:2"], ("Dani", "n2:amotinados"): ["Bea:2"]})
    s = m.state
    assert s.alive["john-flick"], "attacked, the skull stays but it does not die yet"
    assert m.view("Carlos", "es")["players"][1]["cards"][1]["markers"] == ["espia", "calavera"]
    dia(m)
    noche(m, {("Ana", "n3:amotinados"): ["Carlos:2"], ("Dani", "n3:amotinados"): ["Carlos:2"]})
    assert s.alive["arthur"]
    dia(
        m,
        {
            **{(p, "linchamiento"): ["Ana"] for p in ("Bea", "Carlos", "Dani")},
            **{(p, "linchamiento-carta"): ["Ana:2"] for p in ("Bea", "Carlos", "Dani")},
        },
    )
    assert not any(s.alive[c] for c in ("el-archivo", "john-flick", "arthur", "wakerfield"))
