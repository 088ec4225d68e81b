#!/usr/bin/env bash
# Runs every test lanehash has: formatting and vet for both architectures,
# the unit and conformance tests on this machine's kernels, the pure-Go
# build, the arm64 build under qemu (when qemu-aarch64-static is
# installed), the race detector on the concurrent packages, the
# reproducibility of the generated assembly, and a compile of the
# comparison module.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

step "go vet (amd64, arm64)"
go vet ./...
GOARCH=arm64 go vet ./...
go vet -tags purego ./...

step "go test (this machine's kernels)"
go test -count=1 $(go list ./... | grep -v /internal/spectest)

step "spec vectors (reference and codec)"
go test -count=1 -v ./internal/spectest > "${TMPDIR:-/tmp}/lanehash-spectests.log" 2>&1 || {
	grep -E -- '--- FAIL|spectests:|FAIL' "${TMPDIR:-/tmp}/lanehash-spectests.log" | head -60; exit 1
}
grep -E '^(spectests:|ok)' "${TMPDIR:-/tmp}/lanehash-spectests.log"

step "go test -tags purego (portable kernels only)"
go test -count=1 -tags purego ./lanes/... ./plan/... ./sched/...

step "go test -race (concurrent use)"
go test -count=1 -race -short ./plan/... ./sched/...

step "arm64 under qemu"
if command -v qemu-aarch64-static >/dev/null 2>&1; then
	GOARCH=arm64 go test -count=1 -short -exec qemu-aarch64-static ./lanes/... ./ssz/... ./sched/... ./plan/...
else
	echo "qemu-aarch64-static not installed: arm64 tests not run (apt-get install qemu-user-static)"
	[ "${CI:-}" != "true" ] || exit 1
fi

step "generated assembly is reproducible"
go generate ./lanes/...
if ! git diff --exit-code --stat -- lanes/; then
	echo "go generate changed the committed assembly"; exit 1
fi

step "comparison module compiles"
(cd bench/compare && go vet ./...)

echo
echo "all tests passed"
