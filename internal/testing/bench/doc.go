// Package bench holds the baselines and slow links the benchmarks measure
// against: a transport that adds a node's latency to every round trip and
// counts them, and a bare handler serving what the full HTTP chain serves.
//
// It lives under internal/testing, apart from the production packages, so
// that a program embedding the service links none of it; the benchmarks,
// the tests counting round trips and the loadcompare tool import it.
package bench
