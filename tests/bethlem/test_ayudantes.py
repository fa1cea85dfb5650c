"""Bethlem's tests script their tables with one module (``mesa.py``, and ``personalizadas.py`` for the custom
tables; issue 17): a helper is written once. A test module that defines a helper another module already has
(the same body, whatever its name, types or docstring), or one named like a helper of ``mesa.py``, fails here."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).parent


def _shape(fn: ast.FunctionDef) -> str:
    """What a helper does, without its name, docstring and annotations."""
    fn = ast.parse(ast.unparse(fn)).body[0]  # a copy
    assert isinstance(fn, ast.FunctionDef)
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    for arg in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs, fn.args.vararg, fn.args.kwarg]:
        if arg is not None:
            arg.annotation = None
    return ast.dump(ast.Module(body=[*body], type_ignores=[])) + ast.dump(fn.args)


def _helpers(path: Path) -> dict[str, str]:
    tree = ast.parse(path.read_text())
    return {
        node.name: _shape(node)
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("test_")
    }


def test_cada_ayudante_de_las_pruebas_de_bethlem_se_escribe_una_vez():
    modules = {path.name: _helpers(path) for path in sorted(HERE.glob("*.py"))}
    where: dict[str, list[str]] = defaultdict(list)
    for module, helpers in modules.items():
        for name, shape in helpers.items():
            where[shape].append(f"{module}:{name}")
    copies = [places for places in where.values() if len(places) > 1]
    assert copies == [], "the same helper in several modules: keep it in mesa.py"
    shadowed = [
        f"{m}:{name}"
        for m, helpers in modules.items()
        if m != "mesa.py"
        for name in helpers
        if name in modules["mesa.py"]
    ]
    assert shadowed == [], "a test module's helper named like one of mesa.py's"
    assert len(modules["mesa.py"]) > 10
