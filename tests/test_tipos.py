"""mypy on ``velada/`` (strict on ``velada.core``, pyproject's ``[tool.mypy]``), checked in every test run: no file
may have more type errors than ``tests/tipos_pendientes.json`` records for it. The record only goes down: when a
file gets better, lower its number (``python tests/test_tipos.py`` writes the current counts)."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "tipos_pendientes.json"
ERROR = re.compile(r"(velada/[\w/]+\.py):\d+: error:")


def errors() -> tuple[Counter[str], dict[str, list[str]]]:
    out, err, _ = api.run(["--cache-dir", str(ROOT / ".mypy_cache"), str(ROOT / "velada")])
    assert not err.strip(), err
    counts: Counter[str] = Counter()
    lines: dict[str, list[str]] = {}
    for line in out.splitlines():
        m = ERROR.match(line)
        if m:
            counts[m.group(1)] += 1
            lines.setdefault(m.group(1), []).append(line)
    return counts, lines


def test_ningun_modulo_tiene_mas_errores_de_tipos_que_los_pendientes():
    record = json.loads(RECORD.read_text())
    counts, lines = errors()
    worse = {path: n for path, n in counts.items() if n > record.get(path, 0)}
    report = "\n".join(line for path in worse for line in lines[path])
    assert not worse, f"more type errors than recorded in {RECORD.name}: {worse}\n{report}"


if __name__ == "__main__":
    counts, _ = errors()
    RECORD.write_text(json.dumps(dict(sorted(counts.items())), indent=1) + "\n")
    print(f"{sum(counts.values())} errors in {len(counts)} files", file=sys.stderr)
