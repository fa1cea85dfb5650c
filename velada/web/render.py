"""Server-side rendering: pages and the live fragments pushed over the websocket.

Everything a browser receives about a game comes from :func:`velada.core.engine.build_view` for the viewer of
that connection — a seat's player, or ``PUBLIC`` for the shared screen — and from nothing else. After the end
of a game every viewer gets the narrator's view: the whole log and every card, face up.
"""

from __future__ import annotations

import functools
import io
from typing import TYPE_CHECKING, Any

import qrcode
import qrcode.image.svg
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from velada.core.delta import diff
from velada.core.i18n import Catalog
from velada.core.narration import public_events, script
from velada.core.protocol import NARRATOR, PUBLIC

if TYPE_CHECKING:
    from velada.web.live import Connection, LiveTable

MESSAGES = Catalog.load("velada.web")
env = Environment(
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


def log_items(log: list[dict[str, Any]], narrator_only: str) -> Markup:
    """The log's entries, in the order they happened (a tie is read after the votes that caused it)."""
    items = []
    for entry in log:
        to = entry.get("to")
        items.append(_log_item(entry["kind"], tuple(to) if to is not None else None, entry["text"], narrator_only))
    return Markup("".join(items))


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


env.globals["log_items"] = log_items
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


def game_view(table: LiveTable, viewer: str, lang: str) -> dict[str, Any] | None:
    """The view a connection may see: its own, or after the end the narrator's (everything is revealed)."""
    state = table.state
    if state is None:
        return None
    if state.result is not None:
        return table.view(None, lang) | {"viewer": viewer, "prompts": []}
    return table.view(viewer, lang)


_UNSET: Any = object()


def seat_fragment(table: LiveTable, viewer: str, lang: str, view: dict[str, Any] | None = _UNSET) -> str:
    seat = next(s for s in table.data.seats if s.name == viewer)
    if view is _UNSET:
        view = game_view(table, viewer, lang)
    return env.get_template("_seat.html").render(t=texts(lang), lang=lang, table=table, seat=seat, view=view)


def host_fragment(
    table: LiveTable,
    lang: str,
    join_url: str,
    is_host: bool = False,
    narrator: bool = False,
    view: dict[str, Any] | None = _UNSET,
) -> str:
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
    )


def speech_lines(table: LiveTable, conn: Connection) -> list[str]:
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


def payload(table: LiveTable, conn: Connection, shared: dict[tuple, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The message one connection gets after a change, without its number (the table numbers what it sends on
    each connection, and sends nothing when this message is the same as the last one).

    What costs is the page fragment, so it is rendered only when what it shows changed for this connection (its
    view, the status, its clock, the seats), and once for every connection that shows the same thing (the same
    viewer in the same language: several shared screens, a player's two tabs) through ``shared``."""
    key = (conn.viewer, conn.lang, conn.is_host, conn.join_url)
    entry = shared.get(key) if shared is not None else None
    if entry is None:
        seats = tuple((s.position, s.name, bool(s.bot)) for s in table.data.seats)
        entry = {
            "view": game_view(table, conn.viewer, conn.lang),
            "status": table.status,
            "deadline": table.deadline_for(conn.viewer),
            "seats": seats,
            "html": None,
        }
        if shared is not None:
            shared[key] = entry
    view = entry["view"]
    seen = (entry["status"], entry["deadline"], entry["seats"], view)
    if view is not None and conn.last is not None and conn.seen == seen:
        html = conn.last["html"]
    else:
        if entry["html"] is None:
            if conn.viewer in (PUBLIC, None):
                narrator = conn.viewer is None
                entry["html"] = host_fragment(
                    table, conn.lang, conn.join_url, conn.is_host, narrator=narrator, view=view
                )
            else:
                entry["html"] = seat_fragment(table, conn.viewer, conn.lang, view=view)
        html = entry["html"]
    conn.seen = seen
    # The view travels as a delta from the one this connection has (velada.core.delta), the same for every
    # connection of this audience that has the same one.
    delta = None
    if view is not None:
        deltas = entry.setdefault("deltas", {})
        delta = deltas.get(id(conn.view))
        if delta is None:
            delta = deltas[id(conn.view)] = diff(conn.view, view)
    conn.view = view
    return {
        "type": "state",
        "status": entry["status"],
        "deadline": entry["deadline"],
        "html": html,
        "delta": delta,
        "speech": speech_lines(table, conn),
    }
