"""Talk: the channels players write in, as the rules allow, and the messages said in them.

A channel is computed by the game from its state (:meth:`velada.core.game.Game.channels`): who reads it now,
who may write in it now, and who reads it without its authors' names (the Niña spying on the wolves). Which
channels a viewer has, and that a channel exists at all, is hidden information like a card: it reaches a viewer
only in their own view (``view["talk"]``, built here), and a message only reaches the readers its channel had at
the moment it was said. Joining later does not open what was said before (a new mutineer did not hear the last
night's plans); leaving does not take back what one already read.

Talk never changes the game: messages live beside the record of choices, not in the state.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from velada.core.i18n import CORE_MESSAGES
from velada.core.protocol import NARRATOR, PUBLIC, Viewer

if TYPE_CHECKING:
    from velada.core.game import Game, State

#: The longest message, in characters after normalisation; a longer one is refused, never cut.
MAX_TALK = 500
#: Combining marks allowed on one character (a letter with its accent; not a "zalgo" tower).
MAX_MARKS = 2
#: Refused anywhere in a message: control, surrogate, private-use and unassigned code points, line and paragraph
#: separators (newlines are turned into spaces first).
REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Format characters that reorder or hide text (bidirectional overrides and isolates, invisible operators):
#: refused. The joiners that draw emoji (U+200C, U+200D) are allowed.
REFUSED_FORMAT = frozenset(
    {*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200B, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064}
    | {0xFEFF, 0x00AD, 0x061C}
)

DAY = "dia"
DEAD = "muertos"


@dataclass(frozen=True, slots=True)
class Channel:
    """One channel as the rules make it now.

    ``id`` names the channel (``dia``, ``lobos``, ``narrador-3``); ``kind`` its texts (``talk.name.<kind>`` and
    ``talk.rule.<kind>``; the game may give them ``params``). ``readers`` are the player ids (or ``NARRATOR``)
    who receive what is said now, ``writers`` those who may say something now, ``masked`` readers who are shown
    messages without their authors. ``public``: the shared screen (``PUBLIC``) reads it too. The narrator (the
    viewer ``None``) reads every channel.
    """

    id: str
    readers: frozenset[str]
    writers: frozenset[str] = frozenset()
    masked: frozenset[str] = frozenset()
    public: bool = False
    kind: str = ""
    params: tuple[tuple[str, str], ...] = ()

    def reads(self, viewer: Viewer) -> bool:
        if viewer is None:
            return True
        if viewer == PUBLIC:
            return self.public
        return viewer in self.readers

    @property
    def text_kind(self) -> str:
        return self.kind or self.id


def day_channel(players: Iterable[str], writers: Iterable[str], kind: str = "") -> Channel:
    """The day's (or the table's) channel: everybody reads it, the shared screen too; ``writers`` write."""
    return Channel(DAY, frozenset(players), frozenset(writers), public=True, kind=kind)


def dead_channel(dead: Iterable[str]) -> Channel | None:
    """The dead's channel: those out of the game read and write it (they read the day too, never write there)."""
    dead = frozenset(dead)
    return Channel(DEAD, dead, dead) if dead else None


@dataclass(slots=True)
class Message:
    """One thing said. ``n`` numbers it in the table (from 1; never shown to players: it would count the
    messages of channels they do not read). ``readers``, ``masked`` and ``public`` are its channel's at the moment
    it was said. ``moment`` is how many choices the game had then (for the record)."""

    n: int
    channel: str
    author: str
    text: str
    readers: frozenset[str]
    masked: frozenset[str] = frozenset()
    public: bool = False
    moment: int = 0
    deleted: bool = False
    kind: str = ""

    def visible_to(self, viewer: Viewer, finished: bool = False) -> bool:
        """Whether ``viewer`` receives this message. After the end of the game everything is revealed, talk
        included (the downloadable record has it all)."""
        if viewer is None or finished:
            return True
        if viewer == PUBLIC:
            return self.public
        return viewer in self.readers


class TalkError(Exception):
    """A message that cannot be said: ``code`` is a key under ``talk.error.`` in the core catalogue."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.text("es"))

    def text(self, lang: str = "es") -> str:
        return CORE_MESSAGES.text(lang, f"talk.error.{self.code}", **self.params)


def clean(text: object) -> str:
    """The message as it will be stored and shown: Unicode NFKC (like names), every run of spaces and newlines
    one space, none at the ends; refused (:class:`TalkError`) when empty, longer than :data:`MAX_TALK`, or with
    characters that hide or reorder text."""
    if not isinstance(text, str):
        raise TalkError("empty")
    if len(text) > 8 * MAX_TALK:
        raise TalkError("too-long", max=MAX_TALK)
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in REFUSED_CATEGORIES or ord(ch) in REFUSED_FORMAT:
            raise TalkError("bad-char", char=f"U+{ord(ch):04X}")
        marks = marks + 1 if category.startswith("M") else 0
        if marks > MAX_MARKS:
            raise TalkError("bad-char", char=f"U+{ord(ch):04X}")
    if not text:
        raise TalkError("empty")
    if len(text) > MAX_TALK:
        raise TalkError("too-long", max=MAX_TALK)
    return text


def channels(game: Game, state: State) -> list[Channel]:
    """The game's channels now. After the end of the game only the day's stays open, to everybody."""
    if state.result is not None:
        return [day_channel(state.players, state.players, kind="mesa")]
    return [c for c in game.channels(state) if c.readers or c.public]


def find(game: Game, state: State, channel: str, author: str) -> Channel:
    """The channel ``channel`` if ``author`` may write there now. One answer, ``no-channel``, for a channel that
    does not exist and one the author does not read: telling them apart would tell who has which channels."""
    for c in channels(game, state):
        if c.id == channel and (author in c.readers or (author == NARRATOR and channel == DAY)):
            if author not in c.writers and author != NARRATOR:
                raise TalkError("closed")
            return c
    raise TalkError("no-channel")


def names(game: Game, channel: Channel, lang: str) -> tuple[str, str]:
    """The channel's name and rule ("Solo los lobos leen esto"), in ``lang``: the game's catalogue first, then the
    core's."""
    return _names(game, channel.id, channel.text_kind, channel.params, lang)


@functools.lru_cache(maxsize=4096)
def _names(
    game: Game, channel_id: str, text_kind: str, channel_params: tuple[tuple[str, str], ...], lang: str
) -> tuple[str, str]:
    """:func:`names`, worked out once per game, channel texts and language: every view of every viewer asks it
    for each channel it reads (a live table builds a dozen views a choice), and the answer never changes."""
    words = getattr(game, "talk_params", None)
    params = {**(words(lang) if words is not None else {}), **dict(channel_params)}
    texts = []
    for part in ("name", "rule"):
        # A kind may change the rule only (the wolves' with the Niña in the game): the name is then the id's.
        for kind in dict.fromkeys((text_kind, channel_id)):
            key = f"talk.{part}.{kind}"
            catalog = game.catalog if game.catalog.has(lang, key) else CORE_MESSAGES
            if catalog.has(lang, key):
                break
        texts.append(catalog.text(lang, key, **params))
    return texts[0], texts[1]


def view(
    game: Game, state: State, viewer: Viewer, lang: str, found: list[Channel] | None = None
) -> list[dict[str, Any]]:
    """The channels ``viewer`` reads now, as their view shows them: id, name, rule, whether they may write there
    now, and whether authors are hidden from them. Never who else reads it. ``found``: the game's channels now
    (:func:`channels`), when the caller has them already."""
    shown = []
    for c in channels(game, state) if found is None else found:
        if not c.reads(viewer):
            continue
        name, rule = names(game, c, lang)
        write = (c.id == DAY or NARRATOR in c.writers) if viewer is None else viewer in c.writers
        masked = viewer in c.masked
        shown.append({"id": c.id, "name": name, "rule": rule, "write": write, "masked": masked})
    return shown


def heard(game: Game, state: State, viewer: Viewer) -> list[tuple[Hashable, ...]]:
    """What ``viewer`` would receive if everybody who may write said something now: (channel, author as shown),
    sorted, after the channels they have — (channel, its texts' kind and words, whether they write there, whether
    authors are hidden from them), what their view shows of talk. The noninterference check compares it between
    its two worlds like the log: a channel whose existence or whose writers tell a secret is caught there."""
    has: list[tuple[Hashable, ...]] = []
    out: list[tuple[Hashable, ...]] = []
    for c in channels(game, state):
        if c.reads(viewer):
            masked = viewer in c.masked
            write = (c.id == DAY or NARRATOR in c.writers) if viewer is None else viewer in c.writers
            has.append((c.id, c.text_kind, c.params, write, masked))
            out.extend((c.id, None if masked else author) for author in c.writers)
    return [*has, *sorted(out, key=repr)]


def message(game: Game, state: State, n: int, author: str, channel: str, text: Any, moment: int = 0) -> Message:
    """Message number ``n``, said by ``author`` in ``channel`` now, checked (:func:`clean`, :func:`find`): its
    readers are the channel's at this moment. Raises :class:`TalkError`; changes nothing."""
    found = find(game, state, channel, author)
    said = clean(text)
    return Message(n, channel, author, said, found.readers, found.masked, found.public, moment, kind=found.text_kind)


class Talk:
    """Everything said at one table, in order (a live table's memory, ``velada play``'s, a test's)."""

    def __init__(self, messages: Iterable[Message] = ()) -> None:
        self.messages: list[Message] = list(messages)

    def say(self, game: Game, state: State, author: str, channel: str, text: Any, moment: int = 0) -> Message:
        said = message(game, state, len(self.messages) + 1, author, channel, text, moment)
        self.messages.append(said)
        return said

    def received(self, viewer: Viewer, finished: bool = False) -> list[tuple[int, Message]]:
        """The messages ``viewer`` receives, each with its number among them (from 1)."""
        mine = [m for m in self.messages if m.visible_to(viewer, finished)]
        return list(enumerate(mine, 1))

    def json(
        self, viewer: Viewer, finished: bool = False, after: int = 0, channel: str | None = None
    ) -> list[dict[str, Any]]:
        """What ``viewer`` receives after their message number ``after``, in ``channel`` or in all, as JSON."""
        return [
            message_json(m, seq, viewer, finished)
            for seq, m in self.received(viewer, finished)
            if seq > after and (channel is None or m.channel == channel)
        ]

    def record(self) -> list[dict[str, Any]]:
        """The talk for a game's record: each message with its channel, author and moment (number of choices)."""
        return [
            {"channel": m.channel, "player": m.author, "text": None if m.deleted else m.text, "after": m.moment}
            | ({"deleted": True} if m.deleted else {})
            for m in self.messages
        ]


def message_json(message: Message, seq: int, viewer: Viewer, finished: bool = False) -> dict[str, Any]:
    """A message as ``viewer`` receives it: ``seq`` numbers it among the messages this viewer receives (so the
    numbers count nothing hidden); the author is ``None`` for a masked reader, the text ``None`` once deleted."""
    masked = viewer in message.masked and not finished and viewer is not None
    return {
        "seq": seq,
        "channel": message.channel,
        "player": None if masked else message.author,
        "text": None if message.deleted else message.text,
        "deleted": message.deleted,
    }


__all__ = [
    "DAY",
    "DEAD",
    "MAX_TALK",
    "Channel",
    "Message",
    "Talk",
    "TalkError",
    "channels",
    "clean",
    "day_channel",
    "dead_channel",
    "find",
    "heard",
    "message",
    "message_json",
    "names",
    "view",
]
