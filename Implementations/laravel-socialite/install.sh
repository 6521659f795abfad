#!/usr/bin/env bash
# Build step of the laravel/socialite integration (source checkouts, not registry packages): socialite and the two
# dependencies of its composer.json that Debian does not package run from source checkouts at the commits
# implementation.json pins; everything else comes from Debian's packages. No Composer, nothing written into a checkout.
#
#   LC_SOURCE=/path/to/socialite LC_SOURCE_PHP_JWT=/path/to/php-jwt LC_SOURCE_OAUTH1_CLIENT=/path/to/oauth1-client \
#     bash Implementations/laravel-socialite/install.sh
#   (or through Scripts/interop/compare.py --checkout laravel-socialite=PATH --checkout laravel-socialite:php-jwt=PATH
#    --checkout laravel-socialite:oauth1-client=PATH, which runs this step first)
#
# Scripts/interop/install_implementations.sh does not run it (CI has no checkout: GitHub is not reachable); compare.py then
# reports the results recorded from the checkouts (Implementations/laravel-socialite/results/). With it:
#   1. every checkout must be at its pinned commit (implementation.json `checkout.commit`, and each
#      `dependencyCheckouts` entry's), and its src/ folder (all the adapter's autoloader can load from it) the
#      commit's, unmodified and with no file added;
#   2. Debian's packages (implementation.json `install.checkoutApt`: php-cli, php-laravel-framework,
#      php-guzzlehttp-guzzle, php-phpseclib3) are installed with apt-get when missing, and their versions printed;
#   3. the checkouts' paths and commits go to .build-implementations/laravel-socialite/checkouts.json, which the
#      adapter reads (a PSR-4 autoloader maps each checkout's namespace to its src/);
#   4. the adapter runs once over the signed-token vectors and lists every file it loaded from a checkout: each must
#      be tracked at the commit and unmodified (git), so a finding comes from the unmodified code.
set -euo pipefail
folder="$LC_ROOT/$LC_FOLDER"
: "${LC_SOURCE:?the checkout: compare.py --checkout laravel-socialite=PATH gives it (docs/implementations.md, \"laravel/socialite\")}"
declare -A paths=([laravel-socialite]="$LC_SOURCE" [php-jwt]="${LC_SOURCE_PHP_JWT:-}" [oauth1-client]="${LC_SOURCE_OAUTH1_CLIENT:-}")
pinned() { # id field
  python3 - "$folder/implementation.json" "$1" "$2" <<'PY'
import json, sys
declared = json.load(open(sys.argv[1]))
entries = [dict(declared["checkout"], id=declared["id"])] + declared.get("dependencyCheckouts", [])
print(next(entry[sys.argv[3]] for entry in entries if entry["id"] == sys.argv[2]))
PY
}

build="$LC_WORK/laravel-socialite"
mkdir -p "$build"
checkouts="{"
for id in laravel-socialite php-jwt oauth1-client; do
  path="${paths[$id]}"
  if [[ -z "$path" ]]; then
    echo "laravel-socialite: no checkout of $id given (LC_SOURCE_$(echo "$id" | tr 'a-z-' 'A-Z_'); compare.py --checkout laravel-socialite:$id=PATH)" >&2
    exit 2
  fi
  path=$(cd "$path" && pwd)
  commit=$(pinned "$id" commit)
  tag=$(pinned "$id" tag)
  actual=$(git -C "$path" rev-parse HEAD)
  if [[ "$actual" != "$commit" ]]; then
    echo "laravel-socialite: $id checkout $path is at $actual, not the pinned commit $commit (git -C $path checkout $tag)" >&2
    exit 2
  fi
  changed=$(git -C "$path" status --porcelain --untracked-files=all -- src)
  if [[ -n "$changed" ]]; then
    echo "laravel-socialite: $id's src/ differs from commit $commit:" >&2
    echo "$changed" >&2
    exit 2
  fi
  checkouts+=$(printf '"%s": {"path": "%s", "tag": "%s", "commit": "%s"},' "$id" "$path" "$tag" "$commit")
  echo "   $id $tag ($commit): $path, src/ unmodified"
done
echo "${checkouts%,}}" >"$build/checkouts.json"

mapfile -t packages < <(python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["install"]["checkoutApt"]))' "$folder/implementation.json")
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if (( ${#missing[@]} )); then
  echo "   apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "   Debian: $(dpkg-query -W -f='${Package} ${Version}, ' "${packages[@]}" php-guzzlehttp-psr7 php-guzzlehttp-promises)$(php -r 'echo "PHP ", PHP_VERSION;')"

# Every file the adapter loads from a checkout, over every signed-token vector: tracked at the commit, unmodified.
python3 - "$LC_ROOT/Vectors/signed-token.json" >"$build/requests.jsonl" <<'PY'
import json, sys
vectors = json.load(open(sys.argv[1]))["vectors"]
print(json.dumps({"type": "start", "protocolVersion": 1}))
for seq, vector in enumerate(vectors, 1):
    print(json.dumps({"type": "run", "seq": seq, "family": "signed-token", "id": vector["id"], "input": vector["input"]}))
print(json.dumps({"type": "stop"}))
PY
LC_LOADED_FILES="$build/loaded-files.txt" php "$folder/adapter.php" "$build/checkouts.json" --adapter-checks \
  <"$build/requests.jsonl" >/dev/null 2>"$build/adapter-stderr.txt"
loaded=0
for id in laravel-socialite php-jwt oauth1-client; do
  path=$(cd "${paths[$id]}" && pwd)
  mapfile -t files < <(grep "^$path/src/" "$build/loaded-files.txt" | sed "s|^$path/||")
  (( ${#files[@]} )) || continue
  git -C "$path" ls-files --error-unmatch -- "${files[@]}" >/dev/null
  if ! git -C "$path" diff --quiet HEAD -- "${files[@]}"; then
    echo "laravel-socialite: files the adapter loads from $id differ from its commit" >&2
    exit 2
  fi
  loaded=$((loaded + ${#files[@]}))
  echo "   $id: ${#files[@]} files loaded, all tracked and unmodified"
done
if (( loaded != $(grep -c . "$build/loaded-files.txt") )); then
  echo "laravel-socialite: the adapter loaded files outside the checkouts' src/ through its autoloader" >&2
  exit 2
fi
