#!/usr/bin/env bash
# Runs the cpp-jwt adapter with the vector's clock: cpp-jwt reads std::chrono::system_clock and has no option for the
# time, so the process runs under Debian's libfaketime (LD_PRELOAD), whose clock is the timestamp file the adapter
# writes before each validation (FAKETIME_TIMESTAMP_FILE, re-read on every call: FAKETIME_NO_CACHE). The library's
# verdicts are its own; only the clock it reads is the vector's.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
clock=$(mktemp)
trap 'rm -f "$clock"' EXIT
echo "2026-01-01 00:00:00" >"$clock"
export TZ=UTC FAKETIME_TIMESTAMP_FILE="$clock" FAKETIME_NO_CACHE=1
export CPP_JWT_VERSION="$(cat "$root/.build-implementations/bin/cpp-jwt-adapter.version" 2>/dev/null || echo unknown)"
export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1
"$root/.build-implementations/bin/cpp-jwt-adapter" "$@"
