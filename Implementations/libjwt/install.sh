#!/usr/bin/env bash
# Build step (Scripts/install_implementations.sh runs it after apt-get installed this folder's packages): the C
# adapter, compiled with gcc against Debian's libjwt (OpenSSL flavour), libjansson and OpenSSL into
# .build-implementations/bin/libjwt-adapter; the installed version of libjwt-dev is compiled in.
set -euo pipefail
mkdir -p "$LC_WORK/bin"
if [[ "$LC_WORK/bin/libjwt-adapter" -nt "$LC_ROOT/$LC_FOLDER/adapter.c" && "$LC_WORK/bin/libjwt-adapter" -nt "$0" ]]; then
  exit 0  # up to date
fi
version=$(dpkg-query -W -f='${Version}' libjwt-dev)
# shellcheck disable=SC2046 # pkg-config's flags are words
gcc -O2 -Wall -Werror -DLIBJWT_VERSION="\"$version\"" -o "$LC_WORK/bin/libjwt-adapter" "$LC_ROOT/$LC_FOLDER/adapter.c" \
  $(pkg-config --cflags --libs libjwt jansson) -lcrypto
