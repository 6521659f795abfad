#!/usr/bin/env python3
"""Writes Vectors/<family>.json from the family modules in Scripts/vectorgen/, byte-identically every time.

  python3 Scripts/generate_vectors.py           write the files
  python3 Scripts/generate_vectors.py --check   exit 1 (naming the files) if a committed file differs

Standard library only. Output: UTF-8, two-space indent, every non-ASCII character escaped as \\uXXXX (so invisible
characters such as U+200B stay visible in review), a final newline.
"""

import argparse
import importlib
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "Vectors"
sys.path.insert(0, str(ROOT / "Scripts"))

FORMAT_VERSION = 1
# Family modules, in the order the manifest lists them.
FAMILY_MODULES = ["nonce", "login_configuration", "login_result", "token_claims"]


def render(document):
    return json.dumps(document, indent=2, ensure_ascii=True) + "\n"


def build_family(module_name):
    module = importlib.import_module(f"vectorgen.{module_name}")
    vectors = module.vectors()
    ids = Counter(v["id"] for v in vectors)
    duplicated = sorted(i for i, n in ids.items() if n > 1)
    if duplicated:
        raise SystemExit(f"{module_name}: duplicate vector IDs: {', '.join(duplicated)}")
    for v in vectors:
        if not v["id"].startswith(module.FAMILY + "::"):
            raise SystemExit(f"{module_name}: {v['id']} does not start with {module.FAMILY}::")
        reason = v["expected"].get("reason")
        if reason is not None and reason not in module.REASONS:
            raise SystemExit(f"{module_name}: {v['id']} uses undeclared reason {reason!r}")
    return module.FAMILY, {
        "family": module.FAMILY,
        "formatVersion": FORMAT_VERSION,
        "description": module.DESCRIPTION,
        "reasons": module.REASONS,
        "vectors": vectors,
    }


def build_all(module_names):
    files = {}
    for module_name in module_names:
        family, document = build_family(module_name)
        files[f"{family}.json"] = (render(document), len(document["vectors"]))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing")
    parser.add_argument("--only", metavar="MODULE", help="only this family module (e.g. nonce), while writing one")
    args = parser.parse_args()
    files = build_all([args.only] if args.only else FAMILY_MODULES)
    if args.check:
        stale = [name for name, (text, _) in files.items()
                 if not (VECTORS / name).exists() or (VECTORS / name).read_text(encoding="utf-8") != text]
        if stale:
            print("vectors differ from the generator's output: " + ", ".join(stale), file=sys.stderr)
            print("run: python3 Scripts/generate_vectors.py", file=sys.stderr)
            return 1
        print(f"vectors match the generator ({len(files)} files)")
        return 0
    for name, (text, count) in files.items():
        (VECTORS / name).write_text(text, encoding="utf-8")
        print(f"wrote Vectors/{name} ({count} vectors)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
