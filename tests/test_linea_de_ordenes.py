"""The ``velada`` command, run the way a user runs it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from velada.cli import app
from velada.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
runner = CliRunner()


def test_games_lista_los_juegos():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "hombres-lobo" in result.output and "gauekos" in result.output and "5–18" in result.output


def test_games_de_un_juego_lista_sus_opciones_con_valores_por_defecto():
    result = runner.invoke(app, ["games", "gauekos"])
    assert result.exit_code == 0
    assert "pariente-mayor  default: preparacion   allowed: preparacion|dia-1|dia-2|dia-3|no" in result.output
    assert "galtzagorri-riesgo  default: 25   allowed: 0..100" in result.output


def test_actions_documenta_cada_tipo_de_decision():
    result = runner.invoke(app, ["actions", "hombres-lobo"])
    assert result.exit_code == 0
    for kind in ("vidente", "lobos", "nina", "bruja-vida", "bruja-muerte", "cazador", "voto", "sucesor"):
        assert f"\n{kind} (" in result.output
    assert "[option ids]" in result.output


@pytest.mark.parametrize("game", [g.id for g in REGISTRY])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_actions_tiene_texto_para_cada_tipo_de_decision_en_cada_idioma(game, lang):
    # A missing catalogue key shows as the key itself ("actions.<kind>"): every kind must have its text.
    g = REGISTRY.get(game)
    missing = [k.kind for k in g.prompt_kinds if g.kind_help(k, lang).startswith("actions.")]
    assert not missing


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_run_reproduce_los_ejemplos_hasta_el_final(path):
    result = runner.invoke(app, ["run", str(path)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1]["result"] is not None
    assert all({"seq", "kind", "audience", "text", "data"} <= set(line) for line in lines[:-1])


def test_run_para_en_la_eleccion_ilegal_con_codigo_1(tmp_path):
    data = json.loads((ROOT / "examples" / "hombres-lobo-ocho.json").read_text())
    data["choices"][9] = {"player": "Ana", "prompt": "vidente", "choose": ["Ana"]}
    path = tmp_path / "mal.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["run", str(path)])
    assert result.exit_code == 1
    assert "step 10" in result.stderr and "«Ana» no es una opción de «n1:vidente»" in result.stderr


def test_run_rechaza_un_fichero_mal_formado(tmp_path):
    path = tmp_path / "roto.json"
    path.write_text("{ no es json")
    result = runner.invoke(app, ["run", str(path)])
    assert result.exit_code == 1 and "cannot read" in result.stderr


def test_sim_json_da_victorias_por_bando_con_intervalos():
    result = runner.invoke(app, ["sim", "hombres-lobo", "--players", "8", "--games", "60", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 60
    assert set(report["sides"]) == {"aldeanos", "lobos", "enamorados"}
    for side in report["sides"].values():
        low, high = side["ci95"]
        assert 0 <= low <= side["rate"] <= high <= 1
    total = sum(side["wins"] for side in report["sides"].values()) + report["draws"]["wins"]
    assert total >= 60
    assert report["mean_rounds"] > 0 and report["games_per_second"] > 0


def test_sim_es_reproducible_y_en_paralelo_da_lo_mismo():
    args = ["sim", "gauekos", "--players", "10", "--games", "40", "--seed", "9", "--json"]
    one = json.loads(runner.invoke(app, args).stdout)
    two = json.loads(runner.invoke(app, [*args, "--jobs", "2"]).stdout)
    assert one["sides"] == two["sides"] and one["mean_choices"] == two["mean_choices"]


def test_sim_acepta_opciones_y_rechaza_las_malas():
    ok = runner.invoke(app, ["sim", "hombres-lobo", "-g", "5", "--option", "voto=dos-rondas", "--json"])
    assert ok.exit_code == 0 and json.loads(ok.stdout)["options"] == {"voto": "dos-rondas"}
    bad = runner.invoke(app, ["sim", "hombres-lobo", "-g", "5", "--option", "voto=dedo"])
    assert bad.exit_code == 2 and "allowed" in bad.stderr


def test_play_en_la_terminal_hasta_el_final():
    answers = "1\n" * 400
    done = subprocess.run(
        [sys.executable, "-m", "velada", "play", "hombres-lobo", "--players", "8", "--seed", "5", "--seat", "1"],
        input=answers,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "Te sientas en el puesto 1 de 8" in done.stdout
    assert "Miras tu carta" in done.stdout
    assert "Resultado:" in done.stdout


def test_play_sale_limpio_si_se_acaba_la_entrada():
    done = subprocess.run(
        [sys.executable, "-m", "velada", "play", "hombres-lobo", "--players", "8", "--seed", "5", "--seat", "1"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 1 and "Partida abandonada." in done.stdout
