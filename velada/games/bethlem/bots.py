"""A heuristic bot for Bethlem: it plays from its own view only, like a careful beginner.

- It reads what it may know: the cards it has seen, the mutineers unmasked by Mary Firth, El archivo, Ali or a
  shown card, and — as a mutineer — its companions, met each night.
- The mutineers agree the way a real table does: every one of them points at the same card by one shared
  rule (the first living card of the player with most living cards outside the mutiny), and after a round
  without agreement each follows the first mutineer's last vote.
- The others vote on evidence: a known mutineer if there is one; otherwise they spread their votes over the
  players they know nothing about. In the card vote they aim at a known mutineer card.
- Killing powers aim at known enemies, saving powers at friends; the rest is used sensibly or left alone.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from velada.core.bots import ViewFn
from velada.core.i18n import DEFAULT_LANGUAGE, Catalog
from velada.core.protocol import Prompt

MUTINEER_CARDS = ("daniel", "nathaniel", "richard-dadd")
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
            self.counts[p["id"]] = living
            if p["in_game"]:
                self.in_game.append(p["id"])
        self.mutineers: set[str] = set()
        self.pack: list[str] = []
        self.innocent: set[str] = set()
        self.lobotomised: set[str] = set()
        for entry in view["log"]:
            kind, data = entry["kind"], entry["data"]
            if kind == "amotinados":
                self.pack = list(data["players"])
            elif kind == "archivo" and not data["principal"]:
                self.mutineers.add(data["player"])
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

    @property
    def mutineer(self) -> bool:
        """Plays as a mutineer: a true one, or Richard Dadd pretending to be one."""
        return self.objective in ("amotinados", "richard-dadd")

    def enemy_players(self) -> list[str]:
        """Players this bot wants to see lose cards."""
        if self.mutineer:
            return [p for p in self.in_game if p not in self.pack and p != self.me]
        return [p for p in self.in_game if p in self.mutineers]

    def friendly(self, player: str) -> bool:
        if player == self.me:
            return True
        if self.mutineer:
            return player in self.pack
        return player in self.innocent and player not in self.mutineers

    def enemy_cards(self) -> list[str]:
        """Living cards known to be enemies' most important ones (mutineer cards, for the inmates)."""
        if self.mutineer:
            return [
                o
                for o, c in self.cards.items()
                if self.alive[o]
                and c in ("mary-firth", "larry-owls", "el-archivo")
                and o.rpartition(":")[0] not in self.pack
            ]
        return [
            o
            for o, c in self.cards.items()
            if self.alive[o] and c in MUTINEER_CARDS and o not in self.lobotomised and o.rpartition(":")[0] != self.me
        ]

    def mutiny_target(self, options: tuple[str, ...]) -> str | None:
        """The shared rule every mutineer follows, from what all of them saw: the player outside the mutiny who
        voted most against them, then the one with most living cards (the first in seat order on a tie); of
        their cards, one known to be dangerous, else the first living one."""
        by_player: dict[str, list[str]] = {}
        for option in options:
            by_player.setdefault(option.rpartition(":")[0], []).append(option)
        if not by_player:
            return None
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
        if view is None:
            return self._random(prompt)
        k = Knowledge(self.player, view())
        kind = prompt.kind
        options = list(prompt.options)
        method = getattr(self, "_" + kind.replace("-", "_"), None)
        answer = method(prompt, k, options) if method is not None else None
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
            return [self.rng.choice(cards)]
        if not prompt.skippable:
            return [self.rng.choice(options)]
        unknown = [o for o in options if o not in k.cards and not k.friendly(o.rpartition(":")[0])]
        if unknown and self.rng.random() < 0.5:
            return [self.rng.choice(unknown)]
        return []

    # --- the mutineers -----------------------------------------------------------------------------------

    def _amotinados(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str] | None:
        if not k.mutineer:
            return []  # Mary Firth among them: she breaks the unanimity
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
        if k.mutineer:
            enemies = [p for p in options if p not in k.pack]
            if not enemies:
                return []
            target = k.mutiny_target(tuple(f"{p}:0" for p in enemies))
            return [target.rpartition(":")[0]] if target else []
        known = [p for p in options if p in k.mutineers]
        if known:
            return [self.rng.choice(known)]
        unknown = [p for p in options if p not in k.innocent]
        if unknown and self.rng.random() < 0.7:
            return [self.rng.choice(unknown)]
        return []

    def _linchamiento_carta(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        known = self._pick(options, k.enemy_cards())
        if known:
            return known
        unknown = [o for o in options if o not in k.cards]
        return [self.rng.choice(unknown or options)]

    def _hostilidad(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, k.enemy_players())

    def _neuroticismo_voto(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        enemies = [p for p in options if p in k.enemy_players()]
        return [self.rng.choice(enemies or options)]

    def _amnesia(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return ["normal"] if "normal" in options and k.mutineers and not k.mutineer else []

    def _evento_noche(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, list(USEFUL_EVENTS))

    def _evento_dia(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, list(USEFUL_EVENTS))

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

    def _ansiedad_social_respuesta(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        question = (prompt.args or {}).get("question")
        if question in (BOT_QUESTIONS["internos"], BOT_QUESTIONS["amotinados"]):
            return ["si" if question == BOT_QUESTIONS["internos"] else "no"]  # everybody claims to be an inmate
        return [self.rng.choice(options)]

    def _muerte_dulce(self, prompt: Prompt, k: Knowledge, options: list[str]) -> list[str]:
        return self._pick(options, k.enemy_cards())

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
        return [self.rng.choice(options)]

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
