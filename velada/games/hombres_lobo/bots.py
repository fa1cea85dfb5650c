"""A heuristic bot for the Werewolf family: it plays from its own view only, like a careful beginner.

- Villagers vote for a wolf they know of (the Vidente's visions, the Niña's glimpse, a revealed card), otherwise
  for somebody they know nothing about; wolves vote for a villager, never for a pack mate.
- Wolves agree the way a pack does at a real table: after a round without agreement each follows the vote of the
  pack's first wolf.
- The Vidente looks at players she knows nothing about; the Bruja saves a victim she does not know to be a wolf
  and poisons a wolf she knows of; the Cazador shoots a wolf he knows of.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from velada.core.bots import RandomBot, ViewFn
from velada.core.protocol import Prompt
from velada.games.hombres_lobo.theme import WOLF, Theme


class HeuristicBot:
    """Chooses from what its view shows; falls back to random among the sensible options."""

    def __init__(self, theme: Theme, player: str, seed: int) -> None:
        self.theme = theme
        self.player = player
        self.rng = random.Random(seed)
        self.decision = {kind: decision for decision, kind in theme.kinds.items()}

    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        if view is None:
            return self._random(prompt)
        v = view()
        decision = self.decision.get(prompt.kind, "")
        roles = {p["id"]: p["role"] for p in v["players"]}
        alive = {p["id"] for p in v["players"] if p["alive"]}
        me_wolf = self._wolf(v["you"]["role"])
        known_wolves = [p for p, r in roles.items() if r and self._wolf(r) and p in alive and p != self.player]
        unknown = [p for p in prompt.options if roles.get(p) is None]
        options = list(prompt.options)
        if decision == "wolves":
            return [self._pack_choice(v, prompt)]
        if decision == "little_girl":
            return ["espiar"] if self.rng.random() < 0.5 else []
        if decision == "witch_life":
            victim = (prompt.args or {}).get("victim")
            return [] if victim in known_wolves else ["salvar"]
        if decision in ("witch_death", "hunter"):
            targets = [p for p in known_wolves if p in options]
            if targets and not me_wolf:
                return [self.rng.choice(targets)]
            return [] if decision == "witch_death" else self._random(prompt)
        if decision == "seer":
            return [self.rng.choice(unknown or options)]
        if decision in ("vote", "runoff", "revote", "tiebreak"):
            if me_wolf:
                prey = [p for p in options if not (roles.get(p) and self._wolf(roles[p]))]
                return [self.rng.choice(prey or options)]
            targets = [p for p in known_wolves if p in options]
            return [self.rng.choice(targets or unknown or options)]
        if decision in ("election", "successor"):
            others = [p for p in options if p != self.player] or options
            friends = [p for p in others if roles.get(p) and self._wolf(roles[p]) == me_wolf]
            return [self.rng.choice(friends or [p for p in unknown if p in others] or others)]
        return self._random(prompt)

    def _wolf(self, role: str) -> bool:
        return self.theme.roles.get(role) == WOLF

    def _pack_choice(self, view: dict[str, Any], prompt: Prompt) -> str:
        """Round one: a target of one's own; later rounds: the first wolf's last vote, so the pack converges."""
        last = [e["data"] for e in view["log"] if e["kind"] == "votos-lobos"]
        if (prompt.args or {}).get("round", 1) > 1 and last:
            for target in last[-1]["votes"].values():
                if target in prompt.options:
                    return target
        return self.rng.choice(prompt.options)

    def _random(self, prompt: Prompt) -> list[str]:
        count = prompt.min if prompt.options else 0
        return self.rng.sample(list(prompt.options), count) if count else []


class MafiaBot:
    """The random Mafia of Braverman, Etesami & Mossel (2008), played through the protocol: each night the pack
    kills a uniformly random villager, each day the village lynches a uniformly random living player.

    - Wolves: on the first round each wolf names a villager at random; if they disagree, every wolf follows, on
      the next round, the first-round vote of the pack's first wolf (by id), which was itself uniform. So the
      victim is uniform among the villagers whatever the pack's size.
    - Day: every voter reads the same public die, a hash of what the whole table sees (the prompt's id, which
      names the day, and who is alive), and votes for the player it names; that player abstains. Given what
      the table saw, the living players' cards are a uniform shuffle (the wolves' victims were uniform), and
      the die knows no secret, so the player it names is a wolf with probability exactly wolves/living.

    Any other prompt (special roles, the Alguacil) is answered at random: the model has none of them, so a
    Mafia study plays with ``especiales=ninguno`` and ``alguacil=no``.
    """

    def __init__(self, theme: Theme, player: str, seed: int) -> None:
        self.player = player
        self.seed = seed
        self._rng: RandomBot | None = None  # made on first use: seeding costs more than a villager's whole game
        self.decision = theme.decisions
        #: This wolf's first-round vote tonight, and whether it was the pack's first wolf the last time it read
        #: the votes. The first wolf stays first while it lives (the pack only shrinks), so from then on it
        #: repeats its own vote without building a view: the same answer, a view fewer per night.
        self._first_vote: str | None = None
        self._leads = False

    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        decision = self.decision.get(prompt.kind, "")
        if decision == "wolves":
            if (prompt.args or {}).get("round", 1) > 1 and view is not None:
                if self._leads and self._first_vote in prompt.options:
                    return [self._first_vote]
                last = [e["data"]["votes"] for e in view()["log"] if e["kind"] == "votos-lobos"][-1]
                leader = min(last)
                self._leads = leader == self.player
                if last[leader] in prompt.options:
                    return [last[leader]]
            self._first_vote = self.random.rng.choice(prompt.options)
            return [self._first_vote]
        if decision == "vote":
            living = sorted((*prompt.options, self.player))
            die = hashlib.blake2b(f"{prompt.id}|{','.join(living)}".encode(), digest_size=8).digest()
            pick = living[int.from_bytes(die) % len(living)]
            return [] if pick == self.player else [pick]
        return self.random.choose(prompt)

    @property
    def random(self) -> RandomBot:
        if self._rng is None:
            self._rng = RandomBot(self.seed)
        return self._rng
