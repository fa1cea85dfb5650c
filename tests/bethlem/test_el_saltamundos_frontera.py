"""El Saltamundos' awakening (section 13): La frontera comes to the asylum — a character card, the sheriff, its
roles dealt to the other players, rewards for finishing off a forajido, the alguacil's restraint and the sheriff's
instant victory."""

import functools
import random
from collections import Counter

from velada.core.engine import build_view
from velada.games.bethlem.awakening import awaken
from velada.games.bethlem.custom.frontera import _sheriff_wins
from velada.games.bethlem.custom.saltamundos_data import CHARACTERS, ROLES, WORLD_CARDS

from .mesa import (
    CINCO,
    GAME,
    OBJETIVOS,
    ataque,
    caen,
    dia,
    elige,
    eventos,
    hasta_prompt,
    mesa,
    noche,
    opciones,
    posiciones,
    viva,
)
from .test_el_saltamundos import saltamundos

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


#: Five players (``mesa.CINCO``: Eva holds El Saltamundos, an inmate; Ana and Dani are the mutineers): with four
#: others in the game his awakening deals an alguacil too (``ROLES[4]``), which four players never see.
OBJETIVOS_FRONTERA = {**OBJETIVOS, "Eva": "internos"}
MUTINEERS = ("Ana", "Dani")
#: The roles these tests play with: the alguacil a mutineer, the forajidos the two inmates, the renegado the
#: other mutineer.
PAPELES = {"Ana": "alguacil", "Bea": "forajido", "Carlos": "forajido", "Dani": "renegado"}


def _eva_despierta(seed: int):
    m = mesa(CINCO, seed=seed, objetivos=OBJETIVOS_FRONTERA)
    hasta_prompt(m, "Eva", "el-saltamundos-mundo")
    elige(m, "Eva", "el-saltamundos-mundo", "frontera")
    elige(m, "Eva", "el-saltamundos-robar")
    awaken(m.state, KIND, "despertar")
    return m


@functools.cache
def _reparto_de_papeles(roles: tuple[str, ...], arriba: tuple[str, ...]) -> int:
    """The first deal (its seed) whose chance deals the frontier ``roles`` (by seat) at Eva's awakening, with
    ``arriba`` on top of her deck (the rewards are drawn from it)."""
    for seed in range(2000):
        d = _eva_despierta(seed).state.custom[KIND]
        if tuple(d.roles) == roles and tuple(d.deck[: len(arriba)]) == arriba:
            return seed
    raise AssertionError(f"no deal in 2000 gives the roles {roles} and {arriba} on top")


def con_papeles(papeles, arriba=()):
    """The five-player table at Eva's awakening (the Despertar event, her first draw skipped), the others' roles
    (player → role) and her deck's top as the deal's chance gives them."""
    roles = tuple(papeles.get(p, "sheriff" if p == "Eva" else "") for p in CINCO)
    m = _eva_despierta(_reparto_de_papeles(roles, tuple(arriba)))
    assert tuple(m.state.custom[KIND].roles) == roles
    return m


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
    of one, the next night. His deck is as the deal shuffled it: a test reads its top, or scripts his choices."""
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
    d = m.state.custom[KIND]
    primera, segunda, tercera = d.deck[:3]  # his deck's top, as the deal shuffled it
    elige(m, "Carlos", "el-saltamundos-personaje", "manos-rapidas")
    assert opciones(m, "Carlos", "el-saltamundos-elegir") == (primera, segunda)
    elige(m, "Carlos", "el-saltamundos-elegir", segunda)
    assert d.hand == [segunda, tercera]
    assert d.deck[-1] == primera


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
    elige(m, "Carlos", "el-saltamundos-personaje", "alforjas-sin-fondo")
    # Awakened, he draws two cards a night and keeps one (the deal's order): four nights, four cards kept.
    for carta in ("saca-de-la-diligencia", "calabozo-del-pueblo", "cartucho-con-mecha", "telegrama-interceptado"):
        elige(m, "Carlos", "el-saltamundos-elegir", carta)
        noche(m)
        dia(m)
        hasta_prompt(m, "Carlos", "el-saltamundos-elegir")
    assert len(m.state.custom[KIND].hand) == 4
    elige(m, "Carlos", "el-saltamundos-elegir", "tras-el-abrevadero")
    # Five cards with four living cards, and no discard: he plays at once.
    assert len(m.state.custom[KIND].hand) == 5
    assert "tras-el-abrevadero" in opciones(m, "Carlos", "el-saltamundos")


def test_el_alguacil_no_puede_atacar_las_cartas_del_sheriff():
    m = con_papeles(PAPELES)
    noche(m)
    dia(m)
    hasta_prompt(m, "Ana", "amotinados")
    assert not [o for o in opciones(m, "Ana", "amotinados") if o.startswith("Eva:")]
    assert [o for o in opciones(m, "Dani", "amotinados") if o.startswith("Eva:")]


def _bea_cae(m):
    """Bea, a forajido, loses three cards to the mutineers, one a night, and the last the night after."""
    noche(m)
    dia(m)
    caen(m, "Bea:1", "Bea:3", "Bea:4", amotinados=MUTINEERS)
    noche(m, ataque("Bea:2", amotinados=MUTINEERS))


def test_quien_acaba_con_un_forajido_roba_una_recompensa_y_la_usa_en_el_turno_del_saltamundos():
    m = con_papeles(PAPELES, arriba=("disparo-certero", "catalejo-de-laton"))
    _bea_cae(m)
    assert m.state.out[1]
    # Both mutineers put the forajido out: each draws a frontier card; the table sees that, not which.
    assert eventos(m, "frontera-rol-visto", "Eva") == [{"player": "Bea", "role": "forajido"}]
    assert eventos(m, "frontera-recompensa", "Eva") == [{"player": "Ana"}, {"player": "Dani"}]
    assert eventos(m, "frontera-recompensa-carta", "Ana") == [{"card": "disparo-certero"}]
    assert eventos(m, "frontera-recompensa-carta", "Dani") == [{"card": "catalejo-de-laton"}]
    assert eventos(m, "frontera-recompensa-carta", "Eva") == []
    assert badges(m, "Eva", "Bea") == ["frontera-forajido"]
    dia(m)
    hasta_prompt(m, "Ana", "frontera-recompensa")
    assert opciones(m, "Ana", "frontera-recompensa") == ("disparo-certero",)
    elige(m, "Ana", "frontera-recompensa", "disparo-certero")
    # The alguacil's reward cannot be aimed at the sheriff either.
    assert not [o for o in opciones(m, "Ana", "el-saltamundos-matar") if o.startswith("Eva:")]
    elige(m, "Ana", "el-saltamundos-matar", "Carlos:2")
    noche(m)
    assert not viva(m, "arthur")
    assert m.state.custom[KIND].rewards == [(3, "catalejo-de-laton")]


def test_el_sheriff_gana_al_instante_si_caen_todos_los_forajidos_y_el_renegado():
    m = con_papeles(PAPELES)
    noche(m)
    dia(m)
    # The forajidos Bea and Carlos fall to the mutineers, card by card; the renegado Dani is lynched.
    caen(m, *posiciones("Bea", "Carlos"), "Dani:1", "Dani:2", amotinados=MUTINEERS)
    assert m.state.out[1] and m.state.out[2] and not m.state.out[3]
    assert m.result is None
    caen(m, "Dani:3", amotinados=MUTINEERS)
    assert m.state.out[3]
    assert m.result is not None
    assert (m.result.reason, m.result.winners) == ("sheriff", ("Eva",))


def test_el_sheriff_fuera_de_la_partida_ya_no_gana_asi():
    m = con_papeles(PAPELES)
    s = m.state
    # Out at once (``set_out``, no death resolution): the forajidos, the renegado and the sheriff himself, which
    # only the check itself needs.
    for seat, out in enumerate([False, True, True, True, True]):
        s.set_out(seat, out)
    _sheriff_wins(s)
    assert s.instant is None


def test_despertado_en_el_burgo_trae_el_mazo_de_la_frontera_para_las_recompensas():
    m = despierto("burgo")
    d = m.state.custom[KIND]
    assert sorted(d.frontier) == sorted(c for c, (w, _, _) in WORLD_CARDS.items() if w == "frontera")
    assert all(WORLD_CARDS[c][0] == "burgo" for c in d.deck)


def test_los_papeles_ajenos_y_las_recompensas_no_se_filtran_en_las_vistas():
    m = con_papeles(PAPELES, arriba=("disparo-certero", "catalejo-de-laton"))
    _bea_cae(m)
    assert m.state.out[1]
    rng = random.Random(3)
    for viewer in ("Ana", "Eva", "Dani"):
        for _ in range(10):
            hidden = GAME.shuffle_hidden(m.state, viewer, rng)
            assert build_view(GAME, hidden, viewer, "es") == build_view(GAME, m.state, viewer, "es")
