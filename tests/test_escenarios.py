"""Scenario files (velada/core/scenario.py): what `velada run` replays, and what it says when it cannot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from velada.core import scenario as scenarios
from velada.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def ejemplo(name: str = "hombres-lobo-ocho.json") -> dict:
    return json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))


def falla(data: dict, lang: str = "es") -> str:
    with pytest.raises(scenarios.ScenarioError) as info:
        scenarios.play(data, REGISTRY)
    return info.value.text(lang)


@pytest.mark.parametrize("key", ["option", "extra", "Seed"])
def test_una_clave_desconocida_en_el_escenario_se_rechaza(key):
    data = ejemplo()
    data[key] = {"voto": "dos-rondas"}
    text = falla(data, "en")
    assert f"unknown key(s) '{key}' in the scenario" in text
    assert "game, options, players, seed, deal, choices" in text


def test_una_clave_desconocida_en_una_eleccion_se_rechaza():
    data = ejemplo()
    data["choices"][2]["extra"] = 1
    assert falla(data) == (
        "paso 3: clave(s) desconocida(s) 'extra' en una elección; una elección tiene: player, prompt, choose"
    )


def test_un_paso_ilegal_dice_que_estaba_abierto_en_ese_momento():
    data = ejemplo()
    data["choices"] = [{"player": "Bea", "prompt": "vidente", "choose": ["Ana"]}]
    text = falla(data, "en")
    assert text.startswith("step 1 (Bea → vidente ['Ana']): You have no decision «vidente» open now.")
    assert text.endswith("Open now: p:cupido (Fran).")
    assert falla(data).endswith("Abierto ahora: p:cupido (Fran).")


def test_un_paso_tras_el_final_dice_que_la_partida_acabo():
    data = ejemplo()
    data["choices"].append({"player": "Ana", "prompt": "voto", "choose": []})
    assert "game is over" in falla(data, "en")


def test_un_turno_que_acabo_solo_lo_dice_en_vez_de_no_es_para_ti():
    """Ajo y Agua: a count bitten last night only draws and discards; their turn opens no «turno»."""
    from tests.ajo_y_agua.castillo import castillo, dia_sin_mas, noche, pasa

    m = castillo(manos={"Bea": ["espejo", "mazo"]})
    dia_sin_mas(m)
    noche(m, "rosa")
    pasa(m, "Ana")
    data = m.record()
    data["choices"].append({"player": "Bea", "prompt": "turno", "choose": []})
    text = falla(data, "en")
    assert "Bea was bitten last night: a bitten count only draws and discards, so the turn ended by itself." in text
    assert text.endswith("Open now: r1t2:turno (Carlos).")
    assert "Bea recibió un mordisco anoche" in falla(data)
