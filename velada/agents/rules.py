"""What an agent reads about a game before it plays: the rules in short and the documentation of every prompt kind
(the text ``velada actions GAME`` prints), from the game's own catalogue."""

from __future__ import annotations

from velada.core.game import Game


def actions_text(game: Game, lang: str = "es") -> str:
    """Every kind of prompt the game opens, who answers it, its options and how its ids are written."""
    moments, ids = game.id_help(lang)
    lines = [
        f'{game.id}: prompt kinds. A choice is {{"player", "prompt": id or kind, "choose": [option ids]}};',
        '[] skips where a prompt is skippable. Prompt ids are "<moment>:<kind>", where <moment> is',
        f"{moments}",
        "",
    ]
    for kind in game.prompt_kinds:
        lines.append(f"{kind.kind} ({'public' if kind.public else 'private'})")
        lines.append(f"  {game.kind_help(kind, lang)}")
        documented = ids.get(kind.doc or kind.kind)
        if documented:
            lines.append(f"  ids: {documented.replace('<kind>', kind.kind)}")
    return "\n".join(lines)


def rules_summary(game: Game, lang: str = "es") -> str:
    """The game in a few lines: its title, what it is about, who can win, then :func:`actions_text`."""
    info = game.info
    head = [
        f"{game.title(lang)} ({game.id}), {info.min_players}–{info.max_players} players.",
        game.description(lang),
        f"Sides that can win: {', '.join(info.sides)}.",
        "",
    ]
    return "\n".join(head) + actions_text(game, lang)
