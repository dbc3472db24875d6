package devnet

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/eth"
	"github.com/ethereum/go-ethereum/eth/catalyst"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/eth/filters"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/p2p"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/m0-orchestration/m0/orchestration"
)

// Chain is one simulated EVM chain: an in-memory go-ethereum node with a
// simulated beacon that seals a block as soon as a transaction arrives, the
// real chain id of the network it stands for, and (optionally) JSON-RPC over
// HTTP on loopback.
type Chain struct {
	Name    orchestration.Chain
	ChainID uint64

	node   *node.Node
	eth    *eth.Ethereum
	beacon *catalyst.SimulatedBeacon
	client *ethclient.Client

	mu     sync.Mutex // serialises time adjustments with each other
	closed bool

	// sealMu serialises sealing: the sealer's blocks and AdvanceTime's
	// (the simulated beacon does not lock them against each other).
	sealMu     sync.Mutex
	stopSealer chan struct{}
	sealerDone chan struct{}
	// sealKick wakes the sealer; sealingPaused holds it (PauseSealing).
	sealKick      chan struct{}
	sealingPaused atomic.Bool
}

// head is the number of the chain's newest block, read from the chain
// itself: the relayer and the solver poll it every 20 ms, and a JSON-RPC
// round trip per poll kept an idle devnet busy.
func (c *Chain) head() uint64 {
	return c.eth.BlockChain().CurrentBlock().Number.Uint64()
}

// chainOptions configures startChain.
type chainOptions struct {
	Name    orchestration.Chain
	ChainID uint64
	Alloc   types.GenesisAlloc
	// HTTP exposes JSON-RPC on 127.0.0.1 at a free port when true.
	HTTP bool
}

func startChain(opts chainOptions) (*Chain, error) {
	nodeConf := node.DefaultConfig
	nodeConf.DataDir = "" // in memory
	nodeConf.P2P = p2p.Config{NoDiscovery: true, MaxPeers: 0}
	nodeConf.Name = "m0-devnet-" + string(opts.Name)
	if opts.HTTP {
		nodeConf.HTTPHost = "127.0.0.1"
		nodeConf.HTTPPort = 0 // a free port; read it back with HTTPEndpoint
		nodeConf.HTTPModules = []string{"eth", "net", "web3", "txpool"}
		nodeConf.HTTPVirtualHosts = []string{"*"}
		nodeConf.HTTPCors = []string{"*"}
	} else {
		nodeConf.HTTPHost = ""
	}
	nodeConf.WSHost = ""
	nodeConf.AuthPort = 0
	nodeConf.IPCPath = ""

	chainConfig := *params.AllDevChainProtocolChanges
	chainConfig.ChainID = new(big.Int).SetUint64(opts.ChainID)

	alloc := core.SystemContractAllocs()
	maps.Copy(alloc, opts.Alloc)

	ethConf := ethconfig.Defaults
	ethConf.NetworkId = opts.ChainID
	ethConf.Genesis = &core.Genesis{
		Config:    &chainConfig,
		GasLimit:  ethconfig.Defaults.Miner.GasCeil,
		Alloc:     alloc,
		Timestamp: uint64(time.Now().Unix()),
	}
	ethConf.SyncMode = ethconfig.FullSync
	ethConf.TxPool.NoLocals = true
	ethConf.LogNoHistory = true

	stack, err := node.New(&nodeConf)
	if err != nil {
		return nil, fmt.Errorf("devnet %s: node: %w", opts.Name, err)
	}
	backend, err := eth.New(stack, &ethConf)
	if err != nil {
		stack.Close()
		return nil, fmt.Errorf("devnet %s: eth: %w", opts.Name, err)
	}
	filterSystem := filters.NewFilterSystem(backend.APIBackend, filters.Config{})
	stack.RegisterAPIs([]rpc.API{{Namespace: "eth", Service: filters.NewFilterAPI(filterSystem)}})
	beacon, err := catalyst.NewSimulatedBeacon(0, [20]byte{}, backend)
	if err != nil {
		stack.Close()
		return nil, fmt.Errorf("devnet %s: beacon: %w", opts.Name, err)
	}
	// Period 0: the beacon seals only when told; the chain's own sealer
	// tells it whenever a transaction becomes executable (startSealer).
	stack.RegisterLifecycle(beacon)
	if err := stack.Start(); err != nil {
		stack.Close()
		return nil, fmt.Errorf("devnet %s: start: %w", opts.Name, err)
	}
	if err := beacon.Fork(backend.BlockChain().GetCanonicalHash(0)); err != nil {
		stack.Close()
		return nil, fmt.Errorf("devnet %s: genesis: %w", opts.Name, err)
	}
	c := &Chain{
		Name:    opts.Name,
		ChainID: opts.ChainID,
		node:    stack,
		eth:     backend,
		beacon:  beacon,
		client:  ethclient.NewClient(stack.Attach()),
	}
	c.startSealer()
	return c, nil
}

// startSealer seals a block whenever transactions become executable, as
// geth's --dev mode does, until Close. It subscribes to the pool before it
// returns, so no transaction can arrive unseen: go-ethereum's own on-demand
// loop (catalyst.RegisterSimulatedBeaconAPIs) subscribes on a goroutine of
// its own, and a chain whose first transactions all arrived before that
// goroutine ran sealed none of them ("deploy MToken: transaction … not
// sealed within 1m0s", seen once in CI on a loaded machine).
func (c *Chain) startSealer() {
	events := make(chan core.NewTxsEvent, 64)
	sub := c.eth.TxPool().SubscribeTransactions(events, true)
	kick := make(chan struct{}, 1)
	c.sealKick = kick
	c.stopSealer, c.sealerDone = make(chan struct{}), make(chan struct{})
	sealed := make(chan struct{})
	// The reader keeps the pool's feed flowing while a block is sealed:
	// the pool sends its events while it resets to a new head, so a
	// sealer that stopped reading them would wait forever on the pool's
	// Sync. It stops only once the sealer has.
	go func() {
		defer close(c.sealerDone)
		defer sub.Unsubscribe()
		for {
			select {
			case <-sealed:
				return
			case <-sub.Err():
				<-sealed
				return
			case <-events:
				select {
				case kick <- struct{}{}:
				default: // a sealing is due already: it takes these too
				}
			}
		}
	}()
	go func() {
		defer close(sealed)
		for {
			select {
			case <-c.stopSealer:
				return
			case <-kick:
			}
			c.sealMu.Lock()
			c.sealPending()
			c.sealMu.Unlock()
		}
	}()
}

// sealPending seals blocks until the pool holds nothing executable, a
// block took nothing (a transaction the miner will not take), or sealing
// failed (Commit only logs its error, leaving the head where it was):
// sealing again would spin. The caller holds sealMu.
func (c *Chain) sealPending() {
	for {
		if c.sealingPaused.Load() {
			return
		}
		_ = c.eth.TxPool().Sync() // the pool forgets what the last block took
		if executable, _ := c.eth.TxPool().Stats(); executable == 0 {
			return
		}
		before := c.eth.BlockChain().CurrentBlock().Number.Uint64()
		c.beacon.Commit()
		if head := c.eth.BlockChain().CurrentBlock(); head.Number.Uint64() == before || head.GasUsed == 0 {
			return
		}
		select {
		case <-c.stopSealer:
			return
		default:
		}
	}
}

// PauseSealing stops (true) or resumes (false) sealing blocks: while
// paused, transactions wait in the pool and the head does not move, as on
// a chain whose block production stalled. Resuming seals what waited.
func (c *Chain) PauseSealing(paused bool) {
	c.sealingPaused.Store(paused)
	if !paused {
		select {
		case c.sealKick <- struct{}{}:
		default: // a sealing is due already
		}
	}
}

// Client is an in-process client of the chain; it implements every
// go-ethereum interface the bindings need (bind.ContractBackend,
// bind.DeployBackend, ethereum.LogFilterer, ...).
func (c *Chain) Client() *ethclient.Client { return c.client }

// RPCURL is the chain's JSON-RPC endpoint on loopback, or "" when the devnet
// was started without HTTP.
func (c *Chain) RPCURL() string { return c.node.HTTPEndpoint() }

// Now is the timestamp of the chain's latest block.
func (c *Chain) Now() time.Time {
	return time.Unix(int64(c.eth.BlockChain().CurrentBlock().Time), 0)
}

// AdvanceTime seals an empty block d later than the latest one, moving the
// chain's clock forward for deadline tests. Transactions pending are sealed
// first, in a block of their own.
func (c *Chain) AdvanceTime(d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d < time.Second {
		return errors.New("devnet: AdvanceTime needs at least one second")
	}
	// The beacon refuses while its pool holds pending transactions: seal
	// them first, with the sealer held off.
	c.sealMu.Lock()
	defer c.sealMu.Unlock()
	c.sealPending()
	return c.beacon.AdjustTime(d)
}

// WaitMined waits for tx to be sealed and returns its receipt, failing when
// the transaction reverted.
func (c *Chain) WaitMined(ctx context.Context, tx *types.Transaction) (*types.Receipt, error) {
	for {
		r, err := c.client.TransactionReceipt(ctx, tx.Hash())
		if err == nil {
			if r.Status != types.ReceiptStatusSuccessful {
				return r, fmt.Errorf("devnet %s: transaction %s reverted", c.Name, tx.Hash())
			}
			// go-ethereum indexes a block's receipts before it moves its
			// head there: wait for the head, so that what the caller reads
			// next sees the transaction.
			if head, err := c.client.BlockNumber(ctx); err == nil && head >= r.BlockNumber.Uint64() {
				return r, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// Close stops the chain. It is safe to call twice.
func (c *Chain) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil
	}
	c.closed = true
	close(c.stopSealer)
	<-c.sealerDone
	c.client.Close()
	return c.node.Close()
}
