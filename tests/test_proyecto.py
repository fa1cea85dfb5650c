"""The project's promises about itself: the README's commands, CI, the rules notes."""

import re
from pathlib import Path

from velada.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def readme_commands():
    block = re.search(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    return [line for line in block.splitlines() if line.strip()]


def test_el_readme_empieza_con_dos_ordenes_arrancar_y_probar():
    start, test = readme_commands()
    assert "velada serve" in start and "pip install -e ." in start
    assert "pytest" in test


def test_ci_ejecuta_la_orden_de_pruebas_del_readme():
    _, test = readme_commands()
    assert test in (ROOT / ".ci" / "run").read_text().splitlines()


def test_cada_familia_de_juegos_tiene_sus_notas_de_reglas():
    for game in REGISTRY:
        package = type(game).__module__.split(".")[2]
        doc = {"hombres_lobo": "hombres-lobo"}.get(package, game.id)
        assert (ROOT / "docs" / "rules" / f"{doc}.md").is_file(), game.id
