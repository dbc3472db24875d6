package swapfacility_test

import (
	"fmt"
	"log"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/swapfacility"
)

// A deployment builds the provider from its Deps; a real one passes its
// runtimes in Deps.Runtimes (evmruntime.New over its chain reader).
func ExampleFactory() {
	providers, err := quote.Build(quote.Deps{Catalog: asset.Default()}, swapfacility.Factory(swapfacility.Config{}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(providers[0].ID())
	// Output: m-swap-facility
}
