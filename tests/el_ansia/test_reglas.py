"""El ansia, rule by rule, with the rulebook's worked examples as scripted scenarios."""

import pytest

from velada.core.engine import Match
from velada.core.protocol import IllegalAction
from velada.games.el_ansia import board, rounds
from velada.games.el_ansia.data import CARDS, CASTLE_TILES, HUNT_DECK, MISSIONS

from .escena import ANSIA, abierto, elige, escena, eventos, puntos

VACIA = [[[], [], []] for _ in range(3)]


# --- Components and setup -----------------------------------------------------------------------------------


def test_122_cartas_de_caza_80_humanos_22_familiares_20_poderes_y_3_rosas():
    kinds = [CARDS[c].type for c in HUNT_DECK]
    assert (len(HUNT_DECK), kinds.count("humano"), kinds.count("familiar"), kinds.count("poder")) == (122, 80, 22, 20)
    assert sorted(c for c in CARDS if CARDS[c].type == "rosa") == ["rosa-de-sangre", "rosa-eterna", "rosa-negra"]
    for kind in ("lugareno", "religioso", "militar", "noble"):
        assert sum(1 for c in HUNT_DECK if CARDS[c].kind == kind) == 20


def test_50_misiones_y_26_fichas():
    from velada.games.el_ansia.data import TOKENS

    assert len(MISSIONS) == 50 and sum(TOKENS.values()) == 26
    assert {m.type for m in MISSIONS.values()} == {"normal", "instantanea"}


def test_seis_vampiros_con_mazo_inicial_de_6_cartas():
    from velada.games.el_ansia.data import VAMPIRES

    assert len(VAMPIRES) == 6 and all(len(deck) == 6 for _, deck in VAMPIRES.values())


@pytest.mark.parametrize(("n", "tiles"), [(2, [10, 6]), (3, [10, 6, 4]), (4, [10, 8, 6, 4]), (6, [10, 8, 6, 4, 2])])
def test_losetas_de_castillo_segun_jugadores(n, tiles):
    assert list(CASTLE_TILES[n]) == tiles
    m = Match(ANSIA, [f"p{i}" for i in range(n)], {}, 1)
    assert m.state.castle_tiles == tiles


@pytest.mark.parametrize("n", [2, 3, 6])
def test_zona_de_caza_con_una_fila_mas_que_jugadores_y_3_columnas(n):
    m = Match(ANSIA, [f"p{i}" for i in range(n)], {}, 1)
    assert len(m.state.zone) == n + 1 and all(len(row) == 3 for row in m.state.zone)
    # One card per row, in column 3 (a slow human in column 2).
    assert all(len(row[2]) + len(row[1]) == 1 and not row[0] for row in m.state.zone)


def test_preparacion_de_misiones_2_publicas_y_cada_jugador_elige_1_de_2():
    m = Match(ANSIA, ["a", "b", "c"], {}, 5)
    s = m.state
    assert len(s.public_missions) == 2 and all(MISSIONS[x].type == "normal" for x in s.public_missions)
    assert {len(p.options) for p in m.pending()} == {2} and len(m.pending()) == 3
    assert [len(s.crypts[r]) for r in ("montanas", "llanuras", "bosque")] == [6, 5, 4]
    assert not any(MISSIONS[x].five for x in s.public_missions + [x for p in s.crypts.values() for x in p])
    for p in m.pending():
        m.choose(p.player, p.id, [p.options[0]])
    assert all(len(ms) == 1 for ms in s.missions)


def test_tres_cartas_en_la_taberna_y_rosas_en_el_laberinto():
    m = Match(ANSIA, ["a", "b"], {}, 5)
    assert len(m.state.tavern) == 3 and len(m.state.roses) == 3


def test_cofres_abiertos_muestran_su_ficha_y_los_cerrados_no():
    m = Match(ANSIA, ["a", "b"], {}, 5)
    chests = m.view("a")["board"]["chests"]
    assert chests["a1"] not in ("?", None) and chests["a8"] == "?"


def test_modo_novicio_pone_cartas_a_encima_del_mazo_de_caza():
    m = Match(ANSIA, ["a", "b"], {"modo": "novato"}, 5)
    deck = m.state.hunt_deck
    zone_cards = [c for row in m.state.zone for stack in row for c in stack]
    # 2 + 2 per player «A» cards on top: the zone was dealt from them, the rest are next.
    assert all(CARDS[c].novice for c in zone_cards)
    assert all(CARDS[c].novice for c in deck[-(6 - len(zone_cards)) :])


def test_orden_del_primer_turno_por_velocidades_6_7_8_8_y_el_mayor_primero():
    # Four hands of 3 starting cards worth 6, 7, 8 and 8: Richard (listed before George, so older) goes third.
    m = escena(
        players=("Koni", "Richard", "George", "Simon"),
        mazos={
            "Simon": ["colmillos", "el-ansia", "fuerza-de-vampiro"],  # 3 + 2 + 1 = 6
            "Koni": ["colmillos", "teresa", "voluntad-vampirica"],  # 3 + 3 + 1 = 7
            "Richard": ["colmillos", "ulrich", "el-ansia"],  # 3 + 3 + 2 = 8
            "George": ["colmillos", "piet", "el-ansia"],  # 8
        },
    )
    assert eventos(m, "orden")[0]["players"] == ["Simon", "Koni", "Richard", "George"]
    # Stacked in the castle with the first player on top.
    s = m.state
    assert [s.players[i] for i in reversed(s.stacks["castillo"])] == ["Simon", "Koni", "Richard", "George"]


# --- The turn: step 1 -------------------------------------------------------------------------------------


def test_ejemplo_teresa_descartada_antes_de_activarla_no_desorienta():
    m = escena(
        manos={"Koni": ["fuerza-de-vampiro", "voluntad-vampirica", "teresa"], "Richard": ["colmillos"] * 3},
        mazos={"Koni": ["colmillos", "el-ansia", "sed-de-vampiro"], "Richard": []},
        posiciones={"Koni": "b3", "Richard": "b5"},
        orden=["Koni", "Richard"],
    )
    prompt = abierto(m)
    assert prompt.kind == "efecto"
    fuerza = next(o for o in prompt.options if prompt.args["cards"][o] == "fuerza-de-vampiro")
    m.choose("Koni", prompt.id, [fuerza])  # Teresa (a human) is in play: draw 1
    voluntad = next(o for o, c in m.state.play if c == "voluntad-vampirica")
    if abierto(m).kind == "efecto":
        m.choose("Koni", abierto(m).id, [voluntad])
    teresa = next(o for o, c in m.state.play if c == "teresa")
    elige(m, "descartar", teresa)
    assert eventos(m, "desorientacion") == []
    assert m.state.position[0] == "b3"
    # Speed: Fuerza 1 + Voluntad 1 + the two cards drawn (Colmillos 3, El ansia 2, top of the deck last listed).
    assert abierto(m).kind == "mover" and abierto(m).args["speed"] == 1 + 1 + 2 + 3


def test_desorientacion_mueve_4_casillas_hacia_el_laberinto():
    m = escena(
        manos={"Koni": ["teresa", "colmillos", "colmillos"]},
        posiciones={"Koni": "b3", "Richard": "b5"},
        orden=["Koni", "Richard"],
    )
    there = eventos(m, "desorientacion")[0]["space"]
    assert board.to_maze(there) == board.to_maze("b3") - 4  # by the shortest way (here, onto the river)


def test_velocidad_cero_o_negativa_no_mueve():
    m = escena(
        manos={"Koni": ["marques", "obispo", "sed-de-vampiro"]},
        posiciones={"Koni": "b3", "Richard": "b5"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    # -2 -2 + 0 + 3 (a human is in play) = -1: no move, no hunt: the turn ends at once.
    assert eventos(m, "descansa")[0]["player"] == "Koni"


# --- The turn: step 2 -------------------------------------------------------------------------------------


def test_ejemplo_de_turno_koni_gana_10():
    """Koni plays Sed de vampiro (3 with a human in play), El ansia (2) and a human (0): speed 5. She moves 3 to the
    plains crypt and takes a mission, then hunts a stack of 2 humans in column 1 for 1: 3 + 3, +1 each in the
    plains, +2 for El ansia: 10."""
    zona = [[["tabernera", "herrero"], [], ["baronesa"]], [[], ["ivo"], []], [[], [], ["fraile"]]]
    m = escena(
        manos={"Koni": ["sed-de-vampiro", "el-ansia", "ivo"]},
        posiciones={"Koni": "b4", "Richard": "b1"},
        orden=["Koni", "Richard"],
        zona=zona,
        misiones={"Koni": ["rejo"], "Richard": []},
    )
    prompt = abierto(m)
    assert prompt.kind == "mover" and prompt.args["speed"] == 5
    elige(m, "mover", "b7")
    prompt = abierto(m)
    assert prompt.kind == "misiones"  # the crypt of the plains
    elige(m, "misiones", "rejo", prompt.options[1])
    prompt = abierto(m)
    assert prompt.kind == "cazar" and prompt.args["speed"] == 2
    elige(m, "cazar", "z00")
    assert puntos(m, "Koni") == 10
    assert m.state.discard[0][-2:] == ["tabernera", "herrero"] or set(m.state.discard[0]) >= {"tabernera", "herrero"}


def test_ejemplo_richard_caza_en_el_bosque_3_mas_2_mas_4():
    """Richard, left with 2 speed in the forest, hunts a stack of 3 cards in column 1 holding Bernard (3) and Ivo
    (2): +2 per human in the forest: 3 + 2 + 4 = 9."""
    zona = [[[], [], []], [["bernard", "ivo", "murcielago"], [], []], [[], [], []]]
    m = escena(
        manos={"Richard": ["colmillos", "fuerza-de-vampiro", "voluntad-vampirica"], "Koni": []},
        posiciones={"Richard": "a13", "Koni": "b1"},
        orden=["Richard", "Koni"],
        zona=zona,
        mazos={"Richard": ["colmillos"], "Koni": []},
    )
    # Voluntad: discard the Colmillos just... resolve step 1 by discarding the drawn card, then move 3 and hunt.
    while abierto(m).kind in ("efecto", "descartar"):
        prompt = abierto(m)
        m.choose("Richard", prompt.id, [prompt.options[0]])
    speed = abierto(m).args["speed"]
    elige(m, "mover", "a15" if speed - 2 >= 1 else "a14")
    while abierto(m).kind != "cazar":
        prompt = abierto(m)
        m.choose(prompt.player, prompt.id, list(prompt.options[: prompt.min]) if not prompt.skippable else [])
    before = puntos(m, "Richard")
    elige(m, "cazar", "z10")
    assert puntos(m, "Richard") - before == 3 + 2 + 4


def test_cazar_cuesta_1_2_o_3_segun_la_columna_y_rapido_suma_1():
    zona = [[["ivo"], ["fraile"], ["soldado"]], [[], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["colmillos", "voluntad-vampirica", "el-ansia"]},
        posiciones={"Koni": "b2", "Richard": "b1"},
        orden=["Koni", "Richard"],
        zona=zona,
        mazos={"Koni": ["sed-de-vampiro"], "Richard": []},
    )
    from velada.games.el_ansia.turn import hunt_cost

    assert [hunt_cost(m.state, 0, c) for c in range(3)] == [1, 2, 4]  # the soldier is «rápido»


def test_no_se_caza_en_el_castillo_ni_en_barco_y_en_el_cementerio_no_humanos():
    zona = [[["ivo"], ["murcielago"], []], [[], [], []], [[], [], []]]
    for space, expected in (("c2", set()), ("a1", {"z01"}), ("b2", {"z00", "z01"})):
        m = escena(
            manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
            posiciones={"Koni": space, "Richard": "b9"},
            orden=["Koni", "Richard"],
            zona=zona,
        )
        elige(m, "mover")  # stay
        prompt = next((p for p in m.pending() if p.kind == "cazar"), None)
        hunts = {o for o in prompt.options if o.startswith("z")} if prompt else set()
        assert hunts == expected, space


def test_agua_bendita_impide_cazar():
    zona = [[["ivo"], [], []], [[], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["colmillos", "monja", "colmillos"]},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
    )
    elige(m, "mover")
    assert not any(p.kind == "cazar" for p in m.pending())


def test_gregario_trae_la_carta_de_arriba_del_mazo_de_caza():
    zona = [[["molinera"], [], []], [[], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
        caza=["baronesa"] + ["ivo"] * 20,
        taberna=[],
    )
    elige(m, "mover")
    elige(m, "cazar", "z00")
    assert eventos(m, "caza")[-1]["cards"] == ["molinera", "baronesa"]
    assert puntos(m, "Koni") == (1 + 1) + (3 + 1)  # both humans, +1 each in the plains


def test_preparada_se_puede_poner_encima_del_mazo():
    zona = [[["heredera"], [], []], [[], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
    )
    elige(m, "mover")
    elige(m, "cazar", "z00")
    elige(m, "preparada", "mazo")
    assert m.state.hand[0][0] == "heredera" or "heredera" in m.state.hand[0]


def test_el_pozo_da_una_caza_extra_en_la_columna_1():
    zona = [[["ivo"], ["fraile"], []], [["pastor"], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b4", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
    )
    elige(m, "mover", "b5")  # a well, 1 step
    elige(m, "cazar", "z01")  # the normal hunt (cost 2)
    assert set(abierto(m).options) >= {"z00", "z10"} and "z01" not in abierto(m).options
    elige(m, "cazar", "z10")  # the well's extra hunt, column 1 only
    assert eventos(m, "descansa")[0]["player"] == "Koni"  # nothing left to hunt with: the turn is over


def test_la_taberna_se_caza_entera_por_2():
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "el-ansia"]},
        posiciones={"Koni": "castillo", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        taberna=["ivo", "fraile", "murcielago"],
    )
    elige(m, "mover", "b1")
    elige(m, "cazar", "taberna")
    assert eventos(m, "caza")[-1]["cards"] == ["ivo", "fraile", "murcielago"]
    assert puntos(m, "Koni") == (2 + 1) + (2 + 1) + 2


def test_cofre_da_una_ficha_y_2_puntos():
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    token = m.state.chests["b3"]
    elige(m, "mover", "b3")
    assert token in m.state.tokens[0] and puntos(m, "Koni") == (4 if token == "terciopelo" else 2)


def test_el_laberinto_da_una_rosa_gratis_que_cuenta_como_caza():
    zona = [[["ivo"], [], []], [[], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "a17", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
    )
    elige(m, "mover", "laberinto")
    elige(m, "rosa", "rosa-eterna")
    assert not any(p.kind == "cazar" and any(o.startswith("z") for o in p.options) for p in m.pending())
    assert puntos(m, "Koni") == 3 + 1  # the rose's points, then Rosa eterna's +1 at the end of the turn


def test_con_agua_bendita_no_se_recoge_una_rosa_en_el_laberinto():
    """Recoger una rosa cuenta como caza, y el agua bendita impide cazar nada: tampoco una rosa."""
    m = escena(
        manos={"Koni": ["colmillos", "monja", "colmillos"]},
        posiciones={"Koni": "a17", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    elige(m, "mover", "laberinto")
    assert not any(p.kind == "rosa" for p in m.pending())
    assert m.state.roses and not m.state.hunted


def test_mercado_permite_digerir_un_lugareno():
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b1", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        descartes={"Koni": ["ivo", "fraile"]},
    )
    elige(m, "mover", "b2")
    assert abierto(m).kind == "digerir" and abierto(m).options == ("d:ivo",)
    elige(m, "digerir", "d:ivo")
    assert m.state.digested[0] == ["ivo"] and "ivo" not in m.state.discard[0]


def test_ejemplo_de_la_cripta_con_7_misiones_se_conservan_2():
    missions = {"Koni": ["rejo"], "Richard": []}
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "a5", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        misiones=missions,
    )
    pile = list(m.state.crypts["montanas"])
    assert len(pile) == 6
    elige(m, "mover", "a7")
    prompt = abierto(m)
    assert prompt.kind == "misiones" and len(prompt.options) == 7 and prompt.min == prompt.max == 2
    with pytest.raises(IllegalAction):
        elige(m, "misiones", pile[0])
    elige(m, "misiones", pile[0], pile[1])
    assert m.state.missions[0] == [pile[0], pile[1]]
    assert sorted(m.state.crypts["montanas"]) == sorted(["rejo", *pile[2:]])
    assert eventos(m, "mira-misiones", "Richard") == []


def test_modo_novicio_en_la_cripta_se_toma_una():
    m = escena(
        modo="novato",
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "a5", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    elige(m, "mover", "a7")
    prompt = abierto(m)
    assert prompt.min == 1 and len(prompt.options) == 6


def test_empujar_a_otro_vampiro_a_una_casilla_vecina_pero_no_desde_el_cementerio():
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b2", "Richard": "b5"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    elige(m, "mover", "b5")
    prompt = abierto(m)
    assert prompt.kind == "empujar" and set(prompt.options) == {"b4", "b6"}
    elige(m, "empujar", "b6")
    assert m.state.position[1] == "b6"
    m2 = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "a3", "Richard": "a1"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    elige(m2, "mover", "a1")
    assert not any(p.kind == "empujar" for p in m2.pending())


def test_volver_al_castillo_da_la_loseta_mas_alta_y_ya_no_se_sale():
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    elige(m, "mover", "castillo")
    assert puntos(m, "Koni") == 10 and m.state.home[0] and m.state.castle_tiles == [6]
    assert board.reachable("castillo", 9, True) == {}


# --- Turn order and the next turn -------------------------------------------------------------------------


def test_orden_de_turno_por_region_ruta_y_cercania_al_laberinto():
    m = escena(
        players=("Koni", "Richard", "George", "Simon"),
        posiciones={"Koni": "a14", "Richard": "b14", "George": "b9", "Simon": "c3"},
        orden=["Koni", "Richard", "George", "Simon"],
    )
    # Forest first (road before railway), then plains (railway before boat).
    assert [m.state.players[i] for i in rounds.turn_order(m.state)] == ["Koni", "Richard", "George", "Simon"]


def test_preparar_el_turno_siguiente_desplaza_la_zona_y_apila_en_la_columna_1():
    zona = [[["ivo"], ["fraile"], ["soldado"]], [[], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
        caza=["baronesa", "heredera", "duelista"] + ["ivo"] * 30,
        taberna=[],
    )
    s = m.state
    assert s.moon == 2  # nobody could do anything: turn 1 ended and turn 2 began
    assert s.zone[0] == [["ivo", "fraile"], ["soldado"], ["baronesa"]]
    assert s.zone[1][2] == ["heredera"] and s.zone[2][2] == ["duelista"]


def test_humano_lento_entra_en_la_columna_2():
    m = escena(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        caza=["pastor", "ivo", "ivo"] + ["ivo"] * 30,
        taberna=[],
    )
    assert m.state.zone[0][1] == ["pastor"]


def test_en_el_turno_15_no_entran_cartas_nuevas():
    m = escena(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        luna=14,
    )
    s = m.state
    assert s.moon == 15 and all(not stack for row in s.zone for stack in row)


# --- Dawn and the final scoring ----------------------------------------------------------------------------


def _fin(**kw):
    """A game one turn from the end in which nobody does anything."""
    return escena(luna=15, zona=VACIA, orden=["Koni", "Richard"], **kw)


def test_amanecer_castillo_a_salvo_y_cementerio_menos_5_y_montanas_cenizas():
    m = _fin(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "a1", "Richard": "a5"},
        puntos={"Koni": 20, "Richard": 30},
    )
    assert m.result is not None
    assert m.state.survivors == [True, False]
    assert puntos(m, "Koni") == 15 and m.result.winners == ("Koni",)


def test_amanecer_en_modo_novicio_las_montanas_salvan_con_la_penalizacion():
    m = _fin(
        modo="novato",
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "a1", "Richard": "a5"},
        puntos={"Koni": 20, "Richard": 30},
    )
    assert m.state.survivors == [True, True] and puntos(m, "Richard") == 30 - 4
    assert m.result.winners == ("Richard",)


def test_llanuras_y_bosque_cenizas_y_nadie_gana_si_nadie_sobrevive():
    m = _fin(manos={"Koni": [], "Richard": []}, posiciones={"Koni": "b2", "Richard": "a14"})
    assert m.state.survivors == [False, False] and m.result.reason == "cenizas" and m.result.winners == ()


def test_empate_gana_quien_llego_antes_al_castillo():
    m = _fin(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "castillo", "Richard": "castillo"},
        en_casa=["Richard", "Koni"],
        puntos={"Koni": 30, "Richard": 30},
    )
    assert m.result.winners == ("Richard",)


def test_mayorias_solo_entre_supervivientes_y_estrictas():
    publicas = ["mayoria-noble"]
    m = _fin(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "castillo", "Richard": "b3"},
        descartes={"Koni": ["baronesa"], "Richard": ["baronesa", "marques"]},
        publicas=publicas,
    )
    # Richard has more nobles but is burnt: Koni, the only survivor, takes the majority.
    assert puntos(m, "Koni") == 6


def test_cartas_de_final_cyrana_con_roxane_cazadores_y_echo():
    m = _fin(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "castillo", "Richard": "castillo"},
        descartes={"Koni": ["cyrana", "roxane", "cazadores", "soldado", "echo", "lobo-gris"]},
    )
    # Cyrana +4 with Roxane; Cazadores 2 (two military humans, itself included); Echo 2 wolves.
    assert puntos(m, "Koni") == 4 + 2 + 2


def test_misiones_por_clase_cuentan_las_fichas_de_humano():
    m = _fin(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "castillo", "Richard": "castillo"},
        descartes={"Koni": ["monja", "fraile"]},
        fichas={"Koni": ["religioso"]},
        misiones={"Koni": ["rejo"], "Richard": []},
    )
    assert puntos(m, "Koni") == 3


def test_sombrilla_juega_un_turno_mas_sin_cazar():
    zona = [[["ivo"], [], []], [[], [], []], [[], [], []]]
    m = escena(
        luna=15,
        zona=zona,
        orden=["Koni", "Richard"],
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "b2", "Richard": "castillo"},
        en_casa=["Richard"],
        fichas={"Koni": ["sombrilla"]},
        mazos={"Koni": ["colmillos", "colmillos", "colmillos"], "Richard": []},
    )
    assert m.result is None and m.state.extra_turn
    prompt = abierto(m)
    assert prompt.kind == "mover" and "castillo" in prompt.options
    elige(m, "mover", "castillo")
    assert m.result is not None and m.state.survivors[0]


# --- Keywords, tokens and instant missions ------------------------------------------------------------------


def test_picante_obliga_a_ir_al_pozo_mas_cercano_y_permite_cazar_alli():
    zona = [[["ivo"], [], []], [[], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["vendedora", "colmillos", "colmillos"]},
        posiciones={"Koni": "b3", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
    )
    # The nearest well is b5, 2 steps away: Koni goes there and may hunt with what is left (6 − 2 = 4).
    assert m.state.position[0] == "b5" and abierto(m).kind == "cazar" and abierto(m).args["speed"] == 4


def test_picante_sin_velocidad_suficiente_se_queda_en_juego_hasta_llegar():
    m = escena(
        manos={"Koni": ["vendedora", "marques", "ivo"]},
        posiciones={"Koni": "a7", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
    )
    # Speed 0 − 2 + 0 = −2: no step at all; the spicy card stays in play for the next turn.
    assert m.state.spicy[0] == ["vendedora"] and "vendedora" not in m.state.discard[0]


def test_ficha_de_velocidad_suma_al_turno():
    m = escena(
        manos={"Koni": ["colmillos", "ivo", "ivo"]},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        fichas={"Koni": ["velocidad-2"]},
    )
    assert "ficha:velocidad-2" in abierto(m).options and abierto(m).args["speed"] == 3
    elige(m, "mover", "ficha:velocidad-2")
    assert abierto(m).args["speed"] == 5 and "velocidad-2" in m.state.used_tokens[0]
    assert "ficha:velocidad-2" not in abierto(m).options  # a token is used once


def test_mision_instantanea_vampiro_de_la_costa_caza_gratis_en_la_misma_columna():
    zona = [[["ivo"], [], []], [["baronesa", "fraile"], [], []], [[], [], []]]
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=zona,
        misiones={"Koni": ["vampiro-de-la-costa"], "Richard": []},
    )
    elige(m, "mover")
    assert "mision:vampiro-de-la-costa" not in abierto(m).options  # only after hunting a human in the plains
    elige(m, "cazar", "z00")
    elige(m, "cazar", "mision:vampiro-de-la-costa")
    elige(m, "columna", "z10")
    assert eventos(m, "caza")[-1]["cards"] == ["fraile"]  # the top card of that stack
    assert "vampiro-de-la-costa" in m.state.used_missions[0]


def test_la_taberna_se_rellena_si_no_hay_vampiros_y_tiene_menos_de_3():
    m = escena(
        manos={"Koni": [], "Richard": []},
        posiciones={"Koni": "b2", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        taberna=["ivo"],
        caza=["fraile"] * 40,
    )
    assert m.state.moon == 2 and m.state.tavern == ["ivo", "fraile"]


def test_una_rosa_por_vampiro():
    m = escena(
        manos={"Koni": ["colmillos", "colmillos", "colmillos"]},
        posiciones={"Koni": "a17", "Richard": "b9"},
        orden=["Koni", "Richard"],
        zona=VACIA,
        permanentes={"Koni": ["rosa-negra"]},
    )
    elige(m, "mover", "laberinto")
    assert not any(p.kind == "rosa" for p in m.pending())


def test_un_reparto_escrito_puede_dar_las_misiones_a_elegir_y_las_de_las_criptas():
    """The two missions offered to each player and the crypts' piles can be written in a deal (scenarios, and the
    noninterference check's other world)."""
    deal = {
        "vampiros": {"Koni": "koni", "Richard": "richard"},
        "publicas": ["rejo", "mesonero"],
        "ofertas": {"Koni": ["cuartel-general", "sangre-azul"], "Richard": ["devoto", "pueblerino"]},
        "criptas": {"montanas": ["estratega"], "llanuras": ["cortesano"], "bosque": []},
    }
    m = Match(ANSIA, ["Koni", "Richard"], {}, 0, deal)
    assert {p.player: p.options for p in m.pending()} == {
        "Koni": ("cuartel-general", "sangre-azul"),
        "Richard": ("devoto", "pueblerino"),
    }
    assert m.state.crypts == {"montanas": ["estratega"], "llanuras": ["cortesano"], "bosque": []}
