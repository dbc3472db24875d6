package permit_test

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// solver is the solver orderRecipe is exclusive to.
var solver = common.HexToAddress("0x5555555555555555555555555555555555555555")

// The recipes of helpers_test.go, each with what its caller asked for,
// written out rather than read from the recipe. The recipes' contracts are
// Sepolia's in the embedded default catalog, so Catalog is left nil.
var verifyCases = []struct {
	recipe func() orchestration.PermitRecipe
	expect func() permit.Expect
}{
	{swapRecipe, func() permit.Expect {
		return permit.Expect{Token: wM, ChainID: sepoliaID, Owner: owner, Amount: units(10),
			Recipient: recipient.Hex(), TokenOut: mUSD.Hex(), MinAmountOut: units(10), Now: time.Unix(deadline-600, 0)}
	}},
	{ammRecipe, func() permit.Expect {
		return permit.Expect{Token: usdc, ChainID: sepoliaID, Owner: owner, Amount: big.NewInt(1_500_000),
			Recipient: recipient.Hex(), TokenOut: wM.Hex(), MinAmountOut: big.NewInt(1_490_000), Now: time.Unix(deadline-600, 0)}
	}},
	{orderRecipe, func() permit.Expect {
		return permit.Expect{Token: usdc, ChainID: sepoliaID, Owner: owner, Amount: units(100),
			Recipient: recipient.Hex(), TokenOut: baseWM.Hex(), MinAmountOut: big.NewInt(99_500_000),
			DestChainID: baseSepoliaID, OrderSender: owner, Solver: solver.Hex(), Now: time.Unix(deadline-600, 0)}
	}},
}

// expectOf returns the expectation of the recipe kind op.
func expectOf(op string) (orchestration.PermitRecipe, permit.Expect) {
	for _, vc := range verifyCases {
		if r := vc.recipe(); r.Operation.Type() == op {
			return r, vc.expect()
		}
	}
	panic("no verify case of " + op)
}

func TestVerifyAccepts(t *testing.T) {
	for _, vc := range verifyCases {
		r, e := vc.recipe(), vc.expect()
		t.Run(r.Operation.Type(), func(t *testing.T) {
			if err := permit.Verify(r, e); err != nil {
				t.Errorf("default catalog: %v", err)
			}
			e.Catalog = catalog(t)
			if err := permit.Verify(r, e); err != nil {
				t.Errorf("given catalog: %v", err)
			}
			e.LatestDeadline = time.Unix(deadline, 0)
			if err := permit.Verify(r, e); err != nil {
				t.Errorf("deadline at the latest accepted: %v", err)
			}
		})
	}
	t.Run("order accounts as bytes32", func(t *testing.T) {
		r, e := expectOf(orchestration.OperationLimitOrder)
		e.Recipient, e.TokenOut, e.Solver = b32(recipient), b32(baseWM), b32(solver)
		if err := permit.Verify(r, e); err != nil {
			t.Error(err)
		}
	})
	t.Run("swap at its own chain as destination", func(t *testing.T) {
		r, e := expectOf(orchestration.OperationSwap)
		e.DestChainID = sepoliaID
		if err := permit.Verify(r, e); err != nil {
			t.Error(err)
		}
	})
}

// Every expectation that applies is required: leaving one out is a
// *FieldError naming it, not a pass.
func TestVerifyMissingExpectation(t *testing.T) {
	clear := map[string]func(*permit.Expect){
		"Expect.Token":        func(e *permit.Expect) { e.Token = common.Address{} },
		"Expect.ChainID":      func(e *permit.Expect) { e.ChainID = 0 },
		"Expect.Owner":        func(e *permit.Expect) { e.Owner = common.Address{} },
		"Expect.Amount":       func(e *permit.Expect) { e.Amount = nil },
		"Expect.Recipient":    func(e *permit.Expect) { e.Recipient = "" },
		"Expect.TokenOut":     func(e *permit.Expect) { e.TokenOut = "" },
		"Expect.MinAmountOut": func(e *permit.Expect) { e.MinAmountOut = nil },
		"Expect.DestChainID":  func(e *permit.Expect) { e.DestChainID = 0 },
		"Expect.OrderSender":  func(e *permit.Expect) { e.OrderSender = common.Address{} },
		"Expect.Solver":       func(e *permit.Expect) { e.Solver = "" },
	}
	always := []string{"Expect.Token", "Expect.ChainID", "Expect.Owner", "Expect.Amount", "Expect.Recipient", "Expect.TokenOut", "Expect.MinAmountOut"}
	orderOnly := []string{"Expect.DestChainID", "Expect.OrderSender", "Expect.Solver"}
	for _, tc := range []struct {
		op       string
		required []string
	}{
		{orchestration.OperationSwap, always},
		{orchestration.OperationAMMSwap, always},
		{orchestration.OperationLimitOrder, append(append([]string(nil), always...), orderOnly...)},
	} {
		for _, field := range tc.required {
			t.Run(tc.op+"/"+field, func(t *testing.T) {
				r, e := expectOf(tc.op)
				clear[field](&e)
				var fe *permit.FieldError
				if err := permit.Verify(r, e); !errors.As(err, &fe) || fe.Field != field {
					t.Fatalf("err = %v, want a *FieldError naming %s", err, field)
				}
			})
		}
	}
	t.Run("all missing names the first and the rest", func(t *testing.T) {
		var fe *permit.FieldError
		err := permit.Verify(orderRecipe(), permit.Expect{})
		if !errors.As(err, &fe) || fe.Field != "Expect.Token" {
			t.Fatalf("err = %v, want a *FieldError naming Expect.Token", err)
		}
		for _, field := range append(always[1:], orderOnly...) {
			if !strings.Contains(err.Error(), field) {
				t.Errorf("%q does not name %s", err, field)
			}
		}
	})
}

// Every expectation that differs from the recipe is a *MismatchError
// naming the recipe field, with Source "expected".
func TestVerifyWrongExpectation(t *testing.T) {
	attacker := common.HexToAddress("0x000000000000000000000000000000000000dEaD")
	type edit = func(*permit.Expect)
	for _, tc := range []struct {
		name  string
		op    string
		edit  edit
		field string
	}{
		{"token", orchestration.OperationSwap, func(e *permit.Expect) { e.Token = mUSD }, "typedData.domain.verifyingContract"},
		{"chain", orchestration.OperationSwap, func(e *permit.Expect) { e.ChainID = baseSepoliaID }, "typedData.domain.chainId"},
		{"owner", orchestration.OperationSwap, func(e *permit.Expect) { e.Owner = recipient }, "typedData.message.owner"},
		{"order owner", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.Owner = recipient }, "typedData.message.owner"},
		{"amount", orchestration.OperationAMMSwap, func(e *permit.Expect) { e.Amount = big.NewInt(1) }, "typedData.message.value"},
		{"recipient", orchestration.OperationSwap, func(e *permit.Expect) { e.Recipient = attacker.Hex() }, "operation.recipient"},
		{"amm recipient", orchestration.OperationAMMSwap, func(e *permit.Expect) { e.Recipient = attacker.Hex() }, "operation.recipient"},
		{"order recipient", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.Recipient = attacker.Hex() }, "operation.recipient"},
		{"token out", orchestration.OperationSwap, func(e *permit.Expect) { e.TokenOut = wM.Hex() }, "operation.extensionOut"},
		{"amm token out", orchestration.OperationAMMSwap, func(e *permit.Expect) { e.TokenOut = mUSD.Hex() }, "operation.tokenOut"},
		{"order token out", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.TokenOut = wM.Hex() }, "operation.tokenOut"},
		{"swap amount out", orchestration.OperationSwap, func(e *permit.Expect) { e.MinAmountOut = big.NewInt(10_000_001) }, "operation.amount"},
		{"amm floor", orchestration.OperationAMMSwap, func(e *permit.Expect) { e.MinAmountOut = big.NewInt(1_490_001) }, "operation.amountOutMinimum"},
		{"order price", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.MinAmountOut = units(100) }, "operation.amountOut"},
		{"order destination", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.DestChainID = sepoliaID }, "operation.destChainId"},
		{"swap for a cross-chain request", orchestration.OperationSwap, func(e *permit.Expect) { e.DestChainID = baseSepoliaID }, "chainId"},
		{"order sender", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.OrderSender = attacker }, "operation.sender"},
		{"order solver", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.Solver = attacker.Hex() }, "operation.solver"},
		{"exclusive order for an open fill", orchestration.OperationLimitOrder, func(e *permit.Expect) { e.Solver = permit.OpenFill }, "operation.solver"},
		{"late deadline", orchestration.OperationSwap, func(e *permit.Expect) { e.LatestDeadline = time.Unix(deadline-1, 0) }, "typedData.message.deadline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, e := expectOf(tc.op)
			tc.edit(&e)
			err := permit.Verify(r, e)
			var m *permit.MismatchError
			if !errors.As(err, &m) || m.Field != tc.field || m.Source != "expected" {
				t.Fatalf("err = %v, want a mismatch of %s", err, tc.field)
			}
		})
	}
}

// The spender must be the catalog's contract for the operation, on the
// chain of the recipe's chain id: the embedded default catalog's when none
// is given.
func TestVerifySpender(t *testing.T) {
	attacker := common.HexToAddress("0x000000000000000000000000000000000000dEaD")
	withContracts := func(t *testing.T, chains ...asset.ChainConfig) permit.Catalog {
		c, err := asset.New(asset.Config{Chains: chains})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, vc := range verifyCases {
		op := vc.recipe().Operation.Type()
		t.Run(op+"/spender not the default catalog's", func(t *testing.T) {
			// Consistent in itself: the permit and the call both go to
			// the attacker's contract.
			r, e := vc.recipe(), vc.expect()
			r.Spender, r.TypedData.Message.Spender = attacker.Hex(), attacker.Hex()
			if err := permit.Check(r); err != nil {
				t.Fatalf("Check: %v", err)
			}
			var m *permit.MismatchError
			if err := permit.Verify(r, e); !errors.As(err, &m) || m.Field != "spender" || m.Source != "expected" || m.Got != attacker.Hex() {
				t.Fatalf("err = %v, want a mismatch of spender", err)
			}
		})
		t.Run(op+"/spender not the given catalog's", func(t *testing.T) {
			// The recipe's contract is the default catalog's, not the one
			// the caller trusts.
			r, e := vc.recipe(), vc.expect()
			e.Catalog = withContracts(t, asset.ChainConfig{Name: orchestration.Sepolia, ChainID: sepoliaID,
				Contracts: asset.Contracts{SwapFacility: attacker.Hex(), SwapRouter: attacker.Hex(), OrderBook: attacker.Hex()}})
			var m *permit.MismatchError
			if err := permit.Verify(r, e); !errors.As(err, &m) || m.Field != "spender" || m.Want != attacker.Hex() {
				t.Fatalf("err = %v, want a mismatch of spender", err)
			}
		})
	}
	t.Run("another operation's contract", func(t *testing.T) {
		// The router is a catalog contract, but not the one a swap calls.
		r, e := expectOf(orchestration.OperationSwap)
		r.Spender, r.TypedData.Message.Spender = router.Hex(), router.Hex()
		var m *permit.MismatchError
		if err := permit.Verify(r, e); !errors.As(err, &m) || m.Field != "spender" || m.Want != facility.Hex() {
			t.Fatalf("err = %v, want a mismatch of spender", err)
		}
	})
	t.Run("chain not in the catalog", func(t *testing.T) {
		r, e := expectOf(orchestration.OperationSwap)
		e.Catalog = withContracts(t, asset.ChainConfig{Name: orchestration.BaseSepolia, ChainID: baseSepoliaID,
			Contracts: asset.Contracts{SwapFacility: facility.Hex()}})
		var fe *permit.FieldError
		if err := permit.Verify(r, e); !errors.As(err, &fe) || fe.Field != "Expect.Catalog" {
			t.Fatalf("err = %v, want a *FieldError naming Expect.Catalog", err)
		}
	})
	t.Run("contract not in the catalog", func(t *testing.T) {
		r, e := expectOf(orchestration.OperationLimitOrder)
		e.Catalog = withContracts(t, asset.ChainConfig{Name: orchestration.Sepolia, ChainID: sepoliaID,
			Contracts: asset.Contracts{SwapFacility: facility.Hex(), SwapRouter: router.Hex()}})
		var fe *permit.FieldError
		if err := permit.Verify(r, e); !errors.As(err, &fe) || fe.Field != "Expect.Catalog" {
			t.Fatalf("err = %v, want a *FieldError naming Expect.Catalog", err)
		}
	})
	t.Run("chain named other than its chain id", func(t *testing.T) {
		// Sepolia's chain id under BaseSepolia's name would be sent through
		// BaseSepolia's endpoint.
		r, e := expectOf(orchestration.OperationSwap)
		r.Chain = orchestration.BaseSepolia
		var m *permit.MismatchError
		if err := permit.Verify(r, e); !errors.As(err, &m) || m.Field != "chain" {
			t.Fatalf("err = %v, want a mismatch of chain", err)
		}
	})
}

// An open fill is stated with OpenFill: it accepts an order any solver may
// fill and nothing else.
func TestVerifyOpenFill(t *testing.T) {
	r, e := expectOf(orchestration.OperationLimitOrder)
	r.Operation.LimitOrder.Solver = common.Hash{}.Hex()
	e.Solver = permit.OpenFill
	if err := permit.Verify(r, e); err != nil {
		t.Errorf("open fill: %v", err)
	}
	e.Solver = common.Address{}.Hex() // the zero address says the same
	if err := permit.Verify(r, e); err != nil {
		t.Errorf("open fill as the zero address: %v", err)
	}
	e.Solver = solver.Hex()
	var m *permit.MismatchError
	if err := permit.Verify(r, e); !errors.As(err, &m) || m.Field != "operation.solver" {
		t.Errorf("open order for an exclusive solver: %v", err)
	}
	e.Solver = ""
	var fe *permit.FieldError
	if err := permit.Verify(r, e); !errors.As(err, &fe) || fe.Field != "Expect.Solver" {
		t.Errorf("open order with no solver expected: %v", err)
	}
}

func TestVerifyOtherErrors(t *testing.T) {
	t.Run("expired", func(t *testing.T) {
		r, e := expectOf(orchestration.OperationSwap)
		e.Now = time.Unix(deadline+1, 0)
		var exp *permit.ExpiredError
		if err := permit.Verify(r, e); !errors.As(err, &exp) {
			t.Fatalf("err = %v, want ExpiredError", err)
		}
		e.Now = time.Time{} // the real clock, before 2030
		if err := permit.Verify(r, e); err != nil {
			t.Fatalf("now: %v", err)
		}
	})
	t.Run("inconsistent recipe", func(t *testing.T) {
		r, e := expectOf(orchestration.OperationSwap)
		r.Operation.Swap.Amount = "1"
		var m *permit.MismatchError
		if err := permit.Verify(r, e); !errors.As(err, &m) || m.Source == "expected" {
			t.Fatalf("err = %v, want Check's mismatch", err)
		}
	})
	for _, tc := range []struct {
		field string
		edit  func(*permit.Expect)
	}{
		{"Expect.Recipient", func(e *permit.Expect) { e.Recipient = "0xnothex" }},
		{"Expect.TokenOut", func(e *permit.Expect) { e.TokenOut = "mUSD" }},
		{"Expect.Solver", func(e *permit.Expect) { e.Solver = "any" }},
	} {
		t.Run("unreadable "+tc.field, func(t *testing.T) {
			r, e := expectOf(orchestration.OperationLimitOrder)
			tc.edit(&e)
			var fe *permit.FieldError
			if err := permit.Verify(r, e); !errors.As(err, &fe) || fe.Field != tc.field {
				t.Fatalf("err = %v, want a *FieldError naming %s", err, tc.field)
			}
		})
	}
}
