package service

import (
	"context"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/transfer"
)

// TransfersConfig configures GET /transfers/{chain}/{txHash}, the status of
// a transfer by its source transaction (decision 84).
type TransfersConfig struct {
	// Disabled turns the route off: it answers 501 NotImplemented.
	Disabled bool
	// Lookback bounds, in blocks back from a destination's head, where a
	// portal message's delivery is looked for; zero means
	// transfer.DefaultLookback.
	Lookback uint64
	// MaxRange bounds the blocks of one eth_getLogs (the lookback is read
	// in windows of it, in one batch); zero means transfer.DefaultMaxRange.
	MaxRange uint64
}

// buildTransfers builds the transfer tracker over the chain reader's
// clients: each EVM chain whose client can send JSON-RPC batches (an
// endpoint of Config.RPC, a Network's or an *ethclient.Client of
// Config.Backends; other Backends are not read, their transactions
// answered 501), with the reader's followed heads bounding the lookback
// and the order service reading the orders' statuses; the Solana clusters
// with an endpoint through the Solana client.
func (s *Service) buildTransfers() error {
	if s.cfg.Transfers.Disabled {
		return nil
	}
	clients := map[orchestration.Chain]transfer.Client{}
	for chain, b := range s.backends {
		switch c := b.(type) {
		case *redialBackend:
			clients[chain] = c
		case *ethclient.Client:
			clients[chain] = c.Client()
		}
	}
	tc := transfer.Config{Catalog: s.catalog, Clients: clients, Lookback: s.cfg.Transfers.Lookback, MaxRange: s.cfg.Transfers.MaxRange, Logger: s.logger}
	if s.orders != nil {
		tc.Orders = s.orders
	}
	if s.svmClient != nil {
		tc.Solana = s.svmClient // Solana signatures, read by getTransaction
	}
	if s.reader != nil {
		tc.Head = func(chain orchestration.Chain) (uint64, bool) {
			head, _, ok := s.reader.Head(chain)
			return head, ok
		}
	}
	var err error
	s.transfers, err = transfer.New(tc)
	return err
}

// Transfers serves GET /transfers/{chain}/{txHash}; nil when
// Config.Transfers.Disabled.
func (s *Service) Transfers() *transfer.Tracker { return s.transfers }

// BatchCallContext sends a JSON-RPC batch over the endpoint, dialling it
// first when needed (the transfer tracker's reads).
func (b *redialBackend) BatchCallContext(ctx context.Context, batch []rpc.BatchElem) error {
	c, err := b.get(ctx)
	if err != nil {
		return err
	}
	return c.Client().BatchCallContext(ctx, batch)
}
