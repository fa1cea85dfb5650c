"""What the narrator announces to the whole table stays in everybody's view, not only in the log (the
noninterference check, docs/security.md: a viewer's knowledge lives in the view): an awakened power announced
when used tells which awakened card is which, the reaper's fury tells that her design was disobeyed, a vote's
count tells whose vote weighed double, a pardon where the lynch fell, the raised hands who holds a card, and El
Saltamundos' deck how many cards he has drawn."""

from velada.core.protocol import PUBLIC

from .mesa import CUATRO, OBJETIVOS, PERSONALIZADA, elige, hasta_prompt, mesa, noche, ronda
from .test_despertares import despierta
from .test_dia import al_linchamiento, votan
from .test_el_saltamundos import saltamundos
from .test_eventos import al_indulto
from .test_personajes import PARCA


def test_el_despertar_anunciado_del_archivo_queda_en_la_vista_de_todos():
    m = mesa(CUATRO)
    ronda(m, {("Ana", "el-archivo"): ["Carlos"]})
    assert m.view("Bea")["awakenings_announced"] == []
    despierta(m, "el-archivo")
    noche(m, {("Ana", "el-archivo"): ["Carlos"]})
    for viewer in ("Bea", "Dani", None):
        assert m.view(viewer)["awakenings_announced"] == ["el-archivo"]


def test_la_furia_de_la_parca_desobedecida_queda_en_la_vista_de_todos():
    m = mesa(PARCA)
    ronda(m, {("Dani", "la-parca"): ["Carlos:3"]})
    assert m.view("Ana")["reaper_night"] is None
    ronda(m, {("Dani", "la-parca"): ["Carlos:4"]})
    night = m.state.round
    for viewer in ("Ana", "Bea", "Carlos"):
        assert m.view(viewer)["reaper_night"] == night


def test_el_recuento_de_la_votacion_queda_en_la_vista_de_todos():
    m = mesa(CUATRO)
    al_linchamiento(m)
    assert m.view("Bea")["last_tally"] is None
    votan(m, {"Ana": "Carlos", "Bea": "Dani"})
    # Ana holds Responsabilidad: her vote counts double, which the count shows to everybody.
    for viewer in ("Bea", "Carlos", None):
        tally = m.view(viewer)["last_tally"]
        assert tally["kind"] == "votos"
        assert tally["votes"] == {"Ana": "Carlos", "Bea": "Dani", "Carlos": None, "Dani": None}
        assert tally["counts"] == {"Carlos": 2, "Dani": 1}


def test_el_indulto_de_lord_percy_anunciado_queda_en_la_vista_de_todos():
    """The pardon names, before the whole table, the place of the lynched card it saves."""
    m = al_indulto()
    assert m.view("Bea")["pardons"] == []
    day = m.state.round
    elige(m, "Carlos", "indulto", "indultar")
    for viewer in ("Ana", "Bea", PUBLIC):
        assert m.view(viewer)["pardons"] == [{"round": day, "player": "Carlos", "target": "Dani:3"}]


def test_las_manos_levantadas_ante_el_gas_de_la_risa_quedan_en_la_vista_de_todos():
    """Whoever holds the card Gas de la risa names raises a hand: the table knows it from then on."""
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Ana", "gas-de-la-risa")
    night = m.state.round
    m.choose("Ana", "gas-de-la-risa", ["arthur"])
    noche(m)
    for viewer in ("Bea", "Dani", PUBLIC):
        assert m.view(viewer)["hands_raised"] == [{"round": night, "card": "arthur", "players": ["Carlos"]}]


def test_los_mazos_del_saltamundos_estan_sobre_la_mesa_y_se_ve_cuantas_cartas_quedan():
    """His world's deck lies on the table: every view counts its cards, and a card he draws leaves it."""
    m = saltamundos("burgo")
    left = len(m.state.custom["el-saltamundos"].deck)
    assert m.view("Ana")["world_decks"] == {"world": "burgo", "cards": left, "frontier": None}
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    for viewer in ("Ana", "Dani", PUBLIC):
        assert m.view(viewer)["world_decks"]["cards"] == left - 1
