"""Vectors/CHANGELOG.md, the changelog for people, rendered from the changelog document (vectorgen/changelog.py)."""

import json
import sys
import unittest
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "Scripts"))

from vectorgen import changelog  # noqa: E402


def release(version: str, added: Iterable[str] = (), changed: Iterable[dict[str, Any]] = (),
            retired: Iterable[dict[str, Any]] = ()) -> dict[str, Any]:
    return {"version": version, "summary": f"summary of {version}", "added": list(added), "changed": list(changed),
            "retired": list(retired)}


class ChangelogPage(unittest.TestCase):
    def test_newest_release_first_with_counts_per_family(self) -> None:
        page = changelog.render_markdown({"releases": [
            release("0.1.0"), release("0.2.0", added=["nonce::a", "nonce::b", "profile::c"])]})
        self.assertLess(page.index("## 0.2.0"), page.index("## 0.1.0"))
        self.assertIn("Vectors added 3 (nonce 2, profile 1); changed 0; retired 0.", page)
        self.assertIn("- `profile::c`", page)
        self.assertTrue(page.endswith("\n") and not page.endswith("\n\n"))

    def test_a_reason_is_written_once_for_the_vectors_that_share_it(self) -> None:
        changed = [{"id": f"nonce::v{i}", "reason": "D1: wider"} for i in range(3)] + [{"id": "nonce::w", "reason": "D2"}]
        page = changelog.render_markdown({"releases": [release("0.2.0", changed=changed)]})
        self.assertEqual(page.count("D1: wider"), 1)
        self.assertIn("Changed (3): D1: wider", page)
        self.assertIn("Changed (1): D2", page)

    def test_a_retired_vector_names_its_replacements(self) -> None:
        retired = [{"id": "nonce::old", "reason": "split", "replacedBy": ["nonce::old.documented", "nonce::old.ios-sdk"]}]
        page = changelog.render_markdown({"releases": [release("0.2.0", retired=retired)]})
        self.assertIn("- `nonce::old` → `nonce::old.documented`, `nonce::old.ios-sdk`", page)

    def test_a_long_list_is_folded_away(self) -> None:
        page = changelog.render_markdown({"releases": [release("0.2.0", added=[f"nonce::v{i}" for i in range(9)])]})
        self.assertIn("<details><summary>Added (9)</summary>", page)
        short = changelog.render_markdown({"releases": [release("0.2.0", added=[f"nonce::v{i}" for i in range(8)])]})
        self.assertNotIn("<details>", short)

    def test_the_committed_page_lists_every_release_of_the_committed_changelog(self) -> None:
        history = json.loads((ROOT / "Vectors" / "changelog.json").read_text(encoding="utf-8"))
        page = (ROOT / "Vectors" / "CHANGELOG.md").read_text(encoding="utf-8")
        self.assertEqual(page, changelog.render_markdown(history))
        self.assertEqual([line[3:] for line in page.splitlines() if line.startswith("## ")],
                         [entry["version"] for entry in reversed(history["releases"])])


class AddedFamilies(unittest.TestCase):
    """A family module's ADDED_IN: the release it names adds every vector of the family; a release this file does not
    keep (a published one, or none) is refused, naming the family."""

    def ids(self) -> dict[str, list[str]]:
        """The committed suite's vector IDs by family, and a new family's."""
        vectors = ROOT / "Vectors"
        manifest = json.loads((vectors / "manifest.json").read_text(encoding="utf-8"))
        return {**{entry["family"]: [v["id"] for v in json.loads((vectors / entry["file"]).read_text(
                    encoding="utf-8"))["vectors"]] for entry in manifest["families"]},
                "greeting": ["greeting::a::b"]}

    def test_the_release_it_names_adds_the_family(self) -> None:
        newest = changelog.RELEASES[-1]["version"]
        document = changelog.document(self.ids(), {"greeting": newest})
        by_version = {release["version"]: release for release in document["releases"]}
        self.assertEqual(by_version[newest]["added"][-1], "greeting::a::b")
        self.assertTrue(all("greeting::a::b" not in release["added"] for version, release in by_version.items()
                            if version != newest))

    def test_a_vector_no_release_lists_is_refused(self) -> None:
        """Unless it is one of the first release's: a gate would take it for one and count it as a regression."""
        ids = self.ids()
        del ids["greeting"]
        changelog.document(ids)  # the committed suite: every vector listed, or the first release's
        ids["nonce"] = ids["nonce"] + ["nonce::new::never-listed"]
        with self.assertRaises(SystemExit) as refused:
            changelog.document(ids)
        self.assertIn("1 vectors no release lists as added", str(refused.exception))
        self.assertIn("nonce::new::never-listed", str(refused.exception))

    def test_a_release_not_kept_here_is_refused(self) -> None:
        for version in ("0.1.0", "9.9.9"):
            with self.subTest(version=version), self.assertRaises(SystemExit) as refused:
                changelog.document(self.ids(), {"greeting": version})
            self.assertIn("greeting", str(refused.exception))


if __name__ == "__main__":
    unittest.main()
