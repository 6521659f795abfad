#!/usr/bin/env bash
# Installs what Implementations/ runs, idempotently, from the folders' declarations (Scripts/interop/implementations.py reads
# every Implementations/<name>/implementation.json; nothing here names an implementation):
#   - Debian packages: every folder's `install.apt`, and chromium for the report's browser test, with one apt-get
#     (`apt-get update` runs once, and only when a package is missing)
#   - the pip implementations: each folder's exact pin `package==version` (`install.pip`), with the shared dependency
#     pins of Implementations/shared/python/requirements.txt, in .build-implementations/venv
#   - each folder's build step (`install.script`, e.g. a Go adapter against /usr/share/gocode, the jwt-kit adapter's
#     `swift build -c release`), run with LC_ROOT, LC_WORK (.build-implementations) and LC_FOLDER set; a source
#     checkout's step is left to compare.py --checkout, which gives it the checkout
# Prints nothing else on stdout but its steps.
# Usage: bash Scripts/interop/install_implementations.sh [--no-apt]   (--no-apt: Python only, for a machine without root)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
work="$root/.build-implementations"
mkdir -p "$work/bin"
declared() { python3 Scripts/interop/implementations.py "$1"; }

if [[ "${1:-}" != "--no-apt" ]]; then
  mapfile -t debian_packages < <(declared apt)
  debian_packages+=(chromium)
  missing=()
  for package in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if ((${#missing[@]})); then
    echo "== apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

echo "== Python implementations (exact pins) in .build-implementations/venv"
if [[ ! -x "$work/venv/bin/python" ]]; then
  python3 -m venv "$work/venv"
fi
requirements="$work/requirements.txt"
{ cat Implementations/shared/python/requirements.txt; declared pip; } >"$requirements"
if ! cmp -s "$requirements" "$work/venv/.installed-requirements" 2>/dev/null; then
  "$work/venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$work/venv/.installed-requirements"
fi

if [[ "${1:-}" == "--no-apt" ]]; then
  exit 0
fi
mapfile -t scripts < <(declared scripts)
for script in "${scripts[@]}"; do
  echo "== $script"
  LC_ROOT="$root" LC_WORK="$work" LC_FOLDER="$(dirname "$script")" bash "$script"
done
# A source checkout's build step needs the checkout: compare.py --checkout ID=PATH runs it; without one the report
# uses the results recorded from it (docs/implementations.md, each integration's re-record command).
mapfile -t checkout_scripts < <(declared checkout-scripts)
for script in "${checkout_scripts[@]}"; do
  echo "== $script: not built here (a source checkout: compare.py --checkout builds it; the report uses its recorded results)"
done
