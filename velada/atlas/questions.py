"""The balance questions each rulebook leaves open, answered by measurement. One function per game; each returns
a title, what was asked, and a grid of numbers (rows × columns of win rates or metrics) for the report."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from velada.atlas.study import Plan, rates, run
from velada.atlas.texts import text
from velada.core.game import Game


def bethlem(game: Game, plan: Plan) -> dict[str, Any]:
    """Bethlem's normal mode: the book's card lists for 4 to 7 players are missing; ours
    (``data/composiciones.toml``) measured with both bots."""
    sides = ("amotinados", "internos", "(empate)")
    rows = []
    for bots in ("heuristico", "random"):
        for n in range(4, 8):
            measured = rates(game, run(game, plan, n, {}, (bots,)))
            row = text(plan.lang, "question.bethlem.row", n=n, bots=bots)
            rows.append({"row": row, "cells": {side: measured[side] for side in sides}})
    return {
        "title": text(plan.lang, "question.bethlem.title"),
        "question": text(plan.lang, "question.bethlem.text"),
        "columns": list(sides),
        "rows": rows,
        "kind": "rate",
    }


def ajo_y_agua(game: Game, plan: Plan) -> dict[str, Any]:
    """Ajo y Agua: the tables of starting cards and maximum hand size are missing from the scan."""
    rows = []
    hands = [(start, most) for start in (2, 3, 4) for most in (4, 5, 6) if most > start]
    columns = [text(plan.lang, "players.n", n=n) for n in (4, 5, 6)]
    for start, most in hands:
        cells = {}
        for n, column in zip((4, 5, 6), columns, strict=True):
            measured = rates(game, run(game, plan, n, {"cartas-inicio": start, "mano-maxima": most}))
            cells[column] = measured["condes"]
        rows.append({"row": f"cartas-inicio={start}, mano-maxima={most}", "cells": cells})
    return {
        "title": text(plan.lang, "question.ajo-y-agua.title"),
        "question": text(plan.lang, "question.ajo-y-agua.text"),
        "columns": columns,
        "rows": rows,
        "kind": "rate",
    }


def el_ansia(game: Game, plan: Plan) -> dict[str, Any]:
    """El ansia: our board's distances (the book's board is a picture): do vampires get home by dawn, and how
    long is a game, by table size and mode."""
    rows = []
    home, mean, none = (text(plan.lang, f"question.el-ansia.{k}") for k in ("home", "points", "no-winner"))
    columns = [home, mean, none]
    # The heuristic bot plans its way home; the random one shows what the board does to a vampire that does not.
    for mode, bots in (("venerable", plan.bots), ("novato", plan.bots), ("venerable", ("random",))):
        for n in range(2, 7):
            stats = run(game, plan, n, {"modo": mode}, bots)
            back = stats.metric_sum["", "supervivencia"] / max(1, stats.metric_n["", "supervivencia"])
            points = stats.metric_sum["", "puntos"] / max(1, stats.metric_n["", "puntos"])
            rows.append(
                {
                    "row": text(plan.lang, "question.el-ansia.row", n=n, mode=mode, bots=",".join(bots)),
                    "cells": {
                        home: {"rate": back},
                        mean: {"value": points},
                        none: {"rate": stats.draws / stats.games},
                    },
                }
            )
    return {
        "title": text(plan.lang, "question.el-ansia.title"),
        "question": text(plan.lang, "question.el-ansia.text"),
        "columns": columns,
        "rows": rows,
        "kind": "mixed",
    }


QUESTIONS: dict[str, Callable[[Game, Plan], dict[str, Any]]] = {
    "bethlem": bethlem,
    "ajo-y-agua": ajo_y_agua,
    "el-ansia": el_ansia,
}
