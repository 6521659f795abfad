#!/usr/bin/env bash
# Build step (Scripts/interop/install_implementations.sh runs it after apt-get installed this folder's packages): the C
# adapter, compiled against Debian's libjwt (OpenSSL flavour), libjansson and OpenSSL into
# .build-implementations/bin/libjwt-adapter; the installed version of libjwt-dev is compiled in.
set -euo pipefail
bash "$LC_ROOT/Implementations/shared/c/build.sh" libjwt-dev "libjwt jansson" -lcrypto
