package svmtest

import (
	"strconv"

	"github.com/gagliardetto/solana-go"
)

// Balance is a token account's balance before and after a transaction,
// answered in getTransaction's meta as preTokenBalances and
// postTokenBalances (uiTokenAmount.amount). The account must be one of the
// transaction's instructions' accounts.
type Balance struct {
	Account, Mint, Owner solana.PublicKey
	Pre, Post            uint64
	// New leaves the account out of preTokenBalances: created by the
	// transaction.
	New bool
}

// tokenBalances is the meta's preTokenBalances and postTokenBalances of
// bals, indexes from index.
func tokenBalances(bals []Balance, index map[solana.PublicKey]int) (pre, post []any) {
	pre, post = []any{}, []any{}
	wire := func(b Balance, amount uint64) map[string]any {
		return map[string]any{"accountIndex": index[b.Account], "mint": b.Mint.String(), "owner": b.Owner.String(),
			"programId":     solana.TokenProgramID.String(),
			"uiTokenAmount": map[string]any{"amount": strconv.FormatUint(amount, 10), "decimals": 6, "uiAmount": nil, "uiAmountString": ""}}
	}
	for _, b := range bals {
		if !b.New {
			pre = append(pre, wire(b, b.Pre))
		}
		post = append(post, wire(b, b.Post))
	}
	return pre, post
}
