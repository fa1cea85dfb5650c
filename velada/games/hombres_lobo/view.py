"""What a Hombres lobo (and Gauekos) view holds: the platform's view contract (``velada.core.view``) and this
game's own keys beside it, declared so that mypy checks ``WerewolfGame.view`` against them."""

from typing import NotRequired

from typing_extensions import TypedDict

from velada.core.view import CardCountView, GameView, PhaseView, PlayerView, YouView


class WerewolfPhaseView(PhaseView):
    """The phase, with the day it is (the first night is day 0)."""

    day: int


class WerewolfPlayerView(PlayerView):
    """A player: how the table was told they died, whether they are the sheriff and, for a viewer who knows who
    the lovers are, whether they are one."""

    death: str | None
    sheriff: bool
    lover: NotRequired[bool]


class Potions(TypedDict):
    """The Bruja's two potions: whether each is still there."""

    life: bool
    death: bool


class WerewolfYouView(YouView):
    """The viewer's seat: whether they are alive and, for the Bruja, her potions."""

    alive: bool
    potions: NotRequired[Potions]


class WerewolfSecrets(TypedDict):
    """What only the narrator sees: the spare cards, the lovers, the potions, tonight's victim."""

    spare: list[str]
    lovers: list[str] | None
    potions: Potions
    victim: str | None


class WerewolfView(GameView):
    """``WerewolfGame.view``: the narrator's name, the composition, and the narrator's secrets."""

    phase: WerewolfPhaseView
    players: list[WerewolfPlayerView]
    you: NotRequired[WerewolfYouView]
    narrator: str
    cards: list[CardCountView]
    secrets: NotRequired[WerewolfSecrets]
