"""The parts of Scripts/sdk_check/check_sdk.py that need no SDK checkout: the comparison (code points, numbers by value,
permission sets, alsoAccepted, stage-only rejections), the declared differences file, the rewrites and the
family bookkeeping. The SDK run itself is `python3 Scripts/sdk_check/check_sdk.py --sdk PATH` (docs/sdk-check.md).

Run: python3 -m unittest discover -s Scripts/tests -p 'test_check_sdk.py'
"""

import copy
import json
import sys
import tempfile
import unittest
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts" / "sdk_check"))

import check_sdk  # noqa: E402

ACCEPTED: dict[str, Any] = {"result": "accepted", "claims": {"jti": "j", "iss": "https://www.facebook.com",
                                                              "aud": "1234567890", "exp": 1767229200,
                                                              "iat": 1767225540, "nonce": "n", "sub": "s"}}


class ValuesEqual(unittest.TestCase):
    def test_strings_compare_code_point_by_code_point(self) -> None:
        nfc = unicodedata.normalize("NFC", "caf\u00e9")
        nfd = unicodedata.normalize("NFD", "caf\u00e9")
        self.assertTrue(check_sdk.values_equal(nfc, "caf\u00e9"))
        self.assertFalse(check_sdk.values_equal(nfc, nfd))
        self.assertFalse(check_sdk.values_equal("abc", "abc "))
        self.assertFalse(check_sdk.values_equal("\u212b", "\u00c5"))  # ANGSTROM SIGN vs A WITH RING: canonically equal

    def test_numbers_compare_by_value_and_never_equal_booleans(self) -> None:
        self.assertTrue(check_sdk.values_equal(1767229200, 1767229200.0))
        self.assertTrue(check_sdk.values_equal(1767224999.5, 1767224999.5))
        self.assertFalse(check_sdk.values_equal(9007199254740993, 9007199254740992.0))
        self.assertFalse(check_sdk.values_equal(True, 1))
        self.assertFalse(check_sdk.values_equal(0, False))
        self.assertFalse(check_sdk.values_equal(None, 0))
        self.assertFalse(check_sdk.values_equal("1", 1))

    def test_permission_lists_are_sets_other_lists_are_ordered(self) -> None:
        self.assertTrue(check_sdk.values_equal({"permissions": ["email", "public_profile"]},
                                               {"permissions": ["public_profile", "email"]}))
        self.assertFalse(check_sdk.values_equal({"permissions": ["email"]}, {"permissions": ["email", "x"]}))
        self.assertFalse(check_sdk.values_equal({"user_friends": ["1001", "1002"]},
                                                {"user_friends": ["1002", "1001"]}))

    def test_objects_need_the_same_members(self) -> None:
        less = copy.deepcopy(ACCEPTED)
        del less["claims"]["sub"]
        self.assertFalse(check_sdk.values_equal(ACCEPTED, less))
        more = copy.deepcopy(ACCEPTED)
        more["claims"]["cnf"] = {"jkt": "k"}
        self.assertFalse(check_sdk.values_equal(ACCEPTED, more))
        self.assertTrue(check_sdk.values_equal(ACCEPTED, copy.deepcopy(ACCEPTED)))


class Judge(unittest.TestCase):
    def test_expected_also_accepted_and_disagree(self) -> None:
        vector = {"expected": {"result": "rejected", "reason": "headerType"}, "alsoAccepted": [ACCEPTED]}
        self.assertEqual(check_sdk.judge({"result": "rejected", "reason": "headerType"}, vector, "nonce"), "expected")
        self.assertEqual(check_sdk.judge(copy.deepcopy(ACCEPTED), vector, "nonce"), "alsoAccepted")
        self.assertEqual(check_sdk.judge({"result": "rejected", "reason": "issuer"}, vector, "nonce"), "disagree")
        del vector["alsoAccepted"]
        self.assertEqual(check_sdk.judge(copy.deepcopy(ACCEPTED), vector, "nonce"), "disagree")

    def test_a_stage_only_rejection_matches_the_reasons_of_its_stage(self) -> None:
        header = {"result": "rejected", "stage": "header"}
        claims = {"result": "rejected", "stage": "claims"}
        for reason in ("headerAlgorithm", "headerType", "headerKeyID", "malformed"):
            vector: dict[str, Any] = {"expected": {"result": "rejected", "reason": reason}}
            self.assertEqual(check_sdk.judge(header, vector, "token-claims"), "expected", reason)
        for reason in ("issuer", "audience", "expired", "issuedTooLongAgo", "nonceMismatch", "malformed"):
            vector = {"expected": {"result": "rejected", "reason": reason}}
            self.assertEqual(check_sdk.judge(claims, vector, "token-claims"), "expected", reason)
        self.assertEqual(check_sdk.judge(header, {"expected": {"result": "rejected", "reason": "issuer"}},
                                         "token-claims"), "disagree")
        self.assertEqual(check_sdk.judge(claims, {"expected": {"result": "rejected", "reason": "headerType"}},
                                         "token-claims"), "disagree")
        self.assertEqual(check_sdk.judge(claims, {"expected": ACCEPTED}, "token-claims"), "disagree")
        vector = {"expected": ACCEPTED, "alsoAccepted": [{"result": "rejected", "reason": "issuedTooLongAgo"}]}
        self.assertEqual(check_sdk.judge(claims, vector, "token-claims"), "alsoAccepted")

    def test_compare_sorts_disagreements_into_declared_undeclared_and_stale(self) -> None:
        families = {"nonce": [
            {"id": "nonce::a::x", "expected": {"result": "valid"}},
            {"id": "nonce::a::y", "expected": {"result": "valid"}},
            {"id": "nonce::a::z", "expected": {"result": "valid"}},
            {"id": "nonce::a::w", "expected": {"result": "valid"}},
        ]}
        answers: list[dict[str, Any]] = [
            {"id": "nonce::a::x", "family": "nonce", "answer": {"result": "valid"}},
            {"id": "nonce::a::y", "family": "nonce", "answer": {"result": "invalid", "reason": "whitespace"}},
            {"id": "nonce::a::z", "family": "nonce", "answer": {"result": "invalid", "reason": "whitespace"}},
            {"id": "nonce::a::w", "family": "nonce", "skipped": "cannot map"},
        ]
        declared = {"nonce::a::y": {"kind": "linux-foundation", "evidence": "e"},
                    "nonce::a::x": {"kind": "linux-foundation", "evidence": "e"}}
        printed: list[str] = []
        tallies, stale = check_sdk.compare(answers, families, declared, out=printed.append)
        tally = tallies["nonce"]
        self.assertEqual((tally.run, tally.expected), (3, 1))
        self.assertEqual(tally.declared, ["nonce::a::y"])
        self.assertEqual(tally.undeclared, ["nonce::a::z"])
        self.assertEqual(tally.skipped, [("nonce::a::w", "cannot map")])
        self.assertEqual(stale, ["nonce::a::x"])
        self.assertTrue(any("UNDECLARED: nonce::a::z" in line for line in printed))
        self.assertTrue(any("DECLARED (linux-foundation): nonce::a::y" in line for line in printed))


class DeclaredFile(unittest.TestCase):
    manifest: dict[str, Any]
    families: dict[str, list[dict[str, Any]]]

    @classmethod
    def setUpClass(cls) -> None:
        cls.manifest, cls.families = check_sdk.load_vectors(ROOT / "Vectors")

    def load(self, data: Any) -> tuple[dict[str, dict[str, Any]], list[str]]:
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "declared.json"
            path.write_text(json.dumps(data), encoding="utf-8")
            return check_sdk.load_declared(path, self.families)

    def test_the_repository_file_is_valid_and_names_ios_sdk_vectors_only(self) -> None:
        entries, problems = check_sdk.load_declared(check_sdk.DECLARED, self.families)
        self.assertEqual(problems, [])
        ids = {v["id"] for vectors in self.families.values() for v in vectors if check_sdk.holds_under_profile(v)}
        self.assertLessEqual(set(entries), ids)

    def test_problems_are_found(self) -> None:
        ios_sdk_id = next(v["id"] for v in self.families["nonce"] if check_sdk.holds_under_profile(v))
        documented_id = next(v["id"] for vectors in self.families.values() for v in vectors
                             if not check_sdk.holds_under_profile(v))
        good = {"id": ios_sdk_id, "kind": "linux-foundation", "evidence": "why", "apple": "what",
                "sources": ["sdk:FBSDKLoginKit/FBSDKLoginKit/Internal/NonceValidator.swift#L15-L15"]}
        self.assertEqual(self.load({"formatVersion": 1, "declared": [good]})[1], [])
        cases = {
            "no vector has this ID": dict(good, id="nonce::no::such-vector"),
            "does not hold under ios-sdk": dict(good, id=documented_id),
            "kind must be": dict(good, kind="apple"),
            "'evidence' must be": dict(good, evidence=" "),
            "'apple' must be": {k: v for k, v in good.items() if k != "apple"},
            "'sources' must be": dict(good, sources=[]),
            "unknown members": dict(good, note="x"),
        }
        for needle, entry in cases.items():
            problems = self.load({"formatVersion": 1, "declared": [entry]})[1]
            self.assertTrue(any(needle in p for p in problems), (needle, problems))
        problems = self.load({"formatVersion": 1, "declared": [good, good]})[1]
        self.assertTrue(any("declared twice" in p for p in problems), problems)
        self.assertTrue(self.load({"formatVersion": 2, "declared": []})[1])

    def test_every_family_is_either_run_or_explained(self) -> None:
        for family in self.families:
            self.assertTrue(family in check_sdk.RUN_FAMILIES or family in check_sdk.NOT_RUN, family)


class Rewrites(unittest.TestCase):
    SAMPLE = ("@objcMembers\n@objc(FBSDKPermission)\npublic final class FBPermission: NSObject {\n"
              "  @objc(permissionsFromRawPermissions:)\n  public static func f() {}\n"
              "  @objc public func g() {}\n  let objcName = \"@objc\"\n}\n")

    def apply_all(self, text: str) -> tuple[str, dict[str, list[int]]]:
        applied: dict[str, list[int]] = {}
        for rewrite in check_sdk.REWRITES:
            text, lines = rewrite.apply(text)
            applied[rewrite.name] = lines
        return text, applied

    def test_rewrites_only_delete_attributes_and_keep_every_line(self) -> None:
        text, applied = self.apply_all(self.SAMPLE)
        self.assertEqual(text.count("\n"), self.SAMPLE.count("\n"))
        self.assertNotIn("@objcMembers", text)
        self.assertNotIn("@objc(", text)
        self.assertIn("public func g() {}", text)
        self.assertNotIn("@objc public", text)
        self.assertEqual(applied["remove-objcMembers"], [1])
        self.assertEqual(applied["remove-objc-attribute"], [2, 4, 6])
        self.assertIn('"@objc"', text)  # a string literal is not an attribute followed by whitespace

    def test_stand_ins_belong_to_modules_of_the_generated_package(self) -> None:
        manifest = check_sdk.package_manifest([], crypto=False)
        for stand_in in check_sdk.STAND_INS.glob("*/*.swift"):
            self.assertIn(f'name: "{stand_in.parent.name}"', manifest, stand_in)
        self.assertNotIn("swift-crypto", manifest)
        self.assertIn("swift-crypto", check_sdk.package_manifest(["X"], crypto=True))
        self.assertIn('.define("X")', check_sdk.package_manifest(["X"], crypto=True))


if __name__ == "__main__":
    unittest.main()
