#!/usr/bin/env bash
# Builds one C adapter (the folder LC_FOLDER's adapter.c) with what the C adapters share (Implementations/shared/c:
# lc_adapter.h, lc_adapter.c) into $LC_WORK/bin/<folder name>-adapter, with gcc -O2 -Wall -Werror; nothing to do
# when the binary is newer than every source and build script.
# Usage (from a folder's install.sh): bash Implementations/shared/c/build.sh DEBIAN_PACKAGE PKG_CONFIG_NAMES [GCC_ARGS...]
#   DEBIAN_PACKAGE: the library's package; its installed version is compiled in as LC_LIBRARY_VERSION.
#   PKG_CONFIG_NAMES: the libraries to compile and link against (pkg-config), e.g. "cjose jansson".
set -euo pipefail
package=$1 libraries=$2
shift 2
shared="$LC_ROOT/Implementations/shared/c"
binary="$LC_WORK/bin/$(basename "$LC_FOLDER")-adapter"
mkdir -p "$LC_WORK/bin"
current=true
for input in "$LC_ROOT/$LC_FOLDER/adapter.c" "$LC_ROOT/$LC_FOLDER/install.sh" "$shared/lc_adapter.c" "$shared/lc_adapter.h" "$0"; do
  [[ "$binary" -nt "$input" ]] || current=false
done
if $current; then exit 0; fi
version=$(dpkg-query -W -f='${Version}' "$package")
# shellcheck disable=SC2046,SC2086 # pkg-config's flags are words
gcc -O2 -Wall -Werror -DLC_LIBRARY_VERSION="\"$version\"" -I"$shared" -o "$binary" \
  "$LC_ROOT/$LC_FOLDER/adapter.c" "$shared/lc_adapter.c" $(pkg-config --cflags --libs $libraries) "$@"
