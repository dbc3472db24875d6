package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"math/big"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/gagliardetto/solana-go"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/internal/testing/promtest"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
	"github.com/m0-orchestration/m0/wormhole/executor"
	"github.com/m0-orchestration/m0/wormhole/executor/standin"
)

// The cross-runtime world of these tests: the EVM devnet with JSON-RPC over
// HTTP, its Sepolia Portal sending to SolanaDevnet through the Wormhole
// adapter (configured as M0 configures theirs) and to BaseSepolia too
// (ArbitrumSepolia through the Portal itself, no Executor involved); the
// devnet's Executor API stand-in as the testnet Executor; and SolanaDevnet
// served by a fake node holding the Portal, ext_swap, Wormhole adapter,
// core bridge and lookup table state in their real layouts. The service is
// the binary's assembly over a file's worth of settings, as
// `orchestrationd devnet` + `serve -config` run it, with SolanaDevnet and
// its assets added to the devnet's catalog.
var (
	psOnce   sync.Once
	psDevnet *devnet.Devnet
	psErr    error
)

// Solana side of the world: M0's devnet deployment, a lookup table for
// the adapter's receive_lut, and the node's emitter sequence.
var (
	psDeployment = svm.DevnetPortal
	psLUT        = solana.MustPublicKeyFromBase58("6GhuWPuAmiJeeSVsr58KjqHcAejJRndCx9BVtHkaYHUR")
)

const (
	psSequence      = 4242
	psSolanaMsgFee  = 100 // lamports, the core bridge's fee on the node
	psComputeUnits  = 400_000
	psRelayMsgValue = 5_000_000
)

// portalSolanaDevnet starts the shared devnet once (TestMain closes it).
func portalSolanaDevnet(t *testing.T) *devnet.Devnet {
	t.Helper()
	psOnce.Do(func() {
		ctx := context.Background()
		psDevnet, psErr = devnet.Start(ctx, devnet.Config{HTTP: true, NoRelayer: true, Logger: slog.New(slog.DiscardHandler),
			WormholeRoutes: []devnet.Route{{From: orchestration.Sepolia, To: orchestration.BaseSepolia}}})
		if psErr != nil {
			return
		}
		k := psDevnet.Contracts(orchestration.Sepolia)
		psErr = psDevnet.ConfigureSolana(ctx, orchestration.Sepolia, devnet.SolanaDestination{
			Peer: svm.WormholeAdapterProgramID, Tokens: map[common.Address][32]byte{k.WrappedM: solWM.Mint},
			MsgValue: psRelayMsgValue, ComputeUnits: psComputeUnits})
	})
	if psErr != nil {
		t.Fatalf("devnet: %v", psErr)
	}
	return psDevnet
}

// portalSolana is one service over the shared devnet and a fresh Solana
// node, with its own metrics registry.
type portalSolana struct {
	*env
	d    *devnet.Devnet
	node *svmtest.RPC
	exec *standin.Server
	reg  *prometheus.Registry
	// state is what the node serves of the Portal stack.
	state svmtest.Portal
	// execAtStart is what the Executor stand-in had served before the
	// service started.
	execAtStart int
}

func startPortalSolana(t *testing.T) *portalSolana {
	t.Helper()
	d := portalSolanaDevnet(t)
	w := &portalSolana{d: d, node: svmtest.NewRPC(), exec: d.Executor(), reg: prometheus.NewRegistry()}
	t.Cleanup(w.node.Close)

	cat := withSolanaDevnet(d)

	sepoliaID := uint32(w.chainID(t, orchestration.Sepolia))
	w.state = svmtest.Portal{
		Deployment: psDeployment,
		Global:     svm.PortalGlobal{ChainID: psDeployment.M0ChainID, MMint: psDeployment.MMint, Admin: solFunder, MessageNonce: 41},
		Paths: []svm.ChainBridgePaths{{DestinationChainID: sepoliaID,
			Paths: []svm.BridgePath{{SourceMint: solWM.Mint, DestinationToken: svm.EVMAddress32(d.Contracts(orchestration.Sepolia).WrappedM)}}}},
		Wormhole: svm.WormholeGlobal{Admin: solFunder, ChainID: uint32(svm.SolanaWormholeChainID), ReceiveLUT: psLUT, Peers: []svm.WormholePeer{
			{Address: svm.EVMAddress32(d.Contracts(orchestration.Sepolia).WormholeAdapter), M0ChainID: sepoliaID, AdapterChainID: uint32(devnet.WormholeSepolia)}}},
		Bridge:   svm.WormholeBridgeConfig{Fee: psSolanaMsgFee},
		Sequence: psSequence,
		Table:    svmtest.SendTable(psDeployment, []svm.Extension{solWM}, []uint32{sepoliaID}),
	}
	w.node.SetPortal(w.state)
	// The recipient is one of ext_swap's whitelisted unwrappers, so a
	// route may deliver M on Solana: the Portal delivers wM, which the
	// recipient unwraps (decision 79).
	w.node.Set(svm.Global(psDeployment.ExtSwap), svmtest.Account{Owner: psDeployment.ExtSwap, Lamports: solRent, Data: svmtest.SwapGlobal(solFunder, []solana.PublicKey{solRecipient},
		[]svmtest.WhitelistedExtension{{Program: solWM.Program, Mint: solWM.Mint, TokenProgram: solWM.TokenProgram}})})
	w.node.Set(solFunder, svmtest.Account{Owner: svm.SystemProgram, Lamports: 10 * solana.LAMPORTS_PER_SOL})
	w.node.Set(psDeployment.MMint, svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.ScaledMint(1e12, 6, 1.04, 1, 1.05)})
	w.node.Set(solWM.Mint, svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.Mint(1e12, 6)})
	w.node.Set(svm.AssociatedTokenAddress(solFunder, solWM.Mint, svm.Token2022Program),
		svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.TokenAccount(solWM.Mint, solFunder, 50_000_000)})

	rpc := map[orchestration.Chain]string{orchestration.SolanaDevnet: w.node.URL()}
	for _, c := range d.Chains() {
		rpc[c.Name] = c.RPCURL()
	}
	devKey := true
	w.execAtStart = w.exec.Requests()
	a, err := app.New(context.Background(), app.Config{
		Database: app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:   &app.DevnetConfig{Enabled: false},
		Catalog:  &cat, RPC: rpc, DevKey: &devKey,
		// The devnet's Executor stand-in is the testnet Executor, as the
		// file `orchestrationd devnet -wormhole` writes has it.
		Providers: app.ProvidersConfig{Executor: app.ExecutorConfig{TestnetURL: d.ExecutorURL()}},
	}, app.Options{
		FromFile: true, Registry: w.reg,
		Getenv: func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	srv := httptest.NewServer(openapitest.Handler(t, a.Handler()))
	t.Cleanup(srv.Close)
	w.env = &env{t: t, url: srv.URL, app: a, good: devSecret}
	return w
}

// withSolanaDevnet is the devnet's catalog with SolanaDevnet and its
// assets added from the built-in catalog: the cross-runtime world's.
func withSolanaDevnet(d *devnet.Devnet) asset.Config {
	cat := d.CatalogConfig()
	def := asset.DefaultConfig()
	for _, c := range def.Chains {
		if c.Name == orchestration.SolanaDevnet {
			cat.Chains = append(cat.Chains, c)
		}
	}
	for _, a := range def.Assets {
		if a.Chain == orchestration.SolanaDevnet {
			cat.Assets = append(cat.Assets, a)
		}
	}
	return cat
}

func (w *portalSolana) chainID(t *testing.T, c orchestration.Chain) uint64 {
	t.Helper()
	ch, ok := w.d.Chain(c)
	if !ok {
		t.Fatalf("no devnet chain %s", c)
	}
	return ch.ChainID
}

func (w *portalSolana) ref(t *testing.T, c orchestration.Chain, symbol string) orchestration.AssetAddress {
	t.Helper()
	for _, a := range w.app.Catalog().Assets() {
		if a.Chain == c && a.Symbol == symbol {
			return orchestration.AssetAddress{Chain: c, Address: a.Address}
		}
	}
	t.Fatalf("no %s on %s", symbol, c)
	return orchestration.AssetAddress{}
}

// trips are the round trips counted so far: the service's metrics (EVM
// by chain and Solana on the request path; the Executor's requests) and
// what the fake node and the Executor stand-in served.
type trips struct {
	evm                   map[orchestration.Chain]float64
	svm, executor         float64
	nodeServed, execServe int
}

func (w *portalSolana) trips(t *testing.T) trips {
	t.Helper()
	tr := trips{evm: map[orchestration.Chain]float64{}, nodeServed: w.node.Requests(), execServe: w.exec.Requests()}
	for _, c := range w.d.Chains() {
		v, _, err := promtest.Sum(w.reg, "orchestration_evm_round_trips_total", "chain", string(c.Name))
		if err != nil {
			t.Fatal(err)
		}
		tr.evm[c.Name] = v
	}
	tr.svm, _, _ = promtest.Sum(w.reg, "orchestration_svm_round_trips_total", "chain", string(orchestration.SolanaDevnet))
	tr.executor, _, _ = promtest.Sum(w.reg, "orchestration_executor_requests_total")
	return tr
}

// since is what was counted between before and t.
func (t trips) since(before trips) trips {
	d := trips{evm: map[orchestration.Chain]float64{}, svm: t.svm - before.svm, executor: t.executor - before.executor,
		nodeServed: t.nodeServed - before.nodeServed, execServe: t.execServe - before.execServe}
	for c, v := range t.evm {
		if n := v - before.evm[c]; n != 0 {
			d.evm[c] = n
		}
	}
	return d
}

func (t trips) String() string {
	var evmPart []string
	for _, c := range slices.Sorted(maps.Keys(t.evm)) {
		evmPart = append(evmPart, fmt.Sprintf("%s %g", c, t.evm[c]))
	}
	return fmt.Sprintf("EVM {%s}, Solana %g (node served %d), Executor %g (stand-in served %d)",
		strings.Join(evmPart, ", "), t.svm, t.nodeServed, t.executor, t.execServe)
}

// quoteCounted posts req and returns its quotes and what it cost.
func (w *portalSolana) quoteCounted(t *testing.T, req orchestration.QuoteRequest) ([]orchestration.Quote, answer, trips) {
	t.Helper()
	before := w.trips(t)
	body, _ := json.Marshal(req)
	got := w.do(call{method: "POST", path: base + "/quote", key: w.good, body: string(body)})
	cost := w.trips(t).since(before)
	if got.status != 200 {
		return nil, got, cost
	}
	var quotes []orchestration.Quote
	if err := json.Unmarshal(got.body, &quotes); err != nil {
		t.Fatalf("decode quotes: %v: %s", err, got.body)
	}
	return quotes, got, cost
}

// listEdges waits for every provider's edges (the topology's seed lists
// them at start-up, in the background), so that what a quote costs after
// it is its own, and returns what the service counted since it started:
// the listing (nothing else asks the nodes or the Executor on the request
// path before the first quote).
func (w *portalSolana) listEdges(t *testing.T) trips {
	t.Helper()
	if _, err := w.app.Engine().Edges(context.Background()); err != nil {
		t.Fatalf("edges: %v", err)
	}
	tr := w.trips(t)
	tr.execServe -= w.execAtStart // the stand-in is the shared devnet's
	return tr
}

// abiMethod is the method of contract's ABI (evm/contracts) with this
// signature, "sendToken(uint256,…)".
func abiMethod(t *testing.T, contract, sig string) abi.Method {
	t.Helper()
	for _, m := range contracts.MustABI(contract).Methods {
		if m.Sig == sig {
			return m
		}
	}
	t.Fatalf("%s has no %s", contract, sig)
	return abi.Method{}
}

// unpack decodes calldata of m, checking its selector.
func unpack(t *testing.T, m abi.Method, data string) []any {
	t.Helper()
	b := hexutil.MustDecode(data)
	if len(b) < 4 || !bytes.Equal(b[:4], m.ID) {
		t.Fatalf("calldata %.10s… is not %s", data, m.Sig)
	}
	args, err := m.Inputs.Unpack(b[4:])
	if err != nil {
		t.Fatal(err)
	}
	return args
}

// relayCost is the Executor stand-in's documented price (standin:
// BaseFee + ⌈(gas × dstGasPrice + msgValue) × dstPrice × 10^srcDecimals /
// (srcPrice × 10^dstDecimals)⌉), recomputed from the inputs the signed
// quote carries.
func relayCost(q executor.SignedQuote, gas, msgValue int64, srcDecimals, dstDecimals int64) *big.Int {
	num := new(big.Int).Mul(big.NewInt(gas), new(big.Int).SetUint64(q.DstGasPrice))
	num.Add(num, big.NewInt(msgValue))
	num.Mul(num, new(big.Int).SetUint64(q.DstPrice))
	num.Mul(num, new(big.Int).Exp(big.NewInt(10), big.NewInt(srcDecimals), nil))
	den := new(big.Int).Mul(new(big.Int).SetUint64(q.SrcPrice), new(big.Int).Exp(big.NewInt(10), big.NewInt(dstDecimals), nil))
	c, r := new(big.Int).QuoRem(num, den, new(big.Int))
	if r.Sign() > 0 {
		c.Add(c, big.NewInt(1))
	}
	return c.Add(c, new(big.Int).SetUint64(q.BaseFee))
}

func (w *portalSolana) native(t *testing.T, c orchestration.Chain, a common.Address) *big.Int {
	t.Helper()
	ch, _ := w.d.Chain(c)
	b, err := ch.Client().BalanceAt(context.Background(), a, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (w *portalSolana) tokenBalance(t *testing.T, ref orchestration.AssetAddress, owner common.Address) *big.Int {
	t.Helper()
	ch, _ := w.d.Chain(ref.Chain)
	tok, _ := bindings.NewMToken(common.HexToAddress(ref.Address), ch.Client())
	b, err := tok.BalanceOf(nil, owner)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPortalSolanaOverHTTP is the cross-runtime end to end over HTTP:
// USDC on Sepolia → (uniswap-v3) wM → (m-portal through the Wormhole
// adapter) wM on SolanaDevnet, and wM on SolanaDevnet → (m-portal, the v0
// send with its Executor request) wM on Sepolia, through the binary's
// assembly, every payload decoded and checked, and the EVM → Solana
// payloads executed on the devnet, the published Wormhole message decoded.
// It counts the round trips of a cold and a warm quote (EVM by chain,
// Solana, Executor). What stays unverified without M0's Solana programs
// and the real Executor: that the Solana programs accept this send and
// deliver it, and the real Executor's prices and relays (decisions 68,
// 74 to 78).
func TestPortalSolanaOverHTTP(t *testing.T) {
	w := startPortalSolana(t)
	listed := w.listEdges(t)
	t.Logf("edge listing (the service's start-up): %v", listed)
	// Out of SolanaDevnet: m-swap-facility reads ext_swap's whitelist,
	// m-portal the Portal's global, chain paths and adapter: one round
	// trip each.
	if listed.svm != 2 || listed.nodeServed != 2 || listed.executor != 0 || listed.execServe != 0 {
		t.Errorf("listing the edges: %v; want 2 Solana round trips and no Executor request", listed)
	}

	alice, _ := devnet.AccountByName("alice")
	carol, _ := devnet.AccountByName("carol")
	k := w.d.Contracts(orchestration.Sepolia)
	sepoliaID := uint32(w.chainID(t, orchestration.Sepolia))

	var sent sentQuote
	t.Run("USDC on Sepolia to wM on SolanaDevnet", func(t *testing.T) {
		w.t = t
		usdc := w.ref(t, orchestration.Sepolia, "USDC")
		req := orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: usdc, Destination: orchestration.AssetAddress{Chain: orchestration.SolanaDevnet, Address: solWM.Mint.String()}},
			AmountIn: "5000000", Sender: alice.Address.Hex(), Recipient: solRecipient.String(),
		}
		quotes, got, cold := w.quoteCounted(t, req)
		if got.status != 200 {
			t.Fatalf("cold quote: %d %s", got.status, got.body)
		}
		t.Logf("cold USDC Sepolia → wM SolanaDevnet: %v", cold)
		_, got, warm := w.quoteCounted(t, req)
		if got.status != 200 {
			t.Fatalf("warm quote: %d %s", got.status, got.body)
		}
		t.Logf("warm repeat: %v", warm)
		if cold.executor != 1 || cold.execServe != 1 {
			t.Errorf("cold quote: %v; want exactly one Executor request", cold)
		}
		if warm.executor != 0 || warm.execServe != 0 {
			t.Errorf("warm quote: %v; want no Executor request (its quote is cached)", warm)
		}
		if cold.svm != 0 || cold.nodeServed != 0 || warm.svm != 0 || warm.nodeServed != 0 {
			t.Errorf("an EVM → Solana quote read Solana: cold %v, warm %v; want none (no destination read on Solana)", cold, warm)
		}
		// The chain's immutables (paths, adapters, fees' addresses) were
		// read with the edges: the cold quote reads Sepolia's state (the
		// swap's pool, the core bridge's message fee, the pause flag,
		// balances and allowances) in one round trip, the warm one finds
		// it all at the same head.
		if len(cold.evm) != 1 || cold.evm[orchestration.Sepolia] != 1 || len(warm.evm) != 0 {
			t.Errorf("EVM round trips: cold %v, warm %v; want one to Sepolia, then none", cold, warm)
		}

		q := quotes[0]
		var provs []string
		for _, p := range q.Payloads {
			if p.Data.EVM == nil || p.Data.EVM.Chain != orchestration.Sepolia {
				t.Fatalf("payload %q: %+v, want every transaction on Sepolia", p.Annotation, p.Data)
			}
			provs = append(provs, string(p.Provider))
		}
		if provs = slices.Compact(provs); !slices.Equal(provs, []string{"uniswap-v3", "m-portal"}) {
			t.Fatalf("providers %v, want uniswap-v3 then m-portal", provs)
		}
		if want := int64(portal.DefaultEstTime / time.Second); q.EstFillTime < want {
			t.Errorf("estFillTime %d, want at least the portal's %d", q.EstFillTime, want)
		}

		// Four transactions: approve USDC to the router, the swap, approve
		// wM to the Portal, sendToken.
		if len(q.Payloads) != 4 {
			t.Fatalf("%d payloads, want the approve and swap, then the approve and send", len(q.Payloads))
		}
		approveIn, swap, approve, send := q.Payloads[0], q.Payloads[1], q.Payloads[2], q.Payloads[3]
		if !strings.EqualFold(approveIn.Data.EVM.To, usdc.Address) || !strings.EqualFold(swap.Data.EVM.To, k.SwapRouter.Hex()) ||
			!strings.EqualFold(approve.Data.EVM.To, k.WrappedM.Hex()) || !strings.EqualFold(send.Data.EVM.To, k.Portal.Hex()) {
			t.Fatalf("payloads call %s, %s, %s, %s; want USDC, the router %s, wM, the Portal %s",
				approveIn.Data.EVM.To, swap.Data.EVM.To, approve.Data.EVM.To, send.Data.EVM.To, k.SwapRouter, k.Portal)
		}
		args := unpack(t, abiMethod(t, "Portal", "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,bytes)"), send.Data.EVM.Data)
		amount := args[0].(*big.Int)
		if ap := unpack(t, abiMethod(t, "MToken", "approve(address,uint256)"), approveIn.Data.EVM.Data); ap[0].(common.Address) != k.SwapRouter || ap[1].(*big.Int).String() != req.AmountIn {
			t.Errorf("approve(%v, %v), want the router for amountIn %s", ap[0], ap[1], req.AmountIn)
		}
		mc := unpack(t, abiMethod(t, "SwapRouter02", "multicall(uint256,bytes[])"), swap.Data.EVM.Data)
		if inner := mc[1].([][]byte); len(inner) != 1 {
			t.Errorf("the router's multicall holds %d calls, want exactInputSingle alone", len(inner))
		} else {
			in := unpack(t, abiMethod(t, "SwapRouter02", "exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))"), hexutil.Encode(inner[0]))[0]
			p := reflect.ValueOf(in)
			tokenIn, tokenOut := p.FieldByName("TokenIn").Interface().(common.Address), p.FieldByName("TokenOut").Interface().(common.Address)
			recipient := p.FieldByName("Recipient").Interface().(common.Address)
			amountIn, minOut := p.FieldByName("AmountIn").Interface().(*big.Int), p.FieldByName("AmountOutMinimum").Interface().(*big.Int)
			// The portal sends what the swap guarantees: its floor.
			if !strings.EqualFold(tokenIn.Hex(), usdc.Address) || tokenOut != k.WrappedM || recipient != alice.Address ||
				amountIn.String() != req.AmountIn || minOut.Cmp(amount) != 0 {
				t.Errorf("exactInputSingle %s → %s for %s, %s in, at least %s out; want USDC → wM for alice, %s in, at least the %s sent",
					tokenIn, tokenOut, recipient, amountIn, minOut, req.AmountIn, amount)
			}
		}
		if ap := unpack(t, abiMethod(t, "MToken", "approve(address,uint256)"), approve.Data.EVM.Data); ap[0].(common.Address) != k.Portal || ap[1].(*big.Int).Cmp(amount) != 0 {
			t.Errorf("approve(%v, %v), want the Portal for the amount sent %s", ap[0], ap[1], amount)
		}
		if q.AmountOut != amount.String() {
			t.Errorf("amountOut %s, want the amount sent %s (the portal bridges 1:1)", q.AmountOut, amount)
		}
		sq, err := executor.ParseSignedQuote(args[6].([]byte))
		if err != nil {
			t.Fatalf("bridgeAdapterArgs are not a signed quote: %v", err)
		}
		core, _ := bindings.NewWormholeCore(k.WormholeCore, w.client(t, orchestration.Sepolia))
		fee, err := core.MessageFee(nil)
		if err != nil {
			t.Fatal(err)
		}
		// The Executor prices Solana's compute units at its gas price.
		cost := relayCost(sq, psComputeUnits, psRelayMsgValue, 18, 9)
		value := new(big.Int).Add(fee, cost)
		for i, c := range []struct {
			what      string
			got, want any
		}{
			{"amount (swapped wM, > 0)", amount.Sign(), 1},
			{"sourceToken (wM on Sepolia)", args[1].(common.Address), k.WrappedM},
			{"destinationChainId (SolanaDevnet)", args[2], devnet.SolanaDevnetChainID},
			{"destinationToken (the wM mint)", args[3], [32]byte(solWM.Mint)},
			{"recipient (the base58 key)", args[4], [32]byte(solRecipient)},
			{"refundAddress (the funder)", args[5], [32]byte(common.BytesToHash(alice.Address.Bytes()))},
			{"signed quote's source chain", sq.SrcChain, devnet.WormholeSepolia},
			{"signed quote's destination chain", sq.DstChain, devnet.WormholeSolana},
			{"signed quote's payee", sq.Payee, w.exec.Payee()},
			{"signed quote's quoter", common.Address(sq.Quoter), w.exec.Quoter()},
			{"value (message fee + relay cost)", send.Data.EVM.Value, value.String()},
		} {
			if c.got != c.want {
				t.Errorf("sendToken %d: %s = %v, want %v", i, c.what, c.got, c.want)
			}
		}
		if !sq.Expiry.After(time.Now()) {
			t.Errorf("the signed quote expired at %s", sq.Expiry)
		}

		sent = sentQuote{q: q, amountIn: req.AmountIn, amount: amount, fee: fee, cost: cost, payee: common.BytesToAddress(sq.Payee[12:])}
	})

	// A route continues on Solana after the bridge (decision 79): the
	// Portal delivers wM to the recipient, who unwraps it into M, paying
	// and signing that transaction. The Portal alone cannot deliver M.
	t.Run("wM on Sepolia to M on SolanaDevnet, unwrapped by the recipient", func(t *testing.T) {
		w.t = t
		req := orchestration.QuoteRequest{
			Route: orchestration.Route{Source: w.ref(t, orchestration.Sepolia, "wM"),
				Destination: orchestration.AssetAddress{Chain: orchestration.SolanaDevnet, Address: psDeployment.MMint.String()}},
			AmountIn: "2000000", Sender: alice.Address.Hex(), Recipient: solRecipient.String(),
		}
		quotes, got, _ := w.quoteCounted(t, req)
		if got.status != 200 || len(quotes) == 0 {
			t.Fatalf("quote: %d %s", got.status, got.body)
		}
		q := quotes[0]
		var send *orchestration.Payload
		var unwrap *solana.GenericInstruction
		for i, p := range q.Payloads {
			switch {
			case p.Data.EVM != nil:
				if p.Provider == orchestration.ProviderMPortal {
					send = &q.Payloads[i]
				}
			case p.Data.SVM != nil:
				if p.Data.SVM.Chain != orchestration.SolanaDevnet {
					t.Fatalf("payload %q on %s, want SolanaDevnet", p.Annotation, p.Data.SVM.Chain)
				}
				tx, err := svm.Decode(p.Data.SVM.Transaction)
				if err != nil {
					t.Fatal(err)
				}
				// The recipient pays for and signs what runs on Solana;
				// the funder (alice, on Sepolia) has no key there.
				if !tx.Message.AccountKeys[0].Equals(solRecipient) || tx.Message.Header.NumRequiredSignatures != 1 {
					t.Errorf("payload %q: fee payer %s with %d signers, want the recipient alone", p.Annotation, tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures)
				}
				ixs, err := svm.Instructions(tx, nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, ix := range ixs {
					if ix.ProgramID().Equals(psDeployment.ExtSwap) {
						unwrap = ix
					}
				}
			}
		}
		if send == nil || unwrap == nil {
			t.Fatalf("payloads %d, want the Portal's send on Sepolia then ext_swap's unwrap on SolanaDevnet", len(q.Payloads))
		}
		args := unpack(t, abiMethod(t, "Portal", "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,bytes)"), send.Data.EVM.Data)
		if args[0].(*big.Int).String() != req.AmountIn || args[3] != [32]byte(solWM.Mint) || args[4] != [32]byte(solRecipient) {
			t.Errorf("sendToken(%v, …, token %x, recipient %x), want %s wM to the recipient %s", args[0], args[3], args[4], req.AmountIn, solRecipient)
		}
		idl, err := svm.ExtSwapIDL()
		if err != nil {
			t.Fatal(err)
		}
		call, err := idl.WithID(psDeployment.ExtSwap).ReadCall(unwrap, solRecipient)
		if err != nil || call.Name != "unwrap" {
			t.Fatalf("ext_swap instruction %s, want unwrap: %v", call.Name, err)
		}
		if signer, _ := call.Account("signer"); !signer.Equals(solRecipient) {
			t.Errorf("unwrap signed by %s, want the recipient %s", signer, solRecipient)
		}
		if !slices.Equal(call.Args, []any{uint64(2_000_000)}) {
			t.Errorf("unwrap args %v, want the 2000000 wM delivered", call.Args)
		}
		for _, p := range q.Payloads {
			t.Logf("payload %s: %s", p.Provider, p.Annotation)
		}
		if q.AmountOut == "" || q.AmountOut == "0" {
			t.Errorf("amountOut %q, want the M the unwrap gives", q.AmountOut)
		}
	})

	t.Run("wM on SolanaDevnet to wM on Sepolia", func(t *testing.T) {
		w.t = t
		wmSepolia := w.ref(t, orchestration.Sepolia, "wM")
		req := orchestration.QuoteRequest{
			Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.SolanaDevnet, Address: solWM.Mint.String()}, Destination: wmSepolia},
			AmountIn: "2500000", Sender: solFunder.String(), Recipient: carol.Address.Hex(),
		}
		quotes, got, cold := w.quoteCounted(t, req)
		if got.status != 200 {
			t.Fatalf("cold quote: %d %s", got.status, got.body)
		}
		t.Logf("cold wM SolanaDevnet → wM Sepolia: %v", cold)
		_, got, warm := w.quoteCounted(t, req)
		if got.status != 200 {
			t.Fatalf("warm quote: %d %s", got.status, got.body)
		}
		t.Logf("warm repeat: %v", warm)
		// Cold: the Executor once; the leg's Solana reads (the send's
		// state, the funder's balances, the blockhash) in one batch; on
		// Sepolia the Portal's receivePaused. Warm: no Executor request.
		if cold.executor != 1 || cold.execServe != 1 || warm.executor != 0 || warm.execServe != 0 {
			t.Errorf("Executor requests: cold %v, warm %v; want 1 then 0", cold, warm)
		}
		if cold.svm != 1 || cold.nodeServed != 1 || warm.svm != 1 || warm.nodeServed != 1 {
			t.Errorf("Solana round trips: cold %v, warm %v; want one batch each", cold, warm)
		}
		if len(cold.evm) != 1 || cold.evm[orchestration.Sepolia] != 1 || len(warm.evm) != 0 {
			t.Errorf("EVM round trips: cold %v, warm %v; want one to Sepolia (its Portal's receivePaused), then none", cold, warm)
		}
		if b := w.node.Batches(); !slices.Equal(b[len(b)-1], []string{"getMultipleAccounts", "getLatestBlockhash"}) {
			t.Errorf("the quote's Solana request was %v, want one batch of accounts and blockhash", b[len(b)-1])
		}

		q := quotes[0]
		if q.AmountOut != req.AmountIn || q.MinAmountOut != req.AmountIn || len(q.Payloads) != 1 {
			t.Fatalf("out %s (min %s) in %d payloads; want exactly %s in one Solana transaction", q.AmountOut, q.MinAmountOut, len(q.Payloads), req.AmountIn)
		}
		if want := int64(portal.DefaultSolanaEstTime / time.Second); q.EstFillTime != want {
			t.Errorf("estFillTime %d, want %d", q.EstFillTime, want)
		}
		p := q.Payloads[0]
		if p.Data.SVM == nil || p.Data.SVM.Chain != orchestration.SolanaDevnet || p.Provider != orchestration.ProviderMPortal {
			t.Fatalf("payload %+v by %s, want m-portal's SolanaDevnet transaction", p.Data, p.Provider)
		}
		tx, err := svm.Decode(p.Data.SVM.Transaction)
		if err != nil {
			t.Fatal(err)
		}
		if !tx.Message.IsVersioned() || len(tx.Message.GetAddressTableLookups()) != 1 {
			t.Errorf("want a v0 message through one lookup table: versioned %v, %d lookups", tx.Message.IsVersioned(), len(tx.Message.GetAddressTableLookups()))
		}
		if !tx.Message.AccountKeys[0].Equals(solFunder) || tx.Message.Header.NumRequiredSignatures != 1 || !tx.Signatures[0].IsZero() ||
			tx.Message.RecentBlockhash != w.node.Blockhash() {
			t.Errorf("fee payer %s, %d signers, blockhash %s; want the funder alone, unsigned, at the node's %s",
				tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures, tx.Message.RecentBlockhash, w.node.Blockhash())
		}
		table := &svm.LookupTable{Address: psLUT, Addresses: w.state.Table}
		ixs, err := svm.Instructions(tx, table)
		if err != nil || len(ixs) != 3 {
			t.Fatalf("%d instructions through the table (%v), want the compute budget, send_token, request_for_execution", len(ixs), err)
		}
		if s, err := svm.ReadComputeBudget(ixs[0]); err != nil || s.Price || s.Value != portal.DefaultSolanaComputeUnitLimit {
			t.Errorf("compute budget %+v (%v), want the limit %d", s, err, portal.DefaultSolanaComputeUnitLimit)
		}
		send, err := psDeployment.ReadSendToken(ixs[1], solFunder)
		if err != nil {
			t.Fatal(err)
		}
		wantSend := svm.SendTokenCall{Sender: solFunder, Extension: solWM, Amount: 2_500_000, DestinationChainID: sepoliaID,
			DestinationToken: svm.EVMAddress32(k.WrappedM), Recipient: svm.EVMAddress32(carol.Address)}
		if send != wantSend {
			t.Errorf("send_token\n %+v\nwant\n %+v", send, wantSend)
		}
		r, err := svm.ExecutionRequestOf(ixs[2])
		if err != nil {
			t.Fatal(err)
		}
		sq, err := executor.ParseSignedQuote(r.SignedQuote)
		if err != nil {
			t.Fatalf("request_for_execution's signed quote: %v", err)
		}
		relay, _ := executor.RelayInstructions{GasLimit: big.NewInt(portal.DefaultSolanaRelayGasLimit), MsgValue: big.NewInt(portal.DefaultSolanaRelayMsgValue)}.Bytes()
		wantCost := relayCost(sq, portal.DefaultSolanaRelayGasLimit, portal.DefaultSolanaRelayMsgValue, 9, 18)
		if !r.Payer.Equals(solFunder) || [32]byte(r.Payee) != w.exec.Payee() || sq.Payee != w.exec.Payee() ||
			sq.SrcChain != svm.SolanaWormholeChainID || sq.DstChain != devnet.WormholeSepolia ||
			new(big.Int).SetUint64(r.EstimatedCost).Cmp(wantCost) != 0 || r.DstChain != devnet.WormholeSepolia ||
			r.DstAddr != svm.EVMAddress32(k.WormholeAdapter) || solana.PublicKeyFromBytes(r.RefundAddr[:]) != solFunder ||
			!r.Emitter.Equals(psDeployment.WormholeEmitter()) || r.Sequence != psSequence || !bytes.Equal(r.RelayInstructions, relay) {
			t.Errorf("request_for_execution: payer %s payee %x cost %d to %d/%x refund %x, emitter %s sequence %d, relay %x, quote %d→%d;\n"+
				"want the funder paying %x %s lamports to %d/%x, refund to the funder, emitter %s sequence %d, relay %x",
				r.Payer, r.Payee, r.EstimatedCost, r.DstChain, r.DstAddr, r.RefundAddr, r.Emitter, r.Sequence, r.RelayInstructions, sq.SrcChain, sq.DstChain,
				w.exec.Payee(), wantCost, devnet.WormholeSepolia, svm.EVMAddress32(k.WormholeAdapter), psDeployment.WormholeEmitter(), psSequence, relay)
		}
		if req := svm.ERV1Request(r.Emitter, r.Sequence); !bytes.Contains(mustData(t, ixs[2]), req) {
			t.Errorf("request_for_execution data lacks the ERV1 request %x", req)
		}
		// The annotation is the payload's own account of it, read back
		// through the table.
		desc, err := svm.DescribeWithTable(w.app.Catalog(), p, table)
		if err != nil {
			t.Fatalf("describe: %v", err)
		}
		t.Logf("payload described: %s", desc)
		if !strings.Contains(desc, "Wormhole Executor") || !strings.Contains(desc, "send 2.5 wM") {
			t.Errorf("described as %q, want the send and the Executor's payment", desc)
		}
	})

	// Last, once every quote is counted (the devnet mines only on
	// transactions, so until now every quote read the same heads).
	t.Run("USDC on Sepolia to wM on SolanaDevnet, executed", func(t *testing.T) {
		if sent.q.Payloads == nil {
			t.Skip("no EVM → Solana quote")
		}
		// Executed as alice: USDC leaves her, the core bridge takes its
		// fee, the Executor's payee the cost, and the message published
		// carries the amount, the mint and the base58 recipient.
		q, amount, fee, cost, payee := sent.q, sent.amount, sent.fee, sent.cost, sent.payee
		usdc := q.Route.Source
		usdcBefore, coreBefore, payeeBefore := w.tokenBalance(t, usdc, alice.Address), w.native(t, orchestration.Sepolia, k.WormholeCore), w.native(t, orchestration.Sepolia, payee)
		clients := map[orchestration.Chain]evm.TxBackend{}
		for _, c := range w.d.Chains() {
			clients[c.Name] = c.Client()
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		receipts, err := (&evm.Executor{Clients: clients, Signer: evm.KeySigner(alice.Key)}).Execute(ctx, q.Payloads)
		if err != nil {
			t.Fatalf("execute: %v", err)
		}
		if d := new(big.Int).Sub(usdcBefore, w.tokenBalance(t, usdc, alice.Address)); d.String() != sent.amountIn {
			t.Errorf("alice spent %s USDC, want amountIn %s", d, sent.amountIn)
		}
		if d := new(big.Int).Sub(w.native(t, orchestration.Sepolia, k.WormholeCore), coreBefore); d.Cmp(fee) != 0 {
			t.Errorf("the core bridge collected %s wei, want its message fee %s", d, fee)
		}
		if d := new(big.Int).Sub(w.native(t, orchestration.Sepolia, payee), payeeBefore); d.Cmp(cost) != 0 {
			t.Errorf("the Executor's payee received %s wei, want the quoted cost %s", d, cost)
		}
		pub, err := devnet.FindPublishedTransfer(receipts[len(receipts)-1], k.WormholeCore)
		if err != nil {
			t.Fatal(err)
		}
		published, m, tr := pub, pub.Message, pub.Transfer
		if published.Sender != k.WormholeAdapter || m.DestinationChainID != devnet.SolanaDevnetChainID || solana.PublicKeyFromBytes(tr.Recipient[:]) != solRecipient ||
			solana.PublicKeyFromBytes(tr.DestinationToken[:]) != solWM.Mint || tr.Amount.Cmp(amount) != 0 {
			t.Errorf("message from %s to %d: %s of %s for %s; want the adapter %s sending %s of the wM mint %s for %s to %d", published.Sender, m.DestinationChainID,
				tr.Amount, solana.PublicKeyFromBytes(tr.DestinationToken[:]), solana.PublicKeyFromBytes(tr.Recipient[:]),
				k.WormholeAdapter, amount, solWM.Mint, solRecipient, devnet.SolanaDevnetChainID)
		}
	})
}

// sentQuote is the EVM → Solana quote, kept to be executed.
type sentQuote struct {
	q                 orchestration.Quote
	amountIn          string
	amount, fee, cost *big.Int
	payee             common.Address
}

func mustData(t *testing.T, ix *solana.GenericInstruction) []byte {
	t.Helper()
	d, err := ix.Data()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func (w *portalSolana) client(t *testing.T, c orchestration.Chain) *ethclient.Client {
	t.Helper()
	ch, ok := w.d.Chain(c)
	if !ok {
		t.Fatalf("no devnet chain %s", c)
	}
	return ch.Client()
}

// TestPortalSolanaExecutorDownOverHTTP: with the Executor answering 503
// with Retry-After and no quote of it cached, both cross-runtime
// directions fail 500 QuoteError naming the Wormhole Executor with a
// Retry-After, while routes that do not need it (Sepolia → ArbitrumSepolia
// through the Portal itself, a swap on Sepolia) still answer 200, in the
// same service.
func TestPortalSolanaExecutorDownOverHTTP(t *testing.T) {
	w := startPortalSolana(t)
	w.listEdges(t)
	alice, _ := devnet.AccountByName("alice")
	carol, _ := devnet.AccountByName("carol")
	w.exec.SetDown(7 * time.Second)
	t.Cleanup(w.exec.SetUp)

	for _, tt := range []struct {
		name string
		req  orchestration.QuoteRequest
		down bool
		// sameChain: a route on one chain, which no candidate crosses a
		// bridge for.
		sameChain bool
	}{
		{"wM Sepolia → SolanaDevnet", orchestration.QuoteRequest{Route: orchestration.Route{Source: w.ref(t, orchestration.Sepolia, "wM"),
			Destination: orchestration.AssetAddress{Chain: orchestration.SolanaDevnet, Address: solWM.Mint.String()}},
			AmountIn: "1000000", Sender: alice.Address.Hex(), Recipient: solRecipient.String()}, true, false},
		{"wM SolanaDevnet → Sepolia", orchestration.QuoteRequest{Route: orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.SolanaDevnet, Address: solWM.Mint.String()},
			Destination: w.ref(t, orchestration.Sepolia, "wM")}, AmountIn: "1000000", Sender: solFunder.String(), Recipient: carol.Address.Hex()}, true, false},
		{"wM Sepolia → ArbitrumSepolia (the Portal relays)", orchestration.QuoteRequest{Route: orchestration.Route{Source: w.ref(t, orchestration.Sepolia, "wM"),
			Destination: w.ref(t, orchestration.ArbitrumSepolia, "wM")}, AmountIn: "1000000", Sender: alice.Address.Hex()}, false, false},
		{"USDC → wM on Sepolia", orchestration.QuoteRequest{Route: orchestration.Route{Source: w.ref(t, orchestration.Sepolia, "USDC"),
			Destination: w.ref(t, orchestration.Sepolia, "wM")}, AmountIn: "1000000", Sender: alice.Address.Hex()}, false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w.t = t
			_, got, cost := w.quoteCounted(t, tt.req)
			t.Logf("%d, %v", got.status, cost)
			if !tt.down {
				// Served. (Sepolia → ArbitrumSepolia still asks the
				// Executor once: a candidate route through BaseSepolia
				// crosses the Wormhole adapter, and fails alone.)
				if got.status != 200 || (tt.sameChain && cost.execServe != 0) {
					t.Errorf("%d %s, %v; want 200 (without asking the Executor on one chain)", got.status, got.body, cost)
				}
				return
			}
			msg := w.wantError(tt.name, got, 500, orchestration.QuoteError)
			if !strings.Contains(msg, "Wormhole Executor") || got.header.Get("Retry-After") != "7" {
				t.Errorf("%q, Retry-After %q; want the Wormhole Executor named and its Retry-After of 7 s", msg, got.header.Get("Retry-After"))
			}
			if cost.execServe != 1 || cost.executor != 1 {
				t.Errorf("%v; want the Executor asked once, and counted", cost)
			}
			if strings.Contains(string(got.body), w.exec.URL()) {
				t.Errorf("the error shows the Executor's URL: %s", got.body)
			}
		})
	}
	// The service counts the refusals by their result.
	if n, _, _ := promtest.Sum(w.reg, "orchestration_executor_requests_total", "result", "status"); n < 2 {
		t.Errorf("orchestration_executor_requests_total{result=\"status\"} = %g, want the two refusals at least", n)
	}
}
