package uniswapv3_test

import (
	"fmt"
	"log"
	"log/slog"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// A deployment builds the provider with its Factory next to the others,
// once the catalog and the chain reader exist. Building does no I/O: the
// pools are listed on the engine's first quote.
func ExampleFactory() {
	cat := asset.Default()
	// The EVM runtime over an *evm.Reader of the deployment's chains; a
	// nil Reader serves no chain.
	evmRT, err := evmruntime.New(evmruntime.Config{Catalog: cat, Reader: nil})
	if err != nil {
		log.Fatal(err)
	}
	deps := quote.Deps{
		Catalog:  cat,
		Runtimes: []quote.Runtime{evmRT},
		Logger:   slog.New(slog.DiscardHandler),
	}
	providers, err := quote.Build(deps, uniswapv3.Factory(uniswapv3.Config{
		FeeTiers: []uint32{500, 3000}, // only the 0.05% and 0.3% pools
		Deadline: 10 * time.Minute,    // payloads revert 10 minutes after the quoted block
	}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(providers[0].ID())
	// Output: uniswap-v3
}
