"""``velada atlas``: the balance atlas of one game, or of every game, as self-contained HTML pages."""

from __future__ import annotations

import functools
import html
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from velada.core.errors import Problem
from velada.core.game import Game


def parse_range(text: str | None, game: Game) -> tuple[int, int]:
    """``A..B`` (or one number) within the game's range; none: the range the book recommends."""
    if not text:
        return game.info.recommended
    low, _, high = text.partition("..")
    try:
        a, b = int(low), int(high or low)
    except ValueError:
        raise ValueError(f"--players takes A..B (e.g. 5..12), not {text!r}") from None
    a, b = max(a, game.info.min_players), min(b, game.info.max_players)
    if a > b:
        raise ValueError(f"{game.id} seats {game.info.min_players} to {game.info.max_players} players, not {text}")
    return a, b


def build(
    games: list[Game],
    out: Path,
    players: str | None,
    count: int,
    bots: list[str],
    seed: int,
    jobs: int,
    ray: str | None,
    console: Console,
    lang: str = "es",
) -> list[Path]:
    """Measure and write each game's page, then an index page linking them."""
    from velada.atlas import Plan, measure, write
    from velada.atlas.texts import text

    # A bot another game lacks falls back to random there; a name no game knows is a typo, not a choice.
    unknown = [name for name in bots if not any(name in game.bots for game in games)]
    if unknown:
        known = sorted({name for game in games for name in game.bots})
        where = games[0].id if len(games) == 1 else "all"
        raise Problem("unknown-bots", bots=", ".join(unknown), game=where, known=", ".join(known))
    pages = []
    for game in games:
        plan = Plan(parse_range(players, game), count, tuple(bots), seed, jobs, ray, lang=lang)
        known = [b for b in plan.bots if b in game.bots] or ["random"]
        plan.bots = tuple(known)
        progress = Progress(
            TextColumn(game.id), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
        )
        with progress:
            task = progress.add_task(game.id, total=None)
            plan.progress = functools.partial(progress.advance, task)
            data = measure(game, plan)
        pages.append(write(game, data, out, lang))
        console.print(f"{game.id}: {pages[-1]}")
    titles = [html.escape(game.title(lang)) for game in games]
    links = "".join(f"<li><a href='{p.name}'>{t}</a></li>" for t, p in zip(titles, pages, strict=True))
    (out / "index.html").write_text(
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>velada — atlas</title></head>"
        f"<body><h1>{html.escape(text(lang, 'page.index'))}</h1><ul>{links}</ul></body></html>\n",
        encoding="utf-8",
    )
    return pages
