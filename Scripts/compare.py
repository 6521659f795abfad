#!/usr/bin/env python3
"""Runs several real implementations through the harness and renders one compatibility report.

  python3 Scripts/compare.py --output Implementations/report/   # every Implementations/<folder>/implementation.json
  python3 Scripts/compare.py ... --check Implementations/report/report.json   # CI: compare verdicts with the committed report
  python3 Scripts/compare.py --render-only --output Implementations/report/      # re-render from report.json (no runs)

For every implementation (each folder Implementations/<name>/ with an implementation.json, found by
Scripts/implementations.py; nothing here names one), every profile it lists and each variant (the library alone; the
library with its `adapterChecks`, when it has any), it runs `login-conformance run --adapter CMD --report-json FILE`
(the binary is built once with `swift build --product login-conformance` when it is missing), then classifies each
vector as pass / fail / lenient / skipped. Lenient: the runner's `lenient` outcome, or a failure whose answer is one of
the vector's `alsoAccepted` outcomes (for a runner that does not judge `alsoAccepted` yet). Each failing vector gets a
classification from Implementations/classifications.json (weakness with severity, mapping-limit, suite-stricter).

Outputs in --output: report.json (schema: Implementations/report.schema.json), report.md, index.html (self-contained,
no network), badges/<id>.json and badges/<id>-adapter-checks.json (shields.io endpoint badges).

Only the standard library is used, so any python3 runs it.
"""

import argparse
import copy
import fnmatch
import html
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import implementations as declared_implementations  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FORMAT_VERSION = 1
VARIANT_LIBRARY = "library"
VARIANT_CHECKS = "library+adapter-checks"
STATUSES = ("pass", "lenient", "fail", "skipped")
SEVERITY_ORDER = ("critical", "high", "medium", "low")


# ---------------------------------------------------------------------------------------------------------------
# Loading

def load_json(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def load_vectors(vectors_dir):
    """id -> vector (with its family), for every family file the manifest lists."""
    vectors_dir = Path(vectors_dir)
    manifest = load_json(vectors_dir / "manifest.json")
    by_id = {}
    for entry in manifest.get("families", []):
        name = entry["file"] if isinstance(entry, dict) else entry
        path = vectors_dir / (name if str(name).endswith(".json") else f"{name}.json")
        if not path.exists():
            continue
        document = load_json(path)
        for vector in document["vectors"]:
            by_id[vector["id"]] = dict(vector, family=document["family"])
    return manifest, by_id


# ---------------------------------------------------------------------------------------------------------------
# Classifying one runner result

def parse_json_text(text):
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def relative(command):
    """The runner writes the vector folder as an absolute path; the report says it from the repository's root."""
    return command.replace(f"'{ROOT}/", "'") if isinstance(command, str) else command


def status_of(result, vector):
    """pass / lenient / fail / skipped for one result of the runner's JSON report."""
    outcome = result["outcome"]
    if outcome == "pass":
        return "pass"
    if outcome == "lenient":
        return "lenient"
    if outcome == "skip":
        return "skipped"
    if outcome == "fail" and vector is not None:
        actual = parse_json_text(result.get("actual"))
        if actual is not None and any(actual == other for other in vector.get("alsoAccepted", [])):
            return "lenient"
    return "fail"


def answered_verdict(result):
    """What the implementation answered, in one word, for a failing result: accepted, rejected(reason), or the
    runner's error kind. An answer the outcome shape cannot hold (e.g. an accepted token whose aud is an array)
    is reported by the runner as an error naming the shape; it was an acceptance."""
    actual = parse_json_text(result.get("actual"))
    if isinstance(actual, dict) and "result" in actual:
        if actual["result"] == "rejected":
            claim = f":{actual['claim']}" if actual.get("claim") else ""
            return f"rejected({actual.get('reason')}{claim})"
        return str(actual["result"])
    message = result.get("message") or ""
    if "is not a" in message and "outcome" in message:
        return "accepted (claims outside the outcome shape)"
    return result["outcome"]


def match_any(patterns, value):
    return any(fnmatch.fnmatchcase(value, pattern) for pattern in patterns)


def classify(classifications, implementation_id, variant, result, vector, verdict):
    """The first matching finding of classifications.json, else its default for the failure kind."""
    for finding in classifications.get("findings", []):
        for match in finding.get("matches", []):
            if not match_any(match.get("implementations", ["*"]), implementation_id):
                continue
            if not match_any(match.get("variants", ["*"]), variant):
                continue
            if not match_any(match.get("vectors", []), result["id"]):
                continue
            verdicts = match.get("verdicts")
            if verdicts and not match_any(verdicts, verdict):
                continue
            return {"kind": finding["kind"], "severity": finding.get("severity"), "finding": finding["id"]}
    kind = result.get("failureKind") or result["outcome"]
    default = classifications.get("defaults", {}).get(kind)
    if default and (kind != "error" or not verdict.startswith("accepted")):
        return {"kind": default["kind"], "severity": default.get("severity"), "finding": default["finding"]}
    return {"kind": "unclassified", "severity": None, "finding": None}


def empty_counts():
    return {status: 0 for status in STATUSES}


def summarise_run(raw, vectors, classifications, implementation_id, variant):
    """One run's per-vector entries and counts (total, per family, per rule)."""
    entries, counts, families, rules = [], empty_counts(), {}, {}
    for result in raw["results"]:
        vector = vectors.get(result["id"])
        status = status_of(result, vector)
        entry = {"id": result["id"], "family": result["family"], "severity": result["severity"], "status": status}
        if status in ("fail", "lenient"):
            verdict = answered_verdict(result)
            entry.update({"answered": verdict, "expected": result.get("expected"), "actual": result.get("actual"),
                          "message": None if result.get("actual") else result.get("message") or result.get("summary"),
                          "rerun": relative(result.get("rerun"))})
            entry = {key: value for key, value in entry.items() if value is not None}
            if status == "fail":
                entry["failureKind"] = result.get("failureKind") or result["outcome"]
                entry["classification"] = classify(classifications, implementation_id, variant, result, vector,
                                                   verdict)
        entries.append(entry)
        counts[status] += 1
        families.setdefault(result["family"], empty_counts())[status] += 1
        for rule in (vector or {}).get("rules", []):
            rules.setdefault(rule, empty_counts())[status] += 1
    return entries, counts, families, dict(sorted(rules.items()))


# ---------------------------------------------------------------------------------------------------------------
# Running

def ensure_binary(binary):
    path = ROOT / binary
    if path.exists():
        return path
    print("== swift build --product login-conformance (once)", flush=True)
    subprocess.run(["swift", "build", "--product", "login-conformance"], cwd=ROOT, check=True)
    return path


def installed_version(implementation):
    command = implementation.get("versionCommand")
    if not command:
        return implementation.get("version")
    try:
        output = subprocess.run(shlex.split(command), cwd=ROOT, capture_output=True, text=True, check=True)
        return output.stdout.strip() or None
    except (OSError, subprocess.CalledProcessError):
        return None


def run_one(binary, vectors_dir, command, profile, batch, families):
    with tempfile.TemporaryDirectory() as temporary:
        report = Path(temporary) / "results.json"
        arguments = [str(binary), "run", "--vectors", vectors_dir, "--profile", profile, "--adapter", command,
                     "--batch", str(batch), "--report-json", str(report)]
        for family in families:
            arguments += ["--family", family]
        started = time.monotonic()
        process = subprocess.run(arguments, cwd=ROOT, capture_output=True, text=True)
        elapsed = time.monotonic() - started
        if process.returncode not in (0, 1) or not report.exists():
            raise RuntimeError(f"login-conformance exited {process.returncode} for {command!r} ({profile}):\n"
                               f"{process.stdout[-2000:]}\n{process.stderr[-2000:]}")
        return load_json(report), elapsed


def variants_of(implementation):
    yield VARIANT_LIBRARY, implementation["command"]
    if implementation.get("adapterChecks"):
        yield VARIANT_CHECKS, f"{implementation['command']} {implementation['adapterChecksArgument']}"


def collect(arguments, config, vectors, classifications):
    binary = ensure_binary(arguments.binary)
    chosen = set(arguments.only.split(",")) if arguments.only else None
    implementations, suite_version = [], None
    for implementation in config["implementations"]:
        if chosen and implementation["id"] not in chosen:
            continue
        runs = []
        for profile in implementation.get("profiles", ["documented"]):
            for variant, command in variants_of(implementation):
                raw, elapsed = run_one(binary, arguments.vectors, command, profile, arguments.batch,
                                       implementation.get("families", []))
                suite_version = raw.get("suiteVersion", suite_version)
                entries, counts, families, rules = summarise_run(raw, vectors, classifications,
                                                                 implementation["id"], variant)
                print(f"   {implementation['id']:18} {variant:24} {profile:10} "
                      + " ".join(f"{status} {counts[status]}" for status in STATUSES) + f"  ({elapsed:.1f} s)",
                      flush=True)
                runs.append({"variant": variant, "profile": profile, "command": command,
                             "reported": raw.get("implementation", {}), "counts": counts, "families": families,
                             "rules": rules, "results": entries})
        implementations.append({
            "id": implementation["id"], "name": implementation["name"], "language": implementation["language"],
            "source": implementation["source"], "package": implementation["package"],
            "version": installed_version(implementation), "pinnedVersion": implementation.get("version"),
            "folder": implementation.get("folder"), "configuration": implementation.get("configuration"),
            "integration": implementation.get("integration", []),
            "families": implementation.get("families", []),
            "adapterChecks": implementation.get("adapterChecks", []), "runs": runs})
    return implementations, suite_version


def findings_summary(classifications, implementations):
    """Each finding with the vectors it covers, per implementation and variant."""
    out = []
    for finding in classifications.get("findings", []) + list(classifications.get("defaults", {}).values()):
        hits = {}
        for implementation in implementations:
            for run in implementation["runs"]:
                ids = [entry["id"] for entry in run["results"]
                       if entry.get("classification", {}).get("finding") == finding["id"]]
                if ids:
                    hits.setdefault(implementation["id"], {})[f"{run['variant']} · {run['profile']}"] = ids
        if hits:
            out.append({key: finding[key] for key in ("id", "kind", "severity", "title", "advice", "sources")
                        if key in finding} | {"vectors": hits})
    return out


def build_report(implementations, suite_version, classifications, config):
    report = {"formatVersion": FORMAT_VERSION, "suiteVersion": suite_version,
              "generatedBy": "Scripts/compare.py", "adapterCheckCatalogue": config.get("adapterCheckCatalogue", {}),
              "implementations": implementations,
              "findings": findings_summary(classifications, implementations)}
    report["unclassified"] = [
        {"implementation": implementation["id"], "variant": run["variant"], "profile": run["profile"],
         "id": entry["id"], "answered": entry.get("answered")}
        for implementation in implementations for run in implementation["runs"] for entry in run["results"]
        if entry.get("classification", {}).get("kind") == "unclassified"]
    return report


# ---------------------------------------------------------------------------------------------------------------
# Rendering

def badge(run, label):
    counts = run["counts"]
    checked = counts["pass"] + counts["lenient"] + counts["fail"]
    passed = counts["pass"] + counts["lenient"]
    ratio = passed / checked if checked else 0
    color = "brightgreen" if ratio == 1 else "green" if ratio >= 0.95 else "yellow" if ratio >= 0.8 \
        else "orange" if ratio >= 0.6 else "red"
    return {"schemaVersion": 1, "label": label, "message": f"{passed}/{checked} passed", "color": color}


def write_badges(report, output):
    folder = output / "badges"
    folder.mkdir(parents=True, exist_ok=True)
    for implementation in report["implementations"]:
        for run in implementation["runs"]:
            if run["profile"] != "documented":
                continue
            suffix = "" if run["variant"] == VARIANT_LIBRARY else "-adapter-checks"
            label = "Limited Login conformance" + ("" if not suffix else " (+ adapter checks)")
            (folder / f"{implementation['id']}{suffix}.json").write_text(
                json.dumps(badge(run, label), indent=2) + "\n", encoding="utf-8")


def families_of(report):
    return sorted({family for implementation in report["implementations"] for run in implementation["runs"]
                   for family in run["families"]})


def cell_text(counts):
    parts = [f"{counts['pass']} pass"]
    if counts["lenient"]:
        parts.append(f"{counts['lenient']} lenient")
    parts.append(f"{counts['fail']} fail")
    if counts["skipped"]:
        parts.append(f"{counts['skipped']} skipped")
    return ", ".join(parts)


def render_markdown(report):
    lines = ["# Real implementations, side by side", "",
             f"Generated by `Scripts/compare.py` (suite {report['suiteVersion']}). Each implementation runs twice: "
             "the **library alone**, configured as strictly as its documentation allows, and the library **with the "
             "adapter checks** its documentation leaves to the caller (listed per implementation). Advice for users: "
             "[docs/implementations.md](../../docs/implementations.md). The HTML page (`index.html` beside this file) "
             "opens each failing vector.", "", "## Matrix", ""]
    families = families_of(report)
    lines.append("| implementation | version | run | " + " | ".join(families) + " |")
    lines.append("| --- | --- | --- | " + " | ".join("---" for _ in families) + " |")
    for implementation in report["implementations"]:
        for run in implementation["runs"]:
            cells = [cell_text(run["families"][family]) if family in run["families"] else "—" for family in families]
            lines.append(f"| {implementation['name']} ({implementation['language']}) | {implementation['version']} "
                         f"| {run['variant']} · {run['profile']} | " + " | ".join(cells) + " |")
    lines += ["", "## Findings", ""]
    for finding in report["findings"]:
        severity = f", {finding['severity']}" if finding.get("severity") else ""
        lines.append(f"### {finding.get('title', finding['id'])} ({finding['kind']}{severity})")
        lines.append("")
        if finding.get("advice"):
            lines += [finding["advice"], ""]
        for implementation_id, runs in finding["vectors"].items():
            for run_name, ids in runs.items():
                lines.append(f"- **{implementation_id}** ({run_name}): " + ", ".join(f"`{i}`" for i in ids))
        lines.append("")
    lines += ["## Implementations", ""]
    for implementation in report["implementations"]:
        pinned = "" if implementation["version"] == implementation["pinnedVersion"] else \
            f" (committed: {implementation['pinnedVersion']})"
        lines.append(f"- **{implementation['name']}** {implementation['version']}{pinned} — "
                     f"{implementation['source']} `{implementation['package']}`, adapter in "
                     f"`{implementation['folder']}`. Configuration: {implementation['configuration']}. Adapter checks: "
                     + (", ".join(f"`{check}`" for check in implementation["adapterChecks"]) or "none") + ".")
    if report["unclassified"]:
        lines += ["", "## Unclassified failures", ""]
        lines += [f"- {item['implementation']} ({item['variant']}): `{item['id']}` answered {item['answered']}"
                  for item in report["unclassified"]]
    return "\n".join(lines) + "\n"


HTML_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Facebook Limited Login: real implementations, side by side</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #1b1f24; }
h1 { font-size: 1.4rem; margin: 0 0 .3rem; }
p.lead { margin: 0 0 1rem; color: #444; max-width: 70rem; }
.filters { margin: .8rem 0; display: flex; gap: 1.2rem; align-items: center; }
table.matrix { border-collapse: collapse; }
table.matrix th, table.matrix td { border: 1px solid #ccd; padding: .35rem .6rem; text-align: left; vertical-align: top; }
table.matrix th { background: #f0f2f6; }
td.cell { cursor: pointer; min-width: 13rem; }
td.cell.all-pass { background: #e3f6e6; }
td.cell.some-fail { background: #fdecea; }
td.cell.some-lenient { background: #fff6dc; }
td.cell.selected { outline: 3px solid #3459d1; }
td.na { color: #888; font-style: italic; }
.num { font-variant-numeric: tabular-nums; font-weight: 600; }
#details { margin-top: 1.2rem; }
.vector { border: 1px solid #dde; border-radius: 6px; margin: .5rem 0; padding: .5rem .7rem; }
.vector h3 { font-size: 1rem; margin: 0 0 .3rem; font-family: ui-monospace, monospace; }
.tag { display: inline-block; border-radius: 4px; padding: 0 .35rem; margin-right: .3rem; font-size: .8rem; background: #eef; }
.tag.critical { background: #f8c9c4; } .tag.high { background: #fbd9b5; } .tag.medium { background: #fdf0b3; } .tag.low { background: #dfe9f7; }
.tag.weakness { background: #f3c6d7; } .tag.mapping-limit { background: #d9e7d5; } .tag.suite-stricter { background: #d6d0f5; }
pre { background: #f6f8fa; padding: .4rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; font-size: .8rem; margin: .2rem 0; }
section.findings li { margin: .3rem 0; }
</style>
</head>
<body>
<h1>Facebook Limited Login token validation: real implementations, side by side</h1>
<p class="lead">Suite __SUITE__. Each implementation runs as the <b>library alone</b> (its strictest documented
configuration) and as the library <b>with the adapter checks</b> its documentation leaves to the caller. A cell counts
pass / lenient (an outcome the vector also accepts) / fail / skipped; click a cell to open its failing and lenient
vectors with input, expected, actual and the command that reruns one.</p>
<div class="filters">
<label>Family <select id="family-filter"><option value="">all families</option></select></label>
<label>Severity <select id="severity-filter"><option value="">any severity</option>
<option value="critical">critical</option><option value="high">high</option><option value="medium">medium</option><option value="low">low</option></select></label>
</div>
<table class="matrix" id="matrix"><thead></thead><tbody></tbody></table>
<div id="details"></div>
<section class="findings"><h2>Findings</h2><ul id="findings"></ul></section>
<script type="application/json" id="report-data">__REPORT__</script>
<script type="application/json" id="vector-inputs">__INPUTS__</script>
<script>
window.addEventListener("error", e => document.body.setAttribute("data-page-errors", String(e.message)));
(function () {
  "use strict";
  const originalError = console.error;
  console.error = function (...args) { document.body.setAttribute("data-page-errors", args.join(" ")); originalError.apply(console, args); };
  const report = JSON.parse(document.getElementById("report-data").textContent);
  const inputs = JSON.parse(document.getElementById("vector-inputs").textContent);
  const familySelect = document.getElementById("family-filter");
  const severitySelect = document.getElementById("severity-filter");
  const families = Array.from(new Set(report.implementations.flatMap(i => i.runs.flatMap(r => Object.keys(r.families))))).sort();
  families.forEach(f => { const o = document.createElement("option"); o.value = f; o.textContent = f; familySelect.appendChild(o); });
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => { if (k === "class") node.className = v; else node.setAttribute(k, v); });
    children.forEach(c => node.appendChild(typeof c === "string" ? document.createTextNode(c) : c));
    return node;
  };
  function counts(run, family, severity) {
    const c = { pass: 0, lenient: 0, fail: 0, skipped: 0 };
    run.results.forEach(r => {
      if (family && r.family !== family) return;
      if (severity && r.severity !== severity) return;
      c[r.status] += 1;
    });
    return c;
  }
  function render() {
    const family = familySelect.value, severity = severitySelect.value;
    const shown = family ? [family] : families;
    const thead = document.querySelector("#matrix thead"), tbody = document.querySelector("#matrix tbody");
    thead.innerHTML = ""; tbody.innerHTML = "";
    thead.appendChild(el("tr", {}, el("th", {}, "implementation"), el("th", {}, "version"), el("th", {}, "run"),
      ...shown.map(f => el("th", {}, f))));
    report.implementations.forEach((impl, i) => impl.runs.forEach((run, j) => {
      const row = el("tr", {}, el("td", {}, impl.name + " (" + impl.language + ")"), el("td", {}, String(impl.version)),
        el("td", {}, run.variant + " · " + run.profile));
      shown.forEach(f => {
        if (!(f in run.families)) { row.appendChild(el("td", { class: "na" }, "not adopted")); return; }
        const c = counts(run, f, severity);
        const cls = c.fail ? "some-fail" : c.lenient ? "some-lenient" : "all-pass";
        const cell = el("td", { class: "cell " + cls, "data-impl": impl.id, "data-run": String(j), "data-family": f,
          "data-pass": String(c.pass), "data-lenient": String(c.lenient), "data-fail": String(c.fail), "data-skipped": String(c.skipped) },
          el("span", { class: "num" }, String(c.pass)), " pass · ", el("span", { class: "num" }, String(c.lenient)), " lenient · ",
          el("span", { class: "num" }, String(c.fail)), " fail · ", el("span", { class: "num" }, String(c.skipped)), " skipped");
        cell.addEventListener("click", () => open(impl, run, f, severity, cell));
        row.appendChild(cell);
      });
      tbody.appendChild(row);
    }));
  }
  function open(impl, run, family, severity, cell) {
    document.querySelectorAll("td.cell.selected").forEach(c => c.classList.remove("selected"));
    cell.classList.add("selected");
    const details = document.getElementById("details");
    details.innerHTML = "";
    details.appendChild(el("h2", {}, impl.name + " — " + run.variant + " · " + run.profile + " — " + family));
    const list = run.results.filter(r => r.family === family && (!severity || r.severity === severity) && (r.status === "fail" || r.status === "lenient"));
    if (!list.length) details.appendChild(el("p", {}, "Every vector passes here."));
    list.forEach(r => {
      const cls = r.classification || { kind: "lenient" };
      const box = el("div", { class: "vector", "data-vector": r.id },
        el("h3", {}, r.id),
        el("span", { class: "tag " + r.severity }, r.severity), el("span", { class: "tag " + cls.kind }, cls.kind + (cls.severity ? " (" + cls.severity + ")" : "")),
        cls.finding ? el("span", { class: "tag" }, cls.finding) : el("span", {}),
        el("div", {}, "answered: " + (r.answered || r.status)),
        el("div", {}, "input:"), el("pre", {}, JSON.stringify(inputs[r.id] || "(see the vector file)", null, 1)),
        el("div", {}, "expected:"), el("pre", {}, r.expected || ""),
        el("div", {}, "actual:"), el("pre", {}, r.actual || r.message || ""),
        el("div", {}, "rerun:"), el("pre", {}, r.rerun || ""));
      details.appendChild(box);
    });
    details.scrollIntoView();
  }
  report.findings.forEach(f => {
    const li = el("li", {}, el("b", {}, f.title || f.id), " ", el("span", { class: "tag " + f.kind }, f.kind + (f.severity ? " (" + f.severity + ")" : "")));
    Object.entries(f.vectors).forEach(([impl, runs]) => Object.entries(runs).forEach(([name, ids]) =>
      li.appendChild(el("div", {}, impl + " (" + name + "): " + ids.join(", ")))));
    document.getElementById("findings").appendChild(li);
  });
  familySelect.addEventListener("change", render);
  severitySelect.addEventListener("change", render);
  render();
  // #open=<implementation id>/<run index>/<family> opens that cell (a link to a cell; used by the browser test)
  const wanted = decodeURIComponent(location.hash).match(/^#open=([^/]+)\/(\d+)\/(.+)$/);
  if (wanted) {
    const cell = document.querySelector('td.cell[data-impl="' + wanted[1] + '"][data-run="' + wanted[2] + '"][data-family="' + wanted[3] + '"]');
    if (cell) cell.click();
  }
  document.body.setAttribute("data-rendered", "ok");
})();
</script>
</body>
</html>
"""


def script_safe(document):
    """JSON inside a <script> element: no `</` can close it early."""
    return json.dumps(document, ensure_ascii=True, separators=(",", ":")).replace("</", "<\\/")


def shown_input(vector):
    """A vector's input for the page: the documented profile reads the JWKS, so the certificate map is summarised."""
    value = copy.deepcopy(vector["input"])
    keys = value.get("keys") if isinstance(value, dict) else None
    if isinstance(keys, dict) and isinstance(keys.get("certificates"), dict):
        keys["certificates"] = {kid: "(PEM certificate, see the vector file)" for kid in keys["certificates"]}
    return value


def render_html(report, vectors):
    shown = {entry["id"] for implementation in report["implementations"] for run in implementation["runs"]
             for entry in run["results"] if entry["status"] in ("fail", "lenient")}
    inputs = {vector_id: shown_input(vectors[vector_id]) for vector_id in sorted(shown) if vector_id in vectors}
    return (HTML_TEMPLATE.replace("__SUITE__", html.escape(str(report["suiteVersion"])))
            .replace("__INPUTS__", script_safe(inputs)).replace("__REPORT__", script_safe(report)))


def write_outputs(report, vectors, output):
    output.mkdir(parents=True, exist_ok=True)
    (output / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (output / "report.md").write_text(render_markdown(report), encoding="utf-8")
    (output / "index.html").write_text(render_html(report, vectors), encoding="utf-8")
    write_badges(report, output)


# ---------------------------------------------------------------------------------------------------------------
# CI: compare with the committed report

def verdicts(report):
    """(implementation, variant, profile) -> {vector id: status or answered verdict}."""
    out = {}
    for implementation in report["implementations"]:
        for run in implementation["runs"]:
            out[(implementation["id"], run["variant"], run["profile"])] = {
                entry["id"]: entry["status"] if entry["status"] in ("pass", "skipped")
                else f"{entry['status']}: {entry.get('answered')}" for entry in run["results"]}
    return out


def check_against(committed, current):
    """(blocking problems, notes): a pip implementation whose verdicts changed blocks; a Debian one whose installed
    version differs from the committed report's is a note; with the same version a change blocks too."""
    problems, notes = [], []
    old, new = verdicts(committed), verdicts(current)
    sources = {i["id"]: i for i in current["implementations"]}
    committed_versions = {i["id"]: i["version"] for i in committed["implementations"]}
    for key, now in new.items():
        implementation = sources[key[0]]
        before = old.get(key)
        if before is None:
            problems.append(f"{key}: not in the committed report (regenerate it with Scripts/compare.py)")
            continue
        changed = sorted(vector_id for vector_id in set(before) | set(now) if before.get(vector_id) != now.get(vector_id))
        if not changed:
            continue
        lines = [f"  {vector_id}: committed {before.get(vector_id, '(absent)')}, now {now.get(vector_id, '(absent)')}"
                 for vector_id in changed]
        version_then = committed_versions.get(key[0])
        if implementation["source"] != "pip" and version_then != implementation["version"]:
            notes.append(f"{key[0]} {key[1]} {key[2]}: installed {implementation['version']}, committed report has "
                         f"{version_then}; {len(changed)} verdicts differ (reported, not failed):\n" + "\n".join(lines))
        else:
            problems.append(f"{key[0]} {key[1]} {key[2]} ({implementation['version']}): {len(changed)} verdicts "
                            "differ from the committed report:\n" + "\n".join(lines))
    return problems, notes


# ---------------------------------------------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--implementations", default="Implementations",
                        help="the folder whose <name>/implementation.json are the implementations (default Implementations)")
    parser.add_argument("--adapter-checks", default="Implementations/adapter-checks.json",
                        help="the adapter checks' catalogue")
    parser.add_argument("--classifications", default="Implementations/classifications.json")
    parser.add_argument("--output", default="Implementations/report")
    parser.add_argument("--vectors", default="Vectors", help="vector folder, relative to the repository (default Vectors)")
    parser.add_argument("--binary", default=".build/debug/login-conformance")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--only", help="comma-separated implementation IDs")
    parser.add_argument("--source", choices=("pip", "debian", "swiftpm"), help="only the implementations from this source")
    parser.add_argument("--check", help="a committed report.json to compare verdicts with (CI)")
    parser.add_argument("--render-only", action="store_true", help="re-render --output/report.json, run nothing")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a failing vector is unclassified")
    arguments = parser.parse_args(argv)
    os.chdir(ROOT)
    output = Path(arguments.output)
    _, vectors = load_vectors(arguments.vectors)
    if arguments.render_only:
        report = load_json(output / "report.json")
    else:
        config = dict(load_json(arguments.adapter_checks),
                      implementations=declared_implementations.discover(ROOT / arguments.implementations))
        if arguments.source:
            config = dict(config, implementations=[i for i in config["implementations"]
                                                   if i["source"] == arguments.source])
        classifications = load_json(arguments.classifications) if Path(arguments.classifications).exists() else {}
        implementations, suite_version = collect(arguments, config, vectors, classifications)
        report = build_report(implementations, suite_version, classifications, config)
    write_outputs(report, vectors, output)
    print(f"== wrote {output}/report.json, report.md, index.html, badges/")
    status = 0
    if report["unclassified"]:
        print(f"{len(report['unclassified'])} failing vectors are not classified (Implementations/classifications.json)")
        for item in report["unclassified"][:40]:
            print(f"  {item['implementation']} {item['variant']}: {item['id']} answered {item['answered']}")
        status = 1 if arguments.strict else 0
    if arguments.check:
        problems, notes = check_against(load_json(arguments.check), report)
        for note in notes:
            print(f"NOTE {note}")
        for problem in problems:
            print(f"DIFFERS {problem}")
        if problems:
            status = 1
        else:
            print("verdicts match the committed report" + (" (Debian version differences reported above)" if notes else ""))
    return status


if __name__ == "__main__":
    sys.exit(main())
