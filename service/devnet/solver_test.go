package devnet_test

import (
	"context"
	"errors"
	"log/slog"
	"math/big"
	"testing"
	"time"

	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/service/devnet"
)

func TestSolverOffers(t *testing.T) {
	d, err := evmdevnet.Start(t.Context(), evmdevnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	find := func(chain orchestration.Chain, symbol string) orchestration.Asset {
		for _, a := range d.Catalog().Assets() {
			if a.Chain == chain && a.Symbol == symbol {
				return a.Asset
			}
		}
		t.Fatalf("no %s on %s", symbol, chain)
		return orchestration.Asset{}
	}
	s := devnet.Solver(d.Solver())
	req := limitorder.OfferRequest{AmountIn: big.NewInt(1_000_000)}
	req.From.Asset, req.To.Asset = find(orchestration.Sepolia, "wM"), find(orchestration.BaseSepolia, "USDC")
	offers, errs := limitorder.Collect(t.Context(), []limitorder.Solver{s}, req, time.Second)
	solver, _ := evmdevnet.AccountByName("solver")
	if len(errs) != 0 || len(offers) != 1 {
		t.Fatalf("Collect = %v, %v; want one offer", offers, errs)
	}
	o := offers[0]
	if o.Solver != "devnet" || o.Address != solver.Address.Hex() || o.AmountOut.Cmp(big.NewInt(999_000)) != 0 ||
		o.Exclusive || o.FeeBps != 10 || o.EstFillTime <= 0 {
		t.Fatalf("offer = %+v; want devnet's open offer of 999000 at 10 bps from %s", o, solver.Address.Hex())
	}

	req.To.Asset = orchestration.Asset{Chain: orchestration.BaseSepolia, Address: "0x0000000000000000000000000000000000001234"}
	if _, err := s.Offer(t.Context(), req); !errors.Is(err, limitorder.ErrNoOffer) {
		t.Fatalf("offer for an unknown token: %v, want ErrNoOffer", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.Offer(ctx, req); !errors.Is(err, context.Canceled) {
		t.Fatalf("offer under a cancelled context: %v", err)
	}
}
