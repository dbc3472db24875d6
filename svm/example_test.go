package svm_test

import (
	"fmt"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// A solver reads an ext_swap call back by the IDL before signing the
// transaction: what it does, and where the output goes.
func ExampleProgram_ReadCall() {
	owner := solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	usdk := svm.Extension{
		Program:      solana.MustPublicKeyFromBase58("extaykYu5AQcDm3qZAbiDN3yp6skqn6Nssj7veUUGZw"),
		Mint:         solana.MustPublicKeyFromBase58("usdkbee86pkLyRmxfFCdkyySpxRb5ndCxVsK2BkRXwX"),
		TokenProgram: svm.Token2022Program,
	}
	xs, err := svm.NewExtSwap(svm.ExtSwapConfig{})
	if err != nil {
		panic(err)
	}
	wrap, err := xs.Wrap(svm.WrapParams{Owner: owner, To: usdk, Amount: 1_000_000})
	if err != nil {
		panic(err)
	}
	tx, err := svm.Build([]solana.Instruction{wrap}, svm.TxConfig{FeePayer: owner, RecentBlockhash: solana.Hash{1}})
	if err != nil {
		panic(err)
	}

	// The solver's side: decode the transaction it is asked to sign, and
	// read its ext_swap call back with the flags the message gives.
	ixs, err := svm.Instructions(tx, nil)
	if err != nil {
		panic(err)
	}
	idl, err := svm.ExtSwapIDL()
	if err != nil {
		panic(err)
	}
	call, err := idl.ReadCall(ixs[0], tx.Message.AccountKeys[0])
	if err != nil {
		fmt.Println("refused:", err)
		return
	}
	to, _ := call.Account("to_token_account")
	fmt.Println(call.Name, call.Args)
	fmt.Println("to the owner's USDK account:", to.Equals(svm.AssociatedTokenAddress(owner, usdk.Mint, usdk.TokenProgram)))
	// Output:
	// wrap [1000000]
	// to the owner's USDK account: true
}
