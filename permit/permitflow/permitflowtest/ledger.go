// Package permitflowtest is the conformance suite every permitflow.Ledger
// passes.
//
//	func TestLedger(t *testing.T) {
//		permitflowtest.RunLedger(t, func(t *testing.T) permitflow.Ledger { return mine(t) })
//	}
package permitflowtest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/google/go-cmp/cmp"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/permit/permitflow"
)

// RunLedger runs the suite, each subtest on a new empty ledger.
func RunLedger(t *testing.T, newLedger func(t *testing.T) permitflow.Ledger) {
	t.Run("IssuedIsFound", func(t *testing.T) { testIssuedIsFound(t, newLedger(t)) })
	t.Run("ExpiredIsForgotten", func(t *testing.T) { testExpiredIsForgotten(t, newLedger(t)) })
	t.Run("ReissueExtends", func(t *testing.T) { testReissueExtends(t, newLedger(t)) })
	t.Run("IssuedToByOwnerNewestFirst", func(t *testing.T) { testIssuedTo(t, newLedger(t)) })
	t.Run("EveryOperationKeptWhole", func(t *testing.T) { testEveryOperation(t, newLedger(t)) })
}

var (
	t0    = time.Unix(1_900_000_000, 0)
	alice = common.HexToAddress("0x00000000000000000000000000000000000A11cE")
	bob   = common.HexToAddress("0x0000000000000000000000000000000000000B0b")
)

// Recipe returns a limit-order recipe of owner's permit with the given nonce on
// chainID: a whole recipe, so that a ledger that drops a field is seen.
func Recipe(chainID uint64, owner common.Address, nonce int) orchestration.PermitRecipe {
	fee := 5
	return orchestration.PermitRecipe{
		Provider: orchestration.ProviderLimitOrder, Annotation: "an order", Chain: orchestration.Sepolia, ChainID: chainID,
		Spender: "0xe39B012AB3b20E94a9beEa557eB0DE4171D4D3E4", Value: "0",
		TypedData: orchestration.PermitTypedData{
			Domain: orchestration.EIP712Domain{Name: "WrappedM by M^0", Version: "1", ChainID: chainID,
				VerifyingContract: "0x437cc33344a0B27A429f795ff6B469C72698B291"},
			Message: orchestration.PermitMessage{Owner: owner.Hex(), Spender: "0xe39B012AB3b20E94a9beEa557eB0DE4171D4D3E4",
				Value: "1000000", Nonce: fmt.Sprint(nonce), Deadline: "1900001800"},
		},
		Solver: &orchestration.PayloadSolver{Address: "0x0000000000000000000000000000000000005077", Name: "devnet-solver", Exclusive: true, FeeBps: &fee},
		Operation: orchestration.PermitOperation{LimitOrder: &orchestration.LimitOrderPermitOp{
			DestChainID: 84532, FillDeadline: 1_900_003_600, TokenIn: "0x437cc33344a0B27A429f795ff6B469C72698B291",
			TokenOut: "0x000000000000000000000000036cbd53842c5426634e7929541ec2318f3dcf7e",
			AmountIn: "1000000", AmountOut: "999000",
			Recipient: "0x0000000000000000000000000000000000000000000000000000000000000b0b",
			Solver:    "0x0000000000000000000000000000000000000000000000000000000000000000",
			Sender:    owner.Hex(), Deadline: "1900001800",
		}},
		FunctionSignature: permit.LimitOrderSignature,
	}
}

// Recipes returns a whole recipe of each operation type of owner's
// permits with the given nonce on chainID, by type: Recipe's limit order,
// a SwapFacility swap and a Uniswap swap.
func Recipes(chainID uint64, owner common.Address, nonce int) map[string]orchestration.PermitRecipe {
	order := Recipe(chainID, owner, nonce)
	swap, amm := order, order
	swap.Provider, swap.Solver, swap.Annotation = orchestration.ProviderMSwapFacility, nil, "a swap"
	swap.Spender = "0xB6807116b3B1B321a390594e31ECD6e0076f6278"
	swap.TypedData.Message.Spender = swap.Spender
	swap.Operation = orchestration.PermitOperation{Swap: &orchestration.SwapPermitOp{
		Method: "swap", ExtensionIn: order.Operation.LimitOrder.TokenIn, ExtensionOut: "0xacA92E438df0B2401fF60dA7E4337B687a2435DA",
		Amount: "1000000", Recipient: "0x0000000000000000000000000000000000000B0b", Deadline: "1900001800",
	}}
	swap.FunctionSignature = permit.SwapWithPermitSignature
	amm.Provider, amm.Solver, amm.Annotation = orchestration.ProviderUniswapV3, nil, "an AMM swap"
	amm.Spender = "0x3bFA4769FB09eefC5a80d6E87c3B9C650f7Ae48E"
	amm.TypedData.Message.Spender = amm.Spender
	amm.Operation = orchestration.PermitOperation{AMMSwap: &orchestration.AMMSwapPermitOp{
		TokenIn: order.Operation.LimitOrder.TokenIn, TokenOut: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238", Fee: 500,
		Recipient: "0x0000000000000000000000000000000000000B0b", AmountIn: "1000000", AmountOutMinimum: "990000", Deadline: "1900001800",
	}}
	amm.FunctionSignature = permit.AMMSwapSignature
	return map[string]orchestration.PermitRecipe{
		orchestration.OperationLimitOrder: order, orchestration.OperationSwap: swap, orchestration.OperationAMMSwap: amm,
	}
}

func issued(r orchestration.PermitRecipe, at time.Time, ttl time.Duration) permitflow.IssuedRecipe {
	return permitflow.IssuedRecipe{Digest: permitflow.RecipeDigest(r), ChainID: r.ChainID,
		Owner: common.HexToAddress(r.TypedData.Message.Owner), Recipe: r, Issued: at, Expires: at.Add(ttl)}
}

func testIssuedIsFound(t *testing.T, l permitflow.Ledger) {
	ctx := context.Background()
	a, b := Recipe(11155111, alice, 1), Recipe(11155111, alice, 2)
	if err := l.Issue(ctx, []permitflow.IssuedRecipe{issued(a, t0, time.Hour)}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		r    orchestration.PermitRecipe
		want bool
	}{{"issued", a, true}, {"never issued", b, false}} {
		got, err := l.Issued(ctx, permitflow.RecipeDigest(tc.r), t0.Add(time.Minute))
		if err != nil || got != tc.want {
			t.Errorf("%s: Issued = %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
}

func testExpiredIsForgotten(t *testing.T, l permitflow.Ledger) {
	ctx := context.Background()
	r := Recipe(11155111, alice, 1)
	if err := l.Issue(ctx, []permitflow.IssuedRecipe{issued(r, t0, time.Hour)}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		at   time.Time
		want bool
	}{{t0.Add(time.Hour), true}, {t0.Add(time.Hour + time.Second), false}} {
		got, err := l.Issued(ctx, permitflow.RecipeDigest(r), tc.at)
		if err != nil || got != tc.want {
			t.Errorf("Issued at %s = %v, %v; want %v", tc.at.Sub(t0), got, err, tc.want)
		}
		to, err := l.IssuedTo(ctx, r.ChainID, alice, tc.at, 10)
		if err != nil || (len(to) == 1) != tc.want {
			t.Errorf("IssuedTo at %s = %d recipes, %v; want found %v", tc.at.Sub(t0), len(to), err, tc.want)
		}
	}
}

func testReissueExtends(t *testing.T, l permitflow.Ledger) {
	ctx := context.Background()
	r := Recipe(11155111, alice, 1)
	for _, at := range []time.Time{t0, t0.Add(30 * time.Minute)} {
		if err := l.Issue(ctx, []permitflow.IssuedRecipe{issued(r, at, time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := l.Issued(ctx, permitflow.RecipeDigest(r), t0.Add(80*time.Minute)); err != nil || !got {
		t.Errorf("a recipe issued again 30m later is forgotten 80m after the first issue: %v, %v", got, err)
	}
	if to, err := l.IssuedTo(ctx, r.ChainID, alice, t0, 10); err != nil || len(to) != 1 {
		t.Errorf("IssuedTo after issuing one recipe twice: %d recipes, %v; want 1", len(to), err)
	}
}

func testIssuedTo(t *testing.T, l permitflow.Ledger) {
	ctx := context.Background()
	first, second, third := Recipe(11155111, alice, 1), Recipe(11155111, alice, 2), Recipe(11155111, alice, 3)
	others := []orchestration.PermitRecipe{Recipe(11155111, bob, 1), Recipe(84532, alice, 1)}
	var all []permitflow.IssuedRecipe
	for i, r := range append([]orchestration.PermitRecipe{first, second, third}, others...) {
		all = append(all, issued(r, t0.Add(time.Duration(i)*time.Second), time.Hour))
	}
	if err := l.Issue(ctx, all); err != nil {
		t.Fatal(err)
	}
	got, err := l.IssuedTo(ctx, 11155111, alice, t0.Add(time.Minute), 2)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]orchestration.PermitRecipe{third, second}, got); diff != "" {
		t.Errorf("IssuedTo(Sepolia, alice, limit 2), newest first (-want +got):\n%s", diff)
	}
}

// testEveryOperation issues a recipe of each operation type and reads them
// back whole: a ledger that drops an operation's fields is seen.
func testEveryOperation(t *testing.T, l permitflow.Ledger) {
	ctx := context.Background()
	recipes := Recipes(11155111, alice, 1)
	want := []orchestration.PermitRecipe{ // newest first
		recipes[orchestration.OperationAMMSwap], recipes[orchestration.OperationSwap], recipes[orchestration.OperationLimitOrder]}
	for i, r := range want {
		if err := l.Issue(ctx, []permitflow.IssuedRecipe{issued(r, t0.Add(-time.Duration(i)*time.Second), time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := l.IssuedTo(ctx, 11155111, alice, t0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("IssuedTo after issuing one recipe of each operation (-want +got):\n%s", diff)
	}
}
