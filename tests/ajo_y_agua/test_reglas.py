"""Ajo y Agua, rule by rule, mostly as short scripted games with an explicit deal and deck order."""

import pytest

from velada.core.engine import Match
from velada.core.protocol import IllegalAction
from velada.games import REGISTRY
from velada.games.ajo_y_agua.cards import day_deck

from .castillo import FIGURAS, castillo, dia_sin_mas, elige, eventos, noche, pasa, turno_de

AJO = REGISTRY.get("ajo-y-agua")


def jugadores(n):
    return [f"c{i}" for i in range(1, n + 1)]


# --- Preparación ---------------------------------------------------------------------------------------


def test_de_4_a_6_jugadores():
    for n in (4, 5, 6):
        Match(AJO, jugadores(n), {}, 1)
    for n in (3, 7):
        with pytest.raises(ValueError):
            Match(AJO, jugadores(n), {}, 1)


def test_mazo_de_dia_34_cartas_con_4_jugadores_3_ajos_y_2_aguas():
    deck = day_deck(4)
    assert len(deck) == 34 and deck.count("ajos") == 3 and deck.count("agua-bendita") == 2
    assert {c: deck.count(c) for c in ("cruz", "farol", "soborno", "mazo", "estacas", "espejo")} == {
        "cruz": 1,
        "farol": 7,
        "soborno": 6,
        "mazo": 3,
        "estacas": 6,
        "espejo": 6,
    }


@pytest.mark.parametrize("n", [5, 6])
def test_con_5_y_6_jugadores_2_ajos_y_1_agua_bendita(n):
    deck = day_deck(n)
    assert len(deck) == 32 and deck.count("ajos") == 2 and deck.count("agua-bendita") == 1


def test_un_solo_vampiro_y_el_resto_condes_inocentes_cada_uno_solo_ve_su_identidad():
    m = Match(AJO, jugadores(6), {}, 3)
    identities = [e.data["identity"] for e in m.state.log if e.kind == "identidad"]
    assert sorted(identities) == ["conde"] * 5 + ["vampiro"]
    for player in m.players:
        view = m.view(player)
        assert [p["role"] for p in view["players"] if p["id"] != player] == [None] * 5


def test_cada_jugador_tiene_una_figura_publica_distinta():
    m = Match(AJO, jugadores(5), {}, 3)
    houses = [p["house"] for p in m.view("c1")["players"]]
    assert len(set(houses)) == 5
    assert eventos(m, "figuras", "c2")[0]["houses"] == dict(zip(m.players, houses, strict=True))


def test_cartas_de_inicio_y_mano_maxima_son_opciones():
    m = Match(AJO, jugadores(4), {"cartas-inicio": "2"}, 3)
    # Everybody got 2, and the host has already drawn for the first turn.
    sizes = sorted(m.state.hand_size(i) for i in range(4))
    assert sizes == [2, 2, 2, 3]


def test_cartas_de_noche_un_blason_de_cada_casa_viva_y_tantos_inocentes_como_vivos():
    m = castillo()
    for seat in range(4):
        assert m.state.night[seat] == {"halcon": 1, "rosa": 1, "torre": 1, "luna": 1, "inocente": 4}
    assert m.view("Ana")["you"]["night"] == {"halcon": 1, "inocente": 4, "luna": 1, "rosa": 1, "torre": 1}


# --- Ronda de Anfitriones y turnos ------------------------------------------------------------------


def test_ronda_de_anfitriones_tiene_tantos_turnos_como_jugadores_vivos():
    m = castillo()
    assert (m.state.round, m.state.turns) == (1, 4)
    for turn in range(1, 5):
        assert m.state.turn == turn
        dia_sin_mas(m)
        noche(m, ["halcon", "rosa", "torre", "inocente"][turn - 1] if turn < 4 else "inocente")
        if m.result is not None:
            break


def test_el_anfitrion_empieza_y_se_sigue_el_sentido_de_las_agujas_del_reloj():
    m = castillo(anfitrion="Carlos")
    order = []
    while m.state.phase == "dia":
        order.append(turno_de(m))
        pasa(m, turno_de(m))
    assert order == ["Carlos", "Dani", "Ana", "Bea"]


def test_robar_una_carta_de_dia_es_obligatorio():
    m = castillo(mazo=["espejo", "soborno"])
    assert m.state.hands[0] == {"espejo": 1}
    assert eventos(m, "roba", "Ana") == [{"player": "Ana", "cards": ["espejo"]}]
    assert eventos(m, "roba", "Bea") == []
    assert eventos(m, "robo", "Bea") == [{"player": "Ana", "n": 1}]


def test_una_accion_y_un_equipo_por_turno_en_el_orden_que_se_quiera():
    m = castillo(manos={"Ana": ["mazo", "estacas", "farol"]}, mazo=["espejo"] + ["farol"] * 20)
    (prompt,) = m.pending()
    assert set(prompt.options) == {"farol", "espejo", "equipar:mazo", "equipar:estacas"}
    elige(m, "Ana", "turno", "equipar:mazo")
    (prompt,) = m.pending()
    assert set(prompt.options) == {"farol", "espejo"}  # one piece of equipment per turn
    elige(m, "Ana", "turno", "farol")
    assert turno_de(m) == "Bea" or m.pending()[0].kind == "descartar"


def test_no_se_pueden_equipar_dos_cartas_iguales():
    m = castillo(manos={"Ana": ["mazo", "mazo"]})
    elige(m, "Ana", "turno", "equipar:mazo")
    pasa(m, "Ana")
    dia_sin_mas(m)
    noche(m, "inocente")
    assert "equipar:mazo" not in m.pending()[0].options


def test_farol_roba_dos_cartas_y_es_la_accion_del_turno():
    m = castillo(manos={"Ana": ["farol", "espejo"]}, mazo=["soborno", "mazo", "cruz"])
    elige(m, "Ana", "turno", "farol")
    assert m.state.hands[0] == {"soborno": 1, "espejo": 1, "mazo": 1, "cruz": 1}
    assert set(m.pending()[0].options) == {"equipar:mazo", "equipar:cruz"}


def test_soborno_quita_una_carta_equipada_elegida():
    m = castillo(manos={"Ana": ["soborno", "soborno"], "Bea": ["mazo", "estacas"], "Carlos": ["ajos"]})
    pasa(m, "Ana")
    elige(m, "Bea", "turno", "equipar:mazo")
    dia_sin_mas(m)
    noche(m, "inocente")
    pasa(m, "Ana")
    elige(m, "Bea", "turno", "equipar:estacas")
    dia_sin_mas(m)
    noche(m, "torre")
    elige(m, "Ana", "turno", "soborno")
    elige(m, "Ana", "objetivo", "Bea")
    (prompt,) = m.pending()
    assert set(prompt.options) == {"mano", "equipo:mazo", "equipo:estacas"}
    elige(m, "Ana", "botin", "equipo:estacas")
    assert m.state.equipped[1] == ["mazo"] and m.state.hands[0].get("estacas") == 1
    assert "soborno" in m.state.discard
    assert eventos(m, "usa", "Carlos")[-1]["taken"] == "estacas"


def test_soborno_quita_una_carta_al_azar_de_la_mano_y_solo_lo_saben_los_dos():
    m = castillo(manos={"Ana": ["soborno"], "Bea": ["ajos", "cruz"]})
    elige(m, "Ana", "turno", "soborno")
    elige(m, "Ana", "objetivo", "Bea")
    (botin,) = eventos(m, "botin", "Ana")
    assert botin["card"] in ("ajos", "cruz") and m.state.hands[0].get(botin["card"]) == 1
    assert eventos(m, "botin", "Bea") == [botin] and eventos(m, "botin", "Carlos") == []


def test_espejo_muestra_una_carta_de_noche_sin_usar_solo_a_quien_mira():
    m = castillo(manos={"Ana": ["espejo"]})
    elige(m, "Ana", "turno", "espejo")
    elige(m, "Ana", "objetivo", "Dani")
    (seen,) = eventos(m, "reflejo", "Ana")
    assert seen["player"] == "Dani" and seen["card"] in m.state.night[3]
    assert eventos(m, "reflejo", "Dani") == []
    assert eventos(m, "usa", "Carlos")[-1] == {"player": "Ana", "card": "espejo", "target": "Dani"}


def test_lo_que_mostro_el_espejo_queda_en_la_vista_de_quien_miro():
    """What a viewer knows is in their view, not only in their log (the noninterference check compares views)."""
    m = castillo(manos={"Ana": ["espejo"]})
    elige(m, "Ana", "turno", "espejo")
    elige(m, "Ana", "objetivo", "Dani")
    (seen,) = eventos(m, "reflejo", "Ana")
    assert m.view("Ana")["you"]["mirrors"] == [["Dani", seen["card"]]]
    assert m.view("Dani")["you"]["mirrors"] == []


def test_las_cartas_robadas_a_la_vez_se_cuentan_ordenadas_no_en_el_orden_del_mazo():
    m = castillo(manos={"Ana": ["farol"]}, mazo=["farol", "soborno", "espejo"])
    elige(m, "Ana", "turno", "farol")
    assert eventos(m, "roba", "Ana")[-1] == {"player": "Ana", "cards": ["espejo", "soborno"]}


def test_usar_una_carta_se_puede_cancelar_al_elegir_objetivo():
    m = castillo(manos={"Ana": ["espejo"]})
    elige(m, "Ana", "turno", "espejo")
    elige(m, "Ana", "objetivo")
    assert m.state.hands[0] == {"espejo": 1, "farol": 1} and m.pending()[0].kind == "turno"


def test_descartar_solo_hasta_el_maximo_de_la_mano():
    m = castillo(manos={"Ana": ["espejo"] * 5}, mano_maxima=5)
    pasa_sin_descartar = m.pending()[0]
    assert pasa_sin_descartar.kind == "turno"
    m.choose("Ana", "turno", [])
    (prompt,) = m.pending()
    assert prompt.kind == "descartar" and set(prompt.options) == {"espejo", "farol"}
    with pytest.raises(IllegalAction):
        m.choose("Ana", "descartar", [])
    elige(m, "Ana", "descartar", "espejo")
    assert m.state.hand_size(0) == 5 and turno_de(m) == "Bea"


def test_sin_exceso_no_se_descarta():
    m = castillo(manos={"Ana": ["espejo"]})
    elige(m, "Ana", "turno")
    assert turno_de(m) == "Bea"


def test_suministro_agotado_se_baraja_el_descarte_y_lo_retirado_no_vuelve():
    # The first turn leaves a Mallet in the discard (Carlos is over the hand limit) and Garlic retired (it stops
    # the Vampire's bite on Bea); at the second, the supply has two cards left.
    manos = {"Ana": ["farol", "agua-bendita"], "Bea": ["ajos"], "Carlos": ["mazo"] * 5}
    m = castillo(manos=manos, mazo=["espejo", "espejo", "mazo", "espejo", "espejo", "soborno"])
    dia_sin_mas(m)
    noche(m, "rosa")
    assert m.state.discard == ["mazo"] and m.state.retired == ["ajos"] and turno_de(m) == "Ana"
    elige(m, "Ana", "turno", "farol")  # draws the last card, then the reshuffled discard
    assert eventos(m, "baraja") == [{"cards": 2}]  # the Mallet and the Farol just used, not the Garlic
    hand = m.state.hands[0]
    assert hand.get("soborno") == 1 and (hand.get("mazo") or hand.get("farol"))
    assert "ajos" not in hand and m.state.retired == ["ajos"]


# --- Acusar y matar -------------------------------------------------------------------------------


def armada(manos=None, **kw):
    """A castle where Ana has equipped a Mallet and Stakes (two turns: one piece of equipment per turn) and it is
    her third turn; the Vampire spent his innocent blazon and bit Carlos, who had Garlic."""
    hands = {"Ana": ["mazo", "estacas"], "Carlos": ["ajos"], **(manos or {})}
    m = castillo(manos=hands, **kw)
    elige(m, "Ana", "turno", "equipar:mazo")
    assert "acusar" not in m.pending()[0].options  # the Mallet alone is not enough
    pasa(m, "Ana")
    dia_sin_mas(m)
    noche(m, "inocente")
    elige(m, "Ana", "turno", "equipar:estacas")
    assert "acusar" in m.pending()[0].options  # equipped this turn, usable at once
    pasa(m, "Ana")
    dia_sin_mas(m)
    noche(m, "torre")
    return m


def test_acusar_y_matar_necesita_mazo_y_estacas_equipados():
    m = armada()
    assert "acusar" in m.pending()[0].options
    assert turno_de(m) == "Ana"


def test_matar_al_vampiro_da_la_victoria_a_los_condes():
    m = armada()
    elige(m, "Ana", "turno", "acusar")
    elige(m, "Ana", "objetivo", "Dani")
    assert m.result.reason == "estacas" and m.result.sides == ("condes",)
    assert set(m.result.winners) == {"Ana", "Bea", "Carlos"}
    assert eventos(m, "muerte")[0] == {"player": "Dani", "identity": "vampiro", "cause": "estacas"}
    assert {"mazo", "estacas"} <= set(m.state.discard)


def test_matar_a_un_inocente_castiga_al_atacante_sin_cartas_de_dia():
    m = armada(manos={"Ana": ["mazo", "estacas", "cruz"], "Bea": ["espejo"]})
    elige(m, "Ana", "turno", "acusar")
    elige(m, "Ana", "objetivo", "Bea")
    assert m.result is None
    assert not m.state.alive[1] and eventos(m, "muerte")[0]["identity"] == "conde"
    assert m.state.hands[0] == {} and m.state.equipped[0] == []  # the attacker loses every day card
    assert m.state.hands[1] == {} and m.state.night[1] == {}  # the dead count's cards are gone
    assert "espejo" in m.state.discard and "cruz" in m.state.discard


# --- La noche ---------------------------------------------------------------------------------------


def test_cada_conde_pone_un_blason_de_inocente_y_no_puede_poner_otro():
    m = castillo()
    dia_sin_mas(m)
    options = {p.player: p.options for p in m.pending()}
    assert options["Ana"] == ("inocente",) and options["Bea"] == ("inocente",)
    assert set(options["Dani"]) == {"halcon", "rosa", "torre", "luna", "inocente"}
    with pytest.raises(IllegalAction):
        m.choose("Ana", "noche", ["luna"])


def test_el_vampiro_muerde_con_el_blason_de_una_casa_y_el_mordido_queda_moribundo():
    m = castillo()
    dia_sin_mas(m)
    noche(m, "rosa")
    assert eventos(m, "revelacion-noche")[-1]["cards"] == ["inocente", "inocente", "inocente", "rosa"]
    assert m.state.dying == 1 and eventos(m, "mordido") == [{"player": "Bea"}]
    assert eventos(m, "mordisco-secreto", "Ana") == []  # who laid it stays secret


def test_ajos_protegen_de_la_mordedura_y_se_retiran():
    m = castillo(manos={"Bea": ["ajos"]})
    dia_sin_mas(m)
    noche(m, "rosa")
    assert m.state.dying is None and eventos(m, "ajos") == [{"player": "Bea"}]
    assert "ajos" in m.state.retired and "ajos" not in m.state.hands[1]


def test_cruz_protege_hasta_el_nuevo_reparto_y_se_retira_al_final_de_la_ronda():
    m = castillo(manos={"Ana": ["cruz"], "Bea": ["ajos"]})
    elige(m, "Ana", "turno", "equipar:cruz")
    pasa(m, "Ana")
    dia_sin_mas(m)
    noche(m, "halcon")
    assert m.state.dying is None and eventos(m, "cruz") == [{"player": "Ana"}]
    for blazon in ("rosa", "torre", "inocente"):
        dia_sin_mas(m)
        noche(m, blazon)
        if m.result is not None:
            break
    assert m.state.round == 2 and "cruz" in m.state.retired and "cruz" not in m.state.equipped[0]


def test_el_mordido_solo_roba_y_descarta_y_muere_al_final_del_dia():
    m = castillo(manos={"Bea": ["espejo", "mazo"]})
    dia_sin_mas(m)
    noche(m, "rosa")
    pasa(m, "Ana")
    assert turno_de(m) == "Carlos"  # Bea drew and could neither act nor equip
    assert m.state.hands[1] == {"espejo": 1, "mazo": 1, "farol": 2} and m.state.equipped[1] == []
    dia_sin_mas(m)
    assert not m.state.alive[1]
    assert eventos(m, "muerte")[0] == {"player": "Bea", "identity": "conde", "cause": "mordisco"}


def test_agua_bendita_salva_al_moribundo_pero_no_a_uno_mismo():
    m = castillo(manos={"Ana": ["agua-bendita"], "Bea": ["agua-bendita"]})
    dia_sin_mas(m)
    noche(m, "rosa")
    # Ana may save Bea...
    assert "agua-bendita" in m.pending()[0].options
    elige(m, "Ana", "turno", "agua-bendita")
    assert m.pending()[0].options == ("Bea",)
    elige(m, "Ana", "objetivo", "Bea")
    assert m.state.dying is None and "agua-bendita" in m.state.retired
    # Ana has nothing left to do; the saved count may still only draw and discard today.
    assert turno_de(m) == "Carlos"
    dia_sin_mas(m)
    assert m.state.alive[1]


def test_el_moribundo_no_puede_salvarse_a_si_mismo():
    m = castillo(manos={"Bea": ["agua-bendita"]})
    dia_sin_mas(m)
    noche(m, "rosa")
    pasa(m, "Ana")
    assert turno_de(m) == "Carlos"


def test_un_moribundo_cuenta_como_vivo():
    m = castillo()
    _kill(m, "Carlos")
    dia_sin_mas(m)
    noche(m, "rosa")  # Ana, Bea (dying) and Dani: three alive, the game goes on
    assert m.result is None and m.state.dying == 1


def _kill(m, player):
    from velada.games.ajo_y_agua import rules

    rules.kill(m.state, m.state.index[player], "estacas")


def test_el_vampiro_gana_cuando_solo_quedan_el_y_un_conde():
    m = castillo()
    _kill(m, "Carlos")
    dia_sin_mas(m)
    noche(m, "rosa")
    dia_sin_mas(m)  # nobody saves Bea
    assert m.result.reason == "vampiro" and m.result.winners == ("Dani",)


def test_vampiro_que_se_muerde_y_no_se_salva_sale_a_la_luz():
    m = castillo()
    dia_sin_mas(m)
    noche(m, "luna")
    assert m.state.dying == 3
    dia_sin_mas(m)
    assert m.result.reason == "luz" and m.result.sides == ("condes",)


def test_dos_blasones_de_inocente_en_una_ronda_matan_al_vampiro_de_inanicion():
    m = castillo()
    dia_sin_mas(m)
    noche(m, "inocente")
    assert m.result is None
    dia_sin_mas(m)
    noche(m, "inocente")
    assert m.result.reason == "inanicion" and m.result.sides == ("condes",)


def test_un_blason_de_inocente_por_ronda_vuelve_a_estar_permitido_en_la_siguiente():
    m = castillo(manos={"Ana": ["ajos"], "Bea": ["ajos"], "Carlos": ["ajos"]})
    for blazon in ("inocente", "halcon", "rosa", "torre"):
        dia_sin_mas(m)
        noche(m, blazon)
    assert m.state.round == 2 and m.result is None
    dia_sin_mas(m)
    noche(m, "inocente")
    assert m.result is None


def test_blason_de_un_conde_ya_muerto_no_muerde_a_nadie():
    m = castillo()
    _kill(m, "Carlos")
    dia_sin_mas(m)
    noche(m, "torre")
    assert m.state.dying is None and eventos(m, "sin-victima") == [{"house": "torre"}]


def test_al_morir_el_anfitrion_la_campana_pasa_al_primero_vivo_a_su_izquierda():
    m = castillo()
    _kill(m, "Bea")
    _kill(m, "Ana")
    assert m.players[m.state.host] == "Carlos"
    assert eventos(m, "anfitrion")[-1] == {"player": "Carlos"}


def test_anfitrion_rotativo_pasa_la_campana_cada_turno():
    m = rotativo()
    hosts = []
    for blazon in ("halcon", "rosa"):
        hosts.append(m.players[m.state.host])
        dia_sin_mas(m)
        noche(m, blazon)
    assert hosts == ["Ana", "Bea"]


def rotativo():
    deal = {
        "vampiro": "Dani",
        "anfitrion": "Ana",
        "figuras": FIGURAS,
        "manos": {"Ana": ["ajos"], "Bea": ["ajos"], "Carlos": [], "Dani": []},
        "mazo": ["farol"] * 40,
    }
    return Match(AJO, list(FIGURAS), {"anfitrion": "rotativo"}, 0, deal)


def test_limite_de_rondas_acaba_en_empate():
    m = castillo(manos={"Ana": ["ajos"] * 3, "Bea": ["ajos"] * 3, "Carlos": ["ajos"] * 3}, limite_rondas=1)
    for blazon in ("inocente", "halcon", "rosa", "torre"):
        dia_sin_mas(m)
        noche(m, blazon)
    assert m.result.reason == "limite" and m.result.sides == ()


# --- Vistas y bots -----------------------------------------------------------------------------------


def test_cada_uno_ve_su_mano_y_sus_cartas_de_noche_y_de_los_demas_solo_cuantas_tienen():
    m = castillo(manos={"Ana": ["ajos"], "Bea": ["cruz", "mazo"]})
    view = m.view("Ana")
    assert view["you"]["hand"] == {"ajos": 1, "farol": 1}
    bea = next(p for p in view["players"] if p["id"] == "Bea")
    assert bea["hand_size"] == 2 and "hand" not in bea and bea["night_cards"] == 8
    assert "secrets" not in view


def test_el_bot_heuristico_gana_mas_que_el_aleatorio():
    from velada.core.sim import simulate, summary

    stats, seconds = simulate(AJO, 5, 300, seed=4, bots=["heuristico", "random"])
    bots = summary(AJO, 5, 4, stats, seconds)["bots"]
    # Intervals over games that do not overlap: significant at 95% however the two bots' results correlate.
    assert bots["heuristico"]["ci95"][0] > bots["random"]["ci95"][1]
    # As the Vampire especially: random vampires starve or bite themselves.
    assert bots["heuristico"]["by_side"]["vampiro"]["rate"] > bots["random"]["by_side"]["vampiro"]["rate"]


def test_el_bot_heuristico_acusa_al_unico_sospechoso():
    m = castillo(manos={"Ana": ["mazo", "estacas"], "Bea": ["espejo"], "Carlos": ["ajos"]}, semilla=1)
    bot = AJO.bots["heuristico"]("Ana", 1)
    from velada.core.engine import build_view

    def view():
        return build_view(AJO, m.state, "Ana", texts=False)

    assert bot.choose(m.pending()[0], view) == ["equipar:mazo"]
    # Before any night is revealed, a mirror showing an innocent blazon proves nothing: Bea looks at Dani's.
    pasa(m, "Ana")
    elige(m, "Bea", "turno", "espejo")
    elige(m, "Bea", "objetivo", "Dani")
    assert eventos(m, "reflejo", "Bea") == [{"player": "Dani", "card": "inocente"}]
    assert AJO.bots["heuristico"]("Bea", 1)._proven_innocent(build_view(AJO, m.state, "Bea", texts=False)) == set()


def test_una_condesa_inocente_se_nombra_en_femenino():
    """Bea is the Countess of the Rose: her identity agrees with her house (the houses' genders are data)."""
    from tests.ajo_y_agua.castillo import castillo

    m = castillo()
    bea = m.view("Bea", "es")
    assert bea["you"]["role_name"] == "una Condesa Inocente"
    assert "Miras tu identidad oculta: eres una Condesa Inocente." in [e["text"] for e in bea["log"]]
    assert m.view("Carlos", "es")["you"]["role_name"] == "un Conde Inocente"
    assert m.view("Bea", "en")["you"]["role_name"] == "an Innocent Countess"
