#!/usr/bin/env bash
# The benchmarks of BENCHMARKS.md, in one run on this machine.
#
#   bash Scripts/benchmarks/bench.sh                 # everything: bench (release), the Swift Testing runner, the build cost
#   bash Scripts/benchmarks/bench.sh --quick         # bench --quick only (debug build, < 30 s once built): the CI smoke check
#   bash Scripts/benchmarks/bench.sh --no-build-cost # skip the clean builds of the two consumer packages (minutes)
#   bash Scripts/benchmarks/bench.sh --no-bench --no-swift-testing --no-build-cost   # only the fast-feedback figures (below)
#
# Fast feedback (BENCHMARKS.md, "Fast feedback"): the README's test commands on a fresh clone of HEAD (`swift test`
# cold, build included; again with the build done; the slow command; then every file compiled again, with the module
# cache and without it), and loading in a debug build against a release
# build (the same `bench` loading section in each; their ratio).
#
# Options: --no-bench, --no-swift-testing, --no-test-commands, --no-debug-ratio (skip those parts),
#          --scratch-path DIR (default .build; the release build and the test build go there),
#          --log FILE (default: none; a copy of everything printed).
# Every number is printed, none is asserted: machines are shared and noisy (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

scratch=.build
quick=0
build_cost=1
swift_testing=1
bench=1
test_commands=1
debug_ratio=1
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --no-build-cost) build_cost=0 ;;
    --no-swift-testing) swift_testing=0 ;;
    --no-bench) bench=0 ;;
    --no-test-commands) test_commands=0 ;;
    --no-debug-ratio) debug_ratio=0 ;;
    --scratch-path) scratch=$2; shift ;;
    --log) exec > >(tee "$2") 2>&1; shift ;;
    *) echo "usage: bash Scripts/benchmarks/bench.sh [--quick] [--no-bench] [--no-swift-testing] [--no-build-cost] [--no-test-commands] [--no-debug-ratio] [--scratch-path DIR] [--log FILE]" >&2; exit 2 ;;
  esac
  shift
done

now() { python3 -c 'import time; print(f"{time.monotonic():.3f}")'; }
elapsed() { python3 -c "print(f'{$2 - $1:.1f}')"; }

if [ "$quick" = 1 ]; then
  swift build --scratch-path "$scratch" --product login-conformance
  "$scratch/debug/login-conformance" bench --quick
  exit 0
fi

echo "== Machine"
date -u '+%Y-%m-%d %H:%M UTC'
echo "nproc: $(nproc)"
free -h | head -2
swift --version 2>&1 | head -1
python3 --version
uname -srm

if [ "$bench" = 1 ]; then
  echo
  echo "== bench: engine overhead, loading, parameterized sizes, scaling, harness throughput (release build; each harness figure the median of 5 runs)"
  swift build --scratch-path "$scratch" -c release --product login-conformance >/dev/null
  "$scratch/release/login-conformance" bench --harness-runs 5
fi

if [ "$test_commands" = 1 ]; then
  echo
  echo "== Fast feedback 1: the README's test commands on a fresh clone of HEAD (committed state), one after the other"
  clone=$(mktemp -d)
  git clone -q "$root" "$clone/LoginConformance"
  # The slow command's scratch copies run the generator with the pinned Python tools (not timed: set up once).
  if [ -x "$root/.venv/bin/python" ]; then ln -s "$root/.venv" "$clone/LoginConformance/.venv"
  else (cd "$clone/LoginConformance" && bash Scripts/bootstrap.sh >/dev/null); fi
  TIMEFORMAT='%R s wall, %U s user + %S s sys CPU'
  # Then what the cold build is made of: every file compiled again in the built folder (a define no file reads
  # changes every module's command line), first with the folder's module cache, then without it (the toolchain's
  # modules that ship as interfaces, Swift Testing's among them, and the Clang modules, built again): the first is
  # the compiling alone, the difference the module cache's share of the cold build.
  for step in "swift test|cold, build included" "swift test --skip-build|again, the build done" \
              "env LOGIN_CONFORMANCE_SLOW_TESTS=1 swift test --skip-build --filter SlowTests|the slow command, built" \
              "swift build --build-tests -Xswiftc -DLOGIN_CONFORMANCE_BENCH_RECOMPILE|every file compiled again, the module cache kept" \
              "rm -rf .build/*/debug/ModuleCache && swift build --build-tests -Xswiftc -DLOGIN_CONFORMANCE_BENCH_RECOMPILE_AGAIN|every file compiled again, the module cache removed"; do
    command=${step%%|*}
    echo "  $command ($(echo "${step#*|}")):"
    { time (cd "$clone/LoginConformance" && eval "$command" >"$clone/log" 2>&1) ; } 2>&1 | sed 's/^/    /' || true
    { grep -E 'Test run with' "$clone/log" || true; } | tail -1 | sed 's/^/    /'
  done
  rm -rf "$clone"
fi

if [ "$debug_ratio" = 1 ]; then
  echo
  echo "== Fast feedback 4: vector loading in a debug build against a release build (bench's loading section in each)"
  # The debug build an adopter has, nothing optimized (Package.swift optimizes the driven modules in a working copy),
  # in a build folder of its own so that the working copy's own builds stay as they are.
  LOGIN_CONFORMANCE_UNOPTIMIZED=1 swift build --scratch-path "$scratch/unoptimized" --product login-conformance >/dev/null
  swift build --scratch-path "$scratch" -c release --product login-conformance >/dev/null
  debug_ms=$("$scratch/unoptimized/debug/login-conformance" bench --quick --no-harness --scales 1 --run-scales 1 | grep -oE 'median of [0-9]+ more: [0-9.]+ ms' | grep -oE '[0-9.]+ ms$' | grep -oE '[0-9.]+')
  release_ms=$("$scratch/release/login-conformance" bench --quick --no-harness --scales 1 --run-scales 1 | grep -oE 'median of [0-9]+ more: [0-9.]+ ms' | grep -oE '[0-9.]+ ms$' | grep -oE '[0-9.]+')
  echo "  loading median: debug $debug_ms ms, release $release_ms ms: debug/release $(python3 -c "print(f'{$debug_ms / $release_ms:.1f}')")× (target: under 10×)"
fi

if [ "$swift_testing" = 1 ]; then
  echo
  echo "== 3. Swift Testing runner: the per-vector conformance tests against the reference, after the build"
  swift build --scratch-path "$scratch" --build-tests >/dev/null
  out=$(mktemp)
  start=$(now)
  swift test --scratch-path "$scratch" --skip-build --filter 'ReferenceCases' >"$out" 2>&1 || { cat "$out"; exit 1; }
  end=$(now)
  empty_start=$(now)
  swift test --scratch-path "$scratch" --skip-build --filter 'NoSuchTestMatchesThis' >/dev/null 2>&1 || true
  empty_end=$(now)
  grep -E '^.{0,4}Test (nonce|loginConfiguration|loginResult|tokenClaims)\(' "$out" | grep -E 'passed|failed' | sed 's/^/  /' || true
  grep -E 'Test run with' "$out" | sed 's/^/  /'
  cases=$(grep -oE 'with [0-9]+ test cases' "$out" | grep -oE '[0-9]+' | sort -n)
  echo "  cases per parameterized test: $(echo $cases)"
  echo "  total cases: $(echo "$cases" | paste -sd+ | bc), largest: $(echo "$cases" | tail -1)"
  echo "  wall time of swift test --skip-build --filter 'ReferenceCases': $(elapsed "$start" "$end") s"
  echo "  wall time of the same command selecting no test (process start, discovery): $(elapsed "$empty_start" "$empty_end") s"
  rm -f "$out"
fi

if [ "$build_cost" = 1 ]; then
  echo
  echo "== 5. Adoption cost: clean debug builds (swift build --build-tests) of three consumer packages"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # A snapshot of the toolkit as it is in this work tree (only what a dependency needs).
  mkdir -p "$work/LoginConformance"
  cp -R Package.swift Sources Vectors "$work/LoginConformance/"
  library='public struct Login: Sendable {
    public init() {}
    public func validateNonce(_ nonce: String) -> Bool { !nonce.isEmpty && !nonce.unicodeScalars.contains { $0.properties.isWhitespace } }
}'
  make_package() {  # name, dependency line, product line, test file
    mkdir -p "$work/$1/Sources/ConsumerLogin" "$work/$1/Tests/ConsumerLoginTests"
    cat >"$work/$1/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "ConsumerLogin",
    platforms: [.macOS(.v13)],
    dependencies: [$2],
    targets: [
        .target(name: "ConsumerLogin"),
        .testTarget(name: "ConsumerLoginTests", dependencies: ["ConsumerLogin"$3]),
    ]
)
EOF
    echo "$library" >"$work/$1/Sources/ConsumerLogin/Login.swift"
    echo "$4" >"$work/$1/Tests/ConsumerLoginTests/ConsumerLoginTests.swift"
  }
  make_package plain "" "" 'import ConsumerLogin
import Testing
@Test func nonce() { #expect(Login().validateNonce("abc")) }'
  make_package toolkit '.package(name: "LoginConformance", path: "../LoginConformance")' \
    ', .product(name: "LoginConformanceTesting", package: "LoginConformance")' 'import ConsumerLogin
import LoginConformanceTesting
import Testing
struct Adapter: NonceValidating {
    func validateNonce(_ nonce: String) -> NonceVerdict {
        if nonce.isEmpty { return .invalid(.empty) }
        return Login().validateNonce(nonce) ? .valid : .invalid(.whitespace)
    }
}
@Test(arguments: ConformanceCases.family(.nonce)) func nonce(_ vector: ConformanceCase) { vector.check(Adapter()) }'
  make_package jwtkit '.package(url: "https://github.com/vapor/jwt-kit.git", exact: "5.8.0")' \
    ', .product(name: "JWTKit", package: "jwt-kit")' 'import ConsumerLogin
import JWTKit
import Testing
struct Payload: JWTPayload {
    var sub: SubjectClaim
    var exp: ExpirationClaim
    func verify(using algorithm: some JWTAlgorithm) throws { try exp.verifyNotExpired() }
}
@Test func signsAndVerifies() async throws {
    let keys = await JWTKeyCollection().add(hmac: "secret", digestAlgorithm: .sha256)
    let token = try await keys.sign(Payload(sub: "a", exp: .init(value: .distantFuture)))
    #expect(try await keys.verify(token, as: Payload.self).sub.value == "a")
    #expect(Login().validateNonce("abc"))
}'
  declare -A seconds
  for name in plain toolkit jwtkit; do
    # Resolution (a clone from the package cache) is not timed: only the clean build is.
    (cd "$work/$name" && swift package resolve >"$work/$name.log" 2>&1) || { echo "  $name: resolve failed:"; tail -5 "$work/$name.log"; continue; }
    start=$(now)
    if (cd "$work/$name" && swift build --build-tests >"$work/$name.log" 2>&1); then
      end=$(now)
      seconds[$name]=$(elapsed "$start" "$end")
      echo "  $name: clean debug build with tests: ${seconds[$name]} s ($(grep -c 'Compiling' "$work/$name.log" || true) compile steps)"
    else
      echo "  $name: build failed:"; tail -20 "$work/$name.log"
    fi
  done
  if [ -n "${seconds[plain]:-}" ] && [ -n "${seconds[toolkit]:-}" ]; then
    echo "  the toolkit adds $(python3 -c "print(f'{${seconds[toolkit]} - ${seconds[plain]}:.1f}')") s to a clean build (target: ≤ 20 s on 2 cores)"
  fi
  if [ -n "${seconds[plain]:-}" ] && [ -n "${seconds[jwtkit]:-}" ]; then
    echo "  jwt-kit adds $(python3 -c "print(f'{${seconds[jwtkit]} - ${seconds[plain]}:.1f}')") s to a clean build"
  fi
fi
