package portal_test

import (
	"context"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// TestValidUntil: a transfer holds StateHorizon after it is priced, and a
// transfer relayed by the Wormhole Executor no longer than the Executor's
// signed quote; the quote's expiresAt is that bound.
func TestValidUntil(t *testing.T) {
	now := time.Now().Truncate(time.Second) // the fake Executor signs from the real clock
	for _, tt := range []struct {
		name     string
		src, dst orchestration.Chain
		dstAsset string
		horizon  time.Duration
		relay    time.Duration // the Executor quote's life; 0: not relayed
		want     func(w *world) int64
	}{
		{name: "on-chain fee quote: the state horizon (default)", src: orchestration.Base, dst: orchestration.Ethereum, dstAsset: mAddr,
			want: func(*world) int64 { return now.Add(36 * time.Second).Unix() }},
		{name: "on-chain fee quote: a configured horizon", src: orchestration.Base, dst: orchestration.Ethereum, dstAsset: mAddr, horizon: 90 * time.Second,
			want: func(*world) int64 { return now.Add(90 * time.Second).Unix() }},
		{name: "the Executor's quote expires first", src: orchestration.Ethereum, dst: orchestration.Solana, dstAsset: solWMMint.String(), relay: 20 * time.Second,
			want: func(w *world) int64 { return signedExpiry(t, w.mainnet) }},
		{name: "the state horizon ends first", src: orchestration.Ethereum, dst: orchestration.Solana, dstAsset: solWMMint.String(), relay: time.Hour,
			want: func(*world) int64 { return now.Add(36 * time.Second).Unix() }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			w.mainnet.expiry = tt.relay
			cfg := w.executors()
			cfg.StateHorizon, cfg.Now = tt.horizon, func() time.Time { return now }
			e := w.engine(t, w.provider(t, cfg, nil))
			srcAsset := wMAddr
			if tt.dstAsset == mAddr {
				srcAsset = mAddr
			}
			quotes, err := e.Quote(context.Background(), orchestration.QuoteRequest{
				Route:    orchestration.Route{Source: ref(tt.src, srcAsset), Destination: ref(tt.dst, tt.dstAsset)},
				AmountIn: "2500000", Sender: aliceEVM, Recipient: recipientOn(tt.dst),
			})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := quotes[0].ExpiresAt, tt.want(w); got != want {
				t.Errorf("expiresAt = now%+ds, want now%+ds", got-now.Unix(), want-now.Unix())
			}
		})
	}
	if _, err := portal.New(quote.Deps{Catalog: newWorld(t).cat}, portal.Config{StateHorizon: -time.Second}); err == nil {
		t.Error("a negative StateHorizon was accepted")
	}
}

// signedExpiry is the expiry the fake Executor signed last.
func signedExpiry(t *testing.T, f *fakeQuoter) int64 {
	_, raw := f.lastAsked(t)
	sq, err := executor.ParseSignedQuote(raw)
	if err != nil {
		t.Fatal(err)
	}
	return sq.Expiry.Unix()
}

func recipientOn(c orchestration.Chain) string {
	if c == orchestration.Solana {
		return bobSol.String()
	}
	return aliceEVM
}
