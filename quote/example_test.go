package quote_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"math/big"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
)

func Example() {
	m := orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"}
	wM := orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x437cc33344a0B27A429f795ff6B469C72698B291"}
	wrap := orchestration.Payload{Annotation: "wrap M into wM", Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
		Chain: orchestration.Ethereum, ChainID: 1, To: "0xB6807116b3B1B321a390594e31ECD6e0076f6278", Data: "0x0d6e4e6c", Value: "0",
	}}}

	// Two in-memory providers on the same route: one swaps one to one in a
	// block, the other charges a fee but the engine ranks by amountOut.
	swapFacility := memprovider.New(orchestration.ProviderMSwapFacility).
		RouteFunc(m, wM, func(_ context.Context, r quote.Request) ([]quote.Candidate, error) {
			return []quote.Candidate{{AmountOut: new(big.Int).Set(r.AmountIn), EstFillTime: 12 * time.Second, Payloads: []orchestration.Payload{wrap}}}, nil
		})
	uniswap := memprovider.New(orchestration.ProviderUniswapV3).
		Route(m, wM, quote.Candidate{AmountOut: big.NewInt(999_000), EstFillTime: 12 * time.Second, Payloads: []orchestration.Payload{wrap}})

	engine, err := quote.New(quote.Config{
		Assets:    asset.Default(),
		Providers: []quote.Provider{uniswap, swapFacility},
		Logger:    slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	two := 2
	quotes, err := engine.Quote(context.Background(), orchestration.QuoteRequest{
		Route:        orchestration.Route{Source: m, Destination: wM},
		AmountIn:     "1000000",
		Sender:       "0x1111111111111111111111111111111111111111",
		MaxNumQuotes: &two,
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, q := range quotes {
		fmt.Printf("%s: %s -> %s in %ds, %q\n", q.Payloads[0].Provider, q.AmountIn, q.AmountOut, q.EstFillTime, q.Payloads[0].Annotation)
	}

	// The same asset on both ends is a bad request.
	_, err = engine.Quote(context.Background(), orchestration.QuoteRequest{
		Route: orchestration.Route{Source: m, Destination: m}, AmountIn: "1", Sender: "0x1111111111111111111111111111111111111111",
	})
	code, _ := orchestration.CodeOf(err)
	fmt.Println(code, err)
	// Output:
	// m-swap-facility: 1000000 -> 1000000 in 12s, "wrap M into wM"
	// uniswap-v3: 1000000 -> 999000 in 12s, "wrap M into wM"
	// BadQuoteRequest BadQuoteRequest: route.source and route.destination must differ
}
