package quote_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

func Example() {
	cat := asset.Default()
	resolve := func(chain orchestration.Chain, addr string) asset.AssetInfo {
		a, err := cat.Resolve(orchestration.AssetAddress{Chain: chain, Address: addr})
		if err != nil {
			log.Fatal(err)
		}
		return a
	}
	m := resolve(orchestration.Ethereum, "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b")
	wM := resolve(orchestration.Ethereum, "0x437cc33344a0B27A429f795ff6B469C72698B291")

	// Two in-memory providers serve M -> wM on Ethereum: one exactly, one
	// at 0.1% less; the engine ranks by amountOut.
	facility := memprovider.New(orchestration.ProviderMSwapFacility).
		Edge(quote.Edge{From: m, To: wM}, memprovider.Rate(memprovider.Pricing{EstTime: 12 * time.Second, ChainID: 1}))
	amm := memprovider.New(orchestration.ProviderUniswapV3).
		Edge(quote.Edge{From: m, To: wM}, memprovider.Rate(memprovider.Pricing{Num: 999, Den: 1000, Slippage: true, EstTime: 12 * time.Second, ChainID: 1}))

	engine, err := quote.New(quote.Config{
		Catalog:   cat,
		Providers: []quote.Provider{amm, facility},
		Logger:    slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	two := 2
	quotes, err := engine.Quote(context.Background(), orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: m.Chain, Address: m.Address},
			Destination: orchestration.AssetAddress{Chain: wM.Chain, Address: wM.Address},
		},
		AmountIn:     "1000000",
		Sender:       "0x1111111111111111111111111111111111111111",
		MaxNumQuotes: &two,
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, q := range quotes {
		fmt.Printf("%s: %s -> %s (at least %s) in %ds\n", q.Payloads[0].Provider, q.AmountIn, q.AmountOut, q.MinAmountOut, q.EstFillTime)
	}

	// The same asset on both ends is a bad request.
	_, err = engine.Quote(context.Background(), orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: m.Chain, Address: m.Address}, Destination: orchestration.AssetAddress{Chain: m.Chain, Address: m.Address}},
		AmountIn: "1", Sender: "0x1111111111111111111111111111111111111111",
	})
	code, _ := orchestration.CodeOf(err)
	fmt.Println(code, err)
	// Output:
	// m-swap-facility: 1000000 -> 1000000 (at least 1000000) in 12s
	// uniswap-v3: 1000000 -> 999000 (at least 994005) in 12s
	// BadQuoteRequest BadQuoteRequest: route.source and route.destination must differ
}
