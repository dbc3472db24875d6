package evm_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// net is the devnet every test of the package shares; tests that change
// chain state use accounts and amounts no other test depends on.
var dn *devnet.Devnet

func TestMain(m *testing.M) {
	d, err := devnet.Start(context.Background(), devnet.Config{
		HTTP:   true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "devnet:", err)
		os.Exit(1)
	}
	dn = d
	code := m.Run()
	d.Close()
	os.Exit(code)
}

// chainConfigs are the devnet's chains with their in-process clients, or
// with the backend wrap returns for a chain when wrap is not nil.
func chainConfigs(wrap func(orchestration.Chain, evm.Backend) evm.Backend) []evm.ChainConfig {
	var out []evm.ChainConfig
	for _, c := range dn.Chains() {
		var b evm.Backend = c.Client()
		if wrap != nil {
			b = wrap(c.Name, b)
		}
		out = append(out, evm.ChainConfig{Name: c.Name, ChainID: c.ChainID, Multicall3: dn.Contracts(c.Name).Multicall3, Backend: b})
	}
	return out
}

func newReader(t testing.TB, cfg evm.Config) *evm.Reader {
	t.Helper()
	if cfg.Chains == nil {
		cfg.Chains = chainConfigs(nil)
	}
	r, err := evm.NewReader(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
