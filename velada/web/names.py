"""Players' names: what a seat may be called, and when two names are too alike to share a table.

A name is what everybody reads on the narrator screen and in every vote, so it must look like what it is. The
rules, in the order they are checked:

1. The name is normalised: Unicode NFKC (fullwidth ``Ａｎａ`` is ``Ana``), runs of spaces become one space, and
   spaces at either end go.
2. Only visible characters: no control characters (``NUL``, a newline), no format characters (zero-width
   spaces and joiners, right-to-left overrides and isolates, soft hyphens), no private-use, unassigned or
   surrogate code points, and no more than two combining marks on one letter.
3. At least one character, at most :data:`MAX_NAME` — a longer name is refused with that limit, never cut.
4. ``@`` starts the protocol's own ids (``@public``, ``@narrator``), and ``(bot)`` ends the bots' names: neither
   may be a person's name.
5. No two names at a table may look alike: ``ana`` beside ``Ana``, ``Ána`` beside ``Ana``, or ``Аna`` with a
   Cyrillic ``А``. Names are compared by their *skeleton* (:func:`skeleton`).

A refusal raises :class:`BadName`; its ``code`` is a message key under ``error.`` in the web catalogues.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

MAX_NAME = 24
#: Combining marks allowed on one base character (``ñ`` written as ``n`` + tilde is one).
MAX_MARKS = 2
#: Unicode general categories a name may not contain: control, format, surrogate, private use, unassigned,
#: line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

# Letters of other scripts drawn like Latin ones, mapped before case folding (upper and lower case look alike
# differently: Greek capital Nu is N, small nu is v). From the common cases of Unicode's confusables list.
_LOOKALIKES = {
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "Ѐ": "E", "Ё": "E", "З": "3", "Ѕ": "S", "І": "I", "Ї": "I", "Ј": "J",
    "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y", "Ү": "Y", "Х": "X",
    "Һ": "H", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I", "Ь": "b",
    # Cyrillic small letters
    "а": "a", "в": "b", "е": "e", "ѐ": "e", "ё": "e", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "ү": "y", "х": "x", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b", "п": "n", "г": "r",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    # Greek small letters
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j", "ω": "w",
    # Armenian and Cherokee letters that pass for Latin ones
    "Օ": "O", "օ": "o", "ո": "n", "ս": "u", "հ": "h", "ց": "g", "զ": "q",
    "Ꭺ": "A", "Ᏼ": "B", "Ꮯ": "C", "Ꭼ": "E", "Ꮋ": "H", "Ꭻ": "J", "Ꮶ": "K", "Ꮇ": "M", "Ꮲ": "P", "Ꭲ": "T",
}  # fmt: skip
# After case folding: Latin shapes that pass for one another.
_FOLDED = str.maketrans({"l": "i", "1": "i", "|": "i", "ı": "i", "0": "o"})
_SEQUENCES = (("rn", "m"), ("vv", "w"))


class BadName(ValueError):
    """A name a seat may not take; ``code`` names the rule (``error.<code>`` in the catalogues), ``params`` fill
    its text."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code)


def normalize(name: str) -> str:
    """NFKC, one space between words, none at the ends."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def skeleton(name: str) -> str:
    """What a name looks like, for comparison: look-alike letters of other scripts as Latin, case folded,
    accents and other marks dropped, spaces gone, and Latin shapes that are easily mistaken (``l``/``1``/``I``,
    ``0``/``o``, ``rn``/``m``, ``vv``/``w``) as one."""
    mapped = "".join(_LOOKALIKES.get(ch, ch) for ch in unicodedata.normalize("NFKC", name))
    folded = unicodedata.normalize("NFKD", mapped.casefold())
    bare = "".join(ch for ch in folded if not unicodedata.combining(ch) and not ch.isspace())
    bare = "".join(_LOOKALIKES.get(ch, ch) for ch in bare).casefold().translate(_FOLDED)
    for seq, same in _SEQUENCES:
        bare = bare.replace(seq, same)
    return bare


def check_name(name: str, taken: Iterable[str]) -> str:
    """The name normalised, if a new seat may take it beside the names in ``taken``; else :class:`BadName`."""
    if not isinstance(name, str):
        raise BadName("name-empty")
    if len(name) > 8 * MAX_NAME:  # not worth normalising
        raise BadName("name-too-long", max=MAX_NAME)
    name = unicodedata.normalize("NFKC", name)
    marks = 0
    for ch in name:
        category = unicodedata.category(ch)
        if category in REFUSED_CATEGORIES:
            raise BadName("name-bad-char", char=f"U+{ord(ch):04X}")
        marks = marks + 1 if category.startswith("M") else 0
        if marks > MAX_MARKS:
            raise BadName("name-bad-char", char=f"U+{ord(ch):04X}")
    name = " ".join(name.split())
    if not name:
        raise BadName("name-empty")
    if len(name) > MAX_NAME:
        raise BadName("name-too-long", max=MAX_NAME)
    if name.startswith("@"):
        raise BadName("name-at")
    mine = skeleton(name)
    if mine.endswith("(bot)"):
        raise BadName("name-reserved")
    for other in taken:
        if other and skeleton(other) == mine:
            same = other.casefold() == name.casefold()
            raise BadName("name-taken" if same else "name-confusable", name=other)
    return name


__all__ = ["MAX_NAME", "BadName", "check_name", "normalize", "skeleton"]
