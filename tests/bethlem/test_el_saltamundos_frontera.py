"""El Saltamundos' awakening (section 13): La frontera comes to the asylum — a character card, the sheriff, its
roles dealt to the other players, rewards for finishing off a forajido, the alguacil's restraint and the sheriff's
instant victory."""

import functools
import random
from collections import Counter

from velada.core.engine import build_view
from velada.games.bethlem.awakening import awaken
from velada.games.bethlem.custom.frontera import _sheriff_wins, shield
from velada.games.bethlem.custom.saltamundos_data import CHARACTERS, ROLES, WORLD_CARDS

from .mesa import GAME, ataque, dia, elige, eventos, hasta_prompt, noche, opciones, viva
from .test_el_saltamundos import mazo, saltamundos

KIND = "el-saltamundos"


def _despierto(mundo, **kw):
    m = saltamundos(mundo, **kw)
    elige(m, "Carlos", "el-saltamundos-robar")
    awaken(m.state, KIND, "despertar")
    return m


@functools.cache
def _reparto(mundo: str, quiere) -> int:
    """The first deal (its seed) whose chance gives what ``quiere`` (a function of the awakened table) asks of
    the roles and character cards his awakening deals at random: a test picks the deal rather than writing them."""
    for seed in range(1000):
        if quiere(_despierto(mundo, seed=seed).state.custom[KIND]):
            return seed
    raise AssertionError("no deal in 1000 gives it")


def despierto(mundo="frontera", quiere=None, **kw):
    """Carlos (an inmate) holds El Saltamundos in ``mundo``, skips tonight's draw and awakens (the Despertar event);
    ``quiere``: what his awakening deals at random (a function of his record), by the deal's chance."""
    if quiere is not None:
        kw["seed"] = _reparto(mundo, quiere)
    m = _despierto(mundo, **kw)
    assert quiere is None or quiere(m.state.custom[KIND])
    return m


def con_papeles(m, papeles):
    """The frontier roles replaced (player → role): written into the state, as four players are dealt no
    alguacil (ROLES) and these tests need one."""
    d = m.state.custom[KIND]
    d.roles = [papeles.get(p, "sheriff" if p == "Carlos" else "") for p in m.state.players]
    m.state.archive.shields = [sh for sh in m.state.archive.shields if sh[1] != d.sheriff]
    shield(m.state)
    return m


def sin_cartas(m, jugador, *posiciones):
    """Those positions of ``jugador``'s row are already dead."""
    s = m.state
    for pos in posiciones:
        s.alive[s.card_at(f"{jugador}:{pos}")] = False


BADGES = {"Sheriff de la frontera": "sheriff", "Forajido": "forajido", "Renegado de la frontera": "renegado"}
BADGES["Alguacil"] = "alguacil"


def badges(m, viewer, jugador):
    """The frontier roles ``viewer`` sees beside ``jugador``'s name (as ids)."""
    (row,) = [p for p in m.view(viewer)["players"] if p["id"] == jugador]
    return [f"frontera-{BADGES[b]}" for b in row["badges"]]


def test_despertar_del_saltamundos_lo_hace_sheriff_y_reparte_al_azar_los_otros_papeles():
    m = despierto()
    assert eventos(m, "frontera-sheriff", "Ana") == [{"player": "Carlos"}]
    roles = m.state.custom[KIND].roles
    assert roles[2] == "sheriff"
    assert Counter(roles[p] for p in (0, 1, 3)) == Counter(ROLES[3])
    # Each player is told their own role only; the narrator sees them all.
    for seat, player in enumerate(("Ana", "Bea", "Carlos", "Dani")):
        if player != "Carlos":
            assert eventos(m, "frontera-rol", player) == [{"role": roles[seat]}]
    assert len(eventos(m, "frontera-rol")) == 3
    assert badges(m, "Ana", "Carlos") == ["frontera-sheriff"]
    assert badges(m, "Ana", "Ana") == [f"frontera-{roles[0]}"]
    assert badges(m, "Ana", "Bea") == [] and badges(m, "Carlos", "Bea") == []
    assert badges(m, None, "Bea") == [f"frontera-{roles[1]}"]


def test_los_papeles_dependen_de_cuantos_jugadores_quedan():
    assert ROLES[1] == ("forajido",)
    assert Counter(ROLES[4]) == Counter({"forajido": 2, "renegado": 1, "alguacil": 1})
    assert Counter(ROLES[6]) == Counter({"forajido": 3, "renegado": 1, "alguacil": 2})


def test_en_su_siguiente_turno_se_queda_una_de_dos_cartas_de_personaje_de_la_frontera():
    m = despierto()
    offered = m.state.custom[KIND].offered
    assert len(offered) == 2 and set(offered) <= set(CHARACTERS)
    noche(m)
    dia(m)
    hasta_prompt(m, "Carlos", "el-saltamundos-personaje")
    assert opciones(m, "Carlos", "el-saltamundos-personaje") == tuple(offered)
    elige(m, "Carlos", "el-saltamundos-personaje", offered[1])
    assert m.state.custom[KIND].character == offered[1]
    assert eventos(m, "frontera-personaje", "Carlos") == [{"card": offered[1]}]
    assert eventos(m, "frontera-personaje", "Ana") == []


@functools.cache
def _ofrece(carta):
    return lambda d: carta in d.offered


def hasta_el_personaje(carta, **kw):
    """Carlos awakened, offered ``carta`` among the frontier characters (by the deal); the game is at his choice
    of one, the next night. A test that needs his deck's top then writes it (``mazo``): no deal is searched for
    what two nights of draws leave."""
    m = despierto(quiere=_ofrece(carta), **kw)
    noche(m)
    dia(m)
    hasta_prompt(m, "Carlos", "el-saltamundos-personaje")
    return m


def personaje(carta, **kw):
    """Carlos awakened and kept ``carta``; the next night is played up to his draw (awakened: two cards)."""
    m = hasta_el_personaje(carta, **kw)
    elige(m, "Carlos", "el-saltamundos-personaje", carta)
    return m


def test_manos_rapidas_roba_una_carta_mas_en_cada_turno():
    m = hasta_el_personaje("manos-rapidas")
    mazo(m, "disparo-certero", "catalejo-de-laton", "cartucho-con-mecha")
    elige(m, "Carlos", "el-saltamundos-personaje", "manos-rapidas")
    elige(m, "Carlos", "el-saltamundos-elegir", "catalejo-de-laton")
    d = m.state.custom[KIND]
    assert d.hand == ["catalejo-de-laton", "cartucho-con-mecha"]
    assert d.deck[-1] == "disparo-certero"


def test_ojo_de_halcon_mira_una_carta_o_un_objetivo_en_cada_turno():
    m = personaje("ojo-de-halcon")
    elige(m, "Carlos", "el-saltamundos-elegir")
    assert "Bea" in opciones(m, "Carlos", "el-saltamundos-vigilar")
    elige(m, "Carlos", "el-saltamundos-vigilar", "Bea")
    assert eventos(m, "ve-objetivo", "Carlos") == [{"player": "Bea", "goal": "amotinados"}]


def test_chaleco_de_cuero_pone_a_cubierto_esa_noche_una_carta_suya():
    m = personaje("chaleco-de-cuero")
    elige(m, "Carlos", "el-saltamundos-elegir")
    assert opciones(m, "Carlos", "el-saltamundos-cubrirse") == ("Carlos:1", "Carlos:2", "Carlos:3", "Carlos:4")
    noche(m, {("Carlos", "el-saltamundos-cubrirse"): ["Carlos:2"], **ataque("Carlos:2", amotinados=("Bea", "Dani"))})
    assert viva(m, "arthur")


def test_alforjas_sin_fondo_libra_de_la_regla_de_su_mundo():
    m = hasta_el_personaje("alforjas-sin-fondo")
    mazo(m, "disparo-certero", "cartucho-con-mecha")
    elige(m, "Carlos", "el-saltamundos-personaje", "alforjas-sin-fondo")
    mano = ["catalejo-de-laton", "tras-el-abrevadero", "calabozo-del-pueblo", "saca-de-la-diligencia"]
    m.state.custom[KIND].hand = list(mano)
    elige(m, "Carlos", "el-saltamundos-elegir", "disparo-certero")
    # Five cards with four living cards, and no discard: he plays at once.
    assert len(m.state.custom[KIND].hand) == 5
    assert "disparo-certero" in opciones(m, "Carlos", "el-saltamundos")


def test_el_alguacil_no_puede_atacar_las_cartas_del_sheriff():
    m = con_papeles(despierto(), {"Ana": "forajido", "Bea": "alguacil", "Dani": "renegado"})
    noche(m)
    dia(m)
    hasta_prompt(m, "Bea", "amotinados")
    assert not [o for o in opciones(m, "Bea", "amotinados") if o.startswith("Carlos:")]
    assert [o for o in opciones(m, "Dani", "amotinados") if o.startswith("Carlos:")]


def test_quien_acaba_con_un_forajido_roba_una_recompensa_y_la_usa_en_el_turno_del_saltamundos():
    m = con_papeles(despierto(), {"Ana": "forajido", "Bea": "alguacil", "Dani": "renegado"})
    sin_cartas(m, "Ana", 1, 3, 4)
    mazo(m, "disparo-certero", "catalejo-de-laton")
    noche(m, ataque("Ana:2", amotinados=("Bea", "Dani")))
    assert m.state.out[0]
    # Both mutineers put the forajido out: each draws a frontier card; the table sees that, not which.
    assert eventos(m, "frontera-rol-visto", "Carlos") == [{"player": "Ana", "role": "forajido"}]
    assert eventos(m, "frontera-recompensa", "Carlos") == [{"player": "Bea"}, {"player": "Dani"}]
    assert eventos(m, "frontera-recompensa-carta", "Bea") == [{"card": "disparo-certero"}]
    assert eventos(m, "frontera-recompensa-carta", "Dani") == [{"card": "catalejo-de-laton"}]
    assert eventos(m, "frontera-recompensa-carta", "Carlos") == []
    assert badges(m, "Carlos", "Ana") == ["frontera-forajido"]
    dia(m)
    hasta_prompt(m, "Bea", "frontera-recompensa")
    assert opciones(m, "Bea", "frontera-recompensa") == ("disparo-certero",)
    elige(m, "Bea", "frontera-recompensa", "disparo-certero")
    # The alguacil's reward cannot be aimed at the sheriff either.
    assert not [o for o in opciones(m, "Bea", "el-saltamundos-matar") if o.startswith("Carlos:")]
    elige(m, "Bea", "el-saltamundos-matar", "Dani:4")
    noche(m)
    assert not viva(m, "juego-de-azar")
    assert m.state.custom[KIND].rewards == [(3, "catalejo-de-laton")]


def test_el_sheriff_gana_al_instante_si_caen_todos_los_forajidos_y_el_renegado():
    m = con_papeles(despierto(), {"Ana": "forajido", "Bea": "renegado", "Dani": "alguacil"})
    sin_cartas(m, "Ana", 1, 3, 4)
    sin_cartas(m, "Bea", 1, 2, 4)
    noche(m, ataque("Ana:2", amotinados=("Bea", "Dani")))
    assert m.result is None
    votos = {("Carlos", "linchamiento"): ["Bea"], ("Dani", "linchamiento"): ["Bea"]}
    dia(m, {**votos, ("Carlos", "linchamiento-carta"): ["Bea:3"], ("Dani", "linchamiento-carta"): ["Bea:3"]})
    assert m.result is not None
    assert (m.result.reason, m.result.winners) == ("sheriff", ("Carlos",))


def test_el_sheriff_fuera_de_la_partida_ya_no_gana_asi():
    m = con_papeles(despierto(), {"Ana": "forajido", "Bea": "renegado", "Dani": "alguacil"})
    s = m.state
    s.out[:] = [True, True, True, False]  # the forajido, the renegado and the sheriff himself are out
    _sheriff_wins(s)
    assert s.instant is None


def test_despertado_en_el_burgo_trae_el_mazo_de_la_frontera_para_las_recompensas():
    m = despierto("burgo")
    d = m.state.custom[KIND]
    assert sorted(d.frontier) == sorted(c for c, (w, _, _) in WORLD_CARDS.items() if w == "frontera")
    assert all(WORLD_CARDS[c][0] == "burgo" for c in d.deck)


def test_los_papeles_ajenos_y_las_recompensas_no_se_filtran_en_las_vistas():
    m = con_papeles(despierto(), {"Ana": "forajido", "Bea": "alguacil", "Dani": "renegado"})
    sin_cartas(m, "Ana", 1, 3, 4)
    noche(m, ataque("Ana:2", amotinados=("Bea", "Dani")))
    rng = random.Random(3)
    for viewer in ("Bea", "Carlos", "Dani"):
        for _ in range(10):
            hidden = GAME.shuffle_hidden(m.state, viewer, rng)
            assert build_view(GAME, hidden, viewer, "es") == build_view(GAME, m.state, viewer, "es")
