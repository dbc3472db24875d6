package permit_test

import (
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

func TestCheck(t *testing.T) {
	for _, mk := range []func() orchestration.PermitRecipe{swapRecipe, ammRecipe, orderRecipe} {
		if err := permit.Check(mk()); err != nil {
			t.Errorf("%s: %v", mk().Operation.Type(), err)
		}
	}
	// swapInM may leave extensionIn out: the permitted token is tokenIn.
	r := swapRecipe()
	r.Operation.Swap.Method, r.Operation.Swap.ExtensionIn = "swapInM", ""
	if err := permit.Check(r); err != nil {
		t.Errorf("swapInM without extensionIn: %v", err)
	}

	type edit = func(*orchestration.PermitRecipe)
	mismatch := func(field string) func(error) bool {
		return func(err error) bool { var m *permit.MismatchError; return errors.As(err, &m) && m.Field == field }
	}
	badField := func(field string) func(error) bool {
		return func(err error) bool { var f *permit.FieldError; return errors.As(err, &f) && f.Field == field }
	}
	for _, tc := range []struct {
		name   string
		recipe func() orchestration.PermitRecipe
		edit   edit
		want   func(error) bool
	}{
		{"function signature", swapRecipe, func(r *orchestration.PermitRecipe) { r.FunctionSignature = permit.AMMSwapSignature }, mismatch("functionSignature")},
		{"legacy swap overload", swapRecipe, func(r *orchestration.PermitRecipe) {
			r.FunctionSignature = "swapWithPermit(address,address,uint256,address,uint256,uint8,bytes32,bytes32)"
		}, mismatch("functionSignature")},
		{"domain chain", swapRecipe, func(r *orchestration.PermitRecipe) { r.TypedData.Domain.ChainID = 1 }, mismatch("typedData.domain.chainId")},
		{"recipe chain", ammRecipe, func(r *orchestration.PermitRecipe) { r.ChainID = 1 }, mismatch("typedData.domain.chainId")},
		{"permit spender", ammRecipe, func(r *orchestration.PermitRecipe) { r.TypedData.Message.Spender = facility.Hex() }, mismatch("typedData.message.spender")},
		{"tx target", orderRecipe, func(r *orchestration.PermitRecipe) { r.Spender = router.Hex() }, mismatch("typedData.message.spender")},
		{"token", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation.Swap.ExtensionIn = mUSD.Hex() }, mismatch("typedData.domain.verifyingContract")},
		{"amm token", ammRecipe, func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.TokenIn = wM.Hex() }, mismatch("typedData.domain.verifyingContract")},
		{"order token", orderRecipe, func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.TokenIn = wM.Hex() }, mismatch("typedData.domain.verifyingContract")},
		{"value", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation.Swap.Amount = "10000001" }, mismatch("typedData.message.value")},
		{"amm value", ammRecipe, func(r *orchestration.PermitRecipe) { r.TypedData.Message.Value = "1" }, mismatch("typedData.message.value")},
		{"order value", orderRecipe, func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.AmountIn = "1" }, mismatch("typedData.message.value")},
		{"deadline", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation.Swap.Deadline = "1900000001" }, mismatch("typedData.message.deadline")},
		{"amm deadline", ammRecipe, func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.Deadline = "1" }, mismatch("typedData.message.deadline")},
		{"no operation", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation = orchestration.PermitOperation{} }, badField("operation")},
		{"two operations", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap = ammRecipe().Operation.AMMSwap }, badField("operation")},
		{"method", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation.Swap.Method = "swapWithPermit" }, badField("operation.method")},
		{"no extensionOut", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation.Swap.ExtensionOut = "" }, badField("operation.extensionOut")},
		{"recipient", swapRecipe, func(r *orchestration.PermitRecipe) { r.Operation.Swap.Recipient = "bob" }, badField("operation.recipient")},
		{"no chain", swapRecipe, func(r *orchestration.PermitRecipe) { r.Chain = "" }, badField("chain")},
		{"svm chain", swapRecipe, func(r *orchestration.PermitRecipe) { r.Chain = orchestration.Solana }, badField("chain")},
		{"spender", swapRecipe, func(r *orchestration.PermitRecipe) { r.Spender = "" }, badField("spender")},
		{"tx value", swapRecipe, func(r *orchestration.PermitRecipe) { r.Value = "-1" }, badField("value")},
		{"fee", ammRecipe, func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.Fee = 1 << 24 }, badField("operation.fee")},
		{"amountOutMinimum", ammRecipe, func(r *orchestration.PermitRecipe) { r.Operation.AMMSwap.AmountOutMinimum = "" }, badField("operation.amountOutMinimum")},
		{"destChainId", orderRecipe, func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.DestChainID = 1 << 32 }, badField("operation.destChainId")},
		{"fillDeadline", orderRecipe, func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.FillDeadline = -1 }, badField("operation.fillDeadline")},
		{"tokenOut", orderRecipe, func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.TokenOut = baseWM.Hex() }, badField("operation.tokenOut")},
		{"amountIn uint128", orderRecipe, func(r *orchestration.PermitRecipe) {
			v := new(big.Int).Lsh(big.NewInt(1), 128).String()
			r.Operation.LimitOrder.AmountIn, r.TypedData.Message.Value = v, v
		}, badField("operation.amountIn")},
		{"zero recipient", orderRecipe, func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.Recipient = common.Hash{}.Hex() }, badField("operation.recipient")},
		{"sender", orderRecipe, func(r *orchestration.PermitRecipe) { r.Operation.LimitOrder.Sender = "" }, badField("operation.sender")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.recipe()
			tc.edit(&r)
			err := permit.Check(r)
			if !tc.want(err) {
				t.Fatalf("Check: %v", err)
			}
			// Encode refuses what Check refuses, with the same error.
			if _, eerr := permit.Encode(r, sign(t, tc.recipe(), ownerKey)); eerr == nil || eerr.Error() != err.Error() {
				t.Errorf("Encode: %v, want %v", eerr, err)
			}
		})
	}
}

func TestCheckDeadline(t *testing.T) {
	r := swapRecipe()
	at := time.Unix(deadline, 0)
	if err := permit.CheckDeadline(r, at); err != nil {
		t.Errorf("at the deadline: %v", err)
	}
	err := permit.CheckDeadline(r, at.Add(time.Second))
	var exp *permit.ExpiredError
	if !errors.As(err, &exp) || !exp.Deadline.Equal(at) {
		t.Errorf("after the deadline: %v", err)
	}
	r.TypedData.Message.Deadline = "x"
	var fe *permit.FieldError
	if err := permit.CheckDeadline(r, at); !errors.As(err, &fe) {
		t.Errorf("bad deadline: %v", err)
	}
}
