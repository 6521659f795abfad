"""The `greeting` family's module (Scripts/vectorgen/greeting.py once dropped there): a name is greeted, an empty name
refused. The test family of "Adding a family" (LoginConformance.docc/AddingAFamily.md): Scripts/tests/
test_adding_a_family.py and AddingAFamilySlowTests drop it into scratch copies of the repository, beside the Swift
folder of the same family (the files beside this one). Kept out of Scripts/ so the real generator never sees it.
"""

from typing import Any

from .changelog import suite_version
from .common import vector
from .rules import rule
from .shape import Family, closed, fld, outcome, reason, string
from .sources import decision, unverifiable

FAMILY = "greeting"
# A family of the toolkit names the release that added it ("0.8.0"); the test family, added anew in every copy, is
# added by the release being prepared.
ADDED_IN = suite_version()
DESCRIPTION = "A family for testing the steps of adding one: a name is greeted code point for code point."
PROTOCOL = "Greeting"
SUMMARY = "a name greeted code point for code point; the empty name refused (a test family)"
SDK_CHECK = {"notRun": "the SDK greets nobody"}
NO_FAULT_PAIRS = "it refuses one thing only: nothing to order"
NO_GRAMMAR_SITES = "its input is one string: it parses no JSON text"
REASONS = {"emptyName": "the name is the empty string"}
SHAPE = Family(
    title="LoginConformance greeting vectors (a test family)",
    input=closed(fld("name", string(description="the name exactly as given"))),
    outcomes=(
        outcome("greeting", fld("text", string(description="Hello, the name and an exclamation mark"))),
        outcome("refused", reason(REASONS)),
    ),
)
PERTURBATIONS = ()
UNPERTURBED = {"name": "a test family: its one field is varied by its own vectors"}
RULES = [
    rule("greeting.exact", "SPECIFICATION.md §1", "any",
         "A non-empty name is greeted exactly as given, code point for code point; the empty name is refused.",
         sources=[decision("D21"), unverifiable("a test family: no code of the SDK greets anybody")]),
]


def vectors() -> list[dict[str, Any]]:
    refs = ["SPECIFICATION.md §1"]
    return [
        vector("greeting::hello::ascii", "A name is greeted.", "high", refs, {"name": "Ada"},
               {"result": "greeting", "text": "Hello, Ada!"}, rules=["greeting.exact"]),
        vector("greeting::hello::nfd", "A name is greeted code point for code point.", "high", refs,
               {"name": "Zoe\u0301"}, {"result": "greeting", "text": "Hello, Zoe\u0301!"}, rules=["greeting.exact"]),
        vector("greeting::refused::empty", "An empty name is refused.", "high", refs, {"name": ""},
               {"result": "refused", "reason": "emptyName"}, rules=["greeting.exact"]),
    ]
