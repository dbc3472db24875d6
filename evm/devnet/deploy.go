package devnet

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/wormhole/executor/standin"
)

// Contracts are the addresses of everything deployed on one devnet chain.
type Contracts struct {
	MToken       common.Address
	WrappedM     common.Address // extension "WrappedM by M^0" (wM)
	MetaMaskUSD  common.Address // extension "MetaMask USD" (mUSD)
	USDC         common.Address // EIP-2612, domain version "2"; version(), no eip712Domain (FiatToken v2.2)
	USDT         common.Address // no permit
	SwapFacility common.Address
	Portal       common.Address
	OrderBook    common.Address
	PoolFactory  common.Address
	SwapRouter   common.Address
	Quoter       common.Address
	Multicall3   common.Address

	// WrappedMv1 is the extension "WrappedM v1 by M^0" (wMv1): an
	// ERC1967Proxy in front of WrappedMv1Implementation, a
	// CachedDomainMExtension. Its DOMAIN_SEPARATOR is bound to the
	// implementation's address while eip712Domain reports the proxy, so
	// permits verify only over the implementation's address (the quirk of
	// real Wrapped M v1).
	WrappedMv1               common.Address
	WrappedMv1Implementation common.Address

	// Pools are the seeded AMM pools, by pair name ("USDC/wM").
	Pools map[string]common.Address

	// The Wormhole stand-ins (deployed on every chain, used by the routes
	// Config.Wormhole names): the core bridge (one guardian, Guardian), the
	// Executor (accepting the standin quoter's quotes) and M0's
	// Wormhole bridge adapter for this chain's Portal, whose peers on the
	// other chains are wired whether or not a route uses them.
	WormholeCore     common.Address
	WormholeExecutor common.Address
	WormholeAdapter  common.Address

	// PriceFeed is the stand-in Chainlink ETH / USD feed (PriceFeed: 8
	// decimals, answering NativePrice), which the catalog names as the
	// chain's native price source unless its ChainSpec says NoNativePrice.
	PriceFeed common.Address
}

// NativePrice is the devnet feeds' first answer: 3,000 US dollars per
// ETH, in the feed's 8 decimals (PriceFeedDecimals), the price the
// Executor stand-in quotes ETH at.
var NativePrice = big.NewInt(3000_0000_0000)

// PriceFeedDecimals are the decimals of the devnet's price feeds, those of
// Chainlink's USD feeds.
const PriceFeedDecimals = 8

// wormholeWiring is what deployChain needs to wire the Wormhole adapter:
// this chain's Wormhole chain id, each peer's, and the peers whose route
// goes through the adapter by default.
type wormholeWiring struct {
	self   uint16
	peers  map[uint64]uint16
	routed map[uint64]bool
}

// wMv1Name is the token name of wMv1, which its implementation's domain
// separator is computed over.
const wMv1Name = "WrappedM v1 by M^0"

// Seeding amounts, in the tokens' smallest unit (6 decimals).
var (
	userBalance   = units(1_000_000) // of each token, for every account but the deployer and the relayer
	poolLiquidity = units(5_000_000) // of each side, per pool
)

// AMMFee is the fee tier (in millionths) of every seeded pool.
const AMMFee = 500

// Gas limits for pipelined transactions: explicit, so nothing is estimated
// against contracts still in the pool.
const (
	deployGas = 8_000_000
	callGas   = 500_000
)

func units(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1_000_000)) }

// pipeline sends one account's transactions back to back with explicit
// nonces, gas and fees, and waits once at the end: the chain seals them as
// they arrive, so start-up costs a few blocks rather than a round trip per
// transaction.
type pipeline struct {
	ctx   context.Context
	chain *Chain
	key   *ecdsa.PrivateKey
	nonce uint64
	sent  []sentTx
	err   error
	// minedTimeout bounds the wait for each transaction (minedTimeout,
	// the const, unless a test shortens it).
	minedTimeout time.Duration
}

func newPipeline(ctx context.Context, c *Chain, key *ecdsa.PrivateKey) (*pipeline, error) {
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := c.client.PendingNonceAt(ctx, from)
	if err != nil {
		return nil, err
	}
	return &pipeline{ctx: ctx, chain: c, key: key, nonce: nonce, minedTimeout: minedTimeout}, nil
}

func (p *pipeline) opts(gas uint64) *bind.TransactOpts {
	o, _ := bind.NewKeyedTransactorWithChainID(p.key, new(big.Int).SetUint64(p.chain.ChainID))
	o.Context = p.ctx
	o.Nonce = new(big.Int).SetUint64(p.nonce)
	o.GasLimit = gas
	o.GasTipCap = big.NewInt(1_000_000_000)
	o.GasFeeCap = big.NewInt(100_000_000_000)
	return o
}

// do returns the recorder of a transaction built with opts:
// p.do("what")(contract.Method(p.opts(gas), ...)).
func (p *pipeline) do(what string) func(*types.Transaction, error) {
	return func(tx *types.Transaction, err error) {
		if p.err != nil {
			return
		}
		if err != nil {
			p.err = fmt.Errorf("%s: %w", what, err)
			return
		}
		p.nonce++
		p.sent = append(p.sent, sentTx{what, tx})
	}
}

// minedTimeout bounds the wait for one deployment transaction to be sealed.
const minedTimeout = time.Minute

type sentTx struct {
	what string
	tx   *types.Transaction
}

// deploy is do for a contract creation; it returns the new address.
func deploy[T any](p *pipeline, what string, fn func(*bind.TransactOpts, bind.ContractBackend) (common.Address, *types.Transaction, T, error)) common.Address {
	if p.err != nil {
		return common.Address{}
	}
	addr, tx, _, err := fn(p.opts(deployGas), p.chain.client)
	p.do("deploy "+what)(tx, err)
	return addr
}

// wait blocks until every sent transaction is sealed and fails if any
// reverted.
func (p *pipeline) wait() error {
	if p.err != nil {
		return p.err
	}
	for _, s := range p.sent {
		// The chain seals a transaction as it arrives, in milliseconds: one
		// not sealed within minedTimeout will not be, and the caller's
		// context may have no deadline, so bound the wait here.
		ctx, cancel := context.WithTimeout(p.ctx, p.minedTimeout)
		r, err := p.chain.WaitMined(ctx, s.tx)
		cancel()
		switch {
		case err == nil:
		case r != nil:
			return fmt.Errorf("%s: %w (gas used %d of %d)", s.what, err, r.GasUsed, s.tx.Gas())
		case errors.Is(err, context.DeadlineExceeded) && p.ctx.Err() == nil:
			return fmt.Errorf("%s: transaction %s not sealed within %v", s.what, s.tx.Hash(), p.minedTimeout)
		default:
			return fmt.Errorf("%s: %w", s.what, err)
		}
	}
	p.sent = p.sent[:0]
	return nil
}

// deployChain deploys and wires every contract on c and seeds balances and
// pools. Addresses depend only on the deployer's nonce, so they are the same
// on every run.
//
// Every chain's deployer sends the same transactions from nonce 0, so every
// contract has the same address on every devnet chain; peers are the chain
// ids this chain's Portal and OrderBook talk to.
func deployChain(ctx context.Context, c *Chain, hub bool, users []common.Address, peers []uint64, wh wormholeWiring) (*Contracts, error) {
	accounts := Accounts()
	deployer, relayer := accounts[0], accounts[1]
	p, err := newPipeline(ctx, c, deployer.Key)
	if err != nil {
		return nil, err
	}
	b := c.client
	k := &Contracts{Pools: map[string]common.Address{}}

	k.MToken = deploy(p, "MToken", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.MToken, error) {
		return bindings.DeployMToken(o, be, deployer.Address)
	})
	k.SwapFacility = deploy(p, "SwapFacility", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.SwapFacility, error) {
		return bindings.DeploySwapFacility(o, be, k.MToken, deployer.Address)
	})
	k.WrappedM = deploy(p, "wM", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.MExtension, error) {
		return bindings.DeployMExtension(o, be, "WrappedM by M^0", "wM", k.MToken, k.SwapFacility, deployer.Address)
	})
	k.MetaMaskUSD = deploy(p, "mUSD", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.MExtension, error) {
		return bindings.DeployMExtension(o, be, "MetaMask USD", "mUSD", k.MToken, k.SwapFacility, deployer.Address)
	})
	k.USDC = deploy(p, "USDC", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.FiatToken, error) {
		return bindings.DeployFiatToken(o, be, deployer.Address)
	})
	k.USDT = deploy(p, "USDT", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.TetherToken, error) {
		return bindings.DeployTetherToken(o, be, deployer.Address)
	})
	k.Portal = deploy(p, "Portal", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.Portal, error) {
		return bindings.DeployPortal(o, be, k.MToken, k.SwapFacility, hub, deployer.Address)
	})
	k.OrderBook = deploy(p, "OrderBook", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.OrderBook, error) {
		return bindings.DeployOrderBook(o, be, k.Portal, deployer.Address)
	})
	k.PoolFactory = deploy(p, "PoolFactory", bindings.DeployPoolFactory)
	k.SwapRouter = deploy(p, "SwapRouter02", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.SwapRouter02, error) {
		return bindings.DeploySwapRouter02(o, be, k.PoolFactory)
	})
	k.Quoter = deploy(p, "QuoterV2", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.QuoterV2, error) {
		return bindings.DeployQuoterV2(o, be, k.PoolFactory)
	})
	k.Multicall3 = deploy(p, "Multicall3", bindings.DeployMulticall3)
	// Deployed last, so that the contracts above keep the addresses they
	// had before wMv1 existed.
	k.WrappedMv1Implementation = deploy(p, "wMv1 implementation", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.CachedDomainMExtension, error) {
		return bindings.DeployCachedDomainMExtension(o, be, wMv1Name, k.MToken, k.SwapFacility)
	})
	k.WrappedMv1 = deploy(p, "wMv1 proxy", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.ERC1967Proxy, error) {
		init, err := contracts.MustABI("CachedDomainMExtension").Pack("initialize", wMv1Name, "wMv1", deployer.Address)
		if err != nil {
			return common.Address{}, nil, nil, err
		}
		return bindings.DeployERC1967Proxy(o, be, k.WrappedMv1Implementation, init)
	})
	// After every older contract, so those keep their addresses.
	k.WormholeCore = deploy(p, "WormholeCore", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.WormholeCore, error) {
		return bindings.DeployWormholeCore(o, be, wh.self, Guardian, deployer.Address)
	})
	k.WormholeExecutor = deploy(p, "Executor", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.Executor, error) {
		return bindings.DeployExecutor(o, be, wh.self, standin.DevnetQuoter)
	})
	k.WormholeAdapter = deploy(p, "WormholeBridgeAdapter", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.WormholeBridgeAdapter, error) {
		return bindings.DeployWormholeBridgeAdapter(o, be, k.WormholeCore, k.WormholeExecutor, wormholeConsistencyLevel, k.Portal, deployer.Address)
	})
	// After every older contract, so those keep their addresses.
	k.PriceFeed = deploy(p, "PriceFeed", func(o *bind.TransactOpts, be bind.ContractBackend) (common.Address, *types.Transaction, *bindings.PriceFeed, error) {
		return bindings.DeployPriceFeed(o, be, PriceFeedDecimals, "ETH / USD", NativePrice, deployer.Address)
	})
	if p.err != nil {
		return nil, p.err
	}

	// Bind the contracts at their (already known) addresses.
	m, _ := bindings.NewMToken(k.MToken, b)
	facility, _ := bindings.NewSwapFacility(k.SwapFacility, b)
	portal, _ := bindings.NewPortal(k.Portal, b)
	usdc, _ := bindings.NewFiatToken(k.USDC, b)
	usdt, _ := bindings.NewTetherToken(k.USDT, b)
	wm, _ := bindings.NewMExtension(k.WrappedM, b)
	factory, _ := bindings.NewPoolFactory(k.PoolFactory, b)

	// Role identifiers are constants of the contracts.
	var (
		mSwapperRole = roleID("M_SWAPPER_ROLE")
		relayerRole  = roleID("RELAYER_ROLE")
		minterRole   = roleID("MINTER_ROLE")
	)
	g := func() *bind.TransactOpts { return p.opts(callGas) }
	p.do("approve wM")(facility.SetAdminApprovedExtension(g(), k.WrappedM, true))
	p.do("approve mUSD")(facility.SetAdminApprovedExtension(g(), k.MetaMaskUSD, true))
	p.do("approve wMv1")(facility.SetAdminApprovedExtension(g(), k.WrappedMv1, true))
	p.do("M swapper: portal")(facility.GrantRole(g(), mSwapperRole, k.Portal))
	p.do("M swapper: deployer")(facility.GrantRole(g(), mSwapperRole, deployer.Address))
	if !hub {
		p.do("M minter: portal")(m.GrantRole(g(), minterRole, k.Portal))
	}
	p.do("portal order book")(portal.SetOrderBook(g(), k.OrderBook))
	p.do("portal relayer")(portal.GrantRole(g(), relayerRole, relayer.Address))
	p.do("portal fee")(portal.SetFeePerGas(g(), feePerGas))

	// Wormhole: the message fee, and for every peer with a Wormhole chain
	// id the adapter's peer (the same address on every chain, as every
	// contract) and bridge chain id, and the adapter as a supported one
	// (it may deliver); the default for the routed peers.
	core, _ := bindings.NewWormholeCore(k.WormholeCore, b)
	adapter, _ := bindings.NewWormholeBridgeAdapter(k.WormholeAdapter, b)
	p.do("wormhole message fee")(core.SetMessageFee(g(), WormholeMessageFee))
	for _, peer := range peers {
		whPeer := wh.peers[peer]
		if whPeer == 0 || wh.self == 0 {
			continue
		}
		p.do("wormhole peer")(adapter.SetPeer(g(), uint32(peer), common.BytesToHash(k.WormholeAdapter.Bytes())))
		p.do("wormhole bridge chain id")(adapter.SetBridgeChainId(g(), uint32(peer), big.NewInt(int64(whPeer))))
		p.do("wormhole adapter supported")(portal.SetSupportedBridgeAdapter(g(), uint32(peer), k.WormholeAdapter, true))
		if wh.routed[peer] {
			p.do("wormhole default adapter")(portal.SetDefaultBridgeAdapter(g(), uint32(peer), k.WormholeAdapter))
		}
	}

	book, _ := bindings.NewOrderBook(k.OrderBook, b)
	// The portal bridges M and wM, in any pairing (an extension arriving is
	// wrapped on delivery). mUSD is not bridged: it is reached through the
	// SwapFacility on either side, so routes to it have a swap leg, as for
	// extensions the portal does not carry on mainnet. Nor is wMv1.
	bridged := []common.Address{k.MToken, k.WrappedM}
	for _, peer := range peers {
		gasFor := payloadGasFor
		if wh.routed[peer] {
			gasFor = wormholePayloadGas
		}
		for typ, gas := range gasFor {
			p.do("payload gas")(portal.SetPayloadGasLimit(g(), uint32(peer), typ, big.NewInt(gas)))
		}
		p.do("order destination")(book.SetDestinationSupported(g(), uint32(peer), true))
		for _, src := range bridged {
			for _, dst := range bridged {
				p.do("bridging path")(portal.SetSupportedBridgingPath(g(), src, uint32(peer), common.BytesToHash(dst.Bytes()), true))
			}
		}
	}

	// Balances: M, wM, mUSD and wMv1 come from M minted to the deployer and
	// swapped in through the SwapFacility, so extensions stay backed by M.
	perUser := new(big.Int).Set(userBalance)
	nUsers := big.NewInt(int64(len(users)))
	mTotal := new(big.Int).Mul(perUser, big.NewInt(4)) // M itself, wM, mUSD and wMv1
	mTotal.Mul(mTotal, nUsers)
	mTotal.Add(mTotal, new(big.Int).Mul(poolLiquidity, big.NewInt(2))) // pool sides in wM
	p.do("mint M")(m.Mint(g(), deployer.Address, mTotal))
	if hub {
		// On mainnet the hub Portal holds every M that went out to the
		// spokes. Spoke supply here is minted in place, so lock its
		// equivalent in the hub Portal: transfers back can be released.
		locked := new(big.Int).Mul(mTotal, big.NewInt(int64(len(peers))))
		p.do("lock spoke supply in the hub portal")(m.Mint(g(), k.Portal, locked))
	}
	p.do("approve M")(m.Approve(g(), k.SwapFacility, mTotal))
	for _, u := range users {
		p.do("M to user")(m.Transfer(g(), u, perUser))
		p.do("wM to user")(facility.SwapInM(g(), k.WrappedM, perUser, u))
		p.do("mUSD to user")(facility.SwapInM(g(), k.MetaMaskUSD, perUser, u))
		p.do("wMv1 to user")(facility.SwapInM(g(), k.WrappedMv1, perUser, u))
		p.do("USDC to user")(usdc.Mint(g(), u, perUser))
		p.do("USDT to user")(usdt.Mint(g(), u, perUser))
	}

	// AMM: a USDC/wM pool and a USDT/wM pool at the 0.05% tier.
	p.do("wM for pools")(facility.SwapInM(g(), k.WrappedM, new(big.Int).Mul(poolLiquidity, big.NewInt(2)), deployer.Address))
	p.do("USDC for pool")(usdc.Mint(g(), deployer.Address, poolLiquidity))
	p.do("USDT for pool")(usdt.Mint(g(), deployer.Address, poolLiquidity))
	// A contract's nonce starts at 1 and counts the contracts it creates, so
	// the factory's pools are at CREATE(factory, 1) and CREATE(factory, 2):
	// no need to wait for them and ask.
	for i, pair := range []struct {
		name  string
		token common.Address
		erc20 interface {
			Approve(*bind.TransactOpts, common.Address, *big.Int) (*types.Transaction, error)
		}
	}{{"USDC/wM", k.USDC, usdc}, {"USDT/wM", k.USDT, usdt}} {
		p.do("pool " + pair.name)(factory.CreatePool(p.opts(deployGas), pair.token, k.WrappedM, big.NewInt(AMMFee)))
		pool := crypto.CreateAddress(k.PoolFactory, uint64(i+1))
		k.Pools[pair.name] = pool
		pc, _ := bindings.NewConstantProductPool(pool, b)
		p.do("approve pool " + pair.name)(pair.erc20.Approve(g(), pool, poolLiquidity))
		p.do("approve pool wM")(wm.Approve(g(), pool, poolLiquidity))
		// addLiquidity takes (token0, token1) amounts; both sides are equal.
		p.do("liquidity " + pair.name)(pc.AddLiquidity(p.opts(deployGas), poolLiquidity, poolLiquidity))
	}
	return k, p.wait()
}

// roleID is the id of an access-control role: keccak256 of its name, as the
// contracts define it.
func roleID(name string) [32]byte { return crypto.Keccak256Hash([]byte(name)) }

// Portal messaging fees every devnet chain charges: the native fee of a
// message is its payload gas limit times feePerGas.
var (
	feePerGas     = big.NewInt(1_000_000_000)
	payloadGasFor = map[uint8]int64{payloadTokenTransfer: 200_000, payloadFillReport: 150_000, payloadCancelReport: 120_000}
)

// Portal payload types.
const (
	payloadTokenTransfer = 0
	payloadFillReport    = 4
	payloadCancelReport  = 6
)
