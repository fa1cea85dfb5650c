"""The one mechanism every death goes through (deaths.py): markers placed during a phase, resolved together in
one documented order — cancellations, immunities, substitutions, last chances, deaths, death powers."""

from velada.core.protocol import PUBLIC
from velada.games.bethlem.awakening import awaken
from velada.games.bethlem.deaths import attack
from velada.games.bethlem.state import INEVITABLE, LEPER

from .mesa import (
    CUATRO,
    abiertos,
    ataque,
    con,
    eventos,
    hasta,
    hasta_prompt,
    mesa,
    muere_de_noche,
    noche,
    opciones,
    viva,
)


def test_una_carta_con_varias_marcas_muere_una_sola_vez():
    m = mesa(CUATRO)
    noche(m, ataque("Dani:1", {("Ana", "amotinados-2"): ["Dani:1"], ("Ana", "terapia-electroshock"): ["Dani:1"]}))
    assert [e["card"] for e in eventos(m, "muerte")] == ["mary-firth"]


def test_las_muertes_de_una_noche_se_muestran_juntas_al_amanecer_en_orden_de_mesa():
    m = mesa(CUATRO)
    noche(m, ataque("Dani:2", {("Ana", "amotinados-2"): ["Bea:3"], ("Ana", "terapia-electroshock"): ["Carlos:4"]}))
    kinds = [e.kind for e in m.state.log]
    assert kinds.index("amanece") < kinds.index("muerte")
    assert [e["player"] for e in eventos(m, "muerte")] == ["Bea", "Carlos", "Dani"]


RICHARD = con(CUATRO, Bea=["richard-dadd", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"])


def test_el_leproso_mata_incluso_a_richard_dadd_despertado():
    m = mesa(RICHARD)
    awaken(m.state, "richard-dadd", "despertar")
    attack(m.state, "richard-dadd", "leproso", (0,), LEPER | INEVITABLE)
    noche(m)
    assert not viva(m, "richard-dadd")


def test_wakerfield_no_puede_quedarse_una_carta_que_muere_sin_remedio():
    m = mesa(CUATRO)
    attack(m.state, "larry-owls", "leproso", (0,), LEPER | INEVITABLE)
    hasta(m, lambda m: m.state.phase == "dia", ataque("Carlos:2"))
    assert {e["card"] for e in eventos(m, "muerte")} == {"larry-owls", "arthur"}
    m = mesa(CUATRO)
    attack(m.state, "larry-owls", "leproso", (0,), LEPER | INEVITABLE)
    hasta_prompt(m, "Dani", "wakerfield", ataque("Carlos:2"))
    assert opciones(m, "Dani", "wakerfield") == ("Carlos:2",)


def test_los_poderes_al_morir_causan_una_nueva_tanda_de_muertes():
    deal = con(
        CUATRO,
        Bea=["nathaniel", "john-flick", "terapia-opio-y-barbituricos", "companeros-de-celda-1", "hostilidad"],
        Carlos=["larry-owls", "arthur", "terapia-lobotomia", "companeros-de-celda-2", "melancolia"],
        Dani=["mary-firth", "wakerfield", "companeros-de-celda-3", "profeta", "paciencia"],
    )
    m = mesa(deal)
    noche(m, {("Ana", "terapia-electroshock"): ["Carlos:4"]})
    # Carlos:4 dies (Bea's and Dani's cards are not on the dawn's list); its cellmates take Bea:4 and Dani:4, shown
    # with it at dawn in table order.
    assert [e["card"] for e in eventos(m, "muerte")] == ["companeros-de-celda-1", "companeros-de-celda-2", "profeta"]


def test_quien_queda_fuera_de_la_partida_ya_no_es_llamado():
    m = mesa(CUATRO)
    muere_de_noche(m, "Carlos:2", "Carlos:3", "Carlos:4")  # Carlos is left with Larry Owls alone
    noche(m, ataque("Carlos:1"))
    assert m.state.out[2]
    seen = set()
    r = m.state.round
    hasta(m, lambda m: seen.update(p.player for p in m.pending()) or m.state.round == r + 2)
    assert "Carlos" not in seen
    assert ("Carlos", "linchamiento") not in abiertos(m)


def test_las_muertes_que_causan_los_companeros_de_celda_se_desvelan_al_amanecer_con_las_demas():
    """Se desvelan las muertes de la noche: the cards the Compañeros de celda take along die that night and are
    shown with the others, in table order. Shown after them, apart, they would tell the public which players hold
    the other two companions (Dani's is hidden at position 3)."""
    deal = con(
        CUATRO,
        Bea=["nathaniel", "john-flick", "terapia-opio-y-barbituricos", "companeros-de-celda-1", "hostilidad"],
        Carlos=["larry-owls", "arthur", "terapia-lobotomia", "companeros-de-celda-2", "melancolia"],
        Dani=["mary-firth", "wakerfield", "companeros-de-celda-3", "profeta", "paciencia"],
    )
    m = mesa(deal)
    noche(m, ataque("Dani:1", {("Ana", "terapia-electroshock"): ["Carlos:4"]}))
    public = [e for e in m.state.log if e.visible_to(PUBLIC)]
    dawn = [e.kind for e in public[[e.kind for e in public].index("amanece") :]]
    deaths = [(d["player"], d["position"]) for d in eventos(m, "muerte", PUBLIC)]
    assert deaths == [("Bea", 4), ("Carlos", 4), ("Dani", 1), ("Dani", 4)]
    first = dawn.index("muerte")
    assert dawn[first : first + 4] == ["muerte"] * 4
    assert "companeros" not in dawn[:first]
