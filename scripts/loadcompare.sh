#!/bin/sh
# loadcompare.sh loads GET /v1/orchestration/supported-assets on the full
# handler chain (API key through the cache and the SQLite store, request id,
# access log on, metrics) and on a bare net/http handler writing the same
# bytes, side by side in one run, and prints both throughputs, p50/p99 and
# the full/bare ratios. Flags go to the Go program; see
# `go doc ./internal/cmd/loadcompare`. The access log is written in the
# format of orchestrationd's log.format: text (the default) or, with
# `-log-format json`, JSON. The bare handler writes the chain's response,
# Vary and X-Request-Id included; -baseline entity leaves those two out.
# On Linux, -load-cpus and -server-cpus bind the load generator and the
# servers to CPUs of their own (as taskset -c), so that they never compete
# for one. Examples:
#
#	scripts/loadcompare.sh -duration 40s -conns 32 -min-ratio 0.9
#	scripts/loadcompare.sh -duration 40s -rounds 20 -log-format json
#	scripts/loadcompare.sh -duration 40s -load-cpus 0 -server-cpus 1
set -eu
cd "$(dirname "$0")/.."
exec go run ./internal/cmd/loadcompare "$@"
