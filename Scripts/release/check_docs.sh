#!/usr/bin/env bash
# The documentation builds with DocC without a single warning: every ``symbol`` link in the catalog
# (Sources/LoginConformance/LoginConformance.docc) and in the `///` comments of the four library products resolves.
#
#   bash Scripts/release/check_docs.sh            # check (CI); exit 1 and the warnings when a link is broken
#   bash Scripts/release/check_docs.sh --output DIR   # also keep the rendered archives in DIR/<Module>.doccarchive
#
# Only the toolchain: `swift package dump-symbol-graph` and the `docc` that ships with it (no swift-docc-plugin, so the
# root package keeps zero dependencies). Each module is converted on its own, so a comment links only to symbols of
# its own module (``HarnessRunner`` in the harness); another module's symbol is written as code (`VectorResult`).
set -euo pipefail
cd "$(dirname "$0")/../.."

output=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output) output=$2; shift ;;
    *) echo "usage: bash Scripts/release/check_docs.sh [--output DIR]" >&2; exit 2 ;;
  esac
  shift
done

docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc" ] || { echo "check_docs: no docc next to the swift toolchain" >&2; exit 2; }

# Extension block symbols, so that a link to an extension of another module's type (String.isCodePointEqual(to:))
# resolves. The graphs go where `swift package` puts them; Scripts/release/api_digest.py writes its own afresh.
# `dump-symbol-graph` also tries the test modules, which fail when the tests are not built (a fresh clone), so its
# status is not used; the graphs of the modules checked are removed first, so a stale one is never read.
modules=(LoginConformance LoginConformanceTesting LoginConformanceHarness LoginConformanceReference)
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
for module in "${modules[@]}"; do rm -f "$graphs/$module.symbols.json" "$graphs/$module@"*.symbols.json; done
swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members \
  --emit-extension-block-symbols >"$graphs.log" 2>&1 || true

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for module in "${modules[@]}"; do
  [ -f "$graphs/$module.symbols.json" ] || { echo "check_docs: no symbol graph for $module in $graphs (see $graphs.log)" >&2; exit 2; }
  mkdir -p "$scratch/$module"
  cp "$graphs/$module.symbols.json" "$scratch/$module/"
  for extension in "$graphs/$module@"*.symbols.json; do
    [ -f "$extension" ] && cp "$extension" "$scratch/$module/"
  done
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  archive="$scratch/$module.doccarchive"
  [ -n "$output" ] && { mkdir -p "$output"; archive="$output/$module.doccarchive"; }
  log="$scratch/$module.log"
  if "$docc" convert "${catalog[@]}" --additional-symbol-graph-dir "$scratch/$module" \
      --fallback-display-name "$module" --fallback-bundle-identifier "org.loginconformance.$module" \
      --output-path "$archive" --warnings-as-errors >"$log" 2>&1; then
    echo "$module: documentation builds, no warning${catalog:+ (catalog ${catalog[0]})}"
  else
    echo "$module: DocC reports problems:" >&2
    grep -E -A6 "(warning|error):" "$log" >&2 || cat "$log" >&2
    status=1
  fi
done
exit $status
