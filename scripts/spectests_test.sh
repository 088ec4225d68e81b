#!/usr/bin/env bash
# Tests scripts/spectests.sh without the network: it builds a small
# vectors folder as the project keeps it, writes its sums, packs
# release-shaped tarballs holding more than the project keeps (manifest
# files, case_10 and up, large progressive cases, a large value.yaml, a
# fork the runner does not read; one release under tests/ as upstream
# packs it, one without), and checks that `fetch --from` unpacks and cuts
# them into exactly that folder, that `verify` accepts it and names a
# changed, a missing and an unknown group, and that `count` adds up the
# cases; the download runs from a local mirror (python3's http.server).
# Only GitHub's own addresses are left untested.
set -euo pipefail
script="$(cd "$(dirname "$0")" && pwd)/spectests.sh"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "spectests_test: $*" >&2; exit 1; }

# file writes a file with the given number of random bytes (or a text).
file() { # path bytes|text
	mkdir -p "$(dirname "$1")"
	case "$2" in
	*[!0-9]*) printf '%s\n' "$2" >"$1" ;;
	*) head -c "$2" /dev/urandom >"$1" ;;
	esac
}
# generic and static write one case folder each.
generic() { # root handler valid|invalid case [value.yaml bytes]
	local d=$1/general/phase0/ssz_generic/$2/$3/$4
	file "$d/serialized.ssz_snappy" 40
	if [ "$3" = valid ]; then
		file "$d/meta.yaml" "root: '0x$4'"
		[ "${5:-0}" = 0 ] || file "$d/value.yaml" "$5"
	fi
}
static() { # root preset fork type suite case
	local d=$1/$2/$3/ssz_static/$4/$5/$6
	file "$d/serialized.ssz_snappy" 100
	file "$d/roots.yaml" "root: '0x$6'"
	file "$d/value.yaml" 200
}

# The folder as the project keeps it.
kept=$t/kept
generic "$kept" containers valid SmallTestStruct_random_0 30
generic "$kept" containers valid ProgressiveTestStruct_one_0 30
generic "$kept" containers valid ProgressiveTestStruct_max # value.yaml left out (over 256 KiB)
generic "$kept" containers invalid SmallTestStruct_extra_byte
generic "$kept" progressive_containers valid ProgressiveComplexTestStruct_nil_0 30
generic "$kept" boolean valid true 5
for i in $(seq 0 9); do static "$kept" minimal gloas Validator ssz_random "case_$i"; done
static "$kept" minimal gloas Validator ssz_nil case_0
for i in $(seq 0 29); do static "$kept" minimal fulu Validator ssz_random "case_$i"; done # v1.6: all 30
for i in $(seq 0 4); do static "$kept" mainnet gloas Validator ssz_random "case_$i"; done

LANEHASH_SPECTESTS_SUMS=/dev/null bash "$script" manifest "$kept" >"$t/sums"
export LANEHASH_SPECTESTS_SUMS=$t/sums
grep -q ' v1.7.0-alpha.13 general/phase0/ssz_generic/containers$' "$t/sums" || fail "sums lack the containers group: $(cat "$t/sums")"
grep -q ' v1.6.0-alpha.4 minimal/fulu/ssz_static/Validator$' "$t/sums" || fail "fulu is not v1.6.0-alpha.4: $(cat "$t/sums")"
[ "$(bash "$script" count)" = $((4 + 1 + 1 + 11 + 30 + 5)) ] || fail "count = $(bash "$script" count), want 52"

# The releases: everything kept, plus what the project leaves out.
up=$t/upstream
cp -r "$kept" "$up"
for i in $(seq 10 29); do static "$up" minimal gloas Validator ssz_random "case_$i"; done
file "$up/general/phase0/ssz_generic/containers/valid/ProgressiveTestStruct_max/value.yaml" $((300 << 10))
generic "$up" containers valid ProgressiveTestStruct_lengthy_0 30
file "$up/general/phase0/ssz_generic/containers/valid/ProgressiveTestStruct_lengthy_0/serialized.ssz_snappy" $((70 << 10))
generic "$up" progressive_containers invalid ProgressiveComplexTestStruct_lengthy_offset_0_zeroed
file "$up/general/phase0/ssz_generic/progressive_containers/invalid/ProgressiveComplexTestStruct_lengthy_offset_0_zeroed/serialized.ssz_snappy" $((65 << 10))
static "$up" minimal altair Validator ssz_random case_0 # a fork the runner does not read
for c in "$up"/general/phase0/ssz_generic/*/*/* "$up"/*/gloas/ssz_static/*/*/*; do
	file "$c/manifest.yaml" "case: $(basename "$c")"
done

tb=$t/tarballs
mkdir -p "$tb/v1.7.0-alpha.13" "$tb/v1.6.0-alpha.4" "$t/pack/tests"
cp -r "$up/general" "$up/minimal" "$up/mainnet" "$t/pack/tests/"
rm -rf "$t/pack/tests/minimal/fulu"
for n in general minimal mainnet; do tar -czf "$tb/v1.7.0-alpha.13/$n.tar.gz" -C "$t/pack" "tests/$n"; done
tar -czf "$tb/v1.6.0-alpha.4/minimal.tar.gz" -C "$up" minimal/fulu # no tests/ prefix

# fetch --from: exactly the kept folder, nothing else.
out=$t/out
bash "$script" fetch --from "$tb" "$out" >"$t/log" 2>&1 || fail "fetch --from failed: $(cat "$t/log")"
diff -r "$kept" "$out" >"$t/diff" || fail "fetched folder differs from the kept one: $(cat "$t/diff")"
bash "$script" fetch --from "$tb" "$out" >"$t/log" 2>&1 || fail "a second fetch of a verified folder failed: $(cat "$t/log")"

# verify names what differs.
expect_fail() { # what want-in-output
	if bash "$script" verify "$out" >"$t/log" 2>&1; then fail "verify passed with $1"; fi
	grep -q "$2" "$t/log" || fail "verify with $1 did not say $2: $(cat "$t/log")"
}
echo x >>"$out/minimal/gloas/ssz_static/Validator/ssz_random/case_3/value.yaml"
expect_fail "a changed file" "^differs: minimal/gloas/ssz_static/Validator"
bash "$script" fetch --from "$tb" "$out" >"$t/log" 2>&1 && fail "fetch over a differing folder without --force passed"
bash "$script" fetch --force --from "$tb" "$out" >"$t/log" 2>&1 || fail "fetch --force failed: $(cat "$t/log")"
rm -rf "$out/mainnet/gloas"
expect_fail "a missing group" "^missing: mainnet/gloas/ssz_static/Validator"
bash "$script" fetch --force --from "$tb" "$out" >/dev/null 2>&1
static "$out" minimal gloas Builder ssz_random case_0
expect_fail "an unknown group" "^not in sums: minimal/gloas/ssz_static/Builder"

# The download path (curl into the cache, then the same unpacking),
# from a local mirror (LANEHASH_SPECTESTS_URL) when python3 can serve one.
if command -v python3 >/dev/null 2>&1; then
	python3 -u -m http.server --bind 127.0.0.1 --directory "$tb" 0 >"$t/http.log" 2>&1 &
	server=$!
	trap 'kill "$server" 2>/dev/null; rm -rf "$t"' EXIT
	for _ in $(seq 50); do grep -q 'port [0-9]' "$t/http.log" && break; sleep 0.1; done
	port=$(grep -o 'port [0-9]*' "$t/http.log" | head -1 | cut -d' ' -f2)
	[ -n "$port" ] || fail "no local mirror: $(cat "$t/http.log")"
	LANEHASH_SPECTESTS_URL=http://127.0.0.1:$port LANEHASH_SPECTESTS_CACHE=$t/cache \
		bash "$script" fetch "$t/downloaded" >"$t/log" 2>&1 || fail "fetch from the local mirror failed: $(cat "$t/log")"
	diff -r "$kept" "$t/downloaded" >"$t/diff" || fail "downloaded folder differs from the kept one: $(cat "$t/diff")"
	cmp -s "$t/cache/v1.6.0-alpha.4/minimal.tar.gz" "$tb/v1.6.0-alpha.4/minimal.tar.gz" || fail "the cache does not hold the downloaded tarball"
	kill "$server"
	trap 'rm -rf "$t"' EXIT
else
	echo "spectests_test: no python3, the download path from a local mirror not tested"
fi

# A tarball that is not there is an error naming it.
rm "$tb/v1.6.0-alpha.4/minimal.tar.gz"
bash "$script" fetch --force --from "$tb" "$t/out2" >"$t/log" 2>&1 && fail "fetch without the v1.6.0-alpha.4 tarball passed"
grep -q "v1.6.0-alpha.4/minimal.tar.gz not found" "$t/log" || fail "missing tarball not named: $(cat "$t/log")"
[ ! -e "$t/out2" ] || fail "a failed fetch left $t/out2 behind"
echo "spectests.sh: fetch (from a local mirror and --from), cut, verify and count behave (GitHub's addresses untested: no network here)"
