"""The LLM player against a local chat-completions endpoint (no network): malformed and illegal answers are shown
back to the model with the reason and asked again; after its retries the seat answers at random, and says so in its
counters. `velada agent` plays a whole game at a real server and talks in the day, a bounded number of times;
`velada arena` reports win rates with intervals, Elo and the werewolf measures, as JSON and HTML."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys

import pytest

from velada.agents.arena import AgentSpec, html_report, run_arena, wilson
from velada.agents.llm import UNSHOWN, ChatModel, LLMPlayer, parse_object, problem
from velada.client import Table
from velada.games import REGISTRY

from .modelo_falso import fake_model

PROMPT = {
    "id": "d1:voto",
    "kind": "voto",
    "text": "¿A quién eliminas?",
    "options": [{"id": "Ana", "label": "Ana"}, {"id": "Bea", "label": "Bea"}],
    "min": 1,
    "max": 1,
    "skippable": False,
    "text_max": 0,
}
VIEW = {"viewer": "Carla", "players": [{"id": "Ana"}, {"id": "Bea"}], "log": [{"text": "Amanece."}], "prompts": []}


def player(url: str, **kwargs) -> LLMPlayer:
    return LLMPlayer(ChatModel(url, "falso"), REGISTRY.get("hombres-lobo"), "Carla", **kwargs)


def test_una_respuesta_mal_formada_y_una_ilegal_se_devuelven_al_modelo_con_su_razon():
    with fake_model() as (url, model):
        model.decisions = 2  # the next decision follows the script: words, an unknown option, then a legal one
        seat = player(url)
        assert seat.decide(VIEW, PROMPT) == ["Ana"]
    assert seat.stats["malformed"] == 1 and seat.stats["illegal"] == 1 and seat.stats["fallbacks"] == 0
    first, second, third = (r["body"]["messages"] for r in model.requests)
    assert "OPTIONS:" in first[1]["content"] and "Ana" in first[1]["content"] and "voto" in first[0]["content"]
    assert "not one JSON object" in second[-1]["content"]
    assert "'nadie-de-aqui' is not one of the option ids" in third[-1]["content"]
    assert all(r["body"]["model"] == "falso" and r["path"] == "/v1/chat/completions" for r in model.requests)


def test_tras_los_reintentos_el_asiento_responde_al_azar_y_lo_cuenta():
    with fake_model(always_illegal=True) as (url, model):
        seat = player(url, retries=2)
        chosen = seat.decide(VIEW, PROMPT)
    assert chosen in (["Ana"], ["Bea"]) and len(model.requests) == 3
    assert seat.stats["illegal"] == 3 and seat.stats["fallbacks"] == 1


def test_un_modelo_que_no_contesta_no_para_la_partida():
    seat = player("http://127.0.0.1:9/v1", retries=1)
    seat.model.timeout = 2
    assert seat.decide(VIEW, PROMPT) in (["Ana"], ["Bea"])
    assert seat.stats["model_errors"] == 1 and seat.stats["fallbacks"] == 1


def test_las_respuestas_se_comprueban_como_el_motor():
    assert parse_object('Pues {"choose": ["Ana"]} eso') == {"choose": ["Ana"]}
    assert parse_object("nada") is None
    assert problem(PROMPT, ["Ana"]) is None
    assert "cannot be skipped" in problem(PROMPT, [])
    assert "between 1 and 1" in problem(PROMPT, ["Ana", "Bea"])
    assert "twice" in problem(PROMPT | {"max": 2}, ["Ana", "Ana"])
    assert "list of strings" in problem(PROMPT, "Ana")


@pytest.mark.slow
def test_velada_agent_juega_una_partida_entera_y_habla_de_dia(server):
    host = Table.create(server, "hombres-lobo", seats=5)
    with fake_model() as (url, model):
        command = [sys.executable, "-m", "velada", "agent", "--table", f"{server}/t/{host.table.code}"]
        command += ["--llm", url, "--model", "falso", "--name", "Lola", "--talk-turns", "1"]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            seated = json.loads(process.stdout.readline())
            assert seated["event"] == "seated" and seated["player"] == "Lola" and seated["game"] == "hombres-lobo"
            host.fill_with_bots()
            host.start()
            out, err = process.communicate(timeout=120)
        finally:
            process.kill()
    assert process.returncode == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    finished = lines[-1]
    assert finished["event"] == "finished" and finished["result"]["reason"]
    stats = finished["stats"]
    assert stats["decisions"] >= 1 and stats.get("fallbacks", 0) == 0
    answers = [line for line in lines if line["event"] == "answer"]
    assert len(answers) == stats["decisions"]
    said = [line for line in lines if line["event"] == "said"]
    talk_requests = [r for r in model.requests if '{"say"' in r["body"]["messages"][1]["content"]]
    # What it was refused (talk's own rate limit, say) was asked of the model but not said.
    refused = [line for line in lines if line["event"] == "talk-refused"]
    assert all(line["code"].startswith("talk-") for line in refused)
    assert len(said) <= len(talk_requests) <= len(said) + len(refused)
    by_day = [line for line in said + refused if line["channel"] == "dia"]
    assert len(by_day) <= finished["result"]["rounds"] + 1  # one turn a day at most (the preparation's too)
    voted = any(re.search(r"^Decision d\d+:voto", r["body"]["messages"][1]["content"], re.M) for r in model.requests)
    if voted:  # alive in a day: it took its turn in the day's channel before voting
        assert by_day


def test_arena_informa_tasas_con_intervalos_elo_y_medidas_de_hombres_lobo(tmp_path):
    game = REGISTRY.get("hombres-lobo")
    with fake_model() as (url, model):
        specs = [AgentSpec.parse(s, game) for s in ("random", "heuristico", f"llm:{url}:falso", "random", "heuristico")]
        report = run_arena(game, specs, 6, seed=3)
    assert set(report["agents"]) == {"random", "heuristico", "llm:falso"}
    for label, r in report["agents"].items():
        low, high = r["ci95"]
        assert 0 <= low <= r["win_rate"] <= high <= 1 and r["seats"] == 6 * (2 if label != "llm:falso" else 1)
        assert r["games"] == 6 and isinstance(r["elo"], float)
    assert sum(r["elo"] for r in report["agents"].values()) == pytest.approx(3000, abs=0.5)
    # A side wins or loses once a game, however many seats it has: the unit of its rate is the game.
    assert all(r["games"] <= 6 for r in report["sides"].values())
    assert 1 <= sum(r["wins"] for r in report["sides"].values()) <= 6
    assert report["llm"]["llm:falso"]["decisions"] >= 6 and report["llm"]["llm:falso"]["malformed"] >= 1
    assert {"wolf_day_votes", "partner_vote_rate"} & set().union(*map(set, report["werewolf"].values()))
    page = html_report(report)
    assert "<table>" in page and "llm:falso" in page and "Elo" in page
    assert len(model.requests) >= report["llm"]["llm:falso"]["calls"]


def test_elo_de_bradley_terry_no_depende_del_orden_y_sale_de_los_pares():
    from velada.agents.arena import elo

    ratings = elo({("a", "b"): 30.0, ("b", "a"): 10.0}, ["a", "b"])
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(30.5 / 10.5), abs=0.01)
    assert ratings["a"] + ratings["b"] == pytest.approx(2000)
    three = elo({("a", "b"): 5.0, ("b", "c"): 5.0, ("c", "a"): 1.0}, ["a", "b", "c"])
    assert three["a"] > three["b"] > three["c"] and sum(three.values()) == pytest.approx(3000)
    assert elo({}, ["solo"]) == {"solo": 1000.0}


def test_intervalo_de_wilson():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.001) and high == pytest.approx(0.596, abs=0.001)
    # By hand: 32 of 50, z = 1.96: centre (0.64 + z²/100) / (1 + z²/50) = 0.6300, half-width 0.1286.
    low, high = wilson(32, 50)
    assert low == pytest.approx(0.5014, abs=0.0001) and high == pytest.approx(0.7586, abs=0.0001)
    assert wilson(0, 0) == (0.0, 1.0) and wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    with pytest.raises(ValueError, match="llm:URL:MODEL"):
        AgentSpec.parse("llm:sin-url", REGISTRY.get("hombres-lobo"))


def test_los_asientos_de_un_agente_en_una_partida_no_son_pruebas_independientes():
    from velada.agents.arena import seat_rate

    # 4 seats a game over 50 games, 99 of the 200 won: the rate is per seat, the interval as wide as 50 games give.
    r = seat_rate(99, 200, 50)
    assert r["win_rate"] == pytest.approx(0.495) and r["ci95"] == pytest.approx(list(wilson(0.495 * 50, 50)))
    assert r["ci95"][1] - r["ci95"][0] > wilson(99, 200)[1] - wilson(99, 200)[0] + 0.1


def test_arena_con_menos_agentes_que_jugadores_llena_la_mesa_recomendada():
    game = REGISTRY.get("hombres-lobo")
    specs = [AgentSpec.parse(s, game) for s in ("random", "heuristico")]
    report = run_arena(game, specs, 2, seed=1)
    assert report["players"] == game.info.recommended[0]
    assert sum(r["seats"] for r in report["agents"].values()) == 2 * game.info.recommended[0]


def test_velada_arena_escribe_json_y_html(tmp_path):
    from typer.testing import CliRunner

    from velada.cli import app

    out, page = tmp_path / "arena.json", tmp_path / "arena.html"
    seats = ["--seat", "random", "--seat", "heuristico"] * 3
    files = ["--json", str(out), "--html", str(page)]
    result = CliRunner().invoke(app, ["arena", "gauekos", *seats, "--games", "5", *files])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["games"] == 5 and report["players"] == 6 and "heuristico" in result.output
    assert "<h1>velada arena: gauekos</h1>" in page.read_text()
    bad = CliRunner().invoke(app, ["arena", "gauekos", "--seat", "nadie", "--games", "1"])
    assert bad.exit_code == 2 and "no bot" in bad.output


class SeatThatHears:
    """A seat's talk as velada.client.Seat gives it (heard, talk), kept in memory."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.messages: list[dict] = []

    def heard(self, channel=None, after=0):
        return {"messages": [m for m in self.messages if m["channel"] == channel]}

    def talk(self, channel, text):
        self.messages.append({"channel": channel, "player": self.player, "text": text})


@pytest.mark.parametrize(("order", "expected"), [("free", [1, 2, 2, 2, 3]), ("reply", [1, 1, 2, 2, 3])])
def test_los_turnos_de_palabra_estan_acotados_por_dia_y_en_orden_de_respuesta(order, expected):
    from velada.agents.llm import _talk

    day = {"talk": [{"id": "dia", "write": True}], "log": []}
    night = {"talk": [{"id": "dia", "write": False}], "log": []}
    with fake_model() as (url, _):
        seat = SeatThatHears("Carla")
        speaker = player(url, talk_turns=2, talk_order=order)
        spoken: dict = {}
        counts = []
        for moment, view in enumerate([day, day, day, day, night, day]):
            if moment == 2:
                seat.messages.append({"channel": "dia", "player": "Ana", "text": "¿Y tú qué?"})
            _talk(seat, speaker, view, spoken, lambda _: None)
            if view is day:
                counts.append(sum(m["player"] == "Carla" for m in seat.messages))
    # Two turns a day at most; in reply order the second waits for Ana; the night closes the day, the next opens.
    assert counts == expected
    with pytest.raises(ValueError, match="talk order"):
        player("http://127.0.0.1:9/v1", talk_order="subasta")


def test_velada_agent_rechaza_un_enlace_malo_o_un_servidor_que_no_esta():
    from typer.testing import CliRunner

    from velada.cli import app

    model = ["--llm", "http://127.0.0.1:9/v1", "--model", "falso"]
    bad = CliRunner().invoke(app, ["agent", "--table", "http://127.0.0.1:9/lobby", *model])
    assert bad.exit_code == 2 and "not a table's link" in bad.output
    gone = CliRunner().invoke(app, ["agent", "--table", "http://127.0.0.1:9/t/abc234", *model])
    assert gone.exit_code == 2 and "refused" in gone.output.lower()
    order = CliRunner().invoke(app, ["agent", "--table", "http://127.0.0.1:9/t/abc234", *model, "--talk-order", "x"])
    assert order.exit_code == 2 and "--talk-order" in order.output


class Recorder:
    """A chat model in memory: keeps what it is sent and answers the decision's first options."""

    def __init__(self) -> None:
        self.sent: list[list[dict]] = []

    def complete(self, messages):
        self.sent.append(messages)
        options = json.loads(re.search(r"^OPTIONS: (.*)$", messages[1]["content"], re.M).group(1))
        low = int(m.group(1)) if (m := re.search(r"Choose between (\d+) and", messages[1]["content"])) else 1
        return json.dumps({"choose": [o["id"] for o in options[: max(low, 1)]]})


def asked(game, state, player: str, prompt_id: str) -> list[dict]:
    """What an LLM player at ``player``'s seat sends the model for ``prompt_id`` in ``state``."""
    from velada.core.engine import build_view

    model = Recorder()
    seat = LLMPlayer(model, game, player, talk_turns=0)  # type: ignore[arg-type]
    view = build_view(game, state, player, "es")
    seat.decide(view, next(p for p in view["prompts"] if p["id"] == prompt_id))
    return model.sent[0]


@pytest.mark.parametrize("game_id", ["hombres-lobo", "ajo-y-agua", "bethlem"])
def test_lo_que_el_modelo_lee_no_depende_de_lo_que_su_asiento_no_sabe(game_id):
    """Noninterference of the LLM player's prompt: in another world that deals again everything the seat may not
    know (``Game.shuffle_hidden``), the model is sent the very same messages."""
    from velada.core.bots import random_bot
    from velada.core.engine import Match
    from velada.core.protocol import NARRATOR

    game = REGISTRY.get(game_id)
    rng = random.Random(3)
    compared = 0
    for seed in range(2):
        players = [f"p{i}" for i in range(game.info.recommended[0])]
        match = Match(game, players, {}, seed)
        bots = {p: random_bot(p, seed + i) for i, p in enumerate([*players, NARRATOR])}
        while match.result is None:
            prompt = match.pending()[0]
            if prompt.player != NARRATOR and rng.random() < 0.3:
                other = game.shuffle_hidden(match.state, prompt.player, rng)
                mine = asked(game, match.state, prompt.player, prompt.id)
                assert asked(game, other, prompt.player, prompt.id) == mine
                compared += 1
            match.choose(prompt.player, prompt.id, bots[prompt.player].choose(prompt))
    assert compared > 10


def test_el_modelo_lee_la_vista_entera_de_su_asiento_tambien_en_la_mesa_mas_grande():
    """The model is shown the seat's whole view, however large: at Bethlem's custom table of seven a view's
    facts pass 6000 characters, and a cut there once left out the seat's own cards (``you``, near the end)."""
    from velada.core.bots import random_bot
    from velada.core.engine import Match, build_view
    from velada.core.protocol import NARRATOR

    game = REGISTRY.get("bethlem")
    players = [f"p{i}" for i in range(7)]
    match = Match(game, players, {"cards": "custom"}, 5)
    bots = {p: random_bot(p, i) for i, p in enumerate([*players, NARRATOR])}
    largest = step = 0
    while match.result is None and largest < 6500:
        prompt = match.pending()[0]
        step += 1
        if prompt.player != NARRATOR and step % 10 == 0:  # views grow slowly; building one takes a while
            view = build_view(game, match.state, prompt.player, "es")
            lines = asked(game, match.state, prompt.player, prompt.id)[1]["content"].splitlines()
            shown = json.loads(lines[lines.index(f"What you see now (you are {prompt.player}):") + 1])
            assert shown["you"] == view["you"] and set(shown) == set(view) - set(UNSHOWN)
            largest = max(largest, len(lines[1]))
        match.choose(prompt.player, prompt.id, bots[prompt.player].choose(prompt))
    assert largest >= 6500, "no view that large came up"


def test_medidas_de_hombres_lobo_y_elo_comprobados_a_mano_en_una_partida_guionizada():
    """A short game scripted by hand. Night 1 the Vidente (Ana) sees Bea, a wolf; day 1 she votes against Bea (a
    finding acted upon) and Bea votes against Carlos, her fellow wolf. Night 2 she sees Carlos; day 2 she votes
    Bea again (acted upon already: not counted twice) and Carlos votes Bea; day 3 she votes Carlos (acted upon)
    and the village wins. Two labels: a = Ana, Dani, Eva, Fran; b = Bea, Carlos, Gema, Hugo."""
    from tests.hombres_lobo.mesa import OCHO, mesa, votan
    from velada.agents.arena import elo, pair_points, werewolf_measures

    match = mesa(OCHO)

    def night(seen: str, victim: str) -> None:
        while match.state.phase == "noche":
            for p in match.pending():
                chosen = [seen] if p.kind == "vidente" else [victim] if p.kind == "lobos" else []
                match.choose(p.player, p.id, chosen if p.skippable or chosen else list(p.options[: p.min]))

    night("Bea", "Hugo")
    votan(match, {"Ana": "Bea", "Bea": "Carlos", "Carlos": "Fran", "Dani": "Fran", "Eva": "Gema"})
    night("Carlos", "Gema")
    votan(match, {"Ana": "Bea", "Bea": "Ana", "Carlos": "Bea", "Dani": "Bea", "Eva": "Bea"})
    night("Dani", "Dani")
    votan(match, {"Ana": "Carlos", "Carlos": "Ana", "Eva": "Carlos"})
    assert match.result is not None and match.result.sides == ("aldeanos",)

    measures = {player: dict(counts) for player, counts in werewolf_measures(match.game, match).items()}
    assert measures["Ana"] == {"seer_wolf_findings": 2, "findings_acted_upon": 2}
    assert measures["Bea"] == {"wolf_day_votes": 2, "wolf_votes_against_partner": 1}
    assert measures["Carlos"] == {"wolf_day_votes": 3, "wolf_votes_against_partner": 1}

    # Elo: each of a's four winners beats each of b's two losers (8 wins); b's winners (Gema, Hugo) beat no one
    # of a, and seats of one label are not compared. With half a win each way as a prior: 400·log10(8.5/0.5).
    a, b = AgentSpec("a", bot="random"), AgentSpec("b", bot="random")
    agents = {p: a if p in ("Ana", "Dani", "Eva", "Fran") else b for p in OCHO}
    points: dict = {}
    pair_points(points, match.result, agents)
    assert points == {("a", "b"): 8.0}
    ratings = elo(points, ["a", "b"])
    assert ratings["a"] == pytest.approx(1000 + 200 * math.log10(17), abs=0.01)  # 1246.1
    assert ratings["b"] == pytest.approx(1000 - 200 * math.log10(17), abs=0.01)  # 753.9


def test_el_modelo_lee_lo_que_hacen_las_cartas_que_su_vista_explica():
    """The view's help (what each card or role the seat may know of does: Bethlem's cards, their opposite effects)
    is the rules a model needs most; it is part of what a decision shows, as on the seat's phone."""
    from velada.core.engine import Match, build_view

    game = REGISTRY.get("bethlem")
    match = Match(game, ["p0", "p1", "p2", "p3"], {}, 2)
    prompt = match.pending()[0]
    help_ = build_view(game, match.state, prompt.player, "es")["help"]
    message = asked(game, match.state, prompt.player, prompt.id)[1]["content"]
    assert help_ and all(entry["title"] in message and entry["text"] in message for entry in help_)
    details = [value for entry in help_ for _, value in entry["details"]]
    assert details and all(value in message for value in details)


def test_la_respuesta_de_un_modelo_que_piensa_en_voz_alta_es_el_ultimo_objeto_que_da():
    """Local reasoning models (Qwen3, DeepSeek-R1 through Ollama or llama.cpp) write their thinking before the
    answer, braces included: the answer is the last whole JSON object, outside the thinking."""
    thinking = '<think>Quizá {"choose": ["Bea"]}… o {nadie}. Mejor Ana.</think>\n{"choose": ["Ana"]}'
    assert parse_object(thinking) == {"choose": ["Ana"]}
    assert parse_object('Dudo entre {a} y {"choose": ["Bea"]}; al final {"choose": ["Ana"], "x": {"y": 1}}') == {
        "choose": ["Ana"],
        "x": {"y": 1},
    }
