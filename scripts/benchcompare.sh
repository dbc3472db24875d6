#!/bin/sh
# benchcompare.sh compares benchmarks of the working tree with the same
# benchmarks built at an earlier commit: it builds both test binaries, runs
# them alternately (base, this, base, this, ...) so that a machine's drift
# falls on both alike, and hands the results to benchstat. The figures in
# the README's Benchmarks section were made this way. Usage:
#
#	scripts/benchcompare.sh [-n RUNS] [-benchtime T] BASE_REV PACKAGE BENCH_REGEXP
#
# For instance, the warm quote over HTTP against the commit where the quote
# path's work began:
#
#	scripts/benchcompare.sh -n 12 -benchtime 3000x 8d96a89 ./cmd/orchestrationd/internal/app 'QuoteHTTP$'
#
# PACKAGE may be BASE_PACKAGE=PACKAGE when the package moved since BASE_REV
# (./internal/app=./cmd/orchestrationd/internal/app against commits before
# the app moved). RUNS defaults to 10 and T to go test's default (1s). The benchmark must
# exist under the same name at BASE_REV. benchstat is run from its module
# (golang.org/x/perf) unless it is on PATH. The raw results stay in a
# directory whose name is printed, for another look with benchstat.
set -eu

runs=10
benchtime=""
while [ $# -gt 0 ]; do
	case "$1" in
	-n) runs=$2; shift 2 ;;
	-benchtime) benchtime=$2; shift 2 ;;
	-h | --help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "benchcompare: unknown flag $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ $# -ne 3 ]; then
	echo "usage: scripts/benchcompare.sh [-n RUNS] [-benchtime T] BASE_REV PACKAGE BENCH_REGEXP" >&2
	exit 2
fi
base_rev=$1 pkg=$2 bench=$3
base_pkg=${pkg%%=*} pkg=${pkg#*=}
case "$runs" in '' | *[!0-9]* | 0) echo "benchcompare: -n wants a positive whole number, not $runs" >&2; exit 2 ;; esac

cd "$(dirname "$0")/.."
root=$(pwd)
base_commit=$(git rev-parse --verify --quiet "$base_rev^{commit}") || {
	echo "benchcompare: $base_rev is not a commit here" >&2
	exit 2
}
out=$(mktemp -d "${TMPDIR:-/tmp}/benchcompare.XXXXXX")
tree="$out/base-tree"
cleanup() { git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true; }
trap cleanup EXIT INT TERM

echo "benchcompare: building $pkg at $base_rev and in the working tree (results in $out)"
git worktree add --detach --quiet "$tree" "$base_commit"
(cd "$tree" && go test -c -o "$out/base.test" "$base_pkg")
go test -c -o "$out/this.test" "$pkg"
[ -x "$out/base.test" ] && [ -x "$out/this.test" ] || {
	echo "benchcompare: $pkg has no tests to build" >&2
	exit 2
}

# A test binary runs in its package's directory, as go test runs it, so
# that testdata is found.
dir=$(go list -f '{{.Dir}}' "$pkg")
base_dir=$(cd "$tree" && go list -f '{{.Dir}}' "$base_pkg")
set -- -test.run '^$' -test.bench "$bench" -test.benchmem
[ -n "$benchtime" ] && set -- "$@" -test.benchtime "$benchtime"
i=1
while [ "$i" -le "$runs" ]; do
	echo "benchcompare: round $i of $runs"
	(cd "$base_dir" && "$out/base.test" "$@") >>"$out/base.txt"
	(cd "$dir" && "$out/this.test" "$@") >>"$out/this.txt"
	i=$((i + 1))
done
grep -q '^Benchmark' "$out/this.txt" || {
	echo "benchcompare: no benchmark matched $bench in $pkg" >&2
	exit 1
}

# A package that moved is one package to benchstat: name it as it is now.
if [ "$base_pkg" != "$pkg" ]; then
	sed -i "s#^pkg: .*#$(grep -m1 '^pkg: ' "$out/this.txt")#" "$out/base.txt"
fi

if command -v benchstat >/dev/null; then
	benchstat "base=$out/base.txt" "this=$out/this.txt"
else
	go run golang.org/x/perf/cmd/benchstat@latest "base=$out/base.txt" "this=$out/this.txt"
fi
