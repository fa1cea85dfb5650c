"""Server-side rendering: pages and the live fragments pushed over the websocket.

Everything a browser receives about a game comes from :func:`velada.core.engine.build_view` for the viewer of
that connection — a seat's player, or ``PUBLIC`` for the shared screen — and from nothing else. After the end
of a game every viewer gets the narrator's view: the whole log and every card, face up.
"""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable
from typing import Any, Protocol

import qrcode
import qrcode.image.svg
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from velada.core.delta import LOG, diff
from velada.core.game import Game
from velada.core.i18n import Catalog
from velada.core.narration import public_events, script
from velada.core.protocol import NARRATOR, PUBLIC, Viewer
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


def ansia_card(cid: str) -> Any:
    """El ansia's card ``cid`` as its data has it (its speed and points, shown in the hunting zone: public)."""
    from velada.games.el_ansia.data import CARDS

    return CARDS[cid]


@functools.cache
def game_template(game_id: str) -> str:
    """The template of a game's own part of the page, or the empty one: looked up once per game, as a missing
    template is looked for on disk again at every render."""
    name = f"games/{game_id}.html"
    return name if name in env.list_templates() else "games/_none.html"


#: Page parts that read only a few parts of a view, by what they read: rendered once per distinct content and
#: language, and shared by every viewer whose view has that content (bounded by :data:`SHARED_BUDGET`).
_SHARED: dict[tuple, str] = {}
#: What the shared parts may hold, in characters (El ansia's board is ~21 k in its three parts, a Bethlem player's
#: rows ~6 k): the least recently shown go first.
SHARED_BUDGET = 8_000_000
_shared_size = 0


def _shared(key: tuple, render: Callable[[], str]) -> str:
    global _shared_size
    found = _SHARED.pop(key, None)
    if found is None:
        found = render()
        _shared_size += len(found)
        while _shared_size > SHARED_BUDGET and _SHARED:
            _shared_size -= len(_SHARED.pop(next(iter(_SHARED))))
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


def _part(name: str, game: Any, lang: str, part: dict[str, Any]) -> str:
    """The template ``name`` rendered with ``part`` as its view (all it is given of the view), once per content."""
    # A help entry is a function of its game, card and language (engine.help_json): its id stands for it.
    content = part | {"help": [h["id"] for h in part["help"] or ()]} if "help" in part else part
    key = (name, game.id, lang, json.dumps(content, sort_keys=True, default=str))
    template = env.get_template(name)
    return _shared(key, lambda: template.render(t=texts(lang), lang=lang, game=game, view=part))


def ansia_board(game: Any, view: dict[str, Any], lang: str) -> Markup:
    """El ansia's board and hunting zone: every seat and the shared screen see the same, so each of its three
    parts is rendered once per change of what it reads (the key is all the template is given) — the spaces
    when a chest is taken, the pieces (vampires, moon, roses, tavern) at each move, the zone at each hunt; the
    viewer's own vampire is marked in its copy afterwards."""
    board = view.get("board") or {}
    spaces = _part("games/_el-ansia-spaces.html", game, lang, {"board": {"chests": board.get("chests")}})
    pieces = _part(
        "games/_el-ansia-pieces.html",
        game,
        lang,
        {
            "board": {key: board.get(key) for key in ("stacks", "roses", "tavern")},
            "phase": {"moon": (view.get("phase") or {}).get("moon")},
        },
    )
    zone = _part("games/_el-ansia-zone.html", game, lang, {"zone": view.get("zone"), "play": view.get("play")})
    me = view.get("viewer")
    if me is not None:
        mark = f'<g class="vampire" data-player="{escape(me)}">'
        pieces = pieces.replace(mark, f'<g class="vampire me" data-player="{escape(me)}">', 1)
    return Markup(spaces + pieces + zone)


env.globals["log_items"] = log_items
env.globals["ansia_board"] = ansia_board
env.globals["view_part"] = view_part
env.globals["game_template"] = game_template
env.globals["ansia_card"] = ansia_card
env.globals["theme"] = theme
env.globals["help_index"] = help_index


def texts(lang: str):
    def t(key: str, **params: Any) -> str:
        return MESSAGES.text(lang, key, **params)

    return t


def page(name: str, lang: str, **context: Any) -> str:
    return env.get_template(name).render(t=texts(lang), lang=lang, **context)


def qr_svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue().decode()


def game_view(table: ShownTable, viewer: str, lang: str) -> dict[str, Any] | None:
    """The view a connection may see: its own, or after the end the narrator's (everything is revealed)."""
    state = table.state
    if state is None:
        return None
    if state.result is not None:
        return table.view(None, lang) | {"viewer": viewer, "prompts": []}
    return table.view(viewer, lang)


_UNSET: Any = object()


def seat_fragment(
    table: ShownTable, viewer: str, lang: str, view: dict[str, Any] | None = _UNSET, live: bool = False
) -> str:
    """A player's page. ``live``: for the socket, whose messages bring the log entries apart (see :func:`payload`)."""
    seat = next(s for s in table.data.seats if s.name == viewer)
    if view is _UNSET:
        view = game_view(table, viewer, lang)
    return env.get_template("_seat.html").render(t=texts(lang), lang=lang, table=table, seat=seat, view=view, live=live)


def host_fragment(
    table: ShownTable,
    lang: str,
    join_url: str,
    is_host: bool = False,
    narrator: bool = False,
    view: dict[str, Any] | None = _UNSET,
    live: bool = False,
) -> str:
    """The shared screen (or the narrator's seat). ``live`` as for :func:`seat_fragment`."""
    if view is _UNSET:
        view = game_view(table, None if narrator else PUBLIC, lang)
    return env.get_template("_host.html").render(
        t=texts(lang),
        lang=lang,
        table=table,
        view=view,
        narrator=narrator,
        join_url=join_url,
        qr=qr_svg(join_url) if table.status == "lobby" else "",
        is_host=is_host,
        live=live,
    )


def speech_lines(table: ShownTable, conn: Connection) -> list[str]:
    """What the narrator says aloud since the connection last heard: the game's script for the public events
    (:func:`velada.core.narration.script`: each call as its step begins, the deaths at dawn, a vote's outcome)."""
    state = table.state
    if state is None or not conn.is_host or conn.viewer is None:
        return []
    since = conn.spoken
    conn.spoken = max(since, len(public_events(state)))
    if since >= conn.spoken:
        return []  # nothing new: the script would close the last call again
    return script(table.game, state, conn.lang, since=since)


#: Parts of a live page sent apart from it, each when it changes: those that change at nearly every answer (who
#: is still to vote), so that the page itself is rendered and sent again only when the rest of it changes. Each
#: is a template rendered from the view's keys listed; the page's script puts it in its ``data-part`` element.
PARTS: dict[str, tuple[str, tuple[str, ...]]] = {"waiting": ("_waiting.html", ("waiting", "result"))}
#: What a live page is rendered without: the log (sent as entries) and the parts' own keys but the result.
APART = frozenset({LOG, *(key for _, keys in PARTS.values() for key in keys)} - {"result"})


def page_inputs(table: ShownTable, viewer: str | None) -> tuple[Any, ...]:
    """What a page shows besides the view and the seats: the table's status, the viewer's clocks, and what the
    last clock that ran out means to the viewer. A page is rendered again when one of these changes."""
    return (
        table.status,
        table.deadline_for(viewer),
        table.debate_end_for(viewer),
        table.expiry_for(viewer),
        tuple((s.position, s.name, bool(s.bot)) for s in table.data.seats),
    )


def payload(table: ShownTable, conn: Connection, shared: dict[tuple, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The message one connection gets after a change, without its number (the table numbers what it sends on
    each connection, and sends nothing when this message says nothing new).

    It carries only what this connection has not seen: the view as a delta from the one it has
    (:mod:`velada.core.delta`); the log entries it lacks, rendered (``log``: ``{"from": k, "items": [...]}``,
    where ``from`` 0 replaces the log); and the page (``html``, the log left out: the script puts the entries
    in) only when what the page shows changed — the view apart from its log, the seats, the clocks. Each is
    computed once for every connection that shows the same thing (the same viewer in the same language:
    several shared screens, a player's two tabs) through ``shared``."""
    key = (conn.viewer, conn.lang, conn.is_host, conn.join_url)
    entry = shared.get(key) if shared is not None else None
    if entry is None:
        view = game_view(table, conn.viewer, conn.lang)
        # The page is rendered from the view without what travels apart: a template that read it there would
        # show nothing rather than something stale.
        page = None if view is None else {k: v for k, v in view.items() if k not in APART}
        parts = {name: tuple(view.get(k) for k in keys) if view else None for name, (_, keys) in PARTS.items()}
        entry = {
            "view": view,
            "page": page,
            "seen": (page_inputs(table, conn.viewer), page),
            "parts": parts,
            "html": None,
            "parts_html": {},
            "deltas": {},
        }
        if shared is not None:
            shared[key] = entry
    view = entry["view"]
    message: dict[str, Any] = {"type": "state", "status": table.status, "deadline": table.deadline_for(conn.viewer)}
    if conn.seen is None or conn.seen != entry["seen"]:
        if entry["html"] is None:
            page = entry["page"]
            if conn.viewer in (PUBLIC, None):
                narrator = conn.viewer is None
                entry["html"] = host_fragment(
                    table, conn.lang, conn.join_url, conn.is_host, narrator=narrator, view=page, live=True
                )
            else:
                entry["html"] = seat_fragment(table, conn.viewer, conn.lang, view=page, live=True)
        message["html"] = entry["html"]
    conn.seen = entry["seen"]
    changed = {}
    for name, values in entry["parts"].items():
        if name not in conn.parts or conn.parts[name] != values:
            found = entry["parts_html"].get(name)
            if found is None:
                template = env.get_template(PARTS[name][0])
                found = entry["parts_html"][name] = template.render(t=texts(conn.lang), lang=conn.lang, view=view)
            changed[name] = found
            conn.parts[name] = values
    if changed:
        message["parts"] = changed
    # The view and the log as deltas from what this connection has, the same for every connection of this
    # audience that has the same view.
    delta, log = None, None
    if view is not None:
        found = entry["deltas"].get(id(conn.view))
        if found is None:
            delta = diff(conn.view, view)
            log = delta.get(LOG)
            if log is not None:
                narrator_only = MESSAGES.text(conn.lang, "table.narrator-only")
                log = {"from": log["from"], "items": [_item(e, narrator_only) for e in log["entries"]]}
            found = entry["deltas"][id(conn.view)] = (delta, log)
        delta, log = found
    conn.view = view
    message["delta"] = delta
    if log is not None:
        message["log"] = log
    message["speech"] = speech_lines(table, conn)
    return message
