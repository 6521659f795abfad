#!/usr/bin/env bash
# Installs what Implementations/ runs, idempotently:
#   - the Python implementations, exact pins (Scripts/implementations-requirements.txt), in .build-implementations/venv
#   - from Debian: Go and the Go libraries (built with GO111MODULE=off against /usr/share/gocode), node-jose, ruby-jwt,
#     and chromium for the report's browser test
#   - the Go adapters, built into .build-implementations/bin (their shared package, Implementations/go/lcadapter, is
#     linked into the GOPATH entry .build-implementations/gopath)
#   - the jwt-kit adapter (vapor/jwt-kit 5.8.0, exact, from SwiftPM), `swift build -c release` into
#     .build-implementations/swift (about 90 s cold on 2 cores; an up-to-date build takes a few seconds)
# `apt-get update` runs once, and only when a Debian package is missing. Prints nothing else on stdout but its steps.
# Usage: bash Scripts/install_implementations.sh [--no-apt]   (--no-apt: Python only, for a machine without root)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work="$root/.build-implementations"
mkdir -p "$work/bin"

debian_packages=(golang-go golang-github-golang-jwt-jwt-dev golang-gopkg-square-go-jose.v2-dev node-jose ruby ruby-jwt chromium)
if [[ "${1:-}" != "--no-apt" ]]; then
  missing=()
  for package in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if ((${#missing[@]})); then
    echo "== apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

echo "== Python implementations (exact pins) in .build-implementations/venv"
if [[ ! -x "$work/venv/bin/python" ]]; then
  python3 -m venv "$work/venv"
fi
if ! cmp -s Scripts/implementations-requirements.txt "$work/venv/.installed-requirements" 2>/dev/null; then
  "$work/venv/bin/pip" install -q --disable-pip-version-check -r Scripts/implementations-requirements.txt
  cp Scripts/implementations-requirements.txt "$work/venv/.installed-requirements"
fi

if command -v go >/dev/null && [[ -d /usr/share/gocode/src/github.com/golang-jwt/jwt ]]; then
  echo "== Go adapters (GO111MODULE=off, /usr/share/gocode)"
  # What both adapters share (Implementations/go/lcadapter) is the package "lcadapter" of a GOPATH entry of ours.
  mkdir -p "$work/gopath/src"
  ln -sfn "$root/Implementations/go/lcadapter" "$work/gopath/src/lcadapter"
  for adapter in golang-jwt:golang-github-golang-jwt-jwt-dev go-jose:golang-gopkg-square-go-jose.v2-dev; do
    name=${adapter%%:*}
    package=${adapter#*:}
    version=$(dpkg-query -W -f='${Version}' "$package")
    GO111MODULE=off GOPATH="$work/gopath:/usr/share/gocode" GOCACHE="$work/gocache" GOFLAGS= \
      go build -ldflags "-X main.libraryVersion=$version" -o "$work/bin/$name-adapter" "./Implementations/go/$name/"
  done
fi

if command -v swift >/dev/null; then
  echo "== jwt-kit adapter (swift build -c release, Implementations/swift/jwt-kit/JWTKitImplementation)"
  started=$SECONDS
  swift build -c release --package-path Implementations/swift/jwt-kit/JWTKitImplementation \
    --scratch-path "$work/swift" --product jwt-kit-adapter >"$work/swift-build.log" 2>&1 \
    || { cat "$work/swift-build.log" >&2; exit 1; }
  echo "   built in $((SECONDS - started)) s"
fi
