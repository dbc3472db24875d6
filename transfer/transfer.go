package transfer

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/internal/roundtrip"
	"github.com/m0-orchestration/m0/orchestration"
)

// Client is what the tracker needs of a chain's node: JSON-RPC batches.
// *rpc.Client satisfies it (ethclient.Client.Client()).
type Client interface {
	BatchCallContext(ctx context.Context, b []rpc.BatchElem) error
}

// DefaultLookback is how many blocks back from the destination's head a
// delivery is looked for when Config.Lookback is zero: about a week on
// Ethereum (12 s blocks), a day on a 2 s L2, far beyond any bridge's
// latency; read in windows of MaxRange blocks, all in one batch.
const DefaultLookback = 50_000

// DefaultMaxRange is the widest eth_getLogs the tracker asks when
// Config.MaxRange is zero.
const DefaultMaxRange = 10_000

// Config configures New.
type Config struct {
	// Catalog names the chains, their contracts and tokens. Required.
	Catalog *asset.Catalog
	// Clients are the EVM chains' nodes; a catalog chain without one is
	// answered 501 NotImplemented, as a destination its bridge steps stay
	// PENDING.
	Clients map[orchestration.Chain]Client
	// Solana reads the Solana clusters' transactions (*svm.Client); nil,
	// or a client without the chain, answers a Solana chain 501
	// NotImplemented.
	Solana SolanaClient
	// Orders reads the status of the limit orders a transaction opened,
	// filled or cancelled; nil leaves their status out.
	Orders orchestration.OrderService
	// Head returns a chain's followed head (evm.Reader.Head) when known
	// and fresh, so that bounding a destination's lookback costs no
	// eth_blockNumber; nil always asks the node.
	Head func(orchestration.Chain) (uint64, bool)
	// Lookback bounds, in blocks back from the destination's head, where a
	// delivery is looked for; zero means DefaultLookback. A message
	// delivered earlier than that is reported PENDING.
	Lookback uint64
	// MaxRange bounds the blocks of one eth_getLogs: the lookback is read
	// in windows of MaxRange blocks, all in the one batch, since many
	// providers refuse a wider range (10,000 blocks is a common cap); zero
	// means DefaultMaxRange.
	MaxRange uint64
	// Logger receives failed reads at debug level; nil means slog.Default().
	Logger *slog.Logger
}

// Tracker answers the status of transfers by their source transactions
// (orchestration.TransferTracker). Reads are batched per chain: the source
// transaction and its receipt in one batch, then for each destination
// chain its Portal's deliveries in one batch of eth_getLogs (with eth_blockNumber
// when no followed head bounds the range), the destinations read
// concurrently. It is safe for concurrent use.
type Tracker struct {
	cfg   Config
	books map[orchestration.Chain]Book
}

var _ orchestration.TransferTracker = (*Tracker)(nil)

// New returns a Tracker for cfg.
func New(cfg Config) (*Tracker, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("transfer: Config.Catalog is required")
	}
	cfg.Lookback = cmp.Or(cfg.Lookback, DefaultLookback)
	cfg.MaxRange = cmp.Or(cfg.MaxRange, DefaultMaxRange)
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	t := &Tracker{cfg: cfg, books: map[orchestration.Chain]Book{}}
	for _, info := range cfg.Catalog.Chains() {
		if info.Runtime == orchestration.RuntimeEVM {
			t.books[info.Name] = NewBook(cfg.Catalog, info)
		}
	}
	return t, nil
}

const (
	bad      = orchestration.BadTransferRequest
	internal = orchestration.TransferStatusError
)

// rpcTx is what the tracker reads of eth_getTransactionByHash.
type rpcTx struct {
	From        common.Address  `json:"from"`
	To          *common.Address `json:"to"`
	BlockNumber *hexutil.Big    `json:"blockNumber"`
}

// Transfer answers what the transaction txHash on chain did.
func (t *Tracker) Transfer(ctx context.Context, chain orchestration.Chain, txHash string) (*orchestration.TransferStatus, error) {
	info, ok := t.cfg.Catalog.Chain(chain)
	if !ok {
		return nil, orchestration.Errorf(bad, "chain %q is not a chain of this service", orchestration.Clip(string(chain)))
	}
	if info.Runtime == orchestration.RuntimeSVM {
		return t.solanaTransfer(ctx, info, txHash)
	}
	if info.Runtime != orchestration.RuntimeEVM {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "transfer status is not read on %s's runtime", chain)
	}
	if err := orchestration.CheckTxHash(txHash); err != nil {
		return nil, err
	}
	hash := common.HexToHash(txHash)
	client := t.cfg.Clients[chain]
	if client == nil {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "this server reads no node of %s", chain)
	}
	var raw json.RawMessage
	var receipt *types.Receipt
	batch := []rpc.BatchElem{
		{Method: "eth_getTransactionByHash", Args: []any{hash}, Result: &raw},
		{Method: "eth_getTransactionReceipt", Args: []any{hash}, Result: &receipt},
	}
	if err := t.batch(ctx, chain, client, batch); err != nil {
		return nil, err
	}
	var tx *rpcTx
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &tx); err != nil {
			return nil, t.fail(ctx, chain, fmt.Errorf("transfer: %s: decoding the transaction: %w", chain, err))
		}
	}
	if tx == nil && receipt == nil {
		return nil, orchestration.Errorf(orchestration.TransferNotFound, "no transaction %s on %s", hash.Hex(), chain)
	}
	st := &orchestration.TransferStatus{Chain: chain, ChainID: info.ChainID, TxHash: hash.Hex(), Steps: []orchestration.TransferStep{}}
	var to common.Address
	if tx != nil {
		st.From = tx.From.Hex()
		if tx.To != nil {
			to = *tx.To
		}
	}
	book := t.books[chain]
	if !book.Recognizes(to) {
		return nil, orchestration.Errorf(orchestration.TransferNotRecognized,
			"transaction %s calls none of the contracts or tokens of this service on %s: it is not a payload the service builds", hash.Hex(), chain)
	}
	st.To = to.Hex()
	if receipt == nil {
		st.Status = orchestration.TransferPending // in the node's pool, not mined
		return st, nil
	}
	st.BlockNumber = receipt.BlockNumber.Uint64()
	for _, l := range receipt.Logs {
		if l.BlockTimestamp != 0 {
			st.BlockTimestamp = int64(l.BlockTimestamp)
			break
		}
	}
	if receipt.Status != types.ReceiptStatusSuccessful {
		st.Status = orchestration.TransferFailed
		return st, nil
	}
	sender := common.HexToAddress(st.From)
	st.Steps = book.Decode(sender, to, receipt.Logs)
	if len(st.Steps) == 0 {
		return nil, orchestration.Errorf(orchestration.TransferNotRecognized,
			"transaction %s emitted none of the events of the payloads this service builds (a swap, a portal message, an order, an approval)", hash.Hex())
	}
	if err := t.complete(ctx, st); err != nil {
		return nil, err
	}
	st.Status = orchestration.TransferDone
	for _, s := range st.Steps {
		if s.Bridge != nil && s.Bridge.Status != orchestration.DeliveryDelivered {
			st.Status = orchestration.TransferPending
		}
	}
	return st, nil
}

// complete looks for the bridge steps' deliveries, one read per
// destination chain, and reads the orders' statuses, all concurrently.
func (t *Tracker) complete(ctx context.Context, st *orchestration.TransferStatus) error {
	byDest := map[orchestration.Chain][]*orchestration.BridgeDelivery{}
	g, gctx := errgroup.WithContext(ctx)
	for i := range st.Steps {
		s := &st.Steps[i]
		if b := s.Bridge; b != nil && b.MessageID != "" { // no id (a Solana meta without inner instructions): not looked for
			if info, ok := t.cfg.Catalog.ChainByID(orchestration.RuntimeEVM, b.DestinationChainID); ok {
				b.DestinationChain = info.Name
				byDest[info.Name] = append(byDest[info.Name], b)
			}
		}
		if o := s.Order; o != nil && t.cfg.Orders != nil {
			g.Go(func() error {
				got, err := t.cfg.Orders.Order(gctx, orchestration.OrderRef{OriginChain: o.OriginChain, OrderID: o.OrderID})
				if code, _ := orchestration.CodeOf(err); code == orchestration.OrderNotFound {
					return nil // not seen by the order service yet: no status
				} else if err != nil {
					return orchestration.Wrap(internal, err, "reading the order "+o.OrderID+" failed; a retry may succeed")
				}
				o.Status = got.Status
				return nil
			})
		}
	}
	for dest, msgs := range byDest {
		g.Go(func() error { return t.deliveries(gctx, dest, msgs) })
	}
	return g.Wait()
}

// deliveries looks for msgs on dest: its Portal's receive events over the
// lookback, matched by message id.
func (t *Tracker) deliveries(ctx context.Context, dest orchestration.Chain, msgs []*orchestration.BridgeDelivery) error {
	client, book := t.cfg.Clients[dest], t.books[dest]
	if client == nil || book.Portal == (common.Address{}) {
		return nil // not read here: PENDING
	}
	var head uint64
	known := false
	if t.cfg.Head != nil {
		head, known = t.cfg.Head(dest)
	}
	if !known {
		var h hexutil.Uint64
		if err := t.batch(ctx, dest, client, []rpc.BatchElem{{Method: "eth_blockNumber", Result: &h}}); err != nil {
			return err
		}
		head = uint64(h)
	}
	from := uint64(0)
	if head > t.cfg.Lookback {
		from = head - t.cfg.Lookback
	}
	topics := make([]common.Hash, len(receiveEvents))
	for i, ev := range receiveEvents {
		topics[i] = ev.ID
	}
	// Windows of MaxRange blocks up to head, the last one open to the
	// latest block (a followed head may be a block behind).
	var batch []rpc.BatchElem
	var results []*[]types.Log
	for lo := from; ; lo += t.cfg.MaxRange {
		filter := map[string]any{"address": book.Portal, "topics": [][]common.Hash{topics}, "fromBlock": hexutil.Uint64(lo), "toBlock": "latest"}
		last := lo+t.cfg.MaxRange > head
		if !last {
			filter["toBlock"] = hexutil.Uint64(lo + t.cfg.MaxRange - 1)
		}
		r := new([]types.Log)
		results = append(results, r)
		batch = append(batch, rpc.BatchElem{Method: "eth_getLogs", Args: []any{filter}, Result: r})
		if last {
			break
		}
	}
	if err := t.batch(ctx, dest, client, batch); err != nil {
		return err
	}
	var logs []types.Log
	for _, r := range results {
		logs = append(logs, *r...)
	}
	want := map[common.Hash]*orchestration.BridgeDelivery{}
	for _, m := range msgs {
		want[common.HexToHash(m.MessageID)] = m
	}
	for _, l := range logs {
		id, ok := deliveryOf(l)
		if m := want[id]; ok && m != nil && !l.Removed {
			m.Status, m.DestinationTxHash, m.DestinationBlockNumber = orchestration.DeliveryDelivered, l.TxHash.Hex(), l.BlockNumber
			m.DeliveredAt = int64(l.BlockTimestamp)
		}
	}
	return nil
}

// batch sends one JSON-RPC batch to chain, counted as one round trip
// (evm.WithTrips); a failed call in it fails the batch.
func (t *Tracker) batch(ctx context.Context, chain orchestration.Chain, c Client, b []rpc.BatchElem) error {
	roundtrip.Count(ctx, chain)
	// The node's URL may carry a key, and net/http puts it in transport
	// errors: never in an answer or a log.
	err := roundtrip.Redact(c.BatchCallContext(ctx, b))
	for i := 0; err == nil && i < len(b); i++ {
		if b[i].Error != nil {
			err = fmt.Errorf("%s: %w", b[i].Method, b[i].Error)
		}
	}
	if err != nil {
		return t.fail(ctx, chain, fmt.Errorf("transfer: %s: %w", chain, err))
	}
	return nil
}

func (t *Tracker) fail(ctx context.Context, chain orchestration.Chain, err error) error {
	t.cfg.Logger.DebugContext(ctx, "transfer status read failed", "chain", chain, "err", err)
	return orchestration.Wrap(internal, err, fmt.Sprintf("reading %s failed; a retry may succeed", chain))
}
