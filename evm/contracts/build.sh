#!/usr/bin/env bash
# Regenerates artifacts/ (ABI and bytecode) and bindings/bindings.go from src/*.sol.
#
#   bash build.sh          compile with solc-js $SOLC_VERSION (installed once into the cache) and
#                          rewrite artifacts/ and bindings/
#   bash build.sh -check   regenerate into a temporary directory and diff against the committed files;
#                          prints SKIP and exits 0 when node or the cached compiler is missing
#
# The compiler is the npm package solc@$SOLC_VERSION, installed with
#   npm install --prefix "$SOLC_CACHE" solc@$SOLC_VERSION
# SOLC_CACHE defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/m0-solc/$SOLC_VERSION (outside the repository).
set -euo pipefail

SOLC_VERSION=0.8.30
here=$(cd "$(dirname "$0")" && pwd)
cache=${SOLC_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/m0-solc/$SOLC_VERSION}
solc_pkg=$cache/node_modules/solc

check=0
if [ "${1:-}" = "-check" ]; then check=1; fi

have_solc() {
	command -v node >/dev/null 2>&1 && [ -f "$solc_pkg/soljson.js" ] &&
		[ "$(node -e "process.stdout.write(require('$solc_pkg/package.json').version)")" = "$SOLC_VERSION" ]
}

if ! have_solc; then
	if [ $check = 1 ]; then
		echo "SKIP: node or solc $SOLC_VERSION not installed in $cache (run bash build.sh once)"
		exit 0
	fi
	command -v npm >/dev/null 2>&1 || { echo "build.sh: npm is required" >&2; exit 1; }
	npm install --silent --no-audit --no-fund --prefix "$cache" "solc@$SOLC_VERSION" >&2
fi

out=$here
if [ $check = 1 ]; then
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
fi

rm -rf "$out/artifacts"
node "$here/compile.js" "$solc_pkg" "$here/src" "$out/artifacts" >&2
(cd "$here" && go run ./internal/gen -artifacts "$out/artifacts" -out "$out/bindings/bindings.go" -pkg bindings)

if [ $check = 1 ]; then
	diff -r "$here/artifacts" "$out/artifacts"
	diff "$here/bindings/bindings.go" "$out/bindings/bindings.go"
	echo "artifacts and bindings are up to date"
fi
