"""A deal written in a scenario (velada/games/ajo_y_agua/deal.py): its keys are documented, and a deal the game
could not play as written is refused with a reason instead of changed in silence."""

import pytest

from velada.core.engine import Match
from velada.games import REGISTRY

AJO = REGISTRY.get("ajo-y-agua")
MESA = ["Ana", "Bea", "Carlos", "Dani"]
FIGURAS = {"Ana": "halcon", "Bea": "rosa", "Carlos": "torre", "Dani": "luna"}


def reparto(**deal):
    return Match(AJO, MESA, {}, 0, deal)


def test_una_clave_de_reparto_desconocida_lista_las_validas():
    with pytest.raises(ValueError, match=r"unknown deal key.*'vampire'.*vampiro, anfitrion, figuras, manos, mazo"):
        reparto(vampire="Dani")


def test_manos_a_medias_es_un_error_no_un_cambio_silencioso():
    with pytest.raises(ValueError, match=r"every player.*Bea, Carlos, Dani"):
        reparto(manos={"Ana": ["farol"]})
    m = reparto(manos={"Ana": ["farol"], "Bea": [], "Carlos": [], "Dani": []})
    assert m.state.hands[1] == {}


def test_un_mazo_demasiado_corto_es_un_error():
    with pytest.raises(ValueError, match=r"mazo.*5 cards.*12"):
        reparto(mazo=["farol"] * 5)
    assert reparto(mazo=["farol"] * 12).state.supply == []


@pytest.mark.parametrize("key", ["vampiro", "anfitrion"])
def test_el_vampiro_y_el_anfitrion_son_jugadores_de_la_mesa(key):
    with pytest.raises(ValueError, match=f"{key}.*'Zoe'.*Ana, Bea, Carlos, Dani"):
        reparto(**{key: "Zoe"})


def test_las_figuras_son_de_todos_los_jugadores():
    with pytest.raises(ValueError, match=r"figuras.*every player.*Dani"):
        reparto(figuras={p: h for p, h in FIGURAS.items() if p != "Dani"})


def test_velada_games_documenta_las_claves_del_reparto():
    assert [key for key, _ in AJO.deal_help("es")] == ["vampiro", "anfitrion", "figuras", "manos", "mazo"]
