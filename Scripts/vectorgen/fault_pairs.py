"""Fault pairs: vectors that break two rules at once, so that the order of a family's checks is tested where a source
fixes it and left open where none does (SPECIFICATION.md "Fault pairs").

A family that refuses declares `FAULT_PAIRS = FaultPairs(...)`: a valid base (a draft of its input), the faults (each
one change of that base that alone gives one refusal, with the rules it breaks) and, per profile, the order a source
fixes between faults (`Precedes`, each with the rule that states it). The generator then combines every two faults:

  - one fault rewrites what the other changed (both touch one member, or one replaces the whole text the other
    edits): the pair cannot be made, and the table says so;
  - the two refusals are the same outcome: nothing to order, and the table says so;
  - otherwise, per profile: when a source puts one fault first, the vector expects its refusal (a fault whose check
    the profile makes optional also lets the other refusal pass); when none does, the vector expects the fault
    declared first and also accepts the other (`alsoAccepted`), naming the family's unordered rule.

A pair whose expectation is the same under every profile is one vector without profiles; otherwise one per profile.
IDs: `<family>::fault-pair::<first>+<second>[.<profile>]`, the faults in declaration order.

`table(pairs)` renders docs/generated/fault-pairs.md: per family, the orders with their rules and, for every pair of faults, its
vector(s) or why there is none. Standard library only.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Optional

from .common import READINGS, outcome_label, vector
from .rules import MOVED_TO_IOS_SDK

GROUP = "fault-pair"


@dataclass(frozen=True)
class Fault:
    """One change of the family's base that alone gives `outcome` (under `profiles`)."""
    name: str                                   # in vector IDs: lower case, digits, '-'
    what: str                                   # for descriptions: "a nonce with a space"
    outcome: Mapping[str, Any]                  # the refusal it gives alone
    apply: Callable[[Any], Any]                 # draft -> draft with the fault (may change its argument)
    rules: tuple[str, ...] | Mapping[str, tuple[str, ...]]  # the rules it breaks (per profile where they differ)
    lenient: tuple[str, ...] = ()               # profiles whose sources make this check optional (alone: also accepted)
    harmless: Mapping[str, str] = field(default_factory=dict)  # profile -> the rule by which the change is no fault
    undecided: Mapping[str, str] = field(default_factory=dict)  # profile -> why no source decides the change alone

    def __post_init__(self) -> None:
        if not self.name or not all(c.isascii() and (c.islower() or c.isdigit() or c == "-") for c in self.name):
            raise ValueError(f"fault name {self.name!r}: lower-case ASCII letters, digits and '-'")
        if any(p not in READINGS for p in (*self.lenient, *self.harmless, *self.undecided)):
            raise ValueError(f"{self.name}: an unknown profile in lenient, harmless or undecided")
        if len(self.harmless) + len(self.undecided) >= len(READINGS) or set(self.harmless) & set(self.undecided):
            raise ValueError(f"{self.name}: a fault under no profile")


def broken(fault: Fault, profile: str) -> tuple[str, ...]:
    """The rules `fault` breaks under `profile`."""
    rules = fault.rules[profile] if isinstance(fault.rules, Mapping) else fault.rules
    return tuple(MOVED_TO_IOS_SDK.get(rule, rule) for rule in rules)


@dataclass(frozen=True)
class Precedes:
    """Under one profile, each fault of `earlier` is checked before each fault of `later`, as `rule` states."""
    earlier: tuple[str, ...]
    later: tuple[str, ...]
    rule: str


def chain(steps: Iterable[str | Iterable[str]], rule: str) -> tuple[Precedes, ...]:
    """Checks made one after another, in the order given: each step a fault's name, or a tuple of the names of faults
    one check finds (of one member, say), which are not ordered among themselves."""
    groups = [(step,) if isinstance(step, str) else tuple(step) for step in steps]
    return tuple(Precedes(a, b, rule) for a, b in zip(groups, groups[1:]))


@dataclass(frozen=True)
class FaultPairs:
    """A family's faults and the orders its profiles fix between them."""
    family: str
    base: Any                                   # a draft of an input the family's rules accept
    render: Callable[[Any], dict]               # draft -> the vector's input
    faults: tuple[Fault, ...]
    orders: Mapping[str, tuple[Precedes, ...]]  # profile -> the orders its sources fix
    unordered_rule: Optional[str]               # the rule a pair no source orders rests on (None: no such pair)
    refs: tuple[str, ...]
    severity: str = "medium"
    check: Optional[Callable[[dict, str], Mapping[str, Any]]] = None  # the family's own transcription of its rules
    check_pairs: bool = True                    # whether `check` decides an input with two faults where ordered
    skipped: Optional[Callable[[Any], Mapping[str, Any]]] = None  # draft -> the outcome, every optional check skipped
    notes: Mapping[str, str] = field(default_factory=dict)             # profile -> a line on its orders, for the table

    def __post_init__(self) -> None:
        names = [f.name for f in self.faults]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.family}: a fault declared twice in {names}")
        if set(self.orders) != set(READINGS):
            raise ValueError(f"{self.family}: orders for {sorted(self.orders)}, the profiles are {list(READINGS)}")
        for profile, relations in self.orders.items():
            for relation in relations:
                unknown = [n for n in relation.earlier + relation.later if n not in names]
                if unknown:
                    raise ValueError(f"{self.family} ({profile}): {relation.rule} names unknown faults {unknown}")

    def fault(self, name: str) -> Fault:
        return next(f for f in self.faults if f.name == name)

    def draft(self, *faults: Fault) -> Any:
        draft = copy.deepcopy(self.base)
        for fault in faults:
            draft = fault.apply(draft)
        return draft

    def first(self, profile: str, a: Fault, b: Fault) -> Optional[tuple[Fault, tuple[str, ...]]]:
        """The fault a source puts first under `profile`, with the rules of the path that says so, or None."""
        relations = self.orders[profile]
        edges: dict[str, list[tuple[str, str]]] = {}
        for relation in relations:
            for earlier in relation.earlier:
                for later in relation.later:
                    edges.setdefault(earlier, []).append((later, relation.rule))

        def path(start: str, goal: str) -> Optional[tuple[str, ...]]:
            frontier: list[tuple[str, tuple[str, ...]]]
            seen, frontier = {start}, [(start, ())]
            while frontier:
                node, rules = frontier.pop(0)
                for successor, rule in edges.get(node, ()):
                    through = rules + ((rule,) if rule not in rules else ())
                    if successor == goal:
                        return through
                    if successor not in seen:
                        seen.add(successor)
                        frontier.append((successor, through))
            return None

        forward, backward = path(a.name, b.name), path(b.name, a.name)
        if forward and backward:
            raise ValueError(f"{self.family} ({profile}): {a.name} and {b.name} are each ordered before the other")
        if forward:
            return a, forward
        if backward:
            return b, backward
        return None


@dataclass(frozen=True)
class Cell:
    """One pair of faults: its vectors, or why there is none."""
    first: Fault
    second: Fault
    vectors: tuple[str, ...] = ()
    why_none: Optional[str] = None
    readings: Mapping[str, str] = field(default_factory=dict)  # profile -> what the vector expects, in words


def build(pairs: FaultPairs) -> tuple[list[dict], list[Cell]]:
    """The family's fault-pair vectors, and the table's cells (one per pair of faults, in declaration order)."""
    for fault in pairs.faults:
        _check_alone(pairs, fault)
    out: list[dict] = []
    cells: list[Cell] = []
    faults = pairs.faults
    for i, a in enumerate(faults):
        for b in faults[i + 1:]:
            cells.append(_pair(pairs, a, b, out))
    return out, cells


def _check_alone(pairs: FaultPairs, fault: Fault) -> None:
    """A fault alone must give its outcome under every profile (the family's own transcription says so)."""
    if pairs.check is None:
        return
    made = pairs.render(pairs.draft(fault))
    for profile in READINGS:
        if profile in fault.harmless or profile in fault.undecided:
            continue
        got = pairs.check(made, profile)
        if got != fault.outcome:
            raise ValueError(f"{pairs.family}: fault {fault.name} alone gives {got} under {profile}, "
                             f"declared {fault.outcome}")


def _pair(pairs: FaultPairs, a: Fault, b: Fault, out: list[dict]) -> Cell:
    both = pairs.draft(a, b)
    if both == pairs.draft(b) or pairs.draft(b, a) == pairs.draft(a):
        return Cell(a, b, why_none="one rewrites what the other changes: they cannot be made together")
    if a.outcome == b.outcome:
        return Cell(a, b, why_none=f"both give {outcome_label(a.outcome)}: nothing to order")
    made = pairs.render(both)
    if made != pairs.render(pairs.draft(b, a)):
        raise ValueError(f"{pairs.family}: {a.name} and {b.name} give another input applied the other way round")
    expectations = {}
    undecided = {}
    for profile in READINGS:
        why = next((f.undecided[profile] for f in (a, b) if profile in f.undecided), None)
        if why is not None:
            undecided[profile] = why
            continue
        expected, accepted, rules, words, checkable = _reading(pairs, a, b, profile, both)
        if pairs.check is not None and pairs.check_pairs and checkable:
            got = pairs.check(made, profile)
            if got != expected:
                raise ValueError(f"{pairs.family} {a.name}+{b.name} ({profile}): the order says {expected}, "
                                 f"the family's transcription {got}")
        expectations[profile] = (expected, accepted, tuple(dict.fromkeys(rules)), words)
    if not expectations:
        return Cell(a, b, why_none="; ".join(f"{p}: {why}" for p, why in undecided.items()))
    slug = f"{pairs.family}::{GROUP}::{a.name}+{b.name}"
    what = f"{a.what} and {b.what}"
    shared = {(json.dumps(e, sort_keys=True), json.dumps(x, sort_keys=True)) for e, x, _, _ in expectations.values()}
    ids = []
    rules = tuple(dict.fromkeys(r for _, _, rs, _ in expectations.values() for r in rs))
    if len(shared) == 1 and not undecided:
        expected, accepted, _, words = expectations[READINGS[0]]
        out.append(vector(slug, f"Two faults at once, {what}: {words}", pairs.severity, list(pairs.refs), made,
                          dict(expected), rules=list(rules), also_accepted=accepted or None))
        ids.append(slug)
    else:
        for profile in expectations:
            expected, accepted, rules, words = expectations[profile]
            out.append(vector(f"{slug}.{profile}", f"{profile}: two faults at once, {what}: {words}",
                              pairs.severity, list(pairs.refs), made, dict(expected), [profile], rules=list(rules),
                              also_accepted=accepted or None))
            ids.append(f"{slug}.{profile}")
    readings = {p: e[3] for p, e in expectations.items()}
    readings.update({p: f"no vector: {why}" for p, why in undecided.items()})
    return Cell(a, b, vectors=tuple(ids), readings=readings)


def _reading(pairs: FaultPairs, a: Fault, b: Fault, profile: str,
             draft: Any) -> tuple[Mapping[str, Any], list[Mapping[str, Any]], tuple[str, ...], str, bool]:
    """What a vector with both faults expects under `profile`: (expected, also accepted, rules, in words, whether
    the family's transcription decides it). Where both checks are optional under `profile`, skipping both is allowed
    too (`skipped`)."""
    both_optional = profile in a.lenient and profile in b.lenient
    if both_optional and pairs.skipped is None:
        raise ValueError(f"{pairs.family} {a.name}+{b.name} ({profile}): two optional checks and no `skipped`")
    skipping: list[Mapping[str, Any]] = []
    if both_optional:
        assert pairs.skipped is not None  # refused just above
        skipping = [pairs.skipped(draft)]
    skip_words = ", or neither refusal: both checks are optional" if both_optional else ""
    active = [f for f in (a, b) if profile not in f.harmless]
    decided = pairs.first(profile, a, b)
    if len(active) == 1 and not (decided and decided[0] is active[0]):
        # The other change is no fault here, and no order already puts this fault first.
        (only,) = active
        other = b if only is a else a
        if profile in only.lenient:
            raise ValueError(f"{pairs.family} {a.name}+{b.name} ({profile}): an optional check beside a change that "
                             "is no fault decides nothing")
        return (only.outcome, [], broken(only, profile) + (other.harmless[profile],),
                f"{other.name} is no fault here ({other.harmless[profile]}), so {outcome_label(only.outcome)}", True)
    if decided is None:
        if pairs.unordered_rule is None:
            raise ValueError(f"{pairs.family} {a.name}+{b.name} ({profile}): no order and no unordered rule")
        return (a.outcome, [b.outcome] + skipping, (pairs.unordered_rule,) + broken(a, profile) + broken(b, profile),
                f"no source orders the two checks, so {outcome_label(a.outcome)} is expected and "
                f"{outcome_label(b.outcome)} also "
                f"accepted{skip_words}",
                False)
    winner, through = decided
    loser = b if winner is a else a
    if profile in winner.lenient and profile in loser.harmless:
        raise ValueError(f"{pairs.family} {a.name}+{b.name} ({profile}): an optional check before a change that is no "
                         "fault: the outcome when it is skipped is not declared")
    accepted = [loser.outcome] + skipping if profile in winner.lenient else []
    words = f"{winner.name} is checked first ({', '.join(through)}), so {outcome_label(winner.outcome)}"
    if accepted:
        words += f", or {outcome_label(loser.outcome)} where that check is skipped (it is optional){skip_words}"
    return winner.outcome, accepted, through + broken(winner, profile), words, not accepted


def table(declared: list[tuple[FaultPairs, list[Cell]]], not_declared: Mapping[str, str]) -> str:
    """docs/generated/fault-pairs.md: every family's faults, orders and pairs; the families without faults, and why."""
    lines = [
        "# Fault pairs",
        "",
        "Generated by `Scripts/vectors/generate_vectors.py` from each family's `FAULT_PAIRS`",
        "(Scripts/vectorgen/fault_pairs.py); `--check` reports it when stale. Every pair of a family's faults has its",
        "vector(s) or says why it has none. Where a source orders two checks the vector expects the earlier one's",
        "refusal; where none does it expects the fault declared first and also accepts the other (SPECIFICATION.md,",
        "\"Fault pairs\").",
        "",
    ]
    total = sum(len(cells) for _, cells in declared)
    with_vectors = sum(1 for _, cells in declared for c in cells if c.vectors)
    lines += [f"{len(declared)} families, {total} pairs: {with_vectors} with vectors, {total - with_vectors} that "
              f"cannot be made or give one outcome.", ""]
    for pairs, cells in declared:
        lines += [f"## {pairs.family}", "", "| fault | alone | rules |", "| --- | --- | --- |"]
        for fault in pairs.faults:
            optional = f" (optional under {', '.join(fault.lenient)})" if fault.lenient else ""
            lines.append(f"| `{fault.name}`: {fault.what} | {outcome_label(fault.outcome)}{optional} | "
                         f"{', '.join(f'`{r}`' for r in dict.fromkeys(x for p in READINGS for x in broken(fault, p)))}"
                         " |")
        lines += ["", "Orders a source fixes:", ""]
        for profile in READINGS:
            relations = pairs.orders[profile]
            note = pairs.notes.get(profile)
            if not relations:
                rule = f" (`{pairs.unordered_rule}`)" if pairs.unordered_rule else ""
                lines.append(f"- {profile}: none{rule}" + (f"; {note}" if note else ""))
                continue
            lines.append(f"- {profile}:" + (f" {note}" if note else ""))
            for relation in relations:
                lines.append(f"  - {', '.join(relation.earlier)} before {', '.join(relation.later)} "
                             f"(`{relation.rule}`)")
        lines += ["", "| pair | vectors, or why none |", "| --- | --- |"]
        for cell in cells:
            shown = ", ".join(f"`{v}`" for v in cell.vectors) if cell.vectors else cell.why_none
            assert shown is not None  # _pair gives a cell vectors or why it has none
            shown += "".join(f"; {p}: {words}" for p, words in cell.readings.items() if words.startswith("no vector"))
            lines.append(f"| {cell.first.name} + {cell.second.name} | {shown} |")
        lines.append("")
    if not_declared:
        lines += ["## Families without faults to pair", "", "| family | why |", "| --- | --- |"]
        lines += [f"| {family} | {why} |" for family, why in not_declared.items()]
        lines.append("")
    return "\n".join(lines)
