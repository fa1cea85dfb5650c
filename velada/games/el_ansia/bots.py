"""A heuristic bot for El ansia, playing from its own view (and the public card and board data).

It plans its return: when the way home to the castle would take more turns than it has left at its deck's
pace, it heads back; otherwise it goes out to hunt where humans score more (the forest, the plains), opens chests,
visits crypts, picks a rose in the maze if it can, and hunts the stack worth most per point of speed, wary of slow
humans that would make it late.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from velada.core.bots import ViewFn
from velada.core.protocol import Prompt
from velada.games.el_ansia import board
from velada.games.el_ansia.data import CARDS, MISSIONS, SPACES
from velada.games.el_ansia.turn import REGION_BONUS

BAD_KEYWORDS = ("desorientacion", "picante", "agua_bendita")


class HeuristicBot:
    def __init__(self, player: str, seed: int) -> None:
        self.player = player
        self.rng = random.Random(seed)

    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        if prompt.kind not in HANDLERS:
            raise ValueError(f"the El ansia bot does not know the prompt kind {prompt.kind!r}")
        if view is None:
            return list(prompt.options[: prompt.min])
        v = view()
        handler = HANDLERS[prompt.kind]
        if handler is None:
            return list(prompt.options[: prompt.min])
        return handler(self, prompt, v)

    # --- helpers ------------------------------------------------------------------------------------

    def _me(self, v: dict[str, Any]) -> dict[str, Any]:
        return next(p for p in v["players"] if p["id"] == self.player)

    def _pace(self, v: dict[str, Any]) -> float:
        """Expected speed per turn: three cards of the deck's average speed, plus the permanents."""
        me = self._me(v)
        cards = [*v.get("you", {}).get("hand", []), *me["discard"]]
        average = sum(CARDS[c].speed for c in cards) / len(cards) if cards else 1.3
        return max(1.0, 3 * average + sum(CARDS[c].speed for c in me["permanents"]))

    def _turns_left(self, v: dict[str, Any]) -> int:
        return 15 - v["phase"]["moon"]

    @staticmethod
    def _mission_value(mid: str) -> float:
        m = MISSIONS[mid]
        return 1.0 if m.type == "instantanea" else 2 + m.vp

    # --- decisions ----------------------------------------------------------------------------------

    def _mision_inicial(self, prompt: Prompt, v) -> list[str]:
        return [max(prompt.options, key=self._mission_value)]

    def _misiones(self, prompt: Prompt, v) -> list[str]:
        ranked = sorted(prompt.options, key=self._mission_value, reverse=True)
        return ranked[: prompt.min]

    def _efecto(self, prompt: Prompt, v) -> list[str]:
        return [prompt.options[0]]

    def _descartar(self, prompt: Prompt, v) -> list[str]:
        cards = (prompt.args or {}).get("cards", {})

        def badness(uid: str) -> tuple:
            card = CARDS[cards[uid]]
            return (any(k in card.keywords for k in BAD_KEYWORDS), -card.speed)

        return [max(prompt.options, key=badness)]

    def _digerir(self, prompt: Prompt, v) -> list[str]:
        cards = (prompt.args or {}).get("cards", {})
        slow = [o for o in prompt.options if CARDS[cards[o]].speed < 0]
        return [min(slow, key=lambda o: CARDS[cards[o]].speed)] if slow else []

    def _inspirar(self, prompt: Prompt, v) -> list[str]:
        return [max(prompt.options, key=lambda r: v["crypts"].get(r, 0))]

    def _pozo(self, prompt: Prompt, v) -> list[str]:
        return [prompt.options[0]]

    def _empujar(self, prompt: Prompt, v) -> list[str]:
        return []

    def _rosa(self, prompt: Prompt, v) -> list[str]:
        return [prompt.options[0]]

    def _preparada(self, prompt: Prompt, v) -> list[str]:
        card = CARDS[(prompt.args or {})["card"]]
        return ["mazo" if card.speed >= 1 else "descarte"]

    def _eleccion(self, prompt: Prompt, v) -> list[str]:
        me = self._me(v)
        cards = [*v.get("you", {}).get("hand", []), *me["discard"], *me["digested"]]
        counts = {k: sum(1 for c in cards if CARDS[c].kind == k) for k in prompt.options}
        return [max(prompt.options, key=lambda k: counts[k])]

    def _mover(self, prompt: Prompt, v) -> list[str]:
        me = self._me(v)
        extras = [o for o in prompt.options if o.startswith("mision:")]
        if extras:
            return [extras[0]]
        here = me["space"]
        turns_left = self._turns_left(v)
        pace = self._pace(v)
        speed = (prompt.args or {}).get("speed", 0)
        spaces = [o for o in prompt.options if o in SPACES]
        if not spaces:
            return []
        budget = (turns_left - 1) * pace * 0.8
        if board.to_castle(here) > budget or turns_left <= 2:
            best = min(spaces, key=lambda s: (board.to_castle(s), -board.distances_from(here)[s]))
            return [best] if board.to_castle(best) < board.to_castle(here) else []
        has_rose = any(CARDS[c].type == "rosa" for c in me["permanents"])
        chests = v["board"]["chests"]

        def value(space: str) -> float:
            sp = SPACES[space]
            cost = board.distances_from(here)[space]
            left = speed - cost
            worth = REGION_BONUS.get(sp.region, 0) * 1.5 + (1.0 if left >= 1 else -1.0)
            if sp.effect == "laberinto" and not has_rose and v["board"]["roses"]:
                worth += 6
            if sp.effect == "cofre" and chests.get(space):
                worth += 2.5
            if sp.effect == "cripta":
                worth += 1.5
            if board.to_castle(space) > budget:
                worth -= 10
            return worth + self.rng.random() * 0.1

        best = max(spaces, key=value)
        return [best] if value(best) > 0.5 else []

    def _cazar(self, prompt: Prompt, v) -> list[str]:
        me = self._me(v)
        extras = [o for o in prompt.options if o.startswith("mision:")]
        if extras:
            return [extras[0]]
        region = SPACES[me["space"]].region
        bonus = REGION_BONUS.get(region, 0)
        turns_left = self._turns_left(v)
        best, best_value = None, 0.5
        for option in prompt.options:
            if option.startswith("z"):
                stack = v["zone"][int(option[1])][int(option[2])]
                cost = int(option[2]) + 1
            elif option == "taberna":
                stack, cost = [], 2
                value = 3.0
            else:
                continue
            value = 3.0 if option == "taberna" else 0.0
            for cid in stack:
                card = CARDS[cid]
                if card.human:
                    value += card.vp + bonus + min(card.speed, 0) * (0.4 if turns_left > 5 else 1.0)
                else:
                    value += 1 + max(card.speed, 0)
            value -= cost * 0.3
            if value > best_value:
                best, best_value = option, value
        return [best] if best else []


#: The bot's answer to each prompt kind of the game (``game.KINDS``); ``None``: the first options it may take.
HANDLERS: dict[str, Callable[[HeuristicBot, Prompt, dict[str, Any]], list[str]] | None] = {
    "mision-inicial": HeuristicBot._mision_inicial,
    "efecto": HeuristicBot._efecto,
    "descartar": HeuristicBot._descartar,
    "digerir": HeuristicBot._digerir,
    "inspirar": HeuristicBot._inspirar,
    "misiones": HeuristicBot._misiones,
    "pozo": HeuristicBot._pozo,
    "mover": HeuristicBot._mover,
    "empujar": HeuristicBot._empujar,
    "rosa": HeuristicBot._rosa,
    "cazar": HeuristicBot._cazar,
    "preparada": HeuristicBot._preparada,
    "columna": None,
    "eleccion": HeuristicBot._eleccion,
}
