"""Fault pairs (Scripts/vectorgen/fault_pairs.py, DECISIONS.md D59): what a pair of faults expects follows the orders
the family declares (the earlier check's refusal where a source fixes the order, both refusals where none does, the
other refusal where one change is no fault), pairs that cannot be made or give one outcome have no vector, every
family module declares its faults or why it has none, and the committed vectors and table are what the declarations
generate.

Run: .venv/bin/python -m unittest discover -s Scripts/tests
"""

import importlib
import json
import sys
import unittest
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))
sys.path.insert(0, str(ROOT / "Scripts" / "vectors"))

import generate_vectors  # noqa: E402
from vectorgen import fault_pairs  # noqa: E402
from vectorgen.fault_pairs import Fault, FaultPairs, Precedes, chain  # noqa: E402


def refused(reason: str) -> dict[str, str]:
    return {"result": "refused", "reason": reason}


def setting(**members: Any) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    return lambda draft: {**draft, **members}


A = Fault("a", "a is 1", refused("ra"), setting(a=1), ("rule.a",))
B = Fault("b", "b is 1", refused("rb"), setting(b=1), ("rule.b",))
B_AGAIN = Fault("b-again", "b is 2", refused("rb2"), setting(b=2), ("rule.b",))
C_SAME = Fault("c", "c is 1", refused("ra"), setting(c=1), ("rule.a",))


def declare(faults: Iterable[Fault], documented: Iterable[Precedes] = (), ios_sdk: Iterable[Precedes] = (),
            **more: Any) -> FaultPairs:
    return FaultPairs(family="toy", base={"a": 0, "b": 0, "c": 0}, render=dict, faults=tuple(faults),
                      orders={"documented": tuple(documented), "ios-sdk": tuple(ios_sdk)},
                      unordered_rule="toy.unordered", refs=("SPECIFICATION.md §1",), **more)


def by_id(vectors: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {v["id"]: v for v in vectors}


class ReadingTests(unittest.TestCase):
    def test_unordered_pair_expects_the_first_and_also_accepts_the_other(self) -> None:
        vectors, cells = fault_pairs.build(declare([A, B]))
        (vector,) = vectors
        self.assertEqual(vector["id"], "toy::fault-pair::a+b")
        self.assertNotIn("profiles", vector)
        self.assertEqual(vector["expected"], refused("ra"))
        self.assertEqual(vector["alsoAccepted"], [refused("rb")])
        self.assertEqual(vector["rules"][0], "toy.unordered")
        self.assertEqual(cells[0].vectors, ("toy::fault-pair::a+b",))

    def test_a_fixed_order_decides_under_its_profile_only(self) -> None:
        vectors = by_id(fault_pairs.build(declare([A, B], ios_sdk=[Precedes(("b",), ("a",), "toy.order")]))[0])
        sdk, documented = vectors["toy::fault-pair::a+b.ios-sdk"], vectors["toy::fault-pair::a+b.documented"]
        self.assertEqual(sdk["expected"], refused("rb"))
        self.assertNotIn("alsoAccepted", sdk)
        self.assertEqual(sdk["rules"], ["toy.order", "rule.b"])
        self.assertEqual(documented["alsoAccepted"], [refused("rb")])

    def test_orders_compose(self) -> None:
        c = Fault("c", "c is 1", refused("rc"), setting(c=1), ("rule.c",))
        declared = declare([A, B, c], ios_sdk=chain(("c", "b", "a"), "toy.order"))
        vectors = by_id(fault_pairs.build(declared)[0])
        self.assertEqual(vectors["toy::fault-pair::a+c.ios-sdk"]["expected"], refused("rc"))

    def test_contradictory_orders_are_refused(self) -> None:
        declared = declare([A, B], ios_sdk=[Precedes(("a",), ("b",), "x.y"), Precedes(("b",), ("a",), "x.z")])
        with self.assertRaises(ValueError):
            fault_pairs.build(declared)

    def test_an_optional_first_check_also_accepts_the_second_refusal(self) -> None:
        lenient = Fault("a", "a is 1", refused("ra"), setting(a=1), ("rule.a",), lenient=("ios-sdk",))
        declared = declare([lenient, B], ios_sdk=[Precedes(("a",), ("b",), "toy.order")])
        # The same expectation as the documented reading's, where nothing orders them: one vector for both.
        (vector,) = fault_pairs.build(declared)[0]
        self.assertEqual((vector["expected"], vector["alsoAccepted"]), (refused("ra"), [refused("rb")]))
        self.assertIn("toy.order", vector["rules"])

    def test_two_optional_checks_also_accept_skipping_both(self) -> None:
        def optional(fault: Fault) -> Fault:
            return Fault(fault.name, fault.what, fault.outcome, fault.apply, fault.rules, lenient=("documented",))
        skipped = {"result": "accepted"}
        declared = declare([optional(A), optional(B)], skipped=lambda draft: skipped)
        vectors = by_id(fault_pairs.build(declared)[0])
        self.assertEqual(vectors["toy::fault-pair::a+b.documented"]["alsoAccepted"], [refused("rb"), skipped])
        self.assertEqual(vectors["toy::fault-pair::a+b.ios-sdk"]["alsoAccepted"], [refused("rb")])
        with self.assertRaises(ValueError):
            fault_pairs.build(declare([optional(A), optional(B)]))

    def test_a_change_that_is_no_fault_leaves_the_other_refusal(self) -> None:
        harmless = Fault("a", "a is 1", refused("ra"), setting(a=1), ("rule.a",), harmless={"ios-sdk": "toy.none"})
        sdk = by_id(fault_pairs.build(declare([harmless, B]))[0])["toy::fault-pair::a+b.ios-sdk"]
        self.assertEqual(sdk["expected"], refused("rb"))
        self.assertNotIn("alsoAccepted", sdk)
        self.assertIn("toy.none", sdk["rules"])

    def test_an_undecided_fault_has_no_vector_in_that_profile(self) -> None:
        undecided = Fault("a", "a is 1", refused("ra"), setting(a=1), ("rule.a",), undecided={"documented": "why"})
        vectors, cells = fault_pairs.build(declare([undecided, B]))
        self.assertEqual([v["id"] for v in vectors], ["toy::fault-pair::a+b.ios-sdk"])
        self.assertIn("why", cells[0].readings["documented"])


class CellTests(unittest.TestCase):
    def test_faults_of_one_member_cannot_be_made_together(self) -> None:
        vectors, cells = fault_pairs.build(declare([B, B_AGAIN]))
        self.assertEqual(vectors, [])
        assert cells[0].why_none is not None
        self.assertIn("cannot be made together", cells[0].why_none)

    def test_faults_with_one_outcome_have_nothing_to_order(self) -> None:
        vectors, cells = fault_pairs.build(declare([A, C_SAME]))
        self.assertEqual(vectors, [])
        assert cells[0].why_none is not None
        self.assertIn("nothing to order", cells[0].why_none)

    def test_a_fault_whose_check_disagrees_is_refused(self) -> None:
        declared = declare([A, B], check=lambda made, profile: refused("something else"))
        with self.assertRaises(ValueError):
            fault_pairs.build(declared)

    def test_one_cell_per_pair(self) -> None:
        c = Fault("c", "c is 1", refused("rc"), setting(c=1), ("rule.c",))
        _, cells = fault_pairs.build(declare([A, B, c, B_AGAIN]))
        self.assertEqual(len(cells), 6)


class FamilyTests(unittest.TestCase):
    def test_every_family_declares_its_faults_or_why_it_has_none(self) -> None:
        for name in generate_vectors.family_modules():
            module = importlib.import_module(f"vectorgen.{name}")
            declared = getattr(module, "FAULT_PAIRS", None)
            why = getattr(module, "NO_FAULT_PAIRS", None)
            self.assertTrue((declared is None) != (why is None), f"{name}: exactly one of FAULT_PAIRS, NO_FAULT_PAIRS")
            if declared is not None:
                self.assertEqual(declared.family, module.FAMILY)
                covered: set[str] = set()
                for fault in declared.faults:
                    # The refusal's reason, or for a family whose refusals have none (login-result) the result.
                    reason = fault.outcome.get("reason", fault.outcome["result"])
                    self.assertIn(reason, module.REASONS, f"{name}: {fault.name}")
                    covered.add(reason)
                # Every reason has a fault, so every pair of reasons that differ has its pair of faults.
                self.assertEqual(sorted(set(module.REASONS) - covered), [], f"{name}: reasons without a fault")

    def test_the_committed_vectors_hold_every_generated_pair(self) -> None:
        for name in generate_vectors.family_modules():
            module = importlib.import_module(f"vectorgen.{name}")
            if getattr(module, "FAULT_PAIRS", None) is None:
                continue
            committed = by_id(json.loads((ROOT / "Vectors" / f"{module.FAMILY}.json").read_text())["vectors"])
            vectors, cells = fault_pairs.build(module.FAULT_PAIRS)
            for vector in vectors:
                self.assertEqual(committed.get(vector["id"]), vector)
            self.assertEqual(sum(len(c.vectors) for c in cells), len(vectors))
            self.assertTrue(all(c.vectors or c.why_none for c in cells), f"{name}: a pair with neither")


if __name__ == "__main__":
    unittest.main()
