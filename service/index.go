package service

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	solanago "github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmorders"
)

// startIndex returns the order index over the service's database and,
// unless another process keeps it, starts the indexer over every chain
// with an OrderBook whose client reads logs, and every Solana cluster with
// an order book and an endpoint. Close stops the indexer
// before anything it uses.
func (s *Service) startIndex(cfg IndexConfig, feed order.StatusFeed) (*order.Store, error) {
	store := order.NewStore(s.db)
	if cfg.External {
		return store, nil
	}
	solana := func(chain orchestration.Chain) bool {
		info, _ := s.catalog.Chain(chain)
		return info.Runtime == orchestration.RuntimeSVM && s.svmClient != nil && s.svmClient.Has(chain)
	}
	for _, m := range []map[orchestration.Chain]uint64{cfg.StartBlock, cfg.Confirmations, cfg.MaxRange} {
		for chain := range m {
			if _, ok := s.backends[chain]; !ok && !solana(chain) {
				return nil, &ConfigError{Field: "Orders.Index", Problem: fmt.Sprintf("%s is not a chain this service reads", orchestration.Clip(string(chain)))}
			}
		}
	}
	for chain := range cfg.Confirmations {
		if solana(chain) {
			return nil, &ConfigError{Field: "Orders.Index.Confirmations", Problem: fmt.Sprintf("%s is a Solana cluster, indexed at a commitment (SolanaCommitment), not a depth", chain)}
		}
	}
	for chain, n := range cfg.MaxRange {
		if solana(chain) && n > svm.MaxSignaturesPerCall {
			return nil, &ConfigError{Field: "Orders.Index.MaxRange", Problem: fmt.Sprintf("%s: at most %d signatures per read on a Solana cluster", chain, svm.MaxSignaturesPerCall)}
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
	// Solana clusters: the order_book's transactions, at the commitment
	// asked; a chain's StartBlock is a slot and its MaxRange the
	// signatures listed per read.
	for _, info := range s.catalog.Chains() {
		if info.Runtime != orchestration.RuntimeSVM || info.Contracts.OrderBook == "" || !solana(info.Name) {
			continue
		}
		program, err := solanago.PublicKeyFromBase58(info.Contracts.OrderBook)
		if err != nil {
			return nil, &ConfigError{Field: "Catalog", Problem: fmt.Sprintf("%s: orderBook is not a base58 program id", info.Name)}
		}
		src, err := svmorders.NewEventSource(svmorders.EventSourceConfig{Name: info.Name, ChainID: info.ChainID,
			Client: s.svmClient, Program: program, Commitment: cfg.SolanaCommitment,
			PageSize: int(cfg.MaxRange[info.Name]), Logger: s.logger})
		if err != nil {
			return nil, &ConfigError{Field: "Orders.Index", Problem: err.Error()}
		}
		chains = append(chains, order.IndexChain{Name: info.Name, ChainID: info.ChainID, Events: src, StartBlock: cfg.StartBlock[info.Name]})
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
// through: the EVM chains' OrderBook over the service's reader, its
// cancel reports through the Wormhole adapter relayed through the
// Executor of the chain's network, and, when
// a Solana cluster has an endpoint, Solana's order_book over the Solana
// client, its foreign cancels relayed through the Executor of the
// cluster's network.
func (s *Service) orderBooks() (map[orchestration.ChainRuntime]order.Book, error) {
	var r evmorders.Reader
	if s.reader != nil {
		r = s.reader
	}
	// A nil *executor.Cache must not become a non-nil interface.
	var evmExec evmorders.Executors
	if s.executors.Mainnet != nil {
		evmExec.Mainnet = s.executors.Mainnet
	}
	if s.executors.Testnet != nil {
		evmExec.Testnet = s.executors.Testnet
	}
	books := map[orchestration.ChainRuntime]order.Book{orchestration.RuntimeEVM: evmorders.NewBook(r, evmorders.Config{Executors: evmExec})}
	if s.svmClient == nil {
		return books, nil
	}
	executors := map[orchestration.Chain]svmorders.Executor{}
	for _, c := range s.catalog.Chains() {
		cache := s.executors.Mainnet
		if c.Testnet {
			cache = s.executors.Testnet
		}
		// A nil *executor.Cache must not become a non-nil interface.
		if c.Runtime == orchestration.RuntimeSVM && c.Contracts.OrderBook != "" && cache != nil {
			executors[c.Name] = cache
		}
	}
	book, err := svmorders.New(svmorders.Config{Client: s.svmClient, Tokens: s.catalog, Executors: executors,
		ComputeUnitPrice: s.cfg.Bundled.SolanaComputeUnitPrice})
	if err != nil {
		return nil, &ConfigError{Field: "Orders", Problem: err.Error()}
	}
	books[orchestration.RuntimeSVM] = book
	return books, nil
}

// orderAccounts write the accounts of the runtimes without an order book
// here: an EVM order's recipient, tokenOut and solver on Solana.
var orderAccounts = map[orchestration.ChainRuntime]order.Accounts{orchestration.RuntimeSVM: svmAccounts{}}

// svmAccounts are Solana's accounts: base58 keys.
type svmAccounts struct{}

func (svmAccounts) Account(b [32]byte) string { return solanago.PublicKeyFromBytes(b[:]).String() }

func (svmAccounts) ParseAccount(s string) ([32]byte, error) {
	return orchestration.AddressBytes32(orchestration.RuntimeSVM, s)
}
