"""The balance atlas (``velada atlas``): for each game, one self-contained HTML page of simulator studies with
their charts embedded — win rate per side by table size with 95% bands, the effect of each option and of each
special role or card, game lengths, heuristic against random bots, and the questions the rulebook leaves open.

Everything is measured with :mod:`velada.core.sim`; the page lists the ``velada sim`` command behind each number.
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path
from typing import Any

from velada.atlas import charts
from velada.atlas.questions import QUESTIONS
from velada.atlas.study import Plan, bots_compare, by_players, card_effects, option_effects
from velada.core.game import Game
from velada.core.sim import versions

#: Unit of a game's length, as the games count their rounds (``Result.rounds``).
UNITS = {"hombres-lobo": "días", "gauekos": "días", "el-ansia": "lunas", "bethlem": "rondas", "ajo-y-agua": "rondas"}


def measure(game: Game, plan: Plan, sections: tuple[str, ...] = ("players", "options", "cards", "bots", "question")):
    """Every study of the atlas for ``game``, as JSON-ready data."""
    data: dict[str, Any] = {
        "game": game.id,
        "plan": {"players": plan.players, "games": plan.games, "bots": plan.bots, "seed": plan.seed},
    }
    if "players" in sections:
        data["players"] = by_players(game, plan)
    if "options" in sections:
        data["options"] = option_effects(game, plan)
    if "cards" in sections:
        data["cards"] = card_effects(game, plan)
    if "bots" in sections and "heuristico" in game.bots:
        data["bots"] = bots_compare(game, plan)
    if "question" in sections and game.id in QUESTIONS:
        data["question"] = QUESTIONS[game.id](game, plan)
    data["runs"] = plan.runs
    data["versions"] = versions()
    return data


def write(game: Game, data: dict[str, Any], out: Path) -> Path:
    """Write ``out/<game>.html`` (pictures inside the page) and ``out/<game>.json`` (the numbers)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{game.id}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    page = out / f"{game.id}.html"
    page.write_text(render(game, data), encoding="utf-8")
    return page


def main_side(game: Game, data: dict[str, Any]) -> str:
    """The side the effect charts follow: the game's first side (the village, the Counts, the mutineers)."""
    return game.info.sides[0]


def render(game: Game, data: dict[str, Any]) -> str:
    title = game.title("es")
    plan = data["plan"]
    parts = [
        f"<h1>{_e(title)} — atlas de equilibrio</h1>",
        f"<p>{plan['games']} partidas por punto, bots {_e(','.join(plan['bots']))}, semilla {plan['seed']}. "
        "Bandas y barras de cada tasa: intervalo de confianza del 95% (Wilson; el de los bots, por partidas). "
        "Barras de un cambio: el de la diferencia, con los dos intervalos combinados.</p>",
    ]
    side = main_side(game, data)
    if "players" in data:
        points = {int(n): p for n, p in data["players"].items()}
        parts.append("<h2 id='jugadores'>Victorias por número de jugadores</h2>")
        parts.append(_img(charts.sides_by_players(f"{title}: victorias por bando", points)))
        parts.append(_players_table(points))
        parts.append("<h2 id='duracion'>Duración de las partidas</h2>")
        parts.append(_img(charts.lengths(f"{title}: duración", points, UNITS.get(game.id, "rondas"))))
    for key, heading in (("options", "Efecto de cada opción"), ("cards", "Efecto de cada personaje o carta")):
        rows = data.get(key) or []
        if rows:
            parts.append(f"<h2 id='{'opciones' if key == 'options' else 'cartas'}'>{heading}</h2>")
            if key == "cards":
                parts.append(
                    "<p>Cada carta presente (la opción con solo esa carta) frente a ausente (la opción en "
                    "<code>ninguno</code>), en la mesa de referencia.</p>"
                )
            else:
                parts.append("<p>Cada valor frente a las opciones por defecto, en la mesa de referencia.</p>")
            parts.append(_img(charts.effects(f"{title}: {heading.lower()}", rows, side)))
            parts.append(_effects_table(rows, side))
    if "bots" in data:
        parts.append("<h2 id='bots'>Bot heurístico frente a bot aleatorio</h2>")
        parts.append(_img(charts.bots(f"{title}: heurístico y aleatorio en la misma mesa", data["bots"])))
    if "question" in data:
        answer = data["question"]
        parts.append(f"<h2 id='pregunta'>{_e(answer['title'])}</h2><p>{_e(answer['question'])}</p>")
        parts.append(_img(charts.grid(answer["title"], answer)))
        parts.append(_grid_table(answer))
    parts.append("<h2 id='ordenes'>Cómo se midió</h2><ul>")
    parts.extend(f"<li><code>{_e(r['command'])}</code> ({r['seconds']} s)</li>" for r in data["runs"])
    parts.append(f"</ul><p>Versiones: {_e(json.dumps(data['versions']))}</p>")
    body = "\n".join(parts)
    return (
        "<!doctype html><html lang='es'><head><meta charset='utf-8'>"
        f"<title>{_e(title)} — atlas</title><style>{STYLE}</style></head><body>{body}</body></html>\n"
    )


STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#222}"
    "img{max-width:100%}table{border-collapse:collapse;margin:1rem 0;font-size:.9rem}"
    "td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:right}th:first-child,td:first-child{text-align:left}"
)


def _e(text: Any) -> str:
    return html.escape(str(text))


def _img(png: bytes) -> str:
    return f"<p><img alt='' src='data:image/png;base64,{base64.b64encode(png).decode()}'></p>"


def _pct(cell: dict[str, Any]) -> str:
    return f"{cell['rate']:.1%} ({cell['low']:.1%}–{cell['high']:.1%})"


def _players_table(points: dict[int, Any]) -> str:
    ok = {n: p for n, p in points.items() if "sides" in p}
    if not ok:
        return ""
    sides = list(next(iter(ok.values()))["sides"])
    head = "".join(f"<th>{_e(s)}</th>" for s in sides)
    rows = "".join(
        f"<tr><td>{n}</td>"
        + "".join(f"<td>{_pct(p['sides'][s])}</td>" for s in sides)
        + f"<td>{p['mean_rounds']:.1f}</td></tr>"
        for n, p in sorted(ok.items())
    )
    return f"<table><tr><th>jugadores</th>{head}<th>duración media</th></tr>{rows}</table>"


def _effects_table(rows: list[dict[str, Any]], side: str) -> str:
    body = "".join(
        f"<tr><td>{_e(r['option'])}</td><td>{_pct(r['base'][side])}</td><td>{_pct(r['rates'][side])}</td></tr>"
        for r in rows
    )
    return f"<table><tr><th>cambio</th><th>{_e(side)} antes</th><th>{_e(side)} con el cambio</th></tr>{body}</table>"


def _grid_table(answer: dict[str, Any]) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in answer["columns"])
    body = "".join(
        f"<tr><td>{_e(r['row'])}</td>"
        + "".join(f"<td>{_cell(r['cells'][c])}</td>" for c in answer["columns"])
        + "</tr>"
        for r in answer["rows"]
    )
    return f"<table><tr><th></th>{head}</tr>{body}</table>"


def _cell(cell: dict[str, Any]) -> str:
    if "low" in cell:
        return _pct(cell)
    if "rate" in cell:
        return f"{cell['rate']:.1%}"
    return f"{cell['value']:.2f}"
