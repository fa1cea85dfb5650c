"""Objetivo del juego (section 2) with FAQ 1–2's precedence, the end of the game and the round limit."""

from velada.games.bethlem.ending import objective, outcome

from .mesa import CUATRO, PACTO, caen, con, dia, elige, eventos, matar, mesa, noche, ronda

UNO = con(CUATRO, Bea=["ali-la-muda", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"])


def test_ganan_los_internos_cuando_mueren_todos_los_amotinados():
    m = mesa(UNO)
    noche(m, {("Ana", "terapia-electroshock"): ["Ana:1"]})  # Daniel's holder kills Daniel (FAQ 3: allowed)
    r = m.result
    assert r is not None and r.reason == "internos"
    assert r.sides == ("internos",) and r.winners == ("Bea", "Carlos", "Dani")
    assert dict(r.teams) == {"Ana": "amotinados", "Bea": "internos", "Carlos": "internos", "Dani": "internos"}
    assert eventos(m, "revelacion")


def test_los_internos_ganan_aunque_hayan_muerto():
    m = mesa(CUATRO)
    caen(m, "Carlos:1", "Carlos:2", "Carlos:3", "Carlos:4", "Ana:1", "Bea:1")
    r = m.result
    assert m.state.out[2] and r.reason == "internos" and "Carlos" in r.winners


def test_ganan_los_amotinados_cuando_solo_quedan_cartas_de_amotinados():
    m = mesa(CUATRO)
    caen(m, "Carlos:1", "Carlos:2", "Carlos:3", "Carlos:4", "Dani:1", "Dani:2", "Dani:3")
    assert m.result is None
    caen(m, "Dani:4")
    r = m.result
    assert r.reason == "amotinados" and r.winners == ("Ana", "Bea")


DIRECTOR = con(CUATRO, Dani=["krugman", "wakerfield", "profeta", "juego-de-azar", "paciencia"])


def test_el_director_vivo_gana_al_morir_los_demas_personajes_principales():
    m = mesa(DIRECTOR)
    assert objective(m.state, 3) == "director"
    caen(m, "Ana:1", "Bea:1")
    assert m.result.reason == "internos"  # the inmates' objective is met too... but
    m = mesa(DIRECTOR)
    caen(m, "Bea:1", "Carlos:1")
    assert m.result is None
    caen(m, "Ana:1")
    assert m.result.reason == "director"  # ...the director comes first (FAQ 1)


def test_el_director_muerto_gana_al_morir_los_demas_personajes_secundarios():
    m = mesa(DIRECTOR)
    caen(m, "Dani:1", "Carlos:2", "Ana:2", "Bea:2")
    assert m.result.reason == "director"
    m = mesa(DIRECTOR)
    caen(m, "Carlos:2", "Ana:2", "Bea:2")
    assert m.result is None and outcome(m.state) is None  # Krugman alive: the principal characters must die


RICHARD = con(CUATRO, Bea=["richard-dadd", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"])


def test_richard_dadd_finge_ser_amotinado_y_solo_gana_si_queda_el_ultimo():
    m = mesa(RICHARD)
    assert objective(m.state, 1) == "richard-dadd"
    caen(m, *(f"{player}:{i}" for player in ("Carlos", "Dani") for i in range(1, 5)))
    assert m.state.out[2] and m.state.out[3]
    assert m.result is None and outcome(m.state) is None  # the mutineers still have to kill Richard Dadd
    caen(m, "Ana:1", "Ana:2", "Ana:3", "Ana:4")
    r = m.result
    assert r.reason == "richard-dadd" and r.winners == ("Bea",)


def test_el_pacto_de_sangre_tiene_prioridad_sobre_los_demas_objetivos():
    m = mesa(PACTO)
    elige(m, "Ana", "pacto-de-sangre", "Ana", "Carlos")
    assert objective(m.state, 0) == "pacto-de-sangre"
    caen(m, "Dani:1", "Dani:2", "Dani:3", "Dani:4", "Bea:1", "Bea:2", "Bea:3")
    assert m.result is None
    caen(m, "Bea:4")
    r = m.result
    assert r.reason == "pacto-de-sangre" and r.winners == ("Ana", "Carlos")


def test_las_cartas_que_cambian_de_mano_cambian_el_bando():
    m = mesa(CUATRO)
    s = m.state
    from velada.games.bethlem.deaths import swap_cards

    swap_cards(s, "daniel", "larry-owls")
    assert objective(s, 0) == "internos" and objective(s, 2) == "amotinados"


def test_sin_nadie_en_juego_es_empate():
    m = mesa(CUATRO)
    # Written into the state: in play every player's last cards would have to fall in the same night, which no
    # short game of these tables reaches; the table is the test's input.
    matar(m, *m.state.cards_in_play(), fuera=True)
    r = outcome(m.state)
    assert r.reason == "nadie" and r.sides == () and r.winners == ()


def test_un_jugador_sin_cartas_vivas_queda_fuera_de_la_partida():
    m = mesa(CUATRO)
    noche(m, {("Ana", "amotinados"): ["Carlos:1"], ("Bea", "amotinados"): ["Carlos:1"]})
    assert m.view("Ana")["players"][2]["in_game"]
    s = m.state
    dia(m)
    caen(m, "Carlos:2", "Carlos:3")
    assert not s.out[2] and m.view("Ana")["players"][2]["in_game"]
    caen(m, "Carlos:4")
    assert s.out[2] and not m.view("Ana")["players"][2]["in_game"]


def test_al_llegar_al_limite_de_rondas_la_partida_acaba_en_empate():
    m = mesa(CUATRO, limite_rondas=1)
    ronda(m)
    r = m.result
    assert r.reason == "limite" and r.sides == () and r.winners == () and r.rounds == 1
