#!/usr/bin/env python3
"""Differential fuzzing of signed-token validators (completeness issue §5): perturb the accepted vectors' tokens at
random with the catalogue (Scripts/interop/fuzzing/perturbations.py), run every implementation in Implementations/ on each
input through its adapter, and list the inputs on which they disagree (one accepts what another refuses).

Disagreements are grouped in clusters by perturbation and place (`string.case-flipped` at `claims.aud`); each cluster
is triaged in Implementations/fuzz/triage.json: into vectors (it names them), into a finding the report already
classifies, or as a documented non-issue (with the reason). No outcome is predicted here and no vector is written:
a cluster says where the implementations part ways, and its triage says what the suite does about it.

  python3 Scripts/interop/differential_fuzz.py --seed 20261126 --count 1000 --check          # what CI runs
  python3 Scripts/interop/differential_fuzz.py --seed S --count 100000 --record Implementations/fuzz/recorded.json

Without --seed a seed is drawn and printed. The implementations are those of Scripts/interop/implementations.py that handle
signed-token under the profile, each in its strictest configuration (with its adapter checks, docs/implementations.md);
one that does not start (a source checkout not built here) is listed as not run. The Python reference adapter
(Examples/PythonAdapter) implements every family but signed-token (it has no RSA), so it answers every input
`skipped`: it is run, and listed as not comparable. Needs the tools Scripts/bootstrap.sh installs (cryptography, to
sign) and Scripts/interop/install_implementations.sh's implementations.
"""

import argparse
import fnmatch
import hashlib
import json
import random
import sys
import time
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts"))

import implementations  # noqa: E402
from fuzzing.adapters import AdapterClient, AdapterUnavailable, verdict  # noqa: E402
from fuzzing.perturbations import Perturbation, catalogue, perturb, seeds  # noqa: E402
from vectorgen.common import PROFILES, reading_of  # noqa: E402

FAMILY = "signed-token"
TRIAGE = ROOT / "Implementations" / "fuzz" / "triage.json"
REFERENCE = {"id": "python-reference", "command": "python3 Examples/PythonAdapter/reference_adapter.py"}
TRIAGE_KINDS = ("vectors", "finding", "non-issue")
# One perturbed input: (the ID of the vector it was made from, the perturbation, the adapter input).
Generated = tuple[str, Perturbation, dict[str, Any]]


def subjects(profile: str, base: str | Path = implementations.FOLDER) -> list[tuple[str, str]]:
    """(id, command) of every implementation that handles signed-token under `profile`, in its strictest
    configuration (with its adapter checks when it has them); then the Python reference adapter."""
    out: list[tuple[str, str]] = []
    for entry in implementations.discover(base):
        if not implementations.runnable(entry) or FAMILY not in entry["families"] or profile not in entry["profiles"]:
            continue
        command = entry["command"]
        if entry.get("adapterChecks"):
            command += " " + entry["adapterChecksArgument"]
        out.append((entry["id"], command))
    # The reference adapter knows the readings; a profile that takes one is run as that reading.
    return out + [(REFERENCE["id"], REFERENCE["command"] + f" --profile {reading_of(profile)}")]


def generate(vectors: list[dict[str, Any]], profile: str, seed: int, count: int) -> list[Generated]:
    """`count` perturbed inputs drawn from the accepted vectors with Random(seed): (seed vector ID, perturbation, input)."""
    pool = seeds(vectors, profile)
    rng = random.Random(seed)
    out: list[Generated] = []
    while len(out) < count:
        vector = rng.choice(pool)
        made = perturb(vector, rng)
        if made is not None:
            out.append((vector["id"], made[1], made[0]))
    return out


def run_subject(subject: tuple[str, str], inputs: list[dict[str, Any]],
                timeout: float) -> tuple[str, list[str] | None, str | None, float]:
    identifier, command = subject
    client = AdapterClient(command, str(ROOT), timeout=timeout)
    started = time.monotonic()
    try:
        client.start()
    except AdapterUnavailable as error:
        return identifier, None, str(error), 0.0
    try:
        answers = client.run_all(FAMILY, inputs)
    finally:
        client.stop()
    return identifier, [verdict(answer) for answer in answers], None, time.monotonic() - started


def known_names() -> tuple[set[str], set[str]]:
    """Every vector ID of the suite and every finding ID of Implementations/classifications.json."""
    ids: set[str] = set()
    for path in (ROOT / "Vectors").glob("*.json"):
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        if isinstance(document, dict) and isinstance(document.get("vectors"), list):
            ids.update(vector["id"] for vector in document["vectors"])
    with open(ROOT / "Implementations" / "classifications.json", encoding="utf-8") as handle:
        findings = {finding["id"] for finding in json.load(handle)["findings"]}
    return ids, findings


def load_triage(path: str | Path = TRIAGE) -> list[dict[str, Any]]:
    """The triage rules, each checked: its kind, its reason, and every vector pattern and finding it names exists."""
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    rules = document["clusters"]
    ids, findings = known_names()
    for rule in rules:
        unmatched = [p for p in rule.get("vectors", []) if not any(fnmatch.fnmatchcase(i, p) for i in ids)]
        unknown = [f for f in rule.get("findings", []) if f not in findings]
        if unmatched or unknown:
            raise ValueError(f"{path}: {rule['perturbation']} at {rule['place']} names vectors no ID matches "
                             f"{unmatched} or unknown findings {unknown}")
        if rule.get("triage") not in TRIAGE_KINDS or not rule.get("reason"):
            raise ValueError(f"{path}: each cluster rule needs triage ({', '.join(TRIAGE_KINDS)}) and a reason: {rule}")
        if rule["triage"] == "vectors" and not rule.get("vectors"):
            raise ValueError(f"{path}: a 'vectors' triage names its vectors: {rule}")
        if rule["triage"] == "finding" and not rule.get("findings"):
            raise ValueError(f"{path}: a 'finding' triage names its findings (Implementations/classifications.json): {rule}")
    return rules


def triage_of(rules: list[dict[str, Any]], perturbation: str, place: str) -> dict[str, Any] | None:
    for rule in rules:
        if fnmatch.fnmatchcase(perturbation, rule["perturbation"]) and fnmatch.fnmatchcase(place, rule["place"]):
            return rule
    return None


EXAMPLE_LIMIT = 4096  # characters of a token or a perturbation's detail an example keeps


def shortened(text: str) -> str:
    """`text`, or its start, its length and its SHA-256 when it is longer than an example keeps."""
    if len(text) <= EXAMPLE_LIMIT:
        return text
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"{text[:200]}… ({len(text)} characters, SHA-256 {digest})"


def example(seed_id: str, perturbation: Perturbation, item: dict[str, Any], accepted: list[str],
            rejected: list[str]) -> dict[str, Any]:
    """One input of a cluster, as the record shows it: the key material is the seed vector's, unchanged, so it is
    named rather than repeated; a very long token or detail (the large-token vector's) is shortened, and the seed
    and the replay command make it again."""
    record = perturbation.record()
    record["detail"] = shortened(record["detail"])
    shown = {k: (shortened(v) if k == "token" else v) for k, v in item.items() if k != "keys"}
    return {"seedVector": seed_id, **record, "input": shown, "keys": f"the input of {seed_id}",
            "accepting": accepted, "rejecting": rejected}


def compare(generated: list[Generated], verdicts: Mapping[str, list[str] | None],
            seed_verdicts: Mapping[str, dict[str, str]],
            rules: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The clusters of disagreeing inputs, and the tallies. An input is compared among the implementations that
    accept the vector it was made from (`seed_verdicts`): one that already refuses the vector would part ways with the
    others whatever the perturbation did, and the compatibility report shows that already."""
    clusters: dict[tuple[str, str], dict[str, Any]] = {}
    tallies = {"inputs": len(generated), "disagreements": 0, "errored": 0, "crashed": 0}
    compared = {name: v for name, v in verdicts.items() if v is not None and any(x in ("accepted", "rejected") for x in v)}
    for index, (seed_id, perturbation, item) in enumerate(generated):
        agreeing = [name for name in compared if seed_verdicts[name].get(seed_id) == "accepted"]
        accepted = sorted(name for name in agreeing if compared[name][index] == "accepted")
        rejected = sorted(name for name in agreeing if compared[name][index] == "rejected")
        tallies["errored"] += sum(1 for v in compared.values() if v[index] == "errored")
        tallies["crashed"] += sum(1 for v in compared.values() if v[index] == "crashed")
        if not accepted or not rejected:
            continue
        tallies["disagreements"] += 1
        key = (perturbation.name, perturbation.place)
        cluster = clusters.setdefault(key, {"perturbation": key[0], "place": key[1], "inputs": 0, "accepting": {},
                                            "rejecting": {}, "example": None})
        cluster["inputs"] += 1
        for name in accepted:
            cluster["accepting"][name] = cluster["accepting"].get(name, 0) + 1
        for name in rejected:
            cluster["rejecting"][name] = cluster["rejecting"].get(name, 0) + 1
        if cluster["example"] is None:
            cluster["example"] = example(seed_id, perturbation, item, accepted, rejected)
    out: list[dict[str, Any]] = []
    for key in sorted(clusters):
        cluster = clusters[key]
        rule = triage_of(rules, *key)
        cluster["triage"] = None if rule is None else {k: v for k, v in rule.items() if k not in ("perturbation", "place")}
        cluster["accepting"] = dict(sorted(cluster["accepting"].items()))
        cluster["rejecting"] = dict(sorted(cluster["rejecting"].items()))
        out.append(cluster)
    return out, tallies


def retriage(path: str, rules: list[dict[str, Any]], check: bool) -> int:
    """Applies `rules` to the clusters of the recorded run at `path` (the verdicts are not rerun)."""
    with open(path, encoding="utf-8") as handle:
        record = json.load(handle)
    for cluster in record["clusters"]:
        rule = triage_of(rules, cluster["perturbation"], cluster["place"])
        cluster["triage"] = None if rule is None else {k: v for k, v in rule.items() if k not in ("perturbation", "place")}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(record, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    untriaged = [f"{c['perturbation']} at {c['place']}" for c in record["clusters"] if c["triage"] is None]
    print(f"{path}: {len(record['clusters'])} clusters, {len(untriaged)} without triage")
    for name in untriaged:
        print(f"  not triaged: {name}")
    return 1 if check and untriaged else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, help="the random seed (default: drawn and printed)")
    parser.add_argument("--count", type=int, default=1000, help="how many perturbed inputs (default 1000)")
    parser.add_argument("--profile", default="documented", choices=PROFILES)
    parser.add_argument("--only", help="comma-separated implementation IDs (default: every one)")
    parser.add_argument("--jobs", type=int, default=2, help="adapters run at once (default 2)")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for one answer (default 30)")
    parser.add_argument("--record", help="write the run (inputs tried, disagreements, clusters, triage) to this file")
    parser.add_argument("--triage", default=str(TRIAGE), help="the triage file (default Implementations/fuzz/triage.json)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a cluster has no triage")
    parser.add_argument("--implementations", default=str(implementations.FOLDER),
                        help="the folder of implementation folders (default Implementations/)")
    parser.add_argument("--retriage", metavar="RECORD",
                        help="run nothing: apply the triage file to a recorded run's clusters and rewrite it")
    arguments = parser.parse_args(argv)
    if arguments.retriage:
        return retriage(arguments.retriage, load_triage(arguments.triage), arguments.check)
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(2 ** 32)
    print(f"differential fuzz: seed {seed} (replay: --seed {seed} --count {arguments.count}), profile "
          f"{arguments.profile}", flush=True)
    vector_file = ROOT / "Vectors" / "signed-token.json"
    vectors = json.loads(vector_file.read_bytes())["vectors"]
    # The inputs are drawn from these vectors: a replay needs the same file (its digest is recorded).
    vectors_digest = hashlib.sha256(vector_file.read_bytes()).hexdigest()
    generated = generate(vectors, arguments.profile, seed, arguments.count)
    # The vectors the inputs were made from come first: each implementation's own verdict on them. Then each distinct
    # input once (the same perturbation of the same vector is drawn again and again; its verdicts are shared).
    origins = seeds(vectors, arguments.profile)
    distinct: list[dict[str, Any]] = []
    position: list[int] = []
    index_of: dict[str, int] = {}
    for _, _, item in generated:
        key = json.dumps(item, sort_keys=True, ensure_ascii=False)
        if key not in index_of:
            index_of[key] = len(distinct)
            distinct.append(item)
        position.append(index_of[key])
    inputs = [vector["input"] for vector in origins] + distinct
    print(f"{len(generated)} inputs, {len(distinct)} distinct, from {len(origins)} accepted vectors", flush=True)
    chosen = subjects(arguments.profile, Path(arguments.implementations))
    if arguments.only:
        wanted = set(arguments.only.split(","))
        chosen = [s for s in chosen if s[0] in wanted]
    verdicts: dict[str, list[str] | None] = {}
    not_run: dict[str, str] = {}
    seconds: dict[str, float] = {}
    with ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        for identifier, result, problem, elapsed in pool.map(lambda s: run_subject(s, inputs, arguments.timeout),
                                                              chosen):
            verdicts[identifier] = result
            if problem:
                not_run[identifier] = problem
            else:
                seconds[identifier] = round(elapsed, 1)
            print(f"  {identifier}: " + (f"not run ({problem[:120]})" if problem else f"{elapsed:.1f} s"), flush=True)
    not_comparable = sorted(name for name, v in verdicts.items()
                            if v is not None and not any(x in ("accepted", "rejected") for x in v))
    seed_verdicts = {name: dict(zip((vector["id"] for vector in origins), v[:len(origins)])) if v else {}
                     for name, v in verdicts.items()}
    verdicts = {name: ([v[len(origins) + p] for p in position] if v is not None else None)
                for name, v in verdicts.items()}
    rules = load_triage(arguments.triage)
    clusters, tallies = compare(generated, verdicts, seed_verdicts, rules)
    untriaged = [c for c in clusters if c["triage"] is None]
    print(f"{tallies['inputs']} inputs, {tallies['disagreements']} on which implementations disagree, "
          f"{len(clusters)} clusters ({len(untriaged)} without triage); {tallies['errored']} errored and "
          f"{tallies['crashed']} crashed answers")
    for cluster in clusters:
        triage = cluster["triage"]
        said = "NOT TRIAGED" if triage is None else triage["triage"]
        fewer = "accepted" if len(cluster["accepting"]) <= len(cluster["rejecting"]) else "rejected"
        side = cluster["accepting"] if fewer == "accepted" else cluster["rejecting"]
        print(f"  {cluster['perturbation']} at {cluster['place']}: {cluster['inputs']} inputs, {fewer} only by "
              f"{', '.join(side)}; {said}")
    if not_comparable:
        print(f"not comparable (answered no input accepted or rejected): {', '.join(not_comparable)}")
    if arguments.record:
        record = {
            "description": "A differential fuzzing run (Scripts/interop/differential_fuzz.py): inputs tried, the inputs on "
                           "which implementations disagree, their clusters and each cluster's triage.",
            "seed": seed, "count": arguments.count, "profile": arguments.profile, "family": FAMILY,
            "vectorsSHA256": vectors_digest,
            "distinctInputs": len(distinct), "seedVectors": len(origins),
            "catalogue": catalogue(), "implementations": sorted(seconds), "secondsPerImplementation": seconds,
            "notRun": dict(sorted(not_run.items())), "notComparable": not_comparable,
            "tallies": tallies, "clusters": clusters,
        }
        Path(arguments.record).parent.mkdir(parents=True, exist_ok=True)
        with open(arguments.record, "w", encoding="utf-8") as handle:
            json.dump(record, handle, ensure_ascii=False, indent=1)
            handle.write("\n")
        print(f"wrote {arguments.record}")
    if arguments.check and untriaged:
        print(f"error: {len(untriaged)} clusters have no triage in {arguments.triage}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
