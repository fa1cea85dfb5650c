"""A heuristic bot for Ajo y Agua, playing from its own view only.

A count remembers what mirrors showed it: somebody who still holds the blazon of a house bitten earlier in the same
round cannot be the Vampire (the Vampire laid that blazon). It arms itself (Mallet, Stakes, Cross), saves the dying,
looks into the night cards of the unproven, takes weapons from suspects, and accuses when only one suspect is
left — or when it must, with three players alive. The Vampire bites whoever is armed, avoids Crosses, never
starves himself, and only stakes somebody by day when that wins him the game.
"""

from __future__ import annotations

import random
from typing import Any

from velada.core.bots import ViewFn
from velada.core.protocol import Prompt
from velada.games.ajo_y_agua.cards import INNOCENT

KEEP = {"ajos": 9, "agua-bendita": 8, "mazo": 7, "estacas": 6, "cruz": 6, "espejo": 5, "soborno": 4, "farol": 3}


class HeuristicBot:
    def __init__(self, player: str, seed: int) -> None:
        self.player = player
        self.rng = random.Random(seed)

    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        if view is None:
            return [prompt.options[0]] if not prompt.skippable else []
        v = view()
        me = v["you"]
        vampire = me["role"] == "vampiro"
        players = {p["id"]: p for p in v["players"]}
        alive = [p for p, info in players.items() if info["alive"]]
        proven = self._proven_innocent(v)
        suspects = [p for p in alive if p != self.player and p not in proven]
        handler = HANDLERS.get(prompt.kind)
        if handler is None:
            raise ValueError(f"the Ajo y agua bot does not know the prompt kind {prompt.kind!r}")
        return handler(self, prompt, v, me, vampire, players, alive, suspects)

    # --- what the log proves ------------------------------------------------------------------------

    @staticmethod
    def _proven_innocent(view: dict[str, Any]) -> set[str]:
        """Players a mirror showed holding a blazon the Vampire had already laid this round."""
        laid: set[str] = set()
        proven: set[str] = set()
        for entry in view["log"]:
            kind, data = entry["kind"], entry["data"]
            if kind == "ronda":
                laid = set()
            elif kind == "revelacion-noche":
                laid |= {card for card in data["cards"] if card != INNOCENT}
            elif kind == "reflejo" and data["card"] in laid:
                proven.add(data["player"])
            elif kind in ("mordido", "cruz", "ajos"):
                proven.add(data["player"])  # bitten: almost surely not the Vampire
        return proven

    # --- the day ------------------------------------------------------------------------------------

    def _turno(self, prompt, v, me, vampire, players, alive, suspects) -> list[str]:
        options = set(prompt.options)
        if "acusar" in options:
            if vampire and len(alive) == 3:
                return ["acusar"]
            if not vampire and suspects and (len(suspects) == 1 or len(alive) == 3):
                return ["acusar"]
        if "agua-bendita" in options and not vampire:
            return ["agua-bendita"]
        for card in ("mazo", "estacas", "cruz"):
            if f"equipar:{card}" in options:
                return [f"equipar:{card}"]
        if "espejo" in options and (suspects or vampire):
            return ["espejo"]
        if "soborno" in options and any(players[p]["equipped"] for p in alive if p != self.player):
            return ["soborno"]
        if "farol" in options:
            return ["farol"]
        return []

    def _objetivo(self, prompt, v, me, vampire, players, alive, suspects) -> list[str]:
        action = (prompt.args or {}).get("action")
        options = list(prompt.options)
        targets = [p for p in options if p in suspects] or options
        if action == "acusar" and vampire:
            return [self.rng.choice(options)]
        if action == "soborno":
            armed = sorted(options, key=lambda p: -len(players[p]["equipped"]))
            return [armed[0]]
        if action == "espejo":
            seen = {e["data"]["player"] for e in v["log"] if e["kind"] == "reflejo"}
            fresh = [p for p in targets if p not in seen]
            return [self.rng.choice(fresh or targets)]
        return [self.rng.choice(targets)]

    def _botin(self, prompt, v, me, vampire, players, alive, suspects) -> list[str]:
        for card in ("equipo:mazo", "equipo:estacas", "equipo:cruz"):
            if card in prompt.options:
                return [card]
        return [prompt.options[0]]

    def _descartar(self, prompt, v, me, vampire, players, alive, suspects) -> list[str]:
        equipped = set(players[self.player]["equipped"])

        def value(card: str) -> int:
            return 2 if card in equipped else KEEP.get(card, 1)

        return [min(prompt.options, key=value)]

    # --- the night ----------------------------------------------------------------------------------

    def _noche(self, prompt, v, me, vampire, players, alive, suspects) -> list[str]:
        if not vampire:
            return [INNOCENT]
        houses = {info["house"]: p for p, info in players.items()}
        targets = []
        for house in prompt.options:
            owner = houses.get(house)
            if house == INNOCENT or owner == self.player or owner not in alive:
                continue
            info = players[owner]
            if "cruz" in info["equipped"]:
                continue
            threat = ("mazo" in info["equipped"]) + ("estacas" in info["equipped"])
            targets.append((threat, self.rng.random(), house))
        if targets:
            return [max(targets)[2]]
        innocents_used = self._innocents_used(v)
        if INNOCENT in prompt.options and innocents_used == 0:
            return [INNOCENT]
        dead = [h for h in prompt.options if h != INNOCENT and houses.get(h) not in alive]
        return [dead[0]] if dead else [self.rng.choice([h for h in prompt.options if h != INNOCENT] or [INNOCENT])]

    def _innocents_used(self, view: dict[str, Any]) -> int:
        """Innocent blazons laid this round beyond one per other living count: the Vampire's own."""
        used = 0
        for entry in view["log"]:
            if entry["kind"] == "ronda":
                used = 0
            elif entry["kind"] == "revelacion-noche":
                blazons = sum(1 for card in entry["data"]["cards"] if card != INNOCENT)
                used += blazons == 0
        return used


#: The bot's answer to each prompt kind of the game (``rules.RESOLVERS``).
HANDLERS = {
    "turno": HeuristicBot._turno,
    "objetivo": HeuristicBot._objetivo,
    "botin": HeuristicBot._botin,
    "descartar": HeuristicBot._descartar,
    "noche": HeuristicBot._noche,
}
