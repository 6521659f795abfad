#!/usr/bin/env bash
# Build step of the nakama integration (a source checkout, not a registry package): builds the adapter against the
# checkout's own `social` package and its vendored dependencies (-mod=vendor), never editing the checkout.
#
#   LC_SOURCE=/path/to/nakama bash Implementations/nakama/install.sh
#   (or through Scripts/interop/compare.py --checkout nakama=/path/to/nakama, which runs this step first)
#
# Scripts/interop/install_implementations.sh does not run it (CI has no checkout: GitHub is not reachable); compare.py then
# reports the results recorded from a checkout (Implementations/nakama/results/). With it:
#   1. the checkout must be at the pinned commit (implementation.json `checkout.commit`);
#   2. Go: nakama 3.26.0's go.mod says `go 1.23.5`, newer than Debian bookworm's 1.19, so Debian's golang-1.23-go
#      comes from the Debian suite bookworm-backports (added to apt's sources here, priority as Debian sets it: no
#      other package is upgraded from it);
#   3. the build reads the checkout in place: the adapter's files are laid into the module through `go build
#      -overlay` (no file is written into the checkout), GOFLAGS=-mod=vendor, GOTOOLCHAIN=local, GOPROXY=off: nothing
#      is downloaded;
#   4. the clock: nakama reads time.Now() with no way to give it one, and libfaketime does not reach a Go program
#      (Go reads the clock through the vDSO, not libc), so the overlay also gives Go's own `time` package a settable
#      clock (faketime/clock.go, and Now() reading it: a one-line change to the toolchain's time.go, made in the
#      overlay's copy and checked to apply once); nakama's code and its vendored dependencies are compiled unchanged;
#   5. every Go file the adapter compiles from the checkout is checked to be the commit's (git status of each
#      package folder), so a finding comes from the unmodified code.
set -euo pipefail
folder="$LC_ROOT/$LC_FOLDER"
: "${LC_SOURCE:?the checkout: compare.py --checkout nakama=PATH gives it (docs/implementations.md, \"nakama\")}"
source=$(cd "$LC_SOURCE" && pwd)
pinned=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["checkout"]["commit"])' "$folder/implementation.json")
actual=$(git -C "$source" rev-parse HEAD)
if [[ "$actual" != "$pinned" ]]; then
  echo "nakama: $source is at $actual, not the pinned commit $pinned (git -C $source checkout $pinned)" >&2
  exit 2
fi

go_package=golang-1.23-go
if ! dpkg-query -W -f='${Status}' "$go_package" 2>/dev/null | grep -q "install ok installed"; then
  if ! grep -rqs "bookworm-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
    # The suite comes from the mirror the machine's own Debian sources already name (the first deb URI of the
    # bookworm suite), so no host is written here.
    mirror=$(awk '/^URIs:/ {uri=$2} /^Suites:/ && / bookworm( |$)/ && uri {print uri; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null)
    [[ -n "$mirror" ]] || mirror=$(awk '$1 == "deb" && $3 == "bookworm" {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
    if [[ -z "$mirror" ]]; then
      echo "nakama: no Debian bookworm source in apt's configuration to take bookworm-backports from" >&2
      exit 2
    fi
    echo "   adding the Debian suite bookworm-backports to apt's sources, from $mirror (for $go_package)"
    printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$mirror" >/etc/apt/sources.list.d/bookworm-backports.sources
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -t bookworm-backports "$go_package" >/dev/null
fi
go=/usr/lib/go-1.23/bin/go
goroot=$("$go" env GOROOT)

build="$LC_WORK/nakama"
overlay="$build/overlay"
rm -rf "$overlay" && mkdir -p "$overlay" "$LC_WORK/bin"
# The toolchain's time.go with Now() reading the settable clock first; the change must apply exactly once.
sed '/^func Now() Time {$/,/^}$/ s/^\tsec, nsec, mono := now()$/\tsec, nsec, mono := loginConformanceNow()/' \
  "$goroot/src/time/time.go" >"$overlay/time.go"
if [[ $(diff "$goroot/src/time/time.go" "$overlay/time.go" | grep -c '^>') != 1 ]]; then
  echo "nakama: the clock overlay does not apply to $goroot/src/time/time.go" >&2
  exit 2
fi
python3 - "$overlay/overlay.json" <<PY
import json, sys
json.dump({"Replace": {
    "$goroot/src/time/time.go": "$overlay/time.go",
    "$goroot/src/time/zz_loginconformance_clock.go": "$folder/faketime/clock.go",
    "$source/loginconformance/adapter/main.go": "$folder/main.go",
    "$source/loginconformance/lcadapter/lcadapter.go": "$LC_ROOT/Implementations/shared/go/lcadapter/lcadapter.go",
}}, open(sys.argv[1], "w"), indent=1)
PY
tag=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["checkout"]["tag"])' "$folder/implementation.json")
cd "$source"
export GOTOOLCHAIN=local GOPROXY=off GOFLAGS=-mod=vendor GOCACHE="$build/gocache" GOPATH="$build/gopath" CGO_ENABLED=0
"$go" build -overlay "$overlay/overlay.json" -trimpath \
  -ldflags "-X main.libraryVersion=$tag -X main.commit=$actual" \
  -o "$LC_WORK/bin/nakama-adapter" ./loginconformance/adapter

# Every package the adapter compiles from the checkout is the commit's, unmodified and with no file added.
mapfile -t dirs < <("$go" list -overlay "$overlay/overlay.json" -deps -f '{{if not .Standard}}{{.Dir}}{{end}}' ./loginconformance/adapter \
  | grep -v "/loginconformance/")
changed=$(git -C "$source" status --porcelain --untracked-files=all -- "${dirs[@]}")
if [[ -n "$changed" ]]; then
  echo "nakama: files the adapter compiles differ from commit $actual:" >&2
  echo "$changed" >&2
  rm -f "$LC_WORK/bin/nakama-adapter"
  exit 2
fi
echo "$actual" >"$LC_WORK/bin/nakama-adapter.commit"
echo "   nakama $tag ($actual): adapter built from ${#dirs[@]} packages of the checkout, all unmodified"
