package devnet

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// relayPoll is how often the relayer looks for new portal messages.
const relayPoll = 20 * time.Millisecond

// relayGas is the gas limit of a delivery: receiveMessage mints or releases,
// may wrap into an extension (the Portal reserves 300k for that) and may
// call back the OrderBook.
const relayGas = 2_000_000

// relayer stands in for the bridges: it watches every Portal's MessageSent
// events and, after the configured delay, delivers each payload unchanged to
// the destination Portal's receiveMessage as the relayer account, which
// holds RELAYER_ROLE there. It also stands in for the guardians and the
// Executor's relayer: it watches every Executor's RequestForExecution and
// the core bridge's LogMessagePublished it asks for, and after the delay
// delivers a VAA of the message signed by the devnet guardian to the
// destination adapter's executeVAAv1, with the gas and value of the relay
// instructions.
type relayer struct {
	d      *Devnet
	from   Account
	delay  time.Duration
	logger *slog.Logger
	topic  common.Hash
	// The Executor's and the core bridge's event topics.
	requestTopic, publishedTopic common.Hash

	source map[uint64]*sourceState // by source chain id; each has its own lock
	dest   map[uint64]*sync.Mutex  // serialises the relayer's nonces per destination
	// paused stalls delivery (Devnet.PauseRelayer); messages wait, due.
	paused atomic.Bool
}

type sourceState struct {
	mu      sync.Mutex
	next    uint64 // first block not scanned yet
	waiting []queued
}

// queued is one delivery: a Portal message (msg) or a Wormhole one (wh).
type queued struct {
	msg      *bindings.PortalMessageSent
	wh       *whDelivery
	due      time.Time
	attempts int
}

// whDelivery is a Wormhole message to execute on dst: its VAA's body and
// the relay instructions' gas and value.
type whDelivery struct {
	dst      *Chain
	vaa      VAA
	gasLimit uint64
	value    *big.Int
}

// relayAttempts bounds how often a failing delivery is tried: a transient
// failure (a busy node, a nonce race) is retried with a growing delay, a
// message that keeps reverting is dropped after the last attempt.
const relayAttempts = 5

// relayTimeout bounds one delivery, from sending to its receipt.
const relayTimeout = 20 * time.Second

func newRelayer(d *Devnet, from Account, delay time.Duration, logger *slog.Logger) *relayer {
	r := &relayer{d: d, from: from, delay: delay, logger: logger, topic: contracts.MustABI("Portal").Events["MessageSent"].ID,
		requestTopic:   contracts.MustABI("Executor").Events["RequestForExecution"].ID,
		publishedTopic: contracts.MustABI("WormholeCore").Events["LogMessagePublished"].ID,
		source:         map[uint64]*sourceState{}, dest: map[uint64]*sync.Mutex{}}
	for _, c := range d.chains {
		r.source[c.ChainID] = &sourceState{}
		r.dest[c.ChainID] = &sync.Mutex{}
	}
	return r
}

func (r *relayer) watch(ctx context.Context, c *Chain) {
	t := time.NewTicker(relayPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if r.paused.Load() {
				continue
			}
			if _, err := r.deliverPending(ctx, c, false); err != nil && ctx.Err() == nil {
				r.logger.Error("devnet relayer", "source", c.Name, "err", err)
			}
		}
	}
}

// deliverPending scans c's new blocks for portal messages and delivers those
// that are due (all of them when force is set). A delivery that fails is
// logged and tried again later, up to relayAttempts times, then dropped, so
// one bad message cannot hold up the rest.
func (r *relayer) deliverPending(ctx context.Context, c *Chain, force bool) (int, error) {
	st := r.source[c.ChainID]
	st.mu.Lock()
	defer st.mu.Unlock()

	head := c.head()
	if head >= st.next {
		portal := r.d.contracts[c.Name].Portal
		logs, err := c.client.FilterLogs(ctx, ethereum.FilterQuery{
			FromBlock: new(big.Int).SetUint64(st.next), ToBlock: new(big.Int).SetUint64(head),
			Addresses: []common.Address{portal}, Topics: [][]common.Hash{{r.topic}},
		})
		if err != nil {
			return 0, err
		}
		filterer, _ := bindings.NewPortalFilterer(portal, c.client)
		for _, l := range logs {
			msg, err := filterer.ParseMessageSent(l)
			if err != nil {
				r.logger.Error("devnet relayer: undecodable MessageSent", "source", c.Name, "tx", l.TxHash, "err", err)
				continue
			}
			st.waiting = append(st.waiting, queued{msg: msg, due: time.Now().Add(r.delay)})
		}
		if err := r.scanWormhole(ctx, c, st, head); err != nil {
			return 0, err
		}
		st.next = head + 1
	}

	delivered := 0
	now := time.Now()
	rest := st.waiting[:0]
	for _, q := range st.waiting {
		if !force && now.Before(q.due) {
			rest = append(rest, q)
			continue
		}
		var err error
		if q.wh != nil {
			err = r.deliverWormhole(ctx, c, q.wh)
		} else {
			err = r.deliver(ctx, c, q.msg)
		}
		if err != nil {
			if ctx.Err() != nil {
				return delivered, ctx.Err()
			}
			q.attempts++
			final := q.attempts >= relayAttempts
			if q.wh != nil {
				r.logger.Error("devnet relayer: Wormhole execution failed", "source", c.Name, "destination", q.wh.dst.Name,
					"sequence", q.wh.vaa.Sequence, "attempt", q.attempts, "dropped", final, "err", err)
			} else {
				r.logger.Error("devnet relayer: delivery failed", "source", c.Name, "destinationChainId", q.msg.DestinationChainId,
					"messageId", common.Hash(q.msg.MessageId), "payloadType", q.msg.PayloadType, "attempt", q.attempts,
					"dropped", final, "err", err)
			}
			if !final {
				q.due = now.Add(time.Duration(q.attempts) * 100 * time.Millisecond)
				rest = append(rest, q)
			}
			continue
		}
		delivered++
	}
	st.waiting = rest
	return delivered, nil
}

func (r *relayer) deliver(ctx context.Context, src *Chain, msg *bindings.PortalMessageSent) error {
	dst, ok := r.d.ChainByID(uint64(msg.DestinationChainId))
	if !ok {
		return fmt.Errorf("no devnet chain has id %d", msg.DestinationChainId)
	}
	lock := r.dest[dst.ChainID]
	lock.Lock()
	defer lock.Unlock()
	// A delivery that is never sealed must not hold the destination (and
	// every later message to it) forever: give up and let the retry resend.
	ctx, cancel := context.WithTimeout(ctx, relayTimeout)
	defer cancel()

	portal, err := bindings.NewPortalTransactor(r.d.contracts[dst.Name].Portal, dst.client)
	if err != nil {
		return err
	}
	opts, err := bind.NewKeyedTransactorWithChainID(r.from.Key, new(big.Int).SetUint64(dst.ChainID))
	if err != nil {
		return err
	}
	opts.Context = ctx
	opts.GasLimit = relayGas
	tx, err := portal.ReceiveMessage(opts, uint32(src.ChainID), msg.Payload)
	if err != nil {
		return err
	}
	if _, err := dst.WaitMined(ctx, tx); err != nil {
		return err
	}
	r.logger.Info("devnet relayer: delivered", "from", src.Name, "to", dst.Name, "messageId", common.Hash(msg.MessageId),
		"payloadType", msg.PayloadType, "tx", tx.Hash())
	return nil
}

// scanWormhole queues the Executor requests c emitted in blocks
// [st.next, head] that the devnet can execute: a VAA v1 request for a
// message the same blocks' core bridge published, for the adapter of a
// devnet chain, with a quote for that chain. Others are logged and
// ignored (a request for Solana, which the devnet does not run).
func (r *relayer) scanWormhole(ctx context.Context, c *Chain, st *sourceState, head uint64) error {
	k := r.d.contracts[c.Name]
	if k.WormholeExecutor == (common.Address{}) {
		return nil
	}
	logs, err := c.client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(st.next), ToBlock: new(big.Int).SetUint64(head),
		Addresses: []common.Address{k.WormholeCore, k.WormholeExecutor}, Topics: [][]common.Hash{{r.requestTopic, r.publishedTopic}},
	})
	if err != nil || len(logs) == 0 {
		return err
	}
	core, _ := bindings.NewWormholeCoreFilterer(k.WormholeCore, c.client)
	exec, _ := bindings.NewExecutorFilterer(k.WormholeExecutor, c.client)
	type key struct {
		emitter common.Address
		seq     uint64
	}
	published := map[key]*bindings.WormholeCoreLogMessagePublished{}
	var requests []*bindings.ExecutorRequestForExecution
	for _, l := range logs {
		switch {
		case l.Address == k.WormholeCore && l.Topics[0] == r.publishedTopic:
			if m, err := core.ParseLogMessagePublished(l); err == nil {
				published[key{m.Sender, m.Sequence}] = m
			}
		case l.Address == k.WormholeExecutor && l.Topics[0] == r.requestTopic:
			if q, err := exec.ParseRequestForExecution(l); err == nil {
				requests = append(requests, q)
			}
		}
	}
	self, _ := WormholeChainID(c.ChainID)
	for _, q := range requests {
		ignore := func(why string, args ...any) {
			r.logger.Warn("devnet relayer: Executor request not executed: "+why,
				append([]any{"source", c.Name, "dstChain", q.DstChain, "tx", q.Raw.TxHash}, args...)...)
		}
		sq, err := executor.ParseSignedQuote(q.SignedQuote)
		if err != nil {
			ignore("bad quote", "err", err)
			continue
		}
		dst := r.chainByWormholeID(sq.DstChain)
		if dst == nil || sq.DstChain != q.DstChain {
			ignore("the quote's destination is not a devnet chain", "quoteDstChain", sq.DstChain)
			continue
		}
		if common.BytesToAddress(q.DstAddr[:]) != r.d.contracts[dst.Name].WormholeAdapter {
			ignore("not for the destination's adapter", "dstAddr", common.Hash(q.DstAddr))
			continue
		}
		chain, emitter, seq, err := parseVAARequest(q.RequestBytes)
		if err != nil || chain != self {
			ignore("not a VAA v1 request from this chain", "err", err, "emitterChain", chain)
			continue
		}
		m := published[key{common.BytesToAddress(emitter[:]), seq}]
		if m == nil {
			ignore("no such published message", "emitter", common.Hash(emitter), "sequence", seq)
			continue
		}
		gas, value, err := parseGasInstructions(q.RelayInstructions)
		if err != nil || !gas.IsUint64() || gas.Sign() == 0 {
			ignore("bad relay instructions", "err", err)
			continue
		}
		st.waiting = append(st.waiting, queued{due: time.Now().Add(r.delay), wh: &whDelivery{
			dst: dst, gasLimit: gas.Uint64(), value: value,
			vaa: VAA{Timestamp: uint32(c.Now().Unix()), Nonce: m.Nonce, EmitterChain: self, EmitterAddress: emitter,
				Sequence: m.Sequence, ConsistencyLevel: m.ConsistencyLevel, Payload: m.Payload},
		}})
	}
	return nil
}

func (r *relayer) chainByWormholeID(id uint16) *Chain {
	for _, c := range r.d.chains {
		if wid, ok := WormholeChainID(c.ChainID); ok && wid == id {
			return c
		}
	}
	return nil
}

// deliverWormhole executes w on its destination adapter, signed by the
// devnet guardian, with exactly the relay instructions' gas and value.
func (r *relayer) deliverWormhole(ctx context.Context, src *Chain, w *whDelivery) error {
	dst := w.dst
	lock := r.dest[dst.ChainID]
	lock.Lock()
	defer lock.Unlock()
	ctx, cancel := context.WithTimeout(ctx, relayTimeout)
	defer cancel()

	vaa, err := w.vaa.Sign(GuardianKey())
	if err != nil {
		return err
	}
	adapter, err := bindings.NewWormholeBridgeAdapterTransactor(r.d.contracts[dst.Name].WormholeAdapter, dst.client)
	if err != nil {
		return err
	}
	opts, err := bind.NewKeyedTransactorWithChainID(r.from.Key, new(big.Int).SetUint64(dst.ChainID))
	if err != nil {
		return err
	}
	opts.Context = ctx
	opts.GasLimit = w.gasLimit
	opts.Value = w.value
	tx, err := adapter.ExecuteVAAv1(opts, vaa)
	if err != nil {
		return err
	}
	rc, err := dst.WaitMined(ctx, tx)
	if err != nil {
		if rc != nil {
			// Replay the call for its revert reason.
			to := r.d.contracts[dst.Name].WormholeAdapter
			_, cerr := dst.client.CallContract(ctx, ethereum.CallMsg{From: r.from.Address, To: &to, Gas: w.gasLimit, Value: w.value, Data: tx.Data()}, nil)
			var data any
			if de, ok := cerr.(interface{ ErrorData() any }); ok {
				data = de.ErrorData()
			}
			return fmt.Errorf("%w (gas used %d of %d; replayed: %v, data %v)", err, rc.GasUsed, w.gasLimit, cerr, data)
		}
		return err
	}
	args := []any{"from", src.Name, "to", dst.Name, "sequence", w.vaa.Sequence, "tx", tx.Hash(), "gasUsed", rc.GasUsed, "gasLimit", w.gasLimit}
	if m, err := DecodeMessage(w.vaa.Payload); err == nil {
		args = append(args, "messageId", common.Hash(m.MessageID), "payloadType", m.PayloadType)
	}
	r.logger.Info("devnet relayer: executed Wormhole message", args...)
	return nil
}
