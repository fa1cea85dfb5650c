"""Draw docs/architecture.svg from the code: the packages, the web app's, Bethlem's and El ansia's layers as declared
in .importlinter, with every import between them as measured by grimp (the graph import-linter checks). Run:
``.venv/bin/python scripts/architecture_graph.py``."""

from __future__ import annotations

import configparser
from html import escape
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = [
    ["velada.cli", "velada.agents", "velada.loadtest"],
    ["velada.web"],
    ["velada.games.hombres_lobo", "velada.games.ajo_y_agua", "velada.games.el_ansia", "velada.games.bethlem"],
    ["velada.core"],
]
BOX_H, ROW_GAP, PAD = 30, 34, 12


def layers(contract: str, container: str) -> list[list[str]]:
    """The rows of a layers contract of .importlinter, top to bottom, as full module names."""
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    lines = config[f"importlinter:contract:{contract}"]["layers"].split("\n")
    rows = [line.replace(":", "|").split("|") for line in lines if line.strip()]
    return [[f"{container}.{name.strip()}" for name in row] for row in rows]


def web_layers() -> list[list[str]]:
    """The web app's layers, its routes package drawn as the routes' own layers."""
    rows = []
    for row in layers("web-layers", "velada.web"):
        rows.extend(layers("web-routes", "velada.web.routes") if row == ["velada.web.routes"] else [row])
    return rows


def owner(module: str, boxes: list[str]) -> str | None:
    """The box a module belongs to: the longest box name that is it or contains it."""
    best = None
    for box in boxes:
        if (module == box or module.startswith(box + ".")) and (best is None or len(box) > len(best)):
            best = box
    return best


def edges(graph: grimp.ImportGraph, boxes: list[str]) -> set[tuple[str, str]]:
    out = set()
    for module in graph.modules:
        a = owner(module, boxes)
        if a is None:
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            b = owner(imported, boxes)
            if b is not None and b != a:
                out.add((a, b))
    return out


def panel(rows: list[list[str]], links: set[tuple[str, str]], x0: int, y0: int, width: int, strip: str, title: str):
    """Rows of boxes, top to bottom; an import is a line from the importer's bottom to the imported's top (red
    when it goes up)."""
    parts = [f'<text x="{x0}" y="{y0 - 10}" font-weight="bold">{escape(title)}</text>']
    lines: list[str] = []
    where: dict[str, tuple[float, float, int]] = {}
    for r, row in enumerate(rows):
        w = (width - PAD * (len(row) - 1)) / len(row)
        for i, name in enumerate(row):
            x = x0 + i * (w + PAD)
            y = y0 + r * (BOX_H + ROW_GAP)
            where[name] = (x + w / 2, y, r)
            parts.append(
                f'<rect x="{x:.0f}" y="{y}" width="{w:.0f}" height="{BOX_H}" rx="5" fill="#eef3fb" fill-opacity="0.92" '
                'stroke="#4a6fa5"/>'
            )
            label = name.removeprefix(strip)
            parts.append(f'<text x="{x + w / 2:.0f}" y="{y + 20}" text-anchor="middle">{escape(label)}</text>')
    for a, b in sorted(links):
        (xa, ya, ra), (xb, yb, rb) = where[a], where[b]
        up = rb < ra or (rb == ra and a > b and (b, a) in links)
        colour = "#c0392b" if up else "#7f8c8d"
        if ra == rb:
            continue  # siblings in one row (the layer allows it): not drawn, to keep the picture readable
        y1, y2 = (ya + BOX_H, yb) if rb > ra else (ya, yb + BOX_H)
        lines.append(
            f'<line x1="{xa:.0f}" y1="{y1}" x2="{xb:.0f}" y2="{y2}" stroke="{colour}" stroke-opacity="0.55" '
            f'marker-end="url(#{"up" if up else "down"})"/>'
        )
    height = len(rows) * (BOX_H + ROW_GAP)
    return lines + parts, height


def main() -> None:
    graph = grimp.build_graph("velada", exclude_type_checking_imports=True)
    top_boxes = [b for row in PACKAGES for b in row]
    web_rows = web_layers()
    web_boxes = [b for row in web_rows for b in row]
    beth_rows = layers("bethlem", "velada.games.bethlem")
    beth_boxes = [b for row in beth_rows for b in row]
    ansia_rows = layers("el-ansia", "velada.games.el_ansia")
    ansia_boxes = [b for row in ansia_rows for b in row]
    width = 900
    head = [
        '<defs><marker id="down" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" '
        'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#7f8c8d"/></marker>'
        '<marker id="up" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto">'
        '<path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker></defs>'
    ]
    p1, h1 = panel(PACKAGES, edges(graph, top_boxes), 20, 40, width, "velada.", "Packages (imports point down)")
    y_web = 40 + h1 + 50
    p_web, h_web = panel(web_rows, edges(graph, web_boxes), 20, y_web, width, "velada.web.", "The web app's layers")
    y2 = y_web + h_web + 50
    p2, h2 = panel(beth_rows, edges(graph, beth_boxes), 20, y2, width, "velada.games.bethlem.", "Bethlem's layers")
    y3 = y2 + h2 + 50
    p3, h3 = panel(ansia_rows, edges(graph, ansia_boxes), 20, y3, width, "velada.games.el_ansia.", "El ansia's layers")
    total = y3 + h3 + 20
    note = (
        f'<text x="20" y="{total - 6}" font-size="11" fill="#555">Generated by scripts/architecture_graph.py from '
        "the code; red: an import that goes up (listed in .importlinter's ignore_imports).</text>"
    )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 40}" height="{total + 10}" '
        f'font-family="sans-serif" font-size="13">' + "".join(head + p1 + p_web + p2 + p3) + note + "</svg>\n"
    )
    (ROOT / "docs" / "architecture.svg").write_text(svg)


if __name__ == "__main__":
    main()
