package transfer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
)

// node is a fake chain node answering batches from its maps; it records
// the batches it was sent.
type node struct {
	mu       sync.Mutex
	txs      map[common.Hash]any // eth_getTransactionByHash answers
	receipts map[common.Hash]*types.Receipt
	head     uint64
	logs     []types.Log // eth_getLogs answers them all, after checking the filter
	fail     error
	batches  [][]string // methods, per batch
	filters  []map[string]any
}

func (n *node) BatchCallContext(_ context.Context, b []rpc.BatchElem) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	var methods []string
	for _, e := range b {
		methods = append(methods, e.Method)
	}
	n.batches = append(n.batches, methods)
	if n.fail != nil {
		return n.fail
	}
	for i, e := range b {
		var answer any
		switch e.Method {
		case "eth_getTransactionByHash":
			answer = n.txs[e.Args[0].(common.Hash)]
		case "eth_getTransactionReceipt":
			if r := n.receipts[e.Args[0].(common.Hash)]; r != nil {
				answer = r
			}
		case "eth_blockNumber":
			answer = hexutil.Uint64(n.head)
		case "eth_getLogs":
			raw, _ := json.Marshal(e.Args[0])
			var f map[string]any
			json.Unmarshal(raw, &f)
			n.filters = append(n.filters, f)
			answer = n.logs
		}
		raw, err := json.Marshal(answer)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(raw, b[i].Result); err != nil {
			b[i].Error = err
		}
	}
	return nil
}

func sentTx(to common.Address) map[string]any {
	return map[string]any{"from": alice, "to": to, "blockNumber": "0x10"}
}

func receipt(status uint64, logs ...*types.Log) *types.Receipt {
	if logs == nil {
		logs = []*types.Log{} // a node's receipt has "logs": [], never null
	}
	for _, l := range logs {
		l.BlockTimestamp = 1_735_963_445
	}
	return &types.Receipt{Status: status, Logs: logs, BlockNumber: big.NewInt(16), TxHash: common.Hash{1}, Bloom: types.Bloom{}}
}

// received is Arbitrum's Portal's TokenReceived of id, in tx.
func received(t *testing.T, id common.Hash, tx common.Hash, block uint64) types.Log {
	l := eventLog(t, portal, receiveEvents[0], []common.Hash{word(wM), word(alice), word(bob)},
		uint32(1), n(2_000_000), n(1), [32]byte(id))
	l.TxHash, l.BlockNumber, l.BlockTimestamp = tx, block, 1_735_963_500
	return *l
}

func n(v int64) *big.Int { return big.NewInt(v) }

func TestTransfer(t *testing.T) {
	cat := asset.Default()
	hash := common.HexToHash("0x" + strings.Repeat("11", 32))
	destTx := common.HexToHash("0x" + strings.Repeat("22", 32))
	sent := func(id common.Hash) *types.Log {
		return eventLog(t, portal, evTokenSent, []common.Hash{word(wM), word(alice), word(bob)},
			uint32(42161), [32]byte(word(wM)), n(2_000_000), n(1), portal, [32]byte(id))
	}
	swap := func() *types.Log {
		return eventLog(t, facility, evSwapped, []common.Hash{word(wM), word(mUSD), word(bob)}, n(1))
	}
	for _, tc := range []struct {
		name     string
		chain    orchestration.Chain
		hash     string
		src, dst *node
		head     func(orchestration.Chain) (uint64, bool)
		maxRange uint64
		windows  []string // the getLogs' fromBlock-toBlock, when checked
		code     orchestration.Code
		status   orchestration.TransferState
		delivery orchestration.DeliveryState
		batches  int // on the source and the destination together
	}{
		{name: "unknown chain", chain: "Ethereumm", hash: hash.Hex(), code: orchestration.BadTransferRequest},
		{name: "Solana without its node", chain: orchestration.Solana, hash: solana.Signature{1}.String(), code: orchestration.NotImplemented},
		{name: "malformed hash", chain: orchestration.Ethereum, hash: "0x11", code: orchestration.BadTransferRequest},
		{name: "hash not hex", chain: orchestration.Ethereum, hash: "0x" + strings.Repeat("zz", 32), code: orchestration.BadTransferRequest},
		{name: "a chain not read", chain: orchestration.Base, hash: hash.Hex(), code: orchestration.NotImplemented},
		{name: "unknown transaction", chain: orchestration.Ethereum, hash: hash.Hex(), src: &node{}, code: orchestration.TransferNotFound, batches: 1},
		{name: "node down", chain: orchestration.Ethereum, hash: hash.Hex(), src: &node{fail: errors.New("dial tcp https://rpc.example/KEY")},
			code: orchestration.TransferStatusError, batches: 1},
		{name: "a plain transfer to a user", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:  &node{txs: map[common.Hash]any{hash: sentTx(bob)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1)}},
			code: orchestration.TransferNotRecognized, batches: 1},
		{name: "a call of the Portal that did none of the payloads' things", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:  &node{txs: map[common.Hash]any{hash: sentTx(portal)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1)}},
			code: orchestration.TransferNotRecognized, batches: 1},
		{name: "in the pool", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:    &node{txs: map[common.Hash]any{hash: sentTx(facility)}},
			status: orchestration.TransferPending, batches: 1},
		{name: "reverted", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:    &node{txs: map[common.Hash]any{hash: sentTx(facility)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(0)}},
			status: orchestration.TransferFailed, batches: 1},
		{name: "swap", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:    &node{txs: map[common.Hash]any{hash: sentTx(facility)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1, swap())}},
			status: orchestration.TransferDone, batches: 1},
		{name: "bridge delivered, destination head asked", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:    &node{txs: map[common.Hash]any{hash: sentTx(portal)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1, sent(msgID))}},
			dst:    &node{head: 60_000, logs: []types.Log{received(t, orderID, common.Hash{9}, 59_000), received(t, msgID, destTx, 59_990)}},
			status: orchestration.TransferDone, delivery: orchestration.DeliveryDelivered, batches: 3},
		{name: "bridge delivered, destination head followed", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:    &node{txs: map[common.Hash]any{hash: sentTx(portal)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1, sent(msgID))}},
			dst:    &node{head: 1, logs: []types.Log{received(t, msgID, destTx, 59_990)}},
			head:   func(orchestration.Chain) (uint64, bool) { return 60_000, true },
			status: orchestration.TransferDone, delivery: orchestration.DeliveryDelivered, batches: 2},
		{name: "bridge delivered, the lookback in windows of one batch", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:      &node{txs: map[common.Hash]any{hash: sentTx(portal)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1, sent(msgID))}},
			dst:      &node{logs: []types.Log{received(t, msgID, destTx, 59_990)}},
			head:     func(orchestration.Chain) (uint64, bool) { return 60_000, true },
			maxRange: 400, windows: []string{"0xe678-0xe807", "0xe808-0xe997", "0xe998-latest"},
			status: orchestration.TransferDone, delivery: orchestration.DeliveryDelivered, batches: 2},
		{name: "bridge pending", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:    &node{txs: map[common.Hash]any{hash: sentTx(portal)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1, sent(msgID))}},
			dst:    &node{head: 100, logs: []types.Log{received(t, orderID, common.Hash{9}, 90)}},
			status: orchestration.TransferPending, delivery: orchestration.DeliveryPending, batches: 3},
		{name: "bridge to a chain not read", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:    &node{txs: map[common.Hash]any{hash: sentTx(portal)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1, sent(msgID))}},
			status: orchestration.TransferPending, delivery: orchestration.DeliveryPending, batches: 1},
		{name: "destination down", chain: orchestration.Ethereum, hash: hash.Hex(),
			src:  &node{txs: map[common.Hash]any{hash: sentTx(portal)}, receipts: map[common.Hash]*types.Receipt{hash: receipt(1, sent(msgID))}},
			dst:  &node{fail: errors.New("timeout")},
			code: orchestration.TransferStatusError, batches: 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clients := map[orchestration.Chain]Client{}
			if tc.src != nil {
				clients[orchestration.Ethereum] = tc.src
			}
			if tc.dst != nil {
				clients[orchestration.Arbitrum] = tc.dst
			}
			tr, err := New(Config{Catalog: cat, Clients: clients, Head: tc.head, Lookback: 1000, MaxRange: tc.maxRange})
			if err != nil {
				t.Fatal(err)
			}
			ctx, trips := evm.WithTrips(context.Background())
			st, err := tr.Transfer(ctx, tc.chain, tc.hash)
			batches := 0
			for _, nd := range []*node{tc.src, tc.dst} {
				if nd != nil {
					batches += len(nd.batches)
				}
			}
			if batches != tc.batches || trips.Total() != batches {
				t.Errorf("%d batches sent, %d trips counted, want %d", batches, trips.Total(), tc.batches)
			}
			if tc.code != "" {
				code, _ := orchestration.CodeOf(err)
				if code != tc.code || st != nil {
					t.Fatalf("got %+v, %v; want %s", st, err, tc.code)
				}
				var e *orchestration.Error
				if errors.As(err, &e) && strings.Contains(e.Message, "rpc.example") {
					t.Errorf("message %q names the node", e.Message)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st.Status != tc.status || st.TxHash != hash.Hex() || st.ChainID != 1 || st.From != alice.Hex() {
				t.Fatalf("status %+v, want %s of %s from alice", st, tc.status, hash.Hex())
			}
			if tc.status == orchestration.TransferDone && (st.BlockNumber != 16 || st.BlockTimestamp != 1_735_963_445) {
				t.Errorf("block %d at %d, want 16 at the logs' time", st.BlockNumber, st.BlockTimestamp)
			}
			if tc.delivery == "" {
				return
			}
			if len(st.Steps) != 1 || st.Steps[0].Bridge == nil {
				t.Fatalf("steps %+v, want one bridge", st.Steps)
			}
			b := st.Steps[0].Bridge
			want := orchestration.BridgeDelivery{MessageID: msgID.Hex(), DestinationChain: orchestration.Arbitrum, DestinationChainID: 42161, Status: tc.delivery}
			if tc.delivery == orchestration.DeliveryDelivered {
				want.DestinationTxHash, want.DestinationBlockNumber, want.DeliveredAt = destTx.Hex(), 59_990, 1_735_963_500
			}
			if *b != want {
				t.Errorf("bridge %+v, want %+v", *b, want)
			}
			if tc.windows != nil {
				var got []string
				for _, f := range tc.dst.filters {
					got = append(got, fmt.Sprint(f["fromBlock"], "-", f["toBlock"]))
				}
				if !slices.Equal(got, tc.windows) || len(tc.dst.batches) != 1 {
					t.Errorf("getLogs of %v in %d batches, want %v in one", got, len(tc.dst.batches), tc.windows)
				}
			} else if tc.dst != nil && tc.delivery == orchestration.DeliveryDelivered {
				// 60000, asked or followed, less the lookback of 1000.
				if f := tc.dst.filters; len(f) != 1 || f[0]["fromBlock"] != "0xe678" || !strings.EqualFold(f[0]["address"].(string), portal.Hex()) {
					t.Errorf("filters %v, want one of Arbitrum's Portal from 1000 blocks below the head", f)
				}
			}
		})
	}
}
