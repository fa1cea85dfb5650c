"""``velada play``: a terminal table where you take one seat and bots take the others.

You see exactly your view (your card, what you were told, public events) and answer your prompts by number.
"""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

from velada.core.bots import RandomBot
from velada.core.engine import Match, pending
from velada.core.game import Game
from velada.core.i18n import CORE_MESSAGES
from velada.core.protocol import IllegalAction

BOT_NAMES = (
    "Ana",
    "Bruno",
    "Carmen",
    "Diego",
    "Elena",
    "Fermín",
    "Gloria",
    "Hugo",
    "Irene",
    "Julián",
    "Lola",
    "Mario",
    "Nuria",
    "Óscar",
    "Paula",
    "Quique",
    "Rosa",
    "Sergio",
    "Teresa",
    "Ulises",
    "Vera",
    "Xabier",
)

TEXTS = {
    "es": {
        "you": "Eres {role}.",
        "choose": "Elige (número{s}){skip}: ",
        "multi": ", separados por espacios",
        "skip": ", 0 para pasar",
        "bad": "Respuesta no válida: {why}",
        "bye": "Partida abandonada.",
        "result": "Resultado",
        "seat": "Te sientas en el puesto {seat} de {n}: {players}.",
    },
    "en": {
        "you": "You are {role}.",
        "choose": "Choose (number{s}){skip}: ",
        "multi": "s, separated by spaces",
        "skip": ", 0 to skip",
        "bad": "Not a valid answer: {why}",
        "bye": "Game abandoned.",
        "result": "Result",
        "seat": "You sit in seat {seat} of {n}: {players}.",
    },
}


def _ask(console: Console, prompt: dict[str, Any], lang: str) -> list[str] | None:
    """Read one answer to ``prompt`` from the terminal; ``None`` at end of input."""
    t = TEXTS[lang]
    console.print(f"\n[bold]{prompt['text']}[/]", markup=True)
    for i, option in enumerate(prompt["options"], start=1):
        console.print(f"  {i}. {option['label']}")
    if prompt["skippable"]:
        console.print(f"  0. {CORE_MESSAGES.text(lang, 'cli.skip')}")
    question = t["choose"].format(
        s=t["multi"] if prompt["max"] > 1 else "", skip=t["skip"] if prompt["skippable"] else ""
    )
    while True:
        try:
            line = input(question)
        except EOFError:
            return None
        words = line.replace(",", " ").split()
        try:
            numbers = [int(w) for w in words]
        except ValueError:
            console.print(t["bad"].format(why=line))
            continue
        if numbers == [0] and prompt["skippable"]:
            return []
        if numbers and all(1 <= k <= len(prompt["options"]) for k in numbers):
            return [prompt["options"][k - 1]["id"] for k in numbers]
        console.print(t["bad"].format(why=line))


def play_table(
    game: Game,
    n_players: int,
    name: str,
    seat: int,
    seed: int | None,
    lang: str,
    options: dict[str, str],
    console: Console,
) -> int:
    seed = random.randrange(2**32) if seed is None else seed
    rng = random.Random(seed)
    if not 0 <= seat <= n_players:
        raise ValueError(f"--seat must be between 1 and {n_players} (0: random)")
    seat = seat or rng.randint(1, n_players)
    bots = [b for b in BOT_NAMES if b != name]
    if n_players - 1 > len(bots):
        bots += [f"Bot{i}" for i in range(1, n_players)]
    players = [*bots[: seat - 1], name, *bots[seat - 1 : n_players - 1]]
    match = Match(game, players, options, seed)
    bot = RandomBot(seed ^ 0x5EED)
    t = TEXTS[lang]
    console.print(f"[bold]{game.title(lang)}[/] — seed {seed}", markup=True)
    for warning in game.warnings(match.players, match.options, lang):
        console.print(f"[yellow]{warning}[/]", markup=True)
    console.print(t["seat"].format(seat=seat, n=n_players, players=", ".join(players)))
    shown = 0
    while True:
        view = match.view(name, lang)
        for entry in view["log"]:
            if entry["seq"] >= shown:
                console.print(f"• {entry['text']}")
        shown = len(match.state.log)
        if match.result is not None:
            console.print(f"\n[bold]{t['result']}:[/] {view['result']['text']}", markup=True)
            won = name in match.result.winners
            console.print(
                {"es": "¡Has ganado!", "en": "You won!"}[lang]
                if won
                else {"es": "Has perdido.", "en": "You lost."}[lang]
            )
            return 0
        others = [p for p in pending(match.state) if p.player != name]
        for prompt in others:
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
        if others:
            continue
        for prompt in view["prompts"]:
            if prompt["answered"]:
                continue
            while True:
                answer = _ask(console, prompt, lang)
                if answer is None:
                    console.print(t["bye"])
                    return 1
                try:
                    match.choose(name, prompt["id"], answer)
                    break
                except IllegalAction as exc:
                    console.print(t["bad"].format(why=exc.text(lang)))
            break
