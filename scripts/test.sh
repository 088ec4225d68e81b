#!/usr/bin/env bash
# Runs every test lanehash has: formatting, vet (amd64, arm64, s390x,
# purego) and staticcheck; the unit and conformance tests on this
# machine's kernels and again with CPU features hidden; the spec-vector
# fetch script's own test, then the spec vectors (checked against
# scripts/spectests.sums, which `bash scripts/spectests.sh fetch` fetches
# them by; the count of cases run is printed and must be the sums'); the
# pure-Go build; the race detector; arm64 under qemu on three emulated
# CPUs (SHA2 + SHA3, SHA2 only, ASIMD only); big-endian checks under
# qemu-s390x (plan refuses, cache falls back to opaque nodes); the
# generators and the reproducibility of the generated assembly; short
# fuzzing; and the comparison module's root-agreement tests.
#
# Set LANEHASH_QUICK=1 to skip the slower steps (race, qemu, fuzz,
# comparison module) while iterating.
#
# A step that cannot run here (no spec vectors, no qemu) is printed as
# SKIPPED with what would fetch or install it, and the last line lists
# every skip: it says "all tests passed" only when nothing was skipped.
# Under CI=true a missing spec-vector folder or qemu is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s  (%ss)\n' "$*" "$SECONDS"; }
quick() { [ "${LANEHASH_QUICK:-}" = "1" ]; }
log="${TMPDIR:-/tmp}/lanehash-test.$$"
mkdir -p "$log"

skipped=()
# skip records a step that did not run (a failure under CI=true).
skip() { # what, how to get it
	echo "SKIPPED: $1 ($2)"
	[ "${CI:-}" != "true" ] || { echo "CI=true: $1 must run"; exit 1; }
	skipped+=("$1")
}
# finish prints the last line: what passed and what was skipped.
finish() {
	echo
	if [ ${#skipped[@]} -eq 0 ]; then
		echo "all tests passed in ${SECONDS}s"
		exit 0
	fi
	local list
	list=$(printf '%s; ' "${skipped[@]}")
	echo "tests passed in ${SECONDS}s, but NOT run: ${list%; }"
	exit 0
}

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

step "go vet (amd64, arm64, s390x, 386, purego)"
go vet ./...
GOARCH=arm64 go vet ./...
GOARCH=s390x go vet ./...
GOARCH=386 go vet ./...
go vet -tags purego ./...

step "staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

step "go test (this machine's kernels; examples/ runs every example program)"
go test -count=1 $(go list ./... | grep -v /internal/spectest)

step "spec vectors (the fetch script; reference, codec and plans)"
bash scripts/spectests_test.sh
vectors=${LANEHASH_SPECTESTS:-../shared/spectests-v1.7.0-alpha.13}
cases=$(bash scripts/spectests.sh count)
if [ ! -d "$vectors" ]; then
	# plan's spec-vector tests above skipped too, for the same reason.
	skip "spec vectors, $cases cases (no folder $vectors)" "fetch them: bash scripts/spectests.sh fetch"
else
	# The folder must be the one scripts/spectests.sums describes: the
	# cases lanehash's results were checked on.
	bash scripts/spectests.sh verify "$vectors" || {
		echo "the spec vectors in $vectors are not those of scripts/spectests.sums"; exit 1
	}
	go test -count=1 -v ./internal/spectest > "$log/spectests.log" 2>&1 || {
		grep -E -- '--- FAIL|spectests:|FAIL' "$log/spectests.log" | head -60; exit 1
	}
	grep -E '^(spectests:|ok)' "$log/spectests.log"
	if ! grep -Eq "^spectests: $cases passed, 0 failed" "$log/spectests.log"; then
		echo "the runner did not pass all $cases cases of $vectors"; exit 1
	fi
fi

step "plan and sched as on CPUs without AVX-512, and without SHA-NI"
LANEHASH_HIDE=avx512 go test -count=1 -short ./plan/... ./sched/...
LANEHASH_HIDE=shani go test -count=1 -short ./plan/... ./sched/...

step "32-bit host (GOARCH=386, run natively): int is 32 bits, so every size and index computed in int is checked"
GOARCH=386 go test -count=1 -short ./ssz/... ./plan/... ./sched/... ./cache/... ./proof/... ./lanes/...

step "go test -tags purego (portable kernels only)"
go test -count=1 -tags purego ./lanes/... ./plan/... ./sched/...

step "generators (lanes/_asm) and reproducible assembly"
(cd lanes/_asm && go vet ./... && go test -count=1 ./...)
go generate ./lanes/...
if ! git diff --exit-code --stat -- lanes/; then
	echo "go generate changed the committed assembly"; exit 1
fi

if quick; then
	skipped+=("race, qemu, fuzz and comparison module (LANEHASH_QUICK=1)")
	finish
fi

step "go test -race (concurrent use)"
go test -count=1 -race -short ./plan/... ./sched/...
go test -count=1 -race -short -run 'Concurrent|Registry|Packed|Progressive|Proofs|Descriptor|Gloas|Fallback|FixedProgressive|MarkedElementChunks|EmptyBitlist|OpaqueErrorPath|MarkedNestedLengths|OptionsValidated|KeccakPlanRoot|StaleValue|ProveNil|EmptyRequests|HugeGIndices|MarkShortVector' ./cache ./proof
go test -count=1 -race -short ./internal/hostile
go test -count=1 -race -short -run 'TestUnmarshal' ./ssz
go test -count=1 -race -short -run 'Calibrat|Persist|Select|Hide|Env|Parse' ./lanes/

step "arm64 under qemu (default CPU: SHA2 and SHA3; neoverse-n1: SHA2, no SHA3; SHA2 hidden: ASIMD)"
if command -v qemu-aarch64-static >/dev/null 2>&1; then
	# Calibration under qemu measures the emulator, so the second and
	# third runs use the static table: armsha2x4 (SHA2, no SHA3) and
	# neonx4 (SHA2 hidden). The consensus packages are pure Go and run
	# natively above; under qemu they would take most of the CI time.
	GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static ./lanes/... ./ssz ./sched/... ./plan/... ./proof
	GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static -run 'Registry|Packed|Progressive|Proofs|Example|Gloas|Fallback|MarkedElementChunks|EmptyBitlist|MarkedNestedLengths|OptionsValidated|KeccakPlanRoot|StaleValue|ProveNil|EmptyRequests|HugeGIndices|MarkShortVector' ./cache
	QEMU_CPU=neoverse-n1 LANEHASH_CALIBRATE=off GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static ./lanes/... ./sched/... ./plan/...
	LANEHASH_HIDE=sha2 LANEHASH_CALIBRATE=off GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static ./lanes/ ./sched/... ./plan/...
else
	skip "arm64 under qemu (no qemu-aarch64-static)" "apt-get install qemu-user-static"
fi

step "big-endian host (s390x under qemu): plan refuses with a clear error, cache falls back to opaque nodes"
if command -v qemu-s390x-static >/dev/null 2>&1; then
	GOARCH=s390x go test -count=1 -short -exec qemu-s390x-static -run 'BigEndian|ByteOrder' ./plan/
	GOARCH=s390x go test -count=1 -short -exec qemu-s390x-static -run 'Fallback|RandomValues|MarkedElementChunks|EmptyBitlist|ProgressiveContainerErrors|OpaqueErrorPath' ./cache
else
	skip "big-endian check under qemu (no qemu-s390x-static)" "apt-get install qemu-user-static"
fi

step "fuzzing (short)"
# Each target runs a fixed number of inputs (-fuzztime Nx), sized to a few
# seconds on 2 cores, not a duration: with a duration, go1.26's fuzzing
# coordinator can report its own deadline as a failure ("context deadline
# exceeded", no failing input; golang/go#75804, fixed in go1.27).
# LANEHASH_FUZZTIME overrides every target's budget (e.g. 60s, 100000x).
fuzz() { # package target inputs
	go test -run '^$' -fuzz "^$2\$" -fuzztime "${LANEHASH_FUZZTIME:-$3}" "$1" > "$log/fuzz.log" 2>&1 ||
		{ tail -30 "$log/fuzz.log"; exit 1; }
	echo "$1 $2: $(grep -Eo 'execs: [0-9]+' "$log/fuzz.log" | tail -1)"
}
fuzz ./lanes FuzzSHA256Pairs 20000x
fuzz ./lanes FuzzKeccak256Pairs 10000x
fuzz ./plan FuzzRootAll 1000x
fuzz ./plan FuzzRootAllBytes 30000x
fuzz ./plan FuzzRootAllTypes 3000x
fuzz ./plan FuzzRootBytes 10000x
fuzz ./cache FuzzCacheMutations 300x
fuzz ./cache FuzzCacheNode 50000x
fuzz ./ssz FuzzTypeForTags 40000x
fuzz ./ssz FuzzUnmarshalAlloc 6000x
fuzz ./lanes FuzzEnvValues 20000x
fuzz ./proof FuzzGIndexOf 20000x
fuzz ./proof FuzzGIndexBig 20000x
fuzz ./proof FuzzDescriptor 20000x
fuzz ./proof FuzzMultiproof 10000x
fuzz ./proof FuzzCompactMultiproof 10000x

step "comparison module: vet and root agreement with the other libraries"
(cd bench/compare && go vet ./... && go test -count=1 ./...)

finish
