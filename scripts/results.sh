#!/usr/bin/env bash
# Regenerates the measured results behind docs/results.md for this
# machine's CPU class, in docs/results/<class>/ (avx512, avx2-shani, avx2,
# or the GOARCH elsewhere), leaving the other classes' files alone:
#   quick.txt        the quick answer (go run ./bench/cmd/lanebench, n=50000)
#   quick.md         the same measurements as a table, CPU time included
#   quick.svg        its chart (registry, one worker)
#   lanebench.md     the full sweep (-all: every kernel, strategy, worker
#                    count; registry, fulu state, small containers) at N
#   lanebench.svg    its chart
#   compare-raw.txt  the comparison module's raw `go test -bench` output
#   compare.txt      the same through benchstat -col /lib
# Run it on an idle machine; at the default N=1000000 and BENCH=. it takes
# about half an hour. QUICK=1 runs the quick answer only.
set -euo pipefail
cd "$(dirname "$0")/.."

class() {
	local flags
	flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
	case "$flags" in
	*avx512f*avx512bw*avx512vl* | *avx512f*avx512vl*avx512bw*) echo avx512 ;;
	*avx2*sha_ni*) echo avx2-shani ;;
	*avx2*) echo avx2 ;;
	*) go env GOARCH ;;
	esac
}
out=${OUT:-docs/results/$(class)}
mkdir -p "$out"
n=${N:-1000000}

go run ./bench/cmd/lanebench -q > "$out/quick.txt"
go run ./bench/cmd/lanebench -q -reps 9 -format markdown -svg "$out/quick.svg" > "$out/quick.md"
[ -z "${QUICK:-}" ] || { echo "results written to $out/"; exit 0; }

go run ./bench/cmd/lanebench -all -q -n "$n" -reps 5 -svg "$out/lanebench.svg" > "$out/lanebench.md"

command -v benchstat >/dev/null 2>&1 || [ -x "$(go env GOPATH)/bin/benchstat" ] || go install golang.org/x/perf/cmd/benchstat@latest
bench=${BENCH:-.}
(cd bench/compare && go test -run '^$' -bench "$bench" -count "${COUNT:-6}" -timeout 0 -full) > "$out/compare-raw.txt"
"$(go env GOPATH)/bin/benchstat" -col /lib "$out/compare-raw.txt" > "$out/compare.txt"
echo "results written to $out/"
