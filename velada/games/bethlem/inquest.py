"""The heuristic Inquisidor's reasoning (custom cards, section 13): what he can tell, from his own view only, of
the secrets his claim must name, how sure he is, and when the claim is worth making. Used by the heuristic bot
(``bots.HeuristicBot``)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from math import exp, prod
from typing import TYPE_CHECKING, Any

from velada.core.protocol import Prompt
from velada.games.bethlem.cards import COMPOSITIONS, GROUP_OF, LIFE_GROUPS, OBJECTIVE_TABLE, RISING

if TYPE_CHECKING:
    from velada.games.bethlem.bots import Knowledge


# --- the secrets ------------------------------------------------------------------------------------

#: The Inquisidor's card secrets (section 13): claim prompt kind → the cards whose holders it asks for.
SECRET_CARDS = {
    "inquisidor-siamesas": ("siamesas-1", "siamesas-2"),
    "inquisidor-celda": ("companeros-de-celda-1", "companeros-de-celda-2", "companeros-de-celda-3"),
    "inquisidor-pacto": ("pacto-de-sangre",),
}
#: The log's events that tell him who held a secret card (the card kind → the secret), as seen then.
SECRET_KIND = {"siamesas": "inquisidor-siamesas", "companeros-de-celda": "inquisidor-celda"}
#: Public events in which two cards exchange places on the table: their kind → the data keys of both positions.
SWAPS = {
    "cirujano": ("targets",),
    "cambio-de-habitacion": ("targets",),
    "wakerfield": ("target", "origin"),
    "el-cyborg-cambio": ("origin", "target"),
    "arquitecto-cambio": ("target", "origin"),
}
#: Objective cards that may rise with the mutineers, and those that may stay asleep (a Traidor: either).
MAY_RISE = frozenset({"amotinados", "renegado", "traidor"})
MAY_STAY = frozenset({"internos", "inquisidor", "traidor"})
#: How much each sign in the lynchings weighs for an assignment of objectives (see ``Inquest._agreement``): a
#: factor e^0.3 ≈ 1.35 a point, measured to keep the chances it gives honest against the heuristic bots.
VOTE_WEIGHT = 0.3
#: How much likelier a card that lived through a lynching is a Siamesa than another card.
SURVIVOR_WEIGHT = 4
#: The claim (``Inquest.worth_claiming``): at once with this chance of naming every secret right; from round
#: ``LONG_GAME`` with ``LONG_GAME_CHANCE``; on the last day with any. The bots do not see the table's options:
#: they take the round limit for its default (option limite-rondas).
CLAIM_CHANCE = 0.5
LONG_GAME = 15
LONG_GAME_CHANCE = 0.2
ROUND_LIMIT = 20


class Inquest:
    """What the Inquisidor can tell of the secrets his claim must name (section 13), from his view only.

    - **Objectives**: the table's objective cards are public (the book's table per number of players), so the
      hidden ones are those left once the cards face up or seen (his own too) are taken out. Evidence narrows
      them: El archivo's answer (the player rises with the mutineers, or does not), a Terapia lobotomía that
      changed a player's side (a riser becomes an inmate; the opposite needs an Interno); a Visita al
      psiquiatra exchanges what he knew of two players. Of the assignments of the cards left that fit, those
      the lynchings agree with are likelier (``_agreement``: the risers vote together, never for one of their
      own).
    - **Cards**: every player was dealt one card of each group (P1, P2, A1, A2) and the cards of a table are
      public (the composition for its size), so a player whose card of a group is known holds no other, and a
      secret card not seen is one of the group's cards not seen, held by one of the players whose card of
      that group is not known — where each is as likely (but a card that lived through a lynching is likely a
      Siamesa). The exchanges of places on the table are public: he follows whose dealt card sits where. What
      he was told of the holders (the Siamesas and the Compañeros de celda meeting on the first night, the
      Historias clínicas) stands while no card changed hands since.

    Each secret's answer is the likeliest one, and ``chance`` the chance that they are all right (as if the
    secrets were independent): measured against the heuristic bots, the chances it gives are honest.
    """

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        view = k.view
        self.players = [p["id"] for p in view["players"]]
        #: Every table position → the player it was dealt to, following the public exchanges.
        self.dealt: dict[str, str] = {}
        for p in view["players"]:
            for c in p["cards"]:
                if not c.get("reserve"):
                    self.dealt[f"{p['id']}:{c['position']}"] = p["id"]
        #: The index in the log of the last exchange of cards between two players (-1: none).
        last_swap = -1
        told: dict[str, tuple[int, tuple[str, ...]]] = {}  # secret → (log index, holders then)
        for i, entry in enumerate(view["log"]):
            kind, data = entry["kind"], entry["data"]
            if kind in SWAPS:
                keys = SWAPS[kind]
                a, b = data[keys[0]] if len(keys) == 1 else (data[keys[0]], data[keys[1]])
                if a in self.dealt and b in self.dealt:
                    self.dealt[a], self.dealt[b] = self.dealt[b], self.dealt[a]
                if _player(a) != _player(b):
                    last_swap = i
            elif kind == "conoces" and data["power"] in SECRET_KIND:
                told[SECRET_KIND[data["power"]]] = (i, tuple(sorted({k.me, *data["players"]})))
            elif kind == "historia-siamesas":
                told["inquisidor-siamesas"] = (i, tuple(sorted(data["players"])))
            elif kind == "historia-secretos" and data.get("maker"):
                # The maker held the Pacto de sangre on the first night.
                told["inquisidor-pacto"] = (-1, (data["maker"],))
        self.told = {key: holders for key, (i, holders) in told.items() if i > last_swap or last_swap < 0}
        #: The lynchings' votes (voter → player).
        self.votes = [e["data"]["votes"] for e in view["log"] if e["kind"] == "votos"]
        #: Players whose objective he does not see, and each assignment of the objectives left that fits the
        #: evidence, with its chance.
        self.hidden: list[str] = []
        self.fits: dict[tuple[str, ...], float] = {}
        self.goal_answer, self.goal_chance = self._goals(view)
        self.card_answers = {key: self._holders(key) for key in SECRET_CARDS if self._in_play(key)}

    # --- objectives ---

    def _evidence(self, view: dict[str, Any]) -> dict[str, frozenset[str]]:
        """What the log says of each player's objective card: the objectives it can be."""
        out: dict[str, frozenset[str]] = {}
        turned: set[str] = set()  # players a lobotomy changed: El archivo answers for their new side
        for entry in view["log"]:
            kind, data = entry["kind"], entry["data"]
            if kind == "archivo" and not data["principal"] and data["player"] not in turned:
                out[data["player"]] = MAY_RISE
            elif kind == "archivo-falla" and data["player"] not in turned:
                out[data["player"]] = MAY_STAY
            elif kind == "cambia-de-bando":
                turned.add(data["player"])
                out[data["player"]] = MAY_RISE if data["side"] == "internos" else frozenset({"internos"})
            elif kind == "psiquiatra":
                a, b = data["players"]
                ea, eb = out.pop(a, None), out.pop(b, None)
                if eb is not None:
                    out[a] = eb
                if ea is not None:
                    out[b] = ea
        return out

    def _goals(self, view: dict[str, Any]) -> tuple[dict[str, str], float]:
        """The most likely objective of every other player whose objective he does not see, and the chance
        that all of them are right."""
        seen = {p["id"]: p["objective"] for p in view["players"] if p.get("objective") is not None}
        hidden = [p["id"] for p in view["players"] if p["id"] not in seen]
        if not hidden:
            return seen, 1.0
        left = Counter(OBJECTIVE_TABLE.get(len(self.players), ()))
        for goal in seen.values():
            left[goal] -= 1
        left = +left
        if sum(left.values()) != len(hidden):
            return seen | {p: "internos" for p in hidden}, 0.0  # not the book's table: nothing to deduce from
        evidence = self._evidence(view)
        fits: list[tuple[str, ...]] = []

        def assign(i: int, chosen: tuple[str, ...]) -> None:
            if i == len(hidden):
                fits.append(chosen)
                return
            for goal in sorted(left):
                if left[goal] and goal in evidence.get(hidden[i], left.keys()):
                    left[goal] -= 1
                    assign(i + 1, (*chosen, goal))
                    left[goal] += 1

        assign(0, ())
        if not fits:
            return seen | {p: "internos" for p in hidden}, 0.0
        weights = [exp(VOTE_WEIGHT * self._agreement(seen | dict(zip(hidden, fit, strict=True)))) for fit in fits]
        total = sum(weights)
        self.hidden = hidden
        self.fits = {fit: w / total for fit, w in zip(fits, weights, strict=True)}
        best = max(fits, key=self.fits.__getitem__)
        return seen | dict(zip(hidden, best, strict=True)), self.fits[best]

    def _agreement(self, goals: dict[str, str]) -> int:
        """How well the lynchings fit these objectives: the risers agree on one victim (one point for each two
        of them voting for the same player) and never vote for one of their own (a point less each time)."""
        risers = {p for p, goal in goals.items() if goal in RISING}
        score = 0
        for votes in self.votes:
            by_target: dict[str, int] = {}
            for voter, target in votes.items():
                if voter in risers and target:
                    by_target[target] = by_target.get(target, 0) + 1
                    score -= int(target in risers)
            score += sum(n * (n - 1) // 2 for n in by_target.values())
        return score

    # --- cards ---

    def _in_play(self, key: str) -> bool:
        """The table plays these cards: at its size they are in the public composition, or he has seen one."""
        cards = SECRET_CARDS[key]
        if any(c in cards for c in self.k.cards.values()):
            return True
        return any(c in cards for c in self._composition(GROUP_OF[cards[0]]))

    def _composition(self, group: str) -> list[str]:
        table = COMPOSITIONS["normal"].get(str(len(self.players)))
        return [c for c in (table["life"] if table else ()) if GROUP_OF[c] == group]

    def _holders(self, key: str) -> tuple[tuple[str, ...], float]:
        """The most likely holders of a secret's cards (sorted player ids), and the chance it is right."""
        cards = SECRET_CARDS[key]
        known = {_player(o) for o, c in self.k.cards.items() if c in cards}
        unseen = [c for c in cards if c not in self.k.cards.values()]
        if not unseen:
            return tuple(sorted(known)), 1.0
        if key in self.told and known <= set(self.told[key]):
            return self.told[key], 1.0
        group = GROUP_OF[cards[0]]
        # Whose dealt card of this group is unknown, and where (of their dealt cards not seen) it may sit now.
        seen_groups: dict[str, list[str]] = {p: [] for p in self.players}
        unknown_at: dict[str, list[str]] = {p: [] for p in self.players}
        for option, player in self.dealt.items():
            card = self.k.cards.get(option)
            if card is None:
                unknown_at[player].append(option)
            else:
                seen_groups[player].append(GROUP_OF[card])
        lacking = [p for p in self.players if group not in seen_groups[p] and unknown_at[p]]
        pool = [c for c in self._composition(group) if c not in self.k.cards.values()]
        consistent = len(pool) == len(lacking) and all(
            len(set(g)) == len(g) and len(g) + len(unknown_at[p]) == len(LIFE_GROUPS) for p, g in seen_groups.items()
        )
        if not consistent:
            # Not the public composition (or a move he could not follow): any player with an unknown card.
            lacking = [p for p in self.players if unknown_at[p]]
            unknown_at = {p: [f"{p}:0"] for p in lacking}
        # A Siamesa attacked alone does not die: a card that lived through a lynching likely is one.
        tough = {o for o in self.k.survived if self.k.alive.get(o)} if key == "inquisidor-siamesas" else set()
        chances: dict[tuple[str, ...], float] = {}
        for subset in combinations(lacking, len(unseen)):
            places = [unknown_at[p] for p in subset]
            weight = 1 / prod(len(options) for options in places)
            for where in product(*places):
                answer = tuple(sorted(known | {_player(o) for o in where}))
                chances[answer] = chances.get(answer, 0.0) + weight * SURVIVOR_WEIGHT ** len(tough.intersection(where))
        total = sum(chances.values())
        if not total:
            return tuple(sorted(known)), 0.0
        best = max(sorted(chances), key=chances.__getitem__)
        return best, chances[best] / total

    # --- the claim ---

    def chance(self) -> float:
        """The chance that a claim now names every secret right."""
        return self.goal_chance * prod(p for _, p in self.card_answers.values())

    def worth_claiming(self) -> bool:
        """Claim when every secret is known or deduced, or likely enough: a failed claim costs the Inquisidor
        nothing but the claim (he has no other way to win), while waiting for certainty the game ends under
        him — his chance rarely reaches 1 before the inmates unmask the risers. So: a chance of one half at
        any time; from round 15, when the game is getting long, one in five; on the last day (the round
        limit), whatever he has."""
        chance = self.chance()
        round_ = self.k.round
        return (
            chance >= CLAIM_CHANCE
            or (round_ >= LONG_GAME and chance >= LONG_GAME_CHANCE)
            or (round_ >= ROUND_LIMIT and chance > 0)
        )

    def look(self, options: list[str]) -> list[str]:
        """Where a look (a player's objective card, or a card on the table) tells him most: the objective of
        the player whose objective is least certain; else a card not seen among those that may be a secret
        card he is unsure of; else nothing in particular (``[]``)."""
        doubt: dict[str, float] = {}
        for i, player in enumerate(self.hidden):
            doubt[player] = 1 - sum(p for fit, p in self.fits.items() if fit[i] == self.goal_answer[player])
        players = [o for o in options if doubt.get(o, 0) > 0]
        if players:
            return [max(players, key=doubt.__getitem__)]
        unsure = [SECRET_CARDS[key] for key, (_, p) in self.card_answers.items() if p < 1]
        cards = [
            o
            for o in options
            if o in self.dealt
            and o not in self.k.cards
            and any(GROUP_OF[cards[0]] not in self._groups_seen(self.dealt[o]) for cards in unsure)
        ]
        return cards[:1]

    def _groups_seen(self, player: str) -> set[str]:
        """The groups of the cards dealt to ``player`` that he knows."""
        return {GROUP_OF[self.k.cards[o]] for o, dealt in self.dealt.items() if dealt == player and o in self.k.cards}

    def answer(self, prompt: Prompt) -> list[str]:
        """The known, deduced or most likely answer to one of the claim's prompts."""
        if prompt.kind == "inquisidor-objetivo":
            goal = self.goal_answer.get((prompt.args or {}).get("player", ""))
            return [goal] if goal else []
        held, _ = self.card_answers.get(prompt.kind) or self._holders(prompt.kind)
        return list(held)


def _player(option: str) -> str:
    return option.rpartition(":")[0]
