"""Search further than the mutation test's budget for the games that catch secret event kinds made public.

    python scripts/testigos_no_interferencia.py TABLE [KIND,KIND…] [GAMES]

TABLE is a table of ``tests/test_no_interferencia.py`` (``bethlem-personalizado``…); without kinds it searches
those the test lists as not caught yet (``NOT_CAUGHT``). It prints, for each kind, the first game whose check
would fail were that kind public: a game past the budget goes in the test's ``HINTS``, a kind found within it
moves from ``NOT_CAUGHT`` to ``SECRET_KINDS``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import test_no_interferencia as mutation


def main(argv: list[str]) -> None:
    name = argv[0]
    kinds = frozenset(argv[1].split(",")) if len(argv) > 1 and argv[1] else frozenset(mutation.NOT_CAUGHT[name])
    if len(argv) > 2:
        mutation.BUDGET = int(argv[2])
    start = time.perf_counter()
    found = mutation._search(name, kinds)
    print(f"{name}: {mutation.BUDGET} games, {time.perf_counter() - start:.0f} s")
    for kind in sorted(kinds):
        print(f"  {kind}: {found.get(kind, 'not caught')}")


if __name__ == "__main__":
    main(sys.argv[1:])
