#!/usr/bin/env bash
# Build step (Scripts/interop/install_implementations.sh runs it): the jwt-kit adapter (vapor/jwt-kit, exact pin in
# JWTKitImplementation/Package.swift), `swift build -c release` into $LC_WORK/swift (3-7 min cold on 2 cores; an
# up-to-date build takes a few seconds). The package is one folder down: SwiftPM names a root package after its
# folder, and one named jwt-kit would clash with vapor/jwt-kit.
set -euo pipefail
started=$SECONDS
swift build -c release --package-path "$LC_ROOT/$LC_FOLDER/JWTKitImplementation" \
  --scratch-path "$LC_WORK/swift" --product jwt-kit-adapter >"$LC_WORK/swift-build.log" 2>&1 \
  || { cat "$LC_WORK/swift-build.log" >&2; exit 1; }
echo "   built in $((SECONDS - started)) s"
