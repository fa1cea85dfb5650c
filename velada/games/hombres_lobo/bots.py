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
from collections.abc import Callable
from typing import Any, NamedTuple

from velada.core.bots import RandomBot, ViewFn
from velada.core.protocol import Prompt
from velada.games.hombres_lobo.theme import WOLF, Theme


class Seen(NamedTuple):
    """What the heuristic bot reads of its view for one prompt."""

    view: dict[str, Any]
    #: Each player's card as this bot knows it (None: unknown).
    roles: dict[str, str | None]
    me_wolf: bool
    #: The living wolves it knows of, itself apart.
    known_wolves: list[str]
    #: The prompt's options whose card it does not know.
    unknown: list[str]


class HeuristicBot:
    """Chooses from what its view shows; falls back to random among the sensible options. Each decision of the
    game has its entry in :data:`HANDLERS` (the theme names its prompt kind); a kind no decision names is
    refused loudly, never answered at random."""

    def __init__(self, theme: Theme, player: str, seed: int) -> None:
        self.theme = theme
        self.player = player
        self.rng = random.Random(seed)
        self.decision = {kind: decision for decision, kind in theme.kinds.items()}

    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        decision = self.decision.get(prompt.kind)
        if decision is None:
            raise ValueError(f"the Werewolf bot does not know the prompt kind {prompt.kind!r}")
        if view is None:
            return self._random(prompt)
        handler = HANDLERS[decision]
        if handler is None:
            return self._random(prompt)
        v = view()
        roles = {p["id"]: p["role"] for p in v["players"]}
        alive = {p["id"] for p in v["players"] if p["alive"]}
        known_wolves = [p for p, r in roles.items() if r and self._wolf(r) and p in alive and p != self.player]
        unknown = [p for p in prompt.options if roles.get(p) is None]
        return handler(self, prompt, Seen(v, roles, self._wolf(v["you"]["role"]), known_wolves, unknown))

    def _wolves(self, prompt: Prompt, seen: Seen) -> list[str]:
        return [self._pack_choice(seen.view, prompt)]

    def _little_girl(self, prompt: Prompt, seen: Seen) -> list[str]:
        return ["espiar"] if self.rng.random() < 0.5 else []

    def _witch_life(self, prompt: Prompt, seen: Seen) -> list[str]:
        victim = (prompt.args or {}).get("victim")
        return [] if victim in seen.known_wolves else ["salvar"]

    def _witch_death(self, prompt: Prompt, seen: Seen) -> list[str]:
        targets = [p for p in seen.known_wolves if p in prompt.options]
        return [self.rng.choice(targets)] if targets and not seen.me_wolf else []

    def _hunter(self, prompt: Prompt, seen: Seen) -> list[str]:
        targets = [p for p in seen.known_wolves if p in prompt.options]
        return [self.rng.choice(targets)] if targets and not seen.me_wolf else self._random(prompt)

    def _seer(self, prompt: Prompt, seen: Seen) -> list[str]:
        return [self.rng.choice(seen.unknown or list(prompt.options))]

    def _vote(self, prompt: Prompt, seen: Seen) -> list[str]:
        options, roles = list(prompt.options), seen.roles
        if seen.me_wolf:
            prey = [p for p in options if not ((role := roles.get(p)) and self._wolf(role))]
            return [self.rng.choice(prey or options)]
        targets = [p for p in seen.known_wolves if p in options]
        return [self.rng.choice(targets or seen.unknown or options)]

    def _election(self, prompt: Prompt, seen: Seen) -> list[str]:
        options, roles = list(prompt.options), seen.roles
        others = [p for p in options if p != self.player] or options
        friends = [p for p in others if (role := roles.get(p)) and self._wolf(role) == seen.me_wolf]
        return [self.rng.choice(friends or [p for p in seen.unknown if p in others] or others)]

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


#: Each decision of the game (``game.DECISIONS``; the theme names its prompt kind) and how the heuristic bot takes
#: it: None for a random legal answer (the Ladrón and Cupido, whose choices it has nothing to read for).
HANDLERS: dict[str, Callable[[HeuristicBot, Prompt, Seen], list[str]] | None] = {
    "thief": None,
    "cupid": None,
    "seer": HeuristicBot._seer,
    "wolves": HeuristicBot._wolves,
    "little_girl": HeuristicBot._little_girl,
    "witch_life": HeuristicBot._witch_life,
    "witch_death": HeuristicBot._witch_death,
    "hunter": HeuristicBot._hunter,
    "election": HeuristicBot._election,
    "vote": HeuristicBot._vote,
    "runoff": HeuristicBot._vote,
    "revote": HeuristicBot._vote,
    "tiebreak": HeuristicBot._vote,
    "successor": HeuristicBot._election,
}


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
        decision = self.decision.get(prompt.kind)
        if decision is None:
            raise ValueError(f"the Mafia bot does not know the prompt kind {prompt.kind!r}")
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
