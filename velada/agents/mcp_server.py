"""An MCP server that seats an AI assistant at one table of a running velada server (``velada mcp --table URL``).

The Model Context Protocol is how assistants use tools. This server, built with the official ``mcp`` SDK, speaks
to the table through :mod:`velada.client` only, so the assistant sees exactly what a phone at its seat sees. Its
tools: ``take_seat`` (or ``--token`` for a seat already taken), ``read_view``, ``wait_for_change``,
``game_actions`` (the text of ``velada actions GAME``), ``answer``, ``talk`` and ``read_talk``. A refused answer
is a tool error whose text starts with the protocol's code (``unknown-option: …``, ``not-open: …``), followed by
the reason in the table's language; nothing changes at the table then.

Transports: stdio (an assistant starts ``velada mcp`` itself) or streamable HTTP (``--http --port N``: the
assistant connects to ``http://127.0.0.1:N/mcp``).
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from velada.agents.rules import rules_summary
from velada.client import Narrator, Refused, Seat, Table, View
from velada.games import REGISTRY

T = TypeVar("T")


def parse_table_url(url: str) -> tuple[str, str]:
    """The server's base URL and the table's code, from a table's join link (``http://host:8000/t/CODE``)."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path.strip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] != "t" or not path[-1]:
        raise ValueError(f"not a table's link (http://HOST/t/CODE): {url}")
    prefix = "/".join(path[:-2])
    base = f"{parts.scheme}://{parts.netloc}" + (f"/{prefix}" if prefix else "")
    return base, path[-1]


def view_json(seen: View) -> dict[str, Any]:
    """A view as the tools return it: the table's status, the version to wait on, the open prompts first (what
    to answer now), then the whole view."""
    return {
        "status": seen.status,
        "game": seen.game_id,
        "version": seen.version,
        "open_prompts": [
            {
                "id": p.id,
                "kind": p.kind,
                "text": p.text,
                "options": [{"id": o, "label": label} for o, label in zip(p.options, p.labels, strict=True)],
                "min": p.min,
                "max": p.max,
                "skippable": p.skippable,
                "free_text_max": p.text_max,
            }
            for p in seen.open_prompts
        ],
        "view": seen.game,
    }


def build_server(
    table_url: str, token: str | None = None, narrator_token: str | None = None, lang: str | None = None
) -> MCPServer:
    """The MCP server for the table at ``table_url``: with ``token`` it plays that seat, with ``narrator_token``
    the narrator's seat, else the assistant takes a seat with ``take_seat``."""
    base, code = parse_table_url(table_url)
    table = Table(base, code, lang=lang)
    sitting: dict[str, Seat | Narrator] = {}
    if token:
        sitting["me"] = table.seat(token)
    elif narrator_token:
        sitting["me"] = table.narrator(narrator_token)

    server = MCPServer(
        "velada",
        instructions=(
            f"You sit at the velada table {code}. Take a seat (take_seat) unless you have one, read the game's "
            "rules and actions (game_actions), then loop: read_view, answer each open prompt with option ids from "
            "its options (between min and max of them, or [] when skippable), wait_for_change with the view's "
            "version. Talk in the channels the view lists as writable."
        ),
    )

    async def off_loop(work: Callable[[], T]) -> T:
        """The client's blocking call in a worker thread; a refusal becomes a tool error with its code."""
        try:
            return await anyio.to_thread.run_sync(work)
        except Refused as exc:
            raise ToolError(f"{exc.code}: {exc.text}") from None

    def me() -> Seat | Narrator:
        if "me" not in sitting:
            raise ToolError("not-seated: take a seat first (take_seat)")
        return sitting["me"]

    @server.tool()
    async def take_seat(name: str) -> dict[str, Any]:
        """Take the first free seat of the table under ``name`` (before the game starts). Returns your player id,
        your place and your seat's secret token (keep it to come back with --token)."""
        if "me" in sitting:
            raise ToolError("seated: you already have a seat at this table")
        seat = await off_loop(lambda: table.sit(name))
        sitting["me"] = seat
        return {"player": seat.player, "seat": seat.position, "token": seat.token}

    @server.tool()
    async def read_view() -> dict[str, Any]:
        """Your view of the game now: status, version, your open prompts, and everything your seat may see."""
        sitter = me()
        return view_json(await off_loop(sitter.view))

    @server.tool()
    async def wait_for_change(version: str, timeout_seconds: float = 30.0) -> dict[str, Any]:
        """Wait until your view's version differs from ``version`` (at most ``timeout_seconds``, up to 300), then
        return the view as read_view does."""
        sitter = me()
        seconds = max(0.0, min(timeout_seconds, 300.0))
        return view_json(await off_loop(lambda: sitter.wait(version, seconds)))

    @server.tool()
    async def game_actions() -> str:
        """The game's rules in short and every kind of prompt it opens: who answers, the options, skipping, ids
        (the text of `velada actions GAME`)."""
        if "me" not in sitting:
            raise ToolError("not-seated: take a seat first (take_seat), then the game is known")
        seen = await off_loop(sitting["me"].view)
        # Before the start the view has no language yet: the server's --lang, else Spanish (the default).
        language = lang or (seen.game or {}).get("lang") or "es"
        return rules_summary(REGISTRY.get(seen.game_id), language)

    @server.tool()
    async def answer(prompt: str, options: list[str]) -> dict[str, Any]:
        """Answer your open prompt ``prompt`` (its id) with option ids from its options; [] skips a skippable
        prompt; a free-text prompt takes one string. Refusals name the protocol's reason (unknown-option, count,
        not-open, not-skippable, answered…)."""
        sitter = me()
        version = await off_loop(lambda: sitter.choose(prompt, options))
        return {"ok": True, "version": version}

    @server.tool()
    async def talk(channel: str, text: str) -> dict[str, Any]:
        """Say ``text`` in the talk channel ``channel`` (one the view's ``talk`` list marks writable now)."""
        sitter = me()
        if not isinstance(sitter, Seat):
            raise ToolError("not-seated: the narrator's seat does not talk through this server")
        return await off_loop(lambda: sitter.talk(channel, text))

    @server.tool()
    async def read_talk(after: int = 0) -> dict[str, Any]:
        """The talk you may read: messages numbered after ``after``, the channels you read and may write."""
        sitter = me()
        if not isinstance(sitter, Seat):
            raise ToolError("not-seated: the narrator's seat does not talk through this server")
        return await off_loop(lambda: sitter.heard(after))

    return server
