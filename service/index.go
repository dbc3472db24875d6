package service

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
)

// startIndex returns the order index over the service's database and,
// unless another process keeps it, starts the indexer over every chain
// with an OrderBook whose client reads logs. Close stops the indexer
// before anything it uses.
func (s *Service) startIndex(cfg IndexConfig, feed order.StatusFeed) (*order.Store, error) {
	store := order.NewStore(s.db)
	if cfg.External {
		return store, nil
	}
	for _, m := range []map[orchestration.Chain]uint64{cfg.StartBlock, cfg.Confirmations, cfg.MaxRange} {
		for chain := range m {
			if _, ok := s.backends[chain]; !ok {
				return nil, &ConfigError{Field: "Orders.Index", Problem: fmt.Sprintf("%s is not a chain this service reads", orchestration.Clip(string(chain)))}
			}
		}
	}
	var chains []order.IndexChain
	for _, name := range slices.Sorted(maps.Keys(s.backends)) {
		info, _ := s.catalog.Chain(name)
		lb, ok := s.backends[name].(evm.LogBackend)
		if info.Contracts.OrderBook == "" || !ok {
			s.logger.Warn("order index: chain not indexed (no OrderBook, or a client that reads no logs)", "chain", name)
			continue
		}
		logs, err := evm.NewLogReader(evm.LogReaderConfig{Name: name, Backend: lb, Registerer: s.cfg.Registry, Logger: s.logger})
		if err != nil {
			return nil, err
		}
		src, err := evmorders.NewEventSource(evmorders.EventSourceConfig{Name: name, ChainID: info.ChainID,
			OrderBook: common.HexToAddress(info.Contracts.OrderBook), Logs: logs, Confirmations: cfg.Confirmations[name],
			MaxRange: cfg.MaxRange[name], Logger: s.logger})
		if err != nil {
			return nil, err
		}
		chains = append(chains, order.IndexChain{Name: name, ChainID: info.ChainID, Events: src, StartBlock: cfg.StartBlock[name]})
	}
	if len(chains) == 0 {
		return nil, &ConfigError{Field: "Orders.Index", Problem: "no chain with an OrderBook and a client to index; set External if another process keeps the index"}
	}
	if s.network.Fresh {
		if err := s.forgetEarlierRun(store, feed, chains); err != nil {
			return nil, err
		}
	}
	ic := order.IndexerConfig{Store: store, Chains: chains, LeaseTTL: cfg.LeaseTTL,
		PollInterval: cfg.PollInterval, Feed: feed, Registerer: s.cfg.Registry, Logger: s.logger}
	if s.webhooks != nil {
		ic.Changes = s.webhooks // the webhooks' outbox, in the index's transactions
	}
	ix, err := order.NewIndexer(ic)
	if err != nil {
		return nil, &ConfigError{Field: "Orders.Index", Problem: err.Error()}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := ix.Run(ctx); err != nil && ctx.Err() == nil {
			s.logger.Error("order index: indexer stopped", "err", err)
		}
	})
	// First among the closers: the indexer stops before the chain clients
	// and the database it writes to.
	s.closers = append([]func(){func() { cancel(); wg.Wait() }}, s.closers...)
	return store, nil
}

// forgetEarlierRun drops what the index holds of chains, which the Network
// started anew (NetworkChains.Fresh), so that orders of an earlier run are
// not listed as this run's.
func (s *Service) forgetEarlierRun(store *order.Store, feed order.StatusFeed, chains []order.IndexChain) error {
	ids := make([]uint64, len(chains))
	for i, c := range chains {
		ids[i] = c.ChainID
	}
	n, err := store.Forget(context.Background(), feed, ids...)
	if err != nil {
		return fmt.Errorf("order index: dropping the index of the network's earlier run: %w", err)
	}
	if n > 0 {
		s.logger.Info("order index: the network's chains started anew; dropped the index of its earlier run", "chains", n)
	}
	return nil
}

// statusFeed is the feed that tells the order status streams what the
// indexer changed: PostgreSQL's LISTEN/NOTIFY on a PostgreSQL database, so
// that the indexer of any replica (or of orchestrationd index) reaches the
// streams of every replica; in process on SQLite, which one process
// serves.
func (s *Service) statusFeed() (order.StatusFeed, error) {
	if s.db.Dialect() == storage.Postgres {
		return order.NewPostgresFeed(order.PostgresFeedConfig{DB: s.db, Logger: s.logger})
	}
	return &order.MemoryFeed{}, nil
}

// orderBooks are the runtimes' order books the order service reads
// through: the EVM chains' OrderBook over the service's reader.
func (s *Service) orderBooks() map[orchestration.ChainRuntime]order.Book {
	var r evmorders.Reader
	if s.reader != nil {
		r = s.reader
	}
	return map[orchestration.ChainRuntime]order.Book{orchestration.RuntimeEVM: evmorders.New(r)}
}

// orderAccounts write the accounts of the runtimes without an order book
// here: an EVM order's recipient, tokenOut and solver on Solana.
var orderAccounts = map[orchestration.ChainRuntime]order.Accounts{orchestration.RuntimeSVM: svmAccounts{}}

// svmAccounts are Solana's accounts: base58 keys.
type svmAccounts struct{}

func (svmAccounts) Account(b [32]byte) string { return solana.PublicKeyFromBytes(b[:]).String() }

func (svmAccounts) ParseAccount(s string) ([32]byte, error) {
	return orchestration.AddressBytes32(orchestration.RuntimeSVM, s)
}
