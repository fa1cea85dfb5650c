"""A deal written in a scenario (velada/games/el_ansia/deal.py): its keys are documented, and a deal the game
cannot play ends in a clear refusal, never in a crash halfway through the setup."""

import pytest

from velada.core import scenario as scenarios
from velada.games import REGISTRY

from .escena import escena

ANSIA = REGISTRY.get("el-ansia")


def test_una_carta_desconocida_en_una_mano_se_rechaza_con_un_motivo_claro():
    with pytest.raises(ValueError, match=r"unknown card\(s\) 'colmilos' in the deal's manos of Koni"):
        escena(manos={"Koni": ["colmilos", "colmillos", "colmillos"]})


def test_mazos_de_solo_algunos_jugadores_se_rechazan():
    with pytest.raises(ValueError, match=r"mazos must name every player; missing: Richard"):
        escena(mazos={"Koni": ["colmillos"] * 7})


def test_posiciones_de_solo_algunos_jugadores_se_rechazan():
    with pytest.raises(ValueError, match=r"posiciones must name every player; missing: Richard"):
        escena(posiciones={"Koni": "b2"})


@pytest.mark.parametrize(
    ("situation", "says"),
    [
        ({"vampiro": {"Koni": "koni"}}, r"unknown deal key\(s\) 'vampiro'; valid keys: vampiros, "),
        ({"posiciones": {"Koni": "b2", "Richard": "b99"}}, r"unknown space\(s\) 'b99'"),
        ({"orden": ["Koni"]}, r"orden must list every player once"),
        ({"zona": [[[], [], []]]}, r"zona has 3 rows of 3 stacks"),
        ({"criptas": {"bosque": []}}, r"criptas must give every crypt: montanas, llanuras, bosque"),
        ({"fichas": {"Zoe": []}}, r"fichas names players who are not at the table: Zoe"),
        ({"misiones": {"Koni": ["nada"], "Richard": []}}, r"unknown mission\(s\) 'nada'"),
        ({"luna": 0}, r"luna is a moon from 1 to 15"),
    ],
)
def test_un_reparto_mal_escrito_se_rechaza_con_su_motivo(situation, says):
    with pytest.raises(ValueError, match=says):
        escena(**situation)


def test_velada_run_de_un_reparto_roto_da_un_mensaje_y_no_una_traza():
    data = {
        "game": "el-ansia",
        "players": ["Koni", "Richard"],
        "deal": {"vampiros": {"Koni": "koni"}, "mazos": {"Koni": []}},
    }
    with pytest.raises(scenarios.ScenarioError) as info:
        scenarios.play(data, REGISTRY)
    assert (
        info.value.text("en")
        == "el-ansia: the deal cannot be played: the deal's vampiros must name every player; missing: Richard"
    )


def test_velada_games_documenta_las_claves_del_reparto():
    from velada.games.el_ansia.deal import DEAL_KEYS

    assert [key for key, _ in ANSIA.deal_help("en")] == list(DEAL_KEYS)
