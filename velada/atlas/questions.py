"""The balance questions each rulebook leaves open, answered by measurement. One function per game; each returns
a title, what was asked, and a grid of numbers (rows × columns of win rates or metrics) for the report."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from velada.atlas.study import Plan, rates, run
from velada.core.game import Game


def bethlem(game: Game, plan: Plan) -> dict[str, Any]:
    """Bethlem's normal mode: the book's card lists for 4 to 7 players are missing; ours
    (``data/composiciones.toml``) measured with both bots."""
    sides = ("amotinados", "internos", "(empate)")
    rows = []
    for bots in ("heuristico", "random"):
        for n in range(4, 8):
            measured = rates(game, run(game, plan, n, {}, (bots,)))
            rows.append({"row": f"{n} jugadores, {bots}", "cells": {side: measured[side] for side in sides}})
    return {
        "title": "Bethlem: composiciones de 4 a 7 jugadores",
        "question": "Las listas de cartas por número de jugadores faltan en el reglamento: ¿están equilibradas"
        " las nuestras? Tasa de victoria de cada bando con la composición recomendada.",
        "columns": list(sides),
        "rows": rows,
        "kind": "rate",
    }


def ajo_y_agua(game: Game, plan: Plan) -> dict[str, Any]:
    """Ajo y Agua: the tables of starting cards and maximum hand size are missing from the scan."""
    rows = []
    hands = [(start, most) for start in (2, 3, 4) for most in (4, 5, 6) if most > start]
    columns = [f"{n} jugadores" for n in (4, 5, 6)]
    for start, most in hands:
        cells = {}
        for n in (4, 5, 6):
            measured = rates(game, run(game, plan, n, {"cartas-inicio": start, "mano-maxima": most}))
            cells[f"{n} jugadores"] = measured["condes"]
        rows.append({"row": f"cartas-inicio={start}, mano-maxima={most}", "cells": cells})
    return {
        "title": "Ajo y Agua: cartas al empezar y mano máxima",
        "question": "Las tablas de cartas de día iniciales y de mano máxima faltan: tasa de victoria de los"
        " Condes para cada combinación y número de jugadores (el resto, el Vampiro y los empates).",
        "columns": columns,
        "rows": rows,
        "kind": "rate",
    }


def el_ansia(game: Game, plan: Plan) -> dict[str, Any]:
    """El ansia: our board's distances (the book's board is a picture): do vampires get home by dawn, and how
    long is a game, by table size and mode."""
    rows = []
    columns = ["vuelven al castillo", "puntos medios", "partidas sin ganador"]
    # The heuristic bot plans its way home; the random one shows what the board does to a vampire that does not.
    for mode, bots in (("venerable", plan.bots), ("novato", plan.bots), ("venerable", ("random",))):
        for n in range(2, 7):
            stats = run(game, plan, n, {"modo": mode}, bots)
            home = stats.metric_sum["", "supervivencia"] / max(1, stats.metric_n["", "supervivencia"])
            points = stats.metric_sum["", "puntos"] / max(1, stats.metric_n["", "puntos"])
            rows.append(
                {
                    "row": f"{n} jugadores, {mode}, {','.join(bots)}",
                    "cells": {
                        "vuelven al castillo": {"rate": home},
                        "puntos medios": {"value": points},
                        "partidas sin ganador": {"rate": stats.draws / stats.games},
                    },
                }
            )
    return {
        "title": "El ansia: distancias del tablero",
        "question": "El tablero del libro es una imagen; el nuestro (46 casillas, 14 pasos por el río hasta el"
        " laberinto) ¿deja volver a casa antes del amanecer? Parte de vampiros que vuelven y puntos medios.",
        "columns": columns,
        "rows": rows,
        "kind": "mixed",
    }


QUESTIONS: dict[str, Callable[[Game, Plan], dict[str, Any]]] = {
    "bethlem": bethlem,
    "ajo-y-agua": ajo_y_agua,
    "el-ansia": el_ansia,
}
