"""``velada play``: a terminal table where you take one seat and bots take the others.

You see exactly your view (your card, what you were told, public events) and answer your prompts by number. A line
that starts with ``!`` is said in the day's channel, when the rules let you speak there (alive, by day).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.console import Console

from velada.core.bots import BOT_NAMES, narrator_bot, viewer_of
from velada.core.engine import Match, build_view, pending
from velada.core.errors import Problem
from velada.core.game import Game
from velada.core.i18n import CORE_MESSAGES
from velada.core.protocol import NARRATOR, IllegalAction
from velada.core.talk import DAY, Talk, TalkError


def _t(lang: str, key: str, **params) -> str:
    return CORE_MESSAGES.text(lang, f"cli.{key}", **params)


#: A line that starts with this says the rest in the day's channel instead of answering.
SAY = "!"


def _read(question: str, say: Callable[[str], None] | None) -> str | None:
    """One line from the terminal (``None`` at end of input); lines starting with :data:`SAY` are said in the
    day's channel (``say``) and another line is read."""
    while True:
        try:
            line = input(question)
        except EOFError:
            return None
        if say is not None and line.lstrip().startswith(SAY):
            say(line.lstrip()[len(SAY) :])
            continue
        return line


def _ask(
    console: Console, prompt: dict[str, Any], lang: str, say: Callable[[str], None] | None = None
) -> list[str] | None:
    """Read one answer to ``prompt`` from the terminal; ``None`` at end of input."""
    console.print(f"\n[bold]{prompt['text']}[/]", markup=True)
    if prompt.get("text_max"):
        line = _read("> ", say)
        if line is None:
            return None
        line = line.strip()
        return [line[: prompt["text_max"]]] if line else []
    for i, option in enumerate(prompt["options"], start=1):
        console.print(f"  {i}. {option['label']}")
    if prompt["skippable"]:
        console.print(f"  0. {CORE_MESSAGES.text(lang, 'cli.skip')}")
    question = _t(lang, "choose-many" if prompt["max"] > 1 else "choose-one")
    if prompt["skippable"]:
        question += _t(lang, "choose-skip")
    question += ": "
    while True:
        line = _read(question, say)
        if line is None:
            return None
        words = line.replace(",", " ").split()
        try:
            numbers = [int(w) for w in words]
        except ValueError:
            console.print(_t(lang, "bad", why=line))
            continue
        if numbers == [0] and prompt["skippable"]:
            return []
        if numbers and all(1 <= k <= len(prompt["options"]) for k in numbers):
            return [prompt["options"][k - 1]["id"] for k in numbers]
        console.print(_t(lang, "bad", why=line))


def play_table(
    game: Game,
    n_players: int,
    name: str,
    seat: int,
    seed: int | None,
    lang: str,
    options: dict[str, str],
    console: Console,
    bots: list[str] | None = None,
) -> int:
    seed = random.randrange(2**32) if seed is None else seed
    rng = random.Random(seed)
    if not 0 <= seat <= n_players:
        raise Problem("seat-range", players=n_players)
    seat = seat or rng.randint(1, n_players)
    names = [b for b in BOT_NAMES if b != name]
    if n_players - 1 > len(names):
        names += [f"Bot{i}" for i in range(1, n_players)]
    players = [*names[: seat - 1], name, *names[seat - 1 : n_players - 1]]
    bots = bots or ["random"]
    unknown = [b for b in bots if b not in game.bots]
    if unknown:
        raise Problem("unknown-bots", bots=", ".join(unknown), game=game.id, known=", ".join(game.bots))
    match = Match(game, players, options, seed)
    others = [p for p in players if p != name]
    seated = {p: game.bots[bots[i % len(bots)]](p, seed ^ (0x5EED + i)) for i, p in enumerate(others)}
    seated[NARRATOR] = narrator_bot(seed)  # a game that asks its narrator something: the terminal has none
    console.print(f"[bold]{game.title(lang)}[/] — seed {seed}", markup=True)
    for warning in game.warnings(match.players, match.options, lang):
        console.print(f"[yellow]{warning}[/]", markup=True)
    console.print(_t(lang, "seat", seat=seat, n=n_players, players=", ".join(players)))
    said = Talk()

    def say(text: str) -> None:
        """The day's channel, as the rules allow it now (velada.core.talk); what is said is shown at once."""
        try:
            message = said.say(game, match.state, name, DAY, text, len(match.choices))
        except TalkError as exc:
            console.print(_t(lang, "bad", why=exc.text(lang)))
            return
        channel = next((c["name"] for c in match.view(name, lang)["talk"] if c["id"] == DAY), DAY)
        console.print(f"[{channel}] {name}: {message.text}", markup=False)

    if any(c["id"] == DAY for c in match.view(name, lang)["talk"]):
        console.print(CORE_MESSAGES.text(lang, "talk.cli-help", say=SAY))
    shown = 0
    while True:
        view = match.view(name, lang)
        for entry in view["log"][shown:]:
            console.print(f"• {entry['text']}")
        shown = len(view["log"])
        if match.result is not None:
            console.print(f"\n[bold]{_t(lang, 'result')}:[/] {view['result']['text']}", markup=True)
            won = name in match.result.winners
            console.print(
                {"es": "¡Has ganado!", "en": "You won!"}[lang]
                if won
                else {"es": "Has perdido.", "en": "You lost."}[lang]
            )
            return 0
        waiting = [p for p in pending(match.state) if p.player != name]
        for prompt in waiting:
            bot_view = partial(build_view, game, match.state, viewer_of(prompt.player), lang, False)
            match.choose(prompt.player, prompt.id, seated[prompt.player].choose(prompt, bot_view))
        if waiting:
            continue
        for prompt in view["prompts"]:
            if prompt["answered"]:
                continue
            alive = [p["name"] for p in view.get("players", []) if p.get("alive")]
            if alive:
                console.print(
                    f"\n[dim]{view.get('phase', {}).get('text', '')} · {_t(lang, 'alive', alive=', '.join(alive))}[/]",
                    markup=True,
                )
            while True:
                answer = _ask(console, prompt, lang, say)
                if answer is None:
                    console.print(_t(lang, "bye"))
                    return 1
                try:
                    match.choose(name, prompt["id"], answer)
                    break
                except IllegalAction as exc:
                    console.print(_t(lang, "bad", why=exc.text(lang)))
            break
