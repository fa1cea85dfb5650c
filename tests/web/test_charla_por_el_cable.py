"""Issue 18: talk on the wire. Every registered game is played to the end through the ASGI app with one human per
seat (tests/web/cable.py checks every view on the way); after every few choices, everybody who may write in a
channel says something there — the seats over the JSON API, the narrator's seat on its socket — and every socket
must receive exactly what its viewer reads: each message of a channel whose readers, computed here from a replay
of the game, include the viewer at that moment, with its author hidden from a masked reader (the Niña spying),
and nothing else. A seat writing in a channel it does not read gets the refusal for a channel that does not exist,
word for word."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from velada.core import talk
from velada.core.protocol import NARRATOR
from velada.games import REGISTRY
from velada.web.app import create_app

from .cable import Conn, Table

#: Every how many choices everybody talks.
TALK_EVERY = 3
TABLES = [
    ("hombres-lobo", 7, {"especiales": "vidente,bruja,cazador,cupido,nina", "nina-riesgo": "10"}),
    ("gauekos", 6, {"especiales": "sorgina,lamia,galtzagorri"}),
    ("ajo-y-agua", 4, {}),
    ("el-ansia", 4, {}),
    ("bethlem", 4, {"limite-rondas": "2"}),
    ("bethlem", 5, {"cards": "custom", "colocacion": "reparto", "limite-rondas": "2"}),
    ("bethlem", 4, {"cuentacuentos": "si", "limite-rondas": "2"}),
]
#: Every game is played to its end (El ansia's whole game takes about a minute here).
LIMITS: dict[str, int] = {}
IDS = [f"{game}-{seats}" + "".join(f"-{k}={v}" for k, v in options.items()) for game, seats, options in TABLES]
UNKNOWN_CHANNEL = "zz-no-existe"


class TalkingTable(Table):
    """A :class:`Table` where everybody talks every few choices, and every socket's talk is checked."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.said = 0
        #: By connection name: what it must receive, (channel, author as shown, text), in order.
        self.owed: dict[str, list[tuple[str, str | None, str]]] = {}
        self.got: dict[str, list[tuple[str, str | None, str]]] = {}
        self.channels_seen: set[str] = set()
        self.masked_seen = 0
        self.refusals = 0
        self.revealed = False

    def check_talk(self, conn: Conn, message: dict[str, Any]) -> None:
        if message.get("reset"):
            if self.revealed:
                return  # after the end: everything said, to everybody (checked in reveal())
            self.got[conn.name] = []
        for m in message["messages"]:
            entry = (m["channel"], m["player"], m["text"])
            assert entry in self.owed.get(conn.name, []), f"{conn.name} ({conn.viewer}) received {entry}"
            self.got.setdefault(conn.name, []).append(entry)
        # Nothing else in it tells a secret either (the settings are the host's, public).
        rest = {k: v for k, v in message.items() if k != "messages"}
        assert set(rest) <= {"type", "reset", "enabled", "muted", "muted_seats", "seats"}, rest
        assert "seats" not in rest or conn.viewer is None or conn.name == "anfitrion", (conn.name, rest)

    def start(self) -> None:
        self.host_conn.ws.send_json({"type": "talk-on", "on": True})
        self.barrier(self.host_conn)
        self.process(self.host_conn)
        super().start()

    def step(self) -> bool:
        going = super().step()
        if going and self.choices_made % TALK_EVERY == 0 and not self.finished[self.now]:
            self.talk_round()
        return going

    def talk_round(self) -> None:
        state = self.replica.state
        channels = talk.channels(self.game, state)
        # The narrator's socket is rate-limited like a person's: it speaks in one of its channels per round.
        narrated = self.rng.choice([c.id for c in channels if NARRATOR in c.writers] or [""])
        for channel in channels:
            self.channels_seen.add(channel.id)
            for author in sorted(channel.writers):
                if author == NARRATOR and channel.id != narrated:
                    continue
                self.said += 1
                text = f"charla {self.said} <i>&amp;</i> {channel.id}"
                for conn in self.conns:
                    if channel.reads(conn.viewer):
                        masked = conn.viewer in channel.masked
                        self.masked_seen += masked
                        shown = None if masked else author
                        self.owed.setdefault(conn.name, []).append((channel.id, shown, text))
                if author == NARRATOR:
                    self.narrator_says(channel.id, text)
                else:
                    response = self.post(author, "talk", {"channel": channel.id, "text": text})
                    assert response.status_code == 200, (author, channel.id, response.json())
        self.probe_talk(channels)
        self.flush()
        for conn in self.conns:
            self.barrier(conn)
            self.process(conn)
            assert self.got.get(conn.name, []) == self.owed.get(conn.name, []), f"{conn.name} missed talk"

    def narrator_says(self, channel: str, text: str) -> None:
        """The narrator's seat says something on its socket (waiting out the socket's rate limit): done when its
        own message comes back to it, the narrator reading every channel."""
        conn = self.narrator
        for _ in range(100):
            conn.ws.send_json({"type": "say", "channel": channel, "text": text})
            while True:
                message = self.receive(conn)
                if message["type"] == "error":
                    assert message["code"] == "too-fast", message
                    break
                conn.inbox.append(message)
                if message["type"] == "talk" and any(m["text"] == text for m in message["messages"]):
                    self.process(conn)
                    return
            self.process(conn)
            time.sleep(0.3)
        raise AssertionError("the narrator's socket kept refusing: too fast")

    def probe_talk(self, channels: list[talk.Channel]) -> None:
        """A seat writes in a channel it does not read: the answer is the one for a channel nobody has."""
        for name in self.names:
            foreign = [c.id for c in channels if name not in c.readers]
            if not foreign:
                continue
            target = self.rng.choice(foreign)
            reference = self.post(name, "talk", {"channel": UNKNOWN_CHANNEL, "text": "hola"})
            response = self.post(name, "talk", {"channel": target, "text": "hola"})
            assert (response.status_code, response.json()) == (reference.status_code, reference.json()), (
                f"{name} writing in {target!r} got {response.json()}, not {reference.json()}"
            )
            self.refusals += 1
            return

    def reveal(self) -> None:
        """After the end, everybody may read everything that was said (like the downloaded record)."""
        self.revealed = True
        everything = {text for owed in self.owed.values() for _, _, text in owed}
        for name in self.names:
            response = self.client.get(f"/api/tables/{self.code}/talk", headers=self.auth(name))
            assert {m["text"] for m in response.json()["messages"]} == everything
        record = self.client.get(f"/t/{self.code}/partida.json").json()
        assert {m["text"] for m in record["talk"]} == everything


PLAYED: dict[str, TalkingTable] = {}


def played(tmp_path_factory, game_id: str, seats: int, options: dict[str, str]) -> TalkingTable:
    key = json.dumps([game_id, seats, options], sort_keys=True)
    if key not in PLAYED:
        db = tmp_path_factory.mktemp("charla") / "velada.sqlite3"
        app = create_app(f"sqlite:///{db}", bot_delay=0, seed=1818)
        app.state.hub.config.talk_rate = (1e6, 1e6)
        with TestClient(app) as client:
            table = TalkingTable(client, game_id, seats, options, seed=18)
            try:
                table.open()
                table.start()
                table.play(limit=LIMITS.get(game_id, 400))
                table.finish()
                if table.finished[table.now]:
                    table.reveal()
            finally:
                table.close()
        table.forget()
        PLAYED[key] = table
    return PLAYED[key]


def test_la_lista_cubre_cada_juego_registrado():
    assert {game for game, *_ in TABLES} == set(REGISTRY.ids())


@pytest.mark.parametrize(("game_id", "seats", "options"), TABLES, ids=IDS)
def test_ningun_mensaje_llega_a_quien_no_es_de_su_canal(tmp_path_factory, game_id, seats, options):
    table = played(tmp_path_factory, game_id, seats, options)
    assert table.said > 0
    # Every channel of Ajo y Agua and El ansia is everybody's: nobody has one to knock on.
    assert table.refusals > 0 or game_id in ("ajo-y-agua", "el-ansia")
    assert table.ended or game_id in LIMITS, f"{game_id}: no end"
    if game_id in ("hombres-lobo", "gauekos"):
        assert {"dia", "lobos", "muertos"} <= table.channels_seen, table.channels_seen
    if game_id == "hombres-lobo":
        assert "enamorados" in table.channels_seen
        assert table.masked_seen > 0, "the Niña never read the wolves spying"
    if game_id == "bethlem":
        assert "amotinados" in table.channels_seen
    if options.get("cuentacuentos") == "si":
        assert any(c.startswith("narrador-") for c in table.channels_seen)
