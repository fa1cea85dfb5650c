"""Ajo y Agua as a registered game: setup, options, views and texts over the rules in ``rules.py``."""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Mapping
from typing import Any, NamedTuple

from velada.core.bots import BotFactory
from velada.core.game import Answers, CardHelp, Game, GameInfo, PromptKind, Redeal
from velada.core.i18n import Catalog, Term
from velada.core.options import ChoiceOption, IntOption
from velada.core.protocol import PUBLIC, Event, Prompt, Viewer
from velada.core.talk import day_channel
from velada.games.ajo_y_agua import rules
from velada.games.ajo_y_agua.bots import HeuristicBot
from velada.games.ajo_y_agua.cards import DAY_CARDS, HOUSES, INNOCENT, day_deck
from velada.games.ajo_y_agua.deal import check_deal
from velada.games.ajo_y_agua.state import AjoState, Settings
from velada.games.ajo_y_agua.view import AjoPlayerView, AjoView

PROMPT_KINDS = (
    PromptKind("turno", public=True),
    PromptKind("objetivo", public=True),
    PromptKind("botin", public=True),
    PromptKind("descartar", public=True),
    PromptKind("noche", public=False),
)


#: The public events the narrator speaks (the script).
NARRATED = frozenset(
    {
        "ronda",
        "turno",
        "noche",
        "revelacion-noche",
        "inanicion",
        "sin-victima",
        "cruz",
        "ajos",
        "mordido",
        "salvado",
        "acusa",
        "castigo",
        "muerte",
        "fin",
    }
)


#: The help ids that are not day cards, by kind (texts under ``help.title``/``help.text``).
_HELP_EXTRAS = {"identidad": ("vampiro", "conde"), "noche": ("blason", "inocente"), "extra": ("anfitrion", "moribundo")}


class SharedView(NamedTuple):
    """What every view of one state holds the same (``AjoGame.shared_view``): the phase's text, and the texts of
    the host's and the dying count's badges."""

    phase: str
    host: str
    dying: str


class AjoGame(Game[AjoState]):
    """Ajo y Agua: a hidden Vampire among counts locked in a castle."""

    info = GameInfo(id="ajo-y-agua", min_players=4, max_players=6, recommended=(4, 6), sides=("condes", "vampiro"))
    options = (
        IntOption("cartas-inicio", 3, 1, 6),
        IntOption("mano-maxima", 5, 2, 10),
        ChoiceOption("anfitrion", "fijo", ("fijo", "rotativo")),
        IntOption("limite-rondas", 20, 1, 100),
    )
    prompt_kinds = PROMPT_KINDS

    def __init__(self) -> None:
        self.catalog = Catalog.load(__package__).merged(Catalog.load(__package__, "help"))
        #: Identities as sentences name them, by (identity, house, language): a function of the three, and every
        #: view names the identities it shows.
        self._identity_names: dict[tuple[str, str, str], str] = {}

    @property
    def bots(self) -> dict[str, BotFactory]:
        return {**super().bots, "heuristico": HeuristicBot}

    # --- setup ------------------------------------------------------------------------------------------

    def setup(
        self, players: tuple[str, ...], options: Mapping[str, Any], rng: random.Random, deal: Mapping[str, Any] | None
    ) -> AjoState:
        n = len(players)
        settings = Settings(
            options["cartas-inicio"], options["mano-maxima"], options["anfitrion"], options["limite-rondas"]
        )
        deal = dict(deal or {})
        check_deal(players, deal, options["cartas-inicio"])
        figures = deal.get("figuras")
        houses = [figures[p] for p in players] if figures else rng.sample(list(HOUSES), n)
        if any(h not in HOUSES for h in houses) or len(set(houses)) != n:
            raise ValueError(f"each player needs a different house of: {', '.join(HOUSES)}")
        vampire = players.index(deal["vampiro"]) if "vampiro" in deal else rng.randrange(n)
        host = players.index(deal["anfitrion"]) if "anfitrion" in deal else rng.randrange(n)
        if "mazo" in deal:
            supply = [str(c) for c in reversed(deal["mazo"])]
        else:
            supply = day_deck(n)
            rng.shuffle(supply)
        if any(c not in DAY_CARDS for c in supply):
            raise ValueError(f"unknown day card in the deck; cards: {', '.join(DAY_CARDS)}")
        s = AjoState(
            players=players,
            rng=rng,
            settings=settings,
            index={p: i for i, p in enumerate(players)},
            houses=houses,
            vampire=vampire,
            host=host,
            alive=[True] * n,
            supply=supply,
            hands=[{} for _ in range(n)],
            equipped=[[] for _ in range(n)],
            night=[{} for _ in range(n)],
            dealt=supply[::-1],
        )
        for seat, player in enumerate(players):
            s.emit(
                "identidad", frozenset((player,)), identity=rules.VAMPIRE if seat == vampire else "conde", player=player
            )
        s.emit("figuras", None, houses=dict(zip(players, houses, strict=True)), host=players[host])
        if "manos" in deal:
            for player, cards in deal["manos"].items():
                for card in cards:
                    if card not in DAY_CARDS:
                        raise ValueError(f"unknown day card {card!r}")
                    hand = s.hands[s.index[player]]
                    hand[card] = hand.get(card, 0) + 1
        else:
            for k in range(n):
                rules.draw(s, (host + k) % n, settings.start_cards)
        rules.start_round(s)
        return s

    def warnings(self, players: tuple[str, ...], options: Mapping[str, Any], lang: str) -> list[str]:
        return []

    def not_open_hint(self, state: AjoState, player: str, name: str, lang: str) -> str | None:
        """A count bitten last night only draws and discards: their turn opens no «turno» and ends by itself."""
        seat = state.index.get(player)
        if seat is not None and seat == state.restricted and name.rpartition(":")[2] == "turno":
            return self.text(lang, "hint.bitten", player=player)
        return None

    def resolve(self, state: AjoState, answers: Answers) -> None:
        rules.RESOLVERS[state.step](state, answers)

    # --- what a viewer may see ------------------------------------------------------------------------

    def identity_name(self, s: AjoState, identity: str, seat: int, lang: str) -> str:
        """``identity`` as a sentence names it, agreeing with the seat's house: a Countess is "una Condesa
        Inocente" (the houses' genders are data, ``data/cartas.toml``)."""
        key = (identity, s.houses[seat], lang)
        found = self._identity_names.get(key)
        if found is None:
            house = HOUSES[s.houses[seat]]
            name = Term(house.names.get(lang, house.names["es"]), house.gender)
            found = self._identity_names[key] = self.text(lang, f"identity.{identity}", house=name)
        return found

    def visible_identity(self, s: AjoState, viewer: Viewer, seat: int) -> str | None:
        """A hidden identity is seen by its owner, and by everybody once its count is dead or the game over."""
        if viewer is None or s.result is not None or not s.alive[seat] or s.index.get(viewer) == seat:
            return rules.VAMPIRE if seat == s.vampire else "conde"
        return None

    def channels(self, state: AjoState) -> list:
        """Only the day's channel (the rulebook has nobody wake together): the living write while the day lasts;
        the dead read it."""
        living = state.ids(state.living()) if state.phase == "dia" else ()
        return [day_channel(state.players, living)]

    def shared_view(self, state: AjoState, lang: str) -> SharedView:
        """What every viewer's view holds the same, the narrator's too: the phase's text and the badges' texts."""
        s = state
        return SharedView(
            self.text(lang, f"phase.{s.phase}", round=s.round, turn=s.turn, turns=s.turns),
            self.text(lang, "badge.host"),
            self.text(lang, "badge.dying"),
        )

    def view(self, state: AjoState, viewer: Viewer, lang: str, shared: Any = None) -> AjoView:
        s = state
        common: SharedView = shared if shared is not None else self.shared_view(s, lang)
        players: list[AjoPlayerView] = []
        for seat, player in enumerate(s.players):
            identity = self.visible_identity(s, viewer, seat)
            badges = []
            if s.host == seat:
                badges.append(common.host)
            if s.dying == seat:
                badges.append(common.dying)
            badges.extend(self.card_name(c, lang) for c in s.equipped[seat])
            players.append(
                {
                    "id": player,
                    "name": player,
                    "alive": s.alive[seat],
                    "house": s.houses[seat],
                    "house_name": HOUSES[s.houses[seat]].names.get(lang, HOUSES[s.houses[seat]].names["es"]),
                    "role": identity,
                    "role_name": self.identity_name(s, identity, seat, lang) if identity else None,
                    "host": s.host == seat,
                    "dying": s.dying == seat,
                    "equipped": list(s.equipped[seat]),
                    "hand_size": s.hand_size(seat),
                    "night_cards": sum(s.night[seat].values()),
                    "badges": badges,
                }
            )
        view: AjoView = {
            "phase": {
                "id": s.phase,
                "round": s.round,
                "turn": s.turn,
                "text": common.phase,
            },
            "players": players,
            "table": {
                "supply": len(s.supply),
                "discard": list(s.discard),
                "retired": list(s.retired),
                "laid": list(s.laid),
                "current": s.players[s.current] if s.current is not None else None,
            },
        }
        me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
        if me is not None:
            identity = rules.VAMPIRE if me == s.vampire else "conde"
            view["you"] = {
                "id": s.players[me],
                "role": identity,
                "role_name": self.identity_name(s, identity, me, lang),
                "house": s.houses[me],
                "hand": dict(sorted(s.hands[me].items())),
                "night": dict(sorted(s.night[me].items())),
                # What the viewer's Mirrors showed: a night card of their target's, this round or before.
                "mirrors": [[s.players[t], card] for user, t, card in s.mirrored if user == me],
                "notes": [
                    self.text(lang, "you.hand", cards=self._cards_text(s.hands[me], lang) or "—"),
                    self.text(lang, "you.night", cards=self._night_text(s.night[me], lang) or "—"),
                ],
            }
        if viewer is None:
            view["secrets"] = {
                "vampire": s.players[s.vampire],
                "hands": [dict(h) for h in s.hands],
                "night": [dict(n) for n in s.night],
                "supply": list(s.supply),
            }
        return view

    # --- noninterference: the places of the deal are the seats (who is the Vampire) and the deck's cards --------
    # ("seat", i) is seat i's hidden identity; ("draw", k) the k-th card drawn from the deck as dealt.

    def deal_of(self, state: AjoState) -> dict[str, Any]:
        s = state
        return {
            "vampiro": s.players[s.vampire],
            "figuras": dict(zip(s.players, s.houses, strict=True)),
            "anfitrion": s.players[s.host],
            "mazo": list(s.dealt),
        }

    def knowledge(self, state: AjoState, viewer: Viewer) -> set[Hashable]:
        """Whose identity ``viewer`` knows (their own, the dead's, everybody's for the Vampire; a Mirror shows a
        night card that may betray its holder) and the cards they drew."""
        s = state
        known: set[Hashable] = {("seat", i) for i in range(len(s.players)) if not s.alive[i]}
        me = s.index.get(viewer) if viewer is not None else None
        if me is not None:
            known |= {("seat", me), *(("seat", target) for user, target, _ in s.mirrored if user == me)}
            if me == s.vampire:
                known |= {("seat", i) for i in range(len(s.players))}
            known |= {("draw", k) for k, seat in enumerate(s.draws) if seat == me}
        return known

    def redeal(self, start: AjoState, keep: frozenset[Hashable], viewer: Viewer, rng: random.Random) -> Redeal:
        deal = self.deal_of(start)
        moved: dict[str, str] = {}
        hidden = [i for i in range(len(start.players)) if ("seat", i) not in keep]
        # Either secret alone, or both: a deck dealt again soon makes the worlds part (a card played in one is not
        # held in the other), which would hide what a different Vampire shows.
        what = rng.choice(("vampiro", "mazo", "ambos"))
        if start.vampire in hidden and what != "mazo":
            vampire = rng.choice(hidden)
            old, new = start.players[start.vampire], start.players[vampire]
            deal["vampiro"] = new
            moved = {old: new, new: old}
        deck = list(deal["mazo"])
        free = [k for k in range(len(deck)) if ("draw", k) not in keep and what != "vampiro"]
        cards = [deck[k] for k in free]
        rng.shuffle(cards)
        for k, card in zip(free, cards, strict=True):
            deck[k] = card
        deal["mazo"] = deck
        return Redeal(deal, moved)

    def shuffle_hidden(self, state: AjoState, viewer: Viewer, rng: random.Random) -> AjoState:
        """Re-deal what ``viewer`` cannot know: who the Vampire is among the counts whose identity is hidden
        from them, the other players' hands and unused night cards (sizes stay: they are on the table), and the
        order of the supply."""
        s = copy.deepcopy(state)
        me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
        if viewer is None:
            return s
        hidden = [i for i in range(len(s.players)) if self.visible_identity(state, viewer, i) is None]
        if s.vampire in hidden:
            s.vampire = rng.choice(hidden)
        others = [i for i in range(len(s.players)) if i != me]
        pool = s.supply + [c for i in others for c, n in s.hands[i].items() for _ in range(n)]
        rng.shuffle(pool)
        sizes = [s.hand_size(i) for i in others]
        s.supply = pool[: len(s.supply)]
        pool = pool[len(s.supply) :]
        for i, size in zip(others, sizes, strict=True):
            hand: dict[str, int] = {}
            for card in pool[:size]:
                hand[card] = hand.get(card, 0) + 1
            s.hands[i] = hand
            pool = pool[size:]
        night = [c for i in others for c, n in s.night[i].items() for _ in range(n)]
        rng.shuffle(night)
        for i in others:
            size = sum(s.night[i].values())
            cards: dict[str, int] = {}
            for card in night[:size]:
                cards[card] = cards.get(card, 0) + 1
            s.night[i] = cards
            night = night[size:]
        return s

    # --- texts ------------------------------------------------------------------------------------------

    def card_name(self, card: str, lang: str) -> str:
        if card in DAY_CARDS:
            return DAY_CARDS[card].names.get(lang, DAY_CARDS[card].names["es"])
        if card == INNOCENT:
            return self.text(lang, "card.inocente")
        return HOUSES[card].blazons.get(lang, HOUSES[card].blazons["es"])

    def _cards_text(self, cards: Mapping[str, int], lang: str) -> str:
        return ", ".join(f"{self.card_name(c, lang)}" + (f" ×{n}" if n > 1 else "") for c, n in sorted(cards.items()))

    def _night_text(self, cards: Mapping[str, int], lang: str) -> str:
        return self._cards_text(cards, lang)

    def prompt_text(self, state: AjoState, prompt: Prompt, lang: str) -> str:
        args = prompt.args or {}
        if prompt.kind == "objetivo":
            return self.text(lang, f"prompt.objetivo-{args['action']}")
        if prompt.kind == "botin":
            return self.text(lang, "prompt.botin", target=args["target"])
        return self.text(lang, f"prompt.{prompt.kind}", limit=state.settings.hand_limit)

    def option_label(self, state: AjoState, prompt: Prompt, option: str, lang: str) -> str:
        if option in state.index:
            return option
        if option.startswith("equipar:"):
            return self.text(lang, "option.equipar", card=self.card_name(option.removeprefix("equipar:"), lang))
        if option.startswith("equipo:"):
            return self.text(lang, "option.equipo", card=self.card_name(option.removeprefix("equipo:"), lang))
        if option in ("mano", "acusar"):
            return self.text(lang, f"option.{option}")
        if prompt.kind == "noche":
            return self.card_name(option, lang)
        if prompt.kind == "descartar":
            return self.text(lang, "option.descartar", card=self.card_name(option, lang))
        return self.text(lang, "option.usar", card=self.card_name(option, lang))

    def event_text(self, state: AjoState, event: Event, lang: str) -> str:
        params: dict[str, Any] = {}
        for name, value in event.data.items():
            if name in ("card", "taken"):
                params[name] = self.card_name(value, lang)
            elif name == "cards" and isinstance(value, list):
                params[name] = ", ".join(self.card_name(c, lang) for c in value) or "—"
            elif name == "house":
                params[name] = HOUSES[value].names.get(lang, HOUSES[value].names["es"])
            elif name == "houses":
                params[name] = ", ".join(
                    f"{p}: {HOUSES[h].names.get(lang, HOUSES[h].names['es'])}" for p, h in value.items()
                )
            elif name == "identity":
                # The count it is about (the one who died, or the one who looks at their own card), from the
                # event itself: its text must not depend on who may read it.
                who = event.data["player"]
                params[name] = self.identity_name(state, value, state.index[who], lang)
            elif name == "winners":
                params[name] = ", ".join(value)
            else:
                params[name] = value
        kind = event.kind
        if kind == "usa":
            kind = f"usa-{event.data['card']}" + (f"-{event.data['source']}" if "source" in event.data else "")
        elif kind == "fin":
            params["text"] = self.text(lang, f"result.{event.data['reason']}")
        return self.text(lang, f"event.{kind}", **params)

    # --- card help -----------------------------------------------------------------------------------------

    def help_ids(self, state: AjoState, viewer: Viewer) -> list[str]:
        """The viewer's identity first (a seat's own; the narrator and the room see both), then every day card
        (the deck is the same at every table), the night cards and the host's bell, and who is dying."""
        s = state
        me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
        if me is None:
            ids = ["identidad:vampiro", "identidad:conde"]
        else:
            ids = ["identidad:vampiro" if me == s.vampire else "identidad:conde"]
        ids += [f"dia:{card}" for card in DAY_CARDS] + ["noche:blason", "noche:inocente", "extra:anfitrion"]
        if s.dying is not None:
            ids.append("extra:moribundo")
        return ids

    def all_help_ids(self) -> list[str]:
        return [
            "identidad:vampiro",
            "identidad:conde",
            *(f"dia:{card}" for card in DAY_CARDS),
            *(f"{kind}:{name}" for kind, names in _HELP_EXTRAS.items() if kind != "identidad" for name in names),
        ]

    def card_help(self, help_id: str, lang: str) -> CardHelp:
        kind, _, name = help_id.partition(":")
        if kind == "dia" and name in DAY_CARDS:
            card = DAY_CARDS[name]
            return CardHelp(help_id, card.names.get(lang, card.names["es"]), card.texts.get(lang, card.texts["es"]))
        if name in _HELP_EXTRAS.get(kind, ()):
            return CardHelp(help_id, self.text(lang, f"help.title.{name}"), self.text(lang, f"help.text.{name}"))
        raise KeyError(help_id)

    # --- the narrator's script ---------------------------------------------------------------------------

    def narration(self, state: AjoState, event: Event, lang: str) -> list[str]:
        """The rounds, nightfall, the night's cards shown and what they did, accusations, deaths and the end;
        not each draw, equipment, discard or card used."""
        return [self.event_text(state, event, lang)] if event.kind in NARRATED else []
