package litesvm_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"
	"github.com/gagliardetto/solana-go/programs/system"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/testing/litesvm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmorders"
	"github.com/m0-orchestration/m0/svm/svmtest"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// cancelPayee is the Executor's payee in the quotes of orderExecutor.
var cancelPayee = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")

// orderExecutor quotes every relay at cost lamports, payable to
// cancelPayee.
type orderExecutor struct{ cost int64 }

func (e orderExecutor) Get(_ context.Context, req executor.Request) (executor.Quote, error) {
	q := append([]byte("EQ01"), bytes.Repeat([]byte{0x11}, 20)...)
	q = append(q, cancelPayee[:]...)
	q = binary.BigEndian.AppendUint16(q, req.SrcChain)
	q = binary.BigEndian.AppendUint16(q, req.DstChain)
	q = binary.BigEndian.AppendUint64(q, uint64(time.Now().Add(time.Hour).Unix()))
	q = append(q, make([]byte, 32+65)...)
	sq, err := executor.ParseSignedQuote(q)
	return executor.Quote{Signed: sq, EstimatedCost: big.NewInt(e.cost)}, err
}

// orderBookGlobal is the order book's global account data, not paused.
func orderBookGlobal(t *testing.T, chainID uint32) []byte {
	t.Helper()
	p, err := svm.OrderBookIDL()
	if err != nil {
		t.Fatal(err)
	}
	disc, _ := p.AccountDiscriminator("OrderBookGlobal")
	b := append(append([]byte{}, disc...), make([]byte, 32)...) // admin
	b = append(b, 0)                                            // no new admin
	b = binary.LittleEndian.AppendUint32(b, chainID)
	b = append(b, svm.PortalAuthority(svm.PortalProgramID).Bytes()...)
	return append(append(b, 0, 254), make([]byte, 128)...)
}

// cancelWorld is SolanaDevnet's order book on a fake node, read by
// svmorders: the cancels it returns are the ones run here.
func cancelWorld(t *testing.T, table []solana.PublicKey, receive solana.PublicKey) (*svmtest.RPC, *svmorders.Book, asset.ChainInfo) {
	t.Helper()
	node := svmtest.NewRPC()
	t.Cleanup(node.Close)
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.SolanaDevnet, URL: node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	d := svm.DevnetPortal
	book, err := svmorders.New(svmorders.Config{Client: client,
		Executors: map[orchestration.Chain]svmorders.Executor{orchestration.SolanaDevnet: orderExecutor{cost: 1_234_567}}})
	if err != nil {
		t.Fatal(err)
	}
	node.Set(svm.Global(svm.OrderBookProgramID), svmtest.Account{Data: orderBookGlobal(t, d.M0ChainID), Owner: svm.OrderBookProgramID, Lamports: 1})
	node.Set(svm.SysvarClock, svmtest.Account{Data: svmtest.EncodeClock(svm.Clock{Slot: 1000, UnixTimestamp: 1_750_000_000}), Lamports: 1})
	node.Set(usdkMint.Address, svmtest.Account{Data: make([]byte, 82), Owner: svm.Token2022Program, Lamports: 1})
	node.SetPortal(svmtest.Portal{Deployment: d,
		Wormhole: svm.WormholeGlobal{ChainID: 1, ReceiveLUT: receive,
			Peers: []svm.WormholePeer{{Address: svm.EVMAddress32([20]byte{0xac, 0xff}), M0ChainID: 11155111, AdapterChainID: 10002}}},
		Bridge: svm.WormholeBridgeConfig{Fee: 100}, Sequence: 7, Table: table})
	chain := asset.ChainInfo{Name: orchestration.SolanaDevnet, Runtime: orchestration.RuntimeSVM, ChainID: uint64(d.M0ChainID),
		Contracts: asset.Contracts{OrderBook: svm.OrderBookProgramID.String(), LookupTable: receive.String()}}
	return node, book, chain
}

// cancelOf reads the order of data on chain as order.Service.CancelOrder
// does and returns the cancel the Book builds, paid by funder.
func cancelOf(t *testing.T, book *svmorders.Book, chain asset.ChainInfo, data svm.OrderData) string {
	t.Helper()
	id, err := data.ID()
	if err != nil {
		t.Fatal(err)
	}
	need := order.Need{Clock: true}
	if uint64(data.OriginChainID) != chain.ChainID {
		need.CancelReportTo = uint64(data.OriginChainID)
	}
	v, err := book.Read(t.Context(), chain, id, need)
	if err != nil {
		t.Fatal(err)
	}
	terms := order.Terms{Version: data.Version, Nonce: data.Nonce, OriginChainID: uint64(data.OriginChainID), DestChainID: uint64(data.DestChainID),
		Sender: data.Sender, TokenIn: data.TokenIn, Recipient: data.Recipient, TokenOut: data.TokenOut, Solver: data.Solver,
		AmountIn: data.AmountIn, AmountOut: data.AmountOut, CreatedAt: data.CreatedAt, FillDeadline: data.FillDeadline}
	p, err := book.CancelPayload(t.Context(), chain, order.Cancel{ID: id, Terms: terms, Caller: funder, Value: new(big.Int), Dest: v})
	if err != nil {
		t.Fatal(err)
	}
	return p.SVM.Transaction
}

// A same-chain cancel as svmorders returns it: its non-M0 part (the
// sender's USDK account created idempotently, paid by the caller) runs in
// LiteSVM, twice (idempotent); cancel_native_order is what is left out,
// and the whole transaction fails only for want of the order book.
func TestNativeCancelRunsItsNonM0Part(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	node, book, chain := cancelWorld(t, nil, solana.PublicKey{})
	d := svm.OrderData{Version: 1, Sender: recipient, Nonce: 1, OriginChainID: uint32(chain.ChainID), DestChainID: uint32(chain.ChainID),
		CreatedAt: 1_749_999_000, FillDeadline: 1_750_003_600, TokenIn: usdkMint.Address, TokenOut: usdkMint.Address,
		AmountIn: big.NewInt(1_000_000), AmountOut: big.NewInt(990_000), Recipient: funder}
	id, _ := d.ID()
	stored := d
	stored.OriginChainID = 0
	acc, err := svmtest.EncodeOrder(&svm.OrderAccount{Type: svm.NativeOrder, Status: svm.OrderCreated, Data: stored,
		AmountInReleased: new(big.Int), AmountOutFilled: new(big.Int), AmountInRefunded: new(big.Int)})
	if err != nil {
		t.Fatal(err)
	}
	node.Set(svm.OrderPDA(svm.OrderBookProgramID, id), svmtest.Account{Data: acc, Owner: svm.OrderBookProgramID, Lamports: 1})

	tx := cancelOf(t, book, chain, d)
	runnable, m0, err := litesvm.Runnable(tx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(m0) != 1 || !m0[0].ProgramID().Equals(svm.OrderBookProgramID) {
		t.Fatalf("left out %d instructions, want cancel_native_order", len(m0))
	}
	ata := svm.AssociatedTokenAddress(recipient, usdkMint.Address, svm.Token2022Program)
	res := run(t, h, litesvm.Request{Accounts: world(t, usdkMint), Transactions: []string{runnable, runnable, tx}, Watch: []solana.PublicKey{ata, funder}})
	for i := range 2 {
		if r := res.Transactions[i]; !r.OK() {
			t.Fatalf("the runnable part, run %d: %q\n%s", i+1, r.Err, strings.Join(r.Logs, "\n"))
		}
	}
	if got := tokenAccount(t, res, ata); got.Owner != recipient || got.Mint != usdkMint.Address || got.TokenProgram != svm.Token2022Program {
		t.Errorf("the sender's account: %+v", got)
	}
	if paid := funderLamports - res.Accounts[funder].Lamports; paid <= 10_000 {
		t.Errorf("the caller paid %d lamports; want the fees and the account's rent", paid)
	}
	if r := res.Transactions[2]; r.Err != "InvalidProgramForExecution" {
		t.Errorf("the whole cancel: %q, want InvalidProgramForExecution (if LiteSVM has the order book now, run it whole)", r.Err)
	}
}

// A foreign cancel as svmorders returns it (v0 over the adapter's receive
// table): its compute budget, with the lamport transfers its M0
// instructions make in their place (the Wormhole fee to the fee
// collector, named through the table, and the Executor's cost to its
// payee), runs within the limit; the whole transaction resolves through
// the table and fails only for want of the order book; without the table
// it fails to resolve.
func TestForeignCancelRunsItsNonM0Part(t *testing.T) {
	t.Parallel()
	h := litesvm.ForTest(t)
	d := svm.DevnetPortal
	receive := solana.MustPublicKeyFromBase58("6GhuWPuAmiJeeSVsr58KjqHcAejJRndCx9BVtHkaYHUR")
	addrs := append(solana.PublicKeySlice{svm.Global(svm.OrderBookProgramID), svm.EventAuthority(svm.OrderBookProgramID),
		d.PortalGlobal(), d.PortalAuthority(), d.Portal, d.WormholeAdapter, svm.SystemProgram}, d.WormholeRemainingAccounts().GetKeys()...)
	_, book, chain := cancelWorld(t, addrs, receive)
	od := svm.OrderData{Version: 1, Sender: svm.EVMAddress32([20]byte{0x70, 0x99}), Nonce: 3, OriginChainID: 11155111, DestChainID: d.M0ChainID,
		CreatedAt: 1_749_999_000, FillDeadline: 1_750_003_600, TokenIn: svm.EVMAddress32([20]byte{0x43, 0x7c}), TokenOut: usdkMint.Address,
		AmountIn: big.NewInt(5_000_000), AmountOut: big.NewInt(4_990_000), Recipient: funder}
	tx := cancelOf(t, book, chain, od)
	table := &svm.LookupTable{Address: receive, Addresses: addrs}
	runnable, m0, err := litesvm.Runnable(tx, table)
	if err != nil {
		t.Fatal(err)
	}
	if len(m0) != 2 || !m0[0].ProgramID().Equals(svm.OrderBookProgramID) || !m0[1].ProgramID().Equals(svm.ExecutorProgramID) {
		t.Fatalf("left out %d instructions, want cancel_foreign_order and request_for_execution", len(m0))
	}
	kept, err := svm.Instructions(mustDecode(t, runnable), table)
	if err != nil || len(kept) != 1 || !kept[0].ProgramID().Equals(svm.ComputeBudgetProgram) {
		t.Fatalf("runnable part: %d instructions, %v; want the compute budget", len(kept), err)
	}
	const cost, fee, limit, held = 1_234_567, 100, svmorders.DefaultComputeUnitLimit, solana.LAMPORTS_PER_SOL
	standIn := payload(t, []solana.Instruction{kept[0],
		system.NewTransferInstruction(fee, funder, d.FeeCollector).Build(),
		system.NewTransferInstruction(cost, funder, cancelPayee).Build()}, svm.TxConfig{LookupTable: table})
	results := runAll(t, h, litesvm.Request{
		Accounts: []litesvm.Account{litesvm.Wallet(funder, funderLamports), litesvm.Wallet(d.FeeCollector, held),
			litesvm.Wallet(cancelPayee, held), litesvm.LookupTable(receive, addrs)},
		Transactions: []string{standIn, tx}, Watch: []solana.PublicKey{d.FeeCollector, cancelPayee},
	}, litesvm.Request{Accounts: []litesvm.Account{litesvm.Wallet(funder, funderLamports)}, Transactions: []string{tx}})
	res := results[0]
	if r := res.Transactions[0]; !r.OK() || r.ComputeUnits > limit {
		t.Fatalf("the non-M0 part: %q, %d units of %d\n%s", r.Err, r.ComputeUnits, limit, strings.Join(r.Logs, "\n"))
	}
	if a := res.Accounts[d.FeeCollector]; a == nil || a.Lamports != held+fee {
		t.Errorf("fee collector %+v, want %d more lamports", a, fee)
	}
	if a := res.Accounts[cancelPayee]; a == nil || a.Lamports != held+cost {
		t.Errorf("payee %+v, want %d more lamports", a, cost)
	}
	if r := res.Transactions[1]; r.Err != "InvalidProgramForExecution" {
		t.Errorf("the whole cancel: %q, want InvalidProgramForExecution (if LiteSVM has the order book now, run it whole)", r.Err)
	}
	if r := results[1].Transactions[0]; !strings.Contains(r.Err, "AddressLookupTable") {
		t.Errorf("the cancel without its table: %q, want an AddressLookupTable… error", r.Err)
	}
}
