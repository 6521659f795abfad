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
         "A non-empty name is greeted exactly as given, code point for code point: never trimmed, normalised or "
         "case-mapped.",
         sources=[decision("D21"), unverifiable("a test family: no code of the SDK greets anybody")]),
    rule("greeting.empty-refused", "SPECIFICATION.md §1", "any",
         "The empty name is refused (emptyName); a name of whitespace only is not empty and is greeted.",
         sources=[decision("D21"), unverifiable("a test family: no code of the SDK greets anybody")]),
]

# (id suffix, description, name): each greeted as "Hello, <name>!", exactly.
GREETED = [
    ("hello::ascii", "A name is greeted.", "Ada"),
    ("hello::nfd", "A decomposed name is greeted code point for code point, not composed.", "Zoe\u0301"),
    ("hello::nfc", "A precomposed name is greeted code point for code point, not decomposed.", "Zo\u00e9"),
    ("hello::inner-space", "A name with a space inside is greeted whole.", "Ada Lovelace"),
    ("hello::outer-space", "Spaces around a name are kept, not trimmed.", " Ada "),
    ("hello::space-only", "A name of one space is not empty: it is greeted.", " "),
    ("hello::case", "A name is greeted in its own case, not case-mapped.", "aDA"),
    ("hello::astral", "A name outside the Basic Multilingual Plane is greeted whole.", "\U0001F600"),
    ("hello::zero-width-joiner", "A name holding U+200D is greeted with it.", "A\u200dB"),
]


def vectors() -> list[dict[str, Any]]:
    refs = ["SPECIFICATION.md §1"]
    greeted = [
        vector("greeting::" + suffix, description, "high", refs, {"name": name},
               {"result": "greeting", "text": "Hello, " + name + "!"},
               rules=["greeting.exact"] + (["greeting.empty-refused"] if not name.strip() else []))
        for suffix, description, name in GREETED
    ]
    return greeted + [
        vector("greeting::refused::empty", "An empty name is refused.", "high", refs, {"name": ""},
               {"result": "refused", "reason": "emptyName"}, rules=["greeting.empty-refused"]),
    ]
