package evmorders_test

import (
	"bytes"
	"context"
	"errors"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/evm/evmorders/evmorderstest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// fakeExecutor answers every request with quote or err, and records them.
type fakeExecutor struct {
	quote executor.Quote
	err   error

	mu   sync.Mutex
	reqs []executor.Request
}

func (f *fakeExecutor) Get(_ context.Context, req executor.Request) (executor.Quote, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reqs = append(f.reqs, req)
	return f.quote, f.err
}

func mustABIOf(t *testing.T, md interface{ GetAbi() (*abi.ABI, error) }) *abi.ABI {
	t.Helper()
	a, err := md.GetAbi()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func methodBySig(t *testing.T, a *abi.ABI, sig string) abi.Method {
	t.Helper()
	for _, m := range a.Methods {
		if m.Sig == sig {
			return m
		}
	}
	t.Fatalf("no method %s", sig)
	return abi.Method{}
}

const (
	orderDataTuple = "(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32)"
	solanaDevnetID = 1399811150
)

// cancelChain is a fake Sepolia whose Portal's default adapter to the
// origin is set by the test.
type cancelChain struct {
	t                               *testing.T
	r                               *evmorderstest.Reader
	info                            asset.ChainInfo
	book, portal, mc, adapter, core common.Address
	portalABI, bookABI, adapterABI  *abi.ABI
	coreABI, mcABI                  *abi.ABI
	now                             time.Time
}

func newCancelChain(t *testing.T) *cancelChain {
	c := &cancelChain{t: t, r: evmorderstest.NewReader(orchestration.Sepolia),
		book: common.HexToAddress("0xb00c"), portal: common.HexToAddress("0x9047a1"), mc: common.HexToAddress("0xca11"),
		adapter: common.HexToAddress("0xada9"), core: common.HexToAddress("0xc04e"),
		portalABI: mustABIOf(t, bindings.PortalMetaData), bookABI: mustABIOf(t, bindings.OrderBookMetaData),
		adapterABI: mustABIOf(t, bindings.WormholeBridgeAdapterMetaData), coreABI: mustABIOf(t, bindings.WormholeCoreMetaData),
		mcABI: mustABIOf(t, bindings.Multicall3MetaData), now: time.Unix(1_800_000_000, 0)}
	c.info = asset.ChainInfo{Name: orchestration.Sepolia, Runtime: orchestration.RuntimeEVM, ChainID: 11155111, Testnet: true,
		Contracts: asset.Contracts{OrderBook: c.book.Hex(), Portal: c.portal.Hex(), Multicall3: c.mc.Hex()}}
	zero := new(big.Int)
	// A Solana order not yet seen on Sepolia: no order, nothing filled.
	c.orderIs(bindings.Order{AmountIn: zero, AmountOut: zero})
	c.r.AnswerWith(c.book, c.bookABI.Methods["getFilledAmounts"], orderArgs,
		bindings.FilledAmounts{AmountInRefunded: zero, AmountInReleased: zero, AmountOutFilled: zero})
	c.r.Answer(c.mc, c.mcABI.Methods["getCurrentBlockTimestamp"], big.NewInt(c.now.Unix()))
	c.gasLimit(1_000_000)
	c.r.Answer(c.adapter, c.adapterABI.Methods["currentWormholeChainId"], uint16(10002))
	c.r.Answer(c.adapter, c.adapterABI.Methods["coreBridge"], c.core)
	// The adapter is asked of the origin only: a read of another chain's
	// bridge chain id, msg value or peer fails the Read (the fake answers
	// these arguments alone).
	c.r.AnswerWith(c.adapter, c.adapterABI.Methods["getBridgeChainId"], originArgs, big.NewInt(1))
	c.r.AnswerWith(c.adapter, c.adapterABI.Methods["getMsgValue"], originArgs, big.NewInt(20_000_000))
	c.peer([32]byte{31: 7})
	c.r.Answer(c.core, c.coreABI.Methods["messageFee"], big.NewInt(1_000))
	return c
}

var (
	// orderArgs are the arguments of the OrderBook's reads of order 1.
	orderArgs = []any{[32]byte(order.ID{1})}
	// originArgs are the arguments of the adapter's and the Portal's
	// reads of the origin, Solana devnet; reportArgs add the
	// Portal's CANCEL_REPORT payload type.
	originArgs = []any{uint32(solanaDevnetID)}
	reportArgs = []any{uint32(solanaDevnetID), uint8(6)}
)

// orderIs makes o the OrderBook's getOrder(order 1).
func (c *cancelChain) orderIs(o bindings.Order) {
	c.r.AnswerWith(c.book, c.bookABI.Methods["getOrder"], orderArgs, o)
}

// gasLimit makes the Portal's payloadGasLimit(origin, CANCEL_REPORT).
func (c *cancelChain) gasLimit(gas int64) {
	c.r.AnswerWith(c.portal, methodBySig(c.t, c.portalABI, "payloadGasLimit(uint32,uint8)"), reportArgs, big.NewInt(gas))
}

// peer makes the adapter's getPeer(origin).
func (c *cancelChain) peer(p [32]byte) {
	c.r.AnswerWith(c.adapter, c.adapterABI.Methods["getPeer"], originArgs, p)
}

// defaultAdapter makes a the Portal's default adapter.
func (c *cancelChain) defaultAdapter(a common.Address) {
	c.r.AnswerWith(c.portal, methodBySig(c.t, c.portalABI, "defaultBridgeAdapter(uint32)"), originArgs, a)
}

// onChainQuote makes the Portal's quote(origin, CANCEL_REPORT) fee.
func (c *cancelChain) onChainQuote(fee int64) {
	c.r.AnswerWith(c.portal, methodBySig(c.t, c.portalABI, "quote(uint32,uint8)"), reportArgs, big.NewInt(fee))
}

func (c *cancelChain) book_(exec evmorders.Executor) *evmorders.Book {
	return evmorders.NewBook(c.r, evmorders.Config{Executors: evmorders.Executors{Testnet: exec}, Now: func() time.Time { return c.now }})
}

func (c *cancelChain) read(b *evmorders.Book) (*order.View, error) {
	return b.Read(context.Background(), c.info, order.ID{1}, order.Need{Clock: true, CancelReportTo: solanaDevnetID})
}

var signedQuote = append([]byte("EQ01"), bytes.Repeat([]byte{0xab}, 161)...)

func goodQuote(now time.Time) executor.Quote {
	return executor.Quote{Signed: executor.SignedQuote{SrcChain: 10002, DstChain: 1, Expiry: now.Add(time.Hour), Raw: signedQuote},
		EstimatedCost: big.NewInt(5_000_000_000_000)}
}

// solanaTerms are a Solana-origin order's terms bound for Sepolia.
var solanaTerms = order.Terms{Version: 1, Nonce: 3, OriginChainID: solanaDevnetID, DestChainID: 11155111,
	Sender: [32]byte{0: 0x5e, 31: 1}, TokenIn: [32]byte{0: 0x70, 31: 2}, Recipient: [32]byte{31: 0xee}, TokenOut: [32]byte{31: 0xdd},
	AmountIn: big.NewInt(1_000_000), AmountOut: big.NewInt(990_000), CreatedAt: 1_799_000_000, FillDeadline: 1_799_100_000}

// TestCancelThroughWormholeAdapter: with the Wormhole adapter as the
// Portal's default to the origin, Read asks the Executor for the adapter's
// relay (its chains, the cancel report's gas limit, the adapter's msg
// value), the fee is the message fee plus the quoted cost, and the payload
// is the three-argument cancelOrder with the signed quote, sending exactly
// that fee whatever margin the Service adds.
func TestCancelThroughWormholeAdapter(t *testing.T) {
	c := newCancelChain(t)
	c.defaultAdapter(c.adapter)
	exec := &fakeExecutor{quote: goodQuote(c.now)}
	b := c.book_(exec)
	v, err := c.read(b)
	if err != nil {
		t.Fatal(err)
	}
	want := executor.Request{SrcChain: 10002, DstChain: 1, Relay: executor.RelayInstructions{GasLimit: big.NewInt(1_000_000), MsgValue: big.NewInt(20_000_000)}}
	if len(exec.reqs) != 1 || exec.reqs[0].SrcChain != want.SrcChain || exec.reqs[0].DstChain != want.DstChain ||
		exec.reqs[0].Relay.GasLimit.Cmp(want.Relay.GasLimit) != 0 || exec.reqs[0].Relay.MsgValue.Cmp(want.Relay.MsgValue) != 0 {
		t.Fatalf("Executor requests %+v, want one %+v", exec.reqs, want)
	}
	fee := big.NewInt(5_000_000_001_000)
	if v.CancelFee == nil || v.CancelFee.Cmp(fee) != 0 {
		t.Fatalf("CancelFee %v, want message fee 1000 + cost 5e12 = %s", v.CancelFee, fee)
	}
	if n := len(c.r.Batches()); n != 3 {
		t.Errorf("%d batches, want 3 (the order and the Portal; the adapter; the message fee)", n)
	}
	p, err := b.CancelPayload(context.Background(), c.info, order.Cancel{ID: order.ID{1}, Terms: solanaTerms, Caller: solanaTerms.Recipient,
		Value: big.NewInt(6_000_000_001_200), Dest: v})
	if err != nil {
		t.Fatal(err)
	}
	if p.EVM.To != c.book.Hex() || p.EVM.Value != fee.String() || p.EVM.ChainID != 11155111 {
		t.Errorf("payload to %s value %s chain %d, want the OrderBook %s, exactly %s, chain 11155111", p.EVM.To, p.EVM.Value, p.EVM.ChainID, c.book.Hex(), fee)
	}
	data := hexutil.MustDecode(p.EVM.Data)
	m := methodBySig(t, c.bookABI, "cancelOrder(bytes32,"+orderDataTuple+",bytes)")
	if !bytes.Equal(data[:4], m.ID) {
		t.Fatalf("selector %x, want %s's %x", data[:4], m.Sig, m.ID)
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		t.Fatal(err)
	}
	if args[0].([32]byte) != [32]byte(order.ID{1}) || !bytes.Equal(args[2].([]byte), signedQuote) {
		t.Errorf("cancelOrder(%x, …, %x), want the order id and the signed quote", args[0], args[2])
	}
	data2 := abi.ConvertType(args[1], new(bindings.OrderData)).(*bindings.OrderData)
	if data2.OriginChainId != solanaDevnetID || data2.Sender != solanaTerms.Sender || data2.TokenIn != solanaTerms.TokenIn {
		t.Errorf("orderData %+v, want the Solana origin, sender and token in as 32 bytes", data2)
	}
}

// TestCancelOnChainQuote: the Portal as its own adapter, or an adapter
// that is not the Wormhole adapter, is priced by the Portal's quote and
// cancelled with the two-argument cancelOrder sending Cancel.Value, and
// the Executor is not asked.
func TestCancelOnChainQuote(t *testing.T) {
	for _, tc := range []struct {
		name    string
		adapter func(c *cancelChain) common.Address
		batches int
	}{
		{"the Portal", func(c *cancelChain) common.Address { return c.portal }, 1},
		{"another adapter", func(c *cancelChain) common.Address {
			c.r.Revert(c.adapter, c.adapterABI.Methods["currentWormholeChainId"])
			return c.adapter
		}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCancelChain(t)
			c.defaultAdapter(tc.adapter(c))
			c.onChainQuote(777)
			exec := &fakeExecutor{quote: goodQuote(c.now)}
			b := c.book_(exec)
			v, err := c.read(b)
			if err != nil {
				t.Fatal(err)
			}
			if v.CancelFee.Cmp(big.NewInt(777)) != 0 || len(exec.reqs) != 0 || v.Runtime != nil {
				t.Errorf("CancelFee %v, %d Executor requests, Runtime %v; want the Portal's 777, none, nil", v.CancelFee, len(exec.reqs), v.Runtime)
			}
			if n := len(c.r.Batches()); n != tc.batches {
				t.Errorf("%d batches, want %d", n, tc.batches)
			}
			p, err := b.CancelPayload(context.Background(), c.info, order.Cancel{ID: order.ID{1}, Terms: solanaTerms, Value: big.NewInt(933), Dest: v})
			if err != nil {
				t.Fatal(err)
			}
			m := methodBySig(t, c.bookABI, "cancelOrder(bytes32,"+orderDataTuple+")")
			if data := hexutil.MustDecode(p.EVM.Data); !bytes.Equal(data[:4], m.ID) || p.EVM.Value != "933" {
				t.Errorf("selector %x value %s, want %s's %x and Cancel.Value 933", data[:4], p.EVM.Value, m.Sig, m.ID)
			}
		})
	}
}

// TestCancelThroughWormholeAdapterErrors: what a cancel through the
// Wormhole adapter cannot get is answered with the spec's codes.
// feeAfterQuote is a Reader whose read of the core bridge's messageFee
// waits for the Executor to have been asked (asked closed), up to a
// second: the two must be in flight together.
type feeAfterQuote struct {
	*evmorderstest.Reader
	core  common.Address
	asked chan struct{}
}

func (r feeAfterQuote) Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	for _, c := range calls {
		if c.To == r.core {
			select {
			case <-r.asked:
			case <-time.After(time.Second):
				return nil, errors.New("the message fee was read before the Executor was asked")
			}
		}
	}
	return r.Reader.Read(ctx, chain, calls)
}

// askedExecutor is fakeExecutor closing asked on its first request.
type askedExecutor struct {
	*fakeExecutor
	once  sync.Once
	asked chan struct{}
}

func (e *askedExecutor) Get(ctx context.Context, req executor.Request) (executor.Quote, error) {
	e.once.Do(func() { close(e.asked) })
	return e.fakeExecutor.Get(ctx, req)
}

// TestCancelThroughWormholeAdapterAsksTogether: the message fee and the
// Executor's quote depend only on the adapter's reads, so the cancel asks
// them concurrently (decision 103): a fee read that waits for the
// Executor's request still completes, with the fee summed as before.
func TestCancelThroughWormholeAdapterAsksTogether(t *testing.T) {
	c := newCancelChain(t)
	c.defaultAdapter(c.adapter)
	asked := make(chan struct{})
	exec := &askedExecutor{fakeExecutor: &fakeExecutor{quote: goodQuote(c.now)}, asked: asked}
	b := evmorders.NewBook(feeAfterQuote{Reader: c.r, core: c.core, asked: asked},
		evmorders.Config{Executors: evmorders.Executors{Testnet: exec}, Now: func() time.Time { return c.now }})
	v, err := c.read(b)
	if err != nil {
		t.Fatal(err)
	}
	if fee := big.NewInt(5_000_000_001_000); v.CancelFee == nil || v.CancelFee.Cmp(fee) != 0 {
		t.Errorf("CancelFee %v, want message fee 1000 + cost 5e12 = %s", v.CancelFee, fee)
	}
}

func TestCancelThroughWormholeAdapterErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(c *cancelChain, exec *fakeExecutor) evmorders.Executor
		code  orchestration.Code
		in    []string
		retry time.Duration
	}{
		{"no Executor", func(*cancelChain, *fakeExecutor) evmorders.Executor { return nil },
			orchestration.NotImplemented, []string{"Wormhole Executor", "testnet", "Sepolia"}, 0},
		{"Executor down", func(_ *cancelChain, e *fakeExecutor) evmorders.Executor {
			e.err = &executor.Error{Endpoint: "https://executor.test", Status: 503, RetryAfter: 20 * time.Second, Message: "unavailable"}
			return e
		}, orchestration.CancelOrderError, []string{"Wormhole Executor", "retry"}, 20 * time.Second},
		{"expired quote", func(c *cancelChain, e *fakeExecutor) evmorders.Executor {
			e.quote.Signed.Expiry = c.now
			return e
		}, orchestration.CancelOrderError, []string{"expired"}, 0},
		{"quote for other chains", func(_ *cancelChain, e *fakeExecutor) evmorders.Executor {
			e.quote.Signed.DstChain = 2
			return e
		}, orchestration.CancelOrderError, []string{"Wormhole chains 10002 to 2"}, 0},
		{"no gas limit", func(c *cancelChain, e *fakeExecutor) evmorders.Executor {
			c.gasLimit(0)
			return e
		}, orchestration.CancelOrderError, []string{"no payload gas limit"}, 0},
		{"no peer", func(c *cancelChain, e *fakeExecutor) evmorders.Executor {
			c.peer([32]byte{})
			return e
		}, orchestration.CancelOrderError, []string{"no peer"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCancelChain(t)
			c.defaultAdapter(c.adapter)
			exec := &fakeExecutor{quote: goodQuote(c.now)}
			_, err := c.read(c.book_(tc.setup(c, exec)))
			wantCode(t, tc.name, err, tc.code, tc.in...)
			var oe *orchestration.Error
			if errors.As(err, &oe) && oe.RetryAfter != tc.retry {
				t.Errorf("RetryAfter %v, want %v", oe.RetryAfter, tc.retry)
			}
		})
	}
}

// TestCancelThroughWormholeAdapterTerminal: an order cancelled on the
// destination is refused by the Service without a fee, so the Executor is
// not asked (and its outage cannot hide the 409).
func TestCancelThroughWormholeAdapterTerminal(t *testing.T) {
	c := newCancelChain(t)
	c.defaultAdapter(c.adapter)
	zero := new(big.Int)
	c.orderIs(bindings.Order{Status: 2, AmountIn: zero, AmountOut: zero})
	exec := &fakeExecutor{err: errors.New("must not be asked")}
	v, err := c.read(c.book_(exec))
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != orchestration.OrderCancelled || len(exec.reqs) != 0 {
		t.Errorf("status %s, %d Executor requests; want CANCELLED and none", v.Status, len(exec.reqs))
	}
}
