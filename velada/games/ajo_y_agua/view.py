"""What an Ajo y agua view holds: the platform's view contract (``velada.core.view``) and this game's own keys
beside it, declared so that mypy checks ``AjoGame.view`` against them."""

from typing import NotRequired

from typing_extensions import TypedDict

from velada.core.view import GameView, PhaseView, PlayerView, YouView


class AjoPhaseView(PhaseView):
    """The phase, with its round and turn."""

    round: int
    turn: int


class AjoPlayerView(PlayerView):
    """A player: their house (figura), whether they host or are dying, their equipped cards, how many cards
    they hold in hand and face down for the night."""

    house: str
    house_name: str
    host: bool
    dying: bool
    equipped: list[str]
    hand_size: int
    night_cards: int


class AjoTableView(TypedDict):
    """The middle of the table: the supply's size, the discard, the retired and laid cards, whose turn it is."""

    supply: int
    discard: list[str]
    retired: list[str]
    laid: list[str]
    current: str | None


class AjoYouView(YouView):
    """The viewer's seat: their house, their hand and night cards by card, what their Mirrors showed."""

    house: str
    hand: dict[str, int]
    night: dict[str, int]
    mirrors: list[list[str]]


class AjoSecrets(TypedDict):
    """What only the narrator sees: the Vampire, every hand and night, the supply."""

    vampire: str
    hands: list[dict[str, int]]
    night: list[dict[str, int]]
    supply: list[str]


class AjoView(GameView):
    """``AjoGame.view``: the table's middle, and the narrator's secrets."""

    phase: AjoPhaseView
    players: list[AjoPlayerView]
    you: NotRequired[AjoYouView]
    table: AjoTableView
    secrets: NotRequired[AjoSecrets]
