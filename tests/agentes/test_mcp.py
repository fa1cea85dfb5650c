"""`velada mcp` with a real MCP client session of the official SDK, over stdio and over streamable HTTP, against a
real velada server: the assistant takes a seat, reads the game's actions and its view, answers prompts until the
game ends; a wrong answer is a tool error with the protocol's reason, and changes nothing."""

from __future__ import annotations

import json
import subprocess
import sys

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from velada.client import Table

from .conftest import free_port, listening

pytestmark = pytest.mark.slow


def structured(result):
    assert not result.is_error, result.content
    if result.structured_content is not None:
        content = result.structured_content
        return content.get("result", content) if set(content) == {"result"} else content
    return json.loads(result.content[0].text)


def text_of(result) -> str:
    return "".join(getattr(part, "text", "") for part in result.content)


def refusal(result) -> str:
    """A tool error's reason, without the SDK's "Error executing tool NAME: " before it."""
    assert result.is_error
    text = text_of(result)
    return text.split(": ", 1)[1] if text.startswith("Error executing tool") else text


async def play_a_game(client, host) -> None:
    tools = {tool.name for tool in (await client.list_tools()).tools}
    assert {"take_seat", "read_view", "wait_for_change", "game_actions", "answer", "talk", "read_talk"} <= tools

    seat = structured(await client.call_tool("take_seat", {"name": "Claudia"}))
    assert seat["player"] == "Claudia" and seat["token"]
    again = await client.call_tool("take_seat", {"name": "Otra"})
    assert refusal(again).startswith("seated: ")
    # In the lobby too, the rules in short come before the prompt kinds (the tool says so).
    lobby = text_of(await client.call_tool("game_actions", {}))
    assert "Sides that can win" in lobby and "vidente" in lobby

    await anyio.to_thread.run_sync(host.fill_with_bots)
    await anyio.to_thread.run_sync(host.start)

    actions = await client.call_tool("game_actions", {})
    assert not actions.is_error and "vidente" in text_of(actions) and "hombres-lobo" in text_of(actions)

    seen = structured(await client.call_tool("read_view", {}))
    refused_once = False
    for _ in range(400):
        if seen["status"] == "finished":
            break
        for prompt in seen["open_prompts"]:
            if not refused_once:
                wrong = await client.call_tool("answer", {"prompt": prompt["id"], "options": ["nadie-de-aqui"]})
                assert refusal(wrong).startswith("unknown-option: ") and "nadie-de-aqui" in refusal(wrong)
                # Still open and unanswered (the bots may have changed other parts of the view meanwhile).
                still = structured(await client.call_tool("read_view", {}))["open_prompts"]
                assert prompt["id"] in [p["id"] for p in still]
                refused_once = True
            chosen = [o["id"] for o in prompt["options"][: max(prompt["min"], 1)]]
            structured(await client.call_tool("answer", {"prompt": prompt["id"], "options": chosen}))
        seen = structured(
            await client.call_tool("wait_for_change", {"version": seen["version"], "timeout_seconds": 30})
        )
    assert seen["status"] == "finished" and seen["view"]["result"]["reason"]
    assert refused_once


def test_una_sesion_mcp_por_stdio_juega_una_partida(server):
    host = Table.create(server, "hombres-lobo", seats=5)
    parameters = StdioServerParameters(
        command=sys.executable, args=["-m", "velada", "mcp", "--table", f"{server}/t/{host.table.code}"]
    )

    async def session():
        async with Client(parameters) as client:
            await play_a_game(client, host)

    anyio.run(session)


def test_una_sesion_mcp_por_http_juega_una_partida(server, tmp_path):
    host = Table.create(server, "hombres-lobo", seats=5)
    port = free_port()
    command = [sys.executable, "-m", "velada", "mcp", "--table", f"{server}/t/{host.table.code}", "--http"]
    log = open(tmp_path / "mcp.log", "wb")  # noqa: SIM115 - open while the server runs
    process = subprocess.Popen([*command, "--port", str(port)], stdout=log, stderr=subprocess.STDOUT)
    try:
        listening(process, port)

        async def session():
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                await play_a_game(client, host)

        anyio.run(session)
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


def test_un_enlace_que_no_es_de_una_mesa_se_rechaza_con_su_razon():
    from typer.testing import CliRunner

    from velada.agents.mcp_server import parse_table_url
    from velada.cli import app

    assert parse_table_url("http://127.0.0.1:8000/t/abc234") == ("http://127.0.0.1:8000", "abc234")
    assert parse_table_url("https://example.org/velada/t/abc234/") == ("https://example.org/velada", "abc234")
    result = CliRunner().invoke(app, ["mcp", "--table", "http://127.0.0.1:1/lobby"])
    assert result.exit_code == 2 and "not a table's link" in result.output


def test_el_narrador_por_mcp_ve_todo_y_contesta_al_cuentacuentos(server):
    """The SDK's client in this process, on the server object (its in-process transport), against the real
    velada server: the narrator seat's token lets an assistant narrate Bethlem's Cuentacuentos."""
    from velada.agents.mcp_server import build_server

    async def narrate_one_table() -> bool:
        """One random table; False when it ended before Ana or Bea could ask (questions open on the second night,
        and a short game of four may end or leave both out before it): the test then deals another."""
        host = Table.create(server, "bethlem", seats=4, options={"cuentacuentos": "si", "eventos": "no"})
        narrator = host.narrator()
        players = [host.table.sit(name) for name in ("Ana", "Bea")]
        await anyio.to_thread.run_sync(host.fill_with_bots)
        await anyio.to_thread.run_sync(host.start)
        mcp_server = build_server(f"{server}/t/{host.table.code}", narrator_token=narrator.token)
        async with Client(mcp_server) as client:
            seen = structured(await client.call_tool("read_view", {}))
            assert seen["view"]["viewer"] is None and seen["game"] == "bethlem"
            for _ in range(600):
                if seen["open_prompts"] or seen["status"] == "finished":
                    break
                for seat in players:
                    for prompt in (await anyio.to_thread.run_sync(seat.view)).open_prompts:
                        chosen = ["¿Saldré?"] if prompt.text_max else list(prompt.options[: max(prompt.min, 1)])
                        await anyio.to_thread.run_sync(seat.choose, prompt.id, chosen)
                seen = structured(
                    await client.call_tool("wait_for_change", {"version": seen["version"], "timeout_seconds": 0.5})
                )
            if not seen["open_prompts"]:
                assert seen["status"] == "finished", "the narrator was never asked, and the game goes on"
                return False
            prompt = seen["open_prompts"][0]
            assert prompt["kind"] == "respuesta-del-narrador" and prompt["free_text_max"] > 0
            answer = structured(await client.call_tool("answer", {"prompt": prompt["id"], "options": ["Sí."]}))
            assert answer["ok"]
            talk = await client.call_tool("talk", {"channel": "dia", "text": "hola"})
            assert refusal(talk).startswith("not-seated: ")
            return True

    async def session():
        for _ in range(8):
            if await narrate_one_table():
                return
        raise AssertionError("eight tables in a row ended before anyone asked the narrator")

    anyio.run(session)
