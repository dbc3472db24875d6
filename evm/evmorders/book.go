package evmorders

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// Reader reads EVM chains in batches, one round trip per Read;
// *evm.Reader implements it.
type Reader interface {
	Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error)
	Has(chain orchestration.Chain) bool
}

var _ Reader = (*evm.Reader)(nil)

// Executor quotes the Wormhole Executor's relay of a message;
// *executor.Cache implements it.
type Executor interface {
	Get(ctx context.Context, req executor.Request) (executor.Quote, error)
}

var _ Executor = (*executor.Cache)(nil)

// Executors are the Wormhole Executors by network: Mainnet for the
// catalog's chains with Testnet false, Testnet for the others (decision
// 71). A nil field leaves that network's cancels whose report goes
// through the Wormhole adapter NotImplemented.
type Executors struct {
	Mainnet, Testnet Executor
}

// Config configures NewBook. The zero value cancels through adapters that
// quote on chain only.
type Config struct {
	// Executors quote the relay of a cancel report that the destination's
	// Portal sends through its Wormhole adapter (decision 94).
	Executors Executors
	// Now judges an Executor quote's expiry (nil: time.Now); tests set it.
	Now func() time.Time
}

// Book is the OrderBook contract of EVM chains as an order.Book. It is
// safe for concurrent use.
type Book struct {
	reader Reader
	cfg    Config
}

var _ order.Book = (*Book)(nil)

// New returns the Book reading through r, with no Executors; a nil r
// serves no chain.
func New(r Reader) *Book { return NewBook(r, Config{}) }

// NewBook returns the Book reading through r, configured by cfg; a nil r
// serves no chain.
func NewBook(r Reader, cfg Config) *Book {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Book{reader: r, cfg: cfg}
}

// The OrderBook's statuses (OrderTypes.sol).
const (
	statusDoesNotExist = 0
	statusCreated      = 1
	statusCancelled    = 2
	statusCompleted    = 3
)

// cancelReportPayload is the Portal's CANCEL_REPORT payload type
// (Portal.sol), the fee of which a cross-chain cancel pays.
const cancelReportPayload uint8 = 6

var (
	orderBookABI       = mustABI(bindings.OrderBookMetaData.GetAbi)
	portalABI          = mustABI(bindings.PortalMetaData.GetAbi)
	getOrderMethod     = orderBookABI.Methods["getOrder"]
	getFilledAmountsFn = orderBookABI.Methods["getFilledAmounts"]
	cancelOrderMethod  = method(orderBookABI, "cancelOrder(bytes32,"+orderDataTuple+")")
	// cancelOrderArgsMethod is the overload that passes the default
	// adapter its arguments (the Executor's signed quote).
	cancelOrderArgsMethod = method(orderBookABI, "cancelOrder(bytes32,"+orderDataTuple+",bytes)")
	quoteMethod           = method(portalABI, "quote(uint32,uint8)")
	defaultAdapterMethod  = method(portalABI, "defaultBridgeAdapter(uint32)")
	gasLimitMethod        = method(portalABI, "payloadGasLimit(uint32,uint8)")
)

// orderDataTuple is OrderData's ABI type.
const orderDataTuple = "(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32)"

func mustABI(get func() (*abi.ABI, error)) *abi.ABI {
	a, err := get()
	if err != nil {
		panic(err)
	}
	return a
}

// method finds an overload by its signature, not by the name abigen gave it.
func method(a *abi.ABI, sig string) abi.Method {
	for _, m := range a.Methods {
		if m.Sig == sig {
			return m
		}
	}
	panic("evmorders: no method " + sig)
}

// Account is the EIP-55 address of b's low 20 bytes.
func (*Book) Account(b [32]byte) string { return common.BytesToAddress(b[12:]).Hex() }

// ParseAccount parses an EVM address (decision 12) into 32 bytes.
func (*Book) ParseAccount(s string) ([32]byte, error) {
	return orchestration.AddressBytes32(orchestration.RuntimeEVM, s)
}

// Serves reports whether the Reader has chain.
func (b *Book) Serves(chain orchestration.Chain) bool { return b.reader != nil && b.reader.Has(chain) }

// Read reads getOrder and getFilledAmounts of id on c's OrderBook, in one
// batch with Multicall3's clock (need.Clock) and, for need.CancelReportTo,
// the Portal's quote of a cancel report to that chain, its default bridge
// adapter there and the payload gas limit of a cancel report. A chain
// without the Multicall3 or Portal that need asks for is a
// NotImplemented, before any read. When the default adapter is neither
// the Portal nor absent, a second batch reads whether it is the Wormhole
// adapter (Immutable, so cached by the reader); for the Wormhole adapter
// a third reads its core bridge's message fee, and the network's
// Executor quotes the relay (wormhole.go): View.CancelFee is their sum
// and View.Runtime what CancelPayload sends it with.
func (b *Book) Read(ctx context.Context, c asset.ChainInfo, id order.ID, need order.Need) (*order.View, error) {
	if need.Clock && c.Contracts.Multicall3 == "" {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders on %s is not configured on this server (no Multicall3 for the chain clock)", c.Name)
	}
	if need.CancelReportTo != 0 && c.Contracts.Portal == "" {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s is not configured on this server (no Portal there)", c.Name)
	}
	if !b.Serves(c.Name) {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "reading orders on %s is not configured on this server (no chain endpoint)", c.Name)
	}
	book := common.HexToAddress(c.Contracts.OrderBook)
	getOrder := evm.MustMethodCall(book, getOrderMethod, false, [32]byte(id))
	getFilled := evm.MustMethodCall(book, getFilledAmountsFn, false, [32]byte(id))
	calls := []evm.Call{getOrder, getFilled}
	mc := common.HexToAddress(c.Contracts.Multicall3)
	if need.Clock {
		calls = append(calls, evm.ClockCall(mc))
	}
	var report reportReads
	if need.CancelReportTo != 0 {
		report = newReportReads(common.HexToAddress(c.Contracts.Portal), uint32(need.CancelReportTo))
		calls = append(calls, report.quote, report.adapter, report.gasLimit)
	}
	a, err := b.reader.Read(ctx, c.Name, calls)
	if err != nil {
		return nil, err
	}
	var o bindings.Order
	var filled bindings.FilledAmounts
	if err := decodeTuple(getOrderMethod, a, getOrder, &o); err != nil {
		return nil, err
	}
	if err := decodeTuple(getFilledAmountsFn, a, getFilled, &filled); err != nil {
		return nil, err
	}
	v := &order.View{Found: o.Status != statusDoesNotExist, Status: wireStatus(o.Status),
		AmountOutFilled: orZero(filled.AmountOutFilled), AmountInReleased: orZero(filled.AmountInReleased), AmountRefunded: orZero(filled.AmountInRefunded)}
	if v.Found {
		v.Terms = order.Terms{
			Version: o.Version, Nonce: o.Nonce, OriginChainID: c.ChainID, DestChainID: uint64(o.DestChainId),
			Sender: evm.AddressWord(o.Sender), TokenIn: evm.AddressWord(o.TokenIn), Recipient: o.Recipient, TokenOut: o.TokenOut, Solver: o.Solver,
			AmountIn: orZero(o.AmountIn), AmountOut: orZero(o.AmountOut), CreatedAt: uint64(o.CreatedAt), FillDeadline: uint64(o.FillDeadline),
		}
	}
	if need.Clock {
		if v.Now, err = evm.DecodeClock(a, mc); err != nil {
			return nil, err
		}
	}
	if need.CancelReportTo != 0 {
		if err := b.cancelFee(ctx, c, need.CancelReportTo, report, a, v); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// CancelPayload is cancelOrder(id, orderData) to dest's OrderBook, the
// orderData rebuilt from c.Terms as the origin's getOrderData gives it,
// sending c.Value. The caller does not change it (decision 25): any
// wallet sends it, and the OrderBook checks msg.sender. When Read found
// that the cancel report goes through the Wormhole adapter (c.Dest), it
// is cancelOrder(id, orderData, bridgeAdapterArgs) with the Executor's
// signed quote as the adapter's arguments, sending exactly the fee read
// (message fee plus the Executor's cost), not c.Value: the Executor keeps
// all it is paid, so a margin would be lost (decision 94). The payload
// carries the gas table's estimate of its operation (evmgas: a cancel on
// the order's origin, one reporting through the Portal, or one reporting
// through the Wormhole adapter; decision 103) and no gasPrice, which
// would need the block's base fee read.
func (b *Book) CancelPayload(_ context.Context, dest asset.ChainInfo, c order.Cancel) (*orchestration.TransactionPayload, error) {
	id, t, value := c.ID, c.Terms, c.Value
	if dest.Contracts.OrderBook == "" {
		return nil, errors.New("evmorders: no OrderBook on " + string(dest.Name))
	}
	data := bindings.OrderData{
		Version: t.Version, Sender: t.Sender, Nonce: t.Nonce, OriginChainId: uint32(t.OriginChainID), DestChainId: uint32(t.DestChainID),
		CreatedAt: t.CreatedAt, FillDeadline: t.FillDeadline, TokenIn: t.TokenIn, TokenOut: t.TokenOut,
		AmountIn: orZero(t.AmountIn), AmountOut: orZero(t.AmountOut), Recipient: t.Recipient, Solver: t.Solver,
	}
	var calldata []byte
	var err error
	if w, ok := wormholeOf(c.Dest); ok {
		calldata, err = evm.Calldata(cancelOrderArgsMethod, [32]byte(id), data, w.signed)
		value = w.value
	} else {
		calldata, err = evm.Calldata(cancelOrderMethod, [32]byte(id), data)
	}
	if err != nil {
		return nil, err
	}
	p := &orchestration.EVMPayload{
		Chain:   dest.Name,
		ChainID: dest.ChainID,
		To:      common.HexToAddress(dest.Contracts.OrderBook).Hex(),
		Data:    hexutil.Encode(calldata),
		Value:   orZero(value).String(),
	}
	if gas, ok := evmgas.PayloadGas(dest, p.To, p.Data); ok {
		p.Gas = strconv.FormatUint(gas, 10)
	}
	return &orchestration.TransactionPayload{EVM: p}, nil
}

// decodeTuple decodes m's one tuple output into dst, a binding struct.
func decodeTuple[T any](m abi.Method, a *evm.Answers, c evm.Call, dst *T) error {
	v, err := evm.Decode1[any](m, a, c)
	if err != nil {
		return err
	}
	out, ok := abi.ConvertType(v, new(T)).(*T)
	if !ok {
		return fmt.Errorf("decoding %s: got %T, want %T", m.RawName, v, *dst)
	}
	*dst = *out
	return nil
}

func wireStatus(s uint8) orchestration.OrderStatus {
	switch s {
	case statusCompleted:
		return orchestration.OrderCompleted
	case statusCancelled:
		return orchestration.OrderCancelled
	}
	return orchestration.OrderCreated
}

func orZero(n *big.Int) *big.Int {
	if n == nil {
		return new(big.Int)
	}
	return n
}
