#!/usr/bin/env bash
# Fetches, unpacks and verifies the Ethereum consensus SSZ spec vectors
# that internal/spectest and plan's tests read: the folder
# $LANEHASH_SPECTESTS, by default ../shared/spectests-v1.7.0-alpha.13
# beside the repository.
#
#   bash scripts/spectests.sh fetch [--from DIR] [--force] [TARGET]
#   bash scripts/spectests.sh verify [DIR]
#   bash scripts/spectests.sh count
#   bash scripts/spectests.sh manifest DIR > scripts/spectests.sums
#
# What it fetches. The folder mixes two official releases, each for the
# part it is current for (scripts/spectests.sums names the release of
# every group):
#   v1.7.0-alpha.13 (consensus-specs): general/phase0/ssz_generic (all ten
#     handlers) and the minimal and mainnet gloas ssz_static types;
#   v1.6.0-alpha.4 (consensus-spec-tests): the phase0, electra and fulu
#     ssz_static types (unchanged since).
# From each release's general/minimal/mainnet.tar.gz only the groups in
# scripts/spectests.sums are unpacked (a group is a handler or a type's
# folder; a type the runner does not know would fail it), and the folder
# is then cut as the project's copy is (see its README.md, "Left out"):
# no manifest.yaml; of v1.7.0-alpha.13's ssz_static suites only case_0 …
# case_9; no ProgressiveTestStruct or ProgressiveComplexTestStruct case
# whose serialized.ssz_snappy is over 64 KiB; no ssz_generic value.yaml
# over 256 KiB. That leaves 10,957 cases, 146 MB in 28,000 files, of the
# releases' several GB; the shared folder's own README.md is not part of
# it (it describes the folder; the sums cover only the case groups).
#
# Checksums. Every group is verified after unpacking: the SHA-256 of the
# `sha256sum` listing of its files (sorted by path) and its file and case
# counts must equal the line of scripts/spectests.sums, which was computed
# (`manifest`) from the folder the project's tests run against. The
# tarballs themselves are not pinned: their hashes could not be taken
# here. A group that differs is named; the runner still checks each case
# against the root stored beside it, so a differing group means "not the
# files lanehash was tested with", not "wrong roots". The project's folder
# was itself produced with each release's generator code, not downloaded
# (its README.md: the 38 files that could be checked against published
# hashes were identical; the official v1.7.0-alpha.13 files could not be
# read), so a first real fetch is also the check that the two agree.
#
# What was tested where. The machine this was written on cannot reach
# GitHub, so no real release has been fetched with it.
# scripts/spectests_test.sh builds release-shaped tarballs and fetches
# them from a local mirror (LANEHASH_SPECTESTS_URL) and with --from,
# cutting and verifying them; scripts/test.sh runs it and `verify`s the
# project's folder against the committed sums. The addresses (url below: consensus-specs for
# v1.7.0-alpha.13, consensus-spec-tests for v1.6.0-alpha.4) are the
# ones those projects publish releases under, not checked from here. If
# the download fails, fetch the tarballs by hand into
# DIR/<release>/<name>.tar.gz and run `fetch --from DIR`, or point
# LANEHASH_SPECTESTS_URL at a mirror holding <release>/<name>.tar.gz.
#
# Environment: LANEHASH_SPECTESTS (the target folder),
# LANEHASH_SPECTESTS_URL (a mirror, see above),
# LANEHASH_SPECTESTS_SUMS (another sums file, for tests),
# LANEHASH_SPECTESTS_CACHE (where downloads go; default
# ${XDG_CACHE_HOME:-$HOME/.cache}/lanehash-spectests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sums=${LANEHASH_SPECTESTS_SUMS:-$root/scripts/spectests.sums}
default_dir=${LANEHASH_SPECTESTS:-$(realpath -m "$root/../shared/spectests-v1.7.0-alpha.13")}

# url prints the download address of one tarball of a release.
url() { # release name
	if [ -n "${LANEHASH_SPECTESTS_URL:-}" ]; then
		echo "${LANEHASH_SPECTESTS_URL%/}/$1/$2.tar.gz"
		return
	fi
	case "$1" in
	v1.6.*) echo "https://github.com/ethereum/consensus-spec-tests/releases/download/$1/$2.tar.gz" ;;
	*) echo "https://github.com/ethereum/consensus-specs/releases/download/$1/$2.tar.gz" ;;
	esac
}

die() { echo "spectests.sh: $*" >&2; exit 1; }

# groups prints the sums file's lines: digest files cases release group.
groups() { grep -v '^#' "$sums" | grep -v '^$'; }

# digest prints the SHA-256 of the sha256sum listing of a folder's files,
# sorted by path, and its file and case counts (a case is a folder two
# levels down: valid|invalid/<case> or <suite>/<case>).
digest() { # folder
	local d files cases
	d=$(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0r sha256sum | sha256sum | cut -d' ' -f1)
	files=$(find "$1" -type f | wc -l)
	cases=$(find "$1" -mindepth 2 -maxdepth 2 -type d | wc -l)
	echo "$d $files $cases"
}

# present prints the groups a folder holds where the runner looks for
# cases: general/*/ssz_generic/<handler>, <preset>/<fork>/ssz_static/<type>.
present() { # folder
	(cd "$1" && find . -mindepth 4 -maxdepth 4 -type d \( -path './general/*/ssz_generic/*' -o -path './*/*/ssz_static/*' \) |
		sed 's|^\./||' | LC_ALL=C sort)
}

cmd_manifest() { # folder
	local dir=$1 g release
	[ -d "$dir" ] || die "no folder $dir"
	echo "# Spec-vector groups of $(basename "$dir") as lanehash's tests read them: written by"
	echo "# 'bash scripts/spectests.sh manifest DIR', checked by 'verify' and after 'fetch'."
	echo "# digest (sha256 of the sorted sha256sum listing)  files  cases  release  group"
	present "$dir" | while read -r g; do
		case "$g" in
		*/gloas/* | general/*) release=v1.7.0-alpha.13 ;;
		*) release=v1.6.0-alpha.4 ;;
		esac
		echo "$(digest "$dir/$g") $release $g"
	done
}

cmd_count() {
	groups | awk '{n += $3} END {print n + 0}'
}

cmd_verify() { # folder
	local dir=$1 bad=0 want files cases release g got
	[ -d "$dir" ] || die "no folder $dir"
	while read -r want files cases release g; do
		if [ ! -d "$dir/$g" ]; then
			echo "missing: $g ($release)"; bad=$((bad + 1)); continue
		fi
		got=$(digest "$dir/$g")
		if [ "$got" != "$want $files $cases" ]; then
			echo "differs: $g ($release): $(echo "$got" | awk '{print $2 " files, " $3 " cases, digest " $1}'), want $files files, $cases cases, digest $want"
			bad=$((bad + 1))
		fi
	done < <(groups)
	# A group the sums do not list is a type the runner may not know.
	while read -r g; do
		echo "not in $(basename "$sums"): $g"; bad=$((bad + 1))
	done < <(LC_ALL=C comm -13 <(groups | awk '{print $5}' | LC_ALL=C sort) <(present "$dir"))
	if [ "$bad" -ne 0 ]; then
		echo "$dir: $bad of $(groups | wc -l) groups do not match $sums"
		return 1
	fi
	echo "$dir: $(groups | wc -l) groups, $(cmd_count) cases, every file as in $(basename "$sums")"
}

# unpack extracts the listed groups of one tarball into a folder; the
# members may sit under a tests/ folder (as upstream packs them) or not.
unpack() { # tarball folder groups...
	local tarball=$1 out=$2 first prefix=""
	shift 2
	first=$(tar -tzf "$tarball" | head -1 || true)
	case "$first" in tests/*) prefix=tests/ ;; esac
	tar -xzf "$tarball" -C "$out" --no-same-owner --no-same-permissions \
		--strip-components=$([ -n "$prefix" ] && echo 1 || echo 0) "${@/#/$prefix}"
}

# cut removes what the project's copy leaves out (see the header).
cut_tree() { # folder
	local dir=$1
	find "$dir" -name manifest.yaml -type f -delete
	local static big
	for static in "$dir"/*/gloas/ssz_static; do
		[ -d "$static" ] || continue
		find "$static" -mindepth 3 -maxdepth 3 -type d -regex '.*/case_[1-9][0-9]+' -prune -exec rm -rf {} +
	done
	for big in containers/valid containers/invalid progressive_containers/valid progressive_containers/invalid; do
		[ -d "$dir/general/phase0/ssz_generic/$big" ] || continue
		find "$dir/general/phase0/ssz_generic/$big" -mindepth 2 -maxdepth 2 -name serialized.ssz_snappy -size +64k \
			\( -path '*/ProgressiveTestStruct_*' -o -path '*/ProgressiveComplexTestStruct_*' \) -printf '%h\0' |
			xargs -0r rm -rf
	done
	[ -d "$dir/general" ] && find "$dir/general" -name value.yaml -type f -size +256k -delete
	find "$dir" -mindepth 1 -type d -empty -delete
}

cmd_fetch() {
	local from="" force=0 target=""
	while [ $# -gt 0 ]; do
		case "$1" in
		--from) from=${2:?--from needs a folder}; shift 2 ;;
		--force) force=1; shift ;;
		-*) die "unknown option $1" ;;
		*) target=$1; shift ;;
		esac
	done
	target=${target:-$default_dir}
	if [ -e "$target" ] && [ "$force" -eq 0 ]; then
		cmd_verify "$target" && return 0
		die "$target exists and differs; --force replaces it"
	fi
	local cache=${from:-${LANEHASH_SPECTESTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lanehash-spectests}}
	mkdir -p "$(dirname "$target")"
	# Unpacked beside the target, then moved into place whole.
	tmp=$(mktemp -d "$(dirname "$target")/.spectests.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	local release name tarball
	# One tarball per release and top folder (general, minimal, mainnet).
	while read -r release name; do
		tarball=$cache/$release/$name.tar.gz
		if [ ! -f "$tarball" ]; then
			[ -z "$from" ] || die "$tarball not found (--from $from)"
			mkdir -p "$cache/$release"
			echo "downloading $(url "$release" "$name")"
			curl -fL --retry 3 --progress-bar -o "$tarball.part" "$(url "$release" "$name")" || {
				rm -f "$tarball.part"
				die "download of $(url "$release" "$name") failed; put that file into $cache/$release/ by hand and rerun, or use --from"
			}
			mv "$tarball.part" "$tarball"
		fi
		echo "unpacking $release/$name.tar.gz (sha256 $(sha256sum "$tarball" | cut -d' ' -f1))"
		mapfile -t members < <(groups | awk -v r="$release" -v n="$name" '$4 == r && index($5, n "/") == 1 {print $5}')
		unpack "$tarball" "$tmp" "${members[@]}"
	done < <(groups | awk '{split($5, p, "/"); print $4, p[1]}' | LC_ALL=C sort -u)
	cut_tree "$tmp"
	if ! cmd_verify "$tmp"; then
		trap - EXIT
		die "the unpacked vectors differ from $(basename "$sums"); kept in $tmp for inspection"
	fi
	rm -rf "$target"
	mv "$tmp" "$target"
	trap - EXIT
	echo "spec vectors ready in $target (tests find them there$([ "$target" = "$default_dir" ] || echo "; set LANEHASH_SPECTESTS=$target"))"
}

case "${1:-}" in
fetch) shift; cmd_fetch "$@" ;;
verify) cmd_verify "${2:-$default_dir}" ;;
count) cmd_count ;;
manifest) [ $# -eq 2 ] || die "usage: manifest DIR"; cmd_manifest "$2" ;;
*) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
esac
