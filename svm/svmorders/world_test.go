package svmorders_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmorders"
	"github.com/m0-orchestration/m0/svm/svmtest"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// The test world: Solana mainnet's order book on a fake node serving the
// program's real layouts, with orders from Ethereum (M0 chain id 1, whose
// Wormhole peer the adapter lists as Wormhole chain 2).
const (
	solanaID    = 1399811149
	ethereumID  = 1
	ethWormhole = 2
	baseID      = 8453 // an origin the adapter lists no peer for
	now         = 1_750_000_000
)

var (
	caller    = key(0xca)
	sender    = key(0x5e)
	recipient = key(0x4e)
	solver    = key(0x50)
	mintIn    = key(0x1a) // a Token-2022 mint
	mintOut   = key(0x1b)
	receive   = key(0x7a) // the adapter's receive lookup table
	other     = key(0x7b) // another lookup table the catalog may list
	payee     = key(0xee) // the Executor's payee
	ethPeer   = svm.EVMAddress32(common.HexToAddress("0xaCffEC28C4eEe21C889a4e6C0704c540Ed9D4fDd"))
	ethSender = svm.EVMAddress32(common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"))
	ethToken  = svm.EVMAddress32(common.HexToAddress("0x437cc33344a0B27A429f795ff6B469C72698B291"))
)

// key is a deterministic key off the curve or on it, it does not matter
// here: the bytes are an account.
func key(n byte) solana.PublicKey {
	var k solana.PublicKey
	for i := range k {
		k[i] = n ^ byte(i*7)
	}
	return k
}

// fakeExecutor quotes every request with a signed quote naming payee, the
// chains asked and cost.
type fakeExecutor struct {
	mu    sync.Mutex
	asked []executor.Request
	cost  int64
}

func (f *fakeExecutor) Get(_ context.Context, req executor.Request) (executor.Quote, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, req)
	q := make([]byte, 0, executor.SignedQuoteLen)
	q = append(q, "EQ01"...)
	q = append(q, bytes.Repeat([]byte{0x11}, 20)...)
	q = append(q, payee[:]...)
	q = binary.BigEndian.AppendUint16(q, req.SrcChain)
	q = binary.BigEndian.AppendUint16(q, req.DstChain)
	q = binary.BigEndian.AppendUint64(q, uint64(time.Now().Add(time.Hour).Unix()))
	q = append(q, make([]byte, 32+65)...)
	sq, err := executor.ParseSignedQuote(q)
	if err != nil {
		return executor.Quote{}, err
	}
	return executor.Quote{Signed: sq, EstimatedCost: big.NewInt(f.cost)}, nil
}

// tokens lists mintIn as Token-2022, as the catalog does.
type tokens struct{ listed bool }

func (t tokens) Resolve(a orchestration.AssetAddress) (asset.AssetInfo, error) {
	if t.listed && a.Chain == orchestration.Solana && a.Address == mintIn.String() {
		return asset.AssetInfo{TokenProgram: svm.Token2022Program.String()}, nil
	}
	return asset.AssetInfo{}, asset.ErrUnsupportedAsset
}

type world struct {
	node  *svmtest.RPC
	book  *svmorders.Book
	chain asset.ChainInfo
	exec  *fakeExecutor
	dep   svm.PortalDeployment
	table []solana.PublicKey
}

// newWorld serves the order book's global, the clock, mintIn and the
// Portal and Wormhole state; the catalog lists the adapter's table and
// the token program of mintIn.
func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{node: svmtest.NewRPC(), exec: &fakeExecutor{cost: 2_000_000}, dep: svm.MainnetPortal}
	t.Cleanup(w.node.Close)
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: w.node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	w.chain = asset.ChainInfo{Name: orchestration.Solana, Runtime: orchestration.RuntimeSVM, ChainID: solanaID,
		Contracts: asset.Contracts{OrderBook: svm.OrderBookProgramID.String(), LookupTable: receive.String()}}
	w.book, err = svmorders.New(svmorders.Config{Client: client, Tokens: tokens{listed: true},
		Executors: map[orchestration.Chain]svmorders.Executor{orchestration.Solana: w.exec}})
	if err != nil {
		t.Fatal(err)
	}
	w.setGlobal(false)
	w.node.Set(svm.SysvarClock, svmtest.Account{Data: svmtest.EncodeClock(svm.Clock{Slot: 1000, UnixTimestamp: now}), Owner: solana.MustPublicKeyFromBase58("Sysvar1111111111111111111111111111111111111"), Lamports: 1})
	w.node.Set(mintIn, svmtest.Account{Data: make([]byte, 82), Owner: svm.Token2022Program, Lamports: 1})
	// The receive table: the accounts of a foreign cancel that are neither
	// the caller's nor a program it calls.
	w.table = append(solana.PublicKeySlice{svm.Global(svm.OrderBookProgramID), svm.EventAuthority(svm.OrderBookProgramID),
		w.dep.PortalGlobal(), w.dep.PortalAuthority(), w.dep.Portal, w.dep.WormholeAdapter, svm.SystemProgram},
		w.dep.WormholeRemainingAccounts().GetKeys()...)
	w.node.SetPortal(svmtest.Portal{Deployment: w.dep,
		Wormhole: svm.WormholeGlobal{ChainID: 1, ReceiveLUT: receive,
			Peers: []svm.WormholePeer{{Address: ethPeer, M0ChainID: ethereumID, AdapterChainID: ethWormhole}}},
		Bridge: svm.WormholeBridgeConfig{Fee: 100}, Sequence: 41, Table: w.table})
	return w
}

// setGlobal serves the order book's global account, paused or not.
func (w *world) setGlobal(paused bool) {
	p, _ := svm.OrderBookIDL()
	disc, _ := p.AccountDiscriminator("OrderBookGlobal")
	b := append([]byte{}, disc...)
	b = append(b, key(0xad).Bytes()...)
	b = append(b, 0) // no new admin
	b = binary.LittleEndian.AppendUint32(b, solanaID)
	b = append(b, svm.PortalAuthority(svm.PortalProgramID).Bytes()...)
	pb := byte(0)
	if paused {
		pb = 1
	}
	b = append(b, pb, 254)
	b = append(b, make([]byte, 128)...)
	w.node.Set(svm.Global(svm.OrderBookProgramID), svmtest.Account{Data: b, Owner: svm.OrderBookProgramID, Lamports: 1})
}

// nativeData is a same-chain order's data from sender, nonce n.
func nativeData(n uint64) svm.OrderData {
	return svm.OrderData{Version: 1, Sender: sender, Nonce: n, OriginChainID: solanaID, DestChainID: solanaID,
		CreatedAt: now - 600, FillDeadline: now + 3_600, TokenIn: mintIn, TokenOut: mintOut,
		AmountIn: big.NewInt(1_000_000), AmountOut: big.NewInt(990_000), Recipient: recipient}
}

// foreignData is an order from Ethereum to Solana, from ethSender.
func foreignData(origin uint32) svm.OrderData {
	return svm.OrderData{Version: 1, Sender: ethSender, Nonce: 3, OriginChainID: origin, DestChainID: solanaID,
		CreatedAt: now - 600, FillDeadline: now + 3_600, TokenIn: ethToken, TokenOut: mintOut,
		AmountIn: big.NewInt(5_000_000), AmountOut: big.NewInt(4_990_000), Recipient: recipient, Solver: solver}
}

// putNative stores a native order of d with status s and amounts, and
// returns its id and the View the Book must read.
func (w *world) putNative(t *testing.T, d svm.OrderData, s svm.OrderStatus, released, filled, refunded int64) (order.ID, order.View) {
	t.Helper()
	id, err := d.ID()
	if err != nil {
		t.Fatal(err)
	}
	stored := d
	stored.OriginChainID = 0 // not stored: a native order's origin is its chain
	data, err := svmtest.EncodeOrder(&svm.OrderAccount{Type: svm.NativeOrder, Status: s, Data: stored, Payer: sender,
		AmountInReleased: big.NewInt(released), AmountOutFilled: big.NewInt(filled), AmountInRefunded: big.NewInt(refunded)})
	if err != nil {
		t.Fatal(err)
	}
	w.node.Set(svm.OrderPDA(svm.OrderBookProgramID, id), svmtest.Account{Data: data, Owner: svm.OrderBookProgramID, Lamports: 1})
	status := map[svm.OrderStatus]orchestration.OrderStatus{svm.OrderCreated: orchestration.OrderCreated,
		svm.OrderCancelled: orchestration.OrderCancelled, svm.OrderCompleted: orchestration.OrderCompleted}[s]
	return order.ID(id), order.View{Found: true, Status: status,
		Terms: order.Terms{Version: d.Version, Nonce: d.Nonce, OriginChainID: solanaID, DestChainID: uint64(d.DestChainID),
			Sender: d.Sender, TokenIn: d.TokenIn, Recipient: d.Recipient, TokenOut: d.TokenOut, Solver: d.Solver,
			AmountIn: d.AmountIn, AmountOut: d.AmountOut, CreatedAt: d.CreatedAt, FillDeadline: d.FillDeadline},
		AmountInReleased: big.NewInt(released), AmountOutFilled: big.NewInt(filled), AmountRefunded: big.NewInt(refunded)}
}

// putForeign stores a foreign order's account (status and amounts).
func (w *world) putForeign(t *testing.T, id [32]byte, s svm.OrderStatus, filled int64) {
	t.Helper()
	data, err := svmtest.EncodeOrder(&svm.OrderAccount{Type: svm.ForeignOrder, Status: s,
		AmountInReleased: new(big.Int), AmountOutFilled: big.NewInt(filled), AmountInRefunded: new(big.Int)})
	if err != nil {
		t.Fatal(err)
	}
	w.node.Set(svm.OrderPDA(svm.OrderBookProgramID, id), svmtest.Account{Data: data, Owner: svm.OrderBookProgramID, Lamports: 1})
}

// terms is d as order.Terms.
func terms(d svm.OrderData) order.Terms {
	return order.Terms{Version: d.Version, Nonce: d.Nonce, OriginChainID: uint64(d.OriginChainID), DestChainID: uint64(d.DestChainID),
		Sender: d.Sender, TokenIn: d.TokenIn, Recipient: d.Recipient, TokenOut: d.TokenOut, Solver: d.Solver,
		AmountIn: d.AmountIn, AmountOut: d.AmountOut, CreatedAt: d.CreatedAt, FillDeadline: d.FillDeadline}
}

// cancel reads id on the world's chain as CancelOrder does and builds its
// cancel signed by who.
func (w *world) cancel(t *testing.T, d svm.OrderData, who solana.PublicKey) (*orchestration.TransactionPayload, error) {
	t.Helper()
	id, err := d.ID()
	if err != nil {
		t.Fatal(err)
	}
	need := order.Need{Clock: true}
	if d.OriginChainID != solanaID {
		need.CancelReportTo = uint64(d.OriginChainID)
	}
	v, err := w.book.Read(t.Context(), w.chain, id, need)
	if err != nil {
		return nil, err
	}
	return w.book.CancelPayload(t.Context(), w.chain, order.Cancel{ID: id, Terms: terms(d), Caller: who, Value: new(big.Int), Dest: v})
}

// svmTestPortalWithTable is the world's Portal state with the receive
// table holding table.
func svmTestPortalWithTable(w *world, table []solana.PublicKey) svmtest.Portal {
	if table == nil {
		table = []solana.PublicKey{}
	}
	return svmtest.Portal{Deployment: w.dep,
		Wormhole: svm.WormholeGlobal{ChainID: 1, ReceiveLUT: receive,
			Peers: []svm.WormholePeer{{Address: ethPeer, M0ChainID: ethereumID, AdapterChainID: ethWormhole}}},
		Bridge: svm.WormholeBridgeConfig{Fee: 100}, Sequence: 41, Table: table}
}
