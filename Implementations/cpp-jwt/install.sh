#!/usr/bin/env bash
# Build step (Scripts/interop/install_implementations.sh runs it after apt-get installed this folder's packages): the C++
# adapter, compiled with g++ against Debian's header-only cpp-jwt (with nlohmann-json and OpenSSL) into
# .build-implementations/bin/cpp-jwt-adapter; run.sh runs it under libfaketime.
set -euo pipefail
mkdir -p "$LC_WORK/bin"
if [[ "$LC_WORK/bin/cpp-jwt-adapter" -nt "$LC_ROOT/$LC_FOLDER/adapter.cpp" && "$LC_WORK/bin/cpp-jwt-adapter" -nt "$0" ]]; then
  exit 0  # up to date
fi
g++ -std=c++17 -O1 -Wall -o "$LC_WORK/bin/cpp-jwt-adapter" "$LC_ROOT/$LC_FOLDER/adapter.cpp" -lssl -lcrypto
dpkg-query -W -f='${Version}' libcpp-jwt-dev >"$LC_WORK/bin/cpp-jwt-adapter.version"
