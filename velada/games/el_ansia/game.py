"""El ansia as a registered game: setup (steps 1–14), options, views and texts over the rules modules."""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Mapping
from typing import Any

from velada.core.bots import BotFactory
from velada.core.chance import shuffle
from velada.core.game import Answers, CardHelp, Game, GameInfo, PromptKind, Redeal
from velada.core.i18n import Catalog, Term
from velada.core.options import ChoiceOption
from velada.core.protocol import PUBLIC, Event, Prompt, Viewer
from velada.games.el_ansia import board, help, rounds, scoring, turn
from velada.games.el_ansia.bots import HeuristicBot
from velada.games.el_ansia.data import (
    CARDS,
    CASTLE_TILES,
    CRYPT_MISSIONS,
    EDGES,
    HUNT_DECK,
    MISSIONS,
    OPEN_CHESTS,
    ROSES,
    SPACES,
    TOKENS,
    VAMPIRES,
)
from velada.games.el_ansia.deal import check_deal
from velada.games.el_ansia.state import AnsiaState, Settings
from velada.games.el_ansia.view import AnsiaPlayerView, AnsiaView

KINDS = (
    "mision-inicial",
    "efecto",
    "descartar",
    "digerir",
    "inspirar",
    "misiones",
    "pozo",
    "mover",
    "empujar",
    "rosa",
    "cazar",
    "preparada",
    "columna",
    "eleccion",
)
#: Everybody sees whose turn it is; the starting missions and the end's choice tokens are private.
PUBLIC_KINDS = set(KINDS) - {"mision-inicial", "eleccion"}

#: The resolver of each step a turn's prompt opens: these prompts have a single player, so a resolver gets that
#: player's answer (the options chosen) rather than the group's answers.
RESOLVERS = {
    "efecto": turn.resolve_effect,
    "descartar": turn.resolve_discard,
    "descartar-ficha": turn.resolve_token_discard,
    "digerir": turn.resolve_digest,
    "inspirar": turn.resolve_inspire,
    "misiones": lambda s, chosen: turn.resolve_missions(s, chosen, s.crypt_region),
    "pozo": turn.resolve_well,
    "mover": turn.resolve_move,
    "empujar": turn.resolve_push,
    "rosa": turn.resolve_rose,
    "cazar": turn.resolve_hunt,
    "preparada": turn.resolve_ready,
    "columna": turn.resolve_column,
}


#: What every game's setup deals from, the same at every table: the missions by whether the table seats five or
#: more (some missions need five), those that may be public by that and the novice mode, the bonus tokens (as many
#: of each as the box holds) and the chests, in the order their tokens are dealt.
MISSION_POOLS = {five: tuple(m for m in MISSIONS if five or not MISSIONS[m].five) for five in (False, True)}
PUBLIC_POOLS = {
    (five, novice): tuple(
        m for m in MISSION_POOLS[five] if MISSIONS[m].type == "normal" and (not novice or MISSIONS[m].novice)
    )
    for five in (False, True)
    for novice in (False, True)
}
TOKEN_POOL = tuple(t for t, k in TOKENS.items() for _ in range(k))
CHESTS = tuple(sorted(sp for sp, space in SPACES.items() if space.effect == "cofre"))

#: The public events the narrator speaks (the script).
NARRATED = frozenset({"misiones-iniciales", "luna", "castillo", "sombrillas", "amanecer", "misiones-reveladas", "fin"})


class AnsiaGame(Game[AnsiaState]):
    """El ansia: a deck-building race of vampires who must be back before dawn."""

    info = GameInfo(id="el-ansia", min_players=2, max_players=6, recommended=(2, 6), sides=tuple(VAMPIRES))
    options = (ChoiceOption("modo", "venerable", ("venerable", "novato")),)
    prompt_kinds = tuple(PromptKind(kind, public=kind in PUBLIC_KINDS) for kind in KINDS)

    def __init__(self) -> None:
        self.catalog = Catalog.load(__package__).merged(Catalog.load(__package__, "help"))

    @property
    def bots(self) -> dict[str, BotFactory]:
        return {**super().bots, "heuristico": HeuristicBot}

    # --- setup ------------------------------------------------------------------------------------------

    def setup(
        self, players: tuple[str, ...], options: Mapping[str, Any], rng: random.Random, deal: Mapping[str, Any] | None
    ) -> AnsiaState:
        n = len(players)
        mode = options["modo"]
        deal = dict(deal or {})
        check_deal(players, deal)
        vampires = [deal["vampiros"][p] for p in players] if "vampiros" in deal else rng.sample(list(VAMPIRES), n)
        if len(set(vampires)) != n or any(v not in VAMPIRES for v in vampires):
            raise ValueError(f"each player needs a different vampire of: {', '.join(VAMPIRES)}")
        s = AnsiaState(
            players=players,
            rng=rng,
            settings=Settings(mode),
            index={p: i for i, p in enumerate(players)},
            vampires=vampires,
            position=["castillo"] * n,
            home=[False] * n,
            score=[0] * n,
            deck=[list(VAMPIRES[v][1]) for v in vampires],
            hand=[[] for _ in range(n)],
            discard=[[] for _ in range(n)],
            digested=[[] for _ in range(n)],
            permanents=[[] for _ in range(n)],
            tokens=[[] for _ in range(n)],
            used_tokens=[[] for _ in range(n)],
            missions=[[] for _ in range(n)],
            used_missions=[[] for _ in range(n)],
            spicy=[[] for _ in range(n)],
            drawn=[0] * n,
            crypts_seen=[False] * n,
            castle_tiles=list(CASTLE_TILES[n]),
            roses=list(ROSES),
        )
        # 3. The hunting deck (novice: 2 + 2 per player «A» cards on top).
        if "caza" in deal:
            s.hunt_deck = list(reversed(deal["caza"]))
        else:
            deck = list(HUNT_DECK)
            shuffle(rng, deck)
            if mode == "novato":
                novice = [c for c in deck if CARDS[c].novice][: 2 + 2 * n]
                for card in novice:
                    deck.remove(card)
                deck = deck + novice
            s.hunt_deck = deck
        # 4. A bonus token face down on every chest; the open chests show theirs.
        tokens = list(TOKEN_POOL)
        shuffle(rng, tokens)
        s.chests = {sp: tokens.pop() for sp in CHESTS}
        s.open_chests = list(OPEN_CHESTS)
        # 6. Three face-down cards in the tavern (from the bottom of the deck in novice mode).
        if "taberna" in deal:
            s.tavern = list(deal["taberna"])
        else:
            s.tavern = [s.hunt_deck.pop(0) if mode == "novato" else s.hunt_deck.pop() for _ in range(3)]
        # 9–11. Missions.
        self._deal_missions(s, deal, n, mode, rng)
        # 12. Shuffle and draw 3.
        for seat in range(n):
            if "mazos" in deal:
                s.deck[seat] = list(reversed(deal["mazos"][players[seat]]))
            else:
                shuffle(rng, s.deck[seat])
            if players[seat] in deal.get("manos", {}):
                s.hand[seat] = list(deal["manos"][players[seat]])
            else:
                turn.draw(s, seat, 3, False)
        # 13. First turn order by the speed of the starting hands; stacked in the castle, first on top.
        order = rounds.first_turn_order(s)
        s.stacks = {"castillo": list(reversed(order))}
        # 14. One card per row of the hunting zone, in column 3.
        s.zone = [[[], [], []] for _ in range(n + 1)]
        if "zona" in deal:
            s.zone = [[list(stack) for stack in row] for row in deal["zona"]]
        else:
            rounds.refill_zone(s)
        order = self._situation(s, deal, order)
        s.emit(
            "preparacion",
            None,
            vampires=dict(zip(players, vampires, strict=True)),
            mode=mode,
            public=list(s.public_missions),
        )
        s.first_order = order
        if s.group:
            s.step = "mision-inicial"
        else:
            turn.start_turn_round(s, order)
        return s

    @staticmethod
    def _situation(s: AnsiaState, deal: Mapping[str, Any], order: list[int]) -> list[int]:
        """A deal may also start the game from a described situation (for scenarios, puzzles and tests): hands
        (instead of drawing 3), the hunting zone and the tavern (instead of dealing them from the hunting deck,
        which is then exactly the ``caza`` list, top first), positions (stacked bottom first, in the order
        listed), vampires already home, the hunting zone as rows of [column 1, column 2, column 3] stacks, the
        moon, scores, tokens, permanents, discard piles, the roses left, and the first turn's order of play."""
        index = s.index
        if "posiciones" in deal:
            s.stacks = {}
            for player, space in deal["posiciones"].items():
                if space not in SPACES:
                    raise ValueError(f"unknown space {space!r}")
                s.position[index[player]] = space
                s.stacks.setdefault(space, []).append(index[player])
        for player in deal.get("en_casa", []):
            s.home[index[player]] = True
            s.castle_order.append(index[player])
        for key, target in (("fichas", s.tokens), ("permanentes", s.permanents), ("descartes", s.discard)):
            for player, items in deal.get(key, {}).items():
                target[index[player]] = list(items)
        for player, points in deal.get("puntos", {}).items():
            s.score[index[player]] = points
        if "rosas" in deal:
            s.roses = list(deal["rosas"])
        s.moon = deal.get("luna", 1)
        for cid in [
            c for key in ("manos", "permanentes", "descartes") for cards in deal.get(key, {}).values() for c in cards
        ] + [c for row in s.zone for stack in row for c in stack]:
            if cid not in CARDS:
                raise ValueError(f"unknown card {cid!r}")
        if "orden" in deal:
            order = [index[p] for p in deal["orden"]]
        return order

    def _deal_missions(self, s: AnsiaState, deal: Mapping[str, Any], n: int, mode: str, rng: random.Random) -> None:
        pool = MISSION_POOLS[n >= 5]
        if "publicas" in deal:
            s.public_missions = list(deal["publicas"])
        else:
            s.public_missions = rng.sample(PUBLIC_POOLS[n >= 5, mode == "novato"], 2)
        rest = [m for m in pool if m not in s.public_missions]
        shuffle(rng, rest)
        if "misiones" in deal:
            for p, ms in deal["misiones"].items():
                s.missions[s.index[p]] = list(ms)
                for m in ms:
                    rest.remove(m)
        else:
            offers = deal.get("ofertas")
            for player in s.players:
                two = [str(m) for m in offers[player]] if offers else [rest.pop(), rest.pop()]
                if offers:
                    for m in two:
                        if m not in rest:
                            raise ValueError(f"mission {m!r} cannot be offered: unknown, public or dealt twice")
                        rest.remove(m)
                s.ask(Prompt("p:mision-inicial", player, "mision-inicial", tuple(two)))
        for region in ("montanas", "llanuras", "bosque"):
            if "criptas" in deal:
                s.crypts[region] = [str(m) for m in deal["criptas"][region]]
            else:
                s.crypts[region] = [rest.pop() for _ in range(min(CRYPT_MISSIONS[region], len(rest)))]

    def resolve(self, state: AnsiaState, answers: Answers) -> None:
        s = state
        resolver = RESOLVERS.get(s.step)
        if resolver is not None:  # a turn's prompt: nearly every choice of a game
            resolver(s, next(iter(answers.values())))
            return
        if s.step == "mision-inicial":
            for (player, _), chosen in answers.items():
                s.missions[s.index[player]].append(chosen[0])
            s.emit("misiones-iniciales", None)
            turn.start_turn_round(s, s.first_order)
            return
        if s.step == "eleccion":
            scoring.resolve_choice(s, answers)
            return
        raise KeyError(s.step)

    # --- what a viewer may see ------------------------------------------------------------------------

    def shared_view(self, state: AnsiaState, lang: str) -> AnsiaView:
        """Every part of a view but the viewer's own (``you``) and the narrator's secrets: the board, the players'
        open information, the phase. Every viewer's, the narrator's too; the views share its parts."""
        s = state
        over = s.result is not None
        players: list[AnsiaPlayerView] = []
        for seat, player in enumerate(s.players):
            vampire = s.vampires[seat]
            entry: AnsiaPlayerView = {
                "id": player,
                "name": player,
                "alive": True,
                "vampire": vampire,
                "role": vampire,
                "role_name": VAMPIRES[vampire][0],
                "space": s.position[seat],
                "home": s.home[seat],
                "score": s.score[seat],
                "hand_size": len(s.hand[seat]),
                "deck_size": len(s.deck[seat]),
                "discard": list(s.discard[seat]),
                "permanents": list(s.permanents[seat]),
                "digested": list(s.digested[seat]),
                "tokens": list(s.tokens[seat]),
                "used_tokens": list(s.used_tokens[seat]),
                "missions": len(s.missions[seat]),
                "used_missions": list(s.used_missions[seat]),
                "badges": [
                    self.text(lang, "badge.score", score=s.score[seat]),
                    self.space_name(s.position[seat], lang),
                ],
            }
            if over:
                entry["missions_list"] = list(s.missions[seat])
                entry["alive"] = s.survivors[seat] if s.survivors else True
            players.append(entry)
        chests = {sp: (tok if sp in s.open_chests or tok is None else "?") for sp, tok in s.chests.items()}
        view: AnsiaView = {
            "phase": {
                "id": "fin" if over else "turno",
                # The whole game is one night (the moon crosses the sky turn by turn; dawn ends it): the room's
                # screens wear the night's theme.
                "theme": "night",
                "moon": s.moon,
                "text": self.text(
                    lang,
                    # Between two players' turns nobody plays: the line names the moon only, not "— plays".
                    "phase.fin" if over else "phase.turno" if s.current is not None else "phase.luna",
                    moon=s.moon,
                    turns=s.settings.turns,
                    player=s.players[s.current] if s.current is not None else "",
                ),
            },
            "players": players,
            "board": {
                "stacks": {sp: [s.players[i] for i in seats] for sp, seats in s.stacks.items() if seats},
                "chests": chests,
                "roses": list(s.roses),
                "tavern": len(s.tavern),
                "castle_tiles": list(s.castle_tiles),
            },
            "zone": [[list(stack) for stack in row] for row in s.zone],
            "hunt_deck": len(s.hunt_deck),
            "public_missions": list(s.public_missions),
            "crypts": {region: len(pile) for region, pile in s.crypts.items()},
            "play": [cid for uid, cid in s.play if uid not in s.dropped],
            "current": s.players[s.current] if s.current is not None else None,
            # Vampire tokens show their resting side once their turn is played this moon.
            "resting": [s.players[i] for i in range(len(s.players)) if i != s.current and i not in s.order],
        }
        return view

    def view(self, state: AnsiaState, viewer: Viewer, lang: str, shared: Any = None) -> AnsiaView:
        s = state
        me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
        # A copy of the shared part (its own parts are every viewer's: views are read-only).
        view: AnsiaView = {**(shared if shared is not None else self.shared_view(s, lang))}
        if me is not None:
            view["you"] = {
                "id": s.players[me],
                "role": s.vampires[me],
                "role_name": VAMPIRES[s.vampires[me]][0],
                "hand": list(s.hand[me]),
                "missions": list(s.missions[me]),
                "notes": [
                    self.text(lang, "you.hand", cards=", ".join(self.card_name(c, lang) for c in s.hand[me]) or "—"),
                    self.text(
                        lang,
                        "you.missions",
                        missions=", ".join(self.mission_name(m, lang) for m in s.missions[me]) or "—",
                    ),
                ],
            }
        if viewer is None:
            view["secrets"] = {
                "hands": [list(h) for h in s.hand],
                "missions": [list(m) for m in s.missions],
                "tavern": list(s.tavern),
                "chests": dict(s.chests),
                "crypts": {r: list(p) for r, p in s.crypts.items()},
            }
        return view

    # --- noninterference: the places of the deal are each seat's deck as dealt (``("mazo", seat, k)``: its k-th
    # card drawn) and the missions (the two offered to each player, the crypts' piles) ----------------------------

    def deal_of(self, state: AnsiaState) -> dict[str, Any]:
        s = state
        offers = {p: list(prompt.options) for (p, _), prompt in s.group.items() if prompt.kind == "mision-inicial"}
        deal: dict[str, Any] = {
            "vampiros": dict(zip(s.players, s.vampires, strict=True)),
            "caza": list(reversed(s.hunt_deck)),
            "taberna": list(s.tavern),
            "zona": [[list(stack) for stack in row] for row in s.zone],
            "publicas": list(s.public_missions),
            "criptas": {region: list(pile) for region, pile in s.crypts.items()},
            # Each deck top first, the three cards drawn at the start first.
            "mazos": {p: [*s.hand[i], *reversed(s.deck[i])] for i, p in enumerate(s.players)},
        }
        if offers:
            deal["ofertas"] = offers
        else:
            deal["misiones"] = {p: list(s.missions[i]) for i, p in enumerate(s.players)}
        return deal

    def knowledge(self, state: AnsiaState, viewer: Viewer) -> set[Hashable]:
        """The cards of a deck drawn by their owner (``viewer``'s) or already played (anybody's: what is still in
        a hand is not), the viewer's own missions, and every mission once the viewer has looked into a crypt
        (where missions of other players come back)."""
        s = state
        me = s.index.get(viewer) if viewer is not None else None
        known: set[Hashable] = set()
        for seat in range(len(s.players)):
            seen = s.drawn[seat] - (0 if seat == me else len(s.hand[seat]))
            known |= {("mazo", seat, k) for k in range(seen)}
        if me is not None:
            known.add(("oferta", me))
            if s.crypts_seen[me]:
                known.add("misiones")
        return known

    def redeal(self, start: AnsiaState, keep: frozenset[Hashable], viewer: Viewer, rng: random.Random) -> Redeal:
        deal = self.deal_of(start)
        # One secret at a time: another deck order, other missions in the crypts, or other missions anywhere
        # (a player choosing a mission they were not offered ends the comparison at once).
        what = rng.choice(("mazos", "criptas", "misiones"))
        if what == "mazos":
            for seat, player in enumerate(start.players):
                deck = deal["mazos"][player]
                free = [k for k in range(len(deck)) if ("mazo", seat, k) not in keep]
                cards = [deck[k] for k in free]
                rng.shuffle(cards)
                for k, card in zip(free, cards, strict=True):
                    deck[k] = card
        elif "misiones" not in keep:
            places: list[tuple[dict, str, int]] = [
                (deal["criptas"], region, j) for region, pile in deal["criptas"].items() for j in range(len(pile))
            ]
            if what == "misiones" and "ofertas" in deal:
                places += [
                    (deal["ofertas"], player, j)
                    for seat, player in enumerate(start.players)
                    if ("oferta", seat) not in keep
                    for j in range(2)
                ]
            missions = [table[key][j] for table, key, j in places]
            rng.shuffle(missions)
            for (table, key, j), mission in zip(places, missions, strict=True):
                table[key][j] = mission
        return Redeal(deal)

    def shuffle_hidden(self, state: AnsiaState, viewer: Viewer, rng: random.Random) -> AnsiaState:
        """Re-deal what ``viewer`` cannot see: the order of every deck (their own too) and of the hunting deck,
        the other players' hands (sizes stay), the face-down tavern and closed chests, and the missions nobody
        has shown (other players' missions and the crypt piles, mixed)."""
        s = copy.deepcopy(state)
        if viewer is None:
            return s
        me = s.index.get(viewer) if viewer != PUBLIC else None
        for deck in s.deck:
            rng.shuffle(deck)
        others = [i for i in range(len(s.players)) if i != me]
        pool = [c for i in others for c in s.hand[i]] + s.hunt_deck + s.tavern
        rng.shuffle(pool)
        for i in others:
            k = len(s.hand[i])
            s.hand[i], pool = pool[:k], pool[k:]
        k = len(s.tavern)
        s.tavern, s.hunt_deck = pool[:k], pool[k:]
        closed = [sp for sp, tok in s.chests.items() if tok is not None and sp not in s.open_chests]
        tokens = [s.chests[sp] for sp in closed]
        rng.shuffle(tokens)
        s.chests.update(zip(closed, tokens, strict=True))
        if s.result is None:
            missions = [m for i in others for m in s.missions[i]] + [m for p in s.crypts.values() for m in p]
            rng.shuffle(missions)
            for i in others:
                k = len(s.missions[i])
                s.missions[i], missions = missions[:k], missions[k:]
            for region, pile in s.crypts.items():
                k = len(pile)
                s.crypts[region], missions = missions[:k], missions[k:]
        return s

    def board_layout(self) -> dict[str, Any]:
        """The board's static layout, for drawing it (the web app's SVG)."""
        return {
            "spaces": [
                {"id": sp.id, "region": sp.region, "route": sp.route, "effect": sp.effect, "x": sp.x, "y": sp.y}
                for sp in SPACES.values()
            ],
            "edges": [
                {
                    "a": a,
                    "b": b,
                    "ax": SPACES[a].x,
                    "ay": SPACES[a].y,
                    "bx": SPACES[b].x,
                    "by": SPACES[b].y,
                    "route": SPACES[b].route if SPACES[b].route == SPACES[a].route else "carretera",
                }
                for a, b in EDGES
            ],
        }

    # --- texts ------------------------------------------------------------------------------------------

    def card_name(self, cid: str, lang: str) -> str:
        names = CARDS[cid].names
        return names.get(lang, names["es"])

    def card_figures(self, cid: str) -> dict[str, int]:
        """A card's speed and points (``vp``), which the hunting zone shows beside its name (public)."""
        card = CARDS[cid]
        return {"speed": card.speed, "vp": card.vp}

    def mission_name(self, mid: str, lang: str) -> str:
        names = MISSIONS[mid].names
        return names.get(lang, names["es"])

    def space_name(self, space: str, lang: str) -> str:
        sp = SPACES[space]
        region = self.text(lang, f"region.{sp.region}")
        effect = (
            self.text(lang, f"effect.{sp.effect}") if sp.effect and sp.effect not in ("castillo", "laberinto") else ""
        )
        return (
            f"{region} ({space}{', ' + effect if effect else ''})"
            if sp.region not in ("castillo", "laberinto")
            else region
        )

    def prompt_text(self, state: AnsiaState, prompt: Prompt, lang: str) -> str:
        args = dict(prompt.args or {})
        if "speed" in args:
            args["speed"] = args["speed"]
        if "victim" not in args:
            args["victim"] = ""
        if "card" in args:
            args["card"] = self.card_name(args["card"], lang)
        if "region" in args:
            args["region"] = self.text(lang, f"region.{args['region']}")
        return self.text(lang, f"prompt.{prompt.kind}", **{k: v for k, v in args.items() if k != "cards"})

    def option_label(self, state: AnsiaState, prompt: Prompt, option: str, lang: str) -> str:
        s = state
        cards = (prompt.args or {}).get("cards") or {}
        if prompt.kind == "preparada":
            return self.text(lang, f"option.preparada-{option}")
        if option in cards:
            return (
                self.card_name(cards[option], lang)
                if not option.startswith("d:")
                else self.text(lang, "option.descarte", card=self.card_name(cards[option], lang))
            )
        if option in SPACES:
            name = self.space_name(option, lang)
            if prompt.kind == "mover" and s.current is not None:
                # How far it is, in words: a move's speed is spent in steps (option.destino).
                steps = board.distances_from(s.position[s.current]).get(option)
                if steps is not None:
                    return self.text(lang, "option.destino", space=name, n=steps)
            return name
        if option in CARDS:
            return self.card_name(option, lang)
        if option in MISSIONS:
            return self.mission_name(option, lang)
        if option.startswith("z"):
            row, col = int(option[1]), int(option[2])
            stack = s.zone[row][col]
            names = ", ".join(self.card_name(c, lang) for c in stack)
            return self.text(
                lang, "option.celda", row=row + 1, col=col + 1, cost=turn.hunt_cost(s, row, col), cards=names
            )
        if option.startswith("ficha:"):
            return self.text(lang, "option.ficha", token=self.text(lang, f"token.{option[6:]}"))
        if option.startswith("mision:"):
            return self.text(lang, "option.mision", mission=self.mission_name(option[7:], lang))
        if option in ("montanas", "llanuras", "bosque"):
            return self.text(lang, f"region.{option}")
        if option in ("lugareno", "religioso", "militar", "noble"):
            return self.text(lang, f"kind.{option}")
        return self.text(lang, f"option.{option}")

    def event_text(self, state: AnsiaState, event: Event, lang: str) -> str:
        params: dict[str, Any] = {}
        for name, value in event.data.items():
            if name == "card":
                params[name] = self.card_name(value, lang)
            elif name == "cards":
                params[name] = ", ".join(self.card_name(c, lang) for c in value) or "—"
            elif name == "space":
                params[name] = self.space_name(value, lang)
            elif name == "token":
                params[name] = self.text(lang, f"token.{value}")
            elif name == "mission":
                params[name] = self.mission_name(value, lang)
            elif name == "missions":
                params[name] = ", ".join(self.mission_name(m, lang) for m in value) or "—"
            elif name == "region":
                params[name] = self.text(lang, f"region.{value}")
            elif name == "players":
                params[name] = ", ".join(value)
            elif name == "winners":
                params[name] = Term(", ".join(value), number=len(value))
            elif name == "vampires":
                params[name] = ", ".join(f"{p}: {VAMPIRES[v][0]}" for p, v in value.items())
            elif name == "scores":
                params[name] = ", ".join(f"{p} {v}" for p, v in value.items())
            elif name == "why":
                params[name] = self.text(lang, f"why.{value.split(':')[0]}")
            else:
                params[name] = value
        kind = event.kind
        if kind == "fin":
            params["text"] = self.text(lang, f"result.{event.data['reason']}", winners=params.get("winners", ""))
        if kind == "puntos" and event.data["points"] < 0:
            kind, params["points"] = "puntos-pierde", -event.data["points"]
        if kind == "amanecer":
            kind = "amanecer-salvo" if event.data["safe"] else "amanecer-cenizas"
        return self.text(lang, f"event.{kind}", **params)

    # --- card help -----------------------------------------------------------------------------------------

    def help_ids(self, state: AnsiaState, viewer: Viewer) -> list[str]:
        return help.visible_ids(state, viewer)

    def all_help_ids(self) -> list[str]:
        return help.all_ids()

    def card_help(self, help_id: str, lang: str) -> CardHelp:
        return help.card_help(self, help_id, lang)

    # --- the narrator's script ---------------------------------------------------------------------------

    def narration(self, state: AnsiaState, event: Event, lang: str) -> list[str]:
        """The moon's progress and each turn's order, who returns to the castle, dawn's fate of each vampire,
        missions revealed at the end and the result; not each card, move, hunt or point (a game has hundreds)."""
        return [self.event_text(state, event, lang)] if event.kind in NARRATED else []
