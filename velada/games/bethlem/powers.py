"""Every power by id — (ask, answer) — and the night turns that need their own handler, gathered from the
modules by card family (and the custom characters of ``custom/``)."""

from __future__ import annotations

from velada.games.bethlem import actions, characters, events, personalities
from velada.games.bethlem.custom import registry as custom

POWERS = {**characters.POWERS, **actions.POWERS, **personalities.POWERS, **events.POWERS, **custom.POWERS}
HANDLERS = {
    **characters.HANDLERS,
    **actions.HANDLERS,
    **personalities.HANDLERS,
    **events.HANDLERS,
    **custom.HANDLERS,
}
