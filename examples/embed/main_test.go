package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/testio"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
)

// The program serves its own page at / and the service under /payments on
// the devnet, where the OTC desk quotes USDC to USDT; it stops cleanly.
func TestRunOnDevnet(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out testio.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, ln, "", &out) }()
	for !strings.Contains(out.String(), "embed: serving") {
		select {
		case err := <-done:
			t.Fatalf("run returned before serving: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
	}
	base := "http://" + ln.Addr().String()

	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "acme payments") {
		t.Errorf("GET / = %q, want the program's own page", page)
	}

	_, err = client.New(base+"/payments", client.Config{APIKey: devKey})
	if err == nil {
		t.Fatal("client.New accepted a base URL that does not end in /v1/orchestration")
	}
	c, err := client.New(base+"/payments/v1/orchestration", client.Config{APIKey: devKey})
	if err != nil {
		t.Fatal(err)
	}
	assets, err := c.SupportedAssets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var usdc, usdt orchestration.AssetAddress
	for _, a := range assets {
		if a.Chain == orchestration.BaseSepolia && a.Symbol == "USDC" {
			usdc = orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
		}
		if a.Chain == orchestration.BaseSepolia && a.Symbol == "USDT" {
			usdt = orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
		}
	}
	alice, _ := devnet.AccountByName("alice")
	quotes, err := c.Quote(ctx, orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: usdc, Destination: usdt},
		AmountIn: "1000000", Sender: alice.Address.Hex(),
		Providers: &orchestration.ProvidersParams{Include: []orchestration.ProviderID{OTCID}},
	})
	if err != nil || len(quotes) != 1 || quotes[0].AmountOut != "999500" || quotes[0].Payloads[len(quotes[0].Payloads)-1].Provider != OTCID {
		t.Fatalf("USDC to USDT through acme-otc: %+v, %v", quotes, err)
	}
	// The engine approves the desk, listed in the catalog, and the desk's
	// deposit calls it.
	if p := quotes[0].Payloads; len(p) != 2 || p[0].Data.EVM.To != usdc.Address || !strings.Contains(p[0].Annotation, "for the acme OTC desk") ||
		p[1].Data.EVM.To != exampleDesk.Hex() {
		t.Errorf("payloads %+v, want an approve of USDC for the desk, then the desk's deposit", p)
	}

	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run after shutdown: %v", err)
	}
}
