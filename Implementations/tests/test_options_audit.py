#!/usr/bin/env python3
"""Every implementation's options audit (`optionsAudit` in Implementations/<name>/implementation.json) against its
pinned code: a validation option the installed library offers and the audit does not list fails.

  .build-implementations/venv/bin/python Implementations/tests/test_options_audit.py   (after install_implementations.sh)

Each audit lists every validation option its documentation and pinned code offer: name, link, `strictRun` (whether
the strict run uses it) and `how` (the value it is given) or `why` (why the strict run does not use it). Where the
option names can be read from the installed code, the audit's `derivedFrom` says how, with one of these kinds:
  - "parameters"  the parameters of a callable (`target`, a dotted path), less `except`
  - "typeddict"   the keys of a TypedDict (`target`)
  - "dict-literal" the keys of the dict literal assigned to `variable` in the source of `target`
  - "settings"    the names in `self.setting("NAME"` / `self.get_setting_config("NAME"` calls in the source of the
                  `methods` of the class `target`
A derivation's `prefix` is put before each name it finds (options nested in another option, e.g. a settings dict).
  - "source-regex" for a library read as source (Go, JavaScript type declarations, Ruby, Swift): the group of
                  `pattern` that matched (multi-line) in the installed files `files` (globs; Go test files left out), within each
                  match of `block` (dot-all) when given, less `except`
  - "command"     the lines a command prints (`argv`), for a library whose options are read at run time (Erlang's
                  module exports), less `except`
A `source-regex` derivation with `"root": "checkout"` reads a source-checkout implementation's files (nakama) from its
checkout, given by the environment variable LC_CHECKOUT_<ID> (the id upper-cased, `-` as `_`; e.g.
LC_CHECKOUT_NAKAMA=/tmp/nakama-src); with `"root": "checkout:<dependency>"` from the checkout of one of its
`dependencyCheckouts`, LC_CHECKOUT_<ID>_<DEPENDENCY> (e.g. LC_CHECKOUT_LARAVEL_SOCIALITE_PHP_JWT); without it the
derivation is not checked, and says so (CI has no checkout).
A folder whose implementation.json has `notRun` (an integration that could not be run) has no audit: it is listed
as not checked.
A kind whose library is not importable here (a machine without the implementations installed) is skipped, and says so.
Only the standard library is used (with the implementations' venv for the Python libraries).
"""

import ast
import glob
import importlib
import inspect
import os
import re
import sys
import textwrap
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts" / "interop"))
import implementations  # noqa: E402


def resolve(dotted):
    """A dotted path to an object: the longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for name in parts[split:]:
            value = getattr(value, name)
        return value
    raise ImportError(dotted)


def checkout_variable(entry, root="checkout"):
    """The environment variable naming the checkout a derivation with this root reads: LC_CHECKOUT_<ID>, or
    LC_CHECKOUT_<ID>_<DEPENDENCY> for "checkout:<dependency>"."""
    _, _, dependency = root.partition(":")
    return "LC_CHECKOUT_" + "_".join(part.upper().replace("-", "_") for part in [entry["id"], dependency] if part)


def checkout_root(entry, root="checkout"):
    """The checkout a source-checkout implementation's derivations read, or None when not given."""
    given = os.environ.get(checkout_variable(entry, root))
    return Path(given).resolve() if given else None


def derived_names(spec, root=ROOT):
    kind = spec["kind"]
    if kind == "parameters":
        names = list(inspect.signature(resolve(spec["target"])).parameters)
        return [name for name in names if name not in spec.get("except", [])]
    if kind == "typeddict":
        return list(resolve(spec["target"]).__annotations__)
    if kind == "dict-literal":
        tree = ast.parse(textwrap.dedent(inspect.getsource(resolve(spec["target"]))))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and any(
                    isinstance(target, ast.Name) and target.id == spec["variable"] for target in node.targets):
                return [key.value for key in node.value.keys if isinstance(key, ast.Constant)]
        raise AssertionError(f"no dict literal {spec['variable']} in {spec['target']}")
    if kind == "settings":
        owner = resolve(spec["target"])
        names = []
        for method in spec["methods"]:
            source = inspect.getsource(getattr(owner, method))
            names += re.findall(r"""self\.(?:setting|get_setting_config)\(\s*["']([A-Z_]+)["']""", source)
        return sorted(set(names))
    if kind == "source-regex":
        names = []
        for pattern in spec["files"]:
            files = [path for path in glob.glob(str(root / pattern)) if not path.endswith("_test.go")]
            if not files:
                raise ImportError(pattern)
            for path in files:
                text = Path(path).read_text(encoding="utf-8")
                blocks = re.findall(spec["block"], text, re.DOTALL) if spec.get("block") else [text]
                for block in blocks:
                    for found in re.findall(spec["pattern"], block, re.MULTILINE):
                        # a pattern of several groups (alternatives): the group that matched
                        names.append(next((group for group in found if group), "") if isinstance(found, tuple) else found)
        return sorted(set(names) - set(spec.get("except", [])))
    if kind == "command":
        import shutil
        import subprocess
        if shutil.which(spec["argv"][0]) is None:
            raise ImportError(spec["argv"][0])
        output = subprocess.run(spec["argv"], capture_output=True, text=True, timeout=120, check=True).stdout
        return sorted(set(line.strip() for line in output.splitlines() if line.strip()) - set(spec.get("except", [])))
    raise AssertionError(f"unknown derivation kind {kind!r}")


def audited():
    """(folder entry, audit) for every folder that is run (a `notRun` folder has no audit: not checked)."""
    return [(entry, entry.get("optionsAudit")) for entry in implementations.by_folder().values()
            if implementations.runnable(entry)]


class OptionsAuditTests(unittest.TestCase):
    def test_every_folder_has_an_audit(self):
        for entry, audit in audited():
            with self.subTest(folder=entry["folder"]):
                self.assertIsInstance(audit, dict, f"{entry['folder']}/implementation.json has no optionsAudit")
                self.assertTrue(audit.get("documentation"), "the documentation the audit read")
                self.assertTrue(audit.get("options"), "the options it offers")

    def test_every_option_says_whether_the_strict_run_uses_it(self):
        for entry, audit in audited():
            for option in (audit or {}).get("options", []):
                with self.subTest(folder=entry["folder"], option=option.get("name")):
                    self.assertTrue(option.get("name"))
                    self.assertTrue(option.get("link"), "a link to where the option is documented or defined")
                    self.assertIsInstance(option.get("strictRun"), bool)
                    self.assertTrue(option.get("how") if option["strictRun"] else option.get("why"),
                                    "`how` it is used, or `why` the strict run does not use it")

    def test_no_option_is_listed_twice(self):
        for entry, audit in audited():
            names = [option["name"] for option in (audit or {}).get("options", [])]
            with self.subTest(folder=entry["folder"]):
                self.assertEqual(sorted(set(names)), sorted(names))

    def test_the_pinned_code_offers_no_option_the_audit_misses(self):
        checked = 0
        for entry, audit in audited():
            listed = {option["name"] for option in (audit or {}).get("options", [])}
            for spec in (audit or {}).get("derivedFrom", []):
                with self.subTest(folder=entry["folder"], derivation=spec.get("target") or spec.get("files")):
                    root = ROOT
                    if str(spec.get("root", "")).startswith("checkout"):
                        root = checkout_root(entry, spec["root"])
                        if root is None:
                            self.skipTest(f"{entry['id']}: not checked: its options are read from a source checkout "
                                          f"({checkout_variable(entry, spec['root'])}=PATH)")
                    try:
                        names = [spec.get("prefix", "") + name for name in derived_names(spec, root)]
                    except ImportError as error:
                        self.skipTest(f"{entry['id']}: {error} is not installed here "
                                      "(bash Scripts/interop/install_implementations.sh)")
                    self.assertTrue(names, f"the derivation found no option at all: {spec}")
                    missing = sorted(set(names) - listed)
                    self.assertEqual(missing, [], f"{entry['folder']}/implementation.json: optionsAudit misses "
                                                  f"options the pinned code offers: {missing}")
                    checked += 1
        self.assertGreater(checked, 0)


if __name__ == "__main__":
    unittest.main()
