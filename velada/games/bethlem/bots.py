"""A heuristic bot for Bethlem: it plays from its own view only, like a careful beginner.

- It reads what it may know: the cards it has seen, the mutineers unmasked by Mary Firth, El archivo, Ali or a
  shown card, and — as a mutineer — its companions, met each night.
- The mutineers agree the way a real table does: every one of them points at the same card by one shared
  rule (the first living card of the player with most living cards outside the mutiny), and after a round
  without agreement each follows the first mutineer's last vote.
- The others vote on evidence: a known mutineer if there is one; otherwise they spread their votes over the
  players they know nothing about. In the card vote they aim at a known mutineer card.
- Killing powers aim at known enemies, saving powers at friends; the rest is used sensibly or left alone.
- With custom cards (section 13) it reads objective cards instead of mutineer cards: the ones face up, the ones
  it saw, and — rising with the mutineers — its companions. The inmates unmask by killing principal cards; the
  Traidor rises with the mutineers on the first night and then plays against them with what he saw; nobody
  kills El Último Superviviente's player in the first three rounds.
- The Inquisidor (custom cards, seven players) deduces the secrets his claim must name from what he may know
  (``Inquest``: the public objective and card tables by elimination, what he saw and was told, the lynchings'
  votes) and claims when the chance of naming them all is high enough, or the game is getting long; his looks
  go where his secrets are least known.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from velada.core.bots import ViewFn
from velada.core.i18n import DEFAULT_LANGUAGE, Catalog
from velada.core.protocol import Prompt
from velada.games.bethlem.cards import CUSTOM_P1, INQUISITOR, RISING
from velada.games.bethlem.inquest import Inquest

MUTINEER_CARDS = ("daniel", "nathaniel", "richard-dadd")
PACTS = ("pacto-de-sangre", "pacto-de-odio")
SURVIVOR_ROUNDS = 3
KILL = frozenset(
    {
        "amotinados",
        "amotinados-2",
        "director-amotinado",
        "la-parca-muerte",
        "provocaste-al-barbero",
        "leproso",
        "el-cataleptico",
        "mania-persecutoria",
        "la-parca",
        "john-flick",
        "melancolia",
        "juego-de-azar",
        "terapia-lobotomia",
    }
)
#: Ansiedad social's stock questions a bot asks, by id (the game's messages, in the default language).
BOT_QUESTIONS = {
    key.removeprefix("question."): text
    for key, text in Catalog.load("velada.games.bethlem").messages[DEFAULT_LANGUAGE].items()
    if key.startswith("question.")
}
#: Cards the mutineers want dead first: those that find or stop them.
DANGEROUS = frozenset({"larry-owls", "mary-firth", "el-archivo", "ali-la-muda", "arthur", "john-flick"})
#: El Relojero's numbers that only die after the lower ones (custom/el_relojero.py): shown, they warn attackers off.
HIGH_NUMBERS = frozenset({"numero-2", "numero-3", "numero-4"})
USEFUL_EVENTS = (
    "provocaste-al-barbero",
    "leproso",
    "confesion",
    "despertar",
    "milagrero",
    "historia-clinica-perfil-neurotico",
    "historia-clinica-siamesas",
    "historia-clinica-secretos-del-hospital",
    "celda-de-aislamiento",
)


#: The Historias clínicas that tell the Inquisidor a secret: the event → the secret (its claim prompt).
HISTORIES = {
    "historia-clinica-siamesas": "inquisidor-siamesas",
    "historia-clinica-secretos-del-hospital": "inquisidor-pacto",
}


class Knowledge:
    """What the bot's view tells it about the table."""

    def __init__(self, me: str, view: dict[str, Any]) -> None:
        self.me = me
        self.view = view
        you = view.get("you") or {}
        self.objective = you.get("objective", "internos")
        self.cards: dict[str, str] = {}  # "player:pos" -> card id, where known
        self.public_cards: dict[str, str] = {}  # the ones everybody knows (face up)
        self.alive: dict[str, bool] = {}
        self.counts: dict[str, int] = {}
        self.in_game: list[str] = []
        #: Cuerpo de espionaje's marked cards: an attack on one does not kill until the whole ring is hit.
        self.spies: set[str] = set()
        #: Cards the table can see an attack would not kill now.
        self.shielded: set[str] = set()
        for p in view["players"]:
            living = 0
            for c in p["cards"]:
                option = f"{p['id']}:{c['position']}"
                self.alive[option] = c["alive"]
                living += c["alive"]
                if c["card"]:
                    self.cards[option] = c["card"]
                if "lobotomia" in c["markers"] or "despertar" in c["markers"]:
                    self.public_cards[option] = c["card"] or ""
                if c["alive"]:
                    if "espia" in c["markers"]:
                        self.spies.add(option)
                    if "calavera" in c["markers"] or any(m in HIGH_NUMBERS for m in c["markers"]):
                        # A spy already hit, or El Relojero's number 2–4 shown: an attack is (likely) wasted.
                        self.shielded.add(option)
            self.counts[p["id"]] = living
            if p["in_game"]:
                self.in_game.append(p["id"])
        self.mutineers: set[str] = set()
        self.pack: list[str] = []
        self.innocent: set[str] = set()
        self.lobotomised: set[str] = set()
        self.custom = "objective_card" in you
        self.traitor = False
        #: Custom cards: players whose cards nobody sensible attacks now (El Último Superviviente, rounds 1–3).
        self.avoid: set[str] = set()
        self.round = view["phase"]["round"]
        #: Cards that were attacked (or lynched) and lived: option → the rounds it happened in.
        self.survived: dict[str, list[int]] = {}
        self.marked: set[str] = set()
        night = 0
        for entry in view["log"]:
            kind, data = entry["kind"], entry["data"]
            if kind == "amotinados":
                self.pack = list(data["players"])
            elif kind == "archivo" and not data["principal"]:
                self.mutineers.add(data["player"])
                # Custom cards: the position given is the mutineer's principal card, the one to kill to unmask.
                self.marked.update(f"{data['player']}:{pos}" for pos in data["positions"])
            elif kind == "archivo-falla":
                self.innocent.add(data["player"])
            elif kind == "mary":
                (self.mutineers if data["yes"] else self.innocent).add(data["player"])
            elif kind == "ali-espia":
                self.mutineers.update(data["players"])
            elif kind == "ali-ve" and data["power"] in ("amotinados", "daniel", "nathaniel", "richard-dadd"):
                self.mutineers.add(data["player"])
            elif kind == "cambia-de-bando":
                self.lobotomised.add(f"{data['player']}:{data['position']}")
            elif kind == "noche":
                night = data["n"]
            elif kind in ("victima", "carta-linchada") and self.alive.get(data["target"]):
                # Attacked and still alive: something protects it (a Siamesa, a spy ring…); aim elsewhere.
                self.survived.setdefault(data["target"], []).append(night)
        for option, card in self.cards.items():
            if card in MUTINEER_CARDS and self.alive[option] and option not in self.lobotomised:
                self.mutineers.add(option.rpartition(":")[0])
        self.mutineers.discard(me)
        # Who has been voting against the mutineers in the lynchings (what every mutineer saw).
        self.threat: dict[str, int] = {}
        pack = set(self.pack)
        for entry in view["log"]:
            if entry["kind"] == "votos":
                for voter, target in entry["data"]["votes"].items():
                    if target in pack and voter not in pack:
                        self.threat[voter] = self.threat.get(voter, 0) + 1
        if self.custom:
            self._read_goals(view)
            self._read_votes(view)

    def _read_goals(self, view: dict[str, Any]) -> None:
        """Custom cards: objectives face up or seen tell friends from foes; a Traidor who rose with the mutineers
        knows them all."""
        you = view["you"]
        side = you.get("traitor_side")
        self.traitor = self.objective == "traidor"
        if self.traitor:
            self.objective = "amotinados" if side == "internos" else "internos"
        for p in view["players"]:
            goal = p.get("objective")
            if p["id"] == self.me or goal is None:
                continue
            (self.mutineers if goal in RISING else self.innocent).add(p["id"])
        for entry in view["log"]:
            if entry["kind"] == "superviviente" and self.round <= SURVIVOR_ROUNDS:
                self.avoid.add(entry["data"]["player"])
        if side == "amotinados":
            self.mutineers.update(p for p in self.pack if p != self.me)
            self.pack = []

    def _read_votes(self, view: dict[str, Any]) -> None:
        """Custom cards, for those against the mutineers: players who keep voting together in the lynchings
        look like mutineers agreeing on a victim (``suspects``, most agreements first)."""
        self.suspects: list[str] = []
        if self.mutineer:
            return
        agree: dict[str, int] = {}
        for entry in view["log"]:
            if entry["kind"] != "votos":
                continue
            by_target: dict[str, list[str]] = {}
            for voter, target in entry["data"]["votes"].items():
                if target and voter != self.me:
                    by_target.setdefault(target, []).append(voter)
            for voters in by_target.values():
                if len(voters) > 1:
                    for voter in voters:
                        agree[voter] = agree.get(voter, 0) + 1
        ranked = sorted((p for p, n in agree.items() if n >= 2 and p not in self.innocent), key=lambda p: -agree[p])
        self.suspects = [p for p in ranked if p in self.in_game]

    @property
    def mutineer(self) -> bool:
        """Plays as a mutineer: a true one, Richard Dadd pretending to be one, the Renegado, a Traidor against
        the inmates."""
        return self.objective in ("amotinados", "richard-dadd", "renegado")

    def enemy_players(self) -> list[str]:
        """Players this bot wants to see lose cards."""
        if self.mutineer:
            return [p for p in self.in_game if p not in self.pack and p != self.me and p not in self.avoid]
        return [p for p in self.in_game if p in self.mutineers and p not in self.avoid]

    def friendly(self, player: str) -> bool:
        if player == self.me:
            return True
        if self.mutineer:
            return player in self.pack
        return player in self.innocent and player not in self.mutineers

    def enemy_cards(self) -> list[str]:
        """Living cards known to be enemies' most important ones (mutineer cards, for the inmates)."""
        if self.custom and not self.mutineer:
            # Unmasking: the principal cards (custom P1, or the positions El archivo gave) of known mutineers.
            known = [
                o
                for o, c in self.cards.items()
                if self.alive[o] and c in CUSTOM_P1 and o.rpartition(":")[0] in self.mutineers
            ]
            return known + [o for o in self.marked if self.alive.get(o) and o not in known]
        if self.mutineer:
            return [
                o
                for o, c in self.cards.items()
                if self.alive[o]
                and c in ("mary-firth", "larry-owls", "el-archivo")
                and o.rpartition(":")[0] not in self.pack
                and o.rpartition(":")[0] not in self.avoid
            ]
        return [
            o
            for o, c in self.cards.items()
            if self.alive[o] and c in MUTINEER_CARDS and o not in self.lobotomised and o.rpartition(":")[0] != self.me
        ]

    def waste(self, option: str) -> int:
        """How likely an attack on this card is wasted: 0 nothing known against it; 1 a spy not hit yet (the hit
        still brings the ring down), or it lived through an attack long ago (a protection may be gone); 2 it
        lived through one lately or more than once, or the table sees it cannot die now. Attackers aim at the
        lowest: otherwise a card nobody can kill draws every attack, round after round, until the round limit."""
        lived = self.survived.get(option, ())
        if option in self.shielded or len(lived) > 1 or (lived and lived[-1] >= self.round - 1):
            return 2
        return 1 if lived or option in self.spies else 0

    def worth_lynching(self, players: list[str]) -> list[str]:
        """Of ``players``, those with a living card an attack is least likely to be wasted on."""
        cards = [o for o, alive in self.alive.items() if alive and o.rpartition(":")[0] in players]
        aimed = {o.rpartition(":")[0] for o in self.least_wasted(cards)}
        return [p for p in players if p in aimed] or players

    def least_wasted(self, options) -> list[str]:
        """The options an attack is least likely to be wasted on."""
        options = list(options)
        if not options:
            return options
        best = min(self.waste(o) for o in options)
        return [o for o in options if self.waste(o) == best]

    def mutiny_target(self, options: tuple[str, ...]) -> str | None:
        """The shared rule every mutineer follows, from what all of them saw: the player outside the mutiny who
        voted most against them, then the one with most living cards (the first in seat order on a tie); of
        their cards, one known to be dangerous, else the first living one."""
        by_player: dict[str, list[str]] = {}
        for option in options:
            by_player.setdefault(option.rpartition(":")[0], []).append(option)
        if not by_player:
            return None
        if len(by_player) > len(self.avoid):
            by_player = {p: v for p, v in by_player.items() if p not in self.avoid} or by_player
        # Only the cards an attack is least likely to be wasted on (protected somehow, a spy, a high number).
        aimed = set(self.least_wasted(o for v in by_player.values() for o in v))
        by_player = {p: [o for o in v if o in aimed] for p, v in by_player.items() if any(o in aimed for o in v)}
        order = list(by_player)
        best = max(order, key=lambda p: (self.threat.get(p, 0), self.counts.get(p, 0), -order.index(p)))
        cards = by_player[best]
        dangerous = [o for o in cards if self.public_cards.get(o) in DANGEROUS]
        return (dangerous or cards)[0]


class HeuristicBot:
    """Chooses from what its view shows; falls back to random among the sensible options."""

    def __init__(self, player: str, seed: int) -> None:
        self.player = player
        self.rng = random.Random(seed)

    def choose(self, prompt: Prompt, view: ViewFn | None = None) -> list[str]:
        if prompt.kind not in HANDLERS and prompt.kind not in KILL and prompt.kind not in ROUTINE:
            raise ValueError(f"the Bethlem bot does not know the prompt kind {prompt.kind!r}")
        if view is None:
            return self._random(prompt)
        k = Knowledge(self.player, view())
        kind = prompt.kind
        options = list(prompt.options)
        handler = HANDLERS.get(kind)
        answer = handler(self, prompt, k, options) if handler is not None else None
        if answer is None:
            answer = self._hit(prompt, k, options) if kind in KILL else self._random(prompt)
        return self._legal(prompt, answer)

    def _legal(self, prompt: Prompt, answer: list[str]) -> list[str]:
        """Complete (or trim) an answer to the number of options the prompt asks for."""
        if not answer:
            return [] if prompt.skippable else self.rng.sample(list(prompt.options), prompt.min)
        answer = list(dict.fromkeys(answer))[: prompt.max]
        if len(answer) < prompt.min:
            rest = [o for o in prompt.options if o not in answer]
            answer += self.rng.sample(rest, prompt.min - len(answer))
        return answer

    # --- helpers --------------------------------------------------------------------------------------------

    def _random(self, prompt: Prompt) -> list[str]:
        if prompt.text_max:
            return [BOT_QUESTIONS[self.rng.choice(sorted(BOT_QUESTIONS))]]
        options = list(prompt.options)
        if prompt.min > 1 or prompt.max > 1:
            return self.rng.sample(options, prompt.min)
        if prompt.skippable and self.rng.random() < 0.3:
            return []
        return [self.rng.choice(options)] if options else []

    def _pick(self, options: list[str], preferred: list[str]) -> list[str]:
        good = [o for o in options if o in preferred]
        return [self.rng.choice(good)] if good else []

    def _hit(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        """Aim at a known enemy card, else at an enemy player's card, else leave it."""
        choice = self._pick(options, k.enemy_cards())
        if choice:
            return choice
        enemies = k.enemy_players()
        cards = [o for o in options if o.rpartition(":")[0] in enemies]
        if cards:
            return [self.rng.choice(k.least_wasted(cards))]
        if not prompt.skippable:
            return [self.rng.choice(options)]
        unknown = [o for o in options if o not in k.cards and not k.friendly(o.rpartition(":")[0])]
        if unknown and self.rng.random() < 0.5:
            return [self.rng.choice(unknown)]
        return []

    # --- the mutineers -----------------------------------------------------------------------------------

    def _amotinados(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str] | None:
        if not k.mutineer and not k.traitor and not (k.custom and k.objective in PACTS):
            return []  # Mary Firth among them: she breaks the unanimity
        # A Traidor among them votes with them: abstaining would give him away. A player the blood pact took from
        # them still rises (custom cards): killing outsiders serves the pact too.
        round_ = (prompt.args or {}).get("round", 1)
        if round_ > 1:
            last = [e["data"] for e in k.view["log"] if e["kind"] == "votos-amotinados"]
            if last:
                for vote in last[-1]["votes"].values():
                    if vote in options:
                        return [vote]
        target = k.mutiny_target(tuple(options))
        return [target] if target else []

    def _amotinados_2(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str] | None:
        enemies = set(k.enemy_players())
        if k.objective == "richard-dadd":
            enemies = {o.rpartition(":")[0] for o in options}
        cards = [o for o in options if o.rpartition(":")[0] in enemies]
        return [self.rng.choice(cards)] if cards else []

    def _nathaniel_despertar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self.rng.sample(options, prompt.min)

    def _daniel_despertar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [max(options, key=lambda p: k.counts.get(p, 0))]

    # --- information ------------------------------------------------------------------------------------

    def _larry_owls(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        unknown = [o for o in options if o not in k.cards and o.rpartition(":")[0] != self.player]
        return [self.rng.choice(unknown or options)]

    def _el_archivo(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        unknown = [p for p in options if p != self.player and p not in k.mutineers and p not in k.innocent]
        return [self.rng.choice(unknown)] if unknown else []

    def _mary_firth(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        unknown = [p for p in options if p not in k.mutineers and p not in k.innocent]
        return [self.rng.choice(unknown or options)]

    def _mary_firth_suplantar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [] if k.mutineer else list(options)

    def _mary_firth_despertar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [] if k.mutineer else list(options)

    # --- saving and protecting ----------------------------------------------------------------------------

    def _friends(self, k: Knowledge, options: list[str]) -> list[str]:
        return [o for o in options if k.friendly(o.rpartition(":")[0])]

    def _arthur(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        mine = [o for o in options if o.startswith(self.player + ":")]
        return [self.rng.choice(mine or options)]

    def _paciencia(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, self._friends(k, options))

    def _wakerfield(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return []

    def _indulto(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        target = (prompt.args or {}).get("card", "")
        return list(options) if k.friendly(target.rpartition(":")[0]) else []

    def _modo(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        for mode in ("despertar", "normal"):
            if mode in options:
                return [mode]
        return [options[0]]

    def _terapia_electroshock(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._therapy(prompt, k, options)

    def _terapia_opio_y_barbituricos(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._therapy(prompt, k, options)

    EFFECTS: ClassVar[dict[str, dict[str, str]]] = {
        "terapia-electroshock": {
            "normal": "kill",
            "opuesto": "save",
            "despertar": "kill",
            "despertar-opuesto": "revive",
        },
        "terapia-opio-y-barbituricos": {
            "normal": "save",
            "opuesto": "kill",
            "despertar": "revive",
            "despertar-opuesto": "kill",
        },
    }

    def _therapy(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        effect = self.EFFECTS[prompt.kind][(prompt.args or {}).get("mode", "normal")]
        if effect == "kill":
            return self._hit(prompt, k, options)
        return self._pick(options, self._friends(k, options))

    # --- the day ----------------------------------------------------------------------------------------------

    def _linchamiento(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        if not prompt.skippable:
            return [options[0]]
        # Whom a lynching could hurt: not a player whose every living card is protected, or a spy already hit.
        options = k.worth_lynching(options)
        if k.mutineer:
            enemies = [p for p in options if p not in k.pack]
            if not enemies:
                # Custom cards: only those who rise are left and the game goes on, so one of them is the
                # Renegado (or, for the Renegado, they are all in his way): they turn on one another.
                return [self.rng.choice(options)] if k.custom else []
            target = k.mutiny_target(tuple(f"{p}:0" for p in enemies))
            return [target.rpartition(":")[0]] if target else []
        known = [p for p in options if p in k.mutineers]
        if known:
            return [self.rng.choice(known)]
        suspects = [p for p in getattr(k, "suspects", []) if p in options]
        if suspects:
            return [suspects[0]]
        unknown = [p for p in options if p not in k.innocent]
        if unknown and self.rng.random() < 0.7:
            return [self.rng.choice(unknown)]
        return []

    def _linchamiento_carta(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        known = self._pick(options, k.enemy_cards())
        if known:
            return known
        fresh = k.least_wasted(options)
        unknown = [o for o in fresh if o not in k.cards]
        return [self.rng.choice(unknown or fresh)]

    def _hostilidad(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, k.enemy_players())

    def _neuroticismo_voto(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        enemies = [p for p in options if p in k.enemy_players()]
        return [self.rng.choice(enemies or options)]

    def _amnesia(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return ["normal"] if "normal" in options and k.mutineers and not k.mutineer else []

    def _evento_noche(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        if k.objective == INQUISITOR:
            # The Historias clínicas name who holds the Siamesas, and who made the Pacto de sangre.
            unsure = {key for key, (_, p) in Inquest(k).card_answers.items() if p < 1}
            history = [e for e, key in HISTORIES.items() if e in options and key in unsure]
            if history:
                return history[:1]
        return self._pick(options, list(USEFUL_EVENTS))

    _evento_dia = _evento_noche

    def _confesion(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        unknown = [o for o in options if o not in k.cards and not k.friendly(o.rpartition(":")[0])]
        return [self.rng.choice(unknown or options)]

    def _milagrero(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        mine = [o for o in options if o.startswith(self.player + ":")]
        return [self.rng.choice(mine or options)]

    def _despertar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [options[0]]

    def _celda_de_aislamiento(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        mine = [o for o in options if o.startswith(self.player + ":")]
        return [self.rng.choice(mine or options)]

    def _ansiedad_social_pregunta(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        # A bot asks one of the stock questions of the game's messages, in Spanish (the default language).
        return [BOT_QUESTIONS[self.rng.choice(sorted(BOT_QUESTIONS))]]

    def _pregunta_al_narrador(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return []  # a bot cannot weigh a human narrator's riddle, so it does not ask

    def _ansiedad_social_respuesta(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        question = (prompt.args or {}).get("question")
        if question in (BOT_QUESTIONS["internos"], BOT_QUESTIONS["amotinados"]):
            return ["si" if question == BOT_QUESTIONS["internos"] else "no"]  # everybody claims to be an inmate
        return [self.rng.choice(options)]

    def _muerte_dulce(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, k.enemy_cards())

    # --- custom cards ---------------------------------------------------------------------------------------------

    def _traidor(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return list(options)  # rise with them: see who they are, then help the inmates unmask them

    def _inquisidor(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return list(options) if Inquest(k).worth_claiming() else []

    def _inquisidor_claim(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str] | None:
        answer = [o for o in Inquest(k).answer(prompt) if o in options]
        return answer or None

    _inquisidor_objetivo = _inquisidor_claim
    _inquisidor_siamesas = _inquisidor_claim
    _inquisidor_celda = _inquisidor_claim
    _inquisidor_pacto = _inquisidor_claim

    def _look(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str] | None:
        """A look at a card or at an objective: the Inquisidor looks where his secrets are least known; the
        others choose as before (at random)."""
        if k.objective != INQUISITOR:
            return None
        return Inquest(k).look(options) or None

    _el_cyborg_ver = _look
    _el_relojero_ver = _look
    _el_saltamundos_ver = _look
    _el_saltamundos_ver_objetivo = _look
    _la_ludopata_ver = _look
    _el_arquitecto = _look

    def _la_ludopata(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return ["jugador"] if "jugador" in options else []

    def _la_ludopata_jugador(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [max(options, key=lambda p: (k.counts.get(p, 0), p == self.player))]

    def _la_ludopata_premio(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        preferred: list[str] = [o for o in ("matar", "ver", "evento", "todas") if o in options]
        return preferred[: prompt.min] or options[: prompt.min]

    def _la_ludopata_matar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    def _gas_de_la_risa_ataque(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    def _el_arquitecto_escondite(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        mine = [o for o in options if o.startswith(self.player + ":")]
        return [self.rng.choice(mine or options)]

    def _dia_de_visitas(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return ["comportarse"]

    def _jugada_arriesgada(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return []

    def _investigacion_policial(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        dead = [o for o in options if not k.alive.get(o, True)]
        return [self.rng.choice(dead or options)]

    def _la_chef_revivir(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return list(options)

    def _la_alquimista_revivir(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [options[0]]

    def _la_alquimista(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [self.player] if self.player in options else self._pick(options, [p for p in options if k.friendly(p)])

    # --- custom: El Cyborg ---

    def _el_cyborg(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        # Kill when an enemy is known, else look; bring a card back only with nothing better to do.
        for use in ("robot", "matar-2", "ver-1", "revivir-3", "cyborg-anunciar"):
            if use in options and (use not in ("robot", "matar-2") or k.enemy_players()):
                return [use]
        return []

    def _el_cyborg_matar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    def _el_cyborg_robot(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    def _el_cyborg_revivir(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, self._friends(k, options))

    def _el_cyborg_cambio(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        # Take a card from a player the bot wants to weaken.
        enemies = [o for o in options if o.rpartition(":")[0] in k.enemy_players()]
        return [self.rng.choice(enemies or options)]

    # --- custom: La Maestra Vudú ---

    def _la_maestra_vudu(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        # A doll among its own cards shields the others: the last one of the row, usually the least precious.
        mine = [o for o in options if o.startswith(self.player + ":")]
        return [mine[-1]] if mine else []

    def _la_maestra_vudu_anunciar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return list(options)

    def _la_maestra_vudu_muerte(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    _la_maestra_vudu_acusacion = _la_maestra_vudu_muerte
    _la_maestra_vudu_parca = _la_maestra_vudu_muerte
    _la_maestra_vudu_melancolia = _la_maestra_vudu_muerte

    def _la_maestra_vudu_maldicion(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        # Every attacker offers the same card (the last option) so that the curse, and the attack, go ahead.
        return [options[-1]]

    # --- custom: El Otaku ---

    def _el_otaku(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        if "haki-del-rey" in options:
            return ["haki-del-rey"]
        if "haki-ofensivo" in options and k.enemy_cards():
            return ["haki-ofensivo"]
        for haki in ("haki-defensivo", "haki-observacion"):
            if haki in options and self.rng.random() < 0.5:
                return [haki]
        return []

    def _el_otaku_ver(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._look(prompt, k, options) or [self.rng.choice(options)]

    def _el_otaku_ofensivo(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    def _el_otaku_defensivo(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        mine = [o for o in options if o.startswith(self.player + ":")]
        return [self.rng.choice(mine or options)]

    def _el_otaku_observacion(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        # A card of its own row other than El Otaku's keeps him alive as long as it lives.
        mine = [o for o in options if o.startswith(self.player + ":") and k.cards.get(o) != "el-otaku"]
        return [self.rng.choice(mine or options)]

    # --- custom: La Médico ---

    def _la_medico(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        mine = [o for o in options if k.friendly(o.rpartition(":")[0])]
        return [self.rng.choice(mine or options)]

    def _la_medico_poder(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        for power in ("trasplante-de-organos", "carro-de-paradas", "coma-inducido"):
            if power in options:
                return [power]
        return []

    def _la_medico_carro(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, self._friends(k, options)) or [options[0]]

    _la_medico_coma = _la_medico_carro

    def _la_medico_virus(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, k.enemy_players()) or [self.rng.choice(options)]

    _la_medico_carga = _la_medico_virus
    _la_medico_contagio = _la_medico_virus
    _la_medico_brote = _la_medico_virus

    def _la_medico_brote_modo(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return ["todas-las-cartas"]

    def _la_medico_brote_carta(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [self.rng.choice(options)]

    # --- custom: La Médium ---

    def _la_medium(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [self.rng.choice(options)]

    def _la_medium_objetivo(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        look = self._look(prompt, k, options)
        if look:
            return look
        unknown = [p for p in options if p not in k.mutineers and p not in k.innocent]
        return [self.rng.choice(unknown or options)]

    def _la_medium_despertar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [self.rng.choice(options)]

    def _la_medium_fisico(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, k.enemy_players()) or [self.rng.choice(options)]

    # --- custom: El Saltamundos ---

    def _el_saltamundos_robar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return list(options)

    def _el_saltamundos_elegir(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [options[0]]

    def _el_saltamundos(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [self.rng.choice(options)] if self.rng.random() < 0.7 else []

    def _el_saltamundos_matar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    _el_saltamundos_mecha = _el_saltamundos_matar
    _el_saltamundos_calabozo = _el_saltamundos_matar

    def _el_saltamundos_cobertura(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        mine = [o for o in options if o.startswith(self.player + ":")]
        return [self.rng.choice(mine or options)]

    def _el_saltamundos_revivir(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, self._friends(k, options)) or [self.rng.choice(options)]

    def _el_saltamundos_personaje(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return [self.rng.choice(options)]

    def _el_saltamundos_vigilar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._look(prompt, k, options) or [self.rng.choice(options)]

    _el_saltamundos_cubrirse = _el_saltamundos_cobertura
    _frontera_recompensa = _el_saltamundos

    # --- custom: El Relojero ---

    def _el_relojero(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        for use in ("numero-2", "numero-1", "numero-3", "viaje-al-futuro", "detener-el-tiempo", "numero-4"):
            if use in options and (use != "numero-2" or k.enemy_players()):
                return [use]
        return []

    def _el_relojero_matar(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._hit(prompt, k, options)

    _el_relojero_futuro = _el_relojero_matar

    def _el_relojero_detener(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, k.enemy_players())

    def _el_relojero_pasado(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return list(options) if self.rng.random() < 0.5 else []

    def _pacto_de_sangre(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        others = [p for p in options if p != self.player]
        return [self.player, self.rng.choice(others)] if self.player in options and others else self._random(prompt)


#: The bot's own answer to a prompt kind (the kinds are the game's, ``messages`` ``[prompt]``): ``handler(bot,
#: prompt, knowledge, options)`` returns the options to choose, or ``None`` to fall back on aiming at a card
#: (``KILL``) or chance.
HANDLERS: dict[str, Callable[[HeuristicBot, Prompt, Knowledge, list[str]], list[str] | None]] = {
    "pregunta-al-narrador": HeuristicBot._pregunta_al_narrador,
    "pacto-de-sangre": HeuristicBot._pacto_de_sangre,
    "modo": HeuristicBot._modo,
    "evento-noche": HeuristicBot._evento_noche,
    "evento-dia": HeuristicBot._evento_dia,
    "larry-owls": HeuristicBot._larry_owls,
    "el-archivo": HeuristicBot._el_archivo,
    "mary-firth": HeuristicBot._mary_firth,
    "mary-firth-despertar": HeuristicBot._mary_firth_despertar,
    "mary-firth-suplantar": HeuristicBot._mary_firth_suplantar,
    "muerte-dulce": HeuristicBot._muerte_dulce,
    "arthur": HeuristicBot._arthur,
    "amotinados": HeuristicBot._amotinados,
    "nathaniel-despertar": HeuristicBot._nathaniel_despertar,
    "amotinados-2": HeuristicBot._amotinados_2,
    "daniel-despertar": HeuristicBot._daniel_despertar,
    "terapia-electroshock": HeuristicBot._terapia_electroshock,
    "terapia-opio-y-barbituricos": HeuristicBot._terapia_opio_y_barbituricos,
    "paciencia": HeuristicBot._paciencia,
    "neuroticismo-voto": HeuristicBot._neuroticismo_voto,
    "ansiedad-social-pregunta": HeuristicBot._ansiedad_social_pregunta,
    "ansiedad-social-respuesta": HeuristicBot._ansiedad_social_respuesta,
    "celda-de-aislamiento": HeuristicBot._celda_de_aislamiento,
    "wakerfield": HeuristicBot._wakerfield,
    "indulto": HeuristicBot._indulto,
    "hostilidad": HeuristicBot._hostilidad,
    "confesion": HeuristicBot._confesion,
    "milagrero": HeuristicBot._milagrero,
    "despertar": HeuristicBot._despertar,
    "amnesia": HeuristicBot._amnesia,
    "linchamiento": HeuristicBot._linchamiento,
    "linchamiento-carta": HeuristicBot._linchamiento_carta,
    "traidor": HeuristicBot._traidor,
    "inquisidor": HeuristicBot._inquisidor,
    "inquisidor-siamesas": HeuristicBot._inquisidor_siamesas,
    "inquisidor-celda": HeuristicBot._inquisidor_celda,
    "inquisidor-pacto": HeuristicBot._inquisidor_pacto,
    "inquisidor-objetivo": HeuristicBot._inquisidor_objetivo,
    "gas-de-la-risa-ataque": HeuristicBot._gas_de_la_risa_ataque,
    "la-alquimista": HeuristicBot._la_alquimista,
    "la-alquimista-revivir": HeuristicBot._la_alquimista_revivir,
    "el-arquitecto-escondite": HeuristicBot._el_arquitecto_escondite,
    "el-arquitecto": HeuristicBot._el_arquitecto,
    "la-ludopata": HeuristicBot._la_ludopata,
    "la-ludopata-jugador": HeuristicBot._la_ludopata_jugador,
    "la-ludopata-premio": HeuristicBot._la_ludopata_premio,
    "la-ludopata-matar": HeuristicBot._la_ludopata_matar,
    "la-ludopata-ver": HeuristicBot._la_ludopata_ver,
    "la-chef-revivir": HeuristicBot._la_chef_revivir,
    "dia-de-visitas": HeuristicBot._dia_de_visitas,
    "investigacion-policial": HeuristicBot._investigacion_policial,
    "jugada-arriesgada": HeuristicBot._jugada_arriesgada,
    "el-cyborg": HeuristicBot._el_cyborg,
    "el-cyborg-ver": HeuristicBot._el_cyborg_ver,
    "el-cyborg-matar": HeuristicBot._el_cyborg_matar,
    "el-cyborg-revivir": HeuristicBot._el_cyborg_revivir,
    "el-cyborg-robot": HeuristicBot._el_cyborg_robot,
    "el-cyborg-cambio": HeuristicBot._el_cyborg_cambio,
    "la-maestra-vudu": HeuristicBot._la_maestra_vudu,
    "la-maestra-vudu-anunciar": HeuristicBot._la_maestra_vudu_anunciar,
    "la-maestra-vudu-muerte": HeuristicBot._la_maestra_vudu_muerte,
    "la-maestra-vudu-acusacion": HeuristicBot._la_maestra_vudu_acusacion,
    "la-maestra-vudu-parca": HeuristicBot._la_maestra_vudu_parca,
    "la-maestra-vudu-melancolia": HeuristicBot._la_maestra_vudu_melancolia,
    "la-maestra-vudu-maldicion": HeuristicBot._la_maestra_vudu_maldicion,
    "el-otaku": HeuristicBot._el_otaku,
    "el-otaku-ver": HeuristicBot._el_otaku_ver,
    "el-otaku-ofensivo": HeuristicBot._el_otaku_ofensivo,
    "el-otaku-defensivo": HeuristicBot._el_otaku_defensivo,
    "el-otaku-observacion": HeuristicBot._el_otaku_observacion,
    "la-medico": HeuristicBot._la_medico,
    "la-medico-poder": HeuristicBot._la_medico_poder,
    "la-medico-carro": HeuristicBot._la_medico_carro,
    "la-medico-coma": HeuristicBot._la_medico_coma,
    "la-medico-virus": HeuristicBot._la_medico_virus,
    "la-medico-carga": HeuristicBot._la_medico_carga,
    "la-medico-contagio": HeuristicBot._la_medico_contagio,
    "la-medico-brote": HeuristicBot._la_medico_brote,
    "la-medico-brote-modo": HeuristicBot._la_medico_brote_modo,
    "la-medico-brote-carta": HeuristicBot._la_medico_brote_carta,
    "la-medium": HeuristicBot._la_medium,
    "la-medium-objetivo": HeuristicBot._la_medium_objetivo,
    "la-medium-despertar": HeuristicBot._la_medium_despertar,
    "la-medium-fisico": HeuristicBot._la_medium_fisico,
    "el-saltamundos-robar": HeuristicBot._el_saltamundos_robar,
    "el-saltamundos-elegir": HeuristicBot._el_saltamundos_elegir,
    "el-saltamundos": HeuristicBot._el_saltamundos,
    "el-saltamundos-matar": HeuristicBot._el_saltamundos_matar,
    "el-saltamundos-cobertura": HeuristicBot._el_saltamundos_cobertura,
    "el-saltamundos-ver": HeuristicBot._el_saltamundos_ver,
    "el-saltamundos-ver-objetivo": HeuristicBot._el_saltamundos_ver_objetivo,
    "el-saltamundos-revivir": HeuristicBot._el_saltamundos_revivir,
    "el-saltamundos-calabozo": HeuristicBot._el_saltamundos_calabozo,
    "el-saltamundos-mecha": HeuristicBot._el_saltamundos_mecha,
    "el-relojero": HeuristicBot._el_relojero,
    "el-relojero-ver": HeuristicBot._el_relojero_ver,
    "el-relojero-matar": HeuristicBot._el_relojero_matar,
    "el-relojero-detener": HeuristicBot._el_relojero_detener,
    "el-relojero-futuro": HeuristicBot._el_relojero_futuro,
    "el-relojero-pasado": HeuristicBot._el_relojero_pasado,
    "el-saltamundos-personaje": HeuristicBot._el_saltamundos_personaje,
    "el-saltamundos-vigilar": HeuristicBot._el_saltamundos_vigilar,
    "el-saltamundos-cubrirse": HeuristicBot._el_saltamundos_cubrirse,
    "frontera-recompensa": HeuristicBot._frontera_recompensa,
}
#: The other kinds the game asks: answered by aiming at a card (``KILL``) or at random among sensible options.
ROUTINE = frozenset(
    {
        "respuesta-del-narrador",
        "la-parca-despertar",
        "la-parca-mover",
        "sindrome-de-nostradamus",
        "nostradamus-condicion",
        "nostradamus-consecuencia",
        "nostradamus-destino",
        "elegir-carta",
        "reemplazo",
        "bando",
        "colocar",
        "ali-la-muda-turno",
        "ali-la-muda",
        "pacto-richard",
        "director",
        "profeta",
        "profeta-2",
        "juego-de-azar-ficha",
        "neuroticismo",
        "ansiedad-social",
        "cirujano-brian-crowther",
        "cambio-de-habitacion",
        "cambio-de-habitacion-cartas",
        "terapia-de-hipnosis",
        "terapia-de-hipnosis-poder",
        "juego-de-azar-apuesta",
        "companeros-despertar",
        "ali-la-muda-voto",
        "muerte-dulce-despertar",
        "amnesia-jugador",
        "gas-de-la-risa",
        "el-arquitecto-despertar",
        "la-ludopata-grupo",
        "la-ludopata-carta",
        "la-ludopata-despertar",
        "la-chef-brocoli",
        "la-chef-brocoli-carta",
        "la-chef-reparto",
        "la-chef-reparto-carta",
        "la-chef",
        "la-chef-mover",
        "visita-al-psiquiatra",
        "la-caja-de-pandora",
        "recuerdos-traumaticos",
        "acontecimiento",
        "todos-para-uno",
        "cuerpo-de-espionaje",
        "el-saltamundos-mundo",
        "el-saltamundos-descartar",
        "el-saltamundos-robar-evento",
        "el-relojero-modificador",
        "el-relojero-quitar",
        "el-relojero-mover",
        "el-relojero-destino",
    }
)
