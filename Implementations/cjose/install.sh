#!/usr/bin/env bash
# Build step (Scripts/interop/install_implementations.sh runs it after apt-get installed this folder's packages): the C
# adapter, compiled against Debian's libcjose and libjansson into .build-implementations/bin/cjose-adapter.
set -euo pipefail
bash "$LC_ROOT/Implementations/shared/c/build.sh" libcjose-dev "cjose jansson"
