package app_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
)

// deadBytes32 is 0x…dEaD as an OrderBook bytes32 account.
const deadBytes32 = "0x000000000000000000000000000000000000000000000000000000000000dead"

const dead = "0x000000000000000000000000000000000000dEaD"

// plusOne is the decimal string n+1.
func plusOne(n string) string {
	v, _ := new(big.Int).SetString(n, 10)
	return v.Add(v, big.NewInt(1)).String()
}

// A recipe is built only as it was issued: for each operation, every
// field a relayer could change after the owner signed (the call's
// recipient, tokens, amounts, order terms, deadlines, the spender and the
// function) is refused with 400 naming it, although the permit's signature
// still verifies for most of them; the recipe as issued builds, and its
// payload, executed, pays the recipient the quote named. The payload's
// annotation is read from its calldata: it names the recipient it pays.
func TestPermitBuildTakesBackOnlyWhatWasIssued(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	bob, _ := devnet.AccountByName("bob")
	type change struct {
		field string
		edit  func(r *orchestration.PermitRecipe)
	}
	// Changes every operation shares: the contract called, the permit's
	// token, amount and deadline, the function.
	common3 := func(other orchestration.AssetAddress) []change {
		return []change{
			{"spender", func(r *orchestration.PermitRecipe) { r.Spender = dead }},
			{"typedData.domain.verifyingContract", func(r *orchestration.PermitRecipe) { r.TypedData.Domain.VerifyingContract = other.Address }},
			{"typedData.message.value", func(r *orchestration.PermitRecipe) { r.TypedData.Message.Value = plusOne(r.TypedData.Message.Value) }},
			{"typedData.message.deadline", func(r *orchestration.PermitRecipe) {
				r.TypedData.Message.Deadline = plusOne(r.TypedData.Message.Deadline)
			}},
			{"functionSignature", func(r *orchestration.PermitRecipe) { r.FunctionSignature = "multicall(bytes[])" }},
		}
	}
	sepoliaUSDC := s.ref(t, orchestration.Sepolia, "USDC")
	sepoliaMUSD := s.ref(t, orchestration.Sepolia, "mUSD")
	for _, tc := range []struct {
		name     string
		from, to orchestration.AssetAddress
		changes  []change
	}{
		{"swap", s.ref(t, orchestration.Sepolia, "wM"), sepoliaMUSD, append(common3(sepoliaUSDC),
			change{"operation.recipient", func(r *orchestration.PermitRecipe) { r.Operation.Swap.Recipient = dead }},
			change{"operation.extensionOut", func(r *orchestration.PermitRecipe) { r.Operation.Swap.ExtensionOut = sepoliaUSDC.Address }},
			change{"operation.amount", func(r *orchestration.PermitRecipe) { r.Operation.Swap.Amount = plusOne(r.Operation.Swap.Amount) }},
			change{"operation.deadline", func(r *orchestration.PermitRecipe) { r.Operation.Swap.Deadline = plusOne(r.Operation.Swap.Deadline) }},
			change{"operation.method", func(r *orchestration.PermitRecipe) { r.Operation.Swap.Method = "swapOutM" }},
		)},
		{"ammSwap", sepoliaUSDC, s.ref(t, orchestration.Sepolia, "wM"), append(common3(sepoliaMUSD),
			change{"operation.recipient", func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.Recipient = dead }},
			change{"operation.tokenOut", func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.TokenOut = sepoliaMUSD.Address }},
			change{"operation.fee", func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.Fee = 10000 }},
			change{"operation.amountIn", func(r *orchestration.PermitRecipe) {
				r.Operation.AMMSwap.AmountIn = plusOne(r.Operation.AMMSwap.AmountIn)
			}},
			change{"operation.amountOutMinimum", func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.AmountOutMinimum = "0" }},
			change{"operation.deadline", func(r *orchestration.PermitRecipe) {
				r.Operation.AMMSwap.Deadline = plusOne(r.Operation.AMMSwap.Deadline)
			}},
		)},
		{"limitOrder", s.ref(t, orchestration.Sepolia, "wM"), s.ref(t, orchestration.BaseSepolia, "USDC"), append(common3(sepoliaUSDC),
			change{"operation.recipient", func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.Recipient = deadBytes32 }},
			change{"operation.sender", func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.Sender = dead }},
			change{"operation.solver", func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.Solver = deadBytes32 }},
			change{"operation.destChainId", func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.DestChainID = 421614 }},
			change{"operation.tokenOut", func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.TokenOut = deadBytes32 }},
			change{"operation.amountIn", func(r *orchestration.PermitRecipe) {
				r.Operation.LimitOrder.AmountIn = plusOne(r.Operation.LimitOrder.AmountIn)
			}},
			change{"operation.amountOut", func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.AmountOut = "1" }},
			change{"operation.fillDeadline", func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.FillDeadline += 86400 }},
			change{"operation.deadline", func(r *orchestration.PermitRecipe) {
				r.Operation.LimitOrder.Deadline = plusOne(r.Operation.LimitOrder.Deadline)
			}},
		)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, got := s.permitQuote(t, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
				Route: orchestration.Route{Source: tc.from, Destination: tc.to}, AmountIn: "1000000",
				Sender: carol.Address.Hex(), Recipient: bob.Address.Hex(),
			}})
			if resp == nil {
				t.Fatalf("permit quote: %d %s", got.status, got.body)
			}
			q := resp.Quotes[0]
			if len(q.Recipes) != 1 || q.Recipes[0].Operation.Type() != tc.name {
				t.Fatalf("recipes %+v, want one %s recipe", q.Recipes, tc.name)
			}
			good := sign(t, carol, q)[0]
			for _, c := range tc.changes {
				changed := good // the owner's signature over the recipe as issued
				changed.Recipe = copyRecipe(good.Recipe)
				c.edit(&changed.Recipe)
				_, got := s.permitBuild(t, []orchestration.SignedRecipe{changed})
				if msg := s.wantError(c.field, got, 400, orchestration.BadPermitRequest); !strings.Contains(msg, "signedRecipes[0].recipe."+c.field+" ") {
					t.Errorf("%s changed after signing: message %q does not name it", c.field, msg)
				}
			}
			// The recipe as issued builds, says whom it pays, and pays them.
			built, got := s.permitBuild(t, []orchestration.SignedRecipe{good})
			if built == nil {
				t.Fatalf("the recipe as issued: %d %s", got.status, got.body)
			}
			short := bob.Address.Hex()[:5] + "…" + bob.Address.Hex()[38:]
			if a := built.Payloads[0].Annotation; !strings.Contains(a, short) || a == q.Recipes[0].Annotation && !strings.Contains(q.Recipes[0].Annotation, short) {
				t.Errorf("annotation %q does not name the recipient %s", a, short)
			}
			received := s.execute(t, carol, orchestration.Quote{Route: q.Route, Recipient: q.Recipient, MinAmountOut: q.MinAmountOut, Payloads: built.Payloads})
			if min, _ := new(big.Int).SetString(q.MinAmountOut, 10); received.Cmp(min) < 0 {
				t.Errorf("bob received %s, less than minAmountOut %s", received, q.MinAmountOut)
			}
		})
	}
}

// copyRecipe copies r with its own operation, so an edit leaves r as it is.
func copyRecipe(r orchestration.PermitRecipe) orchestration.PermitRecipe {
	switch op := r.Operation; {
	case op.Swap != nil:
		c := *op.Swap
		r.Operation.Swap = &c
	case op.AMMSwap != nil:
		c := *op.AMMSwap
		r.Operation.AMMSwap = &c
	case op.LimitOrder != nil:
		c := *op.LimitOrder
		r.Operation.LimitOrder = &c
	}
	if r.Solver != nil {
		c := *r.Solver
		r.Solver = &c
	}
	return r
}

// The nonce check, pinned: a recipe issued with the owner's next nonce is
// refused once that nonce was used since (the ledger alone would take it:
// it was issued), and so is the same recipe twice in one request (the
// second needs the nonce after the first's).
func TestPermitBuildRefusesAUsedNonce(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on the devnet")
	}
	s := startDevnetServer(t).validated(t)
	carol, _ := devnet.AccountByName("carol")
	req := orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: s.ref(t, orchestration.Sepolia, "wM"), Destination: s.ref(t, orchestration.Sepolia, "mUSD")},
		AmountIn: "1000000", Sender: carol.Address.Hex(),
	}}
	quoteAndSign := func() (orchestration.PermitQuote, orchestration.SignedRecipe) {
		resp, got := s.permitQuote(t, req)
		if resp == nil {
			t.Fatalf("permit quote: %d %s", got.status, got.body)
		}
		return resp.Quotes[0], sign(t, carol, resp.Quotes[0])[0]
	}
	first, firstSigned := quoteAndSign()

	_, got := s.permitBuild(t, []orchestration.SignedRecipe{firstSigned, firstSigned})
	n := first.Recipes[0].TypedData.Message.Nonce
	if msg := s.wantError("one recipe twice", got, 400, orchestration.BadPermitRequest); !strings.Contains(msg, "signedRecipes[1].recipe.typedData.message.nonce is "+n) {
		t.Errorf("one recipe twice: message %q does not refuse the second's nonce %s", msg, n)
	}

	// A second quote before the first is used carries the same nonce.
	second, secondSigned := quoteAndSign()
	if m := second.Recipes[0].TypedData.Message.Nonce; m != n {
		t.Fatalf("the second quote's nonce is %s, the first's %s", m, n)
	}
	built, got := s.permitBuild(t, []orchestration.SignedRecipe{firstSigned})
	if built == nil {
		t.Fatalf("build: %d %s", got.status, got.body)
	}
	s.execute(t, carol, orchestration.Quote{Route: first.Route, Recipient: first.Recipient, MinAmountOut: first.MinAmountOut, Payloads: built.Payloads})
	_, got = s.permitBuild(t, []orchestration.SignedRecipe{secondSigned})
	if msg := s.wantError("a used nonce", got, 400, orchestration.BadPermitRequest); !strings.Contains(msg, "a permit was used since the quote") {
		t.Errorf("a used nonce: message %q does not say the nonce was used", msg)
	}
}
