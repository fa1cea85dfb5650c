"""La noche: Vidente, hombres lobo (and the Niña), Bruja, in that order; deaths at dawn."""

import random

import pytest

from velada.core.engine import choose, pending
from velada.core.protocol import IllegalAction
from velada.games import REGISTRY

from .mesa import OCHO, abiertos, elige, eventos, mesa, muertos, noche_tranquila


def test_orden_de_la_noche_vidente_lobos_bruja():
    m = mesa(OCHO)
    assert abiertos(m) == {("Ana", "vidente")}
    elige(m, "Ana", "vidente", "Fran")
    assert abiertos(m) == {("Bea", "lobos"), ("Carlos", "lobos")}
    elige(m, "Bea", "lobos", "Gema")
    elige(m, "Carlos", "lobos", "Gema")
    assert abiertos(m) == {("Dani", "bruja-vida")}
    elige(m, "Dani", "bruja-vida")
    assert abiertos(m) == {("Dani", "bruja-muerte")}
    elige(m, "Dani", "bruja-muerte")
    assert m.state.phase == "dia"
    assert muertos(m) == {"Gema"}


def test_vidente_ve_la_carta_del_jugador_elegido_y_nadie_mas():
    m = mesa(OCHO)
    elige(m, "Ana", "vidente", "Carlos")
    assert eventos(m, "vision", "Ana") == [{"player": "Carlos", "role": "hombre-lobo"}]
    assert eventos(m, "vision", "Fran") == [] and eventos(m, "vision", "Carlos") == []
    carlos = next(p for p in m.view("Ana")["players"] if p["id"] == "Carlos")
    assert carlos["role"] == "hombre-lobo"
    assert next(p for p in m.view("Fran")["players"] if p["id"] == "Carlos")["role"] is None


def test_vidente_no_puede_mirarse_a_si_misma():
    m = mesa(OCHO)
    with pytest.raises(IllegalAction):
        elige(m, "Ana", "vidente", "Ana")


def test_lobos_se_reconocen_la_primera_noche():
    m = mesa(OCHO)
    elige(m, "Ana", "vidente")
    assert eventos(m, "manada", "Bea") == [{"players": ["Bea", "Carlos"]}]
    assert eventos(m, "manada", "Ana") == []
    bea_view = m.view("Bea")
    assert next(p for p in bea_view["players"] if p["id"] == "Carlos")["role"] == "hombre-lobo"


def test_lobos_unanimes_matan_a_su_victima_al_amanecer():
    m = mesa(OCHO)
    elige(m, "Ana", "vidente")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Fran")
    assert eventos(m, "victima", "Bea")[0]["player"] == "Fran"
    assert muertos(m) == set()  # the victim dies at dawn, after the Bruja
    elige(m, "Dani", "bruja-vida")
    elige(m, "Dani", "bruja-muerte")
    assert muertos(m) == {"Fran"}
    (death,) = eventos(m, "muerte", "Gema")
    assert death == {"player": "Fran", "role": "aldeano", "cause": "noche"}


def test_lobos_no_pueden_elegir_a_un_lobo():
    m = mesa(OCHO)
    elige(m, "Ana", "vidente")
    with pytest.raises(IllegalAction):
        elige(m, "Bea", "lobos", "Carlos")
    with pytest.raises(IllegalAction):
        elige(m, "Bea", "lobos", "Bea")


def test_sin_unanimidad_no_hay_victima():
    m = mesa(OCHO, rondas_lobos=1)
    elige(m, "Ana", "vidente")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Gema")
    assert eventos(m, "sin-acuerdo", "Bea")
    assert abiertos(m) == {("Dani", "bruja-muerte")}  # no victim to show her
    assert eventos(m, "sin-victima", "Dani")
    elige(m, "Dani", "bruja-muerte")
    assert muertos(m) == set()
    assert eventos(m, "sin-muertes")


def test_lobos_tienen_varias_rondas_para_ponerse_de_acuerdo():
    m = mesa(OCHO, rondas_lobos=3)
    elige(m, "Ana", "vidente")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Gema")
    # They see each other's pick, and vote again.
    assert eventos(m, "votos-lobos", "Bea") == [{"votes": {"Bea": "Fran", "Carlos": "Gema"}, "round": 1}]
    assert eventos(m, "votos-lobos", "Fran") == []
    assert {p.id for p in m.pending()} == {"n1:lobos-2"}
    elige(m, "Bea", "lobos", "Gema")
    elige(m, "Carlos", "lobos", "Gema")
    assert m.state.victim == m.state.index["Gema"]


def test_lobo_que_se_abstiene_impide_la_unanimidad():
    m = mesa(OCHO, rondas_lobos=1)
    elige(m, "Ana", "vidente")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos")
    assert m.state.victim is None


def test_lobo_enamorado_puede_impedir_el_consenso():
    m = mesa({**OCHO, "Hugo": "cupido"}, rondas_lobos=2)
    elige(m, "Hugo", "cupido", "Bea", "Fran")
    elige(m, "Ana", "vidente")
    for _ in range(2):
        elige(m, "Carlos", "lobos", "Fran")
        elige(m, "Bea", "lobos", "Gema")  # she will not eat her love
    assert m.state.victim is None


NINA = {**OCHO, "Hugo": "nina"}


def test_nina_puede_espiar_durante_el_turno_de_los_lobos():
    m = mesa(NINA, nina_riesgo=0, seed=3)
    elige(m, "Ana", "vidente")
    assert abiertos(m) == {("Bea", "lobos"), ("Carlos", "lobos"), ("Hugo", "nina")}
    elige(m, "Hugo", "nina", "espiar")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Fran")
    (glimpse,) = eventos(m, "espionaje", "Hugo")
    assert glimpse["player"] in ("Bea", "Carlos") and glimpse["role"] == "hombre-lobo"
    assert eventos(m, "espionaje", "Bea") == []
    assert m.state.victim == m.state.index["Fran"]


def test_nina_que_no_espia_no_ve_nada_ni_corre_riesgo():
    m = mesa(NINA, nina_riesgo=100)
    elige(m, "Ana", "vidente")
    elige(m, "Hugo", "nina")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Fran")
    assert eventos(m, "espionaje", "Hugo") == [] and m.state.victim == m.state.index["Fran"]


def test_nina_descubierta_es_la_victima_en_lugar_de_la_elegida():
    m = mesa(NINA, nina_riesgo=100)
    elige(m, "Ana", "vidente")
    elige(m, "Hugo", "nina", "espiar")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Fran")
    assert m.state.victim == m.state.index["Hugo"]
    assert eventos(m, "nina-descubierta", "Bea") == [{"player": "Hugo"}]
    assert eventos(m, "descubierta", "Hugo") == [{}]
    elige(m, "Dani", "bruja-vida")
    elige(m, "Dani", "bruja-muerte")
    assert muertos(m) == {"Hugo"}


def test_nina_descubierta_aunque_los_lobos_no_se_pongan_de_acuerdo():
    m = mesa(NINA, nina_riesgo=100, rondas_lobos=3)
    elige(m, "Ana", "vidente")
    elige(m, "Hugo", "nina", "espiar")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Gema")
    assert m.state.victim == m.state.index["Hugo"]
    assert abiertos(m) == {("Dani", "bruja-vida")}  # the wolves' turn is over


def _hasta_la_bruja(m, victima="Fran"):
    elige(m, "Ana", "vidente")
    elige(m, "Bea", "lobos", victima)
    elige(m, "Carlos", "lobos", victima)


def test_bruja_ve_a_la_victima_mientras_tiene_la_pocion_de_vida():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    assert eventos(m, "victima-bruja", "Dani") == [{"player": "Fran"}]
    (prompt,) = m.pending()
    assert prompt.options == ("salvar",)
    assert "Fran" in m.view("Dani")["prompts"][0]["text"]


def test_bruja_salva_a_la_victima_con_la_pocion_de_vida():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    elige(m, "Dani", "bruja-vida", "salvar")
    elige(m, "Dani", "bruja-muerte")
    assert muertos(m) == set()
    assert m.state.life_potion is False


def test_bruja_puede_salvarse_a_si_misma():
    m = mesa(OCHO)
    _hasta_la_bruja(m, victima="Dani")
    elige(m, "Dani", "bruja-vida", "salvar")
    elige(m, "Dani", "bruja-muerte")
    assert muertos(m) == set()


def test_bruja_no_ve_victima_tras_usar_pocion_de_vida():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    elige(m, "Dani", "bruja-vida", "salvar")
    elige(m, "Dani", "bruja-muerte")
    m.choose("Ana", "voto", [])
    for p in m.pending():
        m.choose(p.player, p.id, [])
    _hasta_la_bruja(m, victima="Gema")
    assert abiertos(m) == {("Dani", "bruja-muerte")}
    assert len(eventos(m, "victima-bruja", "Dani")) == 1
    assert eventos(m, "sin-victima", "Dani") == []


def test_bruja_envenena_a_otro_jugador_con_la_pocion_de_muerte():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    with pytest.raises(IllegalAction):
        elige(m, "Dani", "bruja-vida", "Gema")
    elige(m, "Dani", "bruja-vida")
    with pytest.raises(IllegalAction):
        elige(m, "Dani", "bruja-muerte", "Dani")
    elige(m, "Dani", "bruja-muerte", "Bea")
    assert muertos(m) == {"Fran", "Bea"}  # two deaths: she did not save and she poisoned


def test_bruja_puede_usar_las_dos_pociones_la_misma_noche():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    elige(m, "Dani", "bruja-vida", "salvar")
    elige(m, "Dani", "bruja-muerte", "Carlos")
    assert muertos(m) == {"Carlos"}
    assert not m.state.life_potion and not m.state.death_potion


def test_cada_pocion_se_usa_una_sola_vez():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    elige(m, "Dani", "bruja-vida", "salvar")
    elige(m, "Dani", "bruja-muerte", "Hugo")
    for p in m.pending():
        m.choose(p.player, p.id, [])
    _hasta_la_bruja(m, victima="Gema")
    # Neither potion is left: she is not called at all and day breaks.
    assert m.state.phase == "dia"
    assert "Gema" in muertos(m)


def test_bruja_puede_envenenar_a_la_victima_que_no_ve():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    elige(m, "Dani", "bruja-vida", "salvar")
    elige(m, "Dani", "bruja-muerte")
    for p in m.pending():
        m.choose(p.player, p.id, [])
    _hasta_la_bruja(m, victima="Gema")
    elige(m, "Dani", "bruja-muerte", "Gema")
    assert [d["player"] for d in eventos(m, "muerte")] == ["Gema"]


def test_la_causa_de_una_muerte_nocturna_solo_la_sabe_el_narrador():
    m = mesa(OCHO)
    _hasta_la_bruja(m)
    elige(m, "Dani", "bruja-vida")
    elige(m, "Dani", "bruja-muerte", "Gema")
    assert {d["cause"] for d in eventos(m, "muerte", "Hugo")} == {"noche"}
    assert eventos(m, "causa", "Hugo") == []
    assert {d["cause"] for d in eventos(m, "causa")} == {"lobos", "pocion"}


def test_los_muertos_de_la_noche_se_anuncian_en_orden_de_asiento_y_no_delatan_la_pocion():
    """Found by the noninterference check: naming the wolves' victim first told the table which of the night's
    dead the Bruja poisoned."""
    anuncios = []
    for victima, envenenada in (("Gema", "Fran"), ("Fran", "Gema")):
        m = mesa(OCHO)
        _hasta_la_bruja(m, victima)
        elige(m, "Dani", "bruja-vida")
        elige(m, "Dani", "bruja-muerte", envenenada)
        anuncios.append([d["player"] for d in eventos(m, "muerte", "Hugo")])
    assert anuncios == [["Fran", "Gema"], ["Fran", "Gema"]]


def test_en_otro_reparto_de_lo_oculto_despiertan_los_lobos_de_las_cartas_nuevas():
    """A world dealt again from a villager's knowledge (``shuffle_hidden``: what the agents' environments and the
    noninterference check play on) calls at its next night the players holding a wolf card in it, not the pack
    its own first night had read from the other deal."""
    game = REGISTRY.get("hombres-lobo")
    for seed in range(12):
        m = mesa(OCHO)
        noche_tranquila(m)
        state = game.shuffle_hidden(m.state, "Fran", random.Random(seed))
        while not any(p.kind == "lobos" for p in pending(state)):
            for prompt in pending(state):
                choose(game, state, prompt.player, prompt.id, [])
        wolves = {p for i, p in enumerate(state.players) if state.alive[i] and state.powers[i] == "wolf"}
        assert {p.player for p in pending(state) if p.kind == "lobos"} == wolves


def test_en_otro_reparto_de_lo_oculto_despiertan_la_vidente_y_la_bruja_de_las_cartas_nuevas():
    """In a world dealt again from a villager's knowledge, the Vidente and the Bruja called at the next night are
    the players holding those cards in it (who held them in the other deal may now be a villager)."""
    game = REGISTRY.get("hombres-lobo")
    moved = 0
    for seed in range(12):
        m = mesa(OCHO)
        noche_tranquila(m)
        state = game.shuffle_hidden(m.state, "Fran", random.Random(seed))
        holders = {
            power: {p for i, p in enumerate(state.players) if state.alive[i] and state.powers[i] == power}
            for power in ("seer", "witch")
        }
        moved += holders["seer"] != {"Ana"}
        called: dict[str, set[str]] = {"seer": set(), "witch": set()}
        while state.phase != "noche":
            for prompt in pending(state):
                choose(game, state, prompt.player, prompt.id, [])
        while state.phase == "noche" and state.result is None:
            for prompt in pending(state):
                power = {"vidente": "seer", "bruja-vida": "witch", "bruja-muerte": "witch"}.get(prompt.kind)
                if power:
                    called[power].add(prompt.player)
                answer = list(prompt.options[: prompt.min]) if not prompt.skippable else []
                choose(game, state, prompt.player, prompt.id, answer)
        assert called == holders, seed
    assert moved  # some deals gave the Vidente's card to another player
