"""The perturbations the differential fuzzer applies to an accepted signed-token vector, as data.

Each perturbation has a name `<kind>.<class>`, the kind of place it applies to (a JSON string or number member of the
header or the claims, a member as such, the token text) and what it does. A perturbed input changes one place of one
accepted vector; header and claims changes are signed again with the key the vector's kid names (test-key-1 when it
names none of the test keys), so the signature stays valid and the change itself decides. The classes are the ones
the completeness issue lists (letter case, surrounding whitespace, compatibility forms, zero-width characters,
embedded NUL, numbers in other forms, members missing, repeated or unknown, the token's own text) and nothing decides
an outcome here: the fuzzer compares what implementations answer, it never predicts it.

Standard library and the project's own test keys (Scripts/vectorgen/jose.py, cryptography) only.
"""

import base64
import functools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Optional

from vectorgen.jose import PRIVATE, b64url, rsa_sign

ZERO_WIDTH_SPACE, NO_BREAK_SPACE = "\u200b", "\u00a0"


def _fullwidth(text: str, rng: random.Random) -> Optional[str]:
    """One ASCII letter or digit replaced by its fullwidth form (NFKC folds it back)."""
    places = [i for i, c in enumerate(text) if c.isascii() and c.isalnum()]
    if not places:
        return None
    i = rng.choice(places)
    return text[:i] + chr(ord(text[i]) + 0xFEE0) + text[i + 1:]


def _insert(text: str, rng: random.Random, what: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + what + text[i:]


def _case_flip(text: str, rng: random.Random) -> Optional[str]:
    flipped = text.swapcase()
    return flipped if flipped != text else None


# A value change: (JSON kind it applies to, function(value, rng) -> new value or None when it does not apply). A value
# that must be written as raw JSON text (a number form json.dumps never writes) is a Raw.
@dataclass(frozen=True)
class Raw:
    """JSON text written as is in place of a value."""
    text: str


STRING_CLASSES: dict[str, Callable[[str, random.Random], Any]] = {
    "case-flipped": _case_flip,
    "leading-space": lambda s, rng: " " + s,
    "trailing-space": lambda s, rng: s + " ",
    "trailing-newline": lambda s, rng: s + "\n",
    "no-break-space-around": lambda s, rng: NO_BREAK_SPACE + s + NO_BREAK_SPACE,
    "zero-width-space-inside": lambda s, rng: _insert(s, rng, ZERO_WIDTH_SPACE),
    "fullwidth-character": _fullwidth,
    "nul-appended": lambda s, rng: s + "\u0000",
    "empty": lambda s, rng: "" if s else None,
    "doubled": lambda s, rng: s + s if s else None,
    "as-array": lambda s, rng: [s],
    "as-null": lambda s, rng: None,
    "as-number": lambda s, rng: int(s) if s.isdigit() and len(s) < 16 else None,
    "as-object": lambda s, rng: {"value": s},
    "as-true": lambda s, rng: True,
}
NUMBER_CLASSES: dict[str, Callable[[Any, random.Random], Any]] = {
    "plus-half": lambda n, rng: n + 0.5,
    "minus-one": lambda n, rng: n - 1,
    "plus-one": lambda n, rng: n + 1,
    "as-string": lambda n, rng: str(n),
    "exponent-form": lambda n, rng: Raw(f"{n / 10 ** 9!r}E9") if isinstance(n, int) and n > 10 ** 9 else None,
    "trailing-fraction-zero": lambda n, rng: Raw(f"{n}.0") if isinstance(n, int) else None,
    "leading-zero": lambda n, rng: Raw(f"0{n}") if isinstance(n, int) and n > 0 else None,
    "negative": lambda n, rng: -n if n else None,
    "zero": lambda n, rng: 0 if n else None,
    "beyond-int64": lambda n, rng: 2 ** 64 + n,
    "milliseconds": lambda n, rng: n * 1000,
    "as-array": lambda n, rng: [n],
    "as-null": lambda n, rng: None,
    "as-true": lambda n, rng: True,
}
MEMBER_CLASSES = ("dropped", "repeated-first-wins-differs", "repeated-last-wins-differs", "unknown-member-added")
TOKEN_CLASSES: dict[str, Callable[[str, random.Random], Optional[str]]] = {
    "leading-space": lambda t, rng: " " + t,
    "trailing-newline": lambda t, rng: t + "\n",
    "padding-added": lambda t, rng: ".".join(p + "=" * (-len(p) % 4) for p in t.split(".")),
    "standard-alphabet": lambda t, rng: t.replace("-", "+").replace("_", "/") if ("-" in t or "_" in t) else None,
    "signature-dropped": lambda t, rng: t.rsplit(".", 1)[0] + ".",
    "fourth-segment": lambda t, rng: t + ".",
    "signature-truncated": lambda t, rng: t[:-2],
    "whitespace-inside-payload": lambda t, rng: _space_in_segment(t, 1, rng),
}


def _space_in_segment(token: str, index: int, rng: random.Random) -> Optional[str]:
    parts = token.split(".")
    if len(parts) != 3 or not parts[index]:
        return None
    parts[index] = _insert(parts[index], rng, " ")
    return ".".join(parts)


def catalogue() -> list[str]:
    """Every perturbation's name, in a fixed order: what the clusters and the triage refer to."""
    return ([f"string.{c}" for c in STRING_CLASSES] + [f"number.{c}" for c in NUMBER_CLASSES]
            + [f"member.{c}" for c in MEMBER_CLASSES] + [f"token.{c}" for c in TOKEN_CLASSES])


def _decode(segment: str) -> Any:
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


def _text(members: list[tuple[str, Any]]) -> str:
    """A JSON object's text from (name, value) pairs, in order, repeats kept; a Raw value is written as is."""
    def value(v: Any) -> str:
        return v.text if isinstance(v, Raw) else json.dumps(v, separators=(",", ":"), ensure_ascii=False)
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + value(v) for k, v in members) + "}"


def seeds(signed_token_vectors: list[dict[str, Any]], profile: str) -> list[dict[str, Any]]:
    """The accepted vectors of `profile` whose token is three segments with JSON object header and payload."""
    out: list[dict[str, Any]] = []
    for v in signed_token_vectors:
        if v["expected"].get("result") != "accepted" or profile not in v.get("profiles", [profile]):
            continue
        parts = v["input"]["token"].split(".")
        try:
            if len(parts) == 3 and isinstance(_decode(parts[0]), dict) and isinstance(_decode(parts[1]), dict):
                out.append(v)
        except ValueError:
            continue
    return out


@dataclass(frozen=True)
class Perturbation:
    """What was changed: the catalogue name, the place (`header.kid`, `claims.exp`, `token`) and the new value."""
    name: str
    place: str
    detail: str

    def record(self) -> dict[str, str]:
        return {"perturbation": self.name, "place": self.place, "detail": self.detail}


def _sign(header_text: str, claims_text: str, kid: Any) -> str:
    head = b64url(header_text.encode("utf-8")) + "." + b64url(claims_text.encode("utf-8"))
    key = kid if isinstance(kid, str) and kid in PRIVATE else "test-key-1"
    return head + "." + _signature(key, head)


@functools.lru_cache(maxsize=65536)
def _signature(key: str, head: str) -> str:
    """RS256 (PKCS #1 v1.5) is deterministic: the same signing input is signed once."""
    return b64url(rsa_sign(key, head))


def perturb(seed: dict[str, Any], rng: random.Random) -> Optional[tuple[dict[str, Any], Perturbation]]:
    """One perturbation of `seed`'s input drawn with `rng`, or None when the drawn one does not apply to it."""
    token = seed["input"]["token"]
    header_segment, claims_segment, _ = token.split(".")
    header, claims = _decode(header_segment), _decode(claims_segment)
    kid = header.get("kid")
    where = rng.choice(("header", "claims", "claims", "claims", "token"))
    if where == "token":
        name = rng.choice(list(TOKEN_CLASSES))
        changed = TOKEN_CLASSES[name](token, rng)
        if changed is None or changed == token:
            return None
        return dict(seed["input"], token=changed), Perturbation(f"token.{name}", "token", "")
    obj = header if where == "header" else claims
    member = rng.choice(sorted(obj))
    members = list(obj.items())
    if rng.random() < 0.2:
        name = rng.choice(MEMBER_CLASSES)
        position = [k for k, _ in members].index(member)
        if name == "dropped":
            members.pop(position)
            detail = ""
        elif name == "unknown-member-added":
            members.append(("x_lc_fuzz", "unknown"))
            detail = "x_lc_fuzz"
        else:
            other = _other_value(obj[member])
            repeated = (member, other)
            members.insert(position if name == "repeated-first-wins-differs" else len(members), repeated)
            # first-wins: the repeat comes first, so a first-wins parser reads `other`; last-wins: it comes last.
            detail = json.dumps(other, ensure_ascii=False)
        kind = "member"
    else:
        value = obj[member]
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            return None
        kind = "string" if isinstance(value, str) else "number"
        classes = STRING_CLASSES if kind == "string" else NUMBER_CLASSES
        name = rng.choice(list(classes))
        changed = classes[name](value, rng)
        if changed is None and name != "as-null":
            return None
        if not isinstance(changed, Raw) and changed == value and type(changed) is type(value):
            return None
        members = [(k, changed if k == member else v) for k, v in members]
        detail = changed.text if isinstance(changed, Raw) else json.dumps(changed, ensure_ascii=False)
    header_text = _text(members) if where == "header" else _text(list(header.items()))
    claims_text = _text(members) if where == "claims" else _text(list(claims.items()))
    new_token = _sign(header_text, claims_text, kid)
    # An unknown member is added beside the others, whichever member was drawn: its place is the object.
    place = where if name == "unknown-member-added" else f"{where}.{member}"
    return dict(seed["input"], token=new_token), Perturbation(f"{kind}.{name}", place, detail)


def _other_value(value: Any) -> Any:
    """A different value of the same JSON type, for a repeated member."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 7200
    if isinstance(value, str):
        return value + "-other"
    return None
