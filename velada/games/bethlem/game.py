"""El manicomio de Bethlem as a registered game: options, prompt kinds, setup, views and texts."""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Mapping
from typing import Any

from velada.core.bots import BotFactory
from velada.core.game import CardHelp, Game, GameInfo, Nudge, PromptKind, Redeal, fork
from velada.core.i18n import Catalog
from velada.core.options import ChoiceOption, FlagOption, GameOption, IntOption, SetOption
from velada.core.protocol import CALL, PUBLIC, Event, Prompt, Viewer
from velada.games.bethlem import chance, flow, guide, setup_flow, talk, visibility
from velada.games.bethlem.bots import HeuristicBot
from velada.games.bethlem.cards import (
    ALL_EVENTS,
    BOOK_SIDES,
    CARDS,
    CHOOSABLE,
    EVENTS,
    GROUP_OF,
    KIND_OF,
    SIDES,
    TWINS,
)
from velada.games.bethlem.cards import KINDS as CARD_KINDS
from velada.games.bethlem.characters import MAX_SAME
from velada.games.bethlem.common import BORROWED_AWAKE, SUFFIX, card_side
from velada.games.bethlem.ending import objective
from velada.games.bethlem.happenings import start_happenings
from velada.games.bethlem.hooks import HOOKS, hooks_of
from velada.games.bethlem.objectives import check_goals, deal_goals
from velada.games.bethlem.renaming import rename_ids
from velada.games.bethlem.setup import (
    CUSTOM_PLAYERS,
    EVENTS_KEY,
    GOALS_KEY,
    HAPPENINGS_KEY,
    PILES_KEY,
    chance_deal,
    composition,
    explicit_deal,
    mode_for,
    random_deal,
)
from velada.games.bethlem.state import BethlemState, Settings
from velada.games.bethlem.view import BethlemPlayerView, BethlemView, CardView

#: Every kind of prompt, in the order ``velada actions`` documents them, and whether everybody may know who
#: still has to answer (the lynching, arranging the cards) or not (everything that would betray a card).
KINDS = (
    ("bando", True),
    ("elegir-carta", True),
    ("colocar", True),
    ("ali-la-muda-turno", False),
    ("pacto-de-sangre", False),
    ("pacto-richard", False),
    ("modo", False),
    ("evento-noche", False),
    ("melancolia", False),
    ("director", False),
    ("larry-owls", False),
    ("el-archivo", False),
    ("mary-firth", False),
    ("mary-firth-despertar", False),
    ("mary-firth-suplantar", False),
    ("la-parca", False),
    ("la-parca-muerte", False),
    ("la-parca-despertar", False),
    ("la-parca-mover", False),
    ("john-flick", False),
    ("profeta", False),
    ("profeta-2", False),
    ("muerte-dulce", False),
    ("arthur", False),
    ("amotinados", False),
    ("ali-la-muda", False),
    ("nathaniel-despertar", False),
    ("director-amotinado", False),
    ("amotinados-2", False),
    ("daniel-despertar", False),
    ("terapia-electroshock", False),
    ("terapia-opio-y-barbituricos", False),
    ("terapia-lobotomia", False),
    ("el-cataleptico", False),
    ("juego-de-azar", False),
    ("juego-de-azar-ficha", False),
    ("paciencia", False),
    ("neuroticismo", False),
    ("neuroticismo-voto", False),
    ("ansiedad-social", False),
    ("ansiedad-social-pregunta", False),
    ("ansiedad-social-respuesta", False),
    ("cirujano-brian-crowther", False),
    ("cambio-de-habitacion", False),
    ("cambio-de-habitacion-cartas", False),
    ("leproso", False),
    ("terapia-de-hipnosis", False),
    ("terapia-de-hipnosis-poder", False),
    ("celda-de-aislamiento", False),
    ("wakerfield", False),
    ("mania-persecutoria", False),
    ("juego-de-azar-apuesta", False),
    ("indulto", False),
    ("companeros-despertar", False),
    ("ali-la-muda-voto", False),
    ("muerte-dulce-despertar", False),
    ("hostilidad", True),
    ("evento-dia", False),
    ("provocaste-al-barbero", False),
    ("confesion", False),
    ("milagrero", False),
    ("despertar", False),
    ("sindrome-de-nostradamus", False),
    ("nostradamus-condicion", False),
    ("nostradamus-consecuencia", False),
    ("nostradamus-destino", False),
    ("amnesia", False),
    ("amnesia-jugador", True),
    ("linchamiento", True),
    ("linchamiento-carta", True),
    ("reemplazo", True),
    ("pregunta-al-narrador", False),
    ("respuesta-del-narrador", False),
    # The custom-cards mode (sections 13–15).
    ("traidor", False),
    ("inquisidor", False),
    ("inquisidor-siamesas", False),
    ("inquisidor-celda", False),
    ("inquisidor-pacto", False),
    ("inquisidor-objetivo", False),
    ("gas-de-la-risa", False),
    ("gas-de-la-risa-ataque", False),
    ("la-alquimista", False),
    ("la-alquimista-revivir", False),
    ("el-arquitecto-escondite", False),
    ("el-arquitecto", False),
    ("el-arquitecto-despertar", False),
    ("la-ludopata", False),
    ("la-ludopata-jugador", False),
    ("la-ludopata-grupo", False),
    ("la-ludopata-carta", False),
    ("la-ludopata-premio", False),
    ("la-ludopata-matar", False),
    ("la-ludopata-ver", False),
    ("la-ludopata-despertar", False),
    ("la-chef-brocoli", False),
    ("la-chef-brocoli-carta", False),
    ("la-chef-reparto", False),
    ("la-chef-reparto-carta", False),
    ("la-chef", False),
    ("la-chef-mover", True),
    ("la-chef-revivir", False),
    ("visita-al-psiquiatra", False),
    ("la-caja-de-pandora", False),
    ("recuerdos-traumaticos", False),
    ("acontecimiento", False),
    ("dia-de-visitas", True),
    ("todos-para-uno", True),
    ("investigacion-policial", True),
    ("cuerpo-de-espionaje", True),
    ("jugada-arriesgada", True),
    # --- custom: El Cyborg ---
    ("el-cyborg", False),
    ("el-cyborg-ver", False),
    ("el-cyborg-matar", False),
    ("el-cyborg-revivir", False),
    ("el-cyborg-robot", False),
    ("el-cyborg-cambio", True),
    # --- custom: La Maestra Vudú ---
    ("la-maestra-vudu", False),
    ("la-maestra-vudu-anunciar", False),
    ("la-maestra-vudu-muerte", False),
    ("la-maestra-vudu-acusacion", False),
    ("la-maestra-vudu-parca", False),
    ("la-maestra-vudu-melancolia", False),
    ("la-maestra-vudu-maldicion", False),
    # --- custom: El Otaku ---
    ("el-otaku", False),
    ("el-otaku-ver", False),
    ("el-otaku-ofensivo", False),
    ("el-otaku-defensivo", False),
    ("el-otaku-observacion", False),
    # --- custom: La Médico ---
    ("la-medico", False),
    ("la-medico-poder", False),
    ("la-medico-carro", False),
    ("la-medico-coma", False),
    ("la-medico-virus", False),
    ("la-medico-carga", False),
    ("la-medico-contagio", False),
    ("la-medico-brote", False),
    ("la-medico-brote-modo", False),
    ("la-medico-brote-carta", False),
    # --- custom: La Médium ---
    ("la-medium", False),
    ("la-medium-objetivo", False),
    ("la-medium-despertar", False),
    ("la-medium-fisico", False),
    # --- custom: El Saltamundos ---
    ("el-saltamundos-mundo", False),
    ("el-saltamundos-robar", False),
    ("el-saltamundos-elegir", False),
    ("el-saltamundos-descartar", False),
    ("el-saltamundos", False),
    ("el-saltamundos-matar", False),
    ("el-saltamundos-cobertura", False),
    ("el-saltamundos-ver", False),
    ("el-saltamundos-ver-objetivo", False),
    ("el-saltamundos-revivir", False),
    ("el-saltamundos-calabozo", False),
    ("el-saltamundos-mecha", False),
    ("el-saltamundos-robar-evento", False),
    ("el-saltamundos-personaje", False),
    ("el-saltamundos-vigilar", False),
    ("el-saltamundos-cubrirse", False),
    ("frontera-recompensa", False),
    # --- custom: El Relojero ---
    ("el-relojero", False),
    ("el-relojero-ver", False),
    ("el-relojero-matar", False),
    ("el-relojero-modificador", False),
    ("el-relojero-quitar", False),
    ("el-relojero-mover", False),
    ("el-relojero-destino", False),
    ("el-relojero-detener", False),
    ("el-relojero-futuro", False),
    ("el-relojero-pasado", False),
)

#: Hidden decisions whose answers are announced, or shown to everybody at once: which card a power marks or
#: swaps, the side of the gambling token, the events played, the acontecimientos, the custom characters' choices
#: read aloud… (found by playing: a public event of the same resolution names the answer or its player).
ANNOUNCED = frozenset(
    {
        "juego-de-azar",
        "juego-de-azar-ficha",
        "juego-de-azar-apuesta",
        "modo",
        "paciencia",
        "melancolia",
        "director",
        "la-parca",
        "wakerfield",
        "larry-owls",
        "profeta",
        "profeta-2",
        "mania-persecutoria",
        "ansiedad-social-respuesta",
        "amnesia",
        "nostradamus-destino",
        "despertar",
        "daniel-despertar",
        "companeros-despertar",
        "terapia-lobotomia",
        "terapia-de-hipnosis-poder",
        "indulto",
        "cirujano-brian-crowther",
        "milagrero",
        "provocaste-al-barbero",
        "celda-de-aislamiento",
        "confesion",
        "leproso",
        "la-caja-de-pandora",
        "recuerdos-traumaticos",
        "cambio-de-habitacion-cartas",
        "visita-al-psiquiatra",
        "acontecimiento",
        # Whom awakened Ali silences is told to everybody ('sin-voto').
        "ali-la-muda-voto",
        "inquisidor",
        "inquisidor-siamesas",
        "inquisidor-celda",
        "inquisidor-pacto",
        "inquisidor-objetivo",
        "la-chef-brocoli-carta",
        "la-chef-reparto-carta",
        "la-chef-revivir",
        "gas-de-la-risa",
        "el-arquitecto",
        "el-saltamundos-mundo",
        "el-saltamundos-calabozo",
        "la-alquimista",
        "la-alquimista-revivir",
        "la-medium",
        "la-medium-despertar",
        "la-medium-fisico",
        "la-maestra-vudu-maldicion",
        "la-maestra-vudu-acusacion",
        "la-maestra-vudu-muerte",
        "la-maestra-vudu-melancolia",
        "la-maestra-vudu-anunciar",
        "la-medico-carga",
        "la-medico-contagio",
        "la-medico-virus",
        "la-medico-coma",
        # The outbreak is announced with its player and the viruses left (which tells the mode), once its card is
        # chosen.
        "la-medico-brote",
        "la-medico-brote-modo",
        "la-medico-brote-carta",
        "el-relojero-destino",
        "el-relojero-detener",
        "el-relojero-pasado",
        "el-cyborg-robot",
        # Told to whoever they touch: the Otaku's shield turns an attack or an accusation aside, and its attacker is
        # told on which card it fell; Nostradamus' condition is read aloud.
        "el-otaku",
        "el-otaku-ofensivo",
        "el-otaku-defensivo",
        "sindrome-de-nostradamus",
        "nostradamus-condicion",
    }
)
#: Hidden decisions announced with their player's name ("p1 uses Amnesia", an event card played, the Inquisidor's
#: claim, Wakerfield's exchange…): the noninterference check has them taken by the same player in both worlds.
PUBLIC_DECIDERS = frozenset({kind for kind, public in KINDS if public}) | frozenset(
    {
        "evento-noche",
        "evento-dia",
        "amnesia",
        "mania-persecutoria",
        "nostradamus-destino",
        "sindrome-de-nostradamus",
        "cirujano-brian-crowther",
        "milagrero",
        "provocaste-al-barbero",
        "celda-de-aislamiento",
        "confesion",
        "leproso",
        "la-caja-de-pandora",
        "terapia-de-hipnosis",
        "terapia-de-hipnosis-poder",
        "recuerdos-traumaticos",
        "cambio-de-habitacion",
        "cambio-de-habitacion-cartas",
        "despertar",
        "visita-al-psiquiatra",
        "indulto",
        "juego-de-azar-apuesta",
        "wakerfield",
        "companeros-despertar",
        "inquisidor",
        "inquisidor-siamesas",
        "inquisidor-celda",
        "inquisidor-pacto",
        "inquisidor-objetivo",
        "la-chef-brocoli-carta",
        "la-chef-revivir",
        "la-alquimista",
        "la-alquimista-revivir",
        "la-medium-despertar",
        "la-maestra-vudu-anunciar",
        "la-maestra-vudu-muerte",
        "el-relojero-pasado",
        "el-cyborg-robot",
    }
)
#: Hidden decisions told to somebody who neither takes them nor is named in the answer: the puppet is told the
#: vote the Neuroticismo orders (the vote's target is named, the puppet is not); a vudú curse moves an accusation
#: and its accuser is told; La ludópata's bets are settled before the whole table; Mary Firth's unmasking is
#: announced, and so is El archivo's use once awakened; the holder of the card El Arquitecto wakes with is told;
#: the other mutineers see Nathaniel's awakened attack; the narrator's reply (Cuentacuentos) is told to whoever
#: asked. El Saltamundos awakened keeps one of two cards and puts the other under his deck, whose cards are La
#: frontera's rewards when that is his world: whoever is rewarded later draws what his choices left.
TOLD_TO_OTHERS = frozenset(
    {
        "el-saltamundos-elegir",
        "respuesta-del-narrador",
        "el-archivo",
        "nathaniel-despertar",
        "neuroticismo-voto",
        "la-maestra-vudu",
        "la-ludopata",
        "la-ludopata-grupo",
        "mary-firth-despertar",
        "el-arquitecto-despertar",
    }
)
#: Decisions whose answers nobody is told but their player and the players the answer names (a player, a card of
#: theirs), except through what every view shows (a death at dawn): every hidden decision that is neither
#: announced nor taken under its player's name nor told to a third player. The noninterference check may answer
#: them otherwise in its other world, never with an answer naming the viewer (nor one the viewer takes part in).
#: Decisions taken under their player's name whose answer is still secret: Terapia de hipnosis is played before
#: the table, and its power said aloud, but who was hypnotised is not (the check varies the answer, same player).
SECRET_OF_PUBLIC_DECIDERS = frozenset({"terapia-de-hipnosis"})
SECRET_ANSWERS = (
    frozenset(kind for kind, public in KINDS if not public) - ANNOUNCED - PUBLIC_DECIDERS - TOLD_TO_OTHERS
) | SECRET_OF_PUBLIC_DECIDERS
assert not SECRET_ANSWERS & ANNOUNCED and SECRET_ANSWERS & PUBLIC_DECIDERS == SECRET_OF_PUBLIC_DECIDERS

MIN_PLAYERS, MAX_PLAYERS = 2, 7
#: Option ``acontecimientos`` (custom mode, section 13): how often a periodic one comes, or none at all.
HAPPENING_PERIODS = ("cada-dos-rondas", "cada-ronda", "no")
PERIOD = {"cada-ronda": 1, "cada-dos-rondas": 2, "no": 0}
BOOK_PLAYERS = (4, 7)


#: Hidden decisions told later to whoever attacks or accuses the card they chose (El Otaku's shield, La Maestra
#: Vudú's doll): any player may come to know them, the shared screen never.
TOLD_TO_ATTACKERS = frozenset({"el-otaku-defensivo", "la-maestra-vudu"})

#: The Profeta's two decisions (first card, second card), announced with the link they make.
PROPHET_KINDS = frozenset({"profeta", "profeta-2"})


def _archive_awake(s: BethlemState, prompt: Prompt) -> bool:
    """Whether El archivo's use ``prompt`` asks for carries its awakening (``common.awake_power``), read from
    the prompt's id: its own card's awakening, Krugman's when he borrows it, and a lent power's, which the id
    does not tell (counted as awakened, so such a use is never varied); any other borrowing is not awakened."""
    suffix = prompt.id.rsplit("el-archivo", 1)[1]
    seat = s.index[prompt.player]
    if suffix == "":
        return any(s.awake.get(card) for card in s.found("el-archivo") if s.holder(card) == seat)
    if suffix == "-director":
        return any(s.awake.get(card) for card in s.found("krugman"))
    return suffix == SUFFIX[BORROWED_AWAKE]


#: How many pairs of cards :meth:`BethlemGame.nudge_hidden` tries before it gives up.
NUDGE_TRIES = 8


class BethlemGame(Game[BethlemState]):
    """El manicomio de Bethlem: a mutiny in an asylum, with four lives per player."""

    info = GameInfo(
        id="bethlem",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        recommended=BOOK_PLAYERS,
        sides=SIDES,
    )
    options: tuple[GameOption, ...] = (
        SetOption("cartas", "auto", CHOOSABLE, auto=True),
        ChoiceOption("colocacion", "jugadores", ("jugadores", "reparto")),
        FlagOption("eventos", "si"),
        IntOption("limite-rondas", 20, 1, 200),
        IntOption("rondas-amotinados", 3, 1, 5),
        IntOption("ali-riesgo", 25, 0, 100),
        FlagOption("cuentacuentos", "no"),
        ChoiceOption("preguntas-narrador", "una-por-partida", ("una-por-partida", "una-por-noche")),
        ChoiceOption("cards", "normal", ("normal", "custom")),
        ChoiceOption("acontecimientos", "cada-dos-rondas", HAPPENING_PERIODS),
    )
    prompt_kinds = tuple(PromptKind(kind, public=public, doc=kind) for kind, public in KINDS)

    def __init__(self) -> None:
        self.catalog = Catalog.load(__package__).merged(Catalog.load(__package__, "help"))
        #: Card names by language and card: a name is a function of both, and a view names every card it shows.
        self._card_names: dict[str, dict[str, str]] = {}

    @property
    def bots(self) -> dict[str, BotFactory]:
        return {**super().bots, "heuristico": lambda player, seed: HeuristicBot(player, seed)}

    # --- setup ------------------------------------------------------------------------------------------

    def settings(self, players: int, options: Mapping[str, Any]) -> Settings:
        return Settings(
            mode=mode_for(players),
            arrange=options["colocacion"] == "jugadores",
            round_limit=options["limite-rondas"],
            ali_risk=options["ali-riesgo"],
            mutineer_rounds=options["rondas-amotinados"],
            events=options["eventos"],
            storyteller=options["cuentacuentos"],
            questions=options["preguntas-narrador"],
            cards=options["cards"],
            happenings=PERIOD[options["acontecimientos"]] if options["cards"] == "custom" else 0,
        )

    def setup(
        self, players: tuple[str, ...], options: Mapping[str, Any], rng: random.Random, deal: Mapping[str, Any] | None
    ) -> BethlemState:
        n = len(players)
        settings = self.settings(n, options)
        custom = settings.custom
        if custom and settings.mode != "normal":
            low, high = CUSTOM_PLAYERS
            raise ValueError(f"the custom-cards mode is for {low} to {high} players, not {n}")
        rows = personas = goals = None
        written: dict[str, Any] = {}
        if deal is not None and (settings.mode == "normal" or any(p in deal for p in players)):
            rows, personas, deck = explicit_deal(players, deal, custom)
            if custom and GOALS_KEY in deal:
                goals = check_goals(players, deal[GOALS_KEY])
        else:
            if deal is not None:
                # 2 and 3 players: a deal may write only what chance deals, the players' choices doing the rest.
                written = chance_deal(players, deal, settings.mode, settings.arrange)
            dealt = n > 2 and PILES_KEY not in written
            life, personalities = composition(n, options["cartas"], custom, rng) if dealt else ([], [])
            deck = written.get(EVENTS_KEY)
            if settings.mode == "normal":
                rows, personas = random_deal(n, life, personalities, rng)
        if deck is None:
            deck = list(ALL_EVENTS if custom else EVENTS)
            rng.shuffle(deck)
        if not settings.events:
            deck = []
        s = BethlemState(
            players=players,
            rng=rng,
            settings=settings,
            index={p: i for i, p in enumerate(players)},
            board=[[] for _ in range(n)],
            persona=[""] * n,
            persona_public=[False] * n,
            known=[{} for _ in range(n)],
            knows_persona=[{} for _ in range(n)],
            out=[False] * n,
            team=[""] * n,
            hand=[[] for _ in range(n)],
            deck=deck,
        )
        if settings.mode == "dos":
            s.table = 4
        if rows is not None and personas is not None:  # dealt together
            setup_flow.place(s, rows, personas)
            if custom:
                # Section 13: the objective cards are dealt after the life cards.
                deal_goals(s, goals)
                start_happenings(s, deal.get(HAPPENINGS_KEY) if deal is not None else None)
        elif settings.mode == "dos":
            setup_flow.start_draft(s, written)
        else:
            # The lone player of the 3-player mode chooses a side before the deal (section 5).
            setup_flow.start_side(s, life, personalities, written)
        flow.advance(self, s)
        return s

    def warnings(self, players: tuple[str, ...], options: Mapping[str, Any], lang: str) -> list[str]:
        low, high = BOOK_PLAYERS
        if not low <= len(players) <= high:
            return [self.text(lang, "warning.table", players=len(players))]
        return []

    #: A completed group goes straight to the flow's own function, bound here as the method (the game is its first
    #: argument) rather than called by one: a frame less at each of a game's ~120 groups.
    resolve = flow.resolve

    # --- what a viewer may see ------------------------------------------------------------------------

    def visible_card(self, s: BethlemState, me: int | None, narrator: bool, card: str) -> str | None:
        """The card's identity if the viewer may know it (``visibility.card_shown``)."""
        return card if visibility.card_shown(s, me, narrator, card) else None

    def visible_persona(self, s: BethlemState, me: int | None, narrator: bool, seat: int) -> str | None:
        return s.persona[seat] if visibility.persona_shown(s, me, narrator, seat) else None

    def markers(self, s: BethlemState, card: str, narrator: bool) -> list[str]:
        """The markers on a card: the public ones, and for the narrator the secret ones too (``visibility.markers``,
        which works them out for every card at once)."""
        return visibility.markers(s, narrator)[card]

    def shared_view(self, state: BethlemState, lang: str) -> visibility.Shared:
        """What every seat's view and the shared screen's hold the same (``visibility.Shared``)."""
        return visibility.shared(state, self.text(lang, f"phase.{state.phase}", n=state.round))

    def channels(self, state: BethlemState) -> list:
        return talk.channels(state)

    def view(self, state: BethlemState, viewer: Viewer, lang: str, shared: Any = None) -> BethlemView:
        s = state
        narrator = viewer is None
        me = s.index.get(viewer) if viewer not in (None, PUBLIC) else None
        badge_hooks = hooks_of(s).badges
        if narrator:
            # The narrator sees every card and every personality, and the secret markers too: of what the other
            # viewers share, only the phase's text is theirs.
            shown_to_all, personas, markers = None, None, visibility.markers(s, True)
            phase = shared.phase if shared is not None else self.text(lang, f"phase.{s.phase}", n=s.round)
        else:
            common: visibility.Shared = shared if shared is not None else self.shared_view(s, lang)
            shown_to_all, personas, markers, phase = common.shown, common.personas, common.markers, common.phase
        # The cards this viewer may know (None: every card), from those every viewer may know.
        visible = None if shown_to_all is None else visibility.shown_to(s, me, shown_to_all)
        names = self._card_names.setdefault(lang, {})
        used, awake_used = s.used, s.awake_used
        players: list[BethlemPlayerView] = []
        for seat, player in enumerate(s.players):
            cards: list[CardView] = []
            for pos, card in enumerate(s.board[seat]):
                shown = card if visible is None or card in visible else None
                entry: CardView = {
                    "position": pos + 1,
                    "alive": s.alive[card],
                    "card": shown,
                    "name": (names.get(shown) or self.card_name(shown, lang)) if shown else None,
                    # The narrator's own, or a copy: the lists of the shared part are every seat's.
                    "markers": markers[card] if narrator else list(markers[card]),
                }
                if not s.alive[card] and card in s.death_told:
                    # How the table was told it died (a leper's touch, a lynching, or just "at night").
                    entry["cause"] = s.death_told[card]
                if pos >= s.table:
                    entry["reserve"] = True
                if narrator or seat == me:
                    # Its holder knows when a power of their card was spent (El cataléptico gets up by itself
                    # when its card is attacked: that is how its holder learns of the attack).
                    entry["spent"] = (["normal"] if used.get(card) else []) + (
                        ["despertar"] if awake_used.get(card) else []
                    )
                cards.append(entry)
            # visibility.persona_shown, its part the same for every viewer worked out once.
            if personas is None or personas[seat] or (me is not None and (me == seat or s.knows_persona[me].get(seat))):
                persona: str | None = s.persona[seat]
            else:
                persona = None
            players.append(
                {
                    "id": player,
                    "name": player,
                    "in_game": not s.out[seat],
                    # The view contract's "still playing" (velada/core/view.py): out of the game, not alive.
                    "alive": not s.out[seat],
                    "badges": [],
                    "cards": cards,
                    "personality": persona,
                    "personality_name": self.card_name(persona, lang) if persona else None,
                    "events": len(s.hand[seat]),
                    "banned": s.banned == seat,
                }
            )
            if s.settings.mode == "dos" and s.board[seat]:
                # Both players know which cards the other holds (not where).
                players[-1]["cards_held"] = sorted(s.board[seat])
            if badge_hooks:
                badges = [b for hook in badge_hooks for b in hook(s, seat, me, narrator)]
                # The platform's generic player list shows a player's badges (texts).
                players[-1]["badges"] = [self.text(lang, f"badge.{b}") for b in badges]
        view: BethlemView = {
            "phase": {
                "id": s.phase,
                "round": s.round,
                "text": phase,
            },
            "players": players,
            # John Flick's accusations told at dawn, every day's: the marker on the card lasts its day only.
            "accusations": [{"round": r, "target": target} for r, target in s.flick.accusations],
            # The hidden part of each prophecy come true, announced then.
            "prophecies_fulfilled": [
                {"round": r, "player": player, "consequence": consequence, "destiny": destiny}
                for r, player, consequence, destiny in s.nostradamus.fulfilled
            ],
            # Lord Percy's pardons and Gas de la risa's raised hands, told to the table: a pardon names the
            # lynched card's place, the hands who holds the named card.
            "pardons": [{"round": r, "player": player, "target": target} for r, player, target in s.pardons],
            # The player the table was told dies with the blood pact broken (which tells the pact's other half).
            "pact_broken": None if s.blood_pact.broken_for is None else s.players[s.blood_pact.broken_for],
            "hands_raised": [
                {"round": r, "card": kind, "players": list(players)} for r, kind, players in s.hands_raised
            ],
            "deck": len(s.deck),
            "discard": list(s.discard),
            # Which awake powers the narrator announced when they were used: that tells which awakened card is
            # which, so the view keeps it.
            "awakenings_announced": list(s.awakenings_announced),
            # The night the reaper, disobeyed, alone takes a life (announced: it tells whether she is awake).
            "reaper_night": s.reaper.night or None,
            # The last vote's count, as the table saw it.
            "last_tally": None
            if s.last_tally is None
            else {
                "kind": s.last_tally[0],
                "votes": dict(s.last_tally[1]),
                "counts": dict(s.last_tally[2]),
            },
        }
        if me is not None:
            view["you"] = {
                "id": s.players[me],
                "in_game": not s.out[me],
                "personality": s.persona[me],
                "events": list(s.hand[me]),
                "objective": objective(s, me),
                "objective_text": self.text(lang, f"side.{objective(s, me)}"),
                # What El archivo told the viewer: the player, and the positions of their mutineer cards (their
                # principal card's with the awakening or custom cards); none: not a mutineer.
                "archive": [
                    {"player": s.players[target], "positions": list(positions), "principal": principal}
                    for user, target, positions, principal in s.archive.told
                    if user == me
                ],
                # What the narrator told the viewer alone: Historia clínica cards, Ali caught spying.
                "records": [{"record": kind, **told} for user, kind, told in s.records if user == me],
                # What the viewer saw spying as Ali "la muda": who woke in the turn she watched.
                "sightings": [
                    {"turn": turn, "players": list(s.ids(seen))}
                    for watcher, turn, seen in s.ali.sightings
                    if watcher == me
                ],
            }
        if narrator:
            view["secrets"] = {
                "objectives": {s.players[seat]: objective(s, seat) for seat in range(len(s.players))},
                "deck": list(s.deck),
                "pact": [*list(s.ids(s.blood_pact.bound[:2])), s.blood_pact.bound[2]] if s.blood_pact.bound else None,
                "puppet": s.players[s.neuroticism.puppet] if s.neuroticism.puppet is not None else None,
                "hypnosis": [[s.players[seat], power] for seat, power in s.hypnosis],
            }
        views = hooks_of(s).views
        if views:
            # What the custom mode and its characters show this viewer (the objective cards, the acontecimiento,
            # La Chef's broccoli, El Relojero's numbers, El Saltamundos' decks): ``Character.view``.
            for hook in views:
                hook(self, s, view, me, narrator, lang)
        return view

    # --- noninterference: what is dealt are the life cards and personalities (known by their ids: they travel
    # with what sits on them), the objective cards (by seat), and the event deck (known by the events' ids) ---------

    def deal_of(self, state: BethlemState) -> dict[str, Any] | None:
        """The deal: every player's cards; with 2 and 3 players, whose cards the players' choices place (the
        draft, the lone player's side), what chance deals (``chance.deal_of``)."""
        s = state
        if s.draft is not None:
            return chance.deal_of(s)
        deal: dict[str, Any] = {p: [*s.board[i], s.persona[i]] for i, p in enumerate(s.players)}
        if s.settings.events:
            deal[EVENTS_KEY] = list(s.deck)
        more = s.settings.hooks.rules.deal
        if more is not None:
            # With custom cards the objective cards and the acontecimientos (``ModeRules.deal``).
            more(s, deal)
        return deal

    def knowledge(self, state: BethlemState, viewer: Viewer) -> set[Hashable]:
        """The life cards and personalities ``viewer`` sees now (``("card", id)``, ``("persona", id)``), the
        objective cards they see (``("goal", seat)``) and the events they hold, used in secret or see discarded
        (``("event", id)``)."""
        s = state
        me = s.index.get(viewer) if viewer is not None else None
        known: set[Hashable] = {
            ("card", card) for card in s.cards_in_play() if self.visible_card(s, me, False, card) is not None
        }
        for seat in range(len(s.players)):
            persona = self.visible_persona(s, me, False, seat)
            if persona:
                known.add(("persona", persona))
        seen = s.settings.hooks.rules.known
        if seen is not None:
            # With custom cards the objective cards they see (``ModeRules.known``).
            seen(s, me, known)
        known |= {("event", e) for e in s.discard}
        # Whoever raised a hand for a card Gas de la risa named holds it, as everybody saw.
        for _, kind, raised in s.hands_raised:
            known |= {("card", c) for c in s.found(kind) if s.players[s.holder(c)] in raised}
        if me is not None:
            # The holders of the Siamesas and of the Compañeros de celda meet on the first night.
            for copies in TWINS.values():
                if any(s.where[c][0] == me for c in copies if c in s.where):
                    known |= {("card", c) for c in copies}
            known |= {("event", e) for e in s.hand[me]}
            known |= {("event", e) for e, seat in s.secret_discard.items() if seat == me}
        if s.settings.mode == "dos":
            known |= chance.dealt_places(s, known)
        return known

    def sides(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """Section 2's sides, and with custom cards section 13's objectives and the instant victories."""
        return SIDES if options.get("cards") == "custom" else BOOK_SIDES

    def secret_answers(self) -> frozenset[str]:
        return SECRET_ANSWERS

    def public_deciders(self) -> frozenset[str]:
        return PUBLIC_DECIDERS

    def secret_draws(self, state: BethlemState) -> frozenset[str]:
        """With custom cards, El Relojero's numbers, La frontera's roles and the event El Saltamundos steals are
        drawn by chance, each told to its players only (the thief's new event, like every event drawn)."""
        return state.settings.hooks.rules.secret_draws

    def announced_options(self, prompt: Prompt) -> frozenset[str]:
        """The custom characters' choices the table hears of at once (``Character.announced``: El Relojero's
        journey to the future and stopping time)."""
        return HOOKS.announced.get(prompt.kind, frozenset())

    def told_of(self, state: BethlemState, prompt: Prompt) -> frozenset[str] | None:
        """Of the decisions told to others (``TOLD_TO_OTHERS``), those told to given players only: the puppet
        hears Neuroticismo's order, tonight's other mutineers see Nathaniel's awakened attack, and El archivo's
        target alone is told while the power is not awakened (its awakened use is announced); what El Otaku
        shields and La Maestra Vudú's doll may be told to any player (``TOLD_TO_ATTACKERS``); with custom cards
        Melancolía's card is told to nobody until the table wakes to see it; El Arquitecto's awakened turn only
        to the holder of the card he wakes with; the Profeta's choices, announced with the link they make, to
        nobody while two links are already on the table (no third is made)."""
        if prompt.kind == "neuroticismo-voto" and state.neuroticism.puppet is not None:
            return state.audience([state.neuroticism.puppet])
        if prompt.kind == "nathaniel-despertar":
            return state.audience(state.pack)
        if prompt.kind == "el-archivo" and not _archive_awake(state, prompt):
            return frozenset()
        if prompt.kind in TOLD_TO_ATTACKERS:
            return frozenset(state.players)
        if prompt.kind == "el-arquitecto-despertar":
            # He wakes in the chosen card's turn: its holder sees him, nobody else.
            return state.audience({state.holder(c) for option in prompt.options for c in state.find(option)})
        if prompt.kind in state.settings.hooks.rules.told_to_nobody:
            # With custom cards Melancolía's card, shown to the table only after Gas de la risa's turn (section 14).
            return frozenset()
        if prompt.kind in PROPHET_KINDS and len(state.prophets) >= MAX_SAME:
            # FAQ 15.7: with two links on the table a third is not made, so nothing of it is announced; only its
            # user is told ('modificador-maximo').
            return frozenset()
        return None

    def redeal(
        self, start: BethlemState, keep: frozenset[Hashable], viewer: Viewer, rng: random.Random
    ) -> Redeal | None:
        deal = self.deal_of(start)
        if deal is None:
            return None
        players = start.players
        # Some secrets at a time: dealing everything again at once makes the worlds part too soon.
        what = [k for k in ("cards", "personas", "goals", "events") if rng.random() < 0.5] or ["cards"]
        rename: dict[str, str] = {}
        # Half the time only two cards (two personalities, two events…) change places: the smaller the change,
        # the longer the worlds run alike, and a late secret (the rabies' victim) gets compared too.
        few = rng.random() < 0.5

        def mix(items: list) -> list:
            out = list(items)
            if few and len(out) > 2:
                i, j = rng.sample(range(len(out)), 2)
                out[i], out[j] = out[j], out[i]
            else:
                rng.shuffle(out)
            return out

        if start.draft is not None:
            # 2 and 3 players: the piles, and where chance lays the cards (the players' choices do the rest).
            rename.update(chance.redeal(start, deal, keep, what, mix))
        elif "cards" in what:
            # Another card of the same group in the place of each hidden card (each player keeps one of each).
            free = [c for c in start.cards_in_play() if ("card", c) not in keep]
            groups = sorted({GROUP_OF[c] for c in free})
            for group in rng.sample(groups, 1) if few and groups else groups:
                same = [c for c in free if GROUP_OF[c] == group]
                rename.update(zip(same, mix(same), strict=True))
            for seat, player in enumerate(players):
                deal[player] = [*(rename.get(c, c) for c in start.board[seat]), deal[player][-1]]
        if "personas" in what and start.draft is None:
            seats = [i for i in range(len(players)) if ("persona", start.persona[i]) not in keep]
            personas = mix([start.persona[i] for i in seats])
            for seat, persona in zip(seats, personas, strict=True):
                deal[players[seat]][-1] = persona
                rename[start.persona[seat]] = persona
        if "goals" in what and GOALS_KEY in deal:
            seats = [i for i in range(len(players)) if ("goal", i) not in keep]
            goals = mix([start.goal[i] for i in seats])
            for seat, goal in zip(seats, goals, strict=True):
                deal[GOALS_KEY][players[seat]] = goal
        if "events" in what and EVENTS_KEY in deal:
            deck = deal[EVENTS_KEY]
            places = [k for k, e in enumerate(deck) if ("event", e) not in keep]
            events = mix([deck[k] for k in places])
            for k, e in zip(places, events, strict=True):
                rename[deck[k]] = e
                deck[k] = e
        return Redeal(deal, {}, rename)

    def nudge_hidden(self, state: BethlemState, viewer: Viewer, rng: random.Random) -> Nudge | None:
        """Two living cards of one group and one side that ``viewer`` may not know change places (or two cards of
        El Saltamundos' deck, face down for everybody). Same group and side, because a player who knows a row's
        side (the mutineers know each other) knows it still; never a card named by the decisions open or due,
        which were asked because of where it is; and only two cards with the same past: the state records some
        of it by card (a power used, an awakening) and some by place (an accusation, a mark), and the two cards
        may change places only when moving them, each taking its records along, gives the same game as renaming
        them, each place keeping its own."""
        if viewer is None or state.result is not None or state.settings.mode == "dos":
            return None  # with two players each row's cards are public
        due = repr((list(state.group.values()), list(state.agenda)))
        # The decks characters keep face down (``Character.decks``: El Saltamundos' world's, and La frontera's whose
        # cards reward the sheriff's men when he travels elsewhere): which card is drawn next is nobody's to know.
        # Where there is one, one time in two the next card and another change places instead (tried first).
        decks = [deck for hook in hooks_of(state).decks for deck in hook(state) if len(deck) >= 2]
        if decks and rng.random() < 0.5:
            which = rng.choice(range(len(decks)))
            cards = decks[which]
            unseen = [k for k, card in enumerate(cards) if repr(card) not in due]
            if len(unseen) >= 2 and unseen[0] == 0:
                j = rng.choice(unseen[1:])
                if cards[0] != cards[j]:
                    s = fork(state)
                    deck = [d for hook in hooks_of(s).decks for d in hook(s) if len(d) >= 2][which]
                    deck[0], deck[j] = deck[j], deck[0]
                    return Nudge(s)
        known = self.knowledge(state, viewer)
        kinds: dict[tuple[str, str], list[str]] = {}
        for card in state.cards_in_play():
            if state.alive.get(card) and ("card", card) not in known and card not in due and card in state.where:
                kinds.setdefault((GROUP_OF.get(card, card), card_side(state, card)), []).append(card)
        pairs = [
            (first, second)
            for cards in kinds.values()
            for first in cards
            for second in cards
            if first < second and state.where[first][0] != state.where[second][0]
        ]
        rng.shuffle(pairs)
        for first, second in pairs[:NUDGE_TRIES]:
            s = fork(state)
            (a, i), (b, j) = s.where[first], s.where[second]
            s.board[a][i], s.board[b][j] = second, first
            s.where[first], s.where[second] = (b, j), (a, i)
            s.board_changed()
            if first in s.dealt_to and second in s.dealt_to:
                s.dealt_to[first], s.dealt_to[second] = s.dealt_to[second], s.dealt_to[first]
            back = fork(s)
            rename_cards(back, {first: second, second: first})
            if back == state:
                # No holders' map: a card's own decisions are asked by prompt ids only its holder has open, and
                # the check finds them there; the two holders' other decisions stay theirs.
                return Nudge(s)
        return None

    def shuffle_hidden(self, state: BethlemState, viewer: Viewer, rng: random.Random) -> BethlemState:
        """Deal again, among their positions, the cards ``viewer`` may not know; likewise the personalities
        they have not seen, and the events in the deck and in other players' hands."""
        s = copy.deepcopy(state)
        if viewer is None:
            return s
        me = s.index.get(viewer) if viewer != PUBLIC else None
        hidden = [c for c in s.cards_in_play() if self.visible_card(state, me, False, c) is None]
        if s.settings.mode == "dos":
            # The cards each player holds are public: deal again within each player's row only.
            mapping: dict[str, str] = {}
            for row in s.board:
                mine = [c for c in row if c in hidden]
                shuffled = list(mine)
                rng.shuffle(shuffled)
                mapping.update(zip(mine, shuffled, strict=True))
        else:
            shuffled = list(hidden)
            rng.shuffle(shuffled)
            mapping = dict(zip(hidden, shuffled, strict=True))
        rename_cards(s, mapping)
        seats = [i for i in range(len(s.players)) if self.visible_persona(state, me, False, i) is None]
        personas = [s.persona[i] for i in seats]
        rng.shuffle(personas)
        for i, p in zip(seats, personas, strict=True):
            s.persona[i] = p
        others = [i for i in range(len(s.players)) if i != me]
        secret = [e for e, seat in s.secret_discard.items() if seat != me]
        pool = list(s.deck) + [e for i in others for e in s.hand[i]] + secret
        rng.shuffle(pool)
        k = len(s.deck)
        s.deck = pool[:k]
        for i in others:
            size = len(s.hand[i])
            s.hand[i] = pool[k : k + size]
            k += size
        owners = [s.secret_discard[e] for e in secret]
        for e in secret:
            del s.secret_discard[e]
        for e, seat in zip(pool[k:], owners, strict=True):
            s.secret_discard[e] = seat
        # With custom cards the objective cards first (``mode.hide_goals``), then the characters' secrets.
        for hook in hooks_of(s).hides:
            hook(state, s, me, rng)
        return s

    # --- texts --------------------------------------------------------------------------------------------

    def card_name(self, card: str, lang: str) -> str:
        names = self._card_names.setdefault(lang, {})
        name = names.get(card)
        if name is None:
            name = names[card] = self.text(lang, f"card.{KIND_OF.get(card, card)}")
        return name

    def target_text(self, s: BethlemState, option: str, lang: str) -> str:
        player, _, pos = option.rpartition(":")
        return self.text(lang, "target", player=player, position=pos)

    def prompt_text(self, state: BethlemState, prompt: Prompt, lang: str) -> str:
        args = dict(prompt.args or {})
        params: dict[str, Any] = {}
        for key, value in args.items():
            if key == "power":
                params[key] = self.card_name(value, lang)
            elif key == "mode":
                params[key] = self.text(lang, f"mode.{value}")
            elif key in ("card",):
                params[key] = self.target_text(state, value, lang) if ":" in str(value) else self.card_name(value, lang)
            elif key == "what":
                params[key] = self.text(lang, f"prophecy.{value}")
            elif key == "cards":
                params[key] = ", ".join(
                    f"{self.target_text(state, o, lang)}: {self.card_name(c, lang)}" for o, c in value.items()
                )
            elif key == "target":
                params[key] = self.target_text(state, value, lang)
            else:
                params[key] = value
        key = f"prompt.{prompt.kind}"
        if prompt.kind == "colocar" and "table" in args:
            key = "prompt.colocar-dos"
        elif prompt.kind == "linchamiento" and args.get("forced"):
            key = "prompt.linchamiento-forzado"
        elif prompt.kind == "wakerfield" and "cards" in args:
            key = "prompt.wakerfield-despierta"
        return self.text(lang, key, **params)

    def option_label(self, state: BethlemState, prompt: Prompt, option: str, lang: str) -> str:
        s = state
        if option in s.index:
            return option
        kind = prompt.kind
        if kind in ("modo", "amnesia"):
            return self.text(lang, f"mode.{option}")
        if kind in ("sindrome-de-nostradamus", "nostradamus-consecuencia"):
            return self.text(lang, f"prophecy.{option}")
        if kind in ("juego-de-azar-apuesta", "la-ludopata-grupo"):
            return self.text(lang, f"group.{option}")
        if kind in ("la-ludopata", "la-ludopata-premio"):
            return self.text(lang, f"bet.{option}")
        if kind == "acontecimiento":
            return self.text(lang, f"happening.{option}")
        if kind == "dia-de-visitas" and option == "comportarse":
            return self.text(lang, "option.comportarse")
        if kind == "inquisidor-objetivo":
            return self.text(lang, f"side.{option}")
        if ":" in option:
            label = self.target_text(s, option, lang)
            card = s.card_at(option)
            shown = self.visible_card(s, s.index[prompt.player], False, card)
            return f"{label} — {self.card_name(shown, lang)}" if shown else label
        if option in CARDS or option in CARD_KINDS:
            return self.card_name(option, lang)
        return self.text(lang, f"option.{option}")

    def event_text(self, state: BethlemState, event: Event, lang: str) -> str:
        if event.kind == CALL and not event.data["card"]:  # a turn no card names: the mutineers
            return self.text(lang, f"event.llamada-{event.data['call']}")
        params: dict[str, Any] = {}
        for name, value in event.data.items():
            if name in ("card", "personality", "event", "kind", "power", "other") and isinstance(value, str):
                params[name] = self.card_name(value, lang) if ":" not in value else self.target_text(state, value, lang)
            elif name in ("players", "winners", "cards"):
                params[name] = ", ".join(self.card_name(v, lang) if v in CARDS else v for v in value) or "—"
            elif name in ("target", "origin", "destiny") and isinstance(value, str) and ":" in value:
                params[name] = self.target_text(state, value, lang)
            elif name in ("condition", "consequence"):
                params[name] = self.text(lang, f"prophecy.{value}")
            elif name == "targets":
                params[name] = ", ".join(self.target_text(state, v, lang) for v in value)
            elif name == "votes":
                abstains = self.text(lang, "event.abstencion")
                params[name] = (
                    ", ".join(
                        f"{p} → {self.target_text(state, t, lang) if t and ':' in t else t}" if t else f"{p} {abstains}"
                        for p, t in value.items()
                    )
                    or "—"
                )
            elif name == "counts":
                params[name] = (
                    ", ".join(f"{self.target_text(state, k, lang) if ':' in k else k}: {v}" for k, v in value.items())
                    or "—"
                )
            elif name == "happening":
                params[name] = self.text(lang, f"happening.{value}")
            elif name == "bet":
                params[name] = self.text(lang, f"bet.{value}")
            elif name in ("cause", "reason", "mode", "side", "why", "effect", "answer", "group", "bond", "role"):
                params[name] = self.text(lang, f"{name}.{value}")
            elif name == "positions":
                params[name] = ", ".join(str(v) for v in value)
            elif name == "board":
                params[name] = "; ".join(
                    f"{p}: {', '.join(self.card_name(c, lang) for c in row)}" for p, row in value.items()
                )
            elif name == "goals":
                params[name] = ", ".join(f"{p}: {self.text(lang, f'side.{g}')}" for p, g in value.items())
            elif name in ("goal",):
                params[name] = self.text(lang, f"side.{value}")
            elif name == "personas":
                params[name] = ", ".join(f"{p}: {self.card_name(c, lang)}" for p, c in value.items())
            elif name == "sides":
                params[name] = ", ".join(self.text(lang, f"side.{v}") for v in value)
            elif name == "direction":
                params[name] = self.text(lang, f"direction.{value}")
            elif name in ("yes", "right", "lost", "principal"):
                params[name] = self.text(lang, f"{name}.{'si' if value else 'no'}")
            else:
                params[name] = "—" if value is None else value
        kind = event.kind
        if kind == "fin":
            params["text"] = self.text(lang, f"result.{event.data['reason']}")
        return self.text(lang, f"event.{kind}", **params)

    # --- the narrator's script and card help (velada/games/bethlem/guide.py) ---------------------------------

    def narration(self, state: BethlemState, event: Event, lang: str) -> list[str]:
        return guide.narration(self, state, event, lang)

    def call_end(self, state: BethlemState, event: Event, lang: str) -> list[str]:
        return guide.call_end(self, state, event, lang)

    def help_ids(self, state: BethlemState, viewer: Viewer) -> list[str]:
        return guide.visible_ids(self, state, viewer)

    def all_help_ids(self) -> list[str]:
        return guide.all_ids()

    def card_help(self, help_id: str, lang: str) -> CardHelp:
        return guide.card_help(self, help_id, lang)

    def presets(self) -> dict[int, dict[str, str]]:
        return guide.presets()

    def option_value_label(self, key: str, value: str, lang: str) -> str:
        if key == "cartas" and value in CARDS:
            return self.card_name(value, lang)
        return super().option_value_label(key, value, lang)


def rename_cards(s: BethlemState, mapping: dict[str, str]) -> None:
    """Give the hidden cards new identities (``mapping``: old id → new id) everywhere in ``s``: every marker,
    flag and record keyed by a card moves with the identity, so each position keeps what is on it. The fields
    holding card ids are those annotated ``CardId`` (``renaming.rename_ids``), the custom characters' records
    included (each renamed by its own class's annotations)."""
    if not mapping:
        return

    def m(card: str) -> str:
        return mapping.get(card, card)

    rename_ids(s, m)
