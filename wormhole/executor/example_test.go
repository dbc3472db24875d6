package executor_test

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"

	"github.com/m0-orchestration/m0/wormhole/executor"
)

// A real mainnet quote (Ethereum → Sei EVM), decoded.
func ExampleParseSignedQuote() {
	const signed = "0x45513031a54008017941ece968623a0dd8ee907e2b1335960000000000000000000000006a8bfc410a3cc7306d52872f116afb12f1cec6c6000200280000000068e4195f00000000000340ae00000000789ce33d00002aaa7540fc0000000000b51cbf0022cb85d8fab0662d61d54754279bd59721187d73c3bd6bbb364ae987c53258e90d80f630dbd2d6d81ae10ca83a0a57422851986b76ab0bd5a19abedacf98d7cb1c"
	raw, _ := hex.DecodeString(strings.TrimPrefix(signed, "0x"))
	q, err := executor.ParseSignedQuote(raw)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d → %d, payee %x, expires %s\n", q.SrcChain, q.DstChain, q.Payee[12:], q.Expiry)
	// Output: 2 → 40, payee 6a8bfc410a3cc7306d52872f116afb12f1cec6c6, expires 2025-10-06 19:32:47 +0000 UTC
}

// The relay instructions of a Solana → EVM transfer (gas limit 450,000,
// message value 4,500,000 wei), as sent to the Executor.
func ExampleRelayInstructions_Bytes() {
	b, err := executor.RelayInstructions{GasLimit: big.NewInt(450_000), MsgValue: big.NewInt(4_500_000)}.Bytes()
	if err != nil {
		panic(err)
	}
	fmt.Printf("0x%x\n", b)
	// Output: 0x010000000000000000000000000006ddd00000000000000000000000000044aa20
}
