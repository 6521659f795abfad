#!/usr/bin/env bash
# Build step (Scripts/interop/install_implementations.sh runs it after apt-get installed this folder's packages).
set -euo pipefail
bash "$LC_ROOT/Implementations/shared/go/build.sh" golang-gopkg-square-go-jose.v2-dev
