"""The Werewolf family as registered games: one rules module, one instance per theme."""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Hashable, Mapping
from typing import Any, NamedTuple

from velada.core.bots import BotFactory
from velada.core.game import Answers, CardHelp, Game, GameInfo, PromptKind, Redeal
from velada.core.i18n import Catalog
from velada.core.options import ChoiceOption, GameOption, IntOption, SetOption
from velada.core.protocol import CALL, PUBLIC, Event, Prompt, Viewer
from velada.core.view import CardCountView
from velada.games.hombres_lobo import flow
from velada.games.hombres_lobo.bots import HeuristicBot, MafiaBot
from velada.games.hombres_lobo.ending import LOVERS, VILLAGE, WOLVES
from velada.games.hombres_lobo.preparation import CARD_OPTIONS
from velada.games.hombres_lobo.setup import SPARE_KEY, box_warnings, build_cards, deal_cards, explicit_deal
from velada.games.hombres_lobo.state import Settings, WerewolfState, fact
from velada.games.hombres_lobo.theme import CUPID, SPECIALS, THIEF, WITCH, Theme, load_theme
from velada.games.hombres_lobo.view import WerewolfPlayerView, WerewolfView, WerewolfYouView

#: Every decision of the rules, in the order ``velada actions`` documents them; the theme names each kind.
DECISIONS = (
    "thief",
    "cupid",
    "seer",
    "wolves",
    "little_girl",
    "witch_life",
    "witch_death",
    "hunter",
    "election",
    "vote",
    "runoff",
    "revote",
    "tiebreak",
    "successor",
)
#: Decisions whose pending players everybody may know (a vote, a dead Cazador). Night calls stay secret.
PUBLIC_DECISIONS = frozenset({"hunter", "election", "vote", "runoff", "revote", "tiebreak", "successor"})

#: The public events the narrator speaks (the script); votes, private events and the "you" lines are not.
NARRATED = frozenset(
    {
        CALL,
        "noche",
        "dia",
        "muerte",
        "sin-muertes",
        "sin-disparo",
        "sucesor",
        "empate",
        "sorteo",
        "sorteo-candidatos",
        "candidatos",
        "eleccion-alguacil",
        "alguacil",
        "sin-alguacil",
        "sin-linchamiento",
        "desempate",
        "fin",
    }
)

MIN_PLAYERS, MAX_PLAYERS = 5, 18
BOOK_PLAYERS = (8, 18)


def build_options(theme: Theme) -> tuple[GameOption, ...]:
    """The table's options. Keys that carry a role's or the office's name use the theme's words."""
    key = theme.option_keys
    return (
        ChoiceOption(key["wolves"], "auto", ("auto", "1", "2", "3", "4", "5", "6")),
        SetOption("especiales", "auto", tuple(theme.role[p] for p in SPECIALS), auto=True),
        ChoiceOption(key["thief_variant"], "intercambio", ("intercambio", "rotacion")),
        ChoiceOption(key["sheriff"], "preparacion", ("preparacion", "dia-1", "dia-2", "dia-3", "no")),
        ChoiceOption(key["sheriff_power"], "ambos", ("ambos", "voto-doble", "desempate")),
        ChoiceOption("voto", "simple", ("simple", "dos-rondas")),
        ChoiceOption("empate", "nadie", ("nadie", "revotacion", "azar")),
        ChoiceOption("victoria", "ultimo", ("ultimo", "penultimo")),
        IntOption(key["little_girl_risk"], 25, 0, 100),
        IntOption(key["wolf_rounds"], 3, 1, 5),
        IntOption("limite-dias", 60, 1, 500),
    )


#: Option keys that are the same in every theme, by rule name.
_NEUTRAL_KEYS = {
    "especiales": "specials",
    "voto": "vote",
    "empate": "tie",
    "victoria": "victory",
    "limite-dias": "day_limit",
}


@functools.lru_cache(maxsize=64)
def _settings(*values: Any) -> Settings:
    """The table's ``Settings``, one object shared by the games with the same options (it is frozen): a frozen
    dataclass sets each of its nine fields through ``object.__setattr__``, a cost every simulated game paid."""
    return Settings(*values)


@functools.lru_cache(maxsize=64)
def _seating(players: tuple[str, ...]) -> tuple[dict[str, int], tuple[frozenset[str], ...]]:
    """Each player's seat, and each seat's own audience (its player alone), once per table of players: a game
    copies the first (a dict of its state) and shares the frozen audiences."""
    return {p: i for i, p in enumerate(players)}, tuple([frozenset((player,)) for player in players])


class SharedView(NamedTuple):
    """What every view of one state holds the same (``WerewolfGame.shared_view``): the cards in play (the
    composition the narrator prepares in front of everybody) and the phase's text; and the players' entries
    built so far, by seat and what the viewer is shown of it (its card, whether it is a lover): most viewers see
    a seat alike, and their views share one dict for it (the 13 views of a 12-seat table held 156 entries)."""

    cards: list[CardCountView]
    phase: str
    players: dict[tuple[int, str | None, bool | None], WerewolfPlayerView]


class WerewolfGame(Game[WerewolfState]):
    """Los Hombres Lobo de Castronegro and Gauekos: the same rules under two themes."""

    def __init__(self, theme_name: str) -> None:
        self.theme = theme = load_theme(theme_name)
        self.info = GameInfo(
            id=theme.game,
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            recommended=BOOK_PLAYERS,
            sides=(theme.sides[VILLAGE], theme.sides[WOLVES], theme.sides[LOVERS]),
        )
        self.options = build_options(theme)
        self.prompt_kinds = tuple(PromptKind(theme.kinds[d], public=d in PUBLIC_DECISIONS, doc=d) for d in DECISIONS)
        self.catalog = Catalog.load(__package__).merged(Catalog.load(__package__, "help"))
        self._decision = {kind: decision for decision, kind in theme.kinds.items()}
        self._option_rule = {v: k for k, v in theme.option_keys.items()} | _NEUTRAL_KEYS

    @property
    def bots(self) -> dict[str, BotFactory]:
        theme = self.theme
        return {
            **super().bots,
            "heuristico": lambda player, seed: HeuristicBot(theme, player, seed),
            "mafia": lambda player, seed: MafiaBot(theme, player, seed),
        }

    # --- texts ------------------------------------------------------------------------------------------

    def text(self, lang: str, key: str, **params: Any) -> str:
        names = self.theme.names.get(lang) or self.theme.names["es"]
        return self.catalog.text(lang, key, **{**names, **params})

    def name(self, lang: str, key: str) -> str:
        """A name the theme gives (``narrator``, ``sheriff``, ``seer``…), in ``lang``."""
        return (self.theme.names.get(lang) or self.theme.names["es"])[key]

    def title(self, lang: str) -> str:
        return self.name(lang, "title")

    def description(self, lang: str) -> str:
        return self.name(lang, "description")

    def option_help(self, key: str, lang: str) -> str:
        return self.text(lang, f"option-help.{self._option_rule.get(key, key)}")

    def option_rule(self, key: str) -> str:
        return self._option_rule.get(key, key)

    def option_value_label(self, key: str, value: str, lang: str) -> str:
        if key == "especiales" and value in self.theme.roles:
            return self.role_name(value, lang)
        return super().option_value_label(key, value, lang)

    def presets(self) -> dict[int, dict[str, str]]:
        """For each table size, the composition the rulebook suggests (what ``auto`` deals): its number of
        {wolves} and its special characters, written out so the host sees and can change them."""
        key = self.theme.option_keys
        table: dict[int, dict[str, str]] = {}
        defaults = {spec.key: spec.parse(spec.default) for spec in self.options}
        for players in range(self.info.min_players, self.info.max_players + 1):
            cards = self.cards(players, defaults)
            wolves = sum(1 for c in cards if self.theme.roles[c] == "wolf")
            specials = [r for r in (self.theme.role[p] for p in SPECIALS) if r in cards]
            table[players] = {key["wolves"]: str(wolves), "especiales": ",".join(specials) or "ninguno"}
        return table

    def role_name(self, role: str, lang: str) -> str:
        return self.theme.role_name(role, lang)

    # --- setup ------------------------------------------------------------------------------------------

    def settings(self, options: Mapping[str, Any]) -> Settings:
        key = self.theme.option_keys
        # In the order of Settings' fields.
        return _settings(
            options[key["wolf_rounds"]],
            options[key["little_girl_risk"]],
            options[key["thief_variant"]],
            options[key["sheriff"]],
            options[key["sheriff_power"]],
            options["voto"],
            options["empate"],
            options["victoria"],
            options["limite-dias"],
        )

    def cards(self, players: int, options: Mapping[str, Any]) -> list[str]:
        """The cards a table of ``players`` plays with under ``options``."""
        key = self.theme.option_keys
        return build_cards(
            self.theme, players, options[key["wolves"]], options["especiales"], options[key["thief_variant"]]
        )

    @functools.lru_cache(maxsize=64)  # noqa: B019 (the two games live as long as the process)
    def _deck(
        self, players: int, wolves: str, specials: tuple[str, ...] | str, thief_variant: str
    ) -> tuple[tuple[str, ...], frozenset[str]]:
        """The cards of a table (:meth:`cards`, before shuffling) and the powers they carry, worked out once per
        size and options rather than at every game: the same table deals the same cards in another order."""
        theme = self.theme
        cards = build_cards(theme, players, wolves, specials, thief_variant)
        return tuple(cards), frozenset([theme.roles[card] for card in cards])

    def setup(
        self, players: tuple[str, ...], options: Mapping[str, Any], rng: random.Random, deal: Mapping[str, Any] | None
    ) -> WerewolfState:
        settings = self.settings(options)
        theme = self.theme
        if deal is not None:
            roles, spare = explicit_deal(theme, players, deal, settings.thief_variant)
            in_game = frozenset([theme.roles[role] for role in (*roles, *spare)])
        else:
            key = theme.option_keys
            cards, in_game = self._deck(
                len(players), options[key["wolves"]], options["especiales"], options[key["thief_variant"]]
            )
            roles, spare = deal_cards(theme, players, list(cards), rng)
        n = len(players)
        index, alone = _seating(players)
        s = WerewolfState(
            players=players,
            rng=rng,
            settings=settings,
            index=dict(index),
            roles=roles,
            powers=[theme.roles[r] for r in roles],
            spare=spare,
            alive=[True] * n,
            known=[{} for _ in range(n)],
            alone=list(alone),
            powers_in_game=in_game,
        )
        s.find_holders()
        emit = s.emit_data
        for i, role in enumerate(roles):
            emit("carta", alone[i], fact("role", role))
        s.agenda.extend(flow.preparation_turn(s))
        flow.advance(theme, s)
        return s

    def warnings(self, players: tuple[str, ...], options: Mapping[str, Any], lang: str) -> list[str]:
        notes = []
        low, high = BOOK_PLAYERS
        if not low <= len(players) <= high:
            notes.append(self.text(lang, "warning.table", low=low, high=high, players=len(players)))
        for role, needed, in_box in box_warnings(self.theme, self.cards(len(players), options)):
            notes.append(self.text(lang, "warning.box", role=self.role_name(role, lang), needed=needed, in_box=in_box))
        return notes

    def resolve(self, state: WerewolfState, answers: Answers) -> None:
        flow.resolve(self.theme, state, answers)

    # --- what a viewer may see ------------------------------------------------------------------------

    def visible_role(self, s: WerewolfState, viewer: Viewer, seat: int) -> str | None:
        """The card at ``seat`` if ``viewer`` may know it: their own, a dead player's (deaths reveal the card),
        one they saw or were told at night, and every card once the game is over; the narrator knows all."""
        if viewer is None or s.result is not None or not s.alive[seat]:
            return s.roles[seat]
        me = s.index.get(viewer)
        if me is None:
            return None
        if me == seat:
            return s.roles[seat]
        return s.known[me].get(seat)

    def shuffle_hidden(self, state: WerewolfState, viewer: Viewer, rng: random.Random) -> WerewolfState:
        """Deal again, among their holders, the cards ``viewer`` may not know (and the spare cards, unless
        ``viewer`` is the Ladrón who saw them). Each card keeps the power it carries now."""
        s = copy.deepcopy(state)
        hidden = [seat for seat in range(len(s.players)) if self.visible_role(state, viewer, seat) is None]
        cards = [(s.roles[seat], s.powers[seat]) for seat in hidden]
        thief_saw_spare = any(e.kind == "sobrantes" and e.visible_to(viewer) for e in state.log)
        spare = [] if viewer is None or thief_saw_spare else list(s.spare)
        pool = cards + [(card, "") for card in spare]
        rng.shuffle(pool)
        for seat, (role, power) in zip(hidden, pool, strict=False):
            s.roles[seat] = role
            s.powers[seat] = power or self.theme.roles[role]
        if spare:
            s.spare = [role for role, _ in pool[len(hidden) :]]
        s.pack_of = None  # the wolves are others now: tonight's pack is read again
        s.find_holders()  # and so may be the Vidente, the Bruja...: each card's power wakes its new holder
        return s

    # --- noninterference: the places of the deal are the seats and the spare cards ("sobrante", k) ---------

    def deal_of(self, state: WerewolfState) -> dict[str, Any]:
        deal: dict[str, Any] = dict(zip(state.players, state.roles, strict=True))
        if state.spare:
            deal[SPARE_KEY] = list(state.spare)
        return deal

    @staticmethod
    def origins(s: WerewolfState) -> list[Hashable]:
        """The place of the deal each seat's card comes from: its own, unless the Ladrón moved it."""
        n = len(s.players)
        move = s.thief_move
        if move and move[0] == "rotacion":
            return [(seat - move[1]) % n for seat in range(n)]
        origin: list[Hashable] = list(range(n))
        if move:
            origin[move[1]] = ("sobrante", move[2])
        return origin

    def knowledge(self, state: WerewolfState, viewer: Viewer) -> set[Hashable]:
        """The places whose card ``viewer`` knows: the cards they see now (their own, the dead's, those seen or
        told at night), the card they were dealt, and the spare cards the Ladrón is shown."""
        s = state
        origin = self.origins(s)
        known: set[Hashable] = {origin[seat] for seat in range(len(s.players)) if not s.alive[seat]}
        me = s.index.get(viewer) if viewer is not None else None
        if me is not None:
            known |= {me, origin[me], *(origin[seat] for seat in s.known[me])}
            thief = s.thief_move[1] if s.thief_move and s.thief_move[0] == "cambio" else s.holder.get(THIEF)
            if thief == me and s.settings.thief_variant == "intercambio":
                known |= {("sobrante", k) for k in range(len(s.spare))}
        return known

    def redeal(self, start: WerewolfState, keep: frozenset[Hashable], viewer: Viewer, rng: random.Random) -> Redeal:
        places: list[Hashable] = [*range(len(start.players)), *(("sobrante", k) for k in range(len(start.spare)))]
        cards = [*start.roles, *start.spare]
        free = [i for i, place in enumerate(places) if place not in keep]
        order = list(free)
        rng.shuffle(order)
        dealt = list(cards)
        moved: dict[str, str] = {}
        for to, source in zip(free, order, strict=True):
            dealt[to] = cards[source]
            if to < len(start.players) and source < len(start.players):
                moved[start.players[source]] = start.players[to]
        n = len(start.players)
        deal: dict[str, Any] = dict(zip(start.players, dealt[:n], strict=True))
        if start.spare:
            deal[SPARE_KEY] = dealt[n:]
        return Redeal(deal, moved)

    def channels(self, state: WerewolfState) -> list:
        from velada.games.hombres_lobo import talk

        return talk.channels(self.theme, state)

    def talk_params(self, lang: str) -> dict[str, str]:
        from velada.games.hombres_lobo import talk

        return talk.params(self.theme, lang)

    def knows_lovers(self, s: WerewolfState, viewer: Viewer) -> bool:
        if s.lovers is None:
            return False
        if viewer is None or s.result is not None:
            return True
        me = s.index.get(viewer)
        return me is not None and (me in s.lovers or me == s.cupid)

    def shared_view(self, state: WerewolfState, lang: str) -> SharedView:
        """What every viewer's view holds the same, the narrator's too: the cards in play, the phase's text."""
        s = state
        return SharedView(self._cards_in_play(s, lang), self.text(lang, f"phase.{s.phase}", n=s.day), {})

    def view(self, state: WerewolfState, viewer: Viewer, lang: str, shared: Any = None) -> WerewolfView:
        s = state
        common: SharedView = shared if shared is not None else self.shared_view(s, lang)
        names = self.theme.names.get(lang) or self.theme.names["es"]
        # The lovers, for a viewer who knows who they are.
        lovers = s.lovers if self.knows_lovers(s, viewer) else None
        players: list[WerewolfPlayerView] = []
        pooled = common.players
        for seat, player in enumerate(s.players):
            role = self.visible_role(s, viewer, seat)
            # An entry is a function of the state, its seat, the card shown and whether it is shown a lover.
            key = (seat, role, None if lovers is None else seat in lovers)
            found = pooled.get(key)
            if found is not None:
                players.append(found)
                continue
            entry: WerewolfPlayerView = {
                "id": player,
                "name": player,
                "alive": s.alive[seat],
                # How the table was told they died: a lover's grief is public, a night death's cause is not.
                "death": s.death.get(seat),
                "role": role,
                "role_name": self.role_name(role, lang) if role else None,
                "sheriff": s.sheriff == seat,
                "badges": [names["sheriff"]] if s.sheriff == seat else [],
            }
            if lovers is not None:
                entry["lover"] = seat in lovers
                if entry["lover"]:
                    entry["badges"].append(names["lovers"])
            players.append(entry)
            pooled[key] = entry
        view: WerewolfView = {
            "narrator": names["narrator"],
            # The same list in every view of this state: the composition is every viewer's.
            "cards": common.cards,
            "phase": {"id": s.phase, "day": s.day, "text": common.phase},
            "players": players,
        }
        me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
        if me is not None:
            view["you"] = self._you(s, me, lang)
        if viewer is None:
            view["secrets"] = {
                "spare": list(s.spare),
                "lovers": list(s.ids(s.lovers)) if s.lovers else None,
                "potions": {"life": s.life_potion, "death": s.death_potion},
                "victim": s.players[s.victim] if s.victim is not None else None,
            }
        return view

    def _cards_in_play(self, s: WerewolfState, lang: str) -> list[CardCountView]:
        """The composition: every card in the game, the spare ones included. The table knows it, as the
        narrator prepares the deck in front of everybody; who holds which card is the secret."""
        counts: dict[str, int] = {}
        for role in [*s.roles, *s.spare]:
            counts[role] = counts.get(role, 0) + 1
        order = list(self.theme.roles)
        return [
            {"role": role, "name": self.role_name(role, lang), "count": counts[role]}
            for role in sorted(counts, key=order.index)
        ]

    def _you(self, s: WerewolfState, me: int, lang: str) -> WerewolfYouView:
        role = s.roles[me]
        notes = []
        if not s.alive[me]:
            notes.append(self.text(lang, "you.dead"))
        if s.lovers is not None and me in s.lovers:
            partner = s.lovers[1] if s.lovers[0] == me else s.lovers[0]
            notes.append(self.text(lang, "you.lover", player=s.players[partner]))
        if s.sheriff == me:
            notes.append(self.text(lang, "you.sheriff"))
        you: WerewolfYouView = {
            "id": s.players[me],
            "role": role,
            "role_name": self.role_name(role, lang),
            "alive": s.alive[me],
        }
        if self.theme.roles[role] == WITCH:
            potions = (("life_potion", s.life_potion), ("death_potion", s.death_potion))
            left = [self.name(lang, k) for k, has in potions if has]
            you["potions"] = {"life": s.life_potion, "death": s.death_potion}
            notes.append(
                self.text(lang, "you.potions", potions=", ".join(left)) if left else self.text(lang, "you.no-potions")
            )
        you["notes"] = notes
        return you

    # --- prompt and event texts ------------------------------------------------------------------------

    def prompt_text(self, state: WerewolfState, prompt: Prompt, lang: str) -> str:
        decision = self._decision[prompt.kind]
        args = prompt.args or {}
        if decision == "thief":
            if prompt.options == CARD_OPTIONS:
                cards = (
                    " y ".join(self.role_name(r, lang) for r in args["cards"])
                    if lang == "es"
                    else " and ".join(self.role_name(r, lang) for r in args["cards"])
                )
                key = "prompt.thief" if prompt.skippable else "prompt.thief_forced"
                return self.text(lang, key, cards=cards)
            return self.text(lang, "prompt.thief_rotate")
        if decision == "wolves" and args.get("round", 1) > 1:
            return self.text(lang, "prompt.wolves_again", round=args["round"] - 1)
        return self.text(lang, f"prompt.{decision}", victim=args.get("victim", ""))

    def option_label(self, state: WerewolfState, prompt: Prompt, option: str, lang: str) -> str:
        if option in state.index:
            return option
        if option in CARD_OPTIONS:
            role = (prompt.args or {})["cards"][CARD_OPTIONS.index(option)]
            return self.text(lang, "option.carta", role=self.role_name(role, lang))
        return self.text(lang, f"option.{option}", victim=(prompt.args or {}).get("victim", ""))

    def _names(self, names: list[str], lang: str) -> str:
        """Players named in a sentence: "Ana, Bea y Carlos"; Spanish says "e" before an i sound ("Amaia e Iker",
        "Eva e Hilario", but "y Hielo"): the catalogue's ``event.lista-e``."""
        if len(names) < 2:
            return ", ".join(names)
        sound = names[-1].lower()
        i_sound = sound[:1] in "ií" or (sound[:2] in ("hi", "hí") and sound[2:3] not in ("a", "e"))
        return self.text(
            lang, "event.lista-e" if i_sound else "event.lista", rest=", ".join(names[:-1]), last=names[-1]
        )

    def event_text(self, state: WerewolfState, event: Event, lang: str) -> str:
        data = event.data
        params: dict[str, Any] = {}
        for name, value in data.items():
            if name == "role":
                params[name] = self.role_name(value, lang)
            elif name in ("players", "winners"):
                params[name] = self._names(value, lang)
            elif name == "roles":
                if isinstance(value, dict):
                    params[name] = ", ".join(f"{p}: {self.role_name(r, lang)}" for p, r in value.items())
                else:
                    params[name] = ", ".join(self.role_name(r, lang) for r in value)
            elif name == "votes":
                abstains = self.text(lang, "event.abstencion")
                params[name] = ", ".join(f"{p} → {t}" if t else f"{p} {abstains}" for p, t in value.items()) or "—"
            elif name == "cause":
                params[name] = self.text(lang, f"cause.{value}")
            elif name == "decision":
                params[name] = self.text(lang, f"decision.{value}")
            elif name == "direction":
                params[name] = self.text(lang, f"direction.{value}")
            else:
                params[name] = value
        kind = event.kind
        if kind == CALL:
            return self.text(lang, f"call.{data['call']}")
        if kind == "muerte":
            kind = f"muerte-{data['cause']}"
        elif kind == "sin-linchamiento":
            kind = f"sin-linchamiento-{data['reason']}"
        elif kind == "fin":
            params["text"] = self.text(lang, f"result.{data['reason']}")
        return self.text(lang, f"event.{kind}", **params)

    # --- card help -----------------------------------------------------------------------------------------

    def help_ids(self, state: WerewolfState, viewer: Viewer) -> list[str]:
        """The viewer's own card first, then every card in the game (the composition is public), the office
        of {sheriff} and the lovers when the game has them."""
        s = state
        order = list(self.theme.roles)
        roles = sorted(set(s.roles) | set(s.spare), key=order.index)
        me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
        if me is not None:
            roles.remove(s.roles[me])
            roles.insert(0, s.roles[me])
        ids = [f"rol:{role}" for role in roles]
        if s.settings.sheriff != "no":
            ids.append("extra:sheriff")
        if self.theme.role[CUPID] in roles:
            ids.append("extra:lovers")
        return ids

    def all_help_ids(self) -> list[str]:
        return [f"rol:{role}" for role in self.theme.roles] + ["extra:sheriff", "extra:lovers"]

    def card_help(self, help_id: str, lang: str) -> CardHelp:
        kind, _, name = help_id.partition(":")
        if kind == "rol" and name in self.theme.roles:
            rule = self.text(lang, f"help.power.{self.theme.roles[name]}")
            return CardHelp(help_id, self.role_name(name, lang), rule)
        if kind == "extra" and name in ("sheriff", "lovers"):
            return CardHelp(help_id, self.text(lang, f"help.extra.{name}-title"), self.text(lang, f"help.extra.{name}"))
        raise KeyError(help_id)

    # --- the narrator's script ---------------------------------------------------------------------------

    def narration(self, state: WerewolfState, event: Event, lang: str) -> list[str]:
        """Nightfall and dawn, each call's wake-up line, the deaths with the card each dead player held, the
        office's changes and the outcome of each vote, and the end; never a list of votes."""
        if event.kind in NARRATED:
            return [self.event_text(state, event, lang)]
        return []

    def call_end(self, state: WerewolfState, event: Event, lang: str) -> list[str]:
        call = event.data["call"]
        name = f"call-end.{call}"
        return [self.text(lang, name)] if self.catalog.has(lang, name) else []
