"""Server-side rendering: pages and the live fragments pushed over the websocket.

Everything a browser receives about a game comes from :func:`velada.core.engine.build_view` for the viewer of
that connection — a seat's player, or ``PUBLIC`` for the shared screen — and from nothing else. After the end
of a game every viewer gets the narrator's view: the whole log and every card, face up.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import qrcode
import qrcode.image.svg
from jinja2 import Environment, PackageLoader, select_autoescape

from velada.core.i18n import Catalog
from velada.core.protocol import NARRATOR, PUBLIC

if TYPE_CHECKING:
    from velada.web.live import Connection, LiveTable

MESSAGES = Catalog.load("velada.web")
env = Environment(loader=PackageLoader("velada.web", "templates"), autoescape=select_autoescape(["html"]))
env.globals["narrator_id"] = NARRATOR
# Names of players to show: the narrator's seat by its title rather than its protocol id.
env.filters["who"] = lambda players, narrator: [narrator if p == NARRATOR else p for p in players]


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
    """What the narrator says aloud since the connection last heard: the public events, in the game's words."""
    state = table.state
    if state is None or not conn.is_host or conn.viewer is None:
        return []
    public = [event for event in state.log if event.visible_to(PUBLIC)]
    new = public[conn.spoken :]
    conn.spoken = len(public)
    lines: list[str] = []
    for event in new:
        lines.extend(table.game.narration(state, event, conn.lang))
    return lines


def payload(table: LiveTable, conn: Connection, shared: dict[tuple, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The message one connection gets after a change, without its number (the table numbers what it sends on
    each connection, and sends nothing when this message is the same as the last one). Connections that show
    the same thing (the same viewer in the same language: several shared screens, a player's two tabs) share
    one rendering through ``shared``."""
    key = (conn.viewer, conn.lang, conn.is_host, conn.join_url)
    base = shared.get(key) if shared is not None else None
    if base is None:
        view = game_view(table, conn.viewer, conn.lang)
        if conn.viewer in (PUBLIC, None):
            narrator = conn.viewer is None
            html = host_fragment(table, conn.lang, conn.join_url, conn.is_host, narrator=narrator, view=view)
        else:
            html = seat_fragment(table, conn.viewer, conn.lang, view=view)
        base = {
            "type": "state",
            "status": table.status,
            "deadline": table.deadline_for(conn.viewer),
            "html": html,
            "view": view,
        }
        if shared is not None:
            shared[key] = base
    return base | {"speech": speech_lines(table, conn)}
