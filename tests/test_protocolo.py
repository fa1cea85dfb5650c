"""The decision protocol: every illegal choice raises IllegalAction with a reason and changes nothing."""

import copy

import pytest

from velada.core.engine import Match
from velada.core.options import OptionError
from velada.core.protocol import IllegalAction
from velada.games import REGISTRY

from .hombres_lobo.mesa import OCHO, mesa


def _same(a, b):
    return a == b and a.rng.getstate() == b.rng.getstate()


@pytest.mark.parametrize(
    ("player", "prompt", "choose", "code"),
    [
        ("Zoe", "vidente", ["Bea"], "unknown-player"),
        ("Bea", "vidente", ["Fran"], "not-open"),
        ("Ana", "voto", ["Bea"], "not-open"),
        ("Ana", "vidente", ["Nadie"], "unknown-option"),
        ("Ana", "vidente", ["Bea", "Fran"], "count"),
        ("Ana", "vidente", "Bea", "malformed"),
        ("Ana", "vidente", None, "malformed"),
        ("Ana", "vidente", [3], "unknown-option"),
        ("Ana", "n1:vidente", ["Ana"], "unknown-option"),
    ],
)
def test_eleccion_ilegal_se_rechaza_con_motivo_y_no_cambia_nada(player, prompt, choose, code):
    m = mesa(OCHO)
    before = copy.deepcopy(m.state)
    with pytest.raises(IllegalAction) as info:
        m.choose(player, prompt, choose)
    assert info.value.code == code
    assert str(info.value)  # a human reason, in Spanish
    assert info.value.text("en") != info.value.text("es")
    assert _same(m.state, before)
    assert m.choices == []


def test_no_se_puede_pasar_una_decision_obligatoria():
    m = mesa({**OCHO, "Hugo": "cupido"})
    with pytest.raises(IllegalAction) as info:
        m.choose("Hugo", "cupido", [])
    assert info.value.code == "not-skippable"


def test_no_se_puede_repetir_una_opcion():
    m = mesa({**OCHO, "Hugo": "cupido"})
    with pytest.raises(IllegalAction) as info:
        m.choose("Hugo", "cupido", ["Ana", "Ana"])
    assert info.value.code == "duplicate"


def test_no_se_responde_dos_veces():
    m = mesa(OCHO)
    m.choose("Ana", "vidente", ["Bea"])
    m.choose("Bea", "lobos", ["Fran"])
    before = copy.deepcopy(m.state)
    with pytest.raises(IllegalAction) as info:
        m.choose("Bea", "lobos", ["Gema"])
    assert info.value.code == "answered"
    assert _same(m.state, before)


def test_decision_por_id_o_por_tipo():
    m = mesa(OCHO)
    (prompt,) = m.pending()
    assert prompt.id == "n1:vidente" and prompt.player == "Ana" and prompt.kind == "vidente"
    m.choose("Ana", "n1:vidente", ["Bea"])
    assert m.choices == [("Ana", "n1:vidente", ("Bea",))]


def test_partida_terminada_no_acepta_decisiones():
    m = mesa({"Ana": "hombre-lobo", "Bea": "aldeano", "Carlos": "aldeano", "Dani": "aldeano", "Eva": "aldeano"})
    m.choose("Ana", "lobos", ["Bea"])
    for p in m.pending():
        m.choose(p.player, p.id, ["Ana"] if p.player != "Ana" else ["Carlos"])
    assert m.result is not None
    with pytest.raises(IllegalAction) as info:
        m.choose("Carlos", "voto", ["Dani"])
    assert info.value.code == "game-over"
    assert m.pending() == []


def test_decisiones_simultaneas_se_resuelven_juntas():
    m = mesa(OCHO)
    m.choose("Ana", "vidente", [])
    m.choose("Bea", "lobos", ["Fran"])
    assert m.state.victim is None and {p.player for p in m.pending()} == {"Carlos"}
    m.choose("Carlos", "lobos", ["Fran"])
    assert m.state.victim == m.state.index["Fran"]


def test_opciones_desconocidas_o_invalidas_se_rechazan():
    game = REGISTRY.get("hombres-lobo")
    players = [f"j{i}" for i in range(8)]
    with pytest.raises(OptionError, match="unknown option"):
        Match(game, players, {"lobitos": "2"})
    with pytest.raises(OptionError, match="allowed"):
        Match(game, players, {"voto": "a-mano-alzada"})
    with pytest.raises(OptionError, match="allowed"):
        Match(game, players, {"nina-riesgo": "101"})
    with pytest.raises(OptionError, match="allowed"):
        Match(game, players, {"especiales": "vidente,mago"})


def test_jugadores_invalidos_se_rechazan():
    game = REGISTRY.get("hombres-lobo")
    with pytest.raises(ValueError, match="unique"):
        Match(game, ["a"] * 8)
    with pytest.raises(ValueError, match="invalid player"):
        Match(game, ["@public", *[f"j{i}" for i in range(7)]])
    with pytest.raises(ValueError, match="invalid player"):
        Match(game, ["", *[f"j{i}" for i in range(7)]])


def test_misma_semilla_y_mismas_decisiones_misma_partida():
    game = REGISTRY.get("hombres-lobo")
    from velada.core.sim import play_random_game

    m = play_random_game(game, [f"j{i}" for i in range(12)], {"especiales": "vidente,nina,bruja"}, 5)
    record = m.record()
    again = Match(game, record["players"], record["options"], record["seed"], record.get("deal"))
    for c in record["choices"]:
        again.choose(c["player"], c["prompt"], c["choose"])
    assert _same(again.state, m.state)
    assert again.view(None) == m.view(None)
