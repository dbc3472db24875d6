package orchestration_test

import (
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
)

func TestParseTransfer(t *testing.T) {
	const (
		alice    = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
		solAlice = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
	)
	eth := orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}
	sol := orchestration.AssetAddress{Chain: orchestration.Solana, Address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"}
	valid := func() orchestration.TransferFields {
		return orchestration.TransferFields{Route: orchestration.Route{Source: eth, Destination: eth}, AmountIn: "1000", Sender: alice}
	}
	ptr := func(n int) *int { return &n }
	for _, tt := range []struct {
		name    string
		edit    func(*orchestration.TransferFields)
		wantErr string
	}{
		{"amountIn missing", func(f *orchestration.TransferFields) { f.AmountIn = "" }, "amountIn is required"},
		{"amountIn with an exponent", func(f *orchestration.TransferFields) { f.AmountIn = "1e6" }, "amountIn must be a whole number"},
		{"sender missing", func(f *orchestration.TransferFields) { f.Sender = "" }, "sender is required"},
		{"recipient on the destination's runtime", func(f *orchestration.TransferFields) {
			f.Route.Destination, f.Recipient = sol, alice
		}, "recipient must be a Solana address"},
		{"crossing runtimes needs a recipient", func(f *orchestration.TransferFields) { f.Route.Destination = sol },
			"recipient is required when the route crosses runtimes (evm to svm)"},
		{"maxNumQuotes zero", func(f *orchestration.TransferFields) { f.MaxNumQuotes = ptr(0) }, "maxNumQuotes must be at least 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := valid()
			tt.edit(&f)
			_, err := orchestration.ParseTransfer(orchestration.BadQuoteRequest, f)
			if code, _ := orchestration.CodeOf(err); code != orchestration.BadQuoteRequest || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want BadQuoteRequest containing %q", err, tt.wantErr)
			}
		})
	}

	got, err := orchestration.ParseTransfer(orchestration.BadPermitRequest, valid())
	if err != nil || got.AmountIn.String() != "1000" || got.MaxQuotes != 1 || got.Recipient != alice || got.Funder != alice {
		t.Fatalf("valid request: %+v, %v; want amount 1000, one quote, recipient and funder the sender", got, err)
	}
	f := valid()
	f.Route.Destination, f.Recipient, f.MaxNumQuotes = sol, solAlice, ptr(500)
	if got, err := orchestration.ParseTransfer(orchestration.BadPermitRequest, f); err != nil || got.MaxQuotes != 500 || got.Recipient != solAlice {
		t.Fatalf("cross-runtime request: %+v, %v; want maxNumQuotes kept uncapped and the Solana recipient", got, err)
	}
}
