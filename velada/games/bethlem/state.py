"""The state of a game of El manicomio de Bethlem: plain data, changed only by the rules modules.

Seats are indices into ``players`` (clockwise: a seat's *left* is the next seat). Cards are their ids
(``daniel``, ``siamesas-2``); a card's place is ``where[card] = (seat, position)`` with positions counted from 0
(the rulebook's 1 to 4). Everything that sits on a card (the auxiliary cards of the book: melancholy, the
reaper's mark, the gambling token, awakening…) is keyed by card id, so it travels with the card when the
Cirujano or Wakerfield move it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import chain, compress
from operator import not_
from typing import Annotated, Literal, NamedTuple

from velada.core.game import State
from velada.core.protocol import Event
from velada.games.bethlem.cards import KIND_OF
from velada.games.bethlem.hooks import BY_MODE, PERSONA, Hooks, silenced
from velada.games.bethlem.renaming import RECORD, CardId

#: The longest row a player holds (the lone player of the 3-player mode: two cards of each group): ``table``
#: when every position is on the table.
ALL_POSITIONS = 8

#: Flags of a death marker (an *attack*).
INEVITABLE = 1  # cannot be saved (Terapia electroshock's awakening, Leproso)
INDIRECT = 2  # a death caused by another card's death (cellmates, gambling, rabies…): Richard Dadd's awakening
LEPER = 4  # Leproso: nothing saves it and the card's death powers do not fire
NO_TRIGGER = 8  # the card's death powers do not fire


@dataclass(frozen=True, slots=True)
class Settings:
    """The table's options, normalised once at setup."""

    mode: str  # "normal" (4–7 players), "tres", "dos"
    arrange: bool  # players order their four cards at the start (section 3)
    round_limit: int
    ali_risk: int  # percent
    mutineer_rounds: int  # voting rounds the mutineers have to agree each night
    events: bool
    storyteller: bool = False  # a person narrates from the narrator's seat with Cuentacuentos (section 3)
    questions: str = "una-por-partida"  # Cuentacuentos: a question per player for the game, or every night
    cards: str = "normal"  # "normal" or "custom" (sections 13–15)
    happenings: int = 0  # custom mode: periodic acontecimientos every 1 or 2 rounds; 0 = none
    #: The custom-cards mode (section 13): custom principal characters and objective cards. Derived from
    #: ``cards`` once, as a field rather than a property: the rules ask it some 600 times a game.
    custom: bool = field(init=False, repr=False, compare=False)
    #: The hook table of the mode (``hooks.BY_MODE``): the custom characters' with custom cards, an empty one
    #: otherwise. Derived like ``custom`` and read in place (``s.settings.hooks.actors``): a stage that calls
    #: hooks needs no branch on the mode, for no more than reading the mode used to cost.
    hooks: Hooks = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "custom", self.cards == "custom")
        object.__setattr__(self, "hooks", BY_MODE[self.custom])


#: What the narrator told one player (``BethlemState.records``): the told event's parameters, players' names.
Told = dict[str, str | list[str] | None]

#: A death marker: (card, cause, by seats, flags).
Attack = tuple[CardId, str, tuple[int, ...], int]
#: A death as the resolution's stages see it: (card, cause, by seats, flags, its passive powers worked).
Death = tuple[CardId, str, tuple[int, ...], int, bool]

# The agenda's steps (``flow.STEPS``, the custom characters' ``steps`` among them): a step is its name and its
# arguments, a plain tuple (a game makes hundreds: no class to build), typed by its shape, whose names say which
# steps take it (``flow.advance`` calls a step's function with its arguments, ``flow.resolve`` its answer function
# with the answers first). tests/test_estado_tipado.py checks that these names are the steps' tables and that each
# shape fits its functions.
#: A step without arguments.
CallStep = tuple[
    Literal[
        "round", "check", "replace", "arrange", "side", "draft", "dusk", "ali-plan", "dawn", "day", "hostility",
        "amnesia", "amnesia-target", "unlock", "card-vote", "round-end", "custom-day", "draw", "token",
        "storyteller-questions", "traitor", "inquisitor", "happening", "risky", "reaper-awake", "chef-mover",
        "el-relojero-pasado",
    ]
]  # fmt: skip
#: A step about one card (its id).
CardStep = tuple[
    Literal[
        "cellmates-mode", "cellmates-revive", "rabies-mode", "sweet-grave", "chef-revivir", "alquimista-sacrificio",
        "la-medium-anochecer",
    ],
    str,
]  # fmt: skip
#: A step named by a word: the resolution's next stage, the night's turn, when an event is chosen, the
#: acontecimiento that happens now.
WordStep = tuple[Literal["res", "night", "event-choice", "happening-now"], str]
#: A step about one seat.
SeatStep = tuple[Literal["inquisitor-claim", "alquimista-revivir"], int]
#: A step with its count: Amnesia's lynching, the day's vote, the token, the mutineers' round.
CountStep = tuple[Literal["amnesia", "vote", "token", "mutineers"], int]
#: The mutineers' round and which of its attacks.
MutineersStep = tuple[Literal["mutineers"], int, int]
#: A resolution of these attacks, of this kind (and whether it is told, ``unannounced``).
ResolveStep = (
    tuple[Literal["resolve"], tuple[Attack, ...], str] | tuple[Literal["resolve"], tuple[Attack, ...], str, bool]
)
#: Ali's choice: his card and who killed it.
AliChoiceStep = tuple[Literal["ali-choice"], str, tuple[int, ...]]
#: La parca awake, with the cards it has moved.
ReaperAwakeStep = tuple[Literal["reaper-awake"], tuple[str, ...]]
#: La parca's move from ``source``, with the cards it has moved.
ReaperMoveStep = tuple[Literal["reaper-move"], str, tuple[str, ...]]
#: A power used: the power, the seat, the card, where it comes from, the stage of its use.
ActStep = tuple[Literal["act"], str, int, str, str, str]
#: The vote on a card: the target seat, its accusers, the vote's number.
CardVoteOfStep = tuple[Literal["card-vote-of"], int, tuple[int, ...], int]
#: Cuentacuentos' answers to the questions asked (player, question).
StorytellerAnswersStep = tuple[Literal["storyteller-answers"], tuple[tuple[str, str], ...]]
#: La Chef's sharing out: seat, card, origin, the players served, the centre's count before.
ChefShareStep = tuple[Literal["chef-reparto"], int, str, str, tuple[str, ...], int]
#: What follows an attack on El Cyborg's card (and whether the cards swap).
CyborgStep = tuple[Literal["el-cyborg-after"], str, bool]
#: La Maestra Vudú's extra power: the seat and what it suffered (the harm, its card).
VoodooEffectStep = tuple[Literal["la-maestra-vudu-efecto"], int, tuple[tuple[str, str], ...]]
#: La Maestra Vudú's curse: the card, the harm, the attackers, the mode.
VoodooCurseStep = tuple[Literal["la-maestra-vudu-maldicion"], str, str, tuple[int, ...], str]
AgendaStep = (
    CallStep
    | CardStep
    | WordStep
    | SeatStep
    | CountStep
    | MutineersStep
    | ResolveStep
    | AliChoiceStep
    | ReaperAwakeStep
    | ReaperMoveStep
    | ActStep
    | CardVoteOfStep
    | StorytellerAnswersStep
    | ChefShareStep
    | CyborgStep
    | VoodooEffectStep
    | VoodooCurseStep
)


class DawnEvent(NamedTuple):
    """An event of a night's death resolution kept for the dawn (``deaths.tell``), told there in ``order``: the
    deaths in table order, then who is out, then the Compañeros de celda whose companions died with them."""

    order: tuple[int, ...]
    event: Event


@dataclass(slots=True)
class SweetDeath:
    """Muerte dulce's exchange in progress (sections 6, 8, 9): between its card and the chosen one until the end
    of the next night."""

    card: CardId
    chosen: CardId
    #: ``normal`` (a death aimed at the chosen card goes to Muerte dulce's) or ``opuesto``.
    mode: str
    #: The awakened mode used (``despertar``, ``despertar-opuesto``), "" if none.
    awake_mode: str
    #: The round it was made.
    round: int
    open: bool = True
    #: Whether each card was attacked while it was open.
    card_hit: bool = False
    chosen_hit: bool = False
    #: Its awakened power took the chosen card along (or brought it back) when it died.
    grave: bool = False


@dataclass(slots=True)
class Prophecy:
    """The Síndrome de Nostradamus' prophecy in force (events.py): a public condition, a hidden consequence."""

    seat: int  # who made it
    #: The public part: ``noche-sin-muertes``, ``muere-carta``, ``linchan-a``… and its target (an option id or a
    #: player).
    condition: str
    target: str
    #: The hidden part: ``muere``, ``resucita``, ``revela``, and its destiny (an option id).
    consequence: str
    destiny: str
    #: The last round it may come true.
    until: int
    #: The cards at the target and at the destiny when it was made ("" when they name no card). Not renamed
    #: when hidden cards are dealt again, as before (plain ``str``, not ``CardId``).
    dead: str
    victim: str


@dataclass(slots=True)
class Nostradamus:
    """The Síndrome de Nostradamus (events.py): the prophecy in force, and those that came true."""

    #: The prophecy in force, None while there is none.
    current: Prophecy | None = None
    #: The prophecies come true, as announced: (round, their player, the consequence, its destiny).
    fulfilled: list[tuple[int, str, str, str]] = field(default_factory=list)


@dataclass(slots=True)
class AmnesiaUse:
    """Today's Amnesia (day.py): who is asked, with which card and origin, and what they chose."""

    seat: int
    card: str
    #: Where the power comes from (``common``'s origins: the holder's own, the director's, a hypnosis).
    origin: str
    #: The index of this user among today's possible users (the next one is asked if this one skips).
    k: int
    #: The mode used, None until it is used.
    mode: str | None = None
    #: Awakened: the player who loses a card (their seat).
    player: int | None = None


@dataclass(slots=True)
class Amnesia:
    """Amnesia (day.py): today's use, and who waits for the second lynching to awaken their last card."""

    #: Today's use (one Amnesia a day), None until somebody is asked.
    today: AmnesiaUse | None = None
    #: Seats whose awakening waits while the second lynching is pending (``awakening.awaken_last_cards``).
    waiting: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class InstantWin:
    """An objective met at once by a card's rule (objectives.instant_win): the next check ends the game with it."""

    reason: str
    side: str
    winners: tuple[int, ...]


@dataclass(slots=True)
class Lynching:
    """The lynching in progress (day.py)."""

    #: The first lynching of the day or Amnesia's second.
    n: int
    #: Amnesia's awakened opposite: a lynching among dead cards, and the chosen card comes back.
    revive: bool
    #: The lynched player (their seat) once the vote chose one, and who voted for them.
    target: int | None = None
    accusers: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Spies:
    """Cuerpo de espionaje (happenings.py): the cards marked as spies, and those already bearing the skull."""

    cards: list[CardId]
    hit: list[CardId] = field(default_factory=list)


@dataclass(slots=True)
class Happenings:
    """The acontecimientos (happenings.py): both decks, top first, and what is in force, with its records."""

    periodic: list[str]
    punctual: list[str]
    #: The one in force: (acontecimiento, the round it acts on).
    active: tuple[str, int] | None = None
    #: The cards offered to the players who revealed their objective, while they choose.
    offer: list[str] = field(default_factory=list)
    #: Jugada arriesgada came out (its offer is made every day from then on), and who already used it.
    risky: bool = False
    risky_used: list[int] = field(default_factory=list)
    #: Hora de la siesta: the round whose lynching is checked, and the night the mutineers kill twice.
    siesta_check: int | None = None
    siesta: int | None = None
    spies: Spies | None = None


@dataclass(slots=True)
class Draft:
    """The 2-player draft in progress (setup_flow.py): the players take the cards in turns, group by group."""

    #: By seat: the life cards and the personality taken so far.
    taken: list[list[str]]
    persona: list[str]
    #: The group being drafted (an index into the composition's draft), each seat's picks in it, whose turn.
    g: int
    picks: list[list[str]]
    turn: int
    #: How chance lays out each player's row (``colocacion=reparto``), by player; None when they arrange it.
    order: dict[str, list[int]] | None


@dataclass(slots=True)
class Piles:
    """The 3-player deal waiting for the lone player's side (setup_flow.py): the piles, and the rows' order."""

    piles: dict[str, list[str]]
    order: dict[str, list[int]] | None


@dataclass(slots=True)
class JohnFlick:
    """John Flick's accusations."""

    #: The cards accused for today.
    accused: list[CardId] = field(default_factory=list)
    #: Every accusation told to the table at dawn: (round, the accused position then), in order.
    accusations: list[tuple[int, str]] = field(default_factory=list)


@dataclass(slots=True)
class Reaper:
    """La parca's designs (characters.py) and how the table has obeyed them."""

    #: Her designs this round (two at most, FAQ 15.7: her holder's and a borrowed power's).
    marks: list[CardId] = field(default_factory=list)
    #: Consecutive rounds her design was disobeyed.
    disobeyed: int = 0
    #: The round whose night only she may kill.
    night: int = 0
    #: A designated card died this round.
    obeyed: bool = False


@dataclass(slots=True)
class BloodPact:
    """Pacto de sangre (actions.py, deaths.py): the pact in force, who made it, and who won by its hate pact."""

    #: The bound players: (seat, seat, ``normal`` | ``odio``; ``roto`` once a hate pact is void).
    bound: tuple[int, int, str] | None = None
    maker: int | None = None
    #: The player the hate pact made the winner (the other bound one went out).
    hate_winner: int | None = None
    #: The bound player who died with the pact broken (the other went out first): told to the whole table.
    broken_for: int | None = None


@dataclass(slots=True)
class Lobotomy:
    """Terapia lobotomía (actions.py): the cards it turned, and whether their holders keep the vote."""

    #: card → the side it plays for now.
    sides: dict[CardId, str] = field(default_factory=dict)
    #: card → its holder keeps the vote (the awakened lobotomy).
    keeps_vote: dict[CardId, bool] = field(default_factory=dict)


@dataclass(slots=True)
class Neuroticism:
    """Neuroticismo (personalities.py): its puppet, chosen on the first night, and tonight's order."""

    #: The seat using Neuroticismo when it chose the puppet.
    seat: int | None = None
    puppet: int | None = None
    #: The order its holder gave this round: whom the puppet must vote for (it obeys on even rounds).
    vote: int | None = None


@dataclass(slots=True)
class MaryFirth:
    """Mary Firth (characters.py): whom she asked, the mutineers kept from rising, and her impersonations."""

    #: Her holder's seat → the seats she asked so far (each once in the game, FAQ 4).
    asked: dict[int, list[int]] = field(default_factory=dict)
    #: Seats that cannot rise with the mutineers tonight.
    block: list[int] = field(default_factory=list)
    #: Tonight: the seats rising in a mutineer's place, and the mutineer cards impersonated so far.
    impersonators: list[int] = field(default_factory=list)
    impersonated: dict[CardId, bool] = field(default_factory=dict)
    #: Her awakening: the unmasked mutineer cards that never rise again.
    banned: dict[CardId, bool] = field(default_factory=dict)


@dataclass(slots=True)
class Archive:
    """El archivo (characters.py): its lost power, its awakened shields, and what it told."""

    #: A miss lost its holder's power (until it awakens).
    lost: bool = False
    #: Awakened: (target seat, archive seat) — the target can do nothing against the archive's holder this round.
    shields: list[tuple[int, int]] = field(default_factory=list)
    #: Awakened: the seats already chosen (each once).
    seen: list[int] = field(default_factory=list)
    #: What it told each user, in order: (user seat, target seat, positions, whether of the principal card).
    told: list[tuple[int, int, list[int], bool]] = field(default_factory=list)


@dataclass(slots=True)
class Ali:
    """Ali "la muda" (night.py, common.py): her one-time spying, what she saw, and her awakening's silenced voters."""

    #: The character's turn she spies on tonight.
    turn: str | None = None
    #: Her one-time power is used.
    spent: bool = False
    #: What she saw spying, in order: (her seat, the turn she watched — a power, or "amotinados" —, the seats she
    #: saw wake).
    sightings: list[tuple[int, str, tuple[int, ...]]] = field(default_factory=list)
    #: Her awakening: voters who lost the vote.
    no_vote: dict[int, bool] = field(default_factory=dict)


@dataclass(slots=True)
class Director:
    """The director, Krugman (characters.py): the dead cards whose powers he took."""

    #: Every card taken so far (each once).
    taken: list[CardId] = field(default_factory=list)
    #: The dead card whose power he uses this round.
    card: CardId | None = None


@dataclass(slots=True)
class Melancholy:
    """Melancolía's card (section 6) and the other cards whose powers a round cancels the same way (Día de
    visitas, La Maestra Vudú's doll moving it)."""

    #: Card → the round its passive and active powers do not work.
    blocked: dict[CardId, int] = field(default_factory=dict)
    #: With custom cards, Melancolía's card this round until the table wakes to see it (section 14).
    unseen: CardId | None = None


@dataclass(slots=True)
class Lives:
    """Who lives on the table, read once (``BethlemState.lives``) and kept until a card dies or comes back, a
    player goes out or comes back in, or cards move: the prompts that name cards ask it ~300 times a game, while a
    game has ~15 death resolutions."""

    #: What it was read from: another board, ``alive`` or ``out`` (a deal again, a renaming, a copy) is read again.
    board: list[list[str]]
    alive: dict[str, bool]
    out: list[bool]
    #: Each row's living cards, in table order (a 2-player row's reserve among them, as ``living_cards`` reads it).
    rows: list[list[str]]
    #: The seats in the game, in order.
    seats: list[int]
    #: Those of them holding a living card (in a 2-player row, the reserve's count too).
    holding: list[int]
    #: The living cards of the seats in the game, in table order (``common.living``): read when first asked.
    cards: list[str] | None = None


@dataclass(slots=True)
class CustomRecord:
    """A custom character's own markers and records (``BethlemState.custom``): each character's subclass names
    its fields, card ids annotated ``CardId`` (renamed by their types, like the rest of the state)."""


@dataclass(slots=True)
class Resolution:
    """A death resolution in progress (deaths.py): its attacks go through the stages together."""

    #: ``noche`` (dawn), ``linchamiento`` or ``dia``.
    kind: str
    #: The attacks of this batch, filtered and substituted by the first stages.
    batch: list[Attack]
    #: The first batch of the resolution (later ones are deaths caused by these).
    first: bool = True
    #: Every card that died in this resolution so far.
    dead: list[str] = field(default_factory=list)
    #: Deaths the death powers caused, resolved as the next batch.
    next: list[Attack] = field(default_factory=list)
    #: This batch's deaths, for the death powers and the afterwards stage.
    deaths: list[Death] = field(default_factory=list)
    #: Seats this batch took out of the game (the characters' ``on_out`` hooks run for them).
    eliminated: list[int] = field(default_factory=list)
    #: A night without deaths (the Síndrome de Nostradamus' prophecy may need it).
    quiet: bool = False
    #: Attacks nobody saw coming (La ludópata paying a lost bet): when nothing dies, nothing is announced, or the
    #: table would learn of the secret that caused them.
    unannounced: bool = False
    #: A last chance before the cards are shown (stage 4: Manía persecutoria, Juego de azar, Wakerfield): the
    #: card whose holder's answer the stage waits for, the mode they use, and whether they were asked the mode
    #: first (a card with several modes asks the mode, then its targets).
    waiting: str = ""
    mode: str = ""
    asking_mode: bool = False
    #: At night, the events told at dawn (``deaths.tell``).
    dawn: list[DawnEvent] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class BethlemState(State):
    settings: Settings
    index: dict[str, int]
    board: list[list[CardId]]
    persona: list[str] = field(default_factory=list)
    where: dict[CardId, tuple[int, int]] = field(default_factory=dict)
    alive: dict[CardId, bool] = field(default_factory=dict)
    #: Living cards whose identity everybody knows (confessed, lobotomised, Richard Dadd's awakening…); a dead
    #: card is always face up.
    public: dict[CardId, bool] = field(default_factory=dict)
    #: The cause each dead card's death was told with ("noche" for a night's death whose cause is secret).
    death_told: dict[CardId, str] = field(default_factory=dict)
    persona_public: list[bool] = field(default_factory=list)
    #: known[seat]: the cards (by id) whose identity that seat has learnt, besides its own and the public ones.
    known: list[dict[CardId, bool]] = field(default_factory=list)
    #: knows_persona[seat]: the seats whose personality that seat has learnt.
    knows_persona: list[dict[int, bool]] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    #: The side each seat chose or was dealt in the 2- and 3-player modes ("" in the normal mode).
    team: list[str] = field(default_factory=list)
    hand: list[list[str]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    #: Events used in secret: card → the seat that used it (only that seat knows it left the game).
    secret_discard: dict[str, int] = field(default_factory=dict)
    used: dict[CardId, bool] = field(default_factory=dict)
    awake: dict[CardId, bool] = field(default_factory=dict)
    awake_used: dict[CardId, bool] = field(default_factory=dict)
    #: Positions on the table per player: all of them, but 4 in the 2-player mode (the rest is the reserve).
    table: int = ALL_POSITIONS
    round: int = 0
    phase: str = "colocacion"
    #: Not renamed when hidden cards are dealt again (a step's card ids never were).
    agenda: deque[AgendaStep] = field(default_factory=deque, metadata={"rename": False})
    #: Players who have asked Cuentacuentos their question (the narrator's seat; see cuentacuentos.py).
    storyteller_asked: set[str] = field(default_factory=set)
    #: The step running, whose prompts are open (``()`` before the first); not renamed, like the agenda.
    step: AgendaStep | tuple[()] = field(default=(), metadata={"rename": False})
    # --- death markers ------------------------------------------------------------------------------------
    #: The attacks of the current phase: (card, cause, by seats, flags), resolved together (deaths.py).
    attacks: list[Attack] = field(default_factory=list)
    #: card → the moment ("n3", "d3") it last received an attack.
    hits: dict[CardId, str] = field(default_factory=dict)
    #: Deaths postponed to a later round (Paciencia, Infecto de rabia): (round, attack).
    delayed: list[tuple[int, Attack]] = field(default_factory=list)
    #: The death resolution in progress (deaths.py).
    #: Not renamed when hidden cards are dealt again (``renaming``): a resolution in progress keeps the ids it
    #: started with, as it always did.
    res: Resolution | None = field(default=None, metadata={"rename": False})
    # --- markers on cards ---------------------------------------------------------------------------------
    melancholy: Melancholy = field(default_factory=Melancholy)
    isolated: dict[CardId, int] = field(default_factory=dict)  # Celda de aislamiento: card → round
    protections: list[tuple[CardId, int]] = field(default_factory=list)  # Arthur tonight: (card, seat)
    flick: JohnFlick = field(default_factory=JohnFlick)
    reaper: Reaper = field(default_factory=Reaper)
    #: Juego de azar's gambling tokens (two at most, FAQ 15.7): (card under it, +1 to the left (next seat) or -1
    #: to the right, the round it was placed or last moved).
    tokens: list[tuple[CardId, int, int]] = field(default_factory=list)
    #: The Profeta's links (two at most, FAQ 15.7): (living card, other card, "normal" | "opuesto").
    prophets: list[tuple[CardId, CardId, str]] = field(default_factory=list)
    sweet: SweetDeath | None = None  # Muerte dulce's exchange in progress
    blood_pact: BloodPact = field(default_factory=BloodPact)
    lobotomy: Lobotomy = field(default_factory=Lobotomy)
    converted: dict[int, bool] = field(default_factory=dict)  # Daniel's awakening
    neuroticism: Neuroticism = field(default_factory=Neuroticism)
    banned: int | None = None  # Hostilidad: the seat that cannot vote today
    #: Rotations of "not the same player until every other was chosen": "power:seat" → seats chosen so far.
    cycles: dict[str, list[int]] = field(default_factory=dict)
    #: "Not the same card two rounds in a row": "power:seat" → (round, card).
    last_pick: dict[str, tuple[int, CardId]] = field(default_factory=dict)
    mary: MaryFirth = field(default_factory=MaryFirth)
    archive: Archive = field(default_factory=Archive)
    ali: Ali = field(default_factory=Ali)
    #: Facts told to one player only by the narrator, in order: (seat, what — a Historia clínica card the seat played,
    #: Ali caught spying on the seat's mutineers —, what it said).
    records: list[tuple[int, str, Told]] = field(default_factory=list)
    pack: list[int] = field(default_factory=list)  # tonight's mutineers (and Mary Firth among them)
    director: Director = field(default_factory=Director)
    hypnosis: list[tuple[int, str]] = field(default_factory=list)  # tonight: (seat, power)
    larry_show: list[tuple[int, CardId]] = field(default_factory=list)  # awakened Larry: (seat, card) to show
    #: El cataléptico killed by day: card → the round it died (it may come back in the next night's turn).
    cataleptic_day: dict[CardId, int] = field(default_factory=dict)
    #: Compañeros de celda: seat → its cards that died of a cellmate's death (for the awakening).
    cell_victims: dict[int, list[CardId]] = field(default_factory=dict)
    amnesia: Amnesia = field(default_factory=Amnesia)
    nostradamus: Nostradamus = field(default_factory=Nostradamus)
    #: Gas de la risa's named cards and who raised a hand for each, before the table: (round, kind, players).
    hands_raised: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    #: Lord Percy's pardons, announced: (round, their player, the position of the card pardoned).
    pardons: list[tuple[int, str, str]] = field(default_factory=list)
    lynch: Lynching | None = None  # the lynching in progress
    draft: Draft | Piles | None = None  # the 2-player draft, or the 3-player piles, in progress
    # --- the custom-cards mode (sections 13–15) -------------------------------------------------------------
    #: Each seat's objective card (``internos``, ``amotinados``…); empty in the normal mode.
    goal: list[str] = field(default_factory=list)
    #: Objective cards turned face up for everybody.
    goal_public: list[bool] = field(default_factory=list)
    #: knows_goal[seat]: the seats whose objective card that seat has seen.
    knows_goal: list[dict[int, bool]] = field(default_factory=list)
    #: Terapia lobotomía on a player's principal card (custom mode): seat → the side they play for now.
    goal_override: dict[int, str] = field(default_factory=dict)
    #: The side a Traidor chose on the first night, by the seat holding that objective card ("" until then).
    traitor_side: dict[int, str] = field(default_factory=dict)
    #: card → the seat that held it at the deal (FAQ 15.6: the principal card among equals).
    dealt_to: dict[CardId, int] = field(default_factory=dict)
    #: Seats that revealed their objective this round (punctual acontecimientos).
    revealed_now: list[int] = field(default_factory=list)
    #: The Inquisidor's claim: seats that already made theirs (one per game).
    claimed: list[int] = field(default_factory=list)
    #: An objective met at once by a card's rule (El último superviviente, the Inquisidor's claim):
    #: the next check ends the game with it.
    instant: InstantWin | None = None
    #: The acontecimientos: both decks (top first) and the one in force, with its records.
    happen: Happenings | None = None
    #: Objectives Infecto de rabia will reveal at the next dusk (seats).
    rabid_goals: list[int] = field(default_factory=list)
    #: The powers whose awakened use was announced to the table (El archivo, Mary Firth, La Parca…), in order.
    awakenings_announced: list[str] = field(default_factory=list)
    #: The last count of a lynching vote shown to the table: (event kind, votes, counts).
    last_tally: tuple[str, tuple[tuple[str, str | None], ...], tuple[tuple[str, int], ...]] | None = None
    #: Cards that cannot act tonight whatever else happens (Gas de la risa): card → round.
    silenced: dict[CardId, int] = field(default_factory=dict)
    #: Cards out of the game for good: they can never come back to life (La Alquimista's sacrifice, the
    #: Investigación policial).
    removed: dict[CardId, bool] = field(default_factory=dict)
    #: The moment (``n3``, ``d3``) of the last death, and the last round a lynching killed (acontecimientos).
    last_death: str = ""
    last_lynch: int = 0
    #: Cards whose awakening La caja de Pandora switched off for good.
    no_awake: dict[CardId, bool] = field(default_factory=dict)
    #: card → the last round its power was used (La Chef's broccoli asks whether a card was used).
    acted: dict[CardId, int] = field(default_factory=dict)
    #: Powers of other cards used this round by someone else (La Chef's awakening, La Médium): (seat, card,
    #: with its awakening). ``common.actors`` wakes them in that card's turn, right after its holder.
    borrowed: list[tuple[int, CardId, bool]] = field(default_factory=list)
    #: El Arquitecto's Laberinto: (round, owner seat, user seat) — the user has the owner's personality that
    #: round, and the owner does not.
    lent_persona: tuple[int, int, int] | None = None
    #: Each custom character's own markers and records, by the character's kind (``custom/``): the character's
    #: own ``CustomRecord`` subclass, whose card ids are renamed by its own annotations (``renaming.RECORD``)
    #: when hidden cards are dealt again. ``plugins.record`` and ``plugins.found`` give it typed.
    custom: dict[str, Annotated[CustomRecord, RECORD]] = field(default_factory=dict)
    #: What ``find`` read from the board: the board it read and its cards by kind, in table order. Every turn of
    #: every night asks for the cards of its kind while cards seldom move (the Cirujano, Wakerfield, a deal
    #: again), so the table is read again only for another board (a new deal, a renaming) or after a rule moved
    #: cards on it, which says so (``board_changed``): comparing the board with a copy at every call cost ~1 k
    #: instructions a call, ~280 calls a game.
    #: With them, each card's option id where it lies (``common.options``): a card's id changes only when it moves;
    #: and the card at each option id (``card_at``).
    kinds_on_board: tuple[list[list[str]], dict[str, tuple[str, ...]], dict[str, str], dict[str, str]] | None = field(
        default=None, compare=False, repr=False
    )
    #: The kinds of cards a night may call at this table (``flow.book_round``): the cards by kind it was read from
    #: (``kinds_on_board``), and those kinds with the players' personalities (and the narrator's Cuentacuentos),
    #: which only change places during a game.
    night_kinds: tuple[dict[str, tuple[str, ...]], frozenset[str]] | None = field(
        default=None, compare=False, repr=False
    )
    #: Who lives on the table, as ``lives`` last read it (``Lives``).
    lives_read: Lives | None = field(default=None, compare=False, repr=False)
    #: The prompt ids' prefix (``prompt_prefix``) and the phase and round it was written for.
    prefix_read: tuple[str, int, str] | None = field(default=None, compare=False, repr=False)
    #: Option ids by (seat, position), written once each (``option``): the players never change.
    option_ids: dict[tuple[int, int], str] = field(default_factory=dict, compare=False, repr=False)

    # --- where cards are --------------------------------------------------------------------------------

    def holder(self, card: str) -> int:
        return self.where[card][0]

    def lives(self) -> Lives:
        """Who lives on the table now, read again only after a rule said it changed (``set_alive``,
        ``set_out``, ``board_changed``) or for another board, ``alive`` or ``out``."""
        known = self.lives_read
        board, alive, out = self.board, self.alive, self.out
        if known is None or known.board is not board or known.alive is not alive or known.out is not out:
            # Read with the builtins (``filter``, ``compress``): the cards are walked in C, not by bytecodes.
            rows = [list(filter(alive.__getitem__, row)) for row in board]
            seats = list(compress(range(len(out)), map(not_, out)))
            holding = [seat for seat in seats if rows[seat]]
            known = self.lives_read = Lives(board, alive, out, rows, seats, holding)
        return known

    def set_alive(self, card: str, alive: bool) -> None:
        """``card`` dies (or comes back to life). The rules write ``alive`` only through here (and ``out`` through
        ``set_out``), so that ``lives`` reads the table again."""
        self.alive[card] = alive
        known = self.lives_read
        place = self.where.get(card)
        if alive or known is None or place is None or known.board is not self.board or known.alive is not self.alive:
            self.lives_read = None
            return
        # A death takes the card out of its row of what ``lives`` read, as reading the table again would (and its
        # seat out of those holding a living card when it was the row's last): a game has ~35 deaths, each
        # followed by a prompt or a check that asks ``lives``, and reading every row again cost more than this.
        row = known.rows[place[0]]
        if card in row:
            row.remove(card)
            known.cards = None
            if not row and place[0] in known.holding:
                known.holding.remove(place[0])

    def set_out(self, seat: int, out: bool) -> None:
        """``seat`` goes out of the game (or comes back in); see ``set_alive``."""
        self.out[seat] = out
        self.lives_read = None

    # The lists below are copies of what ``lives`` read: a caller may change the list it gets. The two asked most
    # (~250 times a game) look at what ``lives`` read themselves, as it would, and call it only to read again: a
    # call less each time.
    def living_cards(self, seat: int) -> list[str]:
        known = self.lives_read
        if known is None or known.board is not self.board or known.alive is not self.alive or known.out is not self.out:
            known = self.lives()
        return list(known.rows[seat])

    def in_game(self, seat: int) -> bool:
        """A player whose life cards are all dead is out of the game (section 3)."""
        return not self.out[seat]

    def seats_in_game(self) -> list[int]:
        known = self.lives_read
        if known is None or known.board is not self.board or known.alive is not self.alive or known.out is not self.out:
            known = self.lives()
        return list(known.seats)

    def seats_holding_cards(self) -> list[int]:
        """The seats in the game that hold a living card: the players a lynching or a power that picks a player may
        point at."""
        return list(self.lives().holding)

    def cards_in_play(self) -> list[str]:
        """Every life card on the table, seat by seat and position by position."""
        return list(chain.from_iterable(self.board))

    def table_cards(self) -> list[str]:
        """The life cards on the table (not in a 2-player reserve)."""
        table = self.table
        return [card for row in self.board for card in row[:table]]

    def find(self, kind: str) -> list[str]:
        """The cards of ``kind`` on the table, in table order."""
        return list(self.found(kind))

    def found(self, kind: str) -> tuple[str, ...]:
        """``find`` as it is kept, for a caller that only reads it: no list made (every turn of every night asks
        for its cards)."""
        known = self.kinds_on_board
        if known is None or known[0] is not self.board:
            known = self._read_board()
        return known[1].get(kind, ())

    def option_of(self) -> dict[str, str]:
        """Each card's option id (``option``) where it lies now."""
        known = self.kinds_on_board
        if known is None or known[0] is not self.board:
            known = self._read_board()
        return known[2]

    def _read_board(
        self,
    ) -> tuple[list[list[str]], dict[str, tuple[str, ...]], dict[str, str], dict[str, str]]:
        """The board read for ``find`` and ``option_of``, kept until it changes (``kinds_on_board``)."""
        board = self.board
        by_kind: dict[str, list[str]] = {}
        ids: dict[str, str] = {}
        for row in board:
            for card in row:
                by_kind.setdefault(KIND_OF[card], []).append(card)
                ids[card] = self.option(card)
        # Tuples: what ``found`` hands out cannot be changed by its caller.
        kinds = {kind: tuple(cards) for kind, cards in by_kind.items()}
        known = self.kinds_on_board = (board, kinds, ids, {option: card for card, option in ids.items()})
        return known

    def board_changed(self) -> None:
        """Cards changed places on the board (or a row was replaced): ``find`` and ``lives`` read the board
        again."""
        self.kinds_on_board = None
        self.lives_read = None

    def option(self, card: str) -> str:
        """A card's option id: ``player:position`` (positions 1 to 4, as the book counts them)."""
        place = self.where[card]
        option = self.option_ids.get(place)
        if option is None:
            option = self.option_ids[place] = f"{self.players[place[0]]}:{place[1] + 1}"
        return option

    def card_at(self, option: str) -> str:
        """The card an option id ``player:position`` names."""
        known = self.kinds_on_board
        if known is not None and known[0] is self.board:
            card = known[3].get(option)
            if card is not None:  # read with the cards by kind (most answers name a card: ~55 a game)
                return card
        player, _, pos = option.rpartition(":")
        return self.board[self.index[player]][int(pos) - 1]

    def moment(self) -> str:
        """This phase as an id: ``n3`` (third night), ``d3`` (third day)."""
        return ("n" if self.phase == "noche" else "d") + str(self.round)

    def tag(self) -> str:
        """The prefix of this moment's prompt ids: ``p`` (before the first night), ``nN``, ``dN``."""
        return self.prompt_prefix()[:-1]

    def prompt_prefix(self) -> str:
        """``tag()`` and the colon that follows it in a prompt id (``n3:``), kept while the phase and round are the
        same: every prompt's id starts with it (~170 a game), and writing the round's number each time cost ~2% of
        a game's CPU time."""
        phase, r = self.phase, self.round
        known = self.prefix_read
        if known is not None and known[1] == r and known[0] == phase:
            return known[2]
        before_the_first_night = phase in ("colocacion", "reparto")
        prefix = "p:" if before_the_first_night else ("n" if phase == "noche" else "d") + str(r) + ":"
        self.prefix_read = (phase, r, prefix)
        return prefix

    # --- who may act ------------------------------------------------------------------------------------

    def can_act(self, card: str) -> bool:
        """A card can use its power: it is alive, on the table (not in a 2-player reserve), its holder is in the
        game, and neither Melancolía nor the Celda de aislamiento (nor Gas de la risa) silenced it this round."""
        place = self.where.get(card)  # one look at the card's place (~150 calls a game)
        if place is None or not self.alive.get(card) or place[1] >= self.table:
            return False
        r = self.round
        # Each silencing is looked up only when some card was ever silenced so (most games never isolate or gas one).
        blocked, isolated, silenced_ = self.melancholy.blocked, self.isolated, self.silenced
        if (
            (blocked and blocked.get(card) == r)
            or (isolated and isolated.get(card) == r)
            or (silenced_ and silenced_.get(card) == r)
        ):
            return False
        seat = place[0]
        if self.out[seat]:
            return False
        if self.custom:
            return not silenced(self, seat, card)
        return True

    def passive(self, card: str) -> bool:
        """A card's passive powers and death powers work: Melancolía cancels them for the round (section 6), and
        with custom cards a custom power may (La Médico's coma)."""
        if self.melancholy.blocked.get(card) == self.round:
            return False
        if self.custom and card in self.where:
            return not silenced(self, self.where[card][0], card, False)
        return True

    def personas(self, seat: int) -> tuple[str, ...]:
        """The personalities ``seat`` uses this round: their own, unless El Arquitecto's Laberinto took it this
        round, and the one the Laberinto gave them."""
        own = self.persona[seat]
        lent = self.lent_persona
        if lent is None or lent[0] != self.round:
            return (own,)
        _, owner, user = lent
        if seat == owner:
            return () if owner != user else (own,)
        if seat == user:
            return (own, self.persona[owner])
        return (own,)

    def has_persona(self, seat: int, persona: str) -> bool:
        if self.lent_persona is None:  # nobody's personality is lent (most games): their own, without a tuple
            return self.persona[seat] == persona
        return persona in self.personas(seat)

    def persona_seat(self, persona: str, acting: bool = True) -> int | None:
        """The seat using the personality ``persona`` this round, if that player is still in the game (and,
        ``acting``, may use it now: with custom cards a custom power may keep them from it)."""
        for seat, card in enumerate(self.persona):
            if card == persona and not self.out[seat]:
                user: int | None = seat
                lent = self.lent_persona
                if lent is not None and lent[0] == self.round and lent[1] == seat:
                    user = lent[2] if not self.out[lent[2]] else None
                if user is not None and acting and self.custom and silenced(self, user, PERSONA):
                    return None
                return user
        return None

    def learn(self, seat: int, card: str) -> None:
        """``seat`` now knows which card ``card`` is."""
        self.known[seat][card] = True

    def left_of(self, seat: int, step: int = 1) -> int | None:
        """The nearest player in the game to the left (``step=1``) or right (``step=-1``) of ``seat``."""
        n = len(self.players)
        for k in range(1, n):
            other = (seat + step * k) % n
            if not self.out[other]:
                return other
        return None
