"""Cartas de personaje personalizadas (section 13): for each character of part A, its base power, its extra
power (objective not a mutineer's) and its awakening, mostly as short scripted games."""

from velada.games.bethlem.awakening import awaken

from .mesa import (
    OBJETIVOS,
    PERSONALIZADA,
    abiertos,
    ataque,
    con,
    dia,
    eventos,
    hasta,
    hasta_prompt,
    linchan,
    mesa,
    muere_de_noche,
    noche,
    opciones,
    revelados,
)


def linchar(player, card, *quien):
    votos = {(p, "linchamiento"): [player] for p in quien}
    votos.update({(p, "linchamiento-carta"): [card] for p in quien})
    return votos


# --- Aitor "El Último Superviviente" -------------------------------------------------------------------------------

SUPERVIVIENTE = con(
    PERSONALIZADA, Bea=["el-ultimo-superviviente", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"]
)


def test_el_ultimo_superviviente_se_anuncia_a_todos_la_primera_noche():
    m = mesa(SUPERVIVIENTE, objetivos=OBJETIVOS)
    noche(m)
    assert eventos(m, "superviviente", "Carlos") == [{"player": "Bea"}]
    assert m.view("Carlos", "es")["players"][1]["cards"][0]["card"] is None, "the player, not the card"


def test_el_ultimo_superviviente_que_muere_en_las_tres_primeras_rondas_gana_al_instante():
    m = mesa(SUPERVIVIENTE, objetivos=OBJETIVOS)
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    r = m.result
    assert r.reason == "el-ultimo-superviviente" and r.sides == ("el-ultimo-superviviente",)
    assert r.winners == ("Bea",) and r.rounds == 1


def test_el_ultimo_superviviente_que_muere_despues_de_la_tercera_ronda_no_gana():
    m = mesa(SUPERVIVIENTE, objetivos=OBJETIVOS)
    for _ in range(3):
        noche(m)
        dia(m)
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    assert not m.state.alive["el-ultimo-superviviente"] and m.result is None


def test_el_ultimo_superviviente_no_tiene_poder_extra_y_su_poder_vale_para_cualquier_objetivo():
    m = mesa(SUPERVIVIENTE, objetivos={**OBJETIVOS, "Ana": "internos", "Bea": "amotinados"})
    noche(m, {("Ana", "terapia-electroshock"): ["Bea:1"]})
    assert m.result.reason == "el-ultimo-superviviente" and m.result.winners == ("Bea",)


def test_despertar_instinto_de_supervivencia_se_muestra_y_no_muere_en_tres_rondas():
    m = mesa(SUPERVIVIENTE, objetivos=OBJETIVOS)
    for _ in range(3):
        noche(m)
        dia(m)
    awaken(m.state, "el-ultimo-superviviente", "despertar")  # during the fourth round
    assert m.view("Carlos", "es")["players"][1]["cards"][0]["card"] == "el-ultimo-superviviente"
    for _ in range(4):  # the fourth round and the three after it
        noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
        assert m.state.alive["el-ultimo-superviviente"]
        dia(m)
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    assert not m.state.alive["el-ultimo-superviviente"]


# --- Silvia "La Alquimista" ----------------------------------------------------------------------------------------

ALQUIMISTA = con(
    PERSONALIZADA, Bea=["la-alquimista", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"]
)


def test_la_alquimista_ya_esta_muerta_y_al_morir_no_revela_el_objetivo():
    m = mesa(ALQUIMISTA, objetivos=OBJETIVOS)
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    assert not m.state.alive["la-alquimista"]
    assert revelados(m) == {}


def test_quien_tiene_la_alquimista_revela_su_objetivo_al_perder_todas_sus_cartas():
    m = mesa(ALQUIMISTA, objetivos={**OBJETIVOS, "Bea": "amotinados", "Dani": "internos"})
    for posicion in ("Bea:1", "Bea:2", "Bea:3"):  # all her cards but Amnesia: she is a mutineer, so lynched
        linchan(m, posicion)
    noche(m, {("Ana", "terapia-electroshock"): ["Bea:4"]})
    assert m.state.out[1]
    assert revelados(m) == {"Bea": "amotinados"}
    assert ("Bea", "la-alquimista-revivir") not in abiertos(m), "a mutineer has no extra power"


def test_la_alquimista_interna_revive_una_de_sus_cartas_despertada_al_quedar_fuera():
    m = mesa(ALQUIMISTA, objetivos=OBJETIVOS)
    muere_de_noche(m, "Bea:1", "Bea:2", "Bea:3", amotinados=("Ana", "Dani"))  # all her cards but Amnesia
    hasta_prompt(m, "Bea", "la-alquimista-revivir", ataque("Bea:4", amotinados=("Ana", "Dani")))
    assert revelados(m) == {"Bea": "internos"}
    m.choose("Bea", "la-alquimista-revivir", ["Bea:2"])
    s = m.state
    assert s.alive["john-flick"] and s.awake["john-flick"] and not s.out[1]


def test_sacrificio_vital_revive_las_cartas_de_un_jugador_y_la_alquimista_muere_para_siempre():
    m = mesa(ALQUIMISTA, objetivos=OBJETIVOS)
    noche(m, ataque("Carlos:2", amotinados=("Ana", "Dani")))  # Arthur dies
    s = m.state
    awaken(s, "la-alquimista", "despertar")
    hasta_prompt(m, "Bea", "la-alquimista")
    assert "Carlos" in opciones(m, "Bea", "la-alquimista")
    m.choose("Bea", "la-alquimista", ["Carlos"])
    hasta(m, lambda m: not m.state.res and not m.state.alive["la-alquimista"])
    assert s.alive["arthur"] and not s.alive["la-alquimista"] and s.removed["la-alquimista"]
    from velada.games.bethlem.deaths import revive

    revive(s, "la-alquimista", "prueba")
    assert not s.alive["la-alquimista"], "nothing brings her back"


# --- Noe "Gas de la risa" ----------------------------------------------------------------------------------------


def test_gas_de_la_risa_nombra_una_carta_que_no_actua_esa_noche_y_su_jugador_levanta_la_mano():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Ana", "gas-de-la-risa")
    assert "arthur" in opciones(m, "Ana", "gas-de-la-risa")
    m.choose("Ana", "gas-de-la-risa", ["arthur"])
    assert eventos(m, "gas-de-la-risa", "Bea") == [{"card": "arthur", "players": ["Carlos"]}]
    seen = set()
    hasta(m, lambda m: seen.update(abiertos(m)) or m.state.phase == "dia")
    assert ("Carlos", "arthur") not in seen
    assert "risa" in m.view("Bea", "es")["players"][2]["cards"][1]["markers"]


def test_gas_de_la_risa_no_repite_carta():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, {("Ana", "gas-de-la-risa"): ["arthur"]})
    dia(m)
    hasta_prompt(m, "Ana", "gas-de-la-risa")
    assert "arthur" not in opciones(m, "Ana", "gas-de-la-risa")


def test_un_amotinado_cuya_carta_principal_rie_no_se_levanta():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Ana", "gas-de-la-risa")
    m.choose("Ana", "gas-de-la-risa", ["la-medium"])
    hasta_prompt(m, "Ana", "amotinados")
    assert ("Dani", "amotinados") not in abiertos(m)


GAS_INTERNO = con(
    PERSONALIZADA,
    Ana=["la-ludopata", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"],
    Bea=["gas-de-la-risa", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
)


def test_si_muere_gas_de_la_risa_los_amotinados_no_se_levantan_y_su_jugador_mata_por_ellos():
    m = mesa(GAS_INTERNO, objetivos=OBJETIVOS)
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    dia(m)
    hasta_prompt(m, "Bea", "gas-de-la-risa-ataque")
    assert ("Ana", "amotinados") not in abiertos(m) and ("Dani", "amotinados") not in abiertos(m)
    (p,) = [p for p in m.pending() if p.kind == "gas-de-la-risa-ataque"]
    assert p.max == 2, "as many cards as mutineers left"
    m.choose("Bea", "gas-de-la-risa-ataque", ["Ana:1", "Dani:1"])
    noche(m)
    assert not m.state.alive["la-ludopata"] and not m.state.alive["la-medium"]


def test_gas_de_la_risa_amotinado_no_tiene_poder_extra():
    m = mesa(GAS_INTERNO, objetivos={**OBJETIVOS, "Bea": "amotinados", "Ana": "internos"})
    noche(m, {("Ana", "terapia-electroshock"): ["Bea:1"]})
    dia(m)
    hasta_prompt(m, "Bea", "amotinados")
    assert ("Dani", "amotinados") in abiertos(m)


def test_muerto_de_risa_la_carta_nombrada_muere_en_su_lugar_y_la_segunda_vez_quita_el_voto():
    m = mesa(PERSONALIZADA, objetivos={**OBJETIVOS, "Ana": "internos", "Bea": "amotinados"})
    awaken(m.state, "gas-de-la-risa", "despertar")
    noche(m, {("Ana", "gas-de-la-risa"): ["la-chef"], **ataque("Ana:1", amotinados=("Bea", "Dani"))})
    s = m.state
    assert s.alive["gas-de-la-risa"] and not s.alive["la-chef"]
    dia(m)
    noche(m, {("Ana", "gas-de-la-risa"): ["arthur"], **ataque("Ana:1", amotinados=("Bea", "Dani"))})
    assert not s.alive["gas-de-la-risa"]
    assert s.ali.no_vote.get(2), "Carlos, who holds Arthur, loses the vote"


# --- Pablo "El Arquitecto" ----------------------------------------------------------------------------------------

ARQUITECTO = con(
    PERSONALIZADA, Ana=["el-arquitecto", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"]
)
ESCONDITE = {("Ana", "el-arquitecto-escondite"): ["Carlos:2"]}


def test_el_arquitecto_se_esconde_tras_una_carta_la_primera_noche():
    m = mesa(ARQUITECTO, objetivos=OBJETIVOS)
    hasta_prompt(m, "Ana", "el-arquitecto-escondite")
    p = next(p for p in m.pending() if p.kind == "el-arquitecto-escondite")
    assert not p.skippable and "Ana:1" not in p.options
    m.choose("Ana", "el-arquitecto-escondite", ["Carlos:2"])
    assert eventos(m, "escondite", "Ana") == [{"target": "Carlos:2"}]
    assert eventos(m, "escondite", "Carlos") == []
    noche(m)
    dia(m)
    hasta_prompt(m, "Ana", "el-arquitecto")
    assert ("Ana", "el-arquitecto-escondite") not in abiertos(m), "only once"


def test_el_arquitecto_muerto_sigue_actuando_y_no_revela_hasta_que_muere_su_escondite():
    m = mesa(ARQUITECTO, objetivos=OBJETIVOS)
    noche(m, {**ESCONDITE, ("Ana", "terapia-electroshock"): ["Ana:1"]})
    assert not m.state.alive["el-arquitecto"] and revelados(m) == {}
    dia(m)
    hasta_prompt(m, "Ana", "el-arquitecto")  # its power goes on
    noche(m, ataque("Carlos:2", amotinados=("Ana", "Dani")))
    assert revelados(m) == {"Ana": "amotinados"}


def test_un_jugador_que_pierde_sus_cuatro_cartas_queda_fuera_aunque_viva_su_escondite():
    """FAQ 15.1."""
    m = mesa(ARQUITECTO, objetivos={**OBJETIVOS, "Ana": "internos", "Bea": "amotinados"})
    s = m.state
    # She is left with El Arquitecto: two cards die to the mutineers, El cataléptico (who gets up once when
    # attacked at night) is lynched.
    muere_de_noche(m, "Ana:2", "Ana:3", amotinados=("Bea", "Dani"))
    linchan(m, "Ana:4")
    noche(m, {**ESCONDITE, **ataque("Ana:1", amotinados=("Bea", "Dani"))})
    assert s.out[0] and s.alive["arthur"]
    assert revelados(m)["Ana"] == "internos"
    dia(m)
    seen = set()
    hasta(m, lambda m: seen.update(abiertos(m)) or m.state.phase == "dia")
    assert ("Ana", "el-arquitecto") not in seen


def test_el_laberinto_muestra_la_personalidad_del_jugador_y_la_usa_esa_ronda():
    m = mesa(ARQUITECTO, objetivos=OBJETIVOS)
    noche(m, {**ESCONDITE, ("Ana", "el-arquitecto"): ["Bea"]})
    assert eventos(m, "laberinto", "Carlos") == [{"player": "Bea"}]
    assert eventos(m, "laberinto-personalidad", "Ana") == [{"player": "Bea", "card": "hostilidad"}]
    assert m.view("Ana", "es")["players"][1]["personality"] == "hostilidad"
    hasta(m, lambda m: any(k == "hostilidad" for _, k in abiertos(m)))
    assert ("Ana", "hostilidad") in abiertos(m) and ("Bea", "hostilidad") not in abiertos(m)
    dia(m)
    hasta_prompt(m, "Ana", "el-arquitecto")
    assert "Bea" not in opciones(m, "Ana", "el-arquitecto"), "once per player"


def test_el_arquitecto_que_no_es_amotinado_ve_tambien_el_objetivo_del_jugador():
    m = mesa(ARQUITECTO, objetivos={**OBJETIVOS, "Ana": "internos", "Bea": "amotinados"})
    noche(m, {**ESCONDITE, ("Ana", "el-arquitecto"): ["Dani"]})
    assert eventos(m, "ves-objetivo", "Ana") == [{"player": "Dani", "goal": "amotinados"}]
    assert m.view("Ana", "es")["players"][3]["objective"] == "amotinados"
    m = mesa(ARQUITECTO, objetivos=OBJETIVOS)
    noche(m, {**ESCONDITE, ("Ana", "el-arquitecto"): ["Bea"]})
    assert eventos(m, "ves-objetivo", "Ana") == []


def test_laberinto_de_la_mente_despierta_con_otra_carta_y_su_poder_de_un_uso_no_se_gasta():
    m = mesa(ARQUITECTO, objetivos=OBJETIVOS)
    awaken(m.state, "el-arquitecto", "despertar")
    hasta_prompt(m, "Ana", "el-arquitecto-despertar", ESCONDITE)
    turns = opciones(m, "Ana", "el-arquitecto-despertar")
    assert "terapia-lobotomia" in turns and "arthur" in turns
    assert "la-ludopata" not in turns, "no principal characters"
    assert "terapia-electroshock" not in turns, "not the Arquitecto's holder's own cards"
    m.choose("Ana", "el-arquitecto-despertar", ["terapia-lobotomia"])
    hasta_prompt(m, "Carlos", "terapia-lobotomia")
    assert eventos(m, "arquitecto-despierta", "Carlos")[-1] == {"player": "Ana", "power": "terapia-lobotomia"}
    m.choose("Carlos", "terapia-lobotomia", ["Bea:2"])
    hasta_prompt(m, "Ana", "terapia-lobotomia")
    m.choose("Ana", "terapia-lobotomia", ["Dani:2"])
    noche(m)
    s = m.state
    assert s.public["john-flick"] and s.public["wakerfield"], "the power was used twice"
    dia(m)
    assert not s.used["terapia-lobotomia"], "used in the Arquitecto's presence: not spent"


def test_al_morir_el_arquitecto_despertado_su_jugador_se_queda_la_carta_con_la_que_desperto():
    m = mesa(ARQUITECTO, objetivos=OBJETIVOS)
    awaken(m.state, "el-arquitecto", "despertar")
    noche(m, {**ESCONDITE, ("Ana", "el-arquitecto-despertar"): ["arthur"], ("Bea", "terapia-opio-y-barbituricos"): []})
    dia(m, linchar("Ana", "Ana:1", "Bea", "Carlos", "Dani"))
    s = m.state
    assert s.board[0][0] == "arthur" and s.board[2][1] == "el-arquitecto"
    assert not s.alive["el-arquitecto"] and s.alive["arthur"]


# --- Clara "La Ludópata" -------------------------------------------------------------------------------------------


def apuesta(tipo, objetivo=None):
    out = {("Bea", "la-ludopata"): [tipo]}
    if objetivo is not None:
        kind = {"jugador": "la-ludopata-jugador", "grupo": "la-ludopata-grupo", "carta": "la-ludopata-carta"}[tipo]
        out[("Bea", kind)] = [objetivo]
    return out


def resueltas(m):
    return [(e["bet"], e["right"]) for e in eventos(m, "apuesta-resuelta", "Bea")]


def test_la_ludopata_apuesta_por_quien_ira_ganando_y_si_acierta_ve_una_carta_la_ronda_siguiente():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, apuesta("jugador", "Bea"))
    dia(m)
    assert resueltas(m) == [("jugador", True)]
    hasta_prompt(m, "Bea", "la-ludopata-premio")
    assert opciones(m, "Bea", "la-ludopata-premio") == ("ver",)
    m.choose("Bea", "la-ludopata-premio", ["ver"])
    m.choose("Bea", "la-ludopata-ver", ["Carlos:2"])
    assert eventos(m, "vision", "Bea") == [{"target": "Carlos:2", "card": "arthur"}]
    assert ("Bea", "la-ludopata") in abiertos(m), "and she bets again"


def test_la_ludopata_apuesta_por_un_grupo_y_si_muere_una_de_sus_cartas_mata_una_carta():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, {**apuesta("grupo", "P2"), **ataque("Carlos:2", amotinados=("Ana", "Dani"))})
    dia(m)
    assert resueltas(m) == [("grupo", True)]
    noche(m, {("Bea", "la-ludopata-premio"): ["matar"], ("Bea", "la-ludopata-matar"): ["Dani:2"]})
    assert not m.state.alive["wakerfield"]


def test_la_ludopata_que_apuesta_por_una_carta_que_no_muere_se_muere():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, apuesta("carta", "Carlos:3"))
    dia(m)
    assert resueltas(m) == [("carta", False)]
    assert not m.state.alive["la-ludopata"]
    assert revelados(m) == {"Bea": "internos"}


def test_la_ludopata_que_apuesta_por_el_jugador_que_va_el_ultimo_se_muere():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, {**apuesta("jugador", "Carlos"), **ataque("Carlos:2", amotinados=("Ana", "Dani"))})
    dia(m)
    assert resueltas(m) == [("jugador", False)]
    assert not m.state.alive["la-ludopata"]


def test_la_ludopata_apuesta_por_una_carta_y_gana_dos_recompensas():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS, eventos=["confesion", "milagrero"])
    noche(m, {**apuesta("carta", "Carlos:2"), **ataque("Carlos:2", amotinados=("Ana", "Dani"))})
    votos = {(p, "linchamiento"): [] for p in m.players}
    dia(m, votos)
    assert resueltas(m) == [("carta", True)]
    hasta_prompt(m, "Bea", "la-ludopata-premio")
    p = next(p for p in m.pending() if p.kind == "la-ludopata-premio")
    assert (p.min, p.max) == (2, 2) and set(p.options) == {"matar", "ver", "evento"}
    m.choose("Bea", "la-ludopata-premio", ["matar", "evento"])
    assert m.state.hand[1] == ["milagrero"]  # Carlos, the losing player, drew the first one
    assert ("Bea", "la-ludopata-matar") in abiertos(m)


def test_la_ludopata_hace_como_mucho_cuatro_apuestas_de_cada_tipo():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    for _ in range(4):
        noche(m, {**apuesta("jugador", "Bea"), ("Bea", "la-ludopata-premio"): []})
        dia(m)
    hasta_prompt(m, "Bea", "la-ludopata", {("Bea", "la-ludopata-premio"): []})
    assert "jugador" not in opciones(m, "Bea", "la-ludopata")
    assert "grupo" in opciones(m, "Bea", "la-ludopata")


def test_la_ludopata_no_tiene_poder_extra():
    opciones_por_objetivo = []
    for objetivo in ("internos", "amotinados"):
        m = mesa(PERSONALIZADA, objetivos={**OBJETIVOS, "Bea": objetivo, "Dani": "internos"})
        hasta_prompt(m, "Bea", "la-ludopata")
        opciones_por_objetivo.append(opciones(m, "Bea", "la-ludopata"))
    assert (
        opciones_por_objetivo[0] == opciones_por_objetivo[1] == ("jugador", "grupo", "companeros", "carta", "siamesas")
    )


def test_ultima_baza_dos_apuestas_por_ronda_sin_limite_y_no_muere_si_pierde():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    awaken(m.state, "la-ludopata", "despertar")
    noche(
        m,
        {
            ("Bea", "la-ludopata"): [["carta"], ["grupo"]],
            ("Bea", "la-ludopata-carta"): ["Carlos:3"],
            ("Bea", "la-ludopata-grupo"): ["A2"],
        },
    )
    assert eventos(m, "anuncia-despertar", "Carlos") == [{"power": "la-ludopata"}]
    dia(m)
    assert resueltas(m) == [("carta", False), ("grupo", False)]
    assert m.state.alive["la-ludopata"]


# --- Nerea "La Chef" -------------------------------------------------------------------------------------------------


def brocoli(m):
    d = m.state.custom.get("la-chef")
    return {} if d is None else dict(d.broccoli)


def test_la_chef_cocina_para_un_jugador_y_no_pueden_actuar_el_uno_contra_el_otro_esa_ronda():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Carlos", "la-chef", {("Carlos", "la-chef-brocoli"): []})
    m.choose("Carlos", "la-chef", ["Ana"])
    assert eventos(m, "comida", "Ana") == [{"players": ["Carlos", "Ana"]}]
    assert eventos(m, "comida", "Bea") == []
    hasta_prompt(m, "Ana", "amotinados")
    assert not any(o.startswith("Carlos:") for o in opciones(m, "Ana", "amotinados"))
    assert any(o.startswith("Carlos:") for o in opciones(m, "Dani", "amotinados"))
    noche(m)
    dia(m)
    hasta_prompt(m, "Carlos", "la-chef")
    assert "Ana" not in opciones(m, "Carlos", "la-chef"), "one meal per player"
    hasta_prompt(m, "Ana", "amotinados")
    assert any(o.startswith("Carlos:") for o in opciones(m, "Ana", "amotinados")), "only for a round"


def test_el_brocoli_se_sirve_la_primera_noche_sobre_una_carta_de_cada_jugador():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    m.choose("Carlos", "la-chef-brocoli", ["servir"])
    for player, card in (("Ana", "Ana:3"), ("Bea", "Bea:2"), ("Carlos", "Carlos:1"), ("Dani", "Dani:2")):
        m.choose("Carlos", f"n1:la-chef-brocoli-carta-{player}", [card])
    assert brocoli(m) == {"terapia-electroshock": 1, "john-flick": 1, "la-chef": 1, "wakerfield": 1}
    assert m.view("Bea", "es")["players"][0]["cards"][2]["markers"] == ["brocoli"]


def _servir(m, cartas):
    m.choose("Carlos", "la-chef-brocoli", ["servir"])
    for player, card in zip(("Ana", "Bea", "Carlos", "Dani"), cartas, strict=True):
        m.choose("Carlos", f"n1:la-chef-brocoli-carta-{player}", [card])


def test_el_brocoli_de_una_carta_usada_se_queda_y_el_de_una_no_usada_pasa_a_la_izquierda():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    _servir(m, ["Ana:3", "Bea:2", "Carlos:2", "Dani:2"])
    noche(m, {("Ana", "terapia-electroshock"): ["Dani:3"]})  # Ana uses the card with broccoli
    hasta_prompt(m, "Bea", "la-chef-mover")
    assert ("Ana", "la-chef-mover") not in abiertos(m), "her broccoli sits on a card she used"
    m.choose("Bea", "la-chef-mover", ["Carlos:4"])
    hasta(m, lambda m: m.state.phase == "noche")
    assert brocoli(m) == {"terapia-electroshock": 1, "muerte-dulce": 1, "arthur": 1, "wakerfield": 1}
    assert m.state.custom["la-chef"].center == 1


def _un_dia_de_brocoli(m, muere, quien, destino):
    """La Chef serves the first night (Ana:2, Bea:2, Carlos:3, Dani:2); the mutineers kill ``muere``, whose broccoli
    goes to the centre; by day ``quien`` passes the broccoli of an unused card to ``destino``. The game is left at
    the next night."""
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    _servir(m, ["Ana:2", "Bea:2", "Carlos:3", "Dani:2"])
    noche(m, ataque(muere, amotinados=("Ana", "Dani")))
    hasta(m, lambda m: (quien, "la-chef-mover") in abiertos(m))
    m.choose(quien, "la-chef-mover", [destino])
    hasta(m, lambda m: m.state.phase == "noche")


def test_una_carta_con_tres_brocolis_muere_al_instante():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    # John Flick dies with its broccoli (to the centre); Carlos passes his to Wakerfield (two).
    _un_dia_de_brocoli(m, "Bea:2", "Carlos", "Dani:2")
    assert brocoli(m)["wakerfield"] == 2 and m.state.custom["la-chef"].center == 1
    # The next night La Chef shares the centre's broccoli: Carlos takes it, to pass it on by day.
    hasta_prompt(m, "Carlos", "la-chef-reparto")
    m.choose("Carlos", "la-chef-reparto", ["Carlos"])
    m.choose("Carlos", "la-chef-reparto-carta", ["Carlos:3"])
    noche(m)
    hasta(m, lambda m: ("Carlos", "la-chef-mover") in abiertos(m))
    assert brocoli(m)["wakerfield"] == 2
    m.choose("Carlos", "la-chef-mover", ["Dani:2"])
    hasta(m, lambda m: not m.state.alive["wakerfield"] or m.state.phase == "noche")
    assert not m.state.alive["wakerfield"] and "wakerfield" not in brocoli(m)
    assert eventos(m, "muerte", "Bea")[-1]["cause"] == "brocoli"


def test_paciencia_no_aplaza_una_muerte_por_brocoli():
    """FAQ 15.2: Paciencia only delays deaths by a death marker."""
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    # Terapia lobotomía dies with its broccoli (to the centre); Ana passes hers to John Flick (two).
    _un_dia_de_brocoli(m, "Carlos:3", "Ana", "Bea:2")
    assert brocoli(m)["john-flick"] == 2 and m.state.custom["la-chef"].center == 1
    hasta_prompt(m, "Carlos", "la-chef-reparto")
    m.choose("Carlos", "la-chef-reparto", ["Bea"])
    m.choose("Carlos", "la-chef-reparto-carta", ["Bea:2"])
    hasta_prompt(m, "Dani", "paciencia", ataque("Bea:3", amotinados=("Ana", "Dani")))
    assert not m.state.alive["john-flick"]
    assert opciones(m, "Dani", "paciencia") == ("Bea:3",)


CHEF = con(PERSONALIZADA, Carlos=["la-chef", "arthur", "terapia-lobotomia", "muerte-dulce", "melancolia"])


def test_la_chef_que_no_es_amotinada_destruye_la_comida_para_volver_a_la_vida():
    m = mesa(CHEF, objetivos=OBJETIVOS)
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    _servir(m, ["Ana:2", "Bea:2", "Carlos:2", "Dani:2"])
    hasta_prompt(m, "Carlos", "la-chef-revivir", ataque("Carlos:1", amotinados=("Ana", "Dani")))
    m.choose("Carlos", "la-chef-revivir", ["destruir"])
    noche(m)
    assert m.state.alive["la-chef"] and brocoli(m) == {}
    assert revelados(m) == {"Carlos": "internos"}


def test_la_chef_amotinada_no_puede_volver_a_la_vida():
    m = mesa(CHEF, objetivos={**OBJETIVOS, "Carlos": "amotinados", "Dani": "internos"})
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    _servir(m, ["Ana:2", "Bea:2", "Carlos:2", "Dani:2"])
    noche(
        m,
        {
            ("Bea", "terapia-opio-y-barbituricos"): [],
            ("Dani", "profeta"): [],
            ("Ana", "terapia-electroshock"): ["Carlos:1"],
        },
    )
    assert not m.state.alive["la-chef"]
    assert not eventos(m, "comida-destruida")


def test_comida_rapida_dos_brocolis_matan_y_la_chef_roba_su_poder_la_ronda_siguiente():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    awaken(m.state, "la-chef", "despertar")
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    _servir(m, ["Ana:2", "Bea:2", "Carlos:2", "Dani:2"])
    noche(m)
    hasta(m, lambda m: m.state.phase == "noche", {("Ana", "la-chef-mover"): ["Bea:2"]})
    s = m.state
    assert not s.alive["john-flick"], "two broccolis are enough"
    assert eventos(m, "anuncia-despertar", "Bea") == [{"power": "la-chef"}]
    hasta_prompt(m, "Carlos", "john-flick")
    assert eventos(m, "chef-roba", "Carlos") == [{"cards": ["john-flick"]}]
    (p,) = [p for p in m.pending() if p.kind == "john-flick"]
    assert p.id == "n2:john-flick-prestada"


def test_al_destruir_la_comida_la_chef_pierde_solo_las_treguas_de_sus_comidas():
    """Her meals' truces go with the food; a restraint on her from elsewhere (an alguacil of the frontier, El
    archivo) stays."""
    m = mesa(CHEF, objetivos=OBJETIVOS)
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    _servir(m, ["Ana:2", "Bea:2", "Carlos:2", "Dani:2"])
    hasta_prompt(m, "Carlos", "la-chef-revivir", ataque("Carlos:1", amotinados=("Ana", "Dani")))
    s = m.state
    # Written into the state after the attack: in play a meal with Ana (or a restraint from El archivo on a
    # mutineer) would have kept the mutineers from attacking Carlos; the test is what destroying the food takes away.
    s.custom["la-chef"].fed = [0]
    s.archive.shields = [(0, 2), (2, 0), (1, 2)]  # a meal with Ana; Bea may not act against Carlos
    m.choose("Carlos", "la-chef-revivir", ["destruir"])
    assert s.archive.shields == [(1, 2)]


def test_la_apuesta_perdida_que_no_llega_a_matar_a_la_ludopata_no_se_anuncia():
    """A lost bet is the bettor's secret: only her death would tell the table. Here her card is a spy of Cuerpo de
    espionaje that already bears the skull, so the attack changes nothing anybody sees — and nothing is said."""
    # La Chef's death reveals Carlos' objective and brings Cuerpo de espionaje: Bea makes La Ludópata a spy, and
    # the mutineers' attack the next night puts the skull on it.
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS, mazos={"periodicos": [], "puntuales": ["cuerpo-de-espionaje"]})
    noche(m, ataque("Carlos:1", amotinados=("Ana", "Dani")))
    hasta_prompt(m, "Carlos", "acontecimiento")
    m.choose("Carlos", "acontecimiento", ["cuerpo-de-espionaje"])
    for player, spy in (("Ana", "Ana:2"), ("Bea", "Bea:1"), ("Carlos", "Carlos:2"), ("Dani", "Dani:2")):
        m.choose(player, "cuerpo-de-espionaje", [spy])
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    assert m.state.happen.spies.hit == ["la-ludopata"] and m.state.alive["la-ludopata"]
    dia(m)
    start = len(m.state.log)
    noche(m, apuesta("carta", "Carlos:3"))
    dia(m)
    assert resueltas(m) == [("carta", False)]
    assert m.state.alive["la-ludopata"]
    prevented = [e.data for e in m.state.log[start:] if e.kind == "muerte-impedida"]
    assert prevented == [{"card": "la-ludopata", "reason": "cuerpo-de-espionaje"}]
    assert eventos(m, "no-muere", "Ana") == []
