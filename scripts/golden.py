"""Regenerate the golden playthroughs: for each example scenario, the narrator's log and every seat's final
view, in both languages, as the game renders them. ``tests/test_golden.py`` diffs them in CI.

    python scripts/golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from velada.core import scenario  # noqa: E402
from velada.core.narration import script  # noqa: E402
from velada.core.protocol import PUBLIC  # noqa: E402
from velada.games import REGISTRY  # noqa: E402


def playthrough(path: Path) -> dict:
    match = scenario.play(scenario.load(path), REGISTRY)
    viewers = [None, PUBLIC, *match.players]
    # Every viewer in Spanish; in English the narrator's view shows every text once.
    return {
        "scenario": path.name,
        "views": {
            "es": {str(viewer): match.view(viewer, "es") for viewer in viewers},
            "en": {"None": match.view(None, "en")},
        },
    }


def narration(path: Path) -> str:
    """The narrator's script of the scenario, as spoken on the shared screen: Spanish, then English."""
    match = scenario.play(scenario.load(path), REGISTRY)
    parts = []
    for lang in ("es", "en"):
        parts.append(f"# {lang}")
        parts.extend(script(match.game, match.state, lang))
    return "\n".join(parts) + "\n"


def main() -> None:
    for path in sorted((ROOT / "examples").glob("*.json")):
        out = ROOT / "tests" / "golden" / path.name
        out.write_text(json.dumps(playthrough(path), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out.relative_to(ROOT)}")
        spoken = ROOT / "tests" / "golden" / "narracion" / f"{path.stem}.txt"
        spoken.parent.mkdir(exist_ok=True)
        spoken.write_text(narration(path), encoding="utf-8")
        print(f"wrote {spoken.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
