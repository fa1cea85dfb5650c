"""Preparación del juego (section 3) and the compositions of section 5."""

import pytest

from velada.core.engine import Match
from velada.games.bethlem.cards import CARDS, CUSTOM, GROUP_OF, LIFE_GROUPS, NIGHT
from velada.games.bethlem.setup import composition

from .mesa import CUATRO, GAME, abiertos, eventos, jugadores, mesa


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_cada_jugador_recibe_una_carta_de_cada_grupo_y_una_personalidad(n):
    m = Match(GAME, jugadores(n), {"colocacion": "reparto"}, seed=n)
    s = m.state
    dealt = [c for row in s.board for c in row]
    assert len(dealt) == len(set(dealt)) == 4 * n
    for row in s.board:
        assert sorted(GROUP_OF[c] for c in row) == sorted(LIFE_GROUPS)
    assert len(set(s.persona)) == n and all(GROUP_OF[p] == "personalidad" for p in s.persona)


def test_con_siete_jugadores_se_usan_todas_las_cartas_salvo_cuentacuentos():
    life, personalities = composition(7, "auto")
    assert sorted(life) == sorted(c for c, k in CARDS.items() if k.group in LIFE_GROUPS and c not in CUSTOM)
    assert "cuentacuentos" not in personalities and len(personalities) == 7


@pytest.mark.parametrize("n", [4, 5, 6])
def test_las_mesas_pequenas_retiran_cartas_de_cada_grupo(n):
    life, personalities = composition(n, "auto")
    for group in LIFE_GROUPS:
        assert sum(1 for c in life if GROUP_OF[c] == group) == n
    assert len(personalities) == n
    assert any(c in ("daniel", "nathaniel", "richard-dadd") for c in life)


def test_la_opcion_cartas_obliga_a_jugar_con_las_cartas_elegidas():
    life, personalities = composition(4, ("krugman", "la-parca", "ansiedad-social"))
    assert "krugman" in life and "la-parca" in life and "ansiedad-social" in personalities


def test_las_siamesas_y_los_companeros_de_celda_entran_juntos():
    life, _ = composition(5, ("siamesas-1",))
    assert "siamesas-2" in life
    life, _ = composition(4, ("companeros-de-celda-2",))
    assert {"companeros-de-celda-1", "companeros-de-celda-2", "companeros-de-celda-3"} <= set(life)


def test_una_composicion_imposible_se_rechaza_con_un_motivo():
    with pytest.raises(ValueError, match="group P1"):
        composition(4, ("daniel", "nathaniel", "richard-dadd", "krugman", "larry-owls"))
    with pytest.raises(ValueError, match="mutineer"):
        composition(4, ("ali-la-muda", "larry-owls", "mary-firth", "krugman"))


def test_los_jugadores_colocan_sus_cartas_en_el_orden_que_prefieren():
    m = Match(GAME, list(CUATRO), {}, 0, {**CUATRO, "eventos": []})
    assert abiertos(m) == {(p, "colocar") for p in CUATRO}
    orden = ["el-cataleptico", "daniel", "terapia-electroshock", "el-archivo"]
    m.choose("Ana", "colocar", orden)
    for p in ("Bea", "Carlos", "Dani"):
        m.choose(p, "colocar", CUATRO[p][:4])
    assert m.state.board[0] == orden
    assert m.state.where["daniel"] == (0, 1)


def test_nadie_ve_las_cartas_de_otro_al_empezar():
    m = mesa(CUATRO)
    vista = m.view("Bea")
    ana = vista["players"][0]
    assert all(c["card"] is None for c in ana["cards"])
    assert [c["card"] for c in vista["players"][1]["cards"]] == CUATRO["Bea"][:4]
    assert eventos(m, "cartas", "Bea") == [{"cards": CUATRO["Bea"][:4], "personality": "hostilidad"}]


def test_un_reparto_explicito_sin_un_grupo_se_rechaza():
    malo = {**CUATRO, "Ana": ["daniel", "nathaniel", "terapia-electroshock", "el-cataleptico", "responsabilidad"]}
    with pytest.raises(ValueError):
        Match(GAME, list(malo), {}, 0, malo)


def test_la_noche_sigue_los_27_turnos_del_narrador():
    assert [step.n for step in NIGHT] == list(range(1, 28))
    ids = [step.id for step in NIGHT]
    assert ids.index("amotinados") < ids.index("amotinados-2") < ids.index("arthur-2")
    assert ids[1] == "pacto-de-sangre" and ids[-1] == "ansiedad-social"


def test_una_clave_de_reparto_desconocida_lista_las_validas():
    with pytest.raises(ValueError, match=r"unknown deal key\(s\) 'evento'.*eventos, objetivos, acontecimientos"):
        Match(GAME, list(CUATRO), {}, 0, {**CUATRO, "evento": []})


def test_objetivos_y_acontecimientos_solo_con_cartas_personalizadas():
    with pytest.raises(ValueError, match=r"objetivos.*only play with custom cards"):
        Match(GAME, list(CUATRO), {}, 0, {**CUATRO, "objetivos": {}})


def test_los_mazos_de_acontecimientos_se_llaman_periodicos_y_puntuales():
    from .mesa import OBJETIVOS, PERSONALIZADA

    deal = {**PERSONALIZADA, "objetivos": OBJETIVOS, "acontecimientos": {"periodico": []}}
    with pytest.raises(ValueError, match=r"acontecimientos.*'periodico'.*periodicos, puntuales"):
        Match(GAME, list(PERSONALIZADA), {"cards": "custom"}, 0, deal)
