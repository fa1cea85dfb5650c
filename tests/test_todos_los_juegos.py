"""Properties every registered game must have, tested on random play (OpenSpiel's first test, in velada's
terms): only legal answers are offered, random play always ends with a valid result, a game replays exactly
from its record, illegal input changes nothing, and no view leaks what its viewer may not know (the view of a state
against the same state with its hidden cards dealt again; the log, which that copies unchanged, is checked by
``tests/test_no_interferencia.py``)."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from velada.core.bots import RandomBot
from velada.core.engine import Match, pending
from velada.core.options import FlagOption
from velada.core.protocol import NARRATOR, PUBLIC, IllegalAction
from velada.games import REGISTRY

GAMES = list(REGISTRY)


def option_values(game):
    """A strategy over each game's option combinations."""
    fields = {}
    for spec in game.options:
        if hasattr(spec, "values") and spec.values and spec.key != "especiales":
            fields[spec.key] = st.sampled_from(spec.values)
        elif isinstance(spec, FlagOption):
            fields[spec.key] = st.booleans()
        elif hasattr(spec, "low"):
            fields[spec.key] = st.integers(spec.low, min(spec.high, spec.low + 10) if spec.high > 50 else spec.high)
    return st.fixed_dictionaries({}, optional=fields)


@st.composite
def tables(draw, game):
    n = draw(st.integers(game.info.min_players, game.info.max_players))
    options = draw(option_values(game))
    for spec in game.options:
        if spec.key == "especiales":
            chosen = draw(st.one_of(st.just("auto"), st.lists(st.sampled_from(spec.values), unique=True)))
            options["especiales"] = chosen
    seed = draw(st.integers(0, 2**32))
    return n, options, seed


def start(game, table):
    n, options, seed = table
    try:
        return Match(game, [f"p{i}" for i in range(1, n + 1)], options, seed)
    except ValueError:
        return None  # a composition that does not fit this table: refused with a reason, as it must be


def play_to_end(match, bot_seed, on_group=None):
    bot = RandomBot(bot_seed)
    groups = 0
    kinds = {}
    while match.result is None:
        prompts = pending(match.state)
        assert prompts, "a game in progress always waits for somebody"
        for prompt in prompts:
            assert kinds.setdefault(prompt.id, prompt.kind) == prompt.kind, f"{prompt.id}: one id, one kind"
            assert prompt.player in match.players or prompt.player == NARRATOR
            assert len(set(prompt.options)) == len(prompt.options), "option ids are unique"
            assert prompt.options or prompt.skippable or prompt.text_max, "a prompt always has a legal answer"
            assert 1 <= prompt.min <= prompt.max
        if on_group is not None:
            on_group(match, groups)
        for prompt in prompts:
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
        groups += 1
        assert groups < 5000, "the game did not end"
    return groups


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_juego_aleatorio_termina_y_se_repite_identico(game, data):
    match = start(game, data.draw(tables(game)))
    if match is None:
        return
    play_to_end(match, data.draw(st.integers(0, 2**32)))
    result = match.result
    assert set(result.sides) <= set(game.info.sides)
    assert set(result.winners) <= set(match.players)
    assert bool(result.sides) == bool(result.winners)
    record = match.record()
    again = Match(game, record["players"], record["options"], record["seed"], record.get("deal"))
    for c in record["choices"]:
        again.choose(c["player"], c["prompt"], c["choose"])
    assert again.state == match.state
    assert again.state.rng.getstate() == match.state.rng.getstate()
    assert again.view(None, "en") == match.view(None, "en")


def illegal_choices(match, rng):
    players = [*match.players, "nadie"]
    prompts = pending(match.state)
    prompt = rng.choice(prompts)
    yield rng.choice(players), "inexistente", []
    if prompt.text_max:
        # A free-text prompt: too long, blank, or more than one text.
        yield prompt.player, prompt.id, ["x" * (prompt.text_max + 1)]
        yield prompt.player, prompt.id, ["   "]
        yield prompt.player, prompt.id, ["una", "dos"]
    else:
        yield prompt.player, prompt.id, ["no-es-una-opcion"]
        yield prompt.player, prompt.id, list(prompt.options) + list(prompt.options)
    yield prompt.player, prompt.id, "texto"
    others = [p for p in match.players if p != prompt.player and all(q.player != p for q in prompts)]
    if others:
        yield rng.choice(others), prompt.id, list(prompt.options[:1])
    if not prompt.skippable:
        yield prompt.player, prompt.id, []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_entrada_ilegal_no_cambia_nada(game, data):
    match = start(game, data.draw(tables(game)))
    if match is None:
        return
    rng = random.Random(data.draw(st.integers(0, 2**32)))

    def probe(m, group):
        if group % 3:
            return
        before = copy.deepcopy(m.state)
        for player, prompt, chosen in illegal_choices(m, rng):
            with pytest.raises(IllegalAction):
                m.choose(player, prompt, chosen)
            assert m.state == before and m.state.rng.getstate() == before.rng.getstate()

    play_to_end(match, rng.randrange(2**32), probe)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_ninguna_vista_revela_lo_que_su_jugador_no_puede_saber(game, data):
    match = start(game, data.draw(tables(game)))
    if match is None:
        return
    rng = random.Random(data.draw(st.integers(0, 2**32)))

    def probe(m, group):
        if rng.random() > 0.3:
            return
        viewers = [*rng.sample(list(m.players), min(3, len(m.players))), PUBLIC]
        for viewer in viewers:
            shuffled = game.shuffle_hidden(m.state, viewer, rng)
            for lang in ("es", "en"):
                mine = m.view(viewer, lang)
                other = _view(game, shuffled, viewer, lang)
                assert mine == other, f"{viewer}'s view depends on something hidden from them"

    play_to_end(match, rng.randrange(2**32), probe)


def _view(game, state, viewer, lang):
    from velada.core.engine import build_view

    return build_view(game, state, viewer, lang)


BOTS = [(game, name) for game in GAMES for name in game.bots]


@pytest.mark.parametrize(("game", "bot"), BOTS, ids=lambda x: getattr(x, "id", x))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cada_bot_solo_da_respuestas_legales_y_la_partida_termina(game, bot, data):
    from velada.core.options import normalize
    from velada.core.sim import bot_playout, seat_bots

    n, options, seed = data.draw(tables(game))
    players = tuple(f"p{i}" for i in range(1, n + 1))
    try:
        Match(game, players, options, seed)
    except ValueError:
        return
    state, choices = bot_playout(game, players, normalize(game.options, options), seed, seat_bots([bot], players))
    # A table can be decided before anybody chooses (five players, four wolves, the first edition's victory),
    # but only then.
    assert state.result is not None and (choices > 0 or state.result.rounds == 0)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_responder_lo_que_no_es_tuyo_da_siempre_la_misma_respuesta(game, data):
    """A seat that answers a prompt id or kind that is not one of its own open prompts learns nothing: the
    refusal is the same whether somebody else has that prompt open now (the Bruja being called, the wolves still
    disagreeing, a Bethlem character in play) or nobody has."""
    match = start(game, data.draw(tables(game)))
    if match is None:
        return
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    seen: set[str] = set()

    def probe(m, group):
        open_now = list(m.state.group.values())
        seen.update(p.id for p in open_now)
        seen.update(p.kind for p in open_now)
        for player in rng.sample(list(m.players), min(3, len(m.players))):
            mine = {p.id for p in open_now if p.player == player} | {p.kind for p in open_now if p.player == player}
            for name in rng.sample(sorted(seen - mine), min(6, len(seen - mine))):
                with pytest.raises(IllegalAction) as refused:
                    m.choose(player, name, [])
                assert refused.value.code == "not-open", (player, name, refused.value.code)
                assert refused.value.params == {"prompt": name}
                for lang in ("es", "en"):
                    assert refused.value.text(lang) == IllegalAction("not-open", prompt=name).text(lang)

    play_to_end(match, rng.randrange(2**32), probe)
