#!/usr/bin/env bash
# Build step of the better-auth integration (source checkouts, not registry packages): bundles better-auth's
# Facebook provider module (packages/core/src/social-providers/facebook.ts), unmodified, with its dependencies from
# their own checkouts at the versions better-auth's pnpm-lock.yaml pins, into one ES module outside every checkout.
#
#   LC_SOURCE=/src/better-auth LC_SOURCE_JOSE=/src/jose LC_SOURCE_BETTER_FETCH=/src/better-fetch … \
#     LC_SOURCE_ESBUILD=/src/esbuild LC_SOURCE_GOLANG_SYS=/src/golang-sys bash Implementations/better-auth/install.sh
#   (or through Scripts/interop/compare.py --checkout better-auth=/src/better-auth --checkout better-auth:jose=/src/jose …,
#    one --checkout better-auth:ID=PATH for each of implementation.json's `dependencyCheckouts`, which runs this step
#    first with LC_SOURCE_<ID> set for each)
#
# Scripts/interop/install_implementations.sh does not run it (CI has no checkout: GitHub is not reachable); compare.py then
# reports the results recorded from the checkouts (Implementations/better-auth/results/). With it:
#   1. every checkout must be at its pinned commit: better-auth at implementation.json `checkout.commit`, and each
#      of its `dependencyCheckouts` (the bundled packages, and the build tools esbuild and golang.org/x/sys) at its
#      own, given as LC_SOURCE_<ID> (e.g. LC_SOURCE_BETTER_CALL); each package's `packageJson` must name its package
#      and version. How to make them: docs/implementations.md, "better-auth";
#   2. esbuild 0.28.1 is built from its checkout with Debian's Go (golang-1.19-go; GOPATH mode, GOPROXY=off, its one
#      dependency golang.org/x/sys from its checkout at the pinned pseudo-version): nothing is downloaded;
#   3. the bundle: a generated entry re-exports `facebook` from the better-auth checkout's facebook.ts; bare imports
#      (jose, @better-fetch/fetch, better-call, @better-auth/utils, rou3, zod: each dependency checkout with `sources`)
#      resolve through NODE_PATH to a folder of symlinks, node_modules/<package> -> the checkout's `sources` (the files
#      its package.json's exports are built from), so each file is compiled under its own project's tsconfig.json;
#      nothing is written into a checkout;
#   4. every file the bundle holds is checked to come from a checkout and to be that commit's, unmodified and
#      tracked (esbuild's metafile, git status), so a finding comes from the unmodified code.
set -euo pipefail
folder="$LC_ROOT/$LC_FOLDER"
: "${LC_SOURCE:?the checkout: compare.py --checkout better-auth=PATH gives it (docs/implementations.md, \"better-auth\")}"
source=$(cd "$LC_SOURCE" && pwd)
build="$LC_WORK/better-auth"
mkdir -p "$build"

# 1. The checkouts and their commits (and each package's name and version). checkouts.tsv: id, path, commit, sources,
#    package (the last two empty for better-auth itself and the build tools).
python3 - "$LC_ROOT" "$folder/implementation.json" "$source" "$build/checkouts.tsv" <<'PY'
import json, os, subprocess, sys
from pathlib import Path
sys.path.insert(0, str(Path(sys.argv[1]) / "Scripts" / "interop"))
from implementations import source_variable
declared, source, table = json.load(open(sys.argv[2])), Path(sys.argv[3]), sys.argv[4]
rows, problems, dependencies = [("better-auth", str(source), declared["checkout"]["commit"], "", "")], [], {}
refs = {"better-auth": declared["checkout"]["tag"]}
for entry in declared["dependencyCheckouts"]:
    variable = source_variable(entry["id"])
    if not os.environ.get(variable):
        sys.exit(f"better-auth: no checkout of {entry['id']} given ({variable}; compare.py --checkout "
                 f"better-auth:{entry['id']}=PATH)")
    path = Path(os.environ[variable]).resolve()
    dependencies[entry["id"]] = path
    refs[entry["id"]] = entry.get("tag") or entry["commit"]
    rows.append((entry["id"], str(path), entry["commit"], entry.get("sources", ""),
                 entry["package"] if entry.get("sources") else ""))
for name, path, commit, _, _ in rows:
    try:
        actual = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        problems.append(f"{name}: no git checkout at {path}")
        continue
    if actual != commit:
        problems.append(f"{name}: {path} is at {actual}, not the pinned commit {commit} (git -C {path} checkout {refs[name]})")
for entry in declared["dependencyCheckouts"]:
    if "packageJson" not in entry:
        continue
    try:
        package = json.load(open(dependencies[entry["id"]] / entry["packageJson"]))
    except OSError:
        problems.append(f"{entry['id']}: no {entry['packageJson']} in {dependencies[entry['id']]}")
        continue
    if (package.get("name"), package.get("version")) != (entry["package"], entry["version"]):
        problems.append(f"{entry['id']}: {entry['packageJson']} is {package.get('name')} {package.get('version')}, "
                        f"not {entry['package']} {entry['version']}")
if problems:
    sys.exit("better-auth: the checkouts are not the pinned ones (docs/implementations.md, \"better-auth\"):\n  "
             + "\n  ".join(problems))
with open(table, "w") as out:
    out.writelines("\t".join(row) + "\n" for row in rows)
PY
path_of() { awk -F'\t' -v n="$1" '$1 == n {print $2}' "$build/checkouts.tsv"; }

# 2. esbuild 0.28.1 from its checkout (Debian's esbuild 0.17.0 cannot parse TypeScript 5's const type parameters).
go=/usr/lib/go-1.19/bin/go
if [[ ! -x "$go" ]]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends golang-1.19-go >/dev/null
fi
gopath="$build/gopath"
rm -rf "$gopath/src" && mkdir -p "$gopath/src/github.com/evanw" "$gopath/src/golang.org/x"
ln -s "$(path_of esbuild)" "$gopath/src/github.com/evanw/esbuild"
ln -s "$(path_of golang-sys)" "$gopath/src/golang.org/x/sys"
(cd "$gopath/src/github.com/evanw/esbuild" && GO111MODULE=off GOPATH="$gopath" GOPROXY=off GOTOOLCHAIN=local \
  GOCACHE="$build/gocache" CGO_ENABLED=0 "$go" build -trimpath -o "$build/esbuild" ./cmd/esbuild)
esbuild_version=$(python3 -c 'import json,sys; print(next(d["version"] for d in json.load(open(sys.argv[1]))["dependencyCheckouts"] if d["id"] == "esbuild"))' "$folder/implementation.json")
if [[ $("$build/esbuild" --version) != "$esbuild_version" ]]; then
  echo "better-auth: $build/esbuild is $("$build/esbuild" --version), not $esbuild_version" >&2
  exit 2
fi

# 3. The bundle: bare imports resolve to the checkouts' sources through a folder of symlinks (NODE_PATH).
modules="$build/node_modules"
rm -rf "$modules" && mkdir -p "$modules"
while IFS=$'\t' read -r _ path _ sources package; do
  if [[ -n "$package" ]]; then
    mkdir -p "$(dirname "$modules/$package")"
    ln -s "$path/$sources" "$modules/$package"
  fi
done <"$build/checkouts.tsv"
tag=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["checkout"]["tag"])' "$folder/implementation.json")
commit=$(git -C "$source" rev-parse HEAD)
cat >"$build/entry.ts" <<TS
// Generated by Implementations/better-auth/install.sh: better-auth's Facebook provider module, from the checkout.
export { facebook } from "$source/packages/core/src/social-providers/facebook.ts";
export const provenance = { tag: "$tag", commit: "$commit" };
TS
rm -f "$build/facebook.mjs"
(cd "$build" && NODE_PATH="$modules" "$build/esbuild" entry.ts --bundle --platform=node --format=esm \
  --metafile=facebook.meta.json --outfile=facebook.next.mjs --log-level=warning)

# 4. Every bundled file is a checkout's, unmodified at its commit.
python3 - "$build/facebook.meta.json" "$build/checkouts.tsv" "$build" <<'PY'
import json, subprocess, sys
from pathlib import Path
meta, rows, build = json.load(open(sys.argv[1])), [line.rstrip("\n").split("\t") for line in open(sys.argv[2])], Path(sys.argv[3]).resolve()
roots = {name: Path(path).resolve() for name, path, *_ in rows}
files, stray = {}, []
for name in meta["inputs"]:
    path = (build / name).resolve()
    if path == build / "entry.ts":
        continue
    owner = next((checkout for checkout, root in roots.items() if path.is_relative_to(root)), None)
    if owner is None:
        stray.append(str(path))
    else:
        files.setdefault(owner, []).append(path.relative_to(roots[owner]).as_posix())
if stray:
    sys.exit("better-auth: the bundle holds files from no checkout:\n  " + "\n  ".join(stray))
changed = []
for owner, paths in files.items():
    status = subprocess.run(["git", "-C", str(roots[owner]), "status", "--porcelain", "--untracked-files=all", "--", *paths],
                            capture_output=True, text=True, check=True).stdout
    tracked = subprocess.run(["git", "-C", str(roots[owner]), "ls-files", "--error-unmatch", "--", *paths],
                             capture_output=True, text=True)
    if status or tracked.returncode:
        changed.append(f"{owner}: {status.strip() or tracked.stderr.strip()}")
if changed:
    sys.exit("better-auth: bundled files differ from their commits:\n  " + "\n  ".join(changed))
summary = {owner: len(paths) for owner, paths in sorted(files.items())}
json.dump({"files": {owner: sorted(paths) for owner, paths in files.items()}}, open(build / "facebook.sources.json", "w"), indent=1)
print("   better-auth bundle: " + ", ".join(f"{owner} {count}" for owner, count in summary.items())
      + " files, all unmodified at their commits")
PY
mv "$build/facebook.next.mjs" "$build/facebook.mjs"
echo "   better-auth $tag ($commit): $build/facebook.mjs"
