"""The atlas's pictures: matplotlib figures drawn off-screen and returned as PNG bytes."""

from __future__ import annotations

import io
import math
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: the atlas is written to files, also on a server without one

import matplotlib.pyplot as plt

from velada.atlas.texts import side_label, text

PALETTE = ["#b2182b", "#2166ac", "#1b7837", "#e08214", "#762a83", "#8c510a", "#01665e", "#c51b7d", "#4d4d4d"]


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    return buffer.getvalue()


def sides_by_players(title: str, points: dict[int, Any], lang: str = "es") -> bytes:
    """Each side's win rate against the table size, with its 95% band."""
    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    ok = {n: p for n, p in points.items() if "sides" in p}
    sides = [s for s in next(iter(ok.values()))["sides"] if any(p["sides"][s]["wins"] for p in ok.values())]
    xs = sorted(ok)
    for i, side in enumerate(sides):
        color = PALETTE[i % len(PALETTE)]
        rates = [ok[n]["sides"][side]["rate"] for n in xs]
        ax.plot(xs, rates, "o-", color=color, label=side_label(side, lang))
        ax.fill_between(
            xs,
            [ok[n]["sides"][side]["low"] for n in xs],
            [ok[n]["sides"][side]["high"] for n in xs],
            color=color,
            alpha=0.18,
            linewidth=0,
        )
    ax.set_title(title)
    ax.set_xlabel(text(lang, "players.players"))
    ax.set_ylabel(text(lang, "rates.axis"))
    ax.set_ylim(0, 1)
    ax.set_xticks(xs)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    return _png(fig)


def effects(title: str, rows: list[dict[str, Any]], side: str, lang: str = "es") -> bytes:
    """How much each option or card moves ``side``'s win rate against the comparison table (points of %),
    with an approximate 95% interval of the difference."""
    rows = sorted(rows, key=lambda r: r["rates"][side]["rate"] - r["base"][side]["rate"])
    fig, ax = plt.subplots(figsize=(7.5, 0.8 + 0.28 * len(rows)))
    deltas, errors = [], []
    for r in rows:
        now, base = r["rates"][side], r["base"][side]
        deltas.append(100 * (now["rate"] - base["rate"]))
        half = math.hypot((now["high"] - now["low"]) / 2, (base["high"] - base["low"]) / 2)
        errors.append(100 * half)
    ys = range(len(rows))
    colors = [PALETTE[0] if d < 0 else PALETTE[1] for d in deltas]
    ax.barh(ys, deltas, xerr=errors, color=colors, alpha=0.8, error_kw={"elinewidth": 0.8, "capsize": 2})
    ax.set_yticks(list(ys), [r["option"] for r in rows], fontsize=8)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel(text(lang, "effects.axis", side=side_label(side, lang)))
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def lengths(title: str, points: dict[int, Any], unit: str, lang: str = "es") -> bytes:
    """The distribution of game lengths at each table size: one row per table, the share of games of each
    length as a shade (written in the cell when it is 5% or more), the mean marked."""
    ok = {n: {int(k): v for k, v in p["lengths"].items()} for n, p in sorted(points.items()) if "lengths" in p}
    low = min(min(d) for d in ok.values())
    high = max(max(d) for d in ok.values())
    xs = list(range(low, high + 1))
    shares = [[d.get(x, 0) / sum(d.values()) for x in xs] for d in ok.values()]
    fig, ax = plt.subplots(figsize=(7.5, 1.2 + 0.3 * len(ok)))
    ax.imshow(shares, cmap="Blues", vmin=0, vmax=1, aspect="auto", extent=(low - 0.5, high + 0.5, len(ok) - 0.5, -0.5))
    for y, row in enumerate(shares):
        for x, share in zip(xs, row, strict=True):
            if share >= 0.05:
                ax.text(
                    x,
                    y,
                    f"{share:.0%}",
                    ha="center",
                    va="center",
                    fontsize=7,
                    color="white" if share > 0.5 else "black",
                )
    means = [sum(x * v for x, v in d.items()) / sum(d.values()) for d in ok.values()]
    ax.plot(means, range(len(ok)), "|", color=PALETTE[0], markersize=14, markeredgewidth=2)
    ax.set_yticks(range(len(ok)), [text(lang, "players.n", n=n) for n in ok], fontsize=8)
    ax.set_xticks(xs if len(xs) <= 30 else xs[::5])
    ax.set_xlabel(text(lang, "length.axis", unit=unit))
    ax.set_title(title)
    return _png(fig)


def bots(title: str, compare: dict[str, Any], lang: str = "es") -> bytes:
    """Seat win rate of the heuristic and the random bot on each side, seated in turn at one table."""
    sides = list(compare)
    names = sorted({bot for row in compare.values() for bot in row})
    fig, ax = plt.subplots(figsize=(7.5, 4.0))
    width = 0.8 / max(1, len(names))
    for i, bot in enumerate(names):
        xs = [k + i * width for k in range(len(sides))]
        cells = [compare[s].get(bot, {"rate": 0.0, "low": 0.0, "high": 0.0}) for s in sides]
        ax.bar(
            xs,
            [c["rate"] for c in cells],
            width,
            color=PALETTE[i + 1],
            label=bot,
            yerr=[[c["rate"] - c["low"] for c in cells], [c["high"] - c["rate"] for c in cells]],
            capsize=3,
        )
    ticks = [k + width * (len(names) - 1) / 2 for k in range(len(sides))]
    ax.set_xticks(ticks, [side_label(s, lang) for s in sides], fontsize=8, rotation=20)
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_ylabel(text(lang, "bots.axis"))
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    return _png(fig)


def grid(title: str, answer: dict[str, Any], lang: str = "es") -> bytes:
    """A question's grid as a heat map: rows × columns, each cell's rate (or value) written in it."""
    columns, rows = answer["columns"], answer["rows"]
    fig, ax = plt.subplots(figsize=(1.6 + 1.5 * len(columns), 0.9 + 0.42 * len(rows)))
    values = [[_cell_value(r["cells"][c]) for c in columns] for r in rows]
    shade = [[cell.get("rate", math.nan) for cell in (r["cells"][c] for c in columns)] for r in rows]
    ax.imshow(shade, cmap="RdBu", vmin=0, vmax=1, aspect="auto")
    for y, row in enumerate(values):
        for x, label in enumerate(row):
            ax.text(x, y, label, ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(columns)), [side_label(c, lang) for c in columns], fontsize=8)
    ax.set_yticks(range(len(rows)), [r["row"] for r in rows], fontsize=8)
    ax.set_title(title)
    return _png(fig)


def _cell_value(cell: dict[str, Any]) -> str:
    if "rate" in cell:
        return f"{cell['rate']:.0%}"
    return f"{cell['value']:.1f}"
