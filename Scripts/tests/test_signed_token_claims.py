"""Every claims rule reaches a server validator (Vectors/DECISIONS.md D39): a server can only adopt signed-token, so
each rule a token-claims vector names must be named by a signed-token vector too, under each profile where the
token-claims family has it. Reads the committed vector files (python3 Scripts/vectors/generate_vectors.py --check keeps
them current), so it needs no third-party package.

Run: python3 -m unittest discover -s Scripts/tests -p 'test_signed_token_claims.py'
"""

import json
import sys
import unittest
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))

from vectorgen.common import PROFILES  # noqa: E402  (after the path is set)


def rules_by_profile(family: str) -> tuple[dict[str, set[str]], list[dict[str, Any]]]:
    vectors = json.loads((ROOT / "Vectors" / f"{family}.json").read_text(encoding="utf-8"))["vectors"]
    out: dict[str, set[str]] = {profile: set() for profile in PROFILES}
    for vector in vectors:
        for profile in vector.get("profiles", PROFILES):
            out[profile].update(vector["rules"])
    return out, vectors


# token-claims rules about the header: signed-token checks the header with its own vectors and reasons (typ, kid,
# alg, crit), so the matrix leaves those groups out (D39); each of these rules still has signed-token vectors.
HEADER_RULES = {"token.header.alg", "token.header.typ", "token.header.kid", "token.header.other-members"}


class ClaimsRulesAsSignedTokens(unittest.TestCase):
    def test_every_token_claims_rule_has_signed_token_vectors(self) -> None:
        claims, _ = rules_by_profile("token-claims")
        signed, _ = rules_by_profile("signed-token")
        for profile in PROFILES:
            missing = sorted(claims[profile] - signed[profile])
            self.assertEqual(missing, [], f"{profile}: token-claims rules no signed-token vector names (add them to "
                                          f"the claims matrix in Scripts/vectorgen/signed_token.py)")

    def test_header_rules_left_out_of_the_matrix_are_covered_by_signed_token_header_vectors(self) -> None:
        signed, _ = rules_by_profile("signed-token")
        for rule in HEADER_RULES:
            self.assertTrue(any(rule in signed[profile] for profile in PROFILES), rule)

    def test_matrix_vectors_keep_the_claims_vectors_expectations(self) -> None:
        _, claims_vectors = rules_by_profile("token-claims")
        _, signed_vectors = rules_by_profile("signed-token")
        by_id = {v["id"]: v for v in claims_vectors}
        matrix = [v for v in signed_vectors if v["id"].split("::")[1].startswith("claims-")]
        self.assertGreater(len(matrix), 200)
        for vector in matrix:
            _, group, case = vector["id"].split("::", 2)
            source = by_id.get(f"token-claims::{group.removeprefix('claims-')}::{case}")
            self.assertIsNotNone(source, vector["id"])
            assert source is not None
            expected = source["expected"]
            if expected.get("reason") == "malformed":
                expected = {"result": "rejected", "reason": "badJSON"}
            self.assertEqual(vector["expected"], expected, vector["id"])
            self.assertEqual(vector["rules"], source["rules"], vector["id"])
            self.assertEqual(vector.get("profiles"), source.get("profiles"), vector["id"])


if __name__ == "__main__":
    unittest.main()
