"""What a Bethlem view holds: the platform's view contract (``velada.core.view``) and this game's own keys beside
it (each player's row of life cards, the announcements the table keeps, the custom mode's objective cards),
declared so that mypy checks ``BethlemGame.view`` against them and the pages (``games/_bethlem-row.html``) read
only these. Plain types: this module sits at the bottom of Bethlem's layers, beside the card data."""

from typing import NotRequired

from typing_extensions import TypedDict

from velada.core.view import GameView, PhaseView, PlayerView, YouView


class BethlemPhaseView(PhaseView):
    """The phase, with its round."""

    round: int


class CardView(TypedDict):
    """One position of a player's row: its card where the viewer may know it (``None``: face down), whether
    it lives, its markers; how the table was told it died; a reserve position (beyond the table's four); for its
    holder and the narrator, which of its powers are spent (``normal``, ``despertar``)."""

    position: int
    alive: bool
    card: str | None
    name: str | None
    markers: list[str]
    cause: NotRequired[str]
    reserve: NotRequired[bool]
    spent: NotRequired[list[str]]


class BethlemPlayerView(PlayerView):
    """A player: still in the game (the contract's ``alive`` says the same), their row of cards, their
    personality where the viewer knows it, how many events they hold, whether the director banned them; with 2
    players, which cards each holds (not where); in custom mode, their objective card where the viewer may see
    it and whether it was revealed."""

    in_game: bool
    cards: list[CardView]
    personality: str | None
    personality_name: str | None
    events: int
    banned: bool
    cards_held: NotRequired[list[str]]
    objective: NotRequired[str | None]
    objective_revealed: NotRequired[bool]
    objective_name: NotRequired[str | None]


class AccusationView(TypedDict):
    """One of John Flick's accusations, told at dawn."""

    round: int
    target: str


class ProphecyView(TypedDict):
    """A prophecy come true: its hidden part, announced then."""

    round: int
    player: str
    consequence: str
    destiny: str


class PardonView(TypedDict):
    """One of Lord Percy's pardons: the lynched card's place."""

    round: int
    player: str
    target: str


class HandsRaisedView(TypedDict):
    """Gas de la risa named a card: who raised a hand for it."""

    round: int
    card: str
    players: list[str]


class TallyView(TypedDict):
    """The last vote's count, as the table saw it: each voter's choice and each option's votes."""

    kind: str
    votes: dict[str, str | None]
    counts: dict[str, int]


class HappeningView(TypedDict):
    """The acontecimiento in force and the round it acts on."""

    id: str
    round: int


class WorldDecksView(TypedDict):
    """El Saltamundos' decks on the table: his world, its cards left, La frontera's cards left."""

    world: str | None
    cards: int
    frontier: int | None


class ArchiveView(TypedDict):
    """What El archivo told the viewer: a player and the positions of their mutineer cards."""

    player: str
    positions: list[int]
    principal: bool


class SightingView(TypedDict):
    """What the viewer saw spying as Ali "la muda": who woke in the turn she watched."""

    turn: str
    players: list[str]


class BethlemYouView(YouView):
    """The viewer's seat: still in the game, their personality, their events, their objective (and its text),
    what the narrator told them alone (El archivo, Historia clínica, Ali's sightings); in custom mode their
    objective card, El Saltamundos' world cards in hand, the traitor's side."""

    in_game: bool
    personality: str
    events: list[str]
    objective: str
    objective_text: str
    archive: list[ArchiveView]
    records: list[dict[str, str | list[str] | None]]
    sightings: list[SightingView]
    objective_card: NotRequired[str]
    world_hand: NotRequired[list[str]]
    traitor_side: NotRequired[str]


class BethlemSecrets(TypedDict):
    """What only the narrator sees: every player's objective, the event deck, the blood pact, the neurotic's
    puppet, tonight's hypnosis; in custom mode the traitors' sides."""

    objectives: dict[str, str]
    deck: list[str]
    pact: list[str] | None
    puppet: str | None
    hypnosis: list[list[str]]
    traitor_sides: NotRequired[dict[str, str]]


class BethlemView(GameView):
    """``BethlemGame.view``: the rows of cards, what the table was told and keeps (accusations, prophecies,
    pardons, the broken pact, raised hands, announced awakenings, the reaper's night, the last tally), the event
    deck's size and discard; in custom mode La Chef's broccoli, what El Relojero took off, the acontecimiento,
    El Saltamundos' decks; the narrator's secrets."""

    phase: BethlemPhaseView
    players: list[BethlemPlayerView]
    you: NotRequired[BethlemYouView]
    accusations: list[AccusationView]
    prophecies_fulfilled: list[ProphecyView]
    pardons: list[PardonView]
    pact_broken: str | None
    hands_raised: list[HandsRaisedView]
    deck: int
    discard: list[str]
    awakenings_announced: list[str]
    reaper_night: int | None
    last_tally: TallyView | None
    broccoli: NotRequired[int]
    relojero_taken_off: NotRequired[list[dict[str, object]] | None]
    happening: NotRequired[HappeningView | None]
    world_decks: NotRequired[WorldDecksView]
    secrets: NotRequired[BethlemSecrets]
