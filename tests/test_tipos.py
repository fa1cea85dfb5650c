"""mypy on ``velada/`` (strict on ``velada.core``, pyproject's ``[tool.mypy]``), checked in every test run: it
reports no error at all."""

from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_no_encuentra_ningun_error_de_tipos():
    out, err, status = api.run(["--cache-dir", str(ROOT / ".mypy_cache"), str(ROOT / "velada")])
    assert not err.strip(), err
    assert status == 0, f"mypy found type errors in velada/:\n{out}"
