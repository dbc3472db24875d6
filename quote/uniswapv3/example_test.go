package uniswapv3_test

import (
	"fmt"
	"log"
	"log/slog"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

// A deployment builds the provider with its Factory next to the others,
// once the catalog and the chain reader exist. Building does no I/O: the
// pools are listed on the engine's first quote.
func ExampleFactory() {
	deps := quote.Deps{
		Catalog: asset.Default(),
		Reader:  nil, // an *evm.Reader over the deployment's chains; nil serves no chain
		Logger:  slog.New(slog.DiscardHandler),
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
