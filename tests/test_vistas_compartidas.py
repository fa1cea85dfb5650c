"""What the views of one state share (issue 14): a game works out once per change what every viewer's view holds
the same (``Game.shared_view``), a live table's ``ViewCache`` keeps it for that change, and every view handed it is
the view the viewer gets without it, to the byte — whoever asked first (the narrator, a seat, the shared screen):
nothing worked out for one audience reaches another."""

from __future__ import annotations

import json
import random

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import Match, ViewCache, build_view
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY
from velada.games.bethlem import visibility
from velada.games.bethlem.custom import el_relojero
from velada.games.bethlem.hooks import hooks_of

#: A table per game, and Bethlem's other modes (custom cards; two and three players).
TABLES = [
    ("hombres-lobo", 12, {"especiales": "vidente,bruja,cazador,cupido,nina,ladron"}),
    ("gauekos", 9, {}),
    ("ajo-y-agua", 6, {}),
    ("el-ansia", 4, {}),
    ("bethlem", 7, {}),
    ("bethlem", 6, {"cards": "custom"}),
    ("bethlem", 3, {}),
    ("bethlem", 2, {}),
]


class _NothingShared(ViewCache):
    """A cache of texts and logs that keeps nothing shared: each view works out its shared part alone."""

    def shared_view(self, game, state, lang):
        return None


def _bytes(view):
    """A view as it goes on the wire, its keys in order; but its log, which reads nothing shared (both caches build
    it alike, entry by entry)."""
    return json.dumps({key: part for key, part in view.items() if key != "log"}, ensure_ascii=False)


@pytest.mark.parametrize(("game_id", "seats", "options"), TABLES, ids=[f"{t[0]}-{t[1]}" for t in TABLES])
def test_cada_vista_con_lo_compartido_es_la_vista_sin_ello_y_se_calcula_una_vez_por_cambio(
    monkeypatch, game_id, seats, options
):
    game = REGISTRY.get(game_id)
    own = type(game).shared_view
    calls = []

    def counted(state, lang):
        calls.append(lang)
        return own(game, state, lang)

    for seed in range(2):
        match = Match(game, [f"J{i}" for i in range(seats)], options, seed=seed)
        bot, order = RandomBot(seed), random.Random(seed)
        cache, apart = ViewCache(), _NothingShared()
        viewers = [*match.players, PUBLIC, None]
        while match.result is None and len(match.choices) < 150:
            # Any order: the narrator first, or a seat, or the shared screen.
            order.shuffle(viewers)
            alone = {
                (v, lang): _bytes(build_view(game, match.state, v, lang, cache=apart))
                for v in viewers
                for lang in ("es", "en")
            }
            calls.clear()
            monkeypatch.setattr(game, "shared_view", counted)
            shared = {
                (v, lang): _bytes(build_view(game, match.state, v, lang, cache=cache))
                for v in viewers
                for lang in ("es", "en")
            }
            monkeypatch.undo()
            assert shared == alone, (seed, len(match.choices))
            # Once per change and language at most (none after an answer that completed no group).
            assert sorted(calls) in ([], ["en", "es"]), calls
            prompt = order.choice(match.pending())
            match.choose(prompt.player, prompt.id, bot.choose(prompt))


def test_lo_compartido_se_vuelve_a_calcular_tras_un_cambio_y_no_tras_una_respuesta():
    """The cache tells a change (a group resolved: a new group of prompts) from an answer that completed none."""
    game = REGISTRY.get("hombres-lobo")
    match = Match(game, [f"J{i}" for i in range(8)], {}, seed=3)
    cache, bot = ViewCache(), RandomBot(3)
    changes = 0
    while match.result is None and len(match.choices) < 200:
        before = cache.shared_view(game, match.state, "es")
        prompt = match.pending()[0]
        completes = len(match.state.answers) + 1 == len(match.state.group)
        match.choose(prompt.player, prompt.id, bot.choose(prompt))
        after = cache.shared_view(game, match.state, "es")
        assert (after is not before) == completes
        assert after == game.shared_view(match.state, "es")
        changes += completes
    assert changes > 10


def _markers_card_by_card(s, card, narrator):
    """Bethlem's markers as they were worked out before ``visibility.markers`` (one card at a time): the oracle the
    one-pass version is held to."""
    r = s.round
    out = []
    if s.awake.get(card):
        out.append("despertar")
    if s.melancholy.blocked.get(card) == r and (narrator or card != s.melancholy.unseen):
        out.append("melancolia")
    if s.isolated.get(card) == r:
        out.append("celda")
    if card in s.reaper.marks:
        out.append("parca")
    if any(token[0] == card for token in s.tokens):
        out.append("ficha")
    if card in s.flick.accused and s.phase == "dia":
        out.append("acusada")
    if any(card in link[:2] for link in s.prophets):
        out.append("profeta")
    if card in s.lobotomy.sides:
        out.append("lobotomia")
    if s.public.get(card) and s.alive.get(card):
        out.append("desvelada")
    for hook in hooks_of(s).markers:
        out.extend(hook(s, card, narrator))
    if narrator:
        if any(a[0] == card for a in s.attacks):
            out.append("muerte")
        if any(p[0] == card for p in s.protections):
            out.append("protegida")
        if s.sweet is not None and s.sweet.open and card in (s.sweet.card, s.sweet.chosen):
            out.append("muerte-dulce")
        if any(a[0] == card for _, a in s.delayed):
            out.append("muerte-aplazada")
    return out


@pytest.mark.parametrize("options", [{}, {"cards": "custom"}], ids=["normal", "custom"])
def test_bethlem_cada_viewer_ve_las_cartas_y_marcadores_de_sus_reglas(options):
    """Bethlem's shared part against its rules, at every step of random games: the cards a seat may know are
    ``card_shown``'s, the public markers of every card and the narrator's are those worked out card by card."""
    game = REGISTRY.get("bethlem")
    checked = 0
    for seed in range(2):
        match = Match(game, [f"J{i}" for i in range(7)], options, seed=seed)
        bot = RandomBot(seed)
        while match.result is None and len(match.choices) < 200:
            s = match.state
            cards = [card for row in s.board for card in row]
            everybody = visibility.shown_to_all(s)
            for me in [None, *range(len(s.players))]:
                shown = {c for c in cards if visibility.card_shown(s, me, False, c)}
                assert visibility.shown_to(s, me, everybody) == shown
                assert visibility.shown_to(s, me) == shown
            for narrator in (False, True):
                markers = visibility.markers(s, narrator)
                assert markers == {c: _markers_card_by_card(s, c, narrator) for c in cards}
                checked += sum(1 for m in markers.values() if m)
            # Every view, handed the shared part or not: each card as its viewer may know it, its markers theirs.
            shared = game.shared_view(s, "es")
            for viewer in [*s.players, PUBLIC, None]:
                me = s.index.get(viewer)
                for view in (game.view(s, viewer, "es"), game.view(s, viewer, "es", shared)):
                    for seat, player in enumerate(view["players"]):
                        for card, entry in zip(s.board[seat], player["cards"], strict=True):
                            mine = el_relojero.own_markers(s, card, me) if s.settings.custom and viewer else []
                            assert entry["markers"] == _markers_card_by_card(s, card, viewer is None) + mine
                            assert entry["card"] == (
                                card if visibility.card_shown(s, me, viewer is None, card) else None
                            )
            prompt = match.pending()[0]
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
    assert checked > 100
