"""Cartas de objetivo (section 13): when an objective is revealed, who rises with the mutineers, and every
objective's victory with its precedence."""

from velada.games.bethlem.objectives import objective, outcome, principal_card

from .mesa import (
    CINCO,
    OBJETIVOS,
    OBJETIVOS_CINCO,
    OBJETIVOS_SIETE,
    PERSONALIZADA,
    SIETE,
    abiertos,
    ataque,
    caen,
    con,
    dia,
    eventos,
    hasta_prompt,
    linchan,
    matar,
    mesa,
    noche,
    posiciones,
    revelados,
)

#: The mutineers of CINCO with the traitor who rose with them: they attack together.
LEVANTADOS = ("Ana", "Dani", "Eva")
#: CINCO with a renegade (Eva) instead of the traitor: he attacks with the mutineers.
RENEGADO = {**OBJETIVOS, "Eva": "renegado"}


# --- revealing ------------------------------------------------------------------------------------------------------


def test_cada_jugador_conoce_su_objetivo_al_repartir():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    assert eventos(m, "objetivo", "Ana") == [{"goal": "amotinados"}]
    assert eventos(m, "objetivo", "Bea") == [{"goal": "internos"}]


def test_el_objetivo_se_revela_a_todos_al_morir_la_carta_principal():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, ataque("Bea:1", amotinados=("Ana", "Dani")))
    assert not m.state.alive["la-ludopata"]
    assert revelados(m, "Carlos") == {"Bea": "internos"}
    shown = {p["id"]: p["objective"] for p in m.view("Carlos", "es")["players"]}
    assert shown["Bea"] == "internos" and shown["Ana"] is None


def test_morir_otra_carta_no_revela_el_objetivo():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, ataque("Bea:2", amotinados=("Ana", "Dani")))
    assert not m.state.alive["john-flick"]
    assert revelados(m) == {}


def test_sin_carta_principal_el_objetivo_se_revela_al_morir_la_mejor_carta():
    """Section 13: Wakerfield dies in the place of Bea's principal character and takes its place in Bea's row;
    Bea has no principal character left, so the death of her best card (a P2) reveals her objective."""
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, {**ataque("Bea:1", amotinados=("Ana", "Dani")), ("Dani", "wakerfield"): ["Bea:1"]})
    s = m.state
    assert s.board[1][0] == "wakerfield" and not s.alive["wakerfield"]
    assert s.board[3][1] == "la-ludopata" and s.alive["la-ludopata"]
    assert revelados(m) == {"Bea": "internos"}


def test_la_carta_principal_tras_cambios_es_la_mejor_y_entre_iguales_la_original():
    """FAQ 15.6: Dani holds two principal characters after Wakerfield's exchange; his principal card is the one
    he held from the start."""
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, {**ataque("Bea:1", amotinados=("Ana", "Dani")), ("Dani", "wakerfield"): ["Bea:1"]})
    s = m.state
    assert principal_card(s, 3) == "la-medium"
    assert principal_card(s, 1) == "john-flick"


def test_con_dos_cartas_del_mejor_grupo_cualquiera_de_ellas_revela_el_objetivo():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, {**ataque("Bea:1", amotinados=("Ana", "Dani")), ("Dani", "wakerfield"): ["Bea:1"]})
    votos = {(p, "linchamiento"): ["Dani"] for p in ("Ana", "Bea", "Carlos")}
    votos.update({(p, "linchamiento-carta"): ["Dani:2"] for p in ("Ana", "Bea", "Carlos")})
    dia(m, votos)
    assert not m.state.alive["la-ludopata"]  # the P1 Dani received, not his own
    assert revelados(m)["Dani"] == "amotinados"


# --- rising with the mutineers --------------------------------------------------------------------------------------


def test_los_amotinados_se_levantan_juntos_cada_noche():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Ana", "amotinados")
    assert {(p, k) for p, k in abiertos(m) if k == "amotinados"} == {("Ana", "amotinados"), ("Dani", "amotinados")}
    assert eventos(m, "amotinados", "Ana")[-1]["players"] == ["Ana", "Dani"]
    assert eventos(m, "amotinados", "Bea") == []


def test_el_renegado_se_levanta_con_los_amotinados():
    seis = {p: cards for p, cards in SIETE.items() if p != "Gala"}
    seis["Fede"] = ["el-otaku", "siamesas-1", "infecto-de-rabia", "muerte-dulce", "ansiedad-social"]
    seis["Eva"] = ["el-saltamundos", "siamesas-2", "mania-persecutoria", "companeros-de-celda-3", "bipolaridad"]
    seis["Dani"] = ["la-medium", "wakerfield", "profeta", "companeros-de-celda-2", "paciencia"]
    seis["Ana"] = ["gas-de-la-risa", "la-parca", "terapia-electroshock", "el-cataleptico", "responsabilidad"]
    objetivos = {**{p: g for p, g in OBJETIVOS_SIETE.items() if p != "Gala"}, "Eva": "internos"}
    m = mesa(seis, objetivos=objetivos)
    hasta_prompt(m, "Ana", "amotinados")
    assert eventos(m, "amotinados", "Fede")[-1]["players"] == ["Ana", "Dani", "Fede"]


def test_el_traidor_elige_bando_la_primera_noche_levantandose_con_los_amotinados_o_no():
    m = mesa(CINCO, objetivos=OBJETIVOS_CINCO)
    hasta_prompt(m, "Eva", "traidor")
    assert ("Ana", "amotinados") not in abiertos(m), "he decides before the mutineers wake"
    m.choose("Eva", "traidor", ["levantarse"])
    assert eventos(m, "amotinados", "Eva")[-1]["players"] == ["Ana", "Dani", "Eva"]
    assert m.view("Eva", "es")["you"]["traitor_side"] == "amotinados"
    noche(m)
    dia(m)
    hasta_prompt(m, "Ana", "amotinados")
    assert eventos(m, "amotinados", "Eva")[-1]["players"] == ["Ana", "Dani", "Eva"]
    assert not any(k == "traidor" for _, k in abiertos(m)), "he chooses only once"

    m = mesa(CINCO, objetivos=OBJETIVOS_CINCO)
    hasta_prompt(m, "Eva", "traidor")
    m.choose("Eva", "traidor", [])
    assert eventos(m, "amotinados", "Ana")[-1]["players"] == ["Ana", "Dani"]
    assert m.state.traitor_side == {4: "internos"}


def test_traidor_gana_cuando_pierde_el_bando_elegido():
    # He rose with the mutineers: he wins when the inmates unmask them all (him too).
    m = mesa(CINCO, objetivos=OBJETIVOS_CINCO)
    noche(m, {("Eva", "traidor"): ["levantarse"]})
    caen(m, "Ana:1", "Dani:1", amotinados=LEVANTADOS)  # their principal cards: each death unmasks its holder
    assert m.state.goal_public == [True, False, False, True, False]
    assert m.result is None and outcome(m.state) is None, "the traitor rises with them: he must be unmasked too"
    caen(m, "Eva:1", amotinados=LEVANTADOS)
    r = m.result
    assert r.reason == "desenmascarados" and r.sides == ("internos", "traidor")
    assert r.winners == ("Bea", "Carlos", "Eva")
    # He stayed with the inmates: he wins when the mutineers do.
    m = mesa(CINCO, objetivos=OBJETIVOS_CINCO)
    noche(m)
    dia(m)
    caen(m, *posiciones("Bea", "Carlos", "Eva"), amotinados=("Ana", "Dani"))
    r = m.result
    assert r.reason == "amotinados" and r.sides == ("amotinados", "traidor")
    assert r.winners == ("Ana", "Dani", "Eva")


def test_el_traidor_pierde_cuando_gana_el_bando_elegido():
    m = mesa(CINCO, objetivos=OBJETIVOS_CINCO)
    noche(m, {("Eva", "traidor"): ["levantarse"]})
    dia(m)
    caen(m, *posiciones("Bea", "Carlos"), amotinados=LEVANTADOS)
    r = m.result
    assert r.reason == "amotinados" and r.winners == ("Ana", "Dani")


# --- victories ------------------------------------------------------------------------------------------------------


def test_internos_ganan_cuando_todos_los_amotinados_estan_desenmascarados():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    noche(m, {("Ana", "terapia-electroshock"): ["Dani:1"]})
    assert revelados(m) == {"Dani": "amotinados"} and m.result is None
    votos = {(p, "linchamiento"): ["Ana"] for p in ("Bea", "Carlos", "Dani")}
    votos.update({(p, "linchamiento-carta"): ["Ana:1"] for p in ("Bea", "Carlos", "Dani")})
    dia(m, votos)
    r = m.result
    assert r.reason == "desenmascarados" and r.sides == ("internos",) and r.winners == ("Bea", "Carlos")
    assert dict(r.teams) == OBJETIVOS
    assert m.state.alive["terapia-electroshock"], "unmasked, not dead: the mutineers need not die"


def test_amotinados_ganan_cuando_solo_quedan_ellos_en_pie():
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    caen(m, *posiciones("Bea", "Carlos"), amotinados=("Ana", "Dani"))
    r = m.result
    assert r.reason == "amotinados" and r.winners == ("Ana", "Dani")


# The renegade's tables are CINCO's, with Eva the renegade: SIETE's Pacto de sangre binds two players the first
# night, whichever the script names, and changes their objectives.


def test_renegado_gana_si_es_el_ultimo_jugador_en_pie():
    m = mesa(CINCO, objetivos=RENEGADO)
    caen(m, *posiciones("Bea", "Carlos", "Ana", "Dani"), amotinados=LEVANTADOS)
    r = m.result
    assert r.reason == "renegado" and r.sides == ("renegado",) and r.winners == ("Eva",)


def test_el_renegado_tambien_debe_morir_para_que_ganen_los_amotinados():
    m = mesa(CINCO, objetivos=RENEGADO)
    caen(m, *posiciones("Bea", "Carlos"), amotinados=LEVANTADOS)
    assert m.state.out == [False, True, True, False, False]
    assert m.result is None and outcome(m.state) is None
    caen(m, *posiciones("Eva"), amotinados=LEVANTADOS)
    assert m.result.reason == "amotinados"


def test_los_internos_tambien_deben_desenmascarar_al_renegado():
    m = mesa(CINCO, objetivos=RENEGADO)
    caen(m, "Ana:1", "Dani:1", amotinados=LEVANTADOS)  # their principal cards: each death unmasks its holder
    assert m.state.goal_public == [True, False, False, True, False]
    assert m.result is None and outcome(m.state) is None
    caen(m, "Eva:1", amotinados=LEVANTADOS)
    r = m.result
    assert r.reason == "desenmascarados" and r.winners == ("Bea", "Carlos")


def _inquisidor(m, respuestas):
    hasta_prompt(m, "Eva", "inquisidor", {("Gala", "pacto-de-sangre"): ["Ana", "Bea"]})
    m.choose("Eva", "inquisidor", ["revelar"])
    for prompt in [p for p in m.pending() if p.player == "Eva"]:
        key = prompt.id.partition(":")[2]
        m.choose("Eva", prompt.id, respuestas[key])


SECRETOS = {
    "inquisidor-siamesas": ["Fede", "Gala"],
    "inquisidor-celda": ["Carlos", "Dani", "Eva"],
    "inquisidor-pacto": ["Gala"],
    **{f"inquisidor-objetivo-{p}": [g] for p, g in OBJETIVOS_SIETE.items() if p != "Eva"},
}


def test_inquisidor_gana_al_desvelar_todos_los_secretos():
    m = mesa(SIETE, objetivos=OBJETIVOS_SIETE)
    _inquisidor(m, SECRETOS)
    r = m.result
    assert r.reason == "inquisidor" and r.sides == ("inquisidor",) and r.winners == ("Eva",)


def test_inquisidor_que_falla_un_secreto_queda_desenmascarado_y_no_puede_repetir():
    m = mesa(SIETE, objetivos=OBJETIVOS_SIETE)
    _inquisidor(m, {**SECRETOS, "inquisidor-pacto": ["Fede"]})
    assert m.result is None
    assert revelados(m) == {"Eva": "inquisidor"}
    dia(m)
    noche(m)
    assert ("Eva", "inquisidor") not in abiertos(m)


def test_el_inquisidor_no_pregunta_por_objetivos_ya_desvelados():
    m = mesa(SIETE, objetivos=OBJETIVOS_SIETE)
    linchan(m, "Ana:1")  # her principal card: its death reveals her objective card
    assert revelados(m) == {"Ana": "amotinados"}
    hasta_prompt(m, "Eva", "inquisidor", {("Gala", "pacto-de-sangre"): ["Ana", "Bea"]})
    m.choose("Eva", "inquisidor", ["revelar"])
    ids = {p.id.partition(":")[2] for p in m.pending() if p.player == "Eva"}
    assert "inquisidor-objetivo-Ana" not in ids and "inquisidor-objetivo-Bea" in ids


def test_el_pacto_de_sangre_se_impone_al_objetivo():
    m = mesa(SIETE, objetivos=OBJETIVOS_SIETE)
    noche(m, {("Gala", "pacto-de-sangre"): ["Ana", "Bea"]})
    s = m.state
    assert objective(s, 0) == "pacto-de-sangre" and objective(s, 1) == "pacto-de-sangre"
    you = m.view("Ana", "es")["you"]
    assert you["objective"] == "pacto-de-sangre" and you["objective_card"] == "amotinados"
    # Written into the state: in play the inmates unmask Dani and Fede (or they go out) before the pact's two are
    # the only players left, unless their last cards fall in the same night, which no short game reaches.
    matar(m, *[c for seat in (2, 3, 4, 5, 6) for c in s.board[seat]], fuera=True)
    r = outcome(s)
    assert r.reason == "pacto-de-sangre" and r.winners == ("Ana", "Bea")


RABIA = con(PERSONALIZADA, Bea=["la-ludopata", "john-flick", "infecto-de-rabia", "amnesia", "hostilidad"])


def test_infecto_de_rabia_revela_el_objetivo_del_primer_amotinado_por_la_izquierda_sin_matar():
    """FAQ 15.3: Bea's rabies reaches the nearest mutineer to her left (Dani, past Carlos), and only shows his
    objective, at the next nightfall."""
    m = mesa(RABIA, objetivos=OBJETIVOS)
    noche(m, ataque("Bea:3", amotinados=("Ana", "Dani")))
    assert not m.state.alive["infecto-de-rabia"]
    assert revelados(m) == {}
    dia(m)  # until the second night falls
    (shown,) = eventos(m, "objetivo-revelado", "Carlos")
    assert shown == {"player": "Dani", "goal": "amotinados", "why": "infecto-de-rabia"}
    assert all(m.state.alive[c] for c in m.state.board[3])
