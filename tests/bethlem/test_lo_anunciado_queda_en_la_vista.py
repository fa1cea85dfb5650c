"""What the narrator announces to the whole table stays in everybody's view, not only in the log (the
noninterference check, docs/security.md: a viewer's knowledge lives in the view): an awakened power announced
when used tells which awakened card is which, the reaper's fury tells that her design was disobeyed, and a
vote's count tells whose vote weighed double."""

from .mesa import CUATRO, mesa, noche, ronda
from .test_despertares import despierta
from .test_dia import al_linchamiento, votan
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
