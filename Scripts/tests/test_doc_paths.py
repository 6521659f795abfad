"""Docs that cannot drift: every path of this repository that a Markdown file or a Swift comment names exists.

A path is taken as this repository's when it starts with one of its top-level folders and its first two components
are a folder here (`Tests/LoginConformanceTests/...`, `Scripts/vectorgen/...`), or it is a file directly in one of
the folders only this repository has (`Scripts/benchmarks/bench.sh`, `Vectors/nonce.json`). Any other path is another
package's: the SDK's (`Sources/FBSDKCoreKit/...`), an adopter's (`Tests/conformance-baseline.json`,
`Tests/MyLoginTests/...`). Placeholders (`<name>`, `*`, `{a,b}`, `round-N`) are patterns, not paths. The blind
rounds' records (`Tests/CompletenessRounds/`) are kept verbatim, as they were given and written, and are not read.
"""

from __future__ import annotations

import re
import subprocess
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = ("Sources", "Tests", "Vectors", "Scripts", "Examples", "Implementations", "docs", "api", ".ci")
# The top-level folders an adopter's package has too: a file directly in one of them may be the adopter's.
SHARED_TOP = ("Sources", "Tests")
VERBATIM = "Tests/CompletenessRounds/"
PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(re.escape(top) for top in TOP) + r")/[\w./<>*{}-]*[\w/>*}])")
PLACEHOLDER = re.compile(r"[<>*{}]|-N\b|-N\.")


def tracked() -> list[str]:
    """The repository's files, as git lists them."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return listed.split()


def prose(name: str) -> str:
    """The text of `name` that documents: a Markdown file whole, a Swift file's comment lines; otherwise nothing."""
    if name.endswith(".md"):
        return (ROOT / name).read_text(encoding="utf-8")
    if name.endswith(".swift"):
        lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
        return "\n".join(line for line in lines if line.lstrip().startswith("//"))
    return ""


def missing_paths() -> dict[str, list[str]]:
    """Each path of this repository that documentation names and that does not exist, with the files naming it."""
    files = tracked()
    known = set(files)
    folders = {str(Path(name).parent) for name in files}
    folders |= {str(parent) for name in files for parent in Path(name).parents}
    found: dict[str, list[str]] = {}
    for name in files:
        if name.startswith(VERBATIM):
            continue
        for match in PATH.finditer(prose(name)):
            path = match.group(1).rstrip("./")
            if PLACEHOLDER.search(path) or path in known or path in folders:
                continue
            parts = path.split("/")
            if len(parts) > 2 and "/".join(parts[:2]) not in folders:
                continue  # another package's path
            if len(parts) == 2 and parts[0] in SHARED_TOP:
                continue  # may be an adopter's file

            found.setdefault(path, []).append(name)
    return found


class DocPathsTest(unittest.TestCase):
    def test_every_path_named_exists(self) -> None:
        missing = missing_paths()
        self.assertEqual(missing, {}, "Markdown names paths this repository does not have: "
                         + "; ".join(f"{path} (in {', '.join(sorted(set(names)))})" for path, names in sorted(missing.items())))


if __name__ == "__main__":
    unittest.main()
