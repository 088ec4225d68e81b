#!/usr/bin/env bash
# Runs lanehash's tests, step by step, and ends with one line that says
# what passed, what failed (by step) and what was not run, and why.
#
#   bash scripts/test.sh                  every step (about 25 minutes on 2 cores)
#   LANEHASH_QUICK=1 bash scripts/test.sh the quick check (about 2 minutes)
#
# The steps, in order (the quick check runs those marked *):
#   gofmt*        formatting of every tracked Go file
#   vet*          go vet on amd64 (quick); also arm64, s390x, 386, purego
#   staticcheck   honnef.co/go/tools at a pinned version
#   test*         go test on this machine's kernels (-short in quick;
#                 examples/ runs every example program)
#   scripts       the tests of this script and of the spec-vector fetcher
#   spectests*    every spec vector of scripts/spectests.sums, through the
#                 reference, the codec, the plans and the cache
#   hidden        plan and sched as on CPUs without AVX-512 and without SHA-NI
#   386           32-bit host: vet and build always; the tests run where
#                 this kernel executes 386 binaries
#   purego        the portable kernels only (-tags purego)
#   generate      the avo generators, and the committed assembly reproduced
#   race          the race detector on the concurrent paths
#   arm64         arm64 under qemu on three emulated CPUs
#   s390x         a big-endian host under qemu
#   fuzz          every fuzz target for a fixed number of inputs
#   compare       the comparison module (other libraries, root for root)
#   eth2          the go-eth2-client adapter module
#
# A step that needs something of the host is probed first. Where the host
# cannot do it (a kernel without 32-bit execution, qemu that cannot run a
# Go binary, no race detector for this platform), the step is printed as
# SKIPPED with the reason, and that is not a failure. Where the project
# can supply what is missing (the spec vectors, qemu-user-static), the
# step is SKIPPED with how to get it, and under CI=true it is a failure.
#
# LANEHASH_STEPS=a,b,c runs only the named steps (the others are listed
# as not run). LANEHASH_PROBE_FAIL=386,race,... makes those probes report
# the host unable, so the skip path is tested on a host that can
# (scripts/test_test.sh does). Every step runs even after one failed; the
# exit status is 1 when any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp -d "${TMPDIR:-/tmp}/lanehash-test.XXXXXX")
trap 'rm -rf "$log"' EXIT
vectors=${LANEHASH_SPECTESTS:-../shared/spectests-v1.7.0-alpha.13}
quick() { [ "${LANEHASH_QUICK:-}" = "1" ]; }

passed=()  # step names
failed=()  # "step (what failed)"
notrun=()  # "step (why)": skipped steps
unselected=() # steps this invocation does not run (quick, LANEHASH_STEPS)

# --- step machinery ---------------------------------------------------

# skip ends the current step as not run. A host limit is never a failure;
# something the project can supply fails the step under CI=true.
skip() { # reason [host|fixable]
	echo "SKIPPED: $current ($1)"
	if [ "${2:-host}" = fixable ] && [ "${CI:-}" = "true" ]; then
		echo "CI=true: $current must run here"
		exit 1
	fi
	printf '%s' "$1" >"$log/skip"
	exit 77
}

# selected says whether the step runs in this invocation, or records why not.
selected() { # name inquick
	local name=$1
	if [ -n "${LANEHASH_STEPS:-}" ]; then
		case ",$LANEHASH_STEPS," in
		*",$name,"*) return 0 ;;
		*) unselected+=("$name"); return 1 ;;
		esac
	fi
	if quick && [ "$2" != quick ]; then
		unselected+=("$name")
		return 1
	fi
	return 0
}

# run runs one step in a subshell with errexit, records its outcome and
# keeps going. Its output is shown and kept for the summary.
run() { # name quick|full title function
	local name=$1 inquick=$2 title=$3 fn=$4
	selected "$name" "$inquick" || return 0
	current=$name
	printf '\n== %s: %s  (%ss)\n' "$name" "$title" "$SECONDS"
	rm -f "$log/skip"
	( set -euo pipefail; "$fn" ) 2>&1 | tee "$log/$name.out"
	local rc=${PIPESTATUS[0]}
	if [ "$rc" -eq 0 ]; then
		passed+=("$name")
	elif [ "$rc" -eq 77 ] && [ -f "$log/skip" ]; then
		notrun+=("$name ($(cat "$log/skip"))")
	else
		local pkgs
		pkgs=$(grep -cE '^FAIL[[:space:]]+[a-z]' "$log/$name.out" || true)
		if [ "$pkgs" -gt 0 ]; then
			failed+=("$name ($pkgs packages)")
		else
			failed+=("$name (exit $rc)")
		fi
	fi
}

# probe reports whether the host can do something: LANEHASH_PROBE_FAIL
# forces "cannot" so that the skip path is testable everywhere.
forced() { case ",${LANEHASH_PROBE_FAIL:-}," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# hello builds a one-line Go program for GOARCH and runs it with the
# given runner (nothing: the host itself); where it cannot, it prints why.
hello() { # goarch [runner...]
	local arch=$1; shift
	local dir="$log/hello-$arch"
	mkdir -p "$dir"
	printf 'module hello\n\ngo 1.21\n' >"$dir/go.mod"
	printf 'package main\n\nfunc main() { println("ok") }\n' >"$dir/main.go"
	local out rc
	out=$(cd "$dir" && GOARCH=$arch GOFLAGS= go build -o hello . 2>&1) || { echo "$out" | head -2; return 1; }
	out=$("$@" "$dir/hello" 2>&1) && return 0
	rc=$?
	# bash says "…/hello: cannot execute binary file: Exec format error".
	out=$(echo "$out" | sed -n 's/.*hello: //p' | head -1)
	echo "${out:-exit status $rc}"
	return 1
}

# cannot prints the host's reason for not running a probe, or nothing.
cannot() { # probe goarch [runner...]
	local name=$1; shift
	if forced "$name"; then
		echo "forced by LANEHASH_PROBE_FAIL"
		return
	fi
	local why
	why=$(hello "$@" 2>&1) && return
	why=$(echo "$why" | tr '\n' ' ' | sed 's/ *$//')
	echo "${why:-it does not run}"
}

# --- the steps ----------------------------------------------------------

step_gofmt() {
	local unformatted
	unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
	if [ -n "$unformatted" ]; then
		echo "gofmt would change:"; echo "$unformatted"; return 1
	fi
}

step_vet() {
	go vet ./...
	quick && return
	GOARCH=arm64 go vet ./...
	GOARCH=s390x go vet ./...
	GOARCH=386 go vet ./...
	go vet -tags purego ./...
}

step_staticcheck() {
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
}

step_test() {
	local short=()
	quick && short=(-short)
	go test -count=1 "${short[@]}" $(go list ./... | grep -v /internal/spectest)
}

step_scripts() {
	bash scripts/test_test.sh
	bash scripts/spectests_test.sh
}

step_spectests() {
	local cases
	cases=$(bash scripts/spectests.sh count)
	if [ ! -d "$vectors" ]; then
		# plan's spec-vector tests in the test step skipped too.
		skip "$cases cases; no folder $vectors: bash scripts/spectests.sh fetch" fixable
	fi
	# The folder must be the one scripts/spectests.sums describes: the
	# cases lanehash's results were checked on.
	bash scripts/spectests.sh verify "$vectors" || {
		echo "the spec vectors in $vectors are not those of scripts/spectests.sums"; return 1
	}
	go test -count=1 -v ./internal/spectest >"$log/spectests.log" 2>&1 || {
		grep -E -- '--- FAIL|spectests:|FAIL' "$log/spectests.log" | head -60; return 1
	}
	grep -E '^(spectests:|ok)' "$log/spectests.log"
	if ! grep -Eq "^spectests: $cases passed, 0 failed" "$log/spectests.log"; then
		echo "the runner did not pass all $cases cases of $vectors"; return 1
	fi
}

step_hidden() {
	LANEHASH_HIDE=avx512 go test -count=1 -short ./plan/... ./sched/...
	LANEHASH_HIDE=shani go test -count=1 -short ./plan/... ./sched/...
}

# On a 32-bit host int is 32 bits, so every size and index computed in
# int is checked there. Vetting and building need no kernel support.
step_386() {
	local pkgs=(./ssz/... ./plan/... ./sched/... ./cache/... ./proof/... ./lanes/...)
	GOARCH=386 go vet "${pkgs[@]}"
	mkdir -p "$log/386"
	GOARCH=386 go test -c -o "$log/386/" "${pkgs[@]}"
	echo "built $(ls "$log/386" | wc -l) test binaries for 386"
	local why
	why=$(cannot 386 386)
	[ -z "$why" ] || skip "32-bit tests: this kernel cannot execute 386 binaries ($why); 386 vet and build passed"
	GOARCH=386 go test -count=1 -short "${pkgs[@]}"
}

step_purego() {
	go test -count=1 -tags purego ./lanes/... ./plan/... ./sched/...
}

step_generate() {
	(cd lanes/_asm && go vet ./... && go test -count=1 ./...)
	go generate ./lanes/... ./sched/...
	if ! git diff --exit-code --stat -- lanes/ sched/; then
		echo "go generate changed the committed assembly"; return 1
	fi
}

step_race() {
	local why
	if forced race; then
		why="forced by LANEHASH_PROBE_FAIL"
	else
		mkdir -p "$log/race"
		printf 'module race\n\ngo 1.21\n' >"$log/race/go.mod"
		printf 'package race\n\nimport "testing"\n\nfunc TestOK(t *testing.T) {}\n' >"$log/race/race_test.go"
		why=$(cd "$log/race" && GOFLAGS= go test -race -count=1 . 2>&1 >/dev/null | head -1) && why=
	fi
	[ -z "$why" ] || skip "the race detector does not run on this host: $why"
	go test -count=1 -race -short . ./plan/... ./sched/...
	go test -count=1 -race -short -run 'Concurrent|Registry|Packed|Progressive|Proofs|Descriptor|Gloas|Fallback|FixedProgressive|MarkedElementChunks|EmptyBitlist|OpaqueErrorPath|MarkedNestedLengths|OptionsValidated|KeccakPlanRoot|StaleValue|ProveNil|EmptyRequests|HugeGIndices|MarkShortVector|MarkedSeesReplacedStorage|MarkedDocumentedMarks|ProofsNeverReadMovedMemory|ChangedKeptWithValueError|EditRegressions|DetectProofsReadNoValue|ProofFunctionsUseTheTreesHash' ./cache ./proof
	go test -count=1 -race -short ./internal/hostile
	go test -count=1 -race -short -run 'TestUnmarshal' ./ssz
	go test -count=1 -race -short -run 'Calibrat|Persist|Select|Hide|Env|Parse' ./lanes/
}

# qemu checks the emulator for a GOARCH, or skips the step: a missing
# emulator is the project's to install; one that cannot run a Go binary
# here is the host's limit.
qemu() { # emulator-arch goarch
	local emu=qemu-$1-static
	command -v "$emu" >/dev/null 2>&1 || skip "no $emu: apt-get install qemu-user-static" fixable
	local why
	why=$(cannot "$2" "$2" "$emu")
	[ -z "$why" ] || skip "$emu cannot run a Go $2 binary on this host: $why"
}

step_arm64() {
	qemu aarch64 arm64
	# Calibration under qemu measures the emulator, so the second and
	# third runs use the static table: armsha2x4 (SHA2, no SHA3) and
	# neonx4 (SHA2 hidden). The consensus packages are pure Go and run
	# natively above; under qemu they would take most of the CI time.
	GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static ./lanes/... ./ssz ./sched/... ./plan/... ./proof
	GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static -run 'Registry|Packed|Progressive|Proofs|Example|Gloas|Fallback|MarkedElementChunks|EmptyBitlist|MarkedNestedLengths|OptionsValidated|KeccakPlanRoot|StaleValue|ProveNil|EmptyRequests|HugeGIndices|MarkShortVector' ./cache
	QEMU_CPU=neoverse-n1 LANEHASH_CALIBRATE=off GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static ./lanes/... ./sched/... ./plan/...
	LANEHASH_HIDE=sha2 LANEHASH_CALIBRATE=off GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static ./lanes/ ./sched/... ./plan/...
}

# plan refuses a big-endian host with a clear error; cache falls back to
# opaque nodes.
step_s390x() {
	qemu s390x s390x
	GOARCH=s390x go test -count=1 -short -exec qemu-s390x-static -run 'BigEndian|ByteOrder' ./plan/
	GOARCH=s390x go test -count=1 -short -exec qemu-s390x-static -run 'Fallback|RandomValues|MarkedElementChunks|EmptyBitlist|ProgressiveContainerErrors|OpaqueErrorPath' ./cache
}

# Each target runs a fixed number of inputs (-fuzztime Nx), sized to a few
# seconds on 2 cores, not a duration: with a duration, go1.26's fuzzing
# coordinator can report its own deadline as a failure ("context deadline
# exceeded", no failing input; golang/go#75804, fixed in go1.27).
# LANEHASH_FUZZTIME overrides every target's budget (e.g. 60s, 100000x).
fuzz() { # package target inputs
	go test -run '^$' -fuzz "^$2\$" -fuzztime "${LANEHASH_FUZZTIME:-$3}" "$1" >"$log/fuzz.log" 2>&1 ||
		{ tail -30 "$log/fuzz.log"; return 1; }
	echo "$1 $2: $(grep -Eo 'execs: [0-9]+' "$log/fuzz.log" | tail -1)"
}
step_fuzz() {
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
	fuzz ./diff FuzzBytes 30000x
}

step_compare() {
	(cd bench/compare && go vet ./... && go test -count=1 ./...)
}

step_eth2() {
	[ -d eth2 ] || skip "no eth2/ module in this tree"
	(cd eth2 && go vet ./... && go test -count=1 ./...)
}

# --- the run --------------------------------------------------------------

run gofmt quick "formatting" step_gofmt
run vet quick "go vet (amd64; full: arm64, s390x, 386, purego too)" step_vet
run staticcheck full "staticcheck" step_staticcheck
run test quick "go test (this machine's kernels; examples/ runs every example program)" step_test
run scripts full "the scripts' own tests" step_scripts
run spectests quick "spec vectors (reference, codec, plans, cache)" step_spectests
run hidden full "plan and sched as on CPUs without AVX-512, and without SHA-NI" step_hidden
run 386 full "32-bit host (GOARCH=386): int is 32 bits" step_386
run purego full "go test -tags purego (portable kernels only)" step_purego
run generate full "generators (lanes/_asm) and reproducible assembly" step_generate
run race full "go test -race (concurrent use)" step_race
run arm64 full "arm64 under qemu (SHA2+SHA3; neoverse-n1: SHA2 only; SHA2 hidden: ASIMD)" step_arm64
run s390x full "big-endian host (s390x under qemu)" step_s390x
run fuzz full "fuzzing (a fixed number of inputs per target)" step_fuzz
run compare full "comparison module: vet and root agreement with the other libraries" step_compare
run eth2 full "go-eth2-client adapter module" step_eth2

# --- the closing line ---------------------------------------------------

list() { # items...
	if [ $# -eq 0 ]; then echo none; return; fi
	local s
	s=$(printf '%s; ' "$@")
	echo "${s%; }"
}
nskipped=$((${#notrun[@]} + ${#unselected[@]}))
if [ ${#unselected[@]} -gt 0 ]; then
	why="LANEHASH_QUICK=1"
	[ -z "${LANEHASH_STEPS:-}" ] || why="not in LANEHASH_STEPS"
	s=$(printf '%s, ' "${unselected[@]}")
	notrun+=("${s%, } ($why)")
fi
echo
echo "steps: ${#passed[@]} passed, ${#failed[@]} failed, $nskipped skipped"
if [ ${#failed[@]} -gt 0 ]; then
	echo "tests FAILED in ${SECONDS}s: $(list "${failed[@]}") — passed: ${#passed[@]} steps; not run: $(list "${notrun[@]}")"
	exit 1
fi
if [ ${#passed[@]} -eq 0 ]; then
	echo "no tests ran in ${SECONDS}s — not run: $(list "${notrun[@]}")"
	exit 1
fi
echo "tests passed in ${SECONDS}s: ${#passed[@]} steps ($(printf '%s ' "${passed[@]}" | sed 's/ $//')); not run: $(list "${notrun[@]}")"
