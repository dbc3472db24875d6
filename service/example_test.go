package service_test

import (
	"context"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/service"
)

// A program mounts the service under /payments in its own mux, with a
// provider of its own ("acme-otc") next to the bundled ones.
func ExampleNew() {
	ctx := context.Background()
	cat := asset.Default()
	from, _ := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x437cc33344a0B27A429f795ff6B469C72698B291"}) // wM
	to, _ := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"})   // M
	otc := memprovider.New("acme-otc").Edge(quote.Edge{From: from, To: to},
		memprovider.Rate(memprovider.Pricing{Num: 998, Den: 1000, EstTime: 5 * time.Second, ChainID: 1}))

	svc, err := service.New(ctx, service.Config{
		Catalog:   cat,
		Providers: []quote.Factory{func(quote.Deps) (quote.Provider, error) { return otc, nil }},
		Keys:      service.KeysConfig{Ensure: []apikey.NewKey{{Name: "web", Secret: "example-secret-0000001"}}},
		Logger:    slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer svc.Close()

	mux := http.NewServeMux()
	mux.Handle("/payments/", http.StripPrefix("/payments", svc.Handler()))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	c, _ := client.New(srv.URL+"/payments/v1/orchestration", client.Config{APIKey: "example-secret-0000001"})
	quotes, err := c.Quote(ctx, orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: from.Chain, Address: from.Address},
			Destination: orchestration.AssetAddress{Chain: to.Chain, Address: to.Address},
		},
		AmountIn: "1000000",
		Sender:   "0x1111111111111111111111111111111111111111",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(quotes[0].Payloads[0].Provider, quotes[0].AmountOut)
	// Output: acme-otc 998000
}
