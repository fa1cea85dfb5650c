"""Noninterference with the log (issue 13 §2): two games a viewer cannot tell apart must show them the same log.

``velada.core.noninterference`` plays a random game, deals again the cards the viewer never learns, replays
the same choices (varying some hidden ones) and compares the viewer's views group by group. This file checks
that the property holds for every registered game, and that it *would* fail: turning any one event kind that
carries a secret public (the Vidente's vision, Bethlem's rabies…) must be caught.
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_todos_los_juegos import tables
from velada.core import noninterference
from velada.core.game import Game, State
from velada.core.protocol import PUBLIC, Prompt
from velada.core.sim import play_random_game
from velada.games import REGISTRY

#: The games that write their deal (``Game.deal_of``): all of them so far.
GAMES = [game for game in REGISTRY if type(game).deal_of is not Game.deal_of]


def _werewolf_tables(game) -> list[dict]:
    """Tables that bring out every secret of the Werewolf family: the book's deal, the Ladrón's swap with every
    special, his rotation, and a Niña caught one time in two."""
    role, key = game.theme.role, game.theme.option_keys
    every = [role[p] for p in ("seer", "witch", "thief", "cupid", "little_girl")]
    return [
        {},
        {"especiales": every, key["thief_variant"]: "intercambio"},
        {"especiales": [role[p] for p in ("seer", "thief", "cupid", "witch")], key["thief_variant"]: "rotacion"},
        {"especiales": [role[p] for p in ("seer", "witch", "little_girl", "hunter")], key["little_girl_risk"]: 50},
    ]


#: The tables of the mutation test, by name: the game, the option sets its random tables cycle through, and the
#: fewest and most players they seat.
TABLES = {
    "hombres-lobo": ("hombres-lobo", _werewolf_tables(REGISTRY.get("hombres-lobo")), 5, 9),
    "gauekos": ("gauekos", _werewolf_tables(REGISTRY.get("gauekos")), 5, 9),
    # More cards in hand: more Mirrors and Bribes.
    "ajo-y-agua": ("ajo-y-agua", [{}, {"cartas-inicio": 6, "mano-maxima": 8}], 4, 6),
    "el-ansia": ("el-ansia", [{}, {"modo": "novato"}], 2, 5),
    # The normal mode (4 to 7 players) and the custom one.
    "bethlem": ("bethlem", [{}], 4, 7),
    "bethlem-personalizado": ("bethlem", [{"cards": "custom"}], 4, 7),
    # The 2-player mode: the draft places the cards, the deal is what chance deals (who gets the mutineers, the
    # events, and with colocacion=reparto where each row's cards lie).
    "bethlem-dos": ("bethlem", [{}, {"colocacion": "reparto"}], 2, 2),
    # The 3-player mode: the lone player's side decides which cards they get from the piles the deal writes.
    "bethlem-tres": ("bethlem", [{}, {"colocacion": "reparto"}], 3, 3),
}

#: Secret event kinds (emitted with an audience) whose content is fully determined by what their audience's
#: outsiders already know, so that making them public reveals nothing, with the reason.
_PROPHECY_LINK = (
    "the Profeta's note of the link it made names the two positions everybody saw pointed at ('profeta') and "
    "whether the link is normal or opposite, which everybody reads from those positions: a dead second card is "
    "the normal link, two living ones the opposite (the card's rules), and who is dead is public"
)
#: Events told to one player that repeat, to them, what the whole table was just told (the public event before
#: them in the log, checked by ``test_los_avisos_personales_repiten_lo_que_todos_oyeron``).
_ECHOES = {
    "hipnotizado": "the hypnotised player's note names the power only, which the public 'hipnosis' just before it "
    "named: made public it tells that somebody was hypnotised with that power, as that event does",
    "convertido": "Daniel's mark is told to everybody with its player's name ('daniel-marca', just before it); "
    "the marked player's own note names nobody",
    "desenmascarado": "Mary Firth's unmasking is announced to everybody ('anuncia-despertar', just before it), and "
    "the unmasked player's note names nobody",
    "marioneta": "the puppet's note names nobody, and comes in round 1 of exactly the games whose composition "
    "(public: every personality of a table size's list is dealt) has Neuroticismo, whose holder must then pick",
}
EXCEPTIONS: dict[str, dict[str, str]] = {
    name: {"profecia-enlace": _PROPHECY_LINK, **_ECHOES}
    for name in ("bethlem", "bethlem-personalizado", "bethlem-dos", "bethlem-tres")
}

#: Every secret event kind, by game, that turned public must make the property fail.
SECRET_KINDS = {
    "hombres-lobo": [
        "cambio",
        "carta",
        "causa",
        "descubierta",
        "enamorado",
        "espionaje",
        "flechas",
        "manada",
        "nina-descubierta",
        "nueva-carta",
        "pocion-muerte",
        "pocion-vida",
        "rotacion",
        "sin-acuerdo",
        "sin-cambio",
        "sin-victima",
        "sobrantes",
        "victima",
        "victima-bruja",
        "vision",
        "votos-lobos",
    ],
}
SECRET_KINDS["gauekos"] = SECRET_KINDS["hombres-lobo"]
SECRET_KINDS["bethlem"] = [
    "acusas",
    "ali-descubierta",
    "ali-espia",
    "ali-nadie",
    "ali-turno",
    "ali-ve",
    "amotinados",
    "archivo",
    "archivo-falla",
    "arthur-salva",
    "ataque-solitario",
    "cartas",
    "cataleptico",
    "causa",
    "conoces",
    "descubierta",
    "evento",
    "historia-neurotico",
    "historia-secretos",
    "historia-siamesas",
    "instruccion",
    "instruccion-dada",
    "la-parca-mata",
    "la-parca-mueve",
    "marioneta-elegida",
    "mary",
    "muerte-dulce",
    "muerte-dulce-cambio",
    "muerte-impedida",
    "nathaniel-despertar",
    "pacto",
    "pacto-hecho",
    "pacto-incompleto",
    "pregunta",
    "profecia-oculta",
    "proteges",
    "rabia",
    "respuesta",
    "restaurada",
    "salvada",
    "senalado",
    "sin-acuerdo",
    "suplanta",
    "terapia",
    "tu-despertar",
    "victima",
    "vision",
    "votos-amotinados",
]
SECRET_KINDS["bethlem-personalizado"] = [
    "acusas",
    "amotinados",
    "apuesta-ludopata",
    "apuesta-resuelta",
    "archivo",
    "archivo-falla",
    "arquitecto-despierta",
    "arthur-salva",
    "ataque-solitario",
    "cartas",
    "cataleptico",
    "causa",
    "comida",
    "conoces",
    "el-cyborg-punto",
    "el-otaku-escudo",
    "el-otaku-escudo-roto",
    "el-otaku-observacion",
    "el-relojero-mueve",
    "el-relojero-numeros",
    "el-relojero-quitar-muerte",
    "el-saltamundos-carta",
    "el-saltamundos-cobertura",
    "el-saltamundos-descarta",
    "el-saltamundos-mecha",
    "el-saltamundos-robo",
    "el-saltamundos-usa",
    "escondite",
    "evento",
    "frontera-personaje",
    "frontera-recompensa-carta",
    "frontera-rol",
    "historia-neurotico",
    "historia-secretos",
    "historia-siamesas",
    "instruccion",
    "instruccion-dada",
    "la-parca-mata",
    "laberinto-personalidad",
    "ludopata-mata",
    "marioneta-elegida",
    "melancolia",
    "modificador-maximo",
    "muerte-dulce",
    "muerte-dulce-cambio",
    "muerte-impedida",
    "objetivo",
    "pacto",
    "pacto-hecho",
    "personalidad-nueva",
    "pregunta",
    "profecia-oculta",
    "proteges",
    "rabia-objetivo",
    "respuesta",
    "restaurada",
    "risa-amotinados",
    "salvada",
    "senalado",
    "sin-acuerdo",
    "terapia",
    "traidor-elige",
    "tu-despertar",
    "ve-objetivo",
    "ves-objetivo",
    "victima",
    "vision",
    "votos-amotinados",
    "vudu",
]

#: Secret kinds the mutation test does not catch yet, each made public in turn must still be caught. The list is
#: kept honest by a slow test (a kind the search now catches must move to ``SECRET_KINDS``). The comparisons from
#: the middle of a game (``noninterference.compare_midway``) reach the late secrets that once waited here (the
#: rabies' victim, a prophecy's hidden part, a card brought back); B answering otherwise where nothing can be
#: swapped reaches the late secret choices (Neuroticismo's order, a pact, El Arquitecto's turn); B drawing anew
#: what chance tells some players only (``Game.secret_draws``) reaches El Relojero's numbers, La frontera's roles
#: and the event El Saltamundos steals; starting a group or two before a kind first came
#: (``noninterference.lead_in_starts``) reaches the highest modifier (a third prophecy refused). Empty now.
NOT_CAUGHT: dict[str, list[str]] = {}
SECRET_KINDS["ajo-y-agua"] = ["botin", "identidad", "mordisco-secreto", "reflejo", "roba"]
SECRET_KINDS["el-ansia"] = ["mira-misiones", "roba"]
# With two players who holds which card is public: the other world differs in where the cards lie (when chance
# lays them out), the events, and the secret answers it varies.
SECRET_KINDS["bethlem-dos"] = [
    "acusas",
    "amotinados",
    "archivo",
    "archivo-falla",
    "arthur-salva",
    "ataque-solitario",
    "cartas",
    "cataleptico",
    "causa",
    "conoces",
    "evento",
    "historia-neurotico",
    "historia-secretos",
    "historia-siamesas",
    "muerte-dulce",
    "muerte-dulce-cambio",
    "muerte-impedida",
    "nathaniel-despertar",
    "profecia-oculta",
    "proteges",
    "restaurada",
    "salvada",
    "senalado",
    "sin-acuerdo",
    "terapia",
    "tu-despertar",
    "victima",
    "vision",
    "votos-amotinados",
]
SECRET_KINDS["bethlem-tres"] = [
    "acusas",
    "amotinados",
    "archivo",
    "archivo-falla",
    "arthur-salva",
    "ataque-solitario",
    "cartas",
    "cataleptico",
    "causa",
    "evento",
    "historia-neurotico",
    "historia-secretos",
    "historia-siamesas",
    "mary",
    "muerte-dulce",
    "muerte-dulce-cambio",
    "muerte-impedida",
    "nathaniel-despertar",
    "profecia-oculta",
    "proteges",
    "restaurada",
    "salvada",
    "senalado",
    "sin-acuerdo",
    "suplanta",
    "terapia",
    "tu-despertar",
    "victima",
    "vision",
    "votos-amotinados",
]
#: How many random games the mutation test may play to catch one misaddressed kind.
BUDGET = 300
#: Games beyond the budget known to catch a kind random play seldom reaches, tried first (found by searching
#: further, ``scripts/testigos_no_interferencia.py``). A hint that no longer catches its kind (the games changed)
#: costs one game: the search then goes on through the budget, and fails with the reason if it must.
HINTS: dict[str, list[int]] = {
    # La parca awakened moving a death marker (game 1028).
    "bethlem": [1028],
    # El Relojero taking a death marker off (game 399); El Saltamundos discarding down to his living cards (1269),
    # stealing an event (4265); the laughing fit naming tonight's mutineers (4707); El Arquitecto or a lent power
    # refused a third prophecy (1146).
    "bethlem-personalizado": [399, 1269, 4265, 4707, 1146],
    # Historia clínica's neurotic profile with three players (game 386).
    "bethlem-tres": [386],
}


def _table(name: str, i: int) -> tuple[random.Random, list[str], dict]:
    _, options, fewest, most = TABLES[name]
    rng = random.Random(i)
    n = rng.randint(fewest, most)
    return rng, [f"p{k}" for k in range(1, n + 1)], options[i % len(options)]


def _check(name: str, i: int, also=(), only_with_also=False) -> tuple[noninterference.Leak | None, dict]:
    """Game ``i`` of the table ``name``, seen by two players and the public screen."""
    game = REGISTRY.get(TABLES[name][0])
    rng, players, options = _table(name, i)
    viewers = [*rng.sample(players, 2), PUBLIC]
    try:
        return noninterference.check_game(game, players, options, i, viewers, rng, also, only_with_also)
    except ValueError:
        return None, {}  # a composition that does not fit this table


def _search(name: str, kinds: frozenset[str]) -> dict[str, int]:
    """For each of ``kinds`` of the table ``name``, the first of its games whose check would fail were that kind
    public (one pass over the games evaluates every kind: the worlds do not depend on the audiences)."""
    found: dict[str, int] = {}
    for i in [*HINTS.get(name, ()), *range(BUDGET)]:
        leak, caught = _check(name, i, kinds - set(found), only_with_also=True)
        if leak is not None:
            continue  # a leak of the game itself: the property test's business, not this search's
        for kind in caught:
            found.setdefault(kind, i)
        if len(found) == len(kinds):
            break
    return found


@functools.cache
def _witnesses(name: str) -> dict[str, int]:
    return _search(name, frozenset(SECRET_KINDS[name]))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_ninguna_vista_distingue_por_su_registro_dos_partidas_iguales_para_ella(game, data):
    n, options, seed = data.draw(tables(game))
    players = [f"p{i}" for i in range(1, n + 1)]
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    viewers = [*rng.sample(players, min(3, n)), PUBLIC]
    try:
        leak, _ = noninterference.check_game(game, players, options, seed, viewers, rng)
    except ValueError:
        return
    assert leak is None, str(leak)


@pytest.mark.parametrize("name", TABLES)
def test_cada_tipo_de_evento_secreto_esta_en_la_lista(name):
    """The mutation test below covers every kind random play emits with an audience, or says why not."""
    game = REGISTRY.get(TABLES[name][0])
    seen: Counter[str] = Counter()
    for i in range(80):
        _, players, options = _table(name, i)
        try:
            match = play_random_game(game, players, options, i)
        except ValueError:
            continue
        seen.update(e.kind for e in match.state.log if e.audience is not None)
    listed = set(SECRET_KINDS[name]) | set(EXCEPTIONS.get(name, {})) | set(NOT_CAUGHT.get(name, []))
    assert set(seen) <= listed, f"secret kinds not covered: {sorted(set(seen) - listed)}"


MUTATIONS = [(name, kind) for name in TABLES for kind in SECRET_KINDS[name]]


@pytest.mark.parametrize(("name", "kind"), MUTATIONS)
def test_un_evento_secreto_hecho_publico_se_detecta(name, kind, monkeypatch):
    """Turning ``kind`` public (every event of that kind emitted to everybody) must make the property fail. The
    game that shows it is searched for without the mutation (``_witnesses``), then played again with it."""
    witness = _witnesses(name).get(kind)
    assert witness is not None, f"{name}: the event {kind!r} made public would go unnoticed in {BUDGET} games"
    emit, emit_data = State.emit, State.emit_data

    def misaddressed(self, event_kind, audience=None, **data):
        emit(self, event_kind, None if event_kind == kind else audience, **data)

    def misaddressed_data(self, event_kind, audience, data):
        emit_data(self, event_kind, None if event_kind == kind else audience, data)

    # Both doors into the log: a game logs its frequent events with ``emit_data``.
    monkeypatch.setattr(State, "emit", misaddressed)
    monkeypatch.setattr(State, "emit_data", misaddressed_data)
    leak, _ = _check(name, witness)
    assert leak is not None, f"{name}: game {witness} with {kind!r} public was expected to fail the property"
    assert kind in {(leak.mine or {}).get("kind"), (leak.other or {}).get("kind")}, str(leak)


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name, kinds in NOT_CAUGHT.items() if kinds])
def test_los_tipos_secretos_aun_no_detectados_siguen_sin_detectarse(name):
    """``NOT_CAUGHT`` lists only what the search really misses: a kind it now catches must move to
    ``SECRET_KINDS``, where its mutation is played. (The whole budget is searched: slow.)"""
    found = _search(name, frozenset(NOT_CAUGHT[name]))
    assert not found, f"{name}: now caught, move to SECRET_KINDS: {sorted(found)}"


def test_el_enlace_de_la_profecia_se_lee_de_lo_que_todos_ven(monkeypatch):
    """``EXCEPTIONS``' reason for the Profeta's note, checked: whenever it is written, its mode is "normal" exactly
    when the second card it names is dead (public), and its positions are the public 'profeta' event's."""
    seen = []
    emit = State.emit

    def checked(self, kind, audience=None, **data):
        if kind == "profecia-enlace":
            public = self.log[-1]
            assert public.kind == "profeta" and public.audience is None and public.data["targets"] == data["targets"]
            second = self.card_at(data["targets"][1])
            assert (data["mode"] == "normal") == (not self.alive[second]), data
            seen.append(data["mode"])
        emit(self, kind, audience, **data)

    monkeypatch.setattr(State, "emit", checked)
    game = REGISTRY.get("bethlem")
    for i in range(60):
        _, players, options = _table("bethlem" if i % 2 else "bethlem-personalizado", i)
        play_random_game(game, players, options, i)
    assert {"normal", "opuesto"} <= set(seen)


def test_los_avisos_personales_repiten_lo_que_todos_oyeron(monkeypatch):
    """``EXCEPTIONS``' reasons for the personal notes that echo a public event, checked on random games of every
    Bethlem table: each comes right after the public event it repeats, and the puppet's note comes in round 1 of
    the games with Neuroticismo in play — always the same personalities for one table size and mode."""
    seen: Counter[str] = Counter()
    emit = State.emit
    before = {"hipnotizado": "hipnosis", "convertido": "daniel-marca", "desenmascarado": "anuncia-despertar"}

    def checked(self, kind, audience=None, **data):
        if kind in before:
            public = self.log[-1]
            assert public.kind == before[kind] and public.audience is None, (kind, public)
            assert set(data.items()) <= set(public.data.items()), (kind, data, public.data)
            if kind == "desenmascarado":
                assert public.data["power"] == "mary-firth"
        if kind == "marioneta":
            assert not data and self.round == 1, (data, self.round)
        if kind in _ECHOES:
            seen[kind] += 1
        emit(self, kind, audience, **data)

    monkeypatch.setattr(State, "emit", checked)
    game = REGISTRY.get("bethlem")
    personalities: dict[tuple[str, int], set[frozenset[str]]] = {}
    for name in ("bethlem", "bethlem-personalizado", "bethlem-dos", "bethlem-tres"):
        for i in range(80):
            _, players, options = _table(name, i)
            match = play_random_game(game, players, options, i)
            dealt = frozenset(match.state.persona)
            if name != "bethlem-dos":  # with two players the personalities come by the draft, some left out
                personalities.setdefault((name, len(players)), set()).add(dealt)
            puppets = sum(1 for e in match.state.log if e.kind == "marioneta")
            assert puppets == ("neuroticismo" in dealt and match.state.settings.mode == "normal"), (name, i)
    assert set(seen) == set(_ECHOES), seen
    assert all(len(dealt) == 1 for dealt in personalities.values() if dealt), personalities


def test_la_tercera_profecia_no_se_anuncia_y_solo_su_usuario_sabe_que_la_intento():
    """FAQ 15.7 with the Profeta: while two links are on the board a third use of the power (copied, lent,
    hypnotised) is refused and only its user is told ('modificador-maximo'); nothing of it is announced, so
    the game declares those choices told to nobody (``told_of``) and the check may answer them otherwise — the
    way it catches that event made public. With fewer links the choices are announced with the link."""
    from tests.bethlem.mesa import OBJETIVOS, PERSONALIZADA, mesa
    from velada.games.bethlem.actions import prophet_answer, prophet_ask
    from velada.games.bethlem.common import ARCHITECT, OPPOSITE

    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    s, game = m.state, m.game

    def ask() -> Prompt:
        before = set(s.group)
        prophet_ask(game, s, 0, "el-archivo", ARCHITECT, OPPOSITE)
        (prompt,) = (s.group[k] for k in s.group if k not in before)
        s.group.clear()
        return prompt

    def link(first: str, second: str) -> list:
        before = len(s.log)
        prophet_answer(game, s, {("Ana", "x"): (second,)}, 0, "el-archivo", ARCHITECT, f"{OPPOSITE}|{first}")
        return [(e.kind, e.audience) for e in s.log[before:]]

    assert game.told_of(s, ask()) is None
    assert link("Bea:1", "Bea:2")[0] == ("profeta", None)
    assert game.told_of(s, ask()) is None
    link("Carlos:1", "Carlos:2")
    assert game.told_of(s, ask()) == frozenset()
    assert link("Dani:1", "Dani:2") == [("modificador-maximo", frozenset({"Ana"}))]
    assert len(s.prophets) == 2
