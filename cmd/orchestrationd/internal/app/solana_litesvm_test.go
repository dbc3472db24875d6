package app_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/internal/testing/litesvm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
)

// lamportsPerSignature is the base fee per signature, LiteSVM's as a
// cluster's.
const lamportsPerSignature = 5_000

// The payloads of an M → wM quote, as the binary answers them over HTTP
// with a compute budget configured and a recipient without a wM account,
// run in LiteSVM in order on the state the fake node serves (its mints,
// token accounts and the funder's lamports, loaded as they are): the
// first payload creates the recipient's wM account, under the token
// program the catalog gives wM, and the compute budget part of the second
// executes, the funder paying the configured priority fee. ext_swap is
// absent from LiteSVM (its binary is not in this repository), so the
// second payload's wrap cannot run: it is checked against the IDL instead,
// writing into the account the first payload created.
func TestSolanaPayloadsExecuteInLiteSVM(t *testing.T) {
	h := litesvm.ForTest(t)
	node := solanaNode(t)
	const limit, price = 250_000, 1_000 // units, micro-lamports per unit
	e := startSolana(t, node, app.ProvidersConfig{SolanaComputeUnitLimit: limit, SolanaComputeUnitPrice: price})

	wm, err := asset.Default().Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: solWM.Mint.String()})
	if err != nil {
		t.Fatal(err)
	}
	tokenProgram, err := solana.PublicKeyFromBase58(wm.TokenProgram)
	if err != nil {
		t.Fatalf("the catalog's token program of wM on Solana, %q: %v", wm.TokenProgram, err)
	}
	ata := svm.AssociatedTokenAddress(solRecipient, solWM.Mint, tokenProgram)
	state := node.Accounts()
	if _, ok := state[ata]; ok {
		t.Fatal("the node already holds the recipient's wM account; nothing to create")
	}

	quotes, got := e.solanaQuote(svm.MMint, solWM.Mint, "1000000")
	if got.status != 200 || len(quotes) == 0 {
		t.Fatalf("M -> wM: %d %s", got.status, got.body)
	}
	q := quotes[0]
	if len(q.Payloads) != 2 {
		t.Fatalf("M -> wM: %d payloads, want the account creation and the wrap", len(q.Payloads))
	}
	for _, p := range q.Payloads {
		decodeSVM(t, node, p) // unsigned, the funder paying, at the node's blockhash
	}
	create, wrap := q.Payloads[0].Data.SVM.Transaction, q.Payloads[1].Data.SVM.Transaction
	if runnable, m0, err := litesvm.Runnable(create, nil); err != nil || len(m0) != 0 || runnable != create {
		t.Fatalf("the first payload is not wholly runnable in LiteSVM (%d M0 instructions, %v)", len(m0), err)
	}
	budget, m0, err := litesvm.Runnable(wrap, nil)
	if err != nil {
		t.Fatalf("the second payload: %v", err)
	}
	if len(m0) != 1 {
		t.Fatalf("the second payload has %d instructions LiteSVM lacks, want the wrap", len(m0))
	}
	call := extSwapCall(t, m0[0], "wrap", []any{uint64(1_050_000)}, "to_token_account", solWM.Mint)
	if dest, _ := call.Account("to_token_account"); !dest.Equals(ata) {
		t.Errorf("the wrap writes into %s, not the account the first payload creates (%s)", dest, ata)
	}
	decoded, err := svm.Decode(budget)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := svm.Instructions(decoded, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 2 || slices.ContainsFunc(kept, func(ix *solana.GenericInstruction) bool { return !ix.ProgramID().Equals(svm.ComputeBudgetProgram) }) {
		t.Fatalf("the second payload's runnable part: %d instructions, want the compute unit limit and price", len(kept))
	}

	var accounts []litesvm.Account
	for k, a := range state {
		accounts = append(accounts, litesvm.Account{Address: k, Lamports: a.Lamports, Owner: a.Owner, Data: a.Data})
	}
	watch := []solana.PublicKey{ata, solFunder}
	// The second run, the creation alone, prices the compute budget part
	// as the difference in what the funder paid.
	res, err := h.RunAll(t.Context(),
		litesvm.Request{Accounts: accounts, Transactions: []string{create, budget}, Watch: watch},
		litesvm.Request{Accounts: accounts, Transactions: []string{create}, Watch: watch})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res[0].Transactions {
		if !r.OK() {
			t.Fatalf("payload %d (%s): %s\n%s", i+1, q.Payloads[i].Annotation, r.Err, strings.Join(r.Logs, "\n"))
		}
	}
	a := res[0].Accounts[ata]
	if a == nil {
		t.Fatalf("the recipient's wM account %s does not exist after the first payload", ata)
	}
	created, err := a.Token()
	if err != nil {
		t.Fatal(err)
	}
	if created.Owner != solRecipient || created.Mint != solWM.Mint || created.TokenProgram != tokenProgram || created.Amount != 0 {
		t.Errorf("created %+v; want an empty wM account of the recipient under %s", created, tokenProgram)
	}
	if r := res[0].Transactions[1]; r.ComputeUnits > limit {
		t.Errorf("the compute budget part used %d units, over its own limit %d", r.ComputeUnits, limit)
	}
	// A signature, and the priority fee: price × limit micro-lamports.
	want := uint64(lamportsPerSignature + limit*price/1_000_000)
	if paid := res[1].Accounts[solFunder].Lamports - res[0].Accounts[solFunder].Lamports; paid != want {
		t.Errorf("the funder paid %d lamports for the compute budget part, want %d (one signature and %d units at %d micro-lamports)", paid, want, limit, price)
	}
}
