"""Talk channels, by the rules: who reads and who writes each channel, at the moment the rules say
(velada/core/talk.py, docs/rules/*.md "Charla")."""

from __future__ import annotations

import pytest

from tests.bethlem import mesa as bethlem
from tests.hombres_lobo.mesa import OCHO, elige, mesa, noche_tranquila, votan
from velada.core import talk
from velada.core.engine import Match, build_view
from velada.core.protocol import NARRATOR, PUBLIC
from velada.core.talk import MAX_TALK, Talk, TalkError
from velada.games import REGISTRY


def canales(m: Match, viewer) -> dict[str, dict]:
    return {c["id"]: c for c in build_view(m.game, m.state, viewer, "es", texts=False)["talk"]}


def recibe(charla: Talk, viewer) -> list[tuple[str, str | None, str]]:
    return [(m["channel"], m["player"], m["text"]) for m in charla.json(viewer)]


def test_un_aldeano_nunca_recibe_un_mensaje_de_los_lobos():
    m = mesa(OCHO)
    charla = Talk()
    charla.say(m.game, m.state, "Bea", "lobos", "¿Fran?")
    charla.say(m.game, m.state, "Carlos", "lobos", "Vale, Fran")
    for aldeano in ("Ana", "Dani", "Eva", "Fran", "Gema", "Hugo", PUBLIC):
        assert recibe(charla, aldeano) == []
        assert "lobos" not in canales(m, aldeano)
    assert recibe(charla, "Carlos") == [("lobos", "Bea", "¿Fran?"), ("lobos", "Carlos", "Vale, Fran")]
    assert canales(m, "Bea")["lobos"]["write"]
    # The narrator reads everything.
    assert len(recibe(charla, None)) == 2


def test_un_aldeano_que_escribe_en_el_canal_de_los_lobos_recibe_la_misma_respuesta_que_en_uno_que_no_existe():
    m = mesa(OCHO)
    with pytest.raises(TalkError) as lobos:
        Talk().say(m.game, m.state, "Ana", "lobos", "hola")
    with pytest.raises(TalkError) as inventado:
        Talk().say(m.game, m.state, "Ana", "amotinados", "hola")
    assert lobos.value.code == inventado.value.code == "no-channel"


def test_lobo_que_muere_deja_de_recibir_a_los_lobos_y_recibe_a_los_muertos():
    m = mesa(OCHO)
    charla = Talk()
    charla.say(m.game, m.state, "Bea", "lobos", "la primera noche")
    noche_tranquila(m, {"Bea": "Fran", "Carlos": "Fran"})
    # Day 1: Fran died in the night. The village lynches Bea, a wolf.
    charla.say(m.game, m.state, "Fran", "muertos", "me comieron")
    votan(m, {p: "Bea" for p in ("Ana", "Carlos", "Dani", "Eva", "Gema", "Hugo")})
    assert not m.state.alive[m.state.index["Bea"]]
    assert "lobos" not in canales(m, "Bea")
    assert canales(m, "Bea")["muertos"]["write"]
    charla.say(m.game, m.state, "Fran", "muertos", "bienvenida, Bea")
    noche = m.state.day
    while m.state.phase != "noche" or m.state.day == noche:
        p = m.pending()[0]
        m.choose(p.player, p.id, [] if p.skippable else list(p.options[: p.min]))
    charla.say(m.game, m.state, "Carlos", "lobos", "me quedé solo")
    heard = recibe(charla, "Bea")
    assert ("lobos", "Carlos", "me quedé solo") not in heard
    # She keeps what she already read, and from her death on she hears the dead — not what they said before.
    assert heard == [("lobos", "Bea", "la primera noche"), ("muertos", "Fran", "bienvenida, Bea")]
    assert ("muertos", "Fran", "me comieron") not in recibe(charla, "Carlos")


def test_los_muertos_no_pueden_escribir_en_el_dia():
    m = mesa(OCHO)
    noche_tranquila(m, {"Bea": "Fran", "Carlos": "Fran"})
    assert m.state.phase == "dia"
    charla = Talk()
    with pytest.raises(TalkError) as refused:
        charla.say(m.game, m.state, "Fran", "dia", "¡Fue Bea!")
    assert refused.value.code == "closed"
    assert canales(m, "Fran")["dia"] == canales(m, "Fran")["dia"] | {"write": False}
    charla.say(m.game, m.state, "Ana", "dia", "Yo soy la vidente")
    # The dead still read the day.
    assert recibe(charla, "Fran") == [("dia", "Ana", "Yo soy la vidente")]
    assert recibe(charla, PUBLIC) == [("dia", "Ana", "Yo soy la vidente")]


def test_el_narrador_habla_en_el_dia_y_todos_lo_leen():
    """The narrator's public messages go in the day's channel, at any moment (by night too): every player, dead
    or alive, and the shared screen read them."""
    m = mesa(OCHO)
    assert m.state.phase == "noche"
    charla = Talk()
    charla.say(m.game, m.state, NARRATOR, "dia", "Que nadie abra los ojos")
    noche_tranquila(m, {"Bea": "Fran", "Carlos": "Fran"})
    charla.say(m.game, m.state, NARRATOR, "dia", "Fran ha muerto")
    for viewer in (*m.players, PUBLIC, None):
        assert recibe(charla, viewer) == [
            ("dia", NARRATOR, "Que nadie abra los ojos"),
            ("dia", NARRATOR, "Fran ha muerto"),
        ], viewer
    assert canales(m, None)["dia"]["write"]
    # The narrator reads the wolves' channel but does not write there: it is the wolves'.
    with pytest.raises(TalkError):
        charla.say(m.game, m.state, NARRATOR, "lobos", "hola")


def test_de_noche_nadie_escribe_en_el_dia():
    m = mesa(OCHO)
    assert m.state.phase == "noche"
    with pytest.raises(TalkError) as refused:
        Talk().say(m.game, m.state, "Ana", "dia", "¿quién es?")
    assert refused.value.code == "closed"


def test_el_canal_de_los_enamorados_solo_se_abre_a_los_dos_enamorados():
    m = mesa({**OCHO, "Gema": "cupido"})
    assert all("enamorados" not in canales(m, p) for p in m.players)
    elige(m, "Gema", "cupido", "Ana", "Hugo")
    for p in m.players:
        assert ("enamorados" in canales(m, p)) == (p in ("Ana", "Hugo")), p
    charla = Talk()
    charla.say(m.game, m.state, "Hugo", "enamorados", "hola, Ana")
    assert [p for p in [*m.players, PUBLIC] if recibe(charla, p)] == ["Ana", "Hugo"]


def test_la_nina_que_espia_lee_a_los_lobos_sin_saber_quien_escribe():
    m = mesa({**OCHO, "Gema": "nina"}, nina_riesgo=0)
    elige(m, "Ana", "vidente")
    charla = Talk()
    charla.say(m.game, m.state, "Bea", "lobos", "antes de que abra los ojos")
    assert "lobos" not in canales(m, "Gema")
    elige(m, "Gema", "nina", "espiar")
    assert canales(m, "Gema")["lobos"] | {"name": None, "rule": None} == {
        "id": "lobos",
        "name": None,
        "rule": None,
        "write": False,
        "masked": True,
    }
    charla.say(m.game, m.state, "Carlos", "lobos", "vamos a por Fran")
    assert recibe(charla, "Gema") == [("lobos", None, "vamos a por Fran")]
    # The wolves are not told that she reads: their view is the same as before she spied.
    assert canales(m, "Bea")["lobos"]["masked"] is False
    # Her eyes close when the round resolves.
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Fran")
    assert "lobos" not in canales(m, "Gema")
    charla_later = Talk(charla.messages)
    with pytest.raises(TalkError):
        charla_later.say(m.game, m.state, "Gema", "lobos", "¡os vi!")


def test_bethlem_una_carta_que_cambia_de_manos_mueve_el_canal_de_los_amotinados():
    from velada.games.bethlem.deaths import swap_cards

    m = bethlem.mesa(bethlem.CUATRO)
    bethlem.hasta(m, lambda m: any(p.kind == "amotinados" for p in m.pending()))
    assert {p for p in m.players if "amotinados" in canales(m, p)} == {"Ana", "Bea"}
    charla = Talk()
    charla.say(m.game, m.state, "Ana", "amotinados", "a por Carlos")
    # Nathaniel (Bea's mutineer card) goes to Carlos: Bea leaves the mutineers at once; Carlos joins them when
    # they next wake together.
    swap_cards(m.state, "nathaniel", "larry-owls")
    assert {p for p in m.players if "amotinados" in canales(m, p)} == {"Ana"}
    charla.say(m.game, m.state, "Ana", "amotinados", "¿Bea?")
    assert ("amotinados", "Ana", "¿Bea?") not in recibe(charla, "Bea")
    assert recibe(charla, "Carlos") == []
    with pytest.raises(TalkError):
        charla.say(m.game, m.state, "Bea", "amotinados", "sigo aquí")
    bethlem.noche(m)
    bethlem.hasta(m, lambda m: any(p.kind == "amotinados" for p in m.pending()))
    assert {p for p in m.players if "amotinados" in canales(m, p)} == {"Ana", "Carlos"}
    charla.say(m.game, m.state, "Carlos", "amotinados", "ya estoy")
    assert recibe(charla, "Carlos") == [("amotinados", "Carlos", "ya estoy")]


def test_bethlem_con_cuentacuentos_cada_jugador_tiene_un_canal_con_el_narrador():
    m = bethlem.mesa(bethlem.CUATRO, cuentacuentos="si")
    ana = canales(m, "Ana")
    assert [c for c in ana if c.startswith("narrador")] == ["narrador-1"]
    charla = Talk()
    charla.say(m.game, m.state, "Ana", "narrador-1", "¿puedo preguntar?")
    charla.say(m.game, m.state, NARRATOR, "narrador-1", "Sí")
    assert recibe(charla, "Ana") == [("narrador-1", "Ana", "¿puedo preguntar?"), ("narrador-1", NARRATOR, "Sí")]
    assert recibe(charla, "Bea") == []
    with pytest.raises(TalkError):
        charla.say(m.game, m.state, "Bea", "narrador-1", "yo también")


@pytest.mark.parametrize("game", ["ajo-y-agua", "el-ansia"])
def test_ajo_y_agua_y_el_ansia_solo_tienen_el_canal_del_dia(game):
    g = REGISTRY.get(game)
    m = Match(g, ["Ana", "Bea", "Carlos", "Dani"], {}, 5)
    for viewer in (*m.players, PUBLIC, None):
        assert list(canales(m, viewer)) == ["dia"]


#: Tables that open every kind of channel the games have (the Niña, Cupido/Lamia, the mutineers with normal and
#: custom cards, Cuentacuentos).
#: custom cards, Cuentacuentos), with the kinds each opens in three random games (``mesa``: after the end).
MESAS_CON_CANALES = [
    ("hombres-lobo", 8, {"especiales": "vidente,cupido,nina,bruja"}, {"dia", "lobos-nina", "enamorados", "muertos"}),
    ("gauekos", 8, {"especiales": "sorgina,lamia"}, {"dia", "lobos", "enamorados", "muertos"}),
    ("ajo-y-agua", 4, {}, {"dia"}),
    ("el-ansia", 3, {}, {"mesa"}),
    ("bethlem", 5, {}, {"dia", "amotinados", "muertos"}),
    ("bethlem", 5, {"cards": "custom"}, {"dia", "amotinados", "muertos"}),
    ("bethlem", 4, {"cuentacuentos": "si"}, {"dia", "amotinados", "narrador"}),
]


@pytest.mark.parametrize(
    ("game_id", "seats", "options", "kinds"),
    MESAS_CON_CANALES,
    ids=["hombres-lobo", "gauekos", "ajo-y-agua", "el-ansia", "bethlem", "bethlem-personalizado", "cuentacuentos"],
)
def test_cada_canal_tiene_nombre_y_regla_en_cada_idioma(game_id, seats, options, kinds):
    """Every channel a game opens, in the course of random games, has its own name and rule in every language
    (never the catalogue's key: the wolves' channel with the Niña in the game was named 'talk.name.lobos-nina')."""
    from velada.core.bots import RandomBot

    game = REGISTRY.get(game_id)
    seen: dict[str, talk.Channel] = {}
    for seed in range(3):
        m = Match(game, [f"p{i}" for i in range(1, seats + 1)], options, seed)
        bot = RandomBot(seed)
        while True:
            for c in talk.channels(game, m.state):
                seen.setdefault(c.text_kind, c)
            if m.result is not None or len(m.choices) >= 400:
                break
            for p in m.pending():
                m.choose(p.player, p.id, bot.choose(p))
    assert kinds <= set(seen), set(seen)
    for kind, channel in seen.items():
        for lang in ("es", "en"):
            name, rule = talk.names(game, channel, lang)
            assert name and rule and not name.startswith("talk.") and not rule.startswith("talk."), (kind, lang)
            assert "{" not in name + rule, (kind, lang, name, rule)


def test_el_mensaje_se_normaliza_como_los_nombres_y_tiene_un_limite():
    assert talk.clean("  Ｈｏｌａ\n  a   todos ") == "Hola a todos"
    assert talk.clean("x" * MAX_TALK) == "x" * MAX_TALK
    for bad, code in [
        ("x" * (MAX_TALK + 1), "too-long"),
        ("   ", "empty"),
        ("hola\u202eadios", "bad-char"),
        ("a\u0301\u0302\u0303\u0304", "bad-char"),
        (None, "empty"),
    ]:
        with pytest.raises(TalkError) as refused:
            talk.clean(bad)
        assert refused.value.code == code
    assert talk.clean("👩\u200d👩\u200d👧") == "👩\u200d👩\u200d👧"


def test_al_terminar_la_partida_todo_lo_dicho_se_revela():
    m = mesa(OCHO)
    charla = Talk()
    charla.say(m.game, m.state, "Bea", "lobos", "secreto")
    assert recibe(charla, "Ana") == []
    assert [x["text"] for x in charla.json("Ana", finished=True)] == ["secreto"]
    assert charla.record() == [{"channel": "lobos", "player": "Bea", "text": "secreto", "after": 0}]


def test_un_canal_que_delata_a_sus_autores_lo_detecta_la_no_interferencia(monkeypatch):
    """The noninterference check compares talk like the log: a channel everybody reads but only the wolves write
    in would tell every reader who the wolves are — it must be caught."""
    import random

    from velada.core import noninterference
    from velada.core.talk import Channel
    from velada.games.hombres_lobo.game import WerewolfGame

    game = REGISTRY.get("hombres-lobo")
    honest = WerewolfGame.channels

    def leaky(self, state):
        wolves = frozenset(p for i, p in enumerate(state.players) if state.powers[i] == "wolf" and state.alive[i])
        return [*honest(self, state), Channel("aullidos", frozenset(state.players), wolves)]

    players = [f"p{i}" for i in range(1, 9)]
    viewers = ["p1", "p2", "p3"]
    found = []
    for seed in range(6):
        leak, _ = noninterference.check_game(game, players, {}, seed, viewers, random.Random(seed))
        assert leak is None, str(leak)
    monkeypatch.setattr(WerewolfGame, "channels", leaky)
    for seed in range(6):
        leak, _ = noninterference.check_game(game, players, {}, seed, viewers, random.Random(seed))
        if leak is not None:
            found.append(leak)
    assert found and all("talk" in (leak.mine or {}) for leak in found), found


def test_un_canal_cuya_existencia_delata_un_secreto_lo_detecta_la_no_interferencia(monkeypatch):
    """Which channels a viewer has is as secret as who writes there: a channel nobody writes in, shown to everybody
    while p1 is a living wolf, tells every reader that p1 is a wolf. The noninterference check compares the
    channels a viewer has like the log (``talk.heard``), not as part of the rest of the view, where a difference
    would only end the comparison as two worlds the viewer may tell apart."""
    import random

    from velada.core import noninterference
    from velada.core.talk import Channel
    from velada.games.hombres_lobo.game import WerewolfGame

    game = REGISTRY.get("hombres-lobo")
    honest = WerewolfGame.channels

    def leaky(self, state):
        wolf = state.powers[0] == "wolf" and state.alive[0]
        return [*honest(self, state), *([Channel("aullidos", frozenset(state.players))] if wolf else [])]

    monkeypatch.setattr(WerewolfGame, "channels", leaky)
    players = [f"p{i}" for i in range(1, 9)]
    found = []
    for seed in range(6):
        leak, _ = noninterference.check_game(game, players, {}, seed, ["p2", "p3", "p4"], random.Random(seed))
        if leak is not None:
            found.append(leak)
    assert found and all("aullidos" in repr(leak.mine) + repr(leak.other) for leak in found), found


def test_en_la_terminal_se_lee_y_se_escribe_en_el_canal_del_dia():
    """``velada play``: a line starting with "!" is said in the day's channel when the rules allow it, and refused
    with the reason (at night) otherwise; the game goes on either way."""
    import subprocess
    import sys
    from pathlib import Path

    answers = "".join("!hola a todos\n0\n" for _ in range(80))
    NAME = ("--name", "Ana")
    done = subprocess.run(
        [sys.executable, "-m", "velada", "play", "hombres-lobo", "-n", "8", "--seed", "3", "--seat", "1", *NAME],
        input=answers,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert done.returncode == 0, done.stderr
    assert "empiece por !" in done.stdout
    assert "[Día] Ana: hola a todos" in done.stdout
    assert "Ese canal está cerrado ahora" in done.stdout


def miembros(m: Match, canal: str) -> set[str]:
    return {p for p in m.players if canal in canales(m, p)}


def test_bethlem_el_amotinado_que_queda_fuera_deja_su_canal_y_entra_en_el_de_los_muertos():
    m = bethlem.mesa(bethlem.CUATRO)
    bethlem.hasta(m, lambda m: any(p.kind == "amotinados" for p in m.pending()))
    assert miembros(m, "amotinados") == {"Ana", "Bea"}
    assert miembros(m, "muertos") == set()
    charla = Talk()
    charla.say(m.game, m.state, "Ana", "amotinados", "antes")
    # Every life card of Bea's dies: she is out of the game, and out of the mutineers' channel, at that moment.
    bethlem.matar(m, *m.state.board[m.state.index["Bea"]], fuera=True)
    assert miembros(m, "amotinados") == {"Ana"}
    assert miembros(m, "muertos") == {"Bea"} and canales(m, "Bea")["muertos"]["write"]
    charla.say(m.game, m.state, "Ana", "amotinados", "después")
    charla.say(m.game, m.state, "Bea", "muertos", "me fui")
    assert recibe(charla, "Bea") == [("amotinados", "Ana", "antes"), ("muertos", "Bea", "me fui")]
    assert recibe(charla, "Ana") == [("amotinados", "Ana", "antes"), ("amotinados", "Ana", "después")]
    with pytest.raises(TalkError) as refused:
        charla.say(m.game, m.state, "Bea", "amotinados", "sigo aquí")
    assert refused.value.code == "no-channel"


@pytest.mark.parametrize("se_levanta", [True, False])
def test_bethlem_personalizado_el_traidor_entra_en_el_canal_de_los_amotinados_solo_si_los_elige(se_levanta):
    m = bethlem.mesa(bethlem.CINCO, objetivos=bethlem.OBJETIVOS_CINCO)
    bethlem.hasta_prompt(m, "Eva", "traidor")
    # Before he chooses, the mutineers have not woken: nobody has their channel yet.
    assert miembros(m, "amotinados") == set()
    m.choose("Eva", "traidor", ["levantarse"] if se_levanta else [])
    esperados = {"Ana", "Dani", "Eva"} if se_levanta else {"Ana", "Dani"}
    assert miembros(m, "amotinados") == esperados
    assert all(canales(m, p)["amotinados"]["write"] for p in esperados)
    charla = Talk()
    charla.say(m.game, m.state, "Ana", "amotinados", "¿quién más?")
    assert [p for p in [*m.players, PUBLIC] if recibe(charla, p)] == [p for p in m.players if p in esperados]


def test_bethlem_personalizado_el_renegado_despierta_y_habla_con_los_amotinados():
    m = bethlem.mesa(bethlem.SIETE, objetivos=bethlem.OBJETIVOS_SIETE)
    bethlem.hasta_prompt(m, "Ana", "amotinados")
    # Amotinados (Ana, Dani) and the Renegado (Fede); not the Inquisidor (Eva), not the Internos.
    assert miembros(m, "amotinados") == {"Ana", "Dani", "Fede"}
    charla = Talk()
    charla.say(m.game, m.state, "Fede", "amotinados", "contad conmigo")
    assert [p for p in [*m.players, PUBLIC] if recibe(charla, p)] == ["Ana", "Dani", "Fede"]


def test_velada_run_repite_lo_dicho_en_su_momento(tmp_path):
    """The downloaded record keeps what was said; ``velada run`` replays it in its place among the narrator's log
    (after the events of the choices made when it was said), deleted messages as deleted, and refuses a talk
    entry it cannot read with its reason."""
    import json

    from typer.testing import CliRunner

    from velada.cli import app

    m = mesa(OCHO)
    charla = Talk()
    charla.say(m.game, m.state, "Bea", "lobos", "¿Fran?", moment=0)
    events_before = len(m.state.log)
    noche_tranquila(m, {"Bea": "Fran", "Carlos": "Fran"})
    dawn, events_at_dawn = len(m.choices), len(m.state.log)
    charla.say(m.game, m.state, "Ana", "dia", "¡Pobre Fran!", moment=dawn)
    charla.say(m.game, m.state, "Dani", "dia", "un insulto", moment=dawn)
    charla.messages[-1].deleted = True
    votan(m, {p: "Bea" for p in ("Ana", "Carlos", "Dani", "Eva", "Gema", "Hugo")})
    record = {**m.record(), "talk": charla.record()}
    path = tmp_path / "partida.json"
    path.write_text(json.dumps(record), encoding="utf-8")

    done = CliRunner().invoke(app, ["run", str(path)])
    assert done.exit_code == 0, done.output
    lines = [json.loads(line) for line in done.output.splitlines()]
    said = [i for i, line in enumerate(lines) if "talk" in line]
    assert [lines[i]["talk"] for i in said] == [
        {"channel": "lobos", "player": "Bea", "text": "¿Fran?", "after": 0},
        {"channel": "dia", "player": "Ana", "text": "¡Pobre Fran!", "after": dawn},
        {"channel": "dia", "player": "Dani", "text": None, "after": dawn, "deleted": True},
    ]
    # Each in its place: the first after the events of the deal, the others after the night's.
    assert [line.get("seq") for line in lines[: said[0]]] == list(range(events_before))
    assert lines[said[0] + 1].get("seq") == events_before
    assert lines[said[1] - 1].get("seq") == events_at_dawn - 1
    assert lines[said[2] + 1].get("seq") == events_at_dawn

    path.write_text(json.dumps({**record, "talk": [{"channel": "dia", "text": "sin autor", "after": 99}]}))
    refused = CliRunner().invoke(app, ["run", str(path)])
    assert refused.exit_code == 1 and "talk" in refused.output, refused.output
