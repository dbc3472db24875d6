package app_test

import (
	"encoding/binary"
	"encoding/json"
	"math/big"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// solanaIx is program's instruction name by its IDL: the discriminator,
// args, one account per IDL slot (those of slots set, stand-ins for the
// others).
func solanaIx(t *testing.T, idl *svm.Program, program solana.PublicKey, name string, slots map[string]solana.PublicKey, args ...[]byte) svmtest.Instruction {
	t.Helper()
	disc, ok := idl.Discriminator(name)
	if !ok {
		t.Fatalf("%s has no %s", idl.Name(), name)
	}
	data := slices.Clone(disc)
	for _, a := range args {
		data = append(data, a...)
	}
	_, specs, _ := idl.Match(data)
	accounts := make([]solana.PublicKey, len(specs))
	for i, s := range specs {
		if k, ok := slots[s.Name]; ok {
			accounts[i] = k
		} else {
			accounts[i] = solana.PublicKeyFromBytes(common.BytesToHash([]byte(name + s.Name)).Bytes())
		}
	}
	return svmtest.Instruction{Program: program, Accounts: accounts, Data: data, StackHeight: 1}
}

// The status of Solana source transactions over HTTP, on the cross-runtime
// world's fake node: an ext_swap wrap is DONE with the amount in and the
// amount out the meta's token balances show; a Portal send_token to
// Sepolia is a bridge step, PENDING (its message id is not derivable from
// the transaction: decision 95); an open_order is the order its
// OrderOpened event names; a failed wrap is FAILED; a malformed
// signature, an unknown and a foreign transaction are refused.
func TestTransferStatusSolanaOverHTTP(t *testing.T) {
	w := startPortalSolana(t)
	extSwap, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	portal, err := svm.PortalIDL()
	if err != nil {
		t.Fatal(err)
	}
	sepoliaID := uint32(w.chainID(t, orchestration.Sepolia))
	u64 := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	to := svm.AssociatedTokenAddress(solRecipient, solWM.Mint, svm.Token2022Program)
	wrap := solanaIx(t, extSwap, psDeployment.ExtSwap, "wrap", map[string]solana.PublicKey{
		"signer": solFunder, "m_mint": psDeployment.MMint, "to_mint": solWM.Mint, "to_token_account": to}, u64(1_000_000))
	wrapTx := w.node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{wrap},
		Balances: []svmtest.Balance{{Account: to, Mint: solWM.Mint, Owner: solRecipient, Post: 1_000_000, New: true}}})
	failedTx := w.node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{wrap},
		Err: map[string]any{"InstructionError": []any{0, map[string]any{"Custom": 6003}}}})

	carol := common.HexToAddress("0x00000000000000000000000000000000000ca201")
	destToken, recipient := svm.EVMAddress32(w.d.Contracts(orchestration.Sepolia).WrappedM), svm.EVMAddress32(carol)
	send := solanaIx(t, portal, psDeployment.Portal, "send_token", map[string]solana.PublicKey{"sender": solFunder, "extension_mint": solWM.Mint},
		u64(2_000_000), destToken[:],
		binary.LittleEndian.AppendUint32(nil, sepoliaID), recipient[:])
	sendTx := w.node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{send}})
	var id [32]byte
	id[0], id[31] = 0x5a, 0x01
	openTx := w.node.AddTransaction(svmtest.EventTx(svm.OrderBookProgramID,
		svmtest.OpenOrder(svm.OrderBookProgramID, solFunder, solFunder, solWM.Mint, id, svmtest.OrderParams{DestChainID: sepoliaID, TokenOut: destToken,
			AmountIn: 3_000_000, AmountOut: big.NewInt(2_990_000)}),
		svmtest.EventData("OrderOpened", id, solFunder, solWM.Mint, uint64(3_000_000), sepoliaID, destToken, big.NewInt(2_990_000), [32]byte{})))
	plainTx := w.node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		{Program: solana.SystemProgramID, Accounts: []solana.PublicKey{solFunder, solRecipient}, Data: []byte{2, 0, 0, 0}}}})

	path := func(sig string) string { return base + "/transfers/" + string(orchestration.SolanaDevnet) + "/" + sig }
	status := func(sig solana.Signature) orchestration.TransferStatus {
		t.Helper()
		got := w.do(call{method: "GET", path: path(sig.String()), key: devSecret})
		if got.status != 200 {
			t.Fatalf("transfer status of %s: %d %s", sig, got.status, got.body)
		}
		var st orchestration.TransferStatus
		if err := json.Unmarshal(got.body, &st); err != nil {
			t.Fatal(err)
		}
		return st
	}

	st := status(wrapTx)
	want := orchestration.TransferStep{Kind: orchestration.StepSwap, Contract: psDeployment.ExtSwap.String(), TokenIn: psDeployment.MMint.String(),
		AmountIn: "1000000", TokenOut: solWM.Mint.String(), AmountOut: "1000000", Recipient: to.String()}
	if st.Status != orchestration.TransferDone || st.From != solFunder.String() || len(st.Steps) != 1 || st.Steps[0] != want {
		t.Errorf("wrap: %+v, want DONE from %s with %+v", st, solFunder, want)
	}

	st = status(sendTx)
	if st.Status != orchestration.TransferPending || len(st.Steps) != 1 || st.Steps[0].Bridge == nil {
		t.Fatalf("send_token: %+v", st)
	}
	if s, b := st.Steps[0], st.Steps[0].Bridge; s.Kind != orchestration.StepBridge || s.AmountIn != "2000000" || s.TokenIn != solWM.Mint.String() ||
		s.Recipient != carol.Hex() || b.DestinationChain != orchestration.Sepolia || b.DestinationChainID != uint64(sepoliaID) ||
		b.Status != orchestration.DeliveryPending {
		t.Errorf("send_token step %+v bridge %+v", s, *b)
	}

	st = status(openTx)
	if st.Status != orchestration.TransferDone || len(st.Steps) != 1 || st.Steps[0].Order == nil {
		t.Fatalf("open_order: %+v", st)
	}
	if s, o := st.Steps[0], st.Steps[0].Order; s.Kind != orchestration.StepLimitOrder || s.AmountIn != "3000000" || s.TokenIn != solWM.Mint.String() ||
		o.OriginChain != orchestration.SolanaDevnet || o.OrderID != "0x"+common.Bytes2Hex(id[:]) {
		t.Errorf("open_order step %+v order %+v", s, *o)
	}

	if st := status(failedTx); st.Status != orchestration.TransferFailed || len(st.Steps) != 0 {
		t.Errorf("failed wrap: %+v", st)
	}

	got := w.do(call{method: "GET", path: path("0x" + common.Bytes2Hex(make([]byte, 32))), key: devSecret})
	w.wantError("malformed signature", got, 400, orchestration.BadTransferRequest)
	got = w.do(call{method: "GET", path: path(solana.Signature{7}.String()), key: devSecret})
	w.wantError("unknown transaction", got, 404, orchestration.TransferNotFound)
	got = w.do(call{method: "GET", path: path(plainTx.String()), key: devSecret})
	w.wantError("a plain SOL transfer", got, 400, orchestration.TransferNotRecognized)
}
