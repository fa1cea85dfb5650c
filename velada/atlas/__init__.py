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
from velada.atlas.texts import TEXTS, side_label, text
from velada.core.game import Game
from velada.core.sim import versions


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


def write(game: Game, data: dict[str, Any], out: Path, lang: str = "es") -> Path:
    """Write ``out/<game>.html`` (pictures inside the page, words in ``lang``) and ``out/<game>.json`` (the
    numbers)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{game.id}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    page = out / f"{game.id}.html"
    page.write_text(render(game, data, lang), encoding="utf-8")
    return page


def main_side(game: Game, data: dict[str, Any]) -> str:
    """The side the effect charts follow: the game's first side (the village, the Counts, the mutineers)."""
    return game.info.sides[0]


def render(game: Game, data: dict[str, Any], lang: str = "es") -> str:
    """The page in ``lang``: every word from the atlas's catalogue (:mod:`velada.atlas.texts`)."""
    title = game.title(lang)
    plan = data["plan"]
    parts = [
        f"<h1>{_e(text(lang, 'page.heading', title=title))}</h1>",
        f"<p>{_e(text(lang, 'page.plan', games=plan['games'], bots=','.join(plan['bots']), seed=plan['seed']))} "
        f"{_e(text(lang, 'page.intervals'))}</p>",
    ]
    side = main_side(game, data)
    if "players" in data:
        points = {int(n): p for n, p in data["players"].items()}
        parts.append(f"<h2 id='jugadores'>{_e(text(lang, 'players.heading'))}</h2>")
        parts.append(_img(charts.sides_by_players(text(lang, "players.chart", title=title), points, lang)))
        parts.append(_players_table(points, lang))
        parts.append(f"<h2 id='duracion'>{_e(text(lang, 'length.heading'))}</h2>")
        unit = text(lang, f"unit.{game.id}") if TEXTS.has(lang, f"unit.{game.id}") else text(lang, "unit.other")
        parts.append(_img(charts.lengths(text(lang, "length.chart", title=title), points, unit, lang)))
    reference = (plan["players"][0] + plan["players"][1] + 1) // 2
    for key, anchor in (("options", "opciones"), ("cards", "cartas")):
        rows = [r for r in data.get(key) or [] if "rates" in r]
        unmeasured = [r for r in data.get(key) or [] if "unmeasured" in r]
        if not rows and not unmeasured:
            continue
        parts.append(f"<h2 id='{anchor}'>{_e(text(lang, key + '.heading'))}</h2>")
        parts.append(f"<p>{_e(text(lang, key + '.explain', players=reference))}</p>")
        if rows:
            rows = [{**r, "option": _option_label(r)} for r in rows]
            moved = [r["option"] for r in rows if r.get("context")]
            if moved:
                parts.append(f"<p>{_e(text(lang, 'options.moved', others='; '.join(moved)))}</p>")
            parts.append(_img(charts.effects(text(lang, key + ".chart", title=title), rows, side, lang)))
            parts.append(_effects_table(rows, side, lang))
        if unmeasured:
            parts.append(f"<h3>{_e(text(lang, 'options.unmeasured'))}</h3><ul>")
            parts.extend(
                f"<li>{_e(text(lang, 'options.' + r['unmeasured'], option=r['option'], why=r.get('why', '')))}</li>"
                for r in unmeasured
            )
            parts.append("</ul>")
    if "bots" in data:
        parts.append(f"<h2 id='bots'>{_e(text(lang, 'bots.heading'))}</h2>")
        parts.append(_img(charts.bots(text(lang, "bots.chart", title=title), data["bots"], lang)))
    if "question" in data:
        answer = data["question"]
        asked = text(lang, f"question.{game.id}.title")
        parts.append(f"<h2 id='pregunta'>{_e(asked)}</h2><p>{_e(text(lang, f'question.{game.id}.text'))}</p>")
        parts.append(_img(charts.grid(asked, answer, lang)))
        parts.append(_grid_table(answer, lang))
    parts.append(f"<h2 id='ordenes'>{_e(text(lang, 'page.how'))}</h2><ul>")
    parts.extend(f"<li><code>{_e(r['command'])}</code> ({r['seconds']} s)</li>" for r in data["runs"])
    parts.append(f"</ul><p>{_e(text(lang, 'page.versions', versions=json.dumps(data['versions'])))}</p>")
    body = "\n".join(parts)
    return (
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        f"<title>{_e(text(lang, 'page.title', title=title))}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )


def _option_label(row: dict[str, Any]) -> str:
    """``key=value``, and the other options it was measured with when they are not the defaults."""
    context = row.get("context") or {}
    return row["option"] + "".join(f" ({k}={v})" for k, v in context.items())


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


def _players_table(points: dict[int, Any], lang: str) -> str:
    ok = {n: p for n, p in points.items() if "sides" in p}
    if not ok:
        return ""
    sides = list(next(iter(ok.values()))["sides"])
    head = "".join(f"<th>{_e(side_label(s, lang))}</th>" for s in sides)
    rows = "".join(
        f"<tr><td>{n}</td>"
        + "".join(f"<td>{_pct(p['sides'][s])}</td>" for s in sides)
        + f"<td>{p['mean_rounds']:.1f}</td></tr>"
        for n, p in sorted(ok.items())
    )
    return (
        f"<table><tr><th>{_e(text(lang, 'players.players'))}</th>{head}"
        f"<th>{_e(text(lang, 'players.mean-length'))}</th></tr>{rows}</table>"
    )


def _effects_table(rows: list[dict[str, Any]], side: str, lang: str) -> str:
    body = "".join(
        f"<tr><td>{_e(r['option'])}</td><td>{_pct(r['base'][side])}</td><td>{_pct(r['rates'][side])}</td></tr>"
        for r in rows
    )
    head = "".join(
        f"<th>{_e(text(lang, k, side=side))}</th>" for k in ("effects.change", "effects.before", "effects.after")
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _grid_table(answer: dict[str, Any], lang: str) -> str:
    head = "".join(f"<th>{_e(side_label(c, lang))}</th>" for c in answer["columns"])
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
