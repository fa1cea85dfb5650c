"""Giving hidden cards new identities follows the state's types: every field annotated ``CardId`` is renamed, at
any depth, and nothing else (``renaming.rename_ids``, used by ``game.rename_cards``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.bethlem.mesa import CUATRO, GAME, hasta_prompt, mesa, noche
from tests.bethlem.personalizadas import personalizada
from tests.bethlem.test_el_saltamundos import saltamundos
from velada.core.game import fork
from velada.games.bethlem.game import rename_cards
from velada.games.bethlem.renaming import CardId, Record, rename_ids


@dataclass(frozen=True)
class _Mark:
    card: CardId
    note: str


@dataclass
class _Inner:
    cards: list[CardId]
    mark: _Mark | None = None


@dataclass
class _Toy:
    rows: list[list[CardId]]
    flags: dict[CardId, bool]
    by_seat: dict[int, tuple[int, CardId]]
    pairs: list[tuple[CardId, CardId, str]]
    maybe: CardId | None
    inner: _Inner
    records: dict[str, Record] = field(default_factory=dict)
    plain: list[str] = field(default_factory=list)
    kept: list[CardId] = field(default_factory=list, metadata={"rename": False})


def test_renombrar_sigue_los_tipos_a_cualquier_profundidad():
    shared = ["a"]
    toy = _Toy(
        rows=[["a", "b"], shared],
        flags={"a": True, "c": False},
        by_seat={0: (3, "b")},
        pairs=[("a", "b", "normal")],
        maybe="a",
        inner=_Inner(["b"], _Mark("a", "a")),
        records={"typed": _Inner(["a"]), "loose": {"card": "a"}},
        plain=["a"],
        kept=["a"],
    )
    swap = {"a": "b", "b": "a"}
    rename_ids(toy, lambda card: swap.get(card, card))
    assert toy.rows == [["b", "a"], ["b"]]
    assert shared == ["a"]  # a new list: a list held twice is not renamed twice
    assert toy.flags == {"b": True, "c": False}
    assert toy.by_seat == {0: (3, "a")}
    assert toy.pairs == [("b", "a", "normal")]
    assert toy.maybe == "b"
    assert toy.inner == _Inner(["a"], _Mark("b", "a"))
    # A record is renamed by its own class's annotations; a dict says nothing about its card ids.
    assert toy.records == {"typed": _Inner(["b"]), "loose": {"card": "a"}}
    assert toy.plain == ["a"] and toy.kept == ["a"]


def test_renombrar_dos_veces_deja_la_partida_como_estaba():
    m = mesa(CUATRO)
    noche(m)
    state = m.state
    swap = {"daniel": "mary-firth", "mary-firth": "daniel", "arthur": "profeta", "profeta": "arthur"}
    renamed = fork(state)
    rename_cards(renamed, swap)
    assert renamed != state
    assert renamed.board[0][0] == "mary-firth" and renamed.where["mary-firth"] == state.where["daniel"]
    rename_cards(renamed, swap)
    assert renamed == state


def _marcas(state):
    """The narrator's markers on every card, by position."""
    return [[card["markers"] for card in player["cards"]] for player in GAME.view(state, None, "es")["players"]]


def test_renombrar_deja_en_su_sitio_lo_que_los_personajes_personalizados_ponen_en_las_cartas():
    """El Relojero's numbers and La Chef's broccolis stay on their positions when the cards there get new
    identities: their records' card ids are renamed with the rest of the state."""
    m = personalizada({"Ana": "el-relojero"})
    hasta_prompt(m, "Bea", "la-chef-brocoli")
    m.choose("Bea", "la-chef-brocoli", ["servir"])
    for player, card in (("Ana", "Ana:2"), ("Bea", "Bea:1"), ("Carlos", "Carlos:3"), ("Dani", "Dani:2")):
        m.choose("Bea", f"n1:la-chef-brocoli-carta-{player}", [card])
    state = m.state
    before = _marcas(state)
    assert ["brocoli"] in before[1] and any(f"numero-{n}" in before[0][1] for n in range(1, 5))
    swap = {"el-archivo": "arthur", "arthur": "el-archivo", "la-chef": "profeta", "profeta": "la-chef"}
    renamed = fork(state)
    rename_cards(renamed, swap)
    assert renamed.board[0][1] == "arthur"
    assert _marcas(renamed) == before
    rename_cards(renamed, swap)
    assert renamed == state


def test_renombrar_sigue_las_apuestas_de_la_ludopata():
    """La Ludópata's bet watches the card at the position she bet on, and belongs to the card whose power made
    it, whatever their new identities."""
    m = personalizada()
    hasta_prompt(m, "Carlos", "la-ludopata")
    m.choose("Carlos", "la-ludopata", ["carta"])
    m.choose("Carlos", "la-ludopata-carta", ["Ana:2"])
    renamed = fork(m.state)
    swap = {"el-archivo": "arthur", "arthur": "el-archivo", "la-ludopata": "wakerfield", "wakerfield": "la-ludopata"}
    rename_cards(renamed, swap)
    d = renamed.custom["la-ludopata"]
    (bet,) = d.bets
    assert bet.watch == [renamed.board[0][1]] == ["arthur"]
    assert bet.card == renamed.board[2][0] == "wakerfield"
    assert d.counts == {"wakerfield": {"carta": 1}}
    rename_cards(renamed, swap)
    assert renamed == m.state


def test_renombrar_deja_el_calabozo_del_saltamundos_sobre_su_carta():
    """A card El Saltamundos jailed stays jailed, and silenced, under its new identity."""
    m = saltamundos("frontera", arriba=("calabozo-del-pueblo",))  # the deal puts the jail on top of his deck
    m.choose("Carlos", "el-saltamundos-robar", ["robar-carta"])
    m.choose("Carlos", "el-saltamundos", ["calabozo-del-pueblo"])
    m.choose("Carlos", "el-saltamundos-calabozo", ["Bea:2"])
    before = _marcas(m.state)
    assert "calabozo" in before[1][1]
    renamed = fork(m.state)
    rename_cards(renamed, {"john-flick": "el-archivo", "el-archivo": "john-flick"})
    assert _marcas(renamed) == before
    assert not renamed.can_act("el-archivo") and renamed.can_act("john-flick")
