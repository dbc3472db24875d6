package quote_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

func TestPerChainAndJoinChainEdges(t *testing.T) {
	chains := []orchestration.Chain{orchestration.Ethereum, orchestration.Arbitrum, orchestration.Solana}
	down := errors.New("connection refused")
	edges, errs := quote.PerChain(context.Background(), chains, func(_ context.Context, c orchestration.Chain) ([]quote.Edge, error) {
		switch c {
		case orchestration.Arbitrum:
			return nil, down
		case orchestration.Solana:
			panic("bad answer")
		}
		return []quote.Edge{edge(mEth, wMEth)}, nil
	})
	if len(edges[0]) != 1 || errs[0] != nil || !errors.Is(errs[1], down) || errs[2] == nil ||
		!strings.Contains(errs[2].Error(), "bad answer") {
		t.Fatalf("PerChain = %v, %v; want Ethereum's edge, Arbitrum's error, Solana's panic as its error", edges, errs)
	}
	rec := new(recorder)
	got, err := quote.JoinChainEdges(context.Background(), slog.New(rec), acme, chains, edges, errs)
	if len(got) != 1 || got[0].From != mEth {
		t.Errorf("edges %v, want Ethereum's only", got)
	}
	if !errors.Is(err, down) || !strings.Contains(err.Error(), "acme-bridge: Arbitrum: connection refused") ||
		!strings.Contains(err.Error(), "acme-bridge: Solana: provider panicked: bad answer") {
		t.Errorf("error %v, want each failed chain named with its provider", err)
	}
	if n := len(rec.find(slog.LevelWarn, "quote provider could not list a chain's edges; it is asked again later")); n != 2 {
		t.Errorf("%d warnings, want one per failed chain", n)
	}
}
