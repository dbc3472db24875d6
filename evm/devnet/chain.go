package devnet

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"strings"
	"sync"
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
		nodeConf.HTTPModules = []string{"eth", "net", "web3", "txpool", "dev"}
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
	// Period 0 plus the beacon's API: a block is sealed whenever a
	// transaction enters the pool, as in geth's --dev mode.
	catalyst.RegisterSimulatedBeaconAPIs(stack, beacon)
	stack.RegisterLifecycle(beacon)
	if err := stack.Start(); err != nil {
		stack.Close()
		return nil, fmt.Errorf("devnet %s: start: %w", opts.Name, err)
	}
	if err := beacon.Fork(backend.BlockChain().GetCanonicalHash(0)); err != nil {
		stack.Close()
		return nil, fmt.Errorf("devnet %s: genesis: %w", opts.Name, err)
	}
	return &Chain{
		Name:    opts.Name,
		ChainID: opts.ChainID,
		node:    stack,
		eth:     backend,
		beacon:  beacon,
		client:  ethclient.NewClient(stack.Attach()),
	}, nil
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
// chain's clock forward for deadline tests. It fails while transactions are
// pending.
func (c *Chain) AdvanceTime(d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d < time.Second {
		return errors.New("devnet: AdvanceTime needs at least one second")
	}
	// The beacon refuses while its transaction pool holds pending
	// transactions, and the pool forgets the ones just sealed only once it
	// has caught up with the new head, asynchronously: a transaction mined a
	// moment ago can still count. Transactions are sealed on arrival here,
	// so the pool empties within milliseconds; give it a moment.
	deadline := time.Now().Add(2 * time.Second)
	c.settle(deadline)
	for {
		err := c.beacon.AdjustTime(d)
		if err == nil || !strings.Contains(err.Error(), "non-empty block") || time.Now().After(deadline) {
			return err
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// settle waits, until deadline at most, for the beacon's sealing of
// arrived transactions to be over: the pool holds nothing executable and
// the head has not moved for 20 ms. AdjustTime seals a block too, and the
// simulated beacon does not lock the two against each other (the race
// detector sees them touch its last block time at once).
func (c *Chain) settle(deadline time.Time) {
	head, since := c.eth.BlockChain().CurrentBlock().Number.Uint64(), time.Now()
	for time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		now := c.eth.BlockChain().CurrentBlock().Number.Uint64()
		if executable, _ := c.eth.TxPool().Stats(); executable > 0 || now != head {
			head, since = now, time.Now()
			continue
		}
		if time.Since(since) >= 20*time.Millisecond {
			return
		}
	}
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
	c.client.Close()
	return c.node.Close()
}
