package asset_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// FuzzResolve: no chain or address panics Resolve; a failure is a
// *ResolveError of one of the four kinds with a bounded message; a success
// is an asset on that chain at that address (any case on EVM). Seed corpus
// in testdata/fuzz/FuzzResolve; to fuzz:
//
//	go test -run '^$' -fuzz FuzzResolve -fuzztime 20s ./asset
func FuzzResolve(f *testing.F) {
	cat := asset.Default()
	f.Fuzz(func(t *testing.T, chain, address string) {
		a, err := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Chain(chain), Address: address})
		if err != nil {
			re, ok := errors.AsType[*asset.ResolveError](err)
			if !ok || !(errors.Is(err, asset.ErrUnknownChain) || errors.Is(err, asset.ErrChainNotEnabled) ||
				errors.Is(err, asset.ErrMalformedAddress) || errors.Is(err, asset.ErrUnsupportedAsset)) {
				t.Fatalf("Resolve(%q, %q): %v (%T) is not a *ResolveError of a known kind", chain, address, err, err)
			}
			if len(re.Message) > 512 {
				t.Fatalf("%d-byte message", len(re.Message))
			}
			return
		}
		if string(a.Chain) != chain || !strings.EqualFold(a.Address, address) {
			t.Fatalf("Resolve(%q, %q) = %s %s", chain, address, a.Chain, a.Address)
		}
	})
}

// FuzzParseConfig: no catalog file panics ParseConfig or New.
func FuzzParseConfig(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := asset.ParseConfig(data)
		if err != nil {
			return
		}
		if cat, err := asset.New(cfg); err == nil && len(cat.Assets()) != len(cfg.Assets) {
			t.Fatalf("catalog has %d assets, config %d", len(cat.Assets()), len(cfg.Assets))
		}
	})
}
