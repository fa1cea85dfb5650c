"""Server-side rendering: pages and the live fragments pushed over the websocket.

Everything a browser receives about a game comes from :func:`velada.core.engine.build_view` for the viewer of
that connection — a seat's player, or ``PUBLIC`` for the shared screen — and from nothing else. After the end
of a game every viewer gets the narrator's view: the whole log and every card, face up.
"""

from __future__ import annotations

import functools
import itertools
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from jinja2 import Environment, PackageLoader, pass_context, select_autoescape
from markupsafe import Markup, escape

from velada.core import delta as deltas
from velada.core.delta import diff
from velada.core.game import Game
from velada.core.i18n import Catalog
from velada.core.narration import script
from velada.core.protocol import NARRATOR, PUBLIC, Event, Viewer
from velada.web.connection import Connection
from velada.web.store import TableData

MESSAGES = Catalog.load("velada.web")


class ShownTable(Protocol):
    """What the pages show of a table (:class:`velada.web.live.LiveTable`, which sends its sockets what this module
    renders): its seats, game, status, clocks and each viewer's view. Declared here so that rendering knows no
    module above it; the templates read the same (``table.data``, ``table.game``, ``table.status``, the clocks)."""

    @property
    def data(self) -> TableData: ...
    @property
    def game(self) -> Game: ...
    @property
    def state(self) -> Any: ...
    @property
    def status(self) -> str: ...
    def view(self, viewer: Viewer, lang: str) -> dict[str, Any] | None: ...
    def deadline_for(self, viewer: Viewer) -> float | None: ...
    def debate_end_for(self, viewer: Viewer) -> float | None: ...
    def expiry_for(self, viewer: Viewer) -> dict[str, Any] | None: ...


class _ViewEnvironment(Environment):
    """Templates read views, which are dicts: ``p.alive`` looks up the key first (Jinja's default tries the
    attribute first, and pays for an exception at every lookup of a page's thousands)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


env = _ViewEnvironment(
    loader=PackageLoader("velada.web", "templates"),
    autoescape=select_autoescape(["html"]),
    auto_reload=False,  # templates are part of the package: no stat() of each file at every render
)
env.globals["narrator_id"] = NARRATOR
# Names of players to show: the narrator's seat by its title rather than its protocol id.
env.filters["who"] = lambda players, narrator: [narrator if p == NARRATOR else p for p in players]


@functools.lru_cache(maxsize=200_000)
def _log_item(kind: str, to: tuple[str, ...] | None, text: str, narrator_only: str) -> str:
    """One log entry as the page shows it. Entries never change once written, so each is rendered once, and a
    page of a long game costs a join, not a template loop over the whole log."""
    prefix = ""
    if to is not None:
        prefix = f'<span class="to">{escape(", ".join(to)) if to else escape(narrator_only)} ·</span> '
    return f'<li class="event {escape(kind)}">{prefix}{escape(text)}</li>'


def _item(entry: dict[str, Any], narrator_only: str) -> str:
    to = entry.get("to")
    return _log_item(entry["kind"], tuple(to) if to is not None else None, entry["text"], narrator_only)


def log_items(log: list[dict[str, Any]], narrator_only: str) -> Markup:
    """The log's entries, in the order they happened (a tie is read after the votes that caused it)."""
    return Markup("".join(_item(entry, narrator_only) for entry in log))


#: Phases played with the lights off: the screen turns to its night theme (a phase may also say ``theme``).
NIGHT_PHASES = frozenset({"noche", "preparacion"})


def theme(view: dict[str, Any] | None) -> str:
    """The screen's theme for the phase a view shows: ``night``, ``day``, or ``over`` once the game ended."""
    if not view:
        return "day"
    if view.get("result"):
        return "over"
    phase = view.get("phase") or {}
    if phase.get("theme") in ("night", "day"):
        return phase["theme"]
    return "night" if phase.get("id") in NIGHT_PHASES else "day"


def help_index(view: dict[str, Any] | None) -> dict[str, str]:
    """The help entries a view carries (``view["help"]``: what its viewer holds or sees), by the id of the card
    they are about, with and without its kind (``rol:bruja`` and ``bruja``): a page makes that card tappable.
    Only ids the view lists: a card nobody may see has no help on the page, and so no way to name it."""
    found: dict[str, str] = {}
    for entry in (view or {}).get("help") or []:
        help_id = entry["id"]
        found[help_id] = help_id
        found.setdefault(help_id.split(":", 1)[-1], help_id)
    return found


@functools.cache
def game_template(game_id: str) -> str:
    """The template of a game's own part of the page, or the empty one: looked up once per game, as a missing
    template is looked for on disk again at every render."""
    name = f"games/{game_id}.html"
    return name if name in env.list_templates() else "games/_none.html"


#: Page parts that read only a few parts of a view, by what they read: rendered once per distinct content and
#: language, and shared by every viewer whose view has that content (bounded by :data:`SHARED_BUDGET`).
_SHARED: dict[tuple, str] = {}
#: What the shared parts may hold, in bytes, keys included (:func:`held`): the least recently shown go first.
#: A key holds the repr of the view parts its part was rendered from (El ansia's board is ~21 k characters in its
#: three parts, a Bethlem player's rows ~6 k). Replaying the 67 676 lookups of a 200-table ``velada load`` run
#: with a budget of 2 M counted characters (~7 MB held at ~3.6 bytes each) found 97.0% of them, 97.9% with no
#: bound at all (docs/performance.md, engineer M's section): 8 MB is estimated from that, not replayed itself.
SHARED_BUDGET = 8_000_000
_shared_size = 0


def held(key: tuple, part: str) -> int:
    """The bytes a shared part keeps in memory: its text, its key and what the key holds (their own sizes: a text
    with an accent or a dash takes two or four bytes a character)."""
    return sys.getsizeof(part) + _held(key)


def _held(value: Any) -> int:
    """The bytes of a key or of one of its items, a tuple's items counted with it: a skeleton's key holds the
    seats it shows as tuples of tuples (:func:`skeleton_inputs`), ~1.5 KB at 12 seats, which the budget did not
    count while the shared parts of a 200-table server grew to twice it (docs/performance.md, M's memory section
    of 2026-11-25). An object several keys share is counted in each: the budget errs on the safe side."""
    if type(value) is tuple:
        return sys.getsizeof(value) + sum(map(_held, value))
    return sys.getsizeof(value)


def _shared(key: tuple, render: Callable[[], str]) -> str:
    global _shared_size
    found = _SHARED.pop(key, None)
    if found is None:
        found = render()
        _shared_size += held(key, found)
        while _shared_size > SHARED_BUDGET and _SHARED:
            old = next(iter(_SHARED))
            _shared_size -= held(old, _SHARED.pop(old))
    _SHARED[key] = found  # the most recently shown last
    return found


def forget_shared() -> None:
    """Empty the shared parts (tests)."""
    global _shared_size
    _SHARED.clear()
    _shared_size = 0


#: Page parts that change rarely, each with the view's keys it reads (it is given nothing else of the view).
VIEW_PARTS: dict[str, tuple[str, ...]] = {
    "_card.html": ("you", "side", "help"),
    "_cards.html": ("cards", "help"),
    "_help.html": ("help",),
    "_players.html": ("players", "viewer", "help"),
    "games/_bethlem-rows.html": ("players", "viewer", "help"),
}


def view_part(name: str, game: Any, view: dict[str, Any] | None, lang: str) -> Markup:
    """The template ``name`` rendered from its keys of the view only (:data:`VIEW_PARTS`): once per distinct
    content and language, and shared by every viewer and every page whose view has the same — a phase or a
    prompt that changes renders the page again, not its card, its players, its rows of cards or its help."""
    return Markup(_part(name, game, lang, {key: view.get(key) for key in VIEW_PARTS[name]} if view else {}))


def _part(name: str, game: Any, lang: str, part: dict[str, Any], **extra: Any) -> str:
    """The template ``name`` rendered with ``part`` as its view (all it is given of the view) and ``extra`` (what
    it reads besides: a clock, a table's code), once per content."""
    # A help entry is a function of its game, card and language (engine.help_json): its id stands for it.
    content = part | {"help": [h["id"] for h in part["help"] or ()]} if "help" in part else part
    # A view is JSON-ready (dicts, lists, strings, numbers), so its repr names its content; keys come in the order
    # the game writes them, and the same content written in another order is only rendered once more.
    key: tuple = (name, game.id, lang, repr(content))
    if extra:
        key += (repr(extra),)
    template = env.get_template(name)
    return _shared(key, lambda: template.render(t=texts(lang), lang=lang, game=game, view=part, **extra))


def shared_rows(
    name: str, game: Any, lang: str, view: dict[str, Any], help_keys: Callable[[dict[str, Any]], list[Any]]
) -> Markup:
    """One row per player of the view, the template ``name`` rendered for each once per content and language and
    shared by every viewer who sees that player alike: a death or a card shown changes one row, and the list on
    every screen is the other rows looked up. A row is given its player's entry (``view.p``), whether it is the
    viewer's own (``view.me``), and ``view.helps``: the help ids the view carries (:func:`help_index`) for the
    cards ``help_keys`` names in that entry — no other."""
    helps = help_index(view)
    me = view.get("viewer")
    template = env.get_template(name)
    rows = []
    for p in view.get("players") or ():
        row: dict[str, Any] = {
            "p": p,
            "me": p.get("id") == me,
            "helps": {key: helps[key] for key in help_keys(p) if key in helps},
        }
        # The entry's repr names its content (plain values from the game's view, in the order it writes them).
        key = (name, game.id, lang, row["me"], repr(row["helps"]), repr(p))
        rows.append(_shared(key, functools.partial(template.render, t=texts(lang), lang=lang, game=game, view=row)))
    return Markup("".join(rows))


def player_rows(game: Any, lang: str, view: dict[str, Any]) -> Markup:
    """The rows of the players' list (``_player.html``: :func:`shared_rows`)."""
    return shared_rows("_player.html", game, lang, view, lambda p: [p.get("role")])


def bethlem_rows(game: Any, lang: str, view: dict[str, Any]) -> Markup:
    """Bethlem's rows of cards, one per player (``games/_bethlem-row.html``: :func:`shared_rows`)."""
    return shared_rows(
        "games/_bethlem-row.html",
        game,
        lang,
        view,
        lambda p: [p.get("personality"), *(c.get("card") for c in p.get("cards") or ())],
    )


def ansia_spaces(game: Any, view: dict[str, Any], lang: str) -> Markup:
    """El ansia's board without its pieces: the routes and the spaces with the chests left (read: the chests)."""
    board = view.get("board") or {}
    return Markup(_part("games/_el-ansia-spaces.html", game, lang, {"board": {"chests": board.get("chests")}}))


def ansia_pieces(game: Any, view: dict[str, Any], lang: str) -> Markup:
    """El ansia's pieces: the vampires, the moon, the roses and the tavern, the same on every screen; the
    viewer's own vampire is marked in its copy afterwards."""
    board = view.get("board") or {}
    pieces = _part(
        "games/_el-ansia-pieces.html",
        game,
        lang,
        {
            "board": {key: board.get(key) for key in ("stacks", "roses", "tavern")},
            "phase": {"moon": (view.get("phase") or {}).get("moon")},
        },
    )
    me = view.get("viewer")
    if me is not None:
        mark = f'<g class="vampire" data-player="{escape(me)}">'
        pieces = pieces.replace(mark, f'<g class="vampire me" data-player="{escape(me)}">', 1)
    return Markup(pieces)


def ansia_zone(game: Any, view: dict[str, Any], lang: str) -> Markup:
    """El ansia's hunting zone and the cards in play."""
    return Markup(_part("games/_el-ansia-zone.html", game, lang, {"zone": view.get("zone"), "play": view.get("play")}))


def ansia_board(game: Any, view: dict[str, Any], lang: str) -> Markup:
    """El ansia's board and hunting zone: every seat and the shared screen see the same, so each of its three
    parts is rendered once per change of what it reads (the key is all the template is given) — the spaces
    when a chest is taken, the pieces (vampires, moon, roses, tavern) at each move, the zone at each hunt; the
    viewer's own vampire is marked in its copy afterwards. A live page gets them as three page parts."""
    return Markup(ansia_spaces(game, view, lang) + ansia_pieces(game, view, lang) + ansia_zone(game, view, lang))


@dataclass(frozen=True)
class PagePart:
    """A part of a game's page: a template that reads only ``keys`` of the view (it is given nothing else of it;
    ``"board.chests"`` names a key inside one) and the table's ``inputs`` for the page's viewer (:data:`INPUTS`).
    A live page is its skeleton with a slot for each part, and each part is sent apart when its keys of the view
    (its delta says so) or its inputs changed: a change costs the parts it touched, rendered once per content and
    language (:func:`_part`), not a page. ``draw``, if given, renders it instead of the template alone; a part
    made of shared rows (:func:`shared_rows`) is not ``cached`` whole: its rows are, and keying the whole list
    would cost more than putting its rows together again."""

    template: str
    keys: tuple[str, ...]
    inputs: tuple[str, ...] = ()
    draw: Callable[[Any, dict[str, Any], str], Markup] | None = None
    cached: bool = True

    @functools.cached_property
    def roots(self) -> frozenset[str]:
        """The view's top-level keys it reads: a part whose roots did not change did not change."""
        return frozenset(key.split(".", 1)[0] for key in self.keys)

    @functools.cached_property
    def nested(self) -> bool:
        """Whether it reads keys inside a key: then a change of that key may leave the part as it was."""
        return any("." in key for key in self.keys)

    def part(self, view: dict[str, Any] | None) -> dict[str, Any]:
        """All it is given of ``view``: its keys (those inside a key, inside a dict of that key)."""
        if not view:
            return {}
        if not self.nested:
            return {key: view.get(key) for key in self.keys}
        found: dict[str, Any] = {}
        for key in self.keys:
            root, _, inner = key.partition(".")
            if inner:
                found.setdefault(root, {})[inner] = (view.get(root) or {}).get(inner)
            else:
                found[root] = view.get(root)
        return found


def _clock(table: Any, viewer: Viewer) -> dict[str, Any]:
    """The clock a viewer is shown: its deadline, and when the day's debate ends (there is no debate's end without
    a deadline: the table is asked for the deadline once)."""
    deadline = table.deadline_for(viewer)
    return {"deadline": deadline, "debate_end": None if deadline is None else table.debate_end_for(viewer)}


def _alive(view: dict[str, Any] | None) -> bool | None:
    """Whether the view's own player is alive (None: the viewer has no seat among its players)."""
    me = (view or {}).get("viewer")
    found = next((p for p in (view or {}).get("players") or () if p.get("id") == me), None)
    return None if found is None else bool(found.get("alive"))


#: What parts read besides their keys of the view, by name: each a function of the table, the page's viewer and
#: the view giving the template's variables — the table's clocks, status and code, and what a part reads of a
#: key that changes far more often than it (whether the viewer is alive, not the whole list of players).
INPUTS: dict[str, Callable[[Any, Viewer, Any], dict[str, Any]]] = {
    "clock": lambda table, viewer, view: _clock(table, viewer),
    "expiry": lambda table, viewer, view: {"expiry": table.expiry_for(viewer), "clock_viewer": viewer},
    "status": lambda table, viewer, view: {"status": table.status},
    "code": lambda table, viewer, view: {"code": table.data.code},
    "alive": lambda table, viewer, view: {"alive": _alive(view)},
}

#: The parts of the phone's page (_seat.html), the shared screen's and the narrator's (_host.html), by name.
PAGE_PARTS: dict[str, PagePart] = {
    "phase": PagePart("_phase.html", ("phase",), ("clock",)),
    "screen-phase": PagePart("_phase.html", ("phase",), ("clock", "status")),
    "result": PagePart("_result.html", ("result",), ("code",)),
    "dead": PagePart("_dead.html", ("result",), ("alive",)),
    "timeout": PagePart("_timeout.html", (), ("expiry",)),
    "prompts": PagePart("_prompts.html", ("prompts", "result"), ("alive",)),
    "waiting": PagePart("_waiting.html", ("waiting", "result")),
    "narrator-prompts": PagePart("_narrator_prompts.html", ("prompts",)),
    "open-prompts": PagePart("_open_prompts.html", ("prompts",)),
    "talk": PagePart("_talk_channels.html", ("talk",)),
    "card": PagePart("_card.html", VIEW_PARTS["_card.html"]),
    "cards": PagePart("_cards.html", VIEW_PARTS["_cards.html"]),
    "players": PagePart("_players.html", VIEW_PARTS["_players.html"], cached=False),
    "help": PagePart("_help.html", VIEW_PARTS["_help.html"]),
    # The games' own parts (templates/games/<game>.html puts them in the page).
    "bethlem-rows": PagePart("games/_bethlem-rows.html", VIEW_PARTS["games/_bethlem-rows.html"], cached=False),
    "ansia-spaces": PagePart("games/_el-ansia-spaces.html", ("board.chests",), draw=ansia_spaces),
    "ansia-pieces": PagePart(
        "games/_el-ansia-pieces.html",
        ("board.stacks", "board.roses", "board.tavern", "phase.moon", "viewer"),
        draw=ansia_pieces,
    ),
    "ansia-zone": PagePart("games/_el-ansia-zone.html", ("zone", "play"), draw=ansia_zone),
}

#: The parts the page's script draws itself (``static/parts.js``, the same html as these templates) from the view
#: it rebuilds from its deltas and the inputs it is sent as data (:func:`client_inputs`): a push renders none of
#: them. The games' own parts (Bethlem's rows, El ansia's board) and the talk channels are still rendered here,
#: once per content and shared (:func:`_part`). A page read without its script renders them all in place.
CLIENT_PARTS = frozenset(
    {
        "phase",
        "screen-phase",
        "result",
        "dead",
        "timeout",
        "prompts",
        "waiting",
        "narrator-prompts",
        "open-prompts",
        "card",
        "cards",
        "players",
        "help",
    }
)

#: The catalogue's texts the page's script draws its parts and log entries with, sent once per connection.
CLIENT_TEXTS = (
    "table.answered",
    "table.answered-skip",
    "table.confirm",
    "table.dead",
    "table.download",
    "table.help",
    "table.help-for",
    "table.narrator-only",
    "table.narrator-prompts",
    "table.nothing-to-do",
    "table.open-prompts",
    "table.players",
    "table.result",
    "table.skip",
    "table.status-finished",
    "table.status-lobby",
    "table.status-playing",
    "table.step-debate",
    "table.step-vote",
    "table.the-narrator",
    "table.timeout-mine",
    "table.timeout-public-many",
    "table.timeout-public-one",
    "table.waiting",
    "table.winners",
    "table.you-are",
    "table.you-died",
    "table.you-died-help",
    "table.your-card",
    "table.your-side",
)


@functools.cache
def client_texts(lang: str) -> dict[str, str]:
    """:data:`CLIENT_TEXTS` in ``lang``, as templates (``{name}`` left to fill): the page's own words, public."""
    return {key: MESSAGES.text(lang, key) for key in CLIENT_TEXTS}


#: The inputs the client parts read (:data:`INPUTS`), but whether the viewer is alive, which the script reads from
#: the view it has.
CLIENT_INPUTS = ("clock", "expiry", "status", "code")
#: The template variables each of them gives.
INPUT_KEYS = {
    "clock": ("deadline", "debate_end"),
    "expiry": ("expiry", "clock_viewer"),
    "status": ("status",),
    "code": ("code",),
}


def client_inputs(table: Any, viewer: Viewer, view: dict[str, Any] | None) -> dict[str, Any]:
    """What the client parts read besides the view, for ``viewer``: its clocks, the expiry notice it may see, the
    table's status and code — the same values the templates are given (:func:`part_inputs`), sent as data."""
    found: dict[str, Any] = {}
    for name in CLIENT_INPUTS:
        found.update(INPUTS[name](table, viewer, view))
    return found


def browser_part(name: str, game: Any, view: dict[str, Any] | None, inputs: dict[str, Any], lang: str) -> str:
    """The client part ``name`` as the page's script draws it from ``view`` and ``inputs`` (what the connection
    was sent), by the server's own template: tests read the live page through this (the browser test checks
    that ``parts.js`` draws the same)."""
    if view is None:
        return ""
    spec = PAGE_PARTS[name]
    given = {key: inputs.get(key) for group in spec.inputs if group != "alive" for key in INPUT_KEYS[group]}
    if "alive" in spec.inputs:
        given["alive"] = _alive(view)
    return _part(spec.template, game, lang, spec.part(view), **given)


def part_inputs(
    spec: PagePart, table: Any, viewer: Viewer, view: dict[str, Any] | None, known: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What the part reads besides its keys, for ``viewer`` (a seat's player, PUBLIC, None for the narrator);
    ``known``: the inputs already worked out for this viewer and view, by name (each is worked out once)."""
    if not spec.inputs:
        return {}
    found: dict[str, Any] = {}
    for name in spec.inputs:
        values = known.get(name) if known is not None else None
        if values is None:
            values = INPUTS[name](table, viewer, view)
            if known is not None:
                known[name] = values
        found.update(values)
    return found


def render_part(name: str, table: Any, viewer: Viewer, view: dict[str, Any] | None, lang: str) -> Markup:
    """The part ``name`` of ``viewer``'s page, from its keys of the view and its inputs only."""
    game = table.game
    spec = PAGE_PARTS[name]
    part = spec.part(view)
    if spec.draw is not None:
        return spec.draw(game, part, lang)
    inputs = part_inputs(spec, table, viewer, view)
    if not spec.cached:
        template = env.get_template(spec.template)
        return Markup(template.render(t=texts(lang), lang=lang, game=game, view=part, **inputs))
    return Markup(_part(spec.template, game, lang, part, **inputs))


@pass_context
def part(context: Any, name: str, fill: bool = False) -> Markup:
    """A page part in a page template: rendered in place, or on a live page's skeleton (``slotted``) its slot
    (:data:`SLOT`) — a marker the page's script replaces with the part, or with ``fill`` an element it fills (who
    is still to vote: it changes at each vote, and the page stays as it is)."""
    if context.get("slotted"):
        return Markup(f'<div data-part="{name}"></div>' if fill else f"<!--part:{name}-->")
    return render_part(name, context["table"], context["page_viewer"], context["view"], context["lang"])


env.globals["part"] = part
env.globals["log_items"] = log_items
env.globals["view_part"] = view_part
env.globals["player_rows"] = player_rows
env.globals["bethlem_rows"] = bethlem_rows
env.globals["game_template"] = game_template
env.globals["theme"] = theme
env.globals["help_index"] = help_index


def texts(lang: str):
    def t(key: str, **params: Any) -> str:
        return MESSAGES.text(lang, key, **params)

    return t


def page(name: str, lang: str, **context: Any) -> str:
    return env.get_template(name).render(t=texts(lang), lang=lang, **context)


#: How many join links' QR codes are kept: enough for every lobby of a busy server filling at once (the load test
#: opens 200), not every table since the start (1024 codes of ~9.5 KB each held ~9.5 MB for good).
QR_KEPT = 256


@functools.lru_cache(maxsize=QR_KEPT)
def qr_svg(url: str) -> str:
    """The QR code of a join link, as SVG: ~5 ms of CPU (the encoder tries eight masks), and the shared screen
    shows it again at every seat taken in its lobby; the same link always gives the same code."""
    # segno, not qrcode: qrcode imports PIL and xml.etree for its drawers (4.5 MB a serving process against 1.2)
    # and drew a square a module (~9.5 KB a code against ~1.5 in lines). Imported here: for the lobby screens
    # only. A full QR code, never a Micro QR (which many phones' cameras do not read); sized by the page's CSS.
    import segno

    return segno.make_qr(url, error="m").svg_inline(border=2, omitsize=True, svgclass="qr-code", lineclass=None)


def game_view(table: ShownTable, viewer: Viewer, lang: str) -> dict[str, Any] | None:
    """The view a connection may see: its own, or after the end the narrator's (everything is revealed)."""
    state = table.state
    if state is None:
        return None
    if state.result is not None:
        everything = table.view(None, lang)
        return None if everything is None else everything | {"viewer": viewer, "prompts": []}
    return table.view(viewer, lang)


_UNSET: Any = object()


def seat_fragment(
    table: ShownTable,
    viewer: str,
    lang: str,
    view: dict[str, Any] | None = _UNSET,
    live: bool = False,
    slotted: bool = False,
) -> str:
    """A player's page. ``live``: for the socket, whose messages bring the log entries apart; ``slotted``: its
    skeleton, each page part a slot (see :func:`payload`)."""
    seat = next(s for s in table.data.seats if s.name == viewer)
    if view is _UNSET:
        view = game_view(table, viewer, lang)
    return env.get_template("_seat.html").render(
        t=texts(lang),
        lang=lang,
        table=table,
        game=table.game,
        seat=seat,
        view=view,
        live=live,
        slotted=slotted,
        page_viewer=viewer,
    )


def host_fragment(
    table: ShownTable,
    lang: str,
    join_url: str,
    is_host: bool = False,
    narrator: bool = False,
    view: dict[str, Any] | None = _UNSET,
    live: bool = False,
    slotted: bool = False,
) -> str:
    """The shared screen (or the narrator's seat). ``live`` and ``slotted`` as for :func:`seat_fragment`."""
    viewer = None if narrator else PUBLIC
    if view is _UNSET:
        view = game_view(table, viewer, lang)
    return env.get_template("_host.html").render(
        t=texts(lang),
        lang=lang,
        table=table,
        game=table.game,
        view=view,
        narrator=narrator,
        join_url=join_url,
        qr=qr_svg(join_url) if table.status == "lobby" else "",
        is_host=is_host,
        live=live,
        slotted=slotted,
        page_viewer=viewer,
    )


def speech_lines(table: ShownTable, conn: Connection) -> list[str]:
    """What the narrator says aloud since the connection last heard: the game's script for the public events
    (:func:`velada.core.narration.script`: each call as its step begins, the deaths at dawn, a vote's outcome)."""
    if not conn.is_host or conn.viewer is None:
        return []
    state = table.state
    if state is None:
        return []
    since = conn.spoken
    conn.spoken = max(since, _public_count(conn, state.log))
    if since >= conn.spoken:
        return []  # nothing new: the script would close the last call again
    return script(table.game, state, conn.lang, since=since)


def _public_count(conn: Connection, log: list[Event]) -> int:
    """How many of ``log``'s events are public (as many as :func:`velada.core.narration.public_events` lists),
    counted on from where this connection last counted while the log only grew (the same event last, more after
    it): each event is looked at once, not the whole log at every push (a late game's log is hundreds of events)."""
    known = conn.counted
    if known is not None and known[0] <= len(log) and (known[0] == 0 or log[known[0] - 1] is known[2]):
        start, count = known[0], known[1]
    else:
        start, count = 0, 0
    count += sum(1 for event in itertools.islice(log, start, None) if event.visible_to(PUBLIC))
    conn.counted = (len(log), count, log[-1] if log else None)
    return count


def skeleton(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """All a live page's skeleton is given of the view: whether the game ended, the phase's theme (night, day) and
    whose view it is; the rest of the view is in its parts, and the log's entries come apart."""
    if view is None:
        return None
    return {"result": bool(view.get("result")) or None, "phase": {"theme": theme(view)}, "viewer": view.get("viewer")}


def skeleton_inputs(
    table: ShownTable, view: dict[str, Any] | None, seats: tuple | None = None, status: str | None = None
) -> tuple[Any, ...]:
    """What a live page's skeleton shows: the table's status and seats (``status`` and ``seats``, if already worked
    out: :func:`seats_shown`), and :func:`skeleton`'s result and theme. It is rendered and sent again only when one
    of these changes (before a game, with no view, the skeleton is the whole page)."""
    return (
        table.status if status is None else status,
        seats_shown(table) if seats is None else seats,
        None if view is None else (bool(view.get("result")) or None, theme(view)),
    )


def seats_shown(table: ShownTable) -> tuple:
    """What a skeleton shows of the seats."""
    return tuple((s.position, s.name, bool(s.bot)) for s in table.data.seats)


_NEVER: Any = object()
#: A delta that touched nothing (one constant: ``frozenset[str]()`` made a generic alias, then the set, at every
#: message).
_NOTHING_TOUCHED: frozenset[str] = frozenset()


#: A slot of a live page's skeleton (see :func:`part`): a marker, or an element the page's script fills.
SLOT = re.compile(r'<!--part:([\w-]+)-->|<div data-part="([\w-]+)"></div>')


def _skeleton(
    table: ShownTable, conn: Connection, view: dict[str, Any] | None, seen: Any, shared: dict[Any, Any] | None = None
) -> tuple[str, list[str]]:
    """The live page's skeleton for ``conn`` and the parts it has slots for that the server renders (the others
    are the script's: :data:`CLIENT_PARTS`). A game's skeleton is the same on
    every phone of the table (it shows no seat: the rest is in the parts), so it is rendered once for all of them
    per change of :func:`skeleton_inputs`; before a game (no view) it is the whole page, each phone's own. Its
    slots are read out of it once per push (``shared``), not once per phone."""
    if view is None:
        if conn.viewer in (PUBLIC, None):
            return host_fragment(table, conn.lang, conn.join_url, conn.is_host, conn.viewer is None, None, True), []
        return seat_fragment(table, conn.viewer, conn.lang, view=None, live=True), []
    bones = skeleton(view)
    if conn.viewer in (PUBLIC, None):
        narrator = conn.viewer is None

        def draw() -> str:
            return host_fragment(table, conn.lang, conn.join_url, conn.is_host, narrator, bones, True, slotted=True)
    else:
        viewer = conn.viewer

        def draw() -> str:
            return seat_fragment(table, viewer, conn.lang, view=bones, live=True, slotted=True)

    kind = conn.viewer if conn.viewer in (PUBLIC, None) else "seat"
    key = ("skeleton", table.data.code, conn.lang, kind, conn.is_host, conn.join_url, seen)
    html = _shared(key, draw)
    slots = shared.get(key) if shared is not None else None
    if slots is None or slots[0] is not html:
        slots = (html, [name for a, b in SLOT.findall(html) if (name := a or b) not in CLIENT_PARTS])
        if shared is not None:
            shared[key] = slots
    return html, slots[1]


#: The key of what every message of a push reads of the table alike, in the push's ``shared`` (the audiences' keys
#: are tuples).
_FACTS = "facts"


def _audience(table: ShownTable, conn: Connection, shared: dict[Any, Any] | None) -> dict[str, Any]:
    """What :func:`payload` works out once for every connection of ``conn``'s audience (viewer, language, screen):
    its view, what its skeleton shows, the client parts' inputs and its clock, and the parts, deltas and skeleton
    as they are rendered for it. The table's status and seats are read once per push (``shared``)."""
    facts = shared.get(_FACTS) if shared is not None else None
    if facts is None:
        facts = (table.status, seats_shown(table))
        if shared is not None:
            shared[_FACTS] = facts
    view = game_view(table, conn.viewer, conn.lang)
    client = None if view is None else client_inputs(table, conn.viewer, view)
    return {
        "view": view,
        "seen": skeleton_inputs(table, view, facts[1], facts[0]),
        # The message's clock is the client parts' (the same viewer's deadline), asked of the table once.
        "deadline": table.deadline_for(conn.viewer) if client is None else client["deadline"],
        "html": None,
        "slots": [],
        "inputs": {},
        "values": {},
        "candidates": {},
        "parts": {},
        "deltas": {},
        "client": client,
    }


#: The parts the server renders that a change of the waiting list alone could send again (those reading it, or
#: reading inputs): a connection with a slot for one gets its message the full way (:func:`payload`), not as
#: :func:`waiting_message`.
WAITING_PARTS = frozenset(
    name for name, spec in PAGE_PARTS.items() if name not in CLIENT_PARTS and (spec.inputs or "waiting" in spec.roots)
)


def waiting_message(status: str, deadline: float | None, waiting: list[str]) -> dict[str, Any]:
    """The message :func:`payload` makes, without its number, for a connection whose view changed in who is still
    to answer (``waiting``) only, when its skeleton, its parts and their inputs are as it was sent them and it has
    nothing to hear aloud: the table sends it worked out and encoded once for everybody who sees the same list
    (velada.web.live.LiveTable._quick)."""
    return {
        "type": "state",
        "status": status,
        "deadline": deadline,
        "delta": {"set": {"waiting": waiting}, "unset": []},
        "speech": [],
    }


def payload(table: ShownTable, conn: Connection, shared: dict[Any, Any] | None = None) -> dict[str, Any]:
    """The message one connection gets after a change, without its number (the table numbers what it sends on
    each connection, and sends nothing when this message says nothing new).

    It carries only what this connection has not seen: the view as a delta from the one it has
    (:mod:`velada.core.delta`, its new log entries included); the page's skeleton (``html``, :func:`skeleton`)
    only when it changed, with the page's words the script draws with (``texts``, :func:`client_texts`) the first
    time; the inputs of the parts the script draws (``inputs``, :func:`client_inputs`) when they changed; and the
    page parts the server renders (``parts``, :data:`PAGE_PARTS` but :data:`CLIENT_PARTS`) whose keys of the view
    or whose inputs changed since this connection was last sent them. Each is computed once for every connection
    that shows the same thing (the same viewer in the same language: several shared screens, a player's two
    tabs) through ``shared``."""
    key = (conn.viewer, conn.lang, conn.is_host, conn.join_url)
    entry = shared.get(key) if shared is not None else None
    if entry is None:
        entry = _audience(table, conn, shared)
        if shared is not None:
            shared[key] = entry
    view = entry["view"]
    message: dict[str, Any] = {"type": "state", "status": entry["seen"][0], "deadline": entry["deadline"]}
    if conn.seen is None or conn.seen != entry["seen"]:
        if entry["html"] is None:
            entry["html"], entry["slots"] = _skeleton(table, conn, view, entry["seen"], shared)
        message["html"] = entry["html"]
        if not conn.texts:
            message["texts"] = client_texts(conn.lang)
            conn.texts = True
        conn.seen = entry["seen"]
        conn.slots = entry["slots"]
    if entry["client"] is not None and entry["client"] != conn.inputs:
        message["inputs"] = conn.inputs = entry["client"]
    # The view (its log included) as a delta from what this connection has, the same for every connection of
    # this audience that has the same view.
    delta, touched = None, _NOTHING_TOUCHED
    if view is not None:
        found = entry["deltas"].get(id(conn.view))
        if found is None:
            delta = diff(conn.view, view)
            touched = deltas.touched(delta)
            found = entry["deltas"][id(conn.view)] = (delta, touched)
        delta, touched = found
    conn.view = view
    # The parts whose keys or inputs changed for this connection (all of them after a new skeleton: its slots may
    # be new to it). Only the parts that read a key the delta touched, or inputs, can have changed.
    if "html" in message:
        candidates = conn.slots
    else:
        candidates = entry["candidates"].get(touched)
        if candidates is None:
            candidates = entry["candidates"][touched] = [
                name for name in conn.slots if PAGE_PARTS[name].inputs or not touched.isdisjoint(PAGE_PARTS[name].roots)
            ]
    changed = {}
    for name in candidates:
        spec = PAGE_PARTS[name]
        inputs = entry["inputs"].get(name)
        if inputs is None:
            inputs = entry["inputs"][name] = part_inputs(spec, table, conn.viewer, view, entry["values"])
        sent = conn.parts.get(name, _NEVER)
        if sent is not _NEVER and sent[0] == inputs:
            if touched.isdisjoint(spec.roots):
                continue
            if spec.nested and sent[1] == spec.part(view):
                continue  # the key changed elsewhere than where the part reads it
        found = entry["parts"].get(name)
        if found is None:
            found = entry["parts"][name] = render_part(name, table, conn.viewer, view, conn.lang)
        changed[name] = found
        conn.parts[name] = (inputs, spec.part(view) if spec.nested else None)
    if changed:
        message["parts"] = changed
    message["delta"] = delta
    message["speech"] = speech_lines(table, conn)
    return message
