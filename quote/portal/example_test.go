package portal_test

import (
	"fmt"
	"log"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
)

// A deployment builds the provider from its Deps, here with transfers from
// Ethereum to Base estimated at 15 minutes and every other one at the
// default 20. A real deployment passes its runtimes in Deps.Runtimes.
func ExampleFactory() {
	providers, err := quote.Build(quote.Deps{Catalog: asset.Default()},
		portal.Factory(portal.Config{EstTimeByRoute: map[[2]orchestration.Chain]time.Duration{
			{orchestration.Ethereum, orchestration.Base}: 15 * time.Minute,
		}}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(providers[0].ID())
	// Output: m-portal
}
