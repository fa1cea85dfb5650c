"""What players read is finished text: over random games of every game, in Spanish and English, no prompt,
option label, log entry, result, card help or line of the narrator's script shows a ``{placeholder}``, a
``carta(s)``-style plural or an untranslated catalogue key; and every card id a view can show has help in both
languages (rule text written by us)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_todos_los_juegos import play_to_end, start, tables
from velada.core.engine import Match, build_view
from velada.core.i18n import LANGUAGES
from velada.core.narration import script
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY

GAMES = list(REGISTRY)
#: A catalogue key shown instead of its text: dotted lower-case words ("option.descarte", "help.power.seer").
KEY = re.compile(r"^[a-z][a-z0-9_-]*(\.[a-z0-9_<>-]+)+$")


def unfinished(text: str) -> str | None:
    """Why ``text`` is not fit to show, or ``None``."""
    if text is None:
        return None
    if "{" in text or "}" in text:
        return "placeholder"
    if "(s)" in text:
        return "plural written as (s)"
    if KEY.match(text):
        return "catalogue key"
    return None


def texts_of(view: dict) -> list[tuple[str, str]]:
    found = []
    for prompt in view["prompts"]:
        found.append(("prompt", prompt["text"]))
        found += [("option", option["label"]) for option in prompt["options"]]
    found += [("event", entry["text"]) for entry in view["log"]]
    for card in view.get("help", []):
        found += [("help", card["title"]), ("help", card["text"])]
        found += [("help", text) for pair in card["details"] for text in pair]
    if view.get("result"):
        found.append(("result", view["result"]["text"]))
    return found


def check_texts(match) -> None:
    game, state = match.game, match.state
    viewers = [None, PUBLIC, *match.players]
    for lang in LANGUAGES:
        for viewer in viewers:
            for where, text in texts_of(build_view(game, state, viewer, lang)):
                why = unfinished(text)
                assert why is None, f"{game.id} {lang} {viewer} {where}: {why}: {text!r}"
        for line in script(game, state, lang):
            assert unfinished(line) is None, f"{game.id} {lang} narration: {line!r}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_ningun_texto_muestra_llaves_ni_claves(game, data):
    match = start(game, data.draw(tables(game)))
    if match is None:
        return
    # The open prompts' texts are checked every few groups, and everything at the end (the log is then whole).
    play_to_end(match, data.draw(st.integers(0, 2**32)), lambda m, n: n % 7 == 0 and check_texts(m))
    check_texts(match)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_toda_carta_que_se_ve_tiene_ayuda_en_los_dos_idiomas(game):
    ids = game.all_help_ids()
    assert ids, f"{game.id} declares no card help"
    assert len(ids) == len(set(ids))
    for help_id in ids:
        for lang in LANGUAGES:
            card = game.card_help(help_id, lang)
            assert card.id == help_id
            for text in (card.title, card.text, *(t for pair in card.details for t in pair)):
                assert text and unfinished(text) is None, f"{game.id} {lang} {help_id}: {text!r}"
        if game.catalog.messages.get("en"):
            es, en = game.card_help(help_id, "es"), game.card_help(help_id, "en")
            assert es.text != en.text, f"{game.id} {help_id}: the English help is the Spanish one"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cada_carta_de_una_vista_tiene_ayuda(game, data):
    match = start(game, data.draw(tables(game)))
    if match is None:
        return
    known = set(game.all_help_ids())

    def seen(m, n):
        for viewer in [None, PUBLIC, *m.players]:
            shown = game.help_ids(m.state, viewer)
            assert set(shown) <= known, f"{game.id}: help ids without help: {set(shown) - known}"

    play_to_end(match, data.draw(st.integers(0, 2**32)), seen)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_cada_opcion_tiene_nombre_y_ayuda_en_los_dos_idiomas(game):
    for spec in game.options:
        for lang in LANGUAGES:
            title, help_text = game.option_title(spec.key, lang), game.option_help(spec.key, lang)
            for text in (title, help_text):
                assert text and unfinished(text) is None, f"{game.id} {spec.key} {lang}: {text!r}"
            for value in getattr(spec, "values", ()) or ():
                assert unfinished(game.option_value_label(spec.key, value, lang)) is None
        assert game.option_title(spec.key, "es") != spec.key or spec.key.isalpha()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_la_mesa_recomendada_es_valida_y_los_errores_se_explican(game):
    from velada.core.options import normalize

    for players in range(game.info.min_players, game.info.max_players + 1):
        preset = game.preset(players)
        normalize(game.options, preset)  # a preset is always accepted, and deals a game
        Match(game, [f"p{i}" for i in range(players)], preset, 0)
    spec = game.options[0]
    errors = game.option_errors({spec.key: "???"}, "en")
    assert set(errors) == {spec.key} and unfinished(errors[spec.key]) is None
    assert game.option_errors({}, "es") == {}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_cada_texto_existe_en_los_dos_idiomas(game):
    """A key missing in English would show the Spanish text to an English table: every key is in both."""
    spanish, english = set(game.catalog.messages["es"]), set(game.catalog.messages["en"])
    assert not spanish ^ english, f"{game.id}: only in one language: {sorted(spanish ^ english)[:10]}"
