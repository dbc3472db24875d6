package httpserver_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/httpserver/httpservertest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

func ExampleNew() {
	// Any implementations of the orchestration interfaces: here the test
	// fake, in production asset.Catalog, quote.Engine, ...
	fake := &httpservertest.Fake{}
	keys := httpservertest.NewKeys() // in production an *apikey.Store
	keys.Add("example-secret-0123456789", apikey.Key{Name: "example"})

	h, err := httpserver.New(fake.Services(), httpserver.Config{
		Keys:     keys,
		Logger:   slog.New(slog.DiscardHandler),
		Registry: prometheus.NewRegistry(),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(h) // or httpserver.ListenAndServe(ctx, ":8080", h, cfg)
	defer srv.Close()

	ctx := context.Background()
	c, _ := client.New(srv.URL+httpserver.BasePath, client.Config{APIKey: "example-secret-0123456789"})
	quotes, err := c.Quote(ctx, httpservertest.SampleQuoteRequest())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("amountOut:", quotes[0].AmountOut, "payloads:", len(quotes[0].Payloads))

	anonymous, _ := client.New(srv.URL+httpserver.BasePath, client.Config{})
	_, err = anonymous.SupportedAssets(ctx)
	code, _ := orchestration.CodeOf(err)
	fmt.Println("without a key:", code)
	// Output:
	// amountOut: 999900 payloads: 2
	// without a key: Unauthorized
}
