package devnet

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
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
// holds RELAYER_ROLE there.
type relayer struct {
	d      *Devnet
	from   Account
	delay  time.Duration
	logger *slog.Logger
	topic  common.Hash

	source map[uint64]*sourceState // by source chain id; each has its own lock
	dest   map[uint64]*sync.Mutex  // serialises the relayer's nonces per destination
}

type sourceState struct {
	mu      sync.Mutex
	next    uint64 // first block not scanned yet
	waiting []queued
}

type queued struct {
	msg      *bindings.PortalMessageSent
	due      time.Time
	attempts int
}

// relayAttempts bounds how often a failing delivery is tried: a transient
// failure (a busy node, a nonce race) is retried with a growing delay, a
// message that keeps reverting is dropped after the last attempt.
const relayAttempts = 5

// relayTimeout bounds one delivery, from sending to its receipt.
const relayTimeout = 20 * time.Second

func newRelayer(d *Devnet, from Account, delay time.Duration, logger *slog.Logger) *relayer {
	r := &relayer{d: d, from: from, delay: delay, logger: logger, topic: contracts.MustABI("Portal").Events["MessageSent"].ID,
		source: map[uint64]*sourceState{}, dest: map[uint64]*sync.Mutex{}}
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
		if err := r.deliver(ctx, c, q.msg); err != nil {
			if ctx.Err() != nil {
				return delivered, ctx.Err()
			}
			q.attempts++
			final := q.attempts >= relayAttempts
			r.logger.Error("devnet relayer: delivery failed", "source", c.Name, "destinationChainId", q.msg.DestinationChainId,
				"messageId", common.Hash(q.msg.MessageId), "payloadType", q.msg.PayloadType, "attempt", q.attempts,
				"dropped", final, "err", err)
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
