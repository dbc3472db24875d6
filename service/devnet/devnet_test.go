package devnet_test

import (
	"errors"
	"log/slog"
	"testing"
	"time"

	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/service/devnet"
)

// The service runs on the devnet: it serves the devnet's catalog, reads
// its chains, and m-portal estimates a transfer at the relay delay plus two
// seconds. A Network serves one service only.
func TestServiceOnDevnet(t *testing.T) {
	n := devnet.New(devnet.Config{RelayDelay: time.Second})
	if n.Devnet() != nil {
		t.Fatal("devnet running before service.New")
	}
	logger := slog.New(slog.DiscardHandler)
	svc, err := service.New(t.Context(), service.Config{Network: n, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	d := n.Devnet()
	if d == nil || svc.Catalog() != d.Catalog() {
		t.Fatalf("devnet %v; want the service to serve the running devnet's catalog", d)
	}
	for _, c := range d.Chains() {
		if !svc.Reader().Has(c.Name) {
			t.Errorf("the service does not read %s", c.Name)
		}
	}

	alice, _ := evmdevnet.AccountByName("alice")
	quotes, err := svc.Engine().Quote(t.Context(), orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: d.Contracts(orchestration.Sepolia).MToken.Hex()},
			Destination: orchestration.AssetAddress{Chain: orchestration.BaseSepolia, Address: d.Contracts(orchestration.BaseSepolia).MToken.Hex()},
		},
		AmountIn: "1000000", Sender: alice.Address.Hex(),
	})
	if err != nil || len(quotes) == 0 {
		t.Fatalf("M from Sepolia to BaseSepolia: %v, %v", quotes, err)
	}
	if q := quotes[0]; q.Payloads[len(q.Payloads)-1].Provider != orchestration.ProviderMPortal || q.EstFillTime != 3 {
		t.Errorf("best quote through %s in %ds; want m-portal in 3s (the 1s relay delay plus 2s)",
			q.Payloads[len(q.Payloads)-1].Provider, q.EstFillTime)
	}

	_, err = service.New(t.Context(), service.Config{Network: n, Logger: logger})
	if !errors.Is(err, devnet.ErrStarted) {
		t.Fatalf("a second service on the same Network: %v; want ErrStarted", err)
	}
}
