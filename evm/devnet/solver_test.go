package devnet_test

import (
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

func TestSolverQuote(t *testing.T) {
	d := start(t, devnet.Config{NoRelayer: true})
	s := d.Solver()
	if s.SpreadBps() != devnet.DefaultSolverSpreadBps || s.SpreadBps() != 10 {
		t.Fatalf("default spread = %d bps, want 10", s.SpreadBps())
	}
	solver, _ := devnet.AccountByName("solver")
	if s.Address() != solver.Address {
		t.Fatalf("solver address = %s, want the solver account %s", s.Address(), solver.Address)
	}
	from := orchestration.AssetAddress{Chain: orchestration.Sepolia, Address: d.Contracts(orchestration.Sepolia).WrappedM.Hex()}
	to := orchestration.AssetAddress{Chain: orchestration.BaseSepolia, Address: d.Contracts(orchestration.BaseSepolia).USDC.Hex()}
	got, err := s.Quote(from, to, big.NewInt(1_000_000))
	if err != nil || got.Cmp(big.NewInt(999_000)) != 0 {
		t.Fatalf("Quote(1,000,000 wM → USDC) = %v, %v; want 999000", got, err)
	}
	unknown := orchestration.AssetAddress{Chain: orchestration.BaseSepolia, Address: common.HexToAddress("0x1234").Hex()}
	if _, err := s.Quote(from, unknown, big.NewInt(1_000_000)); !errors.Is(err, devnet.ErrNotTraded) {
		t.Fatalf("Quote to an unknown token: %v, want ErrNotTraded", err)
	}
	if _, err := s.Quote(from, to, big.NewInt(0)); err == nil {
		t.Fatal("Quote of zero: no error")
	}

	d2 := start(t, devnet.Config{NoRelayer: true, SolverSpreadBps: 250})
	if got, err := d2.Solver().Quote(from, to, big.NewInt(1_000_000)); err != nil || got.Cmp(big.NewInt(975_000)) != 0 {
		t.Fatalf("Quote at 250 bps = %v, %v; want 975000", got, err)
	}
}

// TestSolverFillsOrders: with Config.Solver, the devnet solver fills a
// same-chain and a cross-chain order open to any solver, and the relayer
// carries the cross-chain fill report home; an order asking more than the
// solver's spread allows is left alone. Nothing here fills or relays.
func TestSolverFillsOrders(t *testing.T) {
	w := newOrderWorldWith(t, devnet.Config{Solver: true})
	hub, spoke := w.hub, w.spoke
	amountIn := big.NewInt(10_000_000) // wM on Sepolia
	amountOut := big.NewInt(9_990_000) // USDC: exactly the solver's price at 10 bps
	greedyOut := big.NewInt(9_990_001) // one unit more than it gives
	w.approve(hub, w.alice.Key, w.hk.WrappedM, w.hk.OrderBook, new(big.Int).Mul(amountIn, big.NewInt(3)))

	params := func(dest *devnet.Chain, tokenOut common.Address, out *big.Int) bindings.OrderParams {
		return bindings.OrderParams{
			DestChainId: uint32(dest.ChainID), FillDeadline: uint32(hub.Now().Add(time.Hour).Unix()),
			TokenIn: w.hk.WrappedM, TokenOut: addr32(tokenOut), AmountIn: amountIn, AmountOut: out,
			Recipient: addr32(w.bob.Address), Sender: w.alice.Address, // Solver zero: open to any solver
		}
	}
	bobHub := balance(t, hub, w.hk.USDC, w.bob.Address)
	bobSpoke := balance(t, spoke, w.sk.USDC, w.bob.Address)
	solverIn := balance(t, hub, w.hk.WrappedM, w.solver.Address)

	// The greedy order first: the solver looks at orders in the order they opened.
	greedy, _ := w.openOrder(params(hub, w.hk.USDC, greedyOut))
	same, _ := w.openOrder(params(hub, w.hk.USDC, amountOut))
	cross, _ := w.openOrder(params(spoke, w.sk.USDC, amountOut))

	w.eventually("the solver filling the same-chain order", func() bool {
		return w.order(w.hubBook, same).Status == orderCompleted
	})
	eqInt(t, "bob's USDC on Sepolia after the same-chain fill", balance(t, hub, w.hk.USDC, w.bob.Address), new(big.Int).Add(bobHub, amountOut))
	w.eventually("the solver's cross-chain fill reported on Sepolia", func() bool {
		return w.order(w.hubBook, cross).Status == orderCompleted
	})
	eqInt(t, "bob's USDC on BaseSepolia after the cross-chain fill", balance(t, spoke, w.sk.USDC, w.bob.Address), new(big.Int).Add(bobSpoke, amountOut))
	eqInt(t, "wM released to the solver on Sepolia", balance(t, hub, w.hk.WrappedM, w.solver.Address), new(big.Int).Add(solverIn, new(big.Int).Mul(amountIn, big.NewInt(2))))

	if st := w.order(w.hubBook, greedy).Status; st != orderCreated {
		t.Fatalf("order asking more than the spread allows: status %d, want CREATED (unfilled)", st)
	}
	eqInt(t, "greedy order's filled amount", w.filled(w.hubBook, greedy).AmountOutFilled, new(big.Int))
}

// TestSolverFillOnDemand: without Config.Solver the solver fills only when
// told, and says how many orders it filled.
func TestSolverFillOnDemand(t *testing.T) {
	w := newOrderWorldWith(t, devnet.Config{})
	hub := w.hub
	amountIn := big.NewInt(5_000_000)
	w.approve(hub, w.alice.Key, w.hk.WrappedM, w.hk.OrderBook, new(big.Int).Mul(amountIn, big.NewInt(2)))
	params := func(out int64) bindings.OrderParams {
		return bindings.OrderParams{
			DestChainId: uint32(hub.ChainID), FillDeadline: uint32(hub.Now().Add(time.Hour).Unix()),
			TokenIn: w.hk.WrappedM, TokenOut: addr32(w.hk.USDC), AmountIn: amountIn, AmountOut: big.NewInt(out),
			Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
		}
	}
	fair, _ := w.openOrder(params(4_995_000))   // the solver's price at 10 bps
	greedy, _ := w.openOrder(params(4_995_001)) // one unit more: declined, not an error
	if st := w.order(w.hubBook, fair).Status; st != orderCreated {
		t.Fatalf("order filled before Fill was called: status %d", st)
	}
	n, err := w.d.Solver().Fill(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("Fill = %d, %v; want 1 order filled", n, err)
	}
	if st := w.order(w.hubBook, fair).Status; st != orderCompleted {
		t.Errorf("fair order: status %d, want COMPLETED", st)
	}
	if st := w.order(w.hubBook, greedy).Status; st != orderCreated {
		t.Errorf("greedy order: status %d, want CREATED", st)
	}
	if n, err := w.d.Solver().Fill(t.Context()); err != nil || n != 0 {
		t.Errorf("second Fill = %d, %v; want nothing left to fill", n, err)
	}
}

// TestSolverFillReportThroughWormhole: with Config.Wormhole the devnet
// solver pays a cross-chain fill report with a signed quote from the
// Executor stand-in and the message fee plus its cost, and the relayer
// executes the report's VAA on the origin, completing the order.
func TestSolverFillReportThroughWormhole(t *testing.T) {
	w := newOrderWorldWith(t, devnet.Config{Wormhole: true})
	hub, spoke := w.hub, w.spoke
	amountIn, amountOut := big.NewInt(4_000_000), big.NewInt(3_996_000)
	w.approve(hub, w.alice.Key, w.hk.WrappedM, w.hk.OrderBook, amountIn)
	id, _ := w.openOrder(bindings.OrderParams{
		DestChainId: uint32(spoke.ChainID), FillDeadline: uint32(hub.Now().Add(time.Hour).Unix()),
		TokenIn: w.hk.WrappedM, TokenOut: addr32(w.sk.USDC), AmountIn: amountIn, AmountOut: amountOut,
		Recipient: addr32(w.bob.Address), Sender: w.alice.Address,
	})
	payee := w.native(spoke, devnet.ExecutorPayee)
	if err := w.d.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	n, err := w.d.Solver().Fill(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("Fill = %d, %v; want 1", n, err)
	}
	if got := w.native(spoke, devnet.ExecutorPayee); got.Cmp(payee) <= 0 {
		t.Errorf("the Executor's payee on BaseSepolia was not paid (%s before, %s after)", payee, got)
	}
	w.eventually("the fill report executed through Wormhole on Sepolia", func() bool {
		return w.order(w.hubBook, id).Status == orderCompleted
	})
}
