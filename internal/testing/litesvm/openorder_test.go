package litesvm_test

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/internal/testing/litesvm"
	"github.com/m0-orchestration/m0/svm"
)

// An order opening on Solana as the limit-order provider frames it
// (compute budget, then the funder's open_order of USDK for wM on
// Ethereum): its non-M0 part, the compute budget, runs in LiteSVM within
// the limit it sets; its open_order reads back by the order book's IDL
// (svm.ReadOpenOrder, the nonce account of the funder and the order of
// its terms at nonce 0); whole, it fails for want of the order book,
// whose binary is not in this repository, so what the program itself
// checks (created_at against its clock, the destination's support, the
// transfer into the order's account) stays unverified here.
func TestOpenOrderNonM0PartRuns(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	var tokenOut, to [32]byte
	copy(tokenOut[12:], []byte{0x43, 0x7c, 0xc3, 0x33, 0x44, 0xa0, 0xB2, 0x7A, 0x42, 0x9f, 0x79, 0x5f, 0xf6, 0xB4, 0x69, 0xC7, 0x26, 0x98, 0xB2, 0x91})
	to[31] = 0x22
	ix, err := svm.OpenOrder(svm.OpenOrderParams{Payer: funder, TokenIn: usdkMint.Address, TokenInProgram: svm.Token2022Program,
		OriginChainID: 1399811149, DestChainID: 1, CreatedAt: 1_800_000_000, FillDeadline: 1_800_003_600,
		TokenOut: tokenOut, AmountIn: 5_000_000, AmountOut: big.NewInt(4_995_000), Recipient: to})
	if err != nil {
		t.Fatal(err)
	}
	const limit = 150_000
	tx := payload(t, []solana.Instruction{ix}, svm.TxConfig{ComputeUnitLimit: limit, ComputeUnitPrice: 1_000})
	runnable, m0, err := litesvm.Runnable(tx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m0) != 1 || !m0[0].ProgramID().Equals(svm.OrderBookProgramID) {
		t.Fatalf("left out %d instructions, want the open_order one", len(m0))
	}
	c, err := svm.ReadOpenOrder(m0[0], funder)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.CheckOrder(0, 1399811149); err != nil {
		t.Error(err)
	}
	decoded, err := svm.Decode(runnable)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := svm.StaticInstructions(decoded)
	if err != nil {
		t.Fatal(err)
	}
	var programs []solana.PublicKey
	for _, k := range kept {
		programs = append(programs, k.ProgramID())
	}
	if want := []solana.PublicKey{svm.ComputeBudgetProgram, svm.ComputeBudgetProgram}; !slices.Equal(programs, want) {
		t.Fatalf("runnable programs %v, want %v", programs, want)
	}

	res := run(t, h, litesvm.Request{Accounts: world(t, usdkMint), Transactions: []string{runnable, tx}})
	if r := res.Transactions[0]; !r.OK() || r.ComputeUnits > limit {
		t.Fatalf("the runnable part: %q, %d units of %d\n%s", r.Err, r.ComputeUnits, limit, strings.Join(r.Logs, "\n"))
	}
	if r := res.Transactions[1]; r.Err != "InvalidProgramForExecution" {
		t.Errorf("the whole payload: %q, want InvalidProgramForExecution (if LiteSVM has the order book now, run it whole)", r.Err)
	}
}
