"""The ``velada`` command, run the way a user runs it."""

import json
import re
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
    assert result.exit_code == 1 and "no se puede leer" in result.stderr
    english = runner.invoke(app, ["run", str(path), "--lang", "en"])
    assert english.exit_code == 1 and "cannot read" in english.stderr


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


def test_sim_de_bethlem_lista_solo_los_bandos_que_pueden_ganar_con_sus_cartas():
    """Without custom cards no objective of section 13 nor instant victory is in play: the study lists the book's
    sides only (they were listed with 0 wins), and with custom cards all of them."""

    def sides(*options: str) -> list[str]:
        args = ["sim", "bethlem", "--players", "5", "--games", "4", "--seed", "1", "--json"]
        result = runner.invoke(app, [*args, *(a for o in options for a in ("--option", o))])
        assert result.exit_code == 0, result.output
        return list(json.loads(result.stdout)["sides"])

    book = ["amotinados", "internos", "director", "richard-dadd", "pacto-de-sangre", "pacto-de-odio"]
    assert sides() == book
    assert sides("cards=custom") == [*book, "traidor", "renegado", "inquisidor", "el-ultimo-superviviente", "sheriff"]


def test_sim_es_reproducible_y_en_paralelo_da_lo_mismo():
    args = ["sim", "gauekos", "--players", "10", "--games", "40", "--seed", "9", "--json"]
    one = json.loads(runner.invoke(app, args).stdout)
    two = json.loads(runner.invoke(app, [*args, "--jobs", "2"]).stdout)
    assert one["sides"] == two["sides"] and one["mean_choices"] == two["mean_choices"]


DEFAULTS = {spec.key: spec.format(spec.parse(spec.default)) for spec in REGISTRY.get("hombres-lobo").options}


def test_sim_acepta_opciones_y_rechaza_las_malas():
    ok = runner.invoke(app, ["sim", "hombres-lobo", "-g", "5", "--option", "voto=dos-rondas", "--json"])
    assert ok.exit_code == 0
    # The report names every option, defaults included, so it says all that produced it.
    assert json.loads(ok.stdout)["options"] == {**DEFAULTS, "voto": "dos-rondas"}
    bad = runner.invoke(app, ["sim", "hombres-lobo", "-g", "5", "--option", "voto=dedo"])
    assert bad.exit_code == 2 and "no está permitido (valores: simple|dos-rondas)" in bad.stderr


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


@pytest.mark.parametrize("game", ["ajo-y-agua", "el-ansia", "bethlem"])
def test_sim_sin_players_juega_con_el_numero_de_jugadores_del_libro(game):
    result = runner.invoke(app, ["sim", game, "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    low, high = REGISTRY.get(game).info.recommended
    assert low <= json.loads(result.stdout)["players"] <= high


def test_sim_de_hombres_lobo_cuenta_cada_partida_una_vez():
    result = runner.invoke(app, ["sim", "hombres-lobo", "--games", "200", "--seed", "1", "--json"])
    report = json.loads(result.stdout)
    wins = sum(side["wins"] for side in report["sides"].values()) + report["draws"]["wins"]
    extra = sum(n * (len(sides.split(" + ")) - 1) for sides, n in report["together"].items())
    assert report["together"], "this run has villagers in love who win with the village"
    assert wins - extra == 200
    assert sum(report["reasons"].values()) == 200
    text = runner.invoke(app, ["sim", "hombres-lobo", "--games", "200", "--seed", "1"])
    assert "ganaron juntos (cuenta para cada bando): aldeanos + enamorados" in text.stdout
    text = runner.invoke(app, ["sim", "hombres-lobo", "--games", "200", "--seed", "1", "--lang", "en"])
    assert "won together (counted for each side): aldeanos + enamorados" in text.stdout
    assert "bando" not in text.stdout and "partidas" not in text.stdout


def test_los_finales_de_gauekos_llevan_los_nombres_de_gauekos():
    result = runner.invoke(app, ["sim", "gauekos", "--games", "100", "--seed", "1", "--json"])
    reasons = set(json.loads(result.stdout)["reasons"])
    assert reasons <= {"campesinos", "gauekos", "enamorados", "nadie-vive", "limite"}
    assert {"campesinos", "gauekos"} <= reasons


def test_sim_no_dibuja_la_barra_antes_de_un_error_de_argumentos():
    result = runner.invoke(app, ["sim", "hombres-lobo", "--players", "3", "--games", "5"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: hombres-lobo es para 5 a 18 jugadores, no 3"


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "hombres-lobo", "--players", "3", "--games", "5"],
        ["sim", "hombres-lobo", "--games", "0"],
        ["sim", "hombres-lobo", "--bots", "nadie"],
        ["sim", "hombres-lobo", "--option", "voto=dedo"],
        ["sim", "hombres-lobo", "--option", "voto"],
        ["sim", "ajedrez"],
        ["games", "ajedrez"],
        ["actions", "ajedrez"],
        ["play", "bethlem", "--players", "9"],
        ["play", "ajo-y-agua", "--seat", "9"],
        ["play", "ajo-y-agua", "--option", "cartas-inicio=mil"],
    ],
    ids=lambda a: " ".join(a),
)
def test_lang_en_traduce_los_motivos_de_error_de_la_linea_de_ordenes(args):
    spanish = runner.invoke(app, args)
    english = runner.invoke(app, [*args, "--lang", "en"])
    assert spanish.exit_code == english.exit_code == 2
    assert spanish.stderr != english.stderr
    words = {"no", "es", "para", "de", "y", "desconocido", "juego", "valores", "tienen"}
    assert not words & set(english.stderr.replace(";", " ").replace(":", " ").split()), english.stderr


def test_actions_en_una_tuberia_que_se_cierra_sale_sin_error():
    done = subprocess.run(
        f"{sys.executable} -m velada actions bethlem | head -1; exit ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and done.stdout.startswith("bethlem:")


@pytest.mark.parametrize(
    ("db", "says"),
    [
        ("foo://", "does not know the database kind 'foo'"),
        ("postgresql+pg8000://u@localhost/velada", "pip install -e '.[postgres]'"),
        ("postgresql+psycopg://u:secreto@127.0.0.1:9/velada", "cannot open the database"),
    ],
)
def test_serve_con_una_base_de_datos_imposible_lo_dice_en_una_linea(db, says):
    result = runner.invoke(app, ["serve", "--db", db, "--port", "0"])
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert says in line and "secreto" not in line and "Traceback" not in result.output


def test_serve_con_el_puerto_ocupado_no_imprime_el_banner(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port), "--db", str(tmp_path / "v.sqlite3")])
    assert result.exit_code == 1
    assert "velada: http" not in result.stdout
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr


def test_bench_encuentra_el_suelo_desde_cualquier_directorio(tmp_path, monkeypatch):
    from velada.cli.bench import default_floor

    monkeypatch.chdir(tmp_path)
    floor = default_floor()
    assert floor is not None and floor.name == "werewolf_floor.py"
    assert floor.resolve() == (ROOT.parent / "shared" / "bench" / "werewolf_floor.py").resolve()


def test_bench_juega_las_reglas_del_suelo_y_da_medianas(tmp_path, monkeypatch):
    from velada.cli.bench import BENCH_OPTIONS, run_bench

    assert BENCH_OPTIONS["lobos"] == "3" and BENCH_OPTIONS["especiales"] == "vidente,bruja"
    assert BENCH_OPTIONS["alguacil"] == "no" and BENCH_OPTIONS["rondas-lobos"] == "1"
    assert BENCH_OPTIONS["voto"] == "simple" and BENCH_OPTIONS["empate"] == "nadie"
    monkeypatch.chdir(tmp_path)
    report = run_bench(0.3, 3, None)
    assert report["floor"] is not None and report["rounds"] == 3
    ours = sorted(report["velada_rounds_choices_per_second"])
    assert round(report["velada"]["choices_per_second"]) == ours[1]
    # The same game, near enough: choices per game and the villagers' chances within a few points.
    assert abs(report["velada"]["mean_choices_per_game"] - report["floor"]["mean_choices_per_game"]) < 15
    assert abs(report["velada"]["villager_win_rate"] - report["floor"]["villager_win_rate"]) < 0.1


def test_bench_sin_valgrind_dice_que_falta_y_no_cuenta_instrucciones(monkeypatch):
    import velada.cli.bench as bench

    monkeypatch.setattr(bench.shutil, "which", lambda name: None)
    monkeypatch.setattr(bench, "run_bench", lambda seconds, rounds, floor: {"floor_path": "/floor.py"})
    result = runner.invoke(app, ["bench", "--instructions", "--json"])
    assert result.exit_code == 2
    assert "valgrind is not installed" in result.stderr


def _id_pattern(template: str, kind: str) -> str:
    """A documented id template as a regular expression: an upper-case letter stands for a number, <kind> for
    the kind, <player> and <power> for any word, «(…)» is a comment."""
    template = re.sub(r"\s*\(.*?\)", "", template).strip()
    out = ""
    for token in re.split(r"(<\w+>|[A-Z])", template):
        if token == "<kind>":
            out += re.escape(kind)
        elif token == "<moment>":
            out += r"[a-z]+\d*x?"
        elif token.startswith("<"):
            out += r"[\w-]+"
        elif re.fullmatch(r"[A-Z]", token):
            out += r"\d+"
        else:
            out += re.escape(token)
    return out


@pytest.mark.parametrize("game", [g.id for g in REGISTRY])
def test_actions_documenta_los_ids_de_cada_juego_y_de_cada_tipo(game):
    """Every prompt id random play opens is written as `velada actions` says: "<moment>:<kind>" with the game's
    moments (and its documented suffixes), or one of the ids listed under its kind."""
    from velada.core.bots import RandomBot
    from velada.core.engine import Match

    g = REGISTRY.get(game)
    moments, by_doc = g.id_help("en")
    prefixes = "|".join(_id_pattern(p, "") for p in g.text("en", "ids.prefixes").split(", "))
    suffixes = "|".join(re.escape(x) for x in g.catalog.text("en", "ids.suffixes").split(", ") if x.startswith("-"))
    tail = f"(?:{suffixes})?" if suffixes else ""
    assert "ids.moments" not in moments
    tables = [(n, {}) for n in range(g.info.min_players, g.info.max_players + 1)]
    if game == "bethlem":
        tables += [(n, {"cards": "custom"}) for n in range(4, 8)]
    unexplained = set()
    for n, options in tables:
        for seed in range(4):
            match = Match(g, [f"p{i}" for i in range(1, n + 1)], options, seed)
            bot = RandomBot(seed)
            while match.result is None:
                for prompt in match.pending():
                    kind = g.kind(prompt.kind)
                    listed = re.sub(r"\s*\(.*?\)", "", by_doc.get(kind.doc or kind.kind, ""))
                    patterns = [f"(?:{prefixes}):{re.escape(prompt.kind)}"]
                    patterns += [_id_pattern(t, prompt.kind) for t in listed.split(", ") if t]
                    if not any(re.fullmatch(p + tail, prompt.id) for p in patterns):
                        unexplained.add((prompt.kind, prompt.id))
                    match.choose(prompt.player, prompt.id, bot.choose(prompt))
    assert not unexplained


@pytest.mark.parametrize("game", [g.id for g in REGISTRY])
def test_velada_games_documenta_las_claves_del_reparto_que_el_juego_acepta(game):
    """A key the game does not know is refused naming the valid ones: exactly those `velada games` documents."""
    from velada.core.engine import Match

    g = REGISTRY.get(game)
    shown = runner.invoke(app, ["games", game, "--lang", "en"]).stdout
    documented = [key for key, _ in g.deal_help("en")]
    assert documented and all(f"\n  {key}\n" in shown for key in documented)
    n = g.info.recommended[0]
    with pytest.raises(ValueError) as info:
        Match(g, [f"p{i}" for i in range(1, n + 1)], {}, 0, {"clave-rara": []})
    listed = re.sub(r"^each player's id \(.*?\)", "<player>", str(info.value).split("valid keys: ")[1]).split(", ")
    assert listed == documented


def test_un_idioma_desconocido_se_rechaza_con_un_motivo_claro():
    result = runner.invoke(app, ["games", "hombres-lobo", "--lang", "xx"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: idioma desconocido 'xx'; idiomas: es, en"
