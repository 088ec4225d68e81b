#!/usr/bin/env bash
# Tests scripts/test.sh's step logic: a host limit is SKIPPED with its
# reason and is no failure (CI=true included), something the project can
# supply fails under CI=true, a failing step is named in the closing line
# with the number of failed packages, every run ends with one closing
# line, and the exit status says whether anything failed. The 386 probe
# is forced to fail with LANEHASH_PROBE_FAIL, so the skip path is tested
# on hosts that can execute 386 binaries too; the failure cases run
# test.sh in a scratch module of a few files.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
failures=0
fail() { echo "test_test: $*" >&2; failures=$((failures + 1)); }

# check runs test.sh in a folder and checks its exit status and its
# last line (a grep -E pattern); more patterns must match some line.
check() { # name dir want-status last-line-pattern [line-pattern...] -- env...
	local name=$1 dir=$2 want=$3 last=$4; shift 4
	local pats=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do pats+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	local out="$t/$name.out" before=$failures
	(cd "$dir" && env "$@" bash scripts/test.sh) >"$out" 2>&1
	local got=$?
	[ "$got" -eq "$want" ] || fail "$name: exit status $got, want $want"
	local final
	final=$(tail -n 1 "$out")
	echo "$final" | grep -Eq -- "$last" || fail "$name: last line $(printf '%q' "$final") does not match $last"
	local p
	for p in "${pats[@]}"; do
		grep -Eq -- "$p" "$out" || fail "$name: no line matches $p"
	done
	if [ "$failures" -gt "$before" ]; then
		echo "--- output of $name:" >&2
		tail -n 30 "$out" >&2
	fi
	echo "test_test: $name: exit $got: $final"
}

# scratch makes a module of its own with test.sh and, where asked, one
# tiny package under each folder the 386 step tests.
scratch() { # dir [with386]
	mkdir -p "$1/scripts"
	cp "$repo/scripts/test.sh" "$repo/scripts/spectests.sh" "$repo/scripts/spectests.sums" "$1/scripts/"
	printf 'module scratch\n\ngo 1.21\n' >"$1/go.mod"
	[ "${2:-}" = with386 ] || return 0
	local p
	for p in ssz plan sched cache proof lanes; do
		mkdir -p "$1/$p"
		printf 'package %s\n\n// Size is 4 on a 32-bit host.\nconst Size = 4 << (^uint(0) >> 63)\n' "$p" >"$1/$p/$p.go"
		printf 'package %s\n\nimport "testing"\n\nfunc TestSize(t *testing.T) {\n\tif Size != 4 && Size != 8 {\n\t\tt.Fatal(Size)\n\t}\n}\n' "$p" >"$1/$p/${p}_test.go"
	done
}

# 1. The 386 step with its probe forced to fail: the 386 vet and build
# run, the tests are SKIPPED with the reason, and that is no failure,
# under CI=true either.
scratch "$t/host386" with386
check skip386 "$t/host386" 0 \
	'^tests passed in [0-9]+s: 1 steps \(gofmt\); not run: 386 \(32-bit tests: this kernel cannot execute 386 binaries \(forced by LANEHASH_PROBE_FAIL\); 386 vet and build passed\); .* \(not in LANEHASH_STEPS\)$' \
	'^SKIPPED: 386 \(32-bit tests: this kernel cannot execute 386 binaries' \
	'^built 6 test binaries for 386$' \
	'^steps: 1 passed, 0 failed, 15 skipped$' \
	-- LANEHASH_STEPS=gofmt,386 LANEHASH_PROBE_FAIL=386 CI=true

# 1b. The same step with the host's own probe: the tests run where the
# kernel executes 386 binaries, and are SKIPPED with the kernel's reason
# where it does not.
check host386 "$t/host386" 0 \
	'^tests passed in [0-9]+s: 2 steps \(gofmt 386\); not run: .*\(not in LANEHASH_STEPS\)$|^tests passed in [0-9]+s: 1 steps \(gofmt\); not run: 386 \(32-bit tests: this kernel cannot execute 386 binaries \([^)]+\); 386 vet and build passed\)' \
	-- LANEHASH_STEPS=gofmt,386 CI=true

# 1c. The qemu steps probe the emulator with a Go binary: where it is
# installed and runs one, the step runs (on the scratch packages); its
# probe forced to fail, the step is SKIPPED and is no failure.
if command -v qemu-aarch64-static >/dev/null 2>&1 && [ -z "${LANEHASH_PROBE_FAIL:-}" ]; then
	check arm64 "$t/host386" 0 \
		'^tests passed in [0-9]+s: 2 steps \(gofmt arm64\); not run: .*\(not in LANEHASH_STEPS\)$' \
		-- LANEHASH_STEPS=gofmt,arm64 CI=true
else
	echo "test_test: arm64: not checked (no qemu-aarch64-static here)"
fi
check arm64-forced "$t/host386" 0 \
	'^tests passed in [0-9]+s: 1 steps \(gofmt\); not run: (arm64 \(qemu-aarch64-static cannot run a Go arm64 binary on this host: forced by LANEHASH_PROBE_FAIL\)|arm64 \(no qemu-aarch64-static: apt-get install qemu-user-static\)); ' \
	-- LANEHASH_STEPS=gofmt,arm64 LANEHASH_PROBE_FAIL=arm64 CI=

# 2. A failing step is named, with its failed packages; the steps after
# it still run; exit status 1.
scratch "$t/failing"
mkdir -p "$t/failing/p"
printf 'package p\n\nfunc F() int { return 1 }\n' >"$t/failing/p/p.go"
printf 'package p\n\nimport "testing"\n\nfunc TestF(t *testing.T) {\n\tif F() != 2 {\n\t\tt.Fatal("F() = 1")\n\t}\n}\n' >"$t/failing/p/p_test.go"
printf 'package p\nfunc  G() {}\n' >"$t/failing/p/unformatted.go"
check failing "$t/failing" 1 \
	'^tests FAILED in [0-9]+s: gofmt \(exit 1\); test \(1 packages\) — passed: 1 steps; not run: .*fuzz, .*\(not in LANEHASH_STEPS\)$' \
	'^gofmt would change:$' '^--- FAIL: TestF' '^steps: 1 passed, 2 failed, [0-9]+ skipped$' \
	-- LANEHASH_STEPS=gofmt,vet,test

# 3. Missing spec vectors: SKIPPED with how to fetch them outside CI, a
# failure under CI=true (the project can supply them; a host cannot).
scratch "$t/novectors"
check novectors "$t/novectors" 0 \
	'^tests passed in [0-9]+s: 1 steps \(gofmt\); not run: .*spectests \([0-9]+ cases; no folder /nonexistent: bash scripts/spectests.sh fetch\)' \
	'^SKIPPED: spectests' \
	-- LANEHASH_STEPS=gofmt,spectests LANEHASH_SPECTESTS=/nonexistent CI=
check novectors-ci "$t/novectors" 1 \
	'^tests FAILED in [0-9]+s: spectests \(exit 1\) — passed: 1 steps' \
	'^CI=true: spectests must run here$' \
	-- LANEHASH_STEPS=gofmt,spectests LANEHASH_SPECTESTS=/nonexistent CI=true

# 4. A run that ran no step did not pass.
check nothing "$t/novectors" 1 '^no tests ran in [0-9]+s — not run: ' -- LANEHASH_STEPS=none

if [ "$failures" -gt 0 ]; then
	echo "test_test: $failures checks failed" >&2
	exit 1
fi
echo "test_test: all checks passed"
