#!/usr/bin/env bash
# Build step (Scripts/install_implementations.sh runs it after apt-get installed this folder's packages): the C
# adapter, compiled with gcc against Debian's libcjose and libjansson into .build-implementations/bin/cjose-adapter.
set -euo pipefail
mkdir -p "$LC_WORK/bin"
if [[ "$LC_WORK/bin/cjose-adapter" -nt "$LC_ROOT/$LC_FOLDER/adapter.c" && "$LC_WORK/bin/cjose-adapter" -nt "$0" ]]; then
  exit 0  # up to date
fi
# shellcheck disable=SC2046 # pkg-config's flags are words
gcc -O2 -Wall -Werror -o "$LC_WORK/bin/cjose-adapter" "$LC_ROOT/$LC_FOLDER/adapter.c" $(pkg-config --cflags --libs cjose jansson)
