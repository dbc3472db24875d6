#!/usr/bin/env bash
# Installs the LiteSVM harness's node modules, exactly as package-lock.json
# pins them (npm ci), into the directory the Go helper looks in:
# $ORCHESTRATION_LITESVM_DIR, else the user cache directory's
# m0-litesvm/<first 16 hex digits of the lockfile's SHA-256> (DefaultDir in
# litesvm.go). An existing install is kept. Prints the directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
key=$(sha256sum "$here/package-lock.json" | cut -c1-16)
# The user cache directory as Go's os.UserCacheDir names it.
case "$(uname -s)" in
  Darwin) cache="$HOME/Library/Caches" ;;
  *) cache=${XDG_CACHE_HOME:-$HOME/.cache} ;;
esac
dest=${ORCHESTRATION_LITESVM_DIR:-$cache/m0-litesvm/$key}
command -v npm >/dev/null || { echo "litesvm install: npm not found" >&2; exit 1; }
if [ ! -f "$dest/node_modules/litesvm/package.json" ]; then
  # Installed beside and moved into place, so an interrupted install never
  # looks complete to the tests.
  tmp="$dest.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  trap 'rm -rf "$tmp"' EXIT
  cp "$here/package.json" "$here/package-lock.json" "$tmp/"
  (cd "$tmp" && npm ci --silent --no-audit --no-fund --ignore-scripts) >&2
  # The native module must load here, or the install is of no use.
  (cd "$tmp" && node -e "require('litesvm'); new (require('litesvm').LiteSVM)()") >&2
  rm -rf "$dest"
  mv "$tmp" "$dest"
fi
echo "$dest"
