"""What an El ansia view holds: the platform's view contract (``velada.core.view``) and this game's own keys
beside it (the board, the hunting zone…), declared so that mypy checks ``AnsiaGame.view`` against them."""

from typing import NotRequired

from typing_extensions import TypedDict

from velada.core.view import GameView, PhaseView, PlayerView, YouView


class AnsiaPhaseView(PhaseView):
    """The phase, with the moon's turn (the game is one night: its theme is always ``night``)."""

    moon: int


class AnsiaPlayerView(PlayerView):
    """A player: their vampire, where it is, their score and their piles; once the game is over, their missions."""

    vampire: str
    space: str
    home: bool
    score: int
    hand_size: int
    deck_size: int
    discard: list[str]
    permanents: list[str]
    digested: list[str]
    tokens: list[str]
    used_tokens: list[str]
    missions: int
    used_missions: list[str]
    missions_list: NotRequired[list[str]]


class AnsiaBoardView(TypedDict):
    """The board: the vampires on each space, the chests (``?`` while closed), the roses, the tavern's size,
    the castle's tiles."""

    stacks: dict[str, list[str]]
    chests: dict[str, str | None]
    roses: list[str]
    tavern: int
    castle_tiles: list[int]


class AnsiaYouView(YouView):
    """The viewer's seat: their hand and their missions."""

    hand: list[str]
    missions: list[str]


class AnsiaSecrets(TypedDict):
    """What only the narrator sees: every hand and mission, the tavern, the chests, the crypts."""

    hands: list[list[str]]
    missions: list[list[str]]
    tavern: list[str]
    chests: dict[str, str | None]
    crypts: dict[str, list[str]]


class AnsiaView(GameView):
    """``AnsiaGame.view``: the board, the hunting zone, the decks' sizes, the missions in view, the cards in play,
    whose turn it is and who rests; and the narrator's secrets."""

    phase: AnsiaPhaseView
    players: list[AnsiaPlayerView]
    you: NotRequired[AnsiaYouView]
    board: AnsiaBoardView
    zone: list[list[list[str]]]
    hunt_deck: int
    public_missions: list[str]
    crypts: dict[str, int]
    play: list[str]
    current: str | None
    resting: list[str]
    secrets: NotRequired[AnsiaSecrets]
