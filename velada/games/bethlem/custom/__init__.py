"""The custom principal characters of the custom-cards mode (rulebook section 13, option ``cards=custom``).

One module per character, each exporting ``CHARACTER`` (``plugins.Character``); ``registry.CHARACTERS`` lists
them and installs their pieces into ``hooks.HOOKS``, which the rules below read without ever importing a
character: a character module sits above the rules it uses and may import any of them (but the night and day
flow and the game above it). To add a character:

1. write ``custom/<name>.py`` with ``CHARACTER = Character("<card id>", powers=…, handlers=…)``: its night turn
   is the step of ``data/noche-personalizada.toml`` with the card's id (and ``el-relojero-2``, ``todos-medium``
   for the characters with two moments); a handler for that step id decides who wakes, otherwise the holder
   wakes and ``powers[step id]`` asks;
2. append the module to ``MODULES`` in ``custom/registry.py``.

Extension points (``plugins.Character``, 19): ``powers``/``handlers`` (night), ``steps`` (agenda steps and their
answers), ``triggers`` (death powers), ``immunity`` (an attack that does not kill), ``harm`` (a harm aimed at a
card falls on another one: ``hooks.harm``), ``silences`` (a power that cannot be used now), ``actors`` (someone
else wakes in a card's turn), ``mutiny`` (who rises in the mutineers' turn), ``moments`` (at nightfall, by day,
at the round's end), ``on_awaken``, ``on_out`` (a player went out), ``reveals`` (when the objective is shown),
``markers``, ``badges`` and ``view`` (views: what else the character writes into a view, each key declared in
``view.BethlemView``), ``hide`` (secrets dealt again by ``game.shuffle_hidden``), ``decks`` (decks lying face
down, whose cards ``game.nudge_hidden`` swaps) and ``announced`` (the options of its prompts the table hears of at
once): the game names no character. A night turn whose
handler wakes whoever ``common.actors`` names says so in the night's data (``actors = true``). The custom mode's
own rules where the book's differ are not a character's: ``mode.py`` (``hooks.ModeRules``).
Borrowing another card's power for a round: append ``(seat, card, awakened)`` to ``s.borrowed`` (cleared at
dusk); ``common.actors`` then wakes that seat in the card's turn with origin ``BORROWED``/``BORROWED_AWAKE``.
Helpers: ``plugins.extra(s, card)`` — the extra power is usable (the holder's objective does not rise with the
mutineers); ``plugins.awake(s, card)`` — the awakening is active; ``plugins.record(s, kind, cls)`` — the
character's own record in ``s.custom``, a dataclass subclassing ``state.CustomRecord`` (``plugins.found``: the
same, or None while there is none), whose fields holding life cards are annotated ``renaming.CardId`` so that
hidden cards dealt again are renamed in it too. Deaths always go through ``deaths.attack`` (a marker, resolved
at dawn) or ``deaths.resolve`` (at once); when one choice may cause several separate resolutions, queue each as
an agenda step ``("resolve", attacks, kind)``. A card in ``s.removed`` is out for good: it cannot come back to life nor
lend its power. A player's principal card is ``objectives.principal_card`` (FAQ 15.6).

A custom card whose module is not listed is a plain life card: it is dealt, it can die, its night step finds no
power and is skipped.
"""
