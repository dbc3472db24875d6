package swapfacility_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/internal/testing/devnetenv"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/swapfacility"
)

// t0 is the providers' clock in these tests.
var t0 = time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)

// TestValidUntil: an EVM swap holds StateHorizon after it is priced;
// golden times on a fixed clock.
func TestValidUntil(t *testing.T) {
	env := devnetenv.Get(t)
	a := facilityABI(t)
	yes, err := a.Methods["canSwapViaPath"].Outputs.Pack(true)
	if err != nil {
		t.Fatal(err)
	}
	no, _ := a.Methods["paused"].Outputs.Pack(false)
	alice := orchestration.MustCanonicalAddress(orchestration.RuntimeEVM, devnetenv.Addr(t, "alice"))
	for _, tc := range []struct {
		name    string
		horizon time.Duration
		want    time.Time
	}{
		{"default: three blocks of 12 s", 0, t0.Add(36 * time.Second)},
		{"configured", 5 * time.Minute, t0.Add(5 * time.Minute)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newProvider(t, env.Reader, swapfacility.Config{StateHorizon: tc.horizon, Now: func() time.Time { return t0 }})
			e := edge(t, p, orchestration.Sepolia, "wM", "mUSD")
			leg := quote.LegRequest{Edge: &e, AmountIn: big.NewInt(1_500_000), Funder: alice, Recipient: alice, Refund: alice}
			reads := calls(p.Reads(leg))
			leg.State = evm.NewAnswers(1)
			evmruntime.Answers(leg.State).Put(reads[0], evm.Result{OK: true, Data: yes})
			evmruntime.Answers(leg.State).Put(reads[1], evm.Result{OK: true, Data: no})
			got, err := p.QuoteLeg(context.Background(), leg)
			if err != nil {
				t.Fatal(err)
			}
			if !got.ValidUntil.Equal(tc.want) {
				t.Errorf("ValidUntil = t0%+v, want t0%+v", got.ValidUntil.Sub(t0), tc.want.Sub(t0))
			}
			pl, err := p.PermitLeg(context.Background(), leg, uint64(t0.Unix()+3600))
			if err != nil {
				t.Fatal(err)
			}
			if !pl.ValidUntil.Equal(tc.want) {
				t.Errorf("permit leg ValidUntil = t0%+v, want t0%+v", pl.ValidUntil.Sub(t0), tc.want.Sub(t0))
			}
		})
	}
	if _, err := swapfacility.New(quote.Deps{Catalog: env.Catalog}, swapfacility.Config{StateHorizon: -time.Second}); err == nil {
		t.Error("a negative StateHorizon was accepted")
	}
}

// TestSolanaValidUntil: an ext_swap leg holds for the shorter of the
// state horizon and the blockhash's estimated life (60 s).
func TestSolanaValidUntil(t *testing.T) {
	for _, tc := range []struct {
		name    string
		horizon time.Duration
		want    time.Time
	}{
		{"default horizon, shorter than the blockhash", 0, t0.Add(36 * time.Second)},
		{"the blockhash bounds a longer horizon", 5 * time.Minute, t0.Add(60 * time.Second)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newSolWorld(t)
			p, err := swapfacility.New(quote.Deps{Catalog: w.cat, Runtimes: w.runtimes(), Logger: discard},
				swapfacility.Config{StateHorizon: tc.horizon, Now: func() time.Time { return t0 }})
			if err != nil {
				t.Fatal(err)
			}
			e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: w.runtimes(), Providers: []quote.Provider{p}})
			if err != nil {
				t.Fatal(err)
			}
			quotes, err := e.Quote(context.Background(), solRequest(solWM.Mint, solUSDK.Mint, "1050000", alice, alice))
			if err != nil {
				t.Fatal(err)
			}
			if got := quotes[0].ExpiresAt; got != tc.want.Unix() {
				t.Errorf("expiresAt = t0%+ds, want t0%+ds", got-t0.Unix(), tc.want.Unix()-t0.Unix())
			}
		})
	}
}
