"""The harness message schemas are valid JSON Schemas, and the example adapter's real messages conform to them.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import json
import subprocess
import sys
import unittest
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "Vectors" / "schema" / "harness"
ADAPTER = ROOT / "Examples" / "PythonAdapter" / "reference_adapter.py"


def schema(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8")))


class HarnessSchemas(unittest.TestCase):
    def test_every_schema_is_a_valid_schema(self) -> None:
        names = sorted(path.name for path in SCHEMAS.glob("*.schema.json"))
        self.assertEqual(names, [f"{n}.schema.json" for n in
                                 ["errored", "result", "run", "skipped", "start", "started", "stop"]])
        for path in SCHEMAS.glob("*.schema.json"):
            Draft202012Validator.check_schema(json.loads(path.read_text("utf-8")))

    def test_family_names_are_the_manifest_families(self) -> None:
        families = [entry["family"] for entry in
                    json.loads((ROOT / "Vectors" / "manifest.json").read_text("utf-8"))["families"]]
        run = json.loads((SCHEMAS / "run.schema.json").read_text("utf-8"))
        started = json.loads((SCHEMAS / "started.schema.json").read_text("utf-8"))
        self.assertEqual(run["properties"]["family"]["enum"], families)
        self.assertEqual(started["properties"]["capabilities"]["items"]["enum"], families)

    def test_a_session_with_the_example_adapter_conforms(self) -> None:
        requests: list[dict[str, Any]] = [{"type": "start", "protocolVersion": 1}]
        for seq, (family, file) in enumerate([("nonce", "nonce.json"), ("token-claims", "token-claims.json")], 1):
            vector = json.loads((ROOT / "Vectors" / file).read_text("utf-8"))["vectors"][0]
            requests.append({"type": "run", "seq": seq, "family": family, "id": vector["id"], "input": vector["input"]})
        requests.append({"type": "stop"})
        for request in requests:
            self.assertEqual(list(schema(request["type"]).iter_errors(request)), [], request)
        completed = subprocess.run([sys.executable, str(ADAPTER)], input="".join(json.dumps(r) + "\n" for r in requests),
                                   capture_output=True, text=True, timeout=30)
        self.assertEqual(completed.returncode, 0, completed.stderr)
        answers = [json.loads(line) for line in completed.stdout.splitlines()]
        self.assertEqual([a["type"] for a in answers], ["started", "result", "result"])
        for answer in answers:
            self.assertEqual(list(schema(answer["type"]).iter_errors(answer)), [], answer)
        self.assertEqual([a.get("seq") for a in answers[1:]], [1, 2])


if __name__ == "__main__":
    unittest.main()
