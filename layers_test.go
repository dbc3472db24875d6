package m0_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/m0-orchestration/m0"

// layers is the module's packages from the bottom up. A package imports
// only packages of lower layers (its _test files are not held to this), so
// the vocabulary stays free of everything else and no import cycle can
// form. A path ending in "/..." is every package below it. Test-support
// packages (see isTestSupport) sit above what they build on, like any other.
var layers = []struct {
	name string
	pkgs []string
}{
	{"vocabulary, and helpers importing nothing here", []string{
		".", "orchestration",
		"internal/testing/bench", "internal/testing/testclock", "internal/testing/testio", "internal/testing/testredis",
		"internal/testing/promtest", "internal/testing/hostedapi"}},
	{"foundations: no domain rule", []string{
		"internal/strictjson", "internal/roundtrip", "internal/promreg", "storage", "ratelimit", "openapi", "evm/contracts", "evm/contracts/bindings"}},
	{"the catalog; EIP-2612 permits' typed data, domains and calls", []string{
		"asset", "evm/eip2612"}},
	{"chains and clients: read the catalog; the caller's side of permits (verify, sign, encode, describe)", []string{
		"evm", "evm/evmgas", "svm", "orchestration/client", "openapi/validation", "permit",
		"storage/storagetest", "ratelimit/ratelimittest", "wormhole/executor"}},
	{"stand-ins of outside services, for the devnet", []string{
		"wormhole/executor/standin"}},
	{"quote engine, devnet", []string{
		"quote", "evm/devnet", "svm/svmtest", "internal/testing/litesvm",
		"openapi/openapitest"}},
	{"the chain runtimes of the quote engine, and their conformance suite", []string{
		"evm/evmruntime", "svm/svmruntime", "quote/runtimetest"}},
	{"the permit flow on the quote engine; orders over the runtimes' order books", []string{
		"permit/permitflow", "order", "transfer"}},
	{"quote providers; permit ledgers; the runtimes' order books", []string{
		"permit/permitflow/permitsql", "permit/permitflow/permitflowtest", "evm/evmorders", "svm/svmorders",
		"quote/limitorder", "quote/memprovider", "quote/portal", "quote/swapfacility", "quote/uniswapv3",
		"quote/quotetest", "internal/testing/devnetenv", "order/ordertest"}},
	{"the EVM order book's fake chains, over the order index's test harness", []string{
		"evm/evmorders/evmorderstest"}},
	{"topology, API keys, shared rate limits; the solvers' RFQ protocol", []string{
		"topology", "apikey", "ratelimit/redislimit", "quote/limitorder/rfq"}},
	{"webhooks: the order index's changes told to the keys' URLs", []string{
		"webhook"}},
	{"the webhook stores' conformance suite", []string{
		"webhook/webhooktest"}},
	{"HTTP layer", []string{
		"httpserver"}},
	{"the service assembled", []string{
		"service",
		"httpserver/httpservertest"}},
	{"the service on the devnet", []string{
		"service/devnet"}},
	{"the bundled server's config and assembly", []string{
		"cmd/orchestrationd/internal/app"}},
	{"programs", []string{
		"cmd/orchestrationd", "cmd/soak", "examples/...", "internal/cmd/...", "evm/contracts/internal/gen"}},
}

// tools are programs for the developers (code generation, load tests),
// never shipped or embedded: they may import test support.
var tools = []string{"internal/cmd/...", "evm/contracts/internal/gen"}

// isTestSupport reports whether rel is a package only tests import: a
// public "xxxtest" package (a conformance suite or fake for other modules'
// tests, like net/http/httptest) or a helper under internal/testing.
func isTestSupport(rel string) bool {
	last := rel[strings.LastIndex(rel, "/")+1:]
	return strings.HasPrefix(rel, "internal/testing/") || (strings.HasSuffix(last, "test") && last != "test")
}

func matches(pattern, rel string) bool {
	if p, ok := strings.CutSuffix(pattern, "/..."); ok {
		return rel == p || strings.HasPrefix(rel, p+"/")
	}
	return rel == pattern
}

// layerOf returns the index of rel's layer, or -1.
func layerOf(rel string) int {
	for i, l := range layers {
		if slices.ContainsFunc(l.pkgs, func(p string) bool { return matches(p, rel) }) {
			return i
		}
	}
	return -1
}

// relPath returns path relative to the module ("." for the module itself),
// or false for a package outside the module.
func relPath(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	return rel, ok
}

type listedPackage struct {
	ImportPath string
	Imports    []string // non-test files only
	Error      *struct{ Err string }
}

// listPackages runs go list once over the module.
func listPackages(t *testing.T) []listedPackage {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH:", err)
	}
	cmd := exec.Command(goTool, "list", "-e", "-json=ImportPath,Imports,Error", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []listedPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages; is the test running at the module root?", len(pkgs))
	}
	return pkgs
}

// TestLayers checks the import graph against the layers table: every
// package is in it, imports go strictly downward, no production package
// imports test support, and no public package imports internal test
// helpers (which a public test package would then expose).
func TestLayers(t *testing.T) {
	pkgs := listPackages(t)
	t.Run("Table", func(t *testing.T) { checkTable(t, pkgs) })
	t.Run("Imports", func(t *testing.T) { checkImports(t, pkgs) })
	t.Run("Internal", func(t *testing.T) { checkInternal(t, pkgs) })
	t.Run("RuntimeFree", func(t *testing.T) { checkRuntimeFree(t, pkgs) })
}

// runtimeFree are the packages whose rules hold on every chain runtime:
// the quote engine's core and its runtime suite, and the order rules and
// their test harness. They reach a chain only through interfaces each
// runtime's package implements (quote.Runtime in evm/evmruntime and
// svm/svmruntime; order.Book and order.EventSource in evm/evmorders,
// order.Book in svm/svmorders),
// which import them, never the other way round, so a new runtime needs no
// change to them. The webhooks read orders as package order records them.
// The Wormhole Executor's client serves both runtimes' portal routes.
var runtimeFree = []string{"quote", "quote/runtimetest", "order", "order/ordertest", "webhook", "webhook/webhooktest", "wormhole/executor"}

// runtimeSpecific reports whether imp, an import path, belongs to one
// chain runtime: a package of the module under evm/ or svm/, or an EVM or
// Solana library. (The vocabulary, orchestration, speaks of both runtimes
// and is not one.)
func runtimeSpecific(imp string) bool {
	if rel, ok := relPath(imp); ok {
		return matches("evm/...", rel) || matches("svm/...", rel)
	}
	return strings.HasPrefix(imp, "github.com/ethereum/go-ethereum") || strings.HasPrefix(imp, "github.com/gagliardetto/solana-go")
}

// checkRuntimeFree keeps the runtimeFree packages' non-test files free of
// every runtime package.
func checkRuntimeFree(t *testing.T, pkgs []listedPackage) {
	seen := 0
	for _, p := range pkgs {
		rel, ok := relPath(p.ImportPath)
		if !ok || !slices.Contains(runtimeFree, rel) {
			continue
		}
		seen++
		for _, imp := range p.Imports {
			if runtimeSpecific(imp) {
				t.Errorf("%s imports %s: its rules hold on every runtime, and what is a runtime's belongs in that runtime's package", rel, imp)
			}
		}
	}
	if seen != len(runtimeFree) {
		t.Errorf("found %d of the %d runtime-free packages %v", seen, len(runtimeFree), runtimeFree)
	}
}

// isInternal reports whether rel is importable only from within its parent
// (it has an internal element).
func isInternal(rel string) bool {
	return strings.HasPrefix(rel, "internal/") || strings.Contains(rel, "/internal/")
}

// checkInternal keeps the module's internal/ to what every floor may
// import: helpers of the two lowest layers, test support and tools. A
// package of a higher floor there (the bundled server's app once sat in
// it) would share a directory with the helpers the chain clients import,
// a back-stair between the floors; such a package lives beside what uses
// it (cmd/orchestrationd/internal/app).
func checkInternal(t *testing.T, pkgs []listedPackage) {
	for _, p := range pkgs {
		rel, ok := relPath(p.ImportPath)
		if !ok || !strings.HasPrefix(rel, "internal/") {
			continue
		}
		tool := slices.ContainsFunc(tools, func(p string) bool { return matches(p, rel) })
		if l := layerOf(rel); l > 1 && !isTestSupport(rel) && !tool {
			t.Errorf("%s is in layer %d (%s) but under the module's internal/, which holds only ground-floor helpers, test support and tools", rel, l, layerName(l))
		}
	}
}

func checkImports(t *testing.T, pkgs []listedPackage) {
	for _, p := range pkgs {
		rel, ok := relPath(p.ImportPath)
		if !ok {
			t.Errorf("go list returned %s, outside the module", p.ImportPath)
			continue
		}
		if p.Error != nil {
			// An import cycle lands here, as does any package go list cannot load.
			t.Errorf("%s: %s", rel, p.Error.Err)
		}
		layer := layerOf(rel)
		if layer < 0 {
			t.Errorf("%s is in no layer: add it to the layers table in layers_test.go", rel)
			continue
		}
		production := !isTestSupport(rel) && !slices.ContainsFunc(tools, func(p string) bool { return matches(p, rel) })
		for _, imp := range p.Imports {
			dep, ok := relPath(imp)
			if !ok {
				continue
			}
			if l := layerOf(dep); l >= layer {
				t.Errorf("%s (layer %d, %s) imports %s (layer %d, %s): a package may import only lower layers",
					rel, layer, layers[layer].name, dep, l, layerName(l))
			}
			if production && isTestSupport(dep) {
				t.Errorf("%s imports test support %s outside its _test files: embedders would link it", rel, dep)
			}
			if !isInternal(rel) && strings.HasPrefix(dep, "internal/testing/") {
				t.Errorf("public package %s imports the internal test helper %s: other modules cannot use what it exposes", rel, dep)
			}
		}
	}
}

func layerName(i int) string {
	if i < 0 {
		return "in no layer"
	}
	return layers[i].name
}

// checkTable keeps the table itself honest: each pattern names a package
// that exists, and no package is in two layers.
func checkTable(t *testing.T, pkgs []listedPackage) {
	for i, l := range layers {
		for _, pattern := range l.pkgs {
			n := 0
			for _, p := range pkgs {
				if rel, ok := relPath(p.ImportPath); ok && matches(pattern, rel) {
					n++
					if j := layerOf(rel); j != i {
						t.Errorf("%s is in layer %d (%s) and layer %d (%s)", rel, j, layers[j].name, i, l.name)
					}
				}
			}
			if n == 0 {
				t.Errorf("layer %d (%s) lists %s, which matches no package", i, l.name, pattern)
			}
		}
	}
}
