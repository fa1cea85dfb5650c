"""The custom mode's plug-in points (issue 17): the characters' declared hooks and the table of the mode's own
rules, which the book's rules ask instead of branching on the mode."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from velada.games.bethlem.custom.registry import CHARACTERS
from velada.games.bethlem.hooks import BOOK_MODE, CUSTOM_MODE, HOOKS, NO_HOOKS, ModeRules, _not_installed
from velada.games.bethlem.plugins import Character, install
from velada.games.bethlem.state import Settings

BETHLEM = Path(__file__).resolve().parents[2] / "velada" / "games" / "bethlem"
#: The one read of the mode outside ``custom/`` (by module and function): the setup, which picks the deck by the
#: option (which characters and objective cards exist) and checks the table's size for it.
MODE_READS = {("game.py", "setup")}
#: The modules outside ``custom/`` that import from it: the night's powers and the flow's steps read the
#: registry's tables (the layers above it), the card help lists El Saltamundos' world cards (data).
CUSTOM_IMPORTERS = {"flow.py", "powers.py", "guide.py"}


def _modules_outside_custom():
    for path in sorted(BETHLEM.glob("*.py")):
        yield path.name, ast.parse(path.read_text(encoding="utf-8"))


def _mode_reads(tree: ast.Module) -> list[tuple[str, int]]:
    """Where ``<x>.settings.custom`` or ``settings.custom`` is read, by enclosing function."""
    found = []
    for func in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)] + [tree]:
        for node in ast.walk(func):
            value = getattr(node, "value", None)
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "custom"
                and (
                    (isinstance(value, ast.Attribute) and value.attr == "settings")
                    or (isinstance(value, ast.Name) and value.id == "settings")
                )
            ):
                found.append((getattr(func, "name", "<module>"), node.lineno))
    # A read inside a function also shows under the module: keep each line once, with its innermost function.
    lines: dict[int, str] = {}
    for name, line in found:
        if line not in lines or lines[line] == "<module>":
            lines[line] = name
    return [(name, line) for line, name in sorted(lines.items())]


def test_fuera_de_custom_ninguna_regla_pregunta_por_el_modo():
    """Issue 17: the rules, views and noninterference methods outside ``custom/`` ask their mode's tables
    (``s.settings.hooks``, ``.rules``), never the mode itself; the setup alone reads it (``MODE_READS``). The
    audit counted 10 reads in ``game.py``'s views and noninterference methods (42 when the issue was opened)."""
    reads = {(name, func, line) for name, tree in _modules_outside_custom() for func, line in _mode_reads(tree)}
    assert {(name, func) for name, func, _ in reads} <= MODE_READS, sorted(reads)
    assert len(reads) == len(MODE_READS), sorted(reads)


def test_solo_las_capas_de_arriba_importan_los_personajes():
    """No rule, view or noninterference method outside ``custom/`` names a character's module: the game asks the
    mode's tables (``Character.view``, ``decks``, ``announced``; ``ModeRules.deal``, ``known``...)."""
    importers = set()
    for name, tree in _modules_outside_custom():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            module = node.module or ""
            if module.startswith("velada.games.bethlem.custom") or (
                module == "velada.games.bethlem" and any(alias.name == "custom" for alias in node.names)
            ):
                importers.add(name)
    assert importers == CUSTOM_IMPORTERS


#: Rules only the custom mode has (none: the book has each of them).
CUSTOM_ONLY: set[str] = set()
#: Rules the book does not have (None: nothing happens then).
BOOK_NONE = {"before_mutiny", "rose", "deal", "known"}


def test_cada_regla_del_modo_esta_en_la_tabla_de_cada_modo():
    rules = [f.name for f in dataclasses.fields(ModeRules)]
    for name in rules:
        assert getattr(CUSTOM_MODE, name) not in (None, _not_installed), f"custom mode: {name}"
        book = getattr(BOOK_MODE, name)
        if name in CUSTOM_ONLY:
            assert book is _not_installed, name
        elif name in BOOK_NONE:
            assert book is None, name
        else:
            assert book not in (None, _not_installed), f"book: {name}"


def test_cada_partida_lee_la_tabla_de_su_modo():
    normal = Settings("normal", False, 10, 0, 1, False)
    custom = Settings("normal", False, 10, 0, 1, False, cards="custom")
    assert normal.hooks is NO_HOOKS and normal.hooks.rules is BOOK_MODE
    assert custom.hooks is HOOKS and custom.hooks.rules is CUSTOM_MODE
    # A game without custom cards calls no character's hook: its tables are empty, the book's death powers apart.
    assert not any(
        NO_HOOKS.immunities
        + NO_HOOKS.harms
        + NO_HOOKS.actors
        + NO_HOOKS.dusks
        + NO_HOOKS.silences
        + NO_HOOKS.after_deaths
    )
    assert set(HOOKS.triggers) > set(NO_HOOKS.triggers)


def test_un_momento_que_las_reglas_no_llaman_se_rechaza_sin_instalar_nada():
    before = (HOOKS.powers, HOOKS.dusks, HOOKS.round_ends)
    with pytest.raises(ValueError, match="mediodia"):
        install([*CHARACTERS.values(), Character("x", moments={"mediodia": lambda game, s: None})])
    assert (HOOKS.powers, HOOKS.dusks, HOOKS.round_ends) == before
