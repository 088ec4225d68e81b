#!/usr/bin/env bash
# Regenerates the measured results behind docs/results.md:
#   docs/results/lanebench.md   lanebench's table (registry, state, small containers)
#   docs/results/lanebench.svg  its chart
#   docs/results/compare.txt    the comparison module's benchstat table
# Run it on an idle machine; it takes about half an hour.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/results
n=${N:-1000000}

go run ./bench/cmd/lanebench -n "$n" -reps 5 -svg docs/results/lanebench.svg > docs/results/lanebench.md

command -v benchstat >/dev/null 2>&1 || go install golang.org/x/perf/cmd/benchstat@latest
bench=${BENCH:-.}
(cd bench/compare && GOMAXPROCS=${GOMAXPROCS:-1} go test -run '^$' -bench "$bench" -count "${COUNT:-6}" -timeout 0 -full > /tmp/lanehash-compare.txt)
"$(go env GOPATH)/bin/benchstat" -col /lib /tmp/lanehash-compare.txt > docs/results/compare.txt || cp /tmp/lanehash-compare.txt docs/results/compare.txt
echo "results written to docs/results/"
