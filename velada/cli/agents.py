"""Commands for agents at the table: ``velada mcp`` (an MCP server for AI assistants), ``velada agent`` (an LLM
plays one seat) and ``velada arena`` (mixed tables of bots and LLMs, with win rates and Elo)."""

from __future__ import annotations

from typing import Annotated

import typer

from velada.cli import app


def _needs_extra(exc: ImportError) -> typer.Exit:
    from velada.cli import _fail

    return _fail(f"this command needs the agents extra: pip install -e '.[agents]' ({exc.name} is missing)", code=1)


@app.command()
def mcp(
    table: Annotated[str, typer.Option("--table", help="The table's link: http://HOST:PORT/t/CODE.")],
    token: Annotated[str | None, typer.Option(help="A seat's token, to play a seat already taken.")] = None,
    narrator_token: Annotated[
        str | None, typer.Option("--narrator-token", help="The narrator seat's token (the host asks for it).")
    ] = None,
    http: Annotated[bool, typer.Option("--http", help="Streamable HTTP on --host/--port (/mcp).")] = False,
    host: Annotated[str, typer.Option(help="With --http: address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="With --http: port.")] = 8765,
    lang: Annotated[str | None, typer.Option(help="Language of texts (default: the table's).")] = None,
) -> None:
    """An MCP server (Model Context Protocol) that seats an AI assistant at a table of a running velada server:
    tools to take a seat, read the view and the game's actions, answer prompts and talk."""
    try:
        from velada.agents.mcp_server import build_server
    except ImportError as exc:
        raise _needs_extra(exc) from None
    from velada.cli import _fail

    try:
        server = build_server(table, token, narrator_token, lang)
    except ValueError as exc:
        raise _fail(str(exc), code=2) from None
    if http:
        server.run("streamable-http", host=host, port=port)
    else:
        server.run("stdio")
