"""The layout the architecture promises (docs/architecture.md "Layout"): which app may import
which, the games app's layers importing only downward, the project's wiring imported by no app,
the engine importing only the standard library and itself, no import cycles, no imports hidden in
function bodies, modules of a readable size (the apps and the engine alike), and a repository
that refers to nothing outside itself."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
APPS = (
    "accounts",
    "community",
    "catalogue",
    "games",
    "players",
    "tournaments",
    "puzzles",
    "studies",
    "simuls",
    "teams",
)
# What each app may import of the others. ``common`` (the helpers every app shares) is below
# every app and imports none; ``chesskers_site`` (the wiring: settings, routing) is above them
# all, and no app imports it.
ALLOWED = {
    "accounts": set(),
    "community": {"accounts"},
    "catalogue": set(),
    "games": {"accounts", "community", "catalogue"},
    "players": {
        "accounts",
        "community",
        "catalogue",
        "games",
        "puzzles",
        "studies",
        "simuls",
        "teams",
        "forum",
        "tournaments",
    },
    "tournaments": {"accounts", "community", "catalogue", "games", "teams"},
    "puzzles": {"accounts", "community", "catalogue", "games"},
    "studies": {"accounts", "community", "catalogue", "games"},
    "simuls": {"accounts", "community", "catalogue", "games"},
    "teams": {"accounts", "community", "catalogue", "games"},
    "forum": {"accounts", "community", "catalogue", "games", "teams"},
}
# The games app's layers, lowest first: a module imports only the games modules of its own
# layer or below (``games.models``, the records, is the lowest; the app's root modules that
# Django looks for by name — admin, apps, templatetags, management — are edges).
LAYERS = ("models", "domain", "storage", "reads", "services", "edges")
MAX_LINES = 600


def modules_of(*packages: str) -> dict[str, Path]:
    """Returns every module of ``packages`` (migrations aside), by dotted name."""
    modules = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    return modules


def app_modules() -> dict[str, Path]:
    """Returns every module of the Django apps (migrations aside), by dotted name."""
    return modules_of(*APPS, "common", "chesskers_site")


def engine_modules() -> dict[str, Path]:
    """Returns every module of the rules engine, by dotted name."""
    return modules_of("engine")


def is_module(name: str) -> bool:
    """Returns whether the dotted ``name`` is a module or package of the repository."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def module_level(tree: ast.Module) -> set[ast.AST]:
    """Returns the statements that run when the module is imported: its body, and what a
    module-level ``if`` or ``try`` holds (an import there is at module level, where a reader
    looks for it; one in a function or class body is hidden)."""
    found: set[ast.AST] = set()
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        found.add(node)
        if isinstance(node, ast.If | ast.Try):
            pending += [*node.body, *node.orelse]
            if isinstance(node, ast.Try):
                pending += [*node.finalbody, *(s for h in node.handlers for s in h.body)]
    return found


def imported(path: Path) -> list[tuple[str, bool]]:
    """Returns the modules a file imports, each with whether the import is at module level.
    ``from package import module`` imports that module (not the package's own code)."""
    tree = ast.parse(path.read_text())
    top = module_level(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node in top) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            # ``from games import moves`` imports the module games.services.moves; ``from
            # engine import Game`` imports the name Game from the package engine.
            if not all(is_module(name) for name in names):
                found.append((node.module, node in top))
            found += [(name, node in top) for name in names]
    return found


def test_each_app_imports_only_the_apps_below_it() -> None:
    wrong = []
    for name, path in app_modules().items():
        app = name.split(".")[0]
        if app not in APPS:
            continue
        for module, _ in imported(path):
            other = module.split(".")[0]
            if other in APPS and other != app and other not in ALLOWED[app]:
                wrong.append(f"{name} imports {module}")
    assert wrong == []


def layer_of(name: str) -> int:
    """Returns the rank in ``LAYERS`` of a module of the games app."""
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return LAYERS.index("edges")


def test_the_games_layers_import_only_downward() -> None:
    modules = app_modules()
    upward = [
        f"{name} ({LAYERS[layer_of(name)]}) imports {module} ({LAYERS[layer_of(module)]})"
        for name, path in modules.items()
        if name.startswith("games.")
        for module, _ in imported(path)
        if module in modules and module.startswith("games.") and layer_of(module) > layer_of(name)
    ]
    assert upward == []


def test_every_games_module_sits_in_a_layer() -> None:
    loose = [
        name
        for name in app_modules()
        if name.count(".") == 1
        and name.startswith("games.")
        and name.split(".")[1] not in (*LAYERS, "admin", "apps", "templatetags", "management")
    ]
    assert loose == []


def test_no_app_imports_the_wiring_and_common_imports_no_app() -> None:
    modules = app_modules()
    wrong = [
        f"{name} imports {module}"
        for name, path in modules.items()
        for module, _ in imported(path)
        if (name.split(".")[0] in APPS and module.split(".")[0] == "chesskers_site")
        or (name.split(".")[0] == "common" and module.split(".")[0] in (*APPS, "chesskers_site"))
    ]
    assert wrong == []


def test_accounts_imports_nothing_from_the_other_apps() -> None:
    modules = app_modules()
    accounts = [name for name in modules if name.split(".")[0] == "accounts"]
    assert accounts, "the accounts app has modules"
    found = [
        f"{name} imports {module}"
        for name in accounts
        for module, _ in imported(modules[name])
        if module.split(".")[0] in set(APPS) - {"accounts"}
    ]
    assert found == []


def ready_imports(name: str, path: Path) -> set[str]:
    """Returns what an app's ``apps.py`` imports of its own app in its ``AppConfig.ready``:
    Django's place to connect signal receivers, whose modules need the models loaded (a
    module-level import there would load them before the registry is ready)."""
    if not name.endswith(".apps"):
        return set()
    app = name.split(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef) and node.name == "ready":
            for inner in ast.walk(node):
                if not isinstance(inner, ast.ImportFrom):
                    continue
                module = inner.module or ""
                if module == app or module.startswith(f"{app}."):
                    found |= {module, *(f"{module}.{alias.name}" for alias in inner.names)}
    return found


def test_no_module_of_the_apps_imports_inside_a_function() -> None:
    hidden = [
        f"{name} imports {module} in a function body"
        for name, path in app_modules().items()
        for module, at_top in imported(path)
        if not at_top
        and module.split(".")[0] in (*APPS, "common", "chesskers_site")
        and module not in ready_imports(name, path)
    ]
    assert hidden == []


def test_an_apps_ready_may_import_only_its_own_app() -> None:
    # The one allowance above is narrow: another app's module imported in ``ready`` is hidden.
    source = (
        "def ready(self):\n    from games import consumers\n    from tournaments import x\n"
        "    from games.edges import y\n    from tournaments.edges import z\n"
    )
    path = ROOT / "artifacts" / "layout_ready_probe.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text(source)
    try:
        assert ready_imports("tournaments.apps", path) == {
            "tournaments",
            "tournaments.x",
            "tournaments.edges",
            "tournaments.edges.z",
        }
        assert ready_imports("tournaments.views", path) == set()
    finally:
        path.unlink()


def test_no_module_of_the_engine_imports_inside_a_function() -> None:
    hidden = [
        f"{name} imports {module} in a function body"
        for name, path in engine_modules().items()
        for module, at_top in imported(path)
        if not at_top
    ]
    assert hidden == []


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    # docs/engine.md: the engine is standard-library Python (tests/engine/test_imports.py also
    # checks that importing it loads no Django).
    outside = [
        f"{name} imports {module}"
        for name, path in engine_modules().items()
        for module, _ in imported(path)
        if module.split(".")[0] not in (*sys.stdlib_module_names, "engine")
    ]
    assert outside == []


def cycles_among(modules: dict[str, Path]) -> list[list[str]]:
    """Returns the import cycles among ``modules``, each as its sorted module names."""
    graph = {
        name: {module for module, _ in imported(path) if module in modules and module != name}
        for name, path in modules.items()
    }
    return [sorted(cycle) for cycle in strongly_connected(graph) if len(cycle) > 1]


def test_the_modules_of_the_apps_import_each_other_without_a_cycle() -> None:
    assert cycles_among(app_modules()) == []


def test_the_modules_of_the_engine_import_each_other_without_a_cycle() -> None:
    assert cycles_among(engine_modules()) == []


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm: the strongly connected components of a directed graph."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            components.append(component)

    for node in graph:
        if node not in index:
            visit(node)
    return components


def test_a_cycle_is_found_where_there_is_one() -> None:
    # The check above cannot pass for the wrong reason: it finds a cycle when there is one.
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert [sorted(c) for c in strongly_connected(graph) if len(c) > 1] == [["a", "b", "c"]]


@pytest.mark.parametrize("modules", [app_modules, engine_modules], ids=["apps", "engine"])
def test_no_module_of_the_apps_or_the_engine_is_over_about_600_lines(modules) -> None:
    long = {
        name: lines
        for name, path in modules().items()
        if (lines := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


def test_the_import_reader_sees_hidden_imports_and_names_imported_from_a_package(
    tmp_path: Path,
) -> None:
    # The checks above cannot pass for the wrong reason: an import in a function is hidden, one
    # under a module-level ``if`` or ``try`` is not, and ``from engine import Game`` depends on
    # the package engine while ``from engine import notation`` depends on engine.notation.
    source = tmp_path / "sample.py"
    source.write_text(
        "from engine import Game\n"
        "from engine import notation\n"
        "try:\n    import json\nexcept ImportError:\n    json = None\n"
        "def f():\n    import csv\n"
    )
    assert sorted(imported(source)) == [
        ("csv", False),
        ("engine", True),
        ("engine.Game", True),
        ("engine.notation", True),
        ("json", True),
    ]


# Names of the brief the team was given, which lives outside the repository.
OUTSIDE = ("../shared", "/work/", "RULES.md", "DRAUGHTS.md", "HYBRIDS.md", "API.md",
           "ARCHITECTURE.md", "STYLE.md", "seeds/")  # fmt: skip


def test_nothing_refers_to_a_path_outside_the_repository() -> None:
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    found = []
    for name in files:
        if name == "tests/site/test_layout.py":
            continue
        path = ROOT / name
        if path.suffix in (".png", ".svg", ".so") or not path.is_file():
            continue
        text = path.read_text(errors="replace")
        found += [f"{name}: {word}" for word in OUTSIDE if word in text]
    assert found == []
