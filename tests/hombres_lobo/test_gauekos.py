"""Gauekos: the same rules under Basque names, with its own box and narrator."""

from velada.games import REGISTRY

from .mesa import abiertos, elige, eventos, mesa, muertos, votan

DEAL = {
    "Amaia": "sorgina",
    "Beñat": "gaueko",
    "Ciro": "gaueko",
    "Dorleta": "akerbeltz",
    "Eneko": "cazador",
    "Garazi": "lamia",
    "Haizea": "galtzagorri",
    "Iker": "campesino",
}


def test_gauekos_usa_los_nombres_de_su_tema():
    game = REGISTRY.get("gauekos")
    m = mesa(DEAL, game="gauekos")
    assert abiertos(m) == {("Garazi", "lamia")}
    view = m.view("Garazi")
    assert view["title"] == "Gauekos" and view["narrator"] == "Kontalari"
    assert view["you"]["role_name"] == "Lamia"
    assert view["prompts"][0]["text"].startswith("Lamia:")
    assert {k.kind for k in game.prompt_kinds} >= {"sorgina", "gauekos", "akerbeltz-vida", "galtzagorri", "lamia"}
    assert game.info.sides == ("campesinos", "gauekos", "enamorados")


def test_gauekos_sigue_las_mismas_reglas_que_castronegro():
    m = mesa(DEAL, game="gauekos", galtzagorri_riesgo=0)
    elige(m, "Garazi", "lamia", "Iker", "Eneko")
    elige(m, "Amaia", "sorgina", "Beñat")
    assert eventos(m, "vision", "Amaia") == [{"player": "Beñat", "role": "gaueko"}]
    elige(m, "Haizea", "galtzagorri", "espiar")
    elige(m, "Beñat", "gauekos", "Iker")
    elige(m, "Ciro", "gauekos", "Iker")
    elige(m, "Dorleta", "akerbeltz-vida")
    elige(m, "Dorleta", "akerbeltz-muerte")
    # Iker dies, his love Eneko (the Cazador) follows and shoots.
    assert muertos(m) == {"Iker", "Eneko"}
    elige(m, "Eneko", "cazador", "Ciro")
    votan(m, {"Amaia": "Beñat", "Dorleta": "Beñat", "Garazi": "Beñat", "Haizea": "Beñat"})
    assert m.result.reason == "campesinos" and m.result.sides == ("campesinos",)
    assert m.view("Amaia", "es")["result"]["text"] == "¡Ganan los Campesinos! No queda ningún Gaueko con vida."


def test_pariente_mayor_es_el_alguacil_de_gauekos():
    m = mesa(DEAL, game="gauekos", pariente_mayor="preparacion")
    elige(m, "Garazi", "lamia", "Iker", "Eneko")
    votan(m, {p: "Iker" for p in DEAL}, kind="eleccion")
    assert m.players[m.state.sheriff] == "Iker"
    text = [e for e in m.view("Iker")["log"] if e["kind"] != "llamada"][-2]["text"]
    assert text == "Iker ocupa el cargo de Pariente mayor."


def test_los_textos_concuerdan_con_el_genero_de_cada_personaje():
    """The theme's names carry their grammatical gender (data): the Niña is caught ("descubierta"), the
    Galtzagorri too ("descubierto")."""
    from velada.games import REGISTRY

    assert REGISTRY.get("hombres-lobo").text("es", "cause.nina-descubierta").startswith("descubierta ")
    assert REGISTRY.get("gauekos").text("es", "cause.nina-descubierta").startswith("descubierto ")
