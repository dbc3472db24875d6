package portal_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// This file is a fake of the chains an M Portal with a Wormhole adapter
// lives on, answering the real ABIs (the Portal V2's views, M0's
// WormholeBridgeAdapter's and Wormhole's core bridge's, ERC-20 allowance
// and balanceOf) call by call, and a fake Executor quoter issuing signed
// quotes in the EQ01 layout. It stands in for the devnet until the devnet
// has a Wormhole adapter.

// whTestABI is the Wormhole adapter's and core bridge's views, as
// IWormholeBridgeAdapter, IBridgeAdapter and ICoreBridge declare them
// (m0-foundation/m-portal-v2), written apart from the provider's copy.
var whTestABI = func() abi.ABI {
	a, err := abi.JSON(strings.NewReader(`[
	 {"type":"function","name":"currentWormholeChainId","stateMutability":"view","inputs":[],"outputs":[{"type":"uint16"}]},
	 {"type":"function","name":"coreBridge","stateMutability":"view","inputs":[],"outputs":[{"type":"address"}]},
	 {"type":"function","name":"getBridgeChainId","stateMutability":"view","inputs":[{"type":"uint32"}],"outputs":[{"type":"uint256"}]},
	 {"type":"function","name":"getMsgValue","stateMutability":"view","inputs":[{"type":"uint32"}],"outputs":[{"type":"uint128"}]},
	 {"type":"function","name":"getPeer","stateMutability":"view","inputs":[{"type":"uint32"}],"outputs":[{"type":"bytes32"}]},
	 {"type":"function","name":"messageFee","stateMutability":"view","inputs":[],"outputs":[{"type":"uint256"}]},
	 {"type":"function","name":"allowance","stateMutability":"view","inputs":[{"type":"address"},{"type":"address"}],"outputs":[{"type":"uint256"}]},
	 {"type":"function","name":"balanceOf","stateMutability":"view","inputs":[{"type":"address"}],"outputs":[{"type":"uint256"}]}
	]`))
	if err != nil {
		panic(err)
	}
	return a
}()

// fakeAdapter is a Wormhole adapter's configuration.
type fakeAdapter struct {
	wormholeChain uint16
	core          common.Address
	bridgeIDs     map[uint32]uint64
	msgValues     map[uint32]int64
	peers         map[uint32][32]byte
}

type pathKey struct {
	token common.Address
	dest  uint32
	to    [32]byte
}

// fakeChain is one EVM chain: its Portal, its adapters, core bridges and
// tokens.
type fakeChain struct {
	mu           sync.Mutex
	portal       common.Address
	mToken       common.Address
	paths        map[pathKey]bool
	adapters     map[uint32]common.Address // defaultBridgeAdapter
	gasLimits    map[uint32]int64          // payloadGasLimit(dest, 0)
	fees         map[uint32]int64          // quote(dest, 0) of an adapter quoting on chain
	wormhole     map[common.Address]*fakeAdapter
	messageFees  map[common.Address]int64 // by core bridge
	sendPaused   bool
	recvPaused   bool
	reads, trips int
}

func newFakeChain(portal, m common.Address) *fakeChain {
	return &fakeChain{portal: portal, mToken: m, paths: map[pathKey]bool{}, adapters: map[uint32]common.Address{},
		gasLimits: map[uint32]int64{}, fees: map[uint32]int64{}, wormhole: map[common.Address]*fakeAdapter{},
		messageFees: map[common.Address]int64{}}
}

// path supports token → to on dest.
func (c *fakeChain) path(token string, dest uint32, to [32]byte) {
	c.paths[pathKey{common.HexToAddress(token), dest, to}] = true
}

func (c *fakeChain) edit(f func(*fakeChain)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f(c)
}

var portalTestABI = contracts.MustABI("Portal")

// answer is what the chain answers to call: a revert (no data) for what
// it does not know, as a contract without that function.
func (c *fakeChain) answer(call evm.Call) evm.Result {
	revert := evm.Result{OK: false}
	if len(call.Data) < 4 {
		return revert
	}
	out := func(m abi.Method, v ...any) evm.Result {
		data, err := m.Outputs.Pack(v...)
		if err != nil {
			panic(err)
		}
		return evm.Result{OK: true, Data: data}
	}
	if call.To == c.portal {
		m, err := portalTestABI.MethodById(call.Data[:4])
		if err != nil {
			return revert
		}
		args, err := m.Inputs.Unpack(call.Data[4:])
		if err != nil {
			return revert
		}
		switch m.RawName {
		case "mToken":
			return out(*m, c.mToken)
		case "supportedBridgingPath":
			return out(*m, c.paths[pathKey{args[0].(common.Address), args[1].(uint32), args[2].([32]byte)}])
		case "defaultBridgeAdapter":
			return out(*m, c.adapters[args[0].(uint32)])
		case "payloadGasLimit":
			return out(*m, big.NewInt(c.gasLimits[args[0].(uint32)]))
		case "quote":
			if len(args) != 2 || c.fees[args[0].(uint32)] == 0 || c.wormhole[c.adapters[args[0].(uint32)]] != nil {
				return revert // OnChainQuoteNotSupported, or PayloadGasLimitNotSet
			}
			return out(*m, big.NewInt(c.fees[args[0].(uint32)]))
		case "sendPaused":
			return out(*m, c.sendPaused)
		case "receivePaused":
			return out(*m, c.recvPaused)
		}
		return revert
	}
	m, err := whTestABI.MethodById(call.Data[:4])
	if err != nil {
		return revert
	}
	args, err := m.Inputs.Unpack(call.Data[4:])
	if err != nil {
		return revert
	}
	if a, ok := c.wormhole[call.To]; ok {
		switch m.RawName {
		case "currentWormholeChainId":
			return out(*m, a.wormholeChain)
		case "coreBridge":
			return out(*m, a.core)
		case "getBridgeChainId":
			return out(*m, new(big.Int).SetUint64(a.bridgeIDs[args[0].(uint32)]))
		case "getMsgValue":
			return out(*m, big.NewInt(a.msgValues[args[0].(uint32)]))
		case "getPeer":
			return out(*m, a.peers[args[0].(uint32)])
		}
		return revert
	}
	if fee, ok := c.messageFees[call.To]; ok && m.RawName == "messageFee" {
		return out(*m, big.NewInt(fee))
	}
	switch m.RawName {
	case "allowance":
		return out(*m, new(big.Int))
	case "balanceOf":
		return out(*m, new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil))
	}
	return revert
}

// fakeEVM serves fakeChains as an evmruntime.ChainReader, counting round
// trips per chain.
type fakeEVM struct {
	chains map[orchestration.Chain]*fakeChain
}

func (f *fakeEVM) Has(chain orchestration.Chain) bool { return f.chains[chain] != nil }

func (f *fakeEVM) Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error) {
	return f.ReadAt(ctx, chain, calls, 100)
}

func (f *fakeEVM) ReadAt(ctx context.Context, chain orchestration.Chain, calls []evm.Call, block uint64) (*evm.Answers, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c := f.chains[chain]
	if c == nil {
		return nil, fmt.Errorf("fake: no chain %s", chain)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trips++
	c.reads += len(calls)
	a := evm.NewAnswers(block)
	for _, call := range calls {
		a.Put(call, c.answer(call))
	}
	return a, nil
}

func (f *fakeEVM) trips(chain orchestration.Chain) int {
	c := f.chains[chain]
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.trips
}

// fakeQuoter is the Executor's quote API: it signs (with a made-up
// signature) quotes for the route asked, expiring an hour from now, at
// cost, and records what it was asked.
type fakeQuoter struct {
	mu     sync.Mutex
	asked  []executor.Request
	issued [][]byte
	cost   int64
	err    error
	expiry time.Duration // from now; zero: an hour
	// chains, when set, are the chains signed instead of those asked.
	chains *[2]uint16
	calls  atomic.Int64
}

func (f *fakeQuoter) Quote(ctx context.Context, req executor.Request) (executor.Quote, error) {
	f.calls.Add(1)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, req)
	if f.err != nil {
		return executor.Quote{}, f.err
	}
	src, dst := req.SrcChain, req.DstChain
	if f.chains != nil {
		src, dst = f.chains[0], f.chains[1]
	}
	expiry := f.expiry
	if expiry == 0 {
		expiry = time.Hour
	}
	raw := signedQuote(src, dst, time.Now().Add(expiry), byte(len(f.issued)+1))
	sq, err := executor.ParseSignedQuote(raw)
	if err != nil {
		return executor.Quote{}, err
	}
	f.issued = append(f.issued, raw)
	return executor.Quote{Signed: sq, EstimatedCost: big.NewInt(f.cost)}, nil
}

func (f *fakeQuoter) lastAsked(t *testing.T) (executor.Request, []byte) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.asked) == 0 || len(f.issued) == 0 {
		t.Fatal("the Executor was not asked")
	}
	return f.asked[len(f.asked)-1], f.issued[len(f.issued)-1]
}

// signedQuote is a version-1 signed quote: "EQ01", quoter 20, payee 32,
// chains, expiry, four prices, signature 65 (tag fills the signature, so
// two quotes differ).
func signedQuote(src, dst uint16, expiry time.Time, tag byte) []byte {
	b := []byte(executor.QuotePrefix)
	b = append(b, common.HexToAddress("0x00000000000000000000000000000000000e0e01").Bytes()...)
	b = append(b, common.LeftPadBytes([]byte{0xee, 0x02}, 32)...)
	b = binary.BigEndian.AppendUint16(b, src)
	b = binary.BigEndian.AppendUint16(b, dst)
	b = binary.BigEndian.AppendUint64(b, uint64(expiry.Unix()))
	for _, v := range []uint64{1_000, 20_000_000_000, 3_000_000_000, 150_000_000} {
		b = binary.BigEndian.AppendUint64(b, v)
	}
	for range 65 {
		b = append(b, tag)
	}
	return b
}

// Addresses of the fake world. The portals and tokens are the default
// catalog's (the same address on every chain); adapters and core bridges
// are made up.
var (
	portalAddr    = common.HexToAddress("0xD925C84b55E4e44a53749fF5F2a5A13F63D128fd")
	mAddr         = "0x866A2BF4E572CbcF37D5071A7a58503Bfb36be1b"
	wMAddr        = "0x437cc33344a0B27A429f795ff6B469C72698B291"
	usdcAddr      = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
	ethAdapter    = common.HexToAddress("0x00000000000000000000000000000000000A0001")
	ethCore       = common.HexToAddress("0x00000000000000000000000000000000000C0001")
	sepAdapter    = common.HexToAddress("0x00000000000000000000000000000000000A0002")
	sepCore       = common.HexToAddress("0x00000000000000000000000000000000000C0002")
	baseHyperlane = common.HexToAddress("0x00000000000000000000000000000000000B0001") // quotes on chain
	solMMint      = solana.MustPublicKeyFromBase58("mzerojk9tg56ebsrEAhfkyc9VgKjTW2zDqp6C5mhjzH")
	solWMMint     = solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp")
	bobSol        = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	aliceEVM      = "0x00000000000000000000000000000000000A11cE"
	carolEVM      = "0x0000000000000000000000000000000000000CA1"
)

// Chain ids: M0's (the catalog's) and Wormhole's.
const (
	ethID, baseID, sepoliaID      uint32 = 1, 8453, 11155111
	solanaID, solanaDevnetID      uint32 = 1399811149, 1399811150
	whEthereum, whBase, whSepolia uint16 = 2, 30, 10002
	whSolana                      uint16 = 1
	solanaGas, evmGas             int64  = 400_000, 300_000
	solanaMsgValue                int64  = 5_000_000 // lamports
	ethMessageFee, sepMessageFee  int64  = 1_000_000_000, 0
	relayCost                     int64  = 300_000_000_000_000 // 0.0003 ETH
	baseFee                       int64  = 100_000_000_000_000 // Base's on-chain adapter fee
	peerByte                      byte   = 0x9e
)

func peer() [32]byte { var p [32]byte; p[31] = peerByte; return p }

// world is the default catalog (with USDC on Ethereum) over three fake
// EVM chains:
//   - Ethereum: its default adapter to Solana and Base is the Wormhole
//     adapter; paths M→M, M→wM and wM→wM to Solana, M→M and wM→wM to
//     Base;
//   - Base: its default adapter to Ethereum quotes on chain; paths M→M
//     and wM→wM to Ethereum;
//   - Sepolia: the Wormhole adapter to SolanaDevnet; path wM→wM.
type world struct {
	cat                  *asset.Catalog
	evm                  *fakeEVM
	eth, base, sepolia   *fakeChain
	mainnet, testnet     *fakeQuoter
	mainCache, testCache *executor.Cache
}

func newWorld(t *testing.T) *world {
	t.Helper()
	cfg := asset.DefaultConfig()
	cfg.Assets = append(cfg.Assets, asset.AssetConfig{Chain: orchestration.Ethereum, Address: usdcAddr, Symbol: "USDC", Name: "USD Coin", Decimals: 6})
	cat, err := asset.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{cat: cat, mainnet: &fakeQuoter{cost: relayCost}, testnet: &fakeQuoter{cost: relayCost / 3}}
	w.mainCache = executor.NewCache(w.mainnet, executor.CacheConfig{})
	w.testCache = executor.NewCache(w.testnet, executor.CacheConfig{})
	pad := func(a string) [32]byte { return common.BytesToHash(common.HexToAddress(a).Bytes()) }

	w.eth = newFakeChain(portalAddr, common.HexToAddress(mAddr))
	w.eth.wormhole[ethAdapter] = &fakeAdapter{wormholeChain: whEthereum, core: ethCore,
		bridgeIDs: map[uint32]uint64{solanaID: uint64(whSolana), baseID: uint64(whBase)},
		msgValues: map[uint32]int64{solanaID: solanaMsgValue},
		peers:     map[uint32][32]byte{solanaID: peer(), baseID: peer()}}
	w.eth.messageFees[ethCore] = ethMessageFee
	for id, gas := range map[uint32]int64{solanaID: solanaGas, baseID: evmGas} {
		w.eth.adapters[id] = ethAdapter
		w.eth.gasLimits[id] = gas
	}
	w.eth.path(mAddr, solanaID, solMMint) // supported, yet no edge: Solana delivers extensions only
	w.eth.path(mAddr, solanaID, solWMMint)
	w.eth.path(wMAddr, solanaID, solWMMint)
	w.eth.path(mAddr, baseID, pad(mAddr))
	w.eth.path(wMAddr, baseID, pad(wMAddr))

	w.base = newFakeChain(portalAddr, common.HexToAddress(mAddr))
	w.base.adapters[ethID] = baseHyperlane
	w.base.gasLimits[ethID] = evmGas
	w.base.fees[ethID] = baseFee
	w.base.path(mAddr, ethID, pad(mAddr))
	w.base.path(wMAddr, ethID, pad(wMAddr))

	w.sepolia = newFakeChain(portalAddr, common.HexToAddress(mAddr))
	w.sepolia.wormhole[sepAdapter] = &fakeAdapter{wormholeChain: whSepolia, core: sepCore,
		bridgeIDs: map[uint32]uint64{solanaDevnetID: uint64(whSolana)},
		msgValues: map[uint32]int64{solanaDevnetID: solanaMsgValue},
		peers:     map[uint32][32]byte{solanaDevnetID: peer()}}
	w.sepolia.messageFees[sepCore] = sepMessageFee
	w.sepolia.adapters[solanaDevnetID] = sepAdapter
	w.sepolia.gasLimits[solanaDevnetID] = solanaGas
	w.sepolia.path(wMAddr, solanaDevnetID, solWMMint)

	w.evm = &fakeEVM{chains: map[orchestration.Chain]*fakeChain{
		orchestration.Ethereum: w.eth, orchestration.Base: w.base, orchestration.Sepolia: w.sepolia}}
	return w
}
