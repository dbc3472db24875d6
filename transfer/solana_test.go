package transfer

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// solKey is a deterministic key named s.
func solKey(s string) solana.PublicKey {
	h := sha256.Sum256([]byte("transfer test " + s))
	return solana.PublicKeyFromBytes(h[:])
}

// idlIx is an instruction of program built by its IDL's layout: the
// discriminator of name, then args (Borsh bytes), and one account per IDL
// slot, the slots named in slots set, the others stand-ins.
func idlIx(t *testing.T, idl *svm.Program, program solana.PublicKey, name string, slots map[string]solana.PublicKey, args ...[]byte) svmtest.Instruction {
	t.Helper()
	disc, ok := idl.Discriminator(name)
	if !ok {
		t.Fatalf("%s has no %s", idl.Name(), name)
	}
	data := slices.Clone(disc)
	for _, a := range args {
		data = append(data, a...)
	}
	_, specs, ok := idl.Match(data)
	if !ok {
		t.Fatalf("%s.%s does not match its own discriminator", idl.Name(), name)
	}
	accounts := make([]solana.PublicKey, len(specs))
	for i, s := range specs {
		if k, ok := slots[s.Name]; ok {
			accounts[i] = k
		} else {
			accounts[i] = solKey(name + " " + s.Name)
		}
	}
	return svmtest.Instruction{Program: program, Accounts: accounts, Data: data, StackHeight: 1}
}

func u64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
func u32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }

// orders is an order service that knows one order's status.
type orders struct {
	orchestration.OrderService
	ref    orchestration.OrderRef
	status orchestration.OrderStatus
}

func (o orders) Order(_ context.Context, ref orchestration.OrderRef) (*orchestration.Order, error) {
	if ref != o.ref {
		return nil, orchestration.Errorf(orchestration.OrderNotFound, "no order %s", ref.OrderID)
	}
	return &orchestration.Order{OrderID: ref.OrderID, Status: o.status}, nil
}

// evmNode is a fake EVM node whose eth_getLogs answers logs.
func evmNode(logs ...types.Log) *node { return &node{logs: logs} }

func TestSolanaTransfer(t *testing.T) {
	cat := asset.Default()
	info, ok := cat.Chain(orchestration.Solana)
	if !ok {
		t.Fatal("the default catalog has no Solana")
	}
	progs := solanaProgramsOf(info)
	if progs.extSwap.IsZero() || progs.portal.IsZero() || progs.orderBook.IsZero() {
		t.Fatalf("the catalog's Solana programs: %+v", progs)
	}
	eth, ok := cat.Chain(orchestration.Ethereum)
	if !ok {
		t.Fatal("the default catalog has no Ethereum")
	}
	node := svmtest.NewRPC()
	defer node.Close()
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	payer, fromMint, toMint, toAccount := solKey("payer"), solKey("wM"), solKey("USDK"), solKey("payer's USDK account")

	swapIx := idlIx(t, extSwapIDL, progs.extSwap, "swap", map[string]solana.PublicKey{
		"signer": payer, "from_mint": fromMint, "to_mint": toMint, "to_token_account": toAccount}, u64(1_000_000), []byte{3})
	swap := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{swapIx},
		Balances: []svmtest.Balance{{Account: toAccount, Mint: toMint, Owner: payer, Pre: 5, Post: 999_905}}})
	failed := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{swapIx},
		Err: map[string]any{"InstructionError": []any{0, map[string]any{"Custom": 6001}}}})

	recipient := common.HexToAddress("0x00000000000000000000000000000000000000b0")
	var recipientWord, destToken [32]byte
	copy(recipientWord[12:], recipient[:])
	destToken[31] = 7
	send := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		idlIx(t, portalIDL, progs.portal, "send_token", map[string]solana.PublicKey{"sender": payer, "extension_mint": fromMint},
			u64(2_500_000), destToken[:], u32(uint32(eth.ChainID)), recipientWord[:])}})

	var id [32]byte
	id[0], id[31] = 0xab, 0x01
	idHex := "0x" + hex.EncodeToString(id[:])
	opened := svmtest.EventData("OrderOpened", id, payer, fromMint, uint64(3_000_000), uint32(eth.ChainID), destToken, big.NewInt(2_990_000), [32]byte{})
	open := node.AddTransaction(svmtest.EventTx(progs.orderBook,
		svmtest.OpenOrder(progs.orderBook, payer, payer, fromMint, id, svmtest.OrderParams{DestChainID: uint32(eth.ChainID), TokenOut: destToken,
			AmountIn: 3_000_000, AmountOut: big.NewInt(2_990_000)}), opened))
	// An open_order without its event (a node that lost the inner
	// instructions) says no order id: not read as one.
	openNoEvent := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		svmtest.OpenOrder(progs.orderBook, payer, payer, fromMint, id, svmtest.OrderParams{DestChainID: uint32(eth.ChainID), AmountOut: big.NewInt(1)})}})
	cancel := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		idlIx(t, orderBookIDL, progs.orderBook, "cancel_native_order", map[string]solana.PublicKey{"signer": payer}, id[:])}})
	mAccount := solKey("payer's M account")
	unwrap := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		idlIx(t, extSwapIDL, progs.extSwap, "unwrap", map[string]solana.PublicKey{"signer": payer, "from_mint": fromMint, "m_mint": svm.MMint, "m_token_account": mAccount},
			u64(700))},
		Balances: []svmtest.Balance{{Account: mAccount, Mint: svm.MMint, Owner: payer, Pre: 10, Post: 710}}})
	// cancel_foreign_order's order_data: the 226 bytes of the order
	// (m0-solana-facts §5), here zeros after its version.
	orderData := make([]byte, 226)
	orderData[0] = 1
	cancelForeign := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		idlIx(t, orderBookIDL, progs.orderBook, "cancel_foreign_order", map[string]solana.PublicKey{"signer": payer}, id[:], orderData)}})
	plain := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		{Program: solana.SystemProgramID, Accounts: []solana.PublicKey{payer, toAccount}, Data: []byte{2, 0, 0, 0}}}})
	// A failed call of another program is not the service's either.
	plainFailed := node.AddTransaction(svmtest.Transaction{Err: "AccountNotFound", Instructions: []svmtest.Instruction{
		{Program: solana.SystemProgramID, Accounts: []solana.PublicKey{payer, toAccount}, Data: []byte{2, 0, 0, 0}}}})

	// Sends as a node returns them once landed (svmtest.SendTokenTx): the
	// Portal's invocation of its adapter's send_message, under the
	// send_token, carries the message id. The first is delivered on
	// Ethereum, the second not yet.
	withAdapter := idlIx(t, portalIDL, progs.portal, "send_token", map[string]solana.PublicKey{"sender": payer, "extension_mint": fromMint,
		"bridge_adapter": svm.WormholeAdapterProgramID}, u64(2_500_000), destToken[:], u32(uint32(eth.ChainID)), recipientWord[:])
	deliveredID, pendingID, reportID := common.Hash{0xd1, 31: 1}, common.Hash{0xd2, 31: 2}, common.Hash{0xd3, 31: 3}
	landed := func(id common.Hash) svmtest.Transaction {
		tx, err := svmtest.SendTokenTx(svm.MainnetPortal, withAdapter, svmtest.Published{MessageID: id, Sequence: 77, Peer: [32]byte(word(portal)), MessageFee: 5000})
		if err != nil {
			t.Fatal(err)
		}
		// The payload sets its compute limit first, so the send is outer
		// instruction 1 and its inner instructions are listed under 1.
		limit := svmtest.Instruction{Program: solana.ComputeBudget, Data: binary.LittleEndian.AppendUint32([]byte{2}, 400_000), StackHeight: 1}
		tx.Instructions = append([]svmtest.Instruction{limit}, tx.Instructions...)
		tx.Inner = map[int][]svmtest.Instruction{1: tx.Inner[0]}
		return tx
	}
	sendDelivered, sendPending := node.AddTransaction(landed(deliveredID)), node.AddTransaction(landed(pendingID))
	// The adapter handed a message to another chain than the instruction
	// names: not this send's, so no id is taken from it.
	mismatched := landed(pendingID)
	for j, in := range mismatched.Inner[1] {
		if in.Program == svm.WormholeAdapterProgramID {
			mismatched.Inner[1][j] = svmtest.AdapterSendMessage(svm.MainnetPortal, svm.WormholeAdapterProgramID, payer,
				svm.AdapterMessage{DestinationChainID: 8453, MessageID: pendingID})
		}
	}
	sendMismatched := node.AddTransaction(mismatched)
	// A foreign order's cancel whose report to its origin (Ethereum) the
	// Portal handed the adapter, one invocation deeper.
	foreign := slices.Clone(orderData)
	binary.LittleEndian.PutUint32(foreign[2+32+8:], uint32(eth.ChainID)) // origin_chain_id, after version, sender, nonce
	report := svmtest.AdapterSendMessage(svm.MainnetPortal, svm.WormholeAdapterProgramID, payer,
		svm.AdapterMessage{DestinationChainID: uint32(eth.ChainID), MessageID: reportID, PayloadType: 6, Payload: make([]byte, 112)})
	report.StackHeight = 3
	cancelReported := node.AddTransaction(svmtest.Transaction{Instructions: []svmtest.Instruction{
		idlIx(t, orderBookIDL, progs.orderBook, "cancel_foreign_order", map[string]solana.PublicKey{"signer": payer, "bridge_adapter": svm.WormholeAdapterProgramID}, id[:], foreign)},
		Inner: map[int][]svmtest.Instruction{0: {report}}})

	destTx := common.HexToHash("0x" + strings.Repeat("e1", 32))
	ethNode := evmNode(received(t, deliveredID, destTx, 990))
	tr, err := New(Config{Catalog: cat, Solana: client,
		Clients: map[orchestration.Chain]Client{orchestration.Ethereum: ethNode},
		Head:    func(c orchestration.Chain) (uint64, bool) { return 1_000, c == orchestration.Ethereum },
		Orders:  orders{ref: orchestration.OrderRef{OriginChain: orchestration.Solana, OrderID: idHex}, status: orchestration.OrderCreated}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		sig    string
		code   orchestration.Code
		status orchestration.TransferState
		check  func(t *testing.T, st *orchestration.TransferStatus)
		// ethBatches is how many batches the case sends Ethereum's node:
		// one when a message id is to be looked for there.
		ethBatches int
	}{
		{name: "malformed signature", sig: "0x" + hex.EncodeToString(id[:]), code: orchestration.BadTransferRequest},
		{name: "not found", sig: solana.Signature{9, 9}.String(), code: orchestration.TransferNotFound},
		{name: "no program of the service", sig: plain.String(), code: orchestration.TransferNotRecognized},
		{name: "failed, no program of the service", sig: plainFailed.String(), code: orchestration.TransferNotRecognized},
		{name: "open_order without its event", sig: openNoEvent.String(), code: orchestration.TransferNotRecognized},
		{name: "ext_swap swap", sig: swap.String(), status: orchestration.TransferDone, check: func(t *testing.T, st *orchestration.TransferStatus) {
			want := orchestration.TransferStep{Kind: orchestration.StepSwap, Contract: progs.extSwap.String(), TokenIn: fromMint.String(),
				AmountIn: "1000000", TokenOut: toMint.String(), AmountOut: "999900", Recipient: toAccount.String()}
			if len(st.Steps) != 1 || st.Steps[0] != want {
				t.Errorf("steps = %+v, want %+v", st.Steps, want)
			}
			if st.From != payer.String() || st.To != progs.extSwap.String() || st.BlockNumber == 0 || st.BlockTimestamp == 0 {
				t.Errorf("from %s to %s slot %d time %d", st.From, st.To, st.BlockNumber, st.BlockTimestamp)
			}
		}},
		{name: "ext_swap unwrap", sig: unwrap.String(), status: orchestration.TransferDone, check: func(t *testing.T, st *orchestration.TransferStatus) {
			want := orchestration.TransferStep{Kind: orchestration.StepSwap, Contract: progs.extSwap.String(), TokenIn: fromMint.String(),
				AmountIn: "700", TokenOut: svm.MMint.String(), AmountOut: "700", Recipient: mAccount.String()}
			if len(st.Steps) != 1 || st.Steps[0] != want {
				t.Errorf("steps = %+v, want %+v", st.Steps, want)
			}
		}},
		{name: "cancel_foreign_order", sig: cancelForeign.String(), status: orchestration.TransferDone, check: func(t *testing.T, st *orchestration.TransferStatus) {
			if len(st.Steps) != 1 || st.Steps[0].Kind != orchestration.StepLimitOrder || st.Steps[0].Order == nil ||
				*st.Steps[0].Order != (orchestration.TransferOrder{OriginChain: orchestration.Solana, OrderID: idHex, Status: orchestration.OrderCreated}) {
				t.Errorf("steps = %+v", st.Steps)
			}
		}},
		{name: "failed swap", sig: failed.String(), status: orchestration.TransferFailed, check: func(t *testing.T, st *orchestration.TransferStatus) {
			if len(st.Steps) != 0 || st.To != progs.extSwap.String() {
				t.Errorf("steps %+v to %s", st.Steps, st.To)
			}
		}},
		{name: "send_token delivered", sig: sendDelivered.String(), status: orchestration.TransferDone, ethBatches: 1, check: func(t *testing.T, st *orchestration.TransferStatus) {
			want := orchestration.BridgeDelivery{MessageID: deliveredID.Hex(), DestinationChain: orchestration.Ethereum, DestinationChainID: eth.ChainID,
				Status: orchestration.DeliveryDelivered, DestinationTxHash: destTx.Hex(), DestinationBlockNumber: 990, DeliveredAt: 1_735_963_500}
			if len(st.Steps) != 1 || st.Steps[0].Kind != orchestration.StepBridge || st.Steps[0].AmountIn != "2500000" || st.Steps[0].Bridge == nil || *st.Steps[0].Bridge != want {
				t.Errorf("steps = %+v, want one bridge step %+v", st.Steps, want)
			}
		}},
		{name: "send_token not delivered yet", sig: sendPending.String(), status: orchestration.TransferPending, ethBatches: 1, check: func(t *testing.T, st *orchestration.TransferStatus) {
			want := orchestration.BridgeDelivery{MessageID: pendingID.Hex(), DestinationChain: orchestration.Ethereum, DestinationChainID: eth.ChainID,
				Status: orchestration.DeliveryPending}
			if len(st.Steps) != 1 || st.Steps[0].Bridge == nil || *st.Steps[0].Bridge != want {
				t.Errorf("steps = %+v, want one bridge step %+v", st.Steps, want)
			}
		}},
		{name: "send_token whose adapter message is to another chain", sig: sendMismatched.String(), status: orchestration.TransferPending, check: func(t *testing.T, st *orchestration.TransferStatus) {
			if len(st.Steps) != 1 || st.Steps[0].Bridge == nil || st.Steps[0].Bridge.MessageID != "" {
				t.Errorf("steps = %+v, want a bridge step with no message id", st.Steps)
			}
		}},
		{name: "cancel_foreign_order with its report", sig: cancelReported.String(), status: orchestration.TransferPending, ethBatches: 1, check: func(t *testing.T, st *orchestration.TransferStatus) {
			if len(st.Steps) != 2 || st.Steps[0].Kind != orchestration.StepLimitOrder || st.Steps[0].Bridge != nil || st.Steps[0].Order == nil || st.Steps[0].Order.OrderID != idHex {
				t.Fatalf("steps = %+v, want the order, then its report", st.Steps)
			}
			want := orchestration.BridgeDelivery{MessageID: reportID.Hex(), DestinationChain: orchestration.Ethereum, DestinationChainID: eth.ChainID,
				Status: orchestration.DeliveryPending}
			if s := st.Steps[1]; s.Kind != orchestration.StepBridge || s.Contract != progs.portal.String() || s.Bridge == nil || *s.Bridge != want {
				t.Errorf("report step = %+v, want a bridge step of the Portal %+v", s, want)
			}
		}},
		{name: "send_token, no inner instructions in the meta", sig: send.String(), status: orchestration.TransferPending, check: func(t *testing.T, st *orchestration.TransferStatus) {
			if len(st.Steps) != 1 {
				t.Fatalf("steps = %+v", st.Steps)
			}
			s := st.Steps[0]
			if s.Kind != orchestration.StepBridge || s.TokenIn != fromMint.String() || s.AmountIn != "2500000" || s.Recipient != recipient.Hex() {
				t.Errorf("step = %+v", s)
			}
			if b := s.Bridge; b == nil || b.DestinationChain != orchestration.Ethereum || b.DestinationChainID != eth.ChainID ||
				b.Status != orchestration.DeliveryPending || b.MessageID != "" {
				t.Errorf("bridge = %+v", s.Bridge)
			}
		}},
		{name: "open_order", sig: open.String(), status: orchestration.TransferDone, check: func(t *testing.T, st *orchestration.TransferStatus) {
			if len(st.Steps) != 1 {
				t.Fatalf("steps = %+v", st.Steps)
			}
			s := st.Steps[0]
			if s.Kind != orchestration.StepLimitOrder || s.TokenIn != fromMint.String() || s.AmountIn != "3000000" ||
				s.Order == nil || *s.Order != (orchestration.TransferOrder{OriginChain: orchestration.Solana, OrderID: idHex, Status: orchestration.OrderCreated}) {
				t.Errorf("step = %+v order %+v", s, s.Order)
			}
		}},
		{name: "cancel_native_order", sig: cancel.String(), status: orchestration.TransferDone, check: func(t *testing.T, st *orchestration.TransferStatus) {
			if len(st.Steps) != 1 || st.Steps[0].Kind != orchestration.StepLimitOrder || st.Steps[0].Order == nil || st.Steps[0].Order.OrderID != idHex {
				t.Errorf("steps = %+v", st.Steps)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, trips := evm.WithTrips(context.Background())
			st, err := tr.Transfer(ctx, orchestration.Solana, tc.sig)
			if tc.code != orchestration.BadTransferRequest && trips.Of(orchestration.Solana) != 1 {
				t.Errorf("%d round trips to the cluster, want 1", trips.Of(orchestration.Solana))
			}
			if got := trips.Of(orchestration.Ethereum); got != tc.ethBatches {
				t.Errorf("%d round trips to Ethereum, want %d", got, tc.ethBatches)
			}
			if tc.code != "" {
				if code, _ := orchestration.CodeOf(err); code != tc.code {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st.Status != tc.status || st.TxHash != tc.sig || st.Chain != orchestration.Solana || st.ChainID != info.ChainID {
				t.Errorf("status %s tx %s chain %s/%d", st.Status, st.TxHash, st.Chain, st.ChainID)
			}
			tc.check(t, st)
		})
	}
}
