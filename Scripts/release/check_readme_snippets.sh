#!/usr/bin/env bash
# The README's adoption snippets, exactly as written, in a scratch package that depends on this repository by path.
# Each snippet is the fenced block after a `<!-- snippet: NAME -->` line in README.md:
#   adopter-package  Package.swift (only its `.package(url: …)` line is replaced by this checkout's path)
#   adopter-adapter  Tests/MyLoginTests/MyLoginAdapter.swift
#   adopter-tests    Tests/MyLoginTests/FacebookLoginConformance.swift, first without a baseline
#   gate-tests       the same file with the baseline and the reports test
#   engine-direct    Tests/MyLoginTests/EngineDirect.swift (compiled)
#   harness-first-baseline, harness-ci   the harness route: the first-baseline command and the workflow's gate step,
#                    run with Examples/PythonAdapter as conformance/adapter.py (step 4)
# The script writes `MyLogin` itself (the adapter's `Nonce.problem(with:)`), then walks the README's workflow:
#   1. `swift test` with the four-family file and one family adopted: green, each family not adopted skipped with
#      one warning (not one failure per vector);
#   2. a bug in MyLogin, no baseline yet: `UPDATE_BASELINE=1 swift test` is green, writes the first baseline
#      (Tests/conformance-baseline.json, no SwiftPM warning before or after) and a summary saying `Gate: passed`;
#      `swift test --filter FacebookLoginConformance` (the CI step) is green, writes reports/, prints each
#      known-failure message once, and SwiftPM does not warn about the baseline file;
#   3. the bug fixed: the gated run is red (newly passing), `UPDATE_BASELINE=1 swift test` is green and tightens
#      the baseline to no entry, and the gated run is green again.
# Takes about 2-3 minutes cold (the toolkit is built once into the scratch package), so .ci/run calls it rather
# than `swift test`. Usage: bash Scripts/release/check_readme_snippets.sh [--keep]
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
keep=${1:-}
if ! command -v swift >/dev/null 2>&1; then
    echo "check_readme_snippets: swift is not on PATH; nothing checked" >&2
    exit 1
fi
scratch=$(mktemp -d "${TMPDIR:-/tmp}/readme-snippets.XXXXXX")
if [ "$keep" != "--keep" ]; then trap 'rm -rf "$scratch"' EXIT; else echo "scratch package: $scratch"; fi

fail() { echo "check_readme_snippets: FAILED: $*" >&2; exit 1; }

# Extract the snippets.
python3 - "$repo/README.md" "$scratch/snippets" <<'PY'
import os, re, sys
readme, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
lines = open(readme, encoding="utf-8").read().split("\n")
found = {}
i = 0
while i < len(lines):
    m = re.fullmatch(r"<!-- snippet: ([a-z-]+) -->", lines[i].strip())
    if m:
        name = m.group(1)
        if name in found: sys.exit(f"README.md:{i+1}: snippet {name} appears twice")
        fence = re.fullmatch(r"```(swift|sh|yaml)", lines[i + 1].strip()) if i + 1 < len(lines) else None
        if not fence:
            sys.exit(f"README.md:{i+1}: snippet {name} is not followed by a ```swift, ```sh or ```yaml fence")
        j = i + 2
        while j < len(lines) and lines[j].strip() != "```": j += 1
        found[name] = ("\n".join(lines[i + 2:j]) + "\n", fence.group(1))
        i = j
    i += 1
wanted = ["adopter-package", "adopter-adapter", "adopter-tests", "gate-tests", "engine-direct", "harness-first-baseline",
          "harness-ci"]
missing = [n for n in wanted if n not in found]
if missing: sys.exit(f"README.md: no snippet marked {missing}")
for name, (text, language) in found.items():
    if "…" in re.sub(r'"(\\.|[^"\\])*"', '""', text): sys.exit(f"README.md: snippet {name} has an elision (…) outside a string: it cannot run")
    open(os.path.join(out, f"{name}.{language}"), "w", encoding="utf-8").write(text)
print(f"README.md: {len(found)} snippets: {', '.join(sorted(found))}")
PY

cd "$scratch"
python3 - "$repo" snippets/adopter-package.swift Package.swift <<'PY'
import re, sys
repo, source, target = sys.argv[1:]
text = open(source, encoding="utf-8").read()
pattern = r'\.package\(url: "https://github\.com/<org>/LoginConformance", branch: "main"\)'
if len(re.findall(pattern, text)) != 1:
    sys.exit("the Package.swift snippet has no single .package(url: …LoginConformance…, branch: \"main\") line")
text = re.sub(pattern, lambda _: f'.package(name: "LoginConformance", path: "{repo}")', text)
open(target, "w", encoding="utf-8").write(text)
PY
mkdir -p Sources/MyLogin Tests/MyLoginTests
cp snippets/adopter-adapter.swift Tests/MyLoginTests/MyLoginAdapter.swift
cp snippets/engine-direct.swift Tests/MyLoginTests/EngineDirect.swift
cp snippets/adopter-tests.swift Tests/MyLoginTests/FacebookLoginConformance.swift

# MyLogin's nonce check, as the ios-sdk profile reads it (Zs, TAB and U+200B are whitespace; newlines are not);
# with BUG, newlines count as whitespace too (a realistic port bug the vectors catch).
write_mylogin() {
    local newline_check=""
    [ "$1" = bug ] && newline_check=' || scalar.properties.isWhitespace'
    cat > Sources/MyLogin/Nonce.swift <<SWIFT
public enum Nonce {
    public enum Problem: Sendable { case empty, whitespace }

    public static func problem(with nonce: String) -> Problem? {
        if nonce.isEmpty { return .empty }
        for scalar in nonce.unicodeScalars
        where scalar.properties.generalCategory == .spaceSeparator || scalar == "\t" || scalar == "\u{200B}"$newline_check {
            return .whitespace
        }
        return nil
    }
}
SWIFT
}

run() {  # run NAME EXPECTED_STATUS COMMAND...: the output goes to NAME.log
    local name=$1 expected=$2; shift 2
    local start=$SECONDS status=0
    "$@" > "$name.log" 2>&1 || status=$?
    echo "  $name: exit $status in $((SECONDS - start)) s ($*)"
    if [ "$expected" = 0 ] && [ $status -ne 0 ]; then tail -n 40 "$name.log" >&2; fail "$name exited $status"; fi
    if [ "$expected" = nonzero ] && [ $status -eq 0 ]; then tail -n 40 "$name.log" >&2; fail "$name passed but must fail"; fi
    return 0
}

echo "== 1. the four-family test file, one family adopted"
write_mylogin correct
run build 0 swift build --build-tests
grep -q 'Invalid Exclude\|unhandled' build.log && fail "the adopter's first build warns about a file (build.log)"
run four-families 0 swift test
skipped=$(grep -c '\[skipped\] ' four-families.log || true)
[ "$skipped" -eq 3 ] || fail "expected one [skipped] warning for each of the 3 families not adopted, got $skipped (four-families.log)"
if grep -q 'does not adopt' four-families.log && [ "$(grep -c 'does not adopt' four-families.log)" -ne 3 ]; then
    fail "'does not adopt' printed $(grep -c 'does not adopt' four-families.log) times, expected 3"
fi
grep -q '✘' four-families.log && fail "a test failed (four-families.log)"
echo "  families not adopted: $skipped skipped warnings, no failure"

echo "== 2. a bug, no baseline yet: UPDATE_BASELINE=1 writes it, the CI step is then green"
write_mylogin bug
cp snippets/gate-tests.swift Tests/MyLoginTests/FacebookLoginConformance.swift
baseline=Tests/conformance-baseline.json
[ ! -e "$baseline" ] || fail "a baseline exists before the first update"
rm -rf reports
run first-baseline 0 env UPDATE_BASELINE=1 swift test
[ -s "$baseline" ] || fail "UPDATE_BASELINE=1 swift test wrote no baseline at $baseline"
grep -q 'Invalid Exclude\|unhandled' first-baseline.log && fail "SwiftPM warns about a file (first-baseline.log)"
grep -q '\*\*Gate: passed\*\*' reports/summary.md || fail "the run that writes the baseline reports $(grep 'Gate:' reports/summary.md || echo 'no gate'), not passed"
known=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["knownFailures"]))' "$baseline")
[ "$known" -gt 0 ] || fail "the first baseline records no failure although MyLogin has a bug"
rm -rf reports
run gated 0 swift test --filter FacebookLoginConformance
grep -q 'unhandled' gated.log && fail "SwiftPM warns about an unhandled file (is conformance-baseline.json excluded?)"
for report in results.json junit.xml summary.md; do
    [ -s "reports/$report" ] || fail "the CI step did not write reports/$report (is the reports test in the filtered suite?)"
done
id=$(python3 -c 'import json,sys; print(sorted(json.load(open(sys.argv[1]))["knownFailures"])[0])' "$baseline")
count=$(grep -cF "$id — " gated.log || true)
[ "$count" -eq 1 ] || fail "the known failure $id is printed $count times, expected once (gated.log)"
echo "  first baseline: $known known failures; gated run green, reports written, $id printed once"

echo "== 3. the bug fixed: the gated run is red until UPDATE_BASELINE=1 tightens the baseline"
write_mylogin correct
run newly-passing nonzero swift test --filter FacebookLoginConformance
grep -q '\[newly passing\]' newly-passing.log || fail "the gated run did not report newly passing vectors"
run tighten 0 env UPDATE_BASELINE=1 swift test
left=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["knownFailures"]))' "$baseline")
[ "$left" -eq 0 ] || fail "the tightened baseline still has $left entries"
run gated-again 0 swift test --filter FacebookLoginConformance
echo "== 4. the harness route in CI: the README's first-baseline command, then its workflow's gate step, with"
echo "   Examples/PythonAdapter as conformance/adapter.py and this checkout's runner as \$LOGIN_CONFORMANCE"
(cd "$repo" && swift build --product login-conformance >/dev/null)
LOGIN_CONFORMANCE="$repo/.build/debug/login-conformance"
export LOGIN_CONFORMANCE
mkdir -p harness/conformance
cp "$repo/Examples/PythonAdapter/reference_adapter.py" harness/conformance/adapter.py
gate_step=$(grep -E '^ +run: .*\$LOGIN_CONFORMANCE run ' snippets/harness-ci.yaml | sed -E 's/^ +run: //')
[ "$(printf '%s\n' "$gate_step" | grep -c .)" -eq 1 ] || fail "the harness-ci workflow has no single step running '\$LOGIN_CONFORMANCE run'"
(cd harness && bash ../snippets/harness-first-baseline.sh) > harness-first-baseline.log 2>&1 \
    || { cat harness-first-baseline.log >&2; fail "the README's first-baseline command failed"; }
[ -s harness/conformance/baseline.json ] || fail "the first-baseline command wrote no conformance/baseline.json"
(cd harness && bash -c "$gate_step") > harness-gate.log 2>&1 || { cat harness-gate.log >&2; fail "the workflow's gate step failed"; }
for report in junit.xml summary.md; do [ -s "harness/reports/$report" ] || fail "the gate step wrote no reports/$report"; done
grep -q '\*\*Gate: passed\*\*' harness/reports/summary.md || fail "the gate step's summary does not say passed"
echo "  harness route: baseline written, gate passed, reports/junit.xml and reports/summary.md written"

echo "check_readme_snippets: the README's snippets build, and its workflow is green at every step"
