"""Error reasons follow the reader's language: ``--lang en`` prints the game's refusal in English, on every
command that reports one."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from velada.cli import app
from velada.core.scenario import ScenarioError

ROOT = Path(__file__).resolve().parent.parent


def illegal_scenario(tmp_path: Path) -> Path:
    """The eight-player example with one more choice for a player who is not at the table."""
    data = json.loads((ROOT / "examples" / "hombres-lobo-ocho.json").read_text(encoding="utf-8"))
    data["choices"] = [{"player": "Zoe", "prompt": "voto", "choose": []}, *data["choices"]]
    path = tmp_path / "ilegal.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_velada_run_en_ingles_da_el_motivo_en_ingles(tmp_path):
    path = illegal_scenario(tmp_path)
    english = CliRunner().invoke(app, ["run", str(path), "--lang", "en"])
    assert english.exit_code == 1
    assert "There is no player «Zoe» at this table." in english.output
    assert "No hay ningún jugador" not in english.output
    spanish = CliRunner().invoke(app, ["run", str(path)])
    assert spanish.exit_code == 1 and "No hay ningún jugador «Zoe» en esta mesa." in spanish.output


def test_el_error_de_un_escenario_guarda_la_negativa_del_juego():
    from velada.core.protocol import IllegalAction

    error = ScenarioError("step 3 (Ana → voto [])", 3, IllegalAction("unknown-player", player="Zoe"))
    assert str(error) == "step 3 (Ana → voto []): No hay ningún jugador «Zoe» en esta mesa."
    assert error.text("en") == "step 3 (Ana → voto []): There is no player «Zoe» at this table."
    assert ScenarioError("'seed' is a whole number").text("en") == "'seed' is a whole number"
