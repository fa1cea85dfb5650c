"""The architecture, checked: the import contracts of ``.importlinter`` (the core knows no game, web or command
line; games import no web, command line or other game; the web app imports no command line and no game's own
module, its layers import only downwards and its route modules only their shared base; El ansia's and Bethlem's
layers import only downwards). See docs/architecture.md."""

from __future__ import annotations

import configparser
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_los_modulos_respetan_los_contratos_de_importacion(capsys):
    code = lint_imports(config_filename=str(ROOT / ".importlinter"), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out


def test_un_contrato_roto_se_detecta(tmp_path, capsys):
    """The check can fail: a contract that the code breaks (Bethlem's state importing its death resolution,
    written the other way round) is reported."""
    config = tmp_path / "contratos.ini"
    config.write_text(
        "[importlinter]\nroot_package = velada\n\n"
        "[importlinter:contract:al-reves]\nname = al reves\ntype = forbidden\n"
        "source_modules =\n    velada.games.bethlem.deaths\nforbidden_modules =\n    velada.games.bethlem.state\n"
    )
    assert lint_imports(config_filename=str(config), no_cache=True, no_logo=True) == 1
    assert "BROKEN" in capsys.readouterr().out


def test_las_capas_de_la_web_se_cumplen_tambien_en_las_anotaciones(tmp_path, capsys):
    """The web app's layers hold even counting the imports made for type annotations only (which ``.importlinter``
    leaves out): the table's rendering and talk declare what they need of it (``render.ShownTable``,
    ``talk.TalkingTable``) rather than naming ``live.LiveTable``."""
    contracts = configparser.ConfigParser()
    contracts.read(ROOT / ".importlinter")
    strict = configparser.ConfigParser()
    strict["importlinter"] = {"root_package": "velada", "exclude_type_checking_imports": "False"}
    for name in ("web-layers", "web-routes"):
        strict[f"importlinter:contract:{name}"] = contracts[f"importlinter:contract:{name}"]
    config = tmp_path / "web.ini"
    with config.open("w") as out:
        strict.write(out)
    code = lint_imports(config_filename=str(config), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "KEPT" in out
