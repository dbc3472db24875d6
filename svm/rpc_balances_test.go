package svm_test

import (
	"context"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// Transactions decodes meta's pre/postTokenBalances; TokenDelta is post −
// pre per account, an account created by the transaction counting from
// zero and one meta does not list not found.
func TestTransactionsDecodeTokenBalances(t *testing.T) {
	node := svmtest.NewRPC()
	defer node.Close()
	payer, paid, created, other := key(1), key(2), key(3), key(4)
	sig := node.AddTransaction(svmtest.Transaction{
		Instructions: []svmtest.Instruction{{Program: key(9), Accounts: []solana.PublicKey{payer, paid, created, other}, Data: []byte{1}}},
		Balances: []svmtest.Balance{
			{Account: paid, Mint: svm.MMint, Owner: payer, Pre: 1_000_000, Post: 400_000},
			{Account: created, Mint: svm.MMint, Owner: key(5), Post: 600_000, New: true},
		},
	})
	txs, err := newClient(t, node.URL()).Transactions(context.Background(), orchestration.Solana, []string{sig.String()}, "")
	if err != nil {
		t.Fatal(err)
	}
	tx := txs[0]
	if len(tx.PreTokenBalances) != 1 || len(tx.PostTokenBalances) != 2 {
		t.Fatalf("pre %d post %d balances, want 1 and 2", len(tx.PreTokenBalances), len(tx.PostTokenBalances))
	}
	if b := tx.PostTokenBalances[1]; b.Mint != svm.MMint || b.Owner != key(5) || b.Amount.Int64() != 600_000 || tx.AccountKeys[b.AccountIndex] != created {
		t.Errorf("post balance = %+v", b)
	}
	for _, c := range []struct {
		key   solana.PublicKey
		delta int64
		ok    bool
	}{{paid, -600_000, true}, {created, 600_000, true}, {other, 0, false}} {
		mint, d, ok := tx.TokenDelta(c.key)
		if ok != c.ok || d.Int64() != c.delta || (ok && mint != svm.MMint) {
			t.Errorf("TokenDelta(%s) = %s %s %v, want %d %v", c.key, mint, d, ok, c.delta, c.ok)
		}
	}
}
