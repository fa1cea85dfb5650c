"""What players read is finished text: over random games of every game, in Spanish and English, no prompt,
option label, log entry, result, card help, phase, note, name or line of the narrator's script shows a
``{placeholder}``, a ``carta(s)``-style plural or an untranslated catalogue key, and none reads wrong Spanish the
catalogue could have avoided ("a el", "Tú ha", "gana -5", "Ana (bot) (bot)", or a player given a gender the
platform does not know: "Amaia es elegido", "Estás enamorado"); and every card id a view can show has help in both
languages (rule text written by us)."""

from __future__ import annotations

import functools
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


#: Wrong words a catalogue can always avoid, whatever it names: a contraction not made with a common noun ("a el
#: hechizo"; "a El archivo", a card's title, keeps its capital), a verb not agreeing with "tú", a signed gain, a
#: bot's mark said twice, a discard labelled as a use.
WRONG = {
    "'a el'/'de el' not contracted": re.compile(r"\b[Aa] el\b|\b[Dd]e el\b"),
    "'tú' with a third-person verb": re.compile(r"\b[Tt]ú (ha|es|está|tiene|gana|muere)\b"),
    "a signed gain": re.compile(r"\b(gana|ganas|gains?) [-−+]\d"),
    "(bot) said twice": re.compile(r"\(bot\)\s*\(bot\)"),
}
#: A word that agrees with the gender of whom it describes (a participle or adjective, not a perfect tense's
#: participle after "ha", which never changes): said of a player or of "you", it gives a gender the platform does
#: not know. Texts about players are written so that they need none ("Amaia ocupa el cargo…").
GENDERED = r"(?:\w+(?:ad|id)[oa]s?|muert[oa]s?|viv[oa]s?|sol[oa]s?)"
COPULA = r"(?:es|está|queda|sigue|fue|juega|resulta|eres|estás|quedas|sigues|juegas)"
ABOUT_YOU = re.compile(rf"^(?:Eres|Estás|Quedas|Sigues|Juegas|Vas) {GENDERED}\b|[.:;] (?:Eres|Estás) {GENDERED}\b")


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
    for why, pattern in WRONG.items():
        if pattern.search(text):
            return why
    return None


@functools.cache
def _about(players: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(re.escape(player) for player in players)
    return re.compile(rf"(?:{names})(?: \(bot\))?,? (?:no )?{COPULA} (?:un |una )?{GENDERED}\b")


def gendered(text: str, players: list[str]) -> str | None:
    """The words of ``text`` that give a player (named, or "you") a grammatical gender, or ``None``."""
    if " " not in text:
        return None
    said = ABOUT_YOU.search(text) or _about(tuple(players)).search(text)
    return said.group(0) if said else None


def strings(value, where: str = "view"):
    """Every text anywhere in a view, with where it was found (ids too: they must not look unfinished either)."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "talk":  # what players type is theirs
                yield from strings(item, key)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item, where)


def texts_of(view: dict) -> list[tuple[str, str]]:
    return list(strings(view))


def check_texts(match, checked: set[tuple[str, str]]) -> None:
    """Every text of every view and of the script, each once: ``checked`` holds the texts of this match already
    checked (a log entry is seen by many viewers, and again at every check)."""
    game, state = match.game, match.state
    viewers = [None, PUBLIC, *match.players]
    for lang in LANGUAGES:
        found = [
            (f"{viewer} {where}", text)
            for viewer in viewers
            for where, text in texts_of(build_view(game, state, viewer, lang))
        ]
        found += [("narration", line) for line in script(game, state, lang)]
        for where, text in found:
            if (lang, text) in checked:
                continue
            checked.add((lang, text))
            why = unfinished(text) or (lang == "es" and gendered(text, match.players) and "gendered")
            assert not why, f"{game.id} {lang} {where}: {why}: {text!r}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_ningun_texto_muestra_llaves_ni_claves(game, data):
    match = start(game, data.draw(tables(game)))
    if match is None:
        return
    # The open prompts' texts are checked every few groups, and everything at the end (the log is then whole).
    checked: set[tuple[str, str]] = set()
    play_to_end(match, data.draw(st.integers(0, 2**32)), lambda m, n: n % 7 == 0 and check_texts(m, checked))
    check_texts(match, checked)


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
