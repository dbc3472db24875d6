package topology_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/topology"
)

func Example() {
	ctx := context.Background()
	cat := asset.Default()
	m, _ := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"})
	wM, _ := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x437cc33344a0B27A429f795ff6B469C72698B291"})

	// In memory; pass Config.DB to share the counters between replicas.
	svc, err := topology.New(topology.Config{Catalog: cat})
	if err != nil {
		log.Fatal(err)
	}
	defer svc.Close()
	facility := memprovider.New(orchestration.ProviderMSwapFacility).
		Edge(quote.Edge{From: m, To: wM}, memprovider.Rate(memprovider.Pricing{ChainID: 1}))
	engine, err := quote.New(quote.Config{Catalog: cat, Providers: []quote.Provider{facility}, Observer: svc,
		Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		log.Fatal(err)
	}
	if err := svc.Seed(ctx, engine); err != nil {
		log.Fatal(err)
	}

	route := orchestration.Route{
		Source:      orchestration.AssetAddress{Chain: m.Chain, Address: m.Address},
		Destination: orchestration.AssetAddress{Chain: wM.Chain, Address: wM.Address},
	}
	for range 3 {
		if _, err := engine.Quote(ctx, orchestration.QuoteRequest{Route: route, AmountIn: "1000000",
			Sender: "0x1111111111111111111111111111111111111111"}); err != nil {
			log.Fatal(err)
		}
	}
	if err := svc.Sync(ctx); err != nil { // wait until the quotes are counted
		log.Fatal(err)
	}
	routes, err := svc.Routes(ctx, orchestration.TopologyQuery{})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range routes {
		fmt.Printf("%s %s -> %s %s: %d quotes, %s %d\n", r.Source.Chain, m.Symbol, r.Destination.Chain, wM.Symbol,
			r.TotalQuoteCount, r.Providers[0].Provider, r.Providers[0].QuoteCount)
	}
	st, err := svc.Stats(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("top sender:", st.TopSenders[0].Address, st.TopSenders[0].Count)
	fmt.Printf("%s: %d requests, success rate %.0f%%\n", st.Providers[0].Provider, st.Providers[0].Requests, 100**st.Providers[0].SuccessRate)
	// Output:
	// Ethereum M -> Ethereum wM: 3 quotes, m-swap-facility 3
	// top sender: 0x1111111111111111111111111111111111111111 3
	// m-swap-facility: 3 requests, success rate 100%
}
