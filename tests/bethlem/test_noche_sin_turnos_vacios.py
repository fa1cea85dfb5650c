"""La noche (section 7) without the turns that cannot do anything at this table: a turn of a card nobody holds
and nobody is (a personality) is left off the night's agenda, unless Terapia de hipnosis may lend its power
(``flow.book_night``). The games are the same: the same calls, prompts, events and results."""

import pytest

from velada.core.engine import check_players
from velada.core.options import normalize
from velada.core.sim import game_seed, player_ids, random_playout
from velada.games.bethlem import flow
from velada.games.bethlem.cards import HYPNOSIS_POWERS, NIGHT
from velada.games.bethlem.hooks import BOOK_MODE

from .mesa import CUATRO, GAME, con, elige, hasta, hasta_prompt, mesa, ronda

DECK = ["terapia-de-hipnosis", "milagrero", "leproso", "despertar", "confesion"]


def turnos(agenda) -> list[str]:
    return [step[1] for step in agenda if step[0] == "night"]


def test_la_noche_no_trae_el_turno_de_una_carta_que_nadie_tiene():
    m = mesa(CUATRO)
    ronda(m)
    s = m.state
    assert s.round == 2 and s.phase == "noche"
    noche = turnos(flow.book_round(s))
    # What is left of tonight on the game's agenda is the end of that night.
    quedan = turnos(s.agenda)
    assert quedan and noche[-len(quedan) :] == quedan
    # CUATRO has no Parca, no Pacto de sangre, no Krugman, nobody is Neuroticismo.
    for ausente in ("la-parca", "pacto-de-sangre", "director", "neuroticismo", "siamesas"):
        assert ausente not in noche
    assert ("reaper-awake",) not in flow.book_round(s)
    # Its cards and personalities keep their turns, in the rulebook's order; the mutineers' and the events' too.
    assert noche == [step.id for step in NIGHT if step.id in noche]
    for presente in ("larry-owls", "mary-firth", "amotinados", "eventos-noche", "melancolia", "paciencia"):
        assert presente in noche


def test_la_hipnosis_puede_prestar_el_poder_de_una_carta_que_no_esta():
    noche = turnos(flow.book_night(2, frozenset()))
    assert [t for t in noche if t in HYPNOSIS_POWERS] == [t for t in HYPNOSIS_POWERS if t != "amnesia"]
    assert "arthur-2" in noche  # Arthur's protections, which a hypnotised player may place


def test_el_hipnotizado_con_larry_owls_despierta_aunque_nadie_tenga_a_larry():
    sin_larry = con(CUATRO, Carlos=["krugman", "arthur", "terapia-lobotomia", "muerte-dulce", "melancolia"])
    m = mesa(sin_larry, eventos=DECK)
    ronda(m)
    hasta_prompt(
        m,
        "Ana",
        "terapia-de-hipnosis-poder",
        {("Ana", "evento-noche"): ["terapia-de-hipnosis"], ("Ana", "terapia-de-hipnosis"): ["Dani"]},
    )
    elige(m, "Ana", "terapia-de-hipnosis-poder", "larry-owls")
    hasta(m, lambda m: any(p.player == "Dani" and p.id == "n2:larry-owls-hipnosis" for p in m.pending()))
    assert m.state.round == 2 and m.state.phase == "noche"


TABLES = [
    (4, {}),
    (5, {}),
    (7, {}),
    (2, {}),
    (3, {}),
    (5, {"cuentacuentos": "si"}),
    (4, {"cartas": "la-parca,pacto-de-sangre,juego-de-azar,muerte-dulce,neuroticismo,ansiedad-social"}),
]


@pytest.mark.parametrize(("n", "extra"), TABLES)
def test_la_noche_sin_turnos_vacios_juega_las_mismas_partidas(monkeypatch, n, extra):
    players = check_players(GAME, player_ids(n))
    options = normalize(GAME.options, extra)

    def partidas():
        out = []
        for i in range(6):
            state, choices = random_playout(GAME, players, options, game_seed(11, i))
            out.append((choices, [(e.kind, e.data, e.audience) for e in state.log], state.result))
        return out

    filtrada = partidas()
    monkeypatch.setattr(BOOK_MODE, "round_steps", lambda s: flow.NIGHT_STEPS + flow.DAY)
    completa = partidas()
    assert filtrada == completa
