"""An LLM plays a seat: any OpenAI-compatible chat-completions endpoint (llama.cpp's server, Ollama, vLLM, a hosted
one) answers the seat's prompts and speaks in its talk channels.

For each decision the model gets the game's rules in short and its documented prompt kinds
(:mod:`velada.agents.rules`), what the seat sees now (its view: players, what it knows, what the cards and roles it
knows of do, the latest log entries), and the prompt with its option ids and labels; it must answer one JSON object
``{"choose": [option ids]}``. The answer is checked against the prompt's options before it is sent (the same checks
as the engine's); a malformed or illegal answer is shown back to the model with the reason, up to ``retries`` times,
after which the seat takes a random legal answer (counted in :attr:`LLMPlayer.stats` as a fallback, so a study can
tell). In a talk channel the seat may write in, it speaks at most ``talk_turns`` times while the channel stays open
(a day), answering ``{"say": "..."}`` (an empty text passes); with ``talk_order="reply"`` it speaks again only once
somebody else has spoken since its last message (a debate, not a monologue).

:class:`LLMPlayer` works on views (dicts), so the same player sits at a live table (:func:`play_seat`, over
:mod:`velada.client`) and in an in-process arena (it is also a :class:`velada.core.bots.Bot`).
"""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from velada.agents.rules import rules_summary
from velada.core.game import Game
from velada.core.protocol import Prompt

#: How many of the latest log entries a decision shows the model.
LOG_ENTRIES = 30
#: How a seat takes its turns in a talk channel: whenever it has turns left, or only in reply to somebody else.
TALK_ORDERS = ("free", "reply")
#: The view's keys a decision leaves out of its facts (shown otherwise, or no use to a model).
UNSHOWN = ("prompts", "log", "help", "title", "lang", "talk")


class ModelError(Exception):
    """The endpoint could not be reached or answered something that is not a chat completion."""


@dataclass
class ChatModel:
    """An OpenAI-compatible chat-completions endpoint: ``url`` is the API's base (``http://127.0.0.1:8080/v1``)
    or the full ``…/chat/completions`` address."""

    url: str
    model: str
    api_key: str | None = None
    timeout: float = 120.0
    temperature: float = 0.7
    #: Ask for ``response_format: json_object`` (llama.cpp, Ollama, vLLM and OpenAI understand it).
    json_mode: bool = True

    @property
    def endpoint(self) -> str:
        url = self.url.rstrip("/")
        return url if url.endswith("/chat/completions") else f"{url}/chat/completions"

    def complete(self, messages: list[dict[str, str]]) -> str:
        """The model's answer to ``messages`` (its text)."""
        body: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if self.json_mode:
            body["response_format"] = {"type": "json_object"}
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.endpoint, data=json.dumps(body).encode(), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                answer = json.loads(response.read())
            return answer["choices"][0]["message"]["content"] or ""
        except (urllib.error.URLError, OSError, ValueError, KeyError, IndexError, TypeError) as exc:
            raise ModelError(f"{self.endpoint}: {exc}") from exc


def help_lines(view: dict[str, Any]) -> list[str]:
    """The view's help as text: what each card or role the seat may know of does (the phone shows it when the
    card is touched), its details after it — the rules a model needs most, which the rules summary leaves out."""
    entries = view.get("help") or []
    if not entries:
        return []
    lines = ["What the cards and roles you know of do:"]
    for entry in entries:
        details = "; ".join(f"{name}: {value}" for name, value in entry.get("details") or [])
        lines.append(f"- {entry.get('title')}: {entry.get('text')}" + (f" ({details})" if details else ""))
    return lines


def parse_object(text: str) -> dict[str, Any] | None:
    """The JSON object in a model's answer (alone, in a code fence, or amid words: the last whole one, since a model
    that reasons aloud gives its answer last), or ``None``. A reasoning model's ``<think>…</think>`` is left out."""
    text = re.sub(r"<think>.*?</think>", "", text, flags=re.S).strip()
    fenced = re.search(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.S)
    for candidate in [fenced.group(1)] if fenced else []:
        try:
            value = json.loads(candidate)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    decoder = json.JSONDecoder()
    found = None
    start = text.find("{")
    while start != -1:
        try:
            value, end = decoder.raw_decode(text, start)
        except ValueError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            found = value
        start = text.find("{", end)
    return found


def problem(prompt: dict[str, Any], chosen: Any) -> str | None:
    """Why ``chosen`` is not a legal answer to ``prompt`` (a prompt as views show it), or ``None`` when it is: the
    engine's checks (velada.core.engine.check), in words a model can act on."""
    if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
        return '"choose" must be a list of strings'
    if not chosen:
        return None if prompt["skippable"] else "this decision cannot be skipped: choose"
    if prompt["text_max"]:
        if len(chosen) != 1 or not chosen[0].strip() or len(chosen[0]) > prompt["text_max"]:
            return f"write one text of 1 to {prompt['text_max']} characters"
        return None
    ids = [o["id"] for o in prompt["options"]]
    unknown = [c for c in chosen if c not in ids]
    if unknown:
        return f"{', '.join(map(repr, unknown))} is not one of the option ids {ids}"
    if len(set(chosen)) != len(chosen):
        return "an option is chosen twice"
    if not prompt["min"] <= len(chosen) <= prompt["max"]:
        return f"choose between {prompt['min']} and {prompt['max']} options, not {len(chosen)}"
    return None


def random_answer(prompt: dict[str, Any], rng: random.Random) -> list[str]:
    """A legal answer drawn at random (the fallback after the model's retries)."""
    ids = [o["id"] for o in prompt["options"]]
    if prompt["text_max"]:
        return [] if prompt["skippable"] else ["…?"]
    if not ids:
        return []
    return rng.sample(ids, max(1, min(prompt["min"], len(ids))))


class LLMPlayer:
    """One seat played by a chat model (see the module's documentation). ``stats`` counts decisions, model
    calls, malformed and illegal answers, fallbacks and things said."""

    def __init__(
        self,
        model: ChatModel,
        game: Game,
        player: str,
        *,
        lang: str = "es",
        retries: int = 3,
        talk_turns: int = 2,
        talk_order: str = "free",
        seed: int = 0,
    ) -> None:
        if talk_order not in TALK_ORDERS:
            raise ValueError(f"talk order {talk_order!r}: one of {', '.join(TALK_ORDERS)}")
        self.model, self.game, self.player, self.lang = model, game, player, lang
        self.retries, self.talk_turns, self.talk_order = retries, talk_turns, talk_order
        self.rng = random.Random(seed)
        self.stats: Counter[str] = Counter()
        self.system = (
            f"You play a game of {game.title(lang)} as the player {player!r}, with a software narrator. The rules in "
            f"short and every kind of decision:\n\n{rules_summary(game, lang)}\n\n"
            'Answer each decision with one JSON object and nothing else: {"choose": [option ids], "reason": "…"}. '
            "Use only the option ids the decision lists, between its min and max of them; [] skips where skipping "
            'is allowed; a free-text question takes {"choose": ["your text"]}. Play to win for your side.'
        )

    # --- what the model is shown ----------------------------------------------------------------------------

    def situation(self, view: dict[str, Any]) -> str:
        """What the seat sees now, for the model: the view's facts as JSON and the latest log entries as text.
        The facts are never cut: a view is as large as its game makes it (Bethlem's custom table of seven passes
        6000 characters), and a cut one hides what comes last in it — the seat's own cards (``you``)."""
        facts = {key: value for key, value in view.items() if key not in UNSHOWN}
        log = [entry.get("text") or json.dumps(entry.get("data"), ensure_ascii=False) for entry in view.get("log", [])]
        lines = [
            f"What you see now (you are {self.player}):",
            json.dumps(facts, ensure_ascii=False),
            *help_lines(view),
            "Latest events:",
        ]
        lines += [f"- {line}" for line in log[-LOG_ENTRIES:]]
        return "\n".join(lines)

    @staticmethod
    def question(prompt: dict[str, Any]) -> str:
        options = [{"id": o["id"], "label": o["label"]} for o in prompt["options"]]
        shape = (
            f"Write one text of at most {prompt['text_max']} characters."
            if prompt["text_max"]
            else f"Choose between {prompt['min']} and {prompt['max']} of the option ids."
        )
        skip = " You may skip with []." if prompt["skippable"] else " You may not skip."
        return (
            f"Decision {prompt['id']} ({prompt['kind']}): {prompt.get('text') or prompt['kind']}\n"
            f"OPTIONS: {json.dumps(options, ensure_ascii=False)}\n{shape}{skip}\n"
            'Answer {"choose": [...], "reason": "..."}.'
        )

    # --- deciding ---------------------------------------------------------------------------------------------

    def decide(self, view: dict[str, Any], prompt: dict[str, Any], refused: str | None = None) -> list[str]:
        """A legal answer to ``prompt`` (as the view shows it). ``refused``: why the server refused the last
        answer to it, told to the model."""
        self.stats["decisions"] += 1
        messages = [
            {"role": "system", "content": self.system},
            {"role": "user", "content": f"{self.situation(view)}\n\n{self.question(prompt)}"},
        ]
        if refused:
            messages[-1]["content"] += f"\nYour last answer was refused: {refused}"
        for _ in range(self.retries + 1):
            self.stats["calls"] += 1
            try:
                text = self.model.complete(messages)
            except ModelError:
                self.stats["model_errors"] += 1
                break
            answer = parse_object(text)
            why: str | None = 'that is not one JSON object with a "choose" list'
            if answer is None or "choose" not in answer:
                self.stats["malformed"] += 1
            else:
                why = problem(prompt, answer["choose"])
                if why is None:
                    return list(answer["choose"])
                self.stats["illegal"] += 1
            messages += [
                {"role": "assistant", "content": text[:2000]},
                {"role": "user", "content": f"That answer is not legal: {why}. Answer again with one JSON object."},
            ]
        self.stats["fallbacks"] += 1
        return random_answer(prompt, self.rng)

    def speech(self, view: dict[str, Any], channel: dict[str, Any], heard: list[dict[str, Any]]) -> str:
        """What the seat says in ``channel`` now (empty: nothing), given the channel's latest messages."""
        said = [f"- {m.get('player') or '?'}: {m.get('text') or ''}" for m in heard[-20:]]
        messages = [
            {"role": "system", "content": self.system},
            {
                "role": "user",
                "content": (
                    f"{self.situation(view)}\n\nTalk channel {channel.get('id')} ({channel.get('name', '')}); "
                    f"latest messages:\n" + ("\n".join(said) or "(none yet)") + "\n"
                    'You may speak now: answer {"say": "what you say, in the table\'s language"} '
                    '(or {"say": ""} to keep quiet). Say it in at most three sentences.'
                ),
            },
        ]
        self.stats["calls"] += 1
        try:
            answer = parse_object(self.model.complete(messages))
        except ModelError:
            self.stats["model_errors"] += 1
            return ""
        say = answer.get("say") if answer else None
        if not isinstance(say, str):
            self.stats["malformed"] += 1
            return ""
        return " ".join(say.split())[:500]

    # --- as a bot (the arena) ----------------------------------------------------------------------------------

    def choose(self, prompt: Prompt, view: Callable[[], dict[str, Any]] | None = None) -> list[str]:
        seen = view() if view is not None else {}
        shown = next((p for p in seen.get("prompts", []) if p["id"] == prompt.id), None)
        if shown is None:
            shown = {
                "id": prompt.id,
                "kind": prompt.kind,
                "text": None,
                "options": [{"id": o, "label": o} for o in prompt.options],
                "min": prompt.min,
                "max": prompt.max,
                "skippable": prompt.skippable,
                "text_max": prompt.text_max,
            }
        return self.decide(seen, shown)


def play_seat(seat: Any, player: LLMPlayer, report: Callable[[dict[str, Any]], None] = lambda _: None) -> Any:
    """Play ``seat`` (a :class:`velada.client.Seat`) with ``player`` until the game ends; returns the last view.
    ``report`` gets one dict per thing done (answers, refusals, speech)."""
    from velada.client import Refused

    seen = seat.wait(None)
    while seen.status == "lobby":
        seen = seat.wait(seen.version, 60)
    spoken: dict[str, int] = {}
    while seen.playing:
        view = seen.game or {}
        if player.talk_turns:
            _talk(seat, player, view, spoken, report)
        for prompt in seen.open_prompts:
            shown = next(p for p in view["prompts"] if p["id"] == prompt.id)
            refused: str | None = None
            for _ in range(player.retries + 1):
                chosen = player.decide(view, shown, refused)
                try:
                    seat.choose(prompt.id, chosen)
                    report({"event": "answer", "prompt": prompt.id, "choose": chosen})
                    break
                except Refused as exc:
                    if exc.code in ("not-open", "answered", "game-over"):
                        break  # the moment passed (a timer, the game's end)
                    refused = f"{exc.code}: {exc.text}"
                    player.stats["refused"] += 1
                    report({"event": "refused", "prompt": prompt.id, "code": exc.code})
        seen = seat.wait(seen.version, 60)
    return seen


def _talk(seat: Any, player: LLMPlayer, view: dict[str, Any], spoken: dict[str, int], report: Callable) -> None:
    """Speak in the channels the seat may write in now, ``talk_turns`` times at most while each stays open (a
    channel closed, its count starts again: the next day is a new debate); in ``reply`` order, a second turn
    only once somebody else spoke after the seat's last message."""
    from velada.client import Refused

    writable = {c["id"]: c for c in view.get("talk") or [] if c.get("write")}
    for channel in list(spoken):
        if channel not in writable:
            del spoken[channel]
    for channel_id, channel in writable.items():
        if spoken.get(channel_id, 0) >= player.talk_turns:
            continue
        try:
            heard = seat.heard(channel=channel_id)["messages"]
            taken = spoken.get(channel_id, 0)
            if player.talk_order == "reply" and taken and heard and heard[-1].get("player") == player.player:
                continue  # nobody answered its last message of this day yet
            spoken[channel_id] = spoken.get(channel_id, 0) + 1
            text = player.speech(view, channel, heard)
            if text:
                seat.talk(channel_id, text)
                player.stats["said"] += 1
                report({"event": "said", "channel": channel_id, "text": text})
        except Refused as exc:
            report({"event": "talk-refused", "channel": channel_id, "code": exc.code})
            spoken[channel_id] = player.talk_turns
