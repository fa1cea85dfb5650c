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


@app.command()
def agent(
    table: Annotated[str, typer.Option("--table", help="The table's link: http://HOST:PORT/t/CODE.")],
    llm: Annotated[str, typer.Option("--llm", help="OpenAI-compatible API base, e.g. http://127.0.0.1:8080/v1.")],
    model: Annotated[str, typer.Option("--model", help="The model's name at that endpoint.")],
    name: Annotated[str, typer.Option(help="The name to sit under (a new seat).")] = "Agente",
    token: Annotated[str | None, typer.Option(help="A seat's token, to play a seat already taken.")] = None,
    talk_turns: Annotated[int, typer.Option("--talk-turns", help="Times it speaks per open channel (a day).")] = 2,
    talk_order: Annotated[
        str, typer.Option("--talk-order", help="free: whenever it has turns; reply: again once somebody answered.")
    ] = "free",
    retries: Annotated[int, typer.Option(help="Retries after a malformed or illegal answer.")] = 3,
    api_key: Annotated[
        str | None, typer.Option("--api-key", envvar="VELADA_LLM_API_KEY", help="Bearer key, if needed.")
    ] = None,
    json_mode: Annotated[bool, typer.Option(help="Ask for response_format json_object.")] = True,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for each model answer.")] = 120.0,
    lang: Annotated[str | None, typer.Option(help="Language of texts (default: the table's).")] = None,
) -> None:
    """An LLM plays one seat of a table through any OpenAI-compatible chat-completions endpoint (llama.cpp,
    Ollama, vLLM, a hosted one). Prints one JSON line per thing it does; the last one has the result."""
    import json

    from velada.agents.llm import ChatModel, LLMPlayer, play_seat
    from velada.agents.mcp_server import parse_table_url
    from velada.cli import _fail
    from velada.client import Refused, Table
    from velada.games import REGISTRY

    def report(line: dict) -> None:
        print(json.dumps(line, ensure_ascii=False), flush=True)

    if talk_order not in ("free", "reply"):
        raise _fail("--talk-order: free or reply", code=2)
    try:
        base, code = parse_table_url(table)
        client = Table(base, code, lang=lang)
        seat = client.seat(token) if token else client.sit(name)
        seen = seat.view()
    except (ValueError, OSError, Refused) as exc:
        raise _fail(str(exc), code=2) from None
    report({"event": "seated", "player": seat.player, "token": seat.token, "game": seen.game_id})
    while seen.status == "lobby":
        seen = seat.wait(seen.version, 60)
    chat = ChatModel(llm, model, api_key=api_key, timeout=timeout, json_mode=json_mode)
    language = lang or (seen.game or {}).get("lang") or "es"
    game = REGISTRY.get(seen.game_id)
    player = LLMPlayer(
        chat, game, seat.player, lang=language, retries=retries, talk_turns=talk_turns, talk_order=talk_order
    )
    last = play_seat(seat, player, report)
    seat.close()
    report({"event": "finished", "result": last.result, "stats": dict(player.stats)})


@app.command()
def arena(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seat: Annotated[
        list[str], typer.Option("--seat", help="An agent: random, a bot of the game, or llm:URL:MODEL (repeatable).")
    ],
    games: Annotated[int, typer.Option("--games", help="Games to play.")] = 20,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            help="Seats; agents cycle over them (default: one per --seat, or the recommended table when fewer).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the seatings and the deals.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    json_out: Annotated[str | None, typer.Option("--json", help="Write the report as JSON here.")] = None,
    html_out: Annotated[str | None, typer.Option("--html", help="Write the report as a small HTML page here.")] = None,
    lang: Annotated[str, typer.Option(help="Language of what LLM players read.")] = "es",
) -> None:
    """Mixed tables of bots and LLM players: per agent and per side, win rates with 95% intervals and Elo; for the
    werewolf family, wolves voting out a partner and the Vidente's findings acted upon."""
    import json
    from pathlib import Path

    from velada.agents.arena import AgentSpec, html_report, run_arena
    from velada.cli import _fail, _game, _options

    game = _game(game_id, lang)
    options = _options(option or [], lang)
    try:
        specs = [AgentSpec.parse(spec, game) for spec in seat]
        report = run_arena(game, specs, games, players=players, seed=seed, options=options, lang=lang)
    except ValueError as exc:
        raise _fail(str(exc), code=2) from None
    text = json.dumps(report, ensure_ascii=False, indent=1)
    if json_out:
        Path(json_out).write_text(text + "\n", encoding="utf-8")
    if html_out:
        Path(html_out).write_text(html_report(report), encoding="utf-8")
    if not json_out:
        print(text)
    else:
        for label, r in report["agents"].items():
            low, high = r["ci95"]
            line = f"{label:24} {r['wins']:4}/{r['seats']:<4} {r['win_rate']:.0%} [{low:.0%}, {high:.0%}]"
            print(f"{line}  Elo {r['elo']:.0f}")
