"""The balance atlas: one self-contained page per game, its numbers the simulator's."""

import base64
import html
import json
import re

from typer.testing import CliRunner

from velada.atlas import Plan, measure, write
from velada.atlas.study import bots_compare
from velada.cli import app
from velada.cli.atlas import parse_range
from velada.core.sim import clustered, simulate, wilson
from velada.games import REGISTRY

LOBO = REGISTRY.get("hombres-lobo")
PNG = b"\x89PNG\r\n\x1a\n"


def test_atlas_pagina_autonoma_con_graficos_y_sus_numeros(tmp_path):
    plan = Plan((7, 8), games=30, bots=("heuristico",), seed=3)
    data = measure(LOBO, plan, ("players", "cards", "bots"))
    page = write(LOBO, data, tmp_path).read_text()
    pictures = re.findall(r"src='data:image/png;base64,([^']+)'", page)
    assert len(pictures) == 4  # sides by players, lengths, cards, bots
    assert all(base64.b64decode(p).startswith(PNG) for p in pictures)
    assert "src='http" not in page and "<link" not in page and "<script" not in page  # nothing fetched
    # The numbers are the simulator's for the same study.
    stats, _ = simulate(LOBO, 8, 30, 3, {}, bots=["heuristico"])
    assert data["players"][8]["sides"]["lobos"]["wins"] == stats.wins["lobos"]
    assert sum(data["players"][8]["lengths"].values()) == 30
    cards = {row["option"] for row in data["cards"]}
    assert {"especiales=vidente", "especiales=bruja"} <= cards
    assert json.loads((tmp_path / "hombres-lobo.json").read_text())["runs"][0]["command"].startswith("velada sim")


def test_atlas_responde_la_pregunta_del_reglamento(tmp_path):
    ajo = REGISTRY.get("ajo-y-agua")
    plan = Plan((4, 4), games=5)
    data = measure(ajo, plan, ("question",))
    answer = data["question"]
    assert len(answer["rows"]) == 8 and answer["columns"] == ["4 jugadores", "5 jugadores", "6 jugadores"]
    assert "cartas-inicio=3, mano-maxima=5" in write(ajo, data, tmp_path).read_text()


def test_atlas_rango_de_jugadores():
    assert parse_range("5..9", LOBO) == (5, 9)
    assert parse_range(None, LOBO) == LOBO.info.recommended
    assert parse_range("2..30", LOBO) == (LOBO.info.min_players, LOBO.info.max_players)
    result = CliRunner().invoke(app, ["atlas", "hombres-lobo", "--out", "x", "--players", "cinco"])
    assert result.exit_code == 2 and "A..B" in result.stderr


def test_atlas_intervalo_de_los_bots_por_partidas_no_por_asientos():
    # A bot's seats in one game are not independent trials: the atlas's interval is velada sim's, over games.
    games = 20
    plan = Plan((8, 8), games=games, seed=3)
    compare = bots_compare(LOBO, plan)
    cell = compare["(todos)"]["heuristico"]
    stats, _ = simulate(LOBO, 8, games, 3, {}, bots=["heuristico", "random"])
    assert cell["seats"] == 4 * games
    assert (cell["low"], cell["high"]) == clustered(stats, ("heuristico", ""))
    assert (
        cell["high"] - cell["low"]
        > wilson(stats.seat_wins["heuristico", ""], 4 * games)[1]
        - wilson(stats.seat_wins["heuristico", ""], 4 * games)[0]
    )


def test_atlas_rechaza_un_bot_que_ningun_juego_tiene(tmp_path):
    result = CliRunner().invoke(app, ["atlas", "hombres-lobo", "--out", str(tmp_path), "--bots", "heuristic"])
    assert result.exit_code != 0 and "heuristic" in result.stderr
    assert not list(tmp_path.iterdir())  # nothing played, nothing written


def _fragments(template):
    """The words of a catalogue text between its fields, long enough to be unmistakable."""
    return [part.strip(" .,:;()«»“”") for part in re.split(r"\{[^}]*\}", template) if len(part.strip()) >= 4]


def test_atlas_en_ingles_sin_textos_en_espanol_y_al_reves(tmp_path, monkeypatch):
    import matplotlib.text

    from velada.atlas import charts, render
    from velada.atlas.texts import TEXTS

    es, en = TEXTS.messages["es"], TEXTS.messages["en"]
    assert set(es) == set(en)  # every text in both languages
    drawn = []
    png = charts._png

    def keep_text(fig):
        drawn.extend(t.get_text() for t in fig.findobj(matplotlib.text.Text))
        return png(fig)

    monkeypatch.setattr(charts, "_png", keep_text)
    data = measure(LOBO, Plan((7, 8), games=4, seed=3), ("players", "options", "cards", "bots"))
    ajo = REGISTRY.get("ajo-y-agua")
    for lang, other in (("en", es), ("es", en)):
        drawn.clear()
        question = measure(ajo, Plan((4, 4), games=2, lang=lang), ("question",))
        page = render(LOBO, data, lang) + render(ajo, question, lang)
        # What a reader sees: text and chart words, not tags, commands or option ids (``voto=dos-rondas``).
        shown = html.unescape(re.sub(r"<code>.*?</code>|<[^>]*>", " ", page)) + "\n".join(drawn)
        shown = re.sub(r"[\w-]+=[\w,-]+", " ", shown)
        assert f"<html lang='{lang}'>" in page and drawn
        mine = TEXTS.messages[lang]
        for key, template in other.items():
            for fragment in _fragments(template):
                if fragment and fragment not in mine[key]:
                    assert not re.search(rf"(?<![\w=-]){re.escape(fragment)}(?![\w-])", shown), (lang, key, fragment)


def test_atlas_mide_una_opcion_enmascarada_donde_actua_y_dice_cual_no_pudo_medir(tmp_path):
    from velada.atlas.study import option_effects

    rows = {row["option"]: row for row in option_effects(LOBO, Plan((8, 8), games=6, seed=3))}
    # The thief's variant does nothing without the thief, nor a tie rule while the sheriff breaks ties: each is
    # measured with the one other option that lets it act, not shown as a false 0.
    assert rows["ladron-variante=rotacion"]["context"] == {"especiales": "ladron"}
    assert rows["empate=azar"]["context"] and "alguacil" in rows["empate=azar"]["context"]
    assert rows["voto=dos-rondas"]["context"] == {}
    # Two wolves are what 'auto' deals at eight: the same games whatever else changes, so no rate is drawn.
    assert rows["lobos=2"] == {"option": "lobos=2", "unmeasured": "no-effect"}
    page = write(
        LOBO,
        {
            "game": LOBO.id,
            "plan": {"players": [8, 8], "games": 6, "bots": ["heuristico"], "seed": 3},
            "options": list(rows.values()),
            "runs": [],
            "versions": {},
        },
        tmp_path,
        "en",
    ).read_text()
    assert "lobos=2: the games are identical" in page and "ladron-variante=rotacion (especiales=ladron)" in page


def test_atlas_mide_la_otra_posicion_de_cada_interruptor():
    from velada.atlas.study import _values
    from velada.core.options import FlagOption

    # Defaults may be written as text: the other position of "no" is "si", whatever the type.
    assert _values(FlagOption("cuentacuentos", "no")) == ["si"]
    assert _values(FlagOption("eventos", "si")) == ["no"] == _values(FlagOption("x", True))


def _anchor(heading: str) -> str:
    """A Markdown heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_reglamentos_enlazan_las_respuestas_del_atlas():
    from pathlib import Path

    from velada.atlas.questions import QUESTIONS

    docs = Path(__file__).resolve().parent.parent / "docs"
    balance = (docs / "balance.md").read_text(encoding="utf-8")
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", balance, re.MULTILINE)}
    linked = {}
    for rules in sorted((docs / "rules").glob("*.md")):
        targets = re.findall(r"\]\(\.\./balance\.md#([^)]+)\)", rules.read_text(encoding="utf-8"))
        assert all(t in anchors for t in targets), (rules.name, targets)
        linked[rules.stem] = targets
    # Each open question the atlas answers is linked from its game's rules, to a section that exists.
    assert all(linked.get(game) for game in QUESTIONS), linked
