package app_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"math/big"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
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
// Sepolia, as a node returns it once landed, is a bridge step with the
// message id its adapter invocation carries (decision 104), PENDING, then
// DELIVERED with Sepolia's transaction once a VAA of it is executed there
// (without inner instructions it stays PENDING with no id); an open_order
// is the order its OrderOpened event names; a failed wrap is FAILED; a
// malformed signature, an unknown and a foreign transaction are refused.
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
	send := solanaIx(t, portal, psDeployment.Portal, "send_token", map[string]solana.PublicKey{"sender": solFunder, "extension_mint": solWM.Mint,
		"bridge_adapter": psDeployment.WormholeAdapter}, u64(2_000_000), destToken[:],
		binary.LittleEndian.AppendUint32(nil, sepoliaID), recipient[:])
	// The Portal's id of its 42nd message (the node's PortalGlobal holds
	// nonce 41): keccak256(abi.encode(chain id, destination, nonce)), as
	// generate_message_id computes it.
	msgID := crypto.Keccak256Hash(common.LeftPadBytes(binary.BigEndian.AppendUint32(nil, psDeployment.M0ChainID), 32),
		common.LeftPadBytes(binary.BigEndian.AppendUint32(nil, sepoliaID), 32), common.LeftPadBytes([]byte{42}, 32))
	landed, err := svmtest.SendTokenTx(psDeployment, send, svmtest.Published{MessageID: msgID, Sequence: psSequence,
		Peer: svm.EVMAddress32(w.d.Contracts(orchestration.Sepolia).WormholeAdapter), Index: big.NewInt(1_040_000_000_000), MessageFee: psSolanaMsgFee})
	if err != nil {
		t.Fatal(err)
	}
	// Compiled v0 against the adapter's table, as the service builds it:
	// the table's accounts (the adapter, the shim and the core bridge
	// among them) come from meta.loadedAddresses, not the message's keys.
	landed.Loaded = w.state.Table
	sendTx := w.node.AddTransaction(landed)
	// The same send from a node that records no inner instructions: its
	// message id is not known.
	bareTx := w.node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{send}})
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
		b.Status != orchestration.DeliveryPending || b.MessageID != msgID.Hex() || b.DestinationTxHash != "" {
		t.Errorf("send_token step %+v bridge %+v, want PENDING with message id %s", s, *b, msgID.Hex())
	}
	if st := status(bareTx); st.Status != orchestration.TransferPending || len(st.Steps) != 1 || st.Steps[0].Bridge == nil || st.Steps[0].Bridge.MessageID != "" {
		t.Errorf("send_token without inner instructions: %+v, want PENDING with no message id", st)
	}

	// The guardians and the Executor's relayer deliver it on Sepolia: a
	// VAA of the Solana adapter's emitter (the peer ConfigureSolana set),
	// executed on Sepolia's adapter, whose Portal emits TokenReceived with
	// the message id. The hub's Portal pays out M it holds: mint it some.
	deliveryTx := deliverFromSolana(t, w.d, msgID, sepoliaID, destToken, recipient, 2_000_000)
	st = status(sendTx)
	if b := st.Steps[0].Bridge; st.Status != orchestration.TransferDone || b == nil || b.Status != orchestration.DeliveryDelivered ||
		b.MessageID != msgID.Hex() || b.DestinationTxHash != deliveryTx.TxHash.Hex() || b.DestinationBlockNumber != deliveryTx.BlockNumber.Uint64() || b.DeliveredAt == 0 {
		t.Errorf("send_token after the delivery: %+v bridge %+v, want DONE, DELIVERED in %s (block %d)", st, b, deliveryTx.TxHash.Hex(), deliveryTx.BlockNumber)
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

// deliverFromSolana stands in for the guardians and the Executor's relayer
// for a token transfer a Solana cluster published: it mints the hub
// Portal on Sepolia the M it pays out, and executes on Sepolia's Wormhole
// adapter a VAA of the Solana adapter's emitter (the sender peer
// ConfigureSolana set) carrying msgID, in the devnet's payload format. It
// returns the delivery's receipt.
func deliverFromSolana(t *testing.T, d *devnet.Devnet, msgID common.Hash, dest uint32, token, recipient [32]byte, amount int64) *types.Receipt {
	t.Helper()
	ctx := context.Background()
	c, _ := d.Chain(orchestration.Sepolia)
	k := d.Contracts(orchestration.Sepolia)
	deployer, _ := devnet.AccountByName("deployer")
	opts, err := bind.NewKeyedTransactorWithChainID(deployer.Key, new(big.Int).SetUint64(c.ChainID))
	if err != nil {
		t.Fatal(err)
	}
	opts.Context = ctx
	m, _ := bindings.NewMToken(k.MToken, c.Client())
	tx, err := m.Mint(opts, k.Portal, big.NewInt(amount))
	if err == nil {
		_, err = c.WaitMined(ctx, tx)
	}
	if err != nil {
		t.Fatalf("minting the hub Portal M: %v", err)
	}
	body, err := devnet.EncodeTokenTransfer(devnet.TokenTransfer{Amount: big.NewInt(amount), DestinationToken: token,
		Sender: [32]byte(solFunder), Recipient: recipient, Index: big.NewInt(1_040_000_000_000)})
	if err != nil {
		t.Fatal(err)
	}
	payload, err := devnet.EncodeMessage(devnet.Message{PayloadType: 0, DestinationChainID: dest, MessageID: msgID, Body: body})
	if err != nil {
		t.Fatal(err)
	}
	vaa, err := devnet.VAA{Timestamp: uint32(c.Now().Unix()), EmitterChain: devnet.WormholeSolana, EmitterAddress: [32]byte(svm.WormholeAdapterProgramID),
		Sequence: psSequence, ConsistencyLevel: 1, Payload: payload}.Sign(devnet.GuardianKey())
	if err != nil {
		t.Fatal(err)
	}
	adapter, _ := bindings.NewWormholeBridgeAdapter(k.WormholeAdapter, c.Client())
	tx, err = adapter.ExecuteVAAv1(opts, vaa)
	if err != nil {
		t.Fatalf("executing the VAA on Sepolia: %v", err)
	}
	r, err := c.WaitMined(ctx, tx)
	if err != nil {
		t.Fatalf("executing the VAA on Sepolia: %v", err)
	}
	return r
}
