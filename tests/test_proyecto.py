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


def test_los_minimos_de_pyproject_son_los_que_funcionan():
    """The floors in pyproject.toml are versions that work: Starlette's test client speaks to httpx2 (the test
    extra) only from Starlette 1.2.0, and what is installed satisfies every floor."""
    import tomllib
    from importlib.metadata import PackageNotFoundError, version

    from packaging.requirements import Requirement
    from packaging.version import Version

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = [Requirement(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]]
    floors = {r.name: r.specifier for r in requirements}
    assert "httpx2" in floors
    assert not floors["starlette"].contains("1.1.99") and floors["starlette"].contains("1.2.0")
    for requirement in requirements:
        try:
            installed = Version(version(requirement.name))
        except PackageNotFoundError:
            continue
        assert requirement.specifier.contains(installed, prereleases=True), f"{requirement} but {installed}"
