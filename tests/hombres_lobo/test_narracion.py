"""The narrator's script (velada/core/narration.py) for the Werewolf family: the room hears the same night
whoever is alive, and never a list of votes."""

from velada.core.engine import Match, pending
from velada.core.narration import script
from velada.games import REGISTRY

GAME = REGISTRY.get("hombres-lobo")
PLAYERS = ["ana", "bea", "carla", "dani", "eva"]
DEAL = {"ana": "hombre-lobo", "bea": "vidente", "carla": "aldeano", "dani": "aldeano", "eva": "aldeano"}
OPTIONS = {"lobos": "1", "especiales": "vidente", "alguacil": "no"}


def night_two(victim: str) -> list[str]:
    """The script of the second night of a game where the wolf kills ``victim`` on the first night and
    nobody is lynched, from nightfall to dawn."""
    match = Match(GAME, PLAYERS, OPTIONS, deal=DEAL)
    while match.state.day < 2 or match.state.phase != "dia":
        for prompt in pending(match.state):
            if prompt.kind == "lobos":
                choice = [victim] if victim in prompt.options else [prompt.options[0]]
            elif prompt.skippable:
                choice = []
            else:
                choice = list(prompt.options[: prompt.min])
            match.choose(prompt.player, prompt.id, choice)
    lines = script(GAME, match.state, "es")
    start = lines.index("Cae la noche 2. Todos cierran los ojos.")
    end = lines.index("Amanece el día 2.")
    return lines[start : end + 1]


def test_una_noche_con_la_vidente_muerta_suena_igual_que_con_ella_viva():
    dead = night_two("bea")
    alive = night_two("carla")
    assert dead == alive
    assert "Vidente, despierta. Elige a un jugador y verás su carta." in dead
    assert "Vidente, vuelve a dormir." in dead


def test_el_narrador_no_lee_los_votos():
    match = Match(GAME, PLAYERS, OPTIONS, deal=DEAL)
    while match.result is None and match.state.day < 3:
        for prompt in pending(match.state):
            match.choose(prompt.player, prompt.id, list(prompt.options[: prompt.min]))
    spoken = script(GAME, match.state, "es")
    assert any(e.kind == "votos" for e in match.state.log)
    assert not any(line.startswith("Votos") or "→" in line for line in spoken)
