"""differential_fuzz.py with stand-in implementations (two small adapters in a scratch Implementations folder): the
perturbations are deterministic and re-signed, disagreements are compared among the implementations that accept the
input's vector, clusters get the triage the rules give, and an untriaged cluster fails --check."""
from __future__ import annotations

import base64
import io
import json
import random
import sys
import tempfile
import unittest
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interop"))

import differential_fuzz  # noqa: E402
from cryptography.hazmat.primitives import hashes  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import padding  # noqa: E402
from fuzzing.perturbations import catalogue, perturb, seeds  # noqa: E402
from vectorgen.jose import PRIVATE  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# A stand-in adapter: accepts every token of three segments; STRICT also refuses one with whitespace or padding,
# and REFUSE_ALL refuses everything (it disagrees with no one: it accepts no input's vector).
ADAPTER = '''\
import json, sys
mode = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "started", "protocolVersion": 1, "profile": "documented", "capabilities": ["signed-token"],
                          "implementation": {"name": mode, "version": "1", "language": "python"}}), flush=True)
    elif message["type"] == "run":
        token = message["input"]["token"]
        ok = token.count(".") == 2 and mode != "refuse-all"
        if mode == "strict" and (token != token.strip() or "=" in token or " " in token):
            ok = False
        outcome = {"result": "accepted", "claims": {}} if ok else {"result": "rejected", "reason": "malformedToken"}
        print(json.dumps({"type": "result", "seq": message["seq"], "outcome": outcome}), flush=True)
    elif message["type"] == "stop":
        break
'''


def scratch_implementations(directory: Path) -> None:
    (directory / "adapter.py").write_text(ADAPTER, encoding="utf-8")
    for mode in ("lenient", "strict", "refuse-all"):
        folder = directory / mode
        folder.mkdir()
        (folder / "implementation.json").write_text(json.dumps({
            "id": mode, "name": mode, "language": "python", "source": "pip", "package": mode, "version": "1",
            "command": f"{sys.executable} {directory / 'adapter.py'} {mode}", "families": ["signed-token"],
            "profiles": ["documented"], "configuration": "stand-in", "install": {}}), encoding="utf-8")


class DifferentialFuzzTests(unittest.TestCase):
    vectors: list[dict[str, Any]]

    @classmethod
    def setUpClass(cls) -> None:
        with open(ROOT / "Vectors" / "signed-token.json", encoding="utf-8") as handle:
            cls.vectors = json.load(handle)["vectors"]

    def test_generation_is_deterministic_and_covers_the_catalogue(self) -> None:
        first = differential_fuzz.generate(self.vectors, "documented", 7, 3000)
        second = differential_fuzz.generate(self.vectors, "documented", 7, 3000)
        self.assertEqual([(s, p, i) for s, p, i in first], [(s, p, i) for s, p, i in second])
        self.assertEqual(len(first), 3000)
        drawn = {perturbation.name for _, perturbation, _ in first}
        self.assertEqual(set(catalogue()) - drawn, set(), "every perturbation of the catalogue is drawn")

    def test_header_and_claims_changes_are_signed_again(self) -> None:
        pool = seeds(self.vectors, "documented")
        rng = random.Random(3)
        checked = 0
        while checked < 50:
            made = perturb(rng.choice(pool), rng)
            if made is None or made[1].name.startswith("token."):
                continue
            head, payload, signature = made[0]["token"].split(".")
            header = json.loads(base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)))
            kid = header.get("kid") if isinstance(header, dict) else None
            key = PRIVATE[kid if isinstance(kid, str) and kid in PRIVATE else "test-key-1"].public_key()
            key.verify(base64.urlsafe_b64decode(signature + "=" * (-len(signature) % 4)),
                       f"{head}.{payload}".encode("ascii"), padding.PKCS1v15(), hashes.SHA256())
            checked += 1

    def run_fuzz(self, triage: dict[str, Any], *extra: str) -> tuple[int, dict[str, Any], str]:
        with tempfile.TemporaryDirectory() as temporary:
            directory = Path(temporary)
            scratch_implementations(directory)
            (directory / "triage.json").write_text(json.dumps(triage), encoding="utf-8")
            record = directory / "record.json"
            output = io.StringIO()
            with redirect_stdout(output):
                status = differential_fuzz.main(["--seed", "11", "--count", "300", "--implementations", str(directory),
                                                 "--triage", str(directory / "triage.json"), "--record", str(record),
                                                 *extra])
            return status, json.loads(record.read_text(encoding="utf-8")), output.getvalue()

    def test_disagreements_are_clustered_and_untriaged_ones_fail_check(self) -> None:
        status, record, output = self.run_fuzz({"clusters": []}, "--check")
        self.assertEqual(status, 1, output)
        self.assertIn("seed 11", output)
        self.assertEqual(record["tallies"]["inputs"], 300)
        places = {(c["perturbation"], c["place"]) for c in record["clusters"]}
        self.assertIn(("token.leading-space", "token"), places)
        for cluster in record["clusters"]:
            # strict refuses what lenient accepts; refuse-all accepts no vector, so it is never compared.
            self.assertEqual(set(cluster["accepting"]), {"lenient"}, cluster)
            self.assertEqual(set(cluster["rejecting"]), {"strict"}, cluster)
            self.assertIsNone(cluster["triage"])
        self.assertIn("python-reference", record["notComparable"])

    def test_triage_rules_apply_in_order(self) -> None:
        triage = {"clusters": [
            {"perturbation": "token.leading-space", "place": "token", "triage": "non-issue", "reason": "first"},
            {"perturbation": "token.*", "place": "*", "triage": "vectors", "vectors": ["signed-token::base64url::*"],
             "reason": "second"}]}
        status, record, output = self.run_fuzz(triage, "--check")
        self.assertEqual(status, 0, output)
        reasons = {c["perturbation"]: c["triage"]["reason"] for c in record["clusters"]}
        self.assertEqual(reasons["token.leading-space"], "first")
        self.assertTrue(all(reason == "second" for name, reason in reasons.items() if name != "token.leading-space"))

    def test_triage_naming_unknown_vectors_or_findings_is_refused(self) -> None:
        with tempfile.TemporaryDirectory() as temporary:
            path = Path(temporary) / "triage.json"
            for rule in ({"perturbation": "*", "place": "*", "triage": "vectors", "vectors": ["signed-token::nope::*"],
                          "reason": "r"},
                         {"perturbation": "*", "place": "*", "triage": "finding", "findings": ["no-such-finding"],
                          "reason": "r"},
                         {"perturbation": "*", "place": "*", "triage": "vectors", "reason": "r"},
                         {"perturbation": "*", "place": "*", "triage": "maybe", "reason": "r"}):
                path.write_text(json.dumps({"clusters": [rule]}), encoding="utf-8")
                with self.assertRaises(ValueError, msg=rule):
                    differential_fuzz.load_triage(path)

    def test_the_committed_triage_loads(self) -> None:
        self.assertTrue(differential_fuzz.load_triage())


if __name__ == "__main__":
    unittest.main()


# An adapter that answers in order, and on the request whose input says so crashes (exits) or hangs (stops reading
# and answering) — for the client's restart path.
FAULTY_ADAPTER = '''\
import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        print(json.dumps({"type": "started", "protocolVersion": 1, "profile": "documented", "capabilities": ["nonce"],
                          "implementation": {"name": "faulty", "version": "1", "language": "python"}}), flush=True)
    elif message["type"] == "run":
        fault = message["input"]["nonce"]
        if fault == "crash":
            sys.exit(3)
        if fault == "hang":
            time.sleep(60)
        print(json.dumps({"type": "result", "seq": message["seq"], "outcome": {"result": "valid"}}), flush=True)
    elif message["type"] == "stop":
        break
'''


class AdapterClientFaultTests(unittest.TestCase):
    """The fuzzer's adapter client: a crash or a hang is `crashed` for that request alone; the adapter is restarted
    and every later request gets its own answer, none sent to the new adapter by the old one's writer."""

    def run_faulty(self, nonces: list[str]) -> list[dict[str, Any]]:
        from fuzzing.adapters import AdapterClient
        with tempfile.TemporaryDirectory() as scratch:
            script = Path(scratch) / "faulty.py"
            script.write_text(FAULTY_ADAPTER, encoding="utf-8")
            client = AdapterClient(f"{sys.executable} {script}", cwd=scratch, timeout=1.0)
            client.start()
            try:
                return client.run_all("nonce", [{"nonce": nonce} for nonce in nonces])
            finally:
                client.stop()

    def test_a_crash_and_a_hang_are_each_one_crashed_request(self) -> None:
        # After the hang, more requests than a pipe holds (about 200 KiB): the hung adapter leaves the writer blocked
        # on a full pipe, which must not block the restart.
        later = ["x" * 2_000 + str(index) for index in range(100)]
        nonces = ["a", "b", "crash", "c", "d", "hang"] + later
        answers = self.run_faulty(nonces)
        self.assertEqual([answer["type"] for answer in answers],
                         ["result", "result", "crashed", "result", "result", "crashed"] + ["result"] * len(later))
        self.assertEqual([answer.get("seq") for answer in answers if answer["type"] == "result"],
                         [1, 2, 4, 5] + list(range(7, 7 + len(later))))
