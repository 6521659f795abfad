#!/usr/bin/env bash
# Build step (Scripts/interop/install_implementations.sh runs it after apt-get installed this folder's packages): the adapter,
# `cargo build --release --offline` against the crates Debian ships in /usr/share/cargo/registry (the only source:
# CARGO_HOME is ours, .build-implementations/cargo, with a config that replaces crates.io by that directory), into
# .build-implementations/cargo/target. The binary is .build-implementations/bin/jsonwebtoken-adapter; run.sh runs it
# under libfaketime.
set -euo pipefail
export CARGO_HOME="$LC_WORK/cargo"
mkdir -p "$CARGO_HOME" "$LC_WORK/bin"
cat >"$CARGO_HOME/config.toml" <<'TOML'
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
TOML
cd "$LC_ROOT/$LC_FOLDER"
started=$SECONDS
cargo build --release --offline --quiet --target-dir "$CARGO_HOME/target" --manifest-path Cargo.toml \
  >"$LC_WORK/cargo-build.log" 2>&1 || { cat "$LC_WORK/cargo-build.log" >&2; exit 1; }
cp "$CARGO_HOME/target/release/jsonwebtoken-adapter" "$LC_WORK/bin/jsonwebtoken-adapter"
version=$(dpkg-query -W -f='${Version}' librust-jsonwebtoken-dev)
echo "$version" >"$LC_WORK/bin/jsonwebtoken-adapter.version"
echo "   built in $((SECONDS - started)) s"
