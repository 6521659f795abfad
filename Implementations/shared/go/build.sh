#!/usr/bin/env bash
# Builds one Go adapter (the folder LC_FOLDER, package main) against Debian's Go libraries in /usr/share/gocode,
# GO111MODULE=off, into $LC_WORK/bin/<folder name>-adapter. What the Go adapters share
# (Implementations/shared/go/lcadapter) is the package "lcadapter" of a GOPATH entry of ours, $LC_WORK/gopath.
# Usage (from a folder's install.sh): bash Implementations/shared/go/build.sh DEBIAN_PACKAGE
#   DEBIAN_PACKAGE: the library's package; its installed version is linked in as main.libraryVersion.
set -euo pipefail
package=$1
name=$(basename "$LC_FOLDER")
mkdir -p "$LC_WORK/gopath/src" "$LC_WORK/bin"
ln -sfn "$LC_ROOT/Implementations/shared/go/lcadapter" "$LC_WORK/gopath/src/lcadapter"
version=$(dpkg-query -W -f='${Version}' "$package")
cd "$LC_ROOT"
GO111MODULE=off GOPATH="$LC_WORK/gopath:/usr/share/gocode" GOCACHE="$LC_WORK/gocache" GOFLAGS= \
  go build -ldflags "-X main.libraryVersion=$version" -o "$LC_WORK/bin/$name-adapter" "./$LC_FOLDER/"
