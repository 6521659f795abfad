"""Scripts/interop/compare.py and Scripts/interop/implementations.py for the implementations built from a source checkout (nakama):
the recorded results the report uses when no checkout is given, `stale` when the vectors' digest or the pinned commit
changed since they were recorded, and the `notRun` folders listed with their reason; and for one whose dependencies are
source checkouts too (laravel-socialite's and better-auth's `dependencyCheckouts`): each pinned commit in the recorded
file and the report, each given by --checkout ID:DEPENDENCY=PATH (all or none) and checked; a dependency pinned by a
commit with no tag (its version only, as better-auth's golang.org/x/sys), and the fields only its build step reads
(packageJson, sources, why), neither recorded nor shown. Standard library only (and git, for
the build step's commit checks); the runner is never started."""

import argparse
import contextlib
import importlib.util
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest
from collections.abc import Iterable
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parents[1] / "interop"
sys.path.insert(0, str(SCRIPTS))
SPEC = importlib.util.spec_from_file_location("compare", SCRIPTS / "compare.py")
assert SPEC is not None and SPEC.loader is not None
compare = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(compare)
import implementations  # noqa: E402

COMMIT = "1645d207813bf259b97c6b814416bb67fd81661b"
VECTORS: list[dict[str, Any]] = [
    {"id": "signed-token::valid::baseline", "severity": "critical", "rules": [], "input": {},
     "expected": {"result": "accepted", "claims": {}}},
    {"id": "signed-token::claims::audience-other-app", "severity": "critical", "rules": [], "input": {},
     "expected": {"result": "rejected", "reason": "audience"}},
]
RAW = {"suiteVersion": "0.6.0", "implementation": {"name": "x", "version": "v1", "language": "go"}, "results": [
    {"id": "signed-token::valid::baseline", "family": "signed-token", "severity": "critical", "outcome": "pass",
     "rerun": "ignored for a pass"},
    {"id": "signed-token::claims::audience-other-app", "family": "signed-token", "severity": "critical",
     "outcome": "fail", "failureKind": "wrong-verdict", "actual": json.dumps({"result": "accepted", "claims": {}}),
     "expected": json.dumps({"result": "rejected", "reason": "audience"}),
     "rerun": f"swift run --package-path '{compare.ROOT}' login-conformance run --vector 'x' --vectors 'Vectors'"}]}
CLASSIFICATIONS = {"findings": [{"id": "no-audience", "kind": "weakness", "severity": "critical", "title": "t",
                                 "matches": [{"implementations": ["checked"],
                                              "vectors": ["signed-token::claims::audience-*"]}]}]}


class SourceCheckoutFixture(unittest.TestCase):
    """A temporary Implementations/ tree (one source-checkout folder, one notRun folder) and a vector folder."""

    def setUp(self) -> None:
        self.temporary = tempfile.TemporaryDirectory()
        base = Path(self.temporary.name)
        self.vectors = base / "Vectors"
        self.vectors.mkdir()
        (self.vectors / "manifest.json").write_text(json.dumps(
            {"suiteVersion": "0.6.0", "families": [{"family": "signed-token", "file": "signed-token.json"}]}))
        self.write_vectors(VECTORS)
        self.folders = base / "Implementations"
        checked = self.folders / "checked"
        checked.mkdir(parents=True)
        (checked / "implementation.json").write_text(json.dumps({
            "id": "checked", "name": "checked", "language": "go", "source": "source-checkout", "package": "p",
            "version": "1.0.0", "checkout": {"repository": "https://example.invalid/r", "tag": "v1.0.0", "commit": COMMIT},
            "recorded": "results/recorded.json", "command": "adapter", "families": ["signed-token"],
            "profiles": ["documented"], "configuration": "c", "install": {"script": "install.sh"}}))
        absent = self.folders / "absent"
        absent.mkdir()
        (absent / "implementation.json").write_text(json.dumps({
            "id": "absent", "name": "absent", "language": "php", "source": "source-checkout", "package": "q",
            "version": "2.0", "notRun": {"reason": "dependency d is in no reachable registry", "looked": "apt"}}))
        self.declared = {entry["id"]: entry for entry in implementations.discover(self.folders)}

    def tearDown(self) -> None:
        self.temporary.cleanup()

    def write_vectors(self, vectors: list[dict[str, Any]]) -> None:
        (self.vectors / "signed-token.json").write_text(json.dumps({"family": "signed-token", "vectors": vectors}))

    def arguments(self, **given: Any) -> argparse.Namespace:
        values: dict[str, Any] = {"only": None, "checkout": None, "record": False, "vectors": str(self.vectors),
                  "binary": "/nonexistent/login-conformance", "batch": 32}
        return argparse.Namespace(**(values | given))

    def record(self) -> None:
        implementation = self.declared["checked"]
        digest = compare.vectors_digest(str(self.vectors), implementation["families"])
        compare.write_recorded(implementation, [("library", "documented", "adapter", RAW)], digest, COMMIT)

    def collect(self) -> dict[str, dict[str, Any]]:
        _, vectors = compare.load_vectors(self.vectors)
        config = {"implementations": list(self.declared.values())}
        implementations_found, _ = compare.collect(self.arguments(), config, vectors, CLASSIFICATIONS)
        return {entry["id"]: entry for entry in implementations_found}


class Declarations(SourceCheckoutFixture):
    def test_a_not_run_folder_needs_no_command_and_installs_nothing(self) -> None:
        self.assertIn("absent", self.declared)
        self.assertFalse(implementations.runnable(self.declared["absent"]))
        self.assertEqual(implementations.install_scripts(self.folders), [f"{self.declared['checked']['folder']}/install.sh"])

    def test_a_source_checkout_without_its_pinned_commit_is_refused(self) -> None:
        path = self.folders / "checked" / "implementation.json"
        document = json.loads(path.read_text())
        del document["checkout"]["commit"]
        path.write_text(json.dumps(document))
        with self.assertRaisesRegex(ValueError, "checkout.commit"):
            implementations.discover(self.folders)


class RecordedResults(SourceCheckoutFixture):
    def test_without_a_checkout_the_recorded_results_are_reported_as_recorded(self) -> None:
        self.record()
        found = self.collect()["checked"]
        self.assertEqual(found["status"], "recorded")
        self.assertEqual(found["provenance"]["checkout"]["commit"], COMMIT)
        self.assertEqual(found["version"], f"1.0.0 ({COMMIT[:12]})")
        self.assertEqual(found["runs"][0]["counts"], {"pass": 1, "lenient": 0, "fail": 1, "skipped": 0})
        failing = [entry for entry in found["runs"][0]["results"] if entry["status"] == "fail"]
        self.assertEqual(failing[0]["classification"]["finding"], "no-audience")
        self.assertNotIn("--package-path", failing[0]["rerun"], "a runner built in this project's checkout: no path")

    def test_the_recorded_file_keeps_what_reproduces_it(self) -> None:
        self.record()
        document = json.loads((self.folders / "checked" / "results" / "recorded.json").read_text())
        self.assertEqual(document["checkout"]["commit"], COMMIT)
        self.assertIn("--checkout checked=PATH --record", document["command"])
        self.assertEqual(document["suiteVersion"], "0.6.0")
        self.assertEqual(len(document["vectorsDigest"]["value"]), 64)
        passing = document["runs"][0]["raw"]["results"][0]
        self.assertEqual(set(passing), {"id", "family", "severity", "outcome"}, "a pass keeps only what is read")

    def test_changed_vectors_make_the_recorded_results_stale_with_no_run(self) -> None:
        self.record()
        self.write_vectors(VECTORS[:1])
        found = self.collect()["checked"]
        self.assertEqual(found["status"], "stale")
        self.assertEqual(found["runs"], [])
        self.assertIn("re-record it", found["provenance"]["reason"])

    def test_another_pinned_commit_makes_the_recorded_results_stale(self) -> None:
        self.record()
        self.declared["checked"] = dict(self.declared["checked"],
                                        checkout=dict(self.declared["checked"]["checkout"], commit="0" * 40))
        found = self.collect()["checked"]
        self.assertEqual(found["status"], "stale")
        self.assertIn("implementation.json pins", found["provenance"]["reason"])

    def test_nothing_recorded_and_no_checkout_is_not_run_with_the_command(self) -> None:
        found = self.collect()["checked"]
        self.assertEqual(found["status"], "not-run")
        self.assertIn("--record", found["provenance"]["reason"])


class NotRun(SourceCheckoutFixture):
    def test_a_not_run_folder_is_listed_with_its_reason_and_no_verdict(self) -> None:
        self.record()
        report = compare.build_report(list(self.collect().values()), "0.6.0", CLASSIFICATIONS, {})
        absent = next(entry for entry in report["implementations"] if entry["id"] == "absent")
        self.assertEqual((absent["status"], absent["runs"]), ("not-run", []))
        markdown = compare.render_markdown(report)
        self.assertIn("**not-run** — dependency d is in no reachable registry", markdown)
        self.assertIn(f"recorded from a source checkout at v1.0.0 ({COMMIT[:12]})", markdown)
        problems, notes = compare.check_against(report, report)
        self.assertEqual(problems, [])
        self.assertTrue(any(note.startswith("absent: not-run") for note in notes), notes)

    def test_record_needs_a_checkout(self) -> None:
        with self.assertRaises(SystemExit):
            compare.main(["--record", "--output", str(Path(self.temporary.name) / "out")])


DEPENDENCY_COMMIT = "d1e91ecf8c598d073d0995afa8cd5c75c6e19e66"


class DependencyCheckoutFixture(SourceCheckoutFixture):
    """The fixture plus a source-checkout folder `withdeps` whose dependency `lib` is a source checkout too."""

    def setUp(self) -> None:
        super().setUp()
        self.write_withdeps(COMMIT, DEPENDENCY_COMMIT)

    def write_withdeps(self, commit: str, dependency_commit: str, discover: bool = True,
                       more: Iterable[dict[str, Any]] = ()) -> None:
        """more: further dependencyCheckouts entries, after `lib`."""
        folder = self.folders / "withdeps"
        folder.mkdir(exist_ok=True)
        (folder / "implementation.json").write_text(json.dumps({
            "id": "withdeps", "name": "withdeps", "language": "php", "source": "source-checkout", "package": "w",
            "version": "5.0.0", "checkout": {"repository": "https://example.invalid/w", "tag": "v5.0.0", "commit": commit},
            "dependencyCheckouts": [{"id": "lib", "package": "vendor/lib", "repository": "https://example.invalid/lib",
                                     "tag": "v6.0.0", "commit": dependency_commit}, *more],
            "recorded": "results/recorded.json", "command": "adapter", "families": ["signed-token"],
            "profiles": ["documented"], "configuration": "c", "install": {"script": "install.sh"}}))
        if discover:
            self.declared = {entry["id"]: entry for entry in implementations.discover(self.folders)}

    def record_withdeps(self, dependency_commit: str = DEPENDENCY_COMMIT, more: dict[str, str] | None = None) -> None:
        implementation = self.declared["withdeps"]
        digest = compare.vectors_digest(str(self.vectors), implementation["families"])
        compare.write_recorded(implementation, [("library", "documented", "adapter", RAW)], digest, COMMIT,
                               {"lib": dependency_commit} | (more or {}))


TOOL_COMMIT = "c0bba94af5f85fbad9f6dc2e04ed5b8fac9696cf"
# A dependency as better-auth declares one for its build step (version, packageJson, sources, why), and a build tool
# pinned by a commit with no tag (a Go pseudo-version).
PACKAGE = {"id": "pkg", "package": "@scope/pkg", "version": "1.3.0", "repository": "https://example.invalid/pkg",
           "tag": "v1.3.0", "commit": "9ae2ea035b24319db9486ab5e18e318f6931cbe7",
           "packageJson": "packages/pkg/package.json", "sources": "packages/pkg/src", "why": "the lockfile's"}
TOOL = {"id": "tool-sys", "package": "golang.org/x/sys", "version": "v0.0.0-20220715151400-c0bba94af5f8",
        "repository": "https://example.invalid/sys", "commit": TOOL_COMMIT, "why": "the build tool's dependency"}


class DependencyDeclarations(DependencyCheckoutFixture):
    def test_each_checkout_has_its_key_and_build_variable(self) -> None:
        keys = [key for key, _ in implementations.checkout_keys(self.declared["withdeps"])]
        self.assertEqual(keys, ["withdeps", "withdeps:lib"])
        self.assertEqual([key for key, _ in implementations.checkout_keys(self.declared["checked"])], ["checked"])
        self.assertEqual(implementations.checkout_keys(self.declared["absent"]), [])
        self.assertEqual(implementations.source_variable("oauth1-client"), "LC_SOURCE_OAUTH1_CLIENT")

    def test_a_dependency_checkout_without_its_commit_is_refused(self) -> None:
        self.write_withdeps(COMMIT, "", discover=False)
        with self.assertRaisesRegex(ValueError, r"dependencyCheckouts\[0\] lacks commit"):
            implementations.discover(self.folders)

    def test_a_dependency_checkout_needs_a_tag_or_a_version(self) -> None:
        self.write_withdeps(COMMIT, DEPENDENCY_COMMIT, more=[PACKAGE, TOOL])
        self.assertEqual([key for key, _ in implementations.checkout_keys(self.declared["withdeps"])],
                         ["withdeps", "withdeps:lib", "withdeps:pkg", "withdeps:tool-sys"])
        self.assertEqual(implementations.source_variable("tool-sys"), "LC_SOURCE_TOOL_SYS")
        untagged = {key: value for key, value in TOOL.items() if key != "version"}
        self.write_withdeps(COMMIT, DEPENDENCY_COMMIT, discover=False, more=[untagged])
        with self.assertRaisesRegex(ValueError, r"dependencyCheckouts\[1\] lacks tag or version"):
            implementations.discover(self.folders)


class DependencyRecorded(DependencyCheckoutFixture):
    def test_the_recorded_file_and_the_report_list_every_pinned_commit(self) -> None:
        self.record_withdeps()
        document = json.loads((self.folders / "withdeps" / "results" / "recorded.json").read_text())
        self.assertEqual(document["dependencyCheckouts"][0]["commit"], DEPENDENCY_COMMIT)
        self.assertIn("--checkout withdeps=PATH --checkout withdeps:lib=PATH_LIB --record", document["command"])
        self.assertIn(f"PATH_LIB: a checkout of https://example.invalid/lib at v6.0.0 ({DEPENDENCY_COMMIT})",
                      document["command"])
        found = self.collect()["withdeps"]
        self.assertEqual(found["status"], "recorded")
        self.assertEqual(found["provenance"]["dependencyCheckouts"][0]["package"], "vendor/lib")
        self.assertIn(f"v5.0.0 ({COMMIT[:12]}) with vendor/lib v6.0.0 ({DEPENDENCY_COMMIT[:12]})",
                      compare.provenance_text(found))

    def test_only_the_pinned_fields_are_recorded_and_a_tagless_one_is_shown_by_version(self) -> None:
        self.write_withdeps(COMMIT, DEPENDENCY_COMMIT, more=[PACKAGE, TOOL])
        self.record_withdeps(more={"pkg": PACKAGE["commit"], "tool-sys": TOOL_COMMIT})
        document = json.loads((self.folders / "withdeps" / "results" / "recorded.json").read_text())
        self.assertEqual(document["dependencyCheckouts"][1], {key: PACKAGE[key] for key in (
            "id", "package", "version", "repository", "tag", "commit")}, "packageJson, sources, why: not recorded")
        self.assertEqual(set(document["dependencyCheckouts"][2]), {"id", "package", "version", "repository", "commit"})
        self.assertIn("--checkout withdeps:tool-sys=PATH_TOOL_SYS --record", document["command"])
        self.assertIn(f"PATH_TOOL_SYS: a checkout of https://example.invalid/sys at {TOOL_COMMIT}", document["command"])
        found = self.collect()["withdeps"]
        self.assertEqual(found["status"], "recorded")
        self.assertIn(f"@scope/pkg v1.3.0 ({PACKAGE['commit'][:12]}), golang.org/x/sys "
                      f"v0.0.0-20220715151400-c0bba94af5f8 ({TOOL_COMMIT[:12]}) on", compare.provenance_text(found))

    def test_another_pinned_commit_of_a_tagless_dependency_makes_the_recorded_results_stale(self) -> None:
        self.write_withdeps(COMMIT, DEPENDENCY_COMMIT, more=[PACKAGE, TOOL])
        self.record_withdeps(more={"pkg": PACKAGE["commit"], "tool-sys": TOOL_COMMIT})
        self.write_withdeps(COMMIT, DEPENDENCY_COMMIT, more=[PACKAGE, dict(TOOL, commit="2" * 40)])
        found = self.collect()["withdeps"]
        self.assertEqual((found["status"], found["runs"]), ("stale", []))
        self.assertIn(f"tool-sys: recorded {TOOL_COMMIT}, pinned {'2' * 40}", found["provenance"]["reason"])

    def test_a_recorded_file_from_before_a_dependency_was_declared_is_stale(self) -> None:
        self.record_withdeps()
        self.write_withdeps(COMMIT, DEPENDENCY_COMMIT, more=[TOOL])
        found = self.collect()["withdeps"]
        self.assertEqual(found["status"], "stale")
        self.assertIn(f"tool-sys: recorded None, pinned {TOOL_COMMIT}", found["provenance"]["reason"])

    def test_recording_a_dependency_at_another_commit_is_refused(self) -> None:
        with self.assertRaises(SystemExit):
            self.record_withdeps("0" * 40)

    def test_another_pinned_dependency_commit_makes_the_recorded_results_stale(self) -> None:
        self.record_withdeps()
        self.write_withdeps(COMMIT, "1" * 40)
        found = self.collect()["withdeps"]
        self.assertEqual((found["status"], found["runs"]), ("stale", []))
        self.assertIn(f"lib: recorded {DEPENDENCY_COMMIT}, pinned {'1' * 40}", found["provenance"]["reason"])


class DependencyCheckoutArguments(DependencyCheckoutFixture):
    def collect_with(self, *given: str) -> tuple[list[dict[str, Any]], str | None]:
        _, vectors = compare.load_vectors(self.vectors)
        config = {"implementations": list(self.declared.values())}
        return compare.collect(self.arguments(checkout=list(given)), config, vectors, CLASSIFICATIONS)

    def test_a_checkout_without_its_dependencies_is_refused(self) -> None:
        with self.assertRaisesRegex(SystemExit, "withdeps:lib"):
            self.collect_with(f"withdeps={self.temporary.name}")

    def test_a_dependency_alone_is_refused(self) -> None:
        with self.assertRaisesRegex(SystemExit, "but not withdeps"):
            self.collect_with(f"withdeps:lib={self.temporary.name}")

    def test_an_unknown_dependency_is_refused(self) -> None:
        with self.assertRaisesRegex(SystemExit, "withdeps:other"):
            self.collect_with(f"withdeps={self.temporary.name}", f"withdeps:lib={self.temporary.name}",
                              f"withdeps:other={self.temporary.name}")


def git_repository(path: Path) -> str:
    """A one-commit git repository at path; its commit."""
    path.mkdir(parents=True)
    (path / "file").write_text(path.name)
    git = ["git", "-C", str(path), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "file"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "c"], check=True)
    return subprocess.run(git[:3] + ["rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()


class DependencyBuild(DependencyCheckoutFixture):
    def setUp(self) -> None:
        super().setUp()
        base = Path(self.temporary.name)
        self.main, self.lib = base / "main-src", base / "lib-src"
        self.write_withdeps(git_repository(self.main), git_repository(self.lib))
        self.seen = base / "seen.json"
        (self.folders / "withdeps" / "install.sh").write_text(
            f"python3 -c 'import json, os; json.dump({{k: v for k, v in os.environ.items() if k.startswith(\"LC_SOURCE\")}}, "
            f"open(\"{self.seen}\", \"w\"))'\n")
        self.implementation = dict(self.declared["withdeps"], folder=str(self.folders / "withdeps"))

    def build(self, paths: dict[str, Path]) -> dict[str, str]:
        with contextlib.redirect_stdout(io.StringIO()):
            return compare.build_checkout(self.implementation, paths)

    def test_the_build_step_gets_every_checkout_and_the_commits_are_returned(self) -> None:
        commits = self.build({"withdeps": self.main, "withdeps:lib": self.lib})
        self.assertEqual(commits, {"withdeps": self.implementation["checkout"]["commit"],
                                   "withdeps:lib": self.implementation["dependencyCheckouts"][0]["commit"]})
        self.assertEqual(json.loads(self.seen.read_text()), {"LC_SOURCE": str(self.main), "LC_SOURCE_LIB": str(self.lib)})

    def test_a_dependency_checkout_at_another_commit_is_refused_before_the_build(self) -> None:
        with self.assertRaisesRegex(SystemExit, "withdeps:lib: the checkout"):
            self.build({"withdeps": self.main, "withdeps:lib": self.main})
        self.assertFalse(os.path.exists(self.seen))

    def test_a_tagless_dependency_gets_its_variable_and_is_checked_out_by_commit(self) -> None:
        tool = Path(self.temporary.name) / "tool-src"
        tool_commit = git_repository(tool)
        self.write_withdeps(self.implementation["checkout"]["commit"],
                            self.implementation["dependencyCheckouts"][0]["commit"], more=[dict(TOOL, commit=tool_commit)])
        self.implementation = dict(self.declared["withdeps"], folder=str(self.folders / "withdeps"))
        paths = {"withdeps": self.main, "withdeps:lib": self.lib, "withdeps:tool-sys": tool}
        self.assertEqual(self.build(paths)["withdeps:tool-sys"], tool_commit)
        self.assertEqual(json.loads(self.seen.read_text())["LC_SOURCE_TOOL_SYS"], str(tool))
        with self.assertRaisesRegex(SystemExit, f"git -C {self.main} checkout {tool_commit}"):
            self.build(paths | {"withdeps:tool-sys": self.main})


if __name__ == "__main__":
    unittest.main()
