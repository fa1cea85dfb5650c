"""Count the tests that write into a game's state directly (issue 17): a test counts when its body, or a helper it
calls (in its module or imported from another test module), assigns to, deletes from or calls a mutating method
(``append``, ``update``…) or a state's own setter (``set_alive``…) on an expression rooted at ``<x>.state`` or at a
name bound to one (``s = m.state``, ``d = m.state.custom[KIND]``). Calls into the rules (``awaken(m.state, …)``) are
not writes: the rules do the change. Not counted either: the web app's own ``app.state`` (Starlette's, holding the
hub, not a game's), and a whole state put in place of another (``table.match.state = game.shuffle_hidden(…)``, the
noninterference check's other world, which the game's own rules deal): nothing is written into a state.

    .venv/bin/python scripts/state_writes.py [tests/bethlem] [-v]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

MUTATING = frozenset(
    {"append", "extend", "add", "update", "clear", "pop", "remove", "insert", "discard", "setdefault", "popitem"}
)


def _starlette(node: ast.expr) -> bool:
    """Whether ``node`` is the web app (``app``, ``client.app``), whose ``state`` is Starlette's, not a game's."""
    return (isinstance(node, ast.Name) and node.id == "app") or (isinstance(node, ast.Attribute) and node.attr == "app")


def _rooted(node: ast.expr, names: set[str]) -> bool:
    """Whether ``node`` is a game state or a part of one."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            return not _starlette(node.value)
        node = node.value
    return isinstance(node, ast.Name) and node.id in names


def _swapped(node: ast.stmt, names: set[str]) -> bool:
    """Whether ``node`` puts a whole state in place of another, one the game's rules dealt (``x.state =
    game.shuffle_hidden(…)``) or the one taken away before (``x.state = state``): no part of a state is written."""
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
        return False
    target, value = node.targets[0], node.value
    dealt = isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
    dealt = dealt and value.func.attr == "shuffle_hidden"
    taken = isinstance(value, ast.Name) and value.id in names
    return isinstance(target, ast.Attribute) and target.attr == "state" and (dealt or taken)


def direct_writes(fn: ast.FunctionDef) -> list[tuple[int, str]]:
    """The lines of ``fn`` that write into a state, with what they write."""
    # Names bound to a state or to a part of one (``s = m.state``, ``d = m.state.custom[KIND]``), in order.
    names: set[str] = set()
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, (ast.Attribute, ast.Subscript))
            and _rooted(node.value, names)
        ):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(fn):
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(t, (ast.Attribute, ast.Subscript)) and _rooted(t, names) and not _swapped(node, names):
                    found.append((node.lineno, ast.unparse(t)))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATING
            and isinstance(node.func.value, (ast.Attribute, ast.Subscript))
            and _rooted(node.func.value, names)
        ):
            found.append((node.lineno, ast.unparse(node.func)))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr.startswith("set_")
            and _rooted(node.func.value, names)
        ):
            # A state's own setter (``s.set_alive(card, False)``) writes as an assignment does: the rules call it
            # inside a death's resolution, a test calling it skips the rules all the same.
            found.append((node.lineno, ast.unparse(node.func)))
    return found


def _calls(fn: ast.FunctionDef) -> set[str]:
    return {n.func.id for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def count(root: Path, verbose: bool = False) -> int:
    """How many tests under ``root`` write into a state (see the module's docstring)."""
    return len(writing_tests(root, verbose))


def writing_tests(root: Path, verbose: bool = False) -> list[tuple[Path, str]]:
    """The tests under ``root`` that write into a state, as (module, name), in file order."""
    modules = {path: ast.parse(path.read_text()) for path in sorted(root.rglob("*.py"))}
    # Every function by (module, name), and what each module's names point to (its own and imported helpers).
    defs: dict[tuple[Path, str], ast.FunctionDef] = {}
    scope: dict[Path, dict[str, tuple[Path, str]]] = {}
    for path, tree in modules.items():
        scope[path] = {}
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                defs[path, node.name] = node
                scope[path][node.name] = (path, node.name)
    for path, tree in modules.items():
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                source = path.parent / f"{node.module.replace('.', '/')}.py"
                for alias in node.names:
                    if (source, alias.name) in defs:
                        scope[path][alias.asname or alias.name] = (source, alias.name)
    writers = {key for key, fn in defs.items() if direct_writes(fn)}
    while True:
        more = {
            key
            for key, fn in defs.items()
            if key not in writers and any(scope[key[0]].get(name) in writers for name in _calls(fn))
        }
        if not more:
            break
        writers |= more
    tests = sorted((k for k in writers if k[1].startswith("test_")), key=lambda k: (str(k[0]), defs[k].lineno))
    if verbose:
        for path, name in tests:
            fn = defs[path, name]
            helpers = sorted(n for n in _calls(fn) if scope[path].get(n) in writers)
            print(f"{path}:{fn.lineno} {name}: {direct_writes(fn)[:3]} {helpers}")
    return tests


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "-v"]
    print(count(Path(args[0] if args else "tests"), "-v" in sys.argv))
