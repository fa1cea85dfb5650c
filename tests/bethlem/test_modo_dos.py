"""Modo 2 jugadores (section 5): both players hold double cards and know the rival's cards; four on the
table, the dead ones replaced from the reserve; the deal and the draft as written; alternating lynch."""

import pytest

from velada.core.engine import Match
from velada.games.bethlem.cards import CARDS
from velada.games.bethlem.ending import objective

from .mesa import GAME, abiertos, dia, elige, eventos, hasta_prompt, mesa, noche, opciones, ronda, viva

DOS = {
    "Ana": [
        "daniel",
        "siamesas-1",
        "terapia-electroshock",
        "amnesia",
        "nathaniel",
        "siamesas-2",
        "terapia-opio-y-barbituricos",
        "muerte-dulce",
        "paciencia",
    ],
    "Bea": [
        "larry-owls",
        "el-archivo",
        "profeta",
        "el-cataleptico",
        "krugman",
        "john-flick",
        "terapia-lobotomia",
        "juego-de-azar",
        "melancolia",
    ],
}


def empieza(seed=0):
    m = Match(GAME, ["Ana", "Bea"], {"colocacion": "reparto"}, seed)
    mutineer = eventos(m, "reparto-dos")[0]["mutineers"]
    return m, mutineer, "Bea" if mutineer == "Ana" else "Ana"


def test_un_jugador_recibe_a_los_amotinados_y_el_otro_a_larry_y_al_director():
    m, mut, inm = empieza()
    assert abiertos(m) == {(mut, "elegir-carta")}
    s = m.state
    assert objective(s, s.index[mut]) == "amotinados" and objective(s, s.index[inm]) == "internos"


def test_el_reparto_por_turnos_empieza_por_quien_dice_el_reglamento_en_cada_grupo():
    m, mut, inm = empieza()
    firsts = []
    group_of = {}
    while m.state.draft is not None:
        (p,) = m.pending()
        d = m.state.draft
        if not d.picks[0] and not d.picks[1]:
            firsts.append(p.player)
        group_of[p.player] = group_of.get(p.player, 0) + 1
        m.choose(p.player, p.id, [p.options[0]])
    assert firsts == [mut, inm, mut, inm]
    s = m.state
    assert all(len(row) == 8 for row in s.board) and all(s.persona)


def test_la_primera_siamesa_solo_puede_cogerse_como_primera_opcion():
    m, mut, inm = empieza()
    elige(m, mut, "elegir-carta", "john-flick")
    assert "siamesas-1" in opciones(m, inm, "elegir-carta")
    elige(m, inm, "elegir-carta", "arthur")
    assert not any(o.startswith("siamesas") for o in opciones(m, mut, "elegir-carta"))


def test_quien_coge_una_siamesa_gasta_su_segunda_opcion_en_la_otra_si_el_rival_no_la_coge():
    m, mut, inm = empieza()
    elige(m, mut, "elegir-carta", "siamesas-1")
    assert "siamesas-2" in opciones(m, inm, "elegir-carta")
    elige(m, inm, "elegir-carta", "john-flick")
    assert opciones(m, mut, "elegir-carta") == ("siamesas-2",)


def test_cada_jugador_sabe_que_cartas_tiene_el_rival_pero_no_donde():
    m = mesa(DOS)
    vista = m.view("Bea")
    ana = vista["players"][0]
    assert ana["cards_held"] == sorted(DOS["Ana"][:8])
    assert all(c["card"] is None for c in ana["cards"])
    assert [c.get("reserve", False) for c in ana["cards"]] == [False] * 4 + [True] * 4


def test_solo_las_cuatro_cartas_de_la_mesa_pueden_ser_atacadas_y_actuar():
    m = mesa(DOS)
    hasta_prompt(m, "Ana", "amotinados")
    assert opciones(m, "Ana", "amotinados") == ("Bea:1", "Bea:2", "Bea:3", "Bea:4")
    assert not m.state.can_act("krugman")


def test_una_carta_muerta_de_la_mesa_se_repone_con_una_de_la_reserva():
    m = mesa(DOS)
    hasta_prompt(m, "Bea", "reemplazo", {("Ana", "amotinados"): ["Bea:1"]})
    assert opciones(m, "Bea", "reemplazo") == ("Bea:5", "Bea:6", "Bea:7", "Bea:8")
    elige(m, "Bea", "reemplazo", "Bea:5")
    s = m.state
    assert s.board[1][0] == "krugman" and s.board[1][4] == "larry-owls" and not viva(m, "larry-owls")
    assert eventos(m, "reemplazo", "Ana") == [{"player": "Bea", "position": 1}]
    assert s.can_act("krugman")


def test_con_dos_jugadores_lincha_uno_en_las_rondas_impares_y_el_otro_en_las_pares():
    m = mesa(DOS)
    noche(m)
    hasta_prompt(m, "Ana", "linchamiento")
    assert abiertos(m) == {("Ana", "linchamiento")} and opciones(m, "Ana", "linchamiento") == ("Bea",)
    dia(m)
    noche(m)
    hasta_prompt(m, "Bea", "linchamiento")
    assert abiertos(m) == {("Bea", "linchamiento")}


def _drafted(m):
    """The draft played to its end, each player taking the first card offered."""
    while m.state.draft is not None:
        (p,) = m.pending()
        m.choose(p.player, p.id, [p.options[0]])


def test_con_dos_jugadores_el_reparto_escrito_dice_quien_recibe_a_los_amotinados_y_el_azar_nada_mas():
    m = Match(GAME, ["Ana", "Bea"], {}, 0, {"amotinados": "Bea", "eventos": ["confesion", "leproso"]})
    assert eventos(m, "reparto-dos")[0]["mutineers"] == "Bea"
    assert abiertos(m) == {("Bea", "elegir-carta")}
    _drafted(m)
    s = m.state
    assert {"daniel", "nathaniel"} <= set(s.board[1]) and s.deck == ["confesion", "leproso"]
    # Then each player lays out their own cards.
    assert abiertos(m) == {("Ana", "colocar"), ("Bea", "colocar")}


def test_con_dos_jugadores_y_colocacion_al_azar_el_reparto_escrito_dice_como_queda_cada_fila():
    orden = {"Ana": [8, 7, 6, 5, 4, 3, 2, 1], "Bea": [1, 2, 3, 4, 5, 6, 7, 8]}
    m = Match(GAME, ["Ana", "Bea"], {"colocacion": "reparto"}, 0, {"amotinados": "Ana", "orden": orden})
    _drafted(m)
    s = m.state
    box = list(CARDS)
    # Numbered in the box's order, whatever order they were taken in.
    assert s.board[1] == sorted(s.board[1], key=box.index)
    assert s.board[0] == sorted(s.board[0], key=box.index, reverse=True)


def test_una_partida_de_dos_jugadores_empieza_igual_desde_su_reparto_escrito():
    for options in ({}, {"colocacion": "reparto"}):
        first = Match(GAME, ["Ana", "Bea"], options, 7)
        again = Match(GAME, ["Ana", "Bea"], options, 7, GAME.deal_of(first.state))
        for m in (first, again):
            _drafted(m)
        assert again.state.board == first.state.board and again.state.deck == first.state.deck


def test_el_reparto_escrito_de_dos_jugadores_rechaza_lo_que_deciden_los_jugadores():
    with pytest.raises(ValueError, match="orden is for the 3-player mode, and the 2-player one with colocacion"):
        Match(GAME, ["Ana", "Bea"], {}, 0, {"orden": {"Ana": list(range(1, 9)), "Bea": list(range(1, 9))}})
    with pytest.raises(ValueError, match="mazos is for the 3-player mode"):
        Match(GAME, ["Ana", "Bea"], {}, 0, {"mazos": {}})
    with pytest.raises(ValueError, match="names a player at the table"):
        Match(GAME, ["Ana", "Bea"], {}, 0, {"amotinados": "Carlos"})
    with pytest.raises(ValueError, match="Bea's orden numbers their 8 cards once each"):
        Match(GAME, ["Ana", "Bea"], {"colocacion": "reparto"}, 0, {"orden": {"Ana": list(range(1, 9)), "Bea": [1] * 8}})


def test_el_reparto_de_nuevo_de_dos_jugadores_deja_en_su_sitio_las_cartas_que_el_jugador_conoce():
    """For the noninterference check (``Game.redeal``): dealt again, a game laid out by chance keeps where the
    viewer's cards lie and moves only the rival's hidden ones, among their own places."""
    import random

    options = {"colocacion": "reparto"}
    deal = GAME.deal_of(Match(GAME, ["Ana", "Bea"], options, 3).state)
    m = Match(GAME, ["Ana", "Bea"], options, 3, deal)
    choices = []
    while m.state.draft is not None:
        (p,) = m.pending()
        choices.append((p.player, p.id, [p.options[0]]))
        m.choose(*choices[-1])
    keep = frozenset(GAME.knowledge(m.state, "Ana"))
    moved = False
    for seed in range(10):
        other_deal, _, _ = GAME.redeal(
            Match(GAME, ["Ana", "Bea"], options, 3, deal).state, keep, "Ana", random.Random(seed)
        )
        other = Match(GAME, ["Ana", "Bea"], options, 3, other_deal)
        for choice in choices:
            other.choose(*choice)
        assert other.state.board[0] == m.state.board[0]
        assert sorted(other.state.board[1]) == sorted(m.state.board[1])
        moved |= other.state.board[1] != m.state.board[1]
    assert moved


def test_con_dos_jugadores_los_internos_no_ganan_mientras_viva_un_amotinado_en_la_reserva():
    """Los internos ganan cuando han muerto todos los personajes principales amotinados: con dos jugadores
    también los de la reserva, que pueden salir a la mesa cuando muere una carta de ella."""
    m = mesa(DOS)
    ronda(m)
    noche(m)
    # Bea lincha en las rondas pares: Daniel, el único amotinado en la mesa de Ana, que lo repone con la siamesa.
    dia(
        m,
        {
            ("Bea", "linchamiento"): ["Ana"],
            ("Bea", "linchamiento-carta"): ["Ana:1"],
            ("Ana", "reemplazo"): ["Ana:6"],
        },
    )
    s = m.state
    assert not viva(m, "daniel") and s.board[0][0] == "siamesas-2"
    assert viva(m, "nathaniel") and s.where["nathaniel"][1] >= s.table  # Nathaniel sigue en la reserva
    assert m.result is None
