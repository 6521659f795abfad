"""The family modules of Scripts/vectorgen/: the one place that finds them, for the generator and for the rule
catalogue. A family module is one that assigns `FAMILY` a string; adding one is adding a family (LoginConformance.docc,
"Adding a family"). Found by reading the sources, not by importing them, so that generating one family needs no other
family's dependencies (signed_token.py needs `cryptography`).
"""

import ast
import functools
import json
from pathlib import Path

VECTORGEN = Path(__file__).resolve().parent
MANIFEST = VECTORGEN.parents[1] / "Vectors" / "manifest.json"


@functools.cache
def _modules() -> dict[str, tuple[str, set[str]]]:
    """Each family module's name, with its family and the names it assigns at its top level (read once a process:
    the sources do not change while the generator runs)."""
    found: dict[str, tuple[str, set[str]]] = {}
    for path in sorted(VECTORGEN.glob("*.py")):
        assigned: dict[str, ast.expr] = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign):
                assigned.update({target.id: node.value for target in node.targets if isinstance(target, ast.Name)})
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                assigned[node.target.id] = node.value  # `RULES: list[...] = [...]` declares as much as `RULES = [...]`
        family = assigned.get("FAMILY")
        if isinstance(family, ast.Constant) and isinstance(family.value, str):
            found[path.stem] = (family.value, set(assigned))
    return found


def module_names() -> list[str]:
    """The family modules, in the order of manifest.json's families; one the manifest does not list comes after
    them, by name (the generator then writes it into the manifest, and --check reports the manifest)."""
    modules = _modules()
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    order = {entry.get("family"): i for i, entry in enumerate(manifest.get("families", []))}
    return sorted(modules, key=lambda name: (order.get(modules[name][0], len(order)), name))


def declaring(name: str) -> list[str]:
    """The family modules that assign `name` at their top level (`RULES`: rules of their own), in the order of
    ``module_names``; they are imported only by whoever needs what they declare."""
    modules = _modules()
    return [module for module in module_names() if name in modules[module][1]]
