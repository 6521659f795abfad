#!/usr/bin/env bash
# Creates .venv/ with the pinned Python tools the scripts need (PyPI only). Idempotent.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$root/Scripts/requirements.txt"
echo "$venv/bin/python"
