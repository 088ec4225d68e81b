#!/usr/bin/env bash
# Regenerates the measured results of this machine's CPU class:
# docs/results/<class>.md (the page a reader opens) and its raw files in
# docs/results/<class>/. Other classes' pages are left alone.
#
#   bash scripts/results.sh          the full run: about 15 minutes
#   bash scripts/results.sh -quick   the same tables, smaller: about 1 minute
#
# The page's measured part lies between the two `results.sh` markers and
# is replaced on every run; anything written around the markers (tables
# a script cannot measure, such as kernel-level interleaved runs) stays.
# What it measures, each table with its command and the CPU model:
#   1. the strategies on this CPU's automatic kernels: lanebench's quick
#      workloads (registry and fulu state, SHA-256 and Keccak-256), as a
#      Markdown table (raw: <class>/quick.md);
#   2. lanehash against the Go SSZ libraries: the registry root of
#      bench/compare, every library on one core, ROUNDS interleaved rounds
#      (each round runs every library once), medians of CPU ns per
#      validator (raw: <class>/compare-raw.txt);
#   3. one object at a time and one block against the libraries:
#      bench/compare's BenchmarkSmall (Checkpoint, Fork, BeaconBlockHeader,
#      Validator, AttestationData) and BenchmarkBlock (the mainnet-shaped
#      electra SignedBeaconBlock, one and 64 at a time), ROUNDS rounds,
#      medians of CPU ns (raw: <class>/small-raw.txt, block-raw.txt);
#      the ratio columns are the median of each round's own ratio (the
#      two libraries timed next to each other in one process), which a
#      change of clock between rounds does not move as it moves the
#      medians of each library taken apart;
#   4. (full run only) lanebench -all, every kernel and workload at N
#      validators, with its chart (<class>/lanebench.md, lanebench.svg).
#
# The class is the microarchitecture where it changes lanehash's choice
# (zen3-avx2-shani, zen4-avx512-half, zen5-avx512, zen5-avx512-half),
# else the instruction sets lanehash uses (avx512, avx2-shani, avx2-only,
# or the GOARCH). LANEHASH_HIDE=shani (or avx512) measures this CPU as a
# CPU without those features and names the page by the features left
# (e.g. avx2-only); CLASS=name overrides the name.
#
# Environment: N (the -all sweep's validators, default 1000000), ROUNDS
# (default 5; 1 with -quick), SIZE (the registry of the comparison: 1M,
# or 100k with -quick), QUICK=1 (as -quick).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=${QUICK:-}
case "${1:-}" in
-quick | --quick) quick=1 ;;
"") ;;
*) echo "usage: bash scripts/results.sh [-quick]" >&2; exit 2 ;;
esac

# cpuinfo prints the first value of a /proc/cpuinfo field ("" elsewhere).
cpuinfo() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*: *//' || true; }

# hidden reports whether LANEHASH_HIDE hides feature $1.
hidden() { case ",${LANEHASH_HIDE:-}," in *,"$1",*) return 0 ;; *) return 1 ;; esac; }

class() {
	local flags vendor family model isa
	flags=" $(cpuinfo flags) "
	vendor=$(cpuinfo vendor_id)
	family=$(cpuinfo 'cpu family')
	model=$(cpuinfo model)
	# lanehash's AVX-512 kernels need F, VL and BW together.
	if hidden avx512 || [[ "$flags" != *" avx512f "* || "$flags" != *" avx512vl "* || "$flags" != *" avx512bw "* ]]; then
		flags=${flags// avx512f / }
	fi
	if hidden shani || hidden sha; then flags=${flags// sha_ni / }; fi
	if hidden avx2; then flags=${flags// avx2 / }; fi
	case "$flags" in
	*" avx512f "*) isa=avx512 ;;
	*" avx2 "*" sha_ni "* | *" sha_ni "*" avx2 "*) isa=avx2-shani ;;
	*" avx2 "*) isa=avx2-only ;;
	*) isa=$(go env GOARCH) ;;
	esac
	# A hidden feature makes this CPU stand for another class: name the
	# page by the features left, not by this microarchitecture.
	if [ -z "${LANEHASH_HIDE:-}" ] && [ "$vendor" = AuthenticAMD ]; then
		case "$family:$isa" in
		25:avx2-shani) echo zen3-avx2-shani; return ;;
		25:avx512) echo zen4-avx512-half; return ;;
		26:avx512)
			if ((model >= 0x20 && model <= 0x2f)) || ((model >= 0x60 && model <= 0x7f)); then
				echo zen5-avx512-half
			else
				echo zen5-avx512
			fi
			return
			;;
		esac
	fi
	echo "$isa"
}

cls=${CLASS:-$(class)}
page=docs/results/$cls.md
raw=docs/results/$cls
mkdir -p "$raw"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -n "$quick" ]; then
	reps=3 rounds=${ROUNDS:-1} size=${SIZE:-100k}
else
	reps=9 rounds=${ROUNDS:-5} size=${SIZE:-1M}
fi
full=()
[ "$size" != 1M ] || full=(-full)

# how is the command line of this run, with the settings that change it.
how="bash scripts/results.sh${quick:+ -quick}"
for v in SIZE ROUNDS N CLASS LANEHASH_HIDE; do
	[ -z "${!v:-}" ] || how="$v=${!v} $how"
done

cpu=$(cpuinfo 'model name')
machine="${cpu:-unknown CPU} ($(cpuinfo vendor_id) family $(cpuinfo 'cpu family') model $(cpuinfo model)), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo ?) logical CPUs, $(go env GOOS)/$(go env GOARCH), $(go env GOVERSION)"
[ -z "${LANEHASH_HIDE:-}" ] || machine="$machine, LANEHASH_HIDE=$LANEHASH_HIDE"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet 2>/dev/null || commit="$commit (uncommitted changes)"
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load average[s]*: //'; }
load0=$(load)

echo "class $cls: measuring strategies (lanebench)..." >&2
lanebench=(go run ./bench/cmd/lanebench -q -reps "$reps" -format markdown)
"${lanebench[@]}" > "$raw/quick.md"

echo "class $cls: measuring the libraries (bench/compare, $rounds round(s), n=$size)..." >&2
libs=(lanehash dynamic-ssz fastssz-gohashtree karalabe-ssz fastssz)
(cd bench/compare && go test -c -o "$tmp/compare.test" .)
: > "$raw/compare-raw.txt"
for ((r = 1; r <= rounds; r++)); do
	for lib in "${libs[@]}"; do
		(cd bench/compare && "$tmp/compare.test" -test.run '^$' "${full[@]}" -test.benchtime 3x \
			-test.bench "^BenchmarkRegistry\$/lib=$lib\$/n=$size\$") | grep '^Benchmark' >> "$raw/compare-raw.txt"
	done
done

: > "$raw/small-raw.txt"
: > "$raw/block-raw.txt"
# One object's root is a chain of a few hundred nanoseconds: a move to
# the other core in the middle of a library's run moves its figure by
# more than the libraries differ, so these runs stay on the last core
# where taskset is there to keep them.
pin=()
if command -v taskset > /dev/null && taskset -c "$(($(getconf _NPROCESSORS_ONLN) - 1))" true 2> /dev/null; then
	pin=(taskset -c "$(($(getconf _NPROCESSORS_ONLN) - 1))")
fi
for ((r = 1; r <= rounds; r++)); do
	(cd bench/compare && "${pin[@]}" "$tmp/compare.test" -test.run '^$' -test.cpu 1 -test.benchtime 100000x \
		-test.bench '^BenchmarkSmall$') | grep '^Benchmark' >> "$raw/small-raw.txt"
	(cd bench/compare && "${pin[@]}" "$tmp/compare.test" -test.run '^$' -test.cpu 1 -test.benchtime 20x \
		-test.bench '^BenchmarkBlock$/^part=SignedBeaconBlock$') | grep '^Benchmark' >> "$raw/block-raw.txt"
done

if [ -z "$quick" ]; then
	echo "class $cls: the full sweep (lanebench -all, n=${N:-1000000})..." >&2
	go run ./bench/cmd/lanebench -all -q -n "${N:-1000000}" -reps 5 -svg "$raw/lanebench.svg" > "$raw/lanebench.md"
fi
load1=$(load)

# medianby reads "key value" lines and prints "key median min max count"
# for each key.
medianby() {
	sort -k1,1 -k2,2g |
		awk '{ v[$1] = v[$1] " " $2 }
		     END { for (k in v) { n = split(substr(v[k], 2), a, " ")
		           m = (n % 2) ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
		           print k, m, a[1], a[n], n } }'
}

# medians prints "lib median min max count" of cpu-ns/validator per lib.
medians() {
	awk '{ split($1, p, "/"); lib = substr(p[2], 5)
	       for (i = 2; i < NF; i++) if ($(i+1) == "cpu-ns/validator") print lib, $i }' "$1" | medianby
}
medians "$raw/compare-raw.txt" > "$tmp/medians"

# groupmedians prints "group lib median" of metric $2 in file $1, where a
# line's name is Benchmark<X>/<key>=<group>/lib=<lib> (run with
# -test.cpu 1, so that no -procs suffix joins a name that may end in
# digits itself, such as lanehash-RootAllPtr-64).
groupmedians() {
	awk -v unit="$2" '{ n = split($1, p, "/"); g = substr(p[2], index(p[2], "=") + 1)
	       lib = substr(p[3], 5)
	       for (i = 2; i < NF; i++) if ($(i+1) == unit) print g "/" lib, $i }' "$1" |
		medianby | awk '{ split($1, q, "/"); print q[1], q[2], $2 }'
}
# pairedratios prints "group median min max count" of the ratio of lib
# $3 to lib $4 in each round of file $1 (metric $2): a line's round is
# the number of earlier lines of its group and lib.
pairedratios() {
	awk -v unit="$2" -v a="$3" -v b="$4" '{ n = split($1, p, "/"); g = substr(p[2], index(p[2], "=") + 1)
	       lib = substr(p[3], 5)
	       for (i = 2; i < NF; i++) if ($(i+1) == unit) { r = ++seen[g "/" lib]; v[g "/" lib "/" r] = $i }
	       groups[g] = 1 }
	     END { for (g in groups) for (r = 1; (g "/" a "/" r) in v && (g "/" b "/" r) in v; r++)
	               if (v[g "/" b "/" r] > 0) print g, v[g "/" a "/" r] / v[g "/" b "/" r] }' "$1" | medianby
}
groupmedians "$raw/small-raw.txt" cpu-ns/object > "$tmp/small"
pairedratios "$raw/small-raw.txt" cpu-ns/object lanehash fastssz-gohashtree > "$tmp/small-ratio"
pairedratios "$raw/block-raw.txt" cpu-ns/block lanehash go-eth2-client > "$tmp/block-ratio"
pairedratios "$raw/block-raw.txt" cpu-ns/block lanehash-RootAllPtr-64 go-eth2-client-64 > "$tmp/block64-ratio"
groupmedians "$raw/block-raw.txt" cpu-ns/block > "$tmp/block"
base=$(awk '$1 == "dynamic-ssz" { print $2 }' "$tmp/medians")

{
	echo "<!-- results.sh: begin (generated by scripts/results.sh; edits here are lost) -->"
	echo
	echo "Measured by \`$how\` on **$machine**, $(date -u +%Y-%m-%d), commit \`$commit\`; load average $load0 before, $load1 after. The libraries' figures are CPU time of the process, which waiting for a core does not inflate; lanebench's table says which clock each row is on. Compare rows of one table, not tables of different runs."
	echo
	echo "## Against the Go SSZ libraries"
	echo
	echo "\`hash_tree_root(List[Validator, 2^40])\` of $size synthetic phase0 validators on one core; every library's root is checked equal to lanehash's before it is timed. CPU ns per validator, median of $rounds interleaved round(s) (range); raw: [\`$cls/compare-raw.txt\`]($cls/compare-raw.txt)."
	echo
	echo '```sh'
	echo "cd bench/compare && go test -c -o compare.test ."
	echo "for lib in ${libs[*]}; do"
	echo "  ./compare.test -test.run '^\$' ${full[*]:+${full[*]} }-test.benchtime 3x -test.bench \"^BenchmarkRegistry\\\$/lib=\$lib\\\$/n=$size\\\$\""
	echo "done   # $rounds round(s)"
	echo '```'
	echo
	echo "| library | CPU ns/validator | range | ÷ dynamic-ssz |"
	echo "|---|---:|---:|---:|"
	for lib in "${libs[@]}"; do
		awk -v lib="$lib" -v base="${base:-0}" '$1 == lib {
			printf "| `%s` | %s%.1f%s | %.1f–%.1f | %s |\n", lib, (lib == "lanehash" ? "**" : ""), $2, (lib == "lanehash" ? "**" : ""), $3, $4,
				(base > 0 ? sprintf("%.2f", $2 / base) : "–") }' "$tmp/medians"
	done
	echo
	echo "## One object, one block"
	echo
	echo "One small container's root at a time (lanehash's \`Plan.Root\`, one worker) and the mainnet-shaped electra \`SignedBeaconBlock\` (200 transactions of 100–1,500 bytes, 8 attestations, 16 withdrawals, 6 blob commitments), one block and 64 through \`RootAllPtr\`; every root checked against the reference first. CPU ns, median of $rounds round(s); a ratio is the median (range) of each round's own ratio, its two libraries timed one after the other; raw: [\`$cls/small-raw.txt\`]($cls/small-raw.txt), [\`$cls/block-raw.txt\`]($cls/block-raw.txt)."
	echo
	echo '```sh'
	echo "${pin[*]}${pin[*]:+ }./compare.test -test.run '^\$' -test.benchtime 100000x -test.bench '^BenchmarkSmall\$'"
	echo "${pin[*]}${pin[*]:+ }./compare.test -test.run '^\$' -test.benchtime 20x -test.bench '^BenchmarkBlock\$/^part=SignedBeaconBlock\$'"
	echo '```'
	echo
	echo "| object | lanehash | fastssz + gohashtree | fastssz | dynamic-ssz | karalabe/ssz | lanehash ÷ fastssz + gohashtree |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
	for typ in Checkpoint Fork BeaconBlockHeader Validator AttestationData; do
		awk -v t="$typ" 'FILENAME == ARGV[1] && $1 == t { m[$2] = $3 }
			FILENAME == ARGV[2] && $1 == t { ratio = sprintf("**%.2f** (%.2f–%.2f)", $2, $3, $4) }
			function f(x) { return (x > 0) ? sprintf("%.0f", x) : "–" }
			END { printf "| `%s` | **%s** | %s | %s | %s | %s | %s |\n", t, f(m["lanehash"]), f(m["fastssz-gohashtree"]), f(m["fastssz"]),
				f(m["dynamic-ssz"]), f(m["karalabe-ssz"]), (ratio != "" ? ratio : "–") }' "$tmp/small" "$tmp/small-ratio"
	done
	echo
	echo "| block | lanehash | go-eth2-client | lanehash ÷ go-eth2-client |"
	echo "|---|---:|---:|---:|"
	awk 'FILENAME == ARGV[1] && $1 == "SignedBeaconBlock" { m[$2] = $3 }
		FILENAME == ARGV[2] && $1 == "SignedBeaconBlock" { one = sprintf("**%.2f** (%.2f–%.2f)", $2, $3, $4) }
		FILENAME == ARGV[3] && $1 == "SignedBeaconBlock" { many = sprintf("**%.2f** (%.2f–%.2f)", $2, $3, $4) }
		END { printf "| one (`Root`) | **%.0f** | %.0f | %s |\n", m["lanehash"], m["go-eth2-client"], (one != "" ? one : "–")
		      printf "| 64 (`RootAllPtr`), per block | **%.0f** | %.0f | %s |\n", m["lanehash-RootAllPtr-64"], m["go-eth2-client-64"], (many != "" ? many : "–") }' "$tmp/block" "$tmp/block-ratio" "$tmp/block64-ratio"
	echo
	echo "## Strategies on the automatic kernels"
	echo
	echo "One container at a time, per-level batching and lockstep run the same static program over the same values; raw: [\`$cls/quick.md\`]($cls/quick.md)."
	echo
	echo '```sh'
	echo "${lanebench[*]}"
	echo '```'
	echo
	echo '```text'
	sed -n '/^|/q;p' "$raw/quick.md" | sed '/^$/d'
	echo '```'
	echo
	sed -n '/^|/,$p' "$raw/quick.md"
	if [ -z "$quick" ]; then
		echo
		echo "## The full sweep"
		echo
		echo "Every kernel this CPU runs, every strategy and worker count, small containers and wide trees: [\`$cls/lanebench.md\`]($cls/lanebench.md), chart [\`$cls/lanebench.svg\`]($cls/lanebench.svg), from \`go run ./bench/cmd/lanebench -all -q -n ${N:-1000000} -reps 5 -svg $raw/lanebench.svg\`."
	fi
	echo
	echo "<!-- results.sh: end -->"
} > "$tmp/section"

if [ -f "$page" ] && grep -q '^<!-- results.sh: begin' "$page"; then
	awk -v sec="$tmp/section" '
		/^<!-- results.sh: begin/ { while ((getline l < sec) > 0) print l; skip = 1; next }
		/^<!-- results.sh: end/ { skip = 0; next }
		!skip { print }' "$page" > "$tmp/page"
	mv "$tmp/page" "$page"
elif [ -f "$page" ]; then
	{ echo; cat "$tmp/section"; } >> "$page"
else
	{
		echo "# Measured results: $cls"
		echo
		echo "CPU class \`$cls\`; the other classes and how to read these pages: [results.md](../results.md)."
		echo
		cat "$tmp/section"
	} > "$page"
fi
echo "results written to $page and $raw/" >&2
